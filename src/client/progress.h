/*
 * progress.h - netperf's progress line: on stderr when it is a terminal
 * (or --progress), never otherwise; redrawn about twice a second from
 * the data loop's slow path, erased before anything else is printed.
 */
#ifndef NP_PROGRESS_H
#define NP_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#define NP_PROGRESS_S 0.5   /* seconds between redraws */

struct np_progress {
	int fd;                 /* where it is drawn; -1: nowhere */
	const char *test;
	char unit;              /* the report's -f letter */
	int iter, iter_max;
	bool may_stop_early;    /* -i with a confidence rule */
	int size_k, size_n;     /* --sweep: the size running, of n; 0: no sweep */
	int32_t size;
	int flows;
	double length;          /* -l seconds; 0: a counted run */
	double start;           /* np_now() when the data phase began */
	double since;           /* np_now() and the units of the last figure */
	uint64_t units;
	double figure;          /* the last figure; < 0: none yet */
	double half_pct;        /* the interval so far, +-%; < 0: none */
	bool drawn;             /* a line is on the terminal now */
};

/* Whether to draw: setting 1 (--progress), -1 (--no-progress), 0 (when
 * fd is a terminal other than TERM=dumb). */
bool np_progress_wanted(int setting, int fd);

/* A data phase begins at now, its counter at units. */
void np_progress_phase(struct np_progress *p, double now, uint64_t units);
/* A redraw is due: the figure since the last one, from units (bytes or
 * transactions, as -D counts them), and the line. */
void np_progress_tick(struct np_progress *p, double now, uint64_t units);
/* The line off the terminal (nothing when none is drawn). */
void np_progress_erase(struct np_progress *p);

#endif
