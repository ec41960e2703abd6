/*
 * fuzz_wire.c - libFuzzer target for every decoder in wire.h and legacy.h.
 *
 * Built only with ./configure --enable-fuzz (clang); `make fuzz` runs it on
 * the captured netperf 2.7.1 messages and a host facts reply of netperf-ng's
 * own (tests/fuzz_corpus.py).  Each input
 * is cut or zero-padded to one NP_MSG_SIZE message and handed to every
 * decoder in the table below.  Crashes and sanitizer reports are found by
 * the sanitizers; what this file adds is abort() on a broken contract:
 *
 *  - a decoder returns 0 with an empty reason, or one of the errno values
 *    wire.h names with a one-line reason, whatever the size of why[];
 *  - what decodes, encodes to a message that decodes again, to the same
 *    struct, and re-encodes to the very same bytes (a fixed point);
 *  - encoders write all NP_MSG_SIZE bytes.
 *
 * What round-trips, exactly: every struct field, floats included, compared
 * as bit patterns (memcmp), never with == (NaN != NaN, -0 == +0).  wire.c
 * moves floats by memcpy only, so NaN payloads and signalling NaNs survive.
 * What does not, and is not asserted: the decoded message's own bytes.
 * Decoders drop response flags outside NP_F_RESPONSE_MASK (the reference
 * leaves stale send_calls there), the results type word (the reference
 * sends a byte-swapped 98, we write 99), IPv4 address words 1..3, bytes
 * after a string's NUL and bytes outside any field.  So the first message
 * is never compared with its re-encoding; the re-encoding is compared
 * with its own re-encoding.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/legacy.h"
#include "wire/many.h"
#include "wire/wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The decoders that fill a struct and have an encoder for it, one line
 * each: X(suffix of np_wire_decode_* / np_wire_encode_*, struct type,
 * field comparison or NULL).  A codec with NULL still gets the contract,
 * re-decode and fixed-point checks, only not the field-by-field one.
 */
#define STRUCT_CODECS(X) \
	X(request, struct np_omni_request, same_request) \
	X(response, struct np_omni_response, same_response) \
	X(results, struct np_omni_results, same_results) \
	X(facts, struct np_host_facts, same_facts)

/* ------------------------------------------------------------ reporting */

/* The table entry being run, for the report. */
static const char *current = "";

static _Noreturn void broken(const char *decoder, const char *what)
{
	fprintf(stderr, "fuzz_wire: [%s] %s: %s\n", current, decoder, what);
	abort();
}

static void expect(int cond, const char *decoder, const char *what)
{
	if (!cond)
		broken(decoder, what);
}

/* --------------------------------------------------- field comparisons */

/* Integers by value; floats, addresses and strings by bytes.  Strings are
 * compared over the whole array: the decoder zero-fills after the NUL. */
