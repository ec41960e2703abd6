/*
 * check_refuse.c - netperf-ng's refusal codes (src/wire/refuse.h) and
 * the errno numbers the control protocol carries (src/wire/errno_linux.h).
 *
 * The codes are a protocol: an older netperf-ng reads them, so each
 * number is fixed, and the table below is what they are.  Changing one,
 * or a Linux errno sent to netperf 2.7.1, fails here.  Those errnos must
 * be Linux's numbers wherever netserver-ng is built, so the last test
 * compiles the rows again with the host's names for them made wrong
 * (the end of this file): a row that names one fails even on Linux.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_refuse.h"
#include "wire/errno_linux.h"
#include "wire/refuse.h"
#include "wire/refuse_rows.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* What every code is, by number: doc/protocol.md's table ("Refusals"),
 * the Linux errno from Linux's <asm-generic/errno-base.h> and
 * <asm-generic/errno.h>. */
static const struct {
	int32_t code;
	const char *name;
	int32_t linux_errno;
} fixed[] = {
	{ 1001, "NP_REFUSE_SESSIONS", 87 },     /* EUSERS */
	{ 1002, "NP_REFUSE_RATE", 11 },         /* EAGAIN */
	{ 1003, "NP_REFUSE_AUTH", 129 },        /* EKEYREJECTED */
	{ 1004, "NP_REFUSE_TIME", 62 },         /* ETIME */
	{ 1005, "NP_REFUSE_MEMORY", 12 },       /* ENOMEM */
	{ 1006, "NP_REFUSE_CAPABILITY", 1 },    /* EPERM */
	{ 1007, "NP_REFUSE_FAMILY", 97 },       /* EAFNOSUPPORT */
	{ 1008, "NP_REFUSE_ADDRESS", 99 },      /* EADDRNOTAVAIL */
	{ 1009, "NP_REFUSE_PORT", 13 },         /* EACCES */
	{ 1010, "NP_REFUSE_OPTION", 95 },       /* EOPNOTSUPP */
	{ 1011, "NP_REFUSE_NOT_ALLOWED", 125 }, /* ECANCELED */
	{ 1012, "NP_REFUSE_SPINNING", 16 },     /* EBUSY */
	{ 1013, "NP_REFUSE_UNPROVEN", 89 },     /* EDESTADDRREQ */
	{ 1014, "NP_REFUSE_EXT_TEST", 56 },     /* EBADRQC */
	{ 1015, "NP_REFUSE_FLOWS", 24 },        /* EMFILE */
};

/* The rows of refuse_rows.h as the end of this file compiles them. */
static size_t poisoned_rows(int32_t codes[], int32_t errnos[], size_t max);

/* Every code: its number, name and Linux errno as the table above says,
 * in that order, none missing, none more; a text for each. */
START_TEST(test_codes_fixed)
{
	size_t n;
	const struct np_refuse_row *r = np_refuse_rows(&n);

	ck_assert_uint_eq(n, ARRAY_LEN(fixed));
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(r[i].code, fixed[i].code);
		ck_assert_str_eq(r[i].name, fixed[i].name);
		ck_assert_int_eq(r[i].linux_errno, fixed[i].linux_errno);
		ck_assert_ptr_eq(np_refuse_find(fixed[i].code), &r[i]);
		ck_assert(r[i].text && strlen(r[i].text) > 10);
		ck_assert(r[i].summary && r[i].summary[0]);
		ck_assert(r[i].code >= NP_REFUSE_MIN && r[i].code <= NP_REFUSE_MAX);
	}
	/* The names the code uses are those numbers. */
	ck_assert_int_eq(NP_REFUSE_SESSIONS, 1001);
	ck_assert_int_eq(NP_REFUSE_TIME, 1004);
	ck_assert_int_eq(NP_REFUSE_EXT_TEST, 1014);
	ck_assert_ptr_null(np_refuse_find(0));
	ck_assert_ptr_null(np_refuse_find(87));
	ck_assert_int_eq(NP_REFUSE_FLOWS, 1015);
	ck_assert_ptr_null(np_refuse_find(1016));
}
END_TEST

/* Distinct Linux errnos: netperf-ng can name the rule behind one that a
 * netserver sent without a code. */
START_TEST(test_codes_errnos_distinct)
{
	for (size_t i = 0; i < ARRAY_LEN(fixed); i++)
		for (size_t j = i + 1; j < ARRAY_LEN(fixed); j++)
			ck_assert_int_ne(fixed[i].linux_errno, fixed[j].linux_errno);
}
END_TEST

