/*
 * client.c - one netperf run, from the control connection to the report.
 *
 * Data flows one way: options -> plan (endpoints, sizes) -> iterations
 * (request, data phase, results) -> samples -> report.  Nothing here
 * knows a test by name; the descriptor says what differs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "clock.h"
#include "control.h"
#include "cpu.h"
#include "flows.h"
#include "metrics.h"
#include "legacy.h"
#include "report.h"
#include "sock.h"
#include "stats.h"
#include "units.h"
#include "wire.h"

/* Where the data connection runs, fixed for all iterations. */
struct plan {
	const struct np_opts *o;
	const struct np_test *test;
	char unit;
	int family;
	struct np_addr remote;        /* netserver's data address (port set later) */
	struct np_addr local;         /* where our data socket binds */
	bool bind_local;
	const char *rname;            /* as the banner names them */
	const char *lname;
	char raddr[INET6_ADDRSTRLEN];
	char laddr[INET6_ADDRSTRLEN];
	struct np_sockopts so;
	char title[40];               /* -t omni's banner title */
};

/* Per-connection state carried from one iteration to the next. */
struct link {
	int ctl;
	unsigned replies;             /* messages read so far */
	float cpu_rate;               /* echoed, as netperf does */
	uint32_t data_port;           /* iterations reuse the server's port */
	int32_t legacy;               /* legacy request type once netserver
				       * answered DO_OMNI with 998; 0 = omni */
	uint8_t msg[NP_MSG_SIZE];
	struct np_cpu_snapshot *cpu0; /* -c: /proc/stat around the data phase */
	struct np_cpu_snapshot *cpu1;
	struct np_hist *hist;         /* -j: round trips over all iterations */
	uint64_t *sent_at;            /* -j: send times, burst + 1 of them */
	int fill_fd;                  /* -F: the local fill file, -1 = none */
	int file_fd;                  /* TCP_SENDFILE: what it sends, -1 = none */
	/* -D: where interim figures go, and how the report names units. */
	FILE *out;
	const struct np_report *head;
	int interims;                 /* printed so far (-k numbers them) */
	/* --flows: which flow this is, where it runs, the gate it starts at
	 * (NULL: a single run). */
	int index;
	int lcpu, rcpu;               /* -1: anywhere */
	bool ours;                    /* netserver answered as netserver-ng */
	struct np_gate *gate;
};

/* -D: the figure since the previous tick, from the counters the loop
 * keeps current; called off the loop's fast path. */
struct interim {
	struct link *l;
	double since;                 /* np_now() of the previous figure */
	uint64_t units;               /* counter then */
};

/* What the interim rate counts: transactions, or with a byte unit on a
 * request/response test their bytes, as netperf's demo mode does. */
static uint64_t interim_units(const struct np_run *run, char unit)
{
	const struct np_test *t = run->test;
	const struct np_counters *c = &run->c;

	if (t->rr)
		return unit == 'x' ? c->trans
				   : c->trans * (uint64_t)(run->req_size + run->rsp_size);
	return (t->direction & NP_DIR_RECV) ? c->bytes_sent : c->bytes_recv;
}

static void interim_figure(struct np_run *run, bool final)
{
	struct interim *im = run->tick_ctx;
	const struct np_report *head = im->l->head;
	uint64_t units = interim_units(run, head->unit);
	double now = np_now(), secs = now - im->since;
	double per_sec = secs > 0 ? (double)(units - im->units) / secs : 0;
	struct timespec wall;

	if (secs <= 0 || (final && units == im->units))
		return;
	clock_gettime(CLOCK_REALTIME, &wall);
	np_report_interim(im->l->out, head, im->l->interims++,
			  head->unit == 'x' ? per_sec : np_unit_rate(per_sec, head->unit),
			  secs, &wall);
	im->since = now;
	im->units = units;
}

