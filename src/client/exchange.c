/*
 * exchange.c - netperf's side of the control exchange with netserver, the
 * messages on a flow's control connection: the request, the response, the
 * results into the run's result, the host facts, the refusals' texts, the
 * goodbye; -N's stand-ins where there is no netserver to ask.  When each
 * is sent is flow.c's.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/exchange.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <netinet/in.h>
#include <string.h>
#include <unistd.h>

#include "cli/say.h"
#include "host/cpu.h"
#include "run/reqfields.h"
#include "wire/control.h"
#include "wire/errno_linux.h"
#include "wire/legacy.h"
#include "wire/refuse.h"

/* netserver tells its host facts at once (its route query is bounded at
 * 1 s): a reply later than this one is a stalled one. */
#define FACTS_TIMEOUT_MS 5000
/* netserver-ng sends its results as soon as it ends a test itself: how
 * long a broken data connection waits for them, and for its reason. */
#define CUT_RESULTS_MS 2000

static void wire_addr(const struct np_addr *a, uint8_t out[16])
{
	memset(out, 0, 16);
	if (a->ss.ss_family == AF_INET)
		memcpy(out, &((const struct sockaddr_in *)&a->ss)->sin_addr, 4);
	else if (a->ss.ss_family == AF_INET6)
		memcpy(out, &((const struct sockaddr_in6 *)&a->ss)->sin6_addr, 16);
}

/* The DO_OMNI request, word for word as netperf 2.7.1 builds it
 * (the captures tests/data/vectors/tcp_stream_opts.txt, tcp_maerts_opts.txt,
 * tcp_rr_opts.txt). */
static void build_request(const struct np_plan *p, const struct np_flow *flow, int fd,
			  struct np_result *s, struct np_omni_request *q)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	const bool udp = t->sock_type == SOCK_DGRAM;
	struct np_addr bound = { .len = sizeof(bound.ss) };

	memset(q, 0, sizeof(*q));
	q->cpu_affinity = flow->rcpu;
	/* Words 2.7.1 never reads: a netserver-ng answers with its own. */
	q->ext = (struct np_ext){ .present = true, .test_id = t->ext_id,
				  .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };
	/* The test's own options, in the parameter words of the test
	 * netserver runs for it. */
	np_reqfields_encode(t->options, np_test_served(t)->options, o->test_params, q->ext.params);
	q->send_buf_size = o->rsndbuf;
	q->send_size = o->rsend_size;
	q->send_alignment = (uint32_t)o->ralign[0];
	q->recv_alignment = (uint32_t)o->ralign[1];
	q->send_offset = (uint32_t)o->roffset[0];
	q->recv_offset = (uint32_t)o->roffset[1];
	q->request_size = q->response_size = -1;
	q->recv_buf_size = o->rrcvbuf;
	q->receive_size = o->rrecv_size;
	if (t->rr) {
		q->request_size = o->req_size;
		q->response_size = o->rsp_size;
		q->send_width = q->recv_width = 1;
	} else if (t->direction & NP_DIR_RECV) {       /* we send a stream */
		s->send_size = o->send_size ? o->send_size : np_test_default_size(s->lss, udp);
		q->send_width = (uint32_t)np_test_default_width(s->lss, s->send_size);
	} else {                                        /* we receive one */
		s->recv_size = o->recv_size ? o->recv_size : np_test_default_size(s->lsr, udp);
		q->recv_width = (uint32_t)np_test_default_width(s->lsr, s->recv_size);
	}
	if (o->lwidth[0])
		q->send_width = (uint32_t)o->lwidth[0];
	if (o->lwidth[1] && q->recv_width)
		q->recv_width = (uint32_t)o->lwidth[1];
	q->flags = (o->nodelay ? NP_F_NODELAY : 0) | (t->wire_connect ? NP_F_CONNECT_TEST : 0) |
		   (o->remote_cpu ? NP_F_MEASURE_CPU : 0) |
		   (np_plan_routing_allowed(o, t) ? NP_F_ROUTING : 0) |
		   (t->sendfile ? NP_F_SENDFILE : 0) |
		   (o->keepalive ? NP_F_KEEPALIVE : 0) |
		   (o->fastopen ? NP_F_FASTOPEN : 0) |
		   (o->defer_accept ? NP_F_DEFER_ACCEPT : 0) |
		   (o->mtu_do ? NP_F_MTU_DISCOVER : 0);
	q->cpu_rate = flow->cpu_rate;
	q->test_length = (int32_t)o->length;
	q->send_dirty_count = q->recv_dirty_count = q->recv_clean_count = -1;
	q->data_port = flow->data_port;
	q->ipfamily = p->family == AF_INET6 ? NP_FAM_INET6 : NP_FAM_INET;
	q->socket_type = udp ? NP_SOCK_DGRAM : NP_SOCK_STREAM;
	q->protocol = (uint32_t)t->protocol;
	q->direction = t->direction;
	if (getsockname(fd, (struct sockaddr *)&bound.ss, &bound.len) == 0) {
		q->netperf_port = np_addr_port((struct sockaddr *)&bound.ss);
		wire_addr(&bound, q->netperf_ip);
	}
	if (o->data_host)
		wire_addr(&p->remote, q->netserver_ip);
	q->socket_prio = o->rprio;
	q->socket_tos = o->rtos;
	if (o->rcong)
		snprintf(q->cong_control, sizeof(q->cong_control), "%s", o->rcong);
	if (o->rfill)
		snprintf(q->fill_file, sizeof(q->fill_file), "%s", o->rfill);
}

