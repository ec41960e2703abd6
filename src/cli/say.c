/*
 * say.c - what netperf says on stderr: errors, warnings and -d's steps.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/say.h"

#include <pthread.h>
#include <stdarg.h>

#include "cli/opts.h"

/* stderr is the process's, and so is the log of its lines (-J). */
static pthread_mutex_t keep_lock = PTHREAD_MUTEX_INITIALIZER;
static struct np_say_log *keep;

void np_say_keep(struct np_say_log *log)
{
	pthread_mutex_lock(&keep_lock);
	keep = log;
	pthread_mutex_unlock(&keep_lock);
}

enum kind { DEBUG, ERROR, WARNING };

/* One line on err, and into the log when it is kept there.  Never on a
 * data path: the data loops print nothing. */
static void say(FILE *err, enum kind kind, const char *fmt, va_list ap)
{
	char *slot = NULL;
	va_list again;

	/* Locked from here, the flows' lines do not interleave either. */
	pthread_mutex_lock(&keep_lock);
	fputs(kind == DEBUG ? "netperf: debug: " : "netperf: ", err);
	if (keep && kind == ERROR && !keep->error[0])
		slot = keep->error;
	else if (keep && kind == WARNING && keep->nwarnings < NP_SAY_WARNINGS)
		slot = keep->warnings[keep->nwarnings++];
	if (slot) {
		va_copy(again, ap);
		vsnprintf(slot, NP_SAY_LINE, fmt, again);
		va_end(again);
	}
	vfprintf(err, fmt, ap);
	fputc('\n', err);
	pthread_mutex_unlock(&keep_lock);
}

int np_fail(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(err, ERROR, fmt, ap);
	va_end(ap);
	return -1;
}

void np_warn(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(err, WARNING, fmt, ap);
	va_end(ap);
}

/* -d: one line per step on stderr. */
void np_debug(const struct np_opts *o, FILE *err, const char *fmt, ...)
{
	va_list ap;

	if (!o->debug)
		return;
	va_start(ap, fmt);
	say(err, DEBUG, fmt, ap);
	va_end(ap);
}
