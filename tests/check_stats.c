/*
 * check_stats.c - unit tests for stats.c: running sums, Student's t and
 * netperf's confidence rule.
 *
 * Table values are netperf 2.7's own (3 decimals); the closed forms for
 * df 1 and 2 and the large-df values pin the computation down to 1e-9.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"
#include "stats/hist.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define TABLE_TOL 1e-3
#define REL_TOL 1e-9

struct t_case {
	double level;
	unsigned df;
	double t;
};

static void fill(struct np_stats *s, const double *x, size_t n);
static void assert_rel(double got, double want, double rel);
static void assert_hist_same(const struct np_hist *a, const struct np_hist *b);
static Suite *stats_suite(void);

static void
fill(struct np_stats *s, const double *x, size_t n)
{
	size_t i;

	np_stats_init(s);
	for (i = 0; i < n; i++)
		np_stats_add(s, x[i]);
}

static void
assert_rel(double got, double want, double rel)
{
	ck_assert_double_eq_tol(got, want, fabs(want) * rel);
}

START_TEST(test_init_is_empty)
{
	struct np_stats s = { 7, 3.0, 9.0 };

	np_stats_init(&s);
	ck_assert_uint_eq(s.n, 0);
	ck_assert_double_eq(np_stats_mean(&s), 0.0);
	ck_assert_double_eq(np_stats_var(&s), 0.0);
}
END_TEST

START_TEST(test_mean_var_small_sets)
{
	static const double a[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double b[] = { 1, 2, 3, 4 };
	struct np_stats s;

	fill(&s, a, sizeof(a) / sizeof(a[0]));
	ck_assert_uint_eq(s.n, 8);
	ck_assert_double_eq_tol(np_stats_mean(&s), 5.0, 1e-12);
	/* Population, not sample, variance: 32 / 8, not 32 / 7. */
	ck_assert_double_eq_tol(np_stats_var(&s), 4.0, 1e-12);

	fill(&s, b, sizeof(b) / sizeof(b[0]));
	ck_assert_double_eq_tol(np_stats_mean(&s), 2.5, 1e-12);
	ck_assert_double_eq_tol(np_stats_var(&s), 1.25, 1e-12);
}
END_TEST

START_TEST(test_var_single_and_equal)
{
	static const double equal[] = { 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7 };
	struct np_stats s;

	np_stats_init(&s);
	np_stats_add(&s, 42.0);
	ck_assert_double_eq(np_stats_mean(&s), 42.0);
	ck_assert_double_eq(np_stats_var(&s), 0.0);

	/* In IEEE doubles sum(x^2)/n - mean^2 is -2.2e-16 for these. */
	fill(&s, equal, sizeof(equal) / sizeof(equal[0]));
	ck_assert(np_stats_var(&s) >= 0.0);
	ck_assert(np_stats_var(&s) < 1e-15);
	ck_assert(!isnan(np_stats_half_width(&s, 99)));
	ck_assert(np_stats_confident(&s, 99, 5));
}
END_TEST

static const struct t_case t_table[] = {
	{ 95, 1, 12.706 }, { 95, 2, 4.303 }, { 95, 9, 2.262 },
	{ 95, 29, 2.045 }, { 99, 1, 63.657 }, { 99, 2, 9.925 },
	{ 99, 9, 3.250 }, { 99, 29, 2.756 }, { 95, 1000, 1.962 },
};

START_TEST(test_student_t_table)
{
	const struct t_case *c = &t_table[_i];

	ck_assert_double_eq_tol(np_student_t(c->level, c->df), c->t, TABLE_TOL);
}
END_TEST

/* -I takes any level from 50 to 99.99: t against values from a 40-digit
 * evaluation of the incomplete beta function (mpmath), df 1..200. */
