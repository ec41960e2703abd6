/*
 * wire.h - the netperf 2.7 control messages, as bytes.
 *
 * Every control message is 656 bytes: a type word, a second header word
 * (remote CPU affinity in requests, serv_errno in replies) and 162 words of
 * test data.  Scalars in the converted prefix are big-endian 32-bit;
 * strings after the prefix are raw.  This module is the only place that
 * knows byte offsets (netperf 2.7.1's nettest_omni.c structs; the captures
 * in tests/data/vectors, which tests/check_wire.c decodes).  It does no I/O, so
 * it can be unit-tested and fuzzed on its own.
 */
#ifndef NP_WIRE_H
#define NP_WIRE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host/facts.h"
#include "host/placement.h"
#include "wire/refuse.h"
#include "wire/wire_field.h"

#define NP_MSG_SIZE 656

enum np_msg_type {
	NP_DEBUG_ON = 1,
	NP_DEBUG_OFF = 2,
	NP_DEBUG_OK = 3,
	NP_CPU_CALIBRATE = 5,
	NP_PASSPHRASE = 6,
	NP_DO_OMNI = 97,
	NP_OMNI_RESPONSE = 98,
	NP_OMNI_RESULTS = 99,
	NP_DO_SYSINFO = 600,
	NP_SYSINFO_RESPONSE = 601,
	/* netperf-ng's own, between netperf-ng programs only
	 * (doc/extension.md): what netserver's end of the data ran on. */
	NP_NG_FACTS = 0x4e47,
	NP_NG_FACTS_REPLY = 0x4e48,
};

/* serv_errno for a request type the server does not know. */
#define NP_ERR_UNKNOWN_REQUEST 998

/* The serv_errno of netserver-ng's refusals (NP_REFUSE_*): refuse.h. */

/* Request flags (word 14); a response only ever carries NODELAY and CPU. */
#define NP_F_NODELAY 0x1u
#define NP_F_SENDFILE 0x2u
#define NP_F_CONNECT_TEST 0x4u
#define NP_F_MEASURE_CPU 0x8u
#define NP_F_CHECKSUM_OFF 0x10u
#define NP_F_ROUTING 0x20u /* also: "send me the congestion-control name" */
#define NP_F_FASTOPEN 0x800u
#define NP_F_USE_CONNECTED 0x4000u
#define NP_F_DEFER_ACCEPT 0x8000u
#define NP_F_MTU_DISCOVER 0x10000u
#define NP_F_KEEPALIVE 0x80000000u
#define NP_F_RESPONSE_MASK (NP_F_NODELAY | NP_F_MEASURE_CPU)

/* Direction, from the server's point of view. */
#define NP_DIR_XMIT 2u
#define NP_DIR_RECV 4u

#define NP_SOCK_STREAM 1u
#define NP_SOCK_DGRAM 2u

/* Largest UDP payload over IPv4: 65535 - 20 (IP) - 8 (UDP). */
#define NP_UDP_MAX 65507

/* Limits both ends enforce on what a request may ask for. */
#define NP_MAX_SECONDS 86400              /* one day per iteration */
#define NP_MAX_COUNT (1 << 30)            /* -l -N: bytes or transactions */
#define NP_MAX_TCP_MSG (1 << 22)          /* 4 MiB per send/recv/request */
#define NP_MAX_SOCKBUF (1 << 30)

#define NP_CONG_LEN 16
#define NP_FILL_LEN 32

/*
 * The netperf-ng extension (doc/extension.md): four words, message bytes
 * 0x280..0x28f of a DO_OMNI request and of an OMNI_RESPONSE, that netperf
 * and netserver 2.7.1 never fill and never read, and the eight parameter
 * words before them (0x260..0x27f): the values of the test's own options.
 * A request carries the magic to name a test netperf 2.7.1 lacks; a
 * response carries it to say "netserver-ng" and what that netserver can
 * do.  Without the magic all twelve words are zero, exactly as 2.7.1 sends
 * them, and the message means what it means to 2.7.1: nobody is refused
 * for lacking it.
 *
 * The magic's first byte is 0 and its others are not: netperf 2.7.1 may
 * leave the tail of a long -Z passphrase (strncpy'd, NUL-padded) in these
 * words, and such a tail can never hold a 0 byte followed by a non-zero
 * one.
 */
