/*
 * optwalk.h - the engine that works from option rows (optrow.h): argv's
 * walk, each row's value split into netperf's comma pairs and read by its
 * reader (its own, or its kind's from optread.h), the defaults, -h's
 * lines and the settings walk.  It knows no option: the rows are
 * opts_global.c, opts_test.c and netserver_opts.c.  Only src/cli
 * includes this header.
 */
#ifndef NP_OPTWALK_H
#define NP_OPTWALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/opts.h"
#include "cli/optrow.h"

/* One program's (or one part's) option table: rows, ended by a row
 * without name and letter, listed under its heading by -h. */
struct optable {
	const struct optrow *rows;
	int width;                 /* -h's first column */
};

/* The rows a walk applied, each once (which were given: netperf's
 * --sweep and a test's own options ask).  Larger than any table set. */
#define OPT_SEEN_MAX 128
struct opt_seen {
	const struct optrow *row[OPT_SEEN_MAX];
	int n;
};

/* One walk over argv: which tables, and where they store. */
struct optwalk {
	const char *prog;
	const struct optrow *const *tables;  /* NULL-ended */
	bool test;                 /* netperf's test options (after --) */
	bool dashdash;             /* stop after "--" */
	bool strays;               /* a stray word is skipped with a line */
	void *base;
	struct opt_seen *seen;     /* NULL: not kept */
	FILE *out, *err;
};

/* Walk argv[*i..argc): "-x", "-xVALUE", "-x VALUE", grouped flags ("-46")
 * and "--name[=value]", each applied by its row.  With dashdash it stops
 * after "--", *i past it. */
enum np_opts_status opt_walk(const struct optwalk *w, int argc, char **argv, int *i);

bool opt_was_given(const struct opt_seen *s, const struct optrow *row);
const struct optrow *opt_find_letter(const struct optrow *const *tables, char c);

/* memset, then each row's defaults. */
void opt_defaults(const struct optrow *const *tables, void *base, size_t size);

/* Each stored row of tables as a setting (opts.h). */
void opt_each(const struct optrow *const *tables, bool test, bool own, const void *base,
	      np_setting_fn fn, void *ctx);

/* -h's lines of one table. */
void opt_print(FILE *out, const struct optable *t);

#endif
