/*
 * control.c - control-connection I/O with deadlines.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "wire/control.h"

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sockfd.h"
#include "wire/wire.h"

/* Wait for fd to be ready until end (a np_now() time, < 0 = forever).
 * 1 ready, 0 timed out, -1 error. */
static int wait_fd(int fd, short events, double end)
{
	struct pollfd p = { .fd = fd, .events = events };

	for (;;) {
		int ms = -1, n;

		if (end >= 0) {
			double left = end - np_now();

			ms = left <= 0 ? 0 : (int)(left * 1000.0) + 1;
		}
		n = poll(&p, 1, ms);
		if (n > 0)
			return 1;
		if (n == 0)
			return 0;
		if (errno != EINTR)
			return -1;
	}
}

int np_ctl_send(int fd, const uint8_t *msg, int timeout_ms)
{
	double end = np_now() + timeout_ms / 1000.0;
	size_t done = 0;

	while (done < NP_MSG_SIZE) {
		ssize_t n;
		int w = wait_fd(fd, POLLOUT, end);

		if (w == 0)
			errno = ETIMEDOUT;
		if (w <= 0)
			return -1;
		n = send(fd, msg + done, NP_MSG_SIZE - done, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
				continue;
			return -1;
		}
		done += (size_t)n;
	}
	return 0;
}

int np_ctl_recv(int fd, uint8_t *msg, int timeout_ms, size_t *got)
{
	double end = timeout_ms < 0 ? -1.0 : np_now() + timeout_ms / 1000.0;
	size_t done = 0;

	while (done < NP_MSG_SIZE) {
		ssize_t n;
		int w = wait_fd(fd, POLLIN, end);

		if (w == 0)
			errno = ETIMEDOUT;
		if (w <= 0)
			goto out;
		n = recv(fd, msg + done, NP_MSG_SIZE - done, MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
				continue;
			goto out;
		}
		if (n == 0) {
			if (got)
				*got = done;
			if (done == 0)
				return 0;
			errno = EPROTO;
			return -1;
		}
		done += (size_t)n;
	}
	if (got)
		*got = done;
	return 1;
out:
	if (got)
		*got = done;
	return -1;
}

static int bind_local(int fd, const char *lhost, uint16_t lport, int family,
		      char *why, size_t whylen)
{
	struct addrinfo *ai;
	int rc;

	if (lhost == NULL && lport == 0)
		return 0;
	if (np_resolve(lhost, lport, family, SOCK_STREAM, true, &ai, why, whylen) < 0)
		return -1;
	rc = bind(fd, ai->ai_addr, ai->ai_addrlen);
	if (rc < 0)
		snprintf(why, whylen, "bind to local %s port %u: %s",
			 lhost ? lhost : "*", (unsigned)lport, strerror(errno));
	freeaddrinfo(ai);
	return rc;
}

int np_ctl_connect(const char *host, uint16_t port, int family,
		   const char *lhost, uint16_t lport, int timeout_ms,
		   struct np_addr *peer, char *err, size_t errlen)
{
	struct addrinfo *res, *ai;
	char why[256] = "no usable address";
	char shown[INET6_ADDRSTRLEN] = "";
	int fd = -1;

	if (np_resolve(host, port, family, SOCK_STREAM, false, &res, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "connect to %s port %u: cannot resolve '%s'%s: %s",
			 host, (unsigned)port, host,
			 family == AF_INET ? " as IPv4" : family == AF_INET6 ? " as IPv6" : "",
			 why);
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		np_addr_string(ai->ai_addr, shown, sizeof(shown));
		fd = np_socket(ai->ai_family, SOCK_STREAM, IPPROTO_TCP, 0);
		if (fd < 0) {
			snprintf(why, sizeof(why), "socket: %s", strerror(errno));
			continue;
		}
		if (bind_local(fd, lhost, lport, ai->ai_family, why, sizeof(why)) < 0) {
			close(fd);
			fd = -1;
			continue;
		}
		if (np_sock_connect(fd, ai->ai_addr, ai->ai_addrlen, timeout_ms) == 0) {
			memcpy(&peer->ss, ai->ai_addr, ai->ai_addrlen);
			peer->len = ai->ai_addrlen;
			break;
		}
		snprintf(why, sizeof(why), "%s", errno == ETIMEDOUT
			 ? "no answer (timed out)" : strerror(errno));
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		/* Name the address we tried when the user gave a name. */
		if (strcmp(shown, host) != 0 && shown[0])
			snprintf(err, errlen, "connect to %s (%s) port %u: %s",
				 host, shown, (unsigned)port, why);
		else
			snprintf(err, errlen, "connect to %s port %u: %s",
				 host, (unsigned)port, why);
	}
	return fd;
}
