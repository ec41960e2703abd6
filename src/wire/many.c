/*
 * many.c - the many-flows messages on the wire (many.h): big-endian
 * words at fixed places after the type word, as every other message.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "wire/many.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wire/wire_field.h"

/* Word offsets (bytes from the message's start). */
#define W(n) ((size_t)(n) * 4)
#define OFF_MAGIC W(2)

enum { Q_VERSION = 3, Q_KIND, Q_FLOWS, Q_THREADS, Q_PORTS, Q_REQ, Q_RSP, Q_SEND, Q_RECV,
       Q_SNDBUF, Q_RCVBUF, Q_FLAGS, Q_LENGTH, Q_BURST, Q_NCPUS, Q_TOKEN, Q_CPUS = Q_TOKEN + 4 };
enum { R_THREADS = 3, R_NSOCKS, R_PORTS, R_SNDBUF = R_PORTS + NP_MANY_MAX_SOCKS / 2, R_RCVBUF,
       R_LENGTH, R_WHY = R_RCVBUF + 3 };
enum { C_BYTES_IN = 3, C_BYTES_OUT = 5, C_MSGS_IN = 7, C_MSGS_OUT = 9, C_UNPROVEN = 11,
       C_REFUSED = 13, C_CPU = 15, C_CPU_METHOD, C_CPU_COUNT };

_Static_assert(W(Q_CPUS + NP_MANY_MAX_CPUS) <= NP_MSG_SIZE, "request fits");
_Static_assert(W(R_WHY) + NP_REFUSAL_LEN + 1 <= NP_MSG_SIZE, "reply fits");

