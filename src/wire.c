/*
 * wire.c - the netperf 2.7 control messages, as bytes.
 *
 * Every field is put or taken at its message offset (header included) by
 * the helpers below; nothing here overlays a struct on the buffer, so the
 * code does not depend on host byte order, alignment or padding.  Offsets
 * follow netperf 2.7.1's omni structs (nettest_omni.c: omni_request_struct,
 * omni_response_struct, omni_results_struct), checked against the
 * captures in tests/data/vectors (tests/check_wire.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wire.h"

/* The wire carries IEEE-754 binary32 bit patterns in 32-bit words. */
_Static_assert(sizeof(float) == 4, "float must be 32 bits");
#if FLT_RADIX != 2 || FLT_MANT_DIG != 24
#error "float must be IEEE-754 binary32"
#endif

/* Header words, common to every message. */
enum {
	OFF_TYPE = 0x00,
	OFF_WORD1 = 0x04,
	OFF_AREA = 0x08,	/* start of the test-specific area */
};

/* DO_OMNI request: words 0..39 are big-endian, the strings are raw. */
enum {
	RQ_SEND_BUF_SIZE = 0x08,
	RQ_SEND_SIZE = 0x0c,
	RQ_SEND_ALIGNMENT = 0x10,
	RQ_SEND_OFFSET = 0x14,
	RQ_SEND_WIDTH = 0x18,
	RQ_REQUEST_SIZE = 0x1c,
	RQ_RECV_BUF_SIZE = 0x20,
	RQ_RECEIVE_SIZE = 0x24,
	RQ_RECV_ALIGNMENT = 0x28,
	RQ_RECV_OFFSET = 0x2c,
	RQ_RECV_WIDTH = 0x30,
	RQ_RESPONSE_SIZE = 0x34,
	RQ_FLAGS = 0x38,
	RQ_CPU_RATE = 0x3c,
	RQ_TEST_LENGTH = 0x40,
	RQ_SO_RCVAVOID = 0x44,
	RQ_SO_SNDAVOID = 0x48,
	RQ_SEND_DIRTY_COUNT = 0x4c,
	RQ_RECV_DIRTY_COUNT = 0x50,
	RQ_RECV_CLEAN_COUNT = 0x54,
	RQ_DATA_PORT = 0x58,
	RQ_IPFAMILY = 0x5c,
	RQ_SOCKET_TYPE = 0x60,
	RQ_PROTOCOL = 0x64,
	RQ_DIRECTION = 0x68,
	RQ_NETPERF_PORT = 0x6c,
	RQ_INTERVAL_BURST = 0x70,
	RQ_INTERVAL_USECS = 0x74,
	RQ_NETPERF_IP = 0x78,	/* 4 words */
	RQ_NETSERVER_IP = 0x88,	/* 4 words */
	RQ_SOCKET_PRIO = 0x98,
	RQ_SOCKET_TOS = 0x9c,
	RQ_CONG_CONTROL = 0xa0,	/* raw [16] */
	RQ_FILL_FILE = 0xb0,	/* raw [32] */
};

/* OMNI_RESPONSE: words 0..19 are big-endian. */
enum {
	RS_RECV_BUF_SIZE = 0x08,
	RS_RECEIVE_SIZE = 0x0c,
	RS_RECV_WIDTH = 0x10,
	RS_SEND_BUF_SIZE = 0x14,
	RS_SEND_SIZE = 0x18,
	RS_SEND_WIDTH = 0x1c,
	RS_FLAGS = 0x20,
	RS_CPU_RATE = 0x24,
	RS_TEST_LENGTH = 0x28,
	RS_SO_RCVAVOID = 0x2c,
	RS_SO_SNDAVOID = 0x30,
	RS_DATA_PORT = 0x34,
	RS_INTERVAL_BURST = 0x38,
	RS_INTERVAL_USECS = 0x3c,
	RS_CPU_FREQUENCY = 0x40,
	RS_SECURITY_INFO = 0x44,
	RS_SOCKET_PRIO = 0x48,
	RS_SOCKET_TOS = 0x4c,
};

