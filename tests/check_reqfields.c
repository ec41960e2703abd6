/*
 * check_reqfields.c - netperf-ng's own request fields (src/run/reqfields.c):
 * the parameter words a test's values make, a variant's in the words of
 * the test netserver runs for it; netserver's reading of them (ranges,
 * defaults) and its socket options; which fields netperf finds not
 * applied; and the response's words that carry it (applied, a
 * refusal's text).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "run/reqfields.h"
#include "run/test.h"
#include "wire/wire.h"

/* A variant of UDP_STREAM that takes one of its fields. */
static const struct np_reqfield *const busy_only[] = { &np_field_busy_poll, NULL };
static const struct np_test variant = {
	.name = "V", .sock_type = SOCK_DGRAM, .protocol = IPPROTO_UDP,
	.direction = NP_DIR_RECV, .served_as = &np_test_udp_stream, .options = busy_only,
};

/* The walks on a test, as netperf and netserver call them. */
static void encode(const struct np_test *t, const int32_t *v, int32_t *w)
{
	np_reqfields_encode(t->options, np_test_served(t)->options, v, w);
}

static int decode(const struct np_test *t, bool present, const int32_t *w, int32_t *v,
		  char *why)
{
	return np_reqfields_decode(t->name, t->options, present, w, v, why, 160);
}

static int apply(const struct np_test *t, const int32_t *v, int fd, uint32_t *applied,
		 char *why)
{
	return np_reqfields_apply(t->name, t->options, v, fd, applied, why, 200);
}

static const struct np_reqfield *unapplied(const struct np_test *t, const int32_t *v,
					   const struct np_omni_response *r)
{
	return np_reqfields_unapplied(t->options, np_test_served(t)->options, v, r);
}

START_TEST(test_encode_order)
{
	const int32_t v[NP_TEST_OPTIONS] = { 1, 65536 };
	int32_t w[NP_EXT_PARAMS];

	encode(&np_test_tcp_stream, v, w);
	ck_assert_int_eq(w[0], 1);       /* --zerocopy */
	ck_assert_int_eq(w[1], 65536);   /* --remote-lowat */
	for (int k = 2; k < NP_EXT_PARAMS; k++)
		ck_assert_int_eq(w[k], 0);
}
END_TEST

/* A variant sends the served test's words: its own value where it takes
 * the field, the default elsewhere (never its own zeros by position). */
START_TEST(test_encode_variant)
{
	const int32_t v[NP_TEST_OPTIONS] = { 1 };   /* V's --busy-poll */
	int32_t w[NP_EXT_PARAMS];

	ck_assert_int_eq(np_test_options(&variant), 1);
	encode(&variant, v, w);
	ck_assert_int_eq(w[0], 1);   /* UDP_STREAM's --batch: its default */
	ck_assert_int_eq(w[1], 0);   /* --gso */
	ck_assert_int_eq(w[2], 1);   /* --busy-poll, V's */
	/* TCP_SENDFILE takes none: TCP_STREAM's defaults. */
	encode(&np_test_tcp_sendfile, v, w);
	ck_assert_int_eq(w[0], 0);
	ck_assert_int_eq(w[1], 0);
	/* What netserver reads from them passes its checks. */
	{
		int32_t got[NP_TEST_OPTIONS];
		char why[160];

		encode(&variant, v, w);
		ck_assert_int_eq(decode(&np_test_udp_stream, true, w, got, why), 0);
		ck_assert_int_eq(got[2], 1);
	}
}
END_TEST

