/*
 * udp_crr_tests.c - UDP_CRR, netperf-ng's own: TCP_CRR's pattern over UDP.
 * Each transaction is a fresh socket on a fresh port at both ends: the
 * client opens one, binds it to the next local port (as TCP_CRR does,
 * np_run_bind_local), sends the request to netserver's data port and
 * takes the response; netserver answers each request from a socket of
 * its own, bound to the address the request came to, on a port the
 * kernel picks, and connected to the client's.  What it measures is what
 * a connection costs a UDP service that opens a socket per exchange (a
 * DNS resolver's source-port randomisation, a TFTP server's per-transfer
 * port, RFC 1350): socket, bind, connect, route lookup and close.
 *
 * Why the response comes from another port, and what the client accepts:
 * a socket bound to netserver's data port besides its own would need
 * SO_REUSEADDR or SO_REUSEPORT there, which would let another process
 * share that port too (netserver never shares one: tests/data_bind.test).
 * So the response comes from netserver's address on a port of the
 * kernel's, and the client, whose socket therefore is not connected (a
 * connected UDP socket takes datagrams from one address and port alone),
 * takes a response of the test's size from netserver's data address only,
 * on any port, as a TFTP client does; anything else is dropped, and the
 * wait for the response still ends at -e's timeout, the test's end or a
 * counted run's idle timeout however many such datagrams come.
 *
 * What netserver answers: a datagram of the request's size from the
 * client's address (np_run_peer_ok), to the port it came from.  Any other
 * is dropped (run->strangers, run->dropped), and so is one netserver
 * cannot answer from the address it came to (a multicast or broadcast
 * one).  What remains is a reflector for the client's own host alone: a
 * process there, on any port, gets for each request of the test's size a
 * response of its size (-r's ratio), as it would from a UDP_RR netserver.
 * A spoofed source address gets the same, as for every UDP service;
 * --data-peer is what bounds it: with --data-peer declared, an address
 * other than the control connection's is answered only once it has
 * echoed netserver's cookie (proof.h), or with responses no larger than
 * requests (dataaddr.h, np_data_proof_need).
 *
 * Loss: a lost request or response is waited for until the test ends, as
 * UDP_RR does, or for -e's seconds (counted as a timeout, and the next
 * transaction goes); a counted run (-l -N) gives up after
 * NP_IDLE_TIMEOUT_S without a response.  There is no end marker: as for
 * TCP_CRR, netserver serves on past its timer while requests come
 * (np_run_linger) and stops after NP_LINGER_PAUSE_MS without one.
 *
 * Its requests carry UDP_RR's four fields and the extension's test id, so
 * that a netperf 2.7.1 netserver sets up UDP_RR, which netperf detects
 * and stops on (doc/extension.md).  The data calls here are the C
 * library's sendto/recvfrom/recvmsg (kcall.h has no addressed forms):
 * beside a socket's creation and close a transaction costs anyway, their
 * wrappers' cost is noise.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/dstaddr.h"
#include "base/sock.h"
#include "base/sockfd.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "run/test.h"
#include "wire/wire.h"

/* A fresh socket on the next local port: fd, or -1 with run->err set. */
static int client_socket(struct np_run *run)
{
	int fd = np_run_open_bound(run);

	if (fd >= 0 && np_run_expire_setup(run, fd) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A counted run that only loses: its own clock, off the fast path. */
static bool lost_too_long(struct np_run *run, double *lost_since)
{
	const double now = np_now();

	if (*lost_since == 0)
		*lost_since = now;
	if (run->timed || now - *lost_since < NP_IDLE_TIMEOUT_S)
		return false;
	np_run_fail(run, "recv", ETIMEDOUT);
	return true;
}

/* A datagram that is not the response (not from netserver's address, or
 * not the response's size): dropped, but the wait it cut short still
 * ends.  Off the fast path, so it reads the clock: from the transaction's
 * first such datagram (*since), -e's timeout gives the transaction up
 * (counted, as the receive's timeout does: *lost), and in a counted run
 * NP_IDLE_TIMEOUT_S fails it.  0 wait on, 1 the end or given up, -1
 * failed. */
NP_COLD static int client_stranger(struct np_run *run, double *since, bool *lost)
{
	double now;

	if (np_run_stopped(run))
		return 1;
	now = np_now();
	if (*since == 0)
		*since = now;
	if (run->rr_timeout > 0 && now - *since >= run->rr_timeout) {
		run->c.timeouts++;
		*lost = true;
		return 1;
	}
	if (!run->timed && now - *since >= NP_IDLE_TIMEOUT_S)
		return np_run_fail(run, "recv", ETIMEDOUT);
	return 0;
}

/* The response to the request just sent on fd: 0 taken, 1 the test is
 * over (or -e gave it up: *lost), -1 failed. */
static int client_response(struct np_run *run, int fd, bool *lost)
{
	struct sockaddr_storage from;
	double stranger_since = 0;

	for (;;) {
		socklen_t flen = sizeof(from);
		/* MSG_TRUNC: the datagram's own length, however long. */
		ssize_t n = recvfrom(fd, run->rbuf, run->rbuf_len, MSG_TRUNC,
				     (struct sockaddr *)&from, &flen);
		enum np_io io;
		int rc;

		if (n == run->rsp_size &&
		    np_addr_same((const struct sockaddr *)&from,
				 (const struct sockaddr *)&run->peer)) {
			run->c.bytes_recv += (uint64_t)n;
			run->c.recv_calls++;
			return 0;
		}
		if (n >= 0) {
			if ((rc = client_stranger(run, &stranger_since, lost)) != 0)
				return rc;
			continue;
		}
		if (np_run_stopped(run))
			return 1;
		io = np_run_io_error(run, "recv", errno, NP_IO_EXPIRE);
		if (io == NP_IO_RETRY)
			continue;
		*lost = io == NP_IO_LOST;
		return io == NP_IO_FAILED ? -1 : 1;
	}
}

/* One transaction on fd: 0 done, 1 the end or a lost one (*lost), -1. */
static int client_transaction(struct np_run *run, int fd, bool *lost)
{
	const size_t req = (size_t)run->req_size;
	int rc;

	*lost = false;
	while (sendto(fd, run->sbuf, req, 0, (const struct sockaddr *)&run->peer,
		      run->peer_len) < 0) {
		switch (np_run_io_error(run, "send", errno, NP_IO_UDP | NP_IO_STOP_WINS)) {
		case NP_IO_RETRY:
			continue;
		case NP_IO_LOST:
			*lost = true;   /* ENOBUFS, counted: the next goes */
			return 1;
		case NP_IO_FAILED:
			return -1;
		default:
			return 1;
		}
	}
	run->c.bytes_sent += req;
	run->c.send_calls++;
	if ((rc = client_response(run, fd, lost)) != 0)
		return rc;
	run->c.trans++;
	np_run_latency_done(run);
	return 0;
}

static int udp_crr_client(struct np_run *run)
{
	int fd = run->fd;       /* the first socket, bound by the caller */
	double lost_since = 0;
	int rc = 0;

	run->fd = -1;
	if (fd >= 0 && np_run_expire_setup(run, fd) < 0) {
		close(fd);
		return -1;
	}
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		bool lost;

		/* A transaction's time includes its socket. */
		np_run_latency_sent(run);
		if (fd < 0 && (fd = client_socket(run)) < 0)
			return -1;
		rc = client_transaction(run, fd, &lost);
		close(fd);
		fd = -1;
		if (rc == 0) {
			lost_since = 0;
			continue;
		}
		np_run_latency_unsent(run);
		if (rc < 0 || !lost)
			break;
		if (lost_too_long(run, &lost_since)) {
			rc = -1;
			break;
		}
		rc = 0;
	}
	if (fd >= 0)
		close(fd);
	return rc < 0 ? -1 : 0;
}

/* netserver: what each answering socket gets of the data socket (its
 * address, and the request's -- -R, priority and TOS). */
struct answerer {
	struct sockaddr_storage bound;  /* the data socket's address, port 0 */
	socklen_t bound_len;
	bool pktinfo;                   /* bound to the wildcard: each answer
					 * from the address its request came to */
	int dontroute, prio, tos;
};

static bool wildcard(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET6)
		return IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)ss)->sin6_addr);
	return ((const struct sockaddr_in *)ss)->sin_addr.s_addr == htonl(INADDR_ANY);
}

