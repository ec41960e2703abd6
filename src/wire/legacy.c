/*
 * legacy.c - netperf 2.7's legacy test messages, mapped to the omni
 * structs.
 *
 * Each legacy message is a C struct of ints and floats (two stream
 * results start with a double), converted whole to big-endian.  The six
 * tests' layouts are tables of (offset, kind, omni field); one reader and
 * one writer walk them, so a layout reads like the struct it copies
 * (netperf 2.7.1's nettest_bsd.h; doc/compatibility.md, "Legacy
 * requests") and a slip
 * is a one-line diff.  Offsets are from the test-specific area.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "wire/legacy.h"

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* The stream results carry IEEE-754 binary64 byte counts. */
_Static_assert(sizeof(double) == 8, "double must be 64 bits");
#if FLT_RADIX != 2 || DBL_MANT_DIG != 53
#error "double must be IEEE-754 binary64"
#endif

#define AREA 8                  /* message offset of the test-specific area */
#define TWO_TO_64 18446744073709551616.0
#define IPPROTO_TCP_NUM 6u
#define IPPROTO_UDP_NUM 17u

enum kind {
	K_S32,          /* int32_t */
	K_U32,          /* uint32_t */
	K_F32,          /* float, moved as its bits */
	K_SIZE,         /* int32_t size; 0 on the wire asks for the default, -1 */
	K_FLAG,         /* one bit of the uint32_t flags, 0 or 1 on the wire */
	K_F64,          /* uint64_t count as a double (8 bytes) */
	K_U32SAT,       /* uint64_t count in 32 bits, saturated when sent */
	K_UNUSED,       /* read nowhere, sent as 0 */
};

struct field {
	uint16_t off;
	uint8_t kind;
	uint32_t bit;           /* K_FLAG */
	size_t at;              /* offsetof the omni struct's member */
	const char *name;       /* the legacy struct's, for reasons */
};

#define RQ(o, k, m, n) { o, k, 0, offsetof(struct np_omni_request, m), n }
#define RQF(o, b, n) { o, K_FLAG, b, offsetof(struct np_omni_request, flags), n }
#define RS(o, k, m, n) { o, k, 0, offsetof(struct np_omni_response, m), n }
#define RSF(o, b, n) { o, K_FLAG, b, offsetof(struct np_omni_response, flags), n }
#define RR(o, k, m, n) { o, k, 0, offsetof(struct np_omni_results, m), n }
#define UNUSED(o, n) { o, K_UNUSED, 0, 0, n }

/* ------------------------------------------------------------ requests */

static const struct field tcp_stream_req[] = {
	RQ(0, K_S32, send_buf_size, "send_buf_size"),
	RQ(4, K_S32, recv_buf_size, "recv_buf_size"),
	RQ(8, K_SIZE, receive_size, "receive_size"),
	RQ(12, K_U32, recv_alignment, "recv_alignment"),
	RQ(16, K_U32, recv_offset, "recv_offset"),
	RQF(20, NP_F_NODELAY, "no_delay"),
	RQF(24, NP_F_MEASURE_CPU, "measure_cpu"),
	RQ(28, K_F32, cpu_rate, "cpu_rate"),
	RQ(32, K_S32, test_length, "test_length"),
	RQ(36, K_U32, so_rcvavoid, "so_rcvavoid"),
	RQ(40, K_U32, so_sndavoid, "so_sndavoid"),
	RQ(44, K_S32, recv_dirty_count, "dirty_count"),
	RQ(48, K_S32, recv_clean_count, "clean_count"),
	RQ(52, K_U32, data_port, "port"),
	RQ(56, K_U32, ipfamily, "ipfamily"),
	UNUSED(60, "recv_aio"),         /* aio_read(): a performance option */
};

