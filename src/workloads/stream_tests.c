/*
 * stream_tests.c - TCP_STREAM, TCP_MAERTS and UDP_STREAM: one side sends
 * as fast as it can, the other counts what arrives.
 *
 * Two loops serve all six roles: send_loop and recv_loop; a variant in a
 * file of its own sends with np_stream_send (stream.h).  They read only
 * their run's flags and allocate nothing; their fast path prints nothing
 * (a -D tick's line comes from the run's on_tick, run.h) and reads the
 * clock only when netperf is asked for latency figures (-j, or a latency
 * output selector): then each data call is timed, as netperf 2.7.1 does.
 * The end of a test, as netperf 2.7 does it: TCP half-closes and the
 * receiver closes on EOF; UDP sends three zero-length datagrams and the
 * receiver stops at the first.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/kcall.h"
#include "base/sendfile.h"
#include "base/sock.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "run/busypoll.h"
#include "run/mmsg.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "run/zerocopy.h"
#include "wire/wire.h"
#include "workloads/stream.h"

/* What ends a send loop besides the timer and the count. */
enum peer_close { PEER_CLOSE_FAILS, PEER_CLOSE_ENDS };

/* TCP_SENDFILE's send: the next size bytes of its file, round again at
 * its end.  A file emptied under us fails (ENODATA, or sendfile.h's
 * stand-in) rather than spin without sending. */
static ssize_t send_file(int fd, int file_fd, off_t *off, size_t size)
{
	ssize_t n = np_sendfile(fd, file_fd, off, size);

	if (n == 0) {
		*off = 0;
		n = np_sendfile(fd, file_fd, off, size);
		if (n == 0) {
			errno = NP_SENDFILE_EMPTY;
			return -1;
		}
	}
	return n;
}

/* -j, or a latency output selector: each data call timed, as netperf
 * 2.7.1 times every send() (recv() in TCP_MAERTS) of a stream test into
 * the run's histogram.  Two clock reads per call, only then: the loops
 * below are inlined with timed a constant, so the plain ones read none. */
static NP_HOT_INLINE uint64_t call_start(bool timed)
{
	return timed ? np_run_clock_ns() : 0;
}

static NP_HOT_INLINE void call_done(struct np_run *run, bool timed, uint64_t t0)
{
	if (timed)
		np_hist_add(run->hist, np_run_clock_ns() - t0);
}

/* Inlined into each caller, so that the constants from_file, timed, zc
 * (NULL: plain sends) and more (send flags a variant adds: MSG_DONTWAIT,
 * whose EAGAIN only says the socket is full) cost the plain send loop
 * nothing.
 *
 * With zc the sends are MSG_ZEROCOPY: the kernel sends from buf's pages
 * until the send's completion comes.  The loop never writes buf, so the
 * next send may take the same pages at once; completions are read only
 * to stay within the pinned-page budget (zerocopy.h) and to count. */
static NP_HOT_INLINE int send_loop_with(struct np_run *run, int fd, bool udp,
					enum peer_close pc, bool from_file, bool timed,
					struct np_zc *zc, int more)
{
	const char *buf = run->sbuf;
	const size_t size = (size_t)run->send_size;
	const uint64_t limit = run->count > 0 ? (uint64_t)run->count : UINT64_MAX;
	const int flags = MSG_NOSIGNAL | more | (zc ? NP_MSG_ZEROCOPY : 0);
	struct np_counters *c = &run->c;
	off_t off = 0;

