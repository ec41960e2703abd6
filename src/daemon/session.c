/*
 * session.c - one control connection, served as netperf 2.7's netserver
 * child serves it, but refusing what it should never have accepted.
 *
 * Everything read from the control socket goes through wire.c's decoders,
 * which range-check every field; a request that fails is answered with a
 * serv_errno, logged, and the connection is dropped.  Other sessions live
 * in other processes and never notice.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/session.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"
#include "base/units.h"
#include "daemon/admit.h"
#include "daemon/budget.h"
#include "daemon/log.h"
#include "host/cpu.h"
#include "host/facts.h"
#include "host/others.h"
#include "host/placement.h"
#include "run/busypoll.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/legacy.h"
#include "wire/wire.h"

/* netserver's safety margin past the test length (netperf's PAD_TIME). */
#define PAD_SECONDS 4

/* Room for any datagram, IPv6's 65527-byte payloads included. */
#define UDP_RECV_MAX 65536

struct session {
	int ctl;
	const struct np_session_rules *rules;
	struct sockaddr_storage ctl_local, ctl_peer;  /* unmapped */
	uint64_t strangers;            /* data peers turned away, all runs */
	bool strangers_logged;
	int bound_cpu;                 /* -T ,N: the CPU we run on, -1 = any */
	bool cpu_used;                 /* -C was asked on this connection */
	struct np_cpu_snapshot *cpu0;  /* allocated on first use */
	struct np_cpu_snapshot *cpu1;
	/* The last data connection's two ends, unmapped, which NP_NG_FACTS
	 * describes; a netperf-ng client's only. */
	struct sockaddr_storage data_local, data_peer;
	bool data_seen;
	/* What NP_NG_FACTS answered for those ends: read once, however
	 * often a client asks (the ioctls take the kernel's rtnl lock). */
	struct np_host_facts facts;
	bool facts_read;
	int32_t legacy;                /* the legacy request served, 0 = DO_OMNI */
	/* The request served carried the extension's magic (a netperf-ng
	 * client), and its test id: a refusal then says why in text. */
	bool ng;
	uint32_t ng_test_id;
	int32_t reply_type;            /* what a refusal of it is sent as */
	uint8_t msg[NP_MSG_SIZE];
};

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

static int reply(struct session *s, int32_t type, int32_t serv_errno)
{
	np_wire_encode_reply(type, serv_errno, s->msg);
	return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
}

/* Refuse a request: serv_errno to the client, a line to the log, and the
 * connection is dropped, as netperf's netserver does on errors.  A
 * netperf-ng client gets the log's reason too, in the response's
 * extension (doc/extension.md); any other, the bytes 2.7.1 sends. */
static int refuse(struct session *s, int err, const char *why)
{
	struct np_omni_response rsp;

	np_log(NP_LOG_ERR, "refused request: %s", why);
	if (!s->ng) {
		(void)reply(s, s->reply_type, err);
		return -1;
	}
	memset(&rsp, 0, sizeof(rsp));
	rsp.serv_errno = err;
	rsp.ext = (struct np_ext){ .present = true, .test_id = s->ng_test_id,
				   .version = NP_EXT_VERSION, .caps = NP_EXT_SERVER_CAPS };
	snprintf(rsp.refusal, sizeof(rsp.refusal), "%s", why);
	np_wire_encode_response(&rsp, s->msg);
	(void)np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	return -1;
}

static void *alloc_filled(size_t len)
{
	char *p = malloc(len ? len : 1);

	if (p)
		np_run_fill(p, len);
	return p;
}

/* Busy time counts against the test's own time, not the window the
 * snapshots span: a safety pad or TCP_CRR's closing pause was idle.
 * netperf corrects the same way (its calc_cpu_util correction factor). */
static float busy_share(float pct, double scale)
{
	double v = pct * scale;

	return (float)(v > 100.0 ? 100.0 : v);
}

static void measure_cpu(struct session *s, double window, double active,
			struct np_omni_results *res)
{
	const double scale = active > 0 && window > active ? window / active : 1.0;
	struct np_cpu_util u;

