/*
 * notes.h - netperf-ng's own lines around the classic report: what the
 * kernel's fast paths (--batch, --gso, --busy-poll, --zerocopy) did on
 * each end, from the counts both sides kept (np_counters), and why a
 * figure shown is unknown (unknown.h).  netperf 2.7.1 has none of these
 * options, and on Linux every figure a plain command line shows is
 * known, so it prints nothing here: the classic layout is untouched.
 */
#ifndef NP_NOTES_H
#define NP_NOTES_H

#include <stdio.h>

#include "report/view.h"

/* After the table (-v 1 and 2): one line per option in force, then one
 * per figure of the table (-c, -C) unknown, with its reason (unknown.h;
 * -v 2's block of what the data ran on has its own, report.c). */
void np_report_notes(FILE *out, const struct np_report *r);
/* The options' lines alone (--sweep's, each size's). */
void np_report_option_notes(FILE *out, const struct np_report *r);
/* Before the banner's newline: " : busy-poll" and the like. */
void np_report_banner_notes(FILE *out, const struct np_report *r);

#endif
