/*
 * mclient.c - netperf's threads of a many-flows run (mclient.h): the
 * client's state, its threads started and waited for, the set-up and
 * each data phase's figures.  A thread's loop is mclient_loop.c's.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "many/mclient.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "many/mclient_int.h"
#include "run/run.h"

long np_many_fds_needed(uint32_t kind, int flows, int threads)
{
	(void)kind;
	/* A socket a flow, a loop a thread, and room for the rest. */
	return (long)flows + threads + 64;
}

static void *thread_main(void *arg)
{
	struct mthread *t = arg;
	const struct np_many_plan *p = &t->mc->p;

	if (p->ncpus > 0 && np_cpu_bind(p->cpus[t->index % p->ncpus]) < 0) {
		np_mclient_fail(t, "--local-cpus: cannot run thread %d on CPU %d: %s", t->index + 1,
		     p->cpus[t->index % p->ncpus], np_cpu_bind_why(errno));
		if (!t->mc->setup)
			np_start_gate_break(&t->mc->gate);
		return NULL;
	}
	return t->mc->setup ? np_mclient_setup_loop(t) : np_mclient_phase_loop(t);
}

/* Runs every thread's body and waits for them; the first failure's
 * reason in why. */
static int run_threads(struct np_many_client *mc, char *why, size_t whylen)
{
	const int T = mc->p.threads;
	sigset_t block, old;
	int started = 0, err = 0, rc = 0;

	atomic_store(&mc->stop, false);
	/* Ctrl-C reaches the main thread; the loops watch its pipe. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (; started < T; started++) {
		mc->t[started].rc = 0;
		mc->t[started].why[0] = '\0';
		err = pthread_create(&mc->t[started].tid, NULL, thread_main, &mc->t[started]);
		if (err)
			break;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		atomic_store(&mc->stop, true);
		np_start_gate_break(&mc->gate);
	} else if (!mc->setup) {
		/* The main thread is the gate's last party: the phase's
		 * clock starts when it opens. */
		if (!np_start_gate_pass(&mc->gate))
			rc = -1;
	}
	for (int i = 0; i < started; i++)
		pthread_join(mc->t[i].tid, NULL);
	if (err) {
		snprintf(why, whylen, "starting %d threads: %s", T, strerror(err));
		return -1;
	}
	for (int i = 0; i < T; i++)
		if (mc->t[i].rc) {
			snprintf(why, whylen, "%s", mc->t[i].why);
			return -1;
		}
	if (rc < 0)
		snprintf(why, whylen, "a thread could not start its data phase");
	return rc;
}

/* ---- The client ----------------------------------------------------- */

struct np_many_client *np_many_client_new(const struct np_many_plan *mp, char *why,
					  size_t whylen)
{
	struct np_many_client *mc = calloc(1, sizeof(*mc));
	const size_t N = (size_t)mp->flows;
	size_t buflen;

	if (!mc) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	mc->p = *mp;
	buflen = np_mconn_buflen(mp->req_size, mp->rsp_size, mp->send_size, mp->recv_size);
	mc->c = calloc(N, sizeof(*mc->c));
	mc->base = calloc(N, sizeof(*mc->base));
	mc->per_flow = calloc(N, sizeof(*mc->per_flow));
	mc->mark = calloc(N, sizeof(*mc->mark));
	mc->t = calloc((size_t)mp->threads, sizeof(*mc->t));
	mc->zeros = calloc(1, buflen);
	if (mp->latency) {
		mc->ring = calloc(N * (size_t)mp->burst, sizeof(*mc->ring));
		mc->ring_head = calloc(N, sizeof(*mc->ring_head));
	}
	if (mp->cpu) {
		mc->cpu0 = malloc(sizeof(*mc->cpu0));
		mc->cpu1 = malloc(sizeof(*mc->cpu1));
	}
	if (!mc->c || !mc->base || !mc->per_flow || !mc->mark || !mc->t || !mc->zeros ||
	    (mp->cpu && (!mc->cpu0 || !mc->cpu1)) ||
	    (mp->latency && (!mc->ring || !mc->ring_head))) {
		snprintf(why, whylen, "out of memory for %d flows", mp->flows);
		np_many_client_free(mc);
		return NULL;
	}
	/* -j: a flow's ring starts one burst in, so that "burst back"
	 * never wraps below 0 (any burst, not only powers of two). */
	for (size_t i = 0; mc->ring_head && i < N; i++)
		mc->ring_head[i] = (uint32_t)mp->burst;
	np_start_gate_init(&mc->gate, 0);
	for (int s = 0; s < mp->nsocks; s++) {
		memcpy(&mc->to_ss[s], &mp->server.ss, mp->server.len);
		np_addr_set_port((struct sockaddr *)&mc->to_ss[s], mp->ports[s]);
		mc->to[s] = (const struct sockaddr *)&mc->to_ss[s];
	}
	mc->to_len = mp->server.len;
	for (size_t i = 0; i < N; i++) {
		struct np_mconn *c = &mc->c[i];
		const bool rr = np_many_is_rr(mp->kind);

		c->fd = -1;
		c->flow = (uint32_t)i;
		c->dgram = np_many_is_udp(mp->kind);
		c->mode = rr ? NP_MC_PINGPONG
			  : mp->kind == NP_MANY_TCP_MAERTS ? NP_MC_RECV : NP_MC_SEND;
		c->in_unit = (uint32_t)mp->rsp_size;
		c->out_unit = (uint32_t)(c->mode == NP_MC_SEND ? mp->send_size : mp->req_size);
		/* UDP_RR queues its next request itself: only for a response
		 * to one in flight (mclient_loop.c, udp_answered). */
		c->reply = rr && !c->dgram;
		if (rr && mp->kind != NP_MANY_TCP_CRR)
			c->out_left = (uint64_t)mp->burst * (uint64_t)mp->req_size;
	}
	for (int i = 0; i < mp->threads; i++) {
		struct mthread *t = &mc->t[i];

		t->mc = mc;
		t->index = i;
		t->buflen = buflen;
		t->buf = calloc(1, buflen);
		/* Its flows, Ctrl-C's pipe, the control connection. */
		t->loop = np_evloop_new((int)(N / (size_t)mp->threads + 3));
		if (mp->latency) {
			t->lat = malloc(sizeof(*t->lat));
			t->conn = malloc(sizeof(*t->conn));
		}
		if (!t->buf || !t->loop || (mp->latency && (!t->lat || !t->conn))) {
			snprintf(why, whylen, "thread %d's event loop: %s", i + 1,
				 strerror(errno ? errno : ENOMEM));
			np_many_client_free(mc);
			return NULL;
		}
		if (mp->stop_fd >= 0 && np_evloop_add(t->loop, mp->stop_fd, NP_EV_READ, NULL) < 0) {
			snprintf(why, whylen, "thread %d's event loop: %s", i + 1, strerror(errno));
			np_many_client_free(mc);
			return NULL;
		}
	}
	return mc;
}