	while (!np_run_stopped(run) && c->bytes_sent < limit) {
		ssize_t n;
		uint64_t t0;

		if (zc && np_zc_full(zc) && np_zc_reap(run, zc, fd) < 0)
			return -1;
		t0 = call_start(timed);
		n = from_file ? send_file(fd, run->file_fd, &off, size)
			      : np_send(fd, buf, size, flags);
		if (n >= 0) {
			call_done(run, timed, t0);
			c->bytes_sent += (uint64_t)n;
			c->send_calls++;
			if (zc)
				zc->sent++;  /* the kernel numbered it */
			continue;
		}
		/* Too many pages pinned: wait for completions, send again. */
		if (zc && errno == ENOBUFS) {
			if (np_zc_nobufs(run, zc, fd) < 0)
				return -1;
			continue;
		}
		switch (np_run_io_error(run, "send", errno, (udp ? NP_IO_UDP : 0u) |
				       (pc == PEER_CLOSE_ENDS ? NP_IO_PEER : 0u) |
				       (more & MSG_DONTWAIT ? NP_IO_OWN_TIME : 0u))) {
		case NP_IO_LOST:
			/* 2.7.1 counts a datagram the kernel dropped as a send. */
			call_done(run, timed, t0);
			continue;
		case NP_IO_RETRY:
			continue;
		case NP_IO_FAILED:
			return -1;
		default:
			return 0;
		}
	}
	return 0;
}

static NP_HOT_INLINE int send_loop(struct np_run *run, int fd, bool udp, enum peer_close pc,
				   bool from_file)
{
	return run->hist ? send_loop_with(run, fd, udp, pc, from_file, true, NULL, 0)
			 : send_loop_with(run, fd, udp, pc, from_file, false, NULL, 0);
}

/* Until EOF / an empty datagram, the timer, or limit bytes.  *eof says
 * whether the peer's end was seen.  flags: np_run_io_error's, for the
 * peer's reset (NP_IO_PEER: the client going away, a normal end) and a
 * long silence (NP_IO_IDLE_ENDS: the end markers were lost).  spin:
 * --busy-poll's (UDP_STREAM's netserver), NULL for a plain loop;
 * inlined, so that a constant NULL leaves no look at it per receive. */
static NP_HOT_INLINE int recv_loop_with(struct np_run *run, int fd, uint64_t limit,
					unsigned flags, struct np_spin *spin, bool timed,
					bool *eof)
{
	char *buf = run->rbuf;
	const size_t size = (size_t)run->recv_size;
	struct np_counters *c = &run->c;

	*eof = false;
	while (!np_run_stopped(run) && c->bytes_recv < limit) {
		const uint64_t t0 = call_start(timed);
		ssize_t n = np_spin_recv(run, spin, fd, buf, size);

		if (n > 0) {
			call_done(run, timed, t0);
			c->bytes_recv += (uint64_t)n;
			c->recv_calls++;
			continue;
		}
		switch (n == 0 ? NP_IO_PEER_CLOSED : np_run_io_error(run, "recv", errno, flags)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_PEER_CLOSED:
			*eof = true;
			return 0;
		case NP_IO_FAILED:
			return -1;
		default:
			return 0;
		}
	}
	return 0;
}

static NP_HOT_INLINE int recv_loop(struct np_run *run, int fd, uint64_t limit,
				   unsigned flags, struct np_spin *spin, bool *eof)
{
	return recv_loop_with(run, fd, limit, flags, spin, false, eof);
}

static uint64_t count_limit(const struct np_run *run)
{
	return run->count > 0 ? (uint64_t)run->count : UINT64_MAX;
}

/* netperf: send, half-close, then wait for the receiver's EOF; the clock
 * stops only when everything sent has been taken.  --zerocopy: its
 * completions still out are read after that, before the socket closes. */
static NP_HOT_INLINE int tcp_send_client(struct np_run *run, bool from_file)
{
	const bool zerocopy = !from_file && np_test_param(run->test, run->params, "zerocopy");
	struct np_zc zc;
	int rc;

	/* Before the connection, as the kernel's own tests set it. */
	if (zerocopy && np_zc_start(run, &zc, run->fd, (size_t)run->send_size) < 0)
		return -1;
	if (np_run_connect(run) < 0)
		return -1;
	rc = !zerocopy ? send_loop(run, run->fd, false, PEER_CLOSE_FAILS, from_file)
	   : run->hist ? send_loop_with(run, run->fd, false, PEER_CLOSE_FAILS, false, true, &zc, 0)
		       : send_loop_with(run, run->fd, false, PEER_CLOSE_FAILS, false, false, &zc, 0);
	if (rc < 0)
		return -1;
	if (shutdown(run->fd, SHUT_WR) < 0)
		return np_run_fail(run, "shutdown", errno);
	rc = np_run_drain(run, run->fd);
	if (zerocopy && rc == 0)
		np_zc_finish(run, &zc, run->fd);
	return rc;
}

