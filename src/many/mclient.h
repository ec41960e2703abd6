/*
 * mclient.h - netperf's side of a many-flows run's data: T threads, each
 * an event loop (base/evloop.h) over its share of the flows (flow i is
 * thread i mod T's), no thread and no timer per flow.  The control
 * connection is the caller's (client/many_run.c); this is the data.
 *
 * A run is a set-up (every flow connected and proven with the run's
 * token, wire/many.h), then one data phase per iteration: every thread
 * waits at one gate, the phase starts on one clock and ends at one
 * deadline (or when every flow made its count).
 */
#ifndef NP_MCLIENT_H
#define NP_MCLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/sock.h"
#include "host/cpu.h"
#include "stats/hist.h"
#include "wire/many.h"

struct np_many_plan {
	uint32_t kind;                /* enum np_many_kind */
	int flows, threads;
	struct np_addr server;        /* netserver's data address (port 0) */
	uint16_t ports[NP_MANY_MAX_SOCKS];
	int nsocks;                   /* flow i goes to ports[i % nsocks] */
	bool bind_local;              /* -- -L: our data address */
	struct np_addr local;
	int req_size, rsp_size;       /* request/response */
	int send_size, recv_size;     /* our calls (streams) */
	int sndbuf, rcvbuf;           /* our SO_SNDBUF/SO_RCVBUF; <= 0 default */
	bool nodelay;
	bool rst_close;               /* TCP_CRR: close with a reset */
	bool latency;                 /* -j: a clock read per transaction */
	int burst;                    /* transactions in flight per flow */
	uint8_t token[NP_MANY_TOKEN_LEN];
	const int *cpus;              /* --local-cpus: the threads' CPUs */
	int ncpus;
	int stop_fd;                  /* readable: stop (Ctrl-C); -1 none */
	int ctl_fd;                   /* the control connection: readable in a
				       * phase (netserver gone) stops it; -1 */
	bool cpu;                     /* -c: the machine's CPU over each phase */
	/* The progress line's count (NULL: none): about every quarter
	 * second of a phase, thread 1 calls it with the time (np_now's
	 * clock) and what all flows did so far: transactions, or a
	 * stream's bytes.  It only stores a figure: the drawing is the
	 * caller's watch's. */
	void (*on_count)(void *ctx, double now, uint64_t amount);
	void *count_ctx;
	double setup_timeout_s;
};

/* What one data phase measured. */
struct np_many_tally {
	double elapsed;               /* seconds, start to the last thread's end */
	uint64_t units;               /* transactions (RR, CRR), datagrams sent
				       * (UDP_STREAM), 0 (TCP streams) */
	uint64_t bytes_out, bytes_in, calls_out, calls_in;
	uint64_t timeouts;            /* UDP_RR requests sent again */
	int short_flows;              /* a count: the flows that did not make it */
	int lss, lsr;                 /* flow 1's SO_SNDBUF/SO_RCVBUF */
	const struct np_cpu_util *cpu; /* -c: the machine over the phase (NULL: none) */
	uint64_t *per_flow;           /* each flow's units (RR) or bytes (streams) */
	struct np_hist *lat;          /* -j: transaction times, all flows */
	struct np_hist *conn;         /* -j, TCP_CRR: connect() times */
};

struct np_many_client;

/* The run's threads' state, sockets not yet opened.  NULL with the
 * reason in why. */
struct np_many_client *np_many_client_new(const struct np_many_plan *mp, char *why,
					  size_t whylen);
/* Every flow connected and its hello sent (UDP: answered); the seconds
 * it took in *setup_s.  0, or -1 with the reason. */
int np_many_client_setup(struct np_many_client *mc, double *setup_s, char *why, size_t whylen);
/* One data phase of seconds (count > 0: until each flow made count
 * units instead, or at most seconds), its figures in t (per_flow and the histograms are the
 * client's, valid until the next phase).  0, or -1 with the reason. */
int np_many_client_phase(struct np_many_client *mc, double seconds, uint64_t count,
			 struct np_many_tally *t, char *why, size_t whylen);
/* Closes every socket and frees the rest; NULL does nothing. */
void np_many_client_free(struct np_many_client *mc);

/* The descriptors a run of flows needs beyond the process's others. */
long np_many_fds_needed(uint32_t kind, int flows, int threads);

#endif
