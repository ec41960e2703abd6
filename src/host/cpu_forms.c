/*
 * cpu_forms.c - each system's tick counters as a snapshot: Linux's
 * /proc/stat text, FreeBSD's kern.cp_times array, macOS's
 * host_processor_info ticks.  Pure functions, built on every system, so
 * that the unit tests hold each form on Linux; the backends
 * (cpu_procstat.c, cpu_sysctl.c, cpu_mach.c) only make the calls.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "host/cpu.h"

/* /proc/stat's columns we keep: user nice system idle iowait irq
 * softirq steal. */
#define NFIELDS 8
/* Linux 2.4 printed only user, nice, system and idle. */
#define MIN_FIELDS 4

/* Which lines were seen, so a repeated one is caught as malformed. */
struct parse_seen {
	bool all;
	bool cpu[NP_CPU_MAX];
};

static bool is_digit(char c);
static bool is_blank(char c);
static int parse_u64(const char **pp, const char *end, uint64_t *v);
static int parse_fields(const char *p, const char *end,
    struct np_cpu_times *t, size_t *columns);
static int parse_line(const char *p, const char *end,
    struct np_cpu_snapshot *s, struct parse_seen *seen);
static unsigned columns_has(size_t columns);
static bool any_ticks(const struct np_cpu_times *t);
static void add_times(struct np_cpu_times *sum, const struct np_cpu_times *t,
    uint64_t mask);
static void keep_cpu(struct np_cpu_snapshot *s, size_t id,
    const struct np_cpu_times *t, uint64_t mask);
static uint64_t width_mask(unsigned bits);

/* ---- Linux: /proc/stat ------------------------------------------------ */

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
 * The counters after a "cpu" key, and how many there were.  Missing
 * trailing columns (older kernels) stay 0; columns past steal (guest,
 * guest_nice: already part of user and nice) and any a newer kernel
 * adds are checked but unused.
 */
static int
parse_fields(const char *p, const char *end, struct np_cpu_times *t,
    size_t *columns)
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
	*columns = n;
	return 0;
}

/* What a kernel that prints so many columns counts (proc(5): iowait
 * since 2.5.41, irq and softirq since 2.6.0, steal since 2.6.11). */
static unsigned
columns_has(size_t columns)
{
	return (columns > 4 ? NP_CPU_HAS_IOWAIT : 0) |
	    (columns > 5 ? NP_CPU_HAS_IRQ : 0) |
	    (columns > 6 ? NP_CPU_HAS_SOFTIRQ : 0) |
	    (columns > 7 ? NP_CPU_HAS_STEAL : 0);
}

/* One line, without its newline.  Lines not about CPUs are skipped. */
static int
parse_line(const char *p, const char *end, struct np_cpu_snapshot *s,
    struct parse_seen *seen)
{
	struct np_cpu_times t;
	unsigned id = 0;
	size_t columns;

