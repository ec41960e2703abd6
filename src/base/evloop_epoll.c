/* evloop_epoll.c - the event loop's backend (evloop_be.h) by Linux's
 * epoll: one epoll descriptor, level-triggered (no EPOLLET), a
 * descriptor's data pointer in its epoll_event.  The ready array is
 * allocated once, by np_evbe_new, so that a wait allocates nothing. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "base/evloop_be.h"

const char np_evbe_name[] = "epoll";

struct np_evbe {
	int epfd;
	struct epoll_event *ready;  /* the cap's worth */
};

struct np_evbe *np_evbe_new(int cap)
{
	struct np_evbe *be = calloc(1, sizeof(*be));
	int e;

	if (be == NULL)
		return NULL;
	be->ready = calloc((size_t)cap, sizeof(*be->ready));
	be->epfd = be->ready ? epoll_create1(EPOLL_CLOEXEC) : -1;
	if (be->epfd < 0) {
		e = be->ready ? errno : ENOMEM;
		free(be->ready);
		free(be);
		errno = e;
		return NULL;
	}
	return be;
}

void np_evbe_free(struct np_evbe *be)
{
	close(be->epfd);
	free(be->ready);
	free(be);
}

static int ctl(struct np_evbe *be, int op, int fd, unsigned mask, void *data)
{
	struct epoll_event ev = { 0 };

	ev.events = (mask & NP_EV_READ ? EPOLLIN : 0) | (mask & NP_EV_WRITE ? EPOLLOUT : 0);
	ev.data.ptr = data;
	return epoll_ctl(be->epfd, op, fd, &ev);
}

int np_evbe_add(struct np_evbe *be, int fd, unsigned mask, void *data)
{
	return ctl(be, EPOLL_CTL_ADD, fd, mask, data);
}

int np_evbe_mod(struct np_evbe *be, int fd, unsigned mask, void *data)
{
	return ctl(be, EPOLL_CTL_MOD, fd, mask, data);
}

int np_evbe_del(struct np_evbe *be, int fd)
{
	/* A non-null event: kernels before 2.6.9 required one. */
	struct epoll_event ev = { 0 };

	return epoll_ctl(be->epfd, EPOLL_CTL_DEL, fd, &ev);
}

int np_evbe_wait(struct np_evbe *be, struct np_event *out, int max, int timeout_ms)
{
	int n = epoll_wait(be->epfd, be->ready, max, timeout_ms);

	for (int i = 0; i < n; i++) {
		uint32_t ev = be->ready[i].events;

		out[i].data = be->ready[i].data.ptr;
		out[i].mask = (ev & EPOLLIN ? NP_EV_READ : 0) | (ev & EPOLLOUT ? NP_EV_WRITE : 0) |
			      (ev & (EPOLLERR | EPOLLHUP) ? NP_EV_ERROR : 0);
	}
	return n;
}
