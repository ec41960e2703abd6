/*
 * flows.c - the start gate and the threads of parallel flows.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/flows.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>

void np_gate_init(struct np_gate *g, int parties)
{
	pthread_mutex_init(&g->lock, NULL);
	pthread_cond_init(&g->open, NULL);
	g->parties = parties;
	g->arrived = 0;
	g->broken = false;
}

void np_gate_destroy(struct np_gate *g)
{
	pthread_cond_destroy(&g->open);
	pthread_mutex_destroy(&g->lock);
}

bool np_gate_pass(struct np_gate *g)
{
	bool ok;

	pthread_mutex_lock(&g->lock);
	if (++g->arrived >= g->parties)
		pthread_cond_broadcast(&g->open);
	while (!g->broken && g->arrived < g->parties)
		pthread_cond_wait(&g->open, &g->lock);
	ok = !g->broken;
	pthread_mutex_unlock(&g->lock);
	return ok;
}

void np_gate_break(struct np_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->broken = true;
	pthread_cond_broadcast(&g->open);
	pthread_mutex_unlock(&g->lock);
}

int np_flows_spawn(void *(*fn)(void *), void *jobs, size_t size, int n, struct np_gate *gate)
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
		np_gate_break(gate);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}
