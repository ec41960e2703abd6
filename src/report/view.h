/*
 * view.h - what every printer reads (report.c's tables, notes.c,
 * selectors.c, json.c, sweep.c): struct np_report, the run's settings
 * through const pointers and what it computed and measured, and the
 * rules by which its settings are read, each in one place (view.c).
 */
#ifndef NP_VIEW_H
#define NP_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "report/result.h"

struct np_opts;
struct np_plan;
struct np_selection;

/* Why this host's backends cannot measure a figure, NULL where they can
 * (np_lacks_read, unknown.h); the report says it where the figure is
 * unknown, never where it is known. */
struct np_lacks {
	const char *cpu;          /* no CPU counters at all: why (np_cpu_source) */
	const char *cpu_source;   /* else what is read (np_cpu_source) */
	const char *place_cpu;    /* np_place_cpu_unknown */
	const char *place_moves;  /* np_place_moves_unknown */
	const char *boot_id;      /* np_boot_id_unknown */
	const char *tcp;          /* np_tcp_counts_unknown: retransmissions */
	const char *facts;        /* np_host_facts_lacks */
};

/*
 * What to print and how.  The settings are read where they are, through
 * o (the command line, as parsed) and plan (the data connection's ends:
 * NULL until it is made, as in -J's object for an early error); the
 * report itself keeps what the run computed and what it measured.
 */
struct np_report {
	const struct np_opts *o;
	const struct np_plan *plan;
	/* How this rendering prints: -v, -P 1 and -B as asked, except where
	 * --flows and --sweep print a line without titles (or brand). */
	int verbosity;         /* 0 brief, 1 table, 2 table + extras */
	bool headers;          /* banner and column titles */
	const char *brand;     /* NULL: none; shown only without headers */
	/* What the run computed once. */
	char unit;             /* effective -f letter */
	const char *ctl_host;  /* the control connection's peer, as named */
	const char *command_line;
	const char *uuid;      /* this run's, "" if none */
	const char *sysname, *release, *version, *machine;  /* local uname */
	int local_cpus;        /* CPUs here: -n, or counted */
	struct np_lacks lacks; /* this host's backends' reasons */

	/* What the run measured. */
	struct np_result res;
};

/* What the report reads of its settings, each rule in one place. */
/* -c or -C given: every table has its CPU variant. */
bool np_report_cpu(const struct np_report *r);
/* -o / -O / -k: the selected fields replace the classic tables (and the
 * WARNING block); NULL prints the tables. */
const struct np_selection *np_report_selection(const struct np_report *r);
/* -J's headline is in bits/s (transactions/s with -f x): the factor that
 * takes a figure in the report's unit there (the unit is linear in
 * bytes/s). */
double np_report_headline_scale(const struct np_report *r);
/* The value of the test's own option name as run (np_test_param). */
int32_t np_report_param(const struct np_report *r, const char *name);

#endif