static void interim_report(struct np_run *run)
{
	interim_figure(run, false);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(FILE *err, const char *fmt, ...)
{
	va_list ap;

	fputs("netperf: ", err);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
	return -1;
}

/* -d: one line per step on stderr. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void debug(const struct np_opts *o, FILE *err, const char *fmt, ...)
{
	va_list ap;

	if (!o->debug)
		return;
	fputs("netperf: debug: ", err);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
}

static void wire_addr(const struct np_addr *a, uint8_t out[16])
{
	memset(out, 0, 16);
	if (a->ss.ss_family == AF_INET)
		memcpy(out, &((const struct sockaddr_in *)&a->ss)->sin_addr, 4);
	else if (a->ss.ss_family == AF_INET6)
		memcpy(out, &((const struct sockaddr_in6 *)&a->ss)->sin6_addr, 16);
}

static int resolve_one(const char *host, int family, int socktype, bool passive,
		       struct np_addr *a, FILE *err, const char *role)
{
	struct addrinfo *ai;
	char why[256];

	if (np_resolve(host, 0, family, socktype, passive, &ai, why, sizeof(why)) < 0)
		return fail(err, "cannot resolve %s '%s'%s: %s", role, host ? host : "*",
			    family == AF_INET ? " as IPv4" : family == AF_INET6 ? " as IPv6" : "",
			    why);
	memcpy(&a->ss, ai->ai_addr, ai->ai_addrlen);
	a->len = ai->ai_addrlen;
	freeaddrinfo(ai);
	return 0;
}

/* netperf clears "routing allowed" for UDP_STREAM alone, unless -- -R. */
static bool routing_allowed(const struct np_opts *o, const struct np_test *t)
{
	if (o->routing >= 0)
		return o->routing != 0;
	return !(t->sock_type == SOCK_DGRAM && !t->rr);
}

/* The data connection's ends: the control peer unless -- -H/-L/-4/-6
 * say otherwise. */
static int make_plan(struct plan *p, const struct np_opts *o, const char *ctl_host,
		     const struct np_addr *ctl_peer, FILE *err)
{
	const struct np_test *t = o->test;
	const char *lhost;

	memset(p, 0, sizeof(*p));
	p->o = o;
	p->test = t;
	p->unit = np_unit_effective(o->unit ? o->unit : np_unit_default(t->rr), t->rr);
	p->family = o->data_family != AF_UNSPEC ? o->data_family : ctl_peer->ss.ss_family;
	p->rname = o->data_host ? o->data_host : ctl_host;
	if (o->data_host || p->family != ctl_peer->ss.ss_family) {
		if (resolve_one(p->rname, p->family, t->sock_type, false, &p->remote, err,
				"data host") < 0)
			return -1;
	} else {
		p->remote = *ctl_peer;
	}
	p->family = p->remote.ss.ss_family;
	/* Without -- -L or -- -H, netperf 2.7 sends data from the control
	 * connection's local address (global -L), so both leave one address:
	 * netserver-ng takes data only from its control peer's. */
	lhost = o->data_local ? o->data_local
	      : !o->data_host && p->family == ctl_peer->ss.ss_family ? o->local_host : NULL;
	if (resolve_one(lhost, p->family, t->sock_type, true, &p->local, err,
			"local data address") < 0)
		return -1;
	p->lname = lhost ? lhost : p->family == AF_INET6 ? "::0" : "0.0.0.0";
	np_addr_set_port((struct sockaddr *)&p->local.ss, o->data_lport);
	/* netperf binds UDP sockets always (so netperf_port goes out), TCP
	 * ones only when asked to, or for TCP_CRR. */
	p->bind_local = t->sock_type == SOCK_DGRAM || t->connect_each || o->data_lport || lhost;
	np_addr_string((struct sockaddr *)&p->remote.ss, p->raddr, sizeof(p->raddr));
	np_addr_string((struct sockaddr *)&p->local.ss, p->laddr, sizeof(p->laddr));
	p->so = (struct np_sockopts){
		.family = p->family, .type = t->sock_type, .protocol = t->protocol,
		.sndbuf = o->lsndbuf, .rcvbuf = o->lrcvbuf,
		.nodelay = o->nodelay && t->sock_type == SOCK_STREAM,
		/* Only when asked: on a connected UDP socket SO_DONTROUTE
		 * costs a route lookup per datagram (the request still tells
		 * netserver, as netperf's does). */
		.dontroute = o->routing == 0,
		.recverr = t->sock_type == SOCK_DGRAM && !t->rr,
		.keepalive = o->keepalive,
		.reuseaddr = true,
		.cong = o->lcong,
		.priority = o->lprio, .tos = o->ltos,
		.cork = o->cork, .mtu_do = o->mtu_do, .fastopen = o->fastopen,
		.maxseg = o->maxseg, .max_pacing = o->max_pacing,
		.wake_ms = NP_WAKE_MS,
	};
	if (o->omni)
		snprintf(p->title, sizeof(p->title), "OMNI %s TEST", np_test_direction_name(t));
	return 0;
}

/* The DO_OMNI request, word for word as netperf 2.7.1 builds it
 * (protocol.md A5). */
static void build_request(const struct plan *p, const struct link *l, int fd,
			  struct np_report *s, struct np_omni_request *q)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	const bool udp = t->sock_type == SOCK_DGRAM;
	struct np_addr bound = { .len = sizeof(bound.ss) };

	memset(q, 0, sizeof(*q));
	q->cpu_affinity = l->rcpu;
	/* Words 2.7.1 never reads: a netserver-ng answers with its own. */
	q->ext = (struct np_ext){ .present = true, .test_id = t->ext_id,
				  .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };
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
	q->flags = (o->nodelay ? NP_F_NODELAY : 0) | (t->connect_each ? NP_F_CONNECT_TEST : 0) |
		   (o->remote_cpu ? NP_F_MEASURE_CPU : 0) |
		   (routing_allowed(o, t) ? NP_F_ROUTING : 0) |
		   (t->sendfile ? NP_F_SENDFILE : 0) |
		   (o->keepalive ? NP_F_KEEPALIVE : 0) |
		   (o->fastopen ? NP_F_FASTOPEN : 0) |
		   (o->defer_accept ? NP_F_DEFER_ACCEPT : 0) |
		   (o->mtu_do ? NP_F_MTU_DISCOVER : 0);
	q->cpu_rate = l->cpu_rate;
	q->test_length = (int32_t)o->length;
	q->send_dirty_count = q->recv_dirty_count = q->recv_clean_count = -1;
	q->data_port = l->data_port;
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

/* netperf's letters for its CPU methods (protocol.md 3.3). */
static char cpu_method_letter(uint32_t method)
{
	static const char letters[] = "UIPTLRNKSCEMO";

	return method < sizeof(letters) - 1 ? letters[method] : '?';
}

/* The rule of netserver-ng's behind a serv_errno (wire.h's NP_REFUSE_*),
 * NULL for a plain errno. */
static const char *refusal_rule(int32_t e)
{
	switch (e) {
	case NP_ERR_UNKNOWN_REQUEST:
		return "request type not supported by that netserver";
	case NP_REFUSE_SESSIONS:
		return "netserver runs as many sessions as its limits allow, in all or "
		       "from this network; try again later";
	case NP_REFUSE_RATE:
		return "too many new connections from this network for netserver's "
		       "--conn-rate; try again shortly";
	case NP_REFUSE_AUTH:
		return "too many wrong passphrases from this network lately";
	case NP_REFUSE_TIME:
		return "the test is longer than netserver's --max-test-time";
	case NP_REFUSE_MEMORY:
		return "the sizes asked exceed netserver's --max-session-memory";
	case NP_REFUSE_CAPABILITY:
		return "netserver lacks CAP_NET_ADMIN, which an option of this test "
		       "needs (socket priority above 6, a congestion control outside "
		       "the allowed list)";
	case NP_REFUSE_FAMILY:
		return "netserver takes data only in the control connection's address "
		       "family unless started with --data-peer declared";
	case NP_REFUSE_ADDRESS:
		return "the data address is not one netserver listens on";
	case NP_REFUSE_PORT:
		return "the data port is privileged or outside netserver's --data-ports";
	case ENOENT:
		return "netserver's kernel lacks the congestion control asked";
	case NP_REFUSE_EXT_TEST:
		return "that netserver-ng does not have this test (an older version?)";
	default:
		return NULL;
	}
}

/* "netserver refused the test: remote error 87 (Too many users: ...)". */
static int fail_remote(FILE *err, const char *what, int32_t e)
{
	const char *rule = refusal_rule(e);

	if (e == NP_ERR_UNKNOWN_REQUEST)
		return fail(err, "%s: remote error %d (%s)", what, (int)e, rule);
	return fail(err, "%s: remote error %d (%s%s%s)", what, (int)e, strerror(e),
		    rule ? ": " : "", rule ? rule : "");
}

/* Read one reply; 0 or -1 with the message printed. */
static int read_reply(struct link *l, const char *what, int timeout_ms, FILE *err)
{
	size_t got = 0;
	int r = np_ctl_recv(l->ctl, l->msg, timeout_ms, &got);

	if (r == 1) {
		l->replies++;
		return 0;
	}
	if (r == 0)
		return fail(err, "netserver closed the control connection before the %s%s",
			    what, l->replies ? "" : " (does it want a passphrase?)");
	if (errno == ETIMEDOUT)
		return fail(err, "no %s from netserver within %d s", what, timeout_ms / 1000);
	if (errno == EPROTO)
		return fail(err, "partial %s from netserver (%zu of %d bytes)", what, got,
			    NP_MSG_SIZE);
	if (errno == ECONNRESET && !l->replies)
		return fail(err, "netserver reset the control connection before the %s"
			    " (a wrong passphrase?)", what);
	return fail(err, "control connection: %s", strerror(errno));
}

/*
 * A netserver built without omni (netperf's --enable-omni=no) answers
 * DO_OMNI with 998: ask for the same test with its legacy request, on the
 * same connection, and keep to those for the later iterations.
 */
static int legacy_setup(const struct np_report *s, struct link *l,
			const struct np_omni_request *q, struct np_omni_response *rsp,
			FILE *err)
{
	char why[160];

	if (np_legacy_encode_request(q, s->send_size, l->msg, why, sizeof(why)) != 0)
		return fail(err, "netserver knows only legacy requests: %s", why);
	if (np_ctl_send(l->ctl, l->msg, NP_SEND_TIMEOUT_MS) < 0)
		return fail(err, "sending the test request: %s", strerror(errno));
	if (read_reply(l, "test response", NP_RESPONSE_TIMEOUT_MS, err) < 0)
		return -1;
	if (np_legacy_decode_response(l->msg, q, rsp, why, sizeof(why)) != 0)
		return fail(err, "bad response from netserver: %s", why);
	if (rsp->serv_errno != 0)
		return fail_remote(err, "netserver refused the test", rsp->serv_errno);
	l->legacy = np_legacy_type_of(q);
	l->cpu_rate = rsp->cpu_rate;
	l->data_port = rsp->data_port;
	return 0;
}

/* What the response says of netserver: netserver-ng answers with its
 * extension words, netperf 2.7.1's never does. */
static int server_kind(const struct plan *p, struct link *l,
		       const struct np_omni_response *rsp, FILE *err)
{
	if (rsp->ext.present && !l->ours)
		debug(p->o, err, "netserver is netperf-ng (extension version %u, capabilities %#x)",
		      (unsigned)rsp->ext.version, (unsigned)rsp->ext.caps);
	l->ours = rsp->ext.present;
	/* A test of netperf-ng's own: a 2.7.1 netserver has set up the 2.7.1
	 * test that the classic fields name instead. */
	if (p->test->ext_id && (!rsp->ext.present || rsp->ext.test_id != p->test->ext_id))
		return fail(err, "%s needs netserver-ng; the netserver at %s port %u is not",
			    p->test->name, p->rname, (unsigned)p->o->port);
	return 0;
}

/* Results in the format of the request they answer. */
static int decode_results(const struct link *l, const struct np_report *s,
			  const struct np_omni_response *rsp, struct np_omni_results *res,
			  char *why, size_t whylen)
{
	if (l->legacy)
		return np_legacy_decode_results(l->msg, l->legacy, s->send_size, rsp, res,
						why, whylen);
	return np_wire_decode_results(l->msg, res, why, whylen);
}

static int exchange_setup(const struct plan *p, struct link *l, int fd,
			  struct np_report *s, struct np_omni_response *rsp, FILE *err)
{
	struct np_omni_request q;
	char why[160];

	build_request(p, l, fd, s, &q);
	s->lsend_width = (int)q.send_width;
	s->lrecv_width = (int)q.recv_width;
	s->sport = q.netperf_port;
	if (l->legacy)
		return legacy_setup(s, l, &q, rsp, err) < 0 ? -1 : server_kind(p, l, rsp, err);
	np_wire_encode_request(&q, l->msg);
	if (np_ctl_send(l->ctl, l->msg, NP_SEND_TIMEOUT_MS) < 0)
		return fail(err, "sending the test request: %s", strerror(errno));
	if (read_reply(l, "test response", NP_RESPONSE_TIMEOUT_MS, err) < 0)
		return -1;
	if (np_wire_word1(l->msg) == NP_ERR_UNKNOWN_REQUEST) {
		debug(p->o, err, "netserver answered DO_OMNI with 998: legacy requests from now on");
		return legacy_setup(s, l, &q, rsp, err) < 0 ? -1 : server_kind(p, l, rsp, err);
	}
	if (np_wire_type(l->msg) != NP_OMNI_RESPONSE && np_wire_word1(l->msg) != 0)
		return fail_remote(err, "netserver refused the test", np_wire_word1(l->msg));
	if (np_wire_decode_response(l->msg, rsp, why, sizeof(why)) != 0)
		return fail(err, "bad response from netserver: %s", why);
	if (rsp->serv_errno != 0)
		return fail_remote(err, "netserver refused the test", rsp->serv_errno);
	l->cpu_rate = rsp->cpu_rate;
	l->data_port = rsp->data_port;
	return server_kind(p, l, rsp, err);
}

/* Ctrl-C during a data phase ends the test early; it is then reported as
 * usual.  A second one kills netperf (SA_RESETHAND).  The handler only
 * sets a flag and makes a pipe readable, which the run's watch reads. */
static volatile sig_atomic_t interrupted;
static int sigint_pipe[2] = { -1, -1 };

static void on_sigint(int sig)
{
	int saved = errno;

	(void)sig;
	interrupted = 1;
	if (write(sigint_pipe[1], "i", 1) < 0)
		errno = saved;
	errno = saved;
}

static int sigint_pipe_open(void)
{
	if (sigint_pipe[0] >= 0)
		return 0;
	if (pipe(sigint_pipe) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)fcntl(sigint_pipe[i], F_SETFD, FD_CLOEXEC);
		(void)fcntl(sigint_pipe[i], F_SETFL, O_NONBLOCK);
	}
	return 0;
}

