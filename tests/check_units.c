/*
 * check_units.c - unit tests for units.c: the strict number parser with
 * netperf's size suffixes, 2.7.1's leading-number reading, and the -f
 * output units.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/units.h"

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Reasons units.c gives. */
#define EMPTY "empty value"
#define NAN_ "not a number"
#define NAN_SFX "not a number (suffixes: K M G k m g)"
#define BIG "number too large"
#define RANGE "out of range"

enum which { SIZE, INT };

struct parse_case {
	enum which fn;
	const char *text;
	int64_t min, max;
	int rc;             /* 0 or -1 */
	int64_t value;      /* when rc == 0 */
	const char *why;    /* when rc == -1 */
};

#define ANY INT64_MIN, INT64_MAX

static const struct parse_case parse_cases[] = {
	/* Plain numbers: both parsers. */
	{ SIZE, "0", ANY, 0, 0, NULL },
	{ INT, "0", ANY, 0, 0, NULL },
	{ SIZE, "64", ANY, 0, 64, NULL },
	{ INT, "64", ANY, 0, 64, NULL },
	{ SIZE, "-1", ANY, 0, -1, NULL },
	{ INT, "-100", ANY, 0, -100, NULL },
	{ INT, "007", ANY, 0, 7, NULL },
	{ INT, "9223372036854775807", ANY, 0, INT64_MAX, NULL },
	{ INT, "-9223372036854775808", ANY, 0, INT64_MIN, NULL },

	/* Suffixes: upper case powers of two, lower case powers of ten. */
	{ SIZE, "-100M", ANY, 0, -104857600, NULL },
	{ SIZE, "64K", ANY, 0, 65536, NULL },
	{ SIZE, "1K", ANY, 0, 1024, NULL },
	{ SIZE, "1k", ANY, 0, 1000, NULL },
	{ SIZE, "2m", ANY, 0, 2000000, NULL },
	{ SIZE, "2M", ANY, 0, 2097152, NULL },
	{ SIZE, "1G", ANY, 0, INT64_C(1073741824), NULL },
	{ SIZE, "1g", ANY, 0, INT64_C(1000000000), NULL },
	{ SIZE, "0K", ANY, 0, 0, NULL },
	{ SIZE, "-3k", ANY, 0, -3000, NULL },
	/* The largest multiples that still fit. */
	{ SIZE, "8589934591G", ANY, 0, INT64_MAX - ((INT64_C(1) << 30) - 1), NULL },
	{ SIZE, "-8589934592G", ANY, 0, INT64_MIN, NULL },

	/* np_parse_int takes no suffix. */
	{ INT, "64K", ANY, -1, 0, NAN_ },
	{ INT, "1k", ANY, -1, 0, NAN_ },
	{ INT, "1G", ANY, -1, 0, NAN_ },

	/* Garbage. */
	{ SIZE, "", ANY, -1, 0, EMPTY },
	{ INT, "", ANY, -1, 0, EMPTY },
	{ SIZE, "abc", ANY, -1, 0, NAN_ },
	{ INT, "abc", ANY, -1, 0, NAN_ },
	{ SIZE, "12abc", ANY, -1, 0, NAN_SFX },
	{ INT, "12abc", ANY, -1, 0, NAN_ },
	{ SIZE, "1KK", ANY, -1, 0, NAN_SFX },
	{ SIZE, "1Km", ANY, -1, 0, NAN_SFX },
	{ SIZE, "K", ANY, -1, 0, NAN_ },
	{ SIZE, "+5", ANY, -1, 0, NAN_ },
	{ INT, "+5", ANY, -1, 0, NAN_ },
	{ SIZE, " 5", ANY, -1, 0, NAN_ },
	{ INT, " 5", ANY, -1, 0, NAN_ },
	{ SIZE, "5 ", ANY, -1, 0, NAN_SFX },
	{ INT, "5 ", ANY, -1, 0, NAN_ },
	{ SIZE, "1.5", ANY, -1, 0, NAN_SFX },
	{ INT, "1.5", ANY, -1, 0, NAN_ },
	{ SIZE, "1.5K", ANY, -1, 0, NAN_SFX },
	{ SIZE, "-", ANY, -1, 0, NAN_ },
	{ SIZE, "--5", ANY, -1, 0, NAN_ },
	{ SIZE, "0x10", ANY, -1, 0, NAN_SFX },
	{ SIZE, "1e3", ANY, -1, 0, NAN_SFX },

	/* Overflow, with and without a suffix. */
	{ SIZE, "99999999999999999999", ANY, -1, 0, BIG },
	{ INT, "99999999999999999999", ANY, -1, 0, BIG },
	{ INT, "-99999999999999999999", ANY, -1, 0, BIG },
	{ INT, "9223372036854775808", ANY, -1, 0, BIG },
	{ SIZE, "9999999999G", ANY, -1, 0, BIG },
	{ SIZE, "8589934592G", ANY, -1, 0, BIG },
	{ SIZE, "-8589934593G", ANY, -1, 0, BIG },
	{ SIZE, "9999999999999g", ANY, -1, 0, BIG },

	/* Range checks, after the suffix is applied. */
	{ SIZE, "1", 1, 30, 0, 1, NULL },
	{ SIZE, "30", 1, 30, 0, 30, NULL },
	{ SIZE, "0", 1, 30, -1, 0, RANGE },
	{ SIZE, "31", 1, 30, -1, 0, RANGE },
	{ INT, "65535", 0, 65535, 0, 65535, NULL },
	{ INT, "65536", 0, 65535, -1, 0, RANGE },
	{ INT, "-1", 0, 65535, -1, 0, RANGE },
	{ SIZE, "64K", 1, 65507, -1, 0, RANGE },
	{ SIZE, "63K", 1, 65507, 0, 64512, NULL },
	{ SIZE, "-2G", -(INT64_C(1) << 30), 86400, -1, 0, RANGE },
	{ SIZE, "-1G", -(INT64_C(1) << 30), 86400, 0, -(INT64_C(1) << 30), NULL },
};

