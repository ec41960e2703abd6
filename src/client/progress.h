/*
 * progress.h - netperf's progress line: on stderr when it is a terminal
 * (or --progress), never otherwise; drawn about twice a second by the
 * data phase's watch thread (base/clock.h), never by the data loop, and
 * only when stderr takes it at once: a frame that would wait is skipped.
 * Erased before a -D line and at the end of each data phase.
 */
#ifndef NP_PROGRESS_H
#define NP_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"

#define NP_PROGRESS_S 0.5   /* seconds between frames */

struct np_progress {
	/* The run's settings, changed only between data phases (the watch's
	 * thread, created after, reads them). */
	const char *test;
	char unit;              /* the report's -f letter */
	int iter, iter_max;
	bool may_stop_early;    /* -i with a confidence rule */
	int size_k, size_n;     /* --sweep: the size running, of n; 0: no sweep */
	int32_t size;
	int flows;
	bool sum;               /* the figure is every flow's (a many-flows
				 * run), not flow 1's */
	double length;          /* -l seconds; 0: a counted run */
	double half_pct;        /* the interval so far, +-%; < 0: none */
	bool tick_prints;       /* -D's lines are printed: erase before each */
	/* Where (np_progress_open); fd -1: nowhere. */
	int fd;
	int sink;               /* how a frame gets there without a wait */
	bool own;               /* fd was opened here */
	/* The watch's thread's (between phases, the run's). */
	bool drawn;             /* a line is on the terminal now */
	bool dead;              /* stderr failed for good: no more this run */
	/* The data loop's thread's: the counter at the last figure. */
	double since;           /* np_now(); 0: none yet this phase */
	uint64_t units;
	/* Between the two threads, without a lock. */
	_Atomic double figure;  /* the loop's last figure; < 0: none yet */
	atomic_int hold;        /* the -D tick whose line is not out yet; 0: none */
};

/* Whether to draw: setting 1 (--progress), -1 (--no-progress), 0 (when
 * fd is a terminal other than TERM=dumb). */
bool np_progress_wanted(int setting, int fd);

/* Draw on fd (stderr) from now on: a terminal through a descriptor of its
 * own that never blocks (fd's may be stdout's too), a socket with
 * MSG_DONTWAIT, a pipe or anything else after poll() says it may be
 * written, a regular file as it is.  0, or -1 with errno (nowhere). */
int np_progress_open(struct np_progress *p, int fd);
/* What np_progress_open opened, closed. */
void np_progress_close(struct np_progress *p);

/* A data phase is about to start its watch (drawn by np_progress_call). */
void np_progress_phase(struct np_progress *p);
/* The data loop's slow path, when its watch drew a frame: the figure
 * since the last one, from units (bytes or transactions, as -D counts
 * them) at now, for the next frame.  No lock, no write. */
void np_progress_count(struct np_progress *p, double now, uint64_t units);
/* The data loop: tick n's -D line is out; frames may come again. */
void np_progress_printed(struct np_progress *p, int n);

/* The watch's caller (struct np_watch_caller, ctx p): a frame, the erase
 * before tick n's line, the erase at the end. */
void np_progress_call(void *ctx, enum np_watch_call what, int n, double elapsed);

#endif