START_TEST(test_decode_range)
{
	int32_t w[NP_EXT_PARAMS] = { 0 }, v[NP_TEST_OPTIONS];
	char why[160];

	/* Without the magic: the defaults, whatever the words hold. */
	ck_assert_int_eq(decode(&np_test_udp_stream, false, w, v, why), 0);
	ck_assert_int_eq(v[0], 1);
	/* With it: each word within its field's range. */
	ck_assert_int_eq(decode(&np_test_udp_stream, true, w, v, why), EINVAL);
	ck_assert_str_eq(why, "UDP_STREAM --batch out of range: 0 (1..1024)");
	w[0] = 1024;
	w[1] = 65508;
	ck_assert_int_eq(decode(&np_test_udp_stream, true, w, v, why), EINVAL);
	ck_assert_str_eq(why, "UDP_STREAM --gso out of range: 65508 (0..65507)");
	w[1] = 1472;
	w[2] = 1;
	w[5] = -7;   /* past the test's fields: not read */
	ck_assert_int_eq(decode(&np_test_udp_stream, true, w, v, why), 0);
	ck_assert_int_eq(v[0], 1024);
	ck_assert_int_eq(v[1], 1472);
	ck_assert_int_eq(v[2], 1);
	ck_assert_int_eq(v[5], 0);
}
END_TEST

/* netserver's apply: a socket option field's value on the socket, the
 * applied bits for every field of the test. */
START_TEST(test_apply_sockopt)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0), got = 0;
	socklen_t len = sizeof(got);
	int32_t v[NP_TEST_OPTIONS] = { 0 };
	uint32_t applied = 0;
	char why[200];

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(apply(&np_test_tcp_stream, v, fd, &applied, why), 0);
	ck_assert_uint_eq(applied, 0x3);
	ck_assert_int_eq(getsockopt(fd, SOL_SOCKET, SO_RCVLOWAT, &got, &len), 0);
	ck_assert_int_eq(got, 1);            /* the default left alone */
	v[1] = 4096;
	ck_assert_int_eq(apply(&np_test_tcp_stream, v, fd, &applied, why), 0);
	ck_assert_int_eq(getsockopt(fd, SOL_SOCKET, SO_RCVLOWAT, &got, &len), 0);
	ck_assert_int_eq(got, 4096);
	close(fd);
	/* A refused option fails with its field named. */
	ck_assert_int_eq(apply(&np_test_tcp_stream, v, -1, &applied, why), -1);
	ck_assert_int_eq(errno, EBADF);
	ck_assert_str_eq(why, "TCP_STREAM --remote-lowat 4096: setsockopt: Bad file descriptor");
	/* A test without socket options applies all its fields. */
	ck_assert_int_eq(apply(&np_test_udp_stream, v, -1, &applied, why), 0);
	ck_assert_uint_eq(applied, 0x7);
}
END_TEST

/* What netperf finds not applied in netserver-ng's response. */
START_TEST(test_unapplied)
{
	const int32_t v[NP_TEST_OPTIONS] = { 1, 4096 };   /* TCP_STREAM's */
	const int32_t dflt[NP_TEST_OPTIONS] = { 0 };
	struct np_omni_response r;

	memset(&r, 0, sizeof(r));
	/* Not netserver-ng (2.7.1's): nothing to ask. */
	ck_assert_ptr_null(unapplied(&np_test_tcp_stream, v, &r));
	/* netserver-ng that says what it applied. */
	r.ext = (struct np_ext){ .present = true, .version = NP_EXT_VERSION,
				 .caps = NP_EXT_SERVER_CAPS };
	r.applied = 0x1;
	ck_assert_ptr_eq(unapplied(&np_test_tcp_stream, v, &r),
			 &np_field_remote_lowat);
	r.applied = 0x2;
	ck_assert_ptr_eq(unapplied(&np_test_tcp_stream, v, &r), &np_field_zerocopy);
	r.applied = 0x3;
	ck_assert_ptr_null(unapplied(&np_test_tcp_stream, v, &r));
	/* A field left at its default need not be applied: an older
	 * netserver runs the test as it always did. */
	r.applied = 0;
	ck_assert_ptr_null(unapplied(&np_test_tcp_stream, dflt, &r));
	/* Older (no NP_EXT_CAP_APPLIED): the echo of the values tells. */
	r.ext.caps = NP_EXT_CAP_FLOWS | NP_EXT_CAP_HOST_FACTS;
	r.applied = 0x3;
	r.ext.params[0] = 1;
	ck_assert_ptr_eq(unapplied(&np_test_tcp_stream, v, &r),
			 &np_field_remote_lowat);
	r.ext.params[1] = 4096;
	ck_assert_ptr_null(unapplied(&np_test_tcp_stream, v, &r));
	/* A variant's field: at the served test's place (UDP_STREAM's 2). */
	{
		const int32_t vv[NP_TEST_OPTIONS] = { 1 };

		r.ext.caps = NP_EXT_SERVER_CAPS;
		r.applied = 0x3;
		ck_assert_ptr_eq(unapplied(&variant, vv, &r), &np_field_busy_poll);
		r.applied = 0x4;
		ck_assert_ptr_null(unapplied(&variant, vv, &r));
	}
}
END_TEST