static void catch_sigint(bool on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on ? on_sigint : SIG_DFL;
	sa.sa_flags = on ? SA_RESETHAND : 0;
	sigaction(SIGINT, &sa, NULL);
}

/*
 * A data buffer placed at -a alignment plus -o offset, netperf's
 * pattern in it, then as much of the -F file as it gives (a short file
 * leaves the pattern after it, as in netperf).  *base is what to free.
 * The file is open non-blocking: a FIFO with no writer cannot hang us.
 */
static char *data_buffer(size_t len, int align, int offset, int fill_fd, void **base,
			 FILE *err)
{
	const size_t a = align > 0 ? (size_t)align : 1;
	char *b = malloc(len + a + (size_t)offset + 1), *p;
	size_t got = 0;

	*base = b;
	if (!b)
		return NULL;
	p = b + (a - (uintptr_t)b % a) % a + offset;
	np_run_fill(p, len);
	/* Every iteration sends the file's start (a pipe cannot rewind). */
	if (fill_fd >= 0)
		(void)lseek(fill_fd, 0, SEEK_SET);
	while (fill_fd >= 0 && got < len) {
		ssize_t n = read(fill_fd, p + got, len - got);

		if (n > 0) {
			got += (size_t)n;
		} else if (n < 0 && errno == EINTR) {
			continue;
		} else {
			if (n < 0)
				fail(err, "-F: reading the fill file: %s (the pattern fills the rest)",
				     strerror(errno));
			break;
		}
	}
	return p;
}