static int answerer_setup(struct np_run *run, struct answerer *a)
{
	const char *what;
	socklen_t len = sizeof(a->bound);
	int family;

	memset(a, 0, sizeof(*a));
	if (getsockname(run->fd, (struct sockaddr *)&a->bound, &len) < 0)
		return np_run_fail(run, "getsockname", errno);
	a->bound_len = len;
	family = a->bound.ss_family;
	np_addr_set_port((struct sockaddr *)&a->bound, 0);
	len = sizeof(int);
	(void)getsockopt(run->fd, SOL_SOCKET, SO_DONTROUTE, &a->dontroute, &len);
#ifdef SO_PRIORITY
	len = sizeof(int);
	(void)getsockopt(run->fd, SOL_SOCKET, SO_PRIORITY, &a->prio, &len);
#endif
	len = sizeof(int);
	if (family == AF_INET6)
		(void)getsockopt(run->fd, IPPROTO_IPV6, IPV6_TCLASS, &a->tos, &len);
	else
		(void)getsockopt(run->fd, IPPROTO_IP, IP_TOS, &a->tos, &len);
	/* A data socket bound to one address (the usual case: the control
	 * connection's) answers from it.  One bound to the wildcard asks the
	 * kernel where each request came to: the answer must come from
	 * there, which the client checks. */
	a->pktinfo = wildcard(&a->bound);
	if (a->pktinfo && np_dstaddr_enable(run->fd, family, &what) < 0)
		return np_run_fail(run, what, errno);
	return 0;
}

