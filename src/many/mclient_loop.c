/*
 * mclient_loop.c - a thread of netperf's many-flows run (mclient_int.h):
 * its event loop over its share of the flows, at the set-up (connect,
 * hello) and in a data phase (each flow's reads and writes, TCP_CRR's
 * connection a transaction, UDP_RR's lost datagrams).  The data path:
 * no allocation, no lock, no stdio, a clock read a wait (and one a
 * transaction with -j).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "base/bindport.h"
#include "base/clock.h"
#include "base/kcall.h"
#include "many/mclient_int.h"
#include "run/run.h"

int np_mclient_fail(struct mthread *t, const char *fmt, ...)
{
	va_list ap;

	if (t->rc == 0) {
		va_start(ap, fmt);
		vsnprintf(t->why, sizeof(t->why), fmt, ap);
		va_end(ap);
	}
	t->rc = -1;
	atomic_store(&t->mc->stop, true);
	return -1;
}

/* ---- Sockets ----------------------------------------------------------- */

/* Flow i's socket, connecting (TCP) or connected (UDP); 0 or -1. */
static int open_flow(struct mthread *t, struct np_mconn *c)
{
	struct np_many_client *mc = t->mc;
	const struct np_many_plan *p = &mc->p;
	const int type = np_many_is_udp(p->kind) ? SOCK_DGRAM : SOCK_STREAM;
	int fd = np_mconn_socket(p->server.ss.ss_family, type, p->sndbuf, p->rcvbuf, p->nodelay);

	if (fd < 0)
		return np_mclient_fail(t, "flow %u: socket: %s", c->flow + 1, strerror(errno));
	if (p->bind_local) {
		(void)np_bind_port_late(fd);
		if (bind(fd, (const struct sockaddr *)&p->local.ss, p->local.len) < 0) {
			close(fd);
			return np_mclient_fail(t, "flow %u: bind to the local data address: %s", c->flow + 1,
				    strerror(errno));
		}
	}
	/* The report's socket sizes: flow 1's as set up, before the
	 * connection's own tuning (netperf's figure). */
	if (c->flow == 0 && mc->lss == 0)
		np_sock_bufsizes(fd, &mc->lss, &mc->lsr);
	if (connect(fd, mc->to[c->flow % (uint32_t)p->nsocks], mc->to_len) < 0 &&
	    errno != EINPROGRESS) {
		int e = errno;

		close(fd);
		return np_mclient_fail(t, "flow %u: connect to netserver's data port %u: %s", c->flow + 1,
			    p->ports[c->flow % (uint32_t)p->nsocks], strerror(e));
	}
	c->fd = fd;
	c->in_part = 0;
	return 0;
}

/* Closes a flow's socket: TCP_CRR's with a reset when asked. */
static void close_flow(struct mthread *t, struct np_mconn *c)
{
	if (c->fd < 0)
		return;
	if (c->mask)
		(void)np_evloop_del(t->loop, c->fd);
	if (t->mc->p.rst_close) {
		struct linger l = { 1, 0 };

		(void)setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	}
	close(c->fd);
	c->fd = -1;
	c->mask = 0;
}

/* The loop watches c for mask (0: not at all). */
static int watch(struct mthread *t, struct np_mconn *c, unsigned mask)
{
	if (np_mconn_watch(t->loop, c, mask) < 0)
		return np_mclient_fail(t, "flow %u: event loop: %s", c->flow + 1, strerror(errno));
	return 0;
}

/* The hello on a connected socket, and the first then bytes queued
 * (TCP_CRR's request) in the same segment: one send, so that no Nagle
 * wait comes between them.  A fresh socket takes it whole, or the rest
 * stays queued. */
