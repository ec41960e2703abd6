/*
 * sweep.h - --sweep: the test once per message size, and one table of
 * them (size, packets/s each way, loss, throughput, CPU), the way the
 * pktgen tables in kernel threads show a NIC.
 *
 * The size list is parsed and checked here (pure).  sweep_loop.c measures
 * each size with the run's options but that size (np_sweep_apply);
 * np_sweep_run drives the sizes and prints each row as it comes, so a
 * size that fails leaves the rows before it.  -J's members are json.c's.
 */
#ifndef NP_SWEEP_H
#define NP_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/sweep_list.h"

struct np_opts;
struct np_report;
struct np_result;
struct np_test;

/* One size's figures beside its result: the sender's calls per second
 * and the receiver's (datagrams for UDP; the batch options count
 * datagrams in them too), UDP_STREAM's loss (-1: none for the test), and
 * each side's CPU utilisation, percent (-1: not measured). */
struct np_sweep_figures {
	double sent_per_s, received_per_s, loss_pct;
	double lcpu, rcpu;
};

void np_sweep_figures(const struct np_test *t, const struct np_result *s,
		      struct np_sweep_figures *f);

/* One size of the sweep, measured into s: 0, 1 for "stop after this one"
 * (Ctrl-C), or -1 after the error line. */
typedef int (*np_sweep_measure)(void *ctx, int32_t size, struct np_result *s);

/* What a sweep measured: a result per size (res[k], size k's), done of
 * them; with flows (np_sweep_keeps_flows) each size's nflows flows too,
 * size k's from flows[k * nflows], which measure fills; else NULL. */
struct np_sweep_results {
	struct np_result *res;
	struct np_result *flows;
	int nflows;
	int done;
};

/*
 * Measure each size of l in turn into got->res[0..], got->done of them
 * measured.  Unless quiet (-J), each size's row goes to out as it comes,
 * the title and column titles (-P 1) before the first and any confidence
 * warning after the last, in the output head asks for (the table, -v 0's
 * lines, or -o/-O/-k rows).  After the table (-P 1, no -o/-O/-k), each
 * size measured in turn: at -v 1 its notes (notes.h), each line after
 * "Size N: "; at -v 2 a line "=== Size N (-- -m N) ===" and then all
 * that -v 2 prints of one run of that size (np_report_body, or with
 * --flows np_report_flows_body).  0, or -1 once a size failed (the rows
 * printed stay, and so do the results, and the sizes measured still
 * have their notes or blocks).
 */
int np_sweep_run(FILE *out, const struct np_report *head, const struct np_sweep_list *l,
		 bool quiet, np_sweep_measure measure, void *ctx, struct np_sweep_results *got);

/* Whether a sweep of nflows flows printed as head asks keeps each size's
 * flows for its -v 2 block (struct np_sweep_results's flows). */
bool np_sweep_keeps_flows(const struct np_report *head, int nflows);

#endif
