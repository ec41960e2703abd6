/*
 * run.c - what every test's data loops share: the meaning of a failed
 * call, the end of a phase, connecting, binding, a connection test's
 * fresh sockets and linger, -e's receive timeout, accepting, the peer
 * check and the UDP tails.  The loops themselves are the tests' files.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sock.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "run/run.h"
#include "run/test.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/kcall.h"
#include "wire/wire.h"


void np_run_fill(char *buf, size_t len)
{
	/* What netperf 2.7 puts in its buffers, NUL included. */
	static const char pattern[8] = { 'n', 'e', 't', 'p', 'e', 'r', 'f', '\0' };

	for (size_t i = 0; i < len; i++)
		buf[i] = pattern[i % sizeof(pattern)];
}

int np_run_fail(struct np_run *run, const char *what, int err)
{
	if (run->err == 0) {
		run->err = err;
		run->err_what = what;
	}
	return -1;
}

bool np_run_events(struct np_run *run)
{
	struct np_events *ev = run->ev;
	int tick;

	atomic_store(&ev->pending, 0);
	tick = atomic_exchange(&ev->tick, 0);
	if (tick && run->on_tick) {
		int saved = errno;   /* the caller may be about to read it */

		run->on_tick(run, tick);
		errno = saved;
	}
	if (atomic_exchange(&ev->progress, 0) && run->on_progress) {
		int saved = errno;

		run->on_progress(run);
		errno = saved;
	}
	/* Once stopped, stay on this path: every later check says so. */
	if (atomic_load(&ev->stop)) {
		atomic_store(&ev->pending, 1);
		return true;
	}
	return false;
}

/* Seconds since the run last moved data, counting the wait of the call
 * that just returned EAGAIN.  Reads the clock: slow path only. */
static double run_quiet(struct np_run *run)
{
	const uint64_t moved = run->c.send_calls + run->c.recv_calls + run->c.trans;
	const double now = np_now();

	if (moved != run->quiet_mark || run->quiet_since == 0) {
		run->quiet_mark = moved;
		run->quiet_since = now - run->wake_s;
	}
	return now - run->quiet_since;
}

bool np_run_peer_gone(struct np_run *run)
{
	return run->watch && np_watch_gone(run->watch);
}

/* A blocking call returned EAGAIN (a wake period without progress): keep
 * waiting while the test goes on, unless nothing has moved for
 * NP_IDLE_TIMEOUT_S in a test no timer ends (or past run->deadline):
 * then fail the run. */
static bool run_idle(struct np_run *run, const char *what)
{
	double quiet;

	if (np_run_stopped(run))
		return false;
	quiet = run_quiet(run);
	if (run->deadline > 0 && np_now() > run->deadline) {
		np_run_fail(run, what, ETIMEDOUT);
		return false;
	}
	if (run->timed || quiet < NP_IDLE_TIMEOUT_S)
		return true;
	np_run_fail(run, what, ETIMEDOUT);
	return false;
}

enum np_io np_run_io_error(struct np_run *run, const char *what, int err, unsigned flags)
{
	switch (err) {
	case ECONNABORTED:
		if (!(flags & NP_IO_ACCEPT))
			break;
		/* fall through */
	case EINTR:
		if (flags & NP_IO_OWN_TIME)
			return NP_IO_RETRY;
		if (np_run_stopped(run))
			return NP_IO_STOPPED;
		/* A transaction's own deadline: the signals that keep cutting
		 * the call short restart the socket's idle timeout too. */
		if (run->deadline > 0 && np_now() > run->deadline) {
			np_run_fail(run, what, ETIMEDOUT);
			return NP_IO_FAILED;
		}
		return NP_IO_RETRY;
	case EAGAIN:
#if EWOULDBLOCK != EAGAIN
	case EWOULDBLOCK:
#endif
		if (flags & NP_IO_OWN_TIME)
			return NP_IO_RETRY;
		if ((flags & NP_IO_IDLE_ENDS) && run->c.bytes_recv > 0 &&
		    run_quiet(run) >= NP_IDLE_TIMEOUT_S)
			return NP_IO_STOPPED;
		if ((flags & NP_IO_EXPIRE) && run->rr_timeout > 0 &&
		    run_quiet(run) >= run->rr_timeout * 0.999) {
			run->c.timeouts++;
			return NP_IO_LOST;
		}
		if (run_idle(run, what))
			return NP_IO_RETRY;
		/* The end came while the call waited, or the wait failed. */
		if ((flags & NP_IO_STOP_WINS) && np_run_stopped(run))
			return NP_IO_STOPPED;
		return run->err ? NP_IO_FAILED : NP_IO_STOPPED;
	case ENOBUFS:
		if (!(flags & NP_IO_UDP))
			break;
		run->c.failed_sends++;
		return NP_IO_LOST;
	case EPIPE:
	case ECONNRESET:
	case ECONNREFUSED:
		if (flags & NP_IO_PEER)
			return NP_IO_PEER_CLOSED;
		break;
	}
	if ((flags & NP_IO_STOP_WINS) && np_run_stopped(run))
		return NP_IO_STOPPED;
	np_run_fail(run, what, err);
	return NP_IO_FAILED;
}

