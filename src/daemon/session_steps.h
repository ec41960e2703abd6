/*
 * session_steps.h - a session's state and a test's steps, shared by the
 * files of netserver's session (session.h): session.c (the control
 * connection, its requests read and checked, refusals), session_setup.c
 * (what a test takes before the answer) and session_run.c (the steps in
 * order, the run, the results).  Only those include it.
 */
#ifndef NP_SESSION_STEPS_H
#define NP_SESSION_STEPS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "base/clock.h"
#include "daemon/session.h"
#include "host/facts.h"
#include "host/others.h"
#include "host/placement.h"
#include "run/dataaddr.h"
#include "run/proof.h"
#include "run/run.h"
#include "run/test.h"
#include "wire/wire.h"

struct np_cpu_snapshot;
struct np_many_server;

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
	/* A many-flows run (session_many.c), NULL when none: at most one a
	 * session, torn down when the session ends. */
	struct np_many_server *many;
	int many_length_s;             /* its data phases' longest */
	uint32_t many_flows;
	bool many_cpu;                 /* -C: the CPU over each phase */
	bool many_cpu_read;            /* GO read its counters (cpu0) */
	uint8_t msg[NP_MSG_SIZE];
};

/* One test's state, carried from step to step (session_run.c's test_steps[]). */
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

/* NP_NG_MANY, NP_NG_MANY_GO, NP_NG_MANY_END (session_many.c); < 0 ends
 * the session. */
int np_sess_many(struct session *s, int32_t type);
/* The many-flows run's end, with the session's. */
void np_sess_many_end(struct session *s);
/* How long the control connection may stay silent now. */
int np_sess_many_timeout_ms(const struct session *s);

/* Refuse the request being served: serv_errno err to the client (with
 * why, to a netperf-ng), why to the log; -1, which ends the session. */
int np_sess_refuse(struct session *s, int err, const char *why);

/* Serve test t for request q, step by step (session_run.c); < 0 ends the
 * session. */
int np_sess_run_test(struct session *s, const struct np_omni_request *q,
		     const struct np_test *t);

/* The steps of session_run.c's test_steps[], in its order, in the files of
 * their jobs; each refuses, logs and returns -1 itself.  session.c: */
int np_sess_admit(struct session *s, struct test_state *ts);
/* session_setup.c: */
int np_sess_open_socket(struct session *s, struct test_state *ts);
int np_sess_apply_fields(struct session *s, struct test_state *ts);
int np_sess_apply_sizes(struct session *s, struct test_state *ts);
int np_sess_data_proof(struct session *s, struct test_state *ts);
int np_sess_take_buffers(struct session *s, struct test_state *ts);
int np_sess_cpu_snapshots(struct session *s, struct test_state *ts);
int np_sess_others_first(struct session *s, struct test_state *ts);
int np_sess_send_response(struct session *s, struct test_state *ts);

#endif
