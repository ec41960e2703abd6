/*
 * field_rows.c - the output fields (fields.h): a row per figure, in the
 * order -J writes them (its result, object by object); the names netperf
 * 2.7.1 knows carry its index, which orders `-o ?` and "all", and its
 * header words and printf format.  What -J does not show sits with the
 * figures it belongs to.  A new figure is one row here.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>

#include "base/units.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "report/field_row.h"
#include "report/view.h"
#include "run/test.h"

/* ---- Accessors -------------------------------------------------------- */

/* What netperf 2.7.1 prints for what it does not measure: the uname,
 * driver, slot and model strings were dropped, and a plain build keeps
 * its initial values for the rest (interface ids -2, dirty counts -1,
 * ...).  netperf-ng prints what it knows (the host facts) and these where
 * it does not. */
static void fixed(const struct np_report *r, int arg, struct np_value *v)
{
	(void)r;
	field_int(v, arg);
}

static void deprecated(const struct np_report *r, int arg, struct np_value *v)
{
	(void)r;
	(void)arg;
	field_text(v, "Deprecated");
}

static void blank(const struct np_report *r, int arg, struct np_value *v)
{
	(void)r;
	(void)arg;
	field_text(v, " ");
}

/* OUTPUT_END: it ends a line, and prints nothing where a file names it. */
static void nothing(const struct np_report *r, int arg, struct np_value *v)
{
	(void)r;
	(void)arg;
	v->absent = true;
}

static void socket_type(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, r->o->test->sock_type == SOCK_STREAM ? "Stream" : "Datagram");
}

static void protocol(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, r->o->test->protocol == IPPROTO_UDP ? "UDP" : "TCP");
}

static void direction(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, np_test_direction_name(r->o->test));
}

static void unit_label(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, np_unit_label(r->unit));
}

static void sd_units(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, r->unit == 'x' ? "usec/Tran" : "usec/KB");
}

/* A side's method letter; 'U' for one not measured. */
static void cpu_method(const struct np_report *r, int remote, struct np_value *v)
{
	const char m = remote ? r->res.rcpu_method : r->res.lcpu_method;

	field_int(v, m ? m : 'U');
	v->type = NP_V_CHAR;
}

/* The CPU count: the measuring side's (-c/-C, as 2.7.1), else the
 * host's where known, else 2.7.1's 0. */
static void cpu_count(const struct np_report *r, int remote, struct np_value *v)
{
	const struct np_result_cpu *c = remote ? &r->res.rcpu_more : &r->res.lcpu_more;
	const struct np_host_facts *h = remote ? &r->res.remote_host : &r->res.local_host;

	field_int(v, c->count > 0 ? c->count
		  : h->known && h->cpu_count > 0 ? h->cpu_count : c->count);
}

/* Without -i/-I netperf leaves its initial values: level 0, -1 for the
 * widths. */
enum { CONF_LEVEL, CONF_WIDTH, CONF_TPUT, CONF_LCPU, CONF_RCPU };

static void confidence(const struct np_report *r, int which, struct np_value *v)
{
	const double got[] = { r->o->conf_level, r->o->conf_width, r->res.conf_tput,
			       r->res.conf_lcpu, r->res.conf_rcpu };

	field_double(v, r->o->confidence ? got[which] : which == CONF_LEVEL ? 0 : -1.0);
}

static void iterations_run(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_int(v, r->res.iterations > 0 ? r->res.iterations : 1);
}

/* Computed for RR tests only; the others print the initial 1. */
static void transaction_rate(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_double(v, r->o->test->rr ? r->res.transaction_rate : 1.0);
}

/* A side's bytes: sent or received (what), local or remote. */
enum { L_SENT, L_RECV, R_SENT, R_RECV };

static uint64_t side_bytes(const struct np_report *r, int which)
{
	const struct np_counters *c = which >= R_SENT ? &r->res.remote : &r->res.local;

	return which == L_SENT || which == R_SENT ? c->bytes_sent : c->bytes_recv;
}

static uint64_t side_calls(const struct np_report *r, int which)
{
	const struct np_counters *c = which >= R_SENT ? &r->res.remote : &r->res.local;

	return which == L_SENT || which == R_SENT ? c->send_calls : c->recv_calls;
}

/* A side's rate in the report's unit; 'x' reports these in 10^6bits/s. */
static void side_rate(const struct np_report *r, int which, struct np_value *v)
{
	field_double(v, r->res.elapsed <= 0 ? 0.0
		     : np_unit_rate((double)side_bytes(r, which) / r->res.elapsed,
				    r->unit == 'x' ? 'm' : r->unit));
}

static void per_call(const struct np_report *r, int which, struct np_value *v)
{
	const uint64_t calls = side_calls(r, which);

	field_double(v, calls ? (double)side_bytes(r, which) / (double)calls : 0.0);
}

static void xferred(const struct np_report *r, int remote, struct np_value *v)
{
	field_double(v, (double)side_bytes(r, remote ? R_SENT : L_SENT) +
		     (double)side_bytes(r, remote ? R_RECV : L_RECV));
}

/* The data endpoints as given (-P ports, 0 = any), like the banner; ports
 * are text in netperf. */
static void port_text(const struct np_report *r, int remote, struct np_value *v)
{
	snprintf(v->buf, sizeof(v->buf), "%u",
		 (unsigned)(remote ? r->o->data_rport : r->o->data_lport));
	field_text(v, v->buf);
}

static void address(const struct np_report *r, int remote, struct np_value *v)
{
	field_text(v, !r->plan ? "" : remote ? r->plan->rname : r->plan->lname);
}

static void family(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_int(v, r->plan ? r->plan->family : AF_UNSPEC);
}

static void brand(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_text(v, r->brand);
	v->absent = r->brand == NULL;
}

/* An offload: 1 on, 0 off, -1 unknown. */
static int offload(const struct np_host_facts *h, int which)
{
	const unsigned bit = 1u << which;

	if (!h->known || !(h->offload_known & bit))
		return -1;
	return (h->offload_on & bit) != 0;
}

static void loffload(const struct np_report *r, int which, struct np_value *v)
{
	field_int(v, offload(&r->res.local_host, which));
}

static void roffload(const struct np_report *r, int which, struct np_value *v)
{
	field_int(v, offload(&r->res.remote_host, which));
}

/* The CPU a data loop ended on, -1 unknown; its migrations, -1 unknown
 * (and with its CPU unknown). */
static void data_cpu(const struct np_report *r, int remote, struct np_value *v)
{
	const struct np_placement *a = remote ? &r->res.remote_at : &r->res.local_at;

	field_int(v, a->known ? a->cpu_end : -1);
}