static const struct field tcp_maerts_req[] = {
	RQ(0, K_S32, send_buf_size, "send_buf_size"),
	RQ(4, K_S32, recv_buf_size, "recv_buf_size"),
	RQ(8, K_SIZE, send_size, "send_size"),
	RQ(12, K_U32, send_alignment, "send_alignment"),
	RQ(16, K_U32, send_offset, "send_offset"),
	RQF(20, NP_F_NODELAY, "no_delay"),
	RQF(24, NP_F_MEASURE_CPU, "measure_cpu"),
	RQ(28, K_F32, cpu_rate, "cpu_rate"),
	RQ(32, K_S32, test_length, "test_length"),
	RQ(36, K_U32, so_rcvavoid, "so_rcvavoid"),
	RQ(40, K_U32, so_sndavoid, "so_sndavoid"),
	RQ(44, K_S32, send_dirty_count, "dirty_count"),
	RQ(48, K_S32, recv_clean_count, "clean_count"),
	RQ(52, K_U32, data_port, "port"),
	RQ(56, K_U32, ipfamily, "ipfamily"),
};

/* TCP_RR, UDP_RR and TCP_CRR share it. */
static const struct field rr_req[] = {
	RQ(0, K_S32, recv_buf_size, "recv_buf_size"),
	RQ(4, K_S32, send_buf_size, "send_buf_size"),
	RQ(8, K_U32, recv_alignment, "recv_alignment"),
	RQ(12, K_U32, recv_offset, "recv_offset"),
	RQ(16, K_U32, send_alignment, "send_alignment"),
	RQ(20, K_U32, send_offset, "send_offset"),
	RQ(24, K_S32, request_size, "request_size"),
	RQ(28, K_S32, response_size, "response_size"),
	RQF(32, NP_F_NODELAY, "no_delay"),
	RQF(36, NP_F_MEASURE_CPU, "measure_cpu"),
	RQ(40, K_F32, cpu_rate, "cpu_rate"),
	RQ(44, K_S32, test_length, "test_length"),
	RQ(48, K_U32, so_rcvavoid, "so_rcvavoid"),
	RQ(52, K_U32, so_sndavoid, "so_sndavoid"),
	RQ(56, K_U32, data_port, "port"),
	RQ(60, K_U32, ipfamily, "ipfamily"),
};

/* message_size is the client's send size: ours to receive. */
static const struct field udp_stream_req[] = {
	RQ(0, K_S32, recv_buf_size, "recv_buf_size"),
	RQ(4, K_SIZE, receive_size, "message_size"),
	RQF(8, NP_F_USE_CONNECTED, "recv_connected"),
	RQ(12, K_U32, recv_alignment, "recv_alignment"),
	RQ(16, K_U32, recv_offset, "recv_offset"),
	RQF(20, NP_F_CHECKSUM_OFF, "checksum_off"),
	RQF(24, NP_F_MEASURE_CPU, "measure_cpu"),
	RQ(28, K_F32, cpu_rate, "cpu_rate"),
	RQ(32, K_S32, test_length, "test_length"),
	RQ(36, K_U32, so_rcvavoid, "so_rcvavoid"),
	RQ(40, K_U32, so_sndavoid, "so_sndavoid"),
	RQ(44, K_U32, data_port, "port"),
	RQ(48, K_U32, ipfamily, "ipfamily"),
};

/* ----------------------------------------------------------- responses */

static const struct field tcp_stream_rsp[] = {
	RS(0, K_S32, recv_buf_size, "recv_buf_size"),
	RS(4, K_S32, receive_size, "receive_size"),
	RSF(8, NP_F_NODELAY, "no_delay"),
	RSF(12, NP_F_MEASURE_CPU, "measure_cpu"),
	RS(16, K_U32, test_length, "test_length"),
	RS(20, K_S32, send_buf_size, "send_buf_size"),
	RS(24, K_U32, data_port, "data_port_number"),
	RS(28, K_F32, cpu_rate, "cpu_rate"),
	RS(32, K_U32, so_rcvavoid, "so_rcvavoid"),
	RS(36, K_U32, so_sndavoid, "so_sndavoid"),
};

static const struct field tcp_maerts_rsp[] = {
	RS(0, K_S32, recv_buf_size, "recv_buf_size"),
	RS(4, K_S32, send_size, "send_size"),
	RSF(8, NP_F_NODELAY, "no_delay"),
	RSF(12, NP_F_MEASURE_CPU, "measure_cpu"),
	RS(16, K_U32, test_length, "test_length"),
	RS(20, K_S32, send_buf_size, "send_buf_size"),
	RS(24, K_U32, data_port, "data_port_number"),
	RS(28, K_F32, cpu_rate, "cpu_rate"),
	RS(32, K_U32, so_rcvavoid, "so_rcvavoid"),
	RS(36, K_U32, so_sndavoid, "so_sndavoid"),
};

