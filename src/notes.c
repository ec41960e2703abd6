/*
 * notes.c - netperf-ng's lines after the classic table and its banner
 * additions (notes.h).  Each option has its own function; none prints
 * anything unless its option was given.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "notes.h"

#include <inttypes.h>

#include "test.h"

/* --batch / --gso: datagrams, and the system calls that carried them. */
static void notes_batch(FILE *out, const struct np_report *r)
{
	(void)out;
	(void)r;
}

/* --busy-poll: what each end did, and whether the socket option could
 * act on the device the data came through. */
static void notes_busy_poll(FILE *out, const struct np_report *r)
{
	(void)out;
	(void)r;
}

/* --zerocopy: completions, and how many of them the kernel copied. */
static void notes_zerocopy(FILE *out, const struct np_report *r)
{
	(void)out;
	(void)r;
}

void np_report_notes(FILE *out, const struct np_report *r)
{
	notes_batch(out, r);
	notes_busy_poll(out, r);
	notes_zerocopy(out, r);
}

void np_report_banner_notes(FILE *out, const struct np_report *r)
{
	(void)out;
	(void)r;
}
