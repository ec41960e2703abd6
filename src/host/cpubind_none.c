/*
 * cpubind_none.c - a system with no call that pins a process to a CPU
 * (macOS: its thread affinity tags are hints to keep threads together,
 * not a CPU): -T says it cannot pin there.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>

#include "host/cpu.h"

int
np_cpu_bind(int n)
{
	(void)n;
	errno = ENOTSUP;
	return -1;
}

const char *
np_cpu_bind_why(int err)
{
	if (err == ENOTSUP)
		return "this system cannot pin a process to a CPU (no sched_setaffinity)";
	return strerror(err);
}
