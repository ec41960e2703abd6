/*
 * interim.h - -D's interim figures of a flow's data phase, and the
 * progress line's count: each a rate since the one before, from the
 * counters the loop keeps current, taken on the loop's slow path (the
 * run's on_tick and on_progress, run/run.h), never on its fast path.
 */
#ifndef NP_INTERIM_H
#define NP_INTERIM_H

#include <stdint.h>
#include <time.h>

#include "client/flow.h"
#include "run/run.h"

/* The figure before: when, and the count then; a run's tick_ctx. */
struct np_interim_mark {
	struct np_flow *flow;
	double since;                 /* np_now() of the previous figure */
	uint64_t units;               /* counter then */
};

/* run->on_tick: the figure since the mark, to the flow's sink. */
void np_interim_tick(struct np_run *run, int n);
/* The last, shorter interval, once the data phase is over. */
void np_interim_last(struct np_run *run);
/* run->on_progress: the progress line's next count (progress_ctx: the
 * flow's struct np_progress), drawn by its watch's thread. */
void np_interim_progress(struct np_run *run);

/* Where an output sends a flow's figures (np_interim_fn): printed as
 * they come (-D's line, or -k's numbered keys), or kept in the flow's
 * series for -J. */
void np_interim_print(struct np_flow *flow, double rate, double secs,
		      const struct timespec *wall);
void np_interim_keep(struct np_flow *flow, double rate, double secs,
		     const struct timespec *wall);

#endif
