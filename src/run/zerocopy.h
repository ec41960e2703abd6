/*
 * zerocopy.h - --zerocopy: TCP sends with MSG_ZEROCOPY (Linux 4.14+).
 *
 * The kernel pins the sender's pages instead of copying them, numbers
 * each send that took bytes (0, 1, 2, ... per socket), and reports on the
 * socket's error queue which ranges of those numbers it is done with, and
 * whether it copied them after all (loopback and veth always do: their
 * receiver would otherwise hold the sender's pages).  Pinned pages count
 * against RLIMIT_MEMLOCK and each send's notice against the socket's
 * net.core.optmem_max; over either, a send fails with ENOBUFS.  So the
 * send loop keeps at most a window of sends in flight and reads the error
 * queue only when the window is full, on ENOBUFS, and at the end: one
 * recvmsg(2) per window, not one per send.
 */
#ifndef NP_ZEROCOPY_H
#define NP_ZEROCOPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "run/test.h"

#if HAVE_DECL_SO_ZEROCOPY && HAVE_DECL_MSG_ZEROCOPY && HAVE_LINUX_ERRQUEUE_H
#define NP_ZC_BUILT 1
#define NP_MSG_ZEROCOPY MSG_ZEROCOPY
#else
#define NP_ZC_BUILT 0
#define NP_MSG_ZEROCOPY 0
#endif

/* Sends in flight without a completion are (sent - done), counted modulo
 * 2^32 as the kernel numbers them (np_zc_inflight). */
struct np_zc {
	uint32_t sent;     /* sends that took bytes: numbers handed out */
	uint32_t done;     /* of them, those whose completion was read */
	uint32_t window;   /* sends allowed in flight, at least 1 */
	uint32_t window_max; /* what np_zc_start allowed: ENOBUFS shrinks
			      * window, completions grow it back */
	/* ENOBUFS with none of ours in flight: since when, at which send. */
	uint32_t stuck_at;
	double stuck_since;
};

/* SO_ZEROCOPY on fd, and the window for sends of size bytes within
 * RLIMIT_MEMLOCK and optmem.  0, or -1 with run->err and err_what set
 * ("--zerocopy: this kernel has no SO_ZEROCOPY (setsockopt)", ...). */
int np_zc_start(struct np_run *run, struct np_zc *zc, int fd, size_t size);

/* Signed: completions past our count (never from a sane kernel) read
 * as none in flight rather than as four billion. */
static inline int32_t np_zc_inflight(const struct np_zc *zc)
{
	return (int32_t)(zc->sent - zc->done);
}

static inline bool np_zc_full(const struct np_zc *zc)
{
	return np_zc_inflight(zc) >= (int32_t)zc->window;
}

/* The window is full: read completions, waiting for them (POLLERR, a
 * wake period at a time) until a send may go.  0 also when the run
 * stopped meanwhile; -1 with run->err set (NP_IDLE_TIMEOUT_S without a
 * completion, or the error queue failing). */
int np_zc_reap(struct np_run *run, struct np_zc *zc, int fd);

/* A MSG_ZEROCOPY send failed with ENOBUFS: the pinned-page or optmem
 * limit, not a failure.  The window shrinks to what the kernel took and
 * the loop waits for completions before sending again.  With none of
 * ours in flight (others hold the user's RLIMIT_MEMLOCK) it pauses and
 * tries again; -1 (run->err set) after NP_IDLE_TIMEOUT_S of that. */
int np_zc_nobufs(struct np_run *run, struct np_zc *zc, int fd);

/* After the last send: read completions until every send's has come, or
 * NP_IDLE_TIMEOUT_S passed without one, or the peer's control connection
 * is gone (those missing then show as run->c.send_calls -
 * run->c.zc_sends).  Never fails the run. */
void np_zc_finish(struct np_run *run, struct np_zc *zc, int fd);

#endif