static const struct t_case t_levels[] = {
	{ 50, 1, 1.0 },
	{ 50, 2, 0.816496580927726 },
	{ 50, 5, 0.726686843800423 },
	{ 50, 10, 0.699812061312432 },
	{ 50, 30, 0.682755693321293 },
	{ 50, 100, 0.676951043011471 },
	{ 50, 200, 0.67571841140422 },
	{ 90, 1, 6.31375151467504 },
	{ 90, 2, 2.91998558035373 },
	{ 90, 5, 2.01504837333302 },
	{ 90, 10, 1.81246112281168 },
	{ 90, 30, 1.69726088659396 },
	{ 90, 100, 1.66023432608534 },
	{ 90, 200, 1.65250810091088 },
	{ 99.9, 1, 636.61924876872 },
	{ 99.9, 2, 31.5990545764436 },
	{ 99.9, 5, 6.86882662588111 },
	{ 99.9, 10, 4.58689385870264 },
	{ 99.9, 30, 3.64595863504202 },
	{ 99.9, 100, 3.39049131116423 },
	{ 99.9, 200, 3.33983540627568 },
	{ 99.99, 1, 6366.19767131594 },
	{ 99.99, 2, 99.9924998437445 },
	{ 99.99, 5, 11.1777100702786 },
	{ 99.99, 10, 6.21105089129066 },
	{ 99.99, 30, 4.48241717540975 },
	{ 99.99, 100, 4.05333670120152 },
	{ 99.99, 200, 3.97049685150295 },
};

START_TEST(test_student_t_levels)
{
	const struct t_case *c = &t_levels[_i];

	assert_rel(np_student_t(c->level, c->df), c->t, REL_TOL);
}
END_TEST

/* A worked example: six throughputs at 95 %, t(95, 5) = 2.5706; the full
 * interval is 37.18 % of the mean, as netperf's rule computes it (the
 * population variance over n - 1). */
START_TEST(test_worked_example)
{
	static const double x[] = { 17588, 17252, 15928, 23515, 20558, 24411 };
	struct np_stats s;

	np_stats_init(&s);
	for (size_t i = 0; i < sizeof(x) / sizeof(x[0]); i++)
		np_stats_add(&s, x[i]);
	ck_assert_double_eq_tol(200.0 * np_stats_half_width(&s, 95), 37.18, 0.005);
	ck_assert(!np_stats_confident(&s, 95, 37.17));
	ck_assert(np_stats_confident(&s, 95, 37.19));
}
END_TEST

/* df 1 is Cauchy: t = tan(pi * level / 200).  df 2: t^2 = 2p^2/(1-p^2). */
START_TEST(test_student_t_closed_forms)
{
	static const double levels[] = { 50, 80, 90, 95, 99, 99.9 };
	size_t i;
	double p;

	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		p = levels[i] / 100.0;
		assert_rel(np_student_t(levels[i], 1), tan(M_PI * p / 2.0),
		    REL_TOL);
		assert_rel(np_student_t(levels[i], 2),
		    sqrt(2.0 * p * p / (1.0 - p * p)), REL_TOL);
	}
}
END_TEST

/* Reference values from a 50-digit evaluation of the beta integral. */
START_TEST(test_student_t_any_df)
{
	static const struct t_case ref[] = {
		{ 99, 29, 2.75638590367061 },
		{ 99, 128, 2.61478489875331 },
		{ 99.9, 10000, 3.2914999659416 },
		{ 99.9, 10001, 3.29149986860175 },
		{ 99, 10001, 2.5763209974903 },
		{ 99.99999, 10001, 5.33063766106671 },
		{ 99, 10000000, 2.57582979520375 },
		{ 95, 1000000000, 1.95996398691233 },
		{ 95, 4294967295u, 1.95996398509239 },
	};
	size_t i;

	for (i = 0; i < sizeof(ref) / sizeof(ref[0]); i++)
		assert_rel(np_student_t(ref[i].level, ref[i].df), ref[i].t,
		    REL_TOL);
}
END_TEST

/* Wider for fewer samples, narrower for a lower level, never below z. */
START_TEST(test_student_t_monotone)
{
	static const double levels[] = { 50, 95, 99, 99.9 };
	double prev = INFINITY, t;
	unsigned df;
	size_t i;

	for (df = 1; df <= 300; df++) {
		t = np_student_t(99, df);
		ck_assert(t < prev);
		ck_assert(t > 2.5758293035489);
		ck_assert(np_student_t(95, df) < t);
		prev = t;
	}
	/* No step where the method changes for huge df. */
	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		ck_assert(np_student_t(levels[i], 9999) >
		    np_student_t(levels[i], 10000));
		ck_assert(np_student_t(levels[i], 10000) >
		    np_student_t(levels[i], 10001));
		ck_assert(np_student_t(levels[i], 10001) >
		    np_student_t(levels[i], 10002));
	}
}
END_TEST

