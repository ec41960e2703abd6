/*
 * wire.c - the netperf 2.7 control messages, as bytes.
 *
 * Each omni message is one table of rows (wire_field.h): where a field
 * is, how it is coded, which struct member holds it, what range it must
 * be in.  One encoder, one decoder and one checker walk them, so a field
 * is written once.  Offsets follow netperf 2.7.1's omni structs (nettest_omni.c: omni_request_struct,
 * omni_response_struct, omni_results_struct), checked against the
 * captures in tests/data/vectors (tests/check_wire.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wire/wire.h"

/* Header words, common to every message. */
enum {
	OFF_TYPE = 0x00,
	OFF_WORD1 = 0x04,
	OFF_AREA = 0x08,	/* start of the test-specific area */
};

/* The netperf-ng extension, at the same place in DO_OMNI and
 * OMNI_RESPONSE: past every 2.7.1 struct (request 0xd0, response 0xd4,
 * results 0x124), so 2.7.1 neither fills nor reads it (doc/extension.md).
 * The parameter words come first, words 152..159. */
enum {
	EXT_PARAMS = 0x260,
	EXT_MAGIC = 0x280,
	EXT_TEST_ID = 0x284,
	EXT_VERSION = 0x288,
	EXT_CAPS = 0x28c,
};
_Static_assert(EXT_CAPS + 4 == NP_MSG_SIZE, "the extension ends the message");
/* A response's refusal text: past the stale bytes of 2.7.1's replies
 * (0x123), before its applied word (0x258). */
enum { RSP_REFUSAL = 0x124 };
_Static_assert(RSP_REFUSAL + NP_REFUSAL_LEN <= EXT_PARAMS - 8, "the text ends before word 150");
_Static_assert(EXT_PARAMS + 4 * NP_EXT_PARAMS == EXT_MAGIC, "the parameters end at the magic");

/* NP_NG_FACTS_REPLY: the numbers, then the texts, each in a field of its
 * width with its NUL; the extension words end the message as in DO_OMNI. */
enum {
	HF_MTU = 0x08,
	HF_SPEED = 0x0c,
	HF_OFFLOAD_KNOWN = 0x10,
	HF_OFFLOAD_ON = 0x14,
	HF_RX_QUEUES = 0x18,
	HF_TX_QUEUES = 0x1c,
	HF_CPU_COUNT = 0x20,
	HF_IFNAME = 0x24,	/* [16] */
	HF_DRIVER = 0x34,	/* [32] */
	HF_DRIVER_VERSION = 0x54,
	HF_FIRMWARE = 0x74,
	HF_BUS = 0x94,
	HF_SYSNAME = 0xb4,	/* [32] */
	HF_MACHINE = 0xd4,
	HF_RELEASE = 0xf4,	/* [64] */
	HF_VERSION = 0x134,
	HF_CPU_MODEL = 0x174,
	HF_NG_VERSION = 0x1b4,	/* [32] */
	HF_END = 0x1d4,
};
_Static_assert((int)HF_END <= (int)EXT_PARAMS, "the facts end before the extension words");

/* CPU_CALIBRATE reply words. */
enum {
	CC_RATE = 0x08,
	CC_NCPUS = 0x0c,
};

#define IPPROTO_TCP_NUM 6u
#define IPPROTO_UDP_NUM 17u
#define NP_DIR_BOTH (NP_DIR_XMIT | NP_DIR_RECV)
#define MAX_PORT 65535u
#define MAX_PRIV_PORT 1023u

static const char sysinfo_text[] =
	",Deprecated,Deprecated,Deprecated,Deprecated";

/* Short names inside this file, where every check uses them. */
#define fail np_wire_fail
#define ok np_wire_ok

/* -1 asks for the default; anything else must fit one send on that
 * protocol.  Only "too big for a datagram" is EMSGSIZE. */
static int check_msg_size(const char *name, int32_t v, int udp,
			  char *why, size_t whylen)
{
	int32_t max = udp ? NP_UDP_MAX : NP_MAX_TCP_MSG;

	if (v == -1 || (v >= 1 && v <= max))
		return 0;
	return fail(why, whylen, udp && v > max ? EMSGSIZE : EINVAL,
		    "%s %" PRId32 " out of range 1..%" PRId32, name, v, max);
}

