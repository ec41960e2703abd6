/*
 * notes.h - netperf-ng's own lines around the classic report: what the
 * kernel's fast paths (--batch, --gso, --busy-poll, --zerocopy) did on
 * each end, from the counts both sides kept (np_counters).  netperf
 * 2.7.1 has none of these options, so a plain command line prints
 * nothing here: the classic layout is untouched.
 */
#ifndef NP_NOTES_H
#define NP_NOTES_H

#include <stdio.h>

#include "report/view.h"

/* After the table (-v 1 and 2): one line per option in force. */
void np_report_notes(FILE *out, const struct np_report *r);
/* Before the banner's newline: " : busy-poll" and the like. */
void np_report_banner_notes(FILE *out, const struct np_report *r);

#endif
