/*
 * many_run.c - --flows against netserver-ng (many_run.h): the run's
 * request, the set-up, each iteration's GO, data phase and END, and the
 * figures for the report.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/many_run.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/fdlimit.h"
#include "base/random.h"
#include "base/units.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "cli/say.h"
#include "client/exchange.h"
#include "client/flow.h"
#include "client/progress.h"
#include "client/sigint.h"
#include "host/cpu.h"
#include "many/mclient.h"
#include "many/spread.h"
#include "report/metrics.h"
#include "report/result.h"
#include "run/test.h"
#include "stats/hist.h"
#include "wire/control.h"
#include "wire/many.h"
#include "wire/refuse.h"

/* netserver answers the run's request after opening its sockets. */
#define REPLY_TIMEOUT_MS 30000
/* GO waits for the last hellos (netserver's own limit is 30 s). */
#define GO_TIMEOUT_MS 40000
#define SETUP_TIMEOUT_S 60.0
#define FLOWS_PER_PORT 10000
#define UDP_FLOWS_PER_SOCKET 128
/* A count (-l -N) has no time: netserver's deadline for it. */
#define COUNT_DEADLINE_S 3600
#define TCP_SEND_SIZE 16384
#define UDP_SEND_SIZE 1472
#define RECV_SIZE 65536

/* Whether every option given is one a many-flows run carries out; the
 * others (-D, -F, a test's own options, the socket options of netperf
 * 2.7.1 beyond -s/-S/-D, a data address of its own (-- -H: netserver's
 * data sockets listen on the control connection's), ...) run a session
 * a flow. */
static bool many_takes(const struct np_opts *o)
{
	int32_t defaults[NP_TEST_OPTIONS];

	np_test_option_defaults(o->test, defaults);
	if (memcmp(defaults, o->test_params, sizeof(defaults)) != 0)
		return false;
	return o->interim <= 0 && !o->lfill && !o->rfill &&
	       o->rr_timeout <= 0 && !o->lcong && !o->rcong && o->lprio < 0 && o->rprio < 0 &&
	       o->ltos < 0 && o->rtos < 0 && o->maxseg == 0 && o->max_pacing == 0 && !o->cork &&
	       !o->fastopen && !o->defer_accept && !o->mtu_do && !o->keepalive &&
	       o->data_lport == 0 && o->data_rport == 0 && o->crr_port_min == 0 &&
	       o->wait_s == 0 && !o->data_host;
}

uint32_t np_many_kind_of(const struct np_opts *o)
{
	const struct np_test *t = np_test_served(o->test);

	if (t->ext_id || t->no_data || t->no_connection || t->sendfile || o->omni ||
	    !many_takes(o))
		return 0;
	if (t->sock_type == SOCK_STREAM && t->rr)
		return t->connect_each ? NP_MANY_TCP_CRR : NP_MANY_TCP_RR;
	if (t->sock_type == SOCK_DGRAM && t->rr)
		return t->connect_each ? 0 : NP_MANY_UDP_RR;
	if (t->connect_each)
		return 0;
	if (t->sock_type == SOCK_DGRAM)
		return (t->direction & NP_DIR_RECV) ? NP_MANY_UDP_STREAM : 0;
	return (t->direction & NP_DIR_RECV) ? NP_MANY_TCP_STREAM : NP_MANY_TCP_MAERTS;
}

/* One request and its answer of type want on the control connection. */
static int exchange(struct np_flow *ctl, int32_t want, int timeout_ms, FILE *err,
		    const char *what)
{
	size_t got = 0;
	int r;

	if (np_ctl_send(ctl->ctl, ctl->msg, NP_SEND_TIMEOUT_MS) < 0)
		return np_fail(err, "sending netserver the %s: %s", what, strerror(errno));
	r = np_ctl_recv(ctl->ctl, ctl->msg, timeout_ms, &got);
	if (r == 0)
		return np_fail(err, "netserver closed the control connection at the %s", what);
	if (r < 0)
		return np_fail(err, "netserver's answer to the %s: %s", what,
			       errno == ETIMEDOUT ? "none in time" : strerror(errno));
	if (np_wire_type(ctl->msg) != want && np_wire_word1(ctl->msg) == NP_ERR_UNKNOWN_REQUEST)
		return 1;
	return 0;
}

