/*
 * check_legacy.c - unit tests for src/wire/legacy.c against the reference
 * captures of a netperf 2.7.1 built with --enable-omni=no.
 *
 * Each legacy_*.txt vector holds the request, the response and the
 * results of one test (RAW lines, 656 bytes each).  Decoding them must
 * give the captured values, and encoding the result the captured bytes
 * (the results' type word aside: the reference sends it byte-swapped).
 *
 * Run: TESTDATA=tests/data ./check_legacy   (make check sets TESTDATA)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L	/* getline */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/legacy.h"
#include "wire/wire.h"

#define WHYLEN 256

/* One capture: request, response, results. */
struct capture {
	const char *file;
	int32_t type;
	uint8_t msg[3][NP_MSG_SIZE];
	bool loaded;
};

static struct capture caps[] = {
	{ "legacy_tcp_stream", NP_DO_TCP_STREAM, { { 0 } }, false },
	{ "legacy_tcp_maerts", NP_DO_TCP_MAERTS, { { 0 } }, false },
	{ "legacy_tcp_rr", NP_DO_TCP_RR, { { 0 } }, false },
	{ "legacy_tcp_crr", NP_DO_TCP_CRR, { { 0 } }, false },
	{ "legacy_udp_stream", NP_DO_UDP_STREAM, { { 0 } }, false },
	{ "legacy_udp_rr", NP_DO_UDP_RR, { { 0 } }, false },
};
#define N_CAPS ((int)(sizeof(caps) / sizeof(caps[0])))

/* ------------------------------------------------------------- helpers */

/* Independent of wire.c: the tests read bytes their own way. */
static uint32_t be32(const uint8_t *msg, size_t off)
{
	return (uint32_t)msg[off] << 24 | (uint32_t)msg[off + 1] << 16 |
	       (uint32_t)msg[off + 2] << 8 | (uint32_t)msg[off + 3];
}

static void set_be32(uint8_t *msg, size_t off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		msg[off + (size_t)i] = (uint8_t)(v >> (24 - 8 * i));
}

static int first_diff(const uint8_t *a, const uint8_t *b, size_t from)
{
	for (size_t i = from; i < NP_MSG_SIZE; i++)
		if (a[i] != b[i])
			return (int)i;
	return -1;
}

/* "RAW C->S 1 <1312 hex digits>": messages 1 to 3 of the capture. */
static void load(struct capture *c)
{
	const char *dir = getenv("TESTDATA");
	char path[1024], *line = NULL;
	size_t cap = 0;
	int got = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/vectors/%s.txt", dir ? dir : "tests/data", c->file);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while (getline(&line, &cap, f) > 0) {
		char dirtok[8];
		int n, off;

		if (sscanf(line, "RAW %7s %d %n", dirtok, &n, &off) != 2 || n < 1 || n > 3)
			continue;
		ck_assert_msg(strlen(line + off) >= 2 * NP_MSG_SIZE, "%s: short RAW %d", path, n);
		for (size_t i = 0; i < NP_MSG_SIZE; i++) {
			unsigned byte;

			ck_assert(sscanf(line + off + 2 * i, "%2x", &byte) == 1);
			c->msg[n - 1][i] = (uint8_t)byte;
		}
		got |= 1 << (n - 1);
	}
	free(line);
	fclose(f);
	ck_assert_msg(got == 7, "%s: messages 1-3 not all found", path);
	c->loaded = true;
}

static struct capture *cap(int i)
{
	if (!caps[i].loaded)
		load(&caps[i]);
	return &caps[i];
}

static struct capture *cap_of(int32_t type)
{
	for (int i = 0; i < N_CAPS; i++)
		if (caps[i].type == type)
			return cap(i);
	ck_abort_msg("no capture of type %d", (int)type);
	return NULL;
}

static void decode_ok(const uint8_t *msg, struct np_omni_request *q)
{
	char why[WHYLEN] = "";
	int err = np_legacy_decode_request(msg, q, why, sizeof(why));

	ck_assert_msg(err == 0, "type %d: decode %d (%s)", (int)be32(msg, 0), err, why);
}