	if (end - p < 3 || memcmp(p, "cpu", 3) != 0)
		return 0;
	p += 3;
	if (p < end && is_blank(*p)) {
		if (seen->all || parse_fields(p, end, &t, &columns) < 0)
			return -1;
		seen->all = true;
		s->all = t;
		s->has = columns_has(columns);
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
	if (parse_fields(p, end, &t, &columns) < 0)
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
 * The counters are 64-bit and never wrap (bits 64).
 */
int
np_cpu_parse(const char *text, struct np_cpu_snapshot *s)
{
	struct parse_seen seen;
	const char *p = text, *eol;

	memset(s, 0, sizeof(*s));
	memset(&seen, 0, sizeof(seen));
	s->bits = 64;
	while (*p != '\0') {
		eol = p + strcspn(p, "\n");
		if (parse_line(p, eol, s, &seen) < 0)
			return -1;
		p = *eol == '\n' ? eol + 1 : eol;
	}
	return seen.all ? 0 : -1;
}

/* ---- Arrays of per-CPU counters (FreeBSD, macOS) ---------------------- */

static uint64_t
width_mask(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
}

static bool
any_ticks(const struct np_cpu_times *t)
{
	return (t->user | t->nice | t->system | t->idle | t->iowait |
	    t->irq | t->softirq | t->steal) != 0;
}

/* The machine's counters as the sum of its CPUs', modulo the counters'
 * width: a difference of such sums is right as long as the real one
 * fits in it, whichever CPU's counter wrapped. */
static void
add_times(struct np_cpu_times *sum, const struct np_cpu_times *t,
    uint64_t mask)
{
	sum->user = (sum->user + t->user) & mask;
	sum->nice = (sum->nice + t->nice) & mask;
	sum->system = (sum->system + t->system) & mask;
	sum->idle = (sum->idle + t->idle) & mask;
	sum->irq = (sum->irq + t->irq) & mask;
}

/* CPU id: into the whole machine always, into cpu[] below NP_CPU_MAX
 * and when present (an absent CPU reads all zero). */
static void
keep_cpu(struct np_cpu_snapshot *s, size_t id, const struct np_cpu_times *t,
    uint64_t mask)
{
	add_times(&s->all, t, mask);
	if (id >= NP_CPU_MAX || !any_ticks(t))
		return;
	s->cpu[id] = *t;
	s->ncpus++;
}

/*
 * FreeBSD: the layout is sys/kern/kern_clock.c's sysctl_kern_cp_times,
 * CPUSTATES longs per CPU 0..mp_maxid in <sys/resource.h>'s CP_* order.
 * CP_INTR is time in interrupt threads, hardware and software ones
 * alike (netisr): irq.  There is no iowait (it is idle there), no
 * softirq apart from irq and no steal: those stay out of has.  A long
 * of 32 bits (i386, armv7) wraps, and a wrapped one reads negative: the
 * counters are taken modulo its width.
 */
int
np_cpu_from_cp_times(const long *v, size_t n, struct np_cpu_snapshot *s)
{
	const unsigned bits = (unsigned)(sizeof(long) * CHAR_BIT);
	const uint64_t mask = width_mask(bits);
	struct np_cpu_times t;
	size_t id;

	memset(s, 0, sizeof(*s));
	if (n == 0 || n % NP_CPUSTATES != 0)
		return -1;
	s->bits = bits;
	s->has = NP_CPU_HAS_IRQ;
	for (id = 0; id < n / NP_CPUSTATES; id++, v += NP_CPUSTATES) {
		memset(&t, 0, sizeof(t));
		t.user = (uint64_t)(unsigned long)v[NP_CP_USER] & mask;
		t.nice = (uint64_t)(unsigned long)v[NP_CP_NICE] & mask;
		t.system = (uint64_t)(unsigned long)v[NP_CP_SYS] & mask;
		t.irq = (uint64_t)(unsigned long)v[NP_CP_INTR] & mask;
		t.idle = (uint64_t)(unsigned long)v[NP_CP_IDLE] & mask;
		keep_cpu(s, id, &t, mask);
	}
	return 0;
}

/*
 * macOS: the layout is xnu's osfmk/mach/processor_info.h, struct
 * processor_cpu_load_info { natural_t cpu_ticks[CPU_STATE_MAX]; } per
 * CPU, its states in osfmk/mach/machine.h's CPU_STATE_* order.  Mach
 * counts user, system, idle and nice only: interrupts are in system,
 * and there is no iowait, irq, softirq or steal.  natural_t is 32 bits
 * and wraps (after 497 days of a CPU's 100 Hz ticks).
 */
int
np_cpu_from_mach_ticks(const uint32_t *v, size_t n, struct np_cpu_snapshot *s)
{
	const uint64_t mask = width_mask(32);
	struct np_cpu_times t;
	size_t id;

	memset(s, 0, sizeof(*s));
	if (n == 0 || n % NP_MACH_STATES != 0)
		return -1;
	s->bits = 32;
	s->has = 0;
	for (id = 0; id < n / NP_MACH_STATES; id++, v += NP_MACH_STATES) {
		memset(&t, 0, sizeof(t));
		t.user = v[NP_MACH_USER];
		t.system = v[NP_MACH_SYSTEM];
		t.idle = v[NP_MACH_IDLE];
		t.nice = v[NP_MACH_NICE];
		keep_cpu(s, id, &t, mask);
	}
	return 0;
}
