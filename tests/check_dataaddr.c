/*
 * check_dataaddr.c - unit tests for dataaddr.c: where netserver's data
 * sockets bind and whom they accept (np_data_plan, np_peers_allow), and
 * np_data_bind on real sockets (127.0.0.1, a few ports of 20000-29999,
 * below Linux's ephemeral range, found free first and held by the test).
 *
 * Addresses are from the documentation ranges (192.0.2.0/24,
 * 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32); np_data_plan never
 * touches the network.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "wire/wire.h"

#define WHY_LEN 256

/* ---- helpers ---- */

/* A socket address from text; "%n" after an IPv6 address sets the scope. */
static struct sockaddr_storage sa_of(const char *text, uint16_t port)
{
	struct sockaddr_storage ss;
	char addr[INET6_ADDRSTRLEN + 16];
	char *pct;

	memset(&ss, 0, sizeof(ss));
	snprintf(addr, sizeof(addr), "%s", text);
	if (strchr(addr, ':')) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;

		pct = strchr(addr, '%');
		if (pct) {
			*pct = '\0';
			a->sin6_scope_id = (uint32_t)atoi(pct + 1);
		}
		a->sin6_family = AF_INET6;
		a->sin6_port = htons(port);
		ck_assert_msg(inet_pton(AF_INET6, addr, &a->sin6_addr) == 1, "bad address %s", text);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&ss;

		a->sin_family = AF_INET;
		a->sin_port = htons(port);
		ck_assert_msg(inet_pton(AF_INET, addr, &a->sin_addr) == 1, "bad address %s", text);
	}
	return ss;
}

#define SA(ss) ((const struct sockaddr *)(ss))

/* A request's 16 address bytes: IPv4 in the first 4; NULL = not given. */
static void ip16(const char *text, uint8_t out[16])
{
	memset(out, 0, 16);
	if (!text)
		return;
	if (strchr(text, ':'))
		ck_assert_msg(inet_pton(AF_INET6, text, out) == 1, "bad address %s", text);
	else
		ck_assert_msg(inet_pton(AF_INET, text, out) == 1, "bad address %s", text);
}

/* "192.0.2.1:0", "[2001:db8::1]:5000", "[fe80::1%2]:0", "family 0". */
static const char *sa_text(const struct sockaddr_storage *ss, char *buf, size_t len)
{
	char a[INET6_ADDRSTRLEN];

	if (ss->ss_family == AF_INET) {
		const struct sockaddr_in *s = (const struct sockaddr_in *)ss;

		inet_ntop(AF_INET, &s->sin_addr, a, sizeof(a));
		snprintf(buf, len, "%s:%u", a, ntohs(s->sin_port));
	} else if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)ss;

		inet_ntop(AF_INET6, &s->sin6_addr, a, sizeof(a));
		if (s->sin6_scope_id)
			snprintf(buf, len, "[%s%%%u]:%u", a, (unsigned)s->sin6_scope_id,
				 ntohs(s->sin6_port));
		else
			snprintf(buf, len, "[%s]:%u", a, ntohs(s->sin6_port));
	} else {
		snprintf(buf, len, "family %d", ss->ss_family);
	}
	return buf;
}

/* The address alone (peers: ports do not matter), "192.0.2.1". */
static const char *addr_text(const struct sockaddr_storage *ss, char *buf, size_t len)
{
	const void *src = ss->ss_family == AF_INET6 ?
				  (const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr :
				  (const void *)&((const struct sockaddr_in *)ss)->sin_addr;

	if (ss->ss_family != AF_INET && ss->ss_family != AF_INET6)
		snprintf(buf, len, "family %d", ss->ss_family);
	else
		inet_ntop(ss->ss_family, src, buf, (socklen_t)len);
	return buf;
}

/* netserver's rules: -L addresses (NULL-terminated list, may be empty). */
static struct np_data_rules rules(enum np_data_peer peer, int family, uint16_t pmin,
				  uint16_t pmax, const char *const *listen)
{
	struct np_data_rules r;

	memset(&r, 0, sizeof(r));
	r.peer = peer;
	r.family = family;
	r.port_min = pmin;
	r.port_max = pmax;
	for (int i = 0; listen && listen[i]; i++) {
		ck_assert_int_lt(i, NP_MAX_LISTEN);
		r.listen[i].ss = sa_of(listen[i], 12865);
		r.listen[i].len = r.listen[i].ss.ss_family == AF_INET6 ?
					  sizeof(struct sockaddr_in6) :
					  sizeof(struct sockaddr_in);
		r.nlisten = i + 1;
	}
	return r;
}

/* One request on a control connection local <- peer. */
struct call {
	int rc;
	struct np_data_plan plan;
	char why[WHY_LEN];
	char bind[80];
	char peer[2][INET6_ADDRSTRLEN];
};

static struct call plan(const struct np_data_rules *r, const char *local, const char *peer,
			int family, const char *netserver_ip, const char *netperf_ip,
			uint32_t data_port)
{
	const struct sockaddr_storage l = sa_of(local, 12865);
	const struct sockaddr_storage p = sa_of(peer, 40123);
	uint8_t ns[16], np[16];
	struct call c;

	memset(&c, 0, sizeof(c));
	memset(&c.plan, 0xa5, sizeof(c.plan));
	ip16(netserver_ip, ns);
	ip16(netperf_ip, np);
	c.rc = np_data_plan(r, SA(&l), SA(&p), family, ns, np, data_port, &c.plan, c.why,
			    sizeof(c.why));
	if (c.rc == 0) {
		sa_text(&c.plan.bind, c.bind, sizeof(c.bind));
		for (int i = 0; i < c.plan.peers.n && i < 2; i++)
			addr_text(&c.plan.peers.addr[i], c.peer[i], sizeof(c.peer[i]));
	}
	return c;
}

static void assert_refused(const struct call *c, int err, const char *const *words)
{
	ck_assert_msg(c->rc == err, "rc %d (%s), want %d", c->rc, c->rc ? c->why : c->bind, err);
	for (int i = 0; words[i]; i++)
		ck_assert_msg(strstr(c->why, words[i]) != NULL, "why \"%s\" lacks \"%s\"", c->why,
			      words[i]);
}

static void assert_ok(const struct call *c, int family, const char *bind, int npeers)
{
	ck_assert_msg(c->rc == 0, "refused %d: %s", c->rc, c->why);
	ck_assert_int_eq(c->plan.bind.ss_family, family);
	ck_assert_int_eq(c->plan.bind_len, family == AF_INET6 ? sizeof(struct sockaddr_in6) :
							    sizeof(struct sockaddr_in));
	ck_assert_str_eq(c->bind, bind);
	ck_assert_int_eq(c->plan.peers.n, npeers);
}

#define WORDS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const char *const NO_LISTEN[] = { NULL };

/* ---- np_data_plan: refusals ---- */

START_TEST(test_refuse_unusable_control)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct sockaddr_storage unix_peer, l4 = sa_of("192.0.2.1", 12865),
					    l6 = sa_of("2001:db8::1", 12865),
					    p4 = sa_of("198.51.100.7", 40000);
	struct np_data_plan pl;
	uint8_t zero[16] = { 0 }, np[16];
	char why[WHY_LEN] = "";
	int rc;

	ip16("198.51.100.7", np);
	memset(&unix_peer, 0, sizeof(unix_peer));
	unix_peer.ss_family = AF_UNIX;
	rc = np_data_plan(&r, SA(&l4), SA(&unix_peer), AF_INET, zero, np, 0, &pl, why,
			  sizeof(why));
	ck_assert_int_eq(rc, NP_REFUSE_FAMILY);
	ck_assert_ptr_nonnull(strstr(why, "control connection"));

	/* Neither end an IP address. */
	why[0] = '\0';
	rc = np_data_plan(&r, SA(&unix_peer), SA(&unix_peer), AF_INET, zero, np, 0, &pl, why,
			  sizeof(why));
	ck_assert_int_eq(rc, NP_REFUSE_FAMILY);
	ck_assert_ptr_nonnull(strstr(why, "control connection"));

	/* The two ends in different families (IPv6 local, not mapped). */
	why[0] = '\0';
	rc = np_data_plan(&r, SA(&l6), SA(&p4), AF_INET, zero, np, 0, &pl, why, sizeof(why));
	ck_assert_int_eq(rc, NP_REFUSE_FAMILY);
	ck_assert_ptr_nonnull(strstr(why, "control connection"));
}
END_TEST