/*
 * "netserver's side of the test failed: remote error 1004 (Timer
 * expired: the test runs longer than netserver's --max-test-time)": a
 * code of netserver-ng's by its own words, never the local strerror()
 * (np_refuse_describe, refuse.h), an errno (Linux's numbers) by
 * strerror() and the rule whose errno it is; with netserver-ng's own
 * reason, that alone ("netserver refused the test: UDP_STREAM --batch
 * out of range: 0 (1..1024)").
 */
static int fail_remote(FILE *err, const char *what, int32_t e, const char *reason)
{
	char text[400];

	if (reason && reason[0])
		return np_fail(err, "%s: %s", what, reason);
	if (e == NP_ERR_UNKNOWN_REQUEST)
		return np_fail(err, "%s: remote error %d (request type not supported by that "
			       "netserver)", what, (int)e);
	np_refuse_describe(e, text, sizeof(text));
	if (np_errno_from_linux(e) == ENOENT)
		return np_fail(err, "%s: remote error %d (%s: netserver's kernel lacks the "
			       "congestion control asked)", what, (int)e, text);
	return np_fail(err, "%s: remote error %d (%s)", what, (int)e, text);
}

/* One reply within timeout_ms into flow->msg: 0, or -1 with why it did not
 * come.  A facts reply that came too late for its question (the run went
 * on without it) is dropped on the way. */
static int reply_in(struct np_flow *flow, const char *what, int timeout_ms, char *why,
		    size_t whylen)
{
	size_t got = 0;
	int r = np_ctl_recv(flow->ctl, flow->msg, timeout_ms, &got), e;

	if (r == 1 && flow->facts_late && np_wire_type(flow->msg) == NP_NG_FACTS_REPLY) {
		flow->facts_late = false;
		r = np_ctl_recv(flow->ctl, flow->msg, timeout_ms, &got);
	}
	if (r == 1) {
		flow->replies++;
		return 0;
	}
	e = errno;
	if (r == 0)
		snprintf(why, whylen, "netserver closed the control connection before the %s%s",
			 what, flow->replies ? "" : " (does it want a passphrase?)");
	else if (errno == ETIMEDOUT)
		snprintf(why, whylen, "no %s from netserver within %d s", what, timeout_ms / 1000);
	else if (errno == EPROTO)
		snprintf(why, whylen, "partial %s from netserver (%zu of %d bytes)", what, got,
			 NP_MSG_SIZE);
	else if (errno == ECONNRESET && !flow->replies)
		snprintf(why, whylen, "netserver reset the control connection before the %s"
			 " (a wrong passphrase?)", what);
	else
		snprintf(why, whylen, "control connection: %s", strerror(errno));
	errno = r == 0 ? 0 : e;   /* the caller may ask which */
	return -1;
}

/* Read one reply; 0 or -1 with the message printed. */
static int read_reply(struct np_flow *flow, const char *what, int timeout_ms, FILE *err)
{
	char why[256];

	if (reply_in(flow, what, timeout_ms, why, sizeof(why)) < 0)
		return np_fail(err, "%s", why);
	return 0;
}

/*
 * A netserver built without omni (netperf's --enable-omni=no) answers
 * DO_OMNI with 998: ask for the same test with its legacy request, on the
 * same connection, and keep to those for the later iterations.
 */