static const struct field rr_rsp[] = {
	RS(0, K_S32, recv_buf_size, "recv_buf_size"),
	RSF(4, NP_F_NODELAY, "no_delay"),
	RSF(8, NP_F_MEASURE_CPU, "measure_cpu"),
	RS(12, K_U32, test_length, "test_length"),
	RS(16, K_S32, send_buf_size, "send_buf_size"),
	RS(20, K_U32, data_port, "data_port_number"),
	RS(24, K_F32, cpu_rate, "cpu_rate"),
	RS(28, K_U32, so_rcvavoid, "so_rcvavoid"),
	RS(32, K_U32, so_sndavoid, "so_sndavoid"),
};

static const struct field udp_stream_rsp[] = {
	RS(0, K_S32, recv_buf_size, "recv_buf_size"),
	RS(4, K_S32, send_buf_size, "send_buf_size"),
	RSF(8, NP_F_MEASURE_CPU, "measure_cpu"),
	RS(12, K_U32, test_length, "test_length"),
	RS(16, K_U32, data_port, "data_port_number"),
	RS(20, K_F32, cpu_rate, "cpu_rate"),
	RS(24, K_U32, so_rcvavoid, "so_rcvavoid"),
	RS(28, K_U32, so_sndavoid, "so_sndavoid"),
};

/* ------------------------------------------------------------- results */

static const struct field tcp_stream_res[] = {
	RR(0, K_F64, bytes_received, "bytes_received"),
	RR(8, K_U32, recv_calls, "recv_calls"),
	RR(12, K_F32, elapsed_time, "elapsed_time"),
	RR(16, K_F32, cpu_util, "cpu_util"),
	RR(20, K_F32, serv_dem, "serv_dem"),
	RR(24, K_U32, cpu_method, "cpu_method"),
	RR(28, K_U32, num_cpus, "num_cpus"),
	RR(32, K_S32, recv_buf_size, "recv_buf_size"),
	RR(36, K_S32, send_buf_size, "send_buf_size"),
};

static const struct field tcp_maerts_res[] = {
	RR(0, K_F64, bytes_sent, "bytes_sent"),
	RR(8, K_U32, send_calls, "send_calls"),
	RR(12, K_F32, elapsed_time, "elapsed_time"),
	RR(16, K_F32, cpu_util, "cpu_util"),
	RR(20, K_F32, serv_dem, "serv_dem"),
	RR(24, K_U32, cpu_method, "cpu_method"),
	RR(28, K_U32, num_cpus, "num_cpus"),
};

static const struct field rr_res[] = {
	RR(0, K_U32SAT, bytes_received, "bytes_received"),
	RR(4, K_U32, recv_calls, "recv_calls"),
	RR(8, K_U32, trans_received, "trans_received"),
	RR(12, K_F32, elapsed_time, "elapsed_time"),
	RR(16, K_F32, cpu_util, "cpu_util"),
	RR(20, K_F32, serv_dem, "serv_dem"),
	RR(24, K_U32, cpu_method, "cpu_method"),
	RR(28, K_U32, num_cpus, "num_cpus"),
};

static const struct field udp_stream_res[] = {
	RR(0, K_U32, recv_calls, "messages_recvd"),
	RR(4, K_U32SAT, bytes_received, "bytes_received"),
	RR(8, K_F32, elapsed_time, "elapsed_time"),
	RR(12, K_F32, cpu_util, "cpu_util"),
	RR(16, K_U32, cpu_method, "cpu_method"),
	RR(20, K_U32, num_cpus, "num_cpus"),
};

/* ------------------------------------------------------------ the tests */

struct table {
	const struct field *f;
	size_t n;
};

#define TABLE(t) { t, sizeof(t) / sizeof(t[0]) }

/* What a request type stands for, and its three layouts. */
struct layout {
	int32_t type;
	uint32_t socket_type, protocol, direction, flags;
	struct table req, rsp, res;
};

