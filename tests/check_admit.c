/*
 * check_admit.c - unit tests for admit.c (netserver's admission rules:
 * prefixes, the rate limiter, the admission table) and for log.c's
 * lock-free limiter, np_log_gate_take.
 *
 * Time is an argument everywhere, so nothing here sleeps: "one interval
 * later" is a bigger number passed in.  Rates are chosen so that the
 * boundaries are exact in binary (4 per second: 0.25 s), except where the
 * test is about an interval that is not (10 per second).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <limits.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "daemon/admit.h"
#include "daemon/log.h"
#include "wire/wire.h"

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- helpers ---- */

/* The prefix of a textual address (IPv4 or IPv6), with a port and, for
 * IPv6, a scope and flow label that must not matter. */
static struct np_prefix pfx_port(const char *text, uint16_t port, uint32_t scope)
{
	struct sockaddr_storage ss;
	struct np_prefix p;

	memset(&ss, 0, sizeof(ss));
	if (strchr(text, ':')) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;

		a->sin6_family = AF_INET6;
		a->sin6_port = htons(port);
		a->sin6_scope_id = scope;
		a->sin6_flowinfo = htonl(scope * 7u);
		ck_assert_msg(inet_pton(AF_INET6, text, &a->sin6_addr) == 1, "bad address %s", text);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&ss;

		a->sin_family = AF_INET;
		a->sin_port = htons(port);
		ck_assert_msg(inet_pton(AF_INET, text, &a->sin_addr) == 1, "bad address %s", text);
	}
	memset(&p, 0xa5, sizeof(p));   /* np_prefix_of must set every byte */
	np_prefix_of((const struct sockaddr *)&ss, &p);
	return p;
}

static struct np_prefix pfx(const char *text)
{
	return pfx_port(text, 0, 0);
}