static void migrations(const struct np_report *r, int remote, struct np_value *v)
{
	const struct np_placement *a = remote ? &r->res.remote_at : &r->res.local_at;

	field_int(v, a->known && a->migrations >= 0
		  ? (a->migrations > INT32_MAX ? INT32_MAX : a->migrations) : -1);
}

/* --busy-poll's bits of one end. */
static void lpoll(const struct np_report *r, int bit, struct np_value *v)
{
	field_int(v, (r->res.local.poll & (unsigned)bit) != 0);
	v->type = NP_V_BOOL;
}

static void rpoll(const struct np_report *r, int bit, struct np_value *v)
{
	field_int(v, (r->res.remote.poll & (unsigned)bit) != 0);
	v->type = NP_V_BOOL;
}

/* UDP_STREAM's send rate in bits/s (or transactions/s with -f x, as the
 * headline). */
static void sent_bits(const struct np_report *r, int arg, struct np_value *v)
{
	(void)arg;
	field_double(v, r->res.local_tput * np_report_headline_scale(r));
}

/* -J's latency figures: microseconds from the histogram's nanoseconds
 * (the group is there only with a histogram); arg a percentile times
 * 100, or one of these. */
enum { H_COUNT = -1, H_MIN = -2, H_MAX = -3, H_BUCKETS = -4 };

static void hist(const struct np_report *r, int which, struct np_value *v)
{
	const struct np_hist *h = r->res.hist;

	if (which == H_COUNT) {
		field_u64(v, h->count);
	} else if (which == H_BUCKETS) {
		v->type = NP_V_HIST;
		v->hist = h;
	} else {
		field_double(v, (double)(which == H_MIN ? h->min : which == H_MAX ? h->max
					 : np_hist_percentile(h, which / 100.0)) / 1000.0);
	}
}

/* ---- The rows --------------------------------------------------------- */

#define RES(m) FIELD_AT(SRC_RESULT, struct np_result, m)
#define OPT(m) FIELD_AT(SRC_OPTS, struct np_opts, m)
#define REP(m) FIELD_AT(SRC_REPORT, struct np_report, m)
#define LFACT(m) FIELD_AT(SRC_LFACTS, struct np_host_facts, m)
#define RFACT(m) FIELD_AT(SRC_RFACTS, struct np_host_facts, m)
#define FN(f, a) .src = SRC_FN, .fn = (f), .off = (unsigned)(a)

/* -o's part: its name, netperf 2.7.1's index (NG: netperf-ng's own name),
 * the four header words and the format. */
#define O(n, nf, w0, w1, w2, w3, f) .name = n, .netperf = nf, .words = { w0, w1, w2, w3 }, \
	.fmt = NP_FMT_##f
#define NG(n, w0, w1, w2, w3, f) O(n, -1, w0, w1, w2, w3, f)
/* -J's part: the object, the key, when it is null, the schema, the unit. */
#define J(g, key, k, s, u) .group = NP_G_##g, .json = key, .known = NP_K_##k, \
	.schema = NP_S_##s, .unit = u
/* A rule that gates -o's value without a -J key. */
#define GATE(k) .known = NP_K_##k

