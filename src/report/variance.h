/*
 * variance.h - why a run's iterations disagreed, as far as netperf-ng
 * measured it: lines for the end of netperf 2.7.1's "!!! WARNING" block
 * (which is printed unchanged before them), each stating a measurement,
 * never a guess: where the data loops ran when that differed between
 * iterations with figures apart by more than the requested interval, a
 * trend across the iterations by a rank test (Mann-Kendall), and CPU
 * time other processes took on either end (others.h).
 */
#ifndef NP_VARIANCE_H
#define NP_VARIANCE_H

#include <stdio.h>

#include "report/view.h"

/* Each line begins "!!! netperf-ng: ". */
void np_variance_lines(FILE *out, const struct np_report *r);

#endif