START_TEST(test_parse)
{
	const struct parse_case *c = &parse_cases[_i];
	int64_t out = 12345;
	const char *why = NULL;
	int rc;

	if (c->fn == SIZE)
		rc = np_parse_size(c->text, c->min, c->max, &out, &why);
	else
		rc = np_parse_int(c->text, c->min, c->max, &out, &why);
	ck_assert_msg(rc == c->rc, "%s(\"%s\") returned %d, want %d (%s)",
		      c->fn == SIZE ? "np_parse_size" : "np_parse_int", c->text, rc,
		      c->rc, why ? why : "-");
	if (c->rc == 0) {
		ck_assert_msg(out == c->value, "\"%s\" gave %lld, want %lld", c->text,
			      (long long)out, (long long)c->value);
	} else {
		ck_assert_msg(why != NULL, "\"%s\": no reason", c->text);
		ck_assert_msg(strcmp(why, c->why) == 0, "\"%s\": reason \"%s\", want \"%s\"",
			      c->text, why, c->why);
	}
}
END_TEST

START_TEST(test_parse_null)
{
	int64_t out;
	const char *why = NULL;

	ck_assert_int_eq(np_parse_size(NULL, ANY, &out, &why), -1);
	ck_assert_str_eq(why, EMPTY);
	why = NULL;
	ck_assert_int_eq(np_parse_int(NULL, ANY, &out, &why), -1);
	ck_assert_str_eq(why, EMPTY);
}
END_TEST

/* np_parse_leading: 2.7.1's atoi/convert reading, the tail kept apart. */
struct lead_case {
	const char *text;
	int rc;
	int64_t value;
	const char *rest;   /* rc 0: the tail; rc -1: the reason */
};

static const struct lead_case lead_cases[] = {
	{ "64", 0, 64, "" },
	{ "1400b", 0, 1400, "b" },
	{ "12abc", 0, 12, "abc" },
	{ "10s", 0, 10, "s" },
	{ "64K", 0, 65536, "" },
	{ "64KB", 0, 65536, "B" },
	{ "-5x", 0, -5, "x" },
	{ "5 ", 0, 5, " " },
	/* A tail 2.7.1 would read otherwise than meant. */
	{ "1.5M", -1, 0, NAN_SFX },
	{ "2e6", -1, 0, NAN_SFX },
	{ "1kK", -1, 0, NAN_SFX },
	{ "64K5", -1, 0, NAN_SFX },
	{ "10xm", -1, 0, NAN_SFX },
	/* No leading number: 2.7.1's 0, never meant. */
	{ "abc", -1, 0, NAN_ },
	{ "b1400", -1, 0, NAN_ },
	{ " 5", -1, 0, NAN_ },
	{ "", -1, 0, EMPTY },
	{ "99999999999999999999x", -1, 0, BIG },
	{ "70000b", -1, 0, RANGE },
	{ "65537", -1, 0, RANGE },
};

START_TEST(test_parse_leading)
{
	const struct lead_case *c = &lead_cases[_i];
	int64_t out = 12345;
	const char *why = NULL, *rest = NULL;
	int rc = np_parse_leading(c->text, -100000, 65536, &out, &rest, &why);

	ck_assert_msg(rc == c->rc, "np_parse_leading(\"%s\") returned %d, want %d (%s)",
		      c->text, rc, c->rc, why ? why : "-");
	if (rc == 0) {
		ck_assert_msg(out == c->value, "\"%s\" gave %lld", c->text, (long long)out);
		ck_assert_msg(strcmp(rest, c->rest) == 0, "\"%s\": tail \"%s\"", c->text, rest);
	} else {
		ck_assert_msg(strcmp(why, c->rest) == 0, "\"%s\": reason \"%s\"", c->text, why);
		ck_assert_msg(rest && !*rest, "\"%s\": a tail on failure", c->text);
	}
}
END_TEST

