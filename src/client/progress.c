/*
 * progress.c - the line a terminal shows while a run goes:
 *
 *   netperf: UDP_RR  iteration 2 of 10  <= 487 s left  30125.4 Trans/s  +-2.1%
 *
 * test, which iteration (with --sweep, which size; with --flows, how many
 * and that the figure is flow 1's), the seconds left ("<=" when -i may
 * end early), the figure since the previous redraw (this data phase's
 * only) and the interval the finished iterations reached.  Drawn with write(2) from the loop's slow
 * path, never its fast one; "\r" and an erase to the end of the line
 * (ESC [ K) redraw it in place, cut to the terminal's width so that it
 * never wraps.
 */
#include "config.h"

#include "client/progress.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/units.h"

#define ERASE "\r\033[K"

bool np_progress_wanted(int setting, int fd)
{
	const char *term = getenv("TERM");

	if (setting != 0)
		return setting > 0;
	return isatty(fd) && !(term && strcmp(term, "dumb") == 0);
}

static void put(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;   /* a terminal gone is no reason to stop the run */
		s += w;
		n -= (size_t)w;
	}
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
static double left(const struct np_progress *p, double now)
{
	double rest = p->length - (now - p->start), later;

	if (rest < 0)
		rest = 0;
	later = (double)(p->iter_max - p->iter) * p->length;
	if (p->size_n > 0)
		later += (double)(p->size_n - p->size_k) * p->iter_max * p->length;
	return rest + later;
}

static void draw(struct np_progress *p, double now)
{
	char line[512];
	size_t len = 0, most = width(p->fd);

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
		    left(p, now));
	else
		add(line, sizeof(line), &len, "  %.0f s", now - p->start);
	if (p->figure >= 0)
		add(line, sizeof(line), &len, "  %.*f %s/s%s", p->unit == 'x' ? 1 : 2,
		    p->figure, np_unit_label(p->unit), p->flows > 1 ? " (flow 1)" : "");
	if (p->half_pct >= 0)
		add(line, sizeof(line), &len, "  +-%.1f%%", p->half_pct);
	/* The erase is not shown: it takes no columns. */
	if (len > most + sizeof(ERASE) - 1)
		len = most + sizeof(ERASE) - 1;
	put(p->fd, line, len);
	p->drawn = true;
}

void np_progress_phase(struct np_progress *p, double now, uint64_t units)
{
	if (p->fd < 0)
		return;
	p->start = p->since = now;
	p->units = units;
	p->figure = -1;   /* a figure is this phase's, not the last size's */
	draw(p, now);
}

void np_progress_tick(struct np_progress *p, double now, uint64_t units)
{
	const double secs = now - p->since;

	if (p->fd < 0)
		return;
	if (secs > 0 && units >= p->units) {
		const double per_sec = (double)(units - p->units) / secs;

		p->figure = np_unit_rate(per_sec, p->unit);   /* 'x': as it is */
		p->since = now;
		p->units = units;
	}
	draw(p, now);
}

void np_progress_erase(struct np_progress *p)
{
	if (p->fd < 0 || !p->drawn)
		return;
	put(p->fd, ERASE, sizeof(ERASE) - 1);
	p->drawn = false;
}
