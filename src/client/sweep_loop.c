/*
 * sweep_loop.c - --sweep: the iterations (measure.c) at each size of the
 * list in turn, each size's figures and, for -v 2, its flows' lines kept.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/sweep_loop.h"

#include <stdlib.h>
#include <string.h>

#include "cli/say.h"
#include "client/measure.h"
#include "client/progress.h"
#include "client/sigint.h"

/* One size: the plan with the run's options but that size. */
static int sweep_size(void *ctx, int32_t size, struct np_result *s)
{
	struct np_sweep_loop *w = ctx;
	struct np_opts o = *w->p->o;
	struct np_plan p = *w->p;
	struct np_tally t;

	np_sweep_apply(&o, size);
	p.o = &o;
	if (w->flows[0].progress) {
		w->flows[0].progress->size_k = w->got.done + 1;
		w->flows[0].progress->size = size;
		w->flows[0].progress->half_pct = -1;
	}
	if (np_measure(&p, w->flows, w->fs, w->n, &t, s, w->err) < 0)
		return -1;
	/* -v 2's block of this size: its flows' lines. */
	if (w->got.flows)
		memcpy(w->got.flows + (size_t)w->got.done * (size_t)w->n, w->fs,
		       (size_t)w->n * sizeof(*w->fs));
	/* -j's histogram is the next size's now: each size keeps its
	 * figures (lat_*), not the buckets. */
	s->hist = NULL;
	return np_interrupted() ? 1 : 0;
}

int np_sweep_loop_run(struct np_sweep_loop *w, FILE *out, const struct np_report *head,
		      bool quiet)
{
	const int sizes = w->sizes->n;

	w->got.res = calloc((size_t)sizes, sizeof(*w->got.res));
	if (!quiet && np_sweep_keeps_flows(head, w->n)) {
		w->got.flows = calloc((size_t)sizes * (size_t)w->n, sizeof(*w->got.flows));
		w->got.nflows = w->n;
	}
	if (!w->got.res || (w->got.nflows && !w->got.flows))
		return np_fail(w->err, "out of memory for %d sizes", sizes);
	return np_sweep_run(out, head, w->sizes, quiet, sweep_size, w, &w->got) < 0 ? -1 : 0;
}

void np_sweep_loop_free(struct np_sweep_loop *w)
{
	free(w->got.res);
	free(w->got.flows);
}
