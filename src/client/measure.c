/*
 * measure.c - the test's iterations (-i/-I) on a plan, one flow or
 * --flows' several, until netperf's confidence rule is met: their tally,
 * the figures (the flows' SUM), -j's round trips over all of them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/measure.h"

#include <stdlib.h>
#include <string.h>

#include "cli/say.h"
#include "client/flows.h"
#include "client/progress.h"
#include "client/sigint.h"
#include "host/cpu.h"
#include "stats/hist.h"

#ifdef NP_SELFTEST
/* The test suite's own build: NP_SELFTEST_PIN="L,R;L,R;..." runs
 * iteration k as -T L,R of the k-th pair (in turn), so that
 * tests/placement.test can force a placement that differs between
 * iterations on any machine. */
static void selftest_pin(struct np_flow *flow, int iteration)
{
	const char *spec = getenv("NP_SELFTEST_PIN");
	int pairs = 0, lcpu, rcpu, used;

	if (!spec || !*spec)
		return;
	for (const char *c = spec; *c; c++)
		pairs += *c == ';';
	pairs++;
	for (int k = (iteration - 1) % pairs; k > 0; k--)
		spec = strchr(spec, ';') + 1;
	if (sscanf(spec, "%d,%d%n", &lcpu, &rcpu, &used) == 2) {
		(void)np_cpu_bind(lcpu);
		flow->rcpu = rcpu;
	}
}
#else
static void selftest_pin(struct np_flow *flow, int iteration)
{
	(void)flow;
	(void)iteration;
}
#endif

int np_measure(const struct np_plan *p, struct np_flow *flows, struct np_result *fs, int n,
	       struct np_tally *t, struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const bool threaded = o->flows > 1 || o->nlcpus > 0;
	const struct np_confidence_rule rule = { o->confidence, o->conf_level, o->conf_width,
						  o->result_only };
	struct np_hist *lat = flows[0].hist;

	memset(t, 0, sizeof(*t));
	for (int f = 0; f < n && lat; f++)
		np_hist_init(flows[f].hist);
	for (int i = 1; i <= o->iter_max; i++) {
		for (int f = 0; f < n; f++)
			flows[f].iteration = i;
		if (flows[0].progress)
			flows[0].progress->iter = i;
		if (!threaded) {
			selftest_pin(&flows[0], i);
			if (np_flow_iteration(p, &flows[0], s, err) < 0)
				return -1;
		} else {
			if (np_flows_iteration(p, flows, fs, n, err) < 0)
				return -1;
			np_metrics_sum(fs, n, p->unit, s);
		}
		np_tally_add(t, &rule, s);
		if (flows[0].progress && o->confidence && i >= 2)
			flows[0].progress->half_pct = 100.0 * t->half_tput;
		if (np_interrupted() || (o->confidence && i >= o->iter_min && t->met))
			break;
	}
	if (s->local.timeouts)
		np_warn(err, "%llu of %llu requests timed out after %g s (-e) and were sent again",
			(unsigned long long)s->local.timeouts,
			(unsigned long long)(s->local.send_calls), o->rr_timeout);
	np_tally_fill(t, &rule, s);
	/* -j: the round trips of every flow. */
	for (int f = 1; lat && f < n; f++)
		np_hist_merge(lat, flows[f].hist);
	if (lat)
		np_metrics_latency(lat, s);
	/* Each flow's line is its last iteration's. */
	for (int f = 0; o->flows > 1 && f < n; f++) {
		fs[f].iterations = 1;
		fs[f].conf_level_used = s->conf_level_used;
	}
	return 0;
}