/* ---------------------------------------------------------- requests */

START_TEST(test_request_roundtrip)
{
	struct capture *c = cap(_i);
	struct np_omni_request q;
	uint8_t again[NP_MSG_SIZE];
	char why[WHYLEN];
	int d;

	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(np_legacy_type_of(&q), c->type);
	ck_assert(np_legacy_is_request(c->type));
	memset(again, 0xa5, sizeof(again));
	ck_assert_int_eq(np_legacy_encode_request(&q, 0, again, why, sizeof(why)), 0);
	d = first_diff(c->msg[0], again, 0);
	ck_assert_msg(d < 0, "%s: byte 0x%x differs", c->file, d);
}
END_TEST

/* What every captured request says, in omni terms. */
START_TEST(test_request_fields)
{
	struct capture *c = cap(_i);
	const bool rr = c->type == NP_DO_TCP_RR || c->type == NP_DO_UDP_RR ||
			c->type == NP_DO_TCP_CRR;
	const bool udp = c->type == NP_DO_UDP_STREAM || c->type == NP_DO_UDP_RR;
	struct np_omni_request q;

	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(q.cpu_affinity, -1);
	ck_assert_int_eq(q.test_length, 1);
	ck_assert_uint_eq(q.ipfamily, NP_FAM_INET);
	ck_assert_uint_eq(q.data_port, 0);
	ck_assert_uint_eq(q.socket_type, udp ? NP_SOCK_DGRAM : NP_SOCK_STREAM);
	ck_assert_uint_eq(q.protocol, udp ? 17 : 6);
	ck_assert_uint_eq(q.direction, rr ? NP_DIR_XMIT | NP_DIR_RECV
			  : c->type == NP_DO_TCP_MAERTS ? NP_DIR_XMIT : NP_DIR_RECV);
	ck_assert_uint_eq(q.flags, NP_F_ROUTING | (c->type == NP_DO_TCP_CRR ? NP_F_CONNECT_TEST : 0));
	ck_assert(q.cpu_rate == 0.0f);
	ck_assert_int_eq(q.request_size, rr ? 1 : -1);
	ck_assert_int_eq(q.response_size, rr ? 1 : -1);
	ck_assert_int_eq(q.recv_buf_size, -1);
	ck_assert_int_eq(q.send_buf_size, -1);
	ck_assert_uint_eq(q.recv_alignment, 8);
	ck_assert_int_eq(q.send_size, -1);            /* MAERTS: 0 = the default */
	ck_assert_int_eq(q.receive_size, c->type == NP_DO_UDP_STREAM ? 65507 : -1);
	ck_assert_str_eq(q.cong_control, "");
	ck_assert_str_eq(q.fill_file, "");
}
END_TEST

/* Two flag words of a captured request set to 1: the omni flags they
 * stand for, and the same bytes back. */
static void flags_roundtrip(int32_t type, size_t w1, size_t w2, uint32_t want)
{
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE], again[NP_MSG_SIZE];

	memcpy(msg, cap_of(type)->msg[0], sizeof(msg));
	set_be32(msg, 8 + w1, 1);
	set_be32(msg, 8 + w2, 1);
	decode_ok(msg, &q);
	ck_assert_uint_eq(q.flags, NP_F_ROUTING | want);
	ck_assert_int_eq(np_legacy_encode_request(&q, 0, again, NULL, 0), 0);
	ck_assert_int_eq(first_diff(msg, again, 0), -1);
}

START_TEST(test_request_flags)
{
	/* no_delay, measure_cpu; recv_connected, checksum_off */
	flags_roundtrip(NP_DO_TCP_RR, 32, 36, NP_F_NODELAY | NP_F_MEASURE_CPU);
	flags_roundtrip(NP_DO_UDP_STREAM, 8, 20, NP_F_USE_CONNECTED | NP_F_CHECKSUM_OFF);
}
END_TEST

