/*
 * mserver.c - netserver's threads of a many-flows run (mserver.h).
 *
 * Each thread owns a slab of connection slots, allocated before the run
 * starts (a connection past them is refused and counted, never grown):
 * a thread's share of the flows, twice over for TCP_CRR (a connection
 * that closes lingers until its peer's end is read).  UDP flows are
 * known by their source address, in a thread's open-addressing table of
 * the same size.  The control thread talks to the loops through a pipe
 * each and an acknowledged epoch: no lock on the data path.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "many/mserver.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/evloop.h"
#include "base/kcall.h"
#include "base/sock.h"
#include "base/sockfd.h"
#include "host/cpu.h"
#include "many/mconn.h"
#include "run/dataaddr.h"
#include "run/run.h"

#define EVENTS 256
#define ACCEPTS_A_WAKE 64
#define DGRAMS_A_WAKE 64

enum { ST_FREE, ST_HELLO, ST_RUN, ST_LISTEN, ST_UDP, ST_WAKE };

/* A UDP flow: its source, in the table of the thread that owns the
 * socket it sends to. */
struct upeer {
	struct sockaddr_storage sa;
	socklen_t len;            /* 0: a free slot */
};

struct sthread {
	struct np_many_server *s;
	int index;
	pthread_t tid;
	bool started;
	struct np_evloop *loop;
	struct np_event ev[EVENTS];
	uint8_t *buf;
	size_t buflen;
	struct np_mconn *slot;        /* connections */
	uint8_t (*hello)[NP_MANY_HELLO_LEN];
	uint32_t *free;
	uint32_t cap, nfree;
	struct upeer *peer;           /* UDP sources, open addressing */
	uint32_t npeer;               /* slots (a power of two) */
	uint32_t npeer_used;          /* at most half of them: short probes */
	struct np_mconn wake;         /* the control thread's pipe */
	int wake_fd[2];
	struct np_many_counts c;      /* this thread's, written by it alone */
	struct np_many_counts snap;   /* c at the last sync */
	uint64_t now_s;               /* the loop's clock, once a wait */
};

struct np_many_server {
	struct np_many_req q;
	int nsocks;
	struct np_mconn sock[NP_MANY_MAX_SOCKS];
	struct sthread *t;
	atomic_uint joined;
	atomic_int running;           /* TCP_MAERTS: send */
	atomic_int quit;
	atomic_uint epoch, acked;     /* sync: the control's, the threads' */
	struct np_many_counts last;   /* the totals at the last sync */
	int sndbuf, rcvbuf;           /* the first data socket's, as set up */
	struct sockaddr_storage peer; /* the control connection's: the only
				       * address served */
	uint8_t *zeros;
};

/* ---- UDP sources -------------------------------------------------------- */

static uint32_t peer_hash(const struct sockaddr *sa, socklen_t len)
{
	const uint8_t *p = (const uint8_t *)sa;
	uint32_t h = 2166136261u;

	for (socklen_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

/* The slot of sa: its own, or the free one where it would go (NULL: the
 * table is full). */
static struct upeer *peer_slot(struct sthread *t, const struct sockaddr *sa, socklen_t len)
{
	const uint32_t mask = t->npeer - 1;
	uint32_t i = peer_hash(sa, len) & mask;

	for (uint32_t n = 0; n < t->npeer; n++, i = (i + 1) & mask) {
		struct upeer *p = &t->peer[i];

		if (p->len == 0 || (p->len == len && memcmp(&p->sa, sa, len) == 0))
			return p;
	}
	return NULL;
}

/* ---- Connections ------------------------------------------------------ */

static void conn_close(struct sthread *t, struct np_mconn *c)
{
	if (c->mask)
		(void)np_evloop_del(t->loop, c->fd);
	close(c->fd);
	c->fd = -1;
	c->mask = 0;
	c->state = ST_FREE;
	t->free[t->nfree++] = (uint32_t)(c - t->slot);
}

static int watch(struct sthread *t, struct np_mconn *c, unsigned mask)
{
	return np_mconn_watch(t->loop, c, mask);
}

/* What a running connection waits for: room while it has bytes to send
 * (TCP_MAERTS: while the phase runs), and always its peer's end. */
static int rewatch(struct sthread *t, struct np_mconn *c)
{
	unsigned mask = NP_EV_READ;

	if (c->mode == NP_MC_SEND ? atomic_load(&t->s->running) != 0 : c->out_left > 0)
		mask |= NP_EV_WRITE;
	return watch(t, c, mask);
}

/* Whether a connection comes from the control connection's address. */
static bool from_peer(const struct np_many_server *s, int fd)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);

	return getpeername(fd, (struct sockaddr *)&sa, &len) == 0 &&
	       np_addr_same((const struct sockaddr *)&sa, (const struct sockaddr *)&s->peer);
}