/* Omni results: words 0..28 are big-endian, cong_control is raw. */
enum {
	RR_BYTES_RECEIVED = 0x08,	/* hi, then lo at +4 */
	RR_RECV_CALLS = 0x10,
	RR_RECV_BUF_SIZE = 0x14,
	RR_BYTES_SENT = 0x18,		/* hi, then lo at +4 */
	RR_SEND_CALLS = 0x20,
	RR_SEND_BUF_SIZE = 0x24,
	RR_FAILED_SENDS = 0x28,
	RR_TRANS_RECEIVED = 0x2c,
	RR_ELAPSED_TIME = 0x30,
	RR_CPU_UTIL = 0x34,
	RR_CPU_USER = 0x38,
	RR_CPU_SYSTEM = 0x3c,
	RR_CPU_IOWAIT = 0x40,
	RR_CPU_IRQ = 0x44,
	RR_CPU_SWINTR = 0x48,
	RR_SERV_DEM = 0x4c,
	RR_CPU_METHOD = 0x50,
	RR_NUM_CPUS = 0x54,
	RR_PEAK_CPU_ID = 0x58,
	RR_PEAK_CPU_UTIL = 0x5c,
	RR_VENDOR = 0x60,
	RR_DEVICE = 0x64,
	RR_SUBVENDOR = 0x68,
	RR_SUBDEVICE = 0x6c,
	RR_TRANSPORT_RETRANS = 0x70,
	RR_CONG_CONTROL = 0x114,	/* raw [16] */
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

/* ---------------------------------------------------------------- bytes */

static void put_u32(uint8_t *msg, size_t off, uint32_t v)
{
	msg[off] = (uint8_t)(v >> 24);
	msg[off + 1] = (uint8_t)(v >> 16);
	msg[off + 2] = (uint8_t)(v >> 8);
	msg[off + 3] = (uint8_t)v;
}

static uint32_t get_u32(const uint8_t *msg, size_t off)
{
	return (uint32_t)msg[off] << 24 | (uint32_t)msg[off + 1] << 16 |
	       (uint32_t)msg[off + 2] << 8 | (uint32_t)msg[off + 3];
}

static void put_s32(uint8_t *msg, size_t off, int32_t v)
{
	put_u32(msg, off, (uint32_t)v);	/* modular: well defined */
}

/* Spelled out because converting an out-of-range unsigned value to a
 * signed type is implementation-defined. */
static int32_t get_s32(const uint8_t *msg, size_t off)
{
	uint32_t u = get_u32(msg, off);

	if (u <= (uint32_t)INT32_MAX)
		return (int32_t)u;
	return -(int32_t)~u - 1;
}

/*
 * Floats travel by pointer and memcpy only: the reference leaves stale
 * words (e.g. 0xffffffff) in float slots, and loading a signalling NaN into
 * an x87 register would quiet it and break a decode/encode round trip.
 */
static void put_f32(uint8_t *msg, size_t off, const float *f)
{
	uint32_t u;

	memcpy(&u, f, sizeof(u));
	put_u32(msg, off, u);
}

static void get_f32(const uint8_t *msg, size_t off, float *f)
{
	uint32_t u = get_u32(msg, off);

	memcpy(f, &u, sizeof(u));
}

static void put_u64(uint8_t *msg, size_t off, uint64_t v)
{
	put_u32(msg, off, (uint32_t)(v >> 32));
	put_u32(msg, off + 4, (uint32_t)v);
}

static uint64_t get_u64(const uint8_t *msg, size_t off)
{
	return (uint64_t)get_u32(msg, off) << 32 | get_u32(msg, off + 4);
}

/* strnlen() is POSIX, not C11; this file needs no feature macros. */
static size_t bounded_len(const char *s, size_t max)
{
	const char *nul = memchr(s, 0, max);

	return nul ? (size_t)(nul - s) : max;
}

/* A raw, NUL-padded string field of len bytes; a full-length string goes
 * without a terminator, as a C char[len] would hold it. */
static void put_str(uint8_t *msg, size_t off, size_t len, const char *s)
{
	size_t n = s ? bounded_len(s, len) : 0;

	if (n)
		memcpy(msg + off, s, n);
	memset(msg + off + n, 0, len - n);
}

/* dst must hold len + 1 bytes; an unterminated field is cut at len. */
static void get_str(const uint8_t *msg, size_t off, size_t len, char *dst)
{
	const uint8_t *nul = memchr(msg + off, 0, len);
	size_t n = nul ? (size_t)(nul - (msg + off)) : len;

	memcpy(dst, msg + off, n);
	memset(dst + n, 0, len + 1 - n);
}

/* Only a present extension is written: otherwise its words stay the zero
 * put_header left, as netperf and netserver 2.7.1 send them. */
static void put_ext(uint8_t *msg, const struct np_ext *x)
{
	if (!x->present)
		return;
	put_u32(msg, EXT_MAGIC, NP_EXT_MAGIC);
	put_u32(msg, EXT_TEST_ID, x->test_id);
	put_u32(msg, EXT_VERSION, x->version);
	put_u32(msg, EXT_CAPS, x->caps);
	for (int i = 0; i < NP_EXT_PARAMS; i++)
		put_s32(msg, EXT_PARAMS + 4 * (size_t)i, x->params[i]);
}

/* Without the magic the words are someone else's (a 2.7.1 passphrase's
 * tail, say) and are not read at all, parameters included.  With it, all
 * are taken as sent; the version is not checked, since it only informs,
 * nor the parameters, whose ranges are the test's. */
static void get_ext(const uint8_t *msg, struct np_ext *x)
{
	memset(x, 0, sizeof(*x));
	if (get_u32(msg, EXT_MAGIC) != NP_EXT_MAGIC)
		return;
	x->present = true;
	x->test_id = get_u32(msg, EXT_TEST_ID);
	x->version = get_u32(msg, EXT_VERSION);
	x->caps = get_u32(msg, EXT_CAPS);
	for (int i = 0; i < NP_EXT_PARAMS; i++)
		x->params[i] = get_s32(msg, EXT_PARAMS + 4 * (size_t)i);
}

/* ----------------------------------------------------------- validation */

int np_wire_fail(char *why, size_t whylen, int err, const char *fmt, ...)
{
	va_list ap;

	if (why && whylen) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return err;
}

int np_wire_ok(char *why, size_t whylen)
{
	if (why && whylen)
		why[0] = '\0';
	return 0;
}

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

/* <= 0 leaves the system default; only absurd sizes are refused. */
static int check_buf_size(const char *name, int32_t v, char *why,
			  size_t whylen)
{
	if (v <= NP_MAX_SOCKBUF)
		return 0;
	return fail(why, whylen, EINVAL, "%s %" PRId32 " exceeds %d", name, v,
		    NP_MAX_SOCKBUF);
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

	if (bounded_len(name, NP_CONG_LEN + 1) >= NP_CONG_LEN)
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

int np_wire_check_request(const struct np_omni_request *q, char *why,
			  size_t whylen)
{
	int udp, err;

	if (q->ipfamily != NP_FAM_INET && q->ipfamily != NP_FAM_INET6)
		return fail(why, whylen, EAFNOSUPPORT,
			    "ipfamily %" PRIu32 " is not 4 or 6", q->ipfamily);
	if (q->socket_type == NP_SOCK_STREAM && q->protocol == IPPROTO_TCP_NUM)
		udp = 0;
	else if (q->socket_type == NP_SOCK_DGRAM &&
		 q->protocol == IPPROTO_UDP_NUM)
		udp = 1;
	else
		return fail(why, whylen, EPROTONOSUPPORT,
			    "socket_type %" PRIu32 " protocol %" PRIu32
			    " is neither TCP (1,6) nor UDP (2,17)",
			    q->socket_type, q->protocol);
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
	if (q->data_port > MAX_PORT)
		return fail(why, whylen, EINVAL,
			    "data_port %" PRIu32 " out of range 0..%u",
			    q->data_port, MAX_PORT);
	if (q->data_port >= 1 && q->data_port <= MAX_PRIV_PORT)
		return fail(why, whylen, EACCES,
			    "data_port %" PRIu32 " is privileged (1..%u)",
			    q->data_port, MAX_PRIV_PORT);
	if (q->netperf_port > MAX_PORT)
		return fail(why, whylen, EINVAL,
			    "netperf_port %" PRIu32 " out of range 0..%u",
			    q->netperf_port, MAX_PORT);

	if ((err = check_msg_size("send_size", q->send_size, udp, why,
				  whylen)) ||
	    (err = check_msg_size("receive_size", q->receive_size, udp, why,
				  whylen)) ||
	    (q->direction != 0 &&
	     ((err = check_msg_size("request_size", q->request_size, udp, why,
				    whylen)) ||
	      (err = check_msg_size("response_size", q->response_size, udp, why,
				    whylen)))))
		return err;
	/* No data, no message sizes: 0 (or unset). */
	if (q->direction == 0 && (q->request_size > 0 || q->request_size < -1 ||
				  q->response_size > 0 || q->response_size < -1))
		return fail(why, whylen, EINVAL,
			    "request/response sizes %" PRId32 "/%" PRId32
			    " in a connect-only test", q->request_size, q->response_size);
	if (q->direction == NP_DIR_BOTH && q->request_size < 1)
		return fail(why, whylen, EINVAL,
			    "request_size %" PRId32
			    " must be >= 1 for request/response",
			    q->request_size);
	if (q->direction == NP_DIR_BOTH && q->response_size < 1)
		return fail(why, whylen, EINVAL,
			    "response_size %" PRId32
			    " must be >= 1 for request/response",
			    q->response_size);

	if ((err = check_buf_size("send_buf_size", q->send_buf_size, why,
				  whylen)) ||
	    (err = check_buf_size("recv_buf_size", q->recv_buf_size, why,
				  whylen)))
		return err;
	/* Bounded both ways so that no request can pin a child forever
	 * (netserver 2.7.1, sent -(2^31-1), stayed in accept() for good). */
	if (q->test_length < -NP_MAX_COUNT || q->test_length > NP_MAX_SECONDS)
		return fail(why, whylen, EINVAL,
			    "test_length %" PRId32 " out of range %d..%d",
			    q->test_length, -NP_MAX_COUNT, NP_MAX_SECONDS);
	/* -1 leaves them alone; SO_PRIORITY takes any other number (above 6
	 * with CAP_NET_ADMIN), IP_TOS and IPV6_TCLASS one byte. */
	if (q->socket_prio < -1)
		return fail(why, whylen, EINVAL, "socket_prio %" PRId32 " is below -1",
			    q->socket_prio);
	if (q->socket_tos < -1 || q->socket_tos > 255)
		return fail(why, whylen, EINVAL, "socket_tos %" PRId32 " out of range -1..255",
			    q->socket_tos);
	if ((err = check_cong(q->cong_control, why, whylen)))
		return err;
	if (q->fill_file[0] != 0)
		return fail(why, whylen, EACCES, "fill files are not served");
	/* q->ext is not checked: an unknown test id is the session's to
	 * refuse (NP_REFUSE_EXT_TEST), version and caps only inform. */
	return ok(why, whylen);
}

/* ------------------------------------------------------------- messages */

int32_t np_wire_type(const uint8_t *msg)
{
	return get_s32(msg, OFF_TYPE);
}

int32_t np_wire_word1(const uint8_t *msg)
{
	return get_s32(msg, OFF_WORD1);
}

uint32_t np_wire_get_u32(const uint8_t *msg, size_t off)
{
	return get_u32(msg, off);
}

int32_t np_wire_get_s32(const uint8_t *msg, size_t off)
{
	return get_s32(msg, off);
}

void np_wire_put_u32(uint8_t *msg, size_t off, uint32_t v)
{
	put_u32(msg, off, v);
}

static void put_header(uint8_t *msg, int32_t type, int32_t word1)
{
	memset(msg, 0, NP_MSG_SIZE);
	put_s32(msg, OFF_TYPE, type);
	put_s32(msg, OFF_WORD1, word1);
}

void np_wire_encode_request(const struct np_omni_request *q, uint8_t *msg)
{
	uint8_t words[16];

	put_header(msg, NP_DO_OMNI, q->cpu_affinity);
	put_s32(msg, RQ_SEND_BUF_SIZE, q->send_buf_size);
	put_s32(msg, RQ_SEND_SIZE, q->send_size);
	put_u32(msg, RQ_SEND_ALIGNMENT, q->send_alignment);
	put_u32(msg, RQ_SEND_OFFSET, q->send_offset);
	put_u32(msg, RQ_SEND_WIDTH, q->send_width);
	put_s32(msg, RQ_REQUEST_SIZE, q->request_size);
	put_s32(msg, RQ_RECV_BUF_SIZE, q->recv_buf_size);
	put_s32(msg, RQ_RECEIVE_SIZE, q->receive_size);
	put_u32(msg, RQ_RECV_ALIGNMENT, q->recv_alignment);
	put_u32(msg, RQ_RECV_OFFSET, q->recv_offset);
	put_u32(msg, RQ_RECV_WIDTH, q->recv_width);
	put_s32(msg, RQ_RESPONSE_SIZE, q->response_size);
	put_u32(msg, RQ_FLAGS, q->flags);
	put_f32(msg, RQ_CPU_RATE, &q->cpu_rate);
	put_s32(msg, RQ_TEST_LENGTH, q->test_length);
	put_u32(msg, RQ_SO_RCVAVOID, q->so_rcvavoid);
	put_u32(msg, RQ_SO_SNDAVOID, q->so_sndavoid);
	put_s32(msg, RQ_SEND_DIRTY_COUNT, q->send_dirty_count);
	put_s32(msg, RQ_RECV_DIRTY_COUNT, q->recv_dirty_count);
	put_s32(msg, RQ_RECV_CLEAN_COUNT, q->recv_clean_count);
	put_u32(msg, RQ_DATA_PORT, q->data_port);
	put_u32(msg, RQ_IPFAMILY, q->ipfamily);
	put_u32(msg, RQ_SOCKET_TYPE, q->socket_type);
	put_u32(msg, RQ_PROTOCOL, q->protocol);
	put_u32(msg, RQ_DIRECTION, q->direction);
	put_u32(msg, RQ_NETPERF_PORT, q->netperf_port);
	put_u32(msg, RQ_INTERVAL_BURST, q->interval_burst);
	put_u32(msg, RQ_INTERVAL_USECS, q->interval_usecs);
	np_wire_addr_to_words(q->ipfamily, q->netperf_ip, words);
	memcpy(msg + RQ_NETPERF_IP, words, sizeof(words));
	np_wire_addr_to_words(q->ipfamily, q->netserver_ip, words);
	memcpy(msg + RQ_NETSERVER_IP, words, sizeof(words));
	put_s32(msg, RQ_SOCKET_PRIO, q->socket_prio);
	put_s32(msg, RQ_SOCKET_TOS, q->socket_tos);
	put_str(msg, RQ_CONG_CONTROL, NP_CONG_LEN, q->cong_control);
	put_str(msg, RQ_FILL_FILE, NP_FILL_LEN, q->fill_file);
	put_ext(msg, &q->ext);
}

int np_wire_decode_request(const uint8_t *msg, struct np_omni_request *q,
			   char *why, size_t whylen)
{
	/* Everything is decoded before validation, so a caller that refuses
	 * the request still has the fields to log or echo. */
	memset(q, 0, sizeof(*q));
	q->cpu_affinity = get_s32(msg, OFF_WORD1);
	q->send_buf_size = get_s32(msg, RQ_SEND_BUF_SIZE);
	q->send_size = get_s32(msg, RQ_SEND_SIZE);
	q->send_alignment = get_u32(msg, RQ_SEND_ALIGNMENT);
	q->send_offset = get_u32(msg, RQ_SEND_OFFSET);
	q->send_width = get_u32(msg, RQ_SEND_WIDTH);
	q->request_size = get_s32(msg, RQ_REQUEST_SIZE);
	q->recv_buf_size = get_s32(msg, RQ_RECV_BUF_SIZE);
	q->receive_size = get_s32(msg, RQ_RECEIVE_SIZE);
	q->recv_alignment = get_u32(msg, RQ_RECV_ALIGNMENT);
	q->recv_offset = get_u32(msg, RQ_RECV_OFFSET);
	q->recv_width = get_u32(msg, RQ_RECV_WIDTH);
	q->response_size = get_s32(msg, RQ_RESPONSE_SIZE);
	q->flags = get_u32(msg, RQ_FLAGS);
	get_f32(msg, RQ_CPU_RATE, &q->cpu_rate);
	q->test_length = get_s32(msg, RQ_TEST_LENGTH);
	q->so_rcvavoid = get_u32(msg, RQ_SO_RCVAVOID);
	q->so_sndavoid = get_u32(msg, RQ_SO_SNDAVOID);
	q->send_dirty_count = get_s32(msg, RQ_SEND_DIRTY_COUNT);
	q->recv_dirty_count = get_s32(msg, RQ_RECV_DIRTY_COUNT);
	q->recv_clean_count = get_s32(msg, RQ_RECV_CLEAN_COUNT);
	q->data_port = get_u32(msg, RQ_DATA_PORT);
	q->ipfamily = get_u32(msg, RQ_IPFAMILY);
	q->socket_type = get_u32(msg, RQ_SOCKET_TYPE);
	q->protocol = get_u32(msg, RQ_PROTOCOL);
	q->direction = get_u32(msg, RQ_DIRECTION);
	q->netperf_port = get_u32(msg, RQ_NETPERF_PORT);
	q->interval_burst = get_u32(msg, RQ_INTERVAL_BURST);
	q->interval_usecs = get_u32(msg, RQ_INTERVAL_USECS);
	np_wire_addr_from_words(q->ipfamily, msg + RQ_NETPERF_IP,
				q->netperf_ip);
	np_wire_addr_from_words(q->ipfamily, msg + RQ_NETSERVER_IP,
				q->netserver_ip);
	q->socket_prio = get_s32(msg, RQ_SOCKET_PRIO);
	q->socket_tos = get_s32(msg, RQ_SOCKET_TOS);
	get_str(msg, RQ_CONG_CONTROL, NP_CONG_LEN, q->cong_control);
	get_str(msg, RQ_FILL_FILE, NP_FILL_LEN, q->fill_file);
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
	put_s32(msg, RS_RECV_BUF_SIZE, r->recv_buf_size);
	put_s32(msg, RS_RECEIVE_SIZE, r->receive_size);
	put_s32(msg, RS_RECV_WIDTH, r->recv_width);
	put_s32(msg, RS_SEND_BUF_SIZE, r->send_buf_size);
	put_s32(msg, RS_SEND_SIZE, r->send_size);
	put_s32(msg, RS_SEND_WIDTH, r->send_width);
	put_u32(msg, RS_FLAGS, r->flags);
	put_f32(msg, RS_CPU_RATE, &r->cpu_rate);
	put_u32(msg, RS_TEST_LENGTH, r->test_length);
	put_u32(msg, RS_SO_RCVAVOID, r->so_rcvavoid);
	put_u32(msg, RS_SO_SNDAVOID, r->so_sndavoid);
	put_u32(msg, RS_DATA_PORT, r->data_port);
	put_u32(msg, RS_INTERVAL_BURST, r->interval_burst);
	put_u32(msg, RS_INTERVAL_USECS, r->interval_usecs);
	put_u32(msg, RS_CPU_FREQUENCY, r->cpu_frequency);
	put_u32(msg, RS_SECURITY_INFO, r->security_info);
	put_s32(msg, RS_SOCKET_PRIO, r->socket_prio);
	put_s32(msg, RS_SOCKET_TOS, r->socket_tos);
	put_ext(msg, &r->ext);
}

int np_wire_decode_response(const uint8_t *msg, struct np_omni_response *r,
			    char *why, size_t whylen)
{
	int32_t type = np_wire_type(msg);

	memset(r, 0, sizeof(*r));
	r->serv_errno = get_s32(msg, OFF_WORD1);
	r->recv_buf_size = get_s32(msg, RS_RECV_BUF_SIZE);
	r->receive_size = get_s32(msg, RS_RECEIVE_SIZE);
	r->recv_width = get_s32(msg, RS_RECV_WIDTH);
	r->send_buf_size = get_s32(msg, RS_SEND_BUF_SIZE);
	r->send_size = get_s32(msg, RS_SEND_SIZE);
	r->send_width = get_s32(msg, RS_SEND_WIDTH);
	/* From the 2nd response on a connection the reference leaves the
	 * previous results' send_calls in the other bits (A3). */
	r->flags = get_u32(msg, RS_FLAGS) & NP_F_RESPONSE_MASK;
	get_f32(msg, RS_CPU_RATE, &r->cpu_rate);
	r->test_length = get_u32(msg, RS_TEST_LENGTH);
	r->so_rcvavoid = get_u32(msg, RS_SO_RCVAVOID);
	r->so_sndavoid = get_u32(msg, RS_SO_SNDAVOID);
	r->data_port = get_u32(msg, RS_DATA_PORT);
	r->interval_burst = get_u32(msg, RS_INTERVAL_BURST);
	r->interval_usecs = get_u32(msg, RS_INTERVAL_USECS);
	r->cpu_frequency = get_u32(msg, RS_CPU_FREQUENCY);
	r->security_info = get_u32(msg, RS_SECURITY_INFO);
	r->socket_prio = get_s32(msg, RS_SOCKET_PRIO);
	r->socket_tos = get_s32(msg, RS_SOCKET_TOS);
	get_ext(msg, &r->ext);

	if (type != NP_OMNI_RESPONSE)
		return fail(why, whylen, EINVAL,
			    "type %" PRId32 " is not OMNI_RESPONSE (%d)", type,
			    NP_OMNI_RESPONSE);
	/* A refusal carries no port; only a usable answer needs one. */
	if (r->serv_errno == 0 &&
	    (r->data_port < 1 || r->data_port > MAX_PORT))
		return fail(why, whylen, EINVAL,
			    "data_port %" PRIu32 " out of range 1..%u",
			    r->data_port, MAX_PORT);
	return ok(why, whylen);
}

/* The results' parameter words: netperf-ng's counts, 64-bit ones as two
 * words, high first. */
enum { RES_SYSCALLS = 0, RES_ZC_SENDS = 2, RES_ZC_COPIED = 4, RES_POLL = 6 };

static void put_res_u64(struct np_ext *x, int at, uint64_t v)
{
	x->params[at] = (int32_t)(uint32_t)(v >> 32);
	x->params[at + 1] = (int32_t)(uint32_t)v;
}

static uint64_t get_res_u64(const struct np_ext *x, int at)
{
	return (uint64_t)(uint32_t)x->params[at] << 32 | (uint32_t)x->params[at + 1];
}

static void put_res_counts(struct np_ext *x, const struct np_omni_results *r)
{
	put_res_u64(x, RES_SYSCALLS, r->syscalls);
	put_res_u64(x, RES_ZC_SENDS, r->zc_sends);
	put_res_u64(x, RES_ZC_COPIED, r->zc_copied);
	x->params[RES_POLL] = (int32_t)r->poll;
}

/* Only with the magic: a 2.7.1 netserver's results never reach these
 * words (its stale bytes end at 0x123). */
static void get_res_counts(const uint8_t *msg, struct np_omni_results *r)
{
	struct np_ext x;

	get_ext(msg, &x);
	if (!x.present)
		return;
	r->ng = true;
	r->syscalls = get_res_u64(&x, RES_SYSCALLS);
	r->zc_sends = get_res_u64(&x, RES_ZC_SENDS);
	r->zc_copied = get_res_u64(&x, RES_ZC_COPIED);
	r->poll = (uint32_t)x.params[RES_POLL];
}

void np_wire_encode_results(const struct np_omni_results *r, uint8_t *msg)
{
	put_header(msg, NP_OMNI_RESULTS, r->serv_errno);
	put_u64(msg, RR_BYTES_RECEIVED, r->bytes_received);
	put_u32(msg, RR_RECV_CALLS, r->recv_calls);
	put_s32(msg, RR_RECV_BUF_SIZE, r->recv_buf_size);
	put_u64(msg, RR_BYTES_SENT, r->bytes_sent);
	put_u32(msg, RR_SEND_CALLS, r->send_calls);
	put_s32(msg, RR_SEND_BUF_SIZE, r->send_buf_size);
	put_u32(msg, RR_FAILED_SENDS, r->failed_sends);
	put_u32(msg, RR_TRANS_RECEIVED, r->trans_received);
	put_f32(msg, RR_ELAPSED_TIME, &r->elapsed_time);
	put_f32(msg, RR_CPU_UTIL, &r->cpu_util);
	put_f32(msg, RR_CPU_USER, &r->cpu_user);
	put_f32(msg, RR_CPU_SYSTEM, &r->cpu_system);
	put_f32(msg, RR_CPU_IOWAIT, &r->cpu_iowait);
	put_f32(msg, RR_CPU_IRQ, &r->cpu_irq);
	put_f32(msg, RR_CPU_SWINTR, &r->cpu_swintr);
	put_f32(msg, RR_SERV_DEM, &r->serv_dem);
	put_u32(msg, RR_CPU_METHOD, r->cpu_method);
	put_u32(msg, RR_NUM_CPUS, r->num_cpus);
	put_s32(msg, RR_PEAK_CPU_ID, r->peak_cpu_id);
	put_f32(msg, RR_PEAK_CPU_UTIL, &r->peak_cpu_util);
	put_s32(msg, RR_VENDOR, r->vendor);
	put_s32(msg, RR_DEVICE, r->device);
	put_s32(msg, RR_SUBVENDOR, r->subvendor);
	put_s32(msg, RR_SUBDEVICE, r->subdevice);
	put_s32(msg, RR_TRANSPORT_RETRANS, r->transport_retrans);
	put_str(msg, RR_CONG_CONTROL, NP_CONG_LEN, r->cong_control);
	if (r->ng) {
		struct np_ext x = { .present = true, .test_id = NP_EXT_TEST_CLASSIC,
				    .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };

		put_res_counts(&x, r);
		put_ext(msg, &x);
	}
}

int np_wire_decode_results(const uint8_t *msg, struct np_omni_results *r,
			   char *why, size_t whylen)
{
	/* No type check: the reference sends 0x62000000 here (3.4). */
	memset(r, 0, sizeof(*r));
	r->serv_errno = get_s32(msg, OFF_WORD1);
	r->bytes_received = get_u64(msg, RR_BYTES_RECEIVED);
	r->recv_calls = get_u32(msg, RR_RECV_CALLS);
	r->recv_buf_size = get_s32(msg, RR_RECV_BUF_SIZE);
	r->bytes_sent = get_u64(msg, RR_BYTES_SENT);
	r->send_calls = get_u32(msg, RR_SEND_CALLS);
	r->send_buf_size = get_s32(msg, RR_SEND_BUF_SIZE);
	r->failed_sends = get_u32(msg, RR_FAILED_SENDS);
	r->trans_received = get_u32(msg, RR_TRANS_RECEIVED);
	get_f32(msg, RR_ELAPSED_TIME, &r->elapsed_time);
	get_f32(msg, RR_CPU_UTIL, &r->cpu_util);
	get_f32(msg, RR_CPU_USER, &r->cpu_user);
	get_f32(msg, RR_CPU_SYSTEM, &r->cpu_system);
	get_f32(msg, RR_CPU_IOWAIT, &r->cpu_iowait);
	get_f32(msg, RR_CPU_IRQ, &r->cpu_irq);
	get_f32(msg, RR_CPU_SWINTR, &r->cpu_swintr);
	get_f32(msg, RR_SERV_DEM, &r->serv_dem);
	r->cpu_method = get_u32(msg, RR_CPU_METHOD);
	r->num_cpus = get_u32(msg, RR_NUM_CPUS);
	r->peak_cpu_id = get_s32(msg, RR_PEAK_CPU_ID);
	get_f32(msg, RR_PEAK_CPU_UTIL, &r->peak_cpu_util);
	r->vendor = get_s32(msg, RR_VENDOR);
	r->device = get_s32(msg, RR_DEVICE);
	r->subvendor = get_s32(msg, RR_SUBVENDOR);
	r->subdevice = get_s32(msg, RR_SUBDEVICE);
	r->transport_retrans = get_s32(msg, RR_TRANSPORT_RETRANS);
	/* The peer's name for it goes into the report as it is: printable
	 * bytes only, as in the host facts (a newline would forge a line). */
	np_nic_text(r->cong_control, sizeof(r->cong_control),
		    (const char *)msg + RR_CONG_CONTROL, NP_CONG_LEN);
	get_res_counts(msg, r);

	/* elapsed_time is the only float a client divides by. */
	if (r->serv_errno == 0 &&
	    (!isfinite(r->elapsed_time) || r->elapsed_time < 0.0f))
		return fail(why, whylen, EINVAL,
			    "elapsed_time %g is not a finite value >= 0",
			    (double)r->elapsed_time);
	if (r->zc_copied > r->zc_sends)
		return fail(why, whylen, EINVAL,
			    "%" PRIu64 " zero-copy sends copied of %" PRIu64 " done",
			    r->zc_copied, r->zc_sends);
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
	return np_wire_type(msg) == NP_NG_FACTS && get_u32(msg, EXT_MAGIC) == NP_EXT_MAGIC;
}

void np_wire_encode_facts(const struct np_host_facts *f, uint8_t *msg)
{
	put_header(msg, NP_NG_FACTS_REPLY, 0);
	put_s32(msg, HF_MTU, f->mtu);
	put_s32(msg, HF_SPEED, f->speed_mbps);
	put_u32(msg, HF_OFFLOAD_KNOWN, f->offload_known);
	put_u32(msg, HF_OFFLOAD_ON, f->offload_on);
	put_s32(msg, HF_RX_QUEUES, f->rx_queues);
	put_s32(msg, HF_TX_QUEUES, f->tx_queues);
	put_s32(msg, HF_CPU_COUNT, f->cpu_count);
#define PUT_TEXT(OFF, NAME) put_str(msg, OFF, sizeof(f->NAME) - 1, f->NAME);
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

	get_str(msg, off, n, dst);
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
	const int32_t type = np_wire_type(msg), serv_errno = get_s32(msg, OFF_WORD1);
	struct np_ext x;
	int err = 0;

	np_host_facts_unknown(f);
	f->mtu = get_s32(msg, HF_MTU);
	f->speed_mbps = get_s32(msg, HF_SPEED);
	f->offload_known = get_u32(msg, HF_OFFLOAD_KNOWN);
	f->offload_on = get_u32(msg, HF_OFFLOAD_ON);
	f->rx_queues = get_s32(msg, HF_RX_QUEUES);
	f->tx_queues = get_s32(msg, HF_TX_QUEUES);
	f->cpu_count = get_s32(msg, HF_CPU_COUNT);
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

void np_wire_encode_passphrase(const char *pass, uint8_t *msg)
{
	/* Leave room for the terminator the server's strcmp relies on. */
	put_header(msg, NP_PASSPHRASE, -1);
	put_str(msg, OFF_AREA, NP_MSG_SIZE - OFF_AREA - 1, pass);
}

bool np_wire_passphrase_matches(const uint8_t *msg, const char *pass)
{
	/* The string and its NUL, as netserver's strcmp reads it; every
	 * byte is compared, so the time taken says nothing of the guess. */
	uint8_t want[NP_MSG_SIZE];
	size_t n = bounded_len(pass, NP_MSG_SIZE - OFF_AREA - 1) + 1;
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
	put_f32(msg, CC_RATE, &rate);
	put_s32(msg, CC_NCPUS, ncpus);
}

void np_wire_decode_cpu_calibrate_reply(const uint8_t *msg, float *rate, int32_t *ncpus)
{
	get_f32(msg, CC_RATE, rate);
	*ncpus = get_s32(msg, CC_NCPUS);
}

/* ------------------------------------------------------------ addresses */

/*
 * The reference copies the address bytes into host-order words and htonl()s
 * them, so on the little-endian hosts it runs on every IPv6 group arrives
 * reversed; an IPv4 address is one word, converted from its numeric value,
 * so its bytes arrive in network order.  The mapping is its own inverse.
 * Other families carry no address.  A scratch copy lets callers convert in
 * place.
 */
static void addr_convert(uint32_t family, const uint8_t in[16],
			 uint8_t out[16])
{
	uint8_t tmp[16] = { 0 };
	size_t g;

	if (family == NP_FAM_INET) {
		memcpy(tmp, in, 4);
	} else if (family == NP_FAM_INET6) {
		for (g = 0; g < 16; g += 4) {
			tmp[g] = in[g + 3];
			tmp[g + 1] = in[g + 2];
			tmp[g + 2] = in[g + 1];
			tmp[g + 3] = in[g];
		}
	}
	memcpy(out, tmp, sizeof(tmp));
}

void np_wire_addr_to_words(uint32_t family, const uint8_t addr[16],
			   uint8_t words[16])
{
	addr_convert(family, addr, words);
}

void np_wire_addr_from_words(uint32_t family, const uint8_t words[16],
			     uint8_t addr[16])
{
	addr_convert(family, words, addr);
}