static bool same_prefix(const struct np_prefix *a, const struct np_prefix *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

static const char *pfx_str(const struct np_prefix *p)
{
	static char buf[64];

	memset(buf, 'x', sizeof(buf));
	np_prefix_string(p, buf, sizeof(buf));
	return buf;
}

/* The hash's key in every table here: the same everywhere, so that a
 * scratch table shows where a prefix lands in another. */
static const uint8_t test_key[NP_LIMIT_KEY_BYTES] = {
	0x6e, 0x65, 0x74, 0x70, 0x65, 0x72, 0x66, 0x2d, 0x6e, 0x67, 1, 2, 3, 4, 5, 6,
};

static struct np_limit_settings settings(int max_sessions, int max_per_prefix, double conn_rate,
					 double conn_burst, double auth_failures)
{
	struct np_limit_settings s;

	memset(&s, 0, sizeof(s));
	s.max_sessions = max_sessions;
	s.max_per_prefix = max_per_prefix;
	s.conn_rate = conn_rate;
	s.conn_burst = conn_burst;
	s.auth_failures = auth_failures;
	return s;
}

static struct np_limits *limits_new(const struct np_limit_settings *set)
{
	struct np_limits *l = malloc(sizeof(*l));

	ck_assert_ptr_nonnull(l);
	memset(l, 0x5a, sizeof(*l));   /* np_limits_init must clear it all */
	np_limits_init(l, set, test_key);
	return l;
}

/* Admit from the textual address text at now. */
static enum np_admit admit(struct np_limits *l, const char *text, double now)
{
	const struct np_prefix p = pfx(text);

	return np_limits_admit(l, &p, now);
}

/* The last refusal's reason, as the log and a netperf-ng read it. */
static const char *reason(const struct np_limits *l, enum np_admit a)
{
	static char buf[NP_REFUSAL_LEN + 1];

	np_admit_reason(l, a, buf, sizeof(buf));
	return buf;
}

static void release(struct np_limits *l, const char *text, bool auth_failed, double now)
{
	const struct np_prefix p = pfx(text);

	np_limits_release(l, &p, auth_failed, now);
}

static int sessions(const struct np_limits *l, const char *text)
{
	const struct np_prefix p = pfx(text);

	return np_limits_sessions(l, &p);
}

/* One wrong passphrase from text at now: admitted, then released failed. */
static void fail_auth(struct np_limits *l, const char *text, double now)
{
	ck_assert_int_eq(admit(l, text, now), NP_ADMIT_OK);
	release(l, text, true, now);
}

/* ---- prefixes ---- */

START_TEST(test_prefix_ipv4_is_32)
{
	const struct np_prefix a = pfx_port("192.0.2.7", 1, 0);
	const struct np_prefix a2 = pfx_port("192.0.2.7", 65535, 0);
	const struct np_prefix b = pfx("192.0.2.8");
	const struct np_prefix c = pfx("193.0.2.7");

	ck_assert(same_prefix(&a, &a2));         /* the port does not count */
	ck_assert(!same_prefix(&a, &b));         /* the next address is another /32 */
	ck_assert(!same_prefix(&a, &c));
	ck_assert_str_eq(pfx_str(&a), "192.0.2.7/32");
	ck_assert_str_eq(pfx_str(&b), "192.0.2.8/32");
	ck_assert_str_eq(pfx_str(&c), "193.0.2.7/32");
}
END_TEST

START_TEST(test_prefix_ipv6_is_64)
{
	const struct np_prefix a = pfx_port("2001:db8:1:2::1", 5, 0);
	const struct np_prefix a2 = pfx_port("2001:db8:1:2:ffff:ffff:ffff:ffff", 6, 9);
	const struct np_prefix a3 = pfx_port("2001:db8:1:2:8000::", 7, 3);
	const struct np_prefix b = pfx("2001:db8:1:3::1");
	const struct np_prefix c = pfx("2001:db9:1:2::1");
	const struct np_prefix d = pfx("2001:db8:1:2::");

	ck_assert(same_prefix(&a, &a2));
	ck_assert(same_prefix(&a, &a3));
	ck_assert(same_prefix(&a, &d));
	ck_assert(!same_prefix(&a, &b));         /* the 64th bit's neighbour /64 */
	ck_assert(!same_prefix(&a, &c));
	ck_assert_str_eq(pfx_str(&a), "2001:db8:1:2::/64");
	ck_assert_str_eq(pfx_str(&a2), "2001:db8:1:2::/64");
	ck_assert_str_eq(pfx_str(&b), "2001:db8:1:3::/64");

	/* Prefix bits in every one of the first 8 bytes, none after. */
	const struct np_prefix e = pfx("fe80:1234:5678:9abc:def0::1");
	ck_assert_str_eq(pfx_str(&e), "fe80:1234:5678:9abc::/64");
	const struct np_prefix f = pfx("::1");
	ck_assert_str_eq(pfx_str(&f), "::/64");
}
END_TEST

START_TEST(test_prefix_mapped_is_ipv4)
{
	const struct np_prefix v4 = pfx("192.0.2.7");
	const struct np_prefix mapped = pfx_port("::ffff:192.0.2.7", 4000, 0);
	const struct np_prefix mapped_other = pfx("::ffff:192.0.2.8");
	/* Not mapped: IPv4-compatible (::a.b.c.d) and an IPv6 address whose
	 * first bytes are the IPv4 ones. */
	const struct np_prefix compat = pfx("::192.0.2.7");
	const struct np_prefix lead = pfx("c000:207::");

	ck_assert(same_prefix(&v4, &mapped));
	ck_assert_str_eq(pfx_str(&mapped), "192.0.2.7/32");
	ck_assert(!same_prefix(&v4, &mapped_other));
	ck_assert(!same_prefix(&v4, &compat));
	ck_assert_str_eq(pfx_str(&compat), "::/64");
	ck_assert(!same_prefix(&v4, &lead));
	ck_assert_str_eq(pfx_str(&lead), "c000:207::/64");
}
END_TEST

START_TEST(test_prefix_string_edges)
{
	struct np_prefix none;
	struct sockaddr_storage ss;
	const struct np_prefix v4 = pfx("203.0.113.255");
	char small[8];

	/* A family that is neither: "?". */
	memset(&ss, 0, sizeof(ss));
	ss.ss_family = AF_UNIX;
	np_prefix_of((const struct sockaddr *)&ss, &none);
	ck_assert_str_eq(pfx_str(&none), "?");

	/* A short buffer is cut, and still a string. */
	memset(small, 'x', sizeof(small));
	np_prefix_string(&v4, small, sizeof(small));
	ck_assert_str_eq(small, "203.0.1");
}
END_TEST

/* ---- the rate limiter ---- */

START_TEST(test_rate_burst_boundary)
{
	struct np_rate r = { 0 };
	const double t0 = 1000.0;

	/* Burst 3, then 4 per second (0.25 s apart). */
	ck_assert(np_rate_take(&r, t0, 4, 3));
	ck_assert(np_rate_take(&r, t0, 4, 3));
	ck_assert(np_rate_take(&r, t0, 4, 3));
	ck_assert(!np_rate_take(&r, t0, 4, 3));
	ck_assert(!np_rate_take(&r, t0 + 0.2499, 4, 3));
	ck_assert(np_rate_take(&r, t0 + 0.25, 4, 3));
	ck_assert(!np_rate_take(&r, t0 + 0.25, 4, 3));
	ck_assert(!np_rate_take(&r, t0 + 0.4999, 4, 3));
	ck_assert(np_rate_take(&r, t0 + 0.5, 4, 3));
	/* Two intervals idle: two more, not three. */
	ck_assert(np_rate_take(&r, t0 + 1.0, 4, 3));
	ck_assert(np_rate_take(&r, t0 + 1.0, 4, 3));
	ck_assert(!np_rate_take(&r, t0 + 1.0, 4, 3));
}
END_TEST

START_TEST(test_rate_idle_refill_is_capped)
{
	struct np_rate r = { 0 };
	int n = 0;

	ck_assert(np_rate_take(&r, 5.0, 4, 3));
	/* An hour idle earns no more than the burst. */
	while (n < 100 && np_rate_take(&r, 3605.0, 4, 3))
		n++;
	ck_assert_int_eq(n, 3);
}
END_TEST

/* 10 per second: 0.1 s is not exact in binary; every event on the
 * schedule (computed as i / 10, not accumulated) still passes. */
START_TEST(test_rate_inexact_interval)
{
	struct np_rate r = { 0 };

	for (int i = 0; i < 1000; i++) {
		const double now = 50.0 + i / 10.0;

		ck_assert_msg(np_rate_take(&r, now, 10, 1), "event %d at %.17g refused", i, now);
		ck_assert_msg(!np_rate_take(&r, now, 10, 1), "event %d doubled", i);
	}
}
END_TEST

START_TEST(test_rate_burst_one_spacing)
{
	struct np_rate r = { 0 };

	ck_assert(np_rate_take(&r, 0.0, 2, 1));
	ck_assert(!np_rate_take(&r, 0.0, 2, 1));
	ck_assert(!np_rate_take(&r, 0.49, 2, 1));
	ck_assert(np_rate_take(&r, 0.5, 2, 1));
	ck_assert(!np_rate_take(&r, 0.5, 2, 1));
	/* Slower than one per second: 0.5 per second is 2 s apart. */
	memset(&r, 0, sizeof(r));
	ck_assert(np_rate_take(&r, 10.0, 0.5, 1));
	ck_assert(!np_rate_take(&r, 11.9, 0.5, 1));
	ck_assert(np_rate_take(&r, 12.0, 0.5, 1));
}
END_TEST

START_TEST(test_rate_allows_does_not_take)
{
	struct np_rate r = { 0 };

	for (int i = 0; i < 10; i++)
		ck_assert(np_rate_allows(&r, 7.0, 4, 2));
	ck_assert_double_eq(r.tat, 0.0);
	ck_assert(np_rate_take(&r, 7.0, 4, 2));
	ck_assert(np_rate_allows(&r, 7.0, 4, 2));
	ck_assert(np_rate_take(&r, 7.0, 4, 2));
	ck_assert(!np_rate_allows(&r, 7.0, 4, 2));
	ck_assert(!np_rate_allows(&r, 7.2499, 4, 2));
	ck_assert(np_rate_allows(&r, 7.25, 4, 2));
	ck_assert(np_rate_allows(&r, 7.25, 4, 2));
	ck_assert(np_rate_take(&r, 7.25, 4, 2));
	ck_assert(!np_rate_allows(&r, 7.25, 4, 2));
}
END_TEST

/* A refused take leaves the state alone: refusals do not push the
 * recovery further out. */
START_TEST(test_rate_refusal_costs_nothing)
{
	struct np_rate r = { 0 };

	ck_assert(np_rate_take(&r, 0.0, 1, 1));
	for (int i = 0; i < 100; i++)
		ck_assert(!np_rate_take(&r, 0.5, 1, 1));
	ck_assert(np_rate_take(&r, 1.0, 1, 1));
}
END_TEST

START_TEST(test_rate_no_limit)
{
	static const double rates[] = { 0.0, -1.0, -1e9 };

	for (int k = 0; k < ARRAY_LEN(rates); k++) {
		struct np_rate r = { 0 };

		for (int i = 0; i < 1000; i++) {
			ck_assert(np_rate_take(&r, 1.0, rates[k], 1));
			np_rate_charge(&r, 1.0, rates[k]);
		}
		/* Even a burst of 0 or less means nothing without a rate. */
		ck_assert(np_rate_allows(&r, 1.0, rates[k], 0));
		ck_assert(np_rate_take(&r, 1.0, rates[k], -5));
		ck_assert_double_eq(r.tat, 0.0);
	}
}
END_TEST

START_TEST(test_rate_charge_counts_regardless)
{
	struct np_rate r = { 0 };

	/* Burst 2 at 1 per second; five events charged at once: the backlog
	 * is 5 s, allowed again when it is down to 1 s. */
	for (int i = 0; i < 5; i++)
		np_rate_charge(&r, 0.0, 1);
	ck_assert(!np_rate_allows(&r, 0.0, 1, 2));
	ck_assert(!np_rate_allows(&r, 3.99, 1, 2));
	ck_assert(np_rate_allows(&r, 4.0, 1, 2));

	/* Charging after a long idle starts from now, not from the past. */
	memset(&r, 0, sizeof(r));
	np_rate_charge(&r, 0.0, 1);
	np_rate_charge(&r, 100.0, 1);
	ck_assert_double_eq(r.tat, 101.0);
	ck_assert(np_rate_allows(&r, 100.0, 1, 2));
	ck_assert(np_rate_take(&r, 100.0, 1, 2));
	ck_assert(!np_rate_allows(&r, 100.0, 1, 2));
}
END_TEST

/* ---- session bytes ---- */

START_TEST(test_session_bytes)
{
	ck_assert_uint_eq(np_session_bytes(1000, 2000, 3, 4), 3007);
	/* Socket buffers <= 0: the system's default, not counted. */
	ck_assert_uint_eq(np_session_bytes(-1, 0, 10, 20), 30);
	ck_assert_uint_eq(np_session_bytes(INT32_MIN, -5, 0, 0), 0);
	ck_assert_uint_eq(np_session_bytes(0, 65536, 0, 0), 65536);
	ck_assert_uint_eq(np_session_bytes(65536, -1, 0, 0), 65536);
	/* No 32-bit overflow anywhere. */
	ck_assert_uint_eq(np_session_bytes(INT32_MAX, INT32_MAX, UINT32_MAX, UINT32_MAX),
			  2ull * INT32_MAX + 2ull * UINT32_MAX);
}
END_TEST

/* ---- refusal codes and texts ---- */

START_TEST(test_admit_errno_and_text)
{
	static const struct {
		enum np_admit a;
		int err;
		const char *option;
	} cases[] = {
		{ NP_ADMIT_FULL, NP_REFUSE_SESSIONS, "--max-sessions" },
		{ NP_ADMIT_PREFIX_FULL, NP_REFUSE_SESSIONS, "--max-per-prefix" },
		{ NP_ADMIT_RATE, NP_REFUSE_RATE, "--conn-rate" },
		{ NP_ADMIT_AUTH, NP_REFUSE_AUTH, "--max-auth-failures" },
	};

	ck_assert_int_eq(np_admit_errno(NP_ADMIT_OK), 0);
	ck_assert_ptr_null(strstr(np_admit_text(NP_ADMIT_OK), "--"));
	for (int i = 0; i < ARRAY_LEN(cases); i++) {
		ck_assert_int_ne(cases[i].err, 0);
		ck_assert_int_eq(np_admit_errno(cases[i].a), cases[i].err);
		ck_assert_msg(strstr(np_admit_text(cases[i].a), cases[i].option) != NULL,
			      "\"%s\" does not name %s", np_admit_text(cases[i].a),
			      cases[i].option);
	}
	/* The three rules that differ on the wire do differ. */
	ck_assert_int_ne(NP_REFUSE_SESSIONS, NP_REFUSE_RATE);
	ck_assert_int_ne(NP_REFUSE_SESSIONS, NP_REFUSE_AUTH);
	ck_assert_int_ne(NP_REFUSE_RATE, NP_REFUSE_AUTH);
}
END_TEST

/* ---- the admission table ---- */

START_TEST(test_limits_init_clears)
{
	const struct np_limit_settings set = settings(2, 1, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	ck_assert_int_eq(l->set.max_sessions, 2);
	ck_assert_int_eq(l->set.max_per_prefix, 1);
	ck_assert_int_eq(l->sessions, 0);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 0);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.3", 0), NP_ADMIT_FULL);
	free(l);
}
END_TEST

START_TEST(test_limits_total_cap)
{
	const struct np_limit_settings set = settings(3, 3, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8::1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.4", 0), NP_ADMIT_FULL);
	/* A prefix under its own cap is still refused: the cap is in all. */
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_FULL);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 1);
	ck_assert_int_eq(sessions(l, "192.0.2.4"), 0);
	ck_assert_int_eq(l->sessions, 3);

	release(l, "192.0.2.2", false, 1);
	ck_assert_int_eq(sessions(l, "192.0.2.2"), 0);
	ck_assert_int_eq(admit(l, "192.0.2.4", 1), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.5", 1), NP_ADMIT_FULL);
	ck_assert_int_eq(admit(l, "192.0.2.2", 1), NP_ADMIT_FULL);
	free(l);
}
END_TEST

START_TEST(test_limits_per_prefix_cap)
{
	const struct np_limit_settings set = settings(10, 2, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_PREFIX_FULL);
	/* Neighbouring /32s are other clients. */
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(admit(l, "192.0.2.0", 0), NP_ADMIT_OK);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 2);
	ck_assert_int_eq(sessions(l, "192.0.2.2"), 2);
	ck_assert_int_eq(sessions(l, "192.0.2.0"), 1);
	ck_assert_int_eq(sessions(l, "192.0.2.3"), 0);
	ck_assert_int_eq(l->sessions, 5);

	release(l, "192.0.2.1", false, 1);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 1);
	ck_assert_int_eq(sessions(l, "192.0.2.2"), 2);
	ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_PREFIX_FULL);
	free(l);
}
END_TEST

