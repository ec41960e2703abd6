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
#include <stdbool.h>

#include "test.h"
#include "wire.h"

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

/* --zerocopy: completions, and how many of them the kernel copied, for
 * the end that sent (TCP_MAERTS: netserver).  A netserver without
 * --zerocopy (netperf 2.7.1's) sends plainly and counts none: said so,
 * the run itself being a plain TCP_MAERTS. */
static void notes_zerocopy(FILE *out, const struct np_report *r)
{
	const bool remote = (r->test->direction & NP_DIR_XMIT) != 0;
	const struct np_counters *c = remote ? &r->res.remote : &r->res.local;
	const char *end = remote ? "remote" : "local";
	/* The remote's send count crosses the wire in 32 bits. */
	const uint64_t calls = remote ? (uint32_t)c->send_calls : c->send_calls;
	const uint64_t done = remote ? (uint32_t)c->zc_sends : c->zc_sends;

	if (!np_test_param(r->test, r->params, "zerocopy"))
		return;
	if (remote && c->zc_sends == 0 && c->send_calls > 0) {
		fprintf(out, "Zero-copy: the remote end sent without MSG_ZEROCOPY "
			"(a netserver without --zerocopy, such as netperf 2.7.1's)\n");
		return;
	}
	fprintf(out, "Zero-copy: %s %" PRIu64 " sends completed, ", end, c->zc_sends);
	if (c->zc_copied == 0)
		fprintf(out, "none copied by the kernel");
	else if (c->zc_copied < c->zc_sends)
		fprintf(out, "%" PRIu64 " of them copied by the kernel", c->zc_copied);
	else
		fprintf(out, "%" PRIu64 " of them copied by the kernel (the device cannot "
			"send from user pages; loopback and veth always copy)", c->zc_copied);
	if (calls > done)
		fprintf(out, "; %" PRIu64 " sends' completions never came", calls - done);
	fputc('\n', out);
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
