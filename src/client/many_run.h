/*
 * many_run.h - --flows against netserver-ng: one control connection for
 * the whole run (wire/many.h), the flows on --threads event loops
 * (many/mclient.h), the iterations (-i/-I) each a data phase that starts
 * and ends together, and the report's figures: the SUM, the spread over
 * flows, the set-up time apart.
 *
 * netserver 2.7.1 (or a netserver-ng without it) answers the run's
 * request with 998: the caller then runs a session per flow, as before.
 */
#ifndef NP_MANY_RUN_H
#define NP_MANY_RUN_H

#include <stdint.h>
#include <stdio.h>

struct np_flow;
struct np_hist;
struct np_opts;
struct np_plan;
struct np_result;
struct np_tally;

/* The many-flows workload of o's test (wire/many.h's enum), 0 when it
 * has none (the run takes a session per flow). */
uint32_t np_many_kind_of(const struct np_opts *o);

/* What np_many_measure may leave behind for the report, the caller's to
 * free after it. */
struct np_many_keep {
	struct np_hist *lat;          /* -j: every transaction of every flow */
	struct np_result *fs;         /* --per-flow: each flow's */
	int nfs;
};

/* The run on the control connection of ctl: 0 (figures in s, tally in
 * t), 1 when netserver does not do many-flows runs (nothing was opened
 * but ctl, which stays usable), -1 after the error line. */
int np_many_measure(const struct np_plan *p, struct np_flow *ctl, struct np_tally *t,
		    struct np_result *s, struct np_many_keep *keep, FILE *err);

void np_many_keep_free(struct np_many_keep *keep);

/* The descriptors a many-flows run of o needs: RLIMIT_NOFILE raised to
 * them, before any socket is opened; 0, or -1 after the line that says
 * the limit is too low. */
int np_many_fd_room(const struct np_opts *o, FILE *err);

#endif
