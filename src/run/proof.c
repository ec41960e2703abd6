/*
 * proof.c - the declared data address's cookie exchange (proof.h).
 *
 * Both sides run it during set-up, with the clock read freely and every
 * wait bounded by poll(2) against one deadline.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/proof.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/random.h"
#include "base/sock.h"
#include "run/dataaddr.h"
#include "wire/wire.h"

/* The first resend of a cookie, doubled each time; an echo's resend. */
#define COOKIE_RESEND_S 0.5
#define ECHO_RESEND_S 1.0

int np_proof_new(struct np_proof *p, const struct sockaddr *to, socklen_t to_len)
{
	memset(p, 0, sizeof(*p));
	if (to_len > sizeof(p->to)) {
		errno = EINVAL;
		return -1;
	}
	memcpy(&p->to, to, to_len);
	p->to_len = to_len;
	return np_random_bytes(p->cookie, sizeof(p->cookie));
}

void np_proof_encode(uint8_t out[NP_PROOF_LEN], enum np_proof_kind kind,
		     const uint8_t cookie[NP_PROOF_COOKIE_LEN])
{
	const uint32_t magic = htonl(NP_EXT_MAGIC), k = htonl((uint32_t)kind);

	memcpy(out, &magic, 4);
	memcpy(out + 4, &k, 4);
	memcpy(out + 8, cookie, NP_PROOF_COOKIE_LEN);
}

/* The magic and the kind: not secret. */
static bool header_is(const uint8_t *b, size_t n, enum np_proof_kind kind)
{
	uint8_t want[NP_PROOF_LEN];
	static const uint8_t none[NP_PROOF_COOKIE_LEN];

	if (n != NP_PROOF_LEN)
		return false;
	np_proof_encode(want, kind, none);
	return memcmp(b, want, 8) == 0;
}

bool np_proof_is(const void *buf, size_t n, enum np_proof_kind kind,
		 const uint8_t cookie[NP_PROOF_COOKIE_LEN])
{
	const uint8_t *b = buf;
	unsigned diff = 0;

	if (!header_is(b, n, kind))
		return false;
	/* Every byte, whatever the first difference: the time taken says
	 * nothing of how much of a guess was right. */
	for (size_t i = 0; i < NP_PROOF_COOKIE_LEN; i++)
		diff |= (unsigned)(b[8 + i] ^ cookie[i]);
	return diff == 0;
}

