/*
 * refuse.h - why netserver said no, as the serv_errno word carries it
 * (word 1 of a response, results or legacy reply; doc/protocol.md,
 * "Refusals").
 *
 * netserver-ng refuses with a failed call's errno, or for a rule of its
 * own (a limit, an address rule, an option its operator refuses) with a
 * code of the project's own: a fixed number from 1001, never an errno of
 * any system, with its text (refuse_rows.h).  What goes on the wire
 * depends on who asks, which the request's extension magic says
 * (doc/extension.md): a netperf-ng gets the code itself, which it prints
 * with the code's text; netperf 2.7.1, which prints strerror() of the
 * number, gets the fitting errno as Linux numbers it (87 for "Too many
 * users"), as does every errno: errno_linux.h.  netserver-ng on Linux
 * sends netperf 2.7.1 the bytes it always did.
 */
#ifndef NP_REFUSE_H
#define NP_REFUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The codes: fixed numbers, never reused or renumbered (an older
 * netperf-ng reads them); a new rule takes the next. */
enum np_refuse_code {
	NP_REFUSE_SESSIONS = 1001,     /* --max-sessions, --max-per-prefix/-site/-net */
	NP_REFUSE_RATE = 1002,         /* --conn-rate */
	NP_REFUSE_AUTH = 1003,         /* --max-auth-failures */
	NP_REFUSE_TIME = 1004,         /* --max-test-time */
	NP_REFUSE_MEMORY = 1005,       /* --max-session-memory, --max-memory */
	NP_REFUSE_CAPABILITY = 1006,   /* needs CAP_NET_ADMIN, which it lacks */
	NP_REFUSE_FAMILY = 1007,       /* data family != control family */
	NP_REFUSE_ADDRESS = 1008,      /* data address outside -L */
	NP_REFUSE_PORT = 1009,         /* data port outside --data-ports, or bind's EACCES */
	NP_REFUSE_OPTION = 1010,       /* a test option netserver --refuse-option names */
	NP_REFUSE_NOT_ALLOWED = 1011,  /* a costly test option without --allow-option */
	NP_REFUSE_SPINNING = 1012,     /* --max-spinning sessions busy-poll already */
	/* --data-peer declared: a UDP test whose responses are larger than
	 * its requests, to a declared data address that cannot prove it
	 * asked for them (a client without NP_EXT_CAP_DATA_PROOF; run/proof.h). */
	NP_REFUSE_UNPROVEN = 1013,
	/* The extension's magic with a test id this netserver does not know
	 * (doc/extension.md). */
	NP_REFUSE_EXT_TEST = 1014,
	/* A many-flows run past netserver's --max-flows or its file
	 * descriptors (doc/protocol.md, "Many flows"). */
	NP_REFUSE_FLOWS = 1015,
};
/* The numbers reserved for codes: one a newer netserver-ng sends that
 * this netperf does not know is still a refusal, not an errno. */
#define NP_REFUSE_MIN 1000
#define NP_REFUSE_MAX 1999

struct np_refuse_row {
	int32_t code;
	const char *name;          /* "NP_REFUSE_SESSIONS" */
	int32_t linux_errno;       /* what netperf 2.7.1 is sent */
	const char *summary;       /* what it prints for that: "Too many users" */
	const char *text;          /* the rule, which netperf-ng prints after */
};

/* Every code, in order; *n their count. */
const struct np_refuse_row *np_refuse_rows(size_t *n);

/* Code's row, or NULL when it is none of this build's. */
const struct np_refuse_row *np_refuse_find(int32_t code);

/* What serv_errno carries for netserver's refusal v (a code, or the
 * host's errno): to a netperf-ng (ng: its request had the extension's
 * magic) a code as it is; to anything else the code's Linux errno; an
 * errno as Linux numbers it, to both. */
int32_t np_refuse_wire(int v, bool ng);

/* v (a code or the host's errno) in words, for netserver's log: a
 * code's summary, "Timer expired" on every system. */
const char *np_refuse_strerror(int v);

/* What netperf-ng prints in the brackets of "remote error N (...)" for
 * the serv_errno it got: a code's summary and text, from the table, not
 * the local strerror(); "unknown refusal" for a code from a newer
 * netserver-ng; for an errno (Linux's numbers) strerror() of the host's
 * number for it and, when a code's errno is that number (netserver
 * 2.7.1's numbers, an older netserver-ng's, a refusal at admission sent
 * before the request came), that code's text after it. */
void np_refuse_describe(int32_t serv_errno, char *out, size_t len);

#endif