START_TEST(test_limits_prefix_grouping)
{
	const struct np_limit_settings set = settings(100, 2, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	/* Two addresses of one /64 are one client. */
	ck_assert_int_eq(admit(l, "2001:db8:1:2::1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:1:2::99", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:1:2:abcd::1", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(sessions(l, "2001:db8:1:2:ffff::"), 2);
	ck_assert_int_eq(admit(l, "2001:db8:1:3::1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(sessions(l, "2001:db8:1:3::1"), 1);

	/* An IPv4-mapped address is the IPv4 client. */
	ck_assert_int_eq(admit(l, "::ffff:192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "::ffff:192.0.2.1", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 2);
	ck_assert_int_eq(sessions(l, "::ffff:192.0.2.1"), 2);
	release(l, "::ffff:192.0.2.1", false, 1);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 1);
	free(l);
}
END_TEST

/* Refused connections never count as sessions. */
START_TEST(test_limits_refusals_not_counted)
{
	const struct np_limit_settings set = settings(3, 2, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 2);
	ck_assert_int_eq(l->sessions, 2);
	ck_assert_int_eq(admit(l, "192.0.2.2", 0), NP_ADMIT_OK);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(admit(l, "192.0.2.3", 0), NP_ADMIT_FULL);
	ck_assert_int_eq(sessions(l, "192.0.2.3"), 0);
	ck_assert_int_eq(l->sessions, 3);
	/* One release makes room for exactly one. */
	release(l, "192.0.2.2", false, 1);
	ck_assert_int_eq(admit(l, "192.0.2.3", 1), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.4", 1), NP_ADMIT_FULL);
	free(l);
}
END_TEST

/* More releases than sessions (a prefix never seen, or one too many) do
 * not leave negative counts that would let more in than the caps. */
START_TEST(test_limits_release_floor)
{
	const struct np_limit_settings set = settings(2, 1, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	release(l, "192.0.2.9", false, 0);
	release(l, "192.0.2.9", true, 0);
	ck_assert_int_eq(l->sessions, 0);
	ck_assert_int_eq(sessions(l, "192.0.2.9"), 0);
	ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_OK);
	release(l, "192.0.2.1", false, 1);
	release(l, "192.0.2.1", false, 1);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 0);
	ck_assert_int_eq(l->sessions, 0);
	ck_assert_int_eq(admit(l, "192.0.2.1", 2), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", 2), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(admit(l, "192.0.2.2", 2), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.3", 2), NP_ADMIT_FULL);
	free(l);
}
END_TEST

START_TEST(test_limits_conn_rate)
{
	/* 4 new connections per second per prefix, 3 at once. */
	const struct np_limit_settings set = settings(100, 100, 4, 3, 0);
	struct np_limits *l = limits_new(&set);
	const double t = 10.0;

	/* Connections, not sessions: each ends at once and still counts. */
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(admit(l, "192.0.2.1", t), NP_ADMIT_OK);
		release(l, "192.0.2.1", false, t);
	}
	ck_assert_int_eq(admit(l, "192.0.2.1", t), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "::ffff:192.0.2.1", t), NP_ADMIT_RATE);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 0);
	/* Other prefixes have their own budget. */
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(admit(l, "192.0.2.2", t), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.2", t), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "192.0.2.3", t), NP_ADMIT_OK);

	/* One interval later one more; refused tries in between cost nothing. */
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.2499), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.25), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.25), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.4), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.5), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "192.0.2.1", t + 0.5), NP_ADMIT_RATE);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 2);

	/* A /64 shares one budget. */
	ck_assert_int_eq(admit(l, "2001:db8:7:7::1", t), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:7:7::2", t), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:7:7:1::3", t), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:7:7::4", t), NP_ADMIT_RATE);
	ck_assert_int_eq(admit(l, "2001:db8:7:8::4", t), NP_ADMIT_OK);
	free(l);
}
END_TEST