static int send_hello(struct mthread *t, struct np_mconn *c, bool with_data)
{
	uint8_t h[NP_MANY_HELLO_LEN];
	struct iovec iov[2] = { { h, sizeof(h) }, { t->mc->zeros, 0 } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	ssize_t n;

	if (with_data && c->out_left > 0 && !c->dgram)
		iov[1].iov_len = c->out_left < t->buflen ? (size_t)c->out_left : t->buflen;
	np_many_hello(t->mc->p.token, c->flow, h);
	n = sendmsg(c->fd, &m, MSG_NOSIGNAL);
	if (n < (ssize_t)sizeof(h))
		return np_mclient_fail(t, "flow %u: sending its hello: %s", c->flow + 1,
			    n < 0 ? strerror(errno) : "a short send");
	c->out_left -= (uint64_t)n - sizeof(h);
	return 0;
}

/* A TCP connect that finished: its error, or 0. */
static int connect_result(int fd)
{
	int err = 0;
	socklen_t len = sizeof(err);

	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
		return errno;
	return err;
}

/* ---- Set-up: connect every flow, send its hello --------------------- */

void *np_mclient_setup_loop(struct mthread *t)
{
	struct np_many_client *mc = t->mc;
	const struct np_many_plan *p = &mc->p;
	const uint32_t T = (uint32_t)p->threads, N = (uint32_t)p->flows;
	const bool udp = np_many_is_udp(p->kind);
	const uint64_t end = np_run_clock_ns() + (uint64_t)(p->setup_timeout_s * 1e9);
	uint32_t next = (uint32_t)t->index, pending = 0, left = 0;
	uint64_t resend = 0;

	for (uint32_t i = (uint32_t)t->index; i < N; i += T)
		left++;
	while (left > 0 && t->rc == 0 && !atomic_load(&mc->stop)) {
		uint64_t now;
		int n;

		/* Open more while few are in flight. */
		for (; next < N && pending < CONNECTS_IN_FLIGHT; next += T) {
			struct np_mconn *c = &mc->c[next];

			if (open_flow(t, c) < 0)
				break;
			if (udp) {
				if (send_hello(t, c, false) < 0 || watch(t, c, NP_EV_READ) < 0)
					break;
				c->state = ST_HELLO;
			} else {
				c->state = ST_CONNECTING;
				if (watch(t, c, NP_EV_WRITE) < 0)
					break;
			}
			pending++;
		}
		if (t->rc)
			break;
		now = np_run_clock_ns();
		if (now >= end)
			return np_mclient_fail(t, "set-up: %u of this thread's flows did not join within %g s",
				    left, p->setup_timeout_s), NULL;
		n = np_evloop_wait(t->loop, t->ev, EVENTS, 100);
		if (n < 0) {
			np_mclient_fail(t, "event loop: %s", strerror(errno));
			break;
		}
		for (int k = 0; k < n; k++) {
			struct np_mconn *c = t->ev[k].data;

			if (c == NULL)         /* Ctrl-C's pipe */
				return np_mclient_fail(t, "interrupted"), NULL;
			if (c->state == ST_CONNECTING) {
				int e = connect_result(c->fd);

				if (e)
					return np_mclient_fail(t, "flow %u: connect to netserver's data port %u: %s",
						    c->flow + 1, p->ports[c->flow % (uint32_t)p->nsocks],
						    strerror(e)), NULL;
				if (send_hello(t, c, false) < 0 || watch(t, c, 0) < 0)
					return NULL;
			} else if (c->state == ST_HELLO) {
				uint8_t h[NP_MANY_HELLO_LEN + 1];
				ssize_t r = np_recv(c->fd, h, sizeof(h), 0);

				if (r < 0 && (errno == EAGAIN || errno == EINTR))
					continue;
				if (r < 0)
					return np_mclient_fail(t, "flow %u: netserver's data port %u: %s", c->flow + 1,
						    p->ports[c->flow % (uint32_t)p->nsocks],
						    strerror(errno)), NULL;
				if (r != NP_MANY_HELLO_LEN ||
				    np_many_hello_check(h, p->token, N) != (int64_t)c->flow)
					continue;
				if (watch(t, c, 0) < 0)
					return NULL;
			} else {
				continue;
			}
			c->state = ST_READY;
			pending--;
			left--;
		}
		/* A UDP hello (or its answer) lost: again. */
		now = np_run_clock_ns();
		if (udp && now >= resend) {
			for (uint32_t i = (uint32_t)t->index; resend && i < next; i += T)
				if (mc->c[i].state == ST_HELLO && send_hello(t, &mc->c[i], false) < 0)
					return NULL;
			resend = now + HELLO_RESEND_NS;
		}
	}
	/* UDP: the answers to hellos sent twice, read away before the
	 * first request (a later one is not a response's size, or is
	 * taken for a response to nothing in flight). */
	for (uint32_t i = (uint32_t)t->index; udp && t->rc == 0 && i < N; i += T)
		while (np_recv(mc->c[i].fd, t->buf, t->buflen, MSG_DONTWAIT) > 0)
			;
	return NULL;
}

/* ---- The data phase ------------------------------------------------- */

/* -j: a request queued at now (the flow's ring of burst send times). */
static inline void lat_sent(struct np_many_client *mc, uint32_t flow, uint64_t now)
{
	uint32_t b = (uint32_t)mc->p.burst, h = mc->ring_head[flow];

	mc->ring[(size_t)flow * b + h % b] = now;
	mc->ring_head[flow] = h + 1;
}

/* -j: k responses came at now; the oldest requests were theirs. */
static inline void lat_done(struct mthread *t, uint32_t flow, int k, uint64_t now)
{
	struct np_many_client *mc = t->mc;
	const uint32_t b = (uint32_t)mc->p.burst;

	for (int i = 0; i < k; i++) {
		/* In flight: burst of them, the oldest burst back. */
		uint32_t oldest = mc->ring_head[flow] - b;
		uint64_t at = mc->ring[(size_t)flow * b + oldest % b];

		if (at && now >= at)
			np_hist_add(t->lat, now - at);
		lat_sent(mc, flow, now);
	}
}

/* After a flow's I/O: watch for room only while it has bytes to send. */
static int rewatch(struct mthread *t, struct np_mconn *c)
{
	unsigned mask = c->mode == NP_MC_SEND ? NP_EV_WRITE : NP_EV_READ;

	if (c->mode == NP_MC_PINGPONG && c->out_left > 0)
		mask |= NP_EV_WRITE;
	return watch(t, c, mask);
}

/* TCP_CRR: the next connection of a flow. */
static int crr_connect(struct mthread *t, struct np_mconn *c)
{
	if (t->mc->p.latency)
		t->mc->mark[c->flow] = np_run_clock_ns();
	c->out_left = 0;
	if (open_flow(t, c) < 0)
		return -1;
	c->state = ST_CONNECTING;
	return watch(t, c, NP_EV_WRITE);
}

/* TCP_CRR: one flow's event. */
static int crr_event(struct mthread *t, struct np_mconn *c, unsigned ev)
{
	const struct np_many_plan *p = &t->mc->p;

	if (c->state == ST_CONNECTING) {
		int e = connect_result(c->fd);

		if (e)
			return np_mclient_fail(t, "flow %u: connect to netserver's data port %u: %s",
				    c->flow + 1, p->ports[c->flow % (uint32_t)p->nsocks], strerror(e));
		if (p->latency)
			np_hist_add(t->conn, np_run_clock_ns() - t->mc->mark[c->flow]);
		c->out_left = (uint64_t)p->req_size;
		if (send_hello(t, c, true) < 0)
			return -1;
		c->state = ST_READY;
		return rewatch(t, c);
	}
	if (ev & (NP_EV_READ | NP_EV_ERROR)) {
		uint64_t before = c->units;
		int k = np_mconn_read(c, t->buf, t->buflen);

		if (k < 0)
			return np_mclient_fail(t, "flow %u: netserver %s", c->flow + 1,
				    errno ? strerror(errno) : "closed the connection");
		if (c->units > before) {
			/* The response: this transaction is over. */
			if (p->latency)
				np_hist_add(t->lat, np_run_clock_ns() - t->mc->mark[c->flow]);
			close_flow(t, c);
			if (t->mc->count && c->units - t->mc->base[c->flow] >= t->mc->count) {
				c->state = ST_DONE;
				return 1;
			}
			return crr_connect(t, c);
		}
	}
	if ((ev & NP_EV_WRITE) && np_mconn_write(c, t->mc->zeros, t->buflen, 1) < 0)
		return np_mclient_fail(t, "flow %u: send: %s", c->flow + 1, strerror(errno));
	return rewatch(t, c);
}

/* What a flow's count counts: transactions, or a stream's bytes. */
static inline uint64_t amount(const struct np_mconn *c)
{
	return c->mode == NP_MC_PINGPONG ? c->units
	       : c->mode == NP_MC_SEND ? c->bytes_out : c->bytes_in;
}

/* A flow's event: 1 when the flow made its count, 0, or -1. */
/* UDP_RR: k responses came; those to requests in flight (c->aux) count,
 * each queueing the next request; one to a request given up on and sent
 * again (udp_stalls) does not, so the burst in flight never grows. */
static int udp_answered(struct np_many_client *mc, struct np_mconn *c, int k)
{
	const uint32_t take = (uint32_t)k < c->aux ? (uint32_t)k : c->aux;

	c->units -= (uint64_t)k - take;
	c->aux -= take;
	c->out_left += (uint64_t)take * (uint64_t)mc->p.req_size;
	return (int)take;
}

static int flow_io(struct mthread *t, struct np_mconn *c, unsigned ev);
static int flow_event(struct mthread *t, struct np_mconn *c, unsigned ev)
{
	const uint64_t a0 = amount(c), in0 = c->calls_in, out0 = c->calls_out;
	int r = flow_io(t, c, ev);

	t->done += amount(c) - a0;
	t->calls_in += c->calls_in - in0;
	t->calls_out += c->calls_out - out0;
	return r;
}

static int flow_io(struct mthread *t, struct np_mconn *c, unsigned ev)
{
	struct np_many_client *mc = t->mc;
	const bool lat = mc->p.latency;

	if (mc->p.kind == NP_MANY_TCP_CRR)
		return crr_event(t, c, ev);
	if (ev & (NP_EV_READ | NP_EV_ERROR)) {
		int k = np_mconn_read(c, t->buf, t->buflen);

		if (k < 0 && c->mode == NP_MC_SEND && errno == 0)
			k = 0;
		if (k < 0)
			return np_mclient_fail(t, "flow %u: netserver %s", c->flow + 1,
				    errno ? strerror(errno) : "closed the connection");
		if (k > 0 && c->dgram && c->mode == NP_MC_PINGPONG)
			k = udp_answered(mc, c, k);
		if (k > 0 && lat)
			lat_done(t, c->flow, k, np_run_clock_ns());
		if (mc->count && amount(c) - mc->base[c->flow] >= mc->count) {
			c->state = ST_DONE;
			(void)watch(t, c, 0);
			return 1;
		}
	}
	if ((ev & NP_EV_WRITE) || (c->mode == NP_MC_PINGPONG && c->out_left > 0)) {
		const uint64_t sent = c->calls_out;

		if (np_mconn_write(c, c->mode == NP_MC_PINGPONG ? mc->zeros : t->buf, t->buflen,
				   c->dgram ? 8 : 1) < 0)
			return np_mclient_fail(t, "flow %u: send: %s", c->flow + 1, strerror(errno));
		if (c->dgram && c->mode == NP_MC_PINGPONG)
			c->aux += (uint32_t)(c->calls_out - sent);   /* in flight */
		/* A stream's count (-l -N): bytes a flow. */
		if (mc->count && c->mode == NP_MC_SEND && amount(c) - mc->base[c->flow] >= mc->count) {
			c->state = ST_DONE;
			(void)watch(t, c, 0);
			return 1;
		}
	}
	return rewatch(t, c);
}

/* UDP_RR: a flow whose count has not moved for UDP_STALL_NS lost a
 * datagram (its request or the response): a request again. */
static void udp_stalls(struct mthread *t)
{
	struct np_many_client *mc = t->mc;
	const uint32_t T = (uint32_t)mc->p.threads;

	for (uint32_t i = (uint32_t)t->index; i < (uint32_t)mc->p.flows; i += T) {
		struct np_mconn *c = &mc->c[i];

		/* No answer for a while: what is in flight is lost; the
		 * burst again (late answers to it will not count). */
		if (c->state != ST_DONE && c->units == mc->mark[i] && c->aux > 0) {
			t->timeouts += c->aux;
			c->aux = 0;
			c->out_left = (uint64_t)mc->p.burst * c->out_unit;
			(void)flow_event(t, c, NP_EV_WRITE);
		}
		mc->mark[i] = c->units;
	}
}

void *np_mclient_phase_loop(struct mthread *t)
{
	struct np_many_client *mc = t->mc;
	const struct np_many_plan *p = &mc->p;
	const uint32_t T = (uint32_t)p->threads, N = (uint32_t)p->flows;
	const bool stalls = p->kind == NP_MANY_UDP_RR;
	uint32_t left = 0;
	uint64_t now, check, count_at;
	bool watch_ctl;

	if (!np_start_gate_pass(&mc->gate))
		return NULL;
	now = np_run_clock_ns();
	check = now + UDP_STALL_NS;
	count_at = now;
	/* Thread 1 watches the control connection too: netserver gone (or
	 * saying anything) ends the phase. */
	watch_ctl = t->index == 0 && p->ctl_fd >= 0 &&
		    np_evloop_add(t->loop, p->ctl_fd, NP_EV_READ, NULL) == 0;
	t->done = t->calls_in = t->calls_out = 0;
	atomic_store_explicit(&t->shown, 0, memory_order_relaxed);
	for (uint32_t i = (uint32_t)t->index; i < N && t->rc == 0; i += T) {
		struct np_mconn *c = &mc->c[i];

		mc->base[i] = amount(c);
		if (stalls)
			mc->mark[i] = c->units;
		/* -j: what is in flight now is timed from the phase's start
		 * (a request of the set-up, or of the last phase). */
		for (int b = 0; p->latency && mc->ring && b < p->burst; b++)
			mc->ring[(size_t)i * (size_t)p->burst + (size_t)b] = now;
		c->state = ST_READY;
		left++;
		if (p->kind == NP_MANY_TCP_CRR)
			(void)crr_connect(t, c);
		else if (flow_event(t, c, c->mode == NP_MC_SEND ? NP_EV_WRITE : 0) == 1)
			left--;    /* its count made at once */
	}
	while (t->rc == 0 && left > 0 && now < mc->deadline_ns && !atomic_load(&mc->stop)) {
		uint64_t ms = (mc->deadline_ns - now + 999999) / 1000000;
		int n = np_evloop_wait(t->loop, t->ev, EVENTS, ms > 100 ? 100 : (int)ms);

		if (n < 0) {
			np_mclient_fail(t, "event loop: %s", strerror(errno));
			break;
		}
		for (int k = 0; k < n && t->rc == 0; k++) {
			struct np_mconn *c = t->ev[k].data;

			if (c == NULL) {
				/* Ctrl-C's pipe, or the control connection. */
				atomic_store(&mc->stop, true);
				break;
			}
			if (c->state != ST_DONE && flow_event(t, c, t->ev[k].mask) == 1)
				left--;
		}
		now = np_run_clock_ns();
		if (stalls && now >= check) {
			udp_stalls(t);
			check = now + UDP_STALL_NS;
		}
		atomic_store_explicit(&t->shown, t->done, memory_order_relaxed);
		if (t->index == 0 && p->on_count && now >= count_at) {
			uint64_t all = 0;

			for (int i = 0; i < p->threads; i++)
				all += atomic_load_explicit(&mc->t[i].shown, memory_order_relaxed);
			p->on_count(p->count_ctx, np_now(), all);
			count_at = now + COUNT_NS;
		}
	}
	t->end_ns = now;
	if (watch_ctl)
		(void)np_evloop_del(t->loop, p->ctl_fd);
	/* The counts at the end, and the loop emptied for the next phase. */
	for (uint32_t i = (uint32_t)t->index; i < N; i += T) {
		struct np_mconn *c = &mc->c[i];
		mc->per_flow[i] = amount(c) - mc->base[i];
		if (p->kind == NP_MANY_TCP_CRR)
			close_flow(t, c);
		else if (c->fd >= 0)
			(void)watch(t, c, 0);
	}
	return NULL;
}
