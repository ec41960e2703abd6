/*
 * placement_freebsd.c - a loop's CPU by sched_getcpu (FreeBSD 13.1 and
 * later), the CPU numbers' limit by kern.smp.maxid + 1.  Its migrations
 * are unknown: FreeBSD counts none per thread that a process can read
 * cheaply (getrusage has context switches, kinfo_proc the last CPU; the
 * scheduler's moves are only seen by DTrace or hwpmc's sampling).
 */
#include "config.h"

#include "host/placement_sys.h"

#include <sched.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/sysctl.h>

int np_place_sys_cpu(void)
{
#ifdef HAVE_SCHED_GETCPU
	return sched_getcpu();
#else
	return -1;
#endif
}

void np_place_sys_begin(struct np_place_probe *p)
{
	p->fd = -1;
	p->base = -1;
}

int64_t np_place_sys_moves(struct np_place_probe *p)
{
	(void)p;
	return -1;
}

int np_place_sys_cpu_limit(void)
{
	int maxid = -1;
	size_t len = sizeof(maxid);

	if (sysctlbyname("kern.smp.maxid", &maxid, &len, NULL, 0) < 0 || len != sizeof(maxid) ||
	    maxid < 0 || maxid >= NP_PLACE_CPU_MAX)
		return -1;
	return maxid + 1;
}

const char *np_place_cpu_unknown(void)
{
#ifdef HAVE_SCHED_GETCPU
	return NULL;
#else
	return "no sched_getcpu (FreeBSD before 13.1)";
#endif
}

const char *np_place_moves_unknown(void)
{
	return "FreeBSD has no per-thread migration count";
}