static void accept_some(struct sthread *t, struct np_mconn *l)
{
	for (int i = 0; i < ACCEPTS_A_WAKE; i++) {
		int fd = np_accept(l->fd, NP_SOCK_NONBLOCK);
		struct np_mconn *c;

		if (fd < 0 && (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
			       errno == ENOMEM)) {
			/* Out of descriptors: the listener rests until the
			 * next tick, rather than wake this loop at once
			 * again and again. */
			if (np_evloop_del(t->loop, l->fd) == 0)
				l->mask = 0;
			t->c.refused++;
			return;
		}
		if (fd < 0)
			return;
		if (!from_peer(t->s, fd)) {
			/* Another host: closed before it takes a slot. */
			close(fd);
			t->c.unproven++;
			continue;
		}
		if (t->nfree == 0) {
			/* Past this thread's room: more than the run asked. */
			close(fd);
			t->c.refused++;
			continue;
		}
		c = &t->slot[t->free[--t->nfree]];
		memset(c, 0, sizeof(*c));
		c->fd = fd;
		c->state = ST_HELLO;
		c->aux = (uint32_t)t->now_s;
		if (watch(t, c, NP_EV_READ) < 0) {
			conn_close(t, c);
			t->c.refused++;
		}
	}
}

/* A connection's hello, in pieces if it must: proven, it runs. */
static void hello_in(struct sthread *t, struct np_mconn *c)
{
	const struct np_many_req *q = &t->s->q;
	uint8_t *h = t->hello[c - t->slot];
	ssize_t n = np_recv(c->fd, h + c->in_part, NP_MANY_HELLO_LEN - c->in_part, 0);
	int64_t flow;

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		/* Gone before a byte (a flow's connect the phase's end cut
		 * short) is no stranger; a part of a hello is. */
		if (c->in_part > 0)
			t->c.unproven++;
		conn_close(t, c);
		return;
	}
	c->in_part += (uint32_t)n;
	if (c->in_part < NP_MANY_HELLO_LEN)
		return;
	flow = np_many_hello_check(h, q->token, q->flows);
	if (flow < 0) {
		conn_close(t, c);
		t->c.unproven++;
		return;
	}
	c->flow = (uint32_t)flow;
	c->in_part = 0;
	c->state = ST_RUN;
	c->reply = np_many_is_rr(q->kind);   /* UDP_RR is udp_event's */
	c->mode = c->reply ? NP_MC_PINGPONG
		  : q->kind == NP_MANY_TCP_MAERTS ? NP_MC_SEND : NP_MC_RECV;
	c->in_unit = (uint32_t)q->req_size;
	c->out_unit = (uint32_t)(c->mode == NP_MC_SEND ? q->send_size : q->rsp_size);
	if (q->kind != NP_MANY_TCP_CRR)
		atomic_fetch_add(&t->s->joined, 1);
	if (rewatch(t, c) < 0)
		conn_close(t, c);
}

