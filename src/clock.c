/*
 * clock.c - the end-of-test timer, the interim tick, monotonic time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "clock.h"

#include <errno.h>
#include <string.h>
#include <time.h>

static struct np_events events;
static timer_t end_timer, tick_timer;
static bool timers_ready;

/* Real-time signals queue, so a tick can never swallow the end signal. */
#define TICK_SIGNAL (SIGRTMIN)

double np_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_end(int sig)
{
	(void)sig;
	events.stop = 1;
	events.pending = 1;
}

static void on_tick(int sig)
{
	(void)sig;
	events.tick = 1;
	events.pending = 1;
}

static int make_timer(int sig, void (*handler)(int), timer_t *timer)
{
	struct sigaction sa;
	struct sigevent sev;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: blocked send/recv must return */
	if (sigaction(sig, &sa, NULL) < 0)
		return -1;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = sig;
	return timer_create(CLOCK_MONOTONIC, &sev, timer);
}

int np_timer_init(void)
{
	if (timers_ready)
		return 0;
	if (make_timer(SIGALRM, on_end, &end_timer) < 0 ||
	    make_timer(TICK_SIGNAL, on_tick, &tick_timer) < 0)
		return -1;
	timers_ready = true;
	return 0;
}

static struct timespec to_timespec(double seconds)
{
	struct timespec ts;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	if (seconds > 0 && ts.tv_sec == 0 && ts.tv_nsec == 0)
		ts.tv_nsec = 1;
	return ts;
}

static int arm(timer_t timer, double first, double repeat)
{
	struct itimerspec its;

	its.it_value = to_timespec(first);
	its.it_interval = to_timespec(repeat);
	return timer_settime(timer, 0, &its, NULL);
}

int np_timer_start(double seconds)
{
	if (!timers_ready && np_timer_init() < 0)
		return -1;
	events.stop = events.tick = events.pending = 0;
	if (seconds <= 0)
		return arm(end_timer, 0, 0);
	return arm(end_timer, seconds, NP_TIMER_REPEAT_MS / 1000.0);
}

void np_timer_stop(void)
{
	if (timers_ready)
		(void)arm(end_timer, 0, 0);
}

struct np_events *np_timer_events(void)
{
	return &events;
}

bool np_timer_fired(void)
{
	return events.stop != 0;
}

void np_timer_expire_now(void)
{
	events.stop = 1;
	events.pending = 1;
	if (timers_ready)
		(void)arm(end_timer, NP_TIMER_REPEAT_MS / 1000.0, NP_TIMER_REPEAT_MS / 1000.0);
}

int np_tick_start(double seconds)
{
	if (!timers_ready && np_timer_init() < 0)
		return -1;
	return arm(tick_timer, seconds, seconds);
}

void np_tick_stop(void)
{
	if (timers_ready)
		(void)arm(tick_timer, 0, 0);
}
