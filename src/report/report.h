/*
 * report.h - everything netperf prints about a result: the banner, the
 * confidence warning, and each test's classic table in netperf 2.7.1's
 * exact layout (the printf formats of its nettest_bsd.c and nettest_omni.c;
 * tests/data/golden holds what 2.7.1 printed).  The classic tables' column
 * widths are here (sweep.c lays out its own table, a row per size).  It
 * never touches sockets: the client hands over a struct np_report, which
 * points at the run's options and plan and holds its struct np_result
 * (result.h), and nothing here writes to any of them.
 */
#ifndef NP_REPORT_H
#define NP_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "report/result.h"
#include "report/view.h"
#include "run/test.h"


/* The whole report for one test run, as -P/-v ask: the banner (begin),
 * which netperf prints before the test starts, then the rest (body). */
void np_report_print(FILE *out, const struct np_report *r);
void np_report_begin(FILE *out, const struct np_report *r);
void np_report_body(FILE *out, const struct np_report *r);

/*
 * --flows: the report body of n flows and their SUM (r->res, from
 * np_metrics_sum; flows[i] is flow i's result).  The test's own table,
 * its column titles once, a line (or line pair) per flow, then the SUM's
 * with the word SUM in its first field; -v 2's extra blocks follow for
 * the SUM.  -v 0 prints the SUM's figure alone.  -o/-O print the SUM's
 * row, then a row per flow; -k the SUM's keys, then each flow's as
 * FLOWn_KEY (n from 1).
 */
void np_report_flows_body(FILE *out, const struct np_report *r,
			  const struct np_result *flows, int n);

/* -D: one interim figure, the n-th (0 first), rate in r->unit over
 * seconds ending at the wall-clock time ending, in the output style. */
void np_report_interim(FILE *out, const struct np_report *r, int n, double rate,
		       double seconds, const struct timespec *ending);

/* -v 2's last block: a line on each side's interface (name, driver,
 * MTU, speed, offloads, queues) and one on its host (kernel, CPUs, CPU
 * model), after a blank line; "unknown" where nothing is known, such as
 * netserver 2.7.1's side. */
void np_report_host_facts(FILE *out, const struct np_report *r);

/* A printer of a report or a part of one (np_report_body, np_report_notes). */
typedef void (*np_report_printer)(FILE *out, const struct np_report *r);

/* What print would write for r, as a string to free (NULL when out of
 * memory). */
char *np_report_render(np_report_printer print, const struct np_report *r);

/* text's lines (NULL: none) to out, each after prefix ("FLOW1_"); empty
 * lines left out. */
void np_report_prefixed(FILE *out, const char *prefix, const char *text);

/* Pieces, also used by the tests' views (test_view.h). */
void np_report_banner(FILE *out, const struct np_report *r);
void np_report_confidence_warning(FILE *out, const struct np_report *r);

void np_report_stream_table(FILE *out, const struct np_report *r);
void np_report_mss_table(FILE *out, const struct np_report *r);
void np_report_mss_brief(FILE *out, const struct np_report *r);
void np_report_stream_brief(FILE *out, const struct np_report *r);
void np_report_maerts_table(FILE *out, const struct np_report *r);
void np_report_udp_stream_table(FILE *out, const struct np_report *r);
void np_report_udp_stream_brief(FILE *out, const struct np_report *r);
void np_report_rr_table(FILE *out, const struct np_report *r);
void np_report_rr_brief(FILE *out, const struct np_report *r);
void np_report_crr_table(FILE *out, const struct np_report *r);
void np_report_crr_brief(FILE *out, const struct np_report *r);

#endif