static int legacy_setup(const struct np_result *s, struct np_flow *flow,
			const struct np_omni_request *q, struct np_omni_response *rsp,
			FILE *err)
{
	char why[160];

	if (np_legacy_encode_request(q, s->send_size, flow->msg, why, sizeof(why)) != 0)
		return np_fail(err, "netserver knows only legacy requests: %s", why);
	if (np_ctl_send(flow->ctl, flow->msg, NP_SEND_TIMEOUT_MS) < 0)
		return np_fail(err, "sending the test request: %s", strerror(errno));
	if (read_reply(flow, "test response", NP_RESPONSE_TIMEOUT_MS, err) < 0)
		return -1;
	if (np_legacy_decode_response(flow->msg, q, rsp, why, sizeof(why)) != 0)
		return np_fail(err, "bad response from netserver: %s", why);
	if (rsp->serv_errno != 0)
		return fail_remote(err, "netserver refused the test", rsp->serv_errno, rsp->refusal);
	flow->legacy = np_legacy_type_of(q);
	flow->cpu_rate = rsp->cpu_rate;
	flow->data_port = rsp->data_port;
	return 0;
}

/* What the response says of netserver: netserver-ng answers with its
 * extension words, netperf 2.7.1's never does. */
static int server_kind(const struct np_plan *p, struct np_flow *flow,
		       const struct np_omni_response *rsp, FILE *err)
{
	const struct np_reqfield *f;

	if (rsp->ext.present && !flow->ours)
		np_debug(p->o, err,
			 "netserver is netperf-ng (extension version %u, capabilities %#x)",
			 (unsigned)rsp->ext.version, (unsigned)rsp->ext.caps);
	flow->ours = rsp->ext.present;
	flow->caps = rsp->ext.present ? rsp->ext.caps : 0;
	/* A test of netperf-ng's own: a 2.7.1 netserver has set up the 2.7.1
	 * test that the classic fields name instead. */
	if (p->test->ext_id && (!rsp->ext.present || rsp->ext.test_id != p->test->ext_id))
		return np_fail(err, "%s needs netserver-ng; the netserver at %s port %u is not",
			       p->test->name, p->rname, (unsigned)p->o->port);
	/* Its own options: netserver-ng says which it applied.  One that
	 * does not know a field (an older version) would run the test
	 * without it, and measure something else without a word. */
	if ((f = np_reqfields_unapplied(p->test->options, np_test_served(p->test)->options,
					 p->o->test_params, rsp)) != NULL)
		return np_fail(err, "the netserver at %s port %u does not apply %s's --%s (an "
			       "older netserver-ng?): the test would run without it",
			       p->rname, (unsigned)p->o->port, p->test->name, f->name);
	return 0;
}

/* Results in the format of the request they answer. */
static int decode_results(const struct np_flow *flow, const struct np_result *s,
			  const struct np_omni_response *rsp, struct np_omni_results *res,
			  char *why, size_t whylen)
{
	if (flow->legacy)
		return np_legacy_decode_results(flow->msg, flow->legacy, s->send_size, rsp, res,
						why, whylen);
	return np_wire_decode_results(flow->msg, res, why, whylen);
}

int np_exchange_setup(const struct np_plan *p, struct np_flow *flow, int fd,
		      struct np_result *s, struct np_omni_response *rsp, FILE *err)
{
	struct np_omni_request q;
	char why[160];

	build_request(p, flow, fd, s, &q);
	s->lsend_width = (int)q.send_width;
	s->lrecv_width = (int)q.recv_width;
	s->sport = q.netperf_port;
	if (flow->legacy)
		return legacy_setup(s, flow, &q, rsp, err) < 0 ? -1
							    : server_kind(p, flow, rsp, err);
	np_wire_encode_request(&q, flow->msg);
	if (np_ctl_send(flow->ctl, flow->msg, NP_SEND_TIMEOUT_MS) < 0)
		return np_fail(err, "sending the test request: %s", strerror(errno));
	if (read_reply(flow, "test response", NP_RESPONSE_TIMEOUT_MS, err) < 0)
		return -1;
	if (np_wire_word1(flow->msg) == NP_ERR_UNKNOWN_REQUEST) {
		np_debug(p->o, err,
			 "netserver answered DO_OMNI with 998: legacy requests from now on");
		return legacy_setup(s, flow, &q, rsp, err) < 0 ? -1
							    : server_kind(p, flow, rsp, err);
	}
	if (np_wire_type(flow->msg) != NP_OMNI_RESPONSE && np_wire_word1(flow->msg) != 0)
		return fail_remote(err, "netserver refused the test", np_wire_word1(flow->msg), NULL);
	if (np_wire_decode_response(flow->msg, rsp, why, sizeof(why)) != 0)
		return np_fail(err, "bad response from netserver: %s", why);
	if (rsp->serv_errno != 0)
		return fail_remote(err, "netserver refused the test", rsp->serv_errno, rsp->refusal);
	flow->cpu_rate = rsp->cpu_rate;
	flow->data_port = rsp->data_port;
	return server_kind(p, flow, rsp, err);
}

