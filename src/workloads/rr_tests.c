/*
 * rr_tests.c - TCP_RR, TCP_CRR and UDP_RR: one request, one response, in
 * lockstep.  TCP_CRR opens a new connection for every transaction.
 *
 * The loops read only their run's flags and allocate nothing; they read
 * the clock per transaction only for -j, and otherwise only off their
 * fast path (a connection's wait and deadline, np_run_io_error's).  A
 * UDP_RR client that loses a datagram waits for the timer, as netperf 2.7
 * does (or -e's timeout); the three zero-length datagrams end the
 * server's loop.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/kcall.h"
#include "base/sock.h"
#include "base/tcpinfo.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "run/busypoll.h"
#include "run/mmsg.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "wire/wire.h"

/* Outcome of moving one whole message. */
enum xfer { XFER_DONE, XFER_PEER_CLOSED, XFER_STOPPED, XFER_FAILED };

/* A failed call of send_all or recv_all: how the message ends, or
 * XFER_DONE when nothing has (the call is made again).  The peer's close
 * is the caller's to judge; the end of the test, whatever the call says,
 * is no failure. */
static enum xfer xfer_error(struct np_run *run, const char *what)
{
	switch (np_run_io_error(run, what, errno, NP_IO_PEER | NP_IO_STOP_WINS)) {
	case NP_IO_RETRY:
		return XFER_DONE;
	case NP_IO_PEER_CLOSED:
		return XFER_PEER_CLOSED;
	case NP_IO_STOPPED:
		return XFER_STOPPED;
	default:
		return XFER_FAILED;
	}
}

/* TCP hands a message over in pieces; loop until all of it has moved. */
static enum xfer send_all(struct np_run *run, int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = np_send(fd, buf + done, len - done, MSG_NOSIGNAL);
		enum xfer x;

		if (n >= 0) {
			done += (size_t)n;
			run->c.send_calls++;
			continue;
		}
		if ((x = xfer_error(run, "send")) != XFER_DONE)
			return x;
	}
	run->c.bytes_sent += len;
	return XFER_DONE;
}

/* spin: --busy-poll's receives (busypoll.h); NULL for TCP_CRR's and for
 * runs without the option.  Inlined, as are its callers below, so that
 * a NULL the caller passes as a constant leaves no look at the spin in
 * the plain loop. */
static NP_HOT_INLINE enum xfer recv_all(struct np_run *run, struct np_spin *spin, int fd, char *buf,
			  size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = np_spin_recv(run, spin, fd, buf + done, len - done);
		enum xfer x;

		if (n > 0) {
			done += (size_t)n;
			run->c.recv_calls++;
			continue;
		}
		if ((x = n == 0 ? XFER_PEER_CLOSED : xfer_error(run, "recv")) != XFER_DONE)
			return x;
	}
	run->c.bytes_recv += len;
	return XFER_DONE;
}

static int closed_early(struct np_run *run)
{
	return np_run_fail(run, "recv", ECONNRESET);
}

/* One transaction on a connected TCP socket: 0 done, 1 stopped, -1 fail. */
static NP_HOT_INLINE int tcp_transaction(struct np_run *run, struct np_spin *spin, int fd)
{
	enum xfer x = send_all(run, fd, run->sbuf, (size_t)run->req_size);

	if (x == XFER_DONE)
		x = recv_all(run, spin, fd, run->rbuf, (size_t)run->rsp_size);
	switch (x) {
	case XFER_DONE:
		run->c.trans++;
		np_run_latency_done(run);
		return 0;
	case XFER_STOPPED:
		return 1;
	case XFER_PEER_CLOSED:
		return closed_early(run);
	default:
		return -1;
	}
}

