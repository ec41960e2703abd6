/*
 * clock.c - monotonic time, and the watch thread of a run.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

double np_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void raise_stop(struct np_watch *w)
{
	atomic_store(&w->ev.stop, 1);
	atomic_store(&w->ev.pending, 1);
}

/* Whether fd's peer has closed or reset it, whatever unread bytes sit
 * before its FIN.  Only asked once poll() said something happened. */
static bool peer_closed(int fd, short revents)
{
#ifdef POLLRDHUP
	(void)fd;
	return revents & (POLLRDHUP | POLLHUP | POLLERR);
#else
	char c;
	ssize_t n = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);

	(void)revents;
	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
#endif
}

#ifdef POLLRDHUP
#define CLOSE_EVENTS POLLRDHUP
#else
#define CLOSE_EVENTS POLLIN
#endif

/* An event every period (0: none) due at *at: whether it is due at now
 * (a late wake-up skips events rather than bunching them); *next becomes
 * the earlier of itself (0: nothing) and the next *at. */
static bool periodic(double period, double *at, double now, double *next)
{
	bool is_due = false;

	if (period <= 0)
		return false;
	if (now >= *at) {
		is_due = true;
		while (*at <= now)
			*at += period;
	}
	if (*next == 0 || *at < *next)
		*next = *at;
	return is_due;
}

enum { DUE_TICK = 1, DUE_COUNT = 2, DUE_FRAME = 4 };

/* Due work at now: the end raised here; a tick, the loop's counter and
 * the caller's frame returned for the thread to announce; *next the next
 * time something is due (0: nothing is). */
static unsigned due(struct np_watch *w, double now, double *next)
{
	unsigned what = 0;

	*next = 0;
	if (w->end > 0) {
		if (now >= w->end) {
			w->end = 0;
			atomic_store(&w->fired, 1);
			raise_stop(w);
		} else {
			*next = w->end;
		}
	}
	if (periodic(w->tick, &w->next_tick, now, next)) {
		what |= DUE_TICK;
		w->ticks = w->ticks == INT_MAX ? 1 : w->ticks + 1;
	}
	if (w->caller.call && periodic(w->caller.period, &w->next_count, now, next))
		what |= DUE_COUNT;
	if (w->caller.call && periodic(w->caller.period, &w->next_frame, now, next))
		what |= DUE_FRAME;
	return what;
}

/* What is due, outside the lock: the caller hears of a tick before the
 * loop can (the progress line is off the terminal before the -D line
 * comes). */
static void announce(struct np_watch *w, const struct np_watch_caller *c, unsigned what, int n,
		     double elapsed)
{
	if (what & DUE_TICK) {
		if (c->call)
			c->call(c->ctx, NP_WATCH_TICK, n, elapsed);
		atomic_store(&w->ev.tick, n);
		atomic_store(&w->ev.pending, 1);
	}
	if (what & DUE_COUNT) {
		atomic_store(&w->ev.progress, 1);
		atomic_store(&w->ev.pending, 1);
	}
	if (what & DUE_FRAME)
		c->call(c->ctx, NP_WATCH_FRAME, 0, elapsed);
}

