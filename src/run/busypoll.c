/*
 * busypoll.c - --busy-poll: the spinning receive and the socket options
 * (busypoll.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/busypoll.h"

#include <errno.h>
#include <sched.h>
#include <sys/socket.h>

#include "base/clock.h"

bool np_busypoll_on(const struct np_run *run)
{
	return run->test && np_test_param(run->test, run->params, "busy-poll") != 0;
}

#if HAVE_DECL_SO_BUSY_POLL || HAVE_DECL_SO_PREFER_BUSY_POLL
/* One option: its bit when set, NP_POLL_DENIED when the kernel wants
 * CAP_NET_ADMIN for it; any other refusal (ENOPROTOOPT: a kernel built
 * without CONFIG_NET_RX_BUSY_POLL) leaves both off, and the note says
 * the option was not set. */
static void set_option(struct np_run *run, int fd, int name, int value, uint32_t bit)
{
	if (setsockopt(fd, SOL_SOCKET, name, &value, sizeof(value)) == 0)
		run->c.poll |= bit;
	else if (errno == EPERM || errno == EACCES)
		run->c.poll |= NP_POLL_DENIED;
}
#endif

void np_busypoll_setup(struct np_run *run, int fd)
{
	if (fd < 0 || !np_busypoll_on(run))
		return;
	/* SO_BUSY_POLL_BUDGET is left at the kernel's default (8 packets):
	 * one request or response at a time needs no more, and raising it
	 * needs CAP_NET_ADMIN. */
#if HAVE_DECL_SO_BUSY_POLL
	set_option(run, fd, SO_BUSY_POLL, NP_BUSYPOLL_USEC, NP_POLL_SOCKOPT);
#endif
#if HAVE_DECL_SO_PREFER_BUSY_POLL
	set_option(run, fd, SO_PREFER_BUSY_POLL, 1, NP_POLL_PREFER);
#endif
}

void np_busypoll_finish(struct np_run *run, int fd)
{
#if HAVE_DECL_SO_INCOMING_NAPI_ID
	unsigned id = 0;
	socklen_t len = sizeof(id);

	/* The kernel reports 0 for data no NAPI device carried (loopback,
	 * veth without XDP or GRO). */
	if (fd >= 0 && np_busypoll_on(run) &&
	    getsockopt(fd, SOL_SOCKET, SO_INCOMING_NAPI_ID, &id, &len) == 0 && id != 0)
		run->c.poll |= NP_POLL_NAPI;
#else
	(void)run;
	(void)fd;
#endif
}

void np_spin_init(struct np_spin *s, struct np_run *run)
{
	s->on = np_busypoll_on(run);
	s->rest = false;
	s->empty = 0;
	s->start = 0;
	if (s->on)
		run->c.poll |= NP_POLL_SPIN;
}

bool np_spin_again(struct np_run *run, struct np_spin *s)
{
	if (np_run_stopped(run))
		goto spent;
	if (s->empty % NP_BUSYPOLL_YIELD == NP_BUSYPOLL_YIELD - 1)
		sched_yield();
	/* The budget counts from the first look at the clock: the spin runs
	 * NP_BUSYPOLL_CHECK polls longer than wake_s. */
	if (++s->empty % NP_BUSYPOLL_CHECK == 0) {
		double now = np_now();

		if (s->start == 0) {
			s->start = now;
		} else if (now - s->start >= run->wake_s) {
			s->rest = true;
			goto spent;
		}
	}
	return true;
spent:
	s->empty = 0;
	s->start = 0;
	return false;
}

int np_spin_flags(struct np_spin *s, int blocking)
{
	if (s->on && !s->rest)
		return MSG_DONTWAIT;
	s->rest = false;
	return blocking;
}

ssize_t np_spin_wait(struct np_run *run, struct np_spin *s, int fd, void *buf, size_t len)
{
	if (s->rest) {
		s->rest = false;
		return np_recv(fd, buf, len, 0);
	}
	for (;;) {
		ssize_t n = np_recv(fd, buf, len, MSG_DONTWAIT);

		if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
			np_spin_got(s);
			return n;
		}
		if (!np_spin_again(run, s))
			break;
	}
	errno = EAGAIN;
	return -1;
}