START_TEST(test_refuse_other_family_without_declared)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct call c;

	/* IPv6 data on IPv4 control: refused, the client's address or not. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, NULL, 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("IPv6", "IPv4", "--data-peer declared"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("IPv6", "IPv4", "--data-peer declared"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::1", "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("--data-peer declared"));
	/* And the other way round. */
	c = plan(&r, "2001:db8::1", "2001:db8::7", AF_INET, NULL, "198.51.100.7", 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("IPv4 on an IPv6", "--data-peer declared"));
}
END_TEST

START_TEST(test_refuse_other_family_declared_without_address)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, NULL, 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("IPv6", "IPv4", "data address", "-L"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::1", NULL, 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("data address", "-L"));
	c = plan(&r, "2001:db8::1", "2001:db8::7", AF_INET, NULL, NULL, 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("IPv4 on an IPv6", "data address"));
}
END_TEST

START_TEST(test_refuse_address_not_listened_on)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					     WORDS("192.0.2.1", "192.0.2.2", "2001:db8::1"));
	const struct np_data_rules r4 = rules(NP_DATA_PEER_DECLARED, AF_INET, 0, 0, NO_LISTEN);
	const struct np_data_rules r6 = rules(NP_DATA_PEER_DECLARED, AF_INET6, 0, 0, NO_LISTEN);
	struct call c;

	/* Same family, an address -L does not list. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, "192.0.2.3", NULL, 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("listens on", "(-L)"));
	c = plan(&r, "2001:db8::1", "2001:db8::7", AF_INET6, "2001:db8::2", NULL, 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
	/* Declared other family, an address -L does not list. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::9", "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
	c = plan(&r, "2001:db8::1", "2001:db8::7", AF_INET, "203.0.113.1", "198.51.100.7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
	/* -4: no IPv6 address at all, asked for or not. */
	c = plan(&r4, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::1", "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-4/-6)"));
	c = plan(&r4, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("no IPv6 address", "(-4/-6)"));
	/* -6: no IPv4 one. */
	c = plan(&r6, "2001:db8::1", "2001:db8::7", AF_INET, NULL, "198.51.100.7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("no IPv4 address", "(-4/-6)"));
}
END_TEST

/* An -L address of one family says nothing about the other: not the
 * IPv4 wildcard, not an IPv4 address whose bytes begin an IPv6 one. */
START_TEST(test_refuse_listen_other_family)
{
	const struct np_data_rules rany4 = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
						 WORDS("0.0.0.0"));
	const struct np_data_rules r4 = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					      WORDS("192.0.2.1"));
	const struct np_data_rules rany6 = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
						 WORDS("::"));
	struct call c;

	c = plan(&rany4, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::1", "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
	c = plan(&r4, "192.0.2.1", "198.51.100.7", AF_INET6, "c000:201::", "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
	c = plan(&rany6, "2001:db8::1", "2001:db8::7", AF_INET, "203.0.113.1", "198.51.100.7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("(-L)"));
}
END_TEST

START_TEST(test_refuse_no_listen_address_of_family)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					     WORDS("192.0.2.1", "192.0.2.2"));
	const struct np_data_rules r6 = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					      WORDS("2001:db8::1"));
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("no IPv6 address", "(-L)"));
	c = plan(&r6, "2001:db8::1", "2001:db8::7", AF_INET, NULL, "198.51.100.7", 0);
	assert_refused(&c, NP_REFUSE_ADDRESS, WORDS("no IPv4 address", "(-L)"));
}
END_TEST

