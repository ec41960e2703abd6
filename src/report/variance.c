/*
 * variance.c - the WARNING block's netperf-ng lines (variance.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/variance.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "base/units.h"
#include "cli/opts.h"
#include "stats/trend.h"

#define PREFIX "!!! netperf-ng: "
/* Other processes' CPU worth a line: a tenth of one CPU in some
 * iteration (the figures come in clock ticks, 1/100 s on Linux). */
#define OTHERS_NOTE 0.10

/* How the two loops of one iteration sat, on one host. */
enum place_kind { K_UNKNOWN, K_SHARED, K_APART, K_MOVED, K_KINDS };

struct group {
	int n, first;
	bool member[NP_ITERATIONS_MAX];
	double sum, lo, hi;
	bool same_cpus;            /* every member on the first one's CPUs */
	int lcpu, rcpu;            /* the first member's */
	long long lmoves, rmoves;  /* summed; -1 when a member's is unknown */
};

static enum place_kind kind_of(const struct np_iteration *it, bool one_host)
{
	if (!one_host || !it->local_at.known || !it->remote_at.known)
		return K_UNKNOWN;
	return it->shared == 1 ? K_SHARED : it->shared == 0 ? K_APART : K_MOVED;
}

static void join(struct group *g, int i, const struct np_iteration *it)
{
	if (g->n++ == 0) {
		g->first = i;
		g->lo = g->hi = it->throughput;
		g->same_cpus = true;
		g->lcpu = it->local_at.cpu_start;
		g->rcpu = it->remote_at.cpu_start;
	} else if (it->local_at.cpu_start != g->lcpu || it->remote_at.cpu_start != g->rcpu) {
		g->same_cpus = false;
	}
	g->member[i] = true;
	g->sum += it->throughput;
	g->lo = fmin(g->lo, it->throughput);
	g->hi = fmax(g->hi, it->throughput);
	g->lmoves = g->lmoves < 0 || it->local_at.migrations < 0 ? -1
								  : g->lmoves + it->local_at.migrations;
	g->rmoves = g->rmoves < 0 || it->remote_at.migrations < 0 ? -1
								   : g->rmoves + it->remote_at.migrations;
}

/* "iteration 3" or "iterations 1-2,4". */
static void members_text(const struct group *g, int n, char *buf, size_t len)
{
	size_t at = (size_t)snprintf(buf, len, "iteration%s ", g->n > 1 ? "s" : "");
	const char *sep = "";

	for (int i = 0; i < n && at < len; i++) {
		int j = i;

		if (!g->member[i])
			continue;
		while (j + 1 < n && g->member[j + 1])
			j++;
		at += (size_t)(j == i ? snprintf(buf + at, len - at, "%s%d", sep, i + 1)
				      : snprintf(buf + at, len - at, "%s%d-%d", sep, i + 1, j + 1));
		sep = ",";
		i = j;
	}
}