static const struct layout layouts[] = {
	{ NP_DO_TCP_STREAM, NP_SOCK_STREAM, IPPROTO_TCP_NUM, NP_DIR_RECV, 0,
	  TABLE(tcp_stream_req), TABLE(tcp_stream_rsp), TABLE(tcp_stream_res) },
	{ NP_DO_TCP_MAERTS, NP_SOCK_STREAM, IPPROTO_TCP_NUM, NP_DIR_XMIT, 0,
	  TABLE(tcp_maerts_req), TABLE(tcp_maerts_rsp), TABLE(tcp_maerts_res) },
	{ NP_DO_TCP_RR, NP_SOCK_STREAM, IPPROTO_TCP_NUM, NP_DIR_XMIT | NP_DIR_RECV, 0,
	  TABLE(rr_req), TABLE(rr_rsp), TABLE(rr_res) },
	{ NP_DO_TCP_CRR, NP_SOCK_STREAM, IPPROTO_TCP_NUM, NP_DIR_XMIT | NP_DIR_RECV,
	  NP_F_CONNECT_TEST, TABLE(rr_req), TABLE(rr_rsp), TABLE(rr_res) },
	{ NP_DO_UDP_STREAM, NP_SOCK_DGRAM, IPPROTO_UDP_NUM, NP_DIR_RECV, 0,
	  TABLE(udp_stream_req), TABLE(udp_stream_rsp), TABLE(udp_stream_res) },
	{ NP_DO_UDP_RR, NP_SOCK_DGRAM, IPPROTO_UDP_NUM, NP_DIR_XMIT | NP_DIR_RECV, 0,
	  TABLE(rr_req), TABLE(rr_rsp), TABLE(rr_res) },
};

static const struct layout *layout_for(int32_t type)
{
	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (layouts[i].type == type)
			return &layouts[i];
	return NULL;
}

bool np_legacy_is_request(int32_t type)
{
	return layout_for(type) != NULL;
}

int32_t np_legacy_type_of(const struct np_omni_request *q)
{
	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		const struct layout *l = &layouts[i];

		if (l->socket_type == q->socket_type && l->protocol == q->protocol &&
		    l->direction == q->direction &&
		    l->flags == (q->flags & NP_F_CONNECT_TEST))
			return l->type;
	}
	return 0;
}

/* --------------------------------------------------------- the walkers */

/* Every field is read, even after a bad one, so that a refused message
 * can still be logged; the first error is returned.  strict: flags must
 * be 0 or 1 (requests); a reply's may hold a stale word, as the
 * reference leaves measure_cpu unset when it does not measure. */
static int get_fields(const uint8_t *msg, struct table t, void *base, bool strict,
		      char *why, size_t whylen)
{
	int err = 0;

	for (size_t i = 0; i < t.n; i++) {
		const struct field *f = &t.f[i];
		const size_t off = AREA + f->off;
		const uint32_t w = np_wire_get_u32(msg, off);
		void *p = (char *)base + f->at;
		uint64_t bits;
		double d;

		switch (f->kind) {
		case K_S32:
			*(int32_t *)p = np_wire_get_s32(msg, off);
			break;
		case K_U32:
			*(uint32_t *)p = w;
			break;
		case K_F32:
			memcpy(p, &w, sizeof(w));   /* a stale NaN stays bit-exact */
			break;
		case K_SIZE:
			*(int32_t *)p = w == 0 ? -1 : np_wire_get_s32(msg, off);
			break;
		case K_FLAG:
			if (strict && w > 1 && !err)
				err = np_wire_fail(why, whylen, EINVAL,
						   "%s %" PRIu32 " is not 0 or 1", f->name, w);
			if (w)
				*(uint32_t *)p |= f->bit;
			else
				*(uint32_t *)p &= ~f->bit;
			break;
		case K_F64:
			bits = (uint64_t)w << 32 | np_wire_get_u32(msg, off + 4);
			memcpy(&d, &bits, sizeof(d));
			if (d >= 0.0 && d < TWO_TO_64)
				*(uint64_t *)p = (uint64_t)d;
			else if (!err)
				err = np_wire_fail(why, whylen, EINVAL,
						   "%s %g is not a byte count", f->name, d);
			break;
		case K_U32SAT:
			*(uint64_t *)p = w;
			break;
		default:
			break;
		}
	}
	return err;
}

