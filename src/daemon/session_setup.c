/*
 * session_setup.c - what a test takes at netserver before the client is
 * answered, each a step of session_run.c's test_steps[]: the data socket
 * (its options, bound and listening where the rules allow, its port), the
 * test's own socket options, the sizes the response announces and the
 * loop uses, the --data-peer declared proof's rule, the message buffers
 * within the memory budgets and a CPU to spin on, the CPU snapshots;
 * then the response.  Each refuses, with its reason, what it cannot give.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/sock.h"
#include "daemon/admit.h"
#include "daemon/budget.h"
#include "daemon/log.h"
#include "daemon/session_steps.h"
#include "host/cpu.h"
#include "host/others.h"
#include "run/busypoll.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/legacy.h"
#include "wire/wire.h"

/* Room for any datagram, IPv6's 65527-byte payloads included. */
#define UDP_RECV_MAX 65536

/* Sizes and widths as netserver 2.7 answers them (the captures
 * tests/data/vectors/tcp_stream_default.txt, tcp_maerts_default.txt): the
 * direction the server uses gets real values, the other is echoed.  A
 * test may then change them (its descriptor's server_sizes). */
static struct np_sizes plan_sizes(const struct np_test *t, const struct np_omni_request *q,
				  bool udp, int lss, int lsr)
{
	struct np_sizes s = { q->send_size, (int32_t)q->send_width,
			   q->receive_size, (int32_t)q->recv_width };

	if ((q->direction & NP_DIR_XMIT) && q->response_size > 0) {
		s.send_size = q->response_size;
		s.send_width = s.send_width ? s.send_width : 1;
	} else if (q->direction & NP_DIR_XMIT) {
		if (s.send_size <= 0)
			s.send_size = np_test_default_size(lss, udp);
		if (!s.send_width)
			s.send_width = np_test_default_width(lss, s.send_size);
	}
	if ((q->direction & NP_DIR_RECV) && q->request_size > 0) {
		s.recv_size = q->request_size;
		s.recv_width = s.recv_width ? s.recv_width : 1;
	} else if (q->direction & NP_DIR_RECV) {
		if (s.recv_size <= 0)
			s.recv_size = np_test_default_size(lsr, udp);
		if (!s.recv_width)
			s.recv_width = np_test_default_width(lsr, s.recv_size);
	}
	if (t->server_sizes)
		t->server_sizes(q, &s);
	return s;
}

static void *alloc_filled(size_t len)
{
	char *p = malloc(len ? len : 1);

	if (p)
		np_run_fill(p, len);
	return p;
}

/* Socket options as the request asks; netserver never changes them
 * silently, so a congestion control it cannot set fails the test. */
static struct np_sockopts data_sockopts(const struct np_omni_request *q,
					const struct np_test *t, int family)
{
	const bool udp = t->sock_type == SOCK_DGRAM;

	return (struct np_sockopts){
		.family = family, .type = t->sock_type, .protocol = t->protocol,
		.sndbuf = q->send_buf_size, .rcvbuf = q->recv_buf_size,
		.nodelay = !udp && (q->flags & NP_F_NODELAY),
		.dontroute = !(q->flags & NP_F_ROUTING),
		.keepalive = (q->flags & NP_F_KEEPALIVE) != 0,
		.reuseaddr = !udp,
		.cong = q->cong_control, .cong_strict = true, .force_bufs = true,
		.priority = q->socket_prio,    /* -1 (leave) or checked by wire.c */
		.tos = q->socket_tos,
		.mtu_do = (q->flags & NP_F_MTU_DISCOVER) != 0,
		.wake_ms = NP_WAKE_MS,
	};
}

/* Refuse for a failed socket option; EPERM means a capability is
 * missing, which the client is told as such. */
static int refuse_open(struct session *s, int err, const char *why)
{
	char line[300];

	if (err != EPERM)
		return np_sess_refuse(s, err, why);
	snprintf(line, sizeof(line), "%s (CAP_NET_ADMIN needed, and this netserver lacks it)",
		 why);
	return np_sess_refuse(s, NP_REFUSE_CAPABILITY, line);
}

