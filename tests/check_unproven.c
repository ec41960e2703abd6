/*
 * check_unproven.c - unit tests for unproven.c, netserver -Z's pool of
 * connections still proving their passphrase: its caps in all and per
 * prefix and network, which connection goes when a newcomer finds no
 * room, and the deadline counted from the accept.  Time is an argument.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "daemon/unproven.h"

static struct np_prefix pfx(const char *text)
{
	struct sockaddr_storage ss;
	struct np_prefix p;

	memset(&ss, 0, sizeof(ss));
	if (strchr(text, ':')) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;

		a->sin6_family = AF_INET6;
		ck_assert_int_eq(inet_pton(AF_INET6, text, &a->sin6_addr), 1);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&ss;

		a->sin_family = AF_INET;
		ck_assert_int_eq(inet_pton(AF_INET, text, &a->sin_addr), 1);
	}
	np_prefix_of((const struct sockaddr *)&ss, &p);
	return p;
}

static struct np_prefix net_of(const char *text, enum np_level level)
{
	const struct np_prefix p = pfx(text);
	struct np_prefix w;

	ck_assert(np_prefix_widen(&p, level, &w));
	return w;
}

static struct np_unproven *pool_new(int max, int host, int site, int net)
{
	struct np_unproven *u = malloc(sizeof(*u));
	const struct np_unproven_settings set = { max, { host, site, net }, 5.0 };

	ck_assert_ptr_nonnull(u);
	memset(u, 0x5a, sizeof(*u));   /* init must clear it all */
	np_unproven_init(u, &set);
	return u;
}

/* A newcomer as netserver places it: the victim (if any) first.  The
 * victim's index, or -1; *level as np_unproven_victim says. */
static int arrive(struct np_unproven *u, const char *text, double now, int *idx, int *level)
{
	const struct np_prefix p = pfx(text);
	int lv = -1, v = np_unproven_victim(u, &p, &lv);

	if (v >= 0)
		np_unproven_remove(u, v);
	*idx = np_unproven_add(u, &p, now);
	ck_assert_int_ge(*idx, 0);
	if (level)
		*level = lv;
	return v;
}

START_TEST(test_init_clamps)
{
	struct np_unproven *u = pool_new(NP_UNPROVEN_CAP + 5, 0, 0, 0);

	ck_assert_int_eq(u->set.max, NP_UNPROVEN_CAP);
	ck_assert_int_eq(u->n, 0);
	for (int i = 0; i < NP_UNPROVEN_CAP; i++)
		ck_assert(!u->e[i].used);
	np_unproven_init(u, &(struct np_unproven_settings){ 0, { 0, 0, 0 }, 1 });
	ck_assert_int_eq(u->set.max, 1);
	free(u);
}
END_TEST

/* Room: no victim; full: np_unproven_add refuses until one goes. */
START_TEST(test_room_then_oldest_of_all)
{
	struct np_unproven *u = pool_new(4, 0, 0, 0);
	const struct np_prefix p = pfx("192.0.2.9");
	int idx[4], level, i;

	for (int k = 0; k < 4; k++) {
		char a[32];

		snprintf(a, sizeof(a), "198.51.%d.1", k);
		ck_assert_int_eq(arrive(u, a, 1.0, &idx[k], NULL), -1);   /* same time: order by arrival */
	}
	ck_assert_int_eq(u->n, 4);
	ck_assert_int_eq(np_unproven_add(u, &p, 2.0), -1);
	ck_assert_int_eq(np_unproven_victim(u, &p, &level), idx[0]);
	ck_assert_int_eq(level, NP_UNPROVEN_ALL);
	/* Removing one in the middle: the oldest is still the first. */
	np_unproven_remove(u, idx[2]);
	ck_assert_int_eq(np_unproven_victim(u, &p, &level), -1);
	ck_assert_int_eq(arrive(u, "192.0.2.9", 2.0, &i, NULL), -1);
	ck_assert_int_eq(arrive(u, "192.0.2.10", 2.0, &i, NULL), idx[0]);
	ck_assert_int_eq(arrive(u, "192.0.2.11", 2.0, &i, NULL), idx[1]);
	ck_assert_int_eq(u->n, 4);
	/* Removing twice, or a free entry, changes nothing. */
	np_unproven_remove(u, idx[1]);
	np_unproven_remove(u, idx[1]);
	np_unproven_remove(u, -1);
	np_unproven_remove(u, 4);
	ck_assert_int_eq(u->n, 3);
	free(u);
}
END_TEST

