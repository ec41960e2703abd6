/*
 * optread.h - the readers of values that both programs' rows use
 * (optrow.h): each kind's, which the engine (optwalk.h) calls for a row
 * without a reader of its own, others both programs use, and the number
 * rules the rows' own readers build on.  Only src/cli includes this
 * header.
 */
#ifndef NP_OPTREAD_H
#define NP_OPTREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/opts.h"
#include "cli/optrow.h"

/* The kinds' readers: the row's range, unit and default. */
enum np_opts_status opt_read_flag(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_set(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_int(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_port(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_decimal(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_text(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_cpus(const struct cur *c, const char *text, void *field);
/* Others both programs use. */
enum np_opts_status opt_read_any_port(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_host(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_family(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_passphrase(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_version(const struct cur *c, const char *text, void *field);
enum np_opts_status opt_read_ignored(const struct cur *c, const char *text, void *field);

/* A whole number as netperf's letters take it (2.7.1's atoi: the
 * leading number, the tail noted), else whole; a range error names unit. */
enum np_opts_status opt_number(const struct cur *c, const char *text, int64_t min,
			       int64_t max, const char *unit, int64_t *out);
/* The lenient read alone: 0, or -1 with why; *rest the ignored tail. */
int opt_lenient(const struct cur *c, const char *text, int64_t min, int64_t max,
		int64_t *out, const char **rest, const char **why);
void opt_ignored_tail(const struct cur *c, int64_t v, const char *rest);
bool opt_plain_decimal(const char *text, double *out);
enum np_opts_status opt_decimal(const struct cur *c, const char *text, double min,
				double max, double *out);
enum np_opts_status opt_port(const struct cur *c, const char *text, int64_t min,
			     uint16_t *out);

#endif