	if (np_cpu_read(s->cpu1) < 0)
		return;
	np_cpu_compute(s->cpu0, s->cpu1, &u);
	res->cpu_util = busy_share(u.util, scale);
	res->cpu_user = busy_share(u.user, scale);
	res->cpu_system = busy_share(u.system, scale);
	res->cpu_iowait = busy_share(u.iowait, scale);
	res->cpu_irq = busy_share(u.irq, scale);
	res->cpu_swintr = busy_share(u.softirq, scale);
	res->peak_cpu_id = u.peak_id;
	res->peak_cpu_util = busy_share(u.peak_util, scale);
}

/* Socket facts the results carry, read before the data connection is
 * closed (which must happen promptly: netperf waits for that EOF). */
static void conn_facts(const struct np_omni_request *q, const struct np_run *run,
		       int lss, int lsr, struct np_omni_results *res)
{
	res->send_buf_size = lss;
	res->recv_buf_size = lsr;
	res->transport_retrans = -1;
	if (run->conn < 0)
		return;
	if (q->send_buf_size <= 0 || q->recv_buf_size <= 0) {
		int snd, rcv;

		np_sock_bufsizes(run->conn, &snd, &rcv);
		if (q->send_buf_size <= 0)
			res->send_buf_size = snd;
		if (q->recv_buf_size <= 0)
			res->recv_buf_size = rcv;
	}
	res->transport_retrans = np_sock_retrans(run->conn);
	/* Flag 0x20 doubles as "tell me the congestion control". */
	if (q->flags & NP_F_ROUTING)
		np_sock_cong(run->conn, res->cong_control, sizeof(res->cong_control));
}

/* Where the data went, for a later NP_NG_FACTS: this end's address and
 * the peer's (the control peer's for an unconnected socket). */
static void note_data_ends(struct session *s, const struct np_run *run)
{
	const int fd = run->conn >= 0 ? run->conn : run->fd;
	socklen_t len = sizeof(s->data_local);

	s->facts_read = false;
	s->data_seen = fd >= 0 && getsockname(fd, (struct sockaddr *)&s->data_local, &len) == 0;
	len = sizeof(s->data_peer);
	if (run->conn < 0 || getpeername(run->conn, (struct sockaddr *)&s->data_peer, &len) < 0)
		s->data_peer = s->ctl_peer;
	np_addr_unmap((struct sockaddr *)&s->data_local);
	np_addr_unmap((struct sockaddr *)&s->data_peer);
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
		return refuse(s, err, why);
	snprintf(line, sizeof(line), "%s (CAP_NET_ADMIN needed, and this netserver lacks it)",
		 why);
	return refuse(s, NP_REFUSE_CAPABILITY, line);
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
		return refuse(s, err, why);
	run->fd = np_sock_open(&so, why, sizeof(why));
	if (run->fd < 0)
		return refuse_open(s, errno, why);
	if (np_data_bind(run->fd, plan, s->rules->data,
			 (unsigned)getpid() ^ (unsigned)q->netperf_port) < 0) {
		err = errno;
		snprintf(why, sizeof(why), "bind data port %u: %s", (unsigned)q->data_port,
			 strerror(err));
		return refuse(s, err == EACCES ? NP_REFUSE_PORT : err, why);
	}
	if (t->sock_type == SOCK_STREAM && listen(run->fd, 5) < 0) {
		err = errno;
		snprintf(why, sizeof(why), "listen on the data socket: %s", strerror(err));
		return refuse(s, err, why);
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
		return refuse(s, NP_REFUSE_MEMORY, why);
	}
	if (!np_budget_take_bytes(s->rules->budget, s->rules->cell, bytes, &in_use)) {
		snprintf(why, sizeof(why), "the test's buffers take %llu bytes and other "
			 "sessions hold %llu, over --max-memory %llu",
			 (unsigned long long)bytes, (unsigned long long)in_use,
			 (unsigned long long)s->rules->max_total_memory);
		return refuse(s, NP_REFUSE_MEMORY, why);
	}
	return 0;
}

/* Data peers turned away, and the client's own datagrams that were not
 * its requests (UDP_CRR: any other size): one line each per test. */