static void moves_text(long long m, char *buf, size_t len)
{
	if (m < 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%lld", m);
}

static void group_line(FILE *out, enum place_kind k, const struct group *g, int n,
		       const char *unit)
{
	char who[160], lm[24], rm[24];

	members_text(g, n, who, sizeof(who));
	fprintf(out, PREFIX "%s: ", who);
	switch (k) {
	case K_SHARED:
		if (g->same_cpus)
			fprintf(out, "netperf and netserver on one CPU (%d)", g->lcpu);
		else
			fputs("netperf and netserver on one CPU", out);
		break;
	case K_APART:
		if (g->same_cpus)
			fprintf(out, "on CPUs %d (netperf) and %d (netserver)", g->lcpu, g->rcpu);
		else
			fputs("netperf and netserver on two CPUs", out);
		break;
	default:
		moves_text(g->lmoves, lm, sizeof(lm));
		moves_text(g->rmoves, rm, sizeof(rm));
		fprintf(out, "moved between CPUs (migrations: netperf %s, netserver %s)", lm, rm);
		break;
	}
	if (g->n == 1)
		fprintf(out, ", %.2f %s\n", g->sum, unit);
	else
		fprintf(out, ", %.2f %s mean (%.2f to %.2f)\n", g->sum / g->n, unit, g->lo, g->hi);
}

static void cpu_asked(FILE *out, const char *who, int cpu)
{
	if (cpu < 0)
		fprintf(out, "%s on any CPU", who);
	else
		fprintf(out, "%s on CPU %d", who, cpu);
}

/* Placement: said only when iterations ran placed differently and the
 * placements' means are further apart than the interval asked (-I). */
static void placement_lines(FILE *out, const struct np_report *r, int n, const char *unit)
{
	const struct np_result *s = &r->res;
	const bool one_host = np_boot_id_same(&s->local_boot, &s->remote_boot);
	struct group g[K_KINDS];
	double lo = INFINITY, hi = -INFINITY, all = 0;
	int kinds = 0;

	memset(g, 0, sizeof(g));
	for (int i = 0; i < n; i++) {
		const enum place_kind k = kind_of(&s->iter[i], one_host);

		all += s->iter[i].throughput;
		if (k != K_UNKNOWN)
			join(&g[k], i, &s->iter[i]);
	}
	for (int k = K_SHARED; k < K_KINDS; k++) {
		if (!g[k].n)
			continue;
		kinds++;
		lo = fmin(lo, g[k].sum / g[k].n);
		hi = fmax(hi, g[k].sum / g[k].n);
	}
	all /= n;
	if (kinds < 2 || !(all > 0) || 100.0 * (hi - lo) / all <= r->o->conf_width)
		return;
	/* In the order the placements first happened. */
	for (int i = 0; i < n; i++)
		for (int k = K_SHARED; k < K_KINDS; k++)
			if (g[k].n && g[k].first == i)
				group_line(out, (enum place_kind)k, &g[k], n, unit);
	if (r->o->lcpu_bind < 0 && r->o->rcpu_bind < 0) {
		fputs(PREFIX "the iterations ran on different CPUs; "
		      "pin both ends with -T (e.g. -T 0,1: netperf on CPU 0, netserver on CPU 1)\n",
		      out);
		return;
	}
	/* Pinned, and moved all the same (taskset, a cpuset, or a netserver
	 * that could not bind): say what was asked. */
	fprintf(out, PREFIX "the iterations ran on different CPUs although -T asked for ");
	cpu_asked(out, "netperf", r->o->lcpu_bind);
	fputs(" and ", out);
	cpu_asked(out, "netserver", r->o->rcpu_bind);
	fputc('\n', out);
}

/* One end's other processes, iteration by iteration, when some
 * iteration had them take a tenth of a CPU or more. */
static void others_line(FILE *out, const struct np_report *r, int n, bool local, const char *where)
{
	const struct np_iteration *it = r->res.iter;
	const struct np_iteration *top = NULL;
	bool note = false;

	for (int i = 0; i < n; i++) {
		const double v = local ? it[i].lothers : it[i].rothers;

		note = note || v >= OTHERS_NOTE;
		if (local && it[i].lothers_top[0] && (!top || v > top->lothers))
			top = &it[i];
	}
	if (!note)
		return;
	fprintf(out, PREFIX "other processes took CPU on %s:", where);
	for (int i = 0; i < n; i++) {
		const double v = local ? it[i].lothers : it[i].rothers;

		if (v >= 0)
			fprintf(out, "%s %.2f", i ? "," : "", v);
		else
			fprintf(out, "%s ?", i ? "," : "");
	}
	fprintf(out, " CPUs in iterations 1-%d", n);
	if (top)
		fprintf(out, " (the busiest: %s, pid %d)", top->lothers_top, top->lothers_top_pid);
	fputc('\n', out);
}

/* A steady rise or fall across the iterations: Mann-Kendall's test at
 * the run's confidence level (5 iterations at least for 95 %, 6 for
 * 99 %: with fewer no order is rare enough). */
static void trend_line(FILE *out, const struct np_report *r, int n, const char *unit)
{
	double x[NP_ITERATIONS_MAX];
	struct np_trend t;
	char level[16];

	for (int i = 0; i < n; i++)
		x[i] = r->res.iter[i].throughput;
	if (np_trend_mk(x, n, r->o->conf_level / 100.0, &t) < 0 || t.direction == 0)
		return;
	snprintf(level, sizeof(level), "%g", r->o->conf_level);
	fprintf(out, PREFIX "the figures %s across the %d iterations, %.2f first, %.2f last %s "
		"(Mann-Kendall: S %ld, p %.2g < %.2g, %s%% confidence)\n",
		t.direction > 0 ? "rose" : "fell", n, x[0], x[n - 1], unit, t.s, t.p,
		1 - r->o->conf_level / 100.0, level);
}

void np_variance_lines(FILE *out, const struct np_report *r)
{
	const int n = r->res.iterations < NP_ITERATIONS_MAX ? r->res.iterations
							       : NP_ITERATIONS_MAX;
	char unit[24];

	if (n < 2)
		return;
	snprintf(unit, sizeof(unit), "%s/s", np_unit_label(r->unit));
	placement_lines(out, r, n, unit);
	if (np_boot_id_same(&r->res.local_boot, &r->res.remote_boot)) {
		others_line(out, r, n, true, "the host of netperf and netserver");
	} else {
		others_line(out, r, n, true, "netperf's host");
		others_line(out, r, n, false, "netserver's host");
	}
	trend_line(out, r, n, unit);
}
