/*
 * session.h - netserver's side of one control connection: read a request,
 * set up the data socket, answer, run the test's server loop, send the
 * results; again for each iteration, until the client closes.
 */
#ifndef NP_SESSION_H
#define NP_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "run/dataaddr.h"

/* How long a client may stay silent between requests. */
#define NP_REQUEST_TIMEOUT_MS 60000

struct np_budget;

/* What netserver's command line sets for every session. */
struct np_session_rules {
	const struct np_data_rules *data;   /* data addresses, ports, peers */
	int max_test_s;                     /* --max-test-time */
	uint64_t max_memory;                /* --max-session-memory, bytes */
	uint64_t max_total_memory;          /* --max-memory, for the log */
	int control_timeout_s;              /* --control-timeout */
	const char *refuse_options;         /* --refuse-option list; NULL = none */
	const char *allow_options;          /* --allow-option list; NULL = none */
	bool host_facts;                    /* false: --no-host-facts */
	int max_flows;                      /* --max-flows: one many-flows run's */
	int max_flows_prefix, max_flows_net; /* --max-flows-per-prefix, -per-net */
	/* The daemon's budgets (NULL: none could be made) and this
	 * session's cell in them. */
	struct np_budget *budget;
	int cell;
};

/* How a session ended: the child's exit status. */
enum np_session_end {
	NP_SESSION_OK = 0,              /* the client said goodbye */
	NP_SESSION_DROPPED = 1,         /* bad input, a failed test, a vanished client */
};

/*
 * Serve the control connection ctl (which the caller closes), whose
 * passphrase, if netserver wants one, was already judged.  The reason
 * for any end but OK is logged.
 */
int np_session_run(int ctl, const struct np_session_rules *rules);

#endif
