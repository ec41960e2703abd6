/*
 * stats.c - running sums, Student's t and netperf's confidence rule.
 *
 * netperf 2.7 looks t up in a table for 1..29 degrees of freedom; we
 * compute it instead, so any iteration count and any level work.  The
 * t tail is a regularized incomplete beta function, evaluated by its
 * continued fraction and inverted by bisection; for huge df, where that
 * fraction loses digits, an expansion around the normal quantile.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "stats/stats.h"

#ifndef M_SQRT2
#define M_SQRT2 1.41421356237309504880
#endif

/* Lentz's method replaces exact zeros by this to avoid 0/0. */
#define CF_TINY 1e-300
#define CF_EPS 1e-16
/* Fewer than 60 terms suffice for every df <= T_BETA_MAX_DF seen. */
#define CF_MAXIT 1000
#define T_REL_TOL 1e-12
#define T_MAXIT 200
/* Beyond this df the normal-based expansion is the more accurate. */
#define T_BETA_MAX_DF 10000u

static double log_beta_half(double a);
static double beta_cf(double a, double b, double x);
static double t_tail(double t, double df);
static double normal_tail(double z, double df);
static double t_from_normal(double z, double df);
static double invert_tail(double (*tail)(double, double), double df,
    double alpha);

void
np_stats_init(struct np_stats *s)
{
	s->n = 0;
	s->sum = 0.0;
	s->sumsq = 0.0;
}

void
np_stats_add(struct np_stats *s, double x)
{
	s->n++;
	s->sum += x;
	s->sumsq += x * x;
}

double
np_stats_mean(const struct np_stats *s)
{
	if (s->n == 0)
		return 0.0;
	return s->sum / s->n;
}

double
np_stats_var(const struct np_stats *s)
{
	double mean, var;

	if (s->n == 0)
		return 0.0;
	mean = np_stats_mean(s);
	var = s->sumsq / s->n - mean * mean;
	/* Rounding can push equal samples a hair below zero. */
	return var > 0.0 ? var : 0.0;
}

/*
 * log B(a, 1/2), the normalisation of the t distribution's beta form.
 * The lgamma difference cancels as a grows, but for a <= 5000 it still
 * keeps eleven significant digits.
 */
static double
log_beta_half(double a)
{
	return lgamma(a) + lgamma(0.5) - lgamma(a + 0.5);
}

/*
 * Continued fraction of the incomplete beta function (modified Lentz).
 * Converges fast for x < (a + 1) / (a + b + 2); callers use the
 * symmetry I_x(a, b) = 1 - I_{1-x}(b, a) for the other side.
 */
static double
beta_cf(double a, double b, double x)
{
	double c, d, h, aa, del;
	int m, m2;

	c = 1.0;
	d = 1.0 - (a + b) * x / (a + 1.0);
	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1.0 / d;
	h = d;
	for (m = 1; m <= CF_MAXIT; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((a - 1.0 + m2) * (a + m2));
		d = 1.0 + aa * d;
		if (fabs(d) < CF_TINY)
			d = CF_TINY;
		c = 1.0 + aa / c;
		if (fabs(c) < CF_TINY)
			c = CF_TINY;
		d = 1.0 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1.0 + m2));
		d = 1.0 + aa * d;
		if (fabs(d) < CF_TINY)
			d = CF_TINY;
		c = 1.0 + aa / c;
		if (fabs(c) < CF_TINY)
			c = CF_TINY;
		d = 1.0 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < CF_EPS)
			break;
	}
	return h;
}

/*
 * Two-sided tail P(|T| > t) = I_x(df/2, 1/2) with x = df / (df + t^2).
 * x and 1 - x are formed separately, and log1p used, so neither a
 * large t nor a large df loses digits to cancellation.
 */
static double
t_tail(double t, double df)
{
	double a = df / 2.0, b = 0.5;
	double t2 = t * t, x, y, front;

	x = df / (df + t2);
	y = t2 / (df + t2);
	front = exp(-a * log1p(t2 / df) + b * log(y) - log_beta_half(a));
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * beta_cf(a, b, x) / a;
	return 1.0 - front * beta_cf(b, a, y) / b;
}

/* Two-sided standard normal tail P(|Z| > z); df is unused. */
static double
normal_tail(double z, double df)
{
	(void)df;
	return erfc(z / M_SQRT2);
}

/*
 * Cornish-Fisher expansion of t about the normal quantile z
 * (Abramowitz & Stegun 26.7.5).  The beta continued fraction loses
 * about df * DBL_EPSILON to cancellation, so very large df use this
 * instead; past T_BETA_MAX_DF the omitted O(df^-3) terms stay below 1e-9
 * relative up to level 99.99999.
 */
static double
t_from_normal(double z, double df)
{
	double z2 = z * z, g1, g2;

	g1 = (z2 + 1.0) * z / 4.0;
	g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
	return z + (g1 + g2 / df) / df;
}

/* The x > 0 with tail(x, df) == alpha; tail must fall monotonically. */
static double
invert_tail(double (*tail)(double, double), double df, double alpha)
{
	double lo = 0.0, hi = 1.0, mid;
	int i;

	while (tail(hi, df) > alpha) {
		lo = hi;
		hi *= 2.0;
	}
	for (i = 0; i < T_MAXIT && hi - lo > T_REL_TOL * hi; i++) {
		mid = lo + (hi - lo) / 2.0;
		if (tail(mid, df) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2.0;
}

/*
 * Outside 0 < level < 100 or with df == 0 there is no such value: NAN,
 * which makes np_stats_confident() false rather than quietly true.
 */
double
np_student_t(double level, unsigned df)
{
	double alpha;

	if (df == 0 || !(level > 0.0 && level < 100.0))
		return NAN;
	alpha = 1.0 - level / 100.0;
	if (df > T_BETA_MAX_DF)
		return t_from_normal(invert_tail(normal_tail, df, alpha), df);
	return invert_tail(t_tail, df, alpha);
}

double
np_stats_half_width(const struct np_stats *s, double level)
{
	double mean, spread;

	if (s->n < 2)
		return 0.0;
	mean = np_stats_mean(s);
	spread = np_student_t(level, s->n - 1) *
	    sqrt(np_stats_var(s) / (s->n - 1));
	/* netperf divides blindly; 0/0 and x/0 get defined answers here. */
	if (mean == 0.0)
		return spread == 0.0 ? 0.0 : INFINITY;
	return spread / mean;
}

/* One sample spans no interval, so it cannot be confident yet. */
bool
np_stats_confident(const struct np_stats *s, double level, double width_pct)
{
	if (s->n < 2)
		return false;
	return width_pct / 100.0 - 2.0 * np_stats_half_width(s, level) >= 0.0;
}
