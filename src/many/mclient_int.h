/*
 * mclient_int.h - what the two files of netperf's many-flows threads
 * share: mclient.c (the client: its state, threads, set-up and phases)
 * and mclient_loop.c (a thread's event loop over its flows: connect,
 * hello, each flow's reads and writes).  Only those include it.
 */
#ifndef NP_MCLIENT_INT_H
#define NP_MCLIENT_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "base/evloop.h"
#include "base/start_gate.h"
#include "host/cpu.h"
#include "many/mclient.h"
#include "many/mconn.h"

#define EVENTS 256
#define CONNECTS_IN_FLIGHT 256    /* a thread's set-up: SYNs outstanding */
#define HELLO_RESEND_NS 200000000u
#define UDP_STALL_NS 1000000000u  /* UDP_RR: a request lost, sent again */
#define COUNT_NS 250000000u       /* the progress line's count, at most */

enum { ST_IDLE, ST_CONNECTING, ST_HELLO, ST_READY, ST_DONE };

struct mthread {
	struct np_many_client *mc;
	int index;
	pthread_t tid;
	struct np_evloop *loop;
	struct np_event ev[EVENTS];
	uint8_t *buf;
	size_t buflen;
	struct np_hist *lat, *conn;
	uint64_t timeouts;
	uint64_t end_ns;              /* when this thread's phase ended */
	uint64_t done;                /* what its flows did: units or bytes */
	uint64_t calls_in, calls_out; /* their receives and sends, this phase */
	_Atomic uint64_t shown;       /* done, published once a wait */
	int rc;
	char why[200];
};

struct np_many_client {
	struct np_many_plan p;
	struct np_mconn *c;           /* flows */
	uint64_t *base;               /* each flow's count at the phase's start */
	uint64_t *per_flow;
	uint64_t *mark;               /* UDP_RR: units at the last stall check;
				       * TCP_CRR -j: the connect's start */
	uint64_t *ring;               /* -j: send times, burst a flow */
	uint32_t *ring_head;
	struct mthread *t;
	struct np_start_gate gate;
	atomic_bool stop;             /* a thread failed: the others end */
	/* The phase's settings, written before the gate opens. */
	uint64_t deadline_ns, count;
	bool setup;                   /* which thread body runs */
	const struct sockaddr *to[NP_MANY_MAX_SOCKS];
	struct sockaddr_storage to_ss[NP_MANY_MAX_SOCKS];
	socklen_t to_len;
	uint8_t *zeros;               /* what a request carries */
	struct np_cpu_snapshot *cpu0, *cpu1;   /* -c */
	struct np_cpu_util util;
	int lss, lsr;                 /* flow 1's socket buffers */
};

/* A thread failed: its first reason kept, the others told to end; -1. */
int np_mclient_fail(struct mthread *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A thread's bodies: every flow of its share connected and its hello
 * sent (answered, on UDP); one data phase, from the gate to the
 * deadline or the counts.  NULL; t->rc and t->why say how it went. */
void *np_mclient_setup_loop(struct mthread *t);
void *np_mclient_phase_loop(struct mthread *t);

#endif