/* Whether fd's two ends are one address and port: a socket bound to the
 * port it connects to on this host (-- -P 5000 to a netserver on the
 * same address) meets itself, and the test would measure nothing. */
static bool connected_to_itself(int fd)
{
	struct sockaddr_storage a, b;
	socklen_t la = sizeof(a), lb = sizeof(b);

	if (getsockname(fd, (struct sockaddr *)&a, &la) < 0 ||
	    getpeername(fd, (struct sockaddr *)&b, &lb) < 0 || la != lb)
		return false;
	if (a.ss_family == AF_INET)
		return memcmp(&((struct sockaddr_in *)&a)->sin_addr,
			      &((struct sockaddr_in *)&b)->sin_addr, 4) == 0 &&
		       ((struct sockaddr_in *)&a)->sin_port == ((struct sockaddr_in *)&b)->sin_port;
	if (a.ss_family == AF_INET6)
		return memcmp(&((struct sockaddr_in6 *)&a)->sin6_addr,
			      &((struct sockaddr_in6 *)&b)->sin6_addr, 16) == 0 &&
		       ((struct sockaddr_in6 *)&a)->sin6_port ==
			       ((struct sockaddr_in6 *)&b)->sin6_port;
	return false;
}

int np_run_connect(struct np_run *run)
{
	if (np_sock_connect(run->fd, (const struct sockaddr *)&run->peer,
			    run->peer_len, NP_IDLE_TIMEOUT_S * 1000) < 0)
		return np_run_fail(run, "connect", errno);
	if (connected_to_itself(run->fd))
		return np_run_fail(run, "connect (to itself: -- -P gave the local port the server's "
			"on one address; use -- -P ,port)", EADDRINUSE);
	return 0;
}

int np_run_bind_local(struct np_run *run, int fd)
{
	const unsigned span = run->port_min ? run->port_max - run->port_min + 1u : 1u;

	if (run->local_len == 0)
		return 0;
	for (unsigned tries = 0; tries < span; tries++) {
		if (run->port_min) {
			if (run->port_next < run->port_min || run->port_next > run->port_max)
				run->port_next = run->port_min;
			if (run->port_next == run->port_skip && span > 1) {
				run->port_next++;
				continue;
			}
			np_addr_set_port((struct sockaddr *)&run->local, run->port_next++);
		}
		if (bind(fd, (const struct sockaddr *)&run->local, run->local_len) == 0)
			return 0;
		/* A port of the range in use: the next, as netperf does. */
		if (errno != EADDRINUSE || !run->port_min)
			break;
	}
	return np_run_fail(run, "bind", errno);
}