/* One word of a captured request changed, and what must come of it. */
static const struct bad_request {
	int32_t type;
	size_t off;             /* message offset */
	uint32_t value;
	int err;
	const char *why;        /* part of the reason */
} bad_requests[] = {
	{ NP_DO_TCP_STREAM, 8 + 20, 2, EINVAL, "no_delay 2 is not 0 or 1" },
	{ NP_DO_TCP_RR, 8 + 36, 0xffffffffu, EINVAL, "measure_cpu" },
	{ NP_DO_TCP_RR, 8 + 24, 0, EINVAL, "request_size 0" },
	{ NP_DO_UDP_RR, 8 + 28, 70000, EMSGSIZE, "response_size 70000" },
	{ NP_DO_TCP_CRR, 8 + 56, 80, EACCES, "data_port 80 is privileged" },
	{ NP_DO_TCP_MAERTS, 8 + 52, 70000, EINVAL, "data_port 70000" },
	{ NP_DO_TCP_STREAM, 8 + 56, 9, EAFNOSUPPORT, "ipfamily 9" },
	{ NP_DO_UDP_STREAM, 8 + 4, 65508, EMSGSIZE, "receive_size 65508" },
	{ NP_DO_UDP_STREAM, 8 + 32, 86401, EINVAL, "test_length 86401" },
	{ NP_DO_TCP_MAERTS, 8 + 32, 0x80000001u, EINVAL, "test_length -2147483647" },
	{ NP_DO_TCP_STREAM, 8 + 4, 0x7fffffffu, EINVAL, "recv_buf_size 2147483647" },
	{ NP_DO_TCP_MAERTS, 8 + 8, 0xfffffffeu, EINVAL, "send_size -2" },
	{ NP_DO_TCP_STREAM, 0, 55, EINVAL, "type 55 is not a legacy test request" },
	{ NP_DO_TCP_STREAM, 0, NP_DO_OMNI, EINVAL, "is not a legacy test request" },
};
#define N_BAD ((int)(sizeof(bad_requests) / sizeof(bad_requests[0])))

START_TEST(test_request_rejected)
{
	const struct bad_request *b = &bad_requests[_i];
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	int err;

	memcpy(msg, cap_of(b->type)->msg[0], sizeof(msg));
	set_be32(msg, b->off, b->value);
	err = np_legacy_decode_request(msg, &q, why, sizeof(why));
	ck_assert_msg(err == b->err, "case %d: %d, want %d (%s)", _i, err, b->err, why);
	ck_assert_msg(strstr(why, b->why) != NULL, "case %d: why '%s'", _i, why);
}
END_TEST

/* netperf's side: what an omni request becomes. */
START_TEST(test_request_from_client)
{
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";

	decode_ok(cap_of(NP_DO_UDP_STREAM)->msg[0], &q);
	q.receive_size = -1;                          /* omni's default */
	ck_assert_int_eq(np_legacy_encode_request(&q, 1024, msg, why, sizeof(why)), 0);
	ck_assert_uint_eq(be32(msg, 0), NP_DO_UDP_STREAM);
	ck_assert_uint_eq(be32(msg, 8 + 4), 1024);   /* message_size: our send size */

	decode_ok(cap_of(NP_DO_TCP_STREAM)->msg[0], &q);
	q.receive_size = -1;
	ck_assert_int_eq(np_legacy_encode_request(&q, 1024, msg, NULL, 0), 0);
	ck_assert_uint_eq(be32(msg, 8 + 8), 0);       /* -1 goes as 0 */

	snprintf(q.cong_control, sizeof(q.cong_control), "cubic");
	ck_assert_int_eq(np_legacy_encode_request(&q, 0, msg, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "congestion control") != NULL, "why '%s'", why);

	q.cong_control[0] = '\0';
	q.direction = 0;
	ck_assert_int_eq(np_legacy_type_of(&q), 0);
	ck_assert_int_eq(np_legacy_encode_request(&q, 0, msg, why, sizeof(why)),
			 EPROTONOSUPPORT);
	ck_assert(!np_legacy_is_request(NP_DO_OMNI));
	ck_assert(!np_legacy_is_request(11));
}
END_TEST