START_TEST(test_refuse_port_outside_range)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 50000, 50009,
					     NO_LISTEN);
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 49999);
	assert_refused(&c, NP_REFUSE_PORT, WORDS("49999", "--data-ports 50000-50009"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 50010);
	assert_refused(&c, NP_REFUSE_PORT, WORDS("50010", "--data-ports"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 1024);
	assert_refused(&c, NP_REFUSE_PORT, WORDS("--data-ports"));
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 65535);
	assert_refused(&c, NP_REFUSE_PORT, WORDS("--data-ports"));
	/* Also on the declared other-family path. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 60000);
	assert_refused(&c, NP_REFUSE_PORT, WORDS("--data-ports"));

	/* The range's ends are in it; 0 lets netserver pick. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 50000);
	assert_ok(&c, AF_INET, "192.0.2.1:50000", 1);
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 50009);
	assert_ok(&c, AF_INET, "192.0.2.1:50009", 1);
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
}
END_TEST

/* ---- np_data_plan: what is allowed ---- */

START_TEST(test_same_family_binds_control_local)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	const struct np_data_rules rl = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0,
					      WORDS("192.0.2.2", "192.0.2.1"));
	struct call c;

	/* Not the control port: the port asked, or 0. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 40001);
	assert_ok(&c, AF_INET, "192.0.2.1:40001", 1);
	/* The control connection's own address, when asked by name. */
	c = plan(&rl, "192.0.2.1", "198.51.100.7", AF_INET, "192.0.2.1", NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	c = plan(&rl, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	/* The control peer only: a netperf_ip without declared is ignored. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "203.0.113.9", 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");

	c = plan(&r, "2001:db8::1", "2001:db8:ffff::7", AF_INET6, NULL, NULL, 0);
	assert_ok(&c, AF_INET6, "[2001:db8::1]:0", 1);
	ck_assert_str_eq(c.peer[0], "2001:db8:ffff::7");
	c = plan(&r, "2001:db8::1", "2001:db8:ffff::7", AF_INET6, "2001:db8::1", NULL, 40002);
	assert_ok(&c, AF_INET6, "[2001:db8::1]:40002", 1);
}
END_TEST

/* An IPv6 link-local control address keeps its scope (interface). */
START_TEST(test_same_family_keeps_scope)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct call c;

	c = plan(&r, "fe80::1%2", "fe80::2%2", AF_INET6, NULL, NULL, 0);
	assert_ok(&c, AF_INET6, "[fe80::1%2]:0", 1);
	ck_assert_str_eq(c.peer[0], "fe80::2");
	c = plan(&r, "fe80::1%7", "fe80::2%7", AF_INET6, "fe80::1", NULL, 40003);
	assert_ok(&c, AF_INET6, "[fe80::1%7]:40003", 1);
}
END_TEST

/* A dual-stack socket sees IPv4 clients as ::ffff:a.b.c.d: that is IPv4. */
START_TEST(test_mapped_control_is_ipv4)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	const struct sockaddr_storage plain = sa_of("198.51.100.7", 1);
	struct call c;

	c = plan(&r, "::ffff:192.0.2.1", "::ffff:198.51.100.7", AF_INET, NULL, NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	ck_assert_int_eq(c.plan.peers.addr[0].ss_family, AF_INET);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");
	ck_assert(np_peers_allow(&c.plan.peers, SA(&plain)));
	/* IPv6 data on it is another family. */
	c = plan(&r, "::ffff:192.0.2.1", "::ffff:198.51.100.7", AF_INET6, NULL, NULL, 0);
	assert_refused(&c, NP_REFUSE_FAMILY, WORDS("--data-peer declared"));
}
END_TEST

START_TEST(test_netserver_ip_among_listen)
{
	const struct np_data_rules rl = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0,
					      WORDS("192.0.2.1", "192.0.2.2", "2001:db8::1",
						    "2001:db8::2"));
	const struct np_data_rules rany = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0,
						WORDS("0.0.0.0", "::"));
	const struct np_data_rules rnone = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct call c;

	c = plan(&rl, "192.0.2.1", "198.51.100.7", AF_INET, "192.0.2.2", NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.2:0", 1);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");
	c = plan(&rl, "2001:db8::1", "2001:db8::7", AF_INET6, "2001:db8::2", NULL, 40004);
	assert_ok(&c, AF_INET6, "[2001:db8::2]:40004", 1);
	/* -L on a wildcard, or no -L: any local address may be asked. */
	c = plan(&rany, "192.0.2.1", "198.51.100.7", AF_INET, "203.0.113.5", NULL, 0);
	assert_ok(&c, AF_INET, "203.0.113.5:0", 1);
	c = plan(&rany, "2001:db8::1", "2001:db8::7", AF_INET6, "2001:db8::5", NULL, 0);
	assert_ok(&c, AF_INET6, "[2001:db8::5]:0", 1);
	c = plan(&rnone, "192.0.2.1", "198.51.100.7", AF_INET, "203.0.113.5", NULL, 0);
	assert_ok(&c, AF_INET, "203.0.113.5:0", 1);
}
END_TEST