static int tcp_rr_client(struct np_run *run)
{
	struct np_spin spin;

	if (np_run_connect(run) < 0)
		return -1;
	np_spin_init(&spin, run);
	/* -b: these requests stay ahead of the responses for the whole run;
	 * the lockstep loop below keeps burst + 1 in flight. */
	for (int i = 0; i < run->burst; i++) {
		enum xfer x;

		np_run_latency_sent(run);
		x = send_all(run, run->fd, run->sbuf, (size_t)run->req_size);
		if (x == XFER_STOPPED)
			break;
		if (x != XFER_DONE)
			return x == XFER_PEER_CLOSED ? closed_early(run) : -1;
	}
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		int rc;

		np_run_latency_sent(run);
		/* Two copies: the plain one never looks at the spin. */
		rc = spin.on ? tcp_transaction(run, &spin, run->fd)
			     : tcp_transaction(run, NULL, run->fd);

		if (rc < 0)
			return -1;
		if (rc > 0)
			break;
	}
	if (shutdown(run->fd, SHUT_WR) < 0)
		return np_run_fail(run, "shutdown", errno);
	return np_run_drain(run, run->fd);
}

/* The server side of TCP_RR and of each TCP_CRR connection (spin NULL):
 * answer requests until the peer's EOF, the timer or the count. */
static NP_HOT_INLINE int tcp_serve(struct np_run *run, struct np_spin *spin, int fd,
				   bool once)
{
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		enum xfer x = recv_all(run, spin, fd, run->rbuf, (size_t)run->req_size);

		if (x == XFER_DONE)
			x = send_all(run, fd, run->sbuf, (size_t)run->rsp_size);
		if (x == XFER_FAILED)
			return -1;
		if (x != XFER_DONE)
			break;
		run->c.trans++;
		if (once)
			break;
	}
	return 0;
}

static int tcp_rr_server(struct np_run *run)
{
	int rc = np_run_accept(run);
	struct np_spin spin;

	if (rc <= 0)
		return rc;
	np_spin_init(&spin, run);
	rc = spin.on ? tcp_serve(run, &spin, run->conn, false)
		     : tcp_serve(run, NULL, run->conn, false);
	/* -l -N: we reach the count first (netperf's netserver sends its
	 * FIN first too).  Half-close, then take what the client still had
	 * in flight (-b): closing on unread requests would reset the
	 * connection and lose responses it has not read yet.  A legacy
	 * netperf closes only after the results: waiting for its EOF would
	 * hold them back until the idle timeout. */
	if (rc == 0 && np_run_count_done(run, run->c.trans) && !run->legacy &&
	    shutdown(run->conn, SHUT_WR) == 0) {
		int err = run->err;
		const char *what = run->err_what;

		(void)np_run_drain(run, run->conn);
		run->err = err;
		run->err_what = what;
	}
	return rc;
}

/*
 * connect() on a blocking socket returns EINPROGRESS after the socket's
 * wake period (SO_SNDTIMEO) or EINTR on a signal; the connection goes
 * on.  Wait for it within the idle timeout, looking at the run between
 * waits.  0 connected, 1 the test is over, -1 failed.
 */
