/*
 * progress.c - the line a terminal shows while a run goes:
 *
 *   netperf: UDP_RR  iteration 2 of 10  <= 487 s left  30125.4 Trans/s  +-2.1%
 *
 * test, which iteration (with --sweep, which size; with --flows, how many
 * and that the figure is flow 1's), the seconds left ("<=" when -i may
 * end early), the figure of the last half second (this data phase's
 * only) and the interval the finished iterations reached.  "\r" and an
 * erase to the end of the line (ESC [ K) redraw it in place, cut to the
 * terminal's width so that it never wraps.
 *
 * Nothing the terminal does may change a run.  The data loop only counts
 * (np_progress_count: one atomic store when its watch asks); the watch's
 * thread draws, every signal blocked there, so a write never stops
 * netperf (SIGTTOU: the kernel lets a write with it blocked through) nor
 * ends it (SIGPIPE).  A frame is tried once and never waited for: on a
 * terminal through a descriptor of our own with O_NONBLOCK (stderr's open
 * file description is stdout's and the shell's too: O_NONBLOCK there would
 * hand the report EAGAIN), skipped while netperf is not in the terminal's
 * foreground.  A full or paused terminal skips the frame; one gone, or a
 * closed stderr, ends the drawing for the run.
 */
#include "config.h"

#include "client/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/units.h"

#define ERASE "\r\033[K"

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0   /* SIGPIPE is blocked where frames are drawn */
#endif

/* How a frame reaches stderr without a wait. */
enum sink {
	SINK_TTY,       /* our own O_NONBLOCK descriptor of the terminal */
	SINK_SOCKET,    /* send(MSG_DONTWAIT) */
	SINK_FILE,      /* a regular file: write(2) as it is */
	SINK_POLLED,    /* a pipe, a FIFO, a device: poll(POLLOUT) first */
};

bool np_progress_wanted(int setting, int fd)
{
	const char *term = getenv("TERM");

	if (setting != 0)
		return setting > 0;
	return isatty(fd) && !(term && strcmp(term, "dumb") == 0);
}

/* The terminal fd names, opened anew: a new open file description, whose
 * O_NONBLOCK is ours alone; O_NOCTTY, for it must not become our
 * controlling terminal. */
static int open_tty(int fd, const struct stat *st)
{
	char name[256];
	struct stat own_st;
	int own, err = ttyname_r(fd, name, sizeof(name));

	if (err) {
		errno = err;
		return -1;
	}
	own = open(name, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (own < 0)
		return -1;
	if (fstat(own, &own_st) < 0 || own_st.st_rdev != st->st_rdev) {
		close(own);
		errno = ENOTTY;
		return -1;
	}
	return own;
}

int np_progress_open(struct np_progress *p, int fd)
{
	struct stat st;
	int fl = fcntl(fd, F_GETFL);

	p->fd = -1;
	p->own = false;
	p->dead = p->drawn = false;
	/* A closed stderr (np_stdfds_open's stand-in is read-only). */
	if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
		errno = EBADF;
		return -1;
	}
	if (fstat(fd, &st) < 0)
		return -1;
	if (isatty(fd)) {
		/* Nowhere rather than a write that could wait. */
		if ((p->fd = open_tty(fd, &st)) < 0)
			return -1;
		p->sink = SINK_TTY;
		p->own = true;
		return 0;
	}
	p->fd = fd;
	p->sink = S_ISSOCK(st.st_mode) ? SINK_SOCKET : S_ISREG(st.st_mode) ? SINK_FILE : SINK_POLLED;
	return 0;
}

void np_progress_close(struct np_progress *p)
{
	if (p->own && p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	p->own = false;
}

/* Whether a frame may go out now: on a terminal, only while netperf's
 * process group is its foreground one (not a background job's, whose
 * write TOSTOP would stop), or when it is not our controlling terminal
 * (tcgetpgrp's ENOTTY: no job control of ours applies to it). */
static bool may_draw(const struct np_progress *p)
{
	pid_t fg;

	if (p->sink != SINK_TTY)
		return true;
	fg = tcgetpgrp(p->fd);
	return fg < 0 ? errno == ENOTTY : fg == getpgrp();
}

/* A SIGPIPE the failed write raised, blocked in this thread: taken, so
 * that it never reaches netperf. */
static void drop_sigpipe(void)
{
	sigset_t pending, pipe_set;
	int sig;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE))
		(void)sigwait(&pipe_set, &sig);
}

/* One try at s: all, a part or nothing of it goes out, at once; the bytes
 * that did.  A failure other than "not now" ends the drawing. */
