/*
 * clock.c - monotonic time, and the watch thread of a run.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/clock.h"

#include <errno.h>
#include <fcntl.h>
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

/* An event every period (0: none) due at *at: raised when now has come;
 * the earlier of next and the next *at. */
static double periodic(double period, double *at, atomic_int *flag, atomic_int *pending,
		       double now, double next)
{
	if (period <= 0)
		return next;
	if (now >= *at) {
		atomic_store(flag, 1);
		atomic_store(pending, 1);
		/* A late wake-up skips events rather than bunching them. */
		while (*at <= now)
			*at += period;
	}
	return next == 0 || *at < next ? *at : next;
}

/* Due work at now; the next time something is due (0: nothing is). */
static double due(struct np_watch *w, double now)
{
	double next = 0;

	if (w->end > 0) {
		if (now >= w->end) {
			w->end = 0;
			atomic_store(&w->fired, 1);
			raise_stop(w);
		} else {
			next = w->end;
		}
	}
	next = periodic(w->tick, &w->next_tick, &w->ev.tick, &w->ev.pending, now, next);
	return periodic(w->progress, &w->next_progress, &w->ev.progress, &w->ev.pending, now,
			next);
}

static void *watch_main(void *arg)
{
	struct np_watch *w = arg;

	pthread_mutex_lock(&w->lock);
	while (!w->quit) {
		struct pollfd p[3];
		int n = 0, ms = -1, ctl = -1, stop = -1;
		double now = np_now(), next = due(w, now);

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
		pthread_mutex_unlock(&w->lock);
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
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

static void poke(struct np_watch *w)
{
	ssize_t n;

	do
		n = write(w->wake[1], "w", 1);
	while (n < 0 && errno == EINTR);
}

int np_watch_start(struct np_watch *w, double seconds, double tick_s, double progress_s,
		   int ctl_fd, int stop_fd)
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
	w->progress = progress_s > 0 ? progress_s : 0;
	w->next_progress = w->origin + w->progress;
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