static void note_strangers(struct session *s, const struct np_run *run, const char *test)
{
	char addr[INET6_ADDRSTRLEN];

	if (run->dropped > 0)
		np_log(NP_LOG_INFO, "%s: left %llu datagram(s) from the client's address "
		       "unanswered (not a request's size, to a multicast address, or no "
		       "socket could answer from there)", test, (unsigned long long)run->dropped);

	s->strangers += run->strangers;
	if (run->strangers == 0 || s->strangers_logged)
		return;
	s->strangers_logged = true;
	np_addr_string((const struct sockaddr *)&run->stranger, addr, sizeof(addr));
	np_log(NP_LOG_ERR, "%s: dropped %llu data connection(s) or datagram(s) from other "
	       "addresses than the client's, the first from %s (if that is the client's "
	       "data address, netserver --data-peer declared accepts it)", test,
	       (unsigned long long)run->strangers, addr);
}

/* Whether name is in --refuse-option's (or --allow-option's) comma list. */
static bool in_list(const char *list, const char *name)
{
	const size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] != '\0'))
		if (strcspn(p, ",") == n && strncmp(p, name, n) == 0)
			return true;
	return false;
}

/* The test's own options (run/reqfields.h): a netperf-ng client's
 * values, each within its field's range, or the test's defaults from a
 * client that sent none; then the operator's rules on them. */
static int test_params(struct session *s, const struct np_omni_request *q,
		       const struct np_test *t, int32_t out[NP_TEST_OPTIONS])
{
	char why[160];
	int err = np_reqfields_decode(t->name, t->options, q->ext.present, q->ext.params, out,
				      why, sizeof(why));

	if (err)
		return refuse(s, err, why);
	for (int k = 0; k < np_test_options(t); k++) {
		const struct np_reqfield *f = t->options[k];

		/* The operator's no: a flag given, or any value but the
		 * default. */
		if (out[k] != f->def && in_list(s->rules->refuse_options, f->name)) {
			snprintf(why, sizeof(why), "%s --%s: netserver's operator refuses it (--refuse-option)",
				 t->name, f->name);
			return refuse(s, NP_REFUSE_OPTION, why);
		}
		/* One that costs a CPU: only where the operator said yes. */
		if (out[k] != f->def && f->costly && !in_list(s->rules->allow_options, f->name)) {
			snprintf(why, sizeof(why), "%s --%s: not served unless netserver is "
				 "started with --allow-option %s", t->name, f->name, f->name);
			return refuse(s, NP_REFUSE_NOT_ALLOWED, why);
		}
	}
	return 0;
}

/* One test's state, carried from step to step of run_test. */
struct test_state {
	const struct np_omni_request *q;
	const struct np_test *t;
	bool udp, cpu;                 /* a datagram test; -c/-C asked */
	struct np_run run;
	struct np_data_plan plan;
	struct np_watch watch;
	struct np_sizes z;             /* the sizes the response announces */
	uint32_t applied;              /* the request fields applied (reqfields.h) */
	int lss, lsr;                  /* socket buffers in force */
	uint32_t data_port;            /* where the data socket listens */
	double elapsed, window;        /* the test's time; what the CPU snapshots span */
	struct np_placement at;        /* where the server loop ran */
	struct np_others_probe *others_probe;   /* the first read, until the second */
	struct np_others others;       /* other processes' CPU time, the session's own */
	struct np_proof proof;         /* --data-peer declared: the cookie ... */
	bool proof_asked;              /* ... its declared data address echoes */
	struct np_omni_results res;
};

/* The -l sign: > 0 seconds, < 0 a count of bytes or transactions, 0
 * untimed.  Runs without a length end at --max-test-time. */
static void run_length(const struct np_omni_request *q, double budget, struct np_run *run)
{
	const int64_t seconds = np_length_seconds(q->test_length);

	run->timed = seconds > 0;
	run->length = run->timed ? (double)seconds : budget;
	run->count = np_length_count(q->test_length);
}

/* What may run at all, before anything is taken: its length
 * against --max-test-time, its own options against their ranges. */
static int admit_test(struct session *s, struct test_state *ts)
{
	const double budget = s->rules->max_test_s;
	char why[160];

	if (np_length_seconds(ts->q->test_length) > budget) {
		snprintf(why, sizeof(why), "a %d s test is longer than --max-test-time %g",
			 (int)ts->q->test_length, budget);
		return refuse(s, NP_REFUSE_TIME, why);
	}
	return test_params(s, ts->q, ts->t, ts->run.params);
}

/* The data socket, the buffer sizes it got, and the port it
 * listens on. */
