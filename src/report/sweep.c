/*
 * sweep.c - --sweep's one table, row by row as the sizes complete (the
 * size list, and what one size changes in the run's options, are
 * sweep_list.c's).
 *
 * A sweep is many runs of one test on one control connection; each is a
 * whole run (request, data phase, results, -i's iterations).  What the
 * table shows of each is what its result holds (result.h, metrics.c):
 * nothing here reads a socket or a clock.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/sweep.h"

#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "base/units.h"
#include "cli/opts.h"
#include "report/metrics.h"
#include "report/notes.h"
#include "report/report.h"
#include "report/result.h"
#include "report/selectors.h"
#include "report/unknown.h"
#include "wire/wire.h"

void np_sweep_figures(const struct np_test *t, const struct np_result *s,
		      struct np_sweep_figures *f)
{
	const bool remote_sends = np_sweep_server_sends(t);
	const struct np_counters *tx = remote_sends ? &s->remote : &s->local;
	const struct np_counters *rx = remote_sends ? &s->local : &s->remote;

	/* UDP_STREAM's own figures where metrics.c made them. */
	f->sent_per_s = s->send_pps >= 0 ? s->send_pps
					 : np_metrics_rate((double)tx->send_calls, s->elapsed);
	f->received_per_s = s->recv_pps >= 0 ? s->recv_pps
					     : np_metrics_rate((double)rx->recv_calls, s->elapsed);
	f->loss_pct = s->loss_pct;
	f->lcpu = s->lcpu_method != 'U' && s->lcpu >= 0 ? s->lcpu : -1;
	f->rcpu = s->rcpu_method != 'U' && s->rcpu >= 0 ? s->rcpu : -1;
}

/* ---- The table ---------------------------------------------------------- */

/* Column widths, one place for the titles and the rows, so that they
 * line up whatever the unit's label. */
enum { W_SIZE = 8, W_TIME = 7, W_RATE = 12, W_LOSS = 6, W_TPUT = 12, W_CPU = 6 };

/* head's report, made one size's: its result, and the options as that
 * size ran them (in o), where -o's fields (REQUEST_SIZE, ...) read it. */
static void size_report(const struct np_report *head, int32_t size, const struct np_result *s,
			struct np_opts *o, struct np_report *r)
{
	*o = *head->o;
	np_sweep_apply(o, size);
	*r = *head;
	r->o = o;
	r->res = *s;
}

static const char *what_sized(const struct np_test *t)
{
	return t->rr ? "request/response" : np_sweep_server_sends(t) ? "netserver send" : "send";
}

static void title(FILE *out, const struct np_report *r, int n)
{
	const struct np_opts *o = r->o;
	const int64_t secs = np_length_seconds(o->length);

	fprintf(out, "%s size sweep: %d %s size%s, ", o->test->name, n, what_sized(o->test),
		n == 1 ? "" : "s");
	if (secs > 0)
		fprintf(out, "%lld s", (long long)secs);
	else
		fprintf(out, "%lld %s", (long long)np_length_count(o->length),
			o->test->rr ? "transactions" : "bytes");
	fputs(" each", out);
	if (o->iter_max > o->iter_min)
		fprintf(out, ", %d to %d iterations", o->iter_min, o->iter_max);
	else if (o->iter_max > 1)
		fprintf(out, ", %d iterations", o->iter_max);
	fputc('\n', out);
}

/* One row of column titles, each word in its column's width, without
 * trailing blanks; cpu[] only with -c/-C. */
static void title_row(FILE *out, const struct np_report *r, const char *const w[6],
		      const char *const cpu[2])
{
	char line[160];
	int n = snprintf(line, sizeof(line), "%*s  %-*s  %*s  %*s  %*s  %*s", W_SIZE, w[0],
			 W_TIME, w[1], W_RATE, w[2], W_RATE, w[3], W_LOSS, w[4], W_TPUT, w[5]);

	if (np_report_cpu(r) && n > 0 && n < (int)sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n, "  %*s  %*s", W_CPU, cpu[0],
			      W_CPU, cpu[1]);
	if (n >= (int)sizeof(line))
		n = (int)sizeof(line) - 1;
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fprintf(out, "%.*s\n", n, line);
}