/* What the word carries: a code to netperf-ng, its Linux errno to 2.7.1,
 * an errno as Linux's number to both; 998 (not an errno) as it is. */
START_TEST(test_wire_values)
{
	for (size_t i = 0; i < ARRAY_LEN(fixed); i++) {
		ck_assert_int_eq(np_refuse_wire(fixed[i].code, true), fixed[i].code);
		ck_assert_int_eq(np_refuse_wire(fixed[i].code, false), fixed[i].linux_errno);
	}
	ck_assert_int_eq(np_refuse_wire(0, false), 0);
	ck_assert_int_eq(np_refuse_wire(0, true), 0);
	ck_assert_int_eq(np_refuse_wire(EINVAL, false), 22);
	ck_assert_int_eq(np_refuse_wire(ECONNRESET, true), 104);
	ck_assert_int_eq(np_refuse_wire(EADDRINUSE, false), 98);
	ck_assert_int_eq(np_refuse_wire(998, false), 998);
	/* A code this build lacks (a bug): a protocol error, not a code
	 * netperf 2.7.1 would misread. */
	ck_assert_int_eq(np_refuse_wire(1999, false), 71);
}
END_TEST

/* What netperf-ng prints: a code's text, never strerror(); a newer
 * peer's code as an unknown refusal; an errno by strerror() of the
 * host's number for it, with the rule whose errno it is. */
START_TEST(test_describe)
{
	char buf[400], want[400];
	const struct np_refuse_row *limit = np_refuse_find(NP_REFUSE_TIME);

	np_refuse_describe(1004, buf, sizeof(buf));
	ck_assert_str_eq(buf, "Timer expired: the test runs longer than netserver's "
			 "--max-test-time");
	np_refuse_describe(1999, buf, sizeof(buf));
	ck_assert_str_eq(buf, "unknown refusal");
	np_refuse_describe(1000, buf, sizeof(buf));
	ck_assert_str_eq(buf, "unknown refusal");
	np_refuse_describe(1016, buf, sizeof(buf));
	ck_assert_str_eq(buf, "unknown refusal");

	np_refuse_describe(87, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%s: %s", strerror(EUSERS),
		 np_refuse_find(NP_REFUSE_SESSIONS)->text);
	ck_assert_str_eq(buf, want);
	np_refuse_describe(22, buf, sizeof(buf));
	ck_assert_str_eq(buf, strerror(EINVAL));
	/* Linux's 40 is ELOOP wherever netperf-ng runs (62 on FreeBSD). */
	np_refuse_describe(40, buf, sizeof(buf));
	ck_assert_str_eq(buf, strerror(ELOOP));

	ck_assert_str_eq(np_refuse_strerror(NP_REFUSE_TIME), limit->summary);
	ck_assert_str_eq(np_refuse_strerror(NP_REFUSE_TIME), "Timer expired");
	ck_assert_str_eq(np_refuse_strerror(1999), "unknown refusal");
	ck_assert_str_eq(np_refuse_strerror(EINVAL), strerror(EINVAL));
}
END_TEST

/* The errno table, by names whose numbers differ between systems: Linux's
 * numbers, on every system. */
START_TEST(test_errno_linux_numbers)
{
	static const struct {
		int host;
		int32_t linux_no;
	} some[] = {
		{ EAGAIN, 11 }, { EWOULDBLOCK, 11 }, { EDEADLK, 35 }, { ENAMETOOLONG, 36 },
		{ ENOSYS, 38 }, { ELOOP, 40 }, { EPROTO, 71 }, { EUSERS, 87 },
		{ EOPNOTSUPP, 95 }, { ENOTSUP, 95 }, { EADDRINUSE, 98 }, { ECONNRESET, 104 },
		{ ENOBUFS, 105 }, { ETIMEDOUT, 110 }, { ECONNREFUSED, 111 },
		{ EINPROGRESS, 115 }, { ECANCELED, 125 }, { ENOTRECOVERABLE, 131 },
	};

	for (size_t i = 0; i < ARRAY_LEN(some); i++) {
		ck_assert_int_eq(np_errno_to_linux(some[i].host), some[i].linux_no);
		ck_assert_int_eq(np_errno_to_linux(np_errno_from_linux(some[i].linux_no)),
				 some[i].linux_no);
	}
	ck_assert_int_eq(np_errno_from_linux(11), EAGAIN);
	ck_assert_int_eq(np_errno_from_linux(95), EOPNOTSUPP);
	ck_assert_int_eq(np_errno_from_linux(40), ELOOP);
	ck_assert_int_eq(np_errno_to_linux(0), 0);
}
END_TEST