static int open_socket(struct session *s, struct test_state *ts)
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
		return refuse(s, e, why);
	}
	ts->data_port = np_addr_port((struct sockaddr *)&local);
	return 0;
}

/* The test's own options that are socket options, on the data socket
 * before anything connects; which of them all this side applies. */
static int apply_fields(struct session *s, struct test_state *ts)
{
	char why[200];

	if (np_reqfields_apply(ts->t->name, ts->t->options, ts->run.params, ts->run.fd,
			       &ts->applied, why, sizeof(why)) < 0)
		return refuse_open(s, errno, why);
	return 0;
}

/* The loop's message sizes, from the sizes announced. */
static int apply_sizes(struct session *s, struct test_state *ts)
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
static int data_proof_rule(struct session *s, struct test_state *ts)
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
		return refuse(s, NP_REFUSE_UNPROVEN, why);
	case NP_DATA_PROOF_ASK:
		break;
	}
	/* The cookie goes to the port the client's data socket is bound
	 * to, as the request says. */
	if (q->netperf_port == 0)
		return refuse(s, NP_REFUSE_UNPROVEN, "a declared data address to prove, "
			      "without its port: nowhere to send the cookie");
	to = ts->plan.declared;
	np_addr_set_port((struct sockaddr *)&to, (uint16_t)q->netperf_port);
	if (np_proof_new(&ts->proof, (struct sockaddr *)&to, ts->plan.declared_len) < 0) {
		const int err = errno ? errno : EIO;

		snprintf(why, sizeof(why), "no random cookie for the declared data address: %s",
			 strerror(err));
		return refuse(s, err, why);
	}
	ts->proof_asked = true;
	return 0;
}

/* The message buffers, within the memory budgets, and a CPU to
 * spin on where the test busy-polls. */
static int take_buffers(struct session *s, struct test_state *ts)
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
		return refuse(s, ENOMEM, "out of memory for data buffers");
	/* --max-spinning: a CPU for each session that busy-polls. */
	if (np_busypoll_on(run) && !np_budget_take_spin(s->rules->budget, s->rules->cell))
		return refuse(s, NP_REFUSE_SPINNING, "--busy-poll: --max-spinning sessions spin "
			      "already");
	return 0;
}

/* The CPU snapshots, allocated on the connection's first -c/-C. */
static int cpu_snapshots(struct session *s, struct test_state *ts)
{
	if (!ts->cpu || (s->cpu0 && s->cpu1))
		return 0;
	/* Both or neither: a later test must not find one of them. */
	if (!s->cpu0)
		s->cpu0 = malloc(sizeof(*s->cpu0));
	if (!s->cpu1)
		s->cpu1 = malloc(sizeof(*s->cpu1));
	if (!s->cpu0 || !s->cpu1)
		return refuse(s, ENOMEM, "out of memory for CPU snapshots");
	return 0;
}

/* The first read of the CPU time other processes take during the
 * test, for a netperf-ng client only (2.7.1's results have no room for
 * it): before the response, so that it delays no data. */
static int others_first(struct session *s, struct test_state *ts)
{
	ts->others = NP_OTHERS_UNKNOWN;
	if (ts->q->ext.present && !s->legacy)
		ts->others_probe = np_others_begin();
	return 0;
}

/* The OMNI_RESPONSE (or the legacy one), what this side will
 * run with. */
static int send_response(struct session *s, struct test_state *ts)
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

/* The declared data address echoes the cookie before any data flows
 * (run/proof.h): else the test is dropped, and nothing was answered. */
static int prove_peer(struct session *s, struct test_state *ts)
{
	char why[300], addr[INET6_ADDRSTRLEN];
	uint64_t ignored = 0;

	if (!ts->proof_asked)
		return 0;
	if (np_proof_server(&ts->proof, ts->run.fd, s->ctl, &ignored, why, sizeof(why)) < 0) {
		np_log(NP_LOG_ERR, "%s: %s; test dropped", ts->t->name, why);
		return -1;
	}
	np_addr_string((const struct sockaddr *)&ts->proof.to, addr, sizeof(addr));
	np_log(NP_LOG_DEBUG, "%s: the declared data address %s echoed the cookie (%llu "
	       "other datagrams ignored)", ts->t->name, addr, (unsigned long long)ignored);
	ts->run.proof = &ts->proof;
	return 0;
}