static void *watch_main(void *arg)
{
	struct np_watch *w = arg;
	struct np_watch_caller c;
	double origin;

	pthread_mutex_lock(&w->lock);
	while (!w->quit) {
		struct pollfd p[3];
		int n = 0, ms = -1, ctl = -1, stop = -1, tick;
		double now = np_now(), next;
		unsigned what = due(w, now, &next);

		if (next > 0)
			ms = (int)((next - now) * 1000.0) + 1;  /* never early */
		p[n++] = (struct pollfd){ .fd = w->wake[0], .events = POLLIN };
		if (w->ctl_fd >= 0) {
			ctl = n;
			p[n++] = (struct pollfd){ .fd = w->ctl_fd, .events = CLOSE_EVENTS };
		}
		if (w->stop_fd >= 0) {
			stop = n;
			p[n++] = (struct pollfd){ .fd = w->stop_fd, .events = POLLIN };
		}
		c = w->caller;
		tick = w->ticks;
		origin = w->origin;
		pthread_mutex_unlock(&w->lock);
		announce(w, &c, what, tick, now - origin);
		n = poll(p, (nfds_t)n, ms);
		pthread_mutex_lock(&w->lock);
		if (n <= 0)
			continue;
		if (p[0].revents) {
			char buf[16];

			while (read(w->wake[0], buf, sizeof(buf)) > 0)
				;
		}
		if (ctl >= 0 && p[ctl].revents) {
			/* Anything else on it mid-test is not ours to read:
			 * stop watching rather than spin. */
			if (peer_closed(w->ctl_fd, p[ctl].revents)) {
				atomic_store(&w->gone, 1);
				w->forced = true;
				raise_stop(w);
			}
			w->ctl_fd = -1;
		}
		if (stop >= 0 && p[stop].revents) {
			w->forced = true;
			raise_stop(w);
			w->stop_fd = -1;
		}
	}
	c = w->caller;
	origin = w->origin;
	pthread_mutex_unlock(&w->lock);
	if (c.call)
		c.call(c.ctx, NP_WATCH_LAST, 0, np_now() - origin);
	return NULL;
}

static void poke(struct np_watch *w)
{
	ssize_t n;

	do
		n = write(w->wake[1], "w", 1);
	while (n < 0 && errno == EINTR);
}

int np_watch_start(struct np_watch *w, double seconds, double tick_s,
		   const struct np_watch_caller *caller, int ctl_fd, int stop_fd)
{
	sigset_t all, old;
	int err;

	memset(w, 0, sizeof(*w));
	atomic_init(&w->ev.pending, 0);
	atomic_init(&w->ev.stop, 0);
	atomic_init(&w->ev.tick, 0);
	atomic_init(&w->ev.progress, 0);
	atomic_init(&w->fired, 0);
	atomic_init(&w->gone, 0);
	w->ctl_fd = ctl_fd;
	w->stop_fd = stop_fd;
	if (pipe(w->wake) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)fcntl(w->wake[i], F_SETFD, FD_CLOEXEC);
		(void)fcntl(w->wake[i], F_SETFL, O_NONBLOCK);
	}
	pthread_mutex_init(&w->lock, NULL);
	/* Signals stay with the run's own thread, whose calls they may cut
	 * short as before (Ctrl-C).  The thread starts with nothing due. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&w->thread, NULL, watch_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		close(w->wake[0]);
		close(w->wake[1]);
		pthread_mutex_destroy(&w->lock);
		errno = err;
		return -1;
	}
	w->running = true;
	/* The times count from after the thread's creation, which can take
	 * milliseconds on a loaded machine: a run that reads its start from
	 * np_watch_origin() lasts its full length (it read 0.99 s of -l 1). */
	pthread_mutex_lock(&w->lock);
	w->origin = np_now();
	w->end = seconds > 0 ? w->origin + seconds : 0;
	w->tick = tick_s > 0 ? tick_s : 0;
	w->next_tick = w->origin + w->tick;
	if (caller && caller->call && caller->period > 0) {
		w->caller = *caller;
		w->next_count = w->origin;
		w->next_frame = w->origin + caller->period / 2;
	}
	pthread_mutex_unlock(&w->lock);
	poke(w);
	return 0;
}

void np_watch_restart(struct np_watch *w, double seconds)
{
	pthread_mutex_lock(&w->lock);
	w->end = seconds > 0 ? np_now() + seconds : 0;
	if (atomic_exchange(&w->fired, 0) && !w->forced)
		atomic_store(&w->ev.stop, 0);
	pthread_mutex_unlock(&w->lock);
	poke(w);
}

void np_watch_disarm(struct np_watch *w)
{
	pthread_mutex_lock(&w->lock);
	w->end = 0;
	pthread_mutex_unlock(&w->lock);
	poke(w);
}

void np_watch_end(struct np_watch *w)
{
	if (!w->running)
		return;
	pthread_mutex_lock(&w->lock);
	w->quit = true;
	pthread_mutex_unlock(&w->lock);
	poke(w);
	pthread_join(w->thread, NULL);
	close(w->wake[0]);
	close(w->wake[1]);
	pthread_mutex_destroy(&w->lock);
	w->running = false;
}