static size_t put(struct np_progress *p, const char *s, size_t n)
{
	ssize_t w;

	if (p->fd < 0 || p->dead || !may_draw(p))
		return 0;
	switch (p->sink) {
	case SINK_SOCKET:
		w = send(p->fd, s, n, MSG_DONTWAIT | MSG_NOSIGNAL);
		break;
	case SINK_POLLED: {
		/* A pipe's POLLOUT means room for PIPE_BUF bytes at least
		 * (a line is less), so the write does not wait. */
		struct pollfd q = { .fd = p->fd, .events = POLLOUT };

		if (poll(&q, 1, 0) != 1)
			return 0;
		if (q.revents & (POLLERR | POLLNVAL)) {
			p->dead = true;
			return 0;
		}
		if (!(q.revents & POLLOUT))
			return 0;
		w = write(p->fd, s, n);
		break;
	}
	default:
		w = write(p->fd, s, n);
		break;
	}
	if (w >= 0)
		return (size_t)w;
	if (errno == EPIPE)
		drop_sigpipe();
	if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
		p->dead = true;   /* EIO: the terminal is gone; EBADF, EPIPE, ... */
	return 0;
}

/* printf into buf at *len, never past its end. */
static void add(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n < size - *len ? (size_t)n : size - *len - 1;
}

static size_t width(int fd)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		return ws.ws_col - 1;
	return 79;
}

/* Seconds the run may still take: this phase's rest, the iterations
 * after it, and with --sweep the sizes after this one. */
static double left(const struct np_progress *p, double elapsed)
{
	double rest = p->length - elapsed, later;

	if (rest < 0)
		rest = 0;
	later = (double)(p->iter_max - p->iter) * p->length;
	if (p->size_n > 0)
		later += (double)(p->size_n - p->size_k) * p->iter_max * p->length;
	return rest + later;
}

static void frame(struct np_progress *p, double elapsed)
{
	/* Less than PIPE_BUF (512 at least), for SINK_POLLED. */
	char line[500];
	size_t len = 0, most;
	double figure = atomic_load_explicit(&p->figure, memory_order_relaxed);

	/* A -D line is due: nothing before it. */
	if (p->fd < 0 || p->dead || atomic_load(&p->hold))
		return;
	most = width(p->fd);
	add(line, sizeof(line), &len, "%snetperf: %s", ERASE, p->test);
	if (p->size_n > 0)
		add(line, sizeof(line), &len, "  size %d of %d (%ld bytes)", p->size_k, p->size_n,
		    (long)p->size);
	if (p->iter_max > 1)
		add(line, sizeof(line), &len, "  iteration %d of %d", p->iter, p->iter_max);
	if (p->flows > 1)
		add(line, sizeof(line), &len, "  %d flows", p->flows);
	if (p->length > 0)
		add(line, sizeof(line), &len, "  %s%.0f s left", p->may_stop_early ? "<= " : "",
		    left(p, elapsed));
	else
		add(line, sizeof(line), &len, "  %.0f s", elapsed);
	if (figure >= 0)
		add(line, sizeof(line), &len, "  %.*f %s/s%s", p->unit == 'x' ? 1 : 2, figure,
		    np_unit_label(p->unit), p->flows > 1 && !p->sum ? " (flow 1)" : "");
	if (p->half_pct >= 0)
		add(line, sizeof(line), &len, "  +-%.1f%%", p->half_pct);
	/* The erase is not shown: it takes no columns. */
	if (len > most + sizeof(ERASE) - 1)
		len = most + sizeof(ERASE) - 1;
	if (put(p, line, len) > 0)
		p->drawn = true;   /* a part of it is there too */
}

static void erase(struct np_progress *p)
{
	if (p->drawn && put(p, ERASE, sizeof(ERASE) - 1) == sizeof(ERASE) - 1)
		p->drawn = false;
}

void np_progress_call(void *ctx, enum np_watch_call what, int n, double elapsed)
{
	struct np_progress *p = ctx;

	switch (what) {
	case NP_WATCH_FRAME:
		frame(p, elapsed);
		break;
	case NP_WATCH_TICK:
		/* Off the terminal before the loop hears of the tick, and
		 * held off until it says the line is out. */
		if (p->tick_prints) {
			erase(p);
			atomic_store(&p->hold, n);
		}
		break;
	case NP_WATCH_LAST:
		erase(p);
		break;
	}
}

void np_progress_phase(struct np_progress *p)
{
	p->since = 0;
	p->units = 0;
	atomic_store(&p->figure, -1.0);   /* this phase's, not the last size's */
	atomic_store(&p->hold, 0);
}

void np_progress_count(struct np_progress *p, double now, uint64_t units)
{
	double secs = now - p->since;

	if (p->since == 0 || units < p->units) {
		p->since = now;
		p->units = units;
		return;
	}
	/* Not over a sliver of time: two requests close together (a late
	 * loop) would make a wild figure. */
	if (secs < NP_PROGRESS_S / 2)
		return;
	atomic_store_explicit(&p->figure,
			      np_unit_rate((double)(units - p->units) / secs, p->unit),
			      memory_order_relaxed);   /* 'x': as it is */
	p->since = now;
	p->units = units;
}

void np_progress_printed(struct np_progress *p, int n)
{
	int held = n;

	/* A later tick's hold (its line still to come) stays. */
	atomic_compare_exchange_strong(&p->hold, &held, 0);
}
