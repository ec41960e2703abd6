/*
 * session_many.c - a many-flows run on a session's control connection
 * (doc/protocol.md, "Many flows"): NP_NG_MANY checked against the
 * operator's limits before a socket is opened, then the data threads
 * (many/mserver.h); NP_NG_MANY_GO once every flow joined; NP_NG_MANY_END
 * with this side's counts.  The run ends with the session.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "daemon/admit.h"
#include "daemon/budget.h"
#include "daemon/log.h"
#include "host/cpu.h"
#include "daemon/session_steps.h"
#include "many/mclient.h"
#include "many/mconn.h"
#include "many/mserver.h"
#include "wire/control.h"
#include "wire/many.h"

/* How long GO waits for the last flows' hellos. */
#define JOIN_TIMEOUT_MS 30000
#define SYNC_TIMEOUT_MS 5000
/* A connection slot's or a UDP source's state here, at most. */
#define FLOW_STATE_BYTES 160

/* The answer to NP_NG_MANY: the ports, or a refusal (code and text). */
static int reply(struct session *s, const struct np_many_reply *r)
{
	np_many_encode_reply(r, s->msg);
	return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
}

/* A run refused: the limit's name to the client and the log; the
 * session goes on (the client decides). */
static int refuse(struct session *s, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int refuse(struct session *s, int code, const char *fmt, ...)
{
	struct np_many_reply r;
	va_list ap;

	memset(&r, 0, sizeof(r));
	va_start(ap, fmt);
	vsnprintf(r.why, sizeof(r.why), fmt, ap);
	va_end(ap);
	r.serv_errno = np_refuse_wire(code, true);
	np_log(NP_LOG_ERR, "refused many-flows run: %s", r.why);
	return reply(s, &r) < 0 ? -1 : 0;
}

/* What the run takes, as --max-session-memory counts: the socket
 * buffers asked (twice: the kernel's count) a flow; netserver's own
 * state (a connection slot a flow, four for TCP_CRR, whose closed
 * connections wait to be read; a UDP table twice the flows); a message
 * buffer a thread and one for all. */
static uint64_t run_bytes(const struct np_many_req *q)
{
	const bool udp = np_many_is_udp(q->kind);
	const uint64_t buf = np_mconn_buflen(q->req_size, q->rsp_size, q->send_size, q->recv_size);
	uint64_t per = 0, state;

	if (q->sndbuf > 0)
		per += 2 * (uint64_t)q->sndbuf;
	if (q->rcvbuf > 0)
		per += 2 * (uint64_t)q->rcvbuf;
	state = (udp || q->kind == NP_MANY_TCP_CRR ? 4 : 1) * (uint64_t)q->flows * FLOW_STATE_BYTES;
	return per * q->flows + state + (q->threads + 1) * buf;
}

/* The run's flows among all sessions' from the client's /32 or /64 and
 * its /24 or /48: 0, or -1 once refused (the reply sent). */
static int take_flows(struct session *s, uint32_t flows)
{
	static const uint8_t zero[16];
	const int max[NP_FLOW_LEVELS] = { s->rules->max_flows_prefix, s->rules->max_flows_net };
	static const char *const names[NP_FLOW_LEVELS] = { "--max-flows-per-prefix",
							   "--max-flows-per-net" };
	struct np_prefix host, net;
	uint64_t key[NP_FLOW_LEVELS] = { 0, 0 };
	char where[64];
	int in_use = 0, over;

	np_prefix_of((const struct sockaddr *)&s->ctl_peer, &host);
	key[NP_FLOW_PREFIX] = np_siphash(zero, host.b, sizeof(host.b)) | 1;
	if (np_prefix_widen(&host, NP_LEVEL_NET, &net))
		key[NP_FLOW_NET] = np_siphash(zero, net.b, sizeof(net.b)) | 1;
	over = np_budget_take_flows(s->rules->budget, s->rules->cell, key, (int)flows, max,
				    &in_use);
	if (over < 0)
		return 0;
	np_prefix_string(over == NP_FLOW_PREFIX ? &host : &net, where, sizeof(where));
	(void)refuse(s, NP_REFUSE_FLOWS, "%u flows asked and %s's other runs hold %d, over "
		     "netserver's %s %d", flows, where, in_use, names[over], max[over]);
	return -1;
}

static int start(struct session *s)
{
	struct np_many_req q;
	struct np_many_reply r;
	struct rlimit rl;
	uint64_t bytes, in_use = 0;
	long fds;
	char why[200];

	if (np_many_decode_req(s->msg, &q, why, sizeof(why)) < 0) {
		np_log(NP_LOG_ERR, "many-flows request: %s", why);
		memset(&r, 0, sizeof(r));
		r.serv_errno = EINVAL;
		snprintf(r.why, sizeof(r.why), "%s", why);
		(void)reply(s, &r);
		return -1;
	}
	if (s->many)
		return refuse(s, NP_REFUSE_FLOWS, "one many-flows run a session");
	if ((int64_t)q.flows > s->rules->max_flows)
		return refuse(s, NP_REFUSE_FLOWS, "%u flows asked, over netserver's --max-flows %d",
			      q.flows, s->rules->max_flows);
	fds = np_many_fds_needed(q.kind, (int)(q.kind == NP_MANY_TCP_CRR ? 2 * q.flows : q.flows),
				 (int)(3 * q.threads + q.threads * q.ports));
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    (rlim_t)fds > rl.rlim_cur)
		return refuse(s, NP_REFUSE_FLOWS,
			      "%u flows need %ld file descriptors, netserver has %llu (its "
			      "RLIMIT_NOFILE)", q.flows, fds, (unsigned long long)rl.rlim_cur);
	/* A counted run is cut at the limit (as a classic one is), a
	 * timed one longer than it refused. */
	if ((q.flags & NP_MANY_F_COUNTED) && q.length_s > s->rules->max_test_s)
		q.length_s = s->rules->max_test_s;
	if (q.length_s > s->rules->max_test_s)
		return refuse(s, NP_REFUSE_TIME, "a %d s data phase, over --max-test-time %d",
			      q.length_s, s->rules->max_test_s);
	if (take_flows(s, q.flows) < 0)
		return 0;
	bytes = run_bytes(&q);
	if (bytes > s->rules->max_memory) {
		np_budget_give_flows(s->rules->budget, s->rules->cell);
		return refuse(s, NP_REFUSE_MEMORY,
			      "%u flows take %llu bytes, over --max-session-memory %llu", q.flows,
			      (unsigned long long)bytes, (unsigned long long)s->rules->max_memory);
	}
	if (!np_budget_take_bytes(s->rules->budget, s->rules->cell, bytes, &in_use)) {
		np_budget_give_flows(s->rules->budget, s->rules->cell);
		return refuse(s, NP_REFUSE_MEMORY,
			      "%u flows take %llu bytes and other sessions hold %llu, over "
			      "--max-memory %llu", q.flows, (unsigned long long)bytes,
			      (unsigned long long)in_use,
			      (unsigned long long)s->rules->max_total_memory);
	}
	s->many = np_many_server_new(&q, (const struct sockaddr *)&s->ctl_peer,
				     (const struct sockaddr *)&s->ctl_local,
				     s->ctl_local.ss_family == AF_INET6
					     ? sizeof(struct sockaddr_in6)
					     : sizeof(struct sockaddr_in),
				     s->rules->data->port_min, s->rules->data->port_max, &r, why,
				     sizeof(why));
	if (!s->many) {
		np_budget_give_bytes(s->rules->budget, s->rules->cell);
		np_budget_give_flows(s->rules->budget, s->rules->cell);
		return refuse(s, errno == EMFILE || errno == ENFILE ? NP_REFUSE_FLOWS
				 : NP_REFUSE_MEMORY, "%s", why);
	}
	s->many_length_s = q.length_s;
	r.length_s = q.length_s;
	s->many_flows = q.flows;
	s->many_cpu = (q.flags & NP_MANY_F_CPU) != 0;
	np_log(NP_LOG_INFO, "many-flows run: %s, %u flows on %u threads, %u data sockets",
	       np_many_kind_name(q.kind), q.flows, q.threads, r.nsocks);
	return reply(s, &r);
}