/* The loop's timers and switches, set before it runs. */
static int arm_run(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;

	/* Timers are padded: a receiver's, as the client's end marker
	 * should come first and the timer only covers a lost one; a
	 * sender's (TCP_MAERTS) until the client connects, which restarts
	 * it (the client may pause first: netperf -s).  Runs without a
	 * length (counted, or netperf 2.7's -l 0) end at --max-test-time. */
	run_length(ts->q, s->rules->max_test_s, run);
	run->pad = run->timed ? PAD_SECONDS : 0;
	/* TCP_CRR has no end marker: its loop lingers after the timer
	 * instead.  The pad stays for the wait for the first connection
	 * (netperf -s 2 pauses before it), which restarts the timer. */
	if (ts->t->connect_each && run->pad)
		run->linger = run->pad;
	run->watch = &ts->watch;
	run->ev = &ts->watch.ev;
	run->wake_s = NP_WAKE_MS / 1000.0;
	run->legacy = s->legacy != 0;
	/* --busy-poll: a refused socket option is no failure (the loop
	 * spins all the same); the client's report says so too. */
	np_busypoll_setup(run, run->fd);
	if (run->c.poll & NP_POLL_DENIED)
		np_log(NP_LOG_INFO, "%s --busy-poll: a socket option refused (EPERM): "
		       "CAP_NET_ADMIN needed, and this netserver lacks it; spinning in user "
		       "space only", ts->t->name);
	return 0;
}

/* The test's server loop, under the watch, and how long it took. */
static int run_data(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;
	struct np_place_probe probe;
	double t0;

	if (ts->cpu && np_cpu_read(s->cpu0) < 0)
		memset(s->cpu0, 0, sizeof(*s->cpu0));
	if (np_watch_start(&ts->watch, run->length + run->pad, 0, NULL, s->ctl, -1) < 0) {
		np_log(NP_LOG_ERR, "timer: %s", strerror(errno));
		return -1;
	}
	t0 = np_watch_origin(&ts->watch);
	np_place_begin(&probe);
	(void)ts->t->server_run(run);
	np_place_end(&probe, &ts->at);
	ts->window = ts->elapsed = np_now() - t0;
	np_watch_end(&ts->watch);
	note_strangers(s, run, ts->t->name);
	if (np_watch_gone(&ts->watch)) {
		np_log(NP_LOG_INFO, "%s: the client went away during the test", ts->t->name);
		return -1;
	}
	if (np_watch_fired(&ts->watch)) {
		ts->elapsed -= run->pad;
		/* A counted test that the time budget cut short. */
		if (!run->timed && !run->err)
			np_run_fail(run, "--max-test-time", NP_REFUSE_TIME);
	}
	ts->elapsed -= run->idle_tail;
	if (ts->elapsed < 0)
		ts->elapsed = 0;
	return 0;
}

/* Where the loop ran and on which boot of which host, for a netperf-ng
 * to tell whether the two ends shared a CPU. */
static void placement(const struct test_state *ts, struct np_omni_results *res)
{
	struct np_boot_id boot;

	np_boot_id_read(&boot);
	if (boot.known) {
		np_boot_id_split(&boot, &res->boot_hi, &res->boot_lo);
		res->place |= NP_PLACE_BOOT;
	}
	res->cpu_start = res->cpu_end = -1;
	if (ts->at.known) {
		res->place |= NP_PLACE_CPU;
		res->cpu_start = ts->at.cpu_start;
		res->cpu_end = ts->at.cpu_end;
	}
	if (ts->at.migrations >= 0) {
		res->place |= NP_PLACE_MIGRATIONS;
		res->migrations = ts->at.migrations > UINT32_MAX ? UINT32_MAX
								 : (uint32_t)ts->at.migrations;
	}
	if (ts->others.others_us >= 0 && (uint64_t)ts->others.others_us <= NP_CPU_US_MAX) {
		res->place |= NP_PLACE_OTHERS;
		res->others_us = (uint64_t)ts->others.others_us;
	}
	if (ts->others.own_us >= 0 && (uint64_t)ts->others.own_us <= NP_CPU_US_MAX) {
		res->place |= NP_PLACE_OWN;
		res->own_us = (uint64_t)ts->others.own_us;
	}
	if (ts->others.pid > 0 && ts->others.pid <= NP_PID_MAX) {
		res->place |= NP_PLACE_PID;
		res->session_pid = (uint32_t)ts->others.pid;
	}
	/* With the pid, what lets netperf on this host tell it is us. */
	if (ts->others.start >= 0) {
		res->place |= NP_PLACE_START;
		res->session_start = (uint64_t)ts->others.start;
	}
}