static int tcp_stream_client(struct np_run *run)
{
	return tcp_send_client(run, false);
}

/* TCP_STREAM with sendfile(2): the kernel reads the file, no copy from
 * user space. */
static int tcp_sendfile_client(struct np_run *run)
{
	/* sendfile(2) has no MSG_NOSIGNAL, and netperf keeps SIGPIPE's
	 * default (for "netperf | head"): a peer's reset must be an EPIPE
	 * reported, not a silent death.  One that came is taken, without
	 * waiting, by the backend (sendfile.h). */
	sigset_t pipe_set, old;
	int rc;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	rc = tcp_send_client(run, true);
	np_sendfile_take_sigpipe(&pipe_set);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

/* The client's EOF ends the test, whatever the count: it sends at least
 * that much and then half-closes. */
static int tcp_stream_server(struct np_run *run)
{
	bool eof;
	int rc = np_run_accept(run);

	if (rc <= 0)
		return rc;
	return recv_loop(run, run->conn, UINT64_MAX, NP_IO_PEER, NULL, &eof);
}

/* netperf receives until netserver's timer closes the connection; draining
 * to EOF (rather than closing with data unread, which resets the
 * connection) is what keeps a reference netserver alive. */
static int tcp_maerts_client(struct np_run *run)
{
	bool eof;

	if (np_run_connect(run) < 0)
		return -1;
	if ((run->hist ? recv_loop_with(run, run->fd, count_limit(run), 0, NULL, true, &eof)
		       : recv_loop(run, run->fd, count_limit(run), 0, NULL, &eof)) < 0)
		return -1;
	return eof ? 0 : np_run_drain(run, run->fd);
}

/* --zerocopy as the client asked it: the completions come as the client
 * reads, which it does until our close. */
static int tcp_maerts_server(struct np_run *run)
{
	struct np_zc zc;
	int rc = np_run_accept(run);

	if (rc <= 0)
		return rc;
	/* The test's length counts from the connection: sending as long as
	 * the client measures. */
	np_run_restart_timer(run);
	if (!np_test_param(run->test, run->params, "zerocopy"))
		return send_loop(run, run->conn, false, PEER_CLOSE_ENDS, false);
	if (np_zc_start(run, &zc, run->conn, (size_t)run->send_size) < 0)
		return -1;
	rc = send_loop_with(run, run->conn, false, PEER_CLOSE_ENDS, false, false, &zc, 0);
	if (rc == 0)
		np_zc_finish(run, &zc, run->conn);
	return rc;
}

/* The order of udp_stream_options (below): run->params[i]. */
enum { UDP_STREAM_BATCH, UDP_STREAM_GSO };

static int udp_mmsg_client(struct np_run *run);
static int udp_mmsg_server(struct np_run *run);

/* A stream test's sender, its own end included: TCP half-closes and
 * waits for the receiver's EOF, UDP sends its end markers.  The UDP
 * socket is connected: the kernel skips a route lookup per datagram, and
 * nothing changes on the wire. */
static NP_HOT_INLINE int stream_send(struct np_run *run, bool udp, int flags)
{
	int rc;

	if (np_run_connect(run) < 0)
		return -1;
	rc = run->hist ? send_loop_with(run, run->fd, udp, PEER_CLOSE_FAILS, false, true, NULL, flags)
		       : send_loop_with(run, run->fd, udp, PEER_CLOSE_FAILS, false, false, NULL, flags);
	if (udp) {
		np_run_udp_end(run);
		return rc;
	}
	if (rc < 0)
		return -1;
	if (shutdown(run->fd, SHUT_WR) < 0)
		return np_run_fail(run, "shutdown", errno);
	return np_run_drain(run, run->fd);
}

/* For a variant: its flags are not known here, so its loop is the one
 * with them in a register; UDP_STREAM's own is inlined with constants
 * (a plain send loop of about 20 instructions a datagram, not 23). */
int np_stream_send(struct np_run *run, int flags)
{
	return stream_send(run, run->test->sock_type == SOCK_DGRAM, flags);
}

static int udp_stream_client(struct np_run *run)
{
	if (run->params[UDP_STREAM_BATCH] > 1 || run->params[UDP_STREAM_GSO] > 0)
		return udp_mmsg_client(run);
	return stream_send(run, true, 0);
}

/* One datagram for np_run_udp_lock and np_run_udp_tail. */
static NP_HOT_INLINE int udp_stream_take(struct np_run *run, ssize_t n)
{
	if (n == 0)
		return 1;
	run->c.bytes_recv += (uint64_t)n;
	run->c.recv_calls++;
	return np_run_count_done(run, run->c.bytes_recv) ? 1 : 0;
}

/* Only the client's datagrams count (the socket is connected to it), so
 * a third party can neither inflate the count nor end the test with an
 * empty datagram. */
static int udp_stream_server(struct np_run *run)
{
	const size_t len = (size_t)run->recv_size;
	struct np_spin spin;
	int rc;
	bool eof;

	if (run->params[UDP_STREAM_BATCH] > 1 || run->params[UDP_STREAM_GSO] > 0)
		return udp_mmsg_server(run);
	rc = np_run_udp_lock(run, len, udp_stream_take);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	np_spin_init(&spin, run);
	/* Two copies: the plain one never looks at the spin. */
	rc = spin.on ? recv_loop(run, run->fd, count_limit(run), NP_IO_IDLE_ENDS, &spin, &eof)
		     : recv_loop(run, run->fd, count_limit(run), NP_IO_IDLE_ENDS, NULL, &eof);
	if (rc < 0)
		return -1;
	if (!eof && run->timed && np_run_stopped(run))
		return np_run_udp_tail(run, len, udp_stream_take);
	return 0;
}

/*
 * --batch N, --gso SIZE: several datagrams per system call.  The calls
 * (send_calls, recv_calls) count datagrams, as the report does; syscalls
 * counts the calls that carried them.
 */

/* N messages of -m bytes per sendmmsg(2), all from the one send buffer;
 * with --gso each message leaves as segs datagrams. */
static int udp_mmsg_send_loop(struct np_run *run, struct np_mmsg *tx, uint64_t segs,
			      const char *what)
{
	const uint64_t size = run->send_size > 0 ? (uint64_t)run->send_size : 1;
	const uint64_t limit = count_limit(run);
	struct np_counters *c = &run->c;

	while (!np_run_stopped(run) && c->bytes_sent < limit) {
		unsigned v = tx->n;
		uint64_t t0;
		int n;

		/* -l -N: no more messages than the count needs. */
		if (run->count > 0 && (limit - c->bytes_sent + size - 1) / size < v)
			v = (unsigned)((limit - c->bytes_sent + size - 1) / size);
		t0 = run->hist ? np_run_clock_ns() : 0;
		n = np_sendmmsg(run->fd, tx->hdr, v, MSG_NOSIGNAL);
		/* -j: a sample per call, which carried several datagrams. */
		if (run->hist && (n >= 0 || errno == ENOBUFS))
			np_hist_add(run->hist, np_run_clock_ns() - t0);
		if (n >= 0) {
			c->bytes_sent += (uint64_t)n * size;
			c->send_calls += (uint64_t)n * segs;
			c->syscalls++;
			continue;
		}
		/* A partial send returned its count above; the message that
		 * failed is the next call's first. */
		switch (np_run_io_error(run, what, errno, NP_IO_UDP)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_LOST:
			c->failed_sends += segs - 1;   /* the message's datagrams */
			continue;
		case NP_IO_FAILED:
			return -1;
		default:
			return 0;
		}
	}
	return 0;
}

static int udp_mmsg_client(struct np_run *run)
{
	struct np_mmsg tx;
	const int gso = run->params[UDP_STREAM_GSO];
	const char *what = "sendmmsg";
	int rc;

	if (np_run_connect(run) < 0)
		return -1;
	if (gso > 0 && np_gso_client_setup(run, gso, &what) < 0)
		return -1;
	np_mmsg_init(&tx, run->sbuf, (size_t)run->send_size,
		     (unsigned)run->params[UDP_STREAM_BATCH], NULL);
	rc = udp_mmsg_send_loop(run, &tx, np_mmsg_segments((uint64_t)run->send_size,
							   (uint64_t)gso), what);
	np_run_udp_end(run);
	return rc;
}

/* Until an empty datagram (anywhere in a batch), the timer, or the
 * count.  With control buffers (UDP_GRO), a message may hold several
 * datagrams: its control message says their size. */
static int udp_mmsg_recv_loop(struct np_run *run, struct np_mmsg *rx, bool *eof)
{
	const uint64_t limit = count_limit(run);
	struct np_counters *c = &run->c;
	struct np_spin spin;
	int got = 0;

	*eof = false;
	np_spin_init(&spin, run);
	while (!np_run_stopped(run) && c->bytes_recv < limit) {
		/* --busy-poll: MSG_DONTWAIT polls, no sleep for the sender's
		 * next datagram to end with a wake-up. */
		const int flags = np_spin_flags(&spin, MSG_WAITFORONE);

		/* The kernel wrote back the control length each one used. */
		for (int i = 0; rx->ctl && i < got; i++)
			rx->hdr[i].msg_hdr.msg_controllen = sizeof(rx->ctl[i].buf);
		got = np_recvmmsg(run->fd, rx->hdr, rx->n, flags);
		if (got > 0) {
			c->syscalls++;
			np_spin_got(&spin);
			for (int i = 0; i < got; i++) {
				const size_t n = rx->hdr[i].msg_len;

				if (n == 0) {
					*eof = true;
					return 0;
				}
				c->bytes_recv += n;
				c->recv_calls += rx->ctl ? np_mmsg_datagrams(&rx->hdr[i].msg_hdr, n) : 1;
			}
			continue;
		}
		got = 0;
		if (flags == MSG_DONTWAIT && errno == EAGAIN && np_spin_again(run, &spin))
			continue;
		switch (np_run_io_error(run, "recvmmsg", errno, NP_IO_IDLE_ENDS)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_FAILED:
			return -1;
		default:
			return 0;
		}
	}
	return 0;
}

/* Lock and tail: one datagram per plain call, or with --gso, once
 * UDP_GRO is on, a coalesced message of --gso-byte segments (one send's:
 * on the loopback the sender's segments arrive as it sent them). */
static NP_HOT_INLINE int udp_mmsg_take(struct np_run *run, ssize_t n)
{
	if (n == 0)
		return 1;
	run->c.bytes_recv += (uint64_t)n;
	run->c.recv_calls += np_mmsg_segments((uint64_t)n, (uint64_t)run->params[UDP_STREAM_GSO]);
	run->c.syscalls++;
	return np_run_count_done(run, run->c.bytes_recv) ? 1 : 0;
}

/*
 * recvmmsg(2) of up to N datagrams, the first waiting as the plain loop's
 * recv does.  Every entry reads into the one receive buffer: the contents
 * are never looked at, and N buffers of 64 KiB would be 64 MiB a session.
 * The vectors are fixed arrays here on the stack (about 90 KiB), nothing
 * allocated.  np_run_udp_lock and np_run_udp_tail as in the plain server.
 */
static int udp_mmsg_server(struct np_run *run)
{
	struct np_mmsg rx;
	union np_mmsg_ctl ctl[NP_MMSG_MAX];
	const bool gro = run->params[UDP_STREAM_GSO] > 0;
	/* A coalesced message is up to 64 KiB, whatever -M says. */
	const size_t len = gro ? run->rbuf_len : (size_t)run->recv_size;
	int rc = np_run_udp_lock(run, (size_t)run->recv_size, udp_mmsg_take);
	bool eof;

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	/* Only now: what came before was queued as plain datagrams, which
	 * the lock counted one by one. */
	if (gro && np_gro_set(run->fd) < 0)
		return np_run_fail(run, "setsockopt UDP_GRO (--gso)", errno);
	np_mmsg_init(&rx, run->rbuf, len, (unsigned)run->params[UDP_STREAM_BATCH],
		     gro ? ctl : NULL);
	if (udp_mmsg_recv_loop(run, &rx, &eof) < 0)
		return -1;
	if (!eof && run->timed && np_run_stopped(run))
		return np_run_udp_tail(run, len, udp_mmsg_take);
	return 0;
}

/* Each test's own options (reqfields.c's rows); they reach netserver-ng
 * in the request. */
static const struct np_reqfield *const tcp_stream_options[] = {
	&np_field_zerocopy, &np_field_remote_lowat, NULL,
};

/* netserver sends: its sends are the ones --zerocopy changes. */
static const struct np_reqfield *const tcp_maerts_options[] = {
	&np_field_zerocopy, NULL,
};

static const struct np_reqfield *const udp_stream_options[] = {
	&np_field_batch, &np_field_gso, &np_field_busy_poll, NULL,
};

const struct np_test np_test_tcp_stream = {
	.name = "TCP_STREAM",
	.title = "MIGRATED TCP STREAM TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_RECV,
	.options = tcp_stream_options,
	.client_run = tcp_stream_client,
	.server_run = tcp_stream_server,
};
const struct np_test_view np_view_tcp_stream = {
	.test = &np_test_tcp_stream,
	.derive = np_metrics_derive_send,
	.print_table = np_report_stream_table,
	.print_brief = np_report_stream_brief,
};

/* netserver runs TCP_STREAM's loop for it: the request is TCP_STREAM's
 * with the sendfile flag. */
const struct np_test np_test_tcp_sendfile = {
	.name = "TCP_SENDFILE",
	.title = "TCP SENDFILE TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_RECV,
	.served_as = &np_test_tcp_stream,
	.sendfile = true,
	.client_run = tcp_sendfile_client,
	.server_run = tcp_stream_server,
};
const struct np_test_view np_view_tcp_sendfile = {
	.test = &np_test_tcp_sendfile,
	.derive = np_metrics_derive_send,
	.print_table = np_report_stream_table,
	.print_brief = np_report_stream_brief,
};

/* netperf 2.7.1's TCP_MSS: a connection, one send, and its MSS. */
const struct np_test np_test_tcp_mss = {
	.name = "TCP_MSS",
	.title = "TCP MSS TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_RECV,
	.served_as = &np_test_tcp_stream,
	.length = -1,
	.client_run = tcp_stream_client,
	.server_run = tcp_stream_server,
};
const struct np_test_view np_view_tcp_mss = {
	.test = &np_test_tcp_mss,
	.derive = np_metrics_derive_send,
	.print_table = np_report_mss_table,
	.print_brief = np_report_mss_brief,
};

const struct np_test np_test_tcp_maerts = {
	.name = "TCP_MAERTS",
	.title = "MIGRATED TCP MAERTS TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_XMIT,
	.options = tcp_maerts_options,
	.client_run = tcp_maerts_client,
	.server_run = tcp_maerts_server,
};
const struct np_test_view np_view_tcp_maerts = {
	.test = &np_test_tcp_maerts,
	.derive = np_metrics_derive_receive,
	.print_table = np_report_maerts_table,
	.print_brief = np_report_stream_brief,
};

const struct np_test np_test_udp_stream = {
	.name = "UDP_STREAM",
	.title = "MIGRATED UDP STREAM TEST",
	.sock_type = SOCK_DGRAM,
	.protocol = IPPROTO_UDP,
	.direction = NP_DIR_RECV,
	.options = udp_stream_options,
	.client_run = udp_stream_client,
	.server_run = udp_stream_server,
};
const struct np_test_view np_view_udp_stream = {
	.test = &np_test_udp_stream,
	.derive = np_metrics_derive_send,
	.print_table = np_report_udp_stream_table,
	.print_brief = np_report_udp_stream_brief,
};