/* Where the answer to msg comes from into src (port 0): the data
 * socket's own address, or with pktinfo the local address the request
 * came to (IPv4: the one the kernel would answer from, which for a
 * broadcast or multicast request is the interface's where the system
 * says so, dstaddr.h).  false: no answer can come from there (a request
 * to a multicast address). */
static bool answer_source(const struct answerer *a, struct msghdr *msg,
			  struct sockaddr_storage *src)
{
	memcpy(src, &a->bound, sizeof(*src));
	return !a->pktinfo || np_dstaddr_read(msg, src);
}

/* The data socket's options on an answering socket, where set. */
static int answerer_options(const struct answerer *a, int fd)
{
	if (a->dontroute &&
	    setsockopt(fd, SOL_SOCKET, SO_DONTROUTE, &a->dontroute, sizeof(int)) < 0)
		return -1;
#ifdef SO_PRIORITY
	if (a->prio && setsockopt(fd, SOL_SOCKET, SO_PRIORITY, &a->prio, sizeof(int)) < 0)
		return -1;
#endif
	if (a->tos && (a->bound.ss_family == AF_INET6
		       ? setsockopt(fd, IPPROTO_IPV6, IPV6_TCLASS, &a->tos, sizeof(int))
		       : setsockopt(fd, IPPROTO_IP, IP_TOS, &a->tos, sizeof(int))) < 0)
		return -1;
	return 0;
}

/* What one datagram off the data socket came to. */
enum served {
	SERVED_ANSWERED,    /* a request, answered (or its response dropped
			     * by the kernel: ENOBUFS, counted) */
	SERVED_DROPPED,     /* no answer: empty, a stranger's, not a
			     * request's size, or not answerable from where
			     * it came */
	SERVED_RECV_ERROR,  /* the receive failed: errno says why */
	SERVED_FAILED,      /* run->err is set */
};

/* The response to a request of n bytes from to, from a socket of its own
 * bound to src.  Only what every answer would meet fails the run (no
 * socket: EMFILE and the like; the data socket's options; the send); a
 * bind or connect that this request's addresses refuse (EADDRNOTAVAIL,
 * EINVAL, EACCES...) drops it. */