/* What the results carry, read before the data sockets close
 * (netperf waits for that EOF), which this step does. */
static int collect_results(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;
	struct np_omni_results *res = &ts->res;

	np_others_end(ts->others_probe, &ts->others);
	ts->others_probe = NULL;
	memset(res, 0, sizeof(*res));
	conn_facts(ts->q, run, ts->lss, ts->lsr, res);
	np_busypoll_finish(run, run->conn >= 0 ? run->conn : run->fd);
	if (ts->q->ext.present)
		note_data_ends(s, run);
	if (run->conn >= 0) {
		close(run->conn);
		run->conn = -1;
	}
	close(run->fd);
	run->fd = -1;
	if (ts->cpu)
		measure_cpu(s, ts->window, ts->elapsed, res);
	res->serv_errno = run->err;
	res->bytes_received = run->c.bytes_recv;
	res->recv_calls = (uint32_t)run->c.recv_calls;
	res->bytes_sent = run->c.bytes_sent;
	res->send_calls = (uint32_t)run->c.send_calls;
	res->failed_sends = (uint32_t)run->c.failed_sends;
	res->trans_received = (uint32_t)run->c.trans;
	/* Our own counts, to a netperf-ng only (a 2.7.1 netperf gets the
	 * bytes it always got). */
	res->ng = ts->q->ext.present;
	res->syscalls = run->c.syscalls;
	res->zc_sends = run->c.zc_sends;
	res->zc_copied = run->c.zc_copied;
	res->poll = run->c.poll;
	placement(ts, res);
	res->elapsed_time = (float)ts->elapsed;
	res->cpu_method = s->cpu_used ? NP_CPU_METHOD_PROCSTAT : 0;
	res->num_cpus = s->cpu_used ? (uint32_t)np_cpu_count() : 0;
	return 0;
}

/* The results, logged and sent; a failed data phase ends the
 * session once the client has them. */
static int send_results(struct session *s, struct test_state *ts)
{
	const struct np_omni_results *res = &ts->res;
	const struct np_run *run = &ts->run;
	const char *name = ts->t->name;

	np_log(NP_LOG_DEBUG, "%s done: %.3f s, %llu bytes in, %llu bytes out, %llu transactions",
	       name, ts->elapsed, (unsigned long long)run->c.bytes_recv,
	       (unsigned long long)run->c.bytes_sent, (unsigned long long)run->c.trans);
	if (run->err)
		np_log(NP_LOG_ERR, "%s data phase: %s: %s", name,
		       run->err_what ? run->err_what : "?", strerror(run->err));
	if (s->legacy)
		np_legacy_encode_results(s->legacy, res, s->msg);
	else
		np_wire_encode_results(res, s->msg);
	if (np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS) < 0) {
		np_log(NP_LOG_INFO, "sending the results: %s", strerror(errno));
		return -1;
	}
	return run->err ? -1 : 0;
}

/* Whatever the steps took: sockets, buffers, budgets. */
static void end_test(struct session *s, struct test_state *ts)
{
	if (ts->run.conn >= 0)
		close(ts->run.conn);
	if (ts->run.fd >= 0)
		close(ts->run.fd);
	free(ts->run.sbuf);
	free(ts->run.rbuf);
	np_others_end(ts->others_probe, &ts->others);   /* a step failed before the second read */
	np_budget_give_bytes(s->rules->budget, s->rules->cell);
	np_budget_give_spin(s->rules->budget, s->rules->cell);
}

/* A test's steps, in order; each refuses, logs and returns -1 itself,
 * which ends the test (and the session) there. */