START_TEST(test_declared_other_family)
{
	const struct np_data_rules rl = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 50000, 50009,
					      WORDS("192.0.2.1", "2001:db8::1", "2001:db8::2"));
	const struct np_data_rules rnone = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
						 NO_LISTEN);
	const struct sockaddr_storage ctl_peer = sa_of("198.51.100.7", 40123),
				      declared = sa_of("2001:db8::7", 1);
	struct call c;

	/* IPv6 data over IPv4 control: only the declared address may talk. */
	c = plan(&rl, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	assert_ok(&c, AF_INET6, "[2001:db8::1]:0", 1);
	ck_assert_str_eq(c.peer[0], "2001:db8::7");
	ck_assert(np_peers_allow(&c.plan.peers, SA(&declared)));
	ck_assert(!np_peers_allow(&c.plan.peers, SA(&ctl_peer)));
	c = plan(&rl, "192.0.2.1", "198.51.100.7", AF_INET6, "2001:db8::2", "2001:db8::7",
		 50005);
	assert_ok(&c, AF_INET6, "[2001:db8::2]:50005", 1);
	/* No -L: the family's wildcard. */
	c = plan(&rnone, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	assert_ok(&c, AF_INET6, "[::]:0", 1);
	ck_assert_str_eq(c.peer[0], "2001:db8::7");
	/* IPv4 data over IPv6 control. */
	c = plan(&rl, "2001:db8::1", "2001:db8::7", AF_INET, NULL, "198.51.100.7", 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");
	c = plan(&rnone, "2001:db8::1", "2001:db8::7", AF_INET, NULL, "198.51.100.7", 0);
	assert_ok(&c, AF_INET, "0.0.0.0:0", 1);
}
END_TEST

START_TEST(test_declared_same_family_adds_peer)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0, NO_LISTEN);
	const struct sockaddr_storage ctl = sa_of("198.51.100.7", 5),
				      decl = sa_of("203.0.113.9", 6),
				      other = sa_of("203.0.113.10", 6);
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "203.0.113.9", 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 2);
	ck_assert_str_eq(c.peer[0], "198.51.100.7");
	ck_assert_str_eq(c.peer[1], "203.0.113.9");
	ck_assert(np_peers_allow(&c.plan.peers, SA(&ctl)));
	ck_assert(np_peers_allow(&c.plan.peers, SA(&decl)));
	ck_assert(!np_peers_allow(&c.plan.peers, SA(&other)));
	/* Declared mode without an address: the control peer alone. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	assert_ok(&c, AF_INET, "192.0.2.1:0", 1);
	ck_assert(!np_peers_allow(&c.plan.peers, SA(&decl)));

	c = plan(&r, "2001:db8::1", "2001:db8::7", AF_INET6, NULL, "2001:db8:1::9", 0);
	assert_ok(&c, AF_INET6, "[2001:db8::1]:0", 2);
	ck_assert_str_eq(c.peer[0], "2001:db8::7");
	ck_assert_str_eq(c.peer[1], "2001:db8:1::9");
}
END_TEST

/* ---- np_peers_allow ---- */

static struct np_peers peers_of(const char *a, const char *b)
{
	struct np_peers p;

	memset(&p, 0, sizeof(p));
	p.addr[p.n++] = sa_of(a, 0);
	if (b)
		p.addr[p.n++] = sa_of(b, 0);
	return p;
}

static bool allows(const struct np_peers *p, const char *text, uint16_t port)
{
	const struct sockaddr_storage ss = sa_of(text, port);

	return np_peers_allow(p, SA(&ss));
}

START_TEST(test_peers_ignore_ports)
{
	const struct np_peers p4 = peers_of("198.51.100.7", NULL);
	const struct np_peers p6 = peers_of("2001:db8::7", NULL);

	ck_assert(allows(&p4, "198.51.100.7", 0));
	ck_assert(allows(&p4, "198.51.100.7", 40000));
	ck_assert(allows(&p4, "198.51.100.7", 65535));
	ck_assert(!allows(&p4, "198.51.100.8", 40000));
	ck_assert(!allows(&p4, "199.51.100.7", 40000));
	ck_assert(allows(&p6, "2001:db8::7", 1));
	ck_assert(!allows(&p6, "2001:db8::8", 1));
	ck_assert(!allows(&p6, "3001:db8::7", 1));
}
END_TEST

START_TEST(test_peers_unmap)
{
	const struct np_peers p4 = peers_of("198.51.100.7", NULL);
	const struct np_peers pm = peers_of("::ffff:198.51.100.7", NULL);
	const struct np_peers p6 = peers_of("2001:db8::7", NULL);

	ck_assert(allows(&p4, "::ffff:198.51.100.7", 2));
	ck_assert(!allows(&p4, "::ffff:198.51.100.8", 2));
	ck_assert(allows(&pm, "198.51.100.7", 2));
	/* Only the mapped form unmaps: not ::a.b.c.d, not other IPv6 bytes. */
	ck_assert(!allows(&p4, "::198.51.100.7", 2));
	ck_assert(!allows(&p4, "::fffe:198.51.100.7", 2));
	ck_assert(!allows(&p4, "c633:6407::", 2));
	/* Families apart. */
	ck_assert(!allows(&p6, "198.51.100.7", 2));
	ck_assert(!allows(&p4, "2001:db8::7", 2));
}
END_TEST

/* Loopback addresses are this host's alone: one peer, whatever the
 * address or family; nothing else joins them. */
START_TEST(test_peers_loopback)
{
	const struct np_peers p2 = peers_of("127.0.0.2", NULL);
	const struct np_peers p6 = peers_of("::1", NULL);
	const struct np_peers pm = peers_of("::ffff:127.0.0.1", NULL);
	const struct np_peers out = peers_of("198.18.0.1", NULL);

	ck_assert(allows(&p2, "127.0.0.1", 40000));
	ck_assert(allows(&p2, "127.255.0.9", 1));
	ck_assert(allows(&p2, "::1", 1));
	ck_assert(allows(&p2, "::ffff:127.0.0.1", 1));
	ck_assert(allows(&p6, "127.0.0.1", 1));
	ck_assert(allows(&pm, "127.0.0.3", 1));
	ck_assert(!allows(&p2, "128.0.0.1", 1));
	ck_assert(!allows(&p2, "198.18.0.1", 1));
	ck_assert(!allows(&p6, "::2", 1));
	ck_assert(!allows(&p6, "::127.0.0.1", 1));
	ck_assert(!allows(&p6, "fe80::1", 1));
	/* A loopback peer lets no outside address in, nor the reverse. */
	ck_assert(!allows(&out, "127.0.0.1", 1));
}
END_TEST