static void column_titles(FILE *out, const struct np_report *r)
{
	const bool udp = r->o->test->sock_type == SOCK_DGRAM;
	char unit[24];

	snprintf(unit, sizeof(unit), "%s/sec", np_unit_label(r->unit));
	title_row(out, r, (const char *const[6]){ "Message", "Elapsed", udp ? "Packets" : "Send",
						  udp ? "Packets" : "Recv", "Loss", "Throughput" },
		  (const char *const[2]){ "Local", "Remote" });
	title_row(out, r, (const char *const[6]){ "Size", "Time", udp ? "Sent" : "Calls",
						  udp ? "Received" : "Calls", "", "" },
		  (const char *const[2]){ "CPU", "CPU" });
	title_row(out, r,
		  (const char *const[6]){ "bytes", "secs.", "per sec", "per sec", "%", unit },
		  (const char *const[2]){ "%", "%" });
	fputc('\n', out);
}

/* A figure, or "-" where there is none. */
static void cell(FILE *out, int width, bool known, double v)
{
	if (known)
		fprintf(out, "  %*.2f", width, v);
	else
		fprintf(out, "  %*s", width, "-");
}

static void table_row(FILE *out, const struct np_report *r, int32_t size)
{
	const struct np_result *s = &r->res;
	struct np_sweep_figures f;

	np_sweep_figures(r->o->test, s, &f);
	fprintf(out, "%*ld  %-*.2f", W_SIZE, (long)size, W_TIME, s->elapsed);
	cell(out, W_RATE, true, f.sent_per_s);
	cell(out, W_RATE, true, f.received_per_s);
	cell(out, W_LOSS, f.loss_pct >= 0, f.loss_pct);
	cell(out, W_TPUT, true, s->throughput);
	if (np_report_cpu(r)) {
		cell(out, W_CPU, f.lcpu >= 0, f.lcpu);
		cell(out, W_CPU, f.rcpu >= 0, f.rcpu);
	}
	if (!r->headers && r->brand)
		fprintf(out, "  %s", r->brand);
	fputc('\n', out);
}

static void print_keys(FILE *out, const struct np_report *r)
{
	np_sel_print(out, np_report_selection(r), r);
}

/* -k: the size's keys with a SWEEPn_ prefix (n from 1), as --flows
 * prefixes FLOWn_. */
static void keyval_rows(FILE *out, const struct np_report *r, int index)
{
	char prefix[24], *text = np_report_render(print_keys, r);

	snprintf(prefix, sizeof(prefix), "SWEEP%d_", index + 1);
	np_report_prefixed(out, prefix, text);
	free(text);
}

/* One size's lines in the output the command line chose; the titles
 * only before the first size. */
static void print_size(FILE *out, const struct np_report *head, const struct np_sweep_list *l,
		       int index, const struct np_result *s)
{
	struct np_opts o;
	struct np_report r;
	const struct np_selection *sel;

	size_report(head, l->size[index], s, &o, &r);
	if (index > 0)
		r.headers = false;
	sel = np_report_selection(&r);
	if (sel) {
		if (sel->style == NP_SEL_KEYVAL)
			keyval_rows(out, &r, index);
		else
			np_sel_print(out, sel, &r);
	} else if (r.verbosity == 0) {
		fprintf(out, "%ld %.2f", (long)l->size[index], s->throughput);
		if (!head->headers && head->brand)
			fprintf(out, " %s", head->brand);
		fputc('\n', out);
	} else {
		if (r.headers) {
			title(out, &r, l->n);
			column_titles(out, &r);
		}
		table_row(out, &r, l->size[index]);
	}
	fflush(out);
}

/* After the table: the sizes whose -i/-I confidence was not reached,
 * with the throughput interval's width each reached. */
static void confidence_note(FILE *out, const struct np_report *head,
			    const struct np_sweep_list *l, const struct np_result *res, int done)
{
	int missed = 0;

	if (!head->o->confidence || np_report_selection(head) || head->verbosity == 0)
		return;
	for (int i = 0; i < done; i++) {
		if (res[i].conf_met)
			continue;
		fprintf(out, missed++ ? ", %ld (%.3f%%)"
			: "\n!!! WARNING: desired confidence was not achieved within the specified "
			  "iterations for sizes %ld (%.3f%%)",
			(long)l->size[i], res[i].conf_tput);
	}
	if (missed)
		fputs("\n", out);
	fflush(out);
}