typedef int test_step(struct session *s, struct test_state *ts);
static test_step *const test_steps[] = {
	admit_test,       /* --max-test-time, the test's own options */
	open_socket,      /* bound, listening, its buffer sizes and port */
	apply_fields,     /* the test's own socket options */
	apply_sizes,      /* the loop's message sizes */
	data_proof_rule,  /* --data-peer declared: a proof, a cap or a refusal */
	take_buffers,     /* within --max-session-memory, --max-memory, --max-spinning */
	cpu_snapshots,    /* -c/-C */
	others_first,     /* other processes' CPU time, for netperf-ng */
	send_response,
	prove_peer,       /* the declared data address echoes the cookie */
	arm_run,          /* timers, counts, busy-poll */
	run_data,         /* the test's server loop */
	collect_results,  /* and the data sockets closed */
	send_results,
};

static int run_test(struct session *s, const struct np_omni_request *q,
		    const struct np_test *t)
{
	struct test_state ts;
	int rc = -1;

	memset(&ts, 0, sizeof(ts));
	ts.q = q;
	ts.t = t;
	ts.udp = t->sock_type == SOCK_DGRAM;
	ts.cpu = (q->flags & NP_F_MEASURE_CPU) != 0;
	ts.run.fd = ts.run.conn = -1;
	for (size_t i = 0; i < sizeof(test_steps) / sizeof(test_steps[0]); i++)
		if ((rc = test_steps[i](s, &ts)) < 0)
			break;
	end_test(s, &ts);
	return rc;
}

/* A DO_OMNI request, or a legacy one (type): netperf 2.7 built without
 * omni asks for each test by a type of its own.  Both decode to the same
 * request, checked by the same rules, and take the same path; only the
 * replies keep the request's format. */
static int serve_test(struct session *s, int32_t type)
{
	struct np_omni_request q;
	const struct np_test *t;
	char why[160];
	int err;

	s->legacy = type == NP_DO_OMNI ? 0 : type;
	s->reply_type = s->legacy ? s->legacy + 1 : NP_OMNI_RESPONSE;
	err = s->legacy ? np_legacy_decode_request(s->msg, &q, why, sizeof(why))
			: np_wire_decode_request(s->msg, &q, why, sizeof(why));
	/* Decoded before it was checked: a refusal of it knows whom it
	 * tells. */
	s->ng = !s->legacy && q.ext.present;
	s->ng_test_id = q.ext.test_id;
	if (err)
		return refuse(s, err, why);
	t = np_test_for_request(q.socket_type == NP_SOCK_DGRAM ? SOCK_DGRAM : SOCK_STREAM,
				(int)q.protocol, q.direction,
				(q.flags & NP_F_CONNECT_TEST) != 0,
				q.ext.present ? q.ext.test_id : NP_EXT_TEST_CLASSIC);
	/* A netperf-ng test this netserver does not have: say so, rather
	 * than run the 2.7.1 test its classic fields name. */
	if (t == NULL && q.ext.present && q.ext.test_id != NP_EXT_TEST_CLASSIC) {
		snprintf(why, sizeof(why), "unknown netperf-ng test id %#x: this netserver-ng "
			 "does not have this test (an older version?)", (unsigned)q.ext.test_id);
		return refuse(s, NP_REFUSE_EXT_TEST, why);
	}
	if (t == NULL)
		return refuse(s, EINVAL, "no test matches this protocol and direction");
	np_log(NP_LOG_DEBUG, "%s%s, test length %d", t->name,
	       s->legacy ? " (legacy request)" : "", q.test_length);
	/* netperf -T ,N: this session's process runs on CPU N. */
	if (q.cpu_affinity >= 0 && q.cpu_affinity != s->bound_cpu) {
		if (q.cpu_affinity < np_cpu_count() && np_cpu_bind(q.cpu_affinity) == 0)
			s->bound_cpu = q.cpu_affinity;
		else
			np_log(NP_LOG_INFO, "cannot run on CPU %d as asked; running anywhere",
			       (int)q.cpu_affinity);
	}
	return run_test(s, &q, t);
}

/* A request type this netserver does not serve: 998, as netserver 2.7.1
 * answers, and the connection stays. */
static int unknown_type(struct session *s, int32_t type)
{
	np_log(NP_LOG_INFO, "unknown request type %d: answered %d", (int)type,
	       NP_ERR_UNKNOWN_REQUEST);
	return reply(s, 0, NP_ERR_UNKNOWN_REQUEST);
}

