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
#define F_FLAGS 9
#define F_UTIME 14
#define F_STIME 15
#define F_START 22

struct proc_entry {
	int pid;
	uint64_t start, ticks;
};

struct np_others_probe {
	struct timespec t0;
	int64_t own0;
	uint64_t boot_ticks;   /* ticks since boot at the first read */
	long hz;
	int self;
	size_t n, cap;
	struct proc_entry *p;  /* by pid */
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
		bool digits = false;

		if (field > 3 && *c == '-')   /* a signed field: not one we read */
			c++;
		for (; c < end && *c >= '0' && *c <= '9'; c++, digits = true)
			v = v * 10 + (uint64_t)(*c - '0');
		if (field == 3) {             /* the state, one letter */
			if (c >= end || *c == ' ')
				return -1;
			c++;
		} else if (!digits) {
			return -1;
		}
		if (field == F_FLAGS)
			flags = v;
		else if (field == F_UTIME || field == F_STIME)
			st->ticks += v;
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

/* Each user-space process but ours: fn(p, pid, its stat); -1 when /proc
 * cannot be listed or fn says stop. */
static int each_process(struct np_others_probe *p,
			int (*fn)(struct np_others_probe *, int, const struct np_proc_stat *,
				  struct np_others *),
			struct np_others *out)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int rc = 0;

	if (!d)
		return -1;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		struct np_proc_stat st;
		long pid;

		if (!is_digits(e->d_name) || (pid = strtol(e->d_name, NULL, 10)) <= 0 ||
		    pid > 0x7fffffff || pid == p->self)
			continue;
		/* Gone between the listing and the read: as if never there. */
		if (read_stat((int)pid, &st) < 0 || st.kthread)
			continue;
		rc = fn(p, (int)pid, &st, out);
	}
	closedir(d);
	return rc;
}

static int remember(struct np_others_probe *p, int pid, const struct np_proc_stat *st,
		    struct np_others *out)
{
	(void)out;
	if (p->n == p->cap) {
		const size_t cap = p->cap ? p->cap * 2 : 1024;
		struct proc_entry *q;

		if (cap > NP_OTHERS_MAX || !(q = realloc(p->p, cap * sizeof(*q))))
			return -1;
		p->p = q;
		p->cap = cap;
	}
	p->p[p->n++] = (struct proc_entry){ pid, st->start, st->ticks };
	return 0;
}

static int by_pid(const void *a, const void *b)
{
	const int x = ((const struct proc_entry *)a)->pid, y = ((const struct proc_entry *)b)->pid;

	return (x > y) - (x < y);
}

struct np_others_probe *np_others_begin(void)
{
	struct np_others_probe *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->hz = sysconf(_SC_CLK_TCK);
	p->self = (int)getpid();
	if (p->hz <= 0 || boot_ticks(p->hz, &p->boot_ticks) < 0 ||
	    each_process(p, remember, NULL) < 0) {
		free(p->p);
		free(p);
		return NULL;
	}
	qsort(p->p, p->n, sizeof(*p->p), by_pid);
	p->own0 = own_cpu_us();
	clock_gettime(CLOCK_MONOTONIC, &p->t0);
	return p;
}

/* What one process took since the first read: the difference for one
 * seen then (the same pid and start: not a reused pid), all of it for
 * one started since. */
static int add_taken(struct np_others_probe *p, int pid, const struct np_proc_stat *st,
		     struct np_others *out)
{
	const struct proc_entry key = { .pid = pid };
	const struct proc_entry *was = bsearch(&key, p->p, p->n, sizeof(*p->p), by_pid);
	uint64_t ticks;
	int64_t us;

	if (was && was->start == st->start)
		ticks = st->ticks >= was->ticks ? st->ticks - was->ticks : 0;
	else if (st->start + 1 >= p->boot_ticks)
		ticks = st->ticks;
	else
		return 0;   /* older than the first read, yet not in it */
	us = (int64_t)(ticks * 1000000 / (uint64_t)p->hz);
	out->others_us += us;
	if (us > out->top[1].us) {
		const int k = us > out->top[0].us ? 0 : 1;

		if (k == 0)
			out->top[1] = out->top[0];
		out->top[k].us = us;
		out->top[k].pid = pid;
		memcpy(out->top[k].name, st->comm, sizeof(out->top[k].name));
	}
	return 0;
}

void np_others_end(struct np_others_probe *p, struct np_others *out)
{
	struct timespec t1;
	int64_t own1;

	*out = NP_OTHERS_UNKNOWN;
	if (!p)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	own1 = own_cpu_us();
	out->seconds = (double)(t1.tv_sec - p->t0.tv_sec) + (t1.tv_nsec - p->t0.tv_nsec) / 1e9;
	if (p->own0 >= 0 && own1 >= p->own0)
		out->own_us = own1 - p->own0;
	out->pid = p->self;
	out->others_us = 0;
	if (each_process(p, add_taken, out) < 0) {
		out->others_us = -1;
		memset(out->top, 0, sizeof(out->top));
	}
	free(p->p);
	free(p);
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