#define SAME(f) expect(a->f == b->f, "round trip", "field " #f " differs")
#define SAME_BYTES(f) \
	expect(memcmp(&a->f, &b->f, sizeof(a->f)) == 0, "round trip", \
	       "field " #f " differs")

/* The extension, parameter words included. */
static void same_ext(const struct np_ext *a, const struct np_ext *b)
{
	SAME(present);
	SAME(test_id);
	SAME(version);
	SAME(caps);
	SAME_BYTES(params);
}

static void same_request(const struct np_omni_request *a,
			 const struct np_omni_request *b)
{
	SAME(cpu_affinity);
	SAME(send_buf_size);
	SAME(send_size);
	SAME(send_alignment);
	SAME(send_offset);
	SAME(send_width);
	SAME(request_size);
	SAME(recv_buf_size);
	SAME(receive_size);
	SAME(recv_alignment);
	SAME(recv_offset);
	SAME(recv_width);
	SAME(response_size);
	SAME(flags);
	SAME_BYTES(cpu_rate);
	SAME(test_length);
	SAME(so_rcvavoid);
	SAME(so_sndavoid);
	SAME(send_dirty_count);
	SAME(recv_dirty_count);
	SAME(recv_clean_count);
	SAME(data_port);
	SAME(ipfamily);
	SAME(socket_type);
	SAME(protocol);
	SAME(direction);
	SAME(netperf_port);
	SAME(interval_burst);
	SAME(interval_usecs);
	SAME_BYTES(netperf_ip);
	SAME_BYTES(netserver_ip);
	SAME(socket_prio);
	SAME(socket_tos);
	SAME_BYTES(cong_control);
	SAME_BYTES(fill_file);
	same_ext(&a->ext, &b->ext);
}

static void same_response(const struct np_omni_response *a,
			  const struct np_omni_response *b)
{
	/* Already masked by the first decode, so equal after the second. */
	expect((a->flags & ~NP_F_RESPONSE_MASK) == 0, "response",
	       "flags outside NP_F_RESPONSE_MASK survived the decoder");
	SAME(serv_errno);
	SAME(recv_buf_size);
	SAME(receive_size);
	SAME(recv_width);
	SAME(send_buf_size);
	SAME(send_size);
	SAME(send_width);
	SAME(flags);
	SAME_BYTES(cpu_rate);
	SAME(test_length);
	SAME(so_rcvavoid);
	SAME(so_sndavoid);
	SAME(data_port);
	SAME(interval_burst);
	SAME(interval_usecs);
	SAME(cpu_frequency);
	SAME(security_info);
	SAME(socket_prio);
	SAME(socket_tos);
	same_ext(&a->ext, &b->ext);
	SAME(data_proof);
	SAME(applied);
	SAME_BYTES(refusal);
}

static void same_results(const struct np_omni_results *a,
			 const struct np_omni_results *b)
{
	SAME(serv_errno);
	SAME(bytes_received);
	SAME(recv_calls);
	SAME(recv_buf_size);
	SAME(bytes_sent);
	SAME(send_calls);
	SAME(send_buf_size);
	SAME(failed_sends);
	SAME(trans_received);
	SAME_BYTES(elapsed_time);
	SAME_BYTES(cpu_util);
	SAME_BYTES(cpu_user);
	SAME_BYTES(cpu_system);
	SAME_BYTES(cpu_iowait);
	SAME_BYTES(cpu_irq);
	SAME_BYTES(cpu_swintr);
	SAME_BYTES(serv_dem);
	SAME(cpu_method);
	SAME(num_cpus);
	SAME(peak_cpu_id);
	SAME_BYTES(peak_cpu_util);
	SAME(vendor);
	SAME(device);
	SAME(subvendor);
	SAME(subdevice);
	SAME(transport_retrans);
	SAME_BYTES(cong_control);
}

/* netserver-ng's host facts: every member (texts over their whole width). */
static void same_facts(const struct np_host_facts *a, const struct np_host_facts *b)
{
	SAME(known);
	SAME_BYTES(ifname);
	SAME_BYTES(driver);
	SAME_BYTES(driver_version);
	SAME_BYTES(firmware);
	SAME_BYTES(bus);
	SAME(mtu);
	SAME(speed_mbps);
	SAME(offload_known);
	SAME(offload_on);
	SAME(rx_queues);
	SAME(tx_queues);
	SAME_BYTES(sysname);
	SAME_BYTES(release);
	SAME_BYTES(version);
	SAME_BYTES(machine);
	SAME_BYTES(cpu_model);
	SAME(cpu_count);
	expect(a->known, "facts", "decoded without known set");
	expect((a->offload_on & ~a->offload_known) == 0 &&
	       (a->offload_known & ~NP_OFFLOAD_ALL) == 0, "facts",
	       "offload bits outside their masks survived the decoder");
}

/* ------------------------------------------------- struct codecs, generic */

struct codec {
	const char *name;
	size_t size;
	int (*decode)(const uint8_t *msg, void *s, char *why, size_t whylen);
	void (*encode)(const void *s, uint8_t *msg);
	void (*same)(const void *a, const void *b);
};

/* The errno values wire.h promises; anything else is a contract breach. */
static int documented_errno(int err)
{
	return err == EINVAL || err == EMSGSIZE || err == EAFNOSUPPORT ||
	       err == EPROTONOSUPPORT || err == EACCES;
}

/* 0 with an empty reason, or a documented errno with a one-line reason;
 * the answer must not depend on the room left for the reason. */
static int decode_checked(const struct codec *c, const uint8_t *msg, void *s)
{
	char why[256], tiny[1];
	int err, err_tiny;

	memset(why, 'x', sizeof(why));
	err = c->decode(msg, s, why, sizeof(why));
	expect(memchr(why, 0, sizeof(why)) != NULL, c->name,
	       "reason not NUL-terminated");
	if (err == 0) {
		expect(why[0] == '\0', c->name, "success with a reason");
	} else {
		expect(documented_errno(err), c->name,
		       "error is not an errno wire.h documents");
		expect(why[0] != '\0', c->name, "failure without a reason");
		expect(strchr(why, '\n') == NULL, c->name,
		       "reason is more than one line");
	}
	tiny[0] = 'x';
	err_tiny = c->decode(msg, s, tiny, sizeof(tiny));
	expect(err_tiny == err, c->name, "result depends on why[] size");
	expect(tiny[0] == '\0', c->name, "1-byte why[] not terminated");
	return err;
}

/* Encoding twice over different garbage shows every byte is written. */
static void encode_checked(const struct codec *c, const void *s, uint8_t *msg)
{
	uint8_t other[NP_MSG_SIZE];

	memset(msg, 0xa5, NP_MSG_SIZE);
	memset(other, 0x00, sizeof(other));
	c->encode(s, msg);
	c->encode(s, other);
	expect(memcmp(msg, other, NP_MSG_SIZE) == 0, c->name,
	       "encoder leaves bytes unwritten");
}

static void round_trip(const struct codec *c, const uint8_t *msg)
{
	/* Heap copies of exact size, so ASan sees any write past them. */
	void *first = malloc(c->size), *second = malloc(c->size);
	uint8_t *again = malloc(NP_MSG_SIZE), *third = malloc(NP_MSG_SIZE);

	if (!first || !second || !again || !third)
		broken(c->name, "out of memory");
	if (decode_checked(c, msg, first) == 0) {
		encode_checked(c, first, again);
		expect(decode_checked(c, again, second) == 0, c->name,
		       "re-encoded message no longer decodes");
		if (c->same)
			c->same(first, second);
		encode_checked(c, second, third);
		expect(memcmp(again, third, NP_MSG_SIZE) == 0, c->name,
		       "re-encoding is not a fixed point");
	}
	free(first);
	free(second);
	free(again);
	free(third);
}

/* Typed wrappers, so every call goes through its real prototype. */
#define CODEC_WRAPPERS(NAME, TYPE, SAME_FN) \
	static int decode_##NAME(const uint8_t *msg, void *s, char *why, \
				 size_t whylen) \
	{ \
		return np_wire_decode_##NAME(msg, (TYPE *)s, why, whylen); \
	} \
	static void encode_##NAME(const void *s, uint8_t *msg) \
	{ \
		np_wire_encode_##NAME((const TYPE *)s, msg); \
	} \
	static void same_##NAME##_any(const void *a, const void *b) \
	{ \
		void (*same)(const TYPE *, const TYPE *) = SAME_FN; \
		if (same) \
			same((const TYPE *)a, (const TYPE *)b); \
	} \
	static const struct codec codec_##NAME = { \
		#NAME, sizeof(TYPE), decode_##NAME, encode_##NAME, \
		same_##NAME##_any, \
	}; \
	static void fuzz_##NAME(const uint8_t *msg) \
	{ \
		round_trip(&codec_##NAME, msg); \
	}

STRUCT_CODECS(CODEC_WRAPPERS)

/* ------------------------------------------------ the other decoders */

/* Header words: big-endian two's complement (wire.h), checked against an
 * independent reading, and carried unchanged by a reply. */
static int32_t be_s32(const uint8_t *p)
{
	uint32_t u = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		     (uint32_t)p[2] << 8 | (uint32_t)p[3];
	int32_t s;

	memcpy(&s, &u, sizeof(s));	/* int32_t is two's complement */
	return s;
}

static void fuzz_header(const uint8_t *msg)
{
	uint8_t reply[NP_MSG_SIZE], zero[NP_MSG_SIZE - 8] = { 0 };
	int32_t type = np_wire_type(msg), word1 = np_wire_word1(msg);

	expect(type == be_s32(msg), "np_wire_type", "not big-endian word 0");
	expect(word1 == be_s32(msg + 4), "np_wire_word1",
	       "not big-endian word 1");
	memset(reply, 0xa5, sizeof(reply));
	np_wire_encode_reply(type, word1, reply);
	expect(np_wire_type(reply) == type && np_wire_word1(reply) == word1,
	       "np_wire_encode_reply", "header words do not round-trip");
	expect(memcmp(reply + 8, zero, sizeof(zero)) == 0,
	       "np_wire_encode_reply", "test area not zeroed");
}

/*
 * The passphrase the message carries, as netserver's strcmp reads it: the
 * string at offset 8, if it ends inside the message.  It must match iff
 * the type is PASSPHRASE; its prefixes, one-byte changes and extensions
 * must not.  A longer configured passphrase is cut to the 647 bytes a
 * message holds (put_str), so an extension is tried only below that.
 */
static void fuzz_passphrase(const uint8_t *msg)
{
	enum { AREA = 8, MAXLEN = NP_MSG_SIZE - AREA - 1 };
	char pass[NP_MSG_SIZE + 1];
	const uint8_t *nul = memchr(msg + AREA, 0, NP_MSG_SIZE - AREA);
	int is_pass = np_wire_type(msg) == NP_PASSPHRASE;
	uint8_t mine[NP_MSG_SIZE];
	size_t len;

	if (!nul) {
		/* Unterminated: no passphrase may match it. */
		memcpy(pass, msg + AREA, MAXLEN);
		pass[MAXLEN] = '\0';
		expect(!np_wire_passphrase_matches(msg, pass),
		       "np_wire_passphrase_matches", "unterminated text matched");
		return;
	}
	len = (size_t)(nul - (msg + AREA));
	memcpy(pass, msg + AREA, len + 1);
	expect(np_wire_passphrase_matches(msg, pass) == is_pass,
	       "np_wire_passphrase_matches",
	       is_pass ? "its own passphrase refused" : "matched a non-PASSPHRASE type");

	np_wire_encode_passphrase(pass, mine);
	expect(np_wire_passphrase_matches(mine, pass),
	       "np_wire_encode_passphrase", "encoding does not match itself");
	if (!is_pass)
		return;
	if (len > 0) {
		pass[len - 1] = '\0';
		expect(!np_wire_passphrase_matches(msg, pass),
		       "np_wire_passphrase_matches", "a prefix matched");
		pass[len - 1] = (char)(msg[AREA + len - 1] ^ 0x01);
		expect(!np_wire_passphrase_matches(msg, pass),
		       "np_wire_passphrase_matches", "a changed byte matched");
		pass[len - 1] = (char)msg[AREA + len - 1];
	}
	if (len < MAXLEN) {
		pass[len] = 'x';
		pass[len + 1] = '\0';
		expect(!np_wire_passphrase_matches(msg, pass),
		       "np_wire_passphrase_matches", "an extension matched");
	}
}

/*
 * Address words: IPv6 groups of 4 bytes reversed (a bijection, its own
 * inverse), IPv4 the first word as is and zeros after, other families
 * nothing.  Checked for the request's two address slots (offsets from
 * wire.c; any 16 bytes would do, these carry real addresses in the
 * corpus), under the three families and one the input chooses.
 */
static void fuzz_addr(const uint8_t *msg)
{
	static const size_t slot[] = { 0x78, 0x88 };
	const uint32_t family[] = { NP_FAM_UNSPEC, NP_FAM_INET, NP_FAM_INET6,
				    (uint32_t)np_wire_word1(msg) };
	uint8_t addr[16], words[16], addr2[16], inplace[16], want[16];
	const char *who = "np_wire_addr_from_words";

	for (size_t s = 0; s < sizeof(slot) / sizeof(slot[0]); s++) {
		const uint8_t *in = msg + slot[s];

		for (size_t f = 0; f < sizeof(family) / sizeof(family[0]); f++) {
			uint32_t fam = family[f];

			memset(want, 0, sizeof(want));
			if (fam == NP_FAM_INET) {
				memcpy(want, in, 4);
			} else if (fam == NP_FAM_INET6) {
				for (size_t i = 0; i < 16; i++)
					want[i] = in[(i & ~(size_t)3) + 3 - (i & 3)];
			}
			np_wire_addr_from_words(fam, in, addr);
			expect(memcmp(addr, want, 16) == 0, who,
			       "wrong address bytes");
			memcpy(inplace, in, 16);
			np_wire_addr_from_words(fam, inplace, inplace);
			expect(memcmp(inplace, addr, 16) == 0, who,
			       "in-place conversion differs");

			np_wire_addr_to_words(fam, addr, words);
			np_wire_addr_from_words(fam, words, addr2);
			expect(memcmp(addr2, addr, 16) == 0, who,
			       "address does not round-trip");
			if (fam == NP_FAM_INET6)
				expect(memcmp(words, in, 16) == 0, who,
				       "IPv6 words do not round-trip");
		}
	}
}

/*
 * legacy.h: the input under each legacy request type.  A request that
 * decodes encodes again, and that decodes to the same struct; a legacy
 * request carries all it decodes.  The reply decoders must only keep to
 * their contract (they fill what a legacy reply lacks from elsewhere).
 */
static void fuzz_legacy(const uint8_t *msg)
{
	static const int32_t types[] = { NP_DO_TCP_STREAM, NP_DO_TCP_RR, NP_DO_UDP_STREAM,
					 NP_DO_UDP_RR, NP_DO_TCP_CRR, NP_DO_TCP_MAERTS };
	uint8_t *m = malloc(NP_MSG_SIZE), *again = malloc(NP_MSG_SIZE);
	struct np_omni_request q, q2;
	struct np_omni_response r;
	struct np_omni_results res;
	char why[160];

	if (!m || !again)
		broken("fuzz_legacy", "out of memory");
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		memcpy(m, msg, NP_MSG_SIZE);
		np_wire_put_u32(m, 0, (uint32_t)types[i]);
		(void)np_legacy_decode_results(m, types[i], np_wire_word1(m), NULL, &res,
					       why, sizeof(why));
		if (np_legacy_decode_request(m, &q, why, sizeof(why)) != 0)
			continue;
		expect(np_legacy_type_of(&q) == types[i], "np_legacy_decode_request",
		       "decoded to another test");
		expect(np_legacy_encode_request(&q, 0, again, why, sizeof(why)) == 0,
		       "np_legacy_encode_request", "refused what was decoded");
		expect(np_legacy_decode_request(again, &q2, why, sizeof(why)) == 0,
		       "np_legacy_decode_request", "re-encoded request refused");
		same_request(&q, &q2);
		(void)np_legacy_decode_response(m, &q, &r, why, sizeof(why));
	}
	free(m);
	free(again);
}

