/*
 * flows.h - running N flows of a test at once, in N threads.
 *
 * Each flow sets itself up (control exchange, data socket) and then waits
 * at the start gate; the gate opens when the last flow arrives, so every
 * data phase starts within a few microseconds of the others.  A flow that
 * fails before the gate breaks it, and the others give up instead of
 * waiting.
 */
#ifndef NP_FLOWS_H
#define NP_FLOWS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct np_gate {
	pthread_mutex_t lock;
	pthread_cond_t open;
	int parties;           /* flows that must arrive */
	int arrived;
	bool broken;
};

void np_gate_init(struct np_gate *g, int parties);
void np_gate_destroy(struct np_gate *g);
/* Wait for every flow; false when one broke the gate (or none needed
 * waiting: a gate of 0 parties is always open). */
bool np_gate_pass(struct np_gate *g);
void np_gate_break(struct np_gate *g);

/* Run fn on each of n jobs (each size bytes, in an array) in its own
 * thread and wait for all.  0, or -1 with errno when a thread could not
 * start: gate (if any) is then broken, and the jobs that did start are
 * waited for. */
int np_flows_spawn(void *(*fn)(void *), void *jobs, size_t size, int n, struct np_gate *gate);

#endif
