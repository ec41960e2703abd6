/*
 * refusal.h - a connection the daemon refused at admission (admit.h: too
 * many sessions, its prefix's or network's share, the connection rate,
 * wrong passphrases; a session it could not start): held by the daemon,
 * without a process of its own, until the client's first request has
 * come (past a -Z PASSPHRASE), answered with the refusal, and closed once
 * the client has read it.
 *
 * The answer waits for the request because only the request says who
 * asks: a netperf-ng's (the extension's magic, doc/extension.md) gets the
 * reason in text, which netperf prints; any other the bytes netserver
 * 2.7.1 sends, type 98 and serv_errno alone, as before.  A client that
 * asks nothing within NP_REFUSAL_WAIT_S gets those bytes then.
 */
#ifndef NP_REFUSAL_H
#define NP_REFUSAL_H

#include <stdbool.h>
#include <stdint.h>

#include "daemon/gate.h"
#include "wire/wire.h"

/* Refused connections held at once; more are answered as 2.7.1 would
 * be and closed at once (a flood must not hold the daemon's files). */
#define NP_REFUSALS 64
/* How long a refused client has to send its request: netperf sends it
 * as soon as it is connected. */
#define NP_REFUSAL_WAIT_S 1.0
/* ... and, from the refusal, to read the answer before the close. */
#define NP_REFUSAL_LINGER_S 2.0

struct np_refusal {
	struct np_gate in;              /* in.fd -1: a free slot; what came */
	int32_t serv_errno;
	bool ng_only;                   /* any other client meets a bare close */
	bool answered;
	double answer_by, until;
	char why[NP_REFUSAL_LEN + 1];
};

/* Every slot free. */
void np_refusals_init(struct np_refusal r[NP_REFUSALS]);

/* Take fd (the caller closes it no more), refused with serv_errno for
 * why; first: the message the daemon has read of it already (-Z's
 * gate), or NULL.  ng_only: a refusal only a netperf-ng is told of (a
 * session that could not be started, where netserver-ng always closed
 * bare); any other client still meets the close. */
void np_refusal_add(struct np_refusal r[NP_REFUSALS], int fd, int32_t serv_errno,
		    const char *why, bool ng_only, const uint8_t *first, double now);

/* After a wake-up (readable: r's socket has something): read what has
 * come, answer when the request is in or the wait is over, close when
 * the client has gone or its time is up. */
void np_refusal_step(struct np_refusal *r, bool readable, double now);

/* When r needs a look even if nothing comes. */
double np_refusal_deadline(const struct np_refusal *r);

#endif
