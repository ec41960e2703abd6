/*
 * check_many.c - unit tests for a many-flows run's pure parts: its
 * messages (wire/many.c: round trips, every range check, the hello and
 * its token), a data socket's byte counts (many/mconn.c, on a socket
 * pair) and the flows' spread (many/spread.c: nearest-rank percentiles,
 * Jain's index).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "many/mconn.h"
#include "many/spread.h"
#include "wire/many.h"
#include "wire/wire.h"

static struct np_many_req good_req(void)
{
	struct np_many_req q;

	memset(&q, 0, sizeof(q));
	q.kind = NP_MANY_TCP_RR;
	q.flows = 1000;
	q.threads = 2;
	q.ports = 3;
	q.req_size = 1;
	q.rsp_size = 200;
	q.send_size = 16384;
	q.recv_size = 65536;
	q.sndbuf = -1;
	q.rcvbuf = 1 << 20;
	q.flags = NP_MANY_F_NODELAY;
	q.length_s = 31;
	q.burst = 4;
	q.ncpus = 2;
	q.cpus[0] = 1;
	q.cpus[1] = 3;
	for (int i = 0; i < NP_MANY_TOKEN_LEN; i++)
		q.token[i] = (uint8_t)(0xa0 + i);
	return q;
}

START_TEST(test_request_round_trip)
{
	struct np_many_req q = good_req(), back;
	uint8_t msg[NP_MSG_SIZE];
	char why[160];

	np_many_encode_req(&q, msg);
	ck_assert_int_eq(np_wire_type(msg), NP_NG_MANY);
	ck_assert(np_many_has_magic(msg));
	ck_assert_int_eq(np_many_decode_req(msg, &back, why, sizeof(why)), 0);
	ck_assert_mem_eq(&q, &back, sizeof(q));
}
END_TEST

/* Each field out of its range is refused, naming it. */
START_TEST(test_request_ranges)
{
	struct np_many_req q;
	uint8_t msg[NP_MSG_SIZE];
	char why[160];

#define REFUSED(stmt, word)                                                              \
	do {                                                                             \
		q = good_req();                                                          \
		stmt;                                                                    \
		np_many_encode_req(&q, msg);                                             \
		ck_assert_int_eq(np_many_decode_req(msg, &q, why, sizeof(why)), -1);     \
		ck_assert_msg(strstr(why, word) != NULL, "%s: %s", #stmt, why);          \
	} while (0)
	REFUSED(q.kind = 0, "workload");
	REFUSED(q.kind = 7, "workload");
	REFUSED(q.flows = 0, "flows");
	REFUSED(q.flows = NP_MANY_MAX_FLOWS + 1, "flows");
	REFUSED(q.threads = 0, "threads");
	REFUSED(q.threads = 65, "threads");
	REFUSED(q.ports = 0, "ports");
	REFUSED((q.threads = 8, q.ports = 9), "threads x ports");
	REFUSED(q.req_size = 0, "request size");
	REFUSED(q.rsp_size = NP_MAX_TCP_MSG + 1, "response size");
	REFUSED(q.sndbuf = -2, "SO_SNDBUF");
	REFUSED(q.length_s = 0, "length");
	REFUSED(q.burst = NP_MANY_MAX_BURST + 1, "burst");
	REFUSED(q.ncpus = 33, "CPUs");
	REFUSED(q.cpus[1] = 4096, "CPU");
	REFUSED(q.flags = 0x8, "flags");
	REFUSED((q.kind = NP_MANY_UDP_RR, q.rsp_size = 65508), "datagram");
	/* Without the magic: not ours. */
	q = good_req();
	np_many_encode_req(&q, msg);
	msg[9] = 0;     /* the magic's "N" */
	ck_assert_int_eq(np_many_decode_req(msg, &q, why, sizeof(why)), -1);
}
END_TEST

START_TEST(test_reply_round_trip)
{
	struct np_many_reply r, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[160];

	memset(&r, 0, sizeof(r));
	r.threads = 4;
	r.nsocks = NP_MANY_MAX_SOCKS;
	for (int i = 0; i < NP_MANY_MAX_SOCKS; i++)
		r.ports[i] = (uint16_t)(40000 + i);
	r.sndbuf = 16384;
	r.rcvbuf = 131072;
	r.length_s = 31;
	np_many_encode_reply(&r, msg);
	ck_assert_int_eq(np_many_decode_reply(msg, &back, why, sizeof(why)), 0);
	ck_assert_mem_eq(&r, &back, sizeof(r));
	/* A port 0 is no port. */
	r.ports[5] = 0;
	np_many_encode_reply(&r, msg);
	ck_assert_int_eq(np_many_decode_reply(msg, &back, why, sizeof(why)), -1);
	/* A refusal: its text, made printable. */
	memset(&r, 0, sizeof(r));
	r.serv_errno = 1015;
	snprintf(r.why, sizeof(r.why), "too many\x1b[2J flows");
	np_many_encode_reply(&r, msg);
	ck_assert_int_eq(np_many_decode_reply(msg, &back, why, sizeof(why)), 0);
	ck_assert_int_eq(back.serv_errno, 1015);
	ck_assert_str_eq(back.why, "too many?[2J flows");
}
END_TEST

START_TEST(test_go_end)
{
	struct np_many_counts c = { 1, 2, 3, 4, 5, 6, 42.5f, 8, 2 }, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[160];
	int32_t e;
	uint32_t joined;

	np_many_encode_go_reply(0, 999, msg);
	ck_assert_int_eq(np_many_decode_go_reply(msg, &e, &joined, why, sizeof(why)), 0);
	ck_assert_int_eq(e, 0);
	ck_assert_uint_eq(joined, 999);
	np_many_encode_end_reply(0, &c, msg);
	ck_assert_int_eq(np_many_decode_end_reply(msg, &e, &back, why, sizeof(why)), 0);
	ck_assert(back.bytes_in == 1 && back.bytes_out == 2 && back.msgs_in == 3 &&
		  back.msgs_out == 4 && back.unproven == 5 && back.refused == 6);
	ck_assert(back.cpu_util == 42.5f && back.cpu_method == 8 && back.cpu_count == 2);
	/* A CPU figure that is no share of a machine is none. */
	c.cpu_util = 250.0f;
	np_many_encode_end_reply(0, &c, msg);
	ck_assert_int_eq(np_many_decode_end_reply(msg, &e, &back, why, sizeof(why)), 0);
	ck_assert(back.cpu_util == -1.0f);
	/* A reply of another type is refused. */
	ck_assert_int_eq(np_many_decode_go_reply(msg, &e, &joined, why, sizeof(why)), -1);
	/* END: a stream's bytes sent, all 64 bits of them. */
	uint64_t sent = 0;
	np_many_encode_end(0x123456789abcdef0ull, msg);
	ck_assert_int_eq(np_many_decode_end(msg, &sent, why, sizeof(why)), 0);
	ck_assert(sent == 0x123456789abcdef0ull);
	ck_assert_int_eq(np_many_decode_end_reply(msg, &e, &back, why, sizeof(why)), -1);
}
END_TEST

START_TEST(test_hello)
{
	uint8_t token[NP_MANY_TOKEN_LEN], other[NP_MANY_TOKEN_LEN], h[NP_MANY_HELLO_LEN];

	memset(token, 7, sizeof(token));
	memcpy(other, token, sizeof(other));
	other[15] ^= 1;
	np_many_hello(token, 41, h);
	ck_assert_int_eq(np_many_hello_check(h, token, 42), 41);
	ck_assert_int_eq(np_many_hello_check(h, token, 41), -1);   /* past the flows */
	ck_assert_int_eq(np_many_hello_check(h, other, 42), -1);   /* another run's */
	h[0] ^= 0xff;
	ck_assert_int_eq(np_many_hello_check(h, token, 42), -1);   /* no magic */
}
END_TEST

/* A request/response connection on one end of a local socket pair
 * (sv[1] plays the peer). */
static void pingpong_pair(int type, uint32_t in_unit, uint32_t out_unit, int sv[2],
			  struct np_mconn *c)
{
	ck_assert_int_eq(socketpair(AF_UNIX, type, 0, sv), 0);
	memset(c, 0, sizeof(*c));
	c->fd = sv[0];
	c->mode = NP_MC_PINGPONG;
	c->in_unit = in_unit;
	c->out_unit = out_unit;
}

/* Request/response byte counts: a unit per in_unit bytes, however they
 * come, and out_unit bytes queued for each. */
START_TEST(test_mconn_pingpong)
{
	int sv[2];
	uint8_t buf[64] = { 0 };
	struct np_mconn c;

	pingpong_pair(SOCK_STREAM, 10, 3, sv, &c);
	c.reply = true;
	ck_assert_int_eq((int)write(sv[1], buf, 7), 7);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), 0);
	ck_assert_uint_eq(c.in_part, 7);
	ck_assert_int_eq((int)write(sv[1], buf, 25), 25);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), 3);
	ck_assert_uint_eq(c.in_part, 2);
	ck_assert_uint_eq(c.out_left, 9);
	ck_assert_int_eq(np_mconn_write(&c, buf, sizeof(buf), 1), 0);
	ck_assert_uint_eq(c.out_left, 0);
	ck_assert_uint_eq(c.bytes_out, 9);
	ck_assert_int_eq((int)read(sv[1], buf, sizeof(buf)), 9);
	/* The peer's end. */
	close(sv[1]);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), -1);
	close(sv[0]);
}
END_TEST