/* What netperf shows for a side it did not measure. */
static const struct np_report_cpu unmeasured_cpu = { .peak_util = -1, .peak_id = -1 };

static void local_cpu(const struct link *l, int ncpus, bool started, struct np_report *s)
{
	struct np_cpu_util u;

	s->lcpu = -1.0;
	s->lcpu_method = 'U';
	s->lcpu_more = unmeasured_cpu;
	if (!started || np_cpu_read(l->cpu1) < 0)
		return;
	np_cpu_compute(l->cpu0, l->cpu1, &u);
	s->lcpu = u.util;
	s->lcpu_method = NP_CPU_METHOD_LETTER;
	s->lcpu_more.count = ncpus > 0 ? ncpus : np_cpu_count();
	s->lcpu_more = (struct np_report_cpu){ u.user, u.system, u.iowait, u.irq, u.softirq,
					   u.peak_util, u.peak_id, s->lcpu_more.count };
}

/* Our data socket at the end of the test (TCP_CRR's is gone by then). */
static void local_facts(const struct np_test *t, int fd, struct np_report *s)
{
	s->lss_end = s->lss;
	s->lsr_end = s->lsr;
	s->mss = s->ltransport_retrans = -1;
	if (fd < 0)
		return;
	np_sock_bufsizes(fd, &s->lss_end, &s->lsr_end);
	if (t->sock_type == SOCK_STREAM) {
		s->mss = np_sock_mss(fd);
		s->ltransport_retrans = np_sock_retrans(fd);
		np_sock_cong(fd, s->lcong, sizeof(s->lcong));
	}
}

static void remote_facts(const struct np_opts *o, const struct np_omni_response *rsp,
			 const struct np_omni_results *res, struct np_report *s)
{
	s->remote.bytes_recv = res->bytes_received;
	s->remote.recv_calls = res->recv_calls;
	s->remote.bytes_sent = res->bytes_sent;
	s->remote.send_calls = res->send_calls;
	s->remote.trans = res->trans_received;
	s->remote.failed_sends = res->failed_sends;
	s->rss_end = res->send_buf_size;
	s->rsr_end = res->recv_buf_size;
	s->rtransport_retrans = res->transport_retrans;
	snprintf(s->rcong, sizeof(s->rcong), "%s", res->cong_control);
	s->rcpu = -1.0;
	s->rcpu_method = 'U';
	s->rcpu_more = unmeasured_cpu;
	/* Only a response that set MEASURE_CPU makes the figures real. */
	if (o->remote_cpu && (rsp->flags & NP_F_MEASURE_CPU) && isfinite(res->cpu_util)) {
		s->rcpu = res->cpu_util;
		s->rcpu_method = cpu_method_letter(res->cpu_method);
		s->rcpu_more.count = res->num_cpus > 0 ? (int)res->num_cpus : 1;
		s->rcpu_more = (struct np_report_cpu){ res->cpu_user, res->cpu_system,
						   res->cpu_iowait, res->cpu_irq,
						   res->cpu_swintr, res->peak_cpu_util,
						   res->peak_cpu_id, s->rcpu_more.count };
	}
}

