/*
 * cpu_mach.c - the CPU counters from Mach's host_processor_info on
 * macOS: each CPU's ticks in user, system, idle and nice.  netperf's
 * method 'O' (its netcpu_osx.c reads the total, host_statistics).  The
 * array is read by np_cpu_from_mach_ticks (cpu_forms.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <mach/mach.h>
#include <mach/mach_host.h>
#include <mach/processor_info.h>

#include "host/cpu.h"

/* cpu_forms.c reads each CPU's cpu_ticks[] in <mach/machine.h>'s order,
 * 32-bit words. */
_Static_assert(CPU_STATE_MAX == NP_MACH_STATES && CPU_STATE_USER == NP_MACH_USER &&
    CPU_STATE_SYSTEM == NP_MACH_SYSTEM && CPU_STATE_IDLE == NP_MACH_IDLE &&
    CPU_STATE_NICE == NP_MACH_NICE &&
    sizeof(natural_t) == sizeof(uint32_t) && sizeof(integer_t) == sizeof(uint32_t) &&
    PROCESSOR_CPU_LOAD_INFO_COUNT == NP_MACH_STATES,
    "host_processor_info's layout is not the one cpu_forms.c reads");

/* The array is the kernel's, mapped into this task: given back after. */
int
np_cpu_read(struct np_cpu_snapshot *s)
{
	mach_port_t host = mach_host_self();
	processor_info_array_t info = NULL;
	mach_msg_type_number_t words = 0;
	natural_t cpus = 0;
	kern_return_t kr;
	int rc;

	kr = host_processor_info(host, PROCESSOR_CPU_LOAD_INFO, &cpus, &info, &words);
	mach_port_deallocate(mach_task_self(), host);
	if (kr != KERN_SUCCESS) {
		errno = EIO;
		return -1;
	}
	rc = np_cpu_from_mach_ticks((const uint32_t *)info, words, s);
	vm_deallocate(mach_task_self(), (vm_address_t)info, (vm_size_t)words * sizeof(*info));
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

uint32_t
np_cpu_method(void)
{
	return NP_CPU_METHOD_OSX;
}

const char *
np_cpu_source(void)
{
	return "host_processor_info";
}