/* The CPU_CALIBRATE reply (netperf's LOC_CPU/REM_CPU): a rate and a CPU
 * count from a peer, whatever the bytes; REM_CPU range-checks them, so
 * the decoder itself only has to stay inside the message. */
static void fuzz_cpu_calibrate(const uint8_t *msg)
{
	float rate = 0;
	int32_t ncpus = 0;

	np_wire_decode_cpu_calibrate_reply(msg, &rate, &ncpus);
	(void)rate;
	(void)ncpus;
}

/* The facts request netserver answers: its type and the magic, as our
 * own encoder writes them. */
static void fuzz_facts_request(const uint8_t *msg)
{
	uint8_t mine[NP_MSG_SIZE];

	(void)np_wire_is_facts_request(msg);
	np_wire_encode_facts_request(mine);
	expect(np_wire_is_facts_request(mine), "np_wire_encode_facts_request",
	       "our own request is not one");
}

/* A many-flows run's messages (wire/many.h): what decodes is within its
 * ranges and survives a round trip; a refusal's text ends in the array
 * and is printable; the hello check never names a flow past the count. */
static void fuzz_many(const uint8_t *msg)
{
	struct np_many_req q, q2;
	struct np_many_reply r, r2;
	struct np_many_counts c;
	uint8_t again[NP_MSG_SIZE];
	char why[200];
	int32_t e;
	uint32_t joined;
	int64_t flow;

	if (np_many_decode_req(msg, &q, why, sizeof(why)) == 0) {
		expect(q.flows >= 1 && q.flows <= NP_MANY_MAX_FLOWS, "np_many_decode_req", "flows");
		expect(q.threads * q.ports <= NP_MANY_MAX_SOCKS, "np_many_decode_req", "sockets");
		expect(q.ncpus >= 0 && q.ncpus <= NP_MANY_MAX_CPUS, "np_many_decode_req", "CPUs");
		np_many_encode_req(&q, again);
		expect(np_many_decode_req(again, &q2, why, sizeof(why)) == 0 &&
		       memcmp(&q, &q2, sizeof(q)) == 0, "np_many_decode_req", "round trip");
	}
	if (np_many_decode_reply(msg, &r, why, sizeof(why)) == 0) {
		expect(memchr(r.why, 0, sizeof(r.why)) != NULL, "np_many_decode_reply", "text");
		for (const char *p = r.why; *p; p++)
			expect(*p >= 0x20 && *p <= 0x7e, "np_many_decode_reply", "unprintable text");
		if (r.serv_errno == 0) {
			expect(r.nsocks >= 1 && r.nsocks <= NP_MANY_MAX_SOCKS, "np_many_decode_reply",
			       "sockets");
			for (uint32_t i = 0; i < r.nsocks; i++)
				expect(r.ports[i] != 0, "np_many_decode_reply", "port 0");
			np_many_encode_reply(&r, again);
			expect(np_many_decode_reply(again, &r2, why, sizeof(why)) == 0 &&
			       r2.nsocks == r.nsocks && r2.length_s == r.length_s &&
			       memcmp(r2.ports, r.ports, sizeof(r.ports)) == 0 &&
			       strcmp(r2.why, r.why) == 0, "np_many_decode_reply", "round trip");
		}
	}
	(void)np_many_decode_go_reply(msg, &e, &joined, why, sizeof(why));
	{
		uint64_t sent;

		(void)np_many_decode_end(msg, &sent, why, sizeof(why));
	}
	if (np_many_decode_end_reply(msg, &e, &c, why, sizeof(why)) == 0)
		expect(c.cpu_util == -1 || (c.cpu_util >= 0 && c.cpu_util <= 100),
		       "np_many_decode_end_reply", "CPU figure");
	flow = np_many_hello_check(msg, msg + 4, 1000);
	expect(flow >= -1 && flow < 1000, "np_many_hello_check", "a flow past the count");
}

