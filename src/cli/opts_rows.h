/*
 * opts_rows.h - netperf's option tables, shared by its three files:
 * opts_global.c (the global options, their readers and -h),
 * opts_test.c (the test options after --, theirs and -- -h) and opts.c
 * (the walk over them and the rules no row can say).  Only those
 * include it.
 */
#ifndef NP_OPTS_ROWS_H
#define NP_OPTS_ROWS_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/optrow.h"

#define NP_AT(f) OPT_AT(struct np_opts, f)
#define NP_AT2(f, g) OPT_AT2(struct np_opts, f, g)
#define NP_BUF(b) OPT_BUF(struct np_opts, b)

/* -t omni's direction in netperf 2.7.1's own bits (0x2 it sends, 0x4 it
 * receives), which -- -d's numbers use too. */
#define NP_OMNI_XMIT 0x2u
#define NP_OMNI_RECV 0x4u

/* opts_global.c: -h's "Global options", "netperf-ng options", and the
 * settings several options set. */
extern const struct optrow np_global_rows[];
extern const struct optrow np_global_long_rows[];
extern const struct optrow np_global_settings[];
/* Both -h texts print it. */
extern const char np_pair_note[];
/* -W's, global and after --. */
extern const char np_width_note[];
/* Digits (at most 9), and with unit one of netperf's time letters after
 * them: what netperf 2.7.1's ignored -b, -w, -- -j and -- -w take. */
bool np_interval_word(const char *w, bool unit);

/* opts_test.c: the test options of netperf 2.7.1 and netperf-ng's. */
extern const struct optrow np_test_rows[];
extern const struct optrow np_test_long_rows[];

/* A test's own options as rows, long names only, stored in
 * o->test_params[i].  With help_buf, each help text gains a line with
 * the range and the default (for -h).  Ends with the table's zero row. */
void np_test_option_rows(const struct np_test *t, struct optrow rows[NP_TEST_OPTIONS + 1],
			 char (*help_buf)[512]);

/* The largest message of o's test: a datagram's, or a stream's. */
int32_t np_opts_msg_max(const struct np_opts *o);

#endif
