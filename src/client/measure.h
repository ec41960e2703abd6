/*
 * measure.h - the test's iterations (-i/-I) on a plan, stopped by
 * netperf's confidence rule (or Ctrl-C).
 */
#ifndef NP_MEASURE_H
#define NP_MEASURE_H

#include <stdio.h>

#include "cli/plan.h"
#include "client/flow.h"
#include "report/metrics.h"
#include "report/result.h"

/* The iterations on the plan, their tally in t and the figures in s,
 * with --flows (n > 1) those of the flows' SUM (each flow's last in fs).
 * 0, or -1 after the error line. */
int np_measure(const struct np_plan *p, struct np_flow *flows, struct np_result *fs, int n,
	       struct np_tally *t, struct np_result *s, FILE *err);

#endif
