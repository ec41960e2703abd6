/*
 * cpu_none.c - a system whose CPU counters netperf-ng cannot read (none
 * of /proc/stat, FreeBSD's kern.cp_times, Mach's host_processor_info):
 * CPU utilisation and service demand are unknown, netperf's -1 and
 * method 'U', never 0.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>

#include "host/cpu.h"

int
np_cpu_read(struct np_cpu_snapshot *s)
{
	(void)s;
	errno = ENOSYS;
	return -1;
}

uint32_t
np_cpu_method(void)
{
	return NP_CPU_METHOD_UNKNOWN;
}

const char *
np_cpu_source(void)
{
	return "no CPU counters netperf-ng can read on this system "
	    "(it reads /proc/stat, kern.cp_times or host_processor_info)";
}
