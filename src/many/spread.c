/*
 * spread.c - the flows' spread (spread.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "many/spread.h"

#include <math.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least p percent at or
 * below it. */
static double rank(const double *v, size_t n, double p)
{
	size_t k = (size_t)ceil(p / 100.0 * (double)n);

	return v[k > 0 ? k - 1 : 0];
}

void np_flow_spread(const uint64_t *amounts, size_t n, double scale, double *scratch,
		    struct np_flow_spread *out)
{
	double sum = 0, sumsq = 0;

	*out = (struct np_flow_spread){ 0, 0, 0, 0, 0, 1 };
	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++) {
		scratch[i] = (double)amounts[i] * scale;
		sum += scratch[i];
		sumsq += scratch[i] * scratch[i];
	}
	qsort(scratch, n, sizeof(*scratch), by_value);
	out->min = scratch[0];
	out->p10 = rank(scratch, n, 10);
	out->p50 = rank(scratch, n, 50);
	out->p90 = rank(scratch, n, 90);
	out->max = scratch[n - 1];
	if (sumsq > 0)
		out->jain = sum * sum / ((double)n * sumsq);
}
