/*
 * flow.h - one flow of a run, from start to end: its resources, its
 * control connection to netserver, each iteration on it (the request,
 * netserver's response, the data phase, the results), its goodbye.  A
 * run has one flow, or --flows' several, each in a thread of its own
 * (flows.h); the messages themselves are the exchange's (exchange.h).
 */
#ifndef NP_FLOW_H
#define NP_FLOW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "base/sock.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "host/facts.h"
#include "report/result.h"
#include "wire/wire.h"

struct np_cpu_snapshot;
struct np_start_gate;
struct np_hist;
struct np_progress;
struct np_report;

/* -J -D: interim figures kept at most (3 MB), as many as a 10 s
 * test's ticks every 100 us. */
#define NP_INTERIM_KEEP 100000

struct np_flow;
/* -D: one interim figure of a flow (a rate over secs, ending at wall). */
typedef void (*np_interim_fn)(struct np_flow *flow, double rate, double secs,
			      const struct timespec *wall);

/* One flow: its control connection to netserver and the state carried
 * from one iteration to the next. */
struct np_flow {
	int ctl;
	unsigned replies;             /* messages read so far */
	float cpu_rate;               /* echoed, as netperf does */
	uint32_t data_port;           /* iterations reuse the server's port */
	uint16_t crr_port_next;       /* TCP_CRR: the next local port of a range,
				       * across iterations (0: not started) */
	int32_t legacy;               /* legacy request type once netserver
				       * answered DO_OMNI with 998; 0 = omni */
	uint8_t msg[NP_MSG_SIZE];
	struct np_cpu_snapshot *cpu0; /* -c: /proc/stat around the data phase */
	struct np_cpu_snapshot *cpu1;
	struct np_hist *hist;         /* -j: round trips over all iterations */
	uint64_t *sent_at;            /* -j: send times, burst + 1 of them */
	int fill_fd;                  /* -F: the local fill file, -1 = none */
	int file_fd;                  /* TCP_SENDFILE: what it sends, -1 = none */
	/* -D: where interim figures go (the output's choice: printed on
	 * out, or kept in series for -J), and how the report names units. */
	np_interim_fn interim;
	FILE *out;
	const struct np_report *head;
	int interims;                 /* printed so far (-k numbers them) */
	/* -J: the figures are kept instead, series_room of them at most;
	 * dropped counts those past it.  iteration is the one running. */
	struct np_interim *series;
	size_t series_room, series_len;
	uint64_t series_dropped;
	int iteration;
	/* The progress line, which flow 1 draws (NULL: not this flow). */
	struct np_progress *progress;
	/* --flows: which flow this is, where it runs, the gate it starts at
	 * (NULL: a single run). */
	int index;
	int lcpu, rcpu;               /* -1: anywhere */
	bool ours;                    /* netserver answered as netserver-ng */
	uint32_t caps;                /* and can do these (NP_EXT_CAP_*) */
	struct np_start_gate *gate;
	/* What the data ran over, read (asked) once per connection: the
	 * path and the hosts stay the same from one iteration to the next. */
	struct np_host_facts local_host, remote_host;
	bool facts_asked;             /* netserver was asked for its facts */
	bool facts_late;              /* and did not answer in time: a reply
				       * that comes later is dropped */
	unsigned peer_warned;         /* netserver's figures warned of
				       * (report/peer.h's NP_PEER_*) */
};

/* A flow's own resources: -F's file, TCP_SENDFILE's, -j's histogram,
 * -c's snapshots, -J's interim figures.  0, or -1 with the reason on
 * err. */
int np_flow_prepare(const struct np_opts *o, struct np_flow *flow, FILE *err);
/* The control connection (and -Z's passphrase), or -N's data peer. */
int np_flow_connect(const struct np_opts *o, const char *host, struct np_flow *flow,
		    struct np_addr *peer, FILE *err);
/* One iteration on the flow's connection (data socket, request, data
 * phase, results), its figures in s: 0, or -1 after the error line. */
int np_flow_iteration(const struct np_plan *p, struct np_flow *flow, struct np_result *s,
		      FILE *err);
/* The end of the run for netserver: the control connection's goodbye,
 * if it is open. */
void np_flow_goodbye(struct np_flow *flow);
/* Close and free what np_flow_prepare and np_flow_connect opened. */
void np_flow_release(struct np_flow *flow);

#endif