/* --------------------------------------------------------- responses */

START_TEST(test_response_roundtrip)
{
	struct capture *c = cap(_i);
	struct np_omni_request q;
	struct np_omni_response r;
	uint8_t again[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	int d;

	decode_ok(c->msg[0], &q);
	ck_assert_msg(np_legacy_decode_response(c->msg[1], &q, &r, why, sizeof(why)) == 0,
		      "%s: %s", c->file, why);
	ck_assert_int_eq(r.serv_errno, 0);
	ck_assert_uint_gt(r.data_port, 1023);
	ck_assert_int_gt(r.recv_buf_size, 0);
	ck_assert_int_gt(r.send_buf_size, 0);
	ck_assert_uint_eq(r.flags, 0);
	memset(again, 0xa5, sizeof(again));
	np_legacy_encode_response(c->type, &r, again);
	d = first_diff(c->msg[1], again, 0);
	ck_assert_msg(d < 0, "%s: byte 0x%x differs", c->file, d);
}
END_TEST

START_TEST(test_response_fields)
{
	struct np_omni_request q;
	struct np_omni_response r;
	struct capture *c = cap_of(NP_DO_TCP_STREAM);

	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(np_legacy_decode_response(c->msg[1], &q, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.data_port, 44055);
	ck_assert_int_eq(r.recv_buf_size, 131072);
	ck_assert_int_eq(r.receive_size, 131072);
	ck_assert_int_eq(r.send_buf_size, 16384);
	ck_assert_int_eq(r.send_size, -1);            /* not in it: the request's */

	c = cap_of(NP_DO_TCP_MAERTS);
	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(np_legacy_decode_response(c->msg[1], &q, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.data_port, 43707);
	ck_assert_int_eq(r.send_size, 16384);

	c = cap_of(NP_DO_TCP_RR);
	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(np_legacy_decode_response(c->msg[1], &q, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.data_port, 35647);
	ck_assert_uint_eq(r.test_length, 1);
	ck_assert_int_eq(r.receive_size, 1);          /* the request's sizes */
	ck_assert_int_eq(r.send_size, 1);

	c = cap_of(NP_DO_UDP_STREAM);
	decode_ok(c->msg[0], &q);
	ck_assert_int_eq(np_legacy_decode_response(c->msg[1], &q, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.data_port, 57137);
	ck_assert_int_eq(r.recv_buf_size, 212992);
	ck_assert_int_eq(r.send_buf_size, 212992);
}
END_TEST

START_TEST(test_response_rejected)
{
	struct capture *c = cap_of(NP_DO_UDP_RR);
	struct np_omni_request q;
	struct np_omni_response r;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";

	decode_ok(c->msg[0], &q);
	memcpy(msg, c->msg[1], sizeof(msg));
	set_be32(msg, 8 + 20, 0);                     /* no data port */
	ck_assert_int_eq(np_legacy_decode_response(msg, &q, &r, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "data_port_number 0") != NULL, "why '%s'", why);
	set_be32(msg, 8 + 20, 70000);
	ck_assert_int_eq(np_legacy_decode_response(msg, &q, &r, NULL, 0), EINVAL);
	memcpy(msg, c->msg[1], sizeof(msg));
	set_be32(msg, 0, 14);                         /* TCP_RR's, not UDP_RR's */
	ck_assert_int_eq(np_legacy_decode_response(msg, &q, &r, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "type 14") != NULL, "why '%s'", why);
	/* A refusal is the caller's to report, whatever its type word. */
	memset(msg, 0, sizeof(msg));
	set_be32(msg, 4, 998);
	ck_assert_int_eq(np_legacy_decode_response(msg, &q, &r, NULL, 0), 0);
	ck_assert_int_eq(r.serv_errno, 998);
	/* A stale measure_cpu word (netserver 2.7.1 never clears its reply
	 * buffer: doc/protocol.md, "Stale words in netserver 2.7.1's
	 * replies") reads as set, and no more. */
	memcpy(msg, c->msg[1], sizeof(msg));
	set_be32(msg, 8 + 8, 0x0000b564);
	ck_assert_int_eq(np_legacy_decode_response(msg, &q, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.flags, NP_F_MEASURE_CPU);
}
END_TEST

/* ----------------------------------------------------------- results */

START_TEST(test_results_roundtrip)
{
	struct capture *c = cap(_i);
	struct np_omni_results r;
	uint8_t again[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	int d;

	ck_assert_msg(np_legacy_decode_results(c->msg[2], c->type, 0, NULL, &r, why,
					       sizeof(why)) == 0, "%s: %s", c->file, why);
	ck_assert_int_eq(r.serv_errno, 0);
	ck_assert_int_eq(r.transport_retrans, -1);
	ck_assert(fabsf(r.elapsed_time - 1.0f) < 0.01f);
	np_legacy_encode_results(c->type, &r, again);
	ck_assert_uint_eq(be32(again, 0), (uint32_t)c->type + 2);
	/* The reference's type word is the response's, byte-swapped, but for
	 * UDP_STREAM's. */
	d = first_diff(c->msg[2], again, c->type == NP_DO_UDP_STREAM ? 0 : 4);
	ck_assert_msg(d < 0, "%s: byte 0x%x differs", c->file, d);
}
END_TEST

START_TEST(test_results_fields)
{
	struct np_omni_results r;
	struct np_omni_response rsp = { .recv_buf_size = 131072, .send_buf_size = 16384 };

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_TCP_STREAM)->msg[2],
						  NP_DO_TCP_STREAM, 0, &rsp, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.bytes_received, 1847394304u);  /* 41db8740 00000000 */
	ck_assert_uint_eq(r.recv_calls, 23798);
	ck_assert_int_eq(r.recv_buf_size, 131072);  /* unset there: the response's */
	ck_assert_int_eq(r.send_buf_size, 16384);

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_TCP_MAERTS)->msg[2],
						  NP_DO_TCP_MAERTS, 0, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.bytes_sent, 2194161664u);
	ck_assert_uint_eq(r.send_calls, 133921);

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_TCP_RR)->msg[2],
						  NP_DO_TCP_RR, 0, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.trans_received, 46436);
	ck_assert_uint_eq(r.bytes_received, 92872);

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_TCP_CRR)->msg[2],
						  NP_DO_TCP_CRR, 0, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.trans_received, 7793);

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_UDP_STREAM)->msg[2],
						  NP_DO_UDP_STREAM, 65507, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.recv_calls, 52834);
	ck_assert_uint_eq(r.bytes_received, 3460996837u);
	ck_assert(r.cpu_util == -1.0f);

	ck_assert_int_eq(np_legacy_decode_results(cap_of(NP_DO_UDP_RR)->msg[2],
						  NP_DO_UDP_RR, 0, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.trans_received, 54242);
}
END_TEST

