/*
 * spread.h - how evenly a run's flows fared: the minimum, 10th
 * percentile, median, 90th percentile and maximum of their rates, and
 * Jain's fairness index, (sum x)^2 / (n sum x^2): 1 when every flow got
 * the same, 1/n when one flow got everything.
 */
#ifndef NP_SPREAD_H
#define NP_SPREAD_H

#include <stddef.h>
#include <stdint.h>

struct np_flow_spread {
	double min, p10, p50, p90, max;
	double jain;                  /* 1 for no flows or all idle */
};

/* The spread of n flows' amounts (each times scale: a rate), with
 * scratch for n doubles (the data is not reordered).  Percentiles are
 * nearest-rank. */
void np_flow_spread(const uint64_t *amounts, size_t n, double scale, double *scratch,
		    struct np_flow_spread *out);

#endif
