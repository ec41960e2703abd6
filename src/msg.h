/*
 * msg.h - what netperf says on stderr: its errors, one line each, and
 * -d's steps.
 */
#ifndef NP_MSG_H
#define NP_MSG_H

#include <stdio.h>

struct np_opts;

/* "netperf: <message>" and a newline on err; returns -1, so that a
 * failing step can end with return np_fail(...). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int np_fail(FILE *err, const char *fmt, ...);

/* -d: one line per step on stderr ("netperf: debug: ..."), nothing
 * without -d. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void np_debug(const struct np_opts *o, FILE *err, const char *fmt, ...);

#endif