static void pause_s(int seconds)
{
	struct timespec ts = { .tv_sec = seconds, .tv_nsec = 0 };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR && !interrupted)
		;
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

static void no_control_setup(const struct plan *p, struct link *l, int fd,
			     struct np_report *s, struct np_omni_response *rsp)
{
	struct np_omni_request q;

	build_request(p, l, fd, s, &q);   /* for the sizes it settles */
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
static void no_control_results(struct np_report *s)
{
	memset(&s->remote, 0, sizeof(s->remote));
	s->remote.bytes_recv = s->local.bytes_sent;
	s->remote.trans = s->local.trans;
	s->rss_end = s->rsr_end = s->rss = s->rsr = -1;
	s->rtransport_retrans = -1;
	s->rcong[0] = '\0';
	s->rcpu = -1.0;
	s->rcpu_method = 'U';
	s->rcpu_more = unmeasured_cpu;
	s->rtos = s->rprio = -1;
}

static int iteration(const struct plan *p, struct link *l, struct np_report *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	struct np_omni_response rsp;
	struct np_omni_results res;
	struct np_run run;
	struct np_watch watch;
	char why[160];
	int rc = -1, r;
	bool cpu_ok;
	double t0;
	struct interim im = { 0 };
	void *sbase = NULL, *rbase = NULL;

	memset(s, 0, sizeof(*s));
	memset(&run, 0, sizeof(run));
	run.conn = -1;
	run.fd = np_sock_open(&p->so, why, sizeof(why));
	if (run.fd < 0)
		return fail(err, "data socket: %s", why);
	/* TCP_CRR binds every connection's socket there, with -- -p from
	 * the port range. */
	if (t->connect_each) {
		run.local = p->local.ss;
		run.local_len = p->local.len;
		run.port_min = o->crr_port_min;
		run.port_max = o->crr_port_max;
	}
	if (p->bind_local && (t->connect_each ? np_run_bind_local(&run, run.fd)
			      : bind(run.fd, (const struct sockaddr *)&p->local.ss, p->local.len)) < 0) {
		fail(err, "bind data socket to %s port %u: %s", p->laddr,
		     (unsigned)(run.port_min ? run.port_next - 1 : o->data_lport), strerror(errno));
		goto out;
	}
	np_sock_bufsizes(run.fd, &s->lss, &s->lsr);
	if (o->no_control)
		no_control_setup(p, l, run.fd, s, &rsp);
	else if (exchange_setup(p, l, run.fd, s, &rsp, err) < 0)
		goto out;
	debug(o, err, "netserver's data socket: port %u, send size %d, receive size %d",
	      (unsigned)rsp.data_port, (int)rsp.send_size, (int)rsp.receive_size);
	s->rss = rsp.send_buf_size;
	s->rsr = rsp.recv_buf_size;
	s->rsend_size = rsp.send_size;
	s->rrecv_size = rsp.receive_size;
	s->rsend_width = rsp.send_width;
	s->rrecv_width = rsp.recv_width;
	s->rnodelay = (rsp.flags & NP_F_NODELAY) != 0;
	s->dport = rsp.data_port;

	run.test = t;
	run.peer = p->remote.ss;
	run.peer_len = p->remote.len;
	np_addr_set_port((struct sockaddr *)&run.peer, (uint16_t)rsp.data_port);
	run.sopts = &p->so;
	run.send_size = s->send_size;
	run.recv_size = s->recv_size > 0 ? s->recv_size : 1;
	run.req_size = o->req_size;
	/* An echo service answers with the request itself. */
	run.rsp_size = o->no_control ? o->req_size : o->rsp_size;
	run.burst = t->connect_each ? 0 : o->burst;
	run.rr_timeout = o->rr_timeout;
	run.file_fd = l->file_fd;
	run.legacy = l->legacy != 0;
	/* One byte more than any expected datagram: a wrong-sized response
	 * must show as one. */
	run.rbuf_len = (size_t)(t->sock_type == SOCK_DGRAM ? NP_UDP_MAX + 1
				: run.recv_size > run.rsp_size ? run.recv_size : run.rsp_size);
	run.sbuf = data_buffer((size_t)(t->rr ? o->req_size : s->send_size), o->lalign[0],
			       o->loffset[0], l->fill_fd, &sbase, err);
	run.rbuf = data_buffer(run.rbuf_len, o->lalign[1], o->loffset[1], -1, &rbase, err);
	if (!run.sbuf || !run.rbuf) {
		fail(err, "out of memory for data buffers");
		goto out;
	}
	run.timed = o->length > 0;
	run.count = o->length < 0 ? -o->length : 0;
	run.watch = &watch;
	run.ev = &watch.ev;
	run.wake_s = NP_WAKE_MS / 1000.0;
	run.hist = t->rr ? l->hist : NULL;
	run.sent_at = l->sent_at;
	run.ring_size = (unsigned)run.burst + 1;
	if (o->interim > 0) {
		im = (struct interim){ l, 0, 0 };
		run.on_tick = interim_report;
		run.tick_ctx = &im;
	}

	/* -s: the set-up is done; netperf waits before the data flows. */
	if (o->wait_s > 0)
		pause_s(o->wait_s);
	/* --flows: every flow is set up; they start together. */
	if (l->gate && !np_gate_pass(l->gate))
		goto out;
	cpu_ok = o->local_cpu && np_cpu_read(l->cpu0) == 0;
	if (!l->gate)
		catch_sigint(true);
	/* The watch also ends the run if netserver closes the control
	 * connection under it. */
	if (np_watch_start(&watch, o->length > 0 ? (double)o->length : 0,
			   o->interim > 0 ? o->interim : 0, l->ctl, sigint_pipe[0]) < 0) {
		if (!l->gate)
			catch_sigint(false);
		fail(err, "starting the run's watch: %s", strerror(errno));
		goto out;
	}
	t0 = im.since = np_now();
	if (l->gate)
		debug(o, err, "flow %d: data phase starts at %.6f s", l->index + 1, t0);
	r = t->client_run(&run);
	s->elapsed = np_now() - t0;
	np_watch_end(&watch);
	if (!l->gate)
		catch_sigint(false);
	if (o->interim > 0 && r == 0)
		interim_figure(&run, true);   /* the last, shorter interval */
	local_cpu(l, o->ncpus, cpu_ok, s);
	s->local = run.c;
	local_facts(t, run.fd, s);
	s->ltos = o->ltos >= 0 && run.fd >= 0 ? np_sock_tos(run.fd, p->family) : -1;
	/* flent runs netperf with DUMP_TCP_INFO set and reads these lines. */
	if (t->sock_type == SOCK_STREAM && run.fd >= 0 && getenv("DUMP_TCP_INFO"))
		np_sock_dump_tcp_info(run.fd, err);
	if (r < 0) {
		fail(err, "data connection to %s port %u: %s: %s", p->raddr,
		     (unsigned)rsp.data_port, run.err_what ? run.err_what : "?",
		     strerror(run.err ? run.err : EIO));
		goto out;
	}

	if (o->no_control) {
		no_control_results(s);
		np_metrics_derive(p->test, p->unit, p->o->burst, s);
		rc = 0;
		goto out;
	}
	/* TCP_CRR ends on netserver's padded timer, so allow for it. */
	if (read_reply(l, "test results", NP_RESULTS_GRACE_MS + 4000, err) < 0)
		goto out;
	if (decode_results(l, s, &rsp, &res, why, sizeof(why)) != 0) {
		fail(err, "bad results from netserver: %s", why);
		goto out;
	}
	if (res.serv_errno != 0) {
		fail_remote(err, "netserver's side of the test failed", res.serv_errno);
		goto out;
	}
	remote_facts(o, &rsp, &res, s);
	s->rtos = rsp.socket_tos;
	s->rprio = rsp.socket_prio;
	np_metrics_derive(p->test, p->unit, p->o->burst, s);
	rc = 0;
out:
	if (run.fd >= 0)
		close(run.fd);
	free(sbase);
	free(rbase);
	return rc;
}

/* TCP_SENDFILE sends from a file: the -F file when it is a regular
 * one, else an unlinked temporary file of netperf's pattern. */
static int open_sendfile(const struct np_opts *o, struct link *l, FILE *err)
{
	static const size_t size = 1 << 20;
	const char *tmpdir = getenv("TMPDIR");
	char tpath[512];
	struct stat st;
	char *buf;
	int fd;

	if (o->lfill) {
		fd = open(o->lfill, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
			l->file_fd = fd;
			return 0;
		}
		if (fd >= 0)
			close(fd);
		return fail(err, "TCP_SENDFILE: -F %s is not a regular file with data", o->lfill);
	}
	snprintf(tpath, sizeof(tpath), "%s/netperf-ng-sendfile.XXXXXX",
		 tmpdir && tmpdir[0] ? tmpdir : "/tmp");
	fd = mkstemp(tpath);
	if (fd < 0)
		return fail(err, "TCP_SENDFILE: a file to send from: %s", strerror(errno));
	unlink(tpath);
	buf = malloc(size);
	if (!buf) {
		close(fd);
		return fail(err, "out of memory");
	}
	np_run_fill(buf, size);
	if (write(fd, buf, size) != (ssize_t)size) {
		free(buf);
		close(fd);
		return fail(err, "TCP_SENDFILE: writing its file: %s", strerror(errno));
	}
	free(buf);
	l->file_fd = fd;
	return 0;
}

/* netperf's goodbye: half-close, let netserver close, then close. */
static void goodbye(int ctl)
{
	uint8_t scratch[NP_MSG_SIZE];

	if (shutdown(ctl, SHUT_WR) == 0)
		(void)np_ctl_recv(ctl, scratch, 2000, NULL);
	close(ctl);
}

/* What the report knows before the test: the banner's part. */
static void fill_plan(struct np_report *r, const struct plan *p)
{
	const struct np_opts *o = p->o;

	r->test = p->test;
	r->unit = p->unit;
	r->verbosity = o->verbosity;
	r->headers = o->headers;
	r->brand = o->brand;
	r->lname = p->lname;
	r->laddr = p->laddr;
	r->lport = o->data_lport;
	r->lfamily = p->family;
	r->rname = p->rname;
	r->raddr = p->raddr;
	r->rport = o->data_rport;
	r->rfamily = p->family;
	r->title = p->title[0] ? p->title : NULL;
	r->no_control = o->no_control;
	r->nodelay = o->nodelay;
	r->cork = o->cork;
	r->lprio = o->lprio;
	r->lfill = o->lfill;
	r->rfill = o->rfill;
	memcpy(r->lalign, o->lalign, sizeof(r->lalign));
	memcpy(r->ralign, o->ralign, sizeof(r->ralign));
	memcpy(r->loffset, o->loffset, sizeof(r->loffset));
	memcpy(r->roffset, o->roffset, sizeof(r->roffset));
	r->cpu_bind = o->lcpu_bind >= 0 || o->rcpu_bind >= 0;
	r->burst = o->burst;
	r->lcpu_bind = o->lcpu_bind;
	r->rcpu_bind = o->rcpu_bind;
	r->req_size = o->req_size;
	r->rsp_size = o->rsp_size;
	r->cpu = o->local_cpu || o->remote_cpu;
	r->selection = o->selecting ? &o->selection : NULL;
	r->lss_req = o->lsndbuf;
	r->lsr_req = o->lrcvbuf;
	r->rss_req = o->rsndbuf;
	r->rsr_req = o->rrcvbuf;
	r->confidence = o->confidence;
	r->conf_level = o->conf_level;
	r->conf_width = o->conf_width;
	r->conf_result_only = o->result_only;
}

/* "netperf -H host ...", as typed (what COMMAND_LINE shows). */
static void join_args(const struct np_opts *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < o->argc && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", o->argv[i]);
}

void np_client_uuid(char out[37])
{
	uint8_t b[16];
	ssize_t n = -1;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	out[0] = '\0';
	if (fd >= 0) {
		n = read(fd, b, sizeof(b));
		close(fd);
	}
	if (n != (ssize_t)sizeof(b))
		return;
	b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
	b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
		 b[12], b[13], b[14], b[15]);
}