const struct np_field np_fields[] = {
	/* The result's headline figures. */
	{ O("ELAPSED_TIME", 4, "Elapsed", "Time", "(sec)", "", F2),
	  RES(elapsed), J(RESULT, "elapsed_s", ALWAYS, NUMBER_OR_NULL, "s") },
	{ RES(bits_per_s),
	  J(RESULT, "throughput_bits_per_second", ALWAYS, NUMBER_OR_NULL, "bits/s") },
	{ RES(trans_per_s),
	  J(RESULT, "transactions_per_second", RR, NUMBER_OR_NULL, "transactions/s") },
	{ O("THROUGHPUT", 5, "Throughput", "", "", "", F2), RES(throughput) },
	{ O("THROUGHPUT_UNITS", 6, "Throughput", "Units", "", "", UNITS), FN(unit_label, 0) },
	{ O("TRANSACTION_RATE", 48, "Transaction", "Rate", "Tran/s", "", F3),
	  FN(transaction_rate, 0) },
	{ O("RT_LATENCY", 49, "Round", "Trip", "Latency", "usec/tran", F3),
	  RES(rt_latency), GATE(RR) },
	{ O("LOCAL_SEND_THROUGHPUT", 54, "Local", "Send", "Throughput", "", F2),
	  FN(side_rate, L_SENT) },
	{ O("LOCAL_RECV_THROUGHPUT", 55, "Local", "Recv", "Throughput", "", F2),
	  FN(side_rate, L_RECV) },
	{ O("REMOTE_SEND_THROUGHPUT", 56, "Remote", "Send", "Throughput", "", F2),
	  FN(side_rate, R_SENT) },
	{ O("REMOTE_RECV_THROUGHPUT", 57, "Remote", "Recv", "Throughput", "", F2),
	  FN(side_rate, R_RECV) },

	/* Each end's counters. */
	{ O("LOCAL_BYTES_SENT", 80, "Local", "Bytes", "Sent", "", U64),
	  RES(local.bytes_sent), J(LCOUNTERS, "bytes_sent", ALWAYS, COUNT, "bytes") },
	{ O("LOCAL_BYTES_RECVD", 81, "Local", "Bytes", "Received", "", U64),
	  RES(local.bytes_recv), J(LCOUNTERS, "bytes_received", ALWAYS, COUNT, "bytes") },
	{ O("LOCAL_SEND_CALLS", 76, "Local", "Send", "Calls", "", U64),
	  RES(local.send_calls), J(LCOUNTERS, "send_calls", ALWAYS, COUNT, "calls") },
	{ O("LOCAL_RECV_CALLS", 77, "Local", "Recv", "Calls", "", U64),
	  RES(local.recv_calls), J(LCOUNTERS, "recv_calls", ALWAYS, COUNT, "calls") },
	{ RES(local.trans), J(LCOUNTERS, "transactions", ALWAYS, COUNT, "transactions") },
	{ RES(local.failed_sends), J(LCOUNTERS, "failed_sends", ALWAYS, COUNT, "calls") },
	{ RES(local.timeouts), J(LCOUNTERS, "timeouts", ALWAYS, COUNT, "transactions") },
	{ RES(local.syscalls), J(LCOUNTERS, "system_calls", NONZERO, COUNT_OR_NULL, "calls") },
	{ RES(local.zc_sends), J(LCOUNTERS, "zerocopy_completed", ALWAYS, COUNT, "sends") },
	{ RES(local.zc_copied), J(LCOUNTERS, "zerocopy_copied", ALWAYS, COUNT, "sends") },
	{ FN(lpoll, NP_POLL_SPIN), J(LPOLL, "spun", ALWAYS, BOOL, "") },
	{ FN(lpoll, NP_POLL_SOCKOPT), J(LPOLL, "so_busy_poll", ALWAYS, BOOL, "") },
	{ FN(lpoll, NP_POLL_PREFER), J(LPOLL, "so_prefer_busy_poll", ALWAYS, BOOL, "") },
	{ FN(lpoll, NP_POLL_NAPI), J(LPOLL, "napi", ALWAYS, BOOL, "") },
	{ FN(lpoll, NP_POLL_DENIED), J(LPOLL, "refused", ALWAYS, BOOL, "") },
	{ O("LOCAL_BYTES_PER_RECV", 78, "Local", "Bytes", "Per", "Recv", F2),
	  FN(per_call, L_RECV) },
	{ O("LOCAL_BYTES_PER_SEND", 79, "Local", "Bytes", "Per", "Send", F2),
	  FN(per_call, L_SENT) },
	{ O("LOCAL_BYTES_XFERD", 82, "Local", "Bytes", "Xferred", "", F0), FN(xferred, 0) },
	{ O("REMOTE_BYTES_SENT", 98, "Remote", "Bytes", "Sent", "", U64),
	  RES(remote.bytes_sent), J(RCOUNTERS, "bytes_sent", ALWAYS, COUNT, "bytes") },
	{ O("REMOTE_BYTES_RECVD", 99, "Remote", "Bytes", "Received", "", U64),
	  RES(remote.bytes_recv), J(RCOUNTERS, "bytes_received", ALWAYS, COUNT, "bytes") },
	{ O("REMOTE_SEND_CALLS", 94, "Remote", "Send", "Calls", "", U64),
	  RES(remote.send_calls), J(RCOUNTERS, "send_calls", ALWAYS, COUNT, "calls") },
	{ O("REMOTE_RECV_CALLS", 95, "Remote", "Recv", "Calls", "", U64),
	  RES(remote.recv_calls), J(RCOUNTERS, "recv_calls", ALWAYS, COUNT, "calls") },
	{ RES(remote.trans), J(RCOUNTERS, "transactions", ALWAYS, COUNT, "transactions") },
	{ RES(remote.failed_sends), J(RCOUNTERS, "failed_sends", ALWAYS, COUNT, "calls") },
	{ RES(remote.timeouts), J(RCOUNTERS, "timeouts", ALWAYS, COUNT, "transactions") },
	{ RES(remote.syscalls), J(RCOUNTERS, "system_calls", NONZERO, COUNT_OR_NULL, "calls") },
	{ RES(remote.zc_sends), J(RCOUNTERS, "zerocopy_completed", ALWAYS, COUNT, "sends") },
	{ RES(remote.zc_copied), J(RCOUNTERS, "zerocopy_copied", ALWAYS, COUNT, "sends") },
	{ FN(rpoll, NP_POLL_SPIN), J(RPOLL, "spun", ALWAYS, BOOL, "") },
	{ FN(rpoll, NP_POLL_SOCKOPT), J(RPOLL, "so_busy_poll", ALWAYS, BOOL, "") },
	{ FN(rpoll, NP_POLL_PREFER), J(RPOLL, "so_prefer_busy_poll", ALWAYS, BOOL, "") },
	{ FN(rpoll, NP_POLL_NAPI), J(RPOLL, "napi", ALWAYS, BOOL, "") },
	{ FN(rpoll, NP_POLL_DENIED), J(RPOLL, "refused", ALWAYS, BOOL, "") },
	{ O("REMOTE_BYTES_PER_RECV", 96, "Remote", "Bytes", "Per", "Recv", F2),
	  FN(per_call, R_RECV) },
	{ O("REMOTE_BYTES_PER_SEND", 97, "Remote", "Bytes", "Per", "Send", F2),
	  FN(per_call, R_SENT) },
	{ O("REMOTE_BYTES_XFERD", 100, "Remote", "Bytes", "Xferred", "", F0), FN(xferred, 1) },

	/* Bytes per call; a size of 0 is a side that made no such call.
	 * netperf sets the request/response sizes for RR tests only. */
	{ O("LOCAL_SEND_SIZE", 19, "Local", "Send", "Size", "", INT),
	  RES(send_size), J(MSG_SIZES, "local_send", POSITIVE, SIZE_OR_NULL, "bytes") },
	{ O("LOCAL_RECV_SIZE", 20, "Local", "Recv", "Size", "", INT),
	  RES(recv_size), J(MSG_SIZES, "local_recv", POSITIVE, SIZE_OR_NULL, "bytes") },
	{ O("REMOTE_SEND_SIZE", 21, "Remote", "Send", "Size", "", INT),
	  RES(rsend_size), J(MSG_SIZES, "remote_send", POSITIVE, SIZE_OR_NULL, "bytes") },
	{ O("REMOTE_RECV_SIZE", 22, "Remote", "Recv", "Size", "", INT),
	  RES(rrecv_size), J(MSG_SIZES, "remote_recv", POSITIVE, SIZE_OR_NULL, "bytes") },
	{ O("REQUEST_SIZE", 23, "Request", "Size", "Bytes", "", INT), OPT(req_size), GATE(RR) },
	{ O("RESPONSE_SIZE", 24, "Response", "Size", "Bytes", "", INT), OPT(rsp_size), GATE(RR) },
	{ O("BURST_SIZE", 50, "Initial", "Burst", "Requests", "", INT), OPT(burst) },

	/* Socket buffers: as asked (-s/-S), after set-up, at the end. */
	{ O("LSS_SIZE_REQ", 7, "Local", "Send Socket", "Size", "Requested", INT), OPT(lsndbuf) },
	{ O("LSS_SIZE", 8, "Local", "Send Socket", "Size", "Initial", INT),
	  RES(lss), J(LSEND_BUF, "initial", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("LSS_SIZE_END", 9, "Local", "Send Socket", "Size", "Final", INT),
	  RES(lss_end), J(LSEND_BUF, "final", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("LSR_SIZE_REQ", 10, "Local", "Recv Socket", "Size", "Requested", INT), OPT(lrcvbuf) },
	{ O("LSR_SIZE", 11, "Local", "Recv Socket", "Size", "Initial", INT),
	  RES(lsr), J(LRECV_BUF, "initial", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("LSR_SIZE_END", 12, "Local", "Recv Socket", "Size", "Final", INT),
	  RES(lsr_end), J(LRECV_BUF, "final", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("RSS_SIZE_REQ", 13, "Remote", "Send Socket", "Size", "Requested", INT), OPT(rsndbuf) },
	{ O("RSS_SIZE", 14, "Remote", "Send Socket", "Size", "Initial", INT),
	  RES(rss), J(RSEND_BUF, "initial", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("RSS_SIZE_END", 15, "Remote", "Send Socket", "Size", "Final", INT),
	  RES(rss_end), J(RSEND_BUF, "final", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("RSR_SIZE_REQ", 16, "Remote", "Recv Socket", "Size", "Requested", INT), OPT(rrcvbuf) },
	{ O("RSR_SIZE", 17, "Remote", "Recv Socket", "Size", "Initial", INT),
	  RES(rsr), J(RRECV_BUF, "initial", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("RSR_SIZE_END", 18, "Remote", "Recv Socket", "Size", "Final", INT),
	  RES(rsr_end), J(RRECV_BUF, "final", NONNEG, SIZE_OR_NULL, "bytes") },
	{ O("LOCAL_SEND_WIDTH", 87, "Local", "Send", "Width", "", INT), RES(lsend_width) },
	{ O("LOCAL_RECV_WIDTH", 88, "Local", "Recv", "Width", "", INT), RES(lrecv_width) },
	{ O("REMOTE_SEND_WIDTH", 105, "Remote", "Send", "Width", "", INT), RES(rsend_width) },
	{ O("REMOTE_RECV_WIDTH", 106, "Remote", "Recv", "Width", "", INT), RES(rrecv_width) },
	{ O("LOCAL_SEND_OFFSET", 83, "Local", "Send", "Offset", "", INT), OPT(loffset[0]) },
	{ O("LOCAL_RECV_OFFSET", 84, "Local", "Recv", "Offset", "", INT), OPT(loffset[1]) },
	{ O("LOCAL_SEND_ALIGN", 85, "Local", "Send", "Alignment", "", INT), OPT(lalign[0]) },
	{ O("LOCAL_RECV_ALIGN", 86, "Local", "Recv", "Alignment", "", INT), OPT(lalign[1]) },
	{ O("REMOTE_SEND_OFFSET", 101, "Remote", "Send", "Offset", "", INT), OPT(roffset[0]) },
	{ O("REMOTE_RECV_OFFSET", 102, "Remote", "Recv", "Offset", "", INT), OPT(roffset[1]) },
	{ O("REMOTE_SEND_ALIGN", 103, "Remote", "Send", "Alignment", "", INT), OPT(ralign[0]) },
	{ O("REMOTE_RECV_ALIGN", 104, "Remote", "Recv", "Alignment", "", INT), OPT(ralign[1]) },

	/* The data connection: its real ports in -J; -o's are as given. */
	{ RES(sport), J(PORTS, "local", POSITIVE, PORT_OR_NULL, "") },
	{ RES(dport), J(PORTS, "remote", POSITIVE, PORT_OR_NULL, "") },
	{ O("SOURCE_PORT", 70, "Source", "Port", "", "", STR), FN(port_text, 0) },
	{ O("SOURCE_ADDR", 71, "Source", "Address", "", "", STR), FN(address, 0) },
	{ O("SOURCE_FAMILY", 72, "Source", "Family", "", "", INT), FN(family, 0) },
	{ O("DEST_PORT", 73, "Destination", "Port", "", "", STR), FN(port_text, 1) },
	{ O("DEST_ADDR", 74, "Destination", "Address", "", "", STR), FN(address, 1) },
	{ O("DEST_FAMILY", 75, "Destination", "Family", "", "", INT), FN(family, 0) },

	/* CPU (-c/-C): percent of the whole machine; -J's side is null when
	 * it was not measured, and a part the system does not count (FreeBSD's
	 * iowait, host/cpu.h) null, -1 in -o.  Service demand per KB, or per
	 * transaction with -f x. */
	{ O("LOCAL_CPU_UTIL", 25, "Local", "CPU", "Util", "%", F2),
	  RES(lcpu), J(LCPU, "utilization_percent", ALWAYS, NUMBER_MIN0, "%") },
	{ O("LOCAL_CPU_PERCENT_USER", 26, "Local", "CPU", "User", "%", F2),
	  RES(lcpu_more.user), J(LCPU, "user_percent", ALWAYS, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PERCENT_SYSTEM", 27, "Local", "CPU", "System", "%", F2),
	  RES(lcpu_more.system), J(LCPU, "system_percent", ALWAYS, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PERCENT_IOWAIT", 28, "Local", "CPU", "I/O", "%", F2),
	  RES(lcpu_more.iowait), J(LCPU, "iowait_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PERCENT_IRQ", 29, "Local", "CPU", "IRQ", "%", F2),
	  RES(lcpu_more.irq), J(LCPU, "irq_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PERCENT_SWINTR", 30, "Local", "CPU", "swintr", "%", F2),
	  RES(lcpu_more.swintr), J(LCPU, "softirq_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PEAK_UTIL", 60, "Local", "Peak", "Per CPU", "Util %", F2),
	  RES(lcpu_more.peak_util), J(LCPU, "peak_cpu_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("LOCAL_CPU_PEAK_ID", 61, "Local", "Peak", "Per CPU", "ID", INT),
	  RES(lcpu_more.peak_id), J(LCPU, "peak_cpu_id", NONNEG, SIZE_OR_NULL, "") },
	{ RES(lcpu_more.count), J(LCPU, "cpu_count", POSITIVE, MIN1_OR_NULL, "CPUs") },
	{ O("LOCAL_CPU_METHOD", 31, "Local", "CPU", "Util", "Method", CHAR),
	  FN(cpu_method, 0), J(LCPU, "method", ALWAYS, LETTER, "") },
	{ O("LOCAL_SD", 32, "Local", "Service", "Demand", "", F3),
	  RES(lsd), J(LCPU, "service_demand_us_per_kb", PER_KB, NUMBER_OR_NULL, "us/KB") },
	{ RES(lsd),
	  J(LCPU, "service_demand_us_per_transaction", PER_TRAN, NUMBER_OR_NULL, "us/transaction") },
	{ O("REMOTE_CPU_UTIL", 33, "Remote", "CPU", "Util", "%", F2),
	  RES(rcpu), J(RCPU, "utilization_percent", ALWAYS, NUMBER_MIN0, "%") },
	{ O("REMOTE_CPU_PERCENT_USER", 34, "Remote", "CPU", "User", "%", F2),
	  RES(rcpu_more.user), J(RCPU, "user_percent", ALWAYS, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PERCENT_SYSTEM", 35, "Remote", "CPU", "System", "%", F2),
	  RES(rcpu_more.system), J(RCPU, "system_percent", ALWAYS, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PERCENT_IOWAIT", 36, "Remote", "CPU", "I/O", "%", F2),
	  RES(rcpu_more.iowait), J(RCPU, "iowait_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PERCENT_IRQ", 37, "Remote", "CPU", "IRQ", "%", F2),
	  RES(rcpu_more.irq), J(RCPU, "irq_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PERCENT_SWINTR", 38, "Remote", "CPU", "swintr", "%", F2),
	  RES(rcpu_more.swintr), J(RCPU, "softirq_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PEAK_UTIL", 66, "Remote", "Peak", "Per CPU", "Util %", F2),
	  RES(rcpu_more.peak_util), J(RCPU, "peak_cpu_percent", NONNEG, NUMBER_OR_NULL, "%") },
	{ O("REMOTE_CPU_PEAK_ID", 67, "Remote", "Peak", "Per CPU", "ID", INT),
	  RES(rcpu_more.peak_id), J(RCPU, "peak_cpu_id", NONNEG, SIZE_OR_NULL, "") },
	{ RES(rcpu_more.count), J(RCPU, "cpu_count", POSITIVE, MIN1_OR_NULL, "CPUs") },
	{ O("REMOTE_CPU_METHOD", 39, "Remote", "CPU", "Util", "Method", CHAR),
	  FN(cpu_method, 1), J(RCPU, "method", ALWAYS, LETTER, "") },
	{ O("REMOTE_SD", 40, "Remote", "Service", "Demand", "", F3),
	  RES(rsd), J(RCPU, "service_demand_us_per_kb", PER_KB, NUMBER_OR_NULL, "us/KB") },
	{ RES(rsd),
	  J(RCPU, "service_demand_us_per_transaction", PER_TRAN, NUMBER_OR_NULL, "us/transaction") },
	{ O("SD_UNITS", 41, "Service", "Demand", "Units", "", STR), FN(sd_units, 0) },
	{ O("LOCAL_CPU_BIND", 58, "Local", "CPU", "Bind", "", INT), OPT(lcpu_bind) },
	{ O("LOCAL_CPU_COUNT", 59, "Local", "CPU", "Count", "", INT), FN(cpu_count, 0) },
	{ O("LOCAL_CPU_MODEL", 62, "Local", "CPU", "Model", "", STR), LFACT(cpu_model) },
	{ O("LOCAL_CPU_FREQUENCY", 63, "Local", "CPU", "Frequency", "MHz", INT), FN(fixed, 0) },
	{ O("REMOTE_CPU_BIND", 64, "Remote", "CPU", "Bind", "", INT), OPT(rcpu_bind) },
	{ O("REMOTE_CPU_COUNT", 65, "Remote", "CPU", "Count", "", INT), FN(cpu_count, 1) },
	{ O("REMOTE_CPU_MODEL", 68, "Remote", "CPU", "Model", "", STR), RFACT(cpu_model) },
	{ O("REMOTE_CPU_FREQUENCY", 69, "Remote", "CPU", "Frequency", "MHz", INT), FN(fixed, 0) },

	/* TCP (null in -J for other tests). */
	{ O("TRANSPORT_MSS", 53, "Transport", "MSS", "bytes", "", INT),
	  RES(mss), J(TCP, "mss_bytes", POSITIVE, MIN1_OR_NULL, "bytes") },
	{ O("LOCAL_TRANSPORT_RETRANS", 51, "Local", "Transport", "Retransmissions", "", INT),
	  RES(ltransport_retrans),
	  J(TCP, "local_retransmissions", NONNEG, SIZE_OR_NULL, "segments") },
	{ O("REMOTE_TRANSPORT_RETRANS", 52, "Remote", "Transport", "Retransmissions", "", INT),
	  RES(rtransport_retrans),
	  J(TCP, "remote_retransmissions", NONNEG, SIZE_OR_NULL, "segments") },
	{ O("LOCAL_CONG_CONTROL", 169, "Local", "Congestion", "Control", "Algorithm", STR),
	  RES(lcong), J(TCP, "local_congestion_control", TEXT, TEXT_OR_NULL, "") },
	{ O("REMOTE_CONG_CONTROL", 170, "Remote", "Congestion", "Control", "Algorithm", STR),
	  RES(rcong), J(TCP, "remote_congestion_control", TEXT, TEXT_OR_NULL, "") },
	{ O("LOCAL_NODELAY", 92, "Local", "NODELAY", "", "", INT), OPT(nodelay) },
	{ O("LOCAL_CORK", 93, "Local", "Cork", "", "", INT), OPT(cork) },
	{ O("REMOTE_NODELAY", 110, "Remote", "NODELAY", "", "", INT), RES(rnodelay) },
	{ O("REMOTE_CORK", 111, "Remote", "Cork", "", "", INT), FN(fixed, 0) },

	/* Datagram streams (UDP_STREAM; null in -J for other tests): what
	 * left netperf's socket and what netserver read. */
	{ RES(local.send_calls), J(UDP, "packets_sent", ALWAYS, COUNT, "datagrams") },
	{ RES(remote.recv_calls), J(UDP, "packets_received", ALWAYS, COUNT, "datagrams") },
	{ NG("LOCAL_SEND_PACKET_RATE", "Local", "Send", "Packets", "per sec", F2),
	  RES(send_pps), J(UDP, "packets_per_second_sent", ALWAYS, NUMBER_MIN0, "datagrams/s") },
	{ NG("REMOTE_RECV_PACKET_RATE", "Remote", "Recv", "Packets", "per sec", F2),
	  RES(recv_pps),
	  J(UDP, "packets_per_second_received", ALWAYS, NUMBER_MIN0, "datagrams/s") },
	{ NG("PACKET_LOSS_PERCENT", "Packet", "Loss", "Percent", "", F3),
	  RES(loss_pct), J(UDP, "loss_percent", ALWAYS, PERCENT, "%") },
	{ FN(sent_bits, 0), J(UDP, "sent_bits_per_second", ALWAYS, NUMBER_MIN0, "bits/s") },

	/* Round trips (-j, or any of these fields): microseconds.  -o's are
	 * whole, -J's from the histogram. */
	{ FN(hist, H_COUNT), J(LATENCY, "count", ALWAYS, COUNT_MIN1, "transactions") },
	{ FN(hist, H_MIN), J(LATENCY, "min", ALWAYS, NUMBER_MIN0, "us") },
	{ O("MIN_LATENCY", 158, "Minimum", "Latency", "Microseconds", "", INT),
	  RES(lat_min), GATE(LATENCY) },
	{ O("MAX_LATENCY", 159, "Maximum", "Latency", "Microseconds", "", INT),
	  RES(lat_max), GATE(LATENCY) },
	{ O("P50_LATENCY", 160, "50th", "Percentile", "Latency", "Microseconds", INT),
	  RES(lat_p50), GATE(LATENCY) },
	{ O("P90_LATENCY", 161, "90th", "Percentile", "Latency", "Microseconds", INT),
	  RES(lat_p90), GATE(LATENCY) },
	{ O("P99_LATENCY", 162, "99th", "Percentile", "Latency", "Microseconds", INT),
	  RES(lat_p99), GATE(LATENCY) },
	{ NG("P99_9_LATENCY", "99.9th", "Percentile", "Latency", "Microseconds", INT),
	  RES(lat_p999), GATE(LATENCY) },
	{ NG("P99_99_LATENCY", "99.99th", "Percentile", "Latency", "Microseconds", INT),
	  RES(lat_p9999), GATE(LATENCY) },
	{ O("MEAN_LATENCY", 163, "Mean", "Latency", "Microseconds", "", F2),
	  RES(lat_mean), J(LATENCY, "mean", LATENCY, NUMBER_MIN0, "us") },
	{ O("STDDEV_LATENCY", 164, "Stddev", "Latency", "Microseconds", "", F2),
	  RES(lat_stddev), J(LATENCY, "stddev", LATENCY, NUMBER_MIN0, "us") },
	{ FN(hist, 5000), J(LATENCY, "p50", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, 9000), J(LATENCY, "p90", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, 9900), J(LATENCY, "p99", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, 9990), J(LATENCY, "p99_9", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, 9999), J(LATENCY, "p99_99", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, H_MAX), J(LATENCY, "max", ALWAYS, NUMBER_MIN0, "us") },
	{ FN(hist, H_BUCKETS), J(HISTOGRAM, "buckets", ALWAYS, BUCKETS, "ns") },

	/* A many-flows run (--flows on netserver-ng): the flows' spread,
	 * in the report's unit, and the set-up apart from the rates. */
	{ NG("FLOW_COUNT", "Flows", "", "", "", INT), RES(many.flows),
	  J(MANY, "flows", ALWAYS, COUNT_MIN1, "flows") },
	{ NG("FLOW_THREADS", "Flow", "Threads", "", "", INT), RES(many.threads),
	  J(MANY, "threads", ALWAYS, COUNT_MIN1, "threads") },
	{ NG("FLOW_SETUP_TIME", "Set-up", "Time", "(sec)", "", F3), RES(many.setup_s),
	  J(MANY, "setup_s", ALWAYS, NUMBER_MIN0, "s") },
	{ NG("FLOW_RATE_MIN", "Minimum", "Flow", "Rate", "", F2), RES(many.rate_min),
	  J(MANY, "rate_min", ALWAYS, NUMBER_MIN0, "the report's unit") },
	{ NG("FLOW_RATE_P10", "10th", "Percentile", "Flow", "Rate", F2), RES(many.rate_p10),
	  J(MANY, "rate_p10", ALWAYS, NUMBER_MIN0, "the report's unit") },
	{ NG("FLOW_RATE_P50", "Median", "Flow", "Rate", "", F2), RES(many.rate_p50),
	  J(MANY, "rate_median", ALWAYS, NUMBER_MIN0, "the report's unit") },
	{ NG("FLOW_RATE_P90", "90th", "Percentile", "Flow", "Rate", F2), RES(many.rate_p90),
	  J(MANY, "rate_p90", ALWAYS, NUMBER_MIN0, "the report's unit") },
	{ NG("FLOW_RATE_MAX", "Maximum", "Flow", "Rate", "", F2), RES(many.rate_max),
	  J(MANY, "rate_max", ALWAYS, NUMBER_MIN0, "the report's unit") },
	{ NG("FLOW_JAIN_INDEX", "Jain's", "Fairness", "Index", "", F6), RES(many.jain),
	  J(MANY, "jain_index", ALWAYS, NUMBER_MIN0, "1: every flow alike") },
	{ NG("FLOW_UNPROVEN", "Strangers", "Turned", "Away", "", U64), RES(many.unproven),
	  J(MANY, "unproven", ALWAYS, COUNT, "connections or datagrams") },
	{ NG("CONNECT_P50_LATENCY", "50th", "Percentile", "Connect", "Microseconds", F2),
	  RES(many.conn_p50), J(CONNECT, "p50", ALWAYS, NUMBER_MIN0, "us") },
	{ NG("CONNECT_P90_LATENCY", "90th", "Percentile", "Connect", "Microseconds", F2),
	  RES(many.conn_p90), J(CONNECT, "p90", ALWAYS, NUMBER_MIN0, "us") },
	{ NG("CONNECT_P99_LATENCY", "99th", "Percentile", "Connect", "Microseconds", F2),
	  RES(many.conn_p99), J(CONNECT, "p99", ALWAYS, NUMBER_MIN0, "us") },
	{ NG("CONNECT_MAX_LATENCY", "Maximum", "Connect", "Microseconds", "", F2),
	  RES(many.conn_max), J(CONNECT, "max", ALWAYS, NUMBER_MIN0, "us") },

	/* The test and its settings (-J has them elsewhere). */
	{ O("OUTPUT_NONE", 0, " ", "", "", "", STR), FN(blank, 0) },
	{ O("SOCKET_TYPE", 1, "Socket", "Type", "", "", STR), FN(socket_type, 0) },
	{ O("PROTOCOL", 2, "Protocol", "", "", "", STR), FN(protocol, 0) },
	{ O("DIRECTION", 3, "Direction", "", "", "", STR), FN(direction, 0) },
	{ O("CONFIDENCE_LEVEL", 42, "Confidence", "Level", "Percent", "", G),
	  FN(confidence, CONF_LEVEL) },
	{ O("CONFIDENCE_INTERVAL", 43, "Confidence", "Width", "Target", "", F6),
	  FN(confidence, CONF_WIDTH) },
	{ O("CONFIDENCE_ITERATION", 44, "Confidence", "Iterations", "Run", "", INT),
	  FN(iterations_run, 0) },
	{ O("THROUGHPUT_CONFID", 45, "Throughput", "Confidence", "Width (%)", "", F3),
	  FN(confidence, CONF_TPUT) },
	{ O("LOCAL_CPU_CONFID", 46, "Local", "CPU", "Confidence", "Width (%)", F3),
	  FN(confidence, CONF_LCPU) },
	{ O("REMOTE_CPU_CONFID", 47, "Remote", "CPU", "Confidence", "Width (%)", F3),
	  FN(confidence, CONF_RCPU) },
	{ O("LOCAL_SOCKET_PRIO", 165, "Local", "Socket", "Priority", "", INT), OPT(lprio) },
	{ O("REMOTE_SOCKET_PRIO", 166, "Remote", "Socket", "Priority", "", INT), RES(rprio) },
	{ O("LOCAL_SOCKET_TOS", 167, "Local", "Socket", "TOS", "", HEX2), RES(ltos) },
	{ O("REMOTE_SOCKET_TOS", 168, "Remote", "Socket", "TOS", "", HEX2), RES(rtos) },
	{ O("LOCAL_FILL_FILE", 171, "Local", "Fill", "File", "", STR), OPT(lfill) },
	{ O("REMOTE_FILL_FILE", 172, "Remote", "Fill", "File", "", STR), OPT(rfill) },
	{ O("RESULT_BRAND", 156, "Result", "Tag", "", "", QUOTED), FN(brand, 0) },
	{ O("UUID", 157, "Test", "UUID", "", "", STR), REP(uuid) },
	{ O("COMMAND_LINE", 173, "Command", "Line", "", "", QUOTED), REP(command_line) },
	{ O("OUTPUT_END", 174, "This", "Is", "The", "End", STR), FN(nothing, 0) },

	/* What the data ran over (facts.h; -J: "local_host", "remote_host"). */
	{ O("LOCAL_SYSNAME", 112, "Local", "Sysname", "", "", STR), LFACT(sysname) },
	{ O("LOCAL_SYSTEM_MODEL", 113, "Local", "System", "Model", "", STR), FN(deprecated, 0) },
	{ O("LOCAL_RELEASE", 114, "Local", "Release", "", "", STR), LFACT(release) },
	{ O("LOCAL_VERSION", 115, "Local", "Version", "", "", STR), LFACT(version) },
	{ O("LOCAL_MACHINE", 116, "Local", "Machine", "", "", STR), LFACT(machine) },
	{ O("REMOTE_SYSNAME", 117, "Remote", "Sysname", "", "", STR), RFACT(sysname) },
	{ O("REMOTE_SYSTEM_MODEL", 118, "Remote", "System", "Model", "", STR), FN(deprecated, 0) },
	{ O("REMOTE_RELEASE", 119, "Remote", "Release", "", "", STR), RFACT(release) },
	{ O("REMOTE_VERSION", 120, "Remote", "Version", "", "", STR), RFACT(version) },
	{ O("REMOTE_MACHINE", 121, "Remote", "Machine", "", "", STR), RFACT(machine) },
	{ O("LOCAL_INTERFACE_NAME", 122, "Local", "Interface", "Name", "", STR), LFACT(ifname) },
	{ O("LOCAL_INTERFACE_VENDOR", 123, "Local", "Interface", "Vendor", "", HEX4),
	  FN(fixed, -2) },
	{ O("LOCAL_INTERFACE_DEVICE", 124, "Local", "Interface", "Device", "", HEX4),
	  FN(fixed, -2) },
	{ O("LOCAL_INTERFACE_SUBVENDOR", 125, "Local", "Interface", "Subvendor", "", HEX4),
	  FN(fixed, -2) },
	{ O("LOCAL_INTERFACE_SUBDEVICE", 126, "Local", "Interface", "Subdevice", "", HEX4),
	  FN(fixed, -2) },
	{ O("LOCAL_DRIVER_NAME", 127, "Local", "Driver", "Name", "", STR), LFACT(driver) },
	{ O("LOCAL_DRIVER_VERSION", 128, "Local", "Driver", "Version", "", STR),
	  LFACT(driver_version) },
	{ O("LOCAL_DRIVER_FIRMWARE", 129, "Local", "Driver", "Firmware", "", STR),
	  LFACT(firmware) },
	{ O("LOCAL_DRIVER_BUS", 130, "Local", "Driver", "Bus", "", STR), LFACT(bus) },
	{ O("LOCAL_INTERFACE_SLOT", 131, "Local", "Interface", "Slot", "", STR),
	  FN(deprecated, 0) },
	{ O("REMOTE_INTERFACE_NAME", 132, "Remote", "Interface", "Name", "", STR), RFACT(ifname) },
	{ O("REMOTE_INTERFACE_VENDOR", 133, "Remote", "Interface", "Vendor", "", HEX4),
	  FN(fixed, -2) },
	{ O("REMOTE_INTERFACE_DEVICE", 134, "Remote", "Interface", "Device", "", HEX4),
	  FN(fixed, -2) },
	{ O("REMOTE_INTERFACE_SUBVENDOR", 135, "Remote", "Interface", "Subvendor", "", HEX4),
	  FN(fixed, -2) },
	{ O("REMOTE_INTERFACE_SUBDEVICE", 136, "Remote", "Interface", "Subdevice", "", HEX4),
	  FN(fixed, -2) },
	{ O("REMOTE_DRIVER_NAME", 137, "Remote", "Driver", "Name", "", STR), RFACT(driver) },
	{ O("REMOTE_DRIVER_VERSION", 138, "Remote", "Driver", "Version", "", STR),
	  RFACT(driver_version) },
	{ O("REMOTE_DRIVER_FIRMWARE", 139, "Remote", "Driver", "Firmware", "", STR),
	  RFACT(firmware) },
	{ O("REMOTE_DRIVER_BUS", 140, "Remote", "Driver", "Bus", "", STR), RFACT(bus) },
	{ O("REMOTE_INTERFACE_SLOT", 141, "Remote", "Interface", "Slot", "", STR),
	  FN(deprecated, 0) },
	{ NG("LOCAL_INTERFACE_MTU", "Local", "Interface", "MTU", "", INT), LFACT(mtu) },
	{ NG("LOCAL_INTERFACE_SPEED", "Local", "Interface", "Speed", "Mb/s", INT),
	  LFACT(speed_mbps) },
	{ NG("LOCAL_INTERFACE_RX_QUEUES", "Local", "Interface", "Rx", "Queues", INT),
	  LFACT(rx_queues) },
	{ NG("LOCAL_INTERFACE_TX_QUEUES", "Local", "Interface", "Tx", "Queues", INT),
	  LFACT(tx_queues) },
	{ NG("LOCAL_OFFLOAD_RX_CSUM", "Local", "Offload", "Rx", "Checksum", INT),
	  FN(loffload, NP_OFFLOAD_RX_CSUM) },
	{ NG("LOCAL_OFFLOAD_TX_CSUM", "Local", "Offload", "Tx", "Checksum", INT),
	  FN(loffload, NP_OFFLOAD_TX_CSUM) },
	{ NG("LOCAL_OFFLOAD_TSO", "Local", "Offload", "TSO", "", INT),
	  FN(loffload, NP_OFFLOAD_TSO) },
	{ NG("LOCAL_OFFLOAD_GSO", "Local", "Offload", "GSO", "", INT),
	  FN(loffload, NP_OFFLOAD_GSO) },
	{ NG("LOCAL_OFFLOAD_GRO", "Local", "Offload", "GRO", "", INT),
	  FN(loffload, NP_OFFLOAD_GRO) },
	{ NG("LOCAL_OFFLOAD_LRO", "Local", "Offload", "LRO", "", INT),
	  FN(loffload, NP_OFFLOAD_LRO) },
	{ NG("REMOTE_INTERFACE_MTU", "Remote", "Interface", "MTU", "", INT), RFACT(mtu) },
	{ NG("REMOTE_INTERFACE_SPEED", "Remote", "Interface", "Speed", "Mb/s", INT),
	  RFACT(speed_mbps) },
	{ NG("REMOTE_INTERFACE_RX_QUEUES", "Remote", "Interface", "Rx", "Queues", INT),
	  RFACT(rx_queues) },
	{ NG("REMOTE_INTERFACE_TX_QUEUES", "Remote", "Interface", "Tx", "Queues", INT),
	  RFACT(tx_queues) },
	{ NG("REMOTE_OFFLOAD_RX_CSUM", "Remote", "Offload", "Rx", "Checksum", INT),
	  FN(roffload, NP_OFFLOAD_RX_CSUM) },
	{ NG("REMOTE_OFFLOAD_TX_CSUM", "Remote", "Offload", "Tx", "Checksum", INT),
	  FN(roffload, NP_OFFLOAD_TX_CSUM) },
	{ NG("REMOTE_OFFLOAD_TSO", "Remote", "Offload", "TSO", "", INT),
	  FN(roffload, NP_OFFLOAD_TSO) },
	{ NG("REMOTE_OFFLOAD_GSO", "Remote", "Offload", "GSO", "", INT),
	  FN(roffload, NP_OFFLOAD_GSO) },
	{ NG("REMOTE_OFFLOAD_GRO", "Remote", "Offload", "GRO", "", INT),
	  FN(roffload, NP_OFFLOAD_GRO) },
	{ NG("REMOTE_OFFLOAD_LRO", "Remote", "Offload", "LRO", "", INT),
	  FN(roffload, NP_OFFLOAD_LRO) },
	/* Where the data loops ran (placement.h), the last iteration's. */
	{ NG("LOCAL_DATA_CPU", "Local", "Data", "CPU", "", INT), FN(data_cpu, 0) },
	{ NG("LOCAL_DATA_CPU_MIGRATIONS", "Local", "Data", "CPU", "Migrations", INT),
	  FN(migrations, 0) },
	{ NG("REMOTE_DATA_CPU", "Remote", "Data", "CPU", "", INT), FN(data_cpu, 1) },
	{ NG("REMOTE_DATA_CPU_MIGRATIONS", "Remote", "Data", "CPU", "Migrations", INT),
	  FN(migrations, 1) },
	{ NG("SHARED_DATA_CPU", "Shared", "Data", "CPU", "", INT), RES(shared_cpu) },

	/* What netperf 2.7.1 names and netperf-ng does not measure. */
	{ O("LOCAL_SEND_DIRTY_COUNT", 89, "Local", "Send", "Dirty", "Count", INT), FN(fixed, -1) },
	{ O("LOCAL_RECV_DIRTY_COUNT", 90, "Local", "Recv", "Dirty", "Count", INT), FN(fixed, -1) },
	{ O("LOCAL_RECV_CLEAN_COUNT", 91, "Local", "Recv", "Clean", "Count", INT), FN(fixed, -1) },
	{ O("REMOTE_SEND_DIRTY_COUNT", 107, "Remote", "Send", "Dirty", "Count", INT),
	  FN(fixed, -1) },
	{ O("REMOTE_RECV_DIRTY_COUNT", 108, "Remote", "Recv", "Dirty", "Count", INT),
	  FN(fixed, -1) },
	{ O("REMOTE_RECV_CLEAN_COUNT", 109, "Remote", "Recv", "Clean", "Count", INT),
	  FN(fixed, -1) },
	{ O("LOCAL_INTERVAL_USECS", 142, "Local", "Interval", "Usecs", "", INT), FN(fixed, 0) },
	{ O("LOCAL_INTERVAL_BURST", 143, "Local", "Interval", "Burst", "", INT), FN(fixed, 0) },
	{ O("REMOTE_INTERVAL_USECS", 144, "Remote", "Interval", "Usecs", "", INT), FN(fixed, 0) },
	{ O("REMOTE_INTERVAL_BURST", 145, "Remote", "Interval", "Burst", "", INT), FN(fixed, 0) },
	{ O("LOCAL_SECURITY_TYPE_ID", 146, "Local", "OS", "Security", "Type ID", INT),
	  FN(fixed, 0) },
	{ O("LOCAL_SECURITY_TYPE", 147, "Local", "OS", "Security", "Type", STR),
	  FN(deprecated, 0) },
	{ O("LOCAL_SECURITY_ENABLED_NUM", 148, "Local", "OS", "Security", "Enabled Num", INT),
	  FN(fixed, 0) },
	{ O("LOCAL_SECURITY_ENABLED", 149, "Local", "OS", "Security", "Enabled", STR),
	  FN(deprecated, 0) },
	{ O("LOCAL_SECURITY_SPECIFIC", 150, "Local", "OS", "Security", "Specific", STR),
	  FN(deprecated, 0) },
	{ O("REMOTE_SECURITY_TYPE_ID", 151, "Remote", "OS", "Security", "Type", INT),
	  FN(fixed, 0) },
	{ O("REMOTE_SECURITY_TYPE", 152, "Remote", "OS", "Security", "Type", STR),
	  FN(deprecated, 0) },
	{ O("REMOTE_SECURITY_ENABLED_NUM", 153, "Remote", "OS", "Security", "Enabled", INT),
	  FN(fixed, 0) },
	{ O("REMOTE_SECURITY_ENABLED", 154, "Remote", "OS", "Security", "Enabled", STR),
	  FN(deprecated, 0) },
	{ O("REMOTE_SECURITY_SPECIFIC", 155, "Remote", "OS", "Security", "Specific", STR),
	  FN(deprecated, 0) },
};

const int np_nfields = (int)(sizeof(np_fields) / sizeof(np_fields[0]));
