/* evloop_poll.c - the event loop (evloop.h) by POSIX poll(2), for a
 * system with neither epoll nor kqueue: a fixed array of pollfds and
 * their data pointers, sized by np_evloop_new, so that nothing is
 * allocated after.  A descriptor's slot is found by a linear search
 * (add, mod and del are rare beside waits); a wait scans from where the
 * last one stopped, so that descriptors always ready (writable) early in
 * the array cannot hide those after them from a wait with a small max.
 * poll(2) is level-triggered. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <poll.h>
#include <stdlib.h>

#include "base/evloop.h"

struct np_evloop {
	int cap;              /* slots */
	int count;            /* slots in use: the first count */
	int next;             /* where the next wait's scan starts */
	struct pollfd *pfd;   /* cap of them */
	void **data;          /* each slot's data pointer */
};

static int bad_mask(unsigned mask)
{
	return mask == 0 || (mask & ~(NP_EV_READ | NP_EV_WRITE)) != 0;
}

static short to_poll(unsigned mask)
{
	short ev = 0;

	if (mask & NP_EV_READ)
		ev |= POLLIN;
	if (mask & NP_EV_WRITE)
		ev |= POLLOUT;
	return ev;
}

static int slot_of(const struct np_evloop *loop, int fd)
{
	int i;

	for (i = 0; i < loop->count; i++)
		if (loop->pfd[i].fd == fd)
			return i;
	return -1;
}

struct np_evloop *np_evloop_new(int max_events)
{
	struct np_evloop *loop;

	if (max_events < 1) {
		errno = EINVAL;
		return NULL;
	}
	loop = calloc(1, sizeof(*loop));
	if (loop == NULL)
		return NULL;
	loop->pfd = calloc((size_t)max_events, sizeof(*loop->pfd));
	loop->data = calloc((size_t)max_events, sizeof(*loop->data));
	if (loop->pfd == NULL || loop->data == NULL) {
		np_evloop_free(loop);
		errno = ENOMEM;
		return NULL;
	}
	loop->cap = max_events;
	return loop;
}

void np_evloop_free(struct np_evloop *loop)
{
	if (loop == NULL)
		return;
	free(loop->pfd);
	free(loop->data);
	free(loop);
}

int np_evloop_add(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	int i;

	if (bad_mask(mask) || fd < 0) {
		errno = fd < 0 ? EBADF : EINVAL;
		return -1;
	}
	if (slot_of(loop, fd) >= 0) {
		errno = EEXIST;
		return -1;
	}
	if (loop->count >= loop->cap) {
		errno = ENOSPC;
		return -1;
	}
	i = loop->count++;
	loop->pfd[i].fd = fd;
	loop->pfd[i].events = to_poll(mask);
	loop->pfd[i].revents = 0;
	loop->data[i] = data;
	return 0;
}

int np_evloop_mod(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	int i;

	if (bad_mask(mask)) {
		errno = EINVAL;
		return -1;
	}
	i = slot_of(loop, fd);
	if (i < 0) {
		errno = ENOENT;
		return -1;
	}
	loop->pfd[i].events = to_poll(mask);
	loop->data[i] = data;
	return 0;
}

int np_evloop_del(struct np_evloop *loop, int fd)
{
	int i = slot_of(loop, fd), last;

	if (i < 0) {
		errno = ENOENT;
		return -1;
	}
	last = --loop->count;
	loop->pfd[i] = loop->pfd[last];
	loop->data[i] = loop->data[last];
	if (loop->next > loop->count)
		loop->next = 0;
	return 0;
}

int np_evloop_wait(struct np_evloop *loop, struct np_event *out, int max, int timeout_ms)
{
	int ready, n = 0, k, i;

	if (max < 1) {
		errno = EINVAL;
		return -1;
	}
	ready = poll(loop->pfd, (nfds_t)loop->count, timeout_ms);
	if (ready < 0)
		return errno == EINTR ? 0 : -1;
	if (ready == 0)
		return 0;
	i = loop->next < loop->count ? loop->next : 0;
	for (k = 0; k < loop->count && n < max && ready > 0; k++) {
		short rev = loop->pfd[i].revents;

		if (rev != 0) {
			unsigned m = 0;

			if (rev & POLLIN)
				m |= NP_EV_READ;
			if (rev & POLLOUT)
				m |= NP_EV_WRITE;
			if (rev & (POLLERR | POLLHUP | POLLNVAL))
				m |= NP_EV_ERROR;
			out[n].data = loop->data[i];
			out[n].mask = m;
			n++;
			ready--;
		}
		if (++i == loop->count)
			i = 0;
	}
	loop->next = i;
	return n;
}

const char *np_evloop_backend(void)
{
	return "poll";
}
