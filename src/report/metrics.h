/*
 * metrics.h - what netperf derives from the two sides' counters, and
 * what the iterations add up to: rates, service demand, round-trip time,
 * means and the confidence reached (netperf(1): -i, -I and OUTPUT;
 * netperf 2.7.1's netlib.c, calc_thruput and calculate_confidence).  Pure
 * arithmetic on a struct np_result: no I/O, no clock, so
 * tests/check_metrics.c checks it on known values.
 */
#ifndef NP_METRICS_H
#define NP_METRICS_H

#include <stdbool.h>

#include "report/result.h"
#include "stats/stats.h"
#include "stats/hist.h"
#include "run/test.h"

/* Datagrams sent that the other side did not read, percent of those
 * sent; 0 when none was sent. */
double np_metrics_loss(const struct np_counters *local, const struct np_counters *remote);

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
 * the CPU fields: the test's own (its view's derive, test_view.h, one of the
 * family rules below), then for every test the service demands. */
void np_metrics_derive(const struct np_test *t, char unit, int burst, struct np_result *s);

/* The family rules, for the views' derive.  Request/response: the
 * transaction rate, the headline (transactions/s, or with a bit unit the
 * bytes both ways that netserver counted), -v 2's rates each way and the
 * round-trip time (burst + 1 transactions in flight, netperf's rule).
 * netperf sends: the headline is what netserver received, beside the
 * send rate.  netperf receives: what it received. */
void np_metrics_derive_rr(const struct np_test *t, char unit, int burst, struct np_result *s);
void np_metrics_derive_send(const struct np_test *t, char unit, int burst, struct np_result *s);
void np_metrics_derive_receive(const struct np_test *t, char unit, int burst,
			       struct np_result *s);

/*
 * --flows: the SUM of n flows' derived reports, into sum.  Counters and
 * every rate add up (the SUM line is the sum of the flow lines); elapsed
 * and the round-trip time are the flows' means; CPU utilisation, a
 * figure of the whole machine that each flow measured over the same
 * time, is their mean, and the service demands follow from it and the
 * summed work.  Everything else is flow 0's.
 */
void np_metrics_sum(const struct np_result *flows, int n, char unit, struct np_result *sum);

/* -j: the round trips' figures in microseconds (min, max, P50, P90, P99,
 * P99.9, P99.99, mean, standard deviation) from h, which counts
 * nanoseconds, and h itself for the histogram block; none when h is
 * empty.  h must outlive s. */
void np_metrics_latency(const struct np_hist *h, struct np_result *s);

/* -i/-I: when to stop iterating. */
struct np_confidence_rule {
	bool on;              /* -i or -I given */
	double level;         /* percent */
	double width;         /* total interval width, percent */
	bool result_only;     /* -r: throughput alone */
};

/* netperf reports means over the iterations, and judges confidence on
 * throughput and both CPU figures; each iteration's figures are kept
 * (the first NP_ITERATIONS_MAX) for -J. */
struct np_tally {
	struct np_stats tput, elapsed, lcpu, rcpu, lsd, rsd, bps, tps;
	bool met;
	double half_tput, half_lcpu, half_rcpu;   /* relative to the mean */
	struct np_iteration iter[NP_ITERATIONS_MAX];
};

void np_tally_add(struct np_tally *t, const struct np_confidence_rule *rule,
		  const struct np_result *s);
/* Into r: the means, the widths reached (full width, percent, as the
 * WARNING block prints them), whether the rule was met, the count; each
 * iteration's figures, the spreads of throughput and CPU, and t. */
void np_tally_fill(const struct np_tally *t, const struct np_confidence_rule *rule,
		   struct np_result *r);

#endif
