/*
 * check_trend.c - unit tests for trend.c: Mann-Kendall's trend test.
 *
 * Exact p values are fractions found by enumerating every permutation
 * (n = 6, 7) or from the Mahonian numbers in integer arithmetic (n = 20,
 * 30), both in Python; this file also enumerates the permutations of
 * 3..7 itself.  Normal-path values are the formula worked by hand, with
 * the figures Python's math.erfc gives next to them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/trend.h"

#define EXACT_TOL 1e-12
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void assert_rel(double got, double want, double rel);
static void assert_refused(const struct np_trend *t);
static long brute_s(const int *perm, int n);
static int next_perm(int *a, int n);
static void reverse(const double *x, double *y, int n);
static Suite *trend_suite(void);

static void
assert_rel(double got, double want, double rel)
{
	ck_assert_double_eq_tol(got, want, fabs(want) * rel);
}

static void
assert_refused(const struct np_trend *t)
{
	ck_assert_int_eq(t->direction, 0);
	ck_assert_int_eq(t->n, 0);
	ck_assert_int_eq(t->s, 0);
	ck_assert_int_eq(t->exact, 0);
	ck_assert_double_eq(t->p, 1.0);
	ck_assert_double_eq(t->z, 0.0);
}

static long
brute_s(const int *perm, int n)
{
	long s = 0;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			s += perm[j] > perm[i] ? 1 : -1;
	return s;
}

/* Lexicographic successor; 0 after the last permutation. */
static int
next_perm(int *a, int n)
{
	int i = n - 2, j, tmp;

	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return 0;
	j = n - 1;
	while (a[j] <= a[i])
		j--;
	tmp = a[i], a[i] = a[j], a[j] = tmp;
	for (i++, j = n - 1; i < j; i++, j--)
		tmp = a[i], a[i] = a[j], a[j] = tmp;
	return 1;
}

static void
reverse(const double *x, double *y, int n)
{
	int i;

	for (i = 0; i < n; i++)
		y[i] = x[n - 1 - i];
}

START_TEST(test_rising)
{
	double x[10];
	struct np_trend t;
	int i;

	for (i = 0; i < 10; i++)
		x[i] = i + 1;
	ck_assert_int_eq(np_trend_mk(x, 10, 0.95, &t), 0);
	ck_assert_int_eq(t.n, 10);
	ck_assert_int_eq(t.s, 45);
	ck_assert_int_eq(t.exact, 1);
	ck_assert_double_eq(t.z, 0.0);
	/* Only the order itself and its reverse: 2/10!. */
	assert_rel(t.p, 2.0 / 3628800.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(x, 10, 0.99, &t), 0);
	ck_assert_int_eq(t.direction, 1);
}
END_TEST

START_TEST(test_falling)
{
	double x[10];
	struct np_trend t;
	int i;

	for (i = 0; i < 10; i++)
		x[i] = 100.0 - 3.5 * i;
	ck_assert_int_eq(np_trend_mk(x, 10, 0.99, &t), 0);
	ck_assert_int_eq(t.s, -45);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 2.0 / 3628800.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, -1);
}
END_TEST

START_TEST(test_constant)
{
	static const double x[] = { 7, 7, 7, 7, 7, 7, 7, 7 };
	struct np_trend t;

	/* All ties: S = 0 and Var(S) = 0. */
	ck_assert_int_eq(np_trend_mk(x, NELEM(x), 0.95, &t), 0);
	ck_assert_int_eq(t.n, NELEM(x));
	ck_assert_int_eq(t.s, 0);
	ck_assert_int_eq(t.exact, 0);
	ck_assert_double_eq(t.z, 0.0);
	ck_assert_double_eq(t.p, 1.0);
	ck_assert_int_eq(t.direction, 0);
}
END_TEST

