/*
 * hist.c - the round-trip histogram's reading: merge, buckets,
 * percentiles, the decade block (adding a value is inline in hist.h: the
 * data loops call it).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "stats/hist.h"

void np_hist_init(struct np_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

void np_hist_merge(struct np_hist *dst, const struct np_hist *src)
{
	for (unsigned i = 0; i < NP_HIST_BUCKETS; i++) {
		uint64_t b = (uint64_t)dst->bucket[i] + src->bucket[i];

		dst->bucket[i] = b > UINT32_MAX ? UINT32_MAX : (uint32_t)b;
	}
	dst->count += src->count;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->sum += src->sum;
	dst->sumsq += src->sumsq;
}

/* The low edge of bucket i: the inverse of np_hist_index. */
static uint64_t bucket_floor(unsigned i)
{
	unsigned shift;

	if (i < NP_HIST_SUB)
		return i;
	shift = i / NP_HIST_SUB - 1;
	return (uint64_t)(NP_HIST_SUB + i % NP_HIST_SUB) << shift;
}

void np_hist_bucket(unsigned i, uint64_t *low, uint64_t *width)
{
	*low = bucket_floor(i);
	*width = i < NP_HIST_SUB ? 1 : (uint64_t)1 << (i / NP_HIST_SUB - 1);
}

uint64_t np_hist_percentile(const struct np_hist *h, double p)
{
	uint64_t want, seen = 0;

	if (h->count == 0)
		return 0;
	/* The rank of the value, counting from 1: p = 50 of 10 values is
	 * the 5th. */
	want = (uint64_t)ceil(p / 100.0 * (double)h->count);
	if (want < 1)
		want = 1;
	for (unsigned i = 0; i < NP_HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= want) {
			uint64_t v = bucket_floor(i);

			return v < h->min ? h->min : v > h->max ? h->max : v;
		}
	}
	return h->max;
}

void np_hist_decades(const struct np_hist *h, uint64_t rows[NP_HIST_DECADES][10],
		     uint64_t *over)
{
	memset(rows, 0, sizeof(uint64_t) * NP_HIST_DECADES * 10);
	*over = 0;
	for (unsigned i = 0; i < NP_HIST_BUCKETS; i++) {
		uint64_t us = bucket_floor(i) / 1000, unit = 1;
		int k = 0;

		if (!h->bucket[i])
			continue;
		while (k < NP_HIST_DECADES && us >= unit * 10) {
			unit *= 10;
			k++;
		}
		if (k == NP_HIST_DECADES)
			*over += h->bucket[i];
		else
			rows[k][us / unit] += h->bucket[i];
	}
}

double np_hist_mean_us(const struct np_hist *h)
{
	return h->count ? h->sum / (double)h->count : 0.0;
}

double np_hist_stddev_us(const struct np_hist *h)
{
	double n = (double)h->count, var;

	if (h->count < 2)
		return 0.0;
	var = (h->sumsq - h->sum * h->sum / n) / (n - 1.0);
	return var > 0 ? sqrt(var) : 0.0;
}
