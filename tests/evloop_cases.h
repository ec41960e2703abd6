/*
 * evloop_cases.h - the event loop's test cases (src/base/evloop.h),
 * included by check_evloop.c (the backend configure chose, from
 * libnetperf) and check_evloop_poll.c (evloop_poll.c linked alone), so
 * that every backend built here passes the same cases.  Included once
 * per program: its functions are static.
 */
#ifndef NP_EVLOOP_CASES_H
#define NP_EVLOOP_CASES_H

#include <check.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/evloop.h"

/* Every event of a wait with timeout ms, ORed, each checked to carry
 * want as its data; the count in *n. */
static unsigned wait_mask(struct np_evloop *loop, int ms, void *want, int *n)
{
	struct np_event ev[8];
	unsigned m = 0;
	int i;

	*n = np_evloop_wait(loop, ev, 8, ms);
	ck_assert_int_ge(*n, 0);
	for (i = 0; i < *n; i++) {
		ck_assert_ptr_eq(ev[i].data, want);
		m |= ev[i].mask;
	}
	return m;
}

START_TEST(test_one_pair)
{
	struct np_evloop *loop = np_evloop_new(16);
	int sv[2], n, tag = 0;
	unsigned m;
	char c = 'x';

	ck_assert_msg(loop != NULL, "np_evloop_new: %s", strerror(errno));
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);

	ck_assert_int_eq(np_evloop_add(loop, sv[0], NP_EV_READ, &tag), 0);
	if (strcmp(np_evloop_backend(), "kqueue") != 0) {
		/* kqueue does not tell a second add from a first (evloop.h). */
		ck_assert_int_eq(np_evloop_add(loop, sv[0], NP_EV_READ, &tag), -1);
		ck_assert_int_eq(errno, EEXIST);
	}
	m = wait_mask(loop, 0, &tag, &n);
	ck_assert_int_eq(n, 0);

	/* A byte: readable, once, with its data pointer; and again while it
	 * is unread (level-triggered). */
	ck_assert_int_eq(write(sv[1], &c, 1), 1);
	m = wait_mask(loop, 1000, &tag, &n);
	ck_assert_int_eq(n, 1);
	ck_assert_uint_eq(m, NP_EV_READ);
	m = wait_mask(loop, 0, &tag, &n);
	ck_assert_int_eq(n, 1);
	ck_assert_uint_eq(m, NP_EV_READ);

	/* Writing asked for too: writable (kqueue: as an event of its own). */
	ck_assert_int_eq(np_evloop_mod(loop, sv[0], NP_EV_READ | NP_EV_WRITE, &tag), 0);
	m = wait_mask(loop, 1000, &tag, &n);
	ck_assert_int_ge(n, 1);
	ck_assert_uint_eq(m, NP_EV_READ | NP_EV_WRITE);

	/* Writing alone: the unread byte is not reported. */
	ck_assert_int_eq(np_evloop_mod(loop, sv[0], NP_EV_WRITE, &tag), 0);
	m = wait_mask(loop, 0, &tag, &n);
	ck_assert_int_eq(n, 1);
	ck_assert_uint_eq(m, NP_EV_WRITE);

	/* Out of the loop: nothing, though both ways ready. */
	ck_assert_int_eq(np_evloop_del(loop, sv[0]), 0);
	m = wait_mask(loop, 0, &tag, &n);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(np_evloop_del(loop, sv[0]), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(np_evloop_mod(loop, sv[0], NP_EV_READ, &tag), -1);
	ck_assert_int_eq(errno, ENOENT);

	/* The byte read, the peer closed: the hang-up is reported. */
	ck_assert_int_eq(read(sv[0], &c, 1), 1);
	ck_assert_int_eq(np_evloop_add(loop, sv[0], NP_EV_READ, &tag), 0);
	m = wait_mask(loop, 0, &tag, &n);
	ck_assert_int_eq(n, 0);
	close(sv[1]);
	m = wait_mask(loop, 1000, &tag, &n);
	ck_assert_int_ge(n, 1);
	ck_assert_msg((m & (NP_EV_READ | NP_EV_ERROR)) != 0, "hang-up reported as %u", m);
	ck_assert_int_eq(np_evloop_del(loop, sv[0]), 0);
	close(sv[0]);
	np_evloop_free(loop);
}
END_TEST

