/*
 * test.c - the registry of tests, and what their data loops share.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"

static const struct np_test *const registry[] = {
	&np_test_tcp_stream,
	&np_test_tcp_maerts,
	&np_test_udp_stream,
	&np_test_tcp_rr,
	&np_test_tcp_crr,
	&np_test_udp_rr,
	NULL,
};

const struct np_test *np_test_find(const char *name)
{
	for (const struct np_test *const *t = registry; *t; t++)
		if (strcasecmp((*t)->name, name) == 0)
			return *t;
	return NULL;
}

const struct np_test *np_test_for_request(int sock_type, int protocol,
					  uint32_t direction, bool connect_each)
{
	for (const struct np_test *const *t = registry; *t; t++)
		if ((*t)->sock_type == sock_type && (*t)->protocol == protocol &&
		    (*t)->direction == direction && (*t)->connect_each == connect_each)
			return *t;
	return NULL;
}

const struct np_test *const *np_tests(void)
{
	return registry;
}

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

	ev->pending = 0;
	if (ev->tick) {
		int saved = errno;   /* the caller may be about to read it */

		ev->tick = 0;
		if (run->on_tick)
			run->on_tick(run);
		errno = saved;
	}
	/* Once stopped, stay on this path: every later check says so. */
	if (ev->stop)
		ev->pending = 1;
	return ev->stop != 0;
}

bool np_run_idle(struct np_run *run, const char *what)
{
	if (np_run_stopped(run))
		return false;
	if (run->timed)
		return true;
	np_run_fail(run, what, ETIMEDOUT);
	return false;
}

int np_run_connect(struct np_run *run)
{
	if (np_sock_connect(run->fd, (const struct sockaddr *)&run->peer,
			    run->peer_len, NP_IDLE_TIMEOUT_S * 1000) < 0)
		return np_run_fail(run, "connect", errno);
	return 0;
}

int np_run_accept(struct np_run *run)
{
	for (;;) {
		int c = accept(run->fd, NULL, NULL);

		if (c >= 0) {
			(void)fcntl(c, F_SETFD, FD_CLOEXEC);
			run->conn = c;
			return 1;
		}
		if (errno == EINTR || errno == ECONNABORTED) {
			if (np_run_stopped(run))
				return 0;
			continue;
		}
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			if (np_run_idle(run, "accept"))
				continue;
			return np_run_stopped(run) ? 0 : -1;
		}
		return np_run_fail(run, "accept", errno);
	}
}

int np_run_drain(struct np_run *run, int fd)
{
	/* After the test: reading the clock per recv costs nothing here, and
	 * a peer that trickles data must not hold us past the deadline. */
	double deadline = np_now() + NP_IDLE_TIMEOUT_S;

	while (np_now() < deadline) {
		ssize_t n = recv(fd, run->rbuf, run->rbuf_len, 0);

		if (n == 0)
			return 0;
		if (n > 0 || errno == EINTR)
			continue;
		if (errno == ECONNRESET)
			return 0;
		return np_run_fail(run, "waiting for the peer to close",
				   errno == EAGAIN || errno == EWOULDBLOCK ? ETIMEDOUT : errno);
	}
	return np_run_fail(run, "waiting for the peer to close", ETIMEDOUT);
}
