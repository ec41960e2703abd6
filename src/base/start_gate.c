/*
 * start_gate.c - the start gate of --flows (start_gate.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/start_gate.h"

void np_start_gate_init(struct np_start_gate *g, int parties)
{
	pthread_mutex_init(&g->lock, NULL);
	pthread_cond_init(&g->open, NULL);
	g->parties = parties;
	g->arrived = 0;
	g->broken = false;
}

void np_start_gate_destroy(struct np_start_gate *g)
{
	pthread_cond_destroy(&g->open);
	pthread_mutex_destroy(&g->lock);
}

bool np_start_gate_pass(struct np_start_gate *g)
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

void np_start_gate_break(struct np_start_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->broken = true;
	pthread_cond_broadcast(&g->open);
	pthread_mutex_unlock(&g->lock);
}