/* ---------------------------------------------------------- the table */

/* Every decoder in wire.h; a new one is one line here (or in
 * STRUCT_CODECS when it has an encoder). */
#define CODEC_ENTRY(NAME, TYPE, SAME_FN) { "np_wire_decode_" #NAME, fuzz_##NAME },

static const struct {
	const char *name;
	void (*run)(const uint8_t *msg);
} decoders[] = {
	{ "np_wire_type, np_wire_word1", fuzz_header },
	{ "np_wire_passphrase_matches", fuzz_passphrase },
	{ "np_wire_addr_from_words", fuzz_addr },
	{ "np_legacy_decode_*", fuzz_legacy },
	{ "np_wire_decode_cpu_calibrate_reply", fuzz_cpu_calibrate },
	{ "np_wire_is_facts_request", fuzz_facts_request },
	{ "np_many_decode_*", fuzz_many },
	STRUCT_CODECS(CODEC_ENTRY)
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* One message of exactly NP_MSG_SIZE on the heap: a decoder reading
	 * past the end is an ASan report, not a silent read of padding. */
	uint8_t *msg = calloc(1, NP_MSG_SIZE);

	if (!msg)
		broken("fuzz_wire", "out of memory");
	if (size)	/* data may be NULL for the empty input */
		memcpy(msg, data, size < NP_MSG_SIZE ? size : NP_MSG_SIZE);
	for (size_t i = 0; i < sizeof(decoders) / sizeof(decoders[0]); i++) {
		current = decoders[i].name;
		decoders[i].run(msg);
	}
	free(msg);
	return 0;
}