static int cong_char_ok(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* The name ends up in setsockopt(TCP_CONGESTION) and in the output, so it
 * must be terminated inside its 16 bytes and be a plain identifier.  The
 * decoder cut an unterminated field at 16 bytes, so its length says so. */
static int check_cong(const char *name, char *why, size_t whylen)
{
	size_t i;

	if (np_wire_text_len(name, NP_CONG_LEN + 1) >= NP_CONG_LEN)
		return fail(why, whylen, EINVAL,
			    "cong_control is not NUL-terminated within %d bytes",
			    NP_CONG_LEN);
	for (i = 0; name[i]; i++)
		if (!cong_char_ok((unsigned char)name[i]))
			return fail(why, whylen, EINVAL,
				    "cong_control has invalid byte 0x%02x at %zu",
				    (unsigned char)name[i], i);
	return 0;
}

/* How a row is written: where, what, which member, then its rules. */
#define ROW(o, k, type, m) .name = #m, .off = (o), .kind = (k), .at = offsetof(type, m)
#define IN(lo, hi) .bounds = NP_WB_MIN | NP_WB_MAX, .min = (lo), .max = (hi)
#define AT_MOST(hi) .bounds = NP_WB_MAX, .max = (hi)
#define AT_LEAST(lo) .bounds = NP_WB_MIN, .min = (lo)
#define TABLE(rows) { rows, sizeof(rows) / sizeof(rows[0]) }

/* The passes of np_wire_check_request, in the order its rules have
 * always run (the first refusal is the one reported): the family, then
 * the kind of test, the ports, the sizes, and the rest. */
enum { STAGE_REST = 0, STAGE_FAMILY, STAGE_PORTS };

static int check_family(const void *s, const struct np_wire_field *f, char *why,
			size_t whylen)
{
	const uint32_t v = *(const uint32_t *)((const char *)s + f->at);

	if (v == NP_FAM_INET || v == NP_FAM_INET6)
		return 0;
	return fail(why, whylen, EAFNOSUPPORT, "ipfamily %" PRIu32 " is not 4 or 6", v);
}

static int check_unprivileged(const void *s, const struct np_wire_field *f, char *why,
			      size_t whylen)
{
	const uint32_t v = *(const uint32_t *)((const char *)s + f->at);

	if (v >= 1 && v <= MAX_PRIV_PORT)
		return fail(why, whylen, EACCES, "%s %" PRIu32 " is privileged (1..%u)", f->name,
			    v, MAX_PRIV_PORT);
	return 0;
}

static int check_cong_row(const void *s, const struct np_wire_field *f, char *why,
			  size_t whylen)
{
	return check_cong((const char *)s + f->at, why, whylen);
}

static int check_no_fill(const void *s, const struct np_wire_field *f, char *why,
			 size_t whylen)
{
	if (((const char *)s + f->at)[0] != 0)
		return fail(why, whylen, EACCES, "fill files are not served");
	return 0;
}

#define RQ(o, k, m) ROW(o, k, struct np_omni_request, m)
static const struct np_wire_field request_fields[] = {
	{ RQ(0x04, NP_WK_S32, cpu_affinity) },	/* header word 1 */
	{ RQ(0x08, NP_WK_S32, send_buf_size), AT_MOST(NP_MAX_SOCKBUF) },
	{ RQ(0x0c, NP_WK_S32, send_size) },
	{ RQ(0x10, NP_WK_U32, send_alignment) },
	{ RQ(0x14, NP_WK_U32, send_offset) },
	{ RQ(0x18, NP_WK_U32, send_width) },
	{ RQ(0x1c, NP_WK_S32, request_size) },
	{ RQ(0x20, NP_WK_S32, recv_buf_size), AT_MOST(NP_MAX_SOCKBUF) },
	{ RQ(0x24, NP_WK_S32, receive_size) },
	{ RQ(0x28, NP_WK_U32, recv_alignment) },
	{ RQ(0x2c, NP_WK_U32, recv_offset) },
	{ RQ(0x30, NP_WK_U32, recv_width) },
	{ RQ(0x34, NP_WK_S32, response_size) },
	{ RQ(0x38, NP_WK_U32, flags) },
	{ RQ(0x3c, NP_WK_F32, cpu_rate) },
	/* Bounded both ways so that no request can pin a child forever
	 * (netserver 2.7.1, sent -(2^31-1), stayed in accept() for good). */
	{ RQ(0x40, NP_WK_S32, test_length), IN(-NP_MAX_COUNT, NP_MAX_SECONDS) },
	{ RQ(0x44, NP_WK_U32, so_rcvavoid) },
	{ RQ(0x48, NP_WK_U32, so_sndavoid) },
	{ RQ(0x4c, NP_WK_S32, send_dirty_count) },
	{ RQ(0x50, NP_WK_S32, recv_dirty_count) },
	{ RQ(0x54, NP_WK_S32, recv_clean_count) },
	{ RQ(0x58, NP_WK_U32, data_port), .stage = STAGE_PORTS, IN(0, MAX_PORT),
	  .check = check_unprivileged },
	{ RQ(0x5c, NP_WK_U32, ipfamily), .stage = STAGE_FAMILY, .check = check_family },
	{ RQ(0x60, NP_WK_U32, socket_type) },
	{ RQ(0x64, NP_WK_U32, protocol) },
	{ RQ(0x68, NP_WK_U32, direction) },
	{ RQ(0x6c, NP_WK_U32, netperf_port), .stage = STAGE_PORTS, IN(0, MAX_PORT) },
	{ RQ(0x70, NP_WK_U32, interval_burst) },
	{ RQ(0x74, NP_WK_U32, interval_usecs) },
	{ RQ(0x78, NP_WK_ADDR, netperf_ip), .aux = offsetof(struct np_omni_request, ipfamily) },
	{ RQ(0x88, NP_WK_ADDR, netserver_ip), .aux = offsetof(struct np_omni_request, ipfamily) },
	/* -1 leaves them alone; SO_PRIORITY takes any other number (above 6
	 * with CAP_NET_ADMIN), IP_TOS and IPV6_TCLASS one byte. */
	{ RQ(0x98, NP_WK_S32, socket_prio), AT_LEAST(-1) },
	{ RQ(0x9c, NP_WK_S32, socket_tos), IN(-1, 255) },
	{ RQ(0xa0, NP_WK_STR, cong_control), .len = NP_CONG_LEN, .check = check_cong_row },
	{ RQ(0xb0, NP_WK_STR, fill_file), .len = NP_FILL_LEN, .check = check_no_fill },
};

/* A refusal carries no port; only a usable answer needs one. */
static int check_answer_port(const void *s, const struct np_wire_field *f, char *why,
			     size_t whylen)
{
	const struct np_omni_response *r = s;

	(void)f;
	if (r->serv_errno == 0 && (r->data_port < 1 || r->data_port > MAX_PORT))
		return fail(why, whylen, EINVAL, "data_port %" PRIu32 " out of range 1..%u",
			    r->data_port, MAX_PORT);
	return 0;
}

#define RS(o, k, m) ROW(o, k, struct np_omni_response, m)
static const struct np_wire_field response_fields[] = {
	{ RS(0x04, NP_WK_S32, serv_errno) },
	{ RS(0x08, NP_WK_S32, recv_buf_size) },
	{ RS(0x0c, NP_WK_S32, receive_size) },
	{ RS(0x10, NP_WK_S32, recv_width) },
	{ RS(0x14, NP_WK_S32, send_buf_size) },
	{ RS(0x18, NP_WK_S32, send_size) },
	{ RS(0x1c, NP_WK_S32, send_width) },
	/* From the 2nd response on a connection netserver 2.7.1 leaves the
	 * previous results' send_calls in the other bits (doc/protocol.md,
	 * "Stale words in netserver 2.7.1's replies"). */
	{ RS(0x20, NP_WK_U32, flags), .mask = NP_F_RESPONSE_MASK },
	{ RS(0x24, NP_WK_F32, cpu_rate) },
	{ RS(0x28, NP_WK_U32, test_length) },
	{ RS(0x2c, NP_WK_U32, so_rcvavoid) },
	{ RS(0x30, NP_WK_U32, so_sndavoid) },
	{ RS(0x34, NP_WK_U32, data_port), .check = check_answer_port },
	{ RS(0x38, NP_WK_U32, interval_burst) },
	{ RS(0x3c, NP_WK_U32, interval_usecs) },
	{ RS(0x40, NP_WK_U32, cpu_frequency) },
	{ RS(0x44, NP_WK_U32, security_info) },
	{ RS(0x48, NP_WK_S32, socket_prio) },
	{ RS(0x4c, NP_WK_S32, socket_tos) },
};

/* elapsed_time is the only float a client divides by. */
static int check_elapsed(const void *s, const struct np_wire_field *f, char *why,
			 size_t whylen)
{
	const struct np_omni_results *r = s;

	(void)f;
	if (r->serv_errno == 0 && (!isfinite(r->elapsed_time) || r->elapsed_time < 0.0f))
		return fail(why, whylen, EINVAL, "elapsed_time %g is not a finite value >= 0",
			    (double)r->elapsed_time);
	return 0;
}

#define RR(o, k, m) ROW(o, k, struct np_omni_results, m)
static const struct np_wire_field results_fields[] = {
	{ RR(0x04, NP_WK_S32, serv_errno) },
	{ RR(0x08, NP_WK_U64, bytes_received) },
	{ RR(0x10, NP_WK_U32, recv_calls) },
	{ RR(0x14, NP_WK_S32, recv_buf_size) },
	{ RR(0x18, NP_WK_U64, bytes_sent) },
	{ RR(0x20, NP_WK_U32, send_calls) },
	{ RR(0x24, NP_WK_S32, send_buf_size) },
	{ RR(0x28, NP_WK_U32, failed_sends) },
	{ RR(0x2c, NP_WK_U32, trans_received) },
	{ RR(0x30, NP_WK_F32, elapsed_time), .check = check_elapsed },
	{ RR(0x34, NP_WK_F32, cpu_util) },
	{ RR(0x38, NP_WK_F32, cpu_user) },
	{ RR(0x3c, NP_WK_F32, cpu_system) },
	{ RR(0x40, NP_WK_F32, cpu_iowait) },
	{ RR(0x44, NP_WK_F32, cpu_irq) },
	{ RR(0x48, NP_WK_F32, cpu_swintr) },
	{ RR(0x4c, NP_WK_F32, serv_dem) },
	{ RR(0x50, NP_WK_U32, cpu_method) },
	{ RR(0x54, NP_WK_U32, num_cpus) },
	{ RR(0x58, NP_WK_S32, peak_cpu_id) },
	{ RR(0x5c, NP_WK_F32, peak_cpu_util) },
	{ RR(0x60, NP_WK_S32, vendor) },
	{ RR(0x64, NP_WK_S32, device) },
	{ RR(0x68, NP_WK_S32, subvendor) },
	{ RR(0x6c, NP_WK_S32, subdevice) },
	{ RR(0x70, NP_WK_S32, transport_retrans) },
	{ RR(0x114, NP_WK_TEXT, cong_control), .len = NP_CONG_LEN },
};

/* The extension's words but the magic, which stands for ext.present. */
#define RX(o, k, m) ROW(o, k, struct np_ext, m)
static const struct np_wire_field ext_fields[] = {
	{ RX(EXT_PARAMS, NP_WK_S32S, params), .len = NP_EXT_PARAMS },
	{ RX(EXT_TEST_ID, NP_WK_U32, test_id) },
	{ RX(EXT_VERSION, NP_WK_U32, version) },
	{ RX(EXT_CAPS, NP_WK_U32, caps) },
};

static int check_zc_copied(const void *s, const struct np_wire_field *f, char *why,
			   size_t whylen)
{
	const struct np_omni_results *r = s;

	(void)f;
	if (r->zc_copied > r->zc_sends)
		return fail(why, whylen, EINVAL,
			    "%" PRIu64 " zero-copy sends copied of %" PRIu64 " done",
			    r->zc_copied, r->zc_sends);
	return 0;
}

static int check_cpu_us(const void *s, const struct np_wire_field *f, char *why, size_t whylen)
{
	uint64_t v;

	memcpy(&v, (const char *)s + f->at, sizeof(v));
	if (v > NP_CPU_US_MAX)
		return fail(why, whylen, EINVAL, "%s %" PRIu64 " us is past %" PRIu64, f->name, v,
			    NP_CPU_US_MAX);
	return 0;
}

/* The results' netperf-ng counts, in the extension's parameter words
 * (doc/extension.md, "Results"); word 159 is reserved, 0.  Before them,
 * words 137..151: the session's start and pid, other processes' CPU time
 * and the session's own, and where netserver's data loop ran. */
static const struct np_wire_field results_ng_fields[] = {
	{ RR(EXT_PARAMS - 0x3c, NP_WK_U64, session_start) },
	{ RR(EXT_PARAMS - 0x34, NP_WK_U32, session_pid), .bounds = NP_WB_MAX, .max = NP_PID_MAX },
	{ RR(EXT_PARAMS - 0x30, NP_WK_U64, others_us), .check = check_cpu_us },
	{ RR(EXT_PARAMS - 0x28, NP_WK_U64, own_us), .check = check_cpu_us },
	{ RR(EXT_PARAMS - 0x20, NP_WK_U64, boot_hi) },
	{ RR(EXT_PARAMS - 0x18, NP_WK_U64, boot_lo) },
	{ RR(EXT_PARAMS - 0x10, NP_WK_U32, place), .mask = NP_PLACE_ALL },
	{ RR(EXT_PARAMS - 0x0c, NP_WK_S32, cpu_start), IN(-1, NP_PLACE_CPU_MAX) },
	{ RR(EXT_PARAMS - 0x08, NP_WK_S32, cpu_end), IN(-1, NP_PLACE_CPU_MAX) },
	{ RR(EXT_PARAMS - 0x04, NP_WK_U32, migrations) },
	{ RR(EXT_PARAMS + 0x00, NP_WK_U64, syscalls) },
	{ RR(EXT_PARAMS + 0x08, NP_WK_U64, zc_sends) },
	{ RR(EXT_PARAMS + 0x10, NP_WK_U64, zc_copied), .check = check_zc_copied },
	{ RR(EXT_PARAMS + 0x18, NP_WK_U32, poll) },
};

/* The response's netperf-ng words, past 2.7.1's struct and the stale
 * bytes of its later responses (0x123), before the parameter words:
 * a refusal's text from word 73, the applied request fields in word 150,
 * data_proof in 151 (doc/extension.md, "Responses"). */
static const struct np_wire_field response_ng_fields[] = {
	{ RS(RSP_REFUSAL, NP_WK_TEXT, refusal), .len = NP_REFUSAL_LEN },
	{ RS(EXT_PARAMS - 0x08, NP_WK_U32, applied) },
	{ RS(EXT_PARAMS - 0x04, NP_WK_U32, data_proof), IN(0, 1) },
};

static const struct np_wire_table tables[] = {
	[NP_WT_REQUEST] = TABLE(request_fields),
	[NP_WT_RESPONSE] = TABLE(response_fields),
	[NP_WT_RESULTS] = TABLE(results_fields),
	[NP_WT_EXT] = TABLE(ext_fields),
	[NP_WT_RESULTS_NG] = TABLE(results_ng_fields),
	[NP_WT_RESPONSE_NG] = TABLE(response_ng_fields),
};

const struct np_wire_table *np_wire_table(enum np_wire_message m)
{
	return &tables[m];
}


/* ---------------------------------------------------- the request's rules */

/* TCP or UDP, from the socket type and protocol; udp says which. */
static int check_transport(const struct np_omni_request *q, int *udp, char *why,
			   size_t whylen)
{
	if (q->socket_type == NP_SOCK_STREAM && q->protocol == IPPROTO_TCP_NUM)
		*udp = 0;
	else if (q->socket_type == NP_SOCK_DGRAM && q->protocol == IPPROTO_UDP_NUM)
		*udp = 1;
	else
		return fail(why, whylen, EPROTONOSUPPORT,
			    "socket_type %" PRIu32 " protocol %" PRIu32
			    " is neither TCP (1,6) nor UDP (2,17)",
			    q->socket_type, q->protocol);
	return 0;
}

/* The directions a test may have, and what a connect test
 * (NP_F_CONNECT_TEST) needs. */
static int check_connect_rule(const struct np_omni_request *q, int udp, char *why,
			      size_t whylen)
{
	/* Direction 0, no data either way, is netperf 2.7.1's connection
	 * test alone (omni -c without -d). */
	if (q->direction != NP_DIR_XMIT && q->direction != NP_DIR_RECV &&
	    q->direction != NP_DIR_BOTH &&
	    !(q->direction == 0 && (q->flags & NP_F_CONNECT_TEST)))
		return fail(why, whylen, EINVAL,
			    "direction %" PRIu32 " is not 2, 4 or 6 (0 with CONNECT_TEST)",
			    q->direction);
	if ((q->flags & NP_F_CONNECT_TEST) &&
	    (udp || (q->direction != NP_DIR_BOTH && q->direction != 0)))
		return fail(why, whylen, EINVAL,
			    "flags 0x%" PRIx32
			    ": CONNECT_TEST needs TCP and direction 6 (or 0)",
			    q->flags);
	return 0;
}

/* The message sizes, which depend on the protocol and the direction. */
static int check_sizes(const struct np_omni_request *q, int udp, char *why, size_t whylen)
{
	int err;

	if ((err = check_msg_size("send_size", q->send_size, udp, why, whylen)) ||
	    (err = check_msg_size("receive_size", q->receive_size, udp, why, whylen)) ||
	    (q->direction != 0 &&
	     ((err = check_msg_size("request_size", q->request_size, udp, why, whylen)) ||
	      (err = check_msg_size("response_size", q->response_size, udp, why, whylen)))))
		return err;
	/* No data, no message sizes: 0 (or unset). */
	if (q->direction == 0 && (q->request_size > 0 || q->request_size < -1 ||
				  q->response_size > 0 || q->response_size < -1))
		return fail(why, whylen, EINVAL,
			    "request/response sizes %" PRId32 "/%" PRId32
			    " in a connect-only test", q->request_size, q->response_size);
	if (q->direction == NP_DIR_BOTH && q->request_size < 1)
		return fail(why, whylen, EINVAL,
			    "request_size %" PRId32 " must be >= 1 for request/response",
			    q->request_size);
	if (q->direction == NP_DIR_BOTH && q->response_size < 1)
		return fail(why, whylen, EINVAL,
			    "response_size %" PRId32 " must be >= 1 for request/response",
			    q->response_size);
	return 0;
}

int np_wire_check_request(const struct np_omni_request *q, char *why,
			  size_t whylen)
{
	const struct np_wire_table *t = &tables[NP_WT_REQUEST];
	int udp = 0, err;

	if ((err = np_wire_check_fields(t, q, STAGE_FAMILY, why, whylen)) ||
	    (err = check_transport(q, &udp, why, whylen)) ||
	    (err = check_connect_rule(q, udp, why, whylen)) ||
	    (err = np_wire_check_fields(t, q, STAGE_PORTS, why, whylen)) ||
	    (err = check_sizes(q, udp, why, whylen)) ||
	    (err = np_wire_check_fields(t, q, STAGE_REST, why, whylen)))
		return err;
	/* q->ext is not checked: an unknown test id is the session's to
	 * refuse (NP_REFUSE_EXT_TEST), version and caps only inform. */
	return ok(why, whylen);
}


/* ------------------------------------------------------------- messages */

int32_t np_wire_type(const uint8_t *msg)
{
	return np_wire_get_s32(msg, OFF_TYPE);
}

int32_t np_wire_word1(const uint8_t *msg)
{
	return np_wire_get_s32(msg, OFF_WORD1);
}

static void put_header(uint8_t *msg, int32_t type, int32_t word1)
{
	memset(msg, 0, NP_MSG_SIZE);
	np_wire_put_s32(msg, OFF_TYPE, type);
	np_wire_put_s32(msg, OFF_WORD1, word1);
}

/* Only a present extension is written: otherwise its words stay the zero
 * put_header left, as netperf and netserver 2.7.1 send them. */
static void put_ext(uint8_t *msg, const struct np_ext *x)
{
	if (!x->present)
		return;
	np_wire_put_u32(msg, EXT_MAGIC, NP_EXT_MAGIC);
	np_wire_put_fields(msg, &tables[NP_WT_EXT], x);
}

/* Without the magic the words are someone else's (a 2.7.1 passphrase's
 * tail, say) and are not read at all, parameters included.  With it, all
 * are taken as sent; the version is not checked, since it only informs,
 * nor the parameters, whose ranges are the test's. */
static void get_ext(const uint8_t *msg, struct np_ext *x)
{
	memset(x, 0, sizeof(*x));
	if (np_wire_get_u32(msg, EXT_MAGIC) != NP_EXT_MAGIC)
		return;
	x->present = true;
	np_wire_get_fields(msg, &tables[NP_WT_EXT], x);
}

void np_wire_encode_request(const struct np_omni_request *q, uint8_t *msg)
{
	put_header(msg, NP_DO_OMNI, q->cpu_affinity);
	np_wire_put_fields(msg, &tables[NP_WT_REQUEST], q);
	put_ext(msg, &q->ext);
}

int np_wire_decode_request(const uint8_t *msg, struct np_omni_request *q,
			   char *why, size_t whylen)
{
	/* Everything is decoded before validation, so a caller that refuses
	 * the request still has the fields to log or echo. */
	memset(q, 0, sizeof(*q));
	np_wire_get_fields(msg, &tables[NP_WT_REQUEST], q);
	get_ext(msg, &q->ext);
	if (np_wire_type(msg) != NP_DO_OMNI)
		return fail(why, whylen, EINVAL,
			    "type %" PRId32 " is not DO_OMNI (%d)",
			    np_wire_type(msg), NP_DO_OMNI);
	return np_wire_check_request(q, why, whylen);
}

void np_wire_encode_response(const struct np_omni_response *r, uint8_t *msg)
{
	put_header(msg, NP_OMNI_RESPONSE, r->serv_errno);
	np_wire_put_fields(msg, &tables[NP_WT_RESPONSE], r);
	put_ext(msg, &r->ext);
	if (r->ext.present)
		np_wire_put_fields(msg, &tables[NP_WT_RESPONSE_NG], r);
}

int np_wire_decode_response(const uint8_t *msg, struct np_omni_response *r,
			    char *why, size_t whylen)
{
	const int32_t type = np_wire_type(msg);
	int err;

	memset(r, 0, sizeof(*r));
	np_wire_get_fields(msg, &tables[NP_WT_RESPONSE], r);
	get_ext(msg, &r->ext);
	/* Only with the magic: 2.7.1's later responses hold stale bytes. */
	if (r->ext.present)
		np_wire_get_fields(msg, &tables[NP_WT_RESPONSE_NG], r);
	if (type != NP_OMNI_RESPONSE)
		return fail(why, whylen, EINVAL,
			    "type %" PRId32 " is not OMNI_RESPONSE (%d)", type,
			    NP_OMNI_RESPONSE);
	if ((err = np_wire_check_fields(&tables[NP_WT_RESPONSE], r, 0, why, whylen)) ||
	    (err = np_wire_check_fields(&tables[NP_WT_RESPONSE_NG], r, 0, why, whylen)))
		return err;
	return ok(why, whylen);
}

void np_wire_encode_results(const struct np_omni_results *r, uint8_t *msg)
{
	put_header(msg, NP_OMNI_RESULTS, r->serv_errno);
	np_wire_put_fields(msg, &tables[NP_WT_RESULTS], r);
	if (r->ng) {
		const struct np_ext x = { .present = true, .test_id = NP_EXT_TEST_CLASSIC,
					  .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };

		put_ext(msg, &x);
		np_wire_put_fields(msg, &tables[NP_WT_RESULTS_NG], r);
	}
}

int np_wire_decode_results(const uint8_t *msg, struct np_omni_results *r,
			   char *why, size_t whylen)
{
	struct np_ext x;
	int err;

	/* No type check: netserver 2.7.1 sends 0x62000000 here
	 * (doc/protocol.md, "The results' type word"). */
	memset(r, 0, sizeof(*r));
	np_wire_get_fields(msg, &tables[NP_WT_RESULTS], r);
	/* Only with the magic: a 2.7.1 netserver's results never reach
	 * these words (its stale bytes end at 0x123). */
	get_ext(msg, &x);
	if (x.present) {
		r->ng = true;
		np_wire_get_fields(msg, &tables[NP_WT_RESULTS_NG], r);
	}
	if ((err = np_wire_check_fields(&tables[NP_WT_RESULTS], r, 0, why, whylen)) ||
	    (err = np_wire_check_fields(&tables[NP_WT_RESULTS_NG], r, 0, why, whylen)))
		return err;
	return ok(why, whylen);
}


/* ------------------------------------------------------------ host facts */

/* The texts of a facts reply: where, how wide (NUL included), which. */
#define FACT_TEXTS(X) \
	X(HF_IFNAME, ifname) \
	X(HF_DRIVER, driver) \
	X(HF_DRIVER_VERSION, driver_version) \
	X(HF_FIRMWARE, firmware) \
	X(HF_BUS, bus) \
	X(HF_SYSNAME, sysname) \
	X(HF_MACHINE, machine) \
	X(HF_RELEASE, release) \
	X(HF_VERSION, version) \
	X(HF_CPU_MODEL, cpu_model) \
	X(HF_NG_VERSION, ng_version)

/* Our own extension words, as every netperf-ng message carries them. */
static void put_own_ext(uint8_t *msg)
{
	const struct np_ext x = { .present = true, .test_id = NP_EXT_TEST_CLASSIC,
				  .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };

	put_ext(msg, &x);
}

void np_wire_encode_facts_request(uint8_t *msg)
{
	put_header(msg, NP_NG_FACTS, 0);
	put_own_ext(msg);
}

bool np_wire_is_facts_request(const uint8_t *msg)
{
	return np_wire_type(msg) == NP_NG_FACTS && np_wire_get_u32(msg, EXT_MAGIC) == NP_EXT_MAGIC;
}

void np_wire_encode_facts(const struct np_host_facts *f, uint8_t *msg)
{
	put_header(msg, NP_NG_FACTS_REPLY, 0);
	np_wire_put_s32(msg, HF_MTU, f->mtu);
	np_wire_put_s32(msg, HF_SPEED, f->speed_mbps);
	np_wire_put_u32(msg, HF_OFFLOAD_KNOWN, f->offload_known);
	np_wire_put_u32(msg, HF_OFFLOAD_ON, f->offload_on);
	np_wire_put_s32(msg, HF_RX_QUEUES, f->rx_queues);
	np_wire_put_s32(msg, HF_TX_QUEUES, f->tx_queues);
	np_wire_put_s32(msg, HF_CPU_COUNT, f->cpu_count);
#define PUT_TEXT(OFF, NAME) np_wire_put_str(msg, OFF, sizeof(f->NAME) - 1, f->NAME);
	FACT_TEXTS(PUT_TEXT)
#undef PUT_TEXT
	put_own_ext(msg);
}

/* A text field of width bytes: terminated inside it and printable, since
 * it goes into the report as it is. */
static int get_text(const uint8_t *msg, size_t off, size_t width, char *dst, const char *name,
		    char *why, size_t whylen)
{
	const uint8_t *nul = memchr(msg + off, 0, width);
	size_t n = nul ? (size_t)(nul - (msg + off)) : width - 1;

	np_wire_get_str(msg, off, n, dst);
	if (!nul)
		return fail(why, whylen, EINVAL, "%s is not NUL-terminated within %zu bytes", name,
			    width);
	for (size_t i = 0; i < n; i++)
		if (msg[off + i] < 0x20 || msg[off + i] > 0x7e)
			return fail(why, whylen, EINVAL, "%s has invalid byte 0x%02x at %zu", name,
				    msg[off + i], i);
	return 0;
}

/* -1 (unknown) or 1..max. */
static int check_fact(const char *name, int32_t v, int32_t max, char *why, size_t whylen)
{
	if (v == -1 || (v >= 1 && v <= max))
		return 0;
	return fail(why, whylen, EINVAL, "%s %" PRId32 " is neither -1 nor within 1..%" PRId32,
		    name, v, max);
}

int np_wire_decode_facts(const uint8_t *msg, struct np_host_facts *f, char *why,
			 size_t whylen)
{
	const int32_t type = np_wire_type(msg), serv_errno = np_wire_get_s32(msg, OFF_WORD1);
	struct np_ext x;
	int err = 0;

	np_host_facts_unknown(f);
	f->mtu = np_wire_get_s32(msg, HF_MTU);
	f->speed_mbps = np_wire_get_s32(msg, HF_SPEED);
	f->offload_known = np_wire_get_u32(msg, HF_OFFLOAD_KNOWN);
	f->offload_on = np_wire_get_u32(msg, HF_OFFLOAD_ON);
	f->rx_queues = np_wire_get_s32(msg, HF_RX_QUEUES);
	f->tx_queues = np_wire_get_s32(msg, HF_TX_QUEUES);
	f->cpu_count = np_wire_get_s32(msg, HF_CPU_COUNT);
	get_ext(msg, &x);
	if (type != NP_NG_FACTS_REPLY)
		return fail(why, whylen, EINVAL, "type %" PRId32 " is not NP_NG_FACTS_REPLY (%d)",
			    type, NP_NG_FACTS_REPLY);
	if (serv_errno != 0)
		return fail(why, whylen, EINVAL, "serv_errno %" PRId32, serv_errno);
	if (!x.present)
		return fail(why, whylen, EINVAL, "no netperf-ng extension words");
	if ((err = check_fact("mtu", f->mtu, NP_FACT_MAX_MTU, why, whylen)) ||
	    (err = check_fact("speed", f->speed_mbps, NP_FACT_MAX_SPEED, why, whylen)) ||
	    (err = check_fact("rx_queues", f->rx_queues, NP_FACT_MAX_QUEUES, why, whylen)) ||
	    (err = check_fact("tx_queues", f->tx_queues, NP_FACT_MAX_QUEUES, why, whylen)) ||
	    (err = check_fact("cpu_count", f->cpu_count, NP_FACT_MAX_CPUS, why, whylen)))
		return err;
	if (f->offload_known & ~NP_OFFLOAD_ALL)
		return fail(why, whylen, EINVAL, "offload_known 0x%x has bits outside 0x%x",
			    f->offload_known, NP_OFFLOAD_ALL);
	if (f->offload_on & ~f->offload_known)
		return fail(why, whylen, EINVAL, "offload_on 0x%x has bits outside offload_known 0x%x",
			    f->offload_on, f->offload_known);
#define GET_TEXT(OFF, NAME) \
	if ((err = get_text(msg, OFF, sizeof(f->NAME), f->NAME, #NAME, why, whylen))) \
		return err;
	FACT_TEXTS(GET_TEXT)
#undef GET_TEXT
	f->known = true;
	return ok(why, whylen);
}

void np_wire_encode_reply(int32_t type, int32_t serv_errno, uint8_t *msg)
{
	put_header(msg, type, serv_errno);
}

void np_wire_encode_refusal(int32_t serv_errno, uint32_t test_id, const char *why,
			    uint8_t *msg)
{
	struct np_omni_response rsp;

	memset(&rsp, 0, sizeof(rsp));
	rsp.serv_errno = serv_errno;
	rsp.ext = (struct np_ext){ .present = true, .test_id = test_id,
				   .version = NP_EXT_VERSION, .caps = NP_EXT_SERVER_CAPS };
	snprintf(rsp.refusal, sizeof(rsp.refusal), "%s", why);
	np_wire_encode_response(&rsp, msg);
}

void np_wire_encode_passphrase(const char *pass, uint8_t *msg)
{
	/* Leave room for the terminator the server's strcmp relies on. */
	put_header(msg, NP_PASSPHRASE, -1);
	np_wire_put_str(msg, OFF_AREA, NP_MSG_SIZE - OFF_AREA - 1, pass);
}

bool np_wire_passphrase_matches(const uint8_t *msg, const char *pass)
{
	/* The string and its NUL, as netserver's strcmp reads it; every
	 * byte is compared, so the time taken says nothing of the guess. */
	uint8_t want[NP_MSG_SIZE];
	size_t n = np_wire_text_len(pass, NP_MSG_SIZE - OFF_AREA - 1) + 1;
	unsigned diff = 0;

	np_wire_encode_passphrase(pass, want);
	for (size_t i = OFF_AREA; i < OFF_AREA + n; i++)
		diff |= (unsigned)(msg[i] ^ want[i]);
	return np_wire_type(msg) == NP_PASSPHRASE && diff == 0;
}

void np_wire_encode_sysinfo_reply(uint8_t *msg)
{
	put_header(msg, NP_SYSINFO_RESPONSE, 0);
	memcpy(msg + OFF_AREA, sysinfo_text, sizeof(sysinfo_text));
}

void np_wire_encode_cpu_calibrate_reply(float rate, int32_t ncpus,
					uint8_t *msg)
{
	put_header(msg, NP_CPU_CALIBRATE, 0);
	np_wire_put_f32(msg, CC_RATE, &rate);
	np_wire_put_s32(msg, CC_NCPUS, ncpus);
}

void np_wire_decode_cpu_calibrate_reply(const uint8_t *msg, float *rate, int32_t *ncpus)
{
	np_wire_get_f32(msg, CC_RATE, rate);
	*ncpus = np_wire_get_s32(msg, CC_NCPUS);
}
