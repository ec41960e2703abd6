/*
 * mconn.c - a many-flows data socket's reads and writes (mconn.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "many/mconn.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/evloop.h"
#include "base/kcall.h"
#include "base/sockfd.h"

int np_mconn_read(struct np_mconn *c, uint8_t *buf, size_t len)
{
	ssize_t n = np_recv(c->fd, buf, len, 0);
	uint64_t done;

	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
	if (n == 0 && !c->dgram) {
		errno = 0;
		return -1;
	}
	c->bytes_in += (uint64_t)n;
	c->calls_in++;
	if (c->mode == NP_MC_RECV)
		return 0;
	if (c->dgram) {
		/* Only a datagram of the unit's size is one (a set-up
		 * hello's late answer is not). */
		if ((uint64_t)n != c->in_unit)
			return 0;
		done = 1;
	} else {
		uint64_t have = (uint64_t)c->in_part + (uint64_t)n;

		done = have / c->in_unit;
		c->in_part = (uint32_t)(have % c->in_unit);
	}
	c->units += done;
	if (c->reply)
		c->out_left += done * c->out_unit;
	return (int)done;
}

int np_mconn_write(struct np_mconn *c, const uint8_t *buf, size_t len, int burst)
{
	for (int i = 0; i < burst; i++) {
		size_t want;
		ssize_t n;

		if (c->mode == NP_MC_SEND)
			want = c->out_unit < len ? c->out_unit : len;
		else if (c->out_left == 0)
			return 0;
		else if (c->dgram)
			want = c->out_unit;
		else
			want = c->out_left < len ? (size_t)c->out_left : len;
		n = np_send(c->fd, buf, want, MSG_NOSIGNAL);
		if (n < 0) {
			/* A full buffer, or a datagram the system had no
			 * room for: try again when the loop says so. */
			if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ||
			    errno == ENOBUFS)
				return 0;
			return -1;
		}
		c->bytes_out += (uint64_t)n;
		c->calls_out++;
		if (c->mode != NP_MC_SEND)
			c->out_left -= c->dgram ? c->out_unit : (uint64_t)n;
		if (c->mode == NP_MC_SEND && c->dgram)
			c->units++;
		if (!c->dgram && (size_t)n < want)
			return 0;
	}
	return 0;
}

int np_mconn_socket(int family, int type, int sndbuf, int rcvbuf, bool nodelay)
{
	int fd = np_socket(family, type, 0, NP_SOCK_NONBLOCK), one = 1;

	if (fd < 0)
		return -1;
	if ((sndbuf > 0 && setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf)) < 0) ||
	    (rcvbuf > 0 && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)) < 0) ||
	    (nodelay && type == SOCK_STREAM &&
	     setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) < 0)) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

size_t np_mconn_buflen(int32_t req, int32_t rsp, int32_t send, int32_t recv)
{
	const int32_t v[4] = { req, rsp, send, recv };
	size_t n = 65536;

	for (int i = 0; i < 4; i++)
		if (v[i] > 0 && (size_t)v[i] > n)
			n = (size_t)v[i];
	return n;
}

int np_mconn_watch(struct np_evloop *loop, struct np_mconn *c, unsigned mask)
{
	int r;

	if (mask == c->mask)
		return 0;
	if (mask == 0)
		r = np_evloop_del(loop, c->fd);
	else if (c->mask == 0)
		r = np_evloop_add(loop, c->fd, mask, c);
	else
		r = np_evloop_mod(loop, c->fd, mask, c);
	if (r == 0)
		c->mask = (uint8_t)mask;
	return r;
}