START_TEST(test_bad_arguments)
{
	struct np_evloop *loop;
	struct np_event ev[1];
	int sv[2];

	errno = 0;
	ck_assert_ptr_null(np_evloop_new(0));
	ck_assert_int_eq(errno, EINVAL);
	loop = np_evloop_new(1);
	ck_assert_ptr_nonnull(loop);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(np_evloop_add(loop, sv[0], 0, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(np_evloop_add(loop, sv[0], 8, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(np_evloop_wait(loop, ev, 0, 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	/* Full at max_events. */
	ck_assert_int_eq(np_evloop_add(loop, sv[0], NP_EV_READ, NULL), 0);
	ck_assert_int_eq(np_evloop_add(loop, sv[1], NP_EV_READ, NULL), -1);
	ck_assert_int_eq(errno, ENOSPC);
	ck_assert_int_eq(np_evloop_del(loop, sv[0]), 0);
	ck_assert_int_eq(np_evloop_add(loop, sv[1], NP_EV_READ, NULL), 0);
	ck_assert_int_eq(np_evloop_del(loop, sv[1]), 0);
	close(sv[0]);
	close(sv[1]);
	np_evloop_free(loop);
	np_evloop_free(NULL);
}
END_TEST

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

START_TEST(test_timeout)
{
	struct np_evloop *loop = np_evloop_new(4);
	struct np_event ev[4];
	int sv[2], n;
	double t0, took;

	ck_assert_ptr_nonnull(loop);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(np_evloop_add(loop, sv[0], NP_EV_READ, NULL), 0);
	t0 = now_ms();
	n = np_evloop_wait(loop, ev, 4, 50);
	took = now_ms() - t0;
	ck_assert_int_eq(n, 0);
	ck_assert_msg(took >= 40.0, "a 50 ms wait returned after %.1f ms", took);
	ck_assert_msg(took < 5000.0, "a 50 ms wait returned after %.1f ms", took);
	ck_assert_int_eq(np_evloop_del(loop, sv[0]), 0);
	close(sv[0]);
	close(sv[1]);
	np_evloop_free(loop);
}
END_TEST

#define NPAIRS 1000

START_TEST(test_thousand_pairs)
{
	static int sv[NPAIRS][2];
	static char seen[NPAIRS];
	struct np_evloop *loop;
	struct np_event ev[64];
	struct rlimit rl;
	int i, k, n, got = 0;
	char c = 'x';

	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < 2100) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
		ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < 2100) {
		printf("check_evloop: %d socketpairs skipped: RLIMIT_NOFILE is %llu "
		       "(hard limit), below 2100\n", NPAIRS, (unsigned long long)rl.rlim_cur);
		return;
	}
	loop = np_evloop_new(NPAIRS);
	ck_assert_ptr_nonnull(loop);
	for (i = 0; i < NPAIRS; i++) {
		ck_assert_msg(socketpair(AF_UNIX, SOCK_STREAM, 0, sv[i]) == 0,
			      "socketpair %d: %s", i, strerror(errno));
		ck_assert_int_eq(np_evloop_add(loop, sv[i][0], NP_EV_READ, &seen[i]), 0);
	}
	ck_assert_int_eq(np_evloop_add(loop, sv[0][1], NP_EV_READ, NULL), -1);
	ck_assert_int_eq(errno, ENOSPC);
	for (i = 0; i < NPAIRS; i++)
		ck_assert_int_eq(write(sv[i][1], &c, 1), 1);

	/* Each read as it is reported: a level-triggered loop reports a
	 * descriptor until it is read dry, so exactly one event each. */
	while (got < NPAIRS) {
		n = np_evloop_wait(loop, ev, 64, 1000);
		ck_assert_msg(n > 0, "a wait found %d of %d pairs left unread", n, NPAIRS - got);
		ck_assert_int_le(n, 64);
		for (k = 0; k < n; k++) {
			char *s = ev[k].data;
			ptrdiff_t at = s - seen;

			ck_assert_msg(at >= 0 && at < NPAIRS, "a data pointer not added");
			ck_assert_uint_eq(ev[k].mask, NP_EV_READ);
			ck_assert_msg(!*s, "pair %d reported twice", (int)at);
			*s = 1;
			ck_assert_int_eq(read(sv[at][0], &c, 1), 1);
			got++;
		}
	}
	ck_assert_int_eq(np_evloop_wait(loop, ev, 64, 0), 0);
	for (i = 0; i < NPAIRS; i++) {
		ck_assert_int_eq(seen[i], 1);
		ck_assert_int_eq(np_evloop_del(loop, sv[i][0]), 0);
		close(sv[i][0]);
		close(sv[i][1]);
	}
	np_evloop_free(loop);
}
END_TEST

/* The cases, under the program's name for its backend. */
static int evloop_run(const char *name)
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create("evloop");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_one_pair);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_thousand_pairs);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
