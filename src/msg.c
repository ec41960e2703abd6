/*
 * msg.c - what netperf says on stderr: errors, warnings and -d's steps.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "msg.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>

#include "opts.h"

/* stderr is the process's, and so is the log of its lines (-J). */
static pthread_mutex_t keep_lock = PTHREAD_MUTEX_INITIALIZER;
static struct np_msg_log *keep;

void np_msg_keep(struct np_msg_log *log)
{
	pthread_mutex_lock(&keep_lock);
	keep = log;
	pthread_mutex_unlock(&keep_lock);
}

static void say(FILE *err, bool error, const char *fmt, va_list ap)
{
	va_list again;

	va_copy(again, ap);
	/* Locked from here, the flows' lines do not interleave either. */
	pthread_mutex_lock(&keep_lock);
	fputs("netperf: ", err);
	vfprintf(err, fmt, ap);
	fputc('\n', err);
	if (keep && error && !keep->error[0])
		vsnprintf(keep->error, sizeof(keep->error), fmt, again);
	else if (keep && !error && keep->nwarnings < NP_MSG_WARNINGS)
		vsnprintf(keep->warnings[keep->nwarnings++], sizeof(keep->warnings[0]), fmt, again);
	pthread_mutex_unlock(&keep_lock);
	va_end(again);
}

int np_fail(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(err, true, fmt, ap);
	va_end(ap);
	return -1;
}

void np_warn(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(err, false, fmt, ap);
	va_end(ap);
}

/* -d: one line per step on stderr. */
void np_debug(const struct np_opts *o, FILE *err, const char *fmt, ...)
{
	va_list ap;

	if (!o->debug)
		return;
	fputs("netperf: debug: ", err);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
}
