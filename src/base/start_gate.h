/*
 * start_gate.h - the gate --flows' flows wait at before their data
 * phases: it opens when the last flow arrives, so every data phase starts
 * within a few microseconds of the others; a flow that fails before it
 * breaks it, and the others give up instead of waiting.  flows.c keeps
 * the gate, each flow (flow.c) passes it.
 */
#ifndef NP_START_GATE_H
#define NP_START_GATE_H

#include <pthread.h>
#include <stdbool.h>

struct np_start_gate {
	pthread_mutex_t lock;
	pthread_cond_t open;
	int parties;           /* flows that must arrive */
	int arrived;
	bool broken;
};

void np_start_gate_init(struct np_start_gate *g, int parties);
void np_start_gate_destroy(struct np_start_gate *g);
/* A flow at the gate: wait for every flow; false when one broke the
 * gate (or none needed waiting: a gate of 0 parties is always open). */
bool np_start_gate_pass(struct np_start_gate *g);
/* Open the gate for good, failed: every flow waiting or to come passes
 * with false. */
void np_start_gate_break(struct np_start_gate *g);

#endif