START_TEST(test_peers_list)
{
	const struct np_peers two = peers_of("198.51.100.7", "2001:db8::9");
	struct np_peers none;
	struct sockaddr_storage unix_sa;

	ck_assert(allows(&two, "198.51.100.7", 1));
	ck_assert(allows(&two, "2001:db8::9", 1));
	ck_assert(!allows(&two, "2001:db8::7", 1));
	memset(&none, 0, sizeof(none));
	ck_assert(!allows(&none, "198.51.100.7", 1));
	ck_assert(!allows(&none, "0.0.0.0", 0));
	/* A socket address of no IP family is nobody. */
	memset(&unix_sa, 0, sizeof(unix_sa));
	unix_sa.ss_family = AF_UNIX;
	ck_assert(!np_peers_allow(&two, SA(&unix_sa)));
	/* Nor does an entry of no family match one. */
	none.n = 1;
	ck_assert(!np_peers_allow(&none, SA(&unix_sa)));
	ck_assert(!allows(&none, "0.0.0.0", 0));
}
END_TEST

/* ---- np_data_bind ---- */

#define NPORTS 3

/* NPORTS consecutive ports on 127.0.0.1, each held by a listening socket
 * of the test's. */
struct held {
	uint16_t base;
	int fd[NPORTS];
};

static int listen_on(uint16_t port)
{
	const struct sockaddr_storage ss = sa_of("127.0.0.1", port);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	if (bind(fd, SA(&ss), sizeof(struct sockaddr_in)) < 0 || listen(fd, 1) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void hold_range(struct held *h)
{
	for (unsigned b = 20000 + (unsigned)(getpid() % 600) * 16; b < 29990; b += NPORTS + 1) {
		int i;

		for (i = 0; i < NPORTS; i++) {
			h->fd[i] = listen_on((uint16_t)(b + i));
			if (h->fd[i] < 0)
				break;
		}
		if (i == NPORTS) {
			h->base = (uint16_t)b;
			return;
		}
		while (i-- > 0)
			close(h->fd[i]);
	}
	ck_abort_msg("setup: no %d free consecutive ports in 20000-29999", NPORTS);
}

static void free_port(struct held *h, int i)
{
	ck_assert_int_ge(h->fd[i], 0);
	close(h->fd[i]);
	h->fd[i] = -1;
}

static void occupy_port(struct held *h, int i)
{
	h->fd[i] = listen_on((uint16_t)(h->base + i));
	ck_assert_msg(h->fd[i] >= 0, "setup: port %u taken by someone else", h->base + i);
}

static void release_range(struct held *h)
{
	for (int i = 0; i < NPORTS; i++)
		if (h->fd[i] >= 0)
			close(h->fd[i]);
}

static uint16_t bound_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&ss, &len), 0);
	return np_addr_port(SA(&ss));
}

/* A plan to bind 127.0.0.1 at port (0 = pick). */
static struct np_data_plan loopback_plan(uint16_t port)
{
	struct np_data_plan p;

	memset(&p, 0, sizeof(p));
	p.bind = sa_of("127.0.0.1", port);
	p.bind_len = sizeof(struct sockaddr_in);
	return p;
}

/* The data socket as netserver opens it: TCP, SO_REUSEADDR. */
static int data_socket(int family)
{
	int one = 1, fd = socket(family, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)), 0);
	return fd;
}

/* Bind a fresh data socket as planned; the port it got, or -errno. */
static int bind_port(const struct np_data_plan *p, const struct np_data_rules *r, unsigned seed)
{
	int fd = data_socket(AF_INET), ret;

	errno = 0;
	ret = np_data_bind(fd, p, r, seed) == 0 ? bound_port(fd) : -errno;
	close(fd);
	return ret;
}

START_TEST(test_bind_first_free_of_range)
{
	struct held h;
	struct np_data_rules r;
	struct np_data_plan p = loopback_plan(0);
	int fd;

	hold_range(&h);
	r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, h.base, (uint16_t)(h.base + NPORTS - 1),
		  NO_LISTEN);

	/* All taken: EADDRINUSE. */
	fd = data_socket(AF_INET);
	errno = 0;
	ck_assert_int_eq(np_data_bind(fd, &p, &r, 0), -1);
	ck_assert_int_eq(errno, EADDRINUSE);
	/* The same socket binds once a port is free: the first free one. */
	free_port(&h, 2);
	free_port(&h, 1);
	ck_assert_int_eq(np_data_bind(fd, &p, &r, 0), 0);
	ck_assert_uint_eq(bound_port(fd), h.base + 1);
	close(fd);
	ck_assert_int_eq(bind_port(&p, &r, 0), h.base + 1);
	/* Its first port free: that one. */
	free_port(&h, 0);
	ck_assert_int_eq(bind_port(&p, &r, 0), h.base);
	/* Only the last free. */
	occupy_port(&h, 0);
	occupy_port(&h, 1);
	ck_assert_int_eq(bind_port(&p, &r, 0), h.base + 2);
	release_range(&h);
}
END_TEST

START_TEST(test_bind_seed_varies_start)
{
	struct held h;
	struct np_data_rules r;
	struct np_data_plan p = loopback_plan(0);

	hold_range(&h);
	r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, h.base, (uint16_t)(h.base + NPORTS - 1),
		  NO_LISTEN);
	for (int i = 0; i < NPORTS; i++)
		free_port(&h, i);
	ck_assert_int_eq(bind_port(&p, &r, 0), h.base);
	ck_assert_int_eq(bind_port(&p, &r, 1), h.base + 1);
	ck_assert_int_eq(bind_port(&p, &r, 2), h.base + 2);
	ck_assert_int_eq(bind_port(&p, &r, NPORTS), h.base);
	ck_assert_int_eq(bind_port(&p, &r, 3 * NPORTS + 1), h.base + 1);
	/* From the start point on, wrapping to the range's first port. */
	occupy_port(&h, 2);
	ck_assert_int_eq(bind_port(&p, &r, 2), h.base);
	occupy_port(&h, 0);
	ck_assert_int_eq(bind_port(&p, &r, 2), h.base + 1);
	release_range(&h);
}
END_TEST