/* NP_NG_FACTS, which only netperf-ng sends (with the extension's magic):
 * what this end of the last data connection ran on, or before any test
 * the control connection's path.  Read when asked, not during a test. */
static int serve_facts(struct session *s)
{
	struct np_host_facts *f = &s->facts;

	if (!np_wire_is_facts_request(s->msg))
		return unknown_type(s, np_wire_type(s->msg));
	/* Read once per session; --no-host-facts: nothing is known. */
	if (!s->facts_read && !s->rules->host_facts) {
		np_host_facts_unknown(f);
	} else if (!s->facts_read) {
		np_host_facts_read((const struct sockaddr *)(s->data_seen ? &s->data_local
									   : &s->ctl_local),
				   (const struct sockaddr *)(s->data_seen ? &s->data_peer
									   : &s->ctl_peer),
				   f);
		np_log(NP_LOG_DEBUG, "host facts read: interface %s, driver %s",
		       f->ifname[0] ? f->ifname : "?", f->driver[0] ? f->driver : "?");
	}
	s->facts_read = true;
	np_wire_encode_facts(f, s->msg);
	return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
}

/* Both ends of the control connection, IPv4-mapped ones as IPv4. */
static int control_ends(struct session *s)
{
	socklen_t len = sizeof(s->ctl_local);

	if (getsockname(s->ctl, (struct sockaddr *)&s->ctl_local, &len) < 0)
		return -1;
	len = sizeof(s->ctl_peer);
	if (getpeername(s->ctl, (struct sockaddr *)&s->ctl_peer, &len) < 0)
		return -1;
	np_addr_unmap((struct sockaddr *)&s->ctl_local);
	np_addr_unmap((struct sockaddr *)&s->ctl_peer);
	return 0;
}

/* One request, by its type; < 0 ends the session. */
static int serve_request(struct session *s, int32_t type)
{
	switch (type) {
	case NP_DO_OMNI:
		return serve_test(s, type);
	case NP_PASSPHRASE:
		/* Without -Z, or after the first (which the daemon judged),
		 * it is ignored, as netserver does. */
		return 0;
	case NP_DEBUG_ON:
	case NP_DEBUG_OFF:
		return reply(s, NP_DEBUG_OK, 0);
	case NP_DO_SYSINFO:
		np_wire_encode_sysinfo_reply(s->msg);
		return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	case NP_CPU_CALIBRATE:
		np_wire_encode_cpu_calibrate_reply(100.0f, np_cpu_count(), s->msg);
		return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	case NP_NG_FACTS:
		return serve_facts(s);
	default:
		if (np_legacy_is_request(type))
			return serve_test(s, type);
		return unknown_type(s, type);
	}
}

/* Why the control connection ended without the client's goodbye. */
static void log_recv_end(size_t got)
{
	if (errno == EPROTO)
		np_log(NP_LOG_ERR, "partial request (%zu of %d bytes), closing", got,
		       NP_MSG_SIZE);
	else if (errno == ETIMEDOUT)
		np_log(NP_LOG_ERR, "no request for %d s, closing", NP_REQUEST_TIMEOUT_MS / 1000);
	else
		np_log(NP_LOG_INFO, "control connection: %s", strerror(errno));
}

int np_session_run(int ctl, const struct np_session_rules *rules)
{
	struct session s;
	int rc = NP_SESSION_DROPPED;

	memset(&s, 0, sizeof(s));
	s.ctl = ctl;
	s.rules = rules;
	s.bound_cpu = -1;
	s.reply_type = NP_OMNI_RESPONSE;
	if (control_ends(&s) < 0) {
		np_log(NP_LOG_INFO, "control connection: %s", strerror(errno));
		return NP_SESSION_DROPPED;
	}
	np_sock_liveness(ctl, rules->control_timeout_s);
	for (;;) {
		size_t got = 0;
		int r = np_ctl_recv(ctl, s.msg, NP_REQUEST_TIMEOUT_MS, &got);

		if (r == 0) {
			rc = NP_SESSION_OK;
			break;
		}
		if (r < 0) {
			log_recv_end(got);
			break;
		}
		if (serve_request(&s, np_wire_type(s.msg)) < 0)
			break;
	}
	free(s.cpu0);
	free(s.cpu1);
	return rc;
}