/* Known samples, p by enumerating all 720 / 5040 orders in Python. */
START_TEST(test_known_exact)
{
	static const double six[] = { 3.1, 1.2, 4.5, 2.2, 5.9, 5.0 };
	static const double seven[] = { 9.4, 9.1, 9.6, 8.7, 8.8, 8.2, 8.9 };
	static const double seven_b[] = { 10, 12, 11, 14, 13, 16, 15 };
	double y[7];
	struct np_trend t;

	ck_assert_int_eq(np_trend_mk(six, 6, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 7);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 49.0 / 180.0, EXACT_TOL);     /* 196 of 720 */
	ck_assert_int_eq(t.direction, 0);

	ck_assert_int_eq(np_trend_mk(seven, 7, 0.95, &t), 0);
	ck_assert_int_eq(t.s, -9);
	assert_rel(t.p, 43.0 / 180.0, EXACT_TOL);     /* 1204 of 5040 */
	ck_assert_int_eq(t.direction, 0);

	/* p = 0.0302: a trend at 95 %, not at 99 %. */
	ck_assert_int_eq(np_trend_mk(seven_b, 7, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 15);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 19.0 / 630.0, EXACT_TOL);     /* 152 of 5040 */
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(seven_b, 7, 0.99, &t), 0);
	assert_rel(t.p, 19.0 / 630.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 0);

	/* Backwards: S changes sign, p does not. */
	reverse(seven_b, y, 7);
	ck_assert_int_eq(np_trend_mk(y, 7, 0.95, &t), 0);
	ck_assert_int_eq(t.s, -15);
	assert_rel(t.p, 19.0 / 630.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, -1);
}
END_TEST

/* Larger exact cases: Mahonian numbers in Python's integers. */
START_TEST(test_known_exact_large)
{
	static const double x20[] = {
		5.0, 4.1, 6.2, 5.5, 4.9, 6.8, 6.1, 5.7, 7.3, 6.6,
		7.9, 6.4, 7.0, 8.1, 7.7, 8.8, 7.5, 8.3, 9.0, 8.6
	};
	double x30[30];
	struct np_trend t;
	int i;

	ck_assert_int_eq(np_trend_mk(x20, 20, 0.99, &t), 0);
	ck_assert_int_eq(t.s, 136);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 33317153323.0 / 24825530695680000.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 1);

	/* No trend: a shuffle of 30 distinct values. */
	for (i = 0; i < 30; i++)
		x30[i] = (double)(((i + 1) * 7919) % 31) / 3.0;
	ck_assert_int_eq(np_trend_mk(x30, 30, 0.95, &t), 0);
	ck_assert_int_eq(t.s, -45);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 0.43575827915457094, EXACT_TOL);
	ck_assert_int_eq(t.direction, 0);

	/* The tiniest tails keep their digits: 2/20!, 2/30!. */
	for (i = 0; i < 30; i++)
		x30[i] = i;
	ck_assert_int_eq(np_trend_mk(x30, 20, 0.95, &t), 0);
	assert_rel(t.p, 8.22063524662433e-19, EXACT_TOL);
	ck_assert_int_eq(np_trend_mk(x30, 30, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 435);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 7.539975257631811e-33, EXACT_TOL);
}
END_TEST

/*
 * Every order of n = 3..7 distinct samples: S and p against the
 * distribution counted here, one order at a time.
 */
START_TEST(test_all_permutations)
{
	int n = _i;
	int perm[7], i;
	long count[22] = { 0 };         /* by |S|, at most 21 */
	double total = 0.0, x[7];
	struct np_trend t;

	for (i = 0; i < n; i++)
		perm[i] = i;
	do {
		count[labs(brute_s(perm, n))]++;
		total++;
	} while (next_perm(perm, n));

	for (i = 0; i < n; i++)
		perm[i] = i;
	do {
		long s = brute_s(perm, n), as = labs(s), ge = 0, k;

		for (k = as; k < 22; k++)
			ge += count[k];
		for (i = 0; i < n; i++)
			x[i] = 0.5 * perm[i] - 1.0;
		ck_assert_int_eq(np_trend_mk(x, n, 0.95, &t), 0);
		ck_assert_int_eq(t.s, s);
		ck_assert_int_eq(t.exact, 1);
		assert_rel(t.p, (double)ge / total, EXACT_TOL);
		ck_assert_int_eq(t.direction,
		    t.p < 0.05 ? (s > 0 ? 1 : -1) : 0);
	} while (next_perm(perm, n));
}
END_TEST

