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
 * as one word), with min <= def <= max; np_reqfields_count checks this
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

/*
 * The rows of netperf-ng's own tests, one X(ID, ...) each, the members in
 * struct np_reqfield's order (a help text's lines joined by \n):
 * reqfields.c defines each as np_field_ID, declared below.  They are the
 * kernel's fast paths (netperf.1, "The kernel's fast paths") and
 * netserver's socket options, off (their default) unless asked, so a
 * plain command line measures what netperf 2.7.1 measures.  A test of the
 * test suite's may declare a row of its own (tests/selftest_tests.c).
 */
#define NP_REQFIELDS(X)                                                                      \
	X(zerocopy, "zerocopy", "", "Send with MSG_ZEROCOPY; count the completions, and those\n" \
	  "the kernel copied anyway (loopback and veth always copy)", 0, 1, 0, false, 0, 0)     \
	X(batch, "batch", "N", "Datagrams per system call: sendmmsg(2) and recvmmsg(2)\n"       \
	  "on both ends (1: one per call, as netperf 2.7.1); UDP_RR\n"                          \
	  "batches its requests and responses with -b only", 1, 1024, 1, false, 0, 0)          \
	X(gso, "gso", "bytes", "UDP segmentation offload: each send of -m bytes leaves as\n"    \
	  "datagrams of this size (UDP_SEGMENT), the receiver takes\n"                          \
	  "them coalesced (UDP_GRO); 0: off", 0, 65507, 0, false, 0, 0)                        \
	X(busy_poll, "busy-poll", "", "Spin on non-blocking receives instead of sleeping (both\n" \
	  "ends in _RR tests, netserver's in UDP_STREAM: no wake-up\n"                          \
	  "for the sender to pay), and set SO_BUSY_POLL and\n"                                  \
	  "SO_PREFER_BUSY_POLL (netserver-ng serves it when started\n"                          \
	  "with --allow-option busy-poll)", 0, 1, 0, true, 0, 0)                               \
	X(remote_lowat, "remote-lowat", "bytes",                                                \
	  "netserver's receive socket wakes its reader only once\n"                             \
	  "this many bytes are queued (SO_RCVLOWAT; the kernel caps\n"                          \
	  "it at half the socket buffer); 0: the kernel's default", 0, 1 << 30, 0, false,      \
	  SOL_SOCKET, SO_RCVLOWAT)

#define NP_REQFIELD_DECLARE(id, ...) extern const struct np_reqfield np_field_##id;
NP_REQFIELDS(NP_REQFIELD_DECLARE)
#undef NP_REQFIELD_DECLARE

/*
 * The walks, over a test's list of rows (np_test.options: at most
 * NP_TEST_OPTIONS, NULL-terminated; NULL = none), values in its order.
 * A variant's list (own) travels in the words of the test netserver runs
 * for it (served: np_test_served, test.h), which takes all of its rows.
 */

/* How many rows f holds; asserts each row's contract (above). */
int np_reqfields_count(const struct np_reqfield *const *f);
/* Where f holds row r (the same row: a variant shares its served test's),
 * -1 when it does not. */
int np_reqfields_index(const struct np_reqfield *const *f, const struct np_reqfield *r);
/* Each row's default, 0 past them. */
void np_reqfields_defaults(const struct np_reqfield *const *f, int32_t v[NP_TEST_OPTIONS]);

/* netperf: the request's parameter words, one per row of served, each
 * own's value v, or the row's default where own does not take it. */
void np_reqfields_encode(const struct np_reqfield *const *own,
			 const struct np_reqfield *const *served,
			 const int32_t v[NP_TEST_OPTIONS], int32_t words[NP_EXT_PARAMS]);

/* netserver: the values of test's rows f from a request's words (present:
 * the extension's magic came; else each row's default), each within its
 * row's range.  Words past f's rows are not read (a later version's
 * field this netserver lacks: the response does not say it applied it).
 * 0, or EINVAL with why ("UDP_STREAM --batch out of range: 0 (1..1024)"). */
int np_reqfields_decode(const char *test, const struct np_reqfield *const *f, bool present,
			const int32_t words[NP_EXT_PARAMS], int32_t v[NP_TEST_OPTIONS],
			char *why, size_t whylen);

/* netserver: the socket options among the rows f, each value other than
 * its row's default set on fd; *applied gets bit k for each row k (the
 * loops read the others).  0, or -1 with errno and why. */
int np_reqfields_apply(const char *test, const struct np_reqfield *const *f,
		       const int32_t v[NP_TEST_OPTIONS], int fd, uint32_t *applied, char *why,
		       size_t whylen);

/* netperf: the first of own's rows, given a value other than its default,
 * that netserver-ng's response rsp does not say it applied at its place
 * in served: its applied word where its caps has NP_EXT_CAP_APPLIED, else
 * (netserver-ng 0.1.0) the echo of the value in its parameter words.
 * NULL when all were, or rsp is not netserver-ng's. */
const struct np_reqfield *np_reqfields_unapplied(const struct np_reqfield *const *own,
						 const struct np_reqfield *const *served,
						 const int32_t v[NP_TEST_OPTIONS],
						 const struct np_omni_response *rsp);

#endif