/* UDP_STREAM's 32-bit byte count, recovered from the datagram count. */
START_TEST(test_results_udp_wrap)
{
	const uint64_t msgs = 100000, size = 65507, bytes = msgs * size;
	struct np_omni_results r, big;
	uint8_t msg[NP_MSG_SIZE];

	memset(&big, 0, sizeof(big));
	big.recv_calls = (uint32_t)msgs;
	big.bytes_received = bytes;
	big.elapsed_time = 2.0f;
	np_legacy_encode_results(NP_DO_UDP_STREAM, &big, msg);
	ck_assert_uint_eq(be32(msg, 8 + 4), 0xffffffffu);     /* saturated when sent */
	set_be32(msg, 8 + 4, (uint32_t)bytes);                /* what the reference sends */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_UDP_STREAM, (int32_t)size, NULL,
						  &r, NULL, 0), 0);
	ck_assert_uint_eq(r.bytes_received, bytes);
	set_be32(msg, 8 + 4, (uint32_t)(bytes - 1));          /* the reference's off by one */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_UDP_STREAM, (int32_t)size, NULL,
						  &r, NULL, 0), 0);
	ck_assert_uint_eq(r.bytes_received, bytes - 1);
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_UDP_STREAM, 0, NULL, &r, NULL, 0), 0);
	ck_assert_uint_eq(r.bytes_received, (uint32_t)(bytes - 1));
}
END_TEST