static void conn_event(struct sthread *t, struct np_mconn *c, unsigned ev)
{
	const uint64_t in0 = c->bytes_in, out0 = c->bytes_out, u0 = c->units;
	const uint64_t ci0 = c->calls_in, co0 = c->calls_out;
	bool gone = false;

	if (c->state == ST_HELLO) {
		hello_in(t, c);
		return;
	}
	if (ev & (NP_EV_READ | NP_EV_ERROR))
		gone = np_mconn_read(c, t->buf, t->buflen) < 0;
	if (!gone && (ev & NP_EV_WRITE || c->out_left > 0) &&
	    (c->mode != NP_MC_SEND || atomic_load(&t->s->running)))
		gone = np_mconn_write(c, t->s->zeros, t->buflen, 1) < 0;
	t->c.bytes_in += c->bytes_in - in0;
	t->c.bytes_out += c->bytes_out - out0;
	/* Messages: transactions, or a stream's calls. */
	t->c.msgs_in += c->reply ? c->units - u0 : c->calls_in - ci0;
	t->c.msgs_out += c->reply ? c->units - u0 : c->calls_out - co0;
	/* The peer's end (TCP_CRR's every transaction), or a reset. */
	if (gone || rewatch(t, c) < 0)
		conn_close(t, c);
}

/* A UDP socket's datagrams: a hello registers its source; a known
 * source's request is answered; anything else is counted, unserved. */
static void udp_event(struct sthread *t, struct np_mconn *u)
{
	const struct np_many_req *q = &t->s->q;

	for (int i = 0; i < DGRAMS_A_WAKE; i++) {
		struct sockaddr_storage sa;
		socklen_t len = sizeof(sa);
		ssize_t n = recvfrom(u->fd, t->buf, t->buflen, 0, (struct sockaddr *)&sa, &len);
		struct upeer *p;

		if (n < 0)
			return;
		/* Another host: never answered (no reflection), counted. */
		if (!np_addr_same((const struct sockaddr *)&sa,
				  (const struct sockaddr *)&t->s->peer)) {
			t->c.unproven++;
			continue;
		}
		p = peer_slot(t, (struct sockaddr *)&sa, len);
		if (n == NP_MANY_HELLO_LEN && np_many_hello_check(t->buf, q->token, q->flows) >= 0) {
			if (p && p->len == 0 && t->npeer_used >= t->npeer / 2)
				p = NULL;      /* more sources than the run's flows */
			if (p && p->len == 0) {
				t->npeer_used++;
				memcpy(&p->sa, &sa, len);
				p->len = len;
				atomic_fetch_add(&t->s->joined, 1);
			}
			/* Answered (again) only when it could be kept. */
			if (p)
				(void)sendto(u->fd, t->buf, (size_t)n, MSG_NOSIGNAL,
					     (struct sockaddr *)&sa, len);
			continue;
		}
		if (!p || p->len == 0) {
			t->c.unproven++;
			continue;
		}
		/* A request is its size; anything else serves nothing. */
		if (q->kind == NP_MANY_UDP_RR && n != q->req_size)
			continue;
		t->c.bytes_in += (uint64_t)n;
		t->c.msgs_in++;
		if (q->kind == NP_MANY_UDP_RR &&
		    sendto(u->fd, t->s->zeros, (size_t)q->rsp_size, MSG_NOSIGNAL,
			   (struct sockaddr *)&sa, len) == q->rsp_size) {
			t->c.bytes_out += (uint64_t)q->rsp_size;
			t->c.msgs_out++;
		}
	}
}

/* Connections that have not proven themselves in time. */
static void reap(struct sthread *t)
{
	for (uint32_t i = 0; i < t->cap; i++) {
		struct np_mconn *c = &t->slot[i];

		if (c->state == ST_HELLO && t->now_s - c->aux >= NP_MANY_HELLO_S) {
			conn_close(t, c);
			t->c.unproven++;
		}
	}
}

/* Listeners that rested for want of descriptors listen again. */
static void rested(struct sthread *t)
{
	struct np_many_server *s = t->s;

	for (int j = t->index; j < s->nsocks; j += (int)s->q.threads) {
		struct np_mconn *l = &s->sock[j];

		if (l->state == ST_LISTEN && l->mask == 0 &&
		    np_evloop_add(t->loop, l->fd, NP_EV_READ, l) == 0)
			l->mask = NP_EV_READ;
	}
}

/* The control thread's wake: a sync (snapshot the counts; TCP_MAERTS's
 * sends on or off) or the end. */
static void woken(struct sthread *t)
{
	uint8_t b[64];

	while (read(t->wake_fd[0], b, sizeof(b)) > 0)
		;
	if (t->s->q.kind == NP_MANY_TCP_MAERTS)
		for (uint32_t i = 0; i < t->cap; i++)
			if (t->slot[i].state == ST_RUN && rewatch(t, &t->slot[i]) < 0)
				conn_close(t, &t->slot[i]);
	t->snap = t->c;
	atomic_fetch_add(&t->s->acked, 1);
}

