/*
 * evloop_be.h - what a backend of evloop.h gives evloop.c, which keeps
 * what every backend shares (the arguments' checks, the count against
 * the cap, EINTR as no events): one file per system call, chosen by
 * configure (evloop_epoll.c, evloop_kqueue.c, evloop_poll.c).  Every
 * call here gets checked arguments: a mask of READ and/or WRITE alone,
 * an add within the cap, a wait's max from 1 to the cap.
 */
#ifndef NP_EVLOOP_BE_H
#define NP_EVLOOP_BE_H

#include "base/evloop.h"

struct np_evbe;

/* A backend for up to cap descriptors and cap events a wait, all it
 * needs allocated here.  NULL with errno. */
struct np_evbe *np_evbe_new(int cap);
void np_evbe_free(struct np_evbe *be);

/* 0, or -1 with errno (EEXIST, the system's). */
int np_evbe_add(struct np_evbe *be, int fd, unsigned mask, void *data);

/* 0; -1 with errno (ENOENT: not there), fd still held; or
 * NP_EVBE_DROPPED with errno: the change failed half-way and fd is no
 * longer held (kqueue's two filters). */
#define NP_EVBE_DROPPED (-2)
int np_evbe_mod(struct np_evbe *be, int fd, unsigned mask, void *data);

/* 0, or -1 with errno (ENOENT). */
int np_evbe_del(struct np_evbe *be, int fd);

/* The events stored in out, or -1 with errno (EINTR among them). */
int np_evbe_wait(struct np_evbe *be, struct np_event *out, int max, int timeout_ms);

extern const char np_evbe_name[];

#endif
