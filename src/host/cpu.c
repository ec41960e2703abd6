/*
 * cpu.c - CPU utilisation from /proc/stat, netperf's method 'S'.
 *
 * The kernel's cumulative tick counters are read before and after the
 * measured window; the figures are shares of the ticks that passed in
 * between.  Only np_cpu_read and np_cpu_count touch the system.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cpu.h"

#ifdef HAVE_SCHED_SETAFFINITY
#include <sched.h>
#endif

#define PROC_STAT "/proc/stat"
/* Columns we keep: user nice system idle iowait irq softirq steal. */
#define NFIELDS 8
/* Linux 2.4 printed only user, nice, system and idle. */
#define MIN_FIELDS 4
/* "cpu511" and ten 20-digit counters fit in this, with room to spare. */
#define LINE_BYTES 256
/* The cpu lines come first; what follows them may be cut off. */
#define READ_BYTES ((NP_CPU_MAX + 1) * LINE_BYTES)

/* Which lines were seen, so a repeated one is caught as malformed. */
struct parse_seen {
	bool all;
	bool cpu[NP_CPU_MAX];
};

static bool is_digit(char c);
static bool is_blank(char c);
static int parse_u64(const char **pp, const char *end, uint64_t *v);
static int parse_fields(const char *p, const char *end,
    struct np_cpu_times *t);
static int parse_line(const char *p, const char *end,
    struct np_cpu_snapshot *s, struct parse_seen *seen);
static ssize_t read_full(int fd, char *buf, size_t len);
static uint64_t delta(uint64_t before, uint64_t after);
static double times_delta(const struct np_cpu_times *a,
    const struct np_cpu_times *b, struct np_cpu_times *d);
static float pct(double part, double total);
static float busy_pct(const struct np_cpu_times *d, double total);
static bool listed(const struct np_cpu_times *t);

/* isdigit() would depend on the locale. */
static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Decimal counter at *pp; strtoull would accept signs and wrap. */
static int
parse_u64(const char **pp, const char *end, uint64_t *v)
{
	const char *p = *pp;
	unsigned digit;

	if (p == end || !is_digit(*p))
		return -1;
	*v = 0;
	for (; p < end && is_digit(*p); p++) {
		digit = (unsigned)(*p - '0');
		if (*v > (UINT64_MAX - digit) / 10)
			return -1;
		*v = *v * 10 + digit;
	}
	*pp = p;
	return 0;
}

/*
 * The counters after a "cpu" key.  Missing trailing columns (older
 * kernels) stay 0; columns past steal (guest, guest_nice: already part
 * of user and nice) and any a newer kernel adds are checked but unused.
 */
static int
parse_fields(const char *p, const char *end, struct np_cpu_times *t)
{
	uint64_t v[NFIELDS] = { 0 }, extra;
	size_t n = 0;

	for (;;) {
		while (p < end && is_blank(*p))
			p++;
		if (p == end)
			break;
		/* Junk after a number fails here on the next round. */
		if (parse_u64(&p, end, n < NFIELDS ? &v[n] : &extra) < 0)
			return -1;
		n++;
	}
	if (n < MIN_FIELDS)
		return -1;
	t->user = v[0];
	t->nice = v[1];
	t->system = v[2];
	t->idle = v[3];
	t->iowait = v[4];
	t->irq = v[5];
	t->softirq = v[6];
	t->steal = v[7];
	return 0;
}

/* One line, without its newline.  Lines not about CPUs are skipped. */
static int
parse_line(const char *p, const char *end, struct np_cpu_snapshot *s,
    struct parse_seen *seen)
{
	struct np_cpu_times t;
	unsigned id = 0;

	if (end - p < 3 || memcmp(p, "cpu", 3) != 0)
		return 0;
	p += 3;
	if (p < end && is_blank(*p)) {
		if (seen->all || parse_fields(p, end, &t) < 0)
			return -1;
		seen->all = true;
		s->all = t;
		return 0;
	}
	if (p == end)
		return -1;
	if (!is_digit(*p))
		return 0;       /* some other key that starts with "cpu" */
	/* Saturates at NP_CPU_MAX, so huge numbers cannot wrap. */
	for (; p < end && is_digit(*p); p++)
		if (id < NP_CPU_MAX)
			id = id * 10 + (unsigned)(*p - '0');
	if (parse_fields(p, end, &t) < 0)
		return -1;
	if (id >= NP_CPU_MAX)
		return 0;
	if (seen->cpu[id])
		return -1;
	seen->cpu[id] = true;
	s->cpu[id] = t;
	s->ncpus++;
	return 0;
}

/*
 * ncpus counts the per-CPU lines kept; with CPUs offline the numbers
 * have gaps, so cpu[] is indexed by N and unlisted slots stay zero.
 */