/* ---- After the table: each size's notes, or its -v 2 report ------------ */

static bool details_wanted(const struct np_report *head)
{
	return head->headers && head->verbosity >= 1 && !np_report_selection(head);
}

bool np_sweep_keeps_flows(const struct np_report *head, int nflows)
{
	return nflows > 1 && head->verbosity >= 2 && details_wanted(head);
}

/* The digits of the widest of the first n sizes (at most W_SIZE: a
 * size is at most 4 MiB). */
static int size_width(const struct np_sweep_list *l, int n)
{
	int width = 1;

	for (int i = 0; i < n; i++) {
		const int w = snprintf(NULL, 0, "%ld", (long)l->size[i]);

		width = w > width ? w : width;
	}
	return width < W_SIZE ? width : W_SIZE;
}

static void table_unknowns(FILE *out, const struct np_report *r)
{
	np_unknown_notes(out, r, 1);
}

/* -v 1: each size's notes, the lines after "Size N: " (the sizes in one
 * width), after a blank line; nothing when no size has any.  Then the
 * unknown figures' reasons once, the last size's (unknown.h). */
static void size_notes(FILE *out, const struct np_report *head,
		       const struct np_sweep_list *l, const struct np_sweep_results *got)
{
	const int width = size_width(l, got->done);
	bool first = true;

	for (int i = 0; i < got->done; i++) {
		struct np_opts o;
		struct np_report r;
		char prefix[32], *text;

		size_report(head, l->size[i], &got->res[i], &o, &r);
		text = np_report_render(np_report_option_notes, &r);
		if (text && *text) {
			if (first)
				fputc('\n', out);
			first = false;
			snprintf(prefix, sizeof(prefix), "Size %*ld: ", width, (long)l->size[i]);
			np_report_prefixed(out, prefix, text);
		}
		free(text);
	}
	if (got->done > 0) {
		struct np_opts o;
		struct np_report r;
		char *text;

		size_report(head, l->size[got->done - 1], &got->res[got->done - 1], &o, &r);
		text = np_report_render(table_unknowns, &r);
		if (text && *text)
			fprintf(out, "%s%s", first ? "\n" : "", text);
		free(text);
	}
}

/* -v 2: one size's report as one run of that size prints it at -v 2
 * (not the banner, printed once), headed by the size and the option
 * that run would have. */
static void size_block(FILE *out, const struct np_report *head, const struct np_sweep_list *l,
		       const struct np_sweep_results *got, int index)
{
	const long size = (long)l->size[index];
	const struct np_test *t = head->o->test;
	struct np_opts o;
	struct np_report r;

	size_report(head, l->size[index], &got->res[index], &o, &r);
	if (t->rr)
		fprintf(out, "\n=== Size %ld (-- -r %ld,%ld) ===\n", size, size, size);
	else
		fprintf(out, "\n=== Size %ld (-- -m %s%ld) ===\n", size,
			np_sweep_server_sends(t) ? "," : "", size);
	if (got->flows)
		np_report_flows_body(out, &r, got->flows + (size_t)index * (size_t)got->nflows,
				     got->nflows);
	else
		np_report_body(out, &r);
}

static void details(FILE *out, const struct np_report *head, const struct np_sweep_list *l,
		    const struct np_sweep_results *got)
{
	if (!details_wanted(head))
		return;
	if (head->verbosity == 1)
		size_notes(out, head, l, got);
	else
		for (int i = 0; i < got->done; i++)
			size_block(out, head, l, got, i);
	fflush(out);
}

int np_sweep_run(FILE *out, const struct np_report *head, const struct np_sweep_list *l,
		 bool quiet, np_sweep_measure measure, void *ctx, struct np_sweep_results *got)
{
	int rc = 0;

	got->done = 0;
	for (int i = 0; i < l->n; i++) {
		const int r = measure(ctx, l->size[i], &got->res[i]);

		if (r < 0) {
			rc = -1;
			break;
		}
		got->done++;
		if (!quiet)
			print_size(out, head, l, i, &got->res[i]);
		if (r > 0)
			break;
	}
	if (!quiet) {
		confidence_note(out, head, l, got->res, got->done);
		details(out, head, l, got);
	}
	return rc;
}