/* The data socket, bound and (TCP) listening where the rules allow. */
static int open_data(struct session *s, const struct np_omni_request *q,
		     const struct np_test *t, struct np_run *run, struct np_data_plan *plan)
{
	const int family = q->ipfamily == NP_FAM_INET6 ? AF_INET6 : AF_INET;
	const struct np_sockopts so = data_sockopts(q, t, family);
	char why[200];
	int err = np_data_plan(s->rules->data, (struct sockaddr *)&s->ctl_local,
			       (struct sockaddr *)&s->ctl_peer, family, q->netserver_ip,
			       q->netperf_ip, q->data_port, plan, why, sizeof(why));

	if (err)
		return np_sess_refuse(s, err, why);
	run->fd = np_sock_open(&so, why, sizeof(why));
	if (run->fd < 0)
		return refuse_open(s, errno, why);
	if (np_data_bind(run->fd, plan, s->rules->data,
			 (unsigned)getpid() ^ (unsigned)q->netperf_port) < 0) {
		err = errno;
		snprintf(why, sizeof(why), "bind data port %u: %s", (unsigned)q->data_port,
			 strerror(err));
		return np_sess_refuse(s, err == EACCES ? NP_REFUSE_PORT : err, why);
	}
	if (t->sock_type == SOCK_STREAM && listen(run->fd, 5) < 0) {
		err = errno;
		snprintf(why, sizeof(why), "listen on the data socket: %s", strerror(err));
		return np_sess_refuse(s, err, why);
	}
	/* Fast Open and deferred accept belong to the listener alone. */
	if (t->sock_type == SOCK_STREAM && (q->flags & (NP_F_FASTOPEN | NP_F_DEFER_ACCEPT))) {
		struct np_sockopts lo = so;

		lo.fastopen = (q->flags & NP_F_FASTOPEN) != 0;
		/* Deferred accept waits for the client's first bytes: a test
		 * where the client never sends first would wait out its whole
		 * timeout, so there it is not set. */
		lo.defer_accept = (q->flags & NP_F_DEFER_ACCEPT) && np_test_client_sends_first(t);
		if (np_sock_listener(run->fd, &lo, why, sizeof(why)) < 0)
			return refuse_open(s, errno, why);
	}
	run->peers = &plan->peers;
	return 0;
}

/* --max-session-memory and --max-memory: the socket buffers the kernel
 * gives (read back: Linux doubles what is asked) and the message
 * buffers, taken from the daemon's budget until the test ends. */
static int take_memory(struct session *s, int lss, int lsr, size_t sbuf, size_t rbuf)
{
	const uint64_t bytes = np_session_bytes(lss, lsr, sbuf, rbuf);
	uint64_t in_use = 0;
	char why[200];

	if (bytes > s->rules->max_memory) {
		snprintf(why, sizeof(why), "the test's buffers take %llu bytes (socket "
			 "buffers %d/%d as the kernel counts them), over --max-session-memory "
			 "%llu", (unsigned long long)bytes, lss, lsr,
			 (unsigned long long)s->rules->max_memory);
		return np_sess_refuse(s, NP_REFUSE_MEMORY, why);
	}
	if (!np_budget_take_bytes(s->rules->budget, s->rules->cell, bytes, &in_use)) {
		snprintf(why, sizeof(why), "the test's buffers take %llu bytes and other "
			 "sessions hold %llu, over --max-memory %llu",
			 (unsigned long long)bytes, (unsigned long long)in_use,
			 (unsigned long long)s->rules->max_total_memory);
		return np_sess_refuse(s, NP_REFUSE_MEMORY, why);
	}
	return 0;
}

/* The data socket, the buffer sizes it got, and the port it
 * listens on. */
