/*
 * json.h - -J/--json: a run as one JSON object on one line, its members
 * documented in doc/json.md and by doc/netperf-ng.schema.json.  Like the
 * classic tables (report.c) it is rendered from the report and its result
 * alone: no sockets, no clock.  Built with jansson; a build without it
 * has np_json_print fail, and -J's row (opts_global.c) refuses it there.
 */
#ifndef NP_JSON_H
#define NP_JSON_H

#include <stdio.h>
#include <time.h>

#include "report/report.h"
#include "report/result.h"
#include "report/sweep.h"

/* The layout's version, the object's "json_version": a change that can
 * break a reader (a member renamed, removed or of another type) raises
 * it; new members do not. */
#define NP_JSON_VERSION 1

/* What the object holds beside the report. */
struct np_json_run {
	const struct np_result *flows; /* --flows: each flow's last iteration (NULL: one flow) */
	int nflows;
	const char *error;             /* the run failed: why, one line (NULL: it did not) */
	const char *const *warnings;   /* lines that did not stop it */
	int nwarnings;
	/* --sweep: the sizes asked (NULL: no sweep), and the results of the
	 * first nsweep of them, measured before the end or the error. */
	const struct np_sweep_list *sweep;
	const struct np_result *sweep_res;
	int nsweep;
	/* The run's wall clock (CLOCK_REALTIME) at its start and its end:
	 * "start_time", "end_time" (RFC 3339, UTC, microseconds); tv_sec 0
	 * is unknown (null). */
	struct timespec start, end;
};

/* The object and a newline on out.  0, or -1 when jansson ran out of
 * memory (nothing is printed then) or the build lacks it. */
int np_json_print(FILE *out, const struct np_report *r, const struct np_json_run *x);

#endif