static int crr_connect(struct np_run *run, int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	int err = 0, n;
	socklen_t len = sizeof(err);
	double give_up;

	if (connect(fd, (const struct sockaddr *)&run->peer, run->peer_len) == 0)
		return 0;
	if (errno != EINTR && errno != EINPROGRESS && errno != EAGAIN)
		return np_run_fail(run, "connect", errno);
	give_up = np_now() + NP_IDLE_TIMEOUT_S;
	while ((n = poll(&p, 1, NP_WAKE_MS)) <= 0) {
		if (n < 0 && errno != EINTR)
			return np_run_fail(run, "connect", errno);
		if (np_run_stopped(run))
			return 1;
		if (np_now() > give_up)
			return np_run_fail(run, "connect", ETIMEDOUT);
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
		return np_run_fail(run, "connect", errno);
	return err ? np_run_fail(run, "connect", err) : 0;
}

/* A new connection per transaction; netserver closes first, and we wait
 * for that FIN before closing our end, as netperf does. */
static int tcp_crr_client(struct np_run *run)
{
	int fd = run->fd;
	/* Ports of a range whose connect failed in a row (the 4-tuple still
	 * in use): each is passed over for the next, as 2.7.1 does. */
	unsigned busy = 0;
	const unsigned span = run->port_min ? (unsigned)run->port_max - run->port_min + 1u : 0u;

	run->fd = -1;
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		int rc;

		/* A TCP_CRR transaction's time includes its connection. */
		np_run_latency_sent(run);
		if (fd < 0 && (fd = np_run_open_bound(run)) < 0)
			return -1;
		rc = crr_connect(run, fd);
		if (rc < 0 && (run->err == EADDRNOTAVAIL || run->err == EADDRINUSE) &&
		    ++busy < span) {
			run->err = 0;
			run->err_what = NULL;
			np_run_latency_unsent(run);
			close(fd);
			fd = -1;
			continue;
		}
		busy = 0;
		if (rc != 0) {
			close(fd);
			fd = -1;
			if (rc > 0)
				break;
			return -1;
		}
		rc = tcp_transaction(run, NULL, fd);
		if (rc == 0)
			rc = np_run_drain(run, fd);
		if (!run->mss)
			run->mss = np_sock_mss(fd);
		close(fd);
		fd = -1;
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (fd >= 0)
		close(fd);
	return 0;
}

/* netperf's TCP_CRR client sends no end marker: after the timer, the
 * connections that still come are served until a pause (np_run_linger). */

/* A connection once accepted gets its answer, timer or not: closing it
 * with the request unread would reset the client mid-transaction.  Its
 * socket's idle timeout still bounds the wait. */
static int crr_serve_one(struct np_run *run, int fd)
{
	struct np_events never = { 0 };
	struct np_events *ev = run->ev;
	const bool timed = run->timed;
	int rc;

	/* One idle timeout, not the timer, bounds it: a connection that says
	 * nothing is dropped, and the test goes on. */
	run->ev = &never;
	run->timed = false;
	run->deadline = np_now() + NP_IDLE_TIMEOUT_S;
	rc = tcp_serve(run, NULL, fd, true);
	run->deadline = 0;
	run->ev = ev;
	run->timed = timed;
	close(fd);
	if (rc < 0 && run->err == ETIMEDOUT) {
		run->err = 0;
		run->err_what = NULL;
		rc = 0;
	}
	return rc;
}

/* np_run_linger's serve: one connection that came after the timer. */
static int crr_linger_one(struct np_run *run, void *ctx)
{
	int c = np_run_accept_peer(run);

	(void)ctx;
	if (c >= 0)
		return crr_serve_one(run, c);
	/* EMFILE and the like end it: no spinning on them. */
	return errno == EINTR || errno == ECONNABORTED ? 0 : 1;
}

static int tcp_crr_server(struct np_run *run)
{
	bool first = true;

	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		int rc = np_run_accept(run);

		if (rc < 0)
			return -1;
		if (rc == 0)
			break;
		if (first) {
			np_run_restart_timer(run);
			first = false;
		}
		rc = crr_serve_one(run, run->conn);
		run->conn = -1;
		if (rc < 0)
			return -1;
	}
	return run->linger > 0 ? np_run_linger(run, crr_linger_one, NULL) : 0;
}

/* --batch (after udp_rr_server). */
static int udp_rr_batch_client(struct np_run *run);
static int udp_rr_batch_server(struct np_run *run);

static int udp_rr_client(struct np_run *run)
{
	const size_t req = (size_t)run->req_size;
	int rc = 0, err;
	struct np_spin spin;

	if (np_test_param(run->test, run->params, "batch") > 1 && run->burst > 0)
		return udp_rr_batch_client(run);
	if (np_run_connect(run) < 0)
		return -1;
	np_spin_init(&spin, run);
	if (np_run_expire_setup(run, run->fd) < 0)
		return -1;
	for (int i = 0; i < run->burst; i++) {
		np_run_latency_sent(run);
		if (np_send(run->fd, run->sbuf, req, 0) < 0)
			return np_run_fail(run, "send", errno);
		run->c.bytes_sent += req;
		run->c.send_calls++;
	}
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		ssize_t n;
		bool lost = false;

		np_run_latency_sent(run);
		n = np_send(run->fd, run->sbuf, req, 0);
		if (n < 0) {
			np_run_latency_unsent(run);
			/* Again, or the loop's check sees the end. */
			if (np_run_io_error(run, "send", errno, NP_IO_UDP) != NP_IO_FAILED)
				continue;
			rc = -1;
			break;
		}
		run->c.bytes_sent += (uint64_t)n;
		run->c.send_calls++;
		for (;;) {
			enum np_io io;

			n = np_spin_recv(run, &spin, run->fd, run->rbuf, run->rbuf_len);
			if (n >= 0 || np_run_stopped(run))
				break;
			err = errno;   /* np_run_stopped keeps it */
			io = np_run_io_error(run, "recv", err, NP_IO_PEER | NP_IO_EXPIRE);
			if (io == NP_IO_RETRY)
				continue;
			/* -e: the request or its response is lost (counted);
			 * send the next one (a late response then stands for
			 * it: the count of transactions is unchanged). */
			if (io == NP_IO_LOST) {
				np_run_latency_unsent(run);
				lost = true;
			}
			/* An ICMP error for a request that reached netserver's
			 * port after it closed (at its count, with -b requests
			 * still in flight) is reported before responses that
			 * are queued: take those first. */
			if (io == NP_IO_PEER_CLOSED &&
			    (n = np_recv(run->fd, run->rbuf, run->rbuf_len, MSG_DONTWAIT)) < 0)
				np_run_fail(run, "recv", err);
			break;
		}
		if (lost)
			continue;
		if (n < 0) {
			rc = np_run_stopped(run) ? 0 : -1;
			break;
		}
		if (n != run->rsp_size) {
			rc = np_run_fail(run, "recv (response of unexpected size)", EPROTO);
			break;
		}
		run->c.bytes_recv += (uint64_t)n;
		run->c.recv_calls++;
		run->c.trans++;
		np_run_latency_done(run);
	}
	if (!run->legacy)
		np_run_udp_end(run);
	return rc;
}

