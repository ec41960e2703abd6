/*
 * cpubind_affinity.c - -T's pinning by sched_setaffinity: Linux, and
 * FreeBSD from 14.0 (its <sched.h>, over cpuset_setaffinity).  Both
 * apply it to the calling thread when the pid is 0.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <sched.h>
#include <string.h>

#include "host/cpu.h"

int
np_cpu_bind(int n)
{
	cpu_set_t set;

	if (n < 0 || n >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(n, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

const char *
np_cpu_bind_why(int err)
{
	return strerror(err);
}