int np_run_open_bound(struct np_run *run)
{
	char why[sizeof(run->err_text) + 64];
	int fd = np_sock_open(run->sopts, why, sizeof(why));

	if (fd < 0) {
		const int err = errno;
		/* why is "option: strerror"; the error's text adds the latter. */
		const char *tail = strerror(err);
		const size_t wl = strlen(why), tl = strlen(tail);

		if (wl > tl + 2 && strcmp(why + wl - tl, tail) == 0 &&
		    why[wl - tl - 2] == ':')
			why[wl - tl - 2] = '\0';
		if (run->err == 0) {
			snprintf(run->err_text, sizeof(run->err_text), "%s", why);
			return np_run_fail(run, run->err_text, err);
		}
		return -1;
	}
	if (np_run_bind_local(run, fd) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int np_run_expire_setup(struct np_run *run, int fd)
{
	struct timeval tv;

	if (run->rr_timeout <= 0 || run->rr_timeout >= NP_WAKE_MS / 1000.0)
		return 0;
	tv.tv_sec = (time_t)run->rr_timeout;
	tv.tv_usec = (suseconds_t)((run->rr_timeout - (double)tv.tv_sec) * 1e6);
	run->wake_s = run->rr_timeout;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) < 0)
		return np_run_fail(run, "setsockopt SO_RCVTIMEO", errno);
	return 0;
}

int np_run_linger(struct np_run *run, np_linger_fn serve, void *ctx)
{
	const double end = np_now() + run->linger;
	struct pollfd p = { .fd = run->fd, .events = POLLIN };

	while (np_now() < end && !np_run_count_done(run, run->c.trans)) {
		int n = poll(&p, 1, NP_LINGER_PAUSE_MS);
		int rc;

		if (n == 0)
			run->idle_tail = NP_LINGER_PAUSE_MS / 1000.0;
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
		if (n < 0)
			continue;
		if ((rc = serve(run, ctx)) != 0)
			return rc < 0 ? -1 : 0;
	}
	return 0;
}

void np_run_restart_timer(struct np_run *run)
{
	if (run->timed && run->watch) {
		np_watch_restart(run->watch, run->length);
		run->pad = 0;
	}
}

bool np_run_peer_ok(struct np_run *run, const struct sockaddr *sa)
{
	if (run->peers == NULL || np_peers_allow(run->peers, sa))
		return true;
	if (run->strangers++ == 0)
		memcpy(&run->stranger, sa, sa->sa_family == AF_INET6
			? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in));
	return false;
}

int np_run_accept_peer(struct np_run *run)
{
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	int c = accept(run->fd, (struct sockaddr *)&from, &flen);

	if (c < 0)
		return -1;
	if (!np_run_peer_ok(run, (struct sockaddr *)&from)) {
		close(c);
		errno = ECONNABORTED;
		return -1;
	}
	(void)fcntl(c, F_SETFD, FD_CLOEXEC);
	return c;
}

int np_run_accept(struct np_run *run)
{
	for (;;) {
		int c = np_run_accept_peer(run);
		enum np_io io;

		if (c >= 0) {
			run->conn = c;
			return 1;
		}
		if ((io = np_run_io_error(run, "accept", errno, NP_IO_ACCEPT)) != NP_IO_RETRY)
			return io == NP_IO_FAILED ? -1 : 0;
	}
}

static bool same_sender(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return false;
	if (a->ss_family == AF_INET6)
		return memcmp(a, b, sizeof(struct sockaddr_in6)) == 0;
	return memcmp(a, b, sizeof(struct sockaddr_in)) == 0;
}

/* recvfrom() into a zeroed address, so that whole addresses compare. */
static ssize_t recv_from(struct np_run *run, size_t len, int flags,
			 struct sockaddr_storage *from, socklen_t *flen)
{
	memset(from, 0, sizeof(*from));
	*flen = sizeof(*from);
	return recvfrom(run->fd, run->rbuf, len, flags, (struct sockaddr *)from, flen);
}

/* How many datagrams a UDP socket's receive queue can hold at most: the
 * buffer over the smallest truesize a datagram has (well over 256). */
static long backlog_bound(int fd)
{
	int rcv = 0;

	np_sock_bufsizes(fd, NULL, &rcv);
	return (rcv > 0 ? rcv : 1 << 20) / 256 + 16;
}

