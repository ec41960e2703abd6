/*
 * trend.c - Mann-Kendall's trend test (trend.h).
 *
 * S counts, over every pair of samples, +1 when the later one is larger
 * and -1 when it is smaller.  Under no trend every order of n distinct
 * samples is equally likely, and S = n(n-1)/2 - 2 * inversions; the
 * number of orders of n with k inversions (Mahonian numbers) follows
 * from those of n - 1:
 *   I(n, k) = sum over j = 0 .. min(k, n - 1) of I(n - 1, k - j)
 * (the largest element placed with j smaller ones after it).  We carry
 * probabilities, I(n, k) / n!, rather than counts: each step is then an
 * average of n of the previous ones, all terms are positive, nothing
 * overflows and a tail as small as 2/30! (1e-32) keeps its digits.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stddef.h>

#include "stats/trend.h"

#ifndef M_SQRT1_2
#define M_SQRT1_2 0.70710678118654752440
#endif

/* Largest number of inversions the exact path meets: n(n-1)/2. */
#define MAX_INV (NP_TREND_EXACT_MAX * (NP_TREND_EXACT_MAX - 1) / 2)

_Static_assert(NP_TREND_EXACT_MAX >= 3 && NP_TREND_EXACT_MAX <= 60,
    "the exact distribution's table is on the stack");
_Static_assert(NP_TREND_MAX_N <= 30000,
    "S must fit a 32-bit long: n(n-1)/2");

static double exact_p(int n, long s);
static double normal_p(int n, long s, double ties, double *z);

/*
 * P(|S| >= |s|) for n distinct samples.  S >= |s| exactly when there
 * are at most (M - |s|) / 2 inversions, M = n(n-1)/2 (S and M have the
 * same parity); the distribution is symmetric, so the two-sided p is
 * twice that tail, summed from its small end.
 */
static double
exact_p(int n, long s)
{
	long double prob[MAX_INV + 1], pre[MAX_INV + 2], tail;
	long as = s < 0 ? -s : s;
	int m, k, top, kmax;

	if (as == 0)
		return 1.0;
	prob[0] = 1.0L;         /* one element: no inversions */
	top = 0;                /* largest k with prob[k] > 0 */
	for (m = 2; m <= n; m++) {
		pre[0] = 0.0L;
		for (k = 0; k <= top; k++)
			pre[k + 1] = pre[k] + prob[k];
		top += m - 1;
		for (k = 0; k <= top; k++) {
			int hi = k < top - (m - 1) ? k : top - (m - 1);
			int lo = k - (m - 1) > 0 ? k - (m - 1) : 0;

			/* sum of the old prob[lo..hi] */
			prob[k] = (pre[hi + 1] - pre[lo]) / (long double)m;
		}
	}
	kmax = (int)(((long)top - as) / 2);
	tail = 0.0L;
	for (k = 0; k <= kmax; k++)
		tail += prob[k];
	tail *= 2.0L;
	return tail < 1.0L ? (double)tail : 1.0;
}

/* ties: the sum of t(t-1)(2t+5) over the groups of t equal samples. */
static double
normal_p(int n, long s, double ties, double *z)
{
	double dn = (double)n;
	double var = (dn * (dn - 1.0) * (2.0 * dn + 5.0) - ties) / 18.0;

	*z = 0.0;
	if (s == 0 || !(var > 0.0))
		return 1.0;
	*z = (double)(s > 0 ? s - 1 : s + 1) / sqrt(var);
	return erfc(fabs(*z) * M_SQRT1_2);
}

int
np_trend_mk(const double *x, int n, double confidence, struct np_trend *t)
{
	long s = 0;
	double ties = 0.0;
	int i, j, tied = 0;

	if (t == NULL)
		return -1;
	t->n = 0;
	t->s = 0;
	t->z = 0.0;
	t->p = 1.0;
	t->direction = 0;
	t->exact = 0;
	if (x == NULL || n < 3 || n > NP_TREND_MAX_N ||
	    !(confidence > 0.0 && confidence < 1.0))
		return -1;
	for (i = 0; i < n; i++)
		if (isnan(x[i]))
			return -1;

	for (i = 0; i < n; i++) {
		int group = 1, first = 1;

		for (j = 0; j < i && first; j++)
			if (x[j] == x[i])
				first = 0;
		for (j = i + 1; j < n; j++) {
			if (x[j] > x[i])
				s++;
			else if (x[j] < x[i])
				s--;
			else if (first)
				group++;
		}
		if (group > 1) {
			double g = (double)group;

			tied = 1;
			ties += g * (g - 1.0) * (2.0 * g + 5.0);
		}
	}

	t->n = n;
	t->s = s;
	if (!tied && n <= NP_TREND_EXACT_MAX) {
		t->exact = 1;
		t->p = exact_p(n, s);
	} else {
		t->p = normal_p(n, s, ties, &t->z);
	}
	if (t->p < 1.0 - confidence)
		t->direction = s > 0 ? 1 : -1;
	return 0;
}