#define NP_EXT_MAGIC 0x004E5047u	/* "\0NPG" */
#define NP_EXT_VERSION 1u		/* this build's extension version */

/* Test ids: 0 is a 2.7.1 test, named by the classic fields (socket type,
 * protocol, direction, flags); others are netperf-ng's own tests. */
#define NP_EXT_TEST_CLASSIC 0u

/* Capability bits of the sender; a receiver ignores bits it does not
 * know. */
enum np_ext_cap {
	NP_EXT_CAP_FLOWS = 1u << 0,	/* several data flows in one test */
	NP_EXT_CAP_HOST_FACTS = 1u << 1, /* answers NP_NG_FACTS */
	/* Proves its declared data address: echoes the cookie netserver
	 * sends there (run/proof.h; the response's data_proof). */
	NP_EXT_CAP_DATA_PROOF = 1u << 2,
	/* A server's alone: its response's applied word says which request
	 * fields (run/reqfields.h) it applied, and a refusal of a request
	 * with the magic says why in text. */
	NP_EXT_CAP_APPLIED = 1u << 3,
};
/* What this build can do, as it tells its peer; a server's response and
 * refusal say more (the request's words stay as they were). */
#define NP_EXT_CAPS \
	((uint32_t)(NP_EXT_CAP_FLOWS | NP_EXT_CAP_HOST_FACTS | NP_EXT_CAP_DATA_PROOF))
#define NP_EXT_SERVER_CAPS ((uint32_t)(NP_EXT_CAPS | NP_EXT_CAP_APPLIED))

/* Parameter words: one per option of a test (run.h NP_TEST_OPTIONS). */
#define NP_EXT_PARAMS 8
/* A refusal's reason, as netserver-ng's response carries it. */
#define NP_REFUSAL_LEN 255

struct np_ext {
	bool present;		/* the magic was (or is to be) on the wire */
	uint32_t test_id;	/* NP_EXT_TEST_CLASSIC or a netperf-ng test */
	uint32_t version;	/* the sender's NP_EXT_VERSION; informational */
	uint32_t caps;		/* the sender's NP_EXT_CAP_* bits */
	/* The test's own options in its order (request), the values the
	 * server runs with (response); 0 past them. */
	int32_t params[NP_EXT_PARAMS];
};

struct np_omni_request {
	int32_t cpu_affinity;   /* header word 1; -1 = none */
	int32_t send_buf_size;  /* -1 = system default */
	int32_t send_size;      /* -1 = default */
	uint32_t send_alignment;
	uint32_t send_offset;
	uint32_t send_width;
	int32_t request_size;   /* -1 for stream tests */
	int32_t recv_buf_size;
	int32_t receive_size;
	uint32_t recv_alignment;
	uint32_t recv_offset;
	uint32_t recv_width;
	int32_t response_size;
	uint32_t flags;
	float cpu_rate;
	int32_t test_length;    /* >0 seconds, <0 units, 0 = untimed */
	uint32_t so_rcvavoid;
	uint32_t so_sndavoid;
	int32_t send_dirty_count;
	int32_t recv_dirty_count;
	int32_t recv_clean_count;
	uint32_t data_port;
	uint32_t ipfamily;      /* NP_FAM_* */
	uint32_t socket_type;   /* NP_SOCK_* */
	uint32_t protocol;      /* IANA number */
	uint32_t direction;     /* NP_DIR_* bits */
	uint32_t netperf_port;
	uint32_t interval_burst;
	uint32_t interval_usecs;
	uint8_t netperf_ip[16];   /* address bytes in network order */
	uint8_t netserver_ip[16]; /* all zero = unspecified */
	int32_t socket_prio;
	int32_t socket_tos;
	char cong_control[NP_CONG_LEN + 1];
	char fill_file[NP_FILL_LEN + 1];
	struct np_ext ext;      /* present == false: a plain 2.7.1 request */
};

