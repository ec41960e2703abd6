/*
 * flows.h - running N flows of a test at once, in N threads.
 *
 * Each flow sets itself up (control exchange, data socket) and then waits
 * at the start gate; the gate opens when the last flow arrives, so every
 * data phase starts within a few microseconds of the others.  A flow that
 * fails before the gate breaks it, and the others give up instead of
 * waiting.  What one flow does is flow.h's.
 */
#ifndef NP_FLOWS_H
#define NP_FLOWS_H

#include <stdio.h>

struct np_flow;
struct np_plan;
struct np_result;

/* One iteration of the n flows, each in its own thread, starting their
 * data phases together; each flow's figures in fs.  0, or -1 after the
 * error line (a flow's, or why the threads could not start). */
int np_flows_iteration(const struct np_plan *p, struct np_flow *flows, struct np_result *fs,
		       int n, FILE *err);

#endif