/* One request in run->rbuf (n bytes; 0 = an end marker): answer it.  A
 * declared data address that could not prove it asked for the data
 * (run->rsp_cap, dataaddr.h) gets no more than the datagram brought:
 * capped is a constant in each caller, so the plain loop pays nothing
 * for it. */
static NP_HOT_INLINE int udp_rr_answer(struct np_run *run, ssize_t n, bool capped, size_t size)
{
	const size_t len = capped && (size_t)n < size ? (size_t)n : size;

	if (n == 0)
		return 1;
	run->c.bytes_recv += (uint64_t)n;
	run->c.recv_calls++;
	while ((n = np_send(run->fd, run->sbuf, len, 0)) < 0) {
		switch (np_run_io_error(run, "send", errno, NP_IO_UDP | NP_IO_PEER)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_LOST:
			return 0;
		case NP_IO_FAILED:
			return -1;
		default:
			return 1;       /* the end, or the client has gone */
		}
	}
	run->c.bytes_sent += (uint64_t)n;
	run->c.send_calls++;
	run->c.trans++;
	return np_run_count_done(run, run->c.trans) ? 1 : 0;
}

/* For np_run_udp_lock and np_run_udp_tail, which take a callback. */
static int udp_rr_take(struct np_run *run, ssize_t n)
{
	return udp_rr_answer(run, n, run->rsp_cap, (size_t)run->rsp_size);
}

/* The loop after the first request, capped or not (a constant). */
static NP_HOT_INLINE int udp_rr_serve(struct np_run *run, bool capped)
{
	const size_t size = (size_t)run->rsp_size;
	struct np_spin spin;
	int rc = 0;

	np_spin_init(&spin, run);
	while (rc == 0 && !np_run_stopped(run)) {
		ssize_t n = np_spin_recv(run, &spin, run->fd, run->rbuf, run->rbuf_len);
		enum np_io io;

		if (n >= 0) {
			rc = udp_rr_answer(run, n, capped, size);
			continue;
		}
		/* A spin that saw the timer: the tail below answers what the
		 * client still sends, as after the loop's own check (our
		 * timer starts at its first request, yet may end first). */
		if (spin.on && np_run_stopped(run))
			break;
		/* Else the end, the client gone, or a failure. */
		if ((io = np_run_io_error(run, "recv", errno, NP_IO_PEER)) != NP_IO_RETRY)
			return io == NP_IO_FAILED ? -1 : 2;
	}
	return rc;
}

/* Responses go only to the client (the socket is connected to it): a
 * forged request from elsewhere gets nothing, so nobody can use us as a
 * reflector. */