/* -C's two snapshots, allocated once a session: 0, or -1. */
static int cpu_snapshots(struct session *s)
{
	if (!s->cpu0)
		s->cpu0 = malloc(sizeof(*s->cpu0));
	if (!s->cpu1)
		s->cpu1 = malloc(sizeof(*s->cpu1));
	if (!s->cpu0 || !s->cpu1) {
		s->many_cpu = false;
		return -1;
	}
	return 0;
}

/* GO: once every flow joined (or the time for that passed), the data
 * phase starts here (TCP_MAERTS's sends). */
static int go(struct session *s)
{
	struct np_many_counts c;
	uint32_t joined = 0;
	int32_t err = 0;

	if (!s->many) {
		err = EPROTO;
	} else {
		for (int waited = 0;; waited += 2) {
			joined = np_many_server_joined(s->many);
			if (joined >= s->many_flows)
				break;
			if (waited >= JOIN_TIMEOUT_MS) {
				np_log(NP_LOG_ERR, "many-flows run: %u of %u flows joined in %d s",
				       joined, s->many_flows, JOIN_TIMEOUT_MS / 1000);
				err = ETIMEDOUT;
				break;
			}
			(void)poll(NULL, 0, 2);
		}
		/* -C: the machine's counters as the phase starts. */
		s->many_cpu_read = !err && s->many_cpu && cpu_snapshots(s) == 0 &&
				   np_cpu_read(s->cpu0) == 0;
		if (!err && np_many_server_sync(s->many, 1, 0, &c, SYNC_TIMEOUT_MS) < 0)
			err = ETIMEDOUT;
	}
	np_many_encode_go_reply(err, joined, s->msg);
	if (np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS) < 0)
		return -1;
	return err ? -1 : 0;
}