struct np_omni_response {
	int32_t serv_errno;
	int32_t recv_buf_size;
	int32_t receive_size;
	int32_t recv_width;
	int32_t send_buf_size;
	int32_t send_size;
	int32_t send_width;
	uint32_t flags;
	float cpu_rate;
	uint32_t test_length;
	uint32_t so_rcvavoid;
	uint32_t so_sndavoid;
	uint32_t data_port;
	uint32_t interval_burst;
	uint32_t interval_usecs;
	uint32_t cpu_frequency;
	uint32_t security_info;
	int32_t socket_prio;
	int32_t socket_tos;
	struct np_ext ext;      /* present == false: not (known as) ours */
	/* netperf-ng's own, past 2.7.1's struct: written only with the
	 * extension, read only with the magic (doc/extension.md).  1: a
	 * cookie goes to the declared data address, which must echo it
	 * before the data phase (run/proof.h); 0: none. */
	uint32_t data_proof;
	/* Bit k: the request's parameter word k, a request field of the
	 * test (run/reqfields.h), applied (NP_EXT_CAP_APPLIED). */
	uint32_t applied;
	/* A refusal (serv_errno not 0): why, one line of printable text;
	 * "" when not told. */
	char refusal[NP_REFUSAL_LEN + 1];
};

struct np_omni_results {
	int32_t serv_errno;
	uint64_t bytes_received;
	uint32_t recv_calls;
	int32_t recv_buf_size;
	uint64_t bytes_sent;
	uint32_t send_calls;
	int32_t send_buf_size;
	uint32_t failed_sends;
	uint32_t trans_received;
	float elapsed_time;
	float cpu_util;
	float cpu_user;
	float cpu_system;
	float cpu_iowait;
	float cpu_irq;
	float cpu_swintr;
	float serv_dem;
	uint32_t cpu_method;
	uint32_t num_cpus;
	int32_t peak_cpu_id;
	float peak_cpu_util;
	int32_t vendor;
	int32_t device;
	int32_t subvendor;
	int32_t subdevice;
	int32_t transport_retrans;
	char cong_control[NP_CONG_LEN + 1];
	/* netperf-ng's own counts, in the extension words past 2.7.1's
	 * struct: written only when ng is set (to a netperf-ng client),
	 * read only with the magic (doc/extension.md). */
	bool ng;
	uint64_t syscalls, zc_sends, zc_copied;
	uint32_t poll;
	/* Where netserver's data loop ran (placement.h) and its host's boot
	 * id, which bits of place say are known (NP_PLACE_*). */
	uint64_t boot_hi, boot_lo;
	uint32_t place;
	int32_t cpu_start, cpu_end;
	uint32_t migrations;
	/* The CPU time, in microseconds, that other processes on its host
	 * and netserver's session itself took over the test (others.h). */
	uint64_t others_us, own_us;
	uint32_t session_pid;    /* on one host, netperf leaves it out */
	/* The session's start on its system's process clock (others.h's
	 * struct np_proc_rec: Linux's clock ticks after boot, FreeBSD's and
	 * macOS's microseconds): with the pid, which process it is, read by
	 * a netperf on the same host and so the same clock. */
	uint64_t session_start;
};

/* The results' place bits: boot id, CPUs, migrations, other processes'
 * and the session's own CPU time known. */
#define NP_PLACE_BOOT 0x1u
#define NP_PLACE_CPU 0x2u
#define NP_PLACE_MIGRATIONS 0x4u
#define NP_PLACE_OTHERS 0x8u
#define NP_PLACE_OWN 0x10u
#define NP_PLACE_PID 0x20u
#define NP_PLACE_START 0x40u
#define NP_PLACE_ALL                                                                        \
	(NP_PLACE_BOOT | NP_PLACE_CPU | NP_PLACE_MIGRATIONS | NP_PLACE_OTHERS | NP_PLACE_OWN | \
	 NP_PLACE_PID | NP_PLACE_START)
/* Linux's PID_MAX_LIMIT. */
#define NP_PID_MAX 4194304
/* A CPU time past this (about 200 days) is refused. */
#define NP_CPU_US_MAX (UINT64_C(1) << 44)

/* The omni messages' tables (wire_field.h), which the encoders and
 * decoders below walk: the request, the response, the results (each
 * struct's members but ext), the extension words (struct np_ext's
 * members but present, which the magic stands for), and the results'
 * netperf-ng counts (in the extension's parameter words, struct
 * np_omni_results'), and the response's netperf-ng word (data_proof). */
