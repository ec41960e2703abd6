/*
 * exchange.h - netperf's side of the control exchange with netserver,
 * its messages on a flow's control connection: per iteration a request,
 * netserver's response (the data port), and after the data phase the
 * results, into the result's remote fields; the goodbye.  With -N there
 * is no netserver and the same calls stand in for it.  When each is
 * sent is the flow's (flow.c).
 */
#ifndef NP_EXCHANGE_H
#define NP_EXCHANGE_H

#include <stdio.h>

#include "cli/opts.h"
#include "cli/plan.h"
#include "client/flow.h"
#include "report/result.h"
#include "wire/wire.h"

/* Send the DO_OMNI request for the data socket fd (or the legacy one,
 * once netserver answered 998) and read netserver's response into rsp;
 * the widths and the data socket's port go to s.  0, or -1 with the
 * reason on err. */
int np_exchange_setup(const struct np_plan *p, struct np_flow *flow, int fd,
		      struct np_result *s, struct np_omni_response *rsp, FILE *err);
/* After the data phase: read netserver's results and fill the result's
 * remote fields; the first time, ask a netserver-ng that can tell for
 * its host facts (remote_host; unknown, with a warning on err, when the
 * answer is late or bad: the run's figures stand).  0, or -1 with the
 * reason on err. */
int np_exchange_results(const struct np_plan *p, struct np_flow *flow, struct np_result *s,
			const struct np_omni_response *rsp, FILE *err);

/* The results' figures into s's remote fields, as netserver sent them
 * (np_peer_check, report/peer.h, then holds them against the run). */
void np_exchange_remote(const struct np_opts *o, const struct np_omni_response *rsp,
			const struct np_omni_results *res, struct np_result *s);

/* The data phase failed with data_err (ECONNRESET, EPIPE, ECONNREFUSED,
 * ENOTCONN: the peer's doing): 1 when netserver-ng's results came at once and say
 * why (a limit of its own), that reason on err; 0 when the local error
 * stands. */
int np_exchange_cut_reason(struct np_flow *flow, const struct np_result *s,
			   const struct np_omni_response *rsp, int data_err, FILE *err);

/* -N: what np_exchange_setup and np_exchange_results would give, without
 * a netserver. */
void np_exchange_no_control_setup(const struct np_plan *p, struct np_flow *flow, int fd,
				  struct np_result *s, struct np_omni_response *rsp);
void np_exchange_no_control_results(struct np_result *s);

/* netperf's goodbye: half-close, let netserver close, then close. */
void np_exchange_goodbye(int ctl);
/* netserver-ng's host facts (NP_NG_FACTS), asked once a connection. */
void np_exchange_host_facts(struct np_flow *flow, FILE *err);

#endif