static void put_fields(uint8_t *msg, struct table t, const void *base)
{
	for (size_t i = 0; i < t.n; i++) {
		const struct field *f = &t.f[i];
		const size_t off = AREA + f->off;
		const void *p = (const char *)base + f->at;
		uint32_t w = 0;
		uint64_t v, bits;
		double d;

		switch (f->kind) {
		case K_S32:
			w = (uint32_t)*(const int32_t *)p;
			break;
		case K_U32:
			w = *(const uint32_t *)p;
			break;
		case K_F32:
			memcpy(&w, p, sizeof(w));
			break;
		case K_SIZE:
			w = *(const int32_t *)p == -1 ? 0 : (uint32_t)*(const int32_t *)p;
			break;
		case K_FLAG:
			w = (*(const uint32_t *)p & f->bit) ? 1 : 0;
			break;
		case K_F64:
			d = (double)*(const uint64_t *)p;
			memcpy(&bits, &d, sizeof(bits));
			np_wire_put_u32(msg, off + 4, (uint32_t)bits);
			w = (uint32_t)(bits >> 32);
			break;
		case K_U32SAT:
			v = *(const uint64_t *)p;
			w = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
			break;
		default:
			break;
		}
		np_wire_put_u32(msg, off, w);
	}
}

/* ----------------------------------------------------------- netserver */

int np_legacy_decode_request(const uint8_t *msg, struct np_omni_request *q,
			     char *why, size_t whylen)
{
	const int32_t type = np_wire_type(msg);
	const struct layout *l = layout_for(type);
	int err;

	/* What a legacy request cannot say is what netperf's omni client
	 * sends by default. */
	memset(q, 0, sizeof(*q));
	q->cpu_affinity = np_wire_word1(msg);
	q->send_buf_size = q->recv_buf_size = -1;
	q->send_size = q->receive_size = q->request_size = q->response_size = -1;
	q->send_alignment = q->recv_alignment = 8;
	q->send_dirty_count = q->recv_dirty_count = q->recv_clean_count = -1;
	q->socket_prio = q->socket_tos = -1;
	if (!l)
		return np_wire_fail(why, whylen, EINVAL,
				    "type %" PRId32 " is not a legacy test request", type);
	q->socket_type = l->socket_type;
	q->protocol = l->protocol;
	q->direction = l->direction;
	/* A legacy netserver never sets SO_DONTROUTE. */
	q->flags = l->flags | NP_F_ROUTING;
	if ((err = get_fields(msg, l->req, q, true, why, whylen)))
		return err;
	return np_wire_check_request(q, why, whylen);
}

void np_legacy_encode_response(int32_t request_type, const struct np_omni_response *r,
			       uint8_t *msg)
{
	const struct layout *l = layout_for(request_type);

	np_wire_encode_reply(request_type + 1, r->serv_errno, msg);
	if (l)
		put_fields(msg, l->rsp, r);
}

void np_legacy_encode_results(int32_t request_type, const struct np_omni_results *r,
			      uint8_t *msg)
{
	const struct layout *l = layout_for(request_type);

	np_wire_encode_reply(request_type + 2, r->serv_errno, msg);
	if (l)
		put_fields(msg, l->res, r);
}

/* -------------------------------------------------------------- netperf */

int np_legacy_encode_request(const struct np_omni_request *q, int32_t msg_size,
			     uint8_t *msg, char *why, size_t whylen)
{
	const int32_t type = np_legacy_type_of(q);
	const struct layout *l = layout_for(type);
	struct np_omni_request c = *q;

	if (!l)
		return np_wire_fail(why, whylen, EPROTONOSUPPORT,
				    "no legacy request for socket type %" PRIu32 ", protocol %"
				    PRIu32 ", direction %" PRIu32, q->socket_type, q->protocol,
				    q->direction);
	if (q->cong_control[0])
		return np_wire_fail(why, whylen, EINVAL,
				    "a legacy request cannot carry a congestion control (%s)",
				    q->cong_control);
	if (type == NP_DO_UDP_STREAM && msg_size > 0)
		c.receive_size = msg_size;
	/* The header is the request type and the remote CPU, as in a reply. */
	np_wire_encode_reply(type, q->cpu_affinity, msg);
	put_fields(msg, l->req, &c);
	return np_wire_ok(why, whylen);
}