/* The response's words: applied and a refusal's text, written only with
 * the extension, read only with the magic, the text printable. */
START_TEST(test_response_words)
{
	struct np_omni_response r, got;
	uint8_t msg[NP_MSG_SIZE];
	char why[160];

	memset(&r, 0, sizeof(r));
	r.serv_errno = EINVAL;
	r.applied = 0x5;
	snprintf(r.refusal, sizeof(r.refusal), "UDP_STREAM --batch out of range:\n0\x1b");
	np_wire_encode_response(&r, msg);
	for (size_t i = 0x08; i < NP_MSG_SIZE; i++)
		ck_assert_msg(msg[i] == 0, "byte 0x%zx written without the extension", i);
	r.ext = (struct np_ext){ .present = true, .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };
	np_wire_encode_response(&r, msg);
	ck_assert_int_eq(np_wire_decode_response(msg, &got, why, sizeof(why)), 0);
	ck_assert_uint_eq(got.applied, 0x5);
	ck_assert_str_eq(got.refusal, "UDP_STREAM --batch out of range:?0?");
	ck_assert_int_eq(got.serv_errno, EINVAL);
	/* Without the magic (2.7.1's stale bytes, say) nothing is read. */
	msg[0x280] = 0xff;
	ck_assert_int_eq(np_wire_decode_response(msg, &got, why, sizeof(why)), 0);
	ck_assert_uint_eq(got.applied, 0);
	ck_assert_str_eq(got.refusal, "");
	/* netserver-ng's refusal of a request with the magic (its session's
	 * and its daemon's alike): the test id echoed, its caps, the reason. */
	np_wire_encode_refusal(EUSERS, 0x7e57, "--max-sessions reached (4 sessions run)", msg);
	ck_assert_int_eq(np_wire_type(msg), NP_OMNI_RESPONSE);
	ck_assert_int_eq(np_wire_decode_response(msg, &got, why, sizeof(why)), 0);
	ck_assert_int_eq(got.serv_errno, EUSERS);
	ck_assert(got.ext.present);
	ck_assert_uint_eq(got.ext.test_id, 0x7e57);
	ck_assert_uint_eq(got.ext.caps, NP_EXT_SERVER_CAPS);
	ck_assert_uint_eq(got.data_port, 0);
	ck_assert_str_eq(got.refusal, "--max-sessions reached (4 sessions run)");
}
END_TEST

/* Every test's fields: distinct, and a variant's all the served test's. */
START_TEST(test_descriptors)
{
	for (const struct np_test *const *t = np_tests(); *t; t++) {
		const int n = np_test_options(*t);

		for (int i = 0; i < n; i++)
			for (int j = 0; j < i; j++)
				ck_assert_ptr_ne((*t)->options[i], (*t)->options[j]);
	}
	/* TCP_MAERTS takes its own list: not TCP_STREAM's netserver-receive
	 * socket option. */
	ck_assert_int_eq(np_test_param(&np_test_tcp_maerts, (int32_t[NP_TEST_OPTIONS]){ 7, 7 },
				       "remote-lowat"), 0);
	ck_assert_int_eq(np_test_options(&np_test_tcp_maerts), 1);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("reqfields");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_encode_order);
	tcase_add_test(tc, test_encode_variant);
	tcase_add_test(tc, test_decode_range);
	tcase_add_test(tc, test_apply_sockopt);
	tcase_add_test(tc, test_unapplied);
	tcase_add_test(tc, test_response_words);
	tcase_add_test(tc, test_descriptors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