START_TEST(test_student_t_invalid)
{
	ck_assert(isnan(np_student_t(95, 0)));
	ck_assert(isnan(np_student_t(0, 5)));
	ck_assert(isnan(np_student_t(100, 5)));
	ck_assert(isnan(np_student_t(-5, 5)));
	ck_assert(isnan(np_student_t(150, 5)));
	ck_assert(isnan(np_student_t(NAN, 5)));
}
END_TEST

/* {100, 102, 98}: mean 100, population variance 8/3, df 2. */
START_TEST(test_half_width_by_hand)
{
	static const double x[] = { 100, 102, 98 };
	struct np_stats s;

	fill(&s, x, 3);
	ck_assert_double_eq_tol(np_stats_mean(&s), 100.0, 1e-12);
	ck_assert_double_eq_tol(np_stats_var(&s), 8.0 / 3.0, 1e-12);
	ck_assert_double_eq_tol(np_stats_half_width(&s, 99),
	    9.925 * sqrt((8.0 / 3.0) / 2.0) / 100.0, 1e-5);
	ck_assert_double_eq_tol(np_stats_half_width(&s, 95),
	    4.303 * sqrt((8.0 / 3.0) / 2.0) / 100.0, 1e-5);
}
END_TEST

START_TEST(test_half_width_small_n)
{
	struct np_stats s;

	np_stats_init(&s);
	ck_assert_double_eq(np_stats_half_width(&s, 99), 0.0);
	np_stats_add(&s, 1234.0);
	ck_assert_double_eq(np_stats_half_width(&s, 99), 0.0);
	np_stats_add(&s, 1236.0);
	/* Two samples: t(99, 1) * sqrt(1 / 1) / 1235. */
	ck_assert_double_eq_tol(np_stats_half_width(&s, 99), 63.657 / 1235.0,
	    1e-6);
}
END_TEST

START_TEST(test_half_width_zero_mean)
{
	static const double zeros[] = { 0, 0, 0 };
	static const double spread[] = { -1, 1, -1, 1 };
	struct np_stats s;
	double h;

	fill(&s, zeros, 3);
	ck_assert_double_eq(np_stats_half_width(&s, 99), 0.0);
	ck_assert(np_stats_confident(&s, 99, 5));

	fill(&s, spread, 4);
	ck_assert_double_eq(np_stats_mean(&s), 0.0);
	h = np_stats_half_width(&s, 99);
	ck_assert(isinf(h) && h > 0);
	ck_assert(!np_stats_confident(&s, 99, 5));
	ck_assert(!np_stats_confident(&s, 95, 100));
}
END_TEST

/* Unmeasured CPU is reported as a constant -1: it must not block. */
START_TEST(test_constant_negative_is_confident)
{
	static const double x[] = { -1, -1, -1 };
	struct np_stats s;

	fill(&s, x, 3);
	ck_assert_double_eq(np_stats_half_width(&s, 99), 0.0);
	ck_assert(np_stats_confident(&s, 99, 5));
}
END_TEST

START_TEST(test_confident_cases)
{
	static const double wide[] = { 100, 102, 98 };
	static const double tight[] = { 1000, 1001, 999, 1000, 1000 };
	static const double noisy[] = { 500, 1500, 800, 1200, 1000 };
	struct np_stats s;

	/* 2 * half = 0.2292 at 99 %, 0.0994 at 95 %. */
	fill(&s, wide, 3);
	ck_assert(np_stats_confident(&s, 99, 25));
	ck_assert(!np_stats_confident(&s, 99, 20));
	ck_assert(np_stats_confident(&s, 95, 10));
	ck_assert(!np_stats_confident(&s, 95, 9));

	fill(&s, tight, 5);
	ck_assert(np_stats_confident(&s, 99, 5));
	ck_assert(np_stats_confident(&s, 99, 0.5));
	ck_assert(!np_stats_confident(&s, 99, 0.1));

	fill(&s, noisy, 5);
	ck_assert(!np_stats_confident(&s, 99, 5));
	ck_assert(!np_stats_confident(&s, 95, 5));
}
END_TEST

START_TEST(test_confident_needs_two)
{
	struct np_stats s;

	np_stats_init(&s);
	ck_assert(!np_stats_confident(&s, 99, 5));
	np_stats_add(&s, 100.0);
	ck_assert(!np_stats_confident(&s, 99, 5));
	np_stats_add(&s, 100.0);
	ck_assert(np_stats_confident(&s, 99, 5));
}
END_TEST