void np_exchange_remote(const struct np_opts *o, const struct np_omni_response *rsp,
			const struct np_omni_results *res, struct np_result *s)
{
	s->remote.bytes_recv = res->bytes_received;
	s->remote.recv_calls = res->recv_calls;
	s->remote.bytes_sent = res->bytes_sent;
	s->remote.send_calls = res->send_calls;
	s->remote.trans = res->trans_received;
	s->remote.failed_sends = res->failed_sends;
	s->remote.syscalls = res->syscalls;
	s->remote.zc_sends = res->zc_sends;
	s->remote.zc_copied = res->zc_copied;
	s->remote.poll = res->poll;
	s->rss_end = res->send_buf_size;
	s->rsr_end = res->recv_buf_size;
	s->rtransport_retrans = res->transport_retrans;
	snprintf(s->rcong, sizeof(s->rcong), "%s", res->cong_control);
	s->remote_at = NP_PLACEMENT_UNKNOWN;
	if (res->place & NP_PLACE_CPU)
		s->remote_at = (struct np_placement){ true, res->cpu_start, res->cpu_end, -1 };
	if (res->place & NP_PLACE_MIGRATIONS)
		s->remote_at.migrations = res->migrations;
	if (res->place & NP_PLACE_BOOT)
		np_boot_id_join(res->boot_hi, res->boot_lo, &s->remote_boot);
	/* Over netserver's own measure of the test's time. */
	s->remote_others = NP_OTHERS_UNKNOWN;
	if (res->place & NP_PLACE_OTHERS)
		s->remote_others.others_us = (int64_t)res->others_us;
	if (res->place & NP_PLACE_OWN)
		s->remote_others.own_us = (int64_t)res->own_us;
	if (res->place & NP_PLACE_PID)
		s->remote_others.pid = (int)res->session_pid;
	if (res->place & NP_PLACE_START && res->session_start <= INT64_MAX)
		s->remote_others.start = (int64_t)res->session_start;
	/* Their divisor, as netserver sent it (np_peer_check holds it
	 * against netperf's own clock). */
	if (res->place & (NP_PLACE_OTHERS | NP_PLACE_OWN))
		s->remote_others.seconds = res->elapsed_time;
	s->rcpu = -1.0;
	s->rcpu_method = 'U';
	s->rcpu_more = NP_UNMEASURED_CPU;
	/* Only a response that set MEASURE_CPU makes the figures real. */
	if (o->remote_cpu && (rsp->flags & NP_F_MEASURE_CPU) && isfinite(res->cpu_util)) {
		s->rcpu = res->cpu_util;
		s->rcpu_method = np_cpu_method_letter(res->cpu_method);
		s->rcpu_more.count = res->num_cpus > 0 ? (int)res->num_cpus : 1;
		s->rcpu_more = (struct np_result_cpu){ res->cpu_user, res->cpu_system,
						   res->cpu_iowait, res->cpu_irq,
						   res->cpu_swintr, res->peak_cpu_util,
						   res->peak_cpu_id, s->rcpu_more.count };
	}
}

/* What netserver's end of the data ran on: asked once per connection,
 * only of a netserver-ng that said it can tell (netserver 2.7.1 would
 * answer 998, and is never asked).  What comes back is checked as all
 * input is, but the facts only describe a run that is over: without them
 * (no reply in time, a bad one) the run's figures stand, the facts are
 * unknown and a warning says why. */
static void ask_host_facts(struct np_flow *flow, FILE *err)
{
	char why[256];

	flow->facts_asked = true;
	np_host_facts_unknown(&flow->remote_host);
	np_wire_encode_facts_request(flow->msg);
	if (np_ctl_send(flow->ctl, flow->msg, NP_SEND_TIMEOUT_MS) < 0)
		snprintf(why, sizeof(why), "asking netserver for them: %s", strerror(errno));
	else if (reply_in(flow, "host facts", FACTS_TIMEOUT_MS, why, sizeof(why)) < 0)
		flow->facts_late = errno == ETIMEDOUT;
	else if (np_wire_decode_facts(flow->msg, &flow->remote_host, why, sizeof(why)) == 0)
		return;
	else
		np_host_facts_unknown(&flow->remote_host);
	np_warn(err, "netserver's host facts are unknown: %s", why);
}

