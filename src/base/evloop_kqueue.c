/* evloop_kqueue.c - the event loop (evloop.h) by kqueue(2) and kevent(2)
 * (FreeBSD, macOS).  Reading and writing are two filters of one
 * descriptor (EVFILT_READ, EVFILT_WRITE), each added or deleted as the
 * mask changes, each with the data pointer as its udata; a wait reports
 * each filter that fired as an event of its own (a descriptor ready both
 * ways gives two, evloop.h).  Level-triggered: no EV_CLEAR.  EV_EOF (the
 * peer hung up, or the socket's error) and EV_ERROR are NP_EV_ERROR, with
 * the filter's own bit: the bytes still buffered can be read.  One
 * change a kevent call, as redis's ae_kqueue.c: a failing change in a
 * list with no room for its error would leave the rest undone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/event.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "base/evloop.h"

struct np_evloop {
	int kq;
	int cap;                /* the most descriptors, and events a wait */
	int count;              /* descriptors held */
	struct kevent *ready;   /* cap of them */
};

static int bad_mask(unsigned mask)
{
	return mask == 0 || (mask & ~(NP_EV_READ | NP_EV_WRITE)) != 0;
}

/* One filter of fd added (with data) or deleted. */
static int change(int kq, int fd, short filter, unsigned short flags, void *data)
{
	struct kevent ch;

	EV_SET(&ch, (uintptr_t)fd, filter, flags, 0, 0, data);
	return kevent(kq, &ch, 1, NULL, 0, NULL);
}

/* Each filter as mask says: added where it asks, deleted where it does
 * not (a filter that was not there: ENOENT, not an error here). */
static int apply(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	if (mask & NP_EV_READ) {
		if (change(loop->kq, fd, EVFILT_READ, EV_ADD, data) < 0)
			return -1;
	} else if (change(loop->kq, fd, EVFILT_READ, EV_DELETE, NULL) < 0 && errno != ENOENT)
		return -1;
	if (mask & NP_EV_WRITE) {
		if (change(loop->kq, fd, EVFILT_WRITE, EV_ADD, data) < 0)
			return -1;
	} else if (change(loop->kq, fd, EVFILT_WRITE, EV_DELETE, NULL) < 0 && errno != ENOENT)
		return -1;
	return 0;
}

/* 1 when fd has a filter in the loop, 0 when none, -1 with errno.
 * Deleting both filters answers it; mod re-adds what it wants. */
static int drop(struct np_evloop *loop, int fd)
{
	int had = 0;

	if (change(loop->kq, fd, EVFILT_READ, EV_DELETE, NULL) == 0)
		had = 1;
	else if (errno != ENOENT)
		return -1;
	if (change(loop->kq, fd, EVFILT_WRITE, EV_DELETE, NULL) == 0)
		had = 1;
	else if (errno != ENOENT)
		return -1;
	return had;
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
	/* fork's child has no kqueue of its parent's; an exec'd program
	 * should not keep it either (FreeBSD's kqueuex is newer than 14's
	 * oldest, macOS has none: fcntl). */
	loop->kq = kqueue();
	if (loop->kq >= 0 && fcntl(loop->kq, F_SETFD, FD_CLOEXEC) < 0) {
		e = errno;
		close(loop->kq);
		loop->kq = -1;
		errno = e;
	}
	if (loop->kq < 0) {
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
	close(loop->kq);
	free(loop->ready);
	free(loop);
}

int np_evloop_add(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	int e;

	if (bad_mask(mask)) {
		errno = EINVAL;
		return -1;
	}
	if (loop->count >= loop->cap) {
		errno = ENOSPC;
		return -1;
	}
	if (apply(loop, fd, mask, data) < 0) {
		e = errno;
		(void)drop(loop, fd);
		errno = e;
		return -1;
	}
	loop->count++;
	return 0;
}

int np_evloop_mod(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	int had;

	if (bad_mask(mask)) {
		errno = EINVAL;
		return -1;
	}
	had = drop(loop, fd);
	if (had < 0)
		return -1;
	if (had == 0) {
		errno = ENOENT;
		return -1;
	}
	if (apply(loop, fd, mask, data) < 0) {
		/* Neither filter is left: the descriptor is out of the loop. */
		int e = errno;

		(void)drop(loop, fd);
		loop->count--;
		errno = e;
		return -1;
	}
	return 0;
}

int np_evloop_del(struct np_evloop *loop, int fd)
{
	int had = drop(loop, fd);

	if (had < 0)
		return -1;
	if (had == 0) {
		errno = ENOENT;
		return -1;
	}
	loop->count--;
	return 0;
}

int np_evloop_wait(struct np_evloop *loop, struct np_event *out, int max, int timeout_ms)
{
	struct timespec ts, *tp = NULL;
	int n, i;

	if (max < 1) {
		errno = EINVAL;
		return -1;
	}
	if (max > loop->cap)
		max = loop->cap;
	if (timeout_ms >= 0) {
		ts.tv_sec = timeout_ms / 1000;
		ts.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
		tp = &ts;
	}
	n = kevent(loop->kq, NULL, 0, loop->ready, max, tp);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	for (i = 0; i < n; i++) {
		const struct kevent *k = &loop->ready[i];
		unsigned m = 0;

		if (k->filter == EVFILT_READ)
			m |= NP_EV_READ;
		else if (k->filter == EVFILT_WRITE)
			m |= NP_EV_WRITE;
		if (k->flags & (EV_EOF | EV_ERROR))
			m |= NP_EV_ERROR;
		out[i].data = k->udata;
		out[i].mask = m;
	}
	return n;
}

const char *np_evloop_backend(void)
{
	return "kqueue";
}