enum np_wire_message {
	NP_WT_REQUEST,
	NP_WT_RESPONSE,
	NP_WT_RESULTS,
	NP_WT_EXT,
	NP_WT_RESULTS_NG,
	NP_WT_RESPONSE_NG,
};
const struct np_wire_table *np_wire_table(enum np_wire_message m);

/* The two header words of any message. */
int32_t np_wire_type(const uint8_t *msg);
int32_t np_wire_word1(const uint8_t *msg);

/*
 * Encoders fill all NP_MSG_SIZE bytes (unused ones zero); the extension
 * words, parameters included, only when ext.present.  Decoders set
 * ext.present only when the magic is there, and then take the other three
 * words and the parameters as they are (their ranges are the test's, so
 * the session checks them); without it all of ext is zero.
 * Decoders return 0, or an errno value (EINVAL, EMSGSIZE, EAFNOSUPPORT,
 * EPROTONOSUPPORT, EACCES) with a one-line reason in why[] when a field is
 * out of range.
 */
void np_wire_encode_request(const struct np_omni_request *q, uint8_t *msg);
int np_wire_decode_request(const uint8_t *msg, struct np_omni_request *q,
			   char *why, size_t whylen);

/* The range checks of np_wire_decode_request on a decoded request: every
 * other decoder of test requests (legacy.c) passes its result through
 * them, so all requests meet one set of rules.  They do not look at ext:
 * whether its test id is known is the session's question
 * (NP_REFUSE_EXT_TEST), and its version and caps are information. */
int np_wire_check_request(const struct np_omni_request *q, char *why,
			  size_t whylen);

void np_wire_encode_response(const struct np_omni_response *r, uint8_t *msg);
int np_wire_decode_response(const uint8_t *msg, struct np_omni_response *r,
			    char *why, size_t whylen);

/* Results go out as type 99; a reader ignores the type word, because the
 * reference sends a byte-swapped 98 there. */
void np_wire_encode_results(const struct np_omni_results *r, uint8_t *msg);
int np_wire_decode_results(const uint8_t *msg, struct np_omni_results *r,
			   char *why, size_t whylen);

/*
 * Host facts (facts.h), netperf-ng to netperf-ng only: netperf asks with an
 * NP_NG_FACTS request (the extension's magic in it, nothing else) after
 * the results, when netserver's response named NP_EXT_CAP_HOST_FACTS;
 * netserver answers NP_NG_FACTS_REPLY for its end of the last data
 * connection.  The decoder takes a reply only with type, serv_errno 0 and
 * the magic, every number -1 or within its NP_FACT_MAX_*, the offload
 * bits within NP_OFFLOAD_ALL (on a subset of known), and every text
 * terminated within its width and printable ASCII; it sets known.
 */
void np_wire_encode_facts_request(uint8_t *msg);
bool np_wire_is_facts_request(const uint8_t *msg);
void np_wire_encode_facts(const struct np_host_facts *f, uint8_t *msg);
int np_wire_decode_facts(const uint8_t *msg, struct np_host_facts *f, char *why,
			 size_t whylen);

/* A reply carrying only a type and serv_errno (e.g. 998, DEBUG_OK). */
void np_wire_encode_reply(int32_t type, int32_t serv_errno, uint8_t *msg);
/* netserver-ng's refusal of a request with the magic: OMNI_RESPONSE with
 * serv_errno, its extension (test_id, the request's, echoed) and why, the
 * reason in text (doc/protocol.md, "Refusals").  A request without the
 * magic is refused with np_wire_encode_reply, the bytes 2.7.1 sends. */
void np_wire_encode_refusal(int32_t serv_errno, uint32_t test_id, const char *why,
			    uint8_t *msg);
void np_wire_encode_passphrase(const char *pass, uint8_t *msg);
/* A PASSPHRASE message carrying exactly pass (compared in constant time). */
bool np_wire_passphrase_matches(const uint8_t *msg, const char *pass);
void np_wire_encode_sysinfo_reply(uint8_t *msg);
void np_wire_encode_cpu_calibrate_reply(float rate, int32_t ncpus, uint8_t *msg);
void np_wire_decode_cpu_calibrate_reply(const uint8_t *msg, float *rate, int32_t *ncpus);


#endif