START_TEST(test_confident_bad_level)
{
	static const double x[] = { 100, 101, 99 };
	struct np_stats s;

	fill(&s, x, 3);
	ck_assert(np_stats_confident(&s, 99, 50));
	ck_assert(!np_stats_confident(&s, 100, 50));
	ck_assert(!np_stats_confident(&s, 0, 50));
}
END_TEST

/* Every value maps into a bucket whose low edge is within 1/64 below it,
 * and buckets grow with values (no gaps, no overlap). */
START_TEST(test_hist_buckets)
{
	struct np_hist h;
	unsigned prev = 0;

	for (uint64_t v = 0; v < 5000000; v += 1 + v / 97) {
		unsigned i = np_hist_index(v);

		ck_assert_uint_lt(i, NP_HIST_BUCKETS);
		ck_assert_uint_ge(i, prev);
		prev = i;
		np_hist_init(&h);
		np_hist_add(&h, v);
		/* one value: every percentile is it, to the bucket's width */
		ck_assert_uint_le(np_hist_percentile(&h, 50), v);
		ck_assert_uint_ge(np_hist_percentile(&h, 50) * 129, v * 128);
	}
	ck_assert_uint_lt(np_hist_index(UINT64_MAX), NP_HIST_BUCKETS);
	ck_assert_uint_eq(np_hist_index(127), 127);
	ck_assert_uint_eq(np_hist_index(128), 128);
	ck_assert_uint_eq(np_hist_index(256), 256);
	ck_assert_uint_eq(np_hist_index(257), 256);
}
END_TEST

/* 1..1000 microseconds, one each: known percentiles, mean, deviation. */
START_TEST(test_hist_percentiles)
{
	struct np_hist h;
	uint64_t p50, p90, p99;

	np_hist_init(&h);
	ck_assert_uint_eq(np_hist_percentile(&h, 50), 0);
	for (int us = 1000; us >= 1; us--)
		np_hist_add(&h, (uint64_t)us * 1000);
	ck_assert_uint_eq(h.count, 1000);
	ck_assert_uint_eq(h.min, 1000);
	ck_assert_uint_eq(h.max, 1000000);
	p50 = np_hist_percentile(&h, 50);
	p90 = np_hist_percentile(&h, 90);
	p99 = np_hist_percentile(&h, 99);
	/* within the 1/64 bucket width below the exact 500, 900, 990 us */
	ck_assert_uint_le(p50, 500000);
	ck_assert_uint_ge(p50, 500000 - 500000 / 64);
	ck_assert_uint_le(p90, 900000);
	ck_assert_uint_ge(p90, 900000 - 900000 / 64);
	ck_assert_uint_le(p99, 990000);
	ck_assert_uint_ge(p99, 990000 - 990000 / 64);
	ck_assert_uint_eq(np_hist_percentile(&h, 100), 1000000 - 1000000 % (1u << 14));
	ck_assert_uint_eq(np_hist_percentile(&h, 0), 1000);
	ck_assert_double_eq_tol(np_hist_mean_us(&h), 500.5, 1e-9);
	/* sample deviation of 1..n: sqrt(n(n+1)/12) */
	ck_assert_double_eq_tol(np_hist_stddev_us(&h), sqrt(1000.0 * 1001.0 / 12.0), 1e-6);
}
END_TEST

/* Percentiles the merge tests compare. */
static const double merge_pcts[] = { 0, 1, 10, 25, 50, 75, 90, 99, 99.9, 100 };

static void
assert_hist_same(const struct np_hist *a, const struct np_hist *b)
{
	ck_assert_uint_eq(a->count, b->count);
	ck_assert_uint_eq(a->min, b->min);
	ck_assert_uint_eq(a->max, b->max);
	ck_assert_double_eq_tol(a->sum, b->sum, fabs(b->sum) * 1e-12);
	ck_assert_double_eq_tol(a->sumsq, b->sumsq, fabs(b->sumsq) * 1e-12);
	for (unsigned i = 0; i < NP_HIST_BUCKETS; i++)
		ck_assert_msg(a->bucket[i] == b->bucket[i], "bucket %u: %u, want %u", i,
			      a->bucket[i], b->bucket[i]);
	for (size_t k = 0; k < sizeof(merge_pcts) / sizeof(merge_pcts[0]); k++)
		ck_assert_uint_eq(np_hist_percentile(a, merge_pcts[k]),
				  np_hist_percentile(b, merge_pcts[k]));
	ck_assert_double_eq_tol(np_hist_mean_us(a), np_hist_mean_us(b),
				fabs(np_hist_mean_us(b)) * 1e-12);
	ck_assert_double_eq_tol(np_hist_stddev_us(a), np_hist_stddev_us(b),
				fabs(np_hist_stddev_us(b)) * 1e-9);
}

