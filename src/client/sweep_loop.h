/*
 * sweep_loop.h - --sweep: the run measured at each size of its list,
 * one row each (the list is cli/sweep_list.h's, the table
 * report/sweep.h's).
 */
#ifndef NP_SWEEP_LOOP_H
#define NP_SWEEP_LOOP_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/plan.h"
#include "cli/sweep_list.h"
#include "client/flow.h"
#include "report/result.h"
#include "report/sweep.h"
#include "report/view.h"

/* The sizes asked (NULL: no sweep), the run's plan and flows they are
 * measured on, and what was measured of them, for the table and -J. */
struct np_sweep_loop {
	const struct np_sweep_list *sizes;
	const struct np_plan *p;
	struct np_flow *flows;
	struct np_result *fs;         /* each flow's last iteration */
	int n;                        /* flows */
	FILE *err;
	struct np_sweep_results got;
};

/* Each size measured with the run's options but that size, its row on
 * out as it comes (none when quiet: -J), its figures in w->got.  0, or
 * -1 after the error line. */
int np_sweep_loop_run(struct np_sweep_loop *w, FILE *out, const struct np_report *head,
		      bool quiet);
/* What np_sweep_loop_run allocated. */
void np_sweep_loop_free(struct np_sweep_loop *w);

#endif
