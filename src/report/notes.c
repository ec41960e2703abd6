/*
 * notes.c - netperf-ng's lines after the classic table and its banner
 * additions (notes.h).  Each option has its own function; none prints
 * anything unless its option was given.  Then the unknown figures'
 * reasons (unknown.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/notes.h"

#include <inttypes.h>
#include <stdbool.h>

#include "cli/opts.h"
#include "report/unknown.h"
#include "run/busypoll.h"
#include "run/test.h"
#include "wire/wire.h"

/* --batch / --gso: datagrams, and the system calls that carried them,
 * on each end.  A side whose syscalls count is 0 did not batch: a
 * netserver 2.7.1 (its results have no such count), or a UDP_RR client
 * without -b. */
static void notes_batch(FILE *out, const struct np_report *r)
{
	const int32_t batch = np_report_param(r, "batch");
	const int32_t gso = np_report_param(r, "gso");
	const struct np_counters *l = &r->res.local, *m = &r->res.remote;
	const bool rr = r->o->test->rr;

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
	if (r->o->no_control)
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

/* --busy-poll: one end's part of the line, from its NP_POLL_* bits;
 * prog is who would lack the capability. */
static void poll_end(FILE *out, const char *who, uint32_t b, const char *prog)
{
	const bool set = b & NP_POLL_SOCKOPT;

	if (b == 0) {
		fprintf(out, "%s did not busy-poll", who);
		return;
	}
	fprintf(out, "%s %s", who, b & NP_POLL_SPIN ? "spun on receives" : "did not spin");
	if (set)
		fprintf(out, ", SO_BUSY_POLL %d us%s set", NP_BUSYPOLL_USEC,
			b & NP_POLL_PREFER ? " and SO_PREFER_BUSY_POLL" : "");
	if (b & NP_POLL_DENIED)
		fprintf(out, ", %s refused (EPERM: %s lacks CAP_NET_ADMIN)",
			set ? "SO_PREFER_BUSY_POLL" : "SO_BUSY_POLL", prog);
	else if (!set)
		fputs(", SO_BUSY_POLL not available", out);
}

/* --busy-poll: what each end did, and whether the socket option could
 * act on the device the data came through.  The remote end is known from
 * netserver-ng alone (its host facts came, or it spun); netserver 2.7.1
 * knows nothing of the option. */
static void notes_busy_poll(FILE *out, const struct np_report *r)
{
	const uint32_t lb = r->res.local.poll, rb = r->res.remote.poll;
	const bool rknown = !r->o->no_control && (rb != 0 || r->res.remote_host.known);
	/* The ends where the socket option was set, and of them those that
	 * a NAPI device fed. */
	const bool lset = lb & NP_POLL_SOCKOPT, rset = rknown && (rb & NP_POLL_SOCKOPT);
	const bool lnapi = lset && (lb & NP_POLL_NAPI), rnapi = rset && (rb & NP_POLL_NAPI);
	const bool spun = (lb & NP_POLL_SPIN) || (rknown && (rb & NP_POLL_SPIN));

	if (!np_report_param(r, "busy-poll"))
		return;
	fputs("Busy-poll: ", out);
	poll_end(out, "local", lb, "netperf");
	if (rknown) {
		fputs("; ", out);
		poll_end(out, "remote", rb, "netserver");
	} else {
		fputs(r->o->no_control ? "; remote: not known (no netserver, -N)"
				    : "; remote: not known (netserver is not netperf-ng)", out);
	}
	fputc('\n', out);
	if (!lset && !rset)
		return;
	if (!lnapi && !rnapi)
		fprintf(out, "Busy-poll: SO_BUSY_POLL had no effect: no NAPI device carried the "
			"data (loopback and veth have none)%s\n",
			spun ? "; the user-space spin did act" : "");
	else if (lnapi == lset && rnapi == rset)
		fprintf(out, "Busy-poll: a NAPI device carried the data: SO_BUSY_POLL could "
			"poll it %s\n", lset && rset ? "on both ends" : lset ? "locally" : "remotely");
	else
		fprintf(out, "Busy-poll: SO_BUSY_POLL could act on the %s end only: no NAPI "
			"device carried the %s end's data\n", lnapi ? "local" : "remote",
			lnapi ? "remote" : "local");
}

/* --zerocopy: completions, and how many of them the kernel copied, for
 * the end that sent (TCP_MAERTS: netserver).  A netserver without
 * --zerocopy (netperf 2.7.1's) sends plainly and counts none: said so,
 * the run itself being a plain TCP_MAERTS. */
static void notes_zerocopy(FILE *out, const struct np_report *r)
{
	const bool remote = (r->o->test->direction & NP_DIR_XMIT) != 0;
	const struct np_counters *c = remote ? &r->res.remote : &r->res.local;
	const char *end = remote ? "remote" : "local";
	/* The remote's send count crosses the wire in 32 bits. */
	const uint64_t calls = remote ? (uint32_t)c->send_calls : c->send_calls;
	const uint64_t done = remote ? (uint32_t)c->zc_sends : c->zc_sends;

	if (!np_report_param(r, "zerocopy"))
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
	/* Modulo 2^32 for the remote's counts, which may have wrapped. */
	if (remote ? (uint32_t)(calls - done) != 0 && (uint32_t)(calls - done) < 1u << 31
		   : calls > done)
		fprintf(out, "; %" PRIu64 " sends' completions never came",
			remote ? (uint64_t)(uint32_t)(calls - done) : calls - done);
	fputc('\n', out);
}

void np_report_option_notes(FILE *out, const struct np_report *r)
{
	notes_batch(out, r);
	notes_busy_poll(out, r);
	notes_zerocopy(out, r);
}

void np_report_notes(FILE *out, const struct np_report *r)
{
	np_report_option_notes(out, r);
	np_unknown_notes(out, r, 1);
}

void np_report_banner_notes(FILE *out, const struct np_report *r)
{
	if (np_report_param(r, "busy-poll"))
		fputs(" : busy-poll", out);
}
