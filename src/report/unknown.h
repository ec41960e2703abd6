/*
 * unknown.h - the figures a run shows as unknown, and why: what a system
 * does not have is unknown with its reason, never 0 and never a Linux
 * figure (DEVELOPERS.md, "Other systems").
 *
 * The reasons come from this host's backends (struct np_lacks, read once
 * by np_lacks_read), from the run itself (-N, --flows, a test whose
 * connections are closed before their counters are read) and, for
 * netserver's figures, from what netserver is: a netserver 2.7.1 sends no
 * placement, other processes or host facts; a netserver-ng sends no
 * reasons (the wire has no text for them), so its unknowns say that.
 * A figure known, or unknown without a reason, has no entry.
 *
 * np_unknowns is pure (tests/check_report.c): the notes (notes.c: the
 * figures the text shows at its -v) and -J's "unknown" object (json.c:
 * all of them) are made from its list.
 */
#ifndef NP_UNKNOWN_H
#define NP_UNKNOWN_H

#include <stdio.h>

#include "report/view.h"

enum np_unknown_fig {
	NP_U_LCPU, NP_U_RCPU,               /* -c, -C: CPU utilisation */
	NP_U_LDATA_CPU, NP_U_LMOVES,        /* where the data loops ran (-v 2) */
	NP_U_RDATA_CPU, NP_U_RMOVES,
	NP_U_SHARED,                        /* whether they shared one CPU */
	NP_U_LHOST, NP_U_RHOST,             /* the host facts (-v 2) */
	NP_U_LRETRANS, NP_U_RRETRANS,       /* TCP's retransmissions (-J) */
	NP_U_LOTHERS, NP_U_ROTHERS,         /* other processes' CPU time (-J) */
	NP_UNKNOWN_FIGS
};

/* The lowest -v whose text shows a figure; NP_UNKNOWN_JSON: -J alone. */
#define NP_UNKNOWN_JSON 3

struct np_unknown_row {
	const char *key;        /* its key in -J's "unknown" */
	const char *figure;     /* the note's name for it */
	int verbosity;
};

extern const struct np_unknown_row np_unknown_rows[NP_UNKNOWN_FIGS];

#define NP_UNKNOWN_WHY 256

struct np_unknown {
	enum np_unknown_fig fig;
	char why[NP_UNKNOWN_WHY];
};

/* This host's backends' reasons, as this build has them. */
void np_lacks_read(struct np_lacks *l);

/* The figures r's result shows as unknown that have a reason, in the
 * rows' order, into u: how many.  None for a run without a data phase. */
int np_unknowns(const struct np_report *r, struct np_unknown u[NP_UNKNOWN_FIGS]);

/* One line for each of them whose figure the text shows from -v level
 * on (the table's CPU at 1, after the table's notes; the -v 2 block of
 * what the data ran on at 2, after that block; never NP_UNKNOWN_JSON):
 * "local CPU utilisation unknown: REASON". */
void np_unknown_notes(FILE *out, const struct np_report *r, int level);

#endif