static enum served answer(struct np_run *run, const struct answerer *a, ssize_t n,
			  const struct sockaddr_storage *src, const struct sockaddr_storage *to,
			  socklen_t tolen)
{
	int fd = np_socket(a->bound.ss_family, SOCK_DGRAM, IPPROTO_UDP, 0);
	const char *what;
	ssize_t sent;
	int err;

	if (fd < 0) {
		np_run_fail(run, "socket", errno);
		return SERVED_FAILED;
	}
	if (answerer_options(a, fd) < 0) {
		what = "setsockopt";
	} else if (bind(fd, (const struct sockaddr *)src, a->bound_len) < 0 ||
		   connect(fd, (const struct sockaddr *)to, tolen) < 0) {
		close(fd);
		run->dropped++;
		return SERVED_DROPPED;
	} else {
		run->c.bytes_recv += (uint64_t)n;
		run->c.recv_calls++;
		sent = send(fd, run->sbuf, (size_t)run->rsp_size, 0);
		if (sent >= 0 || errno == ENOBUFS) {
			close(fd);
			if (sent < 0) {
				run->c.failed_sends++;
				return SERVED_ANSWERED;
			}
			run->c.bytes_sent += (uint64_t)sent;
			run->c.send_calls++;
			run->c.trans++;
			return SERVED_ANSWERED;
		}
		what = "send";
	}
	err = errno;
	close(fd);
	np_run_fail(run, what, err);
	return SERVED_FAILED;
}

/* One datagram off the data socket, answered when it is a request from
 * the client.  flags: MSG_DONTWAIT in the linger. */
static enum served serve_one(struct np_run *run, const struct answerer *a, int flags)
{
	struct sockaddr_storage from, src;
	union {
		struct cmsghdr align;
		char buf[NP_DSTADDR_SPACE];
	} ctl;
	struct iovec iov = { .iov_base = run->rbuf, .iov_len = run->rbuf_len };
	struct msghdr msg = { .msg_name = &from, .msg_namelen = sizeof(from),
			      .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = ctl.buf, .msg_controllen = sizeof(ctl.buf) };
	ssize_t n;

	memset(&from, 0, sizeof(from));
	/* MSG_TRUNC: the datagram's own length, however long. */
	n = recvmsg(run->fd, &msg, flags | MSG_TRUNC);
	if (n < 0)
		return SERVED_RECV_ERROR;
	/* An empty datagram, or a stranger's (counted): no answer. */
	if (n == 0 || !np_run_peer_ok(run, (struct sockaddr *)&from))
		return SERVED_DROPPED;
	/* A proof's echo sent again is no request (proof.h).  Only a
	 * request's size is answered: where run->rsp_cap is set, the
	 * response is no larger than that already (np_data_proof_need). */
	if (np_proof_late_echo(run->proof, run->rbuf, n))
		return SERVED_DROPPED;
	if (n != run->req_size || !answer_source(a, &msg, &src)) {
		run->dropped++;
		return SERVED_DROPPED;
	}
	return answer(run, a, n, &src, &from, msg.msg_namelen);
}

/* np_run_linger's serve: a request that came after the timer. */
static int linger_one(struct np_run *run, void *ctx)
{
	/* A failed receive of its (EAGAIN after all) is no end. */
	return serve_one(run, ctx, MSG_DONTWAIT) == SERVED_FAILED ? -1 : 0;
}

static int udp_crr_server(struct np_run *run)
{
	struct answerer a;
	bool first = true;

	if (answerer_setup(run, &a) < 0)
		return -1;
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		enum np_io io;

		switch (serve_one(run, &a, 0)) {
		case SERVED_ANSWERED:
			/* The test's length counts from the first request. */
			if (first) {
				np_run_restart_timer(run);
				first = false;
			}
			continue;
		case SERVED_DROPPED:
			continue;
		case SERVED_FAILED:
			return -1;
		case SERVED_RECV_ERROR:
			break;
		}
		if ((io = np_run_io_error(run, "recv", errno, 0)) != NP_IO_RETRY) {
			if (io == NP_IO_FAILED)
				return -1;
			break;
		}
	}
	return run->linger > 0 ? np_run_linger(run, linger_one, &a) : 0;
}

const struct np_test np_test_udp_crr = {
	.name = "UDP_CRR",
	.title = "NETPERF-NG UDP Connect/Request/Response TEST",
	.sock_type = SOCK_DGRAM,
	.protocol = IPPROTO_UDP,
	.direction = NP_DIR_XMIT | NP_DIR_RECV,
	.connect_each = true,
	.rr = true,
	/* doc/extension.md, "Test ids". */
	.ext_id = 0x0001,
	.client_run = udp_crr_client,
	.server_run = udp_crr_server,
};
const struct np_test_view np_view_udp_crr = {
	.test = &np_test_udp_crr,
	.derive = np_metrics_derive_rr,
	.print_table = np_report_crr_table,
	.print_brief = np_report_crr_brief,
};