/* The run's request from the options. */
static void make_request(const struct np_opts *o, uint32_t kind, int threads,
			 struct np_many_req *q)
{
	const bool udp = np_many_is_udp(kind);
	int ports = o->num_ports;

	memset(q, 0, sizeof(*q));
	q->kind = kind;
	q->flows = (uint32_t)o->flows;
	q->threads = (uint32_t)threads;
	/* Room for ephemeral ports: a netserver port per FLOWS_PER_PORT
	 * flows (TCP_CRR: per a fifth of that, its connections come and go). */
	if (ports == 0) {
		/* UDP: a netserver socket per UDP_FLOWS_PER_SOCKET flows, whose
		 * first requests all fit its receive queue. */
		const int burst = 1 + (o->burst > 0 ? o->burst : 0);
		int per = kind == NP_MANY_TCP_CRR ? FLOWS_PER_PORT / 5
			  : udp ? UDP_FLOWS_PER_SOCKET / burst : FLOWS_PER_PORT;

		if (per < 1)
			per = 1;

		ports = (o->flows + threads * per - 1) / (threads * per);
	}
	if (ports * threads > NP_MANY_MAX_SOCKS)
		ports = NP_MANY_MAX_SOCKS / threads;
	q->ports = (uint32_t)(ports > 0 ? ports : 1);
	q->req_size = o->req_size > 0 ? o->req_size : 1;
	q->rsp_size = o->rsp_size > 0 ? o->rsp_size : 1;
	q->send_size = kind == NP_MANY_TCP_MAERTS
			       ? (o->rsend_size > 0 ? o->rsend_size : TCP_SEND_SIZE)
			       : (o->send_size > 0 ? o->send_size : udp ? UDP_SEND_SIZE : TCP_SEND_SIZE);
	q->recv_size = o->rrecv_size > 0 ? o->rrecv_size : RECV_SIZE;
	q->sndbuf = o->rsndbuf > 0 ? o->rsndbuf : -1;
	q->rcvbuf = o->rrcvbuf > 0 ? o->rrcvbuf : -1;
	q->flags = (o->nodelay ? NP_MANY_F_NODELAY : 0) | (o->remote_cpu ? NP_MANY_F_CPU : 0) |
		   (o->length < 0 ? NP_MANY_F_COUNTED : 0);
	q->length_s = o->length > 0 ? (int32_t)o->length + 1 : COUNT_DEADLINE_S;
	q->burst = 1 + (o->burst > 0 ? o->burst : 0);
	if (q->burst > NP_MANY_MAX_BURST)
		q->burst = NP_MANY_MAX_BURST;
	q->ncpus = o->nrcpus < NP_MANY_MAX_CPUS ? o->nrcpus : NP_MANY_MAX_CPUS;
	for (int i = 0; i < q->ncpus; i++)
		q->cpus[i] = o->rcpus[i];
}

/* The flows' rates (the report's unit) and their spread. */
static void spread(const struct np_plan *p, uint32_t kind, const struct np_many_tally *mt,
		   double share, struct np_many_figures *f)
{
	const bool rr = np_many_is_rr(kind);
	double *scratch = malloc((size_t)f->flows * sizeof(*scratch));
	double scale = mt->elapsed > 0 ? share / mt->elapsed : 0;
	struct np_flow_spread s;

	if (!rr || p->unit != 'x')
		scale = np_unit_rate(scale, p->unit == 'x' ? 'm' : p->unit);
	if (rr && p->unit != 'x') {
		/* Bytes both ways a transaction, as the SUM counts them. */
		scale *= (double)(p->o->req_size + p->o->rsp_size);
	}
	if (!scratch)
		return;
	np_flow_spread(mt->per_flow, (size_t)f->flows, scale, scratch, &s);
	free(scratch);
	f->rate_min = s.min;
	f->rate_p10 = s.p10;
	f->rate_p50 = s.p50;
	f->rate_p90 = s.p90;
	f->rate_max = s.max;
	f->jain = s.jain;
}

