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
 * takes a response from netserver's data address only, on any port, as a
 * TFTP client does; anything else is dropped.  netserver answers only
 * requests from the client's address (np_run_peer_ok), so nobody can use
 * it as a reflector, and the answer goes to the port the request came
 * from.
 *
 * Loss: a lost request or response is waited for until the test ends, as
 * UDP_RR does, or for -e's seconds (counted as a timeout, and the next
 * transaction goes); a counted run (-l -N) gives up after
 * NP_IDLE_TIMEOUT_S without a response.  There is no end marker: as for
 * TCP_CRR, netserver serves on past its timer while requests come
 * (run->linger) and stops after LINGER_PAUSE_MS without one.
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
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"
#include "report/metrics.h"
#include "report/report.h"
#include "run/test.h"
#include "wire/wire.h"

/* netserver: the pause after its timer that ends the test (TCP_CRR's). */
#define LINGER_PAUSE_MS 500

/* Whether a and b are one address (ports aside): the client takes a
 * response from netserver's data address alone. */
static bool same_address(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return false;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
			      &((const struct sockaddr_in6 *)b)->sin6_addr, 16) == 0;
	return a->ss_family == AF_INET &&
	       ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
		       ((const struct sockaddr_in *)b)->sin_addr.s_addr;
}

/* -e shorter than the wake period: each socket's receive waits that long. */
static int expire_setup(struct np_run *run, int fd)
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

/* A fresh socket on the next local port: fd, or -1 with run->err set. */
static int client_socket(struct np_run *run)
{
	char why[128];
	int fd = np_sock_open(run->sopts, why, sizeof(why));

	if (fd < 0)
		return np_run_fail(run, "socket", errno);
	if (np_run_bind_local(run, fd) < 0 || expire_setup(run, fd) < 0) {
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

/* The response to the request just sent on fd: 0 taken, 1 the test is
 * over (or -e gave it up: *lost), -1 failed. */
static int client_response(struct np_run *run, int fd, bool *lost)
{
	struct sockaddr_storage from;

	for (;;) {
		socklen_t flen = sizeof(from);
		ssize_t n = recvfrom(fd, run->rbuf, run->rbuf_len, 0, (struct sockaddr *)&from,
				     &flen);
		enum np_io io;

		/* Not netserver's: dropped (a flood of them must not outlast
		 * the test). */
		if (n >= 0 && !same_address(&from, &run->peer)) {
			if (np_run_stopped(run))
				return 1;
			continue;
		}
		if (n >= 0 && n != run->rsp_size)
			return np_run_fail(run, "recv (response of unexpected size)", EPROTO);
		if (n >= 0) {
			run->c.bytes_recv += (uint64_t)n;
			run->c.recv_calls++;
			return 0;
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
	if (fd >= 0 && expire_setup(run, fd) < 0) {
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

/* netserver: what each answering socket gets of the data socket's
 * options (the request's -- -R, priority and TOS). */
struct answerer {
	int family;
	struct sockaddr_storage bound;  /* the data socket's address, port 0 */
	socklen_t bound_len;
	int dontroute, prio, tos;
};

static int answerer_setup(struct np_run *run, struct answerer *a)
{
	const int on = 1;
	socklen_t len = sizeof(a->bound);

	memset(a, 0, sizeof(*a));
	if (getsockname(run->fd, (struct sockaddr *)&a->bound, &len) < 0)
		return np_run_fail(run, "getsockname", errno);
	a->bound_len = len;
	a->family = a->bound.ss_family;
	np_addr_set_port((struct sockaddr *)&a->bound, 0);
	len = sizeof(int);
	(void)getsockopt(run->fd, SOL_SOCKET, SO_DONTROUTE, &a->dontroute, &len);
#ifdef SO_PRIORITY
	len = sizeof(int);
	(void)getsockopt(run->fd, SOL_SOCKET, SO_PRIORITY, &a->prio, &len);
#endif
	len = sizeof(int);
	if (a->family == AF_INET6)
		(void)getsockopt(run->fd, IPPROTO_IPV6, IPV6_TCLASS, &a->tos, &len);
	else
		(void)getsockopt(run->fd, IPPROTO_IP, IP_TOS, &a->tos, &len);
	/* The address each request came to, for a data socket bound to the
	 * wildcard: the answer must come from it, which the client checks. */
#ifdef IPV6_RECVPKTINFO
	if (a->family == AF_INET6 &&
	    setsockopt(run->fd, IPPROTO_IPV6, IPV6_RECVPKTINFO, &on, sizeof(on)) < 0)
		return np_run_fail(run, "setsockopt IPV6_RECVPKTINFO", errno);
#endif
#ifdef IP_PKTINFO
	if (a->family == AF_INET &&
	    setsockopt(run->fd, IPPROTO_IP, IP_PKTINFO, &on, sizeof(on)) < 0)
		return np_run_fail(run, "setsockopt IP_PKTINFO", errno);
#endif
	(void)on;
	return 0;
}

/* Where the answer to msg comes from: the request's destination address
 * (port 0), or the data socket's own when the kernel did not say. */
static void answer_source(const struct answerer *a, struct msghdr *msg,
			  struct sockaddr_storage *src)
{
	memcpy(src, &a->bound, sizeof(*src));
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
#ifdef IP_PKTINFO
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo pi;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			((struct sockaddr_in *)src)->sin_addr = pi.ipi_addr;
		}
#endif
#ifdef IPV6_PKTINFO
		if (c->cmsg_level == IPPROTO_IPV6 && c->cmsg_type == IPV6_PKTINFO) {
			struct in6_pktinfo pi;
			struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)src;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			s6->sin6_addr = pi.ipi6_addr;
			s6->sin6_scope_id = IN6_IS_ADDR_LINKLOCAL(&pi.ipi6_addr)
					    ? (uint32_t)pi.ipi6_ifindex : 0;
		}
#endif
	}
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
	if (a->tos && (a->family == AF_INET6
		       ? setsockopt(fd, IPPROTO_IPV6, IPV6_TCLASS, &a->tos, sizeof(int))
		       : setsockopt(fd, IPPROTO_IP, IP_TOS, &a->tos, sizeof(int))) < 0)
		return -1;
	return 0;
}

/* The response, from a socket of its own: 0 sent (or dropped by the
 * kernel: ENOBUFS, counted), -1 failed. */
static int answer(struct np_run *run, const struct answerer *a,
		  const struct sockaddr_storage *src, const struct sockaddr_storage *to,
		  socklen_t tolen)
{
	int fd = socket(a->family, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDP);
	const char *what;
	ssize_t n;
	int err;

	if (fd < 0)
		return np_run_fail(run, "socket", errno);
	if (answerer_options(a, fd) < 0)
		what = "setsockopt";
	else if (bind(fd, (const struct sockaddr *)src, a->bound_len) < 0)
		what = "bind";
	else if (connect(fd, (const struct sockaddr *)to, tolen) < 0)
		what = "connect";
	else if ((n = send(fd, run->sbuf, (size_t)run->rsp_size, 0)) < 0 && errno != ENOBUFS)
		what = "send";
	else {
		close(fd);
		if (n < 0) {
			run->c.failed_sends++;
			return 0;
		}
		run->c.bytes_sent += (uint64_t)n;
		run->c.send_calls++;
		run->c.trans++;
		return 0;
	}
	err = errno;
	close(fd);
	return np_run_fail(run, what, err);
}

/* One datagram off the data socket, answered when it is a request from
 * the client: 0, or -1 failed.  flags: MSG_DONTWAIT in the linger.  errno
 * is the receive's when *got is false. */
static int serve_one(struct np_run *run, const struct answerer *a, int flags, bool *got)
{
	struct sockaddr_storage from, src;
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(struct in6_pktinfo)) +
			 CMSG_SPACE(sizeof(struct in_pktinfo))];
	} ctl;
	struct iovec iov = { .iov_base = run->rbuf, .iov_len = run->rbuf_len };
	struct msghdr msg = { .msg_name = &from, .msg_namelen = sizeof(from),
			      .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = ctl.buf, .msg_controllen = sizeof(ctl.buf) };
	ssize_t n;

	memset(&from, 0, sizeof(from));
	n = recvmsg(run->fd, &msg, flags);
	*got = n >= 0;
	/* An empty datagram, or a stranger's (counted): no answer. */
	if (n <= 0 || !np_run_peer_ok(run, (struct sockaddr *)&from))
		return 0;
	run->c.bytes_recv += (uint64_t)n;
	run->c.recv_calls++;
	answer_source(a, &msg, &src);
	return answer(run, a, &src, &from, msg.msg_namelen);
}

