/*
 * reqfields.h - netperf-ng's own request fields: the options a test takes
 * after -- (--batch, --zerocopy, --remote-lowat, ...), each declared once
 * as a row: its name, help, range and default, and what it becomes at
 * netserver (a socket option on its data socket, or a setting the test's
 * loops read).  A test names the rows it takes (np_test.options, test.h);
 * everything that carries a value walks that list: netperf's option rows
 * and -J's settings (cli/opts_test.c), the request's parameter words
 * (np_reqfields_encode), netserver's check and apply, and netperf's
 * reading of what netserver applied.  doc/extension.md, "Request fields".
 */
#ifndef NP_REQFIELDS_H
#define NP_REQFIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/run.h"
#include "wire/wire.h"

/*
 * A long option after "--" (netperf -t TEST -- --name VALUE, or
 * --name=VALUE), never a letter: the letters are netperf 2.7.1's.  Values
 * are whole numbers within min..max, which must fit int32_t (each travels
 * as one word), with min <= def <= max; np_test_options() checks this
 * contract.  help may hold '\n' for its continuation lines, as the option
 * tables do.
 */
struct np_reqfield {
	const char *name;      /* --name, lower case */
	/* What -h shows after it: "B", "bytes"; "" for a flag (--name
	 * alone, 1 when given, 0..1 default 0). */
	const char *metavar;
	const char *help;
	int64_t min, max, def;
	/* Costs netserver a CPU for the whole test whatever the client
	 * sends (--busy-poll): netserver refuses it unless its operator
	 * allows it (--allow-option), and counts it (--max-spinning). */
	bool costly;
	/* What a value other than def becomes at netserver: with level,
	 * setsockopt(fd, level, optname, &value) on its data socket (the
	 * listener of a TCP test, whose connection inherits it) before the
	 * response; level 0, a setting the test's loops read
	 * (np_test_param, run->params). */
	int level, optname;
};

/* The rows of netperf-ng's own tests (reqfields.c); a test-suite test may
 * declare one of its own (tests/selftest_tests.c). */
extern const struct np_reqfield np_field_zerocopy, np_field_batch, np_field_gso,
	np_field_busy_poll, np_field_remote_lowat;

struct np_test;

/* How many fields t takes (0..NP_TEST_OPTIONS); asserts the contract
 * above, and that a variant (served_as) takes only fields of the test
 * netserver runs for it.  np_test_option_defaults fills all
 * NP_TEST_OPTIONS values: each field's default, 0 past them. */
int np_test_options(const struct np_test *t);
void np_test_option_defaults(const struct np_test *t, int32_t out[NP_TEST_OPTIONS]);
/* The value of t's field name in v (t's order), 0 when t has no such
 * field: code that serves several tests asks by name. */
int32_t np_test_param(const struct np_test *t, const int32_t v[NP_TEST_OPTIONS],
		      const char *name);

/* netperf: the request's parameter words from t's values v: the fields
 * of the test netserver runs (t->served_as, else t), in its order, each
 * t's value, or its default where t does not take it. */
void np_reqfields_encode(const struct np_test *t, const int32_t v[NP_TEST_OPTIONS],
			 int32_t words[NP_EXT_PARAMS]);

/* netserver: t's values from a request's words (present: the
 * extension's magic came; else each field's default), each within its
 * field's range.  Words past t's fields are not read (a later version's
 * field this netserver lacks: the response does not say it applied it).
 * 0, or EINVAL with why ("UDP_STREAM --batch out of range: 0 (1..1024)"). */
int np_reqfields_decode(const struct np_test *t, bool present,
			const int32_t words[NP_EXT_PARAMS], int32_t v[NP_TEST_OPTIONS],
			char *why, size_t whylen);

/* netserver: the socket options among t's fields, each value other than
 * its field's default set on fd; *applied gets bit k for each field k of
 * t (the loops read the others).  0, or -1 with errno and why. */
int np_reqfields_apply(const struct np_test *t, const int32_t v[NP_TEST_OPTIONS], int fd,
		       uint32_t *applied, char *why, size_t whylen);

/* netperf: the first of t's fields, given a value other than its
 * default, that netserver-ng's response rsp does not say it applied:
 * its applied word where its caps has NP_EXT_CAP_APPLIED, else (an older
 * netserver-ng) the echo of the value in its parameter words.  NULL when
 * all were, or rsp is not netserver-ng's. */
const struct np_reqfield *np_reqfields_unapplied(const struct np_test *t,
						 const int32_t v[NP_TEST_OPTIONS],
						 const struct np_omni_response *rsp);

#endif