/* How few iterations can call a trend (the header's table). */
START_TEST(test_minimum_n)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const double tie5[] = { 0, 0, 1, 2, 3 };
	static const double tie6[] = { 0, 0, 1, 2, 3, 4 };
	static const double tie7[] = { 0, 0, 1, 2, 3, 4, 5 };
	struct np_trend t;

	/* n = 3: p = 2/6, a trend only below 66.7 % confidence. */
	ck_assert_int_eq(np_trend_mk(x, 3, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 3);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 1.0 / 3.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 0);
	ck_assert_int_eq(np_trend_mk(x, 3, 0.67, &t), 0);
	ck_assert_int_eq(t.direction, 0);
	ck_assert_int_eq(np_trend_mk(x, 3, 0.66, &t), 0);
	ck_assert_int_eq(t.direction, 1);

	ck_assert_int_eq(np_trend_mk(x, 4, 0.95, &t), 0);
	assert_rel(t.p, 2.0 / 24.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 0);

	ck_assert_int_eq(np_trend_mk(x, 5, 0.95, &t), 0);
	assert_rel(t.p, 2.0 / 120.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(x, 5, 0.99, &t), 0);
	ck_assert_int_eq(t.direction, 0);

	ck_assert_int_eq(np_trend_mk(x, 6, 0.99, &t), 0);
	assert_rel(t.p, 2.0 / 720.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 1);

	/* The best a tie allows (brute force over every sample in
	 * {0..n-1}^n): 0.0433 at n = 5, 0.0129 at 6, 0.0039 at 7. */
	ck_assert_int_eq(np_trend_mk(tie5, 5, 0.95, &t), 0);
	ck_assert_int_eq(t.exact, 0);
	assert_rel(t.p, 0.043262727806910685, 1e-9);
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(tie6, 6, 0.99, &t), 0);
	assert_rel(t.p, 0.01289887393508169, 1e-9);
	ck_assert_int_eq(t.direction, 0);
	ck_assert_int_eq(np_trend_mk(tie7, 7, 0.99, &t), 0);
	assert_rel(t.p, 0.0038979149056319632, 1e-9);
	ck_assert_int_eq(t.direction, 1);
}
END_TEST

/* The threshold is strict: p < 1 - confidence. */
START_TEST(test_threshold_strict)
{
	static const double x[] = { 1, 2, 3, 4 };
	struct np_trend t;

	/* p = 1/12 exactly; 1 - 11/12 rounds to a hair above or below. */
	ck_assert_int_eq(np_trend_mk(x, 4, 1.0 - 1.0 / 12.0 - 1e-9, &t), 0);
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(x, 4, 1.0 - 1.0 / 12.0 + 1e-9, &t), 0);
	ck_assert_int_eq(t.direction, 0);
}
END_TEST

/* Ties: the normal formula, worked by hand. */
START_TEST(test_ties_normal)
{
	static const double a[] = { 1, 2, 2, 3, 3, 3, 4, 5, 5, 6 };
	static const double b[] = { 7, 5, 5, 6, 4, 4, 4, 3, 5, 2, 1, 1 };
	struct np_trend t;
	double var, z;

	/*
	 * a: n = 10, groups of 2, 3 and 2.  S = 45 pairs - 5 tied = 40.
	 * Var = (10*9*25 - [2*1*9 + 3*2*11 + 2*1*9]) / 18 = 2148 / 18,
	 * z = 39 / sqrt(Var) = 3.5701274565...
	 */
	var = (10.0 * 9.0 * 25.0 - (18.0 + 66.0 + 18.0)) / 18.0;
	z = 39.0 / sqrt(var);
	ck_assert_int_eq(np_trend_mk(a, NELEM(a), 0.99, &t), 0);
	ck_assert_int_eq(t.n, 10);
	ck_assert_int_eq(t.s, 40);
	ck_assert_int_eq(t.exact, 0);
	assert_rel(t.z, z, 1e-12);
	assert_rel(t.z, 3.5701274565295176, 1e-12);
	assert_rel(t.p, erfc(z / sqrt(2.0)), 1e-12);
	assert_rel(t.p, 0.0003568075743358504, 1e-9);
	ck_assert_int_eq(t.direction, 1);

	/*
	 * b: n = 12, 5 three times, 4 three times, 1 twice.  S = -47,
	 * Var = (12*11*29 - [66 + 66 + 18]) / 18 = 3678 / 18,
	 * z = -46 / sqrt(Var) = -3.2180161681...
	 */
	var = (12.0 * 11.0 * 29.0 - (66.0 + 66.0 + 18.0)) / 18.0;
	z = -46.0 / sqrt(var);
	ck_assert_int_eq(np_trend_mk(b, NELEM(b), 0.99, &t), 0);
	ck_assert_int_eq(t.s, -47);
	ck_assert_int_eq(t.exact, 0);
	assert_rel(t.z, z, 1e-12);
	assert_rel(t.z, -3.2180161681892727, 1e-12);
	assert_rel(t.p, 0.0012908054145985518, 1e-9);
	ck_assert_int_eq(t.direction, -1);
}
END_TEST

