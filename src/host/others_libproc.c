/*
 * others_libproc.c - others.h's reads on macOS: proc_listpids, then for
 * each process proc_pidinfo's PROC_PIDT_SHORTBSDINFO (its parent, name
 * and flags) and proc_pid_rusage's RUSAGE_INFO_V1 (its times and its
 * reaped children's, which PROC_PIDTASKINFO lacks), made a record by
 * others_form.c (others_sys.h).  The starts are microseconds of Mach
 * absolute time, the clock ri_proc_start_abstime is taken on.
 *
 * A process of another user gives its times to root only (xnu's
 * proc_security_policy): without root the figure is unknown, not the
 * sum of this user's processes.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others_sys.h"

#include <errno.h>
#include <libproc.h>
#include <mach/mach_time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/proc_info.h>
#include <sys/resource.h>

#include "host/others_form.h"

_Static_assert(PROC_FLAG_SYSTEM == NP_LIBPROC_FLAG_SYSTEM,
	       "sys/proc_info.h's PROC_FLAG_SYSTEM is others_form.h's");
_Static_assert(sizeof(((struct proc_bsdshortinfo *)0)->pbsi_comm) == NP_LIBPROC_MAXCOMLEN,
	       "proc_bsdshortinfo's pbsi_comm is others_form.h's");

/* How many times the list is asked for when it grows in between. */
#define TRIES 4

static const char why_perm[] = "other users' processes give their CPU time to root only "
			       "(proc_pid_rusage: EPERM)";

/* Process pid's record: 0; 1 when it is gone (as if never there); -1
 * when its times are refused. */
static int one(int pid, const mach_timebase_info_data_t *tb, struct np_proc_rec *r)
{
	struct proc_bsdshortinfo sh;
	struct rusage_info_v1 ri;
	struct np_libproc v;

	/* arg 1: a zombie too, whose times are still there. */
	if (proc_pidinfo(pid, PROC_PIDT_SHORTBSDINFO, 1, &sh, sizeof(sh)) != (int)sizeof(sh))
		return 1;
	memset(&v, 0, sizeof(v));
	v.pbsi_pid = sh.pbsi_pid;
	v.pbsi_ppid = sh.pbsi_ppid;
	memcpy(v.pbsi_comm, sh.pbsi_comm, sizeof(v.pbsi_comm));
	v.pbsi_flags = sh.pbsi_flags;
	/* kernel_task's times are not counted, nor given but to root. */
	if (!(sh.pbsi_flags & PROC_FLAG_SYSTEM)) {
		if (proc_pid_rusage(pid, RUSAGE_INFO_V1, (rusage_info_t *)&ri) < 0)
			return errno == EPERM ? -1 : 1;
		v.ri_user_time = ri.ri_user_time;
		v.ri_system_time = ri.ri_system_time;
		v.ri_child_user_time = ri.ri_child_user_time;
		v.ri_child_system_time = ri.ri_child_system_time;
		v.ri_proc_start_abstime = ri.ri_proc_start_abstime;
	}
	return np_others_from_libproc(&v, tb->numer, tb->denom, r) < 0 ? 1 : 0;
}

int np_others_sys_now(uint64_t *since, const char **why)
{
	mach_timebase_info_data_t tb;

	if (mach_timebase_info(&tb) != KERN_SUCCESS ||
	    np_others_mach_us(mach_absolute_time(), tb.numer, tb.denom, since) < 0) {
		*why = "mach_timebase_info failed";
		return -1;
	}
	return 0;
}

/* Every pid into *pids (n of them): 0, or -1 with *why. */
static int list(int **pids, size_t *n, const char **why)
{
	*pids = NULL;
	for (int i = 0; i < TRIES; i++) {
		const int need = proc_listpids(PROC_ALL_PIDS, 0, NULL, 0);
		const size_t cap = need > 0 ? (size_t)need + (size_t)need / 8 + sizeof(int) : 0;
		int *q, got;

		if (need <= 0)
			break;
		if (cap / sizeof(int) > NP_OTHERS_MAX || cap > 0x7fffffff ||
		    !(q = realloc(*pids, cap))) {
			*why = NP_OTHERS_WHY_MANY;
			return -1;
		}
		*pids = q;
		if ((got = proc_listpids(PROC_ALL_PIDS, 0, *pids, (int)cap)) <= 0)
			break;
		/* A full buffer may have left some out: again, larger. */
		if ((size_t)got < cap) {
			*n = (size_t)got / sizeof(int);
			return 0;
		}
	}
	*why = "proc_listpids failed";
	return -1;
}

int np_others_sys_read(int self, struct np_others_list *l, const char **why)
{
	mach_timebase_info_data_t tb;
	int *pids, rc = 0;
	size_t n;

	if (mach_timebase_info(&tb) != KERN_SUCCESS) {
		*why = "mach_timebase_info failed";
		return -1;
	}
	if (list(&pids, &n, why) < 0) {
		free(pids);
		return -1;
	}
	for (size_t i = 0; rc == 0 && i < n; i++) {
		struct np_proc_rec r;
		int got;

		if (pids[i] == self || pids[i] < 0 || (got = one(pids[i], &tb, &r)) == 1)
			continue;
		if (got < 0) {
			*why = why_perm;
			rc = -1;
		} else if ((rc = np_others_add(l, &r)) < 0) {
			*why = NP_OTHERS_WHY_MANY;
		}
	}
	free(pids);
	return rc;
}

int64_t np_others_sys_self_start(int self)
{
	mach_timebase_info_data_t tb;
	struct np_proc_rec r;

	if (mach_timebase_info(&tb) != KERN_SUCCESS || one(self, &tb, &r) != 0 ||
	    r.start > INT64_MAX)
		return -1;
	return (int64_t)r.start;
}