/* END: the data phase is over; this side's counts since GO. */
static int end(struct session *s)
{
	struct np_many_counts c;
	uint64_t sent = 0;
	int32_t err = 0;

	memset(&c, 0, sizeof(c));
	c.cpu_util = -1;
	/* What the client sent, for a stream's counts to wait for (no more
	 * than netserver's own bound, whatever it says). */
	(void)np_many_decode_end(s->msg, &sent, NULL, 0);
	if (!s->many)
		err = EPROTO;
	else if (np_many_server_sync(s->many, 0, sent, &c, SYNC_TIMEOUT_MS) < 0)
		err = ETIMEDOUT;
	/* Only after a GO read the counters: an END without one has no
	 * CPU figure. */
	if (!err && s->many_cpu_read && np_cpu_read(s->cpu1) == 0) {
		struct np_cpu_util u;

		np_cpu_compute(s->cpu0, s->cpu1, &u);
		c.cpu_util = u.util;
		c.cpu_method = np_cpu_method();
		c.cpu_count = np_cpu_count();
	} else {
		c.cpu_util = -1;
	}
	s->many_cpu_read = false;
	if (c.unproven)
		np_log(NP_LOG_INFO, "many-flows run: %llu connections or datagrams without "
		       "the run's token, unserved", (unsigned long long)c.unproven);
	np_many_encode_end_reply(err, &c, s->msg);
	if (np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS) < 0)
		return -1;
	return err ? -1 : 0;
}

int np_sess_many(struct session *s, int32_t type)
{
	if (!np_many_has_magic(s->msg)) {
		np_log(NP_LOG_INFO, "request type %d without netperf-ng's magic: answered %d",
		       (int)type, NP_ERR_UNKNOWN_REQUEST);
		np_wire_encode_reply(0, NP_ERR_UNKNOWN_REQUEST, s->msg);
		return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	}
	switch (type) {
	case NP_NG_MANY:
		return start(s);
	case NP_NG_MANY_GO:
		return go(s);
	default:
		return end(s);
	}
}

void np_sess_many_end(struct session *s)
{
	if (!s->many)
		return;
	np_many_server_free(s->many);
	s->many = NULL;
	np_budget_give_bytes(s->rules->budget, s->rules->cell);
	np_budget_give_flows(s->rules->budget, s->rules->cell);
}

int np_sess_many_timeout_ms(const struct session *s)
{
	/* A data phase is silence on the control connection. */
	if (s->many && (s->many_length_s + 60) * 1000 > NP_REQUEST_TIMEOUT_MS)
		return (s->many_length_s + 60) * 1000;
	return NP_REQUEST_TIMEOUT_MS;
}