/* The results step of an iteration. */
int np_exchange_results(const struct np_plan *p, struct np_flow *flow, struct np_result *s,
			const struct np_omni_response *rsp, FILE *err)
{
	struct np_omni_results res;
	char why[160];

	/* TCP_CRR ends on netserver's padded timer, so allow for it. */
	if (read_reply(flow, "test results", NP_RESULTS_GRACE_MS + 4000, err) < 0)
		return -1;
	if (decode_results(flow, s, rsp, &res, why, sizeof(why)) != 0)
		return np_fail(err, "bad results from netserver: %s", why);
	if (res.serv_errno != 0)
		return fail_remote(err, "netserver's side of the test failed", res.serv_errno, NULL);
	/* Its CPU count multiplies the service demand: none has more. */
	if (p->o->remote_cpu && res.num_cpus > NP_FACT_MAX_CPUS)
		return np_fail(err, "bad results from netserver: num_cpus %" PRIu32 " exceeds %d",
			       res.num_cpus, NP_FACT_MAX_CPUS);
	np_exchange_remote(p->o, rsp, &res, s);
	s->rtos = rsp->socket_tos;
	s->rprio = rsp->socket_prio;
	if (flow->ours && (flow->caps & NP_EXT_CAP_HOST_FACTS) && !flow->facts_asked)
		ask_host_facts(flow, err);
	s->remote_host = flow->remote_host;
	return 0;
}

void np_exchange_host_facts(struct np_flow *flow, FILE *err)
{
	if (!flow->facts_asked)
		ask_host_facts(flow, err);
}

/* A data connection that broke under the test may be netserver's doing:
 * it ends a test at one of its limits (--max-test-time cuts a counted
 * one), closes its data socket and sends its results with the reason.
 * That reason is the run's error, not the reset it caused here (or the
 * ENOTCONN of the end marker's shutdown, when the results' arrival
 * stopped the loop first). */
int np_exchange_cut_reason(struct np_flow *flow, const struct np_result *s,
			   const struct np_omni_response *rsp, int data_err, FILE *err)
{
	struct np_omni_results res;
	char why[256];

	if (!flow->ours || flow->ctl < 0 ||
	    (data_err != ECONNRESET && data_err != EPIPE && data_err != ECONNREFUSED &&
	     data_err != ENOTCONN))
		return 0;
	if (reply_in(flow, "test results", CUT_RESULTS_MS, why, sizeof(why)) < 0 ||
	    decode_results(flow, s, rsp, &res, why, sizeof(why)) != 0 || res.serv_errno == 0)
		return 0;
	fail_remote(err, "netserver's side of the test failed", res.serv_errno, NULL);
	return 1;
}

/* -N: no netserver to ask.  The data goes to the well-known service
 * (discard for a send test, chargen for a receive test, echo for
 * request/response), or to -- -P ,port. */
static uint16_t no_control_port(const struct np_opts *o, const struct np_test *t)
{
	if (o->data_rport)
		return o->data_rport;
	return t->rr ? 7 : (t->direction & NP_DIR_XMIT) ? 19 : 9;
}

void np_exchange_no_control_setup(const struct np_plan *p, struct np_flow *flow, int fd,
				  struct np_result *s, struct np_omni_response *rsp)
{
	struct np_omni_request q;

	build_request(p, flow, fd, s, &q);   /* for the sizes it settles */
	s->lsend_width = (int)q.send_width;
	s->lrecv_width = (int)q.recv_width;
	s->sport = q.netperf_port;
	memset(rsp, 0, sizeof(*rsp));
	rsp->recv_buf_size = rsp->send_buf_size = -1;
	rsp->send_size = rsp->receive_size = -1;
	rsp->socket_prio = rsp->socket_tos = -1;
	rsp->data_port = no_control_port(p->o, p->test);
}

/* What netperf 2.7.1 -N reports: its own side, the remote unknown. */
void np_exchange_no_control_results(struct np_result *s)
{
	memset(&s->remote, 0, sizeof(s->remote));
	s->remote.bytes_recv = s->local.bytes_sent;
	s->remote.trans = s->local.trans;
	s->rss_end = s->rsr_end = s->rss = s->rsr = -1;
	s->rtransport_retrans = -1;
	s->rcong[0] = '\0';
	s->rcpu = -1.0;
	s->rcpu_method = 'U';
	s->rcpu_more = NP_UNMEASURED_CPU;
	s->rtos = s->rprio = -1;
	np_host_facts_unknown(&s->remote_host);
}

/* netperf's goodbye: half-close, let netserver close, then close. */
void np_exchange_goodbye(int ctl)
{
	uint8_t scratch[NP_MSG_SIZE];

	if (shutdown(ctl, SHUT_WR) == 0)
		(void)np_ctl_recv(ctl, scratch, 2000, NULL);
	close(ctl);
}
