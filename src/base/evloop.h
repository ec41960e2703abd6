/*
 * evloop.h - many sockets watched by one thread: the event loop (issue
 * 35, thousands of flows on a few event-loop threads), as redis's
 * ae_epoll.c and ae_kqueue.c.  Each system's readiness call differs, so
 * one backend file each (configure's "event loop" line): evloop_epoll.c
 * (Linux), evloop_kqueue.c (FreeBSD, macOS), evloop_poll.c (POSIX poll(2),
 * any other system).
 *
 * Level-triggered on every backend: a descriptor ready for what its mask
 * asks is reported by every wait until it is no longer ready (read dry,
 * its send buffer full) or its mask no longer asks for that.
 *
 * The loop's timeout is the clock: a thread that runs flows has no timer
 * thread; it passes the time to its next deadline to np_evloop_wait.
 * np_evloop_wait allocates nothing, prints nothing and takes no lock (the
 * data path); np_evloop_new allocates all the loop will need.  A loop is
 * one thread's: no call on it may run beside another on the same loop.
 */
#ifndef NP_EVLOOP_H
#define NP_EVLOOP_H

/* A mask: what add and mod ask for (READ, WRITE, or both; never 0), and
 * what an event reports (ERROR also: an error or hang-up on the
 * descriptor, reported whether or not it was asked for). */
#define NP_EV_READ 1u
#define NP_EV_WRITE 2u
#define NP_EV_ERROR 4u

struct np_evloop;

/* One ready descriptor: the data pointer it was added (or last modified)
 * with, and what it is ready for.  The kqueue backend reports reading
 * and writing as two events (its two filters), the others as one event
 * with both bits: a user ORs what it acts on, never expects one event a
 * descriptor. */
struct np_event {
	void *data;
	unsigned mask;
};

/* A loop that holds up to max_events descriptors at once (an add past
 * that fails with ENOSPC on every backend) and reports up to that many
 * events a wait.  NULL with errno (EINVAL when max_events < 1, ENOMEM, or
 * the system's). */
struct np_evloop *np_evloop_new(int max_events);

/* Closes the loop's own descriptor and frees it; NULL does nothing.  The
 * descriptors it watched stay open. */
void np_evloop_free(struct np_evloop *loop);

/* Watches fd for mask, reporting data with its events.  0, or -1 with
 * errno: EINVAL (a mask of no or unknown bits), ENOSPC (the loop is
 * full), EEXIST (fd already there: epoll and poll say so; on kqueue it is
 * the caller's mistake, not detected), or the system's. */
int np_evloop_add(struct np_evloop *loop, int fd, unsigned mask, void *data);

/* fd, already added, now watched for mask with data.  0, or -1 with
 * errno (ENOENT: not in the loop; EINVAL). */
int np_evloop_mod(struct np_evloop *loop, int fd, unsigned mask, void *data);

/* fd no longer watched.  Call it before closing fd: epoll and kqueue
 * forget a closed descriptor by themselves, poll does not (a closed
 * one would be reported as NP_EV_ERROR), and the loop's count of what
 * it holds would be wrong.  0, or -1 with errno (ENOENT). */
int np_evloop_del(struct np_evloop *loop, int fd);

/* Waits up to timeout_ms (0: not at all; negative: until something is
 * ready) for at least one descriptor to be ready, and stores up to max
 * events in out.  The count stored (0 at the timeout, or when a signal
 * interrupted the wait), or -1 with errno (EINVAL when max < 1). */
int np_evloop_wait(struct np_evloop *loop, struct np_event *out, int max, int timeout_ms);

/* The backend's name ("epoll", "kqueue", "poll"), for a test's message. */
const char *np_evloop_backend(void);

#endif
