/*
 * evloop.c - the event loop's checks and accounting, the same on every
 * system (evloop.h); the system's readiness call is evloop_be.h's
 * backend.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/evloop.h"

#include <errno.h>
#include <stdlib.h>

#include "base/evloop_be.h"

struct np_evloop {
	struct np_evbe *be;
	int cap;      /* the most descriptors, and events a wait */
	int count;    /* descriptors held */
};

static int bad_mask(unsigned mask)
{
	return mask == 0 || (mask & ~(NP_EV_READ | NP_EV_WRITE)) != 0;
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
	loop->be = np_evbe_new(max_events);
	if (loop->be == NULL) {
		e = errno;
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
	np_evbe_free(loop->be);
	free(loop);
}

int np_evloop_add(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	if (bad_mask(mask) || fd < 0) {
		errno = fd < 0 ? EBADF : EINVAL;
		return -1;
	}
	if (loop->count >= loop->cap) {
		errno = ENOSPC;
		return -1;
	}
	if (np_evbe_add(loop->be, fd, mask, data) < 0)
		return -1;
	loop->count++;
	return 0;
}

int np_evloop_mod(struct np_evloop *loop, int fd, unsigned mask, void *data)
{
	int rc;

	if (bad_mask(mask)) {
		errno = EINVAL;
		return -1;
	}
	rc = np_evbe_mod(loop->be, fd, mask, data);
	if (rc == NP_EVBE_DROPPED)
		loop->count--;
	return rc < 0 ? -1 : 0;
}

int np_evloop_del(struct np_evloop *loop, int fd)
{
	if (np_evbe_del(loop->be, fd) < 0)
		return -1;
	loop->count--;
	return 0;
}

int np_evloop_wait(struct np_evloop *loop, struct np_event *out, int max, int timeout_ms)
{
	int n;

	if (max < 1) {
		errno = EINVAL;
		return -1;
	}
	n = np_evbe_wait(loop->be, out, max < loop->cap ? max : loop->cap, timeout_ms);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	return n;
}

const char *np_evloop_backend(void)
{
	return np_evbe_name;
}