/* After the timer: the requests that still come, until a pause. */
static int server_linger(struct np_run *run, const struct answerer *a)
{
	const double end = np_now() + run->linger;
	struct pollfd p = { .fd = run->fd, .events = POLLIN };

	while (np_now() < end && !np_run_count_done(run, run->c.trans)) {
		int n = poll(&p, 1, LINGER_PAUSE_MS);
		bool got;

		if (n == 0)
			run->idle_tail = LINGER_PAUSE_MS / 1000.0;
		if (n == 0 || (n < 0 && errno != EINTR))
			break;
		if (n > 0 && serve_one(run, a, MSG_DONTWAIT, &got) < 0)
			return -1;
	}
	return 0;
}

static int udp_crr_server(struct np_run *run)
{
	struct answerer a;
	bool first = true;

	if (answerer_setup(run, &a) < 0)
		return -1;
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.trans)) {
		const uint64_t before = run->c.recv_calls;
		bool got;
		enum np_io io;

		if (serve_one(run, &a, 0, &got) < 0)
			return -1;
		/* The test's length counts from the first request. */
		if (first && run->c.recv_calls != before) {
			np_run_restart_timer(run);
			first = false;
		}
		if (got)
			continue;
		if ((io = np_run_io_error(run, "recv", errno, 0)) != NP_IO_RETRY) {
			if (io == NP_IO_FAILED)
				return -1;
			break;
		}
	}
	return run->linger > 0 ? server_linger(run, &a) : 0;
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
	.derive = np_metrics_derive_rr,
	.print_table = np_report_crr_table,
	.print_brief = np_report_crr_brief,
};