int np_run_udp_lock(struct np_run *run, size_t len, np_take_fn take)
{
	struct sockaddr_storage peer, from;
	socklen_t plen;
	ssize_t n;
	long queued;
	int rc;

	for (;;) {
		n = recv_from(run, len, 0, &peer, &plen);
		if (n < 0) {
			enum np_io io = np_run_io_error(run, "recv", errno, NP_IO_STOP_WINS);

			if (io == NP_IO_RETRY)
				continue;
			return io == NP_IO_FAILED ? -1 : 1;
		}
		/* An empty datagram before any data is a previous run's end
		 * marker; the echo of a proof sent again, a late one. */
		if (np_run_peer_ok(run, (struct sockaddr *)&peer) && n > 0 &&
		    !np_proof_late_echo(run->proof, run->rbuf, n))
			break;
		/* A third party's flood must not outlast the test. */
		if (np_run_stopped(run))
			return 1;
	}
	if (connect(run->fd, (struct sockaddr *)&peer, plen) < 0)
		return np_run_fail(run, "connect", errno);
	np_run_restart_timer(run);
	/* The connect filters what arrives from now on, not what waits: at
	 * most what the receive buffer can hold, which bounds this loop
	 * (the client keeps sending; the fast loop takes over from here). */
	for (queued = backlog_bound(run->fd);;) {
		if ((rc = take(run, n)) != 0)
			return rc;
		for (;;) {
			if (queued-- <= 0)
				return 0;
			n = recv_from(run, len, MSG_DONTWAIT, &from, &plen);
			if (n < 0 || same_sender(&from, &peer))
				break;
			/* A stranger's (counted), or the client's from another
			 * port (a previous run's). */
			(void)np_run_peer_ok(run, (struct sockaddr *)&from);
		}
		/* Nothing more queued, or the client has gone already. */
		if (n < 0)
			return np_run_io_error(run, "recv", errno, NP_IO_OWN_TIME | NP_IO_PEER) ==
			       NP_IO_FAILED ? -1 : 0;
	}
}

int np_run_udp_tail(struct np_run *run, size_t len, np_take_fn take)
{
	struct pollfd p = { .fd = run->fd, .events = POLLIN };
	double last = np_now();
	const double hard = last + NP_UDP_TAIL_MAX_S;

	/* The end has passed: this loop keeps its own time. */
	if (run->watch)
		np_watch_disarm(run->watch);
	for (;;) {
		ssize_t n = np_recv(run->fd, run->rbuf, len, MSG_DONTWAIT);
		double now = np_now();
		int ms;

		if (n >= 0) {
			int rc = take(run, n);

			if (rc != 0)
				return rc < 0 ? -1 : 0;
			last = now;
		} else {
			switch (np_run_io_error(run, "recv", errno, NP_IO_OWN_TIME | NP_IO_PEER)) {
			case NP_IO_RETRY:
				break;          /* nothing queued: wait below */
			case NP_IO_FAILED:
				return -1;
			default:
				return 0;       /* the client has gone */
			}
		}
		/* A client that keeps sending is cut at the hard deadline. */
		if (now >= hard || np_run_peer_gone(run))
			return 0;
		if (n >= 0)
			continue;
		ms = (int)((last + NP_UDP_TAIL_QUIET_S - now) * 1000.0);
		if (ms <= 0) {
			run->idle_tail = now - last;
			return 0;
		}
		if (poll(&p, 1, ms) < 0 && errno != EINTR)
			return np_run_fail(run, "poll", errno);
	}
}

void np_run_udp_end(struct np_run *run)
{
	for (int i = 0; i < 3; i++)
		(void)np_send(run->fd, run->sbuf, 0, MSG_NOSIGNAL);
}

int np_run_drain(struct np_run *run, int fd)
{
	/* After the test: reading the clock per recv costs nothing here, and
	 * a peer that trickles data must not hold us past the deadline. */
	double deadline = np_now() + NP_IDLE_TIMEOUT_S;

	while (np_now() < deadline) {
		ssize_t n = np_recv(fd, run->rbuf, run->rbuf_len, 0);
		enum np_io io;

		if (n == 0)
			return 0;
		if (n > 0)
			continue;
		/* A reset is the peer's close too. */
		if ((io = np_run_io_error(run, "waiting for the peer to close", errno,
					  NP_IO_OWN_TIME | NP_IO_PEER)) != NP_IO_RETRY)
			return io == NP_IO_FAILED ? -1 : 0;
	}
	return np_run_fail(run, "waiting for the peer to close", ETIMEDOUT);
}