static int udp_rr_server(struct np_run *run)
{
	int rc;

	/* The batch answers every request with the test's size: not for a
	 * capped peer (a client older than --batch's netperf-ng's proof). */
	if (np_test_param(run->test, run->params, "batch") > 1 && !run->rsp_cap)
		return udp_rr_batch_server(run);
	rc = np_run_udp_lock(run, run->rbuf_len, udp_rr_take);
	if (rc == 0)
		rc = run->rsp_cap ? udp_rr_serve(run, true) : udp_rr_serve(run, false);
	if (rc < 0)
		return -1;
	if (rc == 2)            /* the end, the client gone: no tail */
		return 0;
	if (rc == 0 && run->timed)
		return np_run_udp_tail(run, run->rbuf_len, udp_rr_take);
	return 0;
}

/*
 * UDP_RR --batch N.  The client keeps burst + 1 requests in flight (-b):
 * new ones go out in sendmmsg(2) calls of at most N, responses come in
 * recvmmsg(2) calls of at most N (the first waits, as the plain loop's
 * recv), and each response lets one new request go.  The server reads up
 * to N requests a call and answers them with one sendmmsg.  Every entry
 * of a vector points at the one buffer: only lengths are looked at.
 * syscalls counts the calls; send_calls, recv_calls and trans count
 * datagrams and transactions as the plain loops do.
 */

/* -j: one clock read for the k requests of one call... */
static void latency_sent_n(struct np_run *run, unsigned k)
{
	uint64_t now;

	if (!run->hist)
		return;
	now = np_run_clock_ns();
	while (k-- > 0 && run->ring_count < run->ring_size)
		run->sent_at[(run->ring_head + run->ring_count++) % run->ring_size] = now;
}

/* ...the newest k of which did not go out... */
static void latency_unsent_n(struct np_run *run, unsigned k)
{
	while (k-- > 0)
		np_run_latency_unsent(run);
}

/* ...and one for the k responses of one call, oldest requests first. */
static void latency_done_n(struct np_run *run, unsigned k)
{
	uint64_t now;

	if (!run->hist)
		return;
	now = np_run_clock_ns();
	for (; k > 0 && run->ring_count; k--) {
		np_hist_add(run->hist, now - run->sent_at[run->ring_head]);
		run->ring_head = (run->ring_head + 1) % run->ring_size;
		run->ring_count--;
	}
}

/* -e: the oldest request in flight is given up. */
static void latency_lost(struct np_run *run)
{
	if (run->hist && run->ring_count) {
		run->ring_head = (run->ring_head + 1) % run->ring_size;
		run->ring_count--;
	}
}

/* k requests, in calls of at most tx->n; *inflight counts those sent.  0
 * when all went (one the kernel dropped, ENOBUFS, is counted and sent
 * again), 1 the test is over, -1 failed. */
static int rr_batch_send(struct np_run *run, struct np_mmsg *tx, unsigned k, unsigned *inflight)
{
	while (k > 0) {
		const unsigned v = k < tx->n ? k : tx->n;
		int n;

		if (np_run_stopped(run))
			return 1;
		latency_sent_n(run, v);
		n = np_sendmmsg(run->fd, tx->hdr, v, 0);
		if (n < 0) {
			latency_unsent_n(run, v);
			switch (np_run_io_error(run, "sendmmsg", errno, NP_IO_UDP)) {
			case NP_IO_RETRY:
			case NP_IO_LOST:
				continue;
			case NP_IO_FAILED:
				return -1;
			default:
				return 1;
			}
		}
		latency_unsent_n(run, v - (unsigned)n);
		run->c.bytes_sent += (uint64_t)n * (uint64_t)run->req_size;
		run->c.send_calls += (uint64_t)n;
		run->c.syscalls++;
		*inflight += (unsigned)n;
		k -= (unsigned)n;
	}
	return 0;
}

/* A failed recvmmsg of the client: 0 go on (with *n responses taken, or
 * none), 1 the end, -1 failed. */