static void *thread_main(void *arg)
{
	struct sthread *t = arg;
	struct np_many_server *s = t->s;
	uint64_t next_reap = 0;

	if (s->q.ncpus > 0)
		(void)np_cpu_bind(s->q.cpus[t->index % s->q.ncpus]);
	while (!atomic_load(&s->quit)) {
		int n = np_evloop_wait(t->loop, t->ev, EVENTS, 500);

		t->now_s = np_run_clock_ns() / 1000000000u;
		for (int k = 0; k < n; k++) {
			struct np_mconn *c = t->ev[k].data;

			switch (c->state) {
			case ST_LISTEN:
				accept_some(t, c);
				break;
			case ST_UDP:
				udp_event(t, c);
				break;
			case ST_WAKE:
				woken(t);
				break;
			case ST_HELLO:
			case ST_RUN:
				conn_event(t, c, t->ev[k].mask);
				break;
			default:
				break;
			}
		}
		if (t->now_s >= next_reap) {
			reap(t);
			rested(t);
			next_reap = t->now_s + 1;
		}
	}
	return NULL;
}

/* ---- The server ------------------------------------------------------- */

static int fail(char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	errno = e;
	return -1;
}

/* Data socket j, bound to local's address; its port in *port. */
static int open_sock(struct np_many_server *s, int j, const struct sockaddr *local,
		     socklen_t len, uint16_t pmin, uint16_t pmax, uint16_t *port, char *why,
		     size_t whylen)
{
	const bool udp = np_many_is_udp(s->q.kind);
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int one = 1, fd;
	int rc = -1;

	fd = np_mconn_socket(local->sa_family, udp ? SOCK_DGRAM : SOCK_STREAM, s->q.sndbuf,
			     s->q.rcvbuf, (s->q.flags & NP_MANY_F_NODELAY) != 0);
	if (fd < 0)
		return fail(why, whylen, "data socket: %s", strerror(errno));
	if (!udp)
		(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memcpy(&ss, local, len);
	/* --data-ports: the first free port of the range. */
	for (uint32_t p = pmin ? pmin : 0; p <= (pmin ? pmax : 0u); p++) {
		np_addr_set_port((struct sockaddr *)&ss, (uint16_t)p);
		if ((rc = bind(fd, (struct sockaddr *)&ss, len)) == 0)
			break;
	}
	if (rc < 0 || (!udp && listen(fd, 4096) < 0) ||
	    getsockname(fd, (struct sockaddr *)&ss, &sl) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return fail(why, whylen, "data socket %d of %d: %s", j + 1, s->nsocks,
			    pmin ? "no free port in --data-ports" : strerror(e));
	}
	*port = np_addr_port((struct sockaddr *)&ss);
	if (j == 0)
		np_sock_bufsizes(fd, &s->sndbuf, &s->rcvbuf);
	s->sock[j] = (struct np_mconn){ .fd = fd, .state = udp ? ST_UDP : ST_LISTEN };
	return 0;
}

static uint32_t pow2_at_least(uint64_t n)
{
	uint32_t p = 16;

	while (p < n && p < (1u << 30))
		p <<= 1;
	return p;
}

/* Thread i's share: the flows that go to its sockets. */
static uint32_t share(const struct np_many_server *s, int i)
{
	const uint32_t N = s->q.flows, S = (uint32_t)s->nsocks, T = s->q.threads;
	uint32_t n = 0;

	for (uint32_t j = (uint32_t)i; j < S; j += T)
		n += N / S + (j < N % S);
	return n;
}

static int thread_new(struct np_many_server *s, int i, size_t buflen, char *why, size_t whylen)
{
	struct sthread *t = &s->t[i];
	const bool udp = np_many_is_udp(s->q.kind);
	const uint32_t mine = share(s, i);

	t->s = s;
	t->index = i;
	t->wake_fd[0] = t->wake_fd[1] = -1;
	t->buflen = buflen;
	t->buf = malloc(buflen);
	/* TCP_CRR: a flow's closed connections wait here until their end
	 * is read, while its next one comes. */
	t->cap = udp ? 0 : (s->q.kind == NP_MANY_TCP_CRR ? 4 * mine + 64 : mine + 8);
	t->npeer = udp ? pow2_at_least(2 * (uint64_t)mine) : 0;
	t->slot = calloc(t->cap ? t->cap : 1, sizeof(*t->slot));
	t->hello = calloc(t->cap ? t->cap : 1, sizeof(*t->hello));
	t->free = calloc(t->cap ? t->cap : 1, sizeof(*t->free));
	t->peer = udp ? calloc(t->npeer, sizeof(*t->peer)) : NULL;
	t->loop = np_evloop_new((int)t->cap + NP_MANY_MAX_SOCKS + 1);
	if (!t->buf || !t->slot || !t->hello || !t->free || (udp && !t->peer) || !t->loop)
		return fail(why, whylen, "thread %d's state: %s", i + 1, strerror(ENOMEM));
	for (uint32_t k = 0; k < t->cap; k++) {
		t->slot[k].fd = -1;
		t->free[t->nfree++] = t->cap - 1 - k;
	}
	if (pipe(t->wake_fd) < 0 || fcntl(t->wake_fd[0], F_SETFL, O_NONBLOCK) < 0)
		return fail(why, whylen, "thread %d's pipe: %s", i + 1, strerror(errno));
	t->wake = (struct np_mconn){ .fd = t->wake_fd[0], .state = ST_WAKE };
	if (np_evloop_add(t->loop, t->wake_fd[0], NP_EV_READ, &t->wake) < 0)
		return fail(why, whylen, "thread %d's event loop: %s", i + 1, strerror(errno));
	for (int j = i; j < s->nsocks; j += (int)s->q.threads) {
		if (np_evloop_add(t->loop, s->sock[j].fd, NP_EV_READ, &s->sock[j]) < 0)
			return fail(why, whylen, "thread %d's event loop: %s", i + 1,
				    strerror(errno));
		s->sock[j].mask = NP_EV_READ;
	}
	return 0;
}

struct np_many_server *np_many_server_new(const struct np_many_req *q,
					  const struct sockaddr *peer,
					  const struct sockaddr *local, socklen_t len,
					  uint16_t port_min, uint16_t port_max,
					  struct np_many_reply *r, char *why, size_t whylen)
{
	struct np_many_server *s = calloc(1, sizeof(*s));
	size_t buflen;
	sigset_t all, old;

	memset(r, 0, sizeof(*r));
	if (!s) {
		fail(why, whylen, "out of memory");
		return NULL;
	}
	s->q = *q;
	memcpy(&s->peer, peer, peer->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
							: sizeof(struct sockaddr_in));
	s->nsocks = (int)(q->threads * q->ports);
	for (int j = 0; j < NP_MANY_MAX_SOCKS; j++)
		s->sock[j].fd = -1;
	s->t = calloc(q->threads, sizeof(*s->t));
	buflen = np_mconn_buflen(q->req_size, q->rsp_size, q->send_size, q->recv_size);
	s->zeros = calloc(1, buflen);
	if (!s->t || !s->zeros) {
		fail(why, whylen, "out of memory");
		goto bad;
	}
	for (int j = 0; j < s->nsocks; j++)
		if (open_sock(s, j, local, len, port_min, port_max, &r->ports[j], why, whylen) < 0)
			goto bad;
	for (uint32_t i = 0; i < q->threads; i++)
		if (thread_new(s, (int)i, buflen, why, whylen) < 0)
			goto bad;
	/* The threads take no signal: the session's own handling stays. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (uint32_t i = 0; i < q->threads; i++) {
		int e = pthread_create(&s->t[i].tid, NULL, thread_main, &s->t[i]);

		if (e) {
			pthread_sigmask(SIG_SETMASK, &old, NULL);
			errno = e;
			fail(why, whylen, "starting thread %u of %u: %s", i + 1, q->threads,
			     strerror(e));
			goto bad;
		}
		s->t[i].started = true;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	r->threads = q->threads;
	r->nsocks = (uint32_t)s->nsocks;
	r->sndbuf = s->sndbuf;
	r->rcvbuf = s->rcvbuf;
	return s;
bad:
	np_many_server_free(s);
	return NULL;
}

uint32_t np_many_server_joined(struct np_many_server *s)
{
	if (s->q.kind == NP_MANY_TCP_CRR)
		return s->q.flows;
	return atomic_load(&s->joined);
}

static void add(struct np_many_counts *a, const struct np_many_counts *b)
{
	a->bytes_in += b->bytes_in;
	a->bytes_out += b->bytes_out;
	a->msgs_in += b->msgs_in;
	a->msgs_out += b->msgs_out;
	a->unproven += b->unproven;
	a->refused += b->refused;
}

/* Every thread's counts, summed, once each has answered its wake. */
static int snapshot(struct np_many_server *s, int running, struct np_many_counts *now,
		    int timeout_ms)
{
	const unsigned T = s->q.threads;

	atomic_store(&s->running, running);
	atomic_store(&s->acked, 0);
	for (unsigned i = 0; i < T; i++)
		if (write(s->t[i].wake_fd[1], "w", 1) < 0 && errno != EAGAIN)
			return -1;
	for (int waited = 0; atomic_load(&s->acked) < T; waited++) {
		if (waited >= timeout_ms)
			return -1;
		(void)poll(NULL, 0, 1);
	}
	memset(now, 0, sizeof(*now));
	for (unsigned i = 0; i < T; i++)
		add(now, &s->t[i].snap);
	return 0;
}

int np_many_server_sync(struct np_many_server *s, int running, uint64_t sent,
			struct np_many_counts *c, int timeout_ms)
{
	struct np_many_counts now, was = s->last;
	const bool udp = np_many_is_udp(s->q.kind);
	const double until = np_now() + NP_MANY_SETTLE_MS / 1e3;
	double last_in;

	if (snapshot(s, running, &now, timeout_ms) < 0)
		return -1;
	/* A stream's end: what the client sent is still arriving (a TCP
	 * sender's buffer drains as this side reads), and the counts wait
	 * for it; a UDP stream's losses never come, so it waits only while
	 * datagrams still do.  The bound is netserver's clock, not the
	 * client's number. */
	last_in = np_now();
	while (sent > 0 && now.bytes_in - was.bytes_in < sent && np_now() < until &&
	       !(udp && np_now() - last_in >= NP_MANY_QUIET_MS / 1e3)) {
		const uint64_t in = now.bytes_in;

		(void)poll(NULL, 0, 1);
		if (snapshot(s, running, &now, timeout_ms) < 0)
			return -1;
		if (now.bytes_in != in)
			last_in = np_now();
	}
	s->last = now;
	c->bytes_in = now.bytes_in - was.bytes_in;
	c->bytes_out = now.bytes_out - was.bytes_out;
	c->msgs_in = now.msgs_in - was.msgs_in;
	c->msgs_out = now.msgs_out - was.msgs_out;
	c->unproven = now.unproven;
	c->refused = now.refused;
	return 0;
}

void np_many_server_free(struct np_many_server *s)
{
	if (!s)
		return;
	atomic_store(&s->quit, 1);
	for (uint32_t i = 0; s->t && i < s->q.threads; i++) {
		struct sthread *t = &s->t[i];

		if (t->s == NULL)
			break;          /* not made: nor those after it */
		if (t->started) {
			(void)write(t->wake_fd[1], "q", 1);
			pthread_join(t->tid, NULL);
		}
		for (uint32_t k = 0; t->slot && k < t->cap; k++)
			if (t->slot[k].state != ST_FREE)
				close(t->slot[k].fd);
		if (t->wake_fd[0] >= 0)
			close(t->wake_fd[0]);
		if (t->wake_fd[1] >= 0)
			close(t->wake_fd[1]);
		np_evloop_free(t->loop);
		free(t->buf);
		free(t->slot);
		free(t->hello);
		free(t->free);
		free(t->peer);
	}
	for (int j = 0; j < NP_MANY_MAX_SOCKS; j++)
		if (s->sock[j].fd >= 0)
			close(s->sock[j].fd);
	free(s->t);
	free(s->zeros);
	free(s);
}
