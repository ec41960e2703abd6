/*
 * flows.c - --flows: an iteration of N flows at once, each in its own
 * thread (a flow's own life is flow.c's), held at the start gate
 * (start_gate.c) until all are ready.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/flows.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/say.h"
#include "client/flow.h"
#include "client/sigint.h"
#include "base/start_gate.h"
#include "host/cpu.h"

/* Run fn on each of n jobs (each size bytes, in an array) in its own
 * thread and wait for all.  0, or -1 with errno when a thread could not
 * start: gate (if any) is then broken, and the jobs that did start are
 * waited for. */
static int spawn(void *(*fn)(void *), void *jobs, size_t size, int n, struct np_start_gate *gate)
{
	pthread_t *t = calloc((size_t)n, sizeof(*t));
	sigset_t block, old;
	int started = 0, err = 0;

	if (!t)
		return -1;
	/* Ctrl-C reaches the main thread, waiting in pthread_join, not a
	 * flow's blocking call: the flows' watches read its pipe. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (; started < n; started++) {
		err = pthread_create(&t[started], NULL, fn, (char *)jobs + (size_t)started * size);
		if (err)
			break;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	/* The flows that did start must not wait for the missing ones. */
	if (err && gate)
		np_start_gate_break(gate);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* One flow of --flows, in its own thread. */
struct flow_job {
	const struct np_plan *p;
	struct np_flow *flow;
	struct np_result *s;
	FILE *err;
	int rc;
};

static void *flow_main(void *arg)
{
	struct flow_job *j = arg;

	j->rc = -1;
	if (j->flow->lcpu >= 0 && np_cpu_bind(j->flow->lcpu) < 0)
		np_fail(j->err, "--local-cpus: cannot run flow %d on CPU %d: %s", j->flow->index + 1,
			j->flow->lcpu, np_cpu_bind_why(errno));
	else
		j->rc = np_flow_iteration(j->p, j->flow, j->s, j->err);
	if (j->rc < 0)
		np_start_gate_break(j->flow->gate);
	return NULL;
}

int np_flows_iteration(const struct np_plan *p, struct np_flow *flows, struct np_result *fs, int n,
		       FILE *err)
{
	struct flow_job *jobs = calloc((size_t)n, sizeof(*jobs));
	struct np_start_gate gate;
	int rc = 0;

	if (!jobs)
		return np_fail(err, "out of memory for %d flows", n);
	np_start_gate_init(&gate, n);
	for (int i = 0; i < n; i++) {
		flows[i].gate = &gate;
		jobs[i] = (struct flow_job){ p, &flows[i], &fs[i], err, -1 };
	}
	np_sigint_catch(true);
	if (spawn(flow_main, jobs, sizeof(*jobs), n, &gate) < 0)
		rc = np_fail(err, "starting %d flows: %s", n, strerror(errno));
	np_sigint_catch(false);
	for (int i = 0; i < n; i++) {
		flows[i].gate = NULL;
		if (jobs[i].rc < 0)
			rc = -1;
	}
	np_start_gate_destroy(&gate);
	free(jobs);
	return rc;
}