static int rr_batch_recv_error(struct np_run *run, struct np_mmsg *rx, unsigned v,
			       unsigned *inflight, int *n)
{
	const int err = errno;   /* np_run_stopped keeps it */

	*n = 0;
	if (np_run_stopped(run))
		return 1;
	switch (np_run_io_error(run, "recvmmsg", err, NP_IO_PEER | NP_IO_EXPIRE)) {
	case NP_IO_RETRY:
		return 0;
	case NP_IO_LOST:
		/* -e: a request or its response is lost (counted); the
		 * next call sends one in its place. */
		latency_lost(run);
		if (*inflight > 0)
			(*inflight)--;
		return 0;
	case NP_IO_PEER_CLOSED:
		/* As the plain loop: responses queued before netserver's
		 * port closed are taken first. */
		if ((*n = np_recvmmsg(run->fd, rx->hdr, v, MSG_DONTWAIT)) > 0)
			return 0;
		*n = 0;
		np_run_fail(run, "recvmmsg", err);
		return -1;
	case NP_IO_FAILED:
		return -1;
	default:
		return 1;
	}
}

static int udp_rr_batch_client(struct np_run *run)
{
	struct np_mmsg tx, rx;
	const unsigned want = (unsigned)run->burst + 1;
	unsigned inflight = 0;
	int rc = 0;

	if (np_run_connect(run) < 0 || np_run_expire_setup(run, run->fd) < 0)
		return -1;
	np_mmsg_init(&tx, run->sbuf, (size_t)run->req_size,
		     (unsigned)np_test_param(run->test, run->params, "batch"), NULL);
	np_mmsg_init(&rx, run->rbuf, run->rbuf_len, tx.n, NULL);
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		unsigned v;
		int n;

		/* As many new requests as responses came, or were given up. */
		if (inflight < want && (rc = rr_batch_send(run, &tx, want - inflight, &inflight)) != 0)
			break;
		v = inflight < rx.n ? inflight : rx.n;
		n = np_recvmmsg(run->fd, rx.hdr, v, MSG_WAITFORONE);
		if (n < 0 && (rc = rr_batch_recv_error(run, &rx, v, &inflight, &n)) != 0)
			break;
		for (int i = 0; i < n; i++)
			if (rx.hdr[i].msg_len != (unsigned)run->rsp_size) {
				rc = np_run_fail(run, "recvmmsg (response of unexpected size)", EPROTO);
				goto out;
			}
		if (n == 0)
			continue;
		run->c.bytes_recv += (uint64_t)n * (uint64_t)run->rsp_size;
		run->c.recv_calls += (uint64_t)n;
		run->c.trans += (uint64_t)n;
		run->c.syscalls++;
		latency_done_n(run, (unsigned)n);
		/* A late response (-e gave its request up) stands for one. */
		inflight -= (unsigned)n < inflight ? (unsigned)n : inflight;
	}
out:
	if (!run->legacy)
		np_run_udp_end(run);
	return rc < 0 ? -1 : 0;
}

/* Lock and tail: a plain receive, and its response's send. */
static int udp_rr_batch_take(struct np_run *run, ssize_t n)
{
	run->c.syscalls += n > 0 ? 2 : 1;
	return udp_rr_take(run, n);
}

/* Responses to the k requests just read, in sendmmsg calls: 0, 1 the
 * end (or the client gone), -1 failed. */
static int rr_batch_answer(struct np_run *run, struct np_mmsg *tx, unsigned k)
{
	while (k > 0) {
		int n = np_sendmmsg(run->fd, tx->hdr, k, 0);

		if (n >= 0) {
			run->c.bytes_sent += (uint64_t)n * (uint64_t)run->rsp_size;
			run->c.send_calls += (uint64_t)n;
			run->c.trans += (uint64_t)n;
			run->c.syscalls++;
			k -= (unsigned)n;
			continue;
		}
		switch (np_run_io_error(run, "sendmmsg", errno, NP_IO_UDP | NP_IO_PEER)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_LOST:
			k--;            /* that response is lost, and counted */
			continue;
		case NP_IO_FAILED:
			return -1;
		default:
			return 1;
		}
	}
	return 0;
}