START_TEST(test_limits_conn_rate_zero_is_any)
{
	const struct np_limit_settings set = settings(100, 100, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	for (int i = 0; i < 1000; i++) {
		ck_assert_int_eq(admit(l, "192.0.2.1", 3.0), NP_ADMIT_OK);
		release(l, "192.0.2.1", false, 3.0);
	}
	free(l);
}
END_TEST

START_TEST(test_limits_auth_lockout)
{
	/* 3 wrong passphrases per minute: one every 20 s on average. */
	const struct np_limit_settings set = settings(100, 100, 0, 1, 3);
	struct np_limits *l = limits_new(&set);

	fail_auth(l, "192.0.2.1", 0);
	fail_auth(l, "192.0.2.1", 0);
	/* Two failures: still welcome. */
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_OK);
	release(l, "192.0.2.1", true, 0);
	/* Three: locked out, in either spelling of the address. */
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "::ffff:192.0.2.1", 5), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.2.1", 19.99), NP_ADMIT_AUTH);
	ck_assert_int_eq(sessions(l, "192.0.2.1"), 0);
	ck_assert_int_eq(l->sessions, 0);
	/* Nor can the rest of its /24 guess on (it has made as many
	 * guesses as one prefix may); another /24 can. */
	ck_assert_int_eq(admit(l, "192.0.2.2", 1), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.3.2", 1), NP_ADMIT_OK);
	release(l, "192.0.3.2", false, 1);

	/* Back after one interval; one more failure locks it out again. */
	ck_assert_int_eq(admit(l, "192.0.2.1", 20), NP_ADMIT_OK);
	release(l, "192.0.2.1", true, 20);
	ck_assert_int_eq(admit(l, "192.0.2.1", 20.5), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.2.1", 39.99), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.2.1", 40), NP_ADMIT_OK);
	release(l, "192.0.2.1", false, 40);

	/* A minute after the last failure all is forgiven: three again. */
	fail_auth(l, "192.0.2.1", 100);
	fail_auth(l, "192.0.2.1", 100);
	fail_auth(l, "192.0.2.1", 100);
	ck_assert_int_eq(admit(l, "192.0.2.1", 100), NP_ADMIT_AUTH);
	free(l);
}
END_TEST

START_TEST(test_limits_auth_good_sessions_free)
{
	const struct np_limit_settings set = settings(100, 100, 0, 1, 3);
	struct np_limits *l = limits_new(&set);

	for (int i = 0; i < 50; i++) {
		ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_OK);
		release(l, "192.0.2.1", false, 1);
	}
	fail_auth(l, "192.0.2.1", 1);
	fail_auth(l, "192.0.2.1", 1);
	ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_OK);
	free(l);
}
END_TEST

START_TEST(test_limits_auth_zero_is_any)
{
	const struct np_limit_settings set = settings(100, 100, 0, 1, 0);
	struct np_limits *l = limits_new(&set);

	for (int i = 0; i < 100; i++)
		fail_auth(l, "192.0.2.1", 1);
	ck_assert_int_eq(admit(l, "192.0.2.1", 1), NP_ADMIT_OK);
	free(l);
}
END_TEST

/* Failures from anywhere in one /64 add up, and so do those of its /56
 * and /48: the next /64 is locked out with it, the next /48 is not. */
START_TEST(test_limits_auth_per_64)
{
	const struct np_limit_settings set = settings(100, 100, 0, 1, 3);
	struct np_limits *l = limits_new(&set);

	fail_auth(l, "2001:db8:5:6::1", 0);
	fail_auth(l, "2001:db8:5:6::2", 0);
	ck_assert_int_eq(admit(l, "2001:db8:5:6:1::", 0), NP_ADMIT_OK);
	release(l, "2001:db8:5:6:1::", true, 0);
	ck_assert_int_eq(admit(l, "2001:db8:5:6::1", 1), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "2001:db8:5:6:ffff::7", 1), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "2001:db8:5:7::1", 1), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "2001:db8:6:6::1", 1), NP_ADMIT_OK);
	free(l);
}
END_TEST

/* With room in the table nothing is forgotten: a lockout survives a
 * crowd of other clients coming and going. */
START_TEST(test_limits_lockout_survives_crowd)
{
	const struct np_limit_settings set = settings(4096, 8, 16, 64, 1);
	struct np_limits *l = limits_new(&set);
	char addr[32];

	fail_auth(l, "192.0.2.1", 0);
	ck_assert_int_eq(admit(l, "192.0.2.1", 0), NP_ADMIT_AUTH);
	for (int i = 0; i < 3000; i++) {
		snprintf(addr, sizeof(addr), "10.1.%d.%d", i / 256, i % 256);
		ck_assert_int_eq(admit(l, addr, 1 + i * 0.001), NP_ADMIT_OK);
		release(l, addr, false, 1 + i * 0.001);
	}
	ck_assert_int_eq(admit(l, "192.0.2.1", 10), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.2.1", 59.9), NP_ADMIT_AUTH);
	ck_assert_int_eq(admit(l, "192.0.2.1", 60), NP_ADMIT_OK);
	free(l);
}
END_TEST

/* ---- the table's slots: a full neighbourhood, and which slot is reused ----
 *
 * A prefix is looked for in NP_LIMIT_PROBE slots starting at one its hash
 * picks ("every slot near this prefix").  The tests find that first slot
 * without knowing the hash: in an empty table a prefix lands on it.  They
 * then fill the NP_LIMIT_PROBE slots from P's first one with other
 * prefixes, which is the situation the reuse rules are about. */

/* The i-th of 2^24 IPv4 prefixes, each in a /24 of its own (a lockout of
 * one must not reach another through their network). */
static void distinct_net(struct np_prefix *c, uint32_t i)
{
	memset(c, 0, sizeof(*c));
	c->b[0] = 4;
	c->b[1] = (uint8_t)(10 + (i >> 16));
	c->b[2] = (uint8_t)(i >> 8);
	c->b[3] = (uint8_t)i;
	c->b[4] = 1;
}

struct window {
	struct np_prefix p;                       /* the newcomer */
	unsigned h;                               /* its first slot */
	struct np_prefix member[NP_LIMIT_PROBE];  /* who holds slot h + k */
};

static unsigned slot_index(const struct np_limits *l, const struct np_prefix *p)
{
	for (unsigned i = 0; i < NP_LIMIT_SLOTS; i++)
		if (l->slot[i].used && same_prefix(&l->slot[i].key, p))
			return i;
	return UINT_MAX;
}

/* Where p lands in an empty table; scratch is left empty again. */
static unsigned first_slot(struct np_limits *scratch, const struct np_prefix *p)
{
	unsigned i;

	ck_assert_int_eq(np_limits_admit(scratch, p, 0), NP_ADMIT_OK);
	for (i = 0; i < NP_LIMIT_SLOTS; i++)
		if (scratch->slot[i].used)
			break;
	ck_assert_msg(i < NP_LIMIT_SLOTS, "setup: admitted prefix in no slot");
	memset(&scratch->slot[i], 0, sizeof(scratch->slot[i]));
	scratch->sessions = 0;
	return i;
}

static bool window_full(const struct np_limits *l, unsigned h)
{
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++)
		if (!l->slot[(h + k) % NP_LIMIT_SLOTS].used)
			return false;
	return true;
}

