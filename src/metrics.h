/*
 * metrics.h - what netperf derives from the two sides' counters, and
 * what the iterations add up to: rates, service demand, round-trip time,
 * means and the confidence reached (formats.md 3, cli.md 2.2).  Pure
 * arithmetic on a struct np_report: no I/O, no clock, so
 * tests/check_metrics.c checks it on known values.
 */
#ifndef NP_METRICS_H
#define NP_METRICS_H

#include <stdbool.h>

#include "report.h"
#include "stats.h"
#include "test.h"

/* amount / seconds, 0 for no time. */
double np_metrics_rate(double amount, double seconds);

/*
 * netperf's service demand: CPU microseconds per unit of work, counted
 * over all ncpus.  The unit is a transaction with 'x', else a KB (1024
 * bytes) that this side moved (local: both sides divide by the same
 * work).  util in percent; -1 when util is (-1, unmeasured) or no work.
 */
double np_metrics_service_demand(char unit, const struct np_counters *local,
				 double elapsed, double util, int ncpus);

/* The figures of one iteration from s->local, s->remote, s->elapsed and
 * the CPU fields: throughput in unit, the per-side rates, service
 * demands, transaction rate and round-trip time (burst + 1 transactions
 * in flight, netperf's rule). */
void np_metrics_derive(const struct np_test *t, char unit, int burst, struct np_report *s);

/*
 * --flows: the SUM of n flows' derived reports, into sum.  Counters and
 * every rate add up (the SUM line is the sum of the flow lines); elapsed
 * and the round-trip time are the flows' means; CPU utilisation, a
 * figure of the whole machine that each flow measured over the same
 * time, is their mean, and the service demands follow from it and the
 * summed work.  Everything else is flow 0's.
 */
void np_metrics_sum(const struct np_report *flows, int n, char unit, struct np_report *sum);

/* -i/-I: when to stop iterating. */
struct np_confidence_rule {
	bool on;              /* -i or -I given */
	double level;         /* percent */
	double width;         /* total interval width, percent */
	bool result_only;     /* -r: throughput alone */
};

/* netperf reports means over the iterations, and judges confidence on
 * throughput and both CPU figures. */
struct np_tally {
	struct np_stats tput, elapsed, lcpu, rcpu, lsd, rsd;
	bool met;
	double half_tput, half_lcpu, half_rcpu;
};

void np_tally_add(struct np_tally *t, const struct np_confidence_rule *rule,
		  const struct np_report *s);
/* Into r: the means, the widths reached (full width, percent, as the
 * WARNING block prints them), whether the rule was met, the count. */
void np_tally_fill(const struct np_tally *t, const struct np_confidence_rule *rule,
		   struct np_report *r);

#endif
