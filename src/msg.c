/*
 * msg.c - what netperf says on stderr: errors and -d's steps.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "msg.h"

#include <stdarg.h>

#include "opts.h"

int np_fail(FILE *err, const char *fmt, ...)
{
	va_list ap;

	fputs("netperf: ", err);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
	return -1;
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
