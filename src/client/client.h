/*
 * client.h - netperf's side of a run: its steps (client.c), the
 * iterations that stop on netperf's confidence rule (measure.h), and per
 * iteration each flow's request -> data phase (test->client_run) ->
 * results (flow.h), the messages being exchange.h's and the plan
 * plan.h's.  The mirror of session.c.
 */
#ifndef NP_CLIENT_H
#define NP_CLIENT_H

#include <stdio.h>

#include "cli/opts.h"

/* Run the test o describes and print its report to out; errors are one
 * line on err.  Returns the exit status: 0, or 1 on a runtime failure. */
int np_client_run(const struct np_opts *o, FILE *out, FILE *err);

/* A random (version 4) UUID naming a run, or "" without a source of
 * randomness. */
void np_client_uuid(char out[37]);

#endif
