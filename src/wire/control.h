/*
 * control.h - the control connection: whole 656-byte messages, each send
 * and receive bounded by a deadline.
 */
#ifndef NP_CONTROL_H
#define NP_CONTROL_H

#include <stddef.h>
#include <stdint.h>

#include "base/sock.h"

/* Default control port. */
#define NP_CONTROL_PORT 12865

/* Deadlines (ms).  netperf 2.7 waits 120 s for a response; a request that
 * needs a socket and a bind is answered in microseconds, so we give up
 * sooner and say so. */
#define NP_CONNECT_TIMEOUT_MS 10000
#define NP_RESPONSE_TIMEOUT_MS 30000
#define NP_RESULTS_GRACE_MS 30000
#define NP_SEND_TIMEOUT_MS 10000

/* Send all of msg; 0, or -1 with errno (ETIMEDOUT on the deadline). */
int np_ctl_send(int fd, const uint8_t *msg, int timeout_ms);

/*
 * Receive one whole message.  Returns 1 when it arrived, 0 on a clean EOF
 * before its first byte, -1 with errno set otherwise: ETIMEDOUT on the
 * deadline, EPROTO when the peer closed mid-message (*got says how much
 * came), or the recv() error.  timeout_ms < 0 waits without a deadline
 * (only ever for the server's wait for its next request, which has its
 * own cap).
 */
int np_ctl_recv(int fd, uint8_t *msg, int timeout_ms, size_t *got);

/*
 * Resolve host and connect to it on port, trying each address in turn,
 * optionally from local (host and/or port); family AF_UNSPEC, AF_INET or
 * AF_INET6.  On success returns the socket and the peer address in *peer.
 * On failure returns -1 with one line in err naming host, port and cause.
 */
int np_ctl_connect(const char *host, uint16_t port, int family,
		   const char *lhost, uint16_t lport, int timeout_ms,
		   struct np_addr *peer, char *err, size_t errlen);

#endif