/* -f letters: what 1 MiB/s (1048576 bytes/s) becomes, and the label. */
struct unit_case {
	char unit;
	double rate;        /* np_unit_rate(1048576, unit) */
	const char *label;
};

static const struct unit_case unit_cases[] = {
	{ 'k', 1048576.0 * 8 / 1e3, "10^3bits" },
	{ 'm', 1048576.0 * 8 / 1e6, "10^6bits" },
	{ 'g', 1048576.0 * 8 / 1e9, "10^9bits" },
	{ 'K', 1024.0, "KBytes" },
	{ 'M', 1.0, "MBytes" },
	{ 'G', 1.0 / 1024, "GBytes" },
	{ 'B', 1048576.0, "Bytes" },
	{ 'b', 1048576.0, "10^0bits" },  /* bytes/s despite the label */
	{ 'x', 1048576.0, "Trans" },     /* a transaction rate passes through */
};

START_TEST(test_unit)
{
	const struct unit_case *c = &unit_cases[_i];
	double got = np_unit_rate(1048576.0, c->unit);

	ck_assert_msg(np_unit_valid(c->unit), "'%c' not valid", c->unit);
	ck_assert_msg(fabs(got - c->rate) <= 1e-12 * c->rate,
		      "'%c': rate %.15g, want %.15g", c->unit, got, c->rate);
	ck_assert_str_eq(np_unit_label(c->unit), c->label);
	/* Zero stays zero in every unit. */
	ck_assert_double_eq(np_unit_rate(0.0, c->unit), 0.0);
}
END_TEST

START_TEST(test_unit_exact)
{
	/* Round figures to pin each divisor down exactly. */
	ck_assert_double_eq(np_unit_rate(125.0, 'k'), 1.0);
	ck_assert_double_eq(np_unit_rate(125000.0, 'm'), 1.0);
	ck_assert_double_eq(np_unit_rate(125000000.0, 'g'), 1.0);
	ck_assert_double_eq(np_unit_rate(1024.0, 'K'), 1.0);
	ck_assert_double_eq(np_unit_rate(1048576.0, 'M'), 1.0);
	ck_assert_double_eq(np_unit_rate(1073741824.0, 'G'), 1.0);
	ck_assert_double_eq(np_unit_rate(1000.0, 'k'), 8.0);
	ck_assert_double_eq(np_unit_rate(7.0, 'b'), 7.0);
	ck_assert_double_eq(np_unit_rate(7.0, 'B'), 7.0);
	ck_assert_double_eq(np_unit_rate(1234.5, 'x'), 1234.5);
}
END_TEST

START_TEST(test_unit_invalid)
{
	static const char bad[] = { '\0', 'a', 'X', 'T', 't', 'e', '1', ' ' };

	for (int i = 0; i < ARRAY_LEN(bad); i++)
		ck_assert_msg(!np_unit_valid(bad[i]), "'%c' (%d) accepted", bad[i], bad[i]);
}
END_TEST

START_TEST(test_unit_default_effective)
{
	static const char letters[] = "kmgKMGBb";

	ck_assert_int_eq(np_unit_default(true), 'x');
	ck_assert_int_eq(np_unit_default(false), 'm');
	/* 'x' only means transactions on a request/response test. */
	ck_assert_int_eq(np_unit_effective('x', false), 'm');
	ck_assert_int_eq(np_unit_effective('x', true), 'x');
	for (const char *p = letters; *p; p++) {
		ck_assert_int_eq(np_unit_effective(*p, false), *p);
		ck_assert_int_eq(np_unit_effective(*p, true), *p);
	}
	/* The defaults are their own effective unit. */
	ck_assert_int_eq(np_unit_effective(np_unit_default(true), true), 'x');
	ck_assert_int_eq(np_unit_effective(np_unit_default(false), false), 'm');
}
END_TEST

static Suite *units_suite(void)
{
	Suite *s = suite_create("units");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse, 0, ARRAY_LEN(parse_cases));
	tcase_add_test(tc, test_parse_null);
	tcase_add_loop_test(tc, test_parse_leading, 0, ARRAY_LEN(lead_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("units");
	tcase_add_loop_test(tc, test_unit, 0, ARRAY_LEN(unit_cases));
	tcase_add_test(tc, test_unit_exact);
	tcase_add_test(tc, test_unit_invalid);
	tcase_add_test(tc, test_unit_default_effective);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(units_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