/* A port asked for is bound as it is (np_data_plan checked the range). */
START_TEST(test_bind_port_asked)
{
	struct held h;
	struct np_data_rules r;
	struct np_data_plan p;

	hold_range(&h);
	r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, h.base, (uint16_t)(h.base + NPORTS - 1),
		  NO_LISTEN);
	free_port(&h, 0);
	free_port(&h, 2);
	p = loopback_plan((uint16_t)(h.base + 2));
	ck_assert_int_eq(bind_port(&p, &r, 0), h.base + 2);
	ck_assert_int_eq(bind_port(&p, &r, 1), h.base + 2);
	/* Taken: its error, not another port. */
	p = loopback_plan((uint16_t)(h.base + 1));
	ck_assert_int_eq(bind_port(&p, &r, 0), -EADDRINUSE);
	release_range(&h);
}
END_TEST

START_TEST(test_bind_no_range)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	const struct np_data_plan p = loopback_plan(0);
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	char text[80];
	int fd = data_socket(AF_INET);

	ck_assert_int_eq(np_data_bind(fd, &p, &r, 12345), 0);
	ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&ss, &len), 0);
	ck_assert_uint_ne(np_addr_port(SA(&ss)), 0);
	np_addr_set_port((struct sockaddr *)&ss, 0);
	ck_assert_str_eq(sa_text(&ss, text, sizeof(text)), "127.0.0.1:0");
	close(fd);
}
END_TEST

/* Only a port in use moves on to the next; any other error is the
 * answer, as it is (an address not on this host: EADDRNOTAVAIL). */
START_TEST(test_bind_other_error_as_is)
{
	struct held h;
	struct np_data_rules r;
	struct np_data_plan p;
	FILE *f = fopen("/proc/sys/net/ipv4/ip_nonlocal_bind", "r");
	int nonlocal = 0;

	if (f) {
		if (fscanf(f, "%d", &nonlocal) != 1)
			nonlocal = 0;
		fclose(f);
	}
	if (nonlocal)
		return;   /* this host binds any address: nothing to provoke */
	hold_range(&h);
	r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, h.base, (uint16_t)(h.base + NPORTS - 1),
		  NO_LISTEN);
	free_port(&h, 1);
	memset(&p, 0, sizeof(p));
	p.bind = sa_of("192.0.2.1", 0);   /* TEST-NET-1: on no host */
	p.bind_len = sizeof(struct sockaddr_in);
	ck_assert_int_eq(bind_port(&p, &r, 0), -EADDRNOTAVAIL);
	release_range(&h);
}
END_TEST

/* An IPv6 data socket takes IPv6 only. */
START_TEST(test_bind_ipv6_only)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct np_data_plan p;
	int fd, v6only = 0;
	socklen_t len = sizeof(v6only);

	memset(&p, 0, sizeof(p));
	p.bind = sa_of("::", 0);
	p.bind_len = sizeof(struct sockaddr_in6);
	fd = socket(AF_INET6, SOCK_STREAM, 0);
	if (fd < 0)
		return;   /* no IPv6 in this kernel: nothing to test */
	ck_assert_int_eq(np_data_bind(fd, &p, &r, 0), 0);
	ck_assert_int_eq(getsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, &len), 0);
	ck_assert_int_eq(v6only, 1);
	ck_assert_uint_ne(bound_port(fd), 0);
	close(fd);
}
END_TEST

/*
 * A seed near UINT_MAX: seed + i must not wrap around and try some ports
 * twice and others never (range of 3, seed UINT_MAX: base + 2 must be
 * found when base and base + 1 are taken).
 */
START_TEST(test_bind_seed_near_uint_max)
{
	struct held h;
	struct np_data_rules r;
	struct np_data_plan p = loopback_plan(0);

	hold_range(&h);
	r = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, h.base, (uint16_t)(h.base + NPORTS - 1),
		  NO_LISTEN);
	free_port(&h, 2);
	ck_assert_int_eq(bind_port(&p, &r, UINT_MAX), h.base + 2);
	ck_assert_int_eq(bind_port(&p, &r, UINT_MAX - 1), h.base + 2);
	release_range(&h);
}
END_TEST

/*
 * An -L address that is IPv6 link-local keeps its scope when a data
 * socket binds to it (bind() refuses fe80::1 without its interface):
 * -L 192.0.2.1 -L fe80::1%3, --data-peer declared, IPv4 control, IPv6
 * data binds [fe80::1%3], and so does netserver_ip fe80::1 asked by name.
 */
START_TEST(test_listen_link_local_keeps_scope)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					     WORDS("192.0.2.1", "fe80::1%3"));
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "fe80::7", 0);
	assert_ok(&c, AF_INET6, "[fe80::1%3]:0", 1);
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, "fe80::1", "fe80::7", 40005);
	assert_ok(&c, AF_INET6, "[fe80::1%3]:40005", 1);
}
END_TEST


/* ---- --data-peer declared: which peer must prove itself ---- */

/* The declared address is recorded only when it is not the control
 * connection's peer (nor loopback beside loopback). */
START_TEST(test_declared_unproven_recorded)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0, NO_LISTEN);
	const struct np_data_rules rc = rules(NP_DATA_PEER_CONTROL, AF_UNSPEC, 0, 0, NO_LISTEN);
	char buf[INET6_ADDRSTRLEN];
	struct call c;

	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "203.0.113.9", 0);
	ck_assert_int_eq(c.rc, 0);
	ck_assert_uint_eq(c.plan.declared_len, sizeof(struct sockaddr_in));
	ck_assert_str_eq(addr_text(&c.plan.declared, buf, sizeof(buf)), "203.0.113.9");
	/* The control peer declared: proven by TCP. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "198.51.100.7", 0);
	ck_assert_int_eq(c.rc, 0);
	ck_assert_uint_eq(c.plan.declared_len, 0);
	c = plan(&r, "127.0.0.1", "127.0.0.2", AF_INET, NULL, "127.0.0.1", 0);
	ck_assert_uint_eq(c.plan.declared_len, 0);
	/* Nothing declared, or the default mode. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	ck_assert_uint_eq(c.plan.declared_len, 0);
	c = plan(&rc, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "203.0.113.9", 0);
	ck_assert_uint_eq(c.plan.declared_len, 0);
	/* The other family: never the control peer. */
	c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "2001:db8::7", 0);
	ck_assert_uint_eq(c.plan.declared_len, sizeof(struct sockaddr_in6));
	ck_assert_str_eq(addr_text(&c.plan.declared, buf, sizeof(buf)), "2001:db8::7");
}
END_TEST