int np_sess_open_socket(struct session *s, struct test_state *ts)
{
	const struct np_omni_request *q = ts->q;
	struct sockaddr_storage local;
	socklen_t llen = sizeof(local);
	char why[160];

	if (open_data(s, q, ts->t, &ts->run, &ts->plan) < 0)
		return -1;
	np_sock_bufsizes(ts->run.fd, &ts->lss, &ts->lsr);
	/* Never a silent change: the client sees the sizes in force, and the
	 * log says why they are smaller. */
	if ((q->send_buf_size > 0 && ts->lss / 2 < q->send_buf_size) ||
	    (q->recv_buf_size > 0 && ts->lsr / 2 < q->recv_buf_size))
		np_log(NP_LOG_INFO, "socket buffers %d/%d asked, %d/%d in force: above "
		       "net.core.wmem_max/rmem_max, forcing needs CAP_NET_ADMIN",
		       (int)q->send_buf_size, (int)q->recv_buf_size, ts->lss / 2, ts->lsr / 2);
	ts->z = plan_sizes(ts->t, q, ts->udp, ts->lss, ts->lsr);
	if (getsockname(ts->run.fd, (struct sockaddr *)&local, &llen) < 0) {
		int e = errno;

		snprintf(why, sizeof(why), "data socket: %s", strerror(e));
		return np_sess_refuse(s, e, why);
	}
	ts->data_port = np_addr_port((struct sockaddr *)&local);
	return 0;
}

/* The test's own options that are socket options, on the data socket
 * before anything connects; which of them all this side applies. */
int np_sess_apply_fields(struct session *s, struct test_state *ts)
{
	char why[200];

	if (np_reqfields_apply(ts->t->name, ts->t->options, ts->run.params, ts->run.fd,
			       &ts->applied, why, sizeof(why)) < 0)
		return refuse_open(s, errno, why);
	return 0;
}

/* The loop's message sizes, from the sizes announced. */
int np_sess_apply_sizes(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;

	run->test = ts->t;
	run->send_size = run->rsp_size = ts->z.send_size > 0 ? ts->z.send_size : 1;
	run->recv_size = run->req_size = ts->z.recv_size > 0 ? ts->z.recv_size : 1;
	/* A test without data (TCP_CC): a connection and its close. */
	if (!np_test_moves_data(ts->t))
		run->rsp_size = run->req_size = 0;
	/* No datagram is larger than 64 KiB, whatever receive size netperf's
	 * rules give (the socket buffer, by default). */
	if (ts->udp && run->recv_size > UDP_RECV_MAX)
		run->recv_size = UDP_RECV_MAX;
	/* Only the buffers this side uses: a request can ask for 4 MiB
	 * messages, and many sessions run at once. */
	if (ts->q->direction & NP_DIR_RECV)
		run->rbuf_len = (size_t)(ts->udp ? UDP_RECV_MAX : run->recv_size);
	(void)s;
	return 0;
}

/* --data-peer declared: whether the data peer must prove that it asked
 * for the data (run/proof.h), and what a client that cannot may have
 * (dataaddr.h). */
int np_sess_data_proof(struct session *s, struct test_state *ts)
{
	const struct np_omni_request *q = ts->q;
	const bool answers = ts->udp && (q->direction & NP_DIR_XMIT);
	const bool can_echo = q->ext.present && !s->legacy &&
			      (q->ext.caps & NP_EXT_CAP_DATA_PROOF);
	struct sockaddr_storage to;
	char why[400];

	switch (np_data_proof_need(&ts->plan, answers, can_echo, ts->run.req_size,
				   ts->run.rsp_size, ts->t->name, why, sizeof(why))) {
	case NP_DATA_PROOF_NONE:
		return 0;
	case NP_DATA_PROOF_CAP:
		np_log(NP_LOG_INFO, "%s", why);
		ts->run.rsp_cap = true;
		return 0;
	case NP_DATA_PROOF_REFUSE:
		return np_sess_refuse(s, NP_REFUSE_UNPROVEN, why);
	case NP_DATA_PROOF_ASK:
		break;
	}
	/* The cookie goes to the port the client's data socket is bound
	 * to, as the request says. */
	if (q->netperf_port == 0)
		return np_sess_refuse(s, NP_REFUSE_UNPROVEN, "a declared data address to "
				      "prove, without its port: nowhere to send the cookie");
	to = ts->plan.declared;
	np_addr_set_port((struct sockaddr *)&to, (uint16_t)q->netperf_port);
	if (np_proof_new(&ts->proof, (struct sockaddr *)&to, ts->plan.declared_len) < 0) {
		const int err = errno ? errno : EIO;

		snprintf(why, sizeof(why), "no random cookie for the declared data address: %s",
			 strerror(err));
		return np_sess_refuse(s, err, why);
	}
	ts->proof_asked = true;
	return 0;
}

/* The message buffers, within the memory budgets, and a CPU to
 * spin on where the test busy-polls. */
