/* evloop_poll.c - the event loop's backend (evloop_be.h) by POSIX poll(2), for a
 * system with neither epoll nor kqueue: a fixed array of pollfds and
 * their data pointers, sized by np_evbe_new, so that nothing is
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

#include "base/evloop_be.h"

const char np_evbe_name[] = "poll";

struct np_evbe {
	int count;            /* slots in use: the first count */
	int next;             /* where the next wait's scan starts */
	struct pollfd *pfd;   /* the cap's worth */
	void **data;          /* each slot's data pointer */
};

static short to_poll(unsigned mask)
{
	short ev = 0;

	if (mask & NP_EV_READ)
		ev |= POLLIN;
	if (mask & NP_EV_WRITE)
		ev |= POLLOUT;
	return ev;
}

static int slot_of(const struct np_evbe *loop, int fd)
{
	int i;

	for (i = 0; i < loop->count; i++)
		if (loop->pfd[i].fd == fd)
			return i;
	return -1;
}

struct np_evbe *np_evbe_new(int cap)
{
	struct np_evbe *loop = calloc(1, sizeof(*loop));

	if (loop == NULL)
		return NULL;
	loop->pfd = calloc((size_t)cap, sizeof(*loop->pfd));
	loop->data = calloc((size_t)cap, sizeof(*loop->data));
	if (loop->pfd == NULL || loop->data == NULL) {
		np_evbe_free(loop);
		errno = ENOMEM;
		return NULL;
	}
	return loop;
}

void np_evbe_free(struct np_evbe *loop)
{
	free(loop->pfd);
	free(loop->data);
	free(loop);
}

int np_evbe_add(struct np_evbe *loop, int fd, unsigned mask, void *data)
{
	int i;

	if (slot_of(loop, fd) >= 0) {
		errno = EEXIST;
		return -1;
	}
	i = loop->count++;      /* within the cap: evloop.c checked */
	loop->pfd[i].fd = fd;
	loop->pfd[i].events = to_poll(mask);
	loop->pfd[i].revents = 0;
	loop->data[i] = data;
	return 0;
}

int np_evbe_mod(struct np_evbe *loop, int fd, unsigned mask, void *data)
{
	int i = slot_of(loop, fd);

	if (i < 0) {
		errno = ENOENT;
		return -1;
	}
	loop->pfd[i].events = to_poll(mask);
	loop->data[i] = data;
	return 0;
}

int np_evbe_del(struct np_evbe *loop, int fd)
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

int np_evbe_wait(struct np_evbe *loop, struct np_event *out, int max, int timeout_ms)
{
	int ready = poll(loop->pfd, (nfds_t)loop->count, timeout_ms), n = 0, i;

	if (ready <= 0)
		return ready;
	i = loop->next < loop->count ? loop->next : 0;
	for (int k = 0; k < loop->count && n < max && ready > 0; k++) {
		short rev = loop->pfd[i].revents;

		if (rev != 0) {
			out[n].data = loop->data[i];
			out[n].mask = (rev & POLLIN ? NP_EV_READ : 0) | (rev & POLLOUT ? NP_EV_WRITE : 0) |
				      (rev & (POLLERR | POLLHUP | POLLNVAL) ? NP_EV_ERROR : 0);
			n++;
			ready--;
		}
		if (++i == loop->count)
			i = 0;
	}
	loop->next = i;
	return n;
}
