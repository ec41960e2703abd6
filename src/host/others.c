/*
 * others.c - other processes' CPU time around a data phase (others.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* linux/sched.h's flag of a kernel thread, in /proc/PID/stat's flags. */
#define PF_KTHREAD_BIT 0x00200000u
/* The fields of /proc/PID/stat we read, counted from 1 as proc(5) does. */
#define F_PPID 4
#define F_FLAGS 9
#define F_UTIME 14
#define F_STIME 15
#define F_CUTIME 16
#define F_CSTIME 17
#define F_START 22

/* One read of every process. */
struct snapshot {
	size_t n, cap;
	struct np_proc_snap *p;  /* by pid */
};

struct np_others_probe {
	struct timespec t0, t1;
	int64_t own0, own1;
	uint64_t boot_ticks;   /* ticks since boot at the first read */
	long hz;
	int self;
	int64_t self_start;
	struct snapshot first, second;
	bool second_ok;
};

static bool is_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

int np_others_parse(const char *text, size_t n, struct np_proc_stat *st)
{
	const char *open = memchr(text, '(', n), *close = NULL, *end = text + n;
	uint64_t flags = 0;
	size_t len;
	int field = 3;

	memset(st, 0, sizeof(*st));
	/* The name may hold any byte, ')' too: it ends at the last ')'. */
	for (const char *c = text; c < end; c++)
		if (*c == ')')
			close = c;
	if (!open || !close || close < open || close + 2 > end || close[1] != ' ')
		return -1;
	len = (size_t)(close - open - 1);
	if (len > NP_OTHERS_COMM)
		len = NP_OTHERS_COMM;
	for (size_t i = 0; i < len; i++) {
		const unsigned char c = (unsigned char)open[1 + i];

		st->comm[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	for (const char *c = close + 2; c < end && field <= F_START; field++) {
		uint64_t v = 0;
		bool digits = false, minus = false;

		if (field > 3 && *c == '-') { /* a signed field */
			minus = true;
			c++;
		}
		for (; c < end && *c >= '0' && *c <= '9'; c++, digits = true)
			v = v * 10 + (uint64_t)(*c - '0');
		if (field == 3) {             /* the state, one letter */
			if (c >= end || *c == ' ')
				return -1;
			c++;
		} else if (!digits) {
			return -1;
		}
		if (minus)                    /* none we read is ever below 0 */
			v = 0;
		if (field == F_PPID)
			st->ppid = v <= 0x7fffffff ? (int)v : 0;
		else if (field == F_FLAGS)
			flags = v;
		else if (field == F_UTIME || field == F_STIME)
			st->ticks += v;
		else if (field == F_CUTIME || field == F_CSTIME)
			st->cticks += v;
		else if (field == F_START)
			st->start = v;
		if (field < F_START) {
			if (c >= end || *c != ' ')
				return -1;
			c++;
		}
	}
	if (field <= F_START)
		return -1;
	st->kthread = (flags & PF_KTHREAD_BIT) != 0;
	return 0;
}

static int read_stat(int pid, struct np_proc_stat *st)
{
	char path[32], buf[1024];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n > 0 ? np_others_parse(buf, (size_t)n, st) : -1;
}

static int64_t own_cpu_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return -1;
	return ((int64_t)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
	       ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

/* Ticks since boot, from /proc/uptime: what starttime counts from. */
static int boot_ticks(long hz, uint64_t *t)
{
	char buf[64];
	double up;
	FILE *f = fopen("/proc/uptime", "re");

	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%lf", &up) != 1 || !(up >= 0)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	*t = (uint64_t)(up * (double)hz);
	return 0;
}

static int by_pid(const void *a, const void *b)
{
	const int x = ((const struct np_proc_snap *)a)->pid, y = ((const struct np_proc_snap *)b)->pid;

	return (x > y) - (x < y);
}

/* Every process but this one, kernel threads too, into snap (sorted by
 * pid): 0, or -1 when /proc cannot be listed or there are too many. */
static int read_all(int self, struct snapshot *snap)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int rc = 0;

	if (!d)
		return -1;
	snap->n = 0;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		struct np_proc_stat st;
		long pid;

		if (!is_digits(e->d_name) || (pid = strtol(e->d_name, NULL, 10)) <= 0 ||
		    pid > 0x7fffffff || pid == self)
			continue;
		/* Gone between the listing and the read: as if never there. */
		if (read_stat((int)pid, &st) < 0)
			continue;
		if (snap->n == snap->cap) {
			const size_t cap = snap->cap ? snap->cap * 2 : 1024;
			struct np_proc_snap *q;

			if (cap > NP_OTHERS_MAX || !(q = realloc(snap->p, cap * sizeof(*q)))) {
				rc = -1;
				break;
			}
			snap->p = q;
			snap->cap = cap;
		}
		snap->p[snap->n++] = (struct np_proc_snap){ (int)pid, st };
	}
	closedir(d);
	if (rc == 0)
		qsort(snap->p, snap->n, sizeof(*snap->p), by_pid);
	return rc;
}

static void probe_free(struct np_others_probe *p)
{
	free(p->first.p);
	free(p->second.p);
	free(p);
}

/* This process's starttime, -1 unknown. */
static int64_t self_start(void)
{
	struct np_proc_stat st;

	if (read_stat((int)getpid(), &st) < 0 || st.start > INT64_MAX)
		return -1;
	return (int64_t)st.start;
}

struct np_others_probe *np_others_begin(void)
{
	struct np_others_probe *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->hz = sysconf(_SC_CLK_TCK);
	p->self = (int)getpid();
	p->self_start = self_start();
	if (p->hz <= 0 || boot_ticks(p->hz, &p->boot_ticks) < 0 || read_all(p->self, &p->first) < 0) {
		probe_free(p);
		return NULL;
	}
	p->own0 = own_cpu_us();
	clock_gettime(CLOCK_MONOTONIC, &p->t0);
	return p;
}

void np_others_second(struct np_others_probe *p)
{
	if (!p || p->second_ok)
		return;
	clock_gettime(CLOCK_MONOTONIC, &p->t1);
	p->own1 = own_cpu_us();
	p->second_ok = read_all(p->self, &p->second) == 0;
}

static const struct np_proc_snap *find(const struct np_proc_snap *a, size_t n, int pid)
{
	const struct np_proc_snap key = { .pid = pid };

	return n ? bsearch(&key, a, n, sizeof(*a), by_pid) : NULL;
}

/* The two that took the most, in out->top. */
static void rank(struct np_others *out, const struct np_proc_snap *s, int64_t us)
{
	const int k = us > out->top[0].us ? 0 : 1;

	if (us <= out->top[1].us)
		return;
	if (k == 0)
		out->top[1] = out->top[0];
	out->top[k].us = us;
	out->top[k].pid = s->pid;
	memcpy(out->top[k].name, s->st.comm, sizeof(out->top[k].name));
}

/* How far up a gone process's first-read parents are followed. */
#define CHAIN_MAX 64

/* Where the time of a process gone by the second read went: the
 * process still there that its chain of parents at the first read leads
 * to (its index in the second read, *direct when that is its parent),
 * or -1 when the chain leaves sight first (this process, a kernel
 * thread, a process not seen). */
static long landing(const struct np_others_reads *r, const bool *seen,
		    const struct np_proc_snap *gone, bool *direct)
{
	int ppid = gone->st.ppid;

	*direct = true;
	for (int depth = 0; depth < CHAIN_MAX; depth++, *direct = false) {
		const struct np_proc_snap *pa = find(r->first, r->nfirst, ppid);

		if (ppid == r->self || !pa || pa->st.kthread)
			return -1;
		if (seen[pa - r->first])
			return find(r->second, r->nsecond, ppid) - r->second;
		ppid = pa->st.ppid;
	}
	return -1;
}

/*
 * The accounting of others.h, and its limits (netperf(1), "what remains
 * invisible"): a process that ended in the phase is counted only through
 * the c-times of the process that waited for it, so it is missed when
 * nobody waits (its parent ignores SIGCHLD, or sets SA_NOCLDWAIT: the
 * kernel reaps it and adds its time nowhere), or when whoever waits is
 * out of sight (this process itself, whose own time is not "other"; a
 * kernel thread, for the helpers the kernel starts; a process in another
 * PID namespace, or hidden by hidepid).  What a gone process had taken
 * by the first read is taken off: off its parent's c-times when its
 * parent is still there; when its parent is gone too (reaped along a
 * chain of parents, or reparented to a subreaper or init, which cannot
 * be told apart), off the c-times of all the processes still there
 * together, so that the sum is right either way, never below zero; each
 * process's own share, for the busiest, then takes it off the nearest of
 * its parents still there, and is never more than the sum.
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
		return -1;
	}
	owed_chain = owed + r->nsecond + 1;
	/* Which processes of the first read are still there: the same pid
	 * with the same start (not a reused pid). */
	for (size_t j = 0; j < r->nsecond; j++) {
		const struct np_proc_snap *b = &r->second[j];
		const struct np_proc_snap *a = find(r->first, r->nfirst, b->pid);

		if (a && a->st.start == b->st.start)
			seen[a - r->first] = true;
	}
	for (size_t i = 0; i < r->nfirst; i++) {
		const struct np_proc_snap *a = &r->first[i];
		const uint64_t had = a->st.ticks + a->st.cticks;
		bool direct;
		long j;

		if (seen[i] || a->st.kthread || (j = landing(r, seen, a, &direct)) < 0)
			continue;
		owed_chain[j] += had;
		if (direct)
			owed[j] += had;
		else
			orphans += had;
	}
	for (size_t j = 0; j < r->nsecond; j++) {
		const struct np_proc_snap *b = &r->second[j];
		const struct np_proc_snap *a = find(r->first, r->nfirst, b->pid);
		uint64_t t, c, mine;

		if (b->st.kthread)
			continue;
		if (a && a->st.start == b->st.start) {
			t = b->st.ticks >= a->st.ticks ? b->st.ticks - a->st.ticks : 0;
			c = b->st.cticks >= a->st.cticks ? b->st.cticks - a->st.cticks : 0;
		} else if (b->st.start + 1 >= r->since) {   /* started since: all of it */
			t = b->st.ticks;
			c = b->st.cticks;
		} else {
			continue;   /* older than the first read, yet not in it */
		}
		mine = t + (c > owed_chain[j] ? c - owed_chain[j] : 0);
		c = c > owed[j] ? c - owed[j] : 0;
		if (skip && skip->pid == b->pid && skip->start == b->st.start &&
		    r->self_start >= 0 && b->st.start >= (uint64_t)r->self_start) {
			skipped = 1;
			out->skipped_us = (int64_t)(mine * 1000000 / (uint64_t)r->hz);
			continue;
		}
		own += t;
		children += c;
		rank(out, b, (int64_t)(mine * 1000000 / (uint64_t)r->hz));
	}
	children = children > orphans ? children - orphans : 0;
	out->others_us = (int64_t)((own + children) * 1000000 / (uint64_t)r->hz);
	for (int k = 0; k < 2; k++)
		if (out->top[k].us > out->others_us)
			out->top[k].us = out->others_us;
	free(seen);
	free(owed);
	return skipped;
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
	if (p->second_ok) {
		r = (struct np_others_reads){ p->first.p, p->second.p, p->first.n, p->second.n,
					      p->boot_ticks, p->hz, p->self, p->self_start };
		rc = np_others_account(&r, skip, out);
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
