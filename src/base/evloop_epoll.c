/* evloop_epoll.c - the event loop (evloop.h) by Linux's epoll: one
 * epoll descriptor, level-triggered (no EPOLLET), a descriptor's data
 * pointer in its epoll_event.  The ready array is allocated once, by
 * np_evloop_new, so that a wait allocates nothing. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "base/evloop.h"

struct np_evloop {
	int epfd;
	int cap;                    /* the most descriptors, and events a wait */
	int count;                  /* descriptors held */
	struct epoll_event *ready;  /* cap of them */
};

static int bad_mask(unsigned mask)
{
	return mask == 0 || (mask & ~(NP_EV_READ | NP_EV_WRITE)) != 0;
}

static uint32_t to_epoll(unsigned mask)
{
	uint32_t ev = 0;

	if (mask & NP_EV_READ)
		ev |= EPOLLIN;
	if (mask & NP_EV_WRITE)
		ev |= EPOLLOUT;
	return ev;
}

struct np_evloop *np_evloop_new(int max_events)
{
	struct np_evloop *loop;
	int e;

	if (max_events < 1) {
		errno = EINVAL;
		return NULL;
	}
	loop = calloc(1, sizeof(*loop));
	if (loop == NULL)
		return NULL;
	loop->ready = calloc((size_t)max_events, sizeof(*loop->ready));
	if (loop->ready == NULL) {
		free(loop);
		errno = ENOMEM;
		return NULL;
	}
	loop->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (loop->epfd < 0) {
		e = errno;
		free(loop->ready);
		free(loop);
		errno = e;
		return NULL;
	}
	loop->cap = max_events;
	return loop;
}

void np_evloop_free(struct np_evloop *loop)
{
	if (loop == NULL)
		return;
	close(loop->epfd);
	free(loop->ready);
	free(loop);
}

static int ctl(struct np_evloop *loop, int op, int fd, unsigned mask, void *data)
{
	struct epoll_event ev = { 0 };

	if (bad_mask(mask)) {
		errno = EINVAL;
		return -1;
	}
	ev.events = to_epoll(mask);
	ev.data.ptr = data;
	return epoll_ctl(loop->epfd, op, fd, &ev);
}

int np_evloop_add(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	if (loop->count >= loop->cap) {
		errno = ENOSPC;
		return -1;
	}
	if (ctl(loop, EPOLL_CTL_ADD, fd, mask, data) < 0)
		return -1;
	loop->count++;
	return 0;
}

int np_evloop_mod(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	return ctl(loop, EPOLL_CTL_MOD, fd, mask, data);
}

int np_evloop_del(struct np_evloop *loop, int fd)
{
	/* A non-null event: kernels before 2.6.9 required one. */
	struct epoll_event ev = { 0 };

	if (epoll_ctl(loop->epfd, EPOLL_CTL_DEL, fd, &ev) < 0)
		return -1;
	loop->count--;
	return 0;
}

int np_evloop_wait(struct np_evloop *loop, struct np_event *out, int max, int timeout_ms)
{
	int n, i;

	if (max < 1) {
		errno = EINVAL;
		return -1;
	}
	if (max > loop->cap)
		max = loop->cap;
	n = epoll_wait(loop->epfd, loop->ready, max, timeout_ms);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	for (i = 0; i < n; i++) {
		uint32_t ev = loop->ready[i].events;
		unsigned m = 0;

		if (ev & EPOLLIN)
			m |= NP_EV_READ;
		if (ev & EPOLLOUT)
			m |= NP_EV_WRITE;
		if (ev & (EPOLLERR | EPOLLHUP))
			m |= NP_EV_ERROR;
		out[i].data = loop->ready[i].data.ptr;
		out[i].mask = m;
	}
	return n;
}

const char *np_evloop_backend(void)
{
	return "epoll";
}
