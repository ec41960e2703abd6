/*
 * exchange.h - netperf's side of the control exchange with netserver:
 * per iteration a request, netserver's response (the data port), and
 * after the data phase the results, into the result's remote fields.
 * With -N there is no netserver and the same calls stand in for it.
 */
#ifndef NP_EXCHANGE_H
#define NP_EXCHANGE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "base/sock.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "report/report.h"
#include "report/result.h"
#include "wire/wire.h"

struct np_cpu_snapshot;
struct np_gate;
struct np_hist;

/* -J -D: interim figures kept at most (3 MB), as many as a 10 s
 * test's ticks every 100 us. */
#define NP_INTERIM_KEEP 100000

struct np_flow;
/* -D: one interim figure of flow l (a rate over secs, ending at wall). */
typedef void (*np_interim_fn)(struct np_flow *l, double rate, double secs,
			      const struct timespec *wall);

/* One flow: its control connection to netserver and the state carried
 * from one iteration to the next (--flows runs several). */
struct np_progress;

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
	struct np_gate *gate;
	/* What the data ran over, read (asked) once per connection: the
	 * path and the hosts stay the same from one iteration to the next. */
	struct np_host_facts local_host, remote_host;
	bool facts_asked;             /* netserver was asked for its facts */
	bool facts_late;              /* and did not answer in time: a reply
				       * that comes later is dropped */
	unsigned peer_warned;         /* netserver's figures warned of
				       * (report/peer.h's NP_PEER_*) */
};

/* A link's own resources: -F's file, TCP_SENDFILE's, -j's histogram,
 * -c's snapshots.  0, or -1 with the reason on err. */
int np_flow_prepare(const struct np_opts *o, struct np_flow *l, FILE *err);
/* Close and free what np_flow_prepare and np_flow_connect opened. */
void np_flow_release(struct np_flow *l);
/* The control connection (and -Z's passphrase), or -N's data peer. */
int np_flow_connect(const struct np_opts *o, const char *host, struct np_flow *l,
		    struct np_addr *peer, FILE *err);

/* Send the DO_OMNI request for the data socket fd (or the legacy one,
 * once netserver answered 998) and read netserver's response into rsp;
 * the widths and the data socket's port go to s.  0, or -1 with the
 * reason on err. */
int np_exchange_setup(const struct np_plan *p, struct np_flow *l, int fd,
		      struct np_result *s, struct np_omni_response *rsp, FILE *err);
/* After the data phase: read netserver's results and fill the result's
 * remote fields; the first time, ask a netserver-ng that can tell for
 * its host facts (remote_host; unknown, with a warning on err, when the
 * answer is late or bad: the run's figures stand).  0, or -1 with the
 * reason on err. */
int np_exchange_results(const struct np_plan *p, struct np_flow *l, struct np_result *s,
			const struct np_omni_response *rsp, FILE *err);

/* The results' figures into s's remote fields, as netserver sent them
 * (np_peer_check, report/peer.h, then holds them against the run). */
void np_exchange_remote(const struct np_opts *o, const struct np_omni_response *rsp,
			const struct np_omni_results *res, struct np_result *s);

/* The data phase failed with data_err (ECONNRESET, EPIPE, ECONNREFUSED,
 * ENOTCONN: the peer's doing): 1 when netserver-ng's results came at once and say
 * why (a limit of its own), that reason on err; 0 when the local error
 * stands. */
int np_exchange_cut_reason(struct np_flow *l, const struct np_result *s,
			   const struct np_omni_response *rsp, int data_err, FILE *err);

/* -N: what np_exchange_setup and np_exchange_results would give, without
 * a netserver. */
void np_exchange_no_control_setup(const struct np_plan *p, struct np_flow *l, int fd,
				  struct np_result *s, struct np_omni_response *rsp);
void np_exchange_no_control_results(struct np_result *s);

/* netperf's goodbye: half-close, let netserver close, then close. */
void np_exchange_goodbye(int ctl);

#endif