/* A prefix at its share loses its own oldest, not the pool's. */
START_TEST(test_prefix_share_crowds_itself)
{
	struct np_unproven *u = pool_new(8, 2, 0, 0);
	const struct np_prefix crowd = pfx("203.0.113.5");
	int first, other, a, b, level;

	ck_assert_int_eq(arrive(u, "192.0.2.1", 0, &first, NULL), -1);
	ck_assert_int_eq(arrive(u, "203.0.113.5", 1, &a, NULL), -1);
	ck_assert_int_eq(arrive(u, "203.0.113.5", 2, &b, NULL), -1);
	ck_assert_int_eq(np_unproven_count(u, &crowd), 2);
	ck_assert_int_eq(arrive(u, "203.0.113.5", 3, &other, &level), a);
	ck_assert_int_eq(level, NP_LEVEL_HOST);
	ck_assert_int_eq(arrive(u, "203.0.113.5", 4, &other, &level), b);
	ck_assert(u->e[first].used);
	ck_assert_int_eq(np_unproven_count(u, &crowd), 2);
	/* Its neighbour in the /24 is another prefix. */
	ck_assert_int_eq(arrive(u, "203.0.113.6", 5, &other, NULL), -1);
	free(u);
}
END_TEST

/* A /24 at its share loses its own oldest, whichever /32 it was; the
 * /32's share, narrower, is checked first. */
START_TEST(test_net_share_ipv4)
{
	struct np_unproven *u = pool_new(64, 3, 5, 4);
	const struct np_prefix net = net_of("203.0.113.1", NP_LEVEL_NET);
	int idx[4], mine[3], i, level;

	ck_assert_int_eq(arrive(u, "192.0.2.1", 0, &i, NULL), -1);
	for (int k = 0; k < 4; k++) {
		char a[32];

		snprintf(a, sizeof(a), "203.0.113.%d", 10 + k);
		ck_assert_int_eq(arrive(u, a, 1 + k, &idx[k], NULL), -1);
	}
	ck_assert_int_eq(np_unproven_count(u, &net), 4);
	ck_assert_int_eq(arrive(u, "203.0.113.200", 9, &mine[0], &level), idx[0]);
	ck_assert_int_eq(level, NP_LEVEL_NET);
	ck_assert_int_eq(np_unproven_count(u, &net), 4);
	/* IPv4 has no /56: the site's share (5) never applies to it. */
	ck_assert_int_eq(u->e[mine[0]].at[NP_LEVEL_SITE].b[0], 0);
	ck_assert_int_eq(arrive(u, "203.0.113.200", 10, &mine[1], &level), idx[1]);
	ck_assert_int_eq(arrive(u, "203.0.113.200", 11, &mine[2], &level), idx[2]);
	ck_assert_int_eq(level, NP_LEVEL_NET);
	/* The /32 at its share (3) inside the /24 at its share: the /32's
	 * oldest goes, not the /24's (203.0.113.13). */
	ck_assert_int_eq(arrive(u, "203.0.113.200", 12, &i, &level), mine[0]);
	ck_assert_int_eq(level, NP_LEVEL_HOST);
	ck_assert(u->e[idx[3]].used);
	free(u);
}
END_TEST

