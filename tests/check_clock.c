/*
 * check_clock.c - unit tests for clock.c: the run's watch.  A run that
 * counts its time from np_watch_origin() and stops when the watch says so
 * has lasted at least its length (a -l 1 once read 0.99 s, its timer
 * started before the watch thread had been created); restarting lifts the
 * stop the old end set; a tick comes every period, counted from the
 * origin.  The caller (netperf's progress line) hears of each tick
 * before the loop can see it, gets its frames half a period after each
 * request for the loop's counter, and a last call once, at the end.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "base/clock.h"

#define WAIT_LIMIT_S 10.0   /* a stop that never comes fails, not hangs */

static Suite *clock_suite(void);

/* Spin (with short sleeps) until flag is set; the np_now() then. */
static double wait_for(atomic_int *flag)
{
	const double give_up = np_now() + WAIT_LIMIT_S;
	const struct timespec nap = { .tv_sec = 0, .tv_nsec = 100000 };

	while (!atomic_load(flag)) {
		ck_assert_msg(np_now() < give_up, "the watch never raised its flag");
		nanosleep(&nap, NULL);
	}
	return np_now();
}

START_TEST(test_origin_counts)
{
	/* Twenty short runs: each one's origin lies between the calls
	 * around np_watch_start, and its stop comes no earlier than the
	 * length after it. */
	for (int i = 0; i < 20; i++) {
		struct np_watch w;
		const double before = np_now();
		double after, stopped;

		ck_assert_int_eq(np_watch_start(&w, 0.02, 0, NULL, -1, -1), 0);
		after = np_now();
		ck_assert(np_watch_origin(&w) >= before);
		ck_assert(np_watch_origin(&w) <= after);
		ck_assert(!atomic_load(&w.ev.stop));
		stopped = wait_for(&w.ev.stop);
		ck_assert_msg(stopped - np_watch_origin(&w) >= 0.02,
			      "stopped %.6f s after the origin", stopped - np_watch_origin(&w));
		ck_assert(np_watch_fired(&w));
		ck_assert(!np_watch_gone(&w));
		np_watch_end(&w);
	}
}
END_TEST

START_TEST(test_restart_lifts_stop)
{
	struct np_watch w;
	double again;

	ck_assert_int_eq(np_watch_start(&w, 0.01, 0, NULL, -1, -1), 0);
	(void)wait_for(&w.ev.stop);
	/* An end far off first, so that no preemption of this thread can
	 * let it come before the asserts (a CPU hog on every core). */
	np_watch_restart(&w, WAIT_LIMIT_S);
	ck_assert(!atomic_load(&w.ev.stop));
	ck_assert(!np_watch_fired(&w));
	again = np_now();
	np_watch_restart(&w, 0.05);
	ck_assert(wait_for(&w.ev.stop) - again >= 0.05);
	ck_assert(np_watch_fired(&w));
	np_watch_end(&w);
}
END_TEST

START_TEST(test_no_end)
{
	struct np_watch w;
	const struct timespec nap = { .tv_sec = 0, .tv_nsec = 50000000 };

	ck_assert_int_eq(np_watch_start(&w, 0, 0, NULL, -1, -1), 0);
	nanosleep(&nap, NULL);
	ck_assert(!atomic_load(&w.ev.stop));
	ck_assert(!atomic_load(&w.ev.pending));
	np_watch_end(&w);
	ck_assert(!np_watch_fired(&w));
}
END_TEST

START_TEST(test_ticks_from_origin)
{
	struct np_watch w;

	ck_assert_int_eq(np_watch_start(&w, 0, 0.02, NULL, -1, -1), 0);
	for (int k = 1; k <= 3; k++) {
		double t = wait_for(&w.ev.tick);

		ck_assert_msg(t - np_watch_origin(&w) >= 0.02 * k,
			      "tick %d at %.6f s", k, t - np_watch_origin(&w));
		atomic_store(&w.ev.tick, 0);
	}
	ck_assert(!atomic_load(&w.ev.stop));
	np_watch_end(&w);
}
END_TEST

/* What a caller saw, in its thread. */
struct seen {
	struct np_watch *w;
	atomic_int frames;
	int ticks, lasts;
	bool tick_early;         /* ev.tick already n when TICK n came */
	bool frame_early;        /* a frame before its half period */
	bool after_last;
};

static void record(void *ctx, enum np_watch_call what, int n, double elapsed)
{
	struct seen *s = ctx;

	if (s->lasts)
		s->after_last = true;
	switch (what) {
	case NP_WATCH_FRAME:
		if (elapsed < 0.02 * atomic_load(&s->frames) + 0.01)
			s->frame_early = true;
		atomic_fetch_add(&s->frames, 1);
		break;
	case NP_WATCH_TICK:
		if (atomic_load(&s->w->ev.tick) == n)
			s->tick_early = true;
		s->ticks++;
		break;
	case NP_WATCH_LAST:
		s->lasts++;
		break;
	}
}

START_TEST(test_caller)
{
	struct np_watch w;
	struct seen s = { .w = &w };
	const struct np_watch_caller c = { 0.02, record, &s };
	const struct timespec nap = { .tv_sec = 0, .tv_nsec = 100000 };
	const double give_up = np_now() + WAIT_LIMIT_S;
	int last_tick = 0;

	ck_assert_int_eq(np_watch_start(&w, 0, 0.03, &c, -1, -1), 0);
	/* The counter is asked for at the start. */
	wait_for(&w.ev.progress);
	for (int k = 1; k <= 3; k++) {
		int n;

		wait_for(&w.ev.tick);
		n = atomic_exchange(&w.ev.tick, 0);
		ck_assert_msg(n > last_tick, "tick %d after %d", n, last_tick);
		last_tick = n;
	}
	while (atomic_load(&s.frames) < 3) {
		ck_assert_msg(np_now() < give_up, "no third frame");
		nanosleep(&nap, NULL);
	}
	np_watch_end(&w);
	ck_assert_int_eq(s.lasts, 1);
	ck_assert(!s.after_last);
	ck_assert_msg(!s.tick_early, "ev.tick was raised before the caller heard of it");
	ck_assert_msg(!s.frame_early, "a frame came before its half period");
	ck_assert_int_ge(s.ticks, 3);
}
END_TEST

static Suite *clock_suite(void)
{
	Suite *s = suite_create("clock");
	TCase *tc = tcase_create("watch");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_origin_counts);
	tcase_add_test(tc, test_restart_lifts_stop);
	tcase_add_test(tc, test_no_end);
	tcase_add_test(tc, test_ticks_from_origin);
	tcase_add_test(tc, test_caller);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(clock_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