/* An iteration's figures from both sides' counts. */
static void figures(const struct np_plan *p, const struct np_many_req *q,
		    const struct np_many_reply *r, const struct np_many_tally *mt,
		    const struct np_many_counts *rc, struct np_result *s)
{
	s->elapsed = mt->elapsed;
	s->lss = s->lss_end = mt->lss;
	s->lsr = s->lsr_end = mt->lsr;
	s->rss = s->rss_end = r->sndbuf;
	s->rsr = s->rsr_end = r->rcvbuf;
	s->local.trans = mt->units;
	s->local.bytes_sent = mt->bytes_out;
	s->local.bytes_recv = mt->bytes_in;
	s->local.send_calls = mt->calls_out ? mt->calls_out : mt->units;
	s->local.recv_calls = mt->calls_in;
	s->local.timeouts = mt->timeouts;
	s->remote.bytes_recv = rc->bytes_in;
	s->remote.bytes_sent = rc->bytes_out;
	s->remote.recv_calls = rc->msgs_in;
	s->remote.send_calls = rc->msgs_out;
	s->remote.trans = rc->msgs_out;
	if (q->kind == NP_MANY_UDP_STREAM)
		s->local.send_calls = mt->units;
	/* Request/response: the bytes of the transactions counted here,
	 * both ways (netserver's also hold the last ones in flight), so
	 * that the flows add up to the SUM. */
	if (np_many_is_rr(q->kind)) {
		s->remote.bytes_recv = mt->bytes_out;
		s->remote.bytes_sent = mt->bytes_in;
	}
	s->send_size = q->kind == NP_MANY_TCP_MAERTS ? 0 : q->send_size;
	s->rsend_size = q->kind == NP_MANY_TCP_MAERTS ? q->send_size : 0;
	s->rrecv_size = q->recv_size;
	s->recv_size = RECV_SIZE;
	s->lcpu = s->rcpu = -1;
	s->lcpu_method = s->rcpu_method = 'U';
	s->lcpu_more = s->rcpu_more = NP_UNMEASURED_CPU;
	if (mt->cpu && mt->cpu->util >= 0) {
		const struct np_cpu_util *u = mt->cpu;

		s->lcpu = u->util;
		s->lcpu_method = np_cpu_method_letter(np_cpu_method());
		s->lcpu_more = (struct np_result_cpu){ u->user, u->system, u->iowait, u->irq,
						       u->softirq, u->peak_util, u->peak_id,
						       p->o->ncpus > 0 ? p->o->ncpus
								       : np_cpu_count() };
	}
	if (rc->cpu_util >= 0) {
		s->rcpu = rc->cpu_util;
		s->rcpu_method = np_cpu_method_letter(rc->cpu_method);
		s->rcpu_more = NP_UNMEASURED_CPU;
		s->rcpu_more.count = rc->cpu_count;
	}
	s->mss = s->ltransport_retrans = s->rtransport_retrans = -1;
	s->rprio = s->ltos = s->rtos = -1;
	np_metrics_derive(p->test, p->unit, q->burst - 1, s);
}

/* The progress line's figure: what the flows did, in its units. */
struct counting {
	struct np_progress *p;
	uint64_t per;                 /* bytes a transaction under a byte unit; 1 */
};

static void on_count(void *ctx, double now, uint64_t amount)
{
	struct counting *k = ctx;

	np_progress_count(k->p, now, amount * k->per);
}

/* --threads as the run takes it: the CPUs by default, at most the
 * flows and NP_MANY_MAX_THREADS. */
static int threads_of(const struct np_opts *o)
{
	int threads = o->threads > 0 ? o->threads : np_cpu_count();

	if (threads > o->flows)
		threads = o->flows;
	if (threads > NP_MANY_MAX_THREADS)
		threads = NP_MANY_MAX_THREADS;
	return threads < 1 ? 1 : threads;
}