START_TEST(test_declared_link_local_scope)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0,
					     WORDS("fe80::1%3"));
	struct call c = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET6, NULL, "fe80::7", 0);

	ck_assert_int_eq(c.rc, 0);
	ck_assert_uint_eq(((struct sockaddr_in6 *)&c.plan.declared)->sin6_scope_id, 3);
}
END_TEST

START_TEST(test_proof_need)
{
	const struct np_data_rules r = rules(NP_DATA_PEER_DECLARED, AF_UNSPEC, 0, 0, NO_LISTEN);
	struct call other = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, "203.0.113.9", 0);
	struct call same = plan(&r, "192.0.2.1", "198.51.100.7", AF_INET, NULL, NULL, 0);
	char why[WHY_LEN];

	/* No unproven peer, or a test that sends it nothing. */
	ck_assert_int_eq(np_data_proof_need(&same.plan, true, false, 1, 65000, "UDP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_NONE);
	ck_assert_int_eq(np_data_proof_need(&other.plan, false, false, 1, 65000, "TCP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_NONE);
	/* A client that echoes proves itself, whatever the sizes. */
	ck_assert_int_eq(np_data_proof_need(&other.plan, true, true, 1, 65000, "UDP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_ASK);
	ck_assert_int_eq(np_data_proof_need(&other.plan, true, true, 100, 1, "UDP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_ASK);
	/* One that cannot: no response larger than its request. */
	ck_assert_int_eq(np_data_proof_need(&other.plan, true, false, 100, 100, "UDP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_CAP);
	ck_assert_msg(strstr(why, "203.0.113.9") && strstr(why, "at most"), "why '%s'", why);
	ck_assert_int_eq(np_data_proof_need(&other.plan, true, false, 1, 65000, "UDP_RR", why,
					    sizeof(why)), NP_DATA_PROOF_REFUSE);
	ck_assert_msg(strstr(why, "UDP_RR responses of 65000 bytes to requests of 1,") &&
		      strstr(why, "203.0.113.9") && strstr(why, "netperf 2.7.1 cannot"),
		      "why '%s'", why);
	ck_assert_int_eq(np_data_proof_need(&other.plan, true, false, 100, 101, "UDP_CRR", why,
					    sizeof(why)), NP_DATA_PROOF_REFUSE);
}
END_TEST

/* ---- proof.h: the datagrams ---- */

START_TEST(test_proof_datagrams)
{
	uint8_t cookie[NP_PROOF_COOKIE_LEN], other[NP_PROOF_COOKIE_LEN], m[NP_PROOF_LEN + 1];
	uint8_t got[NP_PROOF_COOKIE_LEN];
	const struct sockaddr_storage to = sa_of("203.0.113.9", 4000);
	struct np_proof p, q;

	ck_assert_int_eq(np_proof_new(&p, SA(&to), sizeof(struct sockaddr_in)), 0);
	ck_assert_int_eq(np_proof_new(&q, SA(&to), sizeof(struct sockaddr_in)), 0);
	/* Random: two cookies differ (2^-128 to fail). */
	ck_assert(memcmp(p.cookie, q.cookie, sizeof(p.cookie)) != 0);
	ck_assert_uint_eq(np_addr_port(SA(&p.to)), 4000);
	memcpy(cookie, p.cookie, sizeof(cookie));
	memcpy(other, cookie, sizeof(other));
	other[NP_PROOF_COOKIE_LEN - 1] ^= 1;

	np_proof_encode(m, NP_PROOF_ECHO, cookie);
	/* "\0NPG", kind 2, the cookie. */
	ck_assert(m[0] == 0 && m[1] == 'N' && m[2] == 'P' && m[3] == 'G');
	ck_assert(m[4] == 0 && m[5] == 0 && m[6] == 0 && m[7] == 2);
	ck_assert(np_proof_is(m, NP_PROOF_LEN, NP_PROOF_ECHO, cookie));
	ck_assert(!np_proof_is(m, NP_PROOF_LEN, NP_PROOF_ECHO, other));
	ck_assert(!np_proof_is(m, NP_PROOF_LEN, NP_PROOF_ACK, cookie));
	ck_assert(!np_proof_is(m, NP_PROOF_LEN - 1, NP_PROOF_ECHO, cookie));
	ck_assert(!np_proof_is(m, NP_PROOF_LEN + 1, NP_PROOF_ECHO, cookie));
	ck_assert(np_proof_late_echo(&p, m, NP_PROOF_LEN));
	ck_assert(!np_proof_late_echo(NULL, m, NP_PROOF_LEN));
	ck_assert(!np_proof_late_echo(&q, m, NP_PROOF_LEN));
	ck_assert(!np_proof_cookie_of(m, NP_PROOF_LEN, got));
	np_proof_encode(m, NP_PROOF_COOKIE, cookie);
	ck_assert(np_proof_cookie_of(m, NP_PROOF_LEN, got));
	ck_assert(memcmp(got, cookie, sizeof(got)) == 0);
	ck_assert(!np_proof_late_echo(&p, m, NP_PROOF_LEN));
}
END_TEST

/* ---- proof.h: the exchange, on 127.0.0.1 ---- */

static int udp_bound(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	return fd;
}

static struct sockaddr_storage name_of(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&ss, &len), 0);
	return ss;
}

struct client_job {
	int fd;
	struct sockaddr_storage server;
	int rc;
	char why[WHY_LEN];
};

static void *client_main(void *arg)
{
	struct client_job *j = arg;

	j->rc = np_proof_client(j->fd, SA(&j->server), sizeof(struct sockaddr_in), -1, j->why,
				sizeof(j->why));
	return NULL;
}

/* A forged echo (another port's cookie guess) and a stranger's request
 * are ignored; the client's echo proves it; its echo sent again is a late
 * one, no request, and gets no second ACK. */
START_TEST(test_proof_exchange)
{
	int server = udp_bound(), client = udp_bound(), forger = udp_bound();
	struct sockaddr_storage caddr = name_of(client), saddr = name_of(server);
	struct client_job job = { .fd = client, .server = saddr, .rc = -2 };
	uint8_t guess[NP_PROOF_COOKIE_LEN] = { 0 }, m[NP_PROOF_LEN], buf[64];
	struct np_proof p;
	uint64_t ignored = 99;
	char why[WHY_LEN] = "";
	pthread_t th;

	ck_assert_int_eq(np_proof_new(&p, SA(&caddr), sizeof(struct sockaddr_in)), 0);
	np_proof_encode(m, NP_PROOF_ECHO, guess);
	ck_assert_int_eq(sendto(forger, m, sizeof(m), 0, SA(&saddr), sizeof(struct sockaddr_in)),
			 NP_PROOF_LEN);
	ck_assert_int_eq(sendto(forger, "x", 1, 0, SA(&saddr), sizeof(struct sockaddr_in)), 1);
	ck_assert_int_eq(pthread_create(&th, NULL, client_main, &job), 0);
	ck_assert_msg(np_proof_server(&p, server, -1, &ignored, why, sizeof(why)) == 0, "%s", why);
	pthread_join(th, NULL);
	ck_assert_msg(job.rc == 0, "client: %s", job.why);
	ck_assert_uint_eq(ignored, 2);
	/* Nothing reached the forger. */
	ck_assert_int_lt(recv(forger, buf, sizeof(buf), MSG_DONTWAIT), 0);
	/* The echo again: a late one. */
	np_proof_encode(m, NP_PROOF_ECHO, p.cookie);
	ck_assert(np_proof_late_echo(&p, m, NP_PROOF_LEN));
	close(server);
	close(client);
	close(forger);
}
END_TEST

/* A client that closes the control connection ends netserver's wait at
 * once, not at the deadline. */
START_TEST(test_proof_server_control_gone)
{
	int server = udp_bound(), client = udp_bound(), sv[2];
	struct sockaddr_storage caddr = name_of(client);
	struct np_proof p;
	uint64_t ignored;
	char why[WHY_LEN] = "";
	uint8_t buf[64];
	double t0;

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	close(sv[1]);
	ck_assert_int_eq(np_proof_new(&p, SA(&caddr), sizeof(struct sockaddr_in)), 0);
	t0 = np_now();
	ck_assert_int_eq(np_proof_server(&p, server, sv[0], &ignored, why, sizeof(why)), -1);
	ck_assert_msg(np_now() - t0 < 2.0, "took %.1f s", np_now() - t0);
	ck_assert_msg(strstr(why, "control connection"), "why '%s'", why);
	/* The cookie went out once, to the declared address. */
	ck_assert_int_eq(recv(client, buf, sizeof(buf), MSG_DONTWAIT), NP_PROOF_LEN);
	ck_assert(np_proof_is(buf, NP_PROOF_LEN, NP_PROOF_COOKIE, p.cookie));
	close(sv[0]);
	close(server);
	close(client);
}
END_TEST

static Suite *dataaddr_suite(void)
{
	Suite *s = suite_create("dataaddr");
	TCase *tc;

	tc = tcase_create("plan_refused");
	tcase_add_test(tc, test_refuse_unusable_control);
	tcase_add_test(tc, test_refuse_other_family_without_declared);
	tcase_add_test(tc, test_refuse_other_family_declared_without_address);
	tcase_add_test(tc, test_refuse_address_not_listened_on);
	tcase_add_test(tc, test_refuse_listen_other_family);
	tcase_add_test(tc, test_refuse_no_listen_address_of_family);
	tcase_add_test(tc, test_refuse_port_outside_range);
	suite_add_tcase(s, tc);

	tc = tcase_create("plan_allowed");
	tcase_add_test(tc, test_same_family_binds_control_local);
	tcase_add_test(tc, test_same_family_keeps_scope);
	tcase_add_test(tc, test_mapped_control_is_ipv4);
	tcase_add_test(tc, test_netserver_ip_among_listen);
	tcase_add_test(tc, test_declared_other_family);
	tcase_add_test(tc, test_declared_same_family_adds_peer);
	suite_add_tcase(s, tc);

	tc = tcase_create("peers");
	tcase_add_test(tc, test_peers_ignore_ports);
	tcase_add_test(tc, test_peers_unmap);
	tcase_add_test(tc, test_peers_list);
	tcase_add_test(tc, test_peers_loopback);
	suite_add_tcase(s, tc);

	tc = tcase_create("proof");
	tcase_add_test(tc, test_declared_unproven_recorded);
	tcase_add_test(tc, test_declared_link_local_scope);
	tcase_add_test(tc, test_proof_need);
	tcase_add_test(tc, test_proof_datagrams);
	tcase_add_test(tc, test_proof_exchange);
	tcase_add_test(tc, test_proof_server_control_gone);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);

	tc = tcase_create("bind");
	tcase_add_test(tc, test_bind_first_free_of_range);
	tcase_add_test(tc, test_bind_seed_varies_start);
	tcase_add_test(tc, test_bind_port_asked);
	tcase_add_test(tc, test_bind_no_range);
	tcase_add_test(tc, test_bind_other_error_as_is);
	tcase_add_test(tc, test_bind_ipv6_only);
	suite_add_tcase(s, tc);

	/* These fail until the bugs described above them are fixed in
	 * src/run/dataaddr.c. */
	tc = tcase_create("scopes and seeds");
	tcase_add_test(tc, test_bind_seed_near_uint_max);
	tcase_add_test(tc, test_listen_link_local_keeps_scope);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(dataaddr_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