/* A refusal: the reason in why, -1. */
static int no(char *why, size_t whylen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int no(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (why && whylen) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static void header(uint8_t *msg, int32_t type, int32_t word1)
{
	memset(msg, 0, NP_MSG_SIZE);
	np_wire_put_s32(msg, 0, type);
	np_wire_put_s32(msg, 4, word1);
	np_wire_put_u32(msg, OFF_MAGIC, NP_EXT_MAGIC);
	np_wire_put_u32(msg, W(Q_VERSION), NP_EXT_VERSION);
}

int np_many_has_magic(const uint8_t *msg)
{
	return np_wire_get_u32(msg, OFF_MAGIC) == NP_EXT_MAGIC;
}

static int expect(const uint8_t *msg, int32_t type, char *why, size_t whylen)
{
	int32_t t = np_wire_type(msg);

	if (t != type)
		return no(why, whylen, "type %d is not the expected %d", (int)t,
				    (int)type);
	if (!np_many_has_magic(msg))
		return no(why, whylen, "no netperf-ng magic");
	return 0;
}

/* A signed field within [lo, hi], or -1 naming it. */
static int in_range(const char *name, int64_t v, int64_t lo, int64_t hi, char *why, size_t whylen)
{
	if (v < lo || v > hi)
		return no(why, whylen, "%s %lld outside %lld..%lld", name,
				    (long long)v, (long long)lo, (long long)hi);
	return 0;
}

void np_many_encode_req(const struct np_many_req *q, uint8_t *msg)
{
	header(msg, NP_NG_MANY, -1);
	np_wire_put_u32(msg, W(Q_KIND), q->kind);
	np_wire_put_u32(msg, W(Q_FLOWS), q->flows);
	np_wire_put_u32(msg, W(Q_THREADS), q->threads);
	np_wire_put_u32(msg, W(Q_PORTS), q->ports);
	np_wire_put_s32(msg, W(Q_REQ), q->req_size);
	np_wire_put_s32(msg, W(Q_RSP), q->rsp_size);
	np_wire_put_s32(msg, W(Q_SEND), q->send_size);
	np_wire_put_s32(msg, W(Q_RECV), q->recv_size);
	np_wire_put_s32(msg, W(Q_SNDBUF), q->sndbuf);
	np_wire_put_s32(msg, W(Q_RCVBUF), q->rcvbuf);
	np_wire_put_u32(msg, W(Q_FLAGS), q->flags);
	np_wire_put_s32(msg, W(Q_LENGTH), q->length_s);
	np_wire_put_s32(msg, W(Q_BURST), q->burst);
	np_wire_put_s32(msg, W(Q_NCPUS), q->ncpus);
	memcpy(msg + W(Q_TOKEN), q->token, NP_MANY_TOKEN_LEN);
	for (int i = 0; i < q->ncpus && i < NP_MANY_MAX_CPUS; i++)
		np_wire_put_s32(msg, W(Q_CPUS + i), q->cpus[i]);
}

int np_many_decode_req(const uint8_t *msg, struct np_many_req *q, char *why, size_t whylen)
{
	const int32_t max_size = NP_MAX_TCP_MSG;

	memset(q, 0, sizeof(*q));
	if (expect(msg, NP_NG_MANY, why, whylen) < 0)
		return -1;
	q->kind = np_wire_get_u32(msg, W(Q_KIND));
	q->flows = np_wire_get_u32(msg, W(Q_FLOWS));
	q->threads = np_wire_get_u32(msg, W(Q_THREADS));
	q->ports = np_wire_get_u32(msg, W(Q_PORTS));
	q->req_size = np_wire_get_s32(msg, W(Q_REQ));
	q->rsp_size = np_wire_get_s32(msg, W(Q_RSP));
	q->send_size = np_wire_get_s32(msg, W(Q_SEND));
	q->recv_size = np_wire_get_s32(msg, W(Q_RECV));
	q->sndbuf = np_wire_get_s32(msg, W(Q_SNDBUF));
	q->rcvbuf = np_wire_get_s32(msg, W(Q_RCVBUF));
	q->flags = np_wire_get_u32(msg, W(Q_FLAGS));
	q->length_s = np_wire_get_s32(msg, W(Q_LENGTH));
	q->burst = np_wire_get_s32(msg, W(Q_BURST));
	q->ncpus = np_wire_get_s32(msg, W(Q_NCPUS));
	memcpy(q->token, msg + W(Q_TOKEN), NP_MANY_TOKEN_LEN);
	if (in_range("workload", q->kind, NP_MANY_TCP_RR, NP_MANY_UDP_STREAM, why, whylen) < 0 ||
	    in_range("flows", q->flows, 1, NP_MANY_MAX_FLOWS, why, whylen) < 0 ||
	    in_range("threads", q->threads, 1, NP_MANY_MAX_THREADS, why, whylen) < 0 ||
	    in_range("ports", q->ports, 1, NP_MANY_MAX_SOCKS, why, whylen) < 0 ||
	    in_range("threads x ports", (int64_t)q->threads * q->ports, 1, NP_MANY_MAX_SOCKS, why,
		     whylen) < 0 ||
	    in_range("request size", q->req_size, 1, max_size, why, whylen) < 0 ||
	    in_range("response size", q->rsp_size, 1, max_size, why, whylen) < 0 ||
	    in_range("send size", q->send_size, 1, max_size, why, whylen) < 0 ||
	    in_range("receive size", q->recv_size, 1, max_size, why, whylen) < 0 ||
	    in_range("SO_SNDBUF", q->sndbuf, -1, NP_MAX_SOCKBUF, why, whylen) < 0 ||
	    in_range("SO_RCVBUF", q->rcvbuf, -1, NP_MAX_SOCKBUF, why, whylen) < 0 ||
	    in_range("length", q->length_s, 1, NP_MAX_SECONDS, why, whylen) < 0 ||
	    in_range("burst", q->burst, 1, NP_MANY_MAX_BURST, why, whylen) < 0 ||
	    in_range("CPUs", q->ncpus, 0, NP_MANY_MAX_CPUS, why, whylen) < 0)
		return -1;
	if ((q->kind == NP_MANY_UDP_RR &&
	     (q->req_size > NP_UDP_MAX || q->rsp_size > NP_UDP_MAX)) ||
	    (q->kind == NP_MANY_UDP_STREAM && q->send_size > NP_UDP_MAX))
		return no(why, whylen, "a datagram over %d bytes", NP_UDP_MAX);
	if (q->flags & ~(NP_MANY_F_NODELAY | NP_MANY_F_CPU | NP_MANY_F_COUNTED))
		return no(why, whylen, "unknown flags 0x%x", q->flags);
	for (int i = 0; i < q->ncpus; i++) {
		q->cpus[i] = np_wire_get_s32(msg, W(Q_CPUS + i));
		if (in_range("CPU", q->cpus[i], 0, 4095, why, whylen) < 0)
			return -1;
	}
	return np_wire_ok(why, whylen);
}

void np_many_encode_reply(const struct np_many_reply *r, uint8_t *msg)
{
	header(msg, NP_NG_MANY_REPLY, r->serv_errno);
	np_wire_put_u32(msg, W(R_THREADS), r->threads);
	np_wire_put_u32(msg, W(R_NSOCKS), r->nsocks);
	np_wire_put_s32(msg, W(R_SNDBUF), r->sndbuf);
	np_wire_put_s32(msg, W(R_RCVBUF), r->rcvbuf);
	np_wire_put_s32(msg, W(R_LENGTH), r->length_s);
	for (uint32_t i = 0; i < r->nsocks && i < NP_MANY_MAX_SOCKS; i++) {
		uint8_t *p = msg + W(R_PORTS) + 2 * i;

		p[0] = (uint8_t)(r->ports[i] >> 8);
		p[1] = (uint8_t)r->ports[i];
	}
	memcpy(msg + W(R_WHY), r->why, strnlen(r->why, NP_REFUSAL_LEN));
}

int np_many_decode_reply(const uint8_t *msg, struct np_many_reply *r, char *why, size_t whylen)
{
	memset(r, 0, sizeof(*r));
	if (expect(msg, NP_NG_MANY_REPLY, why, whylen) < 0)
		return -1;
	r->serv_errno = np_wire_get_s32(msg, 4);
	memcpy(r->why, msg + W(R_WHY), NP_REFUSAL_LEN);
	r->why[NP_REFUSAL_LEN] = '\0';
	/* Only what prints: the text goes to a terminal. */
	for (char *c = r->why; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
			*c = '?';
	if (r->serv_errno != 0)
		return np_wire_ok(why, whylen);
	r->threads = np_wire_get_u32(msg, W(R_THREADS));
	r->nsocks = np_wire_get_u32(msg, W(R_NSOCKS));
	r->sndbuf = np_wire_get_s32(msg, W(R_SNDBUF));
	r->rcvbuf = np_wire_get_s32(msg, W(R_RCVBUF));
	r->length_s = np_wire_get_s32(msg, W(R_LENGTH));
	if (in_range("threads", r->threads, 1, NP_MANY_MAX_THREADS, why, whylen) < 0 ||
	    in_range("data sockets", r->nsocks, 1, NP_MANY_MAX_SOCKS, why, whylen) < 0 ||
	    in_range("SO_SNDBUF", r->sndbuf, -1, INT32_MAX, why, whylen) < 0 ||
	    in_range("SO_RCVBUF", r->rcvbuf, -1, INT32_MAX, why, whylen) < 0 ||
	    in_range("length", r->length_s, 1, NP_MAX_SECONDS, why, whylen) < 0)
		return -1;
	for (uint32_t i = 0; i < r->nsocks; i++) {
		const uint8_t *p = msg + W(R_PORTS) + 2 * i;

		r->ports[i] = (uint16_t)(p[0] << 8 | p[1]);
		if (r->ports[i] == 0)
			return no(why, whylen, "data port %u is 0", i + 1);
	}
	return np_wire_ok(why, whylen);
}

void np_many_encode_go(int32_t iteration, uint8_t *msg)
{
	header(msg, NP_NG_MANY_GO, -1);
	np_wire_put_s32(msg, W(3), iteration);
}

void np_many_encode_go_reply(int32_t serv_errno, uint32_t joined, uint8_t *msg)
{
	header(msg, NP_NG_MANY_GO_REPLY, serv_errno);
	np_wire_put_u32(msg, W(3), joined);
}

int np_many_decode_go_reply(const uint8_t *msg, int32_t *serv_errno, uint32_t *joined,
			    char *why, size_t whylen)
{
	if (expect(msg, NP_NG_MANY_GO_REPLY, why, whylen) < 0)
		return -1;
	*serv_errno = np_wire_get_s32(msg, 4);
	*joined = np_wire_get_u32(msg, W(3));
	return np_wire_ok(why, whylen);
}

void np_many_encode_end(uint64_t sent, uint8_t *msg)
{
	header(msg, NP_NG_MANY_END, -1);
	np_wire_put_u64(msg, W(3), sent);
}

int np_many_decode_end(const uint8_t *msg, uint64_t *sent, char *why, size_t whylen)
{
	if (expect(msg, NP_NG_MANY_END, why, whylen) < 0)
		return -1;
	*sent = np_wire_get_u64(msg, W(3));
	return np_wire_ok(why, whylen);
}

void np_many_encode_end_reply(int32_t serv_errno, const struct np_many_counts *c, uint8_t *msg)
{
	header(msg, NP_NG_MANY_END_REPLY, serv_errno);
	np_wire_put_u64(msg, W(C_BYTES_IN), c->bytes_in);
	np_wire_put_u64(msg, W(C_BYTES_OUT), c->bytes_out);
	np_wire_put_u64(msg, W(C_MSGS_IN), c->msgs_in);
	np_wire_put_u64(msg, W(C_MSGS_OUT), c->msgs_out);
	np_wire_put_u64(msg, W(C_UNPROVEN), c->unproven);
	np_wire_put_u64(msg, W(C_REFUSED), c->refused);
	np_wire_put_f32(msg, W(C_CPU), &c->cpu_util);
	np_wire_put_u32(msg, W(C_CPU_METHOD), c->cpu_method);
	np_wire_put_s32(msg, W(C_CPU_COUNT), c->cpu_count);
}

int np_many_decode_end_reply(const uint8_t *msg, int32_t *serv_errno, struct np_many_counts *c,
			     char *why, size_t whylen)
{
	if (expect(msg, NP_NG_MANY_END_REPLY, why, whylen) < 0)
		return -1;
	*serv_errno = np_wire_get_s32(msg, 4);
	c->bytes_in = np_wire_get_u64(msg, W(C_BYTES_IN));
	c->bytes_out = np_wire_get_u64(msg, W(C_BYTES_OUT));
	c->msgs_in = np_wire_get_u64(msg, W(C_MSGS_IN));
	c->msgs_out = np_wire_get_u64(msg, W(C_MSGS_OUT));
	c->unproven = np_wire_get_u64(msg, W(C_UNPROVEN));
	c->refused = np_wire_get_u64(msg, W(C_REFUSED));
	np_wire_get_f32(msg, W(C_CPU), &c->cpu_util);
	c->cpu_method = np_wire_get_u32(msg, W(C_CPU_METHOD));
	c->cpu_count = np_wire_get_s32(msg, W(C_CPU_COUNT));
	/* A figure that cannot be a share of the machine is none. */
	if (!(c->cpu_util >= 0 && c->cpu_util <= 100) || c->cpu_count < 1 || c->cpu_count > 65536)
		c->cpu_util = -1;
	return np_wire_ok(why, whylen);
}

void np_many_hello(const uint8_t token[NP_MANY_TOKEN_LEN], uint32_t flow,
		   uint8_t out[NP_MANY_HELLO_LEN])
{
	np_wire_put_u32(out, 0, NP_MANY_HELLO_MAGIC);
	memcpy(out + 4, token, NP_MANY_TOKEN_LEN);
	np_wire_put_u32(out, 4 + NP_MANY_TOKEN_LEN, flow);
}

int64_t np_many_hello_check(const uint8_t *in, const uint8_t token[NP_MANY_TOKEN_LEN],
			    uint32_t flows)
{
	uint8_t diff = 0;
	uint32_t flow;

	if (np_wire_get_u32(in, 0) != NP_MANY_HELLO_MAGIC)
		return -1;
	/* Every byte compared, whatever the first differing one. */
	for (int i = 0; i < NP_MANY_TOKEN_LEN; i++)
		diff |= (uint8_t)(in[4 + i] ^ token[i]);
	flow = np_wire_get_u32(in, 4 + NP_MANY_TOKEN_LEN);
	if (diff || flow >= flows)
		return -1;
	return flow;
}

const char *np_many_kind_name(uint32_t kind)
{
	static const char *const names[] = { "?", "TCP_RR", "TCP_CRR", "UDP_RR",
					     "TCP_STREAM", "TCP_MAERTS", "UDP_STREAM" };

	return kind <= NP_MANY_UDP_STREAM ? names[kind] : "?";
}