/* Admit, at now, prefixes whose first slot is among P's slots until all
 * of P's slots are taken; each keeps its session. */
static void build_window(struct np_limits *l, struct window *w, double now)
{
	const struct np_limit_settings any = settings(INT_MAX, INT_MAX, 0, 1, 0);
	struct np_limits *scratch = limits_new(&any);
	uint32_t i;

	w->p = pfx("192.0.2.1");
	w->h = first_slot(scratch, &w->p);
	for (i = 1; i < (1u << 24) && !window_full(l, w->h); i++) {
		struct np_prefix c;
		unsigned off;

		distinct_net(&c, i);
		off = (first_slot(scratch, &c) + NP_LIMIT_SLOTS - w->h) % NP_LIMIT_SLOTS;
		if (off < NP_LIMIT_PROBE)
			ck_assert_int_eq(np_limits_admit(l, &c, now), NP_ADMIT_OK);
	}
	ck_assert_msg(window_full(l, w->h), "setup: could not fill the slots of %s",
		      pfx_str(&w->p));
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++) {
		w->member[k] = l->slot[(w->h + k) % NP_LIMIT_SLOTS].key;
		ck_assert_int_eq(np_limits_sessions(l, &w->member[k]), 1);
	}
	free(scratch);
}

/* Every slot near a prefix holds a running session: refused as full,
 * whatever --max-sessions says; a slot freed is used. */
START_TEST(test_evict_busy_neighbourhood_is_full)
{
	const struct np_limit_settings set = settings(INT_MAX, INT_MAX, 0, 1, 0);
	struct np_limits *l = limits_new(&set);
	struct window *w = malloc(sizeof(*w));
	int total;

	ck_assert_ptr_nonnull(w);
	build_window(l, w, 0);
	total = l->sessions;
	ck_assert_int_eq(np_limits_admit(l, &w->p, 1), NP_ADMIT_TABLE);
	{
		char want[128], where[64];

		np_prefix_string(&w->p, where, sizeof(where));
		snprintf(want, sizeof(want),
			 "no free slot near this prefix in the admission table (%s)", where);
		ck_assert_str_eq(reason(l, NP_ADMIT_TABLE), want);
	}
	ck_assert_int_eq(np_limits_sessions(l, &w->p), 0);
	ck_assert_int_eq(l->sessions, total);
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++)
		ck_assert_int_eq(np_limits_sessions(l, &w->member[k]), 1);

	np_limits_release(l, &w->member[7], false, 1);
	ck_assert_int_eq(np_limits_admit(l, &w->p, 1), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_sessions(l, &w->p), 1);
	ck_assert_uint_eq(slot_index(l, &w->p), (w->h + 7) % NP_LIMIT_SLOTS);
	ck_assert_int_eq(l->sessions, total);
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++)
		if (k != 7)
			ck_assert_int_eq(np_limits_sessions(l, &w->member[k]), 1);
	free(w);
	free(l);
}
END_TEST

/*
 * All of P's slots are idle (no session) and remembered: O, seen longest
 * ago, and locked out; X, seen later, with both its limiters recovered;
 * the rest, seen later, locked out.  The newcomer must take X's slot (it
 * loses nothing) -- or, when X is locked out too, O's (seen longest ago).
 */
/* Neither is the window's first slot, which a tie would pick. */
enum { X_K = 10, O_K = 20 };

static void idle_window(struct np_limits *l, struct window *w, bool x_recovered)
{
	build_window(l, w, 0);           /* conn limiter busy until 1 */
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++) {
		const struct np_prefix *m = &w->member[k];

		if (k == O_K) {
			np_limits_release(l, m, true, 0);   /* locked out until 60 */
			continue;
		}
		np_limits_release(l, m, false, 0);
		ck_assert_int_eq(np_limits_admit(l, m, 1.25), NP_ADMIT_OK);
		/* conn limiter busy until 2.25; locked out until 61.25 */
		np_limits_release(l, m, !(k == X_K && x_recovered), 1.25);
	}
}

START_TEST(test_evict_prefers_recovered)
{
	/* 1 connection per second, no burst; 1 wrong passphrase a minute. */
	const struct np_limit_settings set = settings(INT_MAX, INT_MAX, 1, 1, 1);
	struct np_limits *l = limits_new(&set);
	struct window *w = malloc(sizeof(*w));

	ck_assert_ptr_nonnull(w);
	idle_window(l, w, true);
	ck_assert_int_eq(np_limits_admit(l, &w->p, 3), NP_ADMIT_OK);
	ck_assert_uint_eq(slot_index(l, &w->p), (w->h + X_K) % NP_LIMIT_SLOTS);
	ck_assert_uint_eq(slot_index(l, &w->member[X_K]), UINT_MAX);
	/* Every lockout is remembered, O's too. */
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++)
		if (k != X_K)
			ck_assert_msg(np_limits_admit(l, &w->member[k], 3) == NP_ADMIT_AUTH,
				      "member %u (%s) forgotten", k, pfx_str(&w->member[k]));
	free(w);
	free(l);
}
END_TEST

