/*
 * hist.h - round-trip (and data call) times as a bounded-error histogram:
 * percentiles, mean, deviation and netperf 2.7.1's decade block.
 */
#ifndef NP_HIST_H
#define NP_HIST_H

#include <stdint.h>

/*
 * Round-trip times: a log-linear histogram (HDR style).  Below 2^7 ns
 * every value has its own bucket; above, each power of two is split in
 * 128, so a percentile (a bucket's low edge) is below the true value by
 * less than 1/128 (0.8 %) of it.
 * Adding a value is a few instructions and no allocation: the data loops
 * of request/response tests call it once per transaction with -j.
 */
#define NP_HIST_SUB_BITS 7
#define NP_HIST_SUB (1u << NP_HIST_SUB_BITS)
#define NP_HIST_BUCKETS ((64 - NP_HIST_SUB_BITS + 1) * NP_HIST_SUB)

struct np_hist {
	uint64_t count;
	uint64_t min, max;      /* nanoseconds */
	double sum, sumsq;      /* of microseconds, for mean and deviation */
	uint32_t bucket[NP_HIST_BUCKETS];
};

void np_hist_init(struct np_hist *h);

static inline unsigned np_hist_index(uint64_t ns)
{
	unsigned msb = 0, shift;

	if (ns < NP_HIST_SUB)
		return (unsigned)ns;
#if defined(__GNUC__)
	msb = 63u - (unsigned)__builtin_clzll(ns);
#else
	for (uint64_t v = ns; v >>= 1;)
		msb++;
#endif
	shift = msb - NP_HIST_SUB_BITS;
	return (shift + 1) * NP_HIST_SUB + (unsigned)((ns >> shift) - NP_HIST_SUB);
}

static inline void np_hist_add(struct np_hist *h, uint64_t ns)
{
	double us = (double)ns / 1000.0;
	unsigned i = np_hist_index(ns);

	if (h->bucket[i] != UINT32_MAX)
		h->bucket[i]++;
	h->count++;
	if (ns < h->min)
		h->min = ns;
	if (ns > h->max)
		h->max = ns;
	h->sum += us;
	h->sumsq += us * us;
}

/* Bucket i's values: [low, low + width) nanoseconds (-J lists them). */
void np_hist_bucket(unsigned i, uint64_t *low, uint64_t *width);

/* Add src's values to dst (a flow's histogram to the sum's). */
void np_hist_merge(struct np_hist *dst, const struct np_hist *src);

/* The smallest value at or below which p percent of the values fall
 * (nanoseconds; the low edge of its bucket).  0 when empty. */
uint64_t np_hist_percentile(const struct np_hist *h, double p);
double np_hist_mean_us(const struct np_hist *h);

/* netperf 2.7.1's histogram block (-v 2 with its --enable-histogram):
 * rows of ten cells for 1 us, 10 us, ... 10 s, cell j of row k counting
 * values in [j, j+1) * 10^k us; over counts 100 s and beyond.  Each fine
 * bucket falls in the cell of its low edge, so a value within 1/128 above
 * a cell's edge may be counted in the cell below; the cells always add
 * up to h->count. */
#define NP_HIST_DECADES 8
void np_hist_decades(const struct np_hist *h, uint64_t rows[NP_HIST_DECADES][10],
		     uint64_t *over);
/* Sample standard deviation, microseconds. */
double np_hist_stddev_us(const struct np_hist *h);

#endif
