/*
 * others.c - other processes' CPU time around a data phase (others.h):
 * the probe and the accounting, the same on every system; the reads are
 * the backend's (others_sys.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "host/cpu.h"
#include "host/others_sys.h"

struct np_others_probe {
	struct timespec t0, t1;
	int64_t own0, own1;
	uint64_t since;        /* the first read's time (np_others_reads) */
	int self;
	int64_t self_start;
	struct np_others_list first, second;
	bool first_ok, second_taken, second_ok;
	const char *why;       /* why a read failed */
};

static int64_t own_cpu_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return -1;
	return ((int64_t)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
	       ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

static int by_pid(const void *a, const void *b)
{
	const int x = ((const struct np_proc_rec *)a)->pid, y = ((const struct np_proc_rec *)b)->pid;

	return (x > y) - (x < y);
}

int np_others_add(struct np_others_list *l, const struct np_proc_rec *r)
{
	if (l->n == l->cap) {
		const size_t cap = l->cap ? l->cap * 2 : 1024;
		struct np_proc_rec *q;

		if (cap > NP_OTHERS_MAX || !(q = realloc(l->p, cap * sizeof(*q))))
			return -1;
		l->p = q;
		l->cap = cap;
	}
	l->p[l->n++] = *r;
	return 0;
}

/* A read by the backend, sorted by pid: 0, or -1 with p->why. */
static int read_all(struct np_others_probe *p, struct np_others_list *l)
{
	l->n = 0;
	if (np_others_sys_read(p->self, l, &p->why) < 0)
		return -1;
	qsort(l->p, l->n, sizeof(*l->p), by_pid);
	return 0;
}

static void probe_free(struct np_others_probe *p)
{
	free(p->first.p);
	free(p->second.p);
	free(p);
}

struct np_others_probe *np_others_begin(void)
{
	struct np_others_probe *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->self = (int)getpid();
	p->self_start = np_others_sys_self_start(p->self);
	p->first_ok = np_others_sys_now(&p->since, &p->why) == 0 && read_all(p, &p->first) == 0;
	p->own0 = own_cpu_us();
	clock_gettime(CLOCK_MONOTONIC, &p->t0);
	return p;
}

void np_others_second(struct np_others_probe *p)
{
	/* Once: a retry later would count what came after the phase. */
	if (!p || p->second_taken)
		return;
	p->second_taken = true;
	clock_gettime(CLOCK_MONOTONIC, &p->t1);
	p->own1 = own_cpu_us();
	p->second_ok = p->first_ok && read_all(p, &p->second) == 0;
}

static const struct np_proc_rec *find(const struct np_proc_rec *a, size_t n, int pid)
{
	const struct np_proc_rec key = { .pid = pid };

	return n ? bsearch(&key, a, n, sizeof(*a), by_pid) : NULL;
}

/* The two that took the most, in out->top. */
static void rank(struct np_others *out, const struct np_proc_rec *s, int64_t us)
{
	const int k = us > out->top[0].us ? 0 : 1;

	if (us <= out->top[1].us)
		return;
	if (k == 0)
		out->top[1] = out->top[0];
	out->top[k].us = us;
	out->top[k].pid = s->pid;
	memcpy(out->top[k].name, s->name, sizeof(out->top[k].name));
}

/* How far up a gone process's first-read parents are followed. */
#define CHAIN_MAX 64

/* Where the time of a process gone by the second read went: the
 * process still there that its chain of parents at the first read leads
 * to (its index in the second read, *direct when that is its parent),
 * or -1 when the chain leaves sight first (this process, a kernel
 * thread, a process not seen). */
static long landing(const struct np_others_reads *r, const bool *seen,
		    const struct np_proc_rec *gone, bool *direct)
{
	int ppid = gone->ppid;

	*direct = true;
	for (int depth = 0; depth < CHAIN_MAX; depth++, *direct = false) {
		const struct np_proc_rec *pa = find(r->first, r->nfirst, ppid);

		if (ppid == r->self || !pa || pa->kthread)
			return -1;
		if (seen[pa - r->first])
			return find(r->second, r->nsecond, ppid) - r->second;
		ppid = pa->ppid;
	}
	return -1;
}

/*
 * The accounting of others.h, and its limits (netperf(1), "what remains
 * invisible"): a process that ended in the phase is counted only through
 * the children's time (Linux's cutime + cstime) of the process that
 * waited for it, so it is missed when nobody waits (on Linux and FreeBSD
 * when its parent ignores SIGCHLD, or sets SA_NOCLDWAIT: the kernel
 * reaps it and adds its time nowhere), or when whoever waits is out of
 * sight (this process itself, whose own time is not "other"; a kernel
 * thread, for the helpers the kernel starts; a process in another PID
 * namespace or jail, or hidden: hidepid, FreeBSD's
 * security.bsd.see_other_uids).  What a gone process had taken by the
 * first read is taken off: off its parent's children's time when its
 * parent is still there; when its parent is gone too (reaped along a
 * chain of parents, or reparented to a subreaper or init, which cannot
 * be told apart), off the children's time of all the processes still
 * there together, so that the sum is right either way, never below
 * zero; each process's own share, for the busiest, then takes it off the
 * nearest of its parents still there, and is never more than the sum.
 */
int np_others_account(const struct np_others_reads *r, const struct np_others_skip *skip,
		      struct np_others *out)
{
	bool *seen = calloc(r->nfirst + 1, sizeof(*seen));
	/* Per process of the second read: the first-read time of gone
	 * children, and of gone descendants through gone parents. */
	uint64_t *owed = calloc(2 * (r->nsecond + 1), sizeof(*owed)), *owed_chain = NULL;
	uint64_t own = 0, children = 0, orphans = 0;
	int skipped = 0;

	memset(out->top, 0, sizeof(out->top));
	out->skipped_us = -1;
	if (!seen || !owed) {
		free(seen);
		free(owed);
		out->others_us = -1;
		out->why = "no memory to account for the other processes";
		return -1;
	}
	owed_chain = owed + r->nsecond + 1;
	/* Which processes of the first read are still there: the same pid
	 * with the same start (not a reused pid). */
	for (size_t j = 0; j < r->nsecond; j++) {
		const struct np_proc_rec *b = &r->second[j];
		const struct np_proc_rec *a = find(r->first, r->nfirst, b->pid);

		if (a && a->start == b->start)
			seen[a - r->first] = true;
	}
	for (size_t i = 0; i < r->nfirst; i++) {
		const struct np_proc_rec *a = &r->first[i];
		const uint64_t had = a->us + a->cus;
		bool direct;
		long j;

		if (seen[i] || a->kthread || (j = landing(r, seen, a, &direct)) < 0)
			continue;
		owed_chain[j] += had;
		if (direct)
			owed[j] += had;
		else
			orphans += had;
	}
	for (size_t j = 0; j < r->nsecond; j++) {
		const struct np_proc_rec *b = &r->second[j];
		const struct np_proc_rec *a = find(r->first, r->nfirst, b->pid);
		uint64_t t, c, mine;

		if (b->kthread)
			continue;
		if (a && a->start == b->start) {
			t = b->us >= a->us ? b->us - a->us : 0;
			c = b->cus >= a->cus ? b->cus - a->cus : 0;
		} else if (b->start >= r->since) {   /* started since: all of it */
			t = b->us;
			c = b->cus;
		} else {
			continue;   /* older than the first read, yet not in it */
		}
		mine = t + (c > owed_chain[j] ? c - owed_chain[j] : 0);
		c = c > owed[j] ? c - owed[j] : 0;
		if (skip && skip->pid == b->pid && skip->start == b->start &&
		    r->self_start >= 0 && b->start >= (uint64_t)r->self_start) {
			skipped = 1;
			out->skipped_us = (int64_t)mine;
			continue;
		}
		own += t;
		children += c;
		rank(out, b, (int64_t)mine);
	}
	children = children > orphans ? children - orphans : 0;
	out->others_us = (int64_t)(own + children);
	for (int k = 0; k < 2; k++)
		if (out->top[k].us > out->others_us)
			out->top[k].us = out->others_us;
	free(seen);
	free(owed);
	return skipped;
}

/* More CPU time than the host's CPUs had in the span is no figure: a
 * process read in one place and reaped into its parent's c-times before
 * the parent was read counts twice (a build's compilers, ended by the
 * hundred while the scan ran).  Allowed: a tick (10 ms) a CPU more. */
bool np_others_plausible(struct np_others *o, int cpus)
{
	if (o->others_us < 0 || !(o->seconds > 0) || cpus < 1 ||
	    (double)o->others_us <= (o->seconds + 0.01) * 1e6 * cpus)
		return true;
	o->others_us = -1;
	memset(o->top, 0, sizeof(o->top));
	o->why = "more CPU time than the host's CPUs had: processes that ended "
		 "during the reads were counted twice";
	return false;
}

void np_others_to_elapsed(struct np_others *o, double elapsed, int cpus)
{
	if (!(elapsed > 0) || !(o->seconds > elapsed))
		return;
	if (o->others_us >= 0)
		o->others_us = (int64_t)((double)o->others_us * elapsed / o->seconds + 0.5);
	o->seconds = elapsed;
	(void)np_others_plausible(o, cpus);
}

int np_others_finish(struct np_others_probe *p, const struct np_others_skip *skip,
		     struct np_others *out)
{
	struct np_others_reads r;
	int rc = -1;

	*out = NP_OTHERS_UNKNOWN;
	if (!p)
		return -1;
	np_others_second(p);
	out->seconds = (double)(p->t1.tv_sec - p->t0.tv_sec) + (p->t1.tv_nsec - p->t0.tv_nsec) / 1e9;
	if (p->own0 >= 0 && p->own1 >= p->own0)
		out->own_us = p->own1 - p->own0;
	out->pid = p->self;
	out->start = p->self_start;
	out->why = p->why;
	if (p->second_ok) {
		r = (struct np_others_reads){ p->first.p, p->second.p, p->first.n, p->second.n,
					      p->since, p->self, p->self_start };
		rc = np_others_account(&r, skip, out);
		(void)np_others_plausible(out, np_cpu_count());
	}
	probe_free(p);
	return rc;
}

void np_others_end(struct np_others_probe *p, struct np_others *out)
{
	np_others_second(p);
	(void)np_others_finish(p, NULL, out);
}

const struct np_other_top *np_others_busiest(const struct np_others *o, int not_pid)
{
	for (int k = 0; k < 2; k++)
		if (o->top[k].pid > 0 && o->top[k].us > 0 && o->top[k].pid != not_pid)
			return &o->top[k];
	return NULL;
}

double np_others_cpus(const struct np_others *o, int64_t own_peer_us)
{
	int64_t us = o->others_us;

	if (us < 0 || !(o->seconds > 0))
		return -1;
	if (own_peer_us > 0)
		us = us > own_peer_us ? us - own_peer_us : 0;
	return (double)us / 1e6 / o->seconds;
}