int np_many_fd_room(const struct np_opts *o, FILE *err)
{
	const long need = np_many_fds_needed(np_many_kind_of(o), o->flows, threads_of(o));
	const long have = np_fd_limit_raise(need);

	if (have >= 0 && have < need)
		return np_fail(err, "--flows %d needs %ld file descriptors; this process may have "
			       "%ld (RLIMIT_NOFILE's hard limit: raise it with ulimit -Hn as root, "
			       "or run fewer flows)", o->flows, need, have);
	return 0;
}

static int run(const struct np_plan *p, struct np_flow *ctl, const struct np_many_req *q,
	       const struct np_many_reply *r, struct np_many_client *mc, struct np_tally *t, struct np_result *s,
	       struct np_many_keep *keep, double setup_s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_confidence_rule rule = { o->confidence, o->conf_level, o->conf_width,
						  o->result_only };
	const uint64_t count = o->length < 0 ? (uint64_t)(-o->length) : 0;
	struct np_many_tally mt;
	struct np_many_counts rc;
	double share = 1.0;
	const struct np_watch_caller drawer = { NP_PROGRESS_S, np_progress_call, ctl->progress };
	struct np_watch watch;
	bool watching = false;
	struct np_many_figures fig = { .present = true, .flows = o->flows,
				       .threads = (int)q->threads, .setup_s = setup_s };
	char why[256];

	memset(t, 0, sizeof(*t));
	for (int i = 1; i <= o->iter_max; i++) {
		const double go_at = np_now();
		int32_t serr;
		uint32_t joined;
		int got;

		np_many_encode_go(i, ctl->msg);
		if ((got = exchange(ctl, NP_NG_MANY_GO_REPLY, GO_TIMEOUT_MS, err, "start")) != 0)
			return got < 0 ? -1 : np_fail(err, "netserver forgot the run");
		/* The set-up ends when netserver has every flow's hello. */
		if (i == 1)
			fig.setup_s += np_now() - go_at;
		if (np_many_decode_go_reply(ctl->msg, &serr, &joined, why, sizeof(why)) < 0)
			return np_fail(err, "netserver's start: %s", why);
		if (serr)
			return np_fail(err, "netserver: %u of %d flows joined the run (%s)", joined,
				       o->flows, strerror(serr));
		/* The progress line: drawn by a watch, as a classic run's. */
		if (ctl->progress) {
			ctl->progress->iter = i;
			ctl->progress->sum = true;
			np_progress_phase(ctl->progress);
			watching = np_watch_start(&watch, count ? 0 : (double)o->length, 0, &drawer,
						  -1, -1) == 0;
		}
		/* A count has netserver's bound for its time. */
		got = np_many_client_phase(mc, count ? (double)r->length_s : (double)o->length, count,
					   &mt, why, sizeof(why));
		const double phase_end = np_now();
		if (watching)
			np_watch_end(&watch);
		watching = false;
		/* A stream's bytes sent: netserver's counts wait for them. */
		np_many_encode_end(q->kind == NP_MANY_TCP_STREAM || q->kind == NP_MANY_UDP_STREAM
					   ? mt.bytes_out : 0,
				   ctl->msg);
		if (exchange(ctl, NP_NG_MANY_END_REPLY, REPLY_TIMEOUT_MS, err, "end") != 0)
			return -1;
		if (got < 0)
			return np_fail(err, "%s", why);
		/* A TCP stream's clock stops when netserver has taken every
		 * byte sent (END_REPLY waits for them), as netperf's stops at
		 * the receiver's EOF: what sat in the send buffers at the end
		 * took that long to go. */
		if (q->kind == NP_MANY_TCP_STREAM)
			mt.elapsed += np_now() - phase_end;
		if (np_many_decode_end_reply(ctl->msg, &serr, &rc, why, sizeof(why)) < 0)
			return np_fail(err, "netserver's counts: %s", why);
		if (count && mt.short_flows && !np_interrupted())
			return np_fail(err, "-l %lld: %d of %d flows did not make their count within "
				       "%d s (netserver's bound: its --max-test-time)",
				       (long long)o->length, mt.short_flows, o->flows, r->length_s);
		if (serr)
			return np_fail(err, "netserver's counts: %s", strerror(serr));
		memset(s, 0, sizeof(*s));
		figures(p, q, r, &mt, &rc, s);
		/* A flow's round trip: the flows' mean, as a classic SUM's. */
		s->rt_latency *= (double)o->flows;
		np_tally_add(t, &rule, s);
		if (ctl->progress && o->confidence && i >= 2)
			ctl->progress->half_pct = 100.0 * t->half_tput;
		/* A stream's flows: each its share of what netserver received,
		 * by what it sent, so that the flows add up to the SUM. */
		share = mt.bytes_out && (q->kind == NP_MANY_TCP_STREAM ||
					 q->kind == NP_MANY_UDP_STREAM)
				? (double)rc.bytes_in / (double)mt.bytes_out : 1.0;
		spread(p, q->kind, &mt, share, &fig);
		fig.unproven = rc.unproven;
		fig.timeouts += mt.timeouts;
		if (mt.lat) {
			if (!keep->lat && !(keep->lat = malloc(sizeof(*keep->lat))))
				return np_fail(err, "out of memory");
			if (i == 1)
				np_hist_init(keep->lat);
			np_hist_merge(keep->lat, mt.lat);
		}
		if (mt.conn && mt.conn->count) {
			fig.conn = true;
			fig.conn_p50 = (double)np_hist_percentile(mt.conn, 50) / 1000.0;
			fig.conn_p90 = (double)np_hist_percentile(mt.conn, 90) / 1000.0;
			fig.conn_p99 = (double)np_hist_percentile(mt.conn, 99) / 1000.0;
			fig.conn_max = (double)mt.conn->max / 1000.0;
		}
		/* Ctrl-C ended the phase early: its figures are what it
		 * measured, over the time it ran, as netperf's. */
		if (np_interrupted() || (o->confidence && i >= o->iter_min && t->met))
			break;
	}
	np_tally_fill(t, &rule, s);
	/* What the data ran over: the control connection's path here (the
	 * flows share it), netserver-ng's facts there. */
	ctl->ours = true;
	ctl->caps = NP_EXT_SERVER_CAPS;
	if (!ctl->local_host.known)
		np_host_facts_socket(ctl->ctl, (const struct sockaddr *)&p->remote.ss,
				     &ctl->local_host);
	np_exchange_host_facts(ctl, err);
	s->local_host = ctl->local_host;
	s->remote_host = ctl->remote_host;
	if (keep->lat)
		np_metrics_latency(keep->lat, s);
	s->many = fig;
	if (fig.timeouts)
		np_warn(err, "%llu UDP_RR requests (or their responses) were lost and sent "
			"again after 1 s", (unsigned long long)fig.timeouts);
	/* --per-flow: each flow's last iteration, as its own figures. */
	if (o->per_flow) {
		keep->fs = calloc((size_t)o->flows, sizeof(*keep->fs));
		if (!keep->fs)
			return np_fail(err, "out of memory for %d flows' figures", o->flows);
		keep->nfs = o->flows;
		for (int f = 0; f < o->flows; f++) {
			struct np_many_tally one = { .elapsed = mt.elapsed };
			struct np_many_counts none = { 0 };
			struct np_result *x = &keep->fs[f];
			const bool rr = np_many_is_rr(q->kind);

			if (rr) {
				one.units = mt.per_flow[f];
				one.bytes_out = one.units * (uint64_t)q->req_size;
				one.bytes_in = one.units * (uint64_t)q->rsp_size;
				none.bytes_in = one.bytes_out;
				none.bytes_out = one.bytes_in;
			} else if (q->kind == NP_MANY_TCP_MAERTS) {
				one.bytes_in = mt.per_flow[f];
			} else {
				one.bytes_out = mt.per_flow[f];
				none.bytes_in = (uint64_t)llround((double)mt.per_flow[f] * share);
				if (q->kind == NP_MANY_UDP_STREAM) {
					one.units = mt.per_flow[f] / (uint64_t)q->send_size;
					none.msgs_in = none.bytes_in / (uint64_t)q->send_size;
				}
			}
			one.lss = mt.lss;
			one.lsr = mt.lsr;
			figures(p, q, r, &one, &none, x);
			x->iterations = 1;
			x->conf_level_used = s->conf_level_used;
		}
	}
	return 0;
}