START_TEST(test_site_and_net_ipv6)
{
	struct np_unproven *u = pool_new(64, 2, 3, 4);
	const struct np_prefix site = net_of("2001:db8:1:a00::1", NP_LEVEL_SITE);
	int idx[8], i, level;

	/* Three /64s of one /56: its share of 3 is reached. */
	ck_assert_int_eq(arrive(u, "2001:db8:1:a00::1", 0, &idx[0], NULL), -1);
	ck_assert_int_eq(arrive(u, "2001:db8:1:a01::1", 1, &idx[1], NULL), -1);
	ck_assert_int_eq(arrive(u, "2001:db8:1:a02::1", 2, &idx[2], NULL), -1);
	ck_assert_int_eq(np_unproven_count(u, &site), 3);
	ck_assert_int_eq(arrive(u, "2001:db8:1:aff::1", 3, &idx[3], &level), idx[0]);
	ck_assert_int_eq(level, NP_LEVEL_SITE);
	/* Another /56 of the /48: the /48 holds 4 (3 + 1). */
	ck_assert_int_eq(arrive(u, "2001:db8:1:b00::1", 4, &idx[4], NULL), -1);
	ck_assert_int_eq(arrive(u, "2001:db8:1:c00::1", 5, &idx[5], &level), idx[1]);
	ck_assert_int_eq(level, NP_LEVEL_NET);
	/* Another /48 is another network. */
	ck_assert_int_eq(arrive(u, "2001:db8:2::1", 6, &i, NULL), -1);
	free(u);
}
END_TEST

/* The deadline counts from the accept: nothing else moves it. */
START_TEST(test_deadline_from_accept)
{
	struct np_unproven *u = pool_new(8, 0, 0, 0);
	int a, b;

	ck_assert_int_eq(arrive(u, "192.0.2.1", 100.0, &a, NULL), -1);
	ck_assert_int_eq(arrive(u, "192.0.2.2", 101.5, &b, NULL), -1);
	ck_assert(np_unproven_deadline(u, a) == 105.0);
	ck_assert(np_unproven_deadline(u, b) == 106.5);
	ck_assert_int_eq(arrive(u, "192.0.2.3", 104.0, &b, NULL), -1);
	ck_assert(np_unproven_deadline(u, a) == 105.0);
	free(u);
}
END_TEST

/*
 * The slowloris: a crowd from six /24s keeps the pool full (one arrival
 * after another, as netserver accepts them), an honest client arrives
 * among it.  It goes only once every other entry is newer than it: the
 * whole pool renewed after it, max - 1 arrivals, which netserver never
 * lets happen between a passphrase's arrival and its judgement (it
 * judges before it accepts, a quarter of the pool at most a wake-up).  And a crowd from one /24, at
 * its share, never pushes out anyone else while the pool has room.
 */
START_TEST(test_crowd_cannot_outrun_a_newcomer)
{
	enum { MAX = 128 };
	struct np_unproven *u = pool_new(MAX, MAX / 8, MAX * 3 / 16, MAX / 4);
	char a[32];
	int i, honest, n = 0;
	double now = 0;

	for (int k = 0; k < 4 * MAX; k++, n++) {
		snprintf(a, sizeof(a), "127.0.%d.%d", 11 + n % 6, 2 + n / 6 % 10);
		arrive(u, a, now += 0.001, &i, NULL);
	}
	ck_assert_int_eq(u->n, MAX);
	arrive(u, "127.0.0.1", now += 0.001, &honest, NULL);
	for (int k = 0; k < MAX - 1; k++, n++) {
		snprintf(a, sizeof(a), "127.0.%d.%d", 11 + n % 6, 2 + n / 6 % 10);
		ck_assert_int_ne(arrive(u, a, now += 0.001, &i, NULL), honest);
	}
	ck_assert(u->e[honest].used);
	/* Now all the others are newer: the next arrival takes its place. */
	ck_assert_int_eq(arrive(u, "127.0.11.2", now += 0.001, &i, NULL), honest);

	/* One /24 alone, at its share of 32: the others stay. */
	{
		struct np_unproven *v = pool_new(MAX, 0, 0, MAX / 4);
		int others[8];

		for (int k = 0; k < 8; k++) {
			snprintf(a, sizeof(a), "192.0.%d.1", k);
			arrive(v, a, 0, &others[k], NULL);
		}
		for (int k = 0; k < 10 * MAX; k++) {
			snprintf(a, sizeof(a), "198.51.100.%d", k % 250);
			arrive(v, a, 1 + k, &i, NULL);
		}
		for (int k = 0; k < 8; k++)
			ck_assert(v->e[others[k]].used);
		ck_assert_int_eq(v->n, 8 + MAX / 4);
		free(v);
	}
	free(u);
}
END_TEST

