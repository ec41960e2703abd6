/* evloop_kqueue.c - the event loop's backend (evloop_be.h) by kqueue(2) and kevent(2)
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

#include "base/evloop_be.h"

const char np_evbe_name[] = "kqueue";

struct np_evbe {
	int kq;
	struct kevent *ready;   /* the cap's worth */
};

/* One filter of fd added (with data) or deleted. */
static int change(int kq, int fd, short filter, unsigned short flags, void *data)
{
	struct kevent ch;

	EV_SET(&ch, (uintptr_t)fd, filter, flags, 0, 0, data);
	return kevent(kq, &ch, 1, NULL, 0, NULL);
}

/* Each filter as mask says: added where it asks, deleted where it does
 * not (a filter that was not there: ENOENT, not an error here). */
static int apply(struct np_evbe *loop, int fd, unsigned mask, void *data)
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
static int drop(struct np_evbe *loop, int fd)
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

struct np_evbe *np_evbe_new(int cap)
{
	struct np_evbe *loop = calloc(1, sizeof(*loop));
	int e;

	if (loop == NULL)
		return NULL;
	loop->ready = calloc((size_t)cap, sizeof(*loop->ready));
	if (loop->ready == NULL) {
		free(loop);
		errno = ENOMEM;
		return NULL;
	}
	/* fork's child has no kqueue of its parent's; an exec'd program
	 * should not keep it either (FreeBSD's kqueuex is newer than 14's
	 * oldest, macOS has none: fcntl). */
	loop->kq = kqueue();
	if (loop->kq < 0 || fcntl(loop->kq, F_SETFD, FD_CLOEXEC) < 0) {
		e = errno;
		if (loop->kq >= 0)
			close(loop->kq);
		free(loop->ready);
		free(loop);
		errno = e;
		return NULL;
	}
	return loop;
}

void np_evbe_free(struct np_evbe *loop)
{
	close(loop->kq);
	free(loop->ready);
	free(loop);
}

int np_evbe_add(struct np_evbe *loop, int fd, unsigned mask, void *data)
{
	int e;

	if (apply(loop, fd, mask, data) < 0) {
		e = errno;
		(void)drop(loop, fd);
		errno = e;
		return -1;
	}
	return 0;
}

int np_evbe_mod(struct np_evbe *loop, int fd, unsigned mask, void *data)
{
	int had = drop(loop, fd), e;

	if (had < 0)
		return -1;
	if (had == 0) {
		errno = ENOENT;
		return -1;
	}
	if (apply(loop, fd, mask, data) < 0) {
		/* Neither filter is left: the descriptor is out of the loop. */
		e = errno;
		(void)drop(loop, fd);
		errno = e;
		return NP_EVBE_DROPPED;
	}
	return 0;
}

int np_evbe_del(struct np_evbe *loop, int fd)
{
	int had = drop(loop, fd);

	if (had == 0)
		errno = ENOENT;
	return had > 0 ? 0 : -1;
}

int np_evbe_wait(struct np_evbe *loop, struct np_event *out, int max, int timeout_ms)
{
	struct timespec ts, *tp = NULL;
	int n;

	if (timeout_ms >= 0) {
		ts.tv_sec = timeout_ms / 1000;
		ts.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
		tp = &ts;
	}
	n = kevent(loop->kq, NULL, 0, loop->ready, max, tp);
	for (int i = 0; i < n; i++) {
		const struct kevent *k = &loop->ready[i];

		out[i].data = k->udata;
		out[i].mask = (k->filter == EVFILT_READ ? NP_EV_READ : 0) |
			      (k->filter == EVFILT_WRITE ? NP_EV_WRITE : 0) |
			      (k->flags & (EV_EOF | EV_ERROR) ? NP_EV_ERROR : 0);
	}
	return n;
}