/* A link's own resources: -F's file, TCP_SENDFILE's, -j's histogram,
 * -c's snapshots. */
static int link_prepare(const struct np_opts *o, struct link *l, FILE *err)
{
	if (o->lfill) {
		l->fill_fd = open(o->lfill, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (l->fill_fd < 0)
			return fail(err, "-F %s: %s", o->lfill, strerror(errno));
	}
	if (o->test->sendfile && open_sendfile(o, l, err) < 0)
		return -1;
	if (o->latency) {
		l->hist = malloc(sizeof(*l->hist));
		l->sent_at = calloc((size_t)o->burst + 1, sizeof(*l->sent_at));
		if (!l->hist || !l->sent_at)
			return fail(err, "out of memory for the latency histogram");
		np_hist_init(l->hist);
	}
	if (o->local_cpu) {
		l->cpu0 = malloc(sizeof(*l->cpu0));
		l->cpu1 = malloc(sizeof(*l->cpu1));
		if (!l->cpu0 || !l->cpu1)
			return fail(err, "out of memory for CPU snapshots");
	}
	return 0;
}

static void link_release(struct link *l)
{
	if (l->ctl >= 0)
		close(l->ctl);
	l->ctl = -1;
	free(l->cpu0);
	free(l->cpu1);
	free(l->hist);
	free(l->sent_at);
	if (l->fill_fd >= 0)
		close(l->fill_fd);
	if (l->file_fd >= 0)
		close(l->file_fd);
}

/* The control connection (and -Z's passphrase), or -N's data peer. */
static int link_connect(const struct np_opts *o, const char *host, struct link *l,
			struct np_addr *peer, FILE *err)
{
	char why[512];

	l->data_port = o->data_rport;
	if (o->no_control)
		return resolve_one(host, o->family, o->test->sock_type, false, peer, err, "host");
	l->ctl = np_ctl_connect(host, o->port, o->family, o->local_host, o->local_port,
				NP_CONNECT_TIMEOUT_MS, peer, why, sizeof(why));
	if (l->ctl < 0)
		return fail(err, "%s", why);
	debug(o, err, "control connection to %s port %u", host, (unsigned)o->port);
	if (o->passphrase) {
		/* netserver -Z reads it first and answers nothing. */
		np_wire_encode_passphrase(o->passphrase, l->msg);
		if (np_ctl_send(l->ctl, l->msg, NP_SEND_TIMEOUT_MS) < 0)
			return fail(err, "sending the passphrase: %s", strerror(errno));
	}
	return 0;
}

/* One flow of --flows, in its own thread. */
struct flow_job {
	const struct plan *p;
	struct link *l;
	struct np_report *s;
	FILE *err;
	int rc;
};

static void *flow_main(void *arg)
{
	struct flow_job *j = arg;

	j->rc = -1;
	if (j->l->lcpu >= 0 && np_cpu_bind(j->l->lcpu) < 0)
		fail(j->err, "--local-cpus: cannot run flow %d on CPU %d: %s", j->l->index + 1,
		     j->l->lcpu, strerror(errno));
	else
		j->rc = iteration(j->p, j->l, j->s, j->err);
	if (j->rc < 0)
		np_gate_break(j->l->gate);
	return NULL;
}

/* One iteration of n flows; their reports in fs. */
static int flows_iteration(const struct plan *p, struct link *links, struct np_report *fs,
			   int n, FILE *err)
{
	struct flow_job *jobs = calloc((size_t)n, sizeof(*jobs));
	struct np_gate gate;
	int rc = 0;

	if (!jobs)
		return fail(err, "out of memory for %d flows", n);
	np_gate_init(&gate, n);
	for (int i = 0; i < n; i++) {
		links[i].gate = &gate;
		jobs[i] = (struct flow_job){ p, &links[i], &fs[i], err, -1 };
	}
	catch_sigint(true);
	if (np_flows_spawn(flow_main, jobs, sizeof(*jobs), n, &gate) < 0)
		rc = fail(err, "starting %d flows: %s", n, strerror(errno));
	catch_sigint(false);
	for (int i = 0; i < n; i++) {
		links[i].gate = NULL;
		if (jobs[i].rc < 0)
			rc = -1;
	}
	np_gate_destroy(&gate);
	free(jobs);
	return rc;
}

/* The CPU a flow runs on: from the --*-cpus list in turn, else -T's. */
static int flow_cpu(const int *list, int n, int index, int bind)
{
	return n > 0 ? list[index % n] : bind;
}

int np_client_run(const struct np_opts *o, FILE *out, FILE *err)
{
	struct utsname un;
	char cmdline[4096], uuid[37];
	const char *host = o->host ? o->host : o->family == AF_INET6 ? "::1" : "localhost";
	const int n = o->flows > 1 ? o->flows : 1;
	const bool threaded = o->flows > 1 || o->nlcpus > 0;
	struct np_addr peer, flow_peer;
	struct link *links = NULL;
	struct np_report *fs = NULL;
	struct np_hist *lat = NULL;
	struct plan p;
	struct np_report s, head;
	struct np_tally t;
	const struct np_confidence_rule rule = { o->confidence, o->conf_level, o->conf_width,
						  o->result_only };
	int i, rc = 1;

	if (o->test->command)
		return o->test->command(o, out, err);
	if (sigint_pipe_open() < 0)
		return fail(err, "pipe: %s", strerror(errno)), 1;
	links = calloc((size_t)n, sizeof(*links));
	fs = calloc((size_t)n, sizeof(*fs));
	if (!links || !fs) {
		fail(err, "out of memory for %d flows", n);
		goto out;
	}
	for (i = 0; i < n; i++) {
		links[i] = (struct link){ .ctl = -1, .fill_fd = -1, .file_fd = -1, .index = i };
		links[i].lcpu = flow_cpu(o->lcpus, o->nlcpus, i, -1);
		links[i].rcpu = flow_cpu(o->rcpus, o->nrcpus, i, o->rcpu_bind);
	}
	for (i = 0; i < n; i++)
		if (link_prepare(o, &links[i], err) < 0)
			goto out;
	/* -T: the whole process; --local-cpus: each flow's thread. */
	if (o->lcpu_bind >= 0 && np_cpu_bind(o->lcpu_bind) < 0) {
		fail(err, "-T: cannot run on CPU %d: %s", o->lcpu_bind, strerror(errno));
		goto out;
	}
	for (i = 0; i < n; i++)
		if (link_connect(o, host, &links[i], i ? &flow_peer : &peer, err) < 0)
			goto out;
	if (make_plan(&p, o, host, &peer, err) < 0)
		goto out;
	/* netperf prints its banner before the test: interim figures and
	 * any error come after it. */
	memset(&head, 0, sizeof(head));
	fill_plan(&head, &p);
	np_report_begin(out, &head);
	for (i = 0; i < n; i++) {
		links[i].head = &head;
		links[i].out = out;
	}
	memset(&t, 0, sizeof(t));
	for (i = 1; i <= o->iter_max; i++) {
		if (!threaded) {
			if (iteration(&p, &links[0], &s, err) < 0)
				goto out;
		} else {
			if (flows_iteration(&p, links, fs, n, err) < 0)
				goto out;
			np_metrics_sum(fs, n, p.unit, &s);
		}
		np_tally_add(&t, &rule, &s);
		if (interrupted || (o->confidence && i >= o->iter_min && t.met))
			break;
	}
	for (i = 0; i < n; i++) {
		if (links[i].ctl >= 0)
			goodbye(links[i].ctl);
		links[i].ctl = -1;
	}
	if (s.local.timeouts)
		fail(err, "%llu of %llu requests timed out after %g s (-e) and were sent again",
		     (unsigned long long)s.local.timeouts,
		     (unsigned long long)(s.local.send_calls), o->rr_timeout);
	fill_plan(&s, &p);
	np_tally_fill(&t, &rule, &s);
	join_args(o, cmdline, sizeof(cmdline));
	if (o->uuid)
		snprintf(uuid, sizeof(uuid), "%s", o->uuid);
	else
		np_client_uuid(uuid);
	/* -j: the round trips of every flow. */
	lat = links[0].hist;
	for (i = 1; lat && i < n; i++)
		np_hist_merge(lat, links[i].hist);
	if (lat && lat->count) {
		s.latency = true;
		s.lat_min = (int)(lat->min / 1000);
		s.lat_max = (int)(lat->max / 1000);
		s.lat_p50 = (int)(np_hist_percentile(lat, 50) / 1000);
		s.lat_p90 = (int)(np_hist_percentile(lat, 90) / 1000);
		s.lat_p99 = (int)(np_hist_percentile(lat, 99) / 1000);
		s.lat_mean = np_hist_mean_us(lat);
		s.lat_stddev = np_hist_stddev_us(lat);
	}
	s.command_line = cmdline;
	s.uuid = uuid;
	if (uname(&un) == 0) {
		s.sysname = un.sysname;
		s.release = un.release;
		s.version = un.version;
		s.machine = un.machine;
	}
	if (o->flows > 1) {
		/* Each flow's line is its last iteration's. */
		for (i = 0; i < n; i++) {
			fill_plan(&fs[i], &p);
			fs[i].command_line = s.command_line;
			fs[i].uuid = s.uuid;
			fs[i].sysname = s.sysname;
			fs[i].release = s.release;
			fs[i].version = s.version;
			fs[i].machine = s.machine;
			fs[i].iterations = 1;
			fs[i].conf_level_used = s.conf_level_used;
		}
		np_report_flows_body(out, &s, fs, n);
	} else {
		np_report_body(out, &s);
	}
	rc = 0;
	if (ferror(out) || fflush(out) == EOF) {
		fail(err, "writing the report: %s", strerror(errno ? errno : EIO));
		rc = 1;
	}
out:
	for (i = 0; links && i < n; i++)
		link_release(&links[i]);
	free(links);
	free(fs);
	return rc;
}
