/*
 * many.h - the messages of a many-flows run (--flows, issue 35): one
 * control connection for the whole run, between netperf-ng and
 * netserver-ng only (doc/protocol.md, "Many flows").
 *
 *   NP_NG_MANY       -> NP_NG_MANY_REPLY   the run: workload, flows,
 *                                          threads, sizes, per-run token;
 *                                          netserver's data ports
 *   NP_NG_MANY_GO    -> NP_NG_MANY_GO_REPLY   every flow joined: go
 *   NP_NG_MANY_END   -> NP_NG_MANY_END_REPLY  the data phase is over:
 *                                             netserver's counts
 *
 * netserver 2.7.1 answers NP_NG_MANY with serv_errno 998 (an unknown
 * request type) and keeps the connection: netperf then runs a session
 * per flow, as it did before.  Each data connection, and each UDP flow's
 * first datagram, starts with a hello (NP_MANY_HELLO_LEN bytes: magic,
 * the run's token, the flow's index) that netserver checks before it
 * serves a byte.  Decoding range-checks every field: a message that
 * fails is refused with the reason, never half-used.
 */
#ifndef NP_WIRE_MANY_H
#define NP_WIRE_MANY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire/wire.h"

enum {
	NP_NG_MANY = 0x4e49,
	NP_NG_MANY_REPLY = 0x4e4a,
	NP_NG_MANY_GO = 0x4e4b,
	NP_NG_MANY_GO_REPLY = 0x4e4c,
	NP_NG_MANY_END = 0x4e4d,
	NP_NG_MANY_END_REPLY = 0x4e4e,
};

/* The workloads a many-flows run has. */
enum np_many_kind {
	NP_MANY_TCP_RR = 1,
	NP_MANY_TCP_CRR,
	NP_MANY_UDP_RR,
	NP_MANY_TCP_STREAM,
	NP_MANY_TCP_MAERTS,
	NP_MANY_UDP_STREAM,
};

#define NP_MANY_MAX_FLOWS 100000
#define NP_MANY_MAX_THREADS 64
#define NP_MANY_MAX_SOCKS 64     /* netserver's data sockets: threads x ports */
#define NP_MANY_MAX_CPUS 32
#define NP_MANY_MAX_BURST 1024
#define NP_MANY_TOKEN_LEN 16
#define NP_MANY_HELLO_LEN 24
#define NP_MANY_HELLO_MAGIC 0x4e504746u  /* "NPGF" */

#define NP_MANY_F_NODELAY 0x1u
#define NP_MANY_F_CPU 0x2u      /* netperf -C: netserver's CPU over each phase */
#define NP_MANY_F_COUNTED 0x4u  /* -l -N: length_s is a bound, cut to netserver's */

struct np_many_req {
	uint32_t kind;           /* enum np_many_kind */
	uint32_t flows;          /* 1..NP_MANY_MAX_FLOWS */
	uint32_t threads;        /* netserver's event-loop threads */
	uint32_t ports;          /* data sockets per thread */
	int32_t req_size, rsp_size;   /* request/response sizes */
	int32_t send_size, recv_size; /* the sender's and receiver's calls */
	int32_t sndbuf, rcvbuf;  /* netserver's SO_SNDBUF/SO_RCVBUF; -1 default */
	uint32_t flags;          /* NP_MANY_F_* */
	int32_t length_s;        /* the longest the data phase may last */
	int32_t burst;           /* transactions in flight per flow */
	int32_t ncpus;           /* --remote-cpus: netserver's threads' CPUs */
	int32_t cpus[NP_MANY_MAX_CPUS];
	uint8_t token[NP_MANY_TOKEN_LEN];
};

struct np_many_reply {
	int32_t serv_errno;      /* 0, or why not (then why says it) */
	uint32_t threads;
	uint32_t nsocks;         /* data sockets, threads x ports */
	uint16_t ports[NP_MANY_MAX_SOCKS];
	int32_t sndbuf, rcvbuf;  /* its data sockets' SO_SNDBUF/SO_RCVBUF */
	int32_t length_s;        /* the longest data phase it serves */
	char why[NP_REFUSAL_LEN + 1];
};

struct np_many_counts {
	uint64_t bytes_in, bytes_out, msgs_in, msgs_out;
	uint64_t unproven;       /* connections and datagrams without the token */
	uint64_t refused;        /* connections past a thread's room */
	/* -C: the machine's CPU busy over the phase, percent (-1: not
	 * measured), how (NP_CPU_METHOD_*) and over how many CPUs. */
	float cpu_util;
	uint32_t cpu_method;
	int32_t cpu_count;
};

void np_many_encode_req(const struct np_many_req *q, uint8_t *msg);
/* 0, or -1 with the field and its range in why. */
int np_many_decode_req(const uint8_t *msg, struct np_many_req *q, char *why, size_t whylen);

void np_many_encode_reply(const struct np_many_reply *r, uint8_t *msg);
int np_many_decode_reply(const uint8_t *msg, struct np_many_reply *r, char *why, size_t whylen);

/* GO: the iteration about to start; its reply, the flows that joined. */
void np_many_encode_go(int32_t iteration, uint8_t *msg);
void np_many_encode_go_reply(int32_t serv_errno, uint32_t joined, uint8_t *msg);
int np_many_decode_go_reply(const uint8_t *msg, int32_t *serv_errno, uint32_t *joined,
			    char *why, size_t whylen);

/* END: sent is the bytes the client's flows sent since GO, in a stream
 * workload (netserver's counts wait for them); 0 otherwise. */
void np_many_encode_end(uint64_t sent, uint8_t *msg);
int np_many_decode_end(const uint8_t *msg, uint64_t *sent, char *why, size_t whylen);
void np_many_encode_end_reply(int32_t serv_errno, const struct np_many_counts *c, uint8_t *msg);
int np_many_decode_end_reply(const uint8_t *msg, int32_t *serv_errno, struct np_many_counts *c,
			     char *why, size_t whylen);

/* Whether msg (of any of the six types) carries the extension's magic. */
int np_many_has_magic(const uint8_t *msg);

/* A data connection's hello; the flow it names, or -1 when it is not
 * this run's (another token, no magic, an index past flows). */
void np_many_hello(const uint8_t token[NP_MANY_TOKEN_LEN], uint32_t flow,
		   uint8_t out[NP_MANY_HELLO_LEN]);
int64_t np_many_hello_check(const uint8_t *in, const uint8_t token[NP_MANY_TOKEN_LEN],
			    uint32_t flows);

/* Whether the workload runs over UDP; whether it is request/response. */
static inline bool np_many_is_udp(uint32_t kind)
{
	return kind == NP_MANY_UDP_RR || kind == NP_MANY_UDP_STREAM;
}

static inline bool np_many_is_rr(uint32_t kind)
{
	return kind == NP_MANY_TCP_RR || kind == NP_MANY_UDP_RR || kind == NP_MANY_TCP_CRR;
}

/* The workload's name, as -t names it ("TCP_RR"...). */
const char *np_many_kind_name(uint32_t kind);

#endif
