/*
 * test_view.h - what netperf does with a test above its data loops: how
 * its figures are derived, its classic tables, and for a test without a
 * data connection the whole run.  These name the run's options, result
 * and report, which sit on floors above run/, so they are not in the
 * descriptor (run/test.h) but in its view, which the test's file defines
 * beside it, printers and all:
 *
 *   const struct np_test np_test_NAME = { ... };
 *   const struct np_test_view np_view_NAME = { .test = &np_test_NAME, ... };
 *
 * src/workloads/mkregistry.sh lists every view it finds so (a line that
 * begins "const struct np_test_view np_view_"), and np_test_view finds a
 * test's.
 */
#ifndef NP_TEST_VIEW_H
#define NP_TEST_VIEW_H

#include <stdio.h>

#include "cli/opts.h"
#include "report/view.h"
#include "run/test.h"

struct np_test_view {
	const struct np_test *test;   /* whose view it is */
	/* netperf: the test's figures from one iteration's counters, one of
	 * the family rules of metrics.h for the tests netperf 2.7.1 has
	 * (np_metrics_derive adds what every test has). */
	void (*derive)(const struct np_test *t, char unit, int burst, struct np_result *s);
	/* The classic table for -v 1/2 and the -v 0 figure (report.c). */
	void (*print_table)(FILE *out, const struct np_report *rep);
	void (*print_brief)(FILE *out, const struct np_report *rep);
	/* A test without a data connection (its descriptor's no_connection:
	 * LOC_CPU, REM_CPU, UUID): the whole run; an exit status. */
	int (*command)(const struct np_opts *o, FILE *out, FILE *err);
};

/* t's view; NULL for a test that has none (OMNI, a name only). */
const struct np_test_view *np_test_view(const struct np_test *t);

/* The views, generated with the registry (src/workloads/mkregistry.sh),
 * NULL-terminated. */
extern const struct np_test_view *const np_test_views[];

#endif