/* Merging two histograms is adding all their values to one. */
START_TEST(test_hist_merge_equals_adding)
{
	static const uint64_t a[] = { 70, 1500, 123456, 999, 5000000, 64, 64, 63 };
	static const uint64_t b[] = { 2, 77777, 123456, (uint64_t)1 << 40, 1501, 1000000 };
	struct np_hist all, ha, hb, hc;

	np_hist_init(&all);
	np_hist_init(&ha);
	np_hist_init(&hb);
	for (size_t i = 0; i < sizeof(a) / sizeof(a[0]); i++) {
		np_hist_add(&all, a[i]);
		np_hist_add(&ha, a[i]);
	}
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		np_hist_add(&all, b[i]);
		np_hist_add(&hb, b[i]);
	}
	/* Many more values in a third, so the percentiles move. */
	np_hist_init(&hc);
	for (uint64_t us = 1; us <= 1000; us++) {
		np_hist_add(&all, us * 1000);
		np_hist_add(&hc, us * 1000);
	}
	np_hist_merge(&ha, &hb);
	np_hist_merge(&ha, &hc);
	assert_hist_same(&ha, &all);
	ck_assert_uint_eq(ha.count, 8 + 6 + 1000);
	ck_assert_uint_eq(ha.min, 2);
	ck_assert_uint_eq(ha.max, (uint64_t)1 << 40);
	ck_assert_uint_eq(ha.bucket[np_hist_index(64)], 2);
	/* 123456 twice in a 512 ns wide bucket, 123392..123903; 123000 (from
	 * c) is in the one below. */
	ck_assert_uint_eq(ha.bucket[np_hist_index(123456)], 2);
	ck_assert_uint_eq(ha.bucket[np_hist_index(123000)], 1);
	ck_assert_uint_eq(ha.bucket[np_hist_index((uint64_t)1 << 40)], 1);
	/* A merge one way round is the merge the other way. */
	np_hist_merge(&hc, &hb);
	np_hist_init(&hb);
	for (size_t i = 0; i < sizeof(a) / sizeof(a[0]); i++)
		np_hist_add(&hb, a[i]);
	np_hist_merge(&hc, &hb);
	assert_hist_same(&hc, &all);
}
END_TEST

/* netperf 2.7.1's block: cell j of row k is [j, j+1) * 10^k us; the
 * cells add up to the count. */
START_TEST(test_hist_decades)
{
	static const uint64_t ns[] = { 500, 1000, 9999, 10100, 25000, 99000, 100500,
				       5050000, 9990000000ull, 99000000000ull,
				       101000000000ull, 250000000000ull };
	uint64_t rows[NP_HIST_DECADES][10], over, total = 0;
	struct np_hist h;

	np_hist_init(&h);
	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		np_hist_add(&h, ns[i]);
	np_hist_decades(&h, rows, &over);
	ck_assert_uint_eq(rows[0][0], 1);      /* 0.5 us */
	ck_assert_uint_eq(rows[0][1], 1);      /* 1 us */
	ck_assert_uint_eq(rows[0][9], 1);      /* 9.999 us */
	ck_assert_uint_eq(rows[1][1], 1);      /* 10.1 us */
	ck_assert_uint_eq(rows[1][2], 1);      /* 25 us */
	ck_assert_uint_eq(rows[1][9], 1);      /* 99 us */
	ck_assert_uint_eq(rows[2][1], 1);      /* 100.5 us */
	ck_assert_uint_eq(rows[3][5], 1);      /* 5.05 ms */
	ck_assert_uint_eq(rows[6][9], 1);      /* 9.99 s */
	ck_assert_uint_eq(rows[7][9], 1);      /* 99 s */
	ck_assert_uint_eq(over, 2);            /* 101 s, 250 s */
	for (int k = 0; k < NP_HIST_DECADES; k++)
		for (int j = 0; j < 10; j++)
			total += rows[k][j];
	ck_assert_uint_eq(total + over, h.count);
	/* Right at an edge, 10 us: its bucket starts at 9.984 us, below. */
	np_hist_init(&h);
	np_hist_add(&h, 10000);
	np_hist_decades(&h, rows, &over);
	ck_assert_uint_eq(rows[0][9], 1);
}
END_TEST