int np_many_client_setup(struct np_many_client *mc, double *setup_s, char *why, size_t whylen)
{
	uint64_t t0 = np_run_clock_ns();
	int rc = 0;

	/* TCP_CRR's connections are its transactions: none before. */
	mc->setup = true;
	if (mc->p.kind != NP_MANY_TCP_CRR)
		rc = run_threads(mc, why, whylen);
	*setup_s = (double)(np_run_clock_ns() - t0) / 1e9;
	return rc;
}

int np_many_client_phase(struct np_many_client *mc, double seconds, uint64_t count,
			 struct np_many_tally *out, char *why, size_t whylen)
{
	const int T = mc->p.threads;
	uint64_t t0, end = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	mc->setup = false;
	mc->count = count;
	np_start_gate_destroy(&mc->gate);
	np_start_gate_init(&mc->gate, T + 1);
	for (int i = 0; i < T && mc->p.latency; i++) {
		np_hist_init(mc->t[i].lat);
		np_hist_init(mc->t[i].conn);
	}
	/* -c: the counters just before the gate, and just after the end. */
	const bool cpu = mc->cpu0 && np_cpu_read(mc->cpu0) == 0;

	/* The clock starts at the gate, a few microseconds from now. */
	t0 = np_run_clock_ns();
	mc->deadline_ns = t0 + (uint64_t)(seconds * 1e9);
	rc = run_threads(mc, why, whylen);
	if (cpu && np_cpu_read(mc->cpu1) == 0) {
		np_cpu_compute(mc->cpu0, mc->cpu1, &mc->util);
		out->cpu = &mc->util;
	}
	for (int i = 0; i < T; i++) {
		if (mc->t[i].end_ns > end)
			end = mc->t[i].end_ns;
		out->timeouts += mc->t[i].timeouts;
		out->calls_in += mc->t[i].calls_in;
		out->calls_out += mc->t[i].calls_out;
		mc->t[i].timeouts = 0;
		if (mc->p.latency && i > 0) {
			np_hist_merge(mc->t[0].lat, mc->t[i].lat);
			np_hist_merge(mc->t[0].conn, mc->t[i].conn);
		}
	}
	out->elapsed = end > t0 ? (double)(end - t0) / 1e9 : 0;
	for (int i = 0; i < mc->p.flows; i++) {
		const struct np_mconn *c = &mc->c[i];

		if (c->mode == NP_MC_PINGPONG)
			out->units += mc->per_flow[i];
		else if (c->mode == NP_MC_SEND)
			out->bytes_out += mc->per_flow[i];
		else if (c->mode == NP_MC_RECV)
			out->bytes_in += mc->per_flow[i];
	}
	if (np_many_is_rr(mc->p.kind)) {
		out->bytes_out = out->units * (uint64_t)mc->p.req_size;
		out->bytes_in = out->units * (uint64_t)mc->p.rsp_size;
	} else if (mc->p.kind == NP_MANY_UDP_STREAM) {
		out->units = out->bytes_out / (uint64_t)mc->p.send_size;
	}
	out->per_flow = mc->per_flow;
	for (int i = 0; count && i < mc->p.flows; i++)
		out->short_flows += mc->per_flow[i] < count;
	out->lss = mc->lss;
	out->lsr = mc->lsr;
	if (mc->p.latency) {
		out->lat = mc->t[0].lat;
		out->conn = mc->p.kind == NP_MANY_TCP_CRR ? mc->t[0].conn : NULL;
	}
	return rc;
}

void np_many_client_free(struct np_many_client *mc)
{
	if (!mc)
		return;
	for (int i = 0; mc->c && i < mc->p.flows; i++)
		if (mc->c[i].fd >= 0)
			close(mc->c[i].fd);
	for (int i = 0; mc->t && i < mc->p.threads; i++) {
		np_evloop_free(mc->t[i].loop);
		free(mc->t[i].buf);
		free(mc->t[i].lat);
		free(mc->t[i].conn);
	}
	np_start_gate_destroy(&mc->gate);
	free(mc->t);
	free(mc->c);
	free(mc->base);
	free(mc->per_flow);
	free(mc->mark);
	free(mc->ring);
	free(mc->ring_head);
	free(mc->zeros);
	free(mc->cpu0);
	free(mc->cpu1);
	free(mc);
}