int
np_cpu_parse(const char *text, struct np_cpu_snapshot *s)
{
	struct parse_seen seen;
	const char *p = text, *eol;

	memset(s, 0, sizeof(*s));
	memset(&seen, 0, sizeof(seen));
	while (*p != '\0') {
		eol = p + strcspn(p, "\n");
		if (parse_line(p, eol, s, &seen) < 0)
			return -1;
		p = *eol == '\n' ? eol + 1 : eol;
	}
	return seen.all ? 0 : -1;
}

/* /proc hands out a page or so per read(); keep going to EOF. */
static ssize_t
read_full(int fd, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = read(fd, buf + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/*
 * The buffer is on the heap: ~130 KB is too much for a thread stack,
 * and a static one would not be reentrant.
 */
int
np_cpu_read(struct np_cpu_snapshot *s)
{
	char *buf, *nl;
	ssize_t len;
	int fd, rc, saved;

	buf = malloc(READ_BYTES + 1);
	if (buf == NULL)
		return -1;
	fd = open(PROC_STAT, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		saved = errno;
		free(buf);
		errno = saved;
		return -1;
	}
	len = read_full(fd, buf, READ_BYTES);
	saved = errno;
	close(fd);
	if (len < 0) {
		free(buf);
		errno = saved;
		return -1;
	}
	buf[len] = '\0';
	/* Whole lines only: a full buffer ends mid-line (intr, usually). */
	if ((nl = strrchr(buf, '\n')) != NULL)
		nl[1] = '\0';
	rc = np_cpu_parse(buf, s);
	free(buf);
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

/* Counters can step back (iowait does on NO_HZ kernels): no time. */
static uint64_t
delta(uint64_t before, uint64_t after)
{
	return after > before ? after - before : 0;
}

/* Per-field deltas into d; returns their sum, in double so it cannot wrap. */
static double
times_delta(const struct np_cpu_times *a, const struct np_cpu_times *b,
    struct np_cpu_times *d)
{
	d->user = delta(a->user, b->user);
	d->nice = delta(a->nice, b->nice);
	d->system = delta(a->system, b->system);
	d->idle = delta(a->idle, b->idle);
	d->iowait = delta(a->iowait, b->iowait);
	d->irq = delta(a->irq, b->irq);
	d->softirq = delta(a->softirq, b->softirq);
	d->steal = delta(a->steal, b->steal);
	return (double)d->user + (double)d->nice + (double)d->system +
	    (double)d->idle + (double)d->iowait + (double)d->irq +
	    (double)d->softirq + (double)d->steal;
}

static float
pct(double part, double total)
{
	return (float)(100.0 * part / total);
}

/* netperf's rule: busy is everything but idle, so time waiting for I/O
 * counts as busy (netcpu_procstat.c: 100 - idle%). */
static float
busy_pct(const struct np_cpu_times *d, double total)
{
	return (float)(100.0 * (1.0 - (double)d->idle / total));
}

static bool
listed(const struct np_cpu_times *t)
{
	return (t->user | t->nice | t->system | t->idle | t->iowait |
	    t->irq | t->softirq | t->steal) != 0;
}

/*
 * With no time elapsed there is no busiest CPU either: peak_id is -1
 * then, as when no per-CPU lines exist.  A CPU listed in only one
 * snapshot went on- or offline in between; its counters would read as
 * its whole lifetime, so it is left out of the peak.
 */
void
np_cpu_compute(const struct np_cpu_snapshot *a,
    const struct np_cpu_snapshot *b, struct np_cpu_util *u)
{
	struct np_cpu_times d;
	double total;
	float busy;
	int i;

	memset(u, 0, sizeof(*u));
	u->peak_id = -1;
	total = times_delta(&a->all, &b->all, &d);
	if (total <= 0.0)
		return;
	u->util = busy_pct(&d, total);
	u->user = pct((double)d.user, total);   /* netperf leaves nice out */
	u->system = pct((double)d.system, total);
	u->iowait = pct((double)d.iowait, total);
	u->irq = pct((double)d.irq, total);
	u->softirq = pct((double)d.softirq, total);

	for (i = 0; i < NP_CPU_MAX; i++) {
		if (!listed(&a->cpu[i]) || !listed(&b->cpu[i]))
			continue;
		total = times_delta(&a->cpu[i], &b->cpu[i], &d);
		if (total <= 0.0)
			continue;
		busy = busy_pct(&d, total);
		if (u->peak_id < 0 || busy > u->peak_util) {
			u->peak_id = i;
			u->peak_util = busy;
		}
	}
}

int
np_cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > INT_MAX ? INT_MAX : (int)n;
}

int
np_cpu_bind(int n)
{
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t set;

	if (n < 0 || n >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(n, &set);
	return sched_setaffinity(0, sizeof(set), &set);
#else
	(void)n;
	errno = ENOSYS;
	return -1;
#endif
}
