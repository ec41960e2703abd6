/*
 * test.h - the test descriptor: everything that makes TCP_STREAM differ
 * from UDP_RR.  A new test is one descriptor and its data loops; the
 * control protocol, iteration loop and report code never name a test,
 * and ask the descriptor what differs (its fields, np_test_moves_data,
 * ...), never its name or direction.  The loops' side of a data phase,
 * struct np_run and the calls they share, is run.h's.
 */
#ifndef NP_TEST_H
#define NP_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "run/reqfields.h"
#include "run/reqfields.h"
#include "run/run.h"

struct np_report;
struct np_result;
struct np_opts;
struct np_omni_request;

/* netserver's message sizes and buffer ring widths, as its response
 * carries them. */
struct np_sizes {
	int32_t send_size, send_width, recv_size, recv_width;
};

struct np_test {
	const char *name;      /* as given to -t, upper case */
	const char *title;     /* banner title */
	int sock_type;         /* SOCK_STREAM or SOCK_DGRAM */
	int protocol;          /* IPPROTO_TCP or IPPROTO_UDP */
	uint32_t direction;    /* NP_DIR_* bits, from netserver's point of view */
	/* A new data socket per transaction (TCP_CRR, TCP_CC, UDP_CRR): the
	 * client binds each to the next local port (-- -p), keeps nothing
	 * ahead (-b), and netserver goes on serving past its timer while
	 * they come, as there is no end marker. */
	bool connect_each;
	/* Its transactions are a connection and its close, no bytes
	 * (TCP_CC): request and response sizes are 0 on both ends, and
	 * there are no sizes to sweep (np_test_moves_data). */
	bool no_data;
	/* The connect flag of its requests (NP_F_CONNECT_TEST), the fourth of
	 * the fields that name a netperf 2.7.1 test: TCP_CRR and TCP_CC.
	 * 2.7.1's connection tests are TCP's, and the fields of a test of
	 * netperf-ng's own must name one that a 2.7.1 netserver runs
	 * (doc/extension.md), so UDP_CRR's leave it off: UDP_RR's. */
	bool wire_connect;
	bool rr;               /* request/response: -r sizes, 'x' units */
	bool first_burst;      /* banner ends with " : first burst N" */
	bool omni;             /* -t omni: a name only; -- -t/-T/-d pick the test */
	/* How netserver knows the test: 0, by the four wire fields netperf
	 * 2.7.1 sends (socket type, protocol, direction, connect flag), which
	 * one test alone may own; else netperf-ng's extension id
	 * (doc/extension.md), which a netperf 2.7.1 netserver never runs. */
	uint32_t ext_id;
	/* A client-side variant of another test, which netserver runs for it
	 * (TCP_SENDFILE and TCP_MSS are TCP_STREAM there): never picked by
	 * the wire fields. */
	const struct np_test *served_as;
	bool sendfile;         /* TCP_SENDFILE: netperf 2.7.1 flags its request */
	/* Fixed length: TCP_MSS only needs its connection (one send). */
	int64_t length;
	/* Its own options: the request fields it takes (reqfields.h), at
	 * most NP_TEST_OPTIONS, NULL-terminated; NULL = none.  run->params[i]
	 * holds field i.  A variant (served_as) takes only fields of the test
	 * netserver runs for it, which carries their values. */
	const struct np_reqfield *const *options;
	/* Tests without a data connection (LOC_CPU, REM_CPU, UUID): the
	 * whole run; an exit status. */
	int (*command)(const struct np_opts *o, FILE *out, FILE *err);
	/* The data loops; 0 on a normal end, -1 with run->err set on failure. */
	int (*client_run)(struct np_run *run);
	int (*server_run)(struct np_run *run);
	/* netserver: the sizes it runs with, after netperf 2.7's rule for
	 * the request (session.c) has set them; NULL = the rule alone. */
	void (*server_sizes)(const struct np_omni_request *q, struct np_sizes *z);
	/* netperf: the test's figures from one iteration's counters, one of
	 * the family rules of metrics.h for the tests netperf 2.7.1 has
	 * (np_metrics_derive adds what every test has). */
	void (*derive)(const struct np_test *t, char unit, int burst, struct np_result *s);
	/* The classic table for -v 1/2 and the -v 0 figure (report.c). */
	void (*print_table)(FILE *out, const struct np_report *rep);
	void (*print_brief)(FILE *out, const struct np_report *rep);
};

/* By name, case-insensitive; NULL when unknown. */
const struct np_test *np_test_find(const char *name);
/* The test a DO_OMNI request describes: by its extension id when not 0,
 * else by the four fields (connect: NP_F_CONNECT_TEST, a descriptor's
 * wire_connect); NULL when none matches. */
const struct np_test *np_test_for_request(int sock_type, int protocol, uint32_t direction,
					  bool connect, uint32_t ext_id);
/* What the code outside the test files asks of a descriptor, rather than
 * its name or direction.  Whether its transactions move bytes (all but
 * TCP_CC); whether the client's bytes come first, which netserver's
 * deferred accept waits for (TCP_STREAM, TCP_RR, TCP_CRR: not TCP_MAERTS
 * or TCP_CC). */
bool np_test_moves_data(const struct np_test *t);
bool np_test_client_sends_first(const struct np_test *t);
/* netperf's direction_to_str, from the client's side: "Send",
 * "Receive", "Send|Recv", "Connect|Send|Recv", "Connection" (TCP_CC). */
const char *np_test_direction_name(const struct np_test *t);
/* The registry, generated by src/workloads/mkregistry.sh from the test files
 * named in Makefile.am (NP_TEST_SOURCES), NULL-terminated. */
extern const struct np_test *const np_test_registry[];

/* All tests, NULL-terminated, for help texts. */
const struct np_test *const *np_tests(void);

/* The test netserver runs for t: t->served_as, else t. */
const struct np_test *np_test_served(const struct np_test *t);
/* How many options (request fields) t takes, 0..NP_TEST_OPTIONS; asserts
 * their contract (reqfields.h) and that a variant takes only rows of the
 * test netserver runs for it.  np_test_option_defaults fills all
 * NP_TEST_OPTIONS values: each field's default, 0 past them. */
int np_test_options(const struct np_test *t);
void np_test_option_defaults(const struct np_test *t, int32_t out[NP_TEST_OPTIONS]);
/* The value of t's option name in v (t's order), 0 when t has no such
 * option: code that serves several tests asks by name. */
int32_t np_test_param(const struct np_test *t, const int32_t v[NP_TEST_OPTIONS],
		      const char *name);

/* netperf's default message size, on both ends: the socket buffer, within
 * what one message may be (NP_UDP_MAX, NP_MAX_TCP_MSG), 4096 when the
 * buffer is unknown; and how many buffers its ring would hold (at least
 * 2), which goes on the wire. */
int32_t np_test_default_size(int bufsize, bool udp);
int32_t np_test_default_width(int bufsize, int32_t size);

/* The descriptors by name (np_test_tcp_stream, ...), generated from the
 * test files by src/workloads/mkregistry.sh -h: for code that names a test. */
#include "registry.h"

#endif
