/*
 * client.h - netperf's side of a run: the iteration loop that stops on
 * netperf's confidence rule, and, per iteration, request -> data phase
 * (test->client_run) -> results, the exchange with netserver being
 * exchange.c's and the plan plan.c's.  The mirror of session.c.
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
