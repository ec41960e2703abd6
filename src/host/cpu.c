/*
 * cpu.c - CPU utilisation from the kernel's tick counters, the same on
 * every system: the counters are read before and after the measured
 * window (by the backend configure chose: cpu_procstat.c and its
 * siblings), and the figures are shares of the ticks that passed in
 * between.  Also netperf's letters for its methods, and the online CPU
 * count (sysconf, everywhere).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "host/cpu.h"

static uint64_t delta(uint64_t before, uint64_t after, unsigned bits);
static double times_delta(const struct np_cpu_times *a,
    const struct np_cpu_times *b, unsigned bits, struct np_cpu_times *d);
static float pct(double part, double total);
static float known_pct(unsigned has, unsigned which, double part,
    double total);
static float busy_pct(const struct np_cpu_times *d, double total);
static bool listed(const struct np_cpu_times *t);

/*
 * The ticks between two readings of a counter.  A 64-bit one that steps
 * back (iowait does on NO_HZ kernels) gave no time; a narrower one
 * (Mach's natural_t, a 32-bit long) wrapped, and its difference is
 * taken modulo its width.
 */
static uint64_t
delta(uint64_t before, uint64_t after, unsigned bits)
{
	if (bits == 0 || bits >= 64)
		return after > before ? after - before : 0;
	return (after - before) & (((uint64_t)1 << bits) - 1);
}

/* Per-field deltas into d; returns their sum, in double so it cannot wrap. */
static double
times_delta(const struct np_cpu_times *a, const struct np_cpu_times *b,
    unsigned bits, struct np_cpu_times *d)
{
	d->user = delta(a->user, b->user, bits);
	d->nice = delta(a->nice, b->nice, bits);
	d->system = delta(a->system, b->system, bits);
	d->idle = delta(a->idle, b->idle, bits);
	d->iowait = delta(a->iowait, b->iowait, bits);
	d->irq = delta(a->irq, b->irq, bits);
	d->softirq = delta(a->softirq, b->softirq, bits);
	d->steal = delta(a->steal, b->steal, bits);
	return (double)d->user + (double)d->nice + (double)d->system +
	    (double)d->idle + (double)d->iowait + (double)d->irq +
	    (double)d->softirq + (double)d->steal;
}

static float
pct(double part, double total)
{
	return (float)(100.0 * part / total);
}

/* A share the counters give, or NP_CPU_UNKNOWN: a form without it
 * (FreeBSD's iowait) must not read as 0 % of it. */
static float
known_pct(unsigned has, unsigned which, double part, double total)
{
	if (!(has & which))
		return NP_CPU_UNKNOWN;
	return total > 0.0 ? pct(part, total) : 0.0f;
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
 * then, as when no per-CPU counters exist.  A CPU listed in only one
 * snapshot went on- or offline in between; its counters would read as
 * its whole lifetime, so it is left out of the peak.  What the form has
 * no counter for is unknown whether or not time passed.
 */
void
np_cpu_compute(const struct np_cpu_snapshot *a,
    const struct np_cpu_snapshot *b, struct np_cpu_util *u)
{
	const unsigned has = a->has & b->has;
	struct np_cpu_times d;
	double total;
	float busy;
	int i;

	memset(u, 0, sizeof(*u));
	u->peak_id = -1;
	total = times_delta(&a->all, &b->all, a->bits, &d);
	u->iowait = known_pct(has, NP_CPU_HAS_IOWAIT, (double)d.iowait, total);
	u->irq = known_pct(has, NP_CPU_HAS_IRQ, (double)d.irq, total);
	u->softirq = known_pct(has, NP_CPU_HAS_SOFTIRQ, (double)d.softirq, total);
	if (total <= 0.0)
		return;
	u->util = busy_pct(&d, total);
	u->user = pct((double)d.user, total);   /* netperf leaves nice out */
	u->system = pct((double)d.system, total);

	for (i = 0; i < NP_CPU_MAX; i++) {
		if (!listed(&a->cpu[i]) || !listed(&b->cpu[i]))
			continue;
		total = times_delta(&a->cpu[i], &b->cpu[i], a->bits, &d);
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

/* netperf's letters by method code (netlib.h's codes, format_cpu_method
 * in netlib.c). */
char
np_cpu_method_letter(uint32_t method)
{
	static const char letters[] = "UIPTLRNKSCEMO";

	return method < sizeof(letters) - 1 ? letters[method] : '?';
}

/*
 * What the counters behind a method count apart: sysctl's kern.cp_time
 * (FreeBSD) has interrupt time but no iowait, softirq or steal; Mach's
 * ticks (macOS) have user, system, idle and nice only.  A netserver
 * sends 0 for a figure its method lacks (netserver 2.7.1 does); by this
 * the report tells that 0 from a measured one.
 */
unsigned
np_cpu_letter_has(char letter)
{
	if (letter == np_cpu_method_letter(NP_CPU_METHOD_SYSCTL))
		return NP_CPU_HAS_IRQ;
	if (letter == np_cpu_method_letter(NP_CPU_METHOD_OSX))
		return 0;
	return NP_CPU_HAS_ALL;
}
