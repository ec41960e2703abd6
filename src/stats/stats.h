/*
 * stats.h - the statistics behind netperf's confidence intervals.
 *
 * Running sums over iterations, Student's t for any degrees of freedom,
 * and netperf 2.7's rule for when an interval is "met" (the confidence code
 * of its netlib.c).
 */
#ifndef NP_STATS_H
#define NP_STATS_H

#include <stdbool.h>
#include <stdint.h>

struct np_stats {
	unsigned n;
	double sum;
	double sumsq;
};

void np_stats_init(struct np_stats *s);
void np_stats_add(struct np_stats *s, double x);
double np_stats_mean(const struct np_stats *s);
/* Population variance: sum(x^2)/n - mean^2, never below 0. */
double np_stats_var(const struct np_stats *s);

/* Two-sided critical value of Student's t: P(|T| <= t) = level/100, for
 * df >= 1 degrees of freedom; level is 95 or 99 (any 50..99.9 works). */
double np_student_t(double level, unsigned df);

/*
 * netperf's half-width of the interval, relative to the mean:
 *   t(level, n-1) * sqrt(var / (n-1)) / mean
 * with var the population variance.  0 when n < 2 or the mean is 0 and
 * all samples equal; INFINITY when the mean is 0 but samples differ.
 */
double np_stats_half_width(const struct np_stats *s, double level);

/* netperf's test: the full interval (2 * half) fits in width_pct percent. */
bool np_stats_confident(const struct np_stats *s, double level,
			double width_pct);

#endif
