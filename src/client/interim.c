/*
 * interim.c - -D's interim figures and the progress line's count, from
 * the counters a flow's data loop keeps current; called off the loop's
 * fast path.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/interim.h"

#include "base/clock.h"
#include "base/units.h"
#include "client/progress.h"
#include "report/report.h"

/* What the interim rate counts: transactions, or with a byte unit on a
 * request/response test their bytes, as netperf's demo mode does. */
static uint64_t interim_units(const struct np_run *run, char unit)
{
	const struct np_test *t = run->test;
	const struct np_counters *c = &run->c;

	if (t->rr)
		return unit == 'x' ? c->trans
				   : c->trans * (uint64_t)(run->req_size + run->rsp_size);
	return (t->direction & NP_DIR_RECV) ? c->bytes_sent : c->bytes_recv;
}

/* -J: into the flow's series (allocated beforehand), or counted as
 * dropped once it is full. */
void np_interim_keep(struct np_flow *flow, double rate, double secs,
		     const struct timespec *wall)
{
	if (flow->series_len == flow->series_room) {
		flow->series_dropped++;
		return;
	}
	flow->series[flow->series_len++] = (struct np_interim){
		flow->iteration, rate, secs, (double)wall->tv_sec + (double)wall->tv_nsec / 1e9 };
}

/* Text: the figure printed as it comes (-D's line, or -k's numbered
 * keys). */
void np_interim_print(struct np_flow *flow, double rate, double secs,
		      const struct timespec *wall)
{
	/* The progress line is off the terminal: the watch erased it before
	 * it raised the tick (np_progress_call). */
	np_report_interim(flow->out, flow->head, flow->interims++, rate, secs, wall);
	fflush(flow->out);
}

static void interim_figure(struct np_run *run, bool final)
{
	struct np_interim_mark *im = run->tick_ctx;
	const struct np_report *head = im->flow->head;
	uint64_t units = interim_units(run, head->unit);
	double now = np_now(), secs = now - im->since;
	double per_sec = secs > 0 ? (double)(units - im->units) / secs : 0, rate;
	struct timespec wall;

	if (secs <= 0 || (final && units == im->units))
		return;
	clock_gettime(CLOCK_REALTIME, &wall);
	rate = np_unit_rate(per_sec, head->unit);  /* 'x': per_sec as it is */
	im->flow->interim(im->flow, rate, secs, &wall);
	im->since = now;
	im->units = units;
}

void np_interim_tick(struct np_run *run, int n)
{
	struct np_interim_mark *im = run->tick_ctx;

	interim_figure(run, false);
	if (im->flow->progress)
		np_progress_printed(im->flow->progress, n);   /* it may be drawn again */
}

void np_interim_last(struct np_run *run)
{
	interim_figure(run, true);
}

/* The progress line's next figure, counted as -D counts it; its watch's
 * thread draws it. */
void np_interim_progress(struct np_run *run)
{
	struct np_progress *p = run->progress_ctx;

	np_progress_count(p, np_now(), interim_units(run, p->unit));
}