/* The accepts between two judgements: a quarter of the smallest share
 * (or of the pool), the listeners together.  A newcomer in a crowded
 * /24 outlives a whole batch of its crowd accepted right after it (the
 * reconnecting crowd comes in clusters), and only its share's worth of
 * them would push it out. */
START_TEST(test_batch_within_a_share)
{
	struct np_unproven *u = pool_new(1024, 128, 192, 256);
	char a[32];
	int b, i, honest;

	ck_assert_int_eq(np_unproven_batch(u, 1, 64), 32);
	ck_assert_int_eq(np_unproven_batch(u, 2, 64), 16);
	ck_assert_int_eq(np_unproven_batch(u, 1, 8), 8);
	np_unproven_init(u, &(struct np_unproven_settings){ 128, { 16, 24, 32 }, 5 });
	ck_assert_int_eq(np_unproven_batch(u, 1, 64), 4);
	ck_assert_int_eq(np_unproven_batch(u, 0, 64), 4);
	np_unproven_init(u, &(struct np_unproven_settings){ 2, { 0, 0, 0 }, 5 });
	ck_assert_int_eq(np_unproven_batch(u, 2, 64), 1);
	np_unproven_init(u, &(struct np_unproven_settings){ 4096, { 0, 0, 0 }, 5 });
	ck_assert_int_eq(np_unproven_batch(u, 1, 64), 64);

	np_unproven_init(u, &(struct np_unproven_settings){ 128, { 16, 24, 32 }, 5 });
	b = np_unproven_batch(u, 1, 64);
	for (int k = 0; k < 32; k++) {
		snprintf(a, sizeof(a), "127.0.11.%d", 2 + k % 10);
		arrive(u, a, k, &i, NULL);
	}
	arrive(u, "127.0.11.200", 40, &honest, NULL);
	for (int k = 0; k < b; k++) {
		snprintf(a, sizeof(a), "127.0.11.%d", 2 + k % 10);
		ck_assert_int_ne(arrive(u, a, 41 + k, &i, NULL), honest);
	}
	/* A share's worth (32) after it would have. */
	for (int k = b; k < 31; k++) {
		snprintf(a, sizeof(a), "127.0.11.%d", 2 + k % 10);
		ck_assert_int_ne(arrive(u, a, 41 + k, &i, NULL), honest);
	}
	ck_assert_int_eq(arrive(u, "127.0.11.3", 80, &i, NULL), honest);
	free(u);
}
END_TEST

static Suite *unproven_suite(void)
{
	Suite *s = suite_create("unproven");
	TCase *tc = tcase_create("pool");

	tcase_add_test(tc, test_init_clamps);
	tcase_add_test(tc, test_room_then_oldest_of_all);
	tcase_add_test(tc, test_prefix_share_crowds_itself);
	tcase_add_test(tc, test_net_share_ipv4);
	tcase_add_test(tc, test_site_and_net_ipv6);
	tcase_add_test(tc, test_deadline_from_accept);
	tcase_add_test(tc, test_crowd_cannot_outrun_a_newcomer);
	tcase_add_test(tc, test_batch_within_a_share);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(unproven_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
