/*
 * cpu_sysctl.c - the CPU counters from FreeBSD's sysctl kern.cp_times:
 * CPUSTATES longs for each CPU, so that the busiest CPU is known too
 * (netperf 2.7.1's netcpu_sysctl.c reads only the total, kern.cp_time).
 * netperf's method 'C'.  The array is read by np_cpu_from_cp_times
 * (cpu_forms.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/resource.h>
#include <sys/sysctl.h>

#include "host/cpu.h"

#define CP_TIMES "kern.cp_times"
/* The array grows only when a CPU is added between the two calls. */
#define TRIES 3

/* cpu_forms.c reads the array in <sys/resource.h>'s order. */
_Static_assert(CPUSTATES == NP_CPUSTATES && CP_USER == NP_CP_USER &&
    CP_NICE == NP_CP_NICE && CP_SYS == NP_CP_SYS &&
    CP_INTR == NP_CP_INTR && CP_IDLE == NP_CP_IDLE,
    "kern.cp_times' layout is not the one cpu_forms.c reads");

/* Its size first: mp_maxid + 1 CPUs' worth. */
int
np_cpu_read(struct np_cpu_snapshot *s)
{
	size_t len, got;
	long *v;
	int rc, saved, i;

	for (i = 0; i < TRIES; i++) {
		if (sysctlbyname(CP_TIMES, NULL, &len, NULL, 0) < 0)
			return -1;
		if (len == 0 || (v = malloc(len)) == NULL) {
			errno = len == 0 ? EINVAL : ENOMEM;
			return -1;
		}
		got = len;
		if (sysctlbyname(CP_TIMES, v, &got, NULL, 0) == 0) {
			rc = np_cpu_from_cp_times(v, got / sizeof(*v), s);
			free(v);
			if (rc < 0)
				errno = EINVAL;
			return rc;
		}
		saved = errno;
		free(v);
		errno = saved;
		if (errno != ENOMEM)
			return -1;
	}
	return -1;
}

uint32_t
np_cpu_method(void)
{
	return NP_CPU_METHOD_SYSCTL;
}

const char *
np_cpu_source(void)
{
	return "sysctl " CP_TIMES;
}