int np_sess_take_buffers(struct session *s, struct test_state *ts)
{
	const uint32_t dir = ts->q->direction;
	struct np_run *run = &ts->run;

	if (take_memory(s, ts->lss, ts->lsr, dir & NP_DIR_XMIT ? (size_t)run->send_size : 0,
			run->rbuf_len) < 0)
		return -1;
	if (dir & NP_DIR_XMIT)
		run->sbuf = alloc_filled((size_t)run->send_size);
	if (dir & NP_DIR_RECV)
		run->rbuf = malloc(run->rbuf_len);
	if (((dir & NP_DIR_XMIT) && !run->sbuf) || ((dir & NP_DIR_RECV) && !run->rbuf))
		return np_sess_refuse(s, ENOMEM, "out of memory for data buffers");
	/* --max-spinning: a CPU for each session that busy-polls. */
	if (np_busypoll_on(run) && !np_budget_take_spin(s->rules->budget, s->rules->cell))
		return np_sess_refuse(s, NP_REFUSE_SPINNING, "--busy-poll: --max-spinning "
				      "sessions spin already");
	return 0;
}

/* The CPU snapshots, allocated on the connection's first -c/-C. */
int np_sess_cpu_snapshots(struct session *s, struct test_state *ts)
{
	if (!ts->cpu || (s->cpu0 && s->cpu1))
		return 0;
	/* Both or neither: a later test must not find one of them. */
	if (!s->cpu0)
		s->cpu0 = malloc(sizeof(*s->cpu0));
	if (!s->cpu1)
		s->cpu1 = malloc(sizeof(*s->cpu1));
	if (!s->cpu0 || !s->cpu1)
		return np_sess_refuse(s, ENOMEM, "out of memory for CPU snapshots");
	return 0;
}

/* The first read of the CPU time other processes take during the
 * test, for a netperf-ng client only (2.7.1's results have no room for
 * it): before the response, so that it delays no data. */
int np_sess_others_first(struct session *s, struct test_state *ts)
{
	ts->others = NP_OTHERS_UNKNOWN;
	if (ts->q->ext.present && !s->legacy)
		ts->others_probe = np_others_begin();
	return 0;
}

/* The OMNI_RESPONSE (or the legacy one), what this side will
 * run with. */
int np_sess_send_response(struct session *s, struct test_state *ts)
{
	const struct np_omni_request *q = ts->q;
	struct np_omni_response rsp;

	memset(&rsp, 0, sizeof(rsp));
	rsp.recv_buf_size = ts->lsr;
	rsp.receive_size = ts->z.recv_size;
	rsp.recv_width = ts->z.recv_width;
	rsp.send_buf_size = ts->lss;
	rsp.send_size = ts->z.send_size;
	rsp.send_width = ts->z.send_width;
	rsp.flags = (!ts->udp && (q->flags & NP_F_NODELAY) ? NP_F_NODELAY : 0) |
		    (ts->cpu ? NP_F_MEASURE_CPU : 0);
	rsp.cpu_rate = ts->cpu ? 100.0f : 0.0f;
	rsp.so_rcvavoid = q->so_rcvavoid;
	rsp.so_sndavoid = q->so_sndavoid;
	rsp.data_port = ts->data_port;
	rsp.socket_prio = q->socket_prio;
	rsp.socket_tos = q->socket_tos;
	/* Only to a netperf-ng: a 2.7.1 netperf gets the bytes it always got. */
	if (q->ext.present) {
		rsp.ext = (struct np_ext){ .present = true, .test_id = ts->t->ext_id,
					   .version = NP_EXT_VERSION, .caps = NP_EXT_SERVER_CAPS };
		/* The test's own options as this side runs them, and which
		 * (all it knows) it applied. */
		memcpy(rsp.ext.params, ts->run.params, sizeof(rsp.ext.params));
		rsp.applied = ts->applied;
		rsp.data_proof = ts->proof_asked;
	}
	if (s->legacy)
		np_legacy_encode_response(s->legacy, &rsp, s->msg);
	else
		np_wire_encode_response(&rsp, s->msg);
	if (np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS) < 0) {
		np_log(NP_LOG_ERR, "sending the response: %s", strerror(errno));
		return -1;
	}
	s->cpu_used |= ts->cpu;
	return 0;
}