/* The man page's bound on synthetic distributions: every percentile
 * from 1 to 99.99 lies within 1 % below the exact one (the value of that
 * rank in the sorted samples), and never above it. */
static int cmp_u64(const void *a, const void *b)
{
	const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

START_TEST(test_hist_error_bound)
{
	enum { N = 200000 };
	static const double pcts[] = { 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99 };
	uint64_t *v = malloc(N * sizeof(*v));
	struct np_hist *h = malloc(sizeof(*h));
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	ck_assert(v && h);
	for (int dist = 0; dist < 3; dist++) {
		np_hist_init(h);
		for (int i = 0; i < N; i++) {
			double u;

			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			u = (double)(seed >> 11) / 9007199254740992.0;   /* [0, 1) */
			switch (dist) {
			case 0: v[i] = 5000 + (uint64_t)(u * 95000); break;         /* 5..100 us */
			case 1: v[i] = 2000 + (uint64_t)(-log1p(-u) * 30000); break; /* a tail */
			default: v[i] = (uint64_t)exp(u * log(1e9)); break;          /* 1 ns..1 s */
			}
			np_hist_add(h, v[i]);
		}
		qsort(v, N, sizeof(*v), cmp_u64);
		for (size_t k = 0; k < sizeof(pcts) / sizeof(pcts[0]); k++) {
			uint64_t rank = (uint64_t)ceil(pcts[k] / 100.0 * N);
			uint64_t exact = v[rank - 1], got = np_hist_percentile(h, pcts[k]);

			ck_assert_msg(got <= exact && (double)got >= 0.99 * (double)exact,
				      "distribution %d, p%g: %llu, exact %llu", dist, pcts[k],
				      (unsigned long long)got, (unsigned long long)exact);
		}
	}
	free(v);
	free(h);
}
END_TEST

/* Exact sums: whole microseconds, so mean and deviation are exact too. */
START_TEST(test_hist_merge_by_hand)
{
	struct np_hist h, g;

	np_hist_init(&h);
	np_hist_init(&g);
	np_hist_add(&h, 1000);
	np_hist_add(&h, 3000);
	np_hist_add(&g, 5000);
	np_hist_add(&g, 7000);
	np_hist_merge(&h, &g);
	ck_assert_uint_eq(h.count, 4);
	ck_assert_uint_eq(h.min, 1000);
	ck_assert_uint_eq(h.max, 7000);
	ck_assert_double_eq(h.sum, 16);
	ck_assert_double_eq(h.sumsq, 1 + 9 + 25 + 49);
	ck_assert_double_eq(np_hist_mean_us(&h), 4);
	/* Sample variance of 1, 3, 5, 7: 20 / 3. */
	ck_assert_double_eq_tol(np_hist_stddev_us(&h), sqrt(20.0 / 3.0), 1e-12);
	/* The 2nd of 4 is 3000 ns, at the low edge of its bucket (16 ns wide
	 * in 2048..4095); the 4th 7000 ns (32 ns wide in 4096..8191). */
	ck_assert_uint_eq(np_hist_percentile(&h, 50), 3000 - 3000 % 16);
	ck_assert_uint_eq(np_hist_percentile(&h, 100), 7000 - 7000 % 32);
	ck_assert_uint_eq(np_hist_percentile(&h, 0), 1000);
	/* g is left as it was. */
	ck_assert_uint_eq(g.count, 2);
	ck_assert_uint_eq(g.min, 5000);
}
END_TEST

/* An empty histogram is the merge's identity, either side. */
START_TEST(test_hist_merge_empty)
{
	static struct np_hist h, before, empty, e2;

	np_hist_init(&h);
	for (uint64_t v = 10; v < 10000000; v = v * 3 + 1)
		np_hist_add(&h, v);
	before = h;
	np_hist_init(&empty);
	np_hist_merge(&h, &empty);
	ck_assert(memcmp(&h, &before, sizeof(h)) == 0);
	ck_assert_uint_eq(empty.count, 0);

	/* Into an empty one: a copy. */
	np_hist_merge(&empty, &h);
	ck_assert(memcmp(&empty, &h, sizeof(h)) == 0);

	/* Empty into empty: still empty, min still above everything. */
	np_hist_init(&empty);
	np_hist_init(&e2);
	np_hist_merge(&empty, &e2);
	ck_assert_uint_eq(empty.count, 0);
	ck_assert_uint_eq(empty.min, UINT64_MAX);
	ck_assert_uint_eq(empty.max, 0);
	ck_assert_uint_eq(np_hist_percentile(&empty, 50), 0);
	ck_assert_double_eq(np_hist_mean_us(&empty), 0);
	ck_assert_double_eq(np_hist_stddev_us(&empty), 0);
}
END_TEST

/* A bucket holds at most UINT32_MAX; the count goes on in 64 bits. */
START_TEST(test_hist_merge_saturates)
{
	static struct np_hist d, s;
	const unsigned last = NP_HIST_BUCKETS - 1;

	np_hist_init(&d);
	np_hist_init(&s);
	d.bucket[100] = UINT32_MAX - 1;
	s.bucket[100] = 5;
	d.bucket[0] = UINT32_MAX;
	s.bucket[0] = UINT32_MAX;
	s.bucket[last] = UINT32_MAX;
	d.bucket[7] = UINT32_MAX - 5;
	s.bucket[7] = 5;
	d.bucket[8] = 1;
	d.count = (uint64_t)UINT32_MAX * 3 - 5;
	s.count = (uint64_t)UINT32_MAX * 2 + 10;
	np_hist_merge(&d, &s);
	ck_assert_uint_eq(d.bucket[100], UINT32_MAX);
	ck_assert_uint_eq(d.bucket[0], UINT32_MAX);
	ck_assert_uint_eq(d.bucket[last], UINT32_MAX);
	ck_assert_uint_eq(d.bucket[7], UINT32_MAX);     /* exactly full */
	ck_assert_uint_eq(d.bucket[8], 1);
	ck_assert_uint_eq(d.bucket[99], 0);
	ck_assert_uint_eq(d.bucket[101], 0);
	ck_assert_uint_eq(d.count, (uint64_t)UINT32_MAX * 5 + 5);

	/* np_hist_add stops at the same ceiling. */
	np_hist_init(&d);
	d.bucket[np_hist_index(5)] = UINT32_MAX;
	np_hist_add(&d, 5);
	ck_assert_uint_eq(d.bucket[np_hist_index(5)], UINT32_MAX);
	ck_assert_uint_eq(d.count, 1);
}
END_TEST

static Suite *
stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc;

	tc = tcase_create("running");
	tcase_add_test(tc, test_init_is_empty);
	tcase_add_test(tc, test_mean_var_small_sets);
	tcase_add_test(tc, test_var_single_and_equal);
	suite_add_tcase(s, tc);

	tc = tcase_create("student_t");
	tcase_add_loop_test(tc, test_student_t_table, 0,
	    (int)(sizeof(t_table) / sizeof(t_table[0])));
	tcase_add_loop_test(tc, test_student_t_levels, 0,
			    (int)(sizeof(t_levels) / sizeof(t_levels[0])));
	tcase_add_test(tc, test_student_t_closed_forms);
	tcase_add_test(tc, test_student_t_any_df);
	tcase_add_test(tc, test_student_t_monotone);
	tcase_add_test(tc, test_student_t_invalid);
	suite_add_tcase(s, tc);

	tc = tcase_create("histogram");
	tcase_add_test(tc, test_hist_buckets);
	tcase_add_test(tc, test_hist_percentiles);
	tcase_add_test(tc, test_hist_merge_equals_adding);
	tcase_add_test(tc, test_hist_merge_by_hand);
	tcase_add_test(tc, test_hist_decades);
	tcase_add_test(tc, test_hist_error_bound);
	tcase_add_test(tc, test_hist_merge_empty);
	tcase_add_test(tc, test_hist_merge_saturates);
	suite_add_tcase(s, tc);

	tc = tcase_create("confidence");
	tcase_add_test(tc, test_half_width_by_hand);
	tcase_add_test(tc, test_worked_example);
	tcase_add_test(tc, test_half_width_small_n);
	tcase_add_test(tc, test_half_width_zero_mean);
	tcase_add_test(tc, test_constant_negative_is_confident);
	tcase_add_test(tc, test_confident_cases);
	tcase_add_test(tc, test_confident_needs_two);
	tcase_add_test(tc, test_confident_bad_level);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(stats_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
