/*
 * clock.c - the end-of-test timer and monotonic time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "clock.h"

#include <errno.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t fired;
static timer_t timer;
static bool timer_ready;

double np_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_timer(int sig)
{
	(void)sig;
	fired = 1;
}

int np_timer_init(void)
{
	struct sigaction sa;
	struct sigevent sev;

	if (timer_ready)
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_timer;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: blocked send/recv must return */
	if (sigaction(SIGALRM, &sa, NULL) < 0)
		return -1;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGALRM;
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer) < 0)
		return -1;
	timer_ready = true;
	return 0;
}

static int arm(double first, double repeat)
{
	struct itimerspec its;

	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = (time_t)first;
	its.it_value.tv_nsec = (long)((first - (double)(time_t)first) * 1e9);
	if (first > 0 && its.it_value.tv_sec == 0 && its.it_value.tv_nsec == 0)
		its.it_value.tv_nsec = 1;
	its.it_interval.tv_sec = (time_t)repeat;
	its.it_interval.tv_nsec = (long)((repeat - (double)(time_t)repeat) * 1e9);
	return timer_settime(timer, 0, &its, NULL);
}

int np_timer_start(double seconds)
{
	if (!timer_ready && np_timer_init() < 0)
		return -1;
	fired = 0;
	return arm(seconds, NP_TIMER_REPEAT_MS / 1000.0);
}

void np_timer_stop(void)
{
	if (timer_ready)
		(void)arm(0, 0);
}

const volatile sig_atomic_t *np_timer_flag(void)
{
	return &fired;
}

bool np_timer_fired(void)
{
	return fired != 0;
}

void np_timer_expire_now(void)
{
	fired = 1;
	if (timer_ready)
		(void)arm(NP_TIMER_REPEAT_MS / 1000.0, NP_TIMER_REPEAT_MS / 1000.0);
}