START_TEST(test_evict_oldest_when_none_recovered)
{
	const struct np_limit_settings set = settings(INT_MAX, INT_MAX, 1, 1, 1);
	struct np_limits *l = limits_new(&set);
	struct window *w = malloc(sizeof(*w));

	ck_assert_ptr_nonnull(w);
	idle_window(l, w, false);
	ck_assert_int_eq(np_limits_admit(l, &w->p, 3), NP_ADMIT_OK);
	ck_assert_uint_eq(slot_index(l, &w->p), (w->h + O_K) % NP_LIMIT_SLOTS);
	for (unsigned k = 0; k < NP_LIMIT_PROBE; k++)
		if (k != O_K)
			ck_assert_msg(np_limits_admit(l, &w->member[k], 3) == NP_ADMIT_AUTH,
				      "member %u (%s) forgotten", k, pfx_str(&w->member[k]));
	/* O's own slot was forgotten (the price of a full neighbourhood),
	 * but its /24's lockout, kept in the networks' table, holds. */
	ck_assert_uint_eq(slot_index(l, &w->member[O_K]), UINT_MAX);
	ck_assert_int_eq(np_limits_admit(l, &w->member[O_K], 3), NP_ADMIT_AUTH);
	ck_assert_int_eq(np_limits_admit(l, &w->member[O_K], 60), NP_ADMIT_OK);
	free(w);
	free(l);
}
END_TEST

/* A free slot among a prefix's slots is taken before a remembered idle
 * one: A, locked out and idle, is not forgotten for Q, which looks in
 * A's slot first. */
START_TEST(test_evict_free_slot_first)
{
	const struct np_limit_settings any = settings(INT_MAX, INT_MAX, 0, 1, 0);
	const struct np_limit_settings set = settings(100, 100, 0, 1, 1);
	struct np_limits *scratch = limits_new(&any);
	struct np_limits *l = limits_new(&set);
	const struct np_prefix a = pfx("192.0.2.1");
	const unsigned h = first_slot(scratch, &a);
	struct np_prefix q;
	uint32_t i;

	/* Q: another prefix whose first slot is A's. */
	for (i = 1; i < (1u << 24); i++) {
		distinct_net(&q, i);
		if (first_slot(scratch, &q) == h)
			break;
	}
	ck_assert_msg(i < (1u << 24), "setup: no prefix shares a first slot with A");
	free(scratch);

	ck_assert_int_eq(np_limits_admit(l, &a, 0), NP_ADMIT_OK);
	np_limits_release(l, &a, true, 0);          /* locked out until 60 */
	ck_assert_uint_eq(slot_index(l, &a), h);
	ck_assert_int_eq(np_limits_admit(l, &q, 1), NP_ADMIT_OK);
	ck_assert_uint_eq(slot_index(l, &q), (h + 1) % NP_LIMIT_SLOTS);
	np_limits_release(l, &q, false, 1);
	ck_assert_int_eq(np_limits_admit(l, &a, 2), NP_ADMIT_AUTH);
	free(l);
}
END_TEST

/* ---- the keyed hash, nested prefixes, guesses at the attempt ---- */

/* SipHash-2-4's reference vectors (the paper's appendix; key 00..0f,
 * messages 00, 00 01, ...): lengths 0, 7, 8 and 15 cover the tail. */
START_TEST(test_siphash_reference)
{
	static const struct { size_t len; uint64_t want; } v[] = {
		{ 0, 0x726fdb47dd0e0e31ull }, { 7, 0xab0200f58b01d137ull },
		{ 8, 0x93f5f5799a932462ull }, { 15, 0xa129ca6149be45e5ull },
	};
	uint8_t key[16], msg[16];

	for (int i = 0; i < 16; i++)
		key[i] = msg[i] = (uint8_t)i;
	for (int i = 0; i < ARRAY_LEN(v); i++)
		ck_assert_msg(np_siphash(key, msg, v[i].len) == v[i].want,
			      "length %zu: %016llx", v[i].len,
			      (unsigned long long)np_siphash(key, msg, v[i].len));
}
END_TEST

START_TEST(test_prefix_widen_and_string)
{
	const struct np_prefix p6 = pfx("2001:db8:1:2ff:9::1"), p4 = pfx("192.0.2.77");
	struct np_prefix w;

	ck_assert(np_prefix_widen(&p6, NP_LEVEL_SITE, &w));
	ck_assert_str_eq(pfx_str(&w), "2001:db8:1:200::/56");
	ck_assert(np_prefix_widen(&p6, NP_LEVEL_NET, &w));
	ck_assert_str_eq(pfx_str(&w), "2001:db8:1::/48");
	ck_assert(np_prefix_widen(&p4, NP_LEVEL_NET, &w));
	ck_assert_str_eq(pfx_str(&w), "192.0.2.0/24");
	ck_assert(!np_prefix_widen(&p4, NP_LEVEL_SITE, &w));
	/* A network is not widened again, and never equals a client's key. */
	ck_assert(!np_prefix_widen(&w, NP_LEVEL_NET, &w));
	ck_assert(np_prefix_widen(&p4, NP_LEVEL_NET, &w));
	ck_assert(!same_prefix(&w, &p4));
}
END_TEST

/* The unkeyed FNV-1a slot the table used to pick, for the attack. */
static unsigned fnv_slot(const struct np_prefix *p)
{
	uint32_t h = 2166136261u;

	for (int i = 0; i < NP_PREFIX_BYTES; i++)
		h = (h ^ p->b[i]) * 16777619u;
	return h % 8192;
}

/* The steering attack: 64 IPv6 /64s chosen, each in a /48 of its
 * own, so that the old hash put them all on the victim's first slot (and
 * so filled its 64); one idle session each.  The victim must still be served. */
START_TEST(test_steering_attack)
{
	const struct np_limit_settings set = settings(512, 64, 0, 1, 0);
	struct np_limits *l = limits_new(&set);
	const struct np_prefix victim = pfx("2001:db8:ffff:1::5");
	const unsigned h = fnv_slot(&victim);
	int chosen = 0;

	for (uint32_t i = 0; chosen < NP_LIMIT_PROBE && i < (1u << 24); i++) {
		struct np_prefix a;

		memset(&a, 0, sizeof(a));
		a.b[0] = 6;
		a.b[1] = 0x20;
		a.b[2] = 0x01;
		a.b[3] = (uint8_t)(i >> 16);
		a.b[4] = (uint8_t)(i >> 8);
		a.b[5] = (uint8_t)i;
		a.b[8] = 1;
		if (fnv_slot(&a) != h)
			continue;
		ck_assert_int_eq(np_limits_admit(l, &a, 0), NP_ADMIT_OK);
		chosen++;
	}
	ck_assert_int_eq(chosen, NP_LIMIT_PROBE);
	ck_assert_int_eq(np_limits_admit(l, &victim, 0), NP_ADMIT_OK);
	ck_assert_int_eq(l->sessions, NP_LIMIT_PROBE + 1);
	free(l);
}
END_TEST

/* Nine /64s of one /56 (each up to its 8) hold 12, the /56's share; a
 * /64 of another /56 in the same /48 gets what the /48 has left (16);
 * another /48 is served; and the log's detail names the network. */
