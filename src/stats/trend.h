/*
 * trend.h - does a run drift?  Mann-Kendall's test on its iterations.
 *
 * netperf's confidence interval (stats.h) assumes the iterations are
 * samples of one distribution; a link that warms up, a queue that fills
 * or a neighbour that starts sending makes them rise or fall instead,
 * and the interval then hides it.  Mann-Kendall asks only whether later
 * iterations tend to be larger (or smaller) than earlier ones: a rank
 * test, blind to the size of the steps and to outliers, with no
 * distribution assumed.
 *
 * How few iterations can show a trend: without ties the smallest
 * two-sided p is 2/n! (every pair in order), so
 *   n = 3: 0.333, n = 4: 0.083  - never a trend at 95 % (nor 99 %);
 *   n = 5: 0.0167               - the minimum for 95 %;
 *   n = 6: 0.0028               - the minimum for 99 %.
 * Ties make the smallest p larger (normal approximation, below): 5 is
 * still the minimum for 95 % (p >= 0.043), 7 for 99 % (n = 6 gives
 * p >= 0.0129).
 *
 * Pure computation: no allocation, no state; O(n^2) comparisons.
 */
#ifndef NP_TREND_H
#define NP_TREND_H

/* Samples without ties up to this many get S's exact distribution
 * (netperf's -i is at most 30: every untied run does). */
#define NP_TREND_EXACT_MAX 30
/* More samples than this are refused. */
#define NP_TREND_MAX_N 1000

/* A monotonic trend across a run's iterations: Mann-Kendall's rank test. */
struct np_trend {
	int n;          /* samples used */
	long s;         /* Kendall's S: sum of sign(x[j]-x[i]) over i<j */
	double z;       /* normal score (with continuity correction), 0 when exact */
	double p;       /* two-sided p value */
	int direction;  /* +1 rising, -1 falling, 0 no trend at this confidence */
	int exact;      /* 1 when p comes from S's exact distribution
			 * (no ties, n <= NP_TREND_EXACT_MAX) */
};

/* x[0..n-1] in run order; confidence in (0,1), e.g. 0.95 or 0.99.
 * Returns 0 and fills *t; -1 when n < 3 or an argument is out of range
 * (then *t says direction 0). NaN samples are refused (-1).
 *
 * direction is nonzero only when p < 1 - confidence.  Exact p is
 * P(|S| >= |s|) over the n! equally likely orders (Mahonian numbers:
 * S = n(n-1)/2 - 2 * inversions).  With ties, or more samples, S is taken
 * as normal: Var(S) = [n(n-1)(2n+5) - sum over groups of t equal samples
 * of t(t-1)(2t+5)] / 18, z = (S - sign(S)) / sqrt(Var(S)) (0 when S = 0),
 * p = erfc(|z| / sqrt 2); all samples equal gives S = 0, p = 1.
 * Equal infinities are ties; samples are compared, never subtracted.
 * On -1, *t (when t is not NULL) is all zeros but p, which is 1. */
int np_trend_mk(const double *x, int n, double confidence, struct np_trend *t);

#endif