START_TEST(test_results_rejected)
{
	struct np_omni_results r;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";

	memcpy(msg, cap_of(NP_DO_TCP_STREAM)->msg[2], sizeof(msg));
	set_be32(msg, 8, 0xbff00000u);                        /* -1.0 */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_STREAM, 0, NULL, &r, why,
						  sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "bytes_received") != NULL, "why '%s'", why);
	set_be32(msg, 8, 0x7ff80000u);                        /* NaN */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_STREAM, 0, NULL, &r, NULL, 0),
			 EINVAL);
	set_be32(msg, 8, 0x43f00000u);                        /* 2^64 */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_STREAM, 0, NULL, &r, NULL, 0),
			 EINVAL);
	/* A failed test's results are not judged. */
	set_be32(msg, 4, EPIPE);
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_STREAM, 0, NULL, &r, NULL, 0), 0);
	ck_assert_int_eq(r.serv_errno, EPIPE);

	memcpy(msg, cap_of(NP_DO_TCP_RR)->msg[2], sizeof(msg));
	set_be32(msg, 8 + 12, 0x7fc00000u);                   /* elapsed NaN */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_RR, 0, NULL, &r, why,
						  sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "elapsed_time") != NULL, "why '%s'", why);
	set_be32(msg, 8 + 12, 0xbf800000u);                   /* -1.0 */
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_TCP_RR, 0, NULL, &r, NULL, 0),
			 EINVAL);
	ck_assert_int_eq(np_legacy_decode_results(msg, NP_DO_OMNI, 0, NULL, &r, NULL, 0),
			 EINVAL);
}
END_TEST

/* Random words under each legacy type: no crash, and what is accepted
 * survives an encode/decode round trip field for field. */
START_TEST(test_random_requests)
{
	unsigned seed = 12345;

	for (int round = 0; round < 20000; round++) {
		struct np_omni_request q, q2;
		uint8_t msg[NP_MSG_SIZE], again[NP_MSG_SIZE];
		struct capture *c = cap(round % N_CAPS);

		memcpy(msg, c->msg[0], sizeof(msg));
		for (int k = 0; k < 3; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t w = 2 + (seed >> 16) % 16;
			seed = seed * 1103515245u + 12345u;
			set_be32(msg, 4 * w, (seed >> 8) % 3 ? (seed >> 16) % 70000 : seed);
		}
		if (np_legacy_decode_request(msg, &q, NULL, 0) != 0)
			continue;
		ck_assert_int_eq(np_legacy_encode_request(&q, 0, again, NULL, 0), 0);
		decode_ok(again, &q2);
		ck_assert_int_eq(memcmp(&q, &q2, sizeof(q)), 0);
	}
}
END_TEST

static Suite *legacy_suite(void)
{
	Suite *s = suite_create("legacy");
	TCase *tc = tcase_create("captures");

	tcase_add_loop_test(tc, test_request_roundtrip, 0, N_CAPS);
	tcase_add_loop_test(tc, test_request_fields, 0, N_CAPS);
	tcase_add_test(tc, test_request_flags);
	tcase_add_loop_test(tc, test_response_roundtrip, 0, N_CAPS);
	tcase_add_test(tc, test_response_fields);
	tcase_add_loop_test(tc, test_results_roundtrip, 0, N_CAPS);
	tcase_add_test(tc, test_results_fields);
	suite_add_tcase(s, tc);

	tc = tcase_create("validation");
	tcase_add_loop_test(tc, test_request_rejected, 0, N_BAD);
	tcase_add_test(tc, test_request_from_client);
	tcase_add_test(tc, test_response_rejected);
	tcase_add_test(tc, test_results_udp_wrap);
	tcase_add_test(tc, test_results_rejected);
	tcase_add_test(tc, test_random_requests);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(legacy_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