int np_legacy_decode_response(const uint8_t *msg, const struct np_omni_request *q,
			      struct np_omni_response *r, char *why, size_t whylen)
{
	const int32_t type = np_legacy_type_of(q);
	const struct layout *l = layout_for(type);
	const bool rr = q->direction == (NP_DIR_XMIT | NP_DIR_RECV);

	memset(r, 0, sizeof(*r));
	r->serv_errno = np_wire_word1(msg);
	/* What the legacy response leaves out: netserver-ng's answer. */
	r->recv_buf_size = q->recv_buf_size;
	r->send_buf_size = q->send_buf_size;
	r->receive_size = rr ? q->request_size : q->receive_size;
	r->send_size = rr ? q->response_size : q->send_size;
	r->recv_width = (int32_t)q->recv_width;
	r->send_width = (int32_t)q->send_width;
	r->socket_prio = q->socket_prio;
	r->socket_tos = q->socket_tos;
	if (!l)
		return np_wire_fail(why, whylen, EPROTONOSUPPORT, "no legacy request for this test");
	(void)get_fields(msg, l->rsp, r, false, NULL, 0);
	r->flags &= NP_F_RESPONSE_MASK;
	if (r->serv_errno != 0)
		return np_wire_ok(why, whylen);
	if (np_wire_type(msg) != type + 1)
		return np_wire_fail(why, whylen, EINVAL,
				    "type %" PRId32 " is not the response to request %" PRId32
				    " (%" PRId32 ")", np_wire_type(msg), type, type + 1);
	if (r->data_port < 1 || r->data_port > 65535)
		return np_wire_fail(why, whylen, EINVAL,
				    "data_port_number %" PRIu32 " out of range 1..65535",
				    r->data_port);
	return np_wire_ok(why, whylen);
}

/* The 64-bit count whose low word is low, nearest to approx. */
static uint64_t unwrap32(uint32_t low, uint64_t approx)
{
	const uint64_t wrap = (uint64_t)1 << 32;
	uint64_t v = (approx & ~(wrap - 1)) | low;

	if (v > approx && v - approx > wrap / 2 && v >= wrap)
		v -= wrap;
	else if (approx > v && approx - v > wrap / 2)
		v += wrap;
	return v;
}

int np_legacy_decode_results(const uint8_t *msg, int32_t request_type, int32_t msg_size,
			     const struct np_omni_response *rsp,
			     struct np_omni_results *r, char *why, size_t whylen)
{
	const struct layout *l = layout_for(request_type);
	int err;

	memset(r, 0, sizeof(*r));
	r->serv_errno = np_wire_word1(msg);
	r->transport_retrans = -1;
	if (!l)
		return np_wire_fail(why, whylen, EINVAL,
				    "type %" PRId32 " is not a legacy test request", request_type);
	err = get_fields(msg, l->res, r, false, why, whylen);
	/* The reference leaves TCP_STREAM's end sizes unset (0). */
	if (rsp && r->recv_buf_size <= 0)
		r->recv_buf_size = rsp->recv_buf_size;
	if (rsp && r->send_buf_size <= 0)
		r->send_buf_size = rsp->send_buf_size;
	/* UDP_STREAM counts bytes in 32 bits: 4 GB go by in a second on a
	 * fast link.  Its datagrams are all msg_size bytes long. */
	if (request_type == NP_DO_UDP_STREAM && msg_size > 0)
		r->bytes_received = unwrap32((uint32_t)r->bytes_received,
					     (uint64_t)r->recv_calls * (uint64_t)msg_size);
	if (r->serv_errno != 0)
		return np_wire_ok(why, whylen);
	if (err)
		return err;
	/* elapsed_time is the only float a client divides by. */
	if (!isfinite(r->elapsed_time) || r->elapsed_time < 0.0f)
		return np_wire_fail(why, whylen, EINVAL,
				    "elapsed_time %g is not a finite value >= 0",
				    (double)r->elapsed_time);
	return np_wire_ok(why, whylen);
}
