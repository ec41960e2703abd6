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

#define PREFIX "!!! netperf-ng: "

/* How the two loops of one iteration sat, on one host. */
enum place_kind { K_UNKNOWN, K_SHARED, K_APART, K_MOVED, K_KINDS };

struct group {
	int n, first;
	bool member[NP_ITERATIONS_MAX];
	double sum;
	bool same_cpus;            /* every member on the first one's CPUs */
	int lcpu, rcpu;            /* the first member's */
	long long lmoves, rmoves;  /* summed; -1 when a member's is unknown */
};

static bool same_host(const struct np_result *s)
{
	return s->local_boot.known && s->remote_boot.known &&
	       memcmp(s->local_boot.b, s->remote_boot.b, sizeof(s->local_boot.b)) == 0;
}

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
		g->same_cpus = true;
		g->lcpu = it->local_at.cpu_start;
		g->rcpu = it->remote_at.cpu_start;
	} else if (it->local_at.cpu_start != g->lcpu || it->remote_at.cpu_start != g->rcpu) {
		g->same_cpus = false;
	}
	g->member[i] = true;
	g->sum += it->throughput;
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
	fprintf(out, ", %.2f %s%s\n", g->sum / g->n, unit, g->n > 1 ? " mean" : "");
}

/* Placement: said only when iterations ran placed differently and the
 * placements' means are further apart than the interval asked (-I). */
static void placement_lines(FILE *out, const struct np_report *r, int n, const char *unit)
{
	const struct np_result *s = &r->res;
	const bool one_host = same_host(s);
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
	fputs(PREFIX "the iterations ran on different CPUs; "
	      "pin both ends with -T (e.g. -T 0,1: netperf on CPU 0, netserver on CPU 1)\n", out);
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
}