/* Where the host numbers errnos as Linux does (Linux, musl), both ways
 * are the identity, for every number: netperf 2.7.1 gets the bytes it
 * always got, and every row's Linux number is checked against Linux's
 * own headers. */
START_TEST(test_errno_identity_on_linux)
{
	if (!(ELOOP == 40 && EUSERS == 87 && EAGAIN == 11 && ECONNRESET == 104))
		return;   /* another system's numbers: test_errno_linux_numbers holds */
	for (int e = 0; e < 4096; e++) {
		ck_assert_int_eq(np_errno_to_linux(e), e);
		ck_assert_int_eq(np_errno_from_linux(e), e);
	}
}
END_TEST

/* A summary is what netperf 2.7.1 on Linux prints for the code's errno:
 * glibc's strerror() of it, where these tests run on glibc. */
START_TEST(test_summaries_are_linux_strerror)
{
#ifdef __GLIBC__
	size_t n;
	const struct np_refuse_row *r = np_refuse_rows(&n);

	for (size_t i = 0; i < n; i++)
		ck_assert_str_eq(r[i].summary, strerror(r[i].linux_errno));
#endif
}
END_TEST

/* The rows' Linux errnos are constants: compiled with the host's names
 * for them made wrong (below), they are still the fixed numbers. */
START_TEST(test_rows_not_host_errno)
{
	int32_t codes[64], errnos[64];
	size_t n = poisoned_rows(codes, errnos, ARRAY_LEN(codes));

	ck_assert_uint_eq(n, ARRAY_LEN(fixed));
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(codes[i], fixed[i].code);
		ck_assert_msg(errnos[i] == fixed[i].linux_errno,
			      "%s: Linux errno %d, want %d (a name from <errno.h>?)",
			      fixed[i].name, (int)errnos[i], (int)fixed[i].linux_errno);
	}
}
END_TEST

TCase *refuse_tcase(void)
{
	TCase *tc = tcase_create("refusals");

	tcase_add_test(tc, test_codes_fixed);
	tcase_add_test(tc, test_codes_errnos_distinct);
	tcase_add_test(tc, test_wire_values);
	tcase_add_test(tc, test_describe);
	tcase_add_test(tc, test_errno_linux_numbers);
	tcase_add_test(tc, test_errno_identity_on_linux);
	tcase_add_test(tc, test_summaries_are_linux_strerror);
	tcase_add_test(tc, test_rows_not_host_errno);
	return tc;
}

/*
 * Nothing after this point may use an errno name: the host's names of
 * every errno a row might name are made -1, and the rows expanded again.
 * A row written with EUSERS rather than 87 then carries -1.
 */
#undef EPERM
#undef EAGAIN
#undef EWOULDBLOCK
#undef ENOMEM
#undef EACCES
#undef EBUSY
#undef ENOSYS
#undef ETIME
#undef EUSERS
#undef EDESTADDRREQ
#undef EOPNOTSUPP
#undef ENOTSUP
#undef EAFNOSUPPORT
#undef EADDRNOTAVAIL
#undef ECANCELED
#undef EKEYREJECTED
#undef EBADRQC
#define EPERM (-1)
#define EAGAIN (-1)
#define EWOULDBLOCK (-1)
#define ENOMEM (-1)
#define EACCES (-1)
#define EBUSY (-1)
#define ENOSYS (-1)
#define ETIME (-1)
#define EUSERS (-1)
#define EDESTADDRREQ (-1)
#define EOPNOTSUPP (-1)
#define ENOTSUP (-1)
#define EAFNOSUPPORT (-1)
#define EADDRNOTAVAIL (-1)
#define ECANCELED (-1)
#define EKEYREJECTED (-1)
#define EBADRQC (-1)

static size_t poisoned_rows(int32_t codes[], int32_t errnos[], size_t max)
{
	size_t n = 0;

#define ROW(code, linux_errno, summary, text)     \
	if (n < max) {                            \
		codes[n] = (code);                \
		errnos[n] = (linux_errno);        \
		n++;                              \
	}
	NP_REFUSE_ROWS(ROW)
#undef ROW
	return n;
}