bool np_proof_cookie_of(const void *buf, size_t n, uint8_t cookie[NP_PROOF_COOKIE_LEN])
{
	if (!header_is(buf, n, NP_PROOF_COOKIE))
		return false;
	memcpy(cookie, (const uint8_t *)buf + 8, NP_PROOF_COOKIE_LEN);
	return true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int failed(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Milliseconds from now to until, at least 0 and at most the poll's. */
static int ms_until(double now, double until)
{
	const double ms = (until - now) * 1000.0;

	return ms <= 0 ? 0 : ms > NP_PROOF_TIMEOUT_MS ? NP_PROOF_TIMEOUT_MS : (int)ms + 1;
}

/* Wait until fd is readable or until; ctl (>= 0) readable or gone is
 * the other side's end.  1 fd readable, 0 timed out, -1 ctl or failure
 * (errno, or 0 for ctl). */
static int wait_readable(int fd, int ctl, double now, double until)
{
	struct pollfd p[2] = { { .fd = fd, .events = POLLIN }, { .fd = ctl, .events = POLLIN } };
	int n = poll(p, ctl >= 0 ? 2 : 1, ms_until(now, until));

	if (n < 0)
		return errno == EINTR ? 0 : -1;
	if (ctl >= 0 && p[1].revents) {
		errno = 0;
		return -1;
	}
	return n > 0 && p[0].revents ? 1 : 0;
}

/* A datagram off fd without waiting, its sender in from: its length
 * (MSG_TRUNC: the whole datagram's), or -1 when nothing is queued. */
static ssize_t take(int fd, uint8_t *buf, size_t len, struct sockaddr_storage *from)
{
	socklen_t flen = sizeof(*from);

	memset(from, 0, sizeof(*from));
	for (;;) {
		ssize_t n = recvfrom(fd, buf, len, MSG_DONTWAIT | MSG_TRUNC,
				     (struct sockaddr *)from, &flen);

		/* An ICMP error a connected socket would see: nothing queued. */
		if (n >= 0 || errno != EINTR)
			return n;
	}
}

/* A datagram of the exchange to to; the kernel dropping it (ENOBUFS,
 * EAGAIN) is a loss the resends cover.  0, or -1 with errno. */
static int send_one(int fd, enum np_proof_kind kind, const uint8_t *cookie,
		    const struct sockaddr *to, socklen_t to_len)
{
	uint8_t m[NP_PROOF_LEN];

	np_proof_encode(m, kind, cookie);
	if (sendto(fd, m, sizeof(m), MSG_DONTWAIT | MSG_NOSIGNAL, to, to_len) >= 0 ||
	    errno == ENOBUFS || errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
		return 0;
	return -1;
}

int np_proof_server(const struct np_proof *p, int fd, int ctl, uint64_t *ignored, char *why,
		    size_t whylen)
{
	const double start = np_now(), end = start + NP_PROOF_TIMEOUT_MS / 1000.0;
	const struct sockaddr *to = (const struct sockaddr *)&p->to;
	double next = start, gap = COOKIE_RESEND_S;
	char addr[INET6_ADDRSTRLEN];
	int sent = 0;

	*ignored = 0;
	np_addr_string(to, addr, sizeof(addr));
	for (;;) {
		double now = np_now();
		uint8_t buf[NP_PROOF_LEN];
		struct sockaddr_storage from;
		ssize_t n;
		int w;

		if (sent < NP_PROOF_SENDS && now >= next) {
			if (send_one(fd, NP_PROOF_COOKIE, p->cookie, to, p->to_len) < 0)
				return failed(why, whylen, "sending the cookie to the declared data "
					      "address %s port %u: %s", addr,
					      (unsigned)np_addr_port(to), strerror(errno));
			sent++;
			next = now + gap;
			gap *= 2;
		}
		if (now >= end)
			return failed(why, whylen, "the declared data address %s port %u did not "
				      "echo netserver's cookie within %d s (%d sent; %llu other "
				      "datagrams ignored)", addr, (unsigned)np_addr_port(to),
				      NP_PROOF_TIMEOUT_MS / 1000, sent, (unsigned long long)*ignored);
		w = wait_readable(fd, ctl, now, sent < NP_PROOF_SENDS && next < end ? next : end);
		if (w < 0)
			return failed(why, whylen, "%s while the declared data address %s had "
				      "not echoed netserver's cookie", errno ? strerror(errno)
				      : "the client closed the control connection (or spoke out "
				      "of turn)", addr);
		/* Everything queued: a flood ends at the deadline all the same. */
		while (w > 0 && (n = take(fd, buf, sizeof(buf), &from)) >= 0) {
			if (np_addr_same((const struct sockaddr *)&from, to) &&
			    np_proof_is(buf, (size_t)n, NP_PROOF_ECHO, p->cookie)) {
				socklen_t flen = from.ss_family == AF_INET6
					? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);

				if (send_one(fd, NP_PROOF_ACK, p->cookie,
					     (const struct sockaddr *)&from, flen) < 0)
					return failed(why, whylen, "acknowledging the echo of %s: %s",
						      addr, strerror(errno));
				return 0;
			}
			++*ignored;
			if (np_now() >= end)
				break;
		}
	}
}

int np_proof_client(int fd, const struct sockaddr *server, socklen_t server_len, int ctl,
		    char *why, size_t whylen)
{
	const double end = np_now() + NP_PROOF_TIMEOUT_MS / 1000.0;
	const uint16_t port = np_addr_port(server);
	uint8_t cookie[NP_PROOF_COOKIE_LEN];
	bool have = false;
	double resend = 0;

	for (;;) {
		double now = np_now();
		uint8_t buf[NP_PROOF_LEN], c[NP_PROOF_COOKIE_LEN];
		struct sockaddr_storage from;
		ssize_t n;
		int w;

		if (have && now >= resend) {
			if (send_one(fd, NP_PROOF_ECHO, cookie, server, server_len) < 0)
				return failed(why, whylen, "echoing netserver's cookie: %s",
					      strerror(errno));
			resend = now + ECHO_RESEND_S;
		}
		if (now >= end)
			return failed(why, whylen, have ? "netserver did not acknowledge the "
				      "echo of its cookie within %d s" : "no cookie from netserver's "
				      "data port within %d s (does a firewall or NAT stand between "
				      "it and this address?)", NP_PROOF_TIMEOUT_MS / 1000);
		w = wait_readable(fd, ctl, now, have && resend < end ? resend : end);
		if (w < 0)
			return failed(why, whylen, "%s", errno ? strerror(errno)
				      : "netserver closed the control connection (its log says "
				      "why)");
		while (w > 0 && (n = take(fd, buf, sizeof(buf), &from)) >= 0) {
			/* From netserver's data port: a socket bound to a
			 * wildcard may send from another of its addresses. */
			if (np_addr_port((const struct sockaddr *)&from) != port)
				continue;
			if (have && np_proof_is(buf, (size_t)n, NP_PROOF_ACK, cookie))
				return 0;
			/* The first cookie, or it again (our echo was lost). */
			if (np_proof_cookie_of(buf, (size_t)n, c) &&
			    (!have || memcmp(c, cookie, sizeof(c)) == 0)) {
				memcpy(cookie, c, sizeof(c));
				have = true;
				resend = now;
			}
		}
	}
}
