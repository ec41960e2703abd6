/*
 * session.h - netserver's side of one control connection: read a request,
 * set up the data socket, answer, run the test's server loop, send the
 * results; again for each iteration, until the client closes.
 */
#ifndef NP_SESSION_H
#define NP_SESSION_H

#include <sys/socket.h>

/* How long a client may stay silent between requests. */
#define NP_REQUEST_TIMEOUT_MS 60000
/* With -Z, how long the first message (the passphrase) may take. */
#define NP_PASSPHRASE_TIMEOUT_MS 20000

/*
 * Serve the control connection ctl (which the caller closes).  With a
 * passphrase the first message must carry it, or the connection is
 * closed.  Returns 0 when the client said goodbye, -1 when the session
 * was dropped (bad input, a failed test, a vanished client); the reason
 * is logged.
 */
int np_session_run(int ctl, const char *passphrase);

#endif
