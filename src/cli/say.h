/*
 * say.h - what netperf says on stderr: its errors and warnings, one line
 * each, and -d's steps.  Under -J the errors and warnings are also kept
 * for the JSON object (np_say_keep).
 */
#ifndef NP_SAY_H
#define NP_SAY_H

#include <stdio.h>

struct np_opts;

/* "netperf: <message>" and a newline on err; returns -1, so that a
 * failing step can end with return np_fail(...). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int np_fail(FILE *err, const char *fmt, ...);

/* The same line for what does not stop the run (a short fill file,
 * requests sent again). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void np_warn(FILE *err, const char *fmt, ...);

/* -d: one line per step on stderr ("netperf: debug: ..."), nothing
 * without -d. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void np_debug(const struct np_opts *o, FILE *err, const char *fmt, ...);

/* -J: the lines np_fail and np_warn print, kept as well (without the
 * "netperf: "), longer ones cut at NP_SAY_LINE - 1 bytes: the first
 * error, and the first NP_SAY_WARNINGS warnings. */
#define NP_SAY_LINE 512
#define NP_SAY_WARNINGS 16

struct np_say_log {
	char error[NP_SAY_LINE];          /* "" = none */
	char warnings[NP_SAY_WARNINGS][NP_SAY_LINE];
	int nwarnings;
};

/* From now on keep the lines in log (NULL: keep nothing, the default).
 * The flows' threads may fail at once: the log is locked. */
void np_say_keep(struct np_say_log *log);

#endif