/* S = +-1 is no evidence at all once corrected for continuity. */
START_TEST(test_ties_continuity)
{
	static const double x[] = { 1, 1, 2, 1 };
	struct np_trend t;

	/* pairs: (1,1) 0, (1,2) +, (1,1) 0, (1,2) +, (1,1) 0, (2,1) - */
	ck_assert_int_eq(np_trend_mk(x, 4, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 1);
	ck_assert_int_eq(t.exact, 0);
	ck_assert_double_eq(t.z, 0.0);
	ck_assert_double_eq(t.p, 1.0);
	ck_assert_int_eq(t.direction, 0);
}
END_TEST

/* Beyond NP_TREND_EXACT_MAX without ties: the normal path. */
START_TEST(test_large_normal)
{
	double x[NP_TREND_MAX_N];
	struct np_trend t;
	int i;

	for (i = 0; i < 40; i++)
		x[i] = i;
	ck_assert_int_eq(np_trend_mk(x, 31, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 465);
	ck_assert_int_eq(t.exact, 0);
	/* Var = 31*30*67/18 = 10385/3 */
	assert_rel(t.z, 464.0 / sqrt(10385.0 / 3.0), 1e-12);
	assert_rel(t.p, 3.111843773396154e-15, 1e-9);
	ck_assert_int_eq(np_trend_mk(x, 40, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 780);
	assert_rel(t.z, 9.076155922792513, 1e-12);
	assert_rel(t.p, 1.1247718395717954e-19, 1e-9);
	ck_assert_int_eq(t.direction, 1);

	/* The most accepted; one more is refused. */
	for (i = 0; i < NP_TREND_MAX_N; i++)
		x[i] = (double)((i * 7919) % NP_TREND_MAX_N);
	ck_assert_int_eq(np_trend_mk(x, NP_TREND_MAX_N, 0.95, &t), 0);
	ck_assert_int_eq(t.n, NP_TREND_MAX_N);
	ck_assert_int_eq(t.exact, 0);
	ck_assert(t.p >= 0.0 && t.p <= 1.0);
	ck_assert_int_eq(np_trend_mk(x, NP_TREND_MAX_N + 1, 0.95, &t), -1);
	assert_refused(&t);
}
END_TEST

/* At n = 30 the normal approximation is close to the exact p. */
START_TEST(test_exact_near_normal)
{
	double x[30];
	struct np_trend t;
	int i;

	for (i = 0; i < 30; i++)
		x[i] = (double)(((i + 1) * 7919) % 31) / 3.0;
	ck_assert_int_eq(np_trend_mk(x, 30, 0.95, &t), 0);
	/* the normal p for this S: 0.4324504235 */
	ck_assert_double_eq_tol(t.p, 0.4324504235358998, 0.01);
}
END_TEST

START_TEST(test_alternating)
{
	static const double a[] = { 1, 10, 2, 9, 3, 8, 4, 7, 5, 6 };
	static const double b[] = { 1, 2, 1, 2, 1, 2, 1, 2 };
	struct np_trend t;

	ck_assert_int_eq(np_trend_mk(a, NELEM(a), 0.95, &t), 0);
	ck_assert_int_eq(t.s, 5);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 1319957.0 / 1814400.0, EXACT_TOL);
	ck_assert_int_eq(t.direction, 0);

	/* S = 4, Var = (8*7*21 - 2 * 4*3*13) / 18 = 48, z = 3/sqrt(48). */
	ck_assert_int_eq(np_trend_mk(b, NELEM(b), 0.95, &t), 0);
	ck_assert_int_eq(t.s, 4);
	ck_assert_int_eq(t.exact, 0);
	assert_rel(t.z, 3.0 / sqrt(48.0), 1e-12);
	assert_rel(t.p, 0.6650055421020291, 1e-9);
	ck_assert_int_eq(t.direction, 0);
}
END_TEST

START_TEST(test_infinities)
{
	const double x[] = { 1.0, 2.0, INFINITY, INFINITY, 3.0 };
	const double y[] = { -INFINITY, 1.0, 2.0, 3.0, INFINITY };
	struct np_trend t;

	/* The two infinities are a tie: S = 7 - 2, Var = 47/3. */
	ck_assert_int_eq(np_trend_mk(x, 5, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 5);
	ck_assert_int_eq(t.exact, 0);
	assert_rel(t.z, 4.0 / sqrt(47.0 / 3.0), 1e-12);
	ck_assert_int_eq(np_trend_mk(y, 5, 0.95, &t), 0);
	ck_assert_int_eq(t.s, 10);
	ck_assert_int_eq(t.exact, 1);
	assert_rel(t.p, 2.0 / 120.0, EXACT_TOL);
}
END_TEST

START_TEST(test_refused)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6 };
	double nan_x[] = { 1, 2, 3, 4, 5, 6 };
	struct np_trend t;

	/* Fewer than three samples. */
	memset(&t, 0x5a, sizeof(t));
	ck_assert_int_eq(np_trend_mk(x, 2, 0.95, &t), -1);
	assert_refused(&t);
	ck_assert_int_eq(np_trend_mk(x, 1, 0.95, &t), -1);
	assert_refused(&t);
	ck_assert_int_eq(np_trend_mk(x, 0, 0.95, &t), -1);
	ck_assert_int_eq(np_trend_mk(x, -5, 0.95, &t), -1);
	assert_refused(&t);

	/* NaN anywhere. */
	nan_x[4] = NAN;
	memset(&t, 0x5a, sizeof(t));
	ck_assert_int_eq(np_trend_mk(nan_x, 6, 0.95, &t), -1);
	assert_refused(&t);
	nan_x[4] = 5;
	nan_x[0] = -NAN;
	ck_assert_int_eq(np_trend_mk(nan_x, 6, 0.95, &t), -1);
	assert_refused(&t);

	/* Confidence outside (0, 1). */
	ck_assert_int_eq(np_trend_mk(x, 6, 0.0, &t), -1);
	assert_refused(&t);
	ck_assert_int_eq(np_trend_mk(x, 6, 1.0, &t), -1);
	ck_assert_int_eq(np_trend_mk(x, 6, -0.5, &t), -1);
	ck_assert_int_eq(np_trend_mk(x, 6, 95.0, &t), -1);
	ck_assert_int_eq(np_trend_mk(x, 6, NAN, &t), -1);
	ck_assert_int_eq(np_trend_mk(x, 6, INFINITY, &t), -1);
	assert_refused(&t);

	/* NULL pointers. */
	ck_assert_int_eq(np_trend_mk(NULL, 6, 0.95, &t), -1);
	assert_refused(&t);
	ck_assert_int_eq(np_trend_mk(x, 6, 0.95, NULL), -1);

	/* And the same arguments are fine otherwise. */
	ck_assert_int_eq(np_trend_mk(x, 6, 0.95, &t), 0);
	ck_assert_int_eq(t.direction, 1);
	ck_assert_int_eq(np_trend_mk(x, 3, 0.01, &t), 0);
	ck_assert_int_eq(np_trend_mk(x, 6, 0.999999, &t), 0);
}
END_TEST

static Suite *
trend_suite(void)
{
	Suite *s = suite_create("trend");
	TCase *tc;

	tc = tcase_create("exact");
	tcase_add_test(tc, test_rising);
	tcase_add_test(tc, test_falling);
	tcase_add_test(tc, test_known_exact);
	tcase_add_test(tc, test_known_exact_large);
	tcase_add_loop_test(tc, test_all_permutations, 3, 8);
	tcase_add_test(tc, test_minimum_n);
	tcase_add_test(tc, test_threshold_strict);
	tcase_add_test(tc, test_alternating);
	tcase_add_test(tc, test_infinities);
	suite_add_tcase(s, tc);

	tc = tcase_create("normal");
	tcase_add_test(tc, test_constant);
	tcase_add_test(tc, test_ties_normal);
	tcase_add_test(tc, test_ties_continuity);
	tcase_add_test(tc, test_large_normal);
	tcase_add_test(tc, test_exact_near_normal);
	suite_add_tcase(s, tc);

	tc = tcase_create("refused");
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(trend_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