/* A datagram flow: only a datagram of the response's size is one. */
START_TEST(test_mconn_dgram)
{
	int sv[2];
	uint8_t buf[64] = { 0 };
	struct np_mconn c;

	pingpong_pair(SOCK_DGRAM, 10, 5, sv, &c);
	c.dgram = true;
	ck_assert_int_eq((int)write(sv[1], buf, NP_MANY_HELLO_LEN), NP_MANY_HELLO_LEN);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), 0);
	ck_assert_uint_eq(c.units, 0);
	ck_assert_int_eq((int)write(sv[1], buf, 10), 10);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), 1);
	/* An empty datagram is no end of anything. */
	ck_assert_int_eq((int)write(sv[1], buf, 0), 0);
	ck_assert_int_eq(np_mconn_read(&c, buf, sizeof(buf)), 0);
	/* Sends: a datagram of out_unit a request queued. */
	c.out_left = 15;
	ck_assert_int_eq(np_mconn_write(&c, buf, sizeof(buf), 8), 0);
	ck_assert_uint_eq(c.out_left, 0);
	ck_assert_uint_eq(c.calls_out, 3);
	close(sv[0]);
	close(sv[1]);
}
END_TEST

START_TEST(test_spread)
{
	const uint64_t even[4] = { 5, 5, 5, 5 }, one[4] = { 0, 0, 0, 8 };
	uint64_t ten[10];
	double scratch[10];
	struct np_flow_spread s;

	np_flow_spread(even, 4, 2.0, scratch, &s);
	ck_assert(fabs(s.jain - 1.0) < 1e-12);
	ck_assert(s.min == 10 && s.max == 10 && s.p50 == 10);
	np_flow_spread(one, 4, 1.0, scratch, &s);
	ck_assert(fabs(s.jain - 0.25) < 1e-12);     /* 1/n */
	ck_assert(s.min == 0 && s.p90 == 8 && s.max == 8);
	for (int i = 0; i < 10; i++)
		ten[i] = (uint64_t)(10 - i);       /* not sorted */
	np_flow_spread(ten, 10, 1.0, scratch, &s);
	ck_assert(s.min == 1 && s.p10 == 1 && s.p50 == 5 && s.p90 == 9 && s.max == 10);
	ck_assert(fabs(s.jain - 55.0 * 55.0 / (10.0 * 385.0)) < 1e-12);
	np_flow_spread(ten, 0, 1.0, scratch, &s);
	ck_assert(s.jain == 1 && s.max == 0);
}
END_TEST

static Suite *many_suite(void)
{
	Suite *s = suite_create("many");
	TCase *tc = tcase_create("wire");

	tcase_add_test(tc, test_request_round_trip);
	tcase_add_test(tc, test_request_ranges);
	tcase_add_test(tc, test_reply_round_trip);
	tcase_add_test(tc, test_go_end);
	tcase_add_test(tc, test_hello);
	suite_add_tcase(s, tc);
	tc = tcase_create("data");
	tcase_add_test(tc, test_mconn_pingpong);
	tcase_add_test(tc, test_mconn_dgram);
	tcase_add_test(tc, test_spread);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(many_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
