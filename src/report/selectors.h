/*
 * selectors.h - netperf's omni output selectors: the test options -o (CSV),
 * -O (columns) and -k (NAME=value) and the lists of field names they take
 * (netperf 2.7.1's nettest_omni.c; `-o ?` lists them, tests/data/golden
 * holds its output).
 *
 * A selection is parsed once, while the command line is read (so a
 * missing selection file fails before anything connects), into a fixed
 * struct of field indexes (rows of fields.h); printing it needs no
 * allocation.  selectors.c parses, sel_print.c prints.
 */
#ifndef NP_SELECTORS_H
#define NP_SELECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/selection.h"

struct np_report;
struct np_test;

/*
 * value NULL: the test's default list (STREAM, MAERTS or RR), with the
 * CPU group appended when cpu (-c or -C).  "all" (any case): every field,
 * on 4 lines.  A value containing ',' or ';', or a single known name, is
 * a direct list: ';' separates output lines, ',' and blanks the names,
 * which are case-insensitive.  Anything else names a file: one output
 * line per text line, names (or the header texts of -O, as netperf
 * allows) separated by commas.  At most 4 lines, NP_SEL_MAX_FIELDS
 * names a line.  Returns 0, or -1 with a one-line reason in why.
 */
int np_sel_parse(const char *value, enum np_sel_style style,
		 const struct np_test *test, bool cpu, struct np_selection *sel,
		 char *why, size_t whylen);

/* `-o ?`: every name in netperf's order, comma-separated on one line
 * (-o, -k) or one per line (-O). */
void np_sel_list_names(FILE *out, enum np_sel_style style);

/* True when a field from MIN_LATENCY to STDDEV_LATENCY is selected: the
 * client must then keep round-trip statistics as with -j. */
bool np_sel_wants_latency(const struct np_selection *sel);

/* The selected fields of r in sel->style.  Headers (the CSV title line,
 * the 4 title rows of -O) only when r->headers; the banner is not ours. */
void np_sel_print(FILE *out, const struct np_selection *sel,
		  const struct np_report *r);

/* -D's interim figure: the n-th (0 first), rate in the report's unit
 * (label), over seconds, ending at sec.ms of the wall clock. */
struct np_interim_line {
	int n;
	double rate;
	const char *label;
	double seconds;
	long sec, ms;
};

/* The line in sel's style, and in the classic output's. */
void np_sel_interim(FILE *out, const struct np_selection *sel, const struct np_interim_line *l);
void np_interim_text(FILE *out, const struct np_interim_line *l);

/* The prefix of the lines of the n-th flow or sweep size (what: "FLOW",
 * "SWEEP"), into buf: "FLOW1_" where the style's lines are keys that
 * would repeat (-k), else "". */
void np_sel_prefix(const struct np_selection *sel, const char *what, int n, char *buf,
		   size_t len);

/*
 * netperf's -o/-O/-k once the options are read: value "?" lists the names
 * on out (returns 1: exit 0); else the selection is parsed for test (cpu:
 * -c or -C given) into sel (0), or one line on err says why not (-1:
 * a usage error).
 */
int np_sel_choose(const char *value, enum np_sel_style style, const struct np_test *test,
		  bool cpu, struct np_selection *sel, FILE *out, FILE *err);

#endif
