/*
 * others_kinfo.c - others.h's reads on FreeBSD: sysctl kern.proc.proc,
 * one struct kinfo_proc a process (others_sys.h; made a record by
 * others_form.c).  The starts are microseconds after boot, the clock of
 * CLOCK_MONOTONIC (the kernel's uptime, which p_start is taken on).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others_sys.h"

#include <sys/types.h>
#include <sys/sysctl.h>
#include <sys/user.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host/others_form.h"

_Static_assert(P_KPROC == NP_KINFO_P_KPROC, "sys/proc.h's P_KPROC is others_form.h's");
_Static_assert(COMMLEN == NP_KINFO_COMMLEN, "sys/user.h's COMMLEN is others_form.h's");

/* How many times the list is asked for when it grows in between. */
#define TRIES 4

/* The fields others_form.c reads. */
static void mirror(const struct kinfo_proc *kp, struct np_kinfo *k)
{
	k->ki_pid = kp->ki_pid;
	k->ki_ppid = kp->ki_ppid;
	k->ki_start = kp->ki_start;
	k->ki_flag = kp->ki_flag;
	memcpy(k->ki_comm, kp->ki_comm, sizeof(k->ki_comm));
	k->ru_utime = kp->ki_rusage.ru_utime;
	k->ru_stime = kp->ki_rusage.ru_stime;
	k->ch_utime = kp->ki_rusage_ch.ru_utime;
	k->ch_stime = kp->ki_rusage_ch.ru_stime;
}

static int boottime(struct timeval *bt)
{
	size_t n = sizeof(*bt);

	return sysctlbyname("kern.boottime", bt, &n, NULL, 0) == 0 && n == sizeof(*bt) ? 0 : -1;
}

/* 1 when a sysctl that hides processes of other users or groups from
 * this one (not root) is set: the sum would miss them. */
static int hidden(void)
{
	static const char *const knobs[] = { "security.bsd.see_other_uids",
					     "security.bsd.see_other_gids" };

	if (geteuid() == 0)
		return 0;
	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		int on = 1;
		size_t n = sizeof(on);

		if (sysctlbyname(knobs[i], &on, &n, NULL, 0) == 0 && n == sizeof(on) && on == 0)
			return 1;
	}
	return 0;
}

int np_others_sys_now(uint64_t *since, const char **why)
{
	struct timespec t;
	uint64_t us;

	if (clock_gettime(CLOCK_MONOTONIC, &t) < 0) {
		*why = "clock_gettime(CLOCK_MONOTONIC) failed";
		return -1;
	}
	us = (uint64_t)t.tv_sec * 1000000 + (uint64_t)t.tv_nsec / 1000;
	/* p_start may be a clock tick behind: 10 ms at hz 100, the
	 * coarsest FreeBSD runs at. */
	*since = us > 10000 ? us - 10000 : 0;
	return 0;
}

/* The whole list into *kp (n of them): 0, or -1 with *why. */
static int list(struct kinfo_proc **kp, size_t *n, const char **why)
{
	int mib[3] = { CTL_KERN, KERN_PROC, KERN_PROC_PROC };
	size_t len = 0;

	*kp = NULL;
	for (int i = 0; i < TRIES; i++) {
		struct kinfo_proc *q;

		if (sysctl(mib, 3, NULL, &len, NULL, 0) < 0)
			break;
		len += len / 8;   /* room for those started in between */
		if (len / sizeof(**kp) > NP_OTHERS_MAX) {
			*why = NP_OTHERS_WHY_MANY;
			return -1;
		}
		if (!(q = realloc(*kp, len ? len : 1))) {
			*why = NP_OTHERS_WHY_MANY;
			return -1;
		}
		*kp = q;
		if (sysctl(mib, 3, *kp, &len, NULL, 0) == 0) {
			if (len % sizeof(**kp) || (len && (*kp)[0].ki_structsize != sizeof(**kp))) {
				*why = "sysctl kern.proc.proc gives kinfo_proc of another size";
				return -1;
			}
			*n = len / sizeof(**kp);
			return 0;
		}
		if (errno != ENOMEM)
			break;
	}
	*why = "sysctl kern.proc.proc failed";
	return -1;
}

int np_others_sys_read(int self, struct np_others_list *l, const char **why)
{
	struct kinfo_proc *kp;
	struct timeval bt;
	size_t n;
	int rc = 0;

	if (hidden()) {
		*why = "security.bsd.see_other_uids or see_other_gids is 0: other users' "
		       "processes are hidden from netperf-ng (not root)";
		return -1;
	}
	if (list(&kp, &n, why) < 0) {
		free(kp);
		return -1;
	}
	if (boottime(&bt) < 0) {
		free(kp);
		*why = "sysctl kern.boottime failed";
		return -1;
	}
	for (size_t i = 0; rc == 0 && i < n; i++) {
		struct np_proc_rec r;
		struct np_kinfo k;

		if (kp[i].ki_pid == self)
			continue;
		mirror(&kp[i], &k);
		if (np_others_from_kinfo(&k, &bt, &r) < 0)
			continue;
		if ((rc = np_others_add(l, &r)) < 0)
			*why = NP_OTHERS_WHY_MANY;
	}
	free(kp);
	return rc;
}

int64_t np_others_sys_self_start(int self)
{
	int mib[4] = { CTL_KERN, KERN_PROC, KERN_PROC_PID, self };
	struct kinfo_proc kp;
	struct np_proc_rec r;
	struct np_kinfo k;
	struct timeval bt;
	size_t len = sizeof(kp);

	if (sysctl(mib, 4, &kp, &len, NULL, 0) < 0 || len != sizeof(kp) || boottime(&bt) < 0)
		return -1;
	mirror(&kp, &k);
	if (np_others_from_kinfo(&k, &bt, &r) < 0 || r.start > INT64_MAX)
		return -1;
	return (int64_t)r.start;
}
