/*
 * gate.h - netserver -Z: a new connection is held by the daemon itself,
 * before any process is forked for it, until its first message has
 * arrived whole; only then is the passphrase judged, so that each guess
 * is counted against its client's limits (admit.h) the moment it is
 * made, and connections opened together before their first guess get no
 * more guesses than the limit allows.  Held connections are a pool of
 * their own (unproven.h), which gives each its deadline; only a proven
 * one takes a session's place.
 */
#ifndef NP_GATE_H
#define NP_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "daemon/admit.h"
#include "wire/wire.h"

struct np_gate {
	int fd;                          /* -1 = free */
	size_t got;
	struct sockaddr_storage peer;    /* unmapped */
	struct np_prefix prefix;
	uint8_t msg[NP_MSG_SIZE];
};

enum np_gate_read {
	NP_GATE_WAIT,     /* no whole message yet */
	NP_GATE_MESSAGE,  /* the first message is in g->msg */
	NP_GATE_CLOSED,   /* the client closed or failed before it */
};

/* Take what has arrived (fd non-blocking), without waiting. */
enum np_gate_read np_gate_read(struct np_gate *g);

#endif
