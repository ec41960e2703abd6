/*
 * golden.h - what the report tests share: netperf 2.7.1's captured
 * outputs (tests/data/golden), a report (and the settings it reads)
 * filled as those captures were made, rendering into memory, and a byte comparison that names the line.
 */
#ifndef NP_TESTS_GOLDEN_H
#define NP_TESTS_GOLDEN_H

#include <stddef.h>
#include <stdio.h>

#include "cli/opts.h"
#include "cli/plan.h"
#include "report/report.h"

/* $TESTDATA/golden/NAME.stdout, NUL-terminated (free() it); len may be
 * NULL.  A missing file fails the test. */
char *golden_read(const char *name, size_t *len);

/* What every capture shares: -H 127.0.0.1, -l 1, that host's default
 * socket sizes, -v 1 with headers, no CPU, no confidence. */
void golden_base(struct np_report *r, const struct np_test *t);
/* The options and the plan golden_base pointed the report at, for a case
 * to change. */
struct np_opts *golden_opts(void);
struct np_plan *golden_plan(void);

/* What fn prints for r, NUL-terminated (free() it); len may be NULL. */
char *golden_render(void (*fn)(FILE *, const struct np_report *),
		    const struct np_report *r, size_t *len);

/* Byte comparison naming the first differing line: a lost trailing blank
 * is invisible in a plain "strings differ". */
void golden_assert_same(const char *what, const char *got, size_t glen,
			const char *want, size_t wlen);
void golden_assert_text(const char *what, const char *got, const char *want);

#endif
