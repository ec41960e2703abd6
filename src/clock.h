/*
 * clock.h - test timing on CLOCK_MONOTONIC.
 *
 * One end-of-test timer per process: when it fires, a flag is set and the
 * blocking call in progress returns EINTR (the handler is installed
 * without SA_RESTART).  After the first expiry it keeps firing every
 * NP_TIMER_REPEAT_MS, so a call that started just after the flag was set
 * is interrupted too: nothing blocks past the end of the test.  The data
 * loops read only the flag, never the clock.
 */
#ifndef NP_CLOCK_H
#define NP_CLOCK_H

#include <signal.h>
#include <stdbool.h>

#define NP_TIMER_REPEAT_MS 50

/* Seconds on CLOCK_MONOTONIC. */
double np_now(void);

/* Install the handler and create the timer (once per process). */
int np_timer_init(void);
/* Arm it to fire after seconds (> 0); clears the flag. */
int np_timer_start(double seconds);
/* Disarm it; the flag keeps its value. */
void np_timer_stop(void);
/* The flag the data loops poll. */
const volatile sig_atomic_t *np_timer_flag(void);
bool np_timer_fired(void);
/* Set the flag from outside the timer (e.g. SIGINT), and wake blockers. */
void np_timer_expire_now(void);

#endif