START_TEST(test_nested_prefixes)
{
	struct np_limit_settings set = settings(64, 8, 0, 1, 0);
	struct np_limits *l;
	char addr[64];
	int ok = 0;

	set.max_per_site = 12;
	set.max_per_net = 16;
	l = limits_new(&set);
	for (int k = 0; k < 9; k++)
		for (int j = 0; j < 8; j++) {
			snprintf(addr, sizeof(addr), "2001:db8:1:10%x::%x", k, j + 1);
			ok += admit(l, addr, 0) == NP_ADMIT_OK;
		}
	ck_assert_int_eq(ok, 12);
	ck_assert_int_eq(admit(l, "2001:db8:1:108::99", 0), NP_ADMIT_SITE_FULL);
	ck_assert_str_eq(pfx_str(&l->refused), "2001:db8:1:100::/56");
	ck_assert_int_eq(l->refused_held, 12);
	ck_assert_str_eq(reason(l, NP_ADMIT_SITE_FULL),
			 "--max-per-site reached (2001:db8:1:100::/56 holds 12)");
	for (int j = 0; j < 4; j++)
		ck_assert_int_eq(admit(l, "2001:db8:1:200::1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:1:200::1", 0), NP_ADMIT_NET_FULL);
	ck_assert_str_eq(pfx_str(&l->refused), "2001:db8:1::/48");
	ck_assert_int_eq(l->refused_held, 16);
	ck_assert_str_eq(reason(l, NP_ADMIT_NET_FULL),
			 "--max-per-net reached (2001:db8:1::/48 holds 16)");
	ck_assert_int_eq(admit(l, "2001:db8:2::1", 0), NP_ADMIT_OK);
	/* The client's own limit is named as such. */
	for (int j = 0; j < 7; j++)
		ck_assert_int_eq(admit(l, "2001:db8:2::1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "2001:db8:2::1", 0), NP_ADMIT_PREFIX_FULL);
	ck_assert_str_eq(pfx_str(&l->refused), "2001:db8:2::/64");
	ck_assert_str_eq(reason(l, NP_ADMIT_PREFIX_FULL),
			 "--max-per-prefix reached (2001:db8:2::/64 holds 8)");
	/* Releases reach every level: the /56 takes one more. */
	release(l, "2001:db8:1:100::1", false, 1);
	ck_assert_int_eq(admit(l, "2001:db8:1:108::99", 1), NP_ADMIT_OK);
	/* IPv4: /32, then /24. */
	set.max_per_site = 0;
	set.max_per_net = 3;
	free(l);
	l = limits_new(&set);
	ck_assert_int_eq(admit(l, "198.18.7.1", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "198.18.7.2", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "198.18.7.3", 0), NP_ADMIT_OK);
	ck_assert_int_eq(admit(l, "198.18.7.4", 0), NP_ADMIT_NET_FULL);
	ck_assert_str_eq(pfx_str(&l->refused), "198.18.7.0/24");
	ck_assert_int_eq(admit(l, "198.18.8.4", 0), NP_ADMIT_OK);
	free(l);
}
END_TEST

/* Eight /64s of one /48 guessing at once: only the burst is judged, and
 * a bystander elsewhere is untouched.  64 connections opened first (all
 * admitted) then guessing: still only the burst. */
START_TEST(test_guesses_at_the_attempt)
{
	const struct np_limit_settings set = settings(512, 64, 0, 1, 10);
	struct np_limits *l = limits_new(&set);
	char addr[64];
	int judged = 0;

	for (int k = 0; k < 64; k++) {
		snprintf(addr, sizeof(addr), "2001:db8:7:%x::1", k % 8);
		ck_assert_int_eq(admit(l, addr, 0), NP_ADMIT_OK);
	}
	for (int k = 0; k < 64; k++) {
		const struct np_prefix p = pfx(k % 2 ? "2001:db8:7:3::1" : "2001:db8:7:5::1");

		if (!np_limits_auth_allowed(l, &p, 0.1))
			continue;
		judged++;
		np_limits_auth_failed(l, &p, 0.1);
	}
	ck_assert_int_eq(judged, 10);
	ck_assert_int_eq(admit(l, "2001:db8:7:6::1", 0.2), NP_ADMIT_AUTH);
	/* The reason names the network whose guesses ran out, not the /64
	 * that made none. */
	ck_assert_str_eq(reason(l, NP_ADMIT_AUTH), "--max-auth-failures exceeded (2001:db8:7::/56)");
	ck_assert_int_eq(admit(l, "2001:db8:8::1", 0.2), NP_ADMIT_OK);
	/* One more guess six seconds later (10 a minute). */
	{
		const struct np_prefix p = pfx("2001:db8:7:1::1");

		ck_assert(!np_limits_auth_allowed(l, &p, 6.0));
		ck_assert(np_limits_auth_allowed(l, &p, 6.2));
	}
	free(l);
}
END_TEST

/* With -Z, np_limits_connect at the accept (the rate, wrong guesses)
 * and np_limits_session once the passphrase is proven: connections that
 * have only connected hold no session, however many. */
START_TEST(test_connect_holds_no_session)
{
	const struct np_limit_settings set = settings(4, 2, 4, 3, 10);
	struct np_limits *l = limits_new(&set);
	const struct np_prefix a = pfx("192.0.2.1"), b = pfx("192.0.2.2"), c = pfx("198.51.100.1");

	/* The burst of 3 at once, then one a quarter second. */
	for (int k = 0; k < 3; k++)
		ck_assert_int_eq(np_limits_connect(l, &a, 0), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_connect(l, &a, 0), NP_ADMIT_RATE);
	ck_assert_str_eq(reason(l, NP_ADMIT_RATE), "--conn-rate exceeded (192.0.2.1/32)");
	ck_assert_int_eq(np_limits_connect(l, &a, 0.25), NP_ADMIT_OK);
	ck_assert_int_eq(l->sessions, 0);
	ck_assert_int_eq(np_limits_sessions(l, &a), 0);
	/* Proven: sessions, within --max-per-prefix and --max-sessions. */
	ck_assert_int_eq(np_limits_session(l, &a, 0.3), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_session(l, &a, 0.3), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_session(l, &a, 0.3), NP_ADMIT_PREFIX_FULL);
	ck_assert_int_eq(np_limits_session(l, &b, 0.3), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_session(l, &c, 0.3), NP_ADMIT_OK);
	ck_assert_int_eq(np_limits_session(l, &c, 0.3), NP_ADMIT_FULL);
	ck_assert_int_eq(l->refused_held, 4);
	ck_assert_str_eq(reason(l, NP_ADMIT_FULL), "--max-sessions reached (4 sessions run)");
	/* The session limits take no rate: connect alone does. */
	ck_assert_int_eq(np_limits_connect(l, &c, 0.3), NP_ADMIT_OK);
	/* Wrong guesses refuse at the connect. */
	for (int k = 0; k < 10; k++)
		np_limits_auth_failed(l, &b, 0.4);
	ck_assert_int_eq(np_limits_connect(l, &b, 0.5), NP_ADMIT_AUTH);
	ck_assert_str_eq(reason(l, NP_ADMIT_AUTH), "--max-auth-failures exceeded (192.0.2.2/32)");
	/* np_limits_admit is the two in turn. */
	np_limits_release(l, &c, false, 0.6);
	ck_assert_int_eq(np_limits_admit(l, &c, 0.6), NP_ADMIT_OK);
	ck_assert_int_eq(l->sessions, 4);
	free(l);
}
END_TEST

/* ---- log.c's limiter ---- */

START_TEST(test_gate_burst_boundary)
{
	_Atomic uint64_t tat;
	const uint64_t iv = 1000, t0 = 5000000;

	atomic_init(&tat, 0);
	/* Burst 4: tau is 3 intervals. */
	for (int i = 0; i < 4; i++)
		ck_assert_msg(np_log_gate_take(&tat, t0, iv, 3 * iv), "event %d refused", i);
	ck_assert(!np_log_gate_take(&tat, t0, iv, 3 * iv));
	ck_assert_uint_eq(atomic_load(&tat), t0 + 4 * iv);
	ck_assert(!np_log_gate_take(&tat, t0 + iv - 1, iv, 3 * iv));
	ck_assert_uint_eq(atomic_load(&tat), t0 + 4 * iv);  /* refusals are free */
	ck_assert(np_log_gate_take(&tat, t0 + iv, iv, 3 * iv));
	ck_assert(!np_log_gate_take(&tat, t0 + iv, iv, 3 * iv));
	ck_assert(np_log_gate_take(&tat, t0 + 2 * iv, iv, 3 * iv));
	ck_assert(!np_log_gate_take(&tat, t0 + 2 * iv, iv, 3 * iv));
}
END_TEST

START_TEST(test_gate_tau_zero_spacing)
{
	_Atomic uint64_t tat;

	atomic_init(&tat, 0);
	/* From the very start of the clock (tat and now both 0). */
	ck_assert(np_log_gate_take(&tat, 0, 500, 0));
	ck_assert(!np_log_gate_take(&tat, 0, 500, 0));
	ck_assert(!np_log_gate_take(&tat, 499, 500, 0));
	ck_assert(np_log_gate_take(&tat, 500, 500, 0));
	ck_assert(!np_log_gate_take(&tat, 999, 500, 0));
	ck_assert(np_log_gate_take(&tat, 1000, 500, 0));
}
END_TEST

START_TEST(test_gate_idle_refill_is_capped)
{
	_Atomic uint64_t tat;
	const uint64_t iv = 1000000;   /* 1000 lines per second */
	int n = 0;

	atomic_init(&tat, 0);
	ck_assert(np_log_gate_take(&tat, 1, iv, 2 * iv));
	while (n < 100 && np_log_gate_take(&tat, 3600000000000ull, iv, 2 * iv))
		n++;
	ck_assert_int_eq(n, 3);
}
END_TEST

/* A burst larger than what one thread takes alone, so the threads race
 * for it the whole time; they start together at a barrier. */
enum { GATE_THREADS = 4, GATE_TRIES = 5000000, GATE_BURST = 10000000 };

struct gate_run {
	_Atomic uint64_t *tat;
	pthread_barrier_t *start;
	int passed;
};

static void *gate_hammer(void *arg)
{
	struct gate_run *r = arg;

	pthread_barrier_wait(r->start);
	for (int i = 0; i < GATE_TRIES; i++)
		if (np_log_gate_take(r->tat, 1000000, 1000, (GATE_BURST - 1) * 1000ull))
			r->passed++;
	return NULL;
}

/* Lock-free, and still exact: threads racing at one instant let exactly
 * the burst through, not one more, and lose no update of the word. */
START_TEST(test_gate_concurrent_exact)
{
	_Atomic uint64_t tat;
	pthread_t th[GATE_THREADS];
	pthread_barrier_t start;
	struct gate_run run[GATE_THREADS];
	int total = 0;

	atomic_init(&tat, 0);
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, GATE_THREADS), 0);
	for (int i = 0; i < GATE_THREADS; i++) {
		run[i].tat = &tat;
		run[i].start = &start;
		run[i].passed = 0;
		ck_assert_int_eq(pthread_create(&th[i], NULL, gate_hammer, &run[i]), 0);
	}
	for (int i = 0; i < GATE_THREADS; i++) {
		ck_assert_int_eq(pthread_join(th[i], NULL), 0);
		total += run[i].passed;
	}
	pthread_barrier_destroy(&start);
	ck_assert_int_eq(total, GATE_BURST);
	ck_assert_uint_eq(atomic_load(&tat), 1000000 + GATE_BURST * 1000ull);
}
END_TEST

