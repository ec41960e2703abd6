/*
 * clock.h - time for a run: monotonic seconds, and the run's watch.
 *
 * A watch belongs to one run.  Its thread sleeps in poll() until the
 * run's end, the next -D tick or the close of the watched control
 * connection, and sets flags in struct np_events that the data loop reads
 * with one load per operation; netperf's progress line is drawn from it
 * (struct np_watch_caller), never from the loop.  No signal ends a run:
 * a loop blocked in a call notices the flags when the call returns, and
 * data sockets carry a short SO_RCVTIMEO/SO_SNDTIMEO (NP_WAKE_MS, sock.h)
 * so that no call blocks long.  Runs in different threads each have their
 * own watch.
 */
#ifndef NP_CLOCK_H
#define NP_CLOCK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

/* What the data loops must notice.  pending is their only per-operation
 * check; it is set with any of the others. */
struct np_events {
	atomic_int pending;
	atomic_int stop;     /* the test is over: its time, the peer, Ctrl-C */
	atomic_int tick;     /* an interim report is due: the tick's number */
	atomic_int progress; /* the progress line wants the loop's counter */
};

/*
 * Whom the watch's thread calls besides setting flags: netperf's progress
 * line (client/progress.c).  Every period from the start the watch raises
 * ev.progress, and calls NP_WATCH_FRAME half a period later, when the
 * loop has answered; NP_WATCH_TICK just before -D tick n is raised
 * (ev.tick becomes n, never 0), NP_WATCH_LAST once as the watch ends;
 * elapsed counts from the watch's origin.  The call runs in the watch's thread, every signal
 * blocked, without its lock; it must never block, for a call that waited
 * would hold back the run's end.
 */
enum np_watch_call { NP_WATCH_FRAME, NP_WATCH_TICK, NP_WATCH_LAST };

struct np_watch_caller {
	double period;       /* seconds between frames; <= 0: none */
	void (*call)(void *ctx, enum np_watch_call what, int n, double elapsed);
	void *ctx;
};

struct np_watch {
	struct np_events ev;
	atomic_int fired;    /* the end time passed (not the peer, not stop_fd) */
	atomic_int gone;     /* the watched control connection closed */
	/* The rest is the watch's own; np_watch_* change it under lock. */
	pthread_mutex_t lock;
	pthread_t thread;
	bool running;
	bool quit;
	bool forced;         /* stopped by the peer or stop_fd */
	int wake[2];         /* a pipe: the thread re-reads its settings */
	int ctl_fd;          /* -1: none */
	int stop_fd;         /* readable = stop (netperf's Ctrl-C); -1: none */
	double origin;       /* np_now() when it started: the run's time 0 */
	double end;          /* np_now() of the end; 0: none */
	double tick;         /* -D seconds; 0: none */
	double next_tick;
	int ticks;           /* the last tick's number */
	struct np_watch_caller caller;   /* call NULL: none */
	double next_count, next_frame;
};

/* Seconds on CLOCK_MONOTONIC. */
double np_now(void);

/*
 * Start the watch: the end after seconds (<= 0: none), a tick every
 * tick_s (<= 0: none), caller's frames (NULL: none), ctl_fd watched for
 * its peer's close and stop_fd for input (either -1).  The flags start
 * clear; the times count from np_watch_origin().  0, or -1 with errno.
 */
int np_watch_start(struct np_watch *w, double seconds, double tick_s,
		   const struct np_watch_caller *caller, int ctl_fd, int stop_fd);
/* The end moves to seconds from now.  A stop the old end set is lifted;
 * one for any other reason stays. */
void np_watch_restart(struct np_watch *w, double seconds);
/* No end time any more: a loop that outlives it (TCP_CRR's linger, UDP's
 * lost-marker tail) keeps its own time. */
void np_watch_disarm(struct np_watch *w);
/* End the thread; the flags keep their values. */
void np_watch_end(struct np_watch *w);

/* np_now() at the start: where a run's elapsed time begins, so that a
 * run the end stops has lasted at least its seconds. */
static inline double np_watch_origin(const struct np_watch *w)
{
	return w->origin;
}

static inline bool np_watch_fired(struct np_watch *w)
{
	return atomic_load(&w->fired) != 0;
}

static inline bool np_watch_gone(struct np_watch *w)
{
	return atomic_load(&w->gone) != 0;
}

#endif