int np_many_measure(const struct np_plan *p, struct np_flow *ctl, struct np_tally *t,
		    struct np_result *s, struct np_many_keep *keep, FILE *err)
{
	const struct np_opts *o = p->o;
	const uint32_t kind = np_many_kind_of(o);
	const int threads = threads_of(o);
	struct np_many_req q;
	struct np_many_reply r;
	struct np_many_plan mp;
	struct np_many_client *mc;
	struct counting counting = { NULL, 1 };
	double setup_s = 0;
	char why[256];
	int rc;

	make_request(o, kind, threads, &q);
	if (np_random_bytes(q.token, sizeof(q.token)) < 0)
		return np_fail(err, "no random bytes for the run's token: %s", strerror(errno));
	np_many_encode_req(&q, ctl->msg);
	rc = exchange(ctl, NP_NG_MANY_REPLY, REPLY_TIMEOUT_MS, err, "many-flows request");
	if (rc != 0)
		return rc;
	if (np_many_decode_reply(ctl->msg, &r, why, sizeof(why)) < 0)
		return np_fail(err, "netserver's answer to the many-flows request: %s", why);
	if (r.serv_errno) {
		char text[128];

		np_refuse_describe(r.serv_errno, text, sizeof(text));
		return np_fail(err, "netserver refused the run: %s%s%s", r.why[0] ? r.why : text,
			       r.why[0] ? " — " : "", r.why[0] ? text : "");
	}
	np_debug(o, err, "many-flows run: %d flows on %d threads, netserver's %u data sockets "
		 "(SO_SNDBUF %d, SO_RCVBUF %d)", o->flows, threads, r.nsocks, r.sndbuf, r.rcvbuf);
	memset(&mp, 0, sizeof(mp));
	mp.kind = kind;
	mp.flows = o->flows;
	mp.threads = threads;
	mp.server = p->remote;
	mp.nsocks = (int)r.nsocks;
	memcpy(mp.ports, r.ports, sizeof(mp.ports));
	mp.bind_local = p->bind_local;
	mp.local = p->local;
	mp.req_size = q.req_size;
	mp.rsp_size = q.rsp_size;
	mp.send_size = q.send_size;
	mp.recv_size = o->recv_size > 0 ? o->recv_size : RECV_SIZE;
	mp.sndbuf = o->lsndbuf;
	mp.rcvbuf = o->lrcvbuf;
	mp.nodelay = o->nodelay;
	mp.rst_close = o->rst_close;
	mp.latency = o->latency;
	mp.burst = q.burst;
	memcpy(mp.token, q.token, sizeof(mp.token));
	mp.cpus = o->lcpus;
	mp.ncpus = o->nlcpus;
	mp.stop_fd = np_sigint_fd();
	mp.ctl_fd = ctl->ctl;
	mp.cpu = o->local_cpu;
	if (ctl->progress) {
		const bool rr = np_many_is_rr(kind);

		counting.p = ctl->progress;
		counting.per = rr && p->unit != 'x' ? (uint64_t)(q.req_size + q.rsp_size) : 1;
		mp.on_count = on_count;
		mp.count_ctx = &counting;
	}
	mp.setup_timeout_s = SETUP_TIMEOUT_S;
	mc = np_many_client_new(&mp, why, sizeof(why));
	if (!mc)
		return np_fail(err, "%s", why);
	np_sigint_catch(true);
	if (np_many_client_setup(mc, &setup_s, why, sizeof(why)) < 0)
		rc = np_fail(err, "set-up of %d flows: %s", o->flows, why);
	else
		rc = run(p, ctl, &q, &r, mc, t, s, keep, setup_s, err);
	np_sigint_catch(false);
	np_many_client_free(mc);
	return rc;
}

void np_many_keep_free(struct np_many_keep *keep)
{
	free(keep->lat);
	free(keep->fs);
	memset(keep, 0, sizeof(*keep));
}