static Suite *admit_suite(void)
{
	Suite *s = suite_create("admit");
	TCase *tc;

	tc = tcase_create("prefix");
	tcase_add_test(tc, test_prefix_ipv4_is_32);
	tcase_add_test(tc, test_prefix_ipv6_is_64);
	tcase_add_test(tc, test_prefix_mapped_is_ipv4);
	tcase_add_test(tc, test_prefix_string_edges);
	suite_add_tcase(s, tc);

	tc = tcase_create("rate");
	tcase_add_test(tc, test_rate_burst_boundary);
	tcase_add_test(tc, test_rate_idle_refill_is_capped);
	tcase_add_test(tc, test_rate_inexact_interval);
	tcase_add_test(tc, test_rate_burst_one_spacing);
	tcase_add_test(tc, test_rate_allows_does_not_take);
	tcase_add_test(tc, test_rate_refusal_costs_nothing);
	tcase_add_test(tc, test_rate_no_limit);
	tcase_add_test(tc, test_rate_charge_counts_regardless);
	suite_add_tcase(s, tc);

	tc = tcase_create("misc");
	tcase_add_test(tc, test_session_bytes);
	tcase_add_test(tc, test_admit_errno_and_text);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_test(tc, test_limits_init_clears);
	tcase_add_test(tc, test_limits_total_cap);
	tcase_add_test(tc, test_limits_per_prefix_cap);
	tcase_add_test(tc, test_limits_prefix_grouping);
	tcase_add_test(tc, test_limits_refusals_not_counted);
	tcase_add_test(tc, test_limits_release_floor);
	tcase_add_test(tc, test_limits_conn_rate);
	tcase_add_test(tc, test_limits_conn_rate_zero_is_any);
	tcase_add_test(tc, test_limits_auth_lockout);
	tcase_add_test(tc, test_connect_holds_no_session);
	tcase_add_test(tc, test_limits_auth_good_sessions_free);
	tcase_add_test(tc, test_limits_auth_zero_is_any);
	tcase_add_test(tc, test_limits_auth_per_64);
	tcase_add_test(tc, test_limits_lockout_survives_crowd);
	suite_add_tcase(s, tc);

	tc = tcase_create("slots");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_evict_busy_neighbourhood_is_full);
	tcase_add_test(tc, test_evict_prefers_recovered);
	tcase_add_test(tc, test_evict_oldest_when_none_recovered);
	tcase_add_test(tc, test_evict_free_slot_first);
	suite_add_tcase(s, tc);

	tc = tcase_create("nested");
	suite_add_tcase(s, tc);
	tcase_add_test(tc, test_siphash_reference);
	tcase_add_test(tc, test_prefix_widen_and_string);
	tcase_add_test(tc, test_steering_attack);
	tcase_add_test(tc, test_nested_prefixes);
	tcase_add_test(tc, test_guesses_at_the_attempt);

	tc = tcase_create("log_gate");
	tcase_set_timeout(tc, 60);   /* the racing threads, on a loaded machine */
	tcase_add_test(tc, test_gate_burst_boundary);
	tcase_add_test(tc, test_gate_tau_zero_spacing);
	tcase_add_test(tc, test_gate_idle_refill_is_capped);
	tcase_add_test(tc, test_gate_concurrent_exact);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(admit_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
