/*
 * clock.h - test timing on CLOCK_MONOTONIC.
 *
 * Two timers per process, each raising a signal whose handler only sets
 * flags in struct np_events: the end-of-test timer (SIGALRM) and, with
 * -D, the interim-report tick (a real-time signal, so the two never
 * merge).  The handlers are installed without SA_RESTART, so a blocking
 * call in progress returns EINTR.  After its first expiry the end timer
 * keeps firing every NP_TIMER_REPEAT_MS: a call that started just after
 * the flag was set is interrupted too, and nothing blocks past the end
 * of the test.  The data loops read one flag, never the clock.
 */
#ifndef NP_CLOCK_H
#define NP_CLOCK_H

#include <signal.h>
#include <stdbool.h>

#define NP_TIMER_REPEAT_MS 50

/* What the data loops must notice.  pending is their only per-operation
 * check; it is set with any of the others. */
struct np_events {
	volatile sig_atomic_t pending;
	volatile sig_atomic_t stop;     /* the test's time is up */
	volatile sig_atomic_t tick;     /* an interim report is due */
};

/* Seconds on CLOCK_MONOTONIC. */
double np_now(void);

/* Install the handlers and create the timers (once per process). */
int np_timer_init(void);
/* Arm the end timer to fire after seconds (<= 0: never); clears the
 * events. */
int np_timer_start(double seconds);
/* Disarm it; the flags keep their values. */
void np_timer_stop(void);
/* The flags this process's timers set. */
struct np_events *np_timer_events(void);
bool np_timer_fired(void);
/* Set the stop flag from outside the timer (SIGINT, a vanished client);
 * async-signal-safe. */
void np_timer_expire_now(void);

/* The interim tick every seconds (> 0), or none. */
int np_tick_start(double seconds);
void np_tick_stop(void);

#endif