/* As udp_rr_server: the socket is connected to the client by the lock. */
static int udp_rr_batch_server(struct np_run *run)
{
	struct np_mmsg rx, tx;
	int rc = np_run_udp_lock(run, run->rbuf_len, udp_rr_batch_take);

	np_mmsg_init(&rx, run->rbuf, run->rbuf_len,
		     (unsigned)np_test_param(run->test, run->params, "batch"), NULL);
	np_mmsg_init(&tx, run->sbuf, (size_t)run->rsp_size, rx.n, NULL);
	while (rc == 0 && !np_run_stopped(run)) {
		unsigned v = rx.n, k = 0;
		int n;

		/* -l -N: no more requests than the count answers. */
		if (run->count > 0 && (uint64_t)run->count - run->c.trans < v)
			v = (unsigned)((uint64_t)run->count - run->c.trans);
		n = np_recvmmsg(run->fd, rx.hdr, v, MSG_WAITFORONE);
		if (n < 0) {
			enum np_io io = np_run_io_error(run, "recvmmsg", errno, NP_IO_PEER);

			if (io == NP_IO_RETRY)
				continue;
			return io == NP_IO_FAILED ? -1 : 0;
		}
		run->c.syscalls++;
		/* An end marker ends the batch: what came before it is
		 * answered. */
		while (k < (unsigned)n && rx.hdr[k].msg_len > 0)
			run->c.bytes_recv += rx.hdr[k++].msg_len;
		run->c.recv_calls += k;
		rc = rr_batch_answer(run, &tx, k);
		if (rc == 0 && (k < (unsigned)n || np_run_count_done(run, run->c.trans)))
			rc = 1;
	}
	if (rc < 0)
		return -1;
	if (rc == 0 && run->timed)
		return np_run_udp_tail(run, run->rbuf_len, udp_rr_batch_take);
	return 0;
}

/* Each test's own options (reqfields.c's rows); they reach netserver-ng
 * in the request. */
static const struct np_reqfield *const tcp_rr_options[] = {
	&np_field_busy_poll, NULL,
};

static const struct np_reqfield *const udp_rr_options[] = {
	&np_field_busy_poll, &np_field_batch, NULL,
};

const struct np_test np_test_tcp_rr = {
	.name = "TCP_RR",
	.title = "MIGRATED TCP REQUEST/RESPONSE TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_XMIT | NP_DIR_RECV,
	.rr = true,
	.first_burst = true,
	.options = tcp_rr_options,
	.client_run = tcp_rr_client,
	.server_run = tcp_rr_server,
};
const struct np_test_view np_view_tcp_rr = {
	.test = &np_test_tcp_rr,
	.derive = np_metrics_derive_rr,
	.print_table = np_report_rr_table,
	.print_brief = np_report_rr_brief,
};

const struct np_test np_test_tcp_crr = {
	.name = "TCP_CRR",
	.title = "MIGRATED TCP Connect/Request/Response TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_XMIT | NP_DIR_RECV,
	.connect_each = true,
	.wire_connect = true,
	.rr = true,
	.client_run = tcp_crr_client,
	.server_run = tcp_crr_server,
};
const struct np_test_view np_view_tcp_crr = {
	.test = &np_test_tcp_crr,
	.derive = np_metrics_derive_rr,
	.print_table = np_report_crr_table,
	.print_brief = np_report_crr_brief,
};

/* TCP_CRR without data: a connection and its close per transaction
 * (no_data: both ends make the request and response 0 bytes). */
const struct np_test np_test_tcp_cc = {
	.name = "TCP_CC",
	/* Not migrated to omni in netperf 2.7.1 (nettest_bsd.c runs it). */
	.title = "TCP Connect/Close TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = 0,
	.connect_each = true,
	.no_data = true,
	.wire_connect = true,
	.rr = true,
	.client_run = tcp_crr_client,
	.server_run = tcp_crr_server,
};
const struct np_test_view np_view_tcp_cc = {
	.test = &np_test_tcp_cc,
	.derive = np_metrics_derive_rr,
	.print_table = np_report_crr_table,
	.print_brief = np_report_crr_brief,
};

const struct np_test np_test_udp_rr = {
	.name = "UDP_RR",
	.title = "MIGRATED UDP REQUEST/RESPONSE TEST",
	.sock_type = SOCK_DGRAM,
	.protocol = IPPROTO_UDP,
	.direction = NP_DIR_XMIT | NP_DIR_RECV,
	.rr = true,
	.first_burst = true,
	.options = udp_rr_options,
	.client_run = udp_rr_client,
	.server_run = udp_rr_server,
};
const struct np_test_view np_view_udp_rr = {
	.test = &np_test_udp_rr,
	.derive = np_metrics_derive_rr,
	.print_table = np_report_rr_table,
	.print_brief = np_report_rr_brief,
};
