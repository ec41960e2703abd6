/*
 * busypoll.h - --busy-poll (TCP_RR, UDP_RR, both ends): receives that
 * spin in user space on non-blocking calls instead of sleeping in the
 * kernel, so that no scheduler wake-up sits in a transaction's time; and
 * the socket options that let the kernel poll a NAPI device's queue from
 * the receive call too (SO_BUSY_POLL, SO_PREFER_BUSY_POLL).  What each
 * end did goes in its run->c.poll (NP_POLL_* bits, run.h), which the
 * report's notes read (notes.c).
 */
#ifndef NP_BUSYPOLL_H
#define NP_BUSYPOLL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "base/kcall.h"
#include "run/test.h"

/* SO_BUSY_POLL: how long each receive may poll the device's queue, in
 * microseconds; long enough for a response on a LAN, short enough that a
 * receive that finds nothing comes back to our own loop soon. */
#define NP_BUSYPOLL_USEC 50

/* How many empty polls between two sched_yield() calls.  A spin holds
 * its CPU until the scheduler's time slice ends: when the peer (or
 * anything else) waits for that CPU, a transaction would take
 * milliseconds.  Yielding now and then hands it over; on an idle CPU the
 * call returns at once, the cost of one more poll. */
#define NP_BUSYPOLL_YIELD 16

/* How many empty polls between two looks at the clock: the spin's budget
 * is kept without a clock read per poll (a poll is a system call, about
 * a microsecond; 1024 of them, a millisecond or so). */
#define NP_BUSYPOLL_CHECK 1024

/* Whether the run's test has --busy-poll on (false for tests without
 * the option, such as TCP_CRR). */
bool np_busypoll_on(const struct np_run *run);

/* Before the data phase, on its socket (netserver's TCP listening socket:
 * the connection it accepts inherits them): SO_BUSY_POLL and
 * SO_PREFER_BUSY_POLL where the build has them, what came of it in
 * run->c.poll.  A refusal (EPERM without CAP_NET_ADMIN) is no failure:
 * the loop spins in user space all the same.  Nothing without
 * --busy-poll or with fd < 0. */
void np_busypoll_setup(struct np_run *run, int fd);
/* After it: NP_POLL_NAPI when the data came through a NAPI device
 * (SO_INCOMING_NAPI_ID not 0), the only case where the socket options
 * could act. */
void np_busypoll_finish(struct np_run *run, int fd);

/*
 * A data loop's receives.  With --busy-poll, a receive polls with
 * MSG_DONTWAIT until data comes, a real error, the end of the run
 * (np_run_stopped, looked at after every empty poll), or its budget: one
 * wake period (run->wake_s) without data.  It then returns -1 with EAGAIN,
 * as a blocking receive does after a wake period, and the next receive
 * sleeps in one ordinary blocking call before the spin resumes: a lost
 * datagram or a silent peer costs half a CPU at most, not a whole one,
 * and np_run_io_error's idle and -e accounting stays true.  The EAGAIN of
 * an empty poll never reaches np_run_io_error.  Without --busy-poll, one
 * blocking np_recv, as before.
 */
struct np_spin {
	bool on;               /* --busy-poll */
	bool rest;             /* the last spin ran out: the next receive sleeps */
	unsigned empty;        /* empty polls in the current spin */
	double start;          /* its first look at the clock, 0 = none yet */
};

/* on from the run's option; sets NP_POLL_SPIN in run->c.poll when on. */
void np_spin_init(struct np_spin *s, struct np_run *run);
ssize_t np_spin_wait(struct np_run *run, struct np_spin *s, int fd, void *buf, size_t len);
/* The budget, for loops whose receive is not np_recv (recvmmsg): after
 * an empty MSG_DONTWAIT poll, whether to poll again.  false when the run
 * has stopped or the spin's budget is spent; s->rest is then set, and
 * the loop's next receive should block (np_spin_flags says so). */
bool np_spin_again(struct np_run *run, struct np_spin *s);
/* The flags of a loop's next receive: MSG_DONTWAIT while spinning, else
 * blocking (MSG_WAITFORONE for recvmmsg's first datagram); clears
 * s->rest. */
int np_spin_flags(struct np_spin *s, int blocking);
/* Data came: the budget starts again. */
static inline void np_spin_got(struct np_spin *s)
{
	s->empty = 0;
	s->start = 0;
}

/* s may be NULL: a loop that never spins (TCP_CRR's). */
static inline ssize_t np_spin_recv(struct np_run *run, struct np_spin *s, int fd, void *buf,
				   size_t len)
{
	if (s && s->on)
		return np_spin_wait(run, s, fd, buf, len);
	return np_recv(fd, buf, len, 0);
}

#endif
