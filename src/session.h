/*
 * session.h - netserver's side of one control connection: read a request,
 * set up the data socket, answer, run the test's server loop, send the
 * results; again for each iteration, until the client closes.
 */
#ifndef NP_SESSION_H
#define NP_SESSION_H

#include <stdint.h>
#include <sys/socket.h>

#include "dataaddr.h"

/* How long a client may stay silent between requests. */
#define NP_REQUEST_TIMEOUT_MS 60000
/* With -Z, how long the first message (the passphrase) may take. */
#define NP_PASSPHRASE_TIMEOUT_MS 20000

/* What netserver's command line sets for every session. */
struct np_session_rules {
	const struct np_data_rules *data;   /* data addresses, ports, peers */
	const char *passphrase;             /* -Z; NULL = none */
	int max_test_s;                     /* --max-test-time */
	uint64_t max_memory;                /* --max-session-memory, bytes */
	int control_timeout_s;              /* --control-timeout */
	const char *refuse_options;         /* --refuse-option list; NULL = none */
};

/* How a session ended: the child's exit status, which the parent reads
 * (a wrong passphrase counts against the client's prefix). */
enum np_session_end {
	NP_SESSION_OK = 0,              /* the client said goodbye */
	NP_SESSION_DROPPED = 1,         /* bad input, a failed test, a vanished client */
	NP_SESSION_BAD_PASSPHRASE = 3,  /* -Z: no or a wrong passphrase */
};

/*
 * Serve the control connection ctl (which the caller closes).  With a
 * passphrase the first message must carry it, or the connection is
 * closed.  The reason for any end but OK is logged.
 */
int np_session_run(int ctl, const struct np_session_rules *rules);

#endif
