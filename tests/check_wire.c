/*
 * check_wire.c - unit tests for src/wire/wire.c against the reference captures.
 *
 * The vectors (tests/data/vectors; each file's header says how it was
 * captured) are real netperf/netserver 2.7.1 conversations; every RAW
 * line is one 656-byte message.  Decoding them and encoding the result must give the captured
 * bytes back, so a wrong offset, a lost sign or a mangled float shows up as
 * a byte diff rather than as a silently wrong number.
 *
 * Run: TESTDATA=tests/data ./check_wire   (make check sets TESTDATA)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L	/* getline, opendir, inet_pton */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_refuse.h"
#include "wire/wire.h"

#ifndef TESTDATA_DIR
#define TESTDATA_DIR "tests/data"
#endif

#define MAX_VECS 512
#define WHYLEN 256
#define FUZZ_ROUNDS 10000

/* What the copied vector set holds; a parse slip or a lost file shows up
 * here first. */
#define N_FILES 66
#define N_MESSAGES 145
#define N_REQUESTS 28
#define N_FIRST_RESPONSES 22
#define N_LATER_RESPONSES 7
#define N_RESULTS 28

struct vec {
	char file[96];		/* relative to vectors/ */
	char origin[96];	/* the capture it was cut from (itself if not) */
	int n;			/* message number in the capture */
	int c2s;
	uint8_t msg[NP_MSG_SIZE];
};

static struct vec vecs[MAX_VECS];
static int nvecs;
static int nfiles;
static char load_error[512];

/* ------------------------------------------------------------- helpers */

/* Independent of wire.c on purpose: the tests read bytes their own way. */
static uint32_t be32(const uint8_t *msg, size_t off)
{
	return (uint32_t)msg[off] << 24 | (uint32_t)msg[off + 1] << 16 |
	       (uint32_t)msg[off + 2] << 8 | (uint32_t)msg[off + 3];
}

static void set_be32(uint8_t *msg, size_t off, uint32_t v)
{
	msg[off] = (uint8_t)(v >> 24);
	msg[off + 1] = (uint8_t)(v >> 16);
	msg[off + 2] = (uint8_t)(v >> 8);
	msg[off + 3] = (uint8_t)v;
}

static uint32_t float_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

/* The first differing byte, or -1: far more useful in a failure message
 * than "memory differs". */
static int first_diff(const uint8_t *a, const uint8_t *b, size_t from)
{
	size_t i;

	for (i = from; i < NP_MSG_SIZE; i++)
		if (a[i] != b[i])
			return (int)i;
	return -1;
}

/* No test parameters decoded (the extension's words 152..159). */
static int params_zero(const struct np_ext *x)
{
	int k;

	for (k = 0; k < NP_EXT_PARAMS; k++)
		if (x->params[k])
			return 0;
	return 1;
}

static int is_request(const struct vec *v)
{
	return v->c2s && be32(v->msg, 0) == NP_DO_OMNI;
}

static int is_response(const struct vec *v)
{
	return !v->c2s && be32(v->msg, 0) == NP_OMNI_RESPONSE;
}

/* Results never carry their own type: the reference sends 98 swapped. */
static int is_results(const struct vec *v)
{
	return !v->c2s && be32(v->msg, 0) == 0x62000000u;
}

/* The reference reuses one buffer per connection, so only the first
 * response of a capture is clean enough to re-encode byte for byte.  Every
 * capture holds a single control connection. */
static int is_first_response(const struct vec *v)
{
	int i;

	if (!is_response(v))
		return 0;
	for (i = 0; i < nvecs; i++)
		if (is_response(&vecs[i]) &&
		    strcmp(vecs[i].origin, v->origin) == 0 &&
		    vecs[i].n < v->n)
			return 0;
	return 1;
}

static const struct vec *find_vec(const char *file, int n)
{
	int i;

	for (i = 0; i < nvecs; i++)
		if (strcmp(vecs[i].file, file) == 0 && vecs[i].n == n)
			return &vecs[i];
	return NULL;
}

static const struct vec *need_vec(const char *file, int n)
{
	const struct vec *v = find_vec(file, n);

	ck_assert_msg(v != NULL, "vector %s message %d not loaded (%s)", file,
		      n, load_error[0] ? load_error : "no load error");
	return v;
}

static void need_request(const char *file, int n, struct np_omni_request *q)
{
	char why[WHYLEN] = "";
	int ret = np_wire_decode_request(need_vec(file, n)->msg, q, why,
					 sizeof(why));

	ck_assert_msg(ret == 0, "%s#%d: decode_request %d (%s)", file, n, ret,
		      why);
}

/* ------------------------------------------------------ loading vectors */

#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static void load_fail(const char *fmt, ...)
{
	va_list ap;

	if (load_error[0])
		return;	/* keep the first one, it explains the rest */
	va_start(ap, fmt);
	vsnprintf(load_error, sizeof(load_error), fmt, ap);
	va_end(ap);
}

/* dst = "a/b" (or just b when a is empty); -1 if it does not fit. */
static int join(char *dst, size_t size, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la + 1 + lb + 1 > size)
		return -1;
	memcpy(dst, a, la);
	if (la && lb)
		dst[la++] = '/';
	memcpy(dst + la, b, lb + 1);
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int parse_hex(const char *s, uint8_t *out)
{
	size_t i;

	for (i = 0; i < NP_MSG_SIZE; i++) {
		int hi = hexval((unsigned char)s[2 * i]);
		int lo = hi < 0 ? -1 : hexval((unsigned char)s[2 * i + 1]);

		if (lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	s += 2 * NP_MSG_SIZE;
	return (*s == '\0' || *s == '\n' || *s == '\r') ? 0 : -1;
}

/* "RAW C->S 1 <hex>"; msgtypes excerpts name their capture in a
 * "# taken from ../NAME.txt, message N" header line. */
static void load_file(const char *dir, const char *rel)
{
	char path[1024], origin[sizeof(vecs[0].origin)];
	char *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (join(path, sizeof(path), dir, rel) ||
	    join(origin, sizeof(origin), "", rel)) {
		load_fail("%s/%s: name too long", dir, rel);
		return;
	}
	f = fopen(path, "r");
	if (!f) {
		load_fail("%s: %s", path, strerror(errno));
		return;
	}
	nfiles++;
	while (getline(&line, &cap, f) > 0) {
		char dirtok[8];
		int n, off;
		struct vec *v;

		if (strncmp(line, "# taken from ../", 16) == 0) {
			size_t len = strcspn(line + 16, ",");

			if (len >= sizeof(origin)) {
				load_fail("%s: origin name too long", path);
				continue;
			}
			memcpy(origin, line + 16, len);
			origin[len] = '\0';
			continue;
		}
		if (strncmp(line, "RAW ", 4) != 0)
			continue;
		if (sscanf(line, "RAW %7s %d %n", dirtok, &n, &off) != 2 ||
		    (strcmp(dirtok, "C->S") != 0 &&
		     strcmp(dirtok, "S->C") != 0)) {
			load_fail("%s: bad RAW line", path);
			continue;
		}
		if (nvecs >= MAX_VECS) {
			load_fail("more than %d messages", MAX_VECS);
			break;
		}
		v = &vecs[nvecs];
		if (parse_hex(line + off, v->msg) != 0) {
			load_fail("%s: message %d is not %d hex bytes", path,
				  n, NP_MSG_SIZE);
			continue;
		}
		/* Both fit: checked on entry and at the header line. */
		join(v->file, sizeof(v->file), "", rel);
		join(v->origin, sizeof(v->origin), "", origin);
		v->n = n;
		v->c2s = dirtok[0] == 'C';
		nvecs++;
	}
	free(line);
	fclose(f);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted, so the message order (and any failure report) is stable. */
static void load_dir(const char *base, const char *sub)
{
	char path[1024], rel[256];
	char *names[256];
	size_t count = 0, i;
	struct dirent *de;
	DIR *d;

	if (join(path, sizeof(path), base, sub)) {
		load_fail("%s: name too long", base);
		return;
	}
	d = opendir(path);
	if (!d) {
		load_fail("%s: %s", path, strerror(errno));
		return;
	}
	while ((de = readdir(d)) != NULL && count < 256) {
		size_t len = strlen(de->d_name);

		if (len <= 4 || strcmp(de->d_name + len - 4, ".txt") != 0)
			continue;
		names[count] = strdup(de->d_name);
		if (names[count])
			count++;
		else
			load_fail("out of memory");
	}
	closedir(d);
	qsort(names, count, sizeof(names[0]), cmp_names);
	for (i = 0; i < count; i++) {
		if (join(rel, sizeof(rel), sub, names[i]) == 0)
			load_file(base, rel);
		else
			load_fail("%s: name too long", names[i]);
		free(names[i]);
	}
}

static void load_vectors(void)
{
	const char *env = getenv("TESTDATA");
	char base[1024];

	if (join(base, sizeof(base), env && *env ? env : TESTDATA_DIR,
		 "vectors")) {
		load_fail("TESTDATA too long");
		return;
	}
	load_dir(base, "");
	load_dir(base, "msgtypes");
}

/* -------------------------------------------------------- vector tests */

START_TEST(test_vectors_loaded)
{
	int i, req = 0, first = 0, later = 0, res = 0;

	ck_assert_msg(load_error[0] == '\0', "loading vectors: %s",
		      load_error);
	for (i = 0; i < nvecs; i++) {
		req += is_request(&vecs[i]);
		first += is_first_response(&vecs[i]);
		later += is_response(&vecs[i]) && !is_first_response(&vecs[i]);
		res += is_results(&vecs[i]);
	}
	ck_assert_int_eq(nfiles, N_FILES);
	ck_assert_int_eq(nvecs, N_MESSAGES);
	ck_assert_int_eq(req, N_REQUESTS);
	ck_assert_int_eq(first, N_FIRST_RESPONSES);
	ck_assert_int_eq(later, N_LATER_RESPONSES);
	ck_assert_int_eq(res, N_RESULTS);
}
END_TEST

/* The msgtypes excerpts must be the very bytes of the capture they name,
 * or "first response" would be judged on the wrong message. */
START_TEST(test_excerpts_match_origin)
{
	int i, checked = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i], *o;

		if (strcmp(v->file, v->origin) == 0)
			continue;
		o = find_vec(v->origin, v->n);
		ck_assert_msg(o != NULL, "%s: origin %s#%d missing", v->file,
			      v->origin, v->n);
		ck_assert_msg(o->c2s == v->c2s &&
			      memcmp(o->msg, v->msg, NP_MSG_SIZE) == 0,
			      "%s differs from %s#%d", v->file, v->origin,
			      v->n);
		checked++;
	}
	ck_assert_int_eq(checked, 34);
}
END_TEST

START_TEST(test_requests_roundtrip)
{
	int i, done = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		struct np_omni_request q;
		uint8_t out[NP_MSG_SIZE];
		char why[WHYLEN] = "";
		int ret, d;

		if (!is_request(v))
			continue;
		ret = np_wire_decode_request(v->msg, &q, why, sizeof(why));
		ck_assert_msg(ret == 0, "%s#%d: decode %d (%s)", v->file, v->n,
			      ret, why);
		/* netperf 2.7.1 never carries netperf-ng's extension. */
		ck_assert_msg(!q.ext.present && q.ext.test_id == 0 &&
			      q.ext.version == 0 && q.ext.caps == 0 &&
			      params_zero(&q.ext),
			      "%s#%d: extension seen", v->file, v->n);
		memset(out, 0xa5, sizeof(out));
		np_wire_encode_request(&q, out);
		d = first_diff(v->msg, out, 0);
		ck_assert_msg(d < 0, "%s#%d: byte 0x%03x is %02x, captured %02x",
			      v->file, v->n, d, d < 0 ? 0 : out[d],
			      d < 0 ? 0 : v->msg[d]);
		done++;
	}
	ck_assert_int_eq(done, N_REQUESTS);
}
END_TEST

/* Every message type that is not 97 must be refused as a request. */
START_TEST(test_other_client_messages_refused)
{
	int i, done = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		struct np_omni_request q;
		char why[WHYLEN] = "";

		if (!v->c2s || is_request(v))
			continue;
		ck_assert_msg(np_wire_decode_request(v->msg, &q, why,
						     sizeof(why)) == EINVAL,
			      "%s#%d (type %u) accepted as DO_OMNI", v->file,
			      v->n, be32(v->msg, 0));
		ck_assert_msg(strstr(why, "type") != NULL, "why: '%s'", why);
		done++;
	}
	ck_assert_int_gt(done, 20);
}
END_TEST

/* What the captures in tests/data/vectors say netperf 2.7.1 sent, column
 * by column (each file's header gives its command line; the fields are
 * doc/protocol.md's "DO_OMNI, the request"). */
struct req_expect {
	const char *file;
	int n;
	uint32_t fam, stype, proto, dir, flags;
	int32_t tlen, req, rsp, sbuf, rbuf, ssize, rsize;
	uint32_t swidth, rwidth, dport, nport;
	float cpu_rate;
};

#define TCP 4, 1, 6
#define UDP 4, 2, 17
#define TCP_RR_DEFAULTS TCP, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 0, 0.0f

static const struct req_expect req_expect[] = {
	/* file                  n  fam,st,pr dir flags tlen req rsp sbuf rbuf ssize rsize sw rw dport nport cpu */
	{ "tcp_rr_default.txt", 1, TCP_RR_DEFAULTS },
	{ "tcp_rr_count5000.txt", 1, TCP, 6, 0x20, -5000, 1, 1, -1, -1, -1, -1, 1, 1, 0, 0, 0.0f },
	{ "tcp_rr_iter3.txt", 1, TCP_RR_DEFAULTS },
	{ "tcp_rr_iter3.txt", 4, TCP, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 37691, 0, 0.0f },
	{ "tcp_rr_iter3.txt", 7, TCP, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 37691, 0, 0.0f },
	{ "tcp_rr_opts.txt", 1, TCP, 6, 0x21, 1, 64, 1024, 65536, 65536, -1, -1, 1, 1, 24792, 24791, 0.0f },
	{ "tcp_crr_default.txt", 1, TCP, 6, 0x24, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 62168, 0.0f },
	{ "tcp_crr_r32_64.txt", 1, TCP, 6, 0x24, 1, 32, 64, -1, -1, -1, -1, 1, 1, 0, 56617, 0.0f },
	{ "tcp_stream_default.txt", 1, TCP, 4, 0x20, 1, -1, -1, -1, -1, -1, -1, 2, 0, 0, 0, 0.0f },
	{ "tcp_stream_cpu.txt", 1, TCP, 4, 0x28, 1, -1, -1, -1, -1, -1, -1, 2, 0, 0, 0, 0.0f },
	{ "tcp_stream_opts.txt", 1, TCP, 4, 0x21, 1, -1, -1, 65536, 65536, -1, 2048, 129, 0, 0, 0, 0.0f },
	{ "tcp_maerts_default.txt", 1, TCP, 2, 0x20, 1, -1, -1, -1, -1, -1, -1, 0, 2, 0, 0, 0.0f },
	{ "tcp_maerts_opts.txt", 1, TCP, 2, 0x20, 1, -1, -1, 32768, 32768, -1, 8192, 0, 2, 0, 0, 0.0f },
	{ "udp_rr_default.txt", 1, UDP, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 38842, 0.0f },
	{ "udp_rr_r32_1024.txt", 1, UDP, 6, 0x20, 1, 32, 1024, -1, -1, -1, -1, 1, 1, 0, 47487, 0.0f },
	{ "udp_rr_ipv6_ctl.txt", 1, 6, 2, 17, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 58716, 0.0f },
	{ "udp_rr_ipv6_data.txt", 1, 6, 2, 17, 6, 0x20, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 32872, 0.0f },
	{ "udp_rr_iter3_cpu.txt", 1, UDP, 6, 0x28, 1, 1, 1, -1, -1, -1, -1, 1, 1, 0, 42461, 0.0f },
	{ "udp_rr_iter3_cpu.txt", 4, UDP, 6, 0x28, 1, 1, 1, -1, -1, -1, -1, 1, 1, 52478, 48562, 100.0f },
	{ "udp_rr_iter3_cpu.txt", 7, UDP, 6, 0x28, 1, 1, 1, -1, -1, -1, -1, 1, 1, 52478, 59463, 100.0f },
	{ "udp_stream_default.txt", 1, UDP, 4, 0x0, 1, -1, -1, -1, -1, -1, -1, 4, 0, 0, 36359, 0.0f },
	{ "udp_stream_m64.txt", 1, UDP, 4, 0x0, 1, -1, -1, -1, -1, -1, -1, 3329, 0, 0, 58780, 0.0f },
	{ "udp_stream_opts.txt", 1, UDP, 4, 0x0, 1, -1, -1, 65536, 65536, -1, 1024, 129, 0, 24794, 24793, 0.0f },
	{ "passphrase_good.txt", 2, TCP_RR_DEFAULTS },
	{ "passphrase_bad.txt", 2, TCP_RR_DEFAULTS },
	{ "passphrase_missing.txt", 1, TCP_RR_DEFAULTS },
	{ "unknown_type_after_test.txt", 1, TCP_RR_DEFAULTS },
};

#define N_REQ_EXPECT (int)(sizeof(req_expect) / sizeof(req_expect[0]))

START_TEST(test_request_fields)
{
	const struct req_expect *e = &req_expect[_i];
	struct np_omni_request q;

	need_request(e->file, e->n, &q);
	ck_assert_uint_eq(q.ipfamily, e->fam);
	ck_assert_uint_eq(q.socket_type, e->stype);
	ck_assert_uint_eq(q.protocol, e->proto);
	ck_assert_uint_eq(q.direction, e->dir);
	ck_assert_uint_eq(q.flags, e->flags);
	ck_assert_int_eq(q.test_length, e->tlen);
	ck_assert_int_eq(q.request_size, e->req);
	ck_assert_int_eq(q.response_size, e->rsp);
	ck_assert_int_eq(q.send_buf_size, e->sbuf);
	ck_assert_int_eq(q.recv_buf_size, e->rbuf);
	ck_assert_int_eq(q.send_size, e->ssize);
	ck_assert_int_eq(q.receive_size, e->rsize);
	ck_assert_uint_eq(q.send_width, e->swidth);
	ck_assert_uint_eq(q.recv_width, e->rwidth);
	ck_assert_uint_eq(q.data_port, e->dport);
	ck_assert_uint_eq(q.netperf_port, e->nport);
	ck_assert_uint_eq(float_bits(q.cpu_rate), float_bits(e->cpu_rate));
	/* Words netperf 2.7 always sends the same way. */
	ck_assert_int_eq(q.cpu_affinity, -1);
	ck_assert_uint_eq(q.send_alignment, 8);
	ck_assert_uint_eq(q.recv_alignment, 8);
	ck_assert_int_eq(q.send_dirty_count, -1);
	ck_assert_int_eq(q.recv_dirty_count, -1);
	ck_assert_int_eq(q.recv_clean_count, -1);
	ck_assert_int_eq(q.socket_prio, -1);
	ck_assert_int_eq(q.socket_tos, -1);
	ck_assert_str_eq(q.cong_control, "");
	ck_assert_str_eq(q.fill_file, "");
}
END_TEST

/* Each capture that carries a request has a row above. */
START_TEST(test_request_fields_cover_all)
{
	int i, j;

	for (i = 0; i < nvecs; i++) {
		int found = 0;

		if (!is_request(&vecs[i]))
			continue;
		for (j = 0; j < N_REQ_EXPECT; j++)
			found |= strcmp(req_expect[j].file, vecs[i].origin) == 0 &&
				 req_expect[j].n == vecs[i].n;
		ck_assert_msg(found, "no expectations for %s#%d",
			      vecs[i].origin, vecs[i].n);
	}
}
END_TEST

START_TEST(test_request_ipv6_addresses)
{
	static const uint8_t loop6[16] = { [15] = 1 };
	static const uint8_t wire6[16] = { [12] = 1 };
	const struct vec *v = need_vec("udp_rr_ipv6_data.txt", 1);
	struct np_omni_request q;

	/* The capture really has the reversed group on the wire. */
	ck_assert_mem_eq(v->msg + 0x78, wire6, 16);
	ck_assert_mem_eq(v->msg + 0x88, wire6, 16);
	need_request("udp_rr_ipv6_data.txt", 1, &q);
	ck_assert_uint_eq(q.ipfamily, NP_FAM_INET6);
	ck_assert_mem_eq(q.netperf_ip, loop6, 16);
	ck_assert_mem_eq(q.netserver_ip, loop6, 16);

	/* Control over IPv6 without -L/-H: both addresses unspecified. */
	need_request("udp_rr_ipv6_ctl.txt", 1, &q);
	ck_assert_uint_eq(q.ipfamily, NP_FAM_INET6);
	ck_assert_mem_eq(q.netperf_ip, (uint8_t[16]){ 0 }, 16);
	ck_assert_mem_eq(q.netserver_ip, (uint8_t[16]){ 0 }, 16);
}
END_TEST

START_TEST(test_first_responses_roundtrip)
{
	int i, done = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		struct np_omni_response r;
		uint8_t out[NP_MSG_SIZE];
		char why[WHYLEN] = "";
		int ret, d;

		if (!is_first_response(v))
			continue;
		ret = np_wire_decode_response(v->msg, &r, why, sizeof(why));
		ck_assert_msg(ret == 0, "%s#%d: decode %d (%s)", v->file, v->n,
			      ret, why);
		ck_assert_int_eq(r.serv_errno, 0);
		ck_assert_uint_eq(r.data_port, be32(v->msg, 0x34));
		ck_assert_msg(!r.ext.present && params_zero(&r.ext),
			      "%s#%d: extension seen", v->file, v->n);
		memset(out, 0x5a, sizeof(out));
		np_wire_encode_response(&r, out);
		d = first_diff(v->msg, out, 0);
		ck_assert_msg(d < 0, "%s#%d: byte 0x%03x is %02x, captured %02x",
			      v->file, v->n, d, d < 0 ? 0 : out[d],
			      d < 0 ? 0 : v->msg[d]);
		done++;
	}
	ck_assert_int_eq(done, N_FIRST_RESPONSES);
}
END_TEST

START_TEST(test_response_fields)
{
	struct np_omni_response r;
	char why[WHYLEN];

	/* TCP_STREAM: the server echoes send_size -1 and sizes its recvs
	 * by SO_RCVBUF. */
	ck_assert_int_eq(np_wire_decode_response(need_vec("tcp_stream_default.txt", 2)->msg,
						 &r, why, sizeof(why)), 0);
	ck_assert_int_eq(r.recv_buf_size, 131072);
	ck_assert_int_eq(r.receive_size, 131072);
	ck_assert_int_eq(r.recv_width, 2);
	ck_assert_int_eq(r.send_buf_size, 16384);
	ck_assert_int_eq(r.send_size, -1);
	ck_assert_int_eq(r.send_width, 2);
	ck_assert_uint_eq(r.flags, 0);
	ck_assert_uint_eq(r.data_port, 39845);
	ck_assert_int_eq(r.socket_prio, -1);
	ck_assert_int_eq(r.socket_tos, -1);

	ck_assert_int_eq(np_wire_decode_response(need_vec("tcp_stream_cpu.txt", 2)->msg,
						 &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.flags, NP_F_MEASURE_CPU);
	ck_assert_uint_eq(float_bits(r.cpu_rate), 0x42c80000u);

	ck_assert_int_eq(np_wire_decode_response(need_vec("tcp_rr_opts.txt", 2)->msg,
						 &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.flags, NP_F_NODELAY);
	ck_assert_int_eq(r.receive_size, 64);
	ck_assert_int_eq(r.send_size, 1024);
	ck_assert_uint_eq(r.data_port, 24792);

	ck_assert_int_eq(np_wire_decode_response(need_vec("msgtypes/098_OMNI_RESPONSE.txt", 2)->msg,
						 &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.data_port, 46283);
}
END_TEST

/* From the 2nd test on a connection the flags word is mostly garbage. */
START_TEST(test_later_responses_masked)
{
	const struct vec *v = need_vec("msgtypes/098_OMNI_RESPONSE_2nd_iteration.txt", 5);
	struct np_omni_response r;
	char why[WHYLEN] = "";
	int i, done = 0;

	ck_assert_uint_eq(be32(v->msg, 0x20), 0x29c10000u);
	ck_assert_int_eq(np_wire_decode_response(v->msg, &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.flags, 0);
	ck_assert_uint_eq(r.data_port, 37691);

	v = need_vec("udp_rr_iter3_cpu.txt", 5);
	ck_assert_uint_eq(be32(v->msg, 0x20), 0xa6b50008u);
	ck_assert_int_eq(np_wire_decode_response(v->msg, &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.flags, NP_F_MEASURE_CPU);

	for (i = 0; i < nvecs; i++) {
		v = &vecs[i];
		if (!is_response(v) || is_first_response(v))
			continue;
		ck_assert_msg(np_wire_decode_response(v->msg, &r, why,
						      sizeof(why)) == 0,
			      "%s#%d: %s", v->file, v->n, why);
		ck_assert_uint_eq(r.flags,
				  be32(v->msg, 0x20) & NP_F_RESPONSE_MASK);
		ck_assert_uint_eq(r.data_port, be32(v->msg, 0x34));
		ck_assert_int_eq(r.serv_errno, (int32_t)be32(v->msg, 4));
		ck_assert_msg(!r.ext.present && params_zero(&r.ext),
			      "%s#%d: extension seen", v->file, v->n);
		done++;
	}
	ck_assert_int_eq(done, N_LATER_RESPONSES);
}
END_TEST

/* A 998 after a test arrives as a stale type-98 message; serv_errno is
 * data, not a decode error. */
START_TEST(test_response_serv_errno)
{
	struct np_omni_response r;
	char why[WHYLEN] = "";

	ck_assert_int_eq(np_wire_decode_response(need_vec("unknown_type_after_test.txt", 5)->msg,
						 &r, why, sizeof(why)), 0);
	ck_assert_int_eq(r.serv_errno, NP_ERR_UNKNOWN_REQUEST);
}
END_TEST

START_TEST(test_results_roundtrip)
{
	int i, done = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		struct np_omni_results r;
		uint8_t out[NP_MSG_SIZE];
		char why[WHYLEN] = "";
		int ret, d;

		if (!is_results(v))
			continue;
		ret = np_wire_decode_results(v->msg, &r, why, sizeof(why));
		ck_assert_msg(ret == 0, "%s#%d: decode %d (%s)", v->file, v->n,
			      ret, why);
		memset(out, 0x3c, sizeof(out));
		np_wire_encode_results(&r, out);
		ck_assert_uint_eq(be32(out, 0), NP_OMNI_RESULTS);
		d = first_diff(v->msg, out, 4);
		ck_assert_msg(d < 0, "%s#%d: byte 0x%03x is %02x, captured %02x",
			      v->file, v->n, d, d < 0 ? 0 : out[d],
			      d < 0 ? 0 : v->msg[d]);
		done++;
	}
	ck_assert_int_eq(done, N_RESULTS);
}
END_TEST

struct res_expect {
	const char *file;
	int n;
	uint64_t bytes_received;
	uint32_t recv_calls;
	int32_t recv_buf_size;
	uint64_t bytes_sent;
	uint32_t send_calls;
	int32_t send_buf_size;
	uint32_t trans_received;
	float elapsed;
	uint32_t cpu_method, num_cpus;
	int32_t retrans;
	const char *cong;
};

static const struct res_expect res_expect[] = {
	{ "tcp_rr_default.txt", 3, 49843, 49843, 131072, 49843, 49843, 4194304, 49843, 1.0f, 0, 0, 0, "bbr" },
	{ "tcp_rr_count5000.txt", 3, 5000, 5000, 131072, 5000, 5000, 4194304, 5000, 0.1202f, 0, 0, 0, "bbr" },
	{ "tcp_stream_cpu.txt", 3, 1948942336, 34755, 4609271, 0, 0, 4194304, 0, 1.0f, 8, 2, 0, "bbr" },
	{ "tcp_maerts_default.txt", 3, 0, 0, 131072, 1596768256, 97459, 4194304, 0, 1.0f, 0, 0, 2, "bbr" },
	{ "tcp_crr_default.txt", 3, 9809, 9809, 131072, 9810, 9810, 16384, 9810, 1.0f, 0, 0, -1, "" },
	/* above 2^31: the counter must stay unsigned */
	{ "udp_stream_default.txt", 3, 3460800317u, 52831, 212992, 0, 0, 212992, 0, 1.0f, 0, 0, -1, "" },
	{ "udp_rr_iter3_cpu.txt", 6, 34850, 34850, 212992, 34850, 34850, 212992, 34850, 1.0f, 8, 2, -1, "" },
};

START_TEST(test_results_fields)
{
	const struct res_expect *e = &res_expect[_i];
	struct np_omni_results r;
	char why[WHYLEN] = "";

	ck_assert_msg(np_wire_decode_results(need_vec(e->file, e->n)->msg, &r,
					     why, sizeof(why)) == 0,
		      "%s: %s", e->file, why);
	ck_assert_int_eq(r.serv_errno, 0);
	ck_assert_uint_eq(r.bytes_received, e->bytes_received);
	ck_assert_uint_eq(r.recv_calls, e->recv_calls);
	ck_assert_int_eq(r.recv_buf_size, e->recv_buf_size);
	ck_assert_uint_eq(r.bytes_sent, e->bytes_sent);
	ck_assert_uint_eq(r.send_calls, e->send_calls);
	ck_assert_int_eq(r.send_buf_size, e->send_buf_size);
	ck_assert_uint_eq(r.trans_received, e->trans_received);
	ck_assert_float_eq_tol(r.elapsed_time, e->elapsed, 0.001f);
	ck_assert_uint_eq(r.cpu_method, e->cpu_method);
	ck_assert_uint_eq(r.num_cpus, e->num_cpus);
	ck_assert_int_eq(r.transport_retrans, e->retrans);
	ck_assert_str_eq(r.cong_control, e->cong);
}
END_TEST

/* Stale words decode as the bit patterns the reference left there. */
START_TEST(test_results_stale_and_cpu)
{
	struct np_omni_results r;
	char why[WHYLEN];

	ck_assert_int_eq(np_wire_decode_results(need_vec("tcp_rr_default.txt", 3)->msg,
						&r, why, sizeof(why)), 0);
	ck_assert_uint_eq(float_bits(r.cpu_util), 0xcbb40000u); /* port 0xb4cb */
	ck_assert_uint_eq(float_bits(r.cpu_swintr), 0xffffffffu);
	ck_assert_uint_eq(float_bits(r.serv_dem), 0xffffffffu);
	ck_assert_uint_eq(r.failed_sends, 0);

	ck_assert_int_eq(np_wire_decode_results(need_vec("tcp_stream_cpu.txt", 3)->msg,
						&r, why, sizeof(why)), 0);
	ck_assert_float_eq_tol(r.cpu_util, 87.449f, 0.001f);
	ck_assert_int_eq(r.peak_cpu_id, 0);
	ck_assert(r.peak_cpu_util > 0.0f && r.peak_cpu_util <= 100.0f);
}
END_TEST

START_TEST(test_results_validation)
{
	uint8_t msg[NP_MSG_SIZE];
	struct np_omni_results r;
	char why[WHYLEN];
	static const uint32_t bad[] = {
		0x7fc00000u,	/* NaN */
		0x7f800000u,	/* +inf */
		0xbf800000u,	/* -1.0 */
		0xff800000u,	/* -inf */
	};
	size_t i;

	memcpy(msg, need_vec("tcp_rr_default.txt", 3)->msg, sizeof(msg));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		set_be32(msg, 0x30, bad[i]);
		set_be32(msg, 4, 0);
		why[0] = '\0';
		ck_assert_int_eq(np_wire_decode_results(msg, &r, why,
							sizeof(why)), EINVAL);
		ck_assert_msg(strstr(why, "elapsed_time") != NULL, "why '%s'",
			      why);
		/* A failed test's numbers are not looked at. */
		set_be32(msg, 4, 22);
		ck_assert_int_eq(np_wire_decode_results(msg, &r, why,
							sizeof(why)), 0);
		ck_assert_int_eq(r.serv_errno, 22);
	}
	set_be32(msg, 4, 0);
	set_be32(msg, 0x30, 0);		/* 0.0 s is a valid (if odd) time */
	ck_assert_int_eq(np_wire_decode_results(msg, &r, NULL, 0), 0);
	/* any type word is accepted */
	set_be32(msg, 0, 0xdeadbeefu);
	ck_assert_int_eq(np_wire_decode_results(msg, &r, NULL, 0), 0);
}
END_TEST

/* netperf-ng's counts ride in the extension words of the results: out
 * and back whole (64-bit values across two words), never written
 * without ng, never read without the magic, and refused when they
 * contradict each other. */
START_TEST(test_results_ng_counts)
{
	uint8_t msg[NP_MSG_SIZE], plain[NP_MSG_SIZE];
	struct np_omni_results r, back;
	char why[WHYLEN];

	ck_assert_int_eq(np_wire_decode_results(need_vec("tcp_rr_default.txt", 3)->msg, &r,
						NULL, 0), 0);
	ck_assert(!r.ng);
	ck_assert_uint_eq(r.syscalls + r.zc_sends + r.zc_copied + r.poll, 0);
	np_wire_encode_results(&r, plain);
	r.syscalls = 0x123456789aull;
	r.zc_sends = 0xfffffffff0ull;
	r.zc_copied = 7;
	r.poll = 0x1b;
	np_wire_encode_results(&r, msg);
	/* Without ng the counts are not written: 2.7.1's bytes. */
	ck_assert_int_eq(memcmp(msg, plain, sizeof(msg)), 0);
	r.ng = true;
	np_wire_encode_results(&r, msg);
	ck_assert_uint_eq(be32(msg, 0x280), NP_EXT_MAGIC);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), 0);
	ck_assert(back.ng);
	ck_assert_uint_eq(back.syscalls, r.syscalls);
	ck_assert_uint_eq(back.zc_sends, r.zc_sends);
	ck_assert_uint_eq(back.zc_copied, 7);
	ck_assert_uint_eq(back.poll, 0x1b);
	/* The 2.7.1 fields are untouched by the words past them. */
	ck_assert_int_eq(memcmp(msg, plain, 0x124), 0);
	/* More copied than done is a lie: refused. */
	r.zc_copied = r.zc_sends + 1;
	np_wire_encode_results(&r, msg);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "zero-copy") != NULL, "why '%s'", why);
	/* Without the magic the words are not read. */
	r.zc_copied = 1;
	np_wire_encode_results(&r, msg);
	set_be32(msg, 0x280, 0x4e504e47u);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, NULL, 0), 0);
	ck_assert(!back.ng);
	ck_assert_uint_eq(back.syscalls + back.zc_sends + back.zc_copied + back.poll, 0);
}
END_TEST

/* The response's data_proof word (151): out and back with the magic, 2
 * refused, never written without the extension (a 2.7.1 netperf gets
 * 2.7.1's bytes), never read without the magic (2.7.1's later responses
 * hold stale bytes). */
START_TEST(test_response_data_proof)
{
	uint8_t msg[NP_MSG_SIZE], plain[NP_MSG_SIZE];
	struct np_omni_response r, back;
	char why[WHYLEN];

	ck_assert_int_eq(np_wire_decode_response(need_vec("tcp_rr_default.txt", 2)->msg, &r,
						 NULL, 0), 0);
	ck_assert(!r.ext.present);
	ck_assert_uint_eq(r.data_proof, 0);
	np_wire_encode_response(&r, plain);
	r.data_proof = 1;
	np_wire_encode_response(&r, msg);
	ck_assert_int_eq(memcmp(msg, plain, sizeof(msg)), 0);
	r.ext = (struct np_ext){ .present = true, .version = NP_EXT_VERSION, .caps = NP_EXT_CAPS };
	np_wire_encode_response(&r, msg);
	ck_assert_uint_eq(be32(msg, 0x25c), 1);
	ck_assert_int_eq(memcmp(msg, plain, 0x25c), 0);
	ck_assert_int_eq(np_wire_decode_response(msg, &back, why, sizeof(why)), 0);
	ck_assert_uint_eq(back.data_proof, 1);
	ck_assert_uint_eq(back.ext.caps & NP_EXT_CAP_DATA_PROOF, NP_EXT_CAP_DATA_PROOF);
	set_be32(msg, 0x25c, 2);
	ck_assert_int_eq(np_wire_decode_response(msg, &back, why, sizeof(why)), EINVAL);
	ck_assert_str_eq(why, "data_proof 2 out of range 0..1");
	/* Without the magic the word is someone else's. */
	set_be32(msg, 0x280, 0x4e504e47u);
	ck_assert_int_eq(np_wire_decode_response(msg, &back, why, sizeof(why)), 0);
	ck_assert(!back.ext.present);
	ck_assert_uint_eq(back.data_proof, 0);
}
END_TEST

/* Where netserver's loop ran rides in words 144..151 beside the counts:
 * out and back whole, masked to the known bits, a CPU past
 * NP_PLACE_CPU_MAX refused, nothing of it without the magic. */
START_TEST(test_results_ng_placement)
{
	uint8_t msg[NP_MSG_SIZE];
	struct np_omni_results r, back;
	char why[WHYLEN];

	memset(&r, 0, sizeof(r));
	r.ng = true;
	r.boot_hi = 0x0123456789abcdefull;
	r.boot_lo = 0xfedcba9876543210ull;
	r.place = NP_PLACE_ALL | 0x80u;
	r.cpu_start = 3;
	r.cpu_end = -1;
	r.migrations = 42;
	np_wire_encode_results(&r, msg);
	ck_assert_uint_eq(be32(msg, 0x240), 0x01234567u);
	ck_assert_uint_eq(be32(msg, 0x254), 3);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), 0);
	ck_assert(back.boot_hi == r.boot_hi && back.boot_lo == r.boot_lo);
	ck_assert_uint_eq(back.place, NP_PLACE_ALL);
	ck_assert_int_eq(back.cpu_start, 3);
	ck_assert_int_eq(back.cpu_end, -1);
	ck_assert_uint_eq(back.migrations, 42);
	set_be32(msg, 0x258, NP_PLACE_CPU_MAX + 1);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "cpu_end") != NULL, "why '%s'", why);
	set_be32(msg, 0x258, 0xfffffffeu);	/* -2 */
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), EINVAL);
	/* Without the magic: not read. */
	set_be32(msg, 0x258, 1);
	set_be32(msg, 0x280, 0);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, NULL, 0), 0);
	ck_assert(!back.ng && back.place == 0 && back.boot_hi == 0 && back.cpu_start == 0);
}
END_TEST

/* Words 139..143: the session's pid, other processes' CPU time and the
 * session's own, each refused past its range. */
START_TEST(test_results_ng_others)
{
	uint8_t msg[NP_MSG_SIZE], bad[NP_MSG_SIZE];
	struct np_omni_results r, back;
	char why[WHYLEN];

	memset(&r, 0, sizeof(r));
	r.ng = true;
	r.place = NP_PLACE_OTHERS | NP_PLACE_OWN | NP_PLACE_PID | NP_PLACE_START;
	r.session_pid = 4242;
	r.session_start = 0x100000002ull;     /* words 137..138 (doc/extension.md) */
	r.others_us = 0x123456789ull;
	r.own_us = NP_CPU_US_MAX;
	np_wire_encode_results(&r, msg);
	ck_assert_uint_eq(be32(msg, 0x224), 0x1);
	ck_assert_uint_eq(be32(msg, 0x228), 0x2);
	ck_assert_uint_eq(be32(msg, 0x22c), 4242);
	ck_assert_uint_eq(be32(msg, 0x230), 0x1);
	ck_assert_uint_eq(be32(msg, 0x234), 0x23456789u);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, why, sizeof(why)), 0);
	ck_assert_uint_eq(back.place, r.place);
	ck_assert_uint_eq(back.session_pid, 4242);
	ck_assert(back.session_start == r.session_start);
	ck_assert(back.others_us == r.others_us && back.own_us == NP_CPU_US_MAX);

	memcpy(bad, msg, sizeof(bad));
	set_be32(bad, 0x238, 0x00001001u);   /* own_us 2^44 + 2^32: past the limit */
	ck_assert_int_eq(np_wire_decode_results(bad, &back, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "own_us") != NULL, "why '%s'", why);
	memcpy(bad, msg, sizeof(bad));
	set_be32(bad, 0x230, 0xffffffffu);
	ck_assert_int_eq(np_wire_decode_results(bad, &back, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "others_us") != NULL, "why '%s'", why);
	memcpy(bad, msg, sizeof(bad));
	set_be32(bad, 0x22c, NP_PID_MAX + 1);
	ck_assert_int_eq(np_wire_decode_results(bad, &back, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "session_pid") != NULL, "why '%s'", why);
}
END_TEST

/* A hostile netserver's name for its congestion control: no byte of it
 * may reach the report as a control character (a newline forges a -k
 * line, an escape repaints the terminal). */
START_TEST(test_results_cong_hostile)
{
	uint8_t msg[NP_MSG_SIZE] = { 0 };
	struct np_omni_results r;

	memcpy(msg + 0x114, "\x1b[31m\nTHRU=9999", 16);
	ck_assert_int_eq(np_wire_decode_results(msg, &r, NULL, 0), 0);
	ck_assert_str_eq(r.cong_control, "?[31m?THRU=9999");
}
END_TEST

START_TEST(test_results_cong_unterminated)
{
	uint8_t msg[NP_MSG_SIZE] = { 0 }, out[NP_MSG_SIZE];
	struct np_omni_results r;

	memcpy(msg + 0x114, "0123456789abcdefXYZ", 19); /* 16 + spill */
	ck_assert_int_eq(np_wire_decode_results(msg, &r, NULL, 0), 0);
	ck_assert_str_eq(r.cong_control, "0123456789abcdef");
	np_wire_encode_results(&r, out);
	ck_assert_mem_eq(out + 0x114, "0123456789abcdef", 16);
	ck_assert_uint_eq(out[0x124], 0);
}
END_TEST

START_TEST(test_results_u64_split)
{
	struct np_omni_results r, back;
	uint8_t msg[NP_MSG_SIZE];
	static const uint8_t want[16] = {
		0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
		0, 0, 0, 0, 0, 0, 0, 0,
	};

	memset(&r, 0, sizeof(r));
	r.bytes_received = 0x0123456789abcdefull;
	r.bytes_sent = 0xfedcba9876543210ull;
	np_wire_encode_results(&r, msg);
	ck_assert_mem_eq(msg + 0x08, want, 16);
	ck_assert_uint_eq(be32(msg, 0x18), 0xfedcba98u);
	ck_assert_uint_eq(be32(msg, 0x1c), 0x76543210u);
	ck_assert_int_eq(np_wire_decode_results(msg, &back, NULL, 0), 0);
	ck_assert(back.bytes_received == r.bytes_received);
	ck_assert(back.bytes_sent == r.bytes_sent);
}
END_TEST

/* ------------------------------------------------------- layout tests */

/* Every field a distinct value; the offsets are refpeer.py's REQ table,
 * written out again here so that a slip in wire.c cannot hide behind the
 * same slip in a shared table.  The vectors leave many words zero or -1,
 * so they alone would not catch two such fields swapped. */
START_TEST(test_request_layout)
{
	static const struct { size_t off; uint32_t val; } w[] = {
		{ 0x00, 97 }, { 0x04, 3 }, { 0x08, 70001 }, { 0x0c, 1001 },
		{ 0x10, 0x11110004 }, { 0x14, 0x11110005 }, { 0x18, 0x11110006 },
		{ 0x1c, 1002 }, { 0x20, 70002 }, { 0x24, 1003 },
		{ 0x28, 0x1111000a }, { 0x2c, 0x1111000b }, { 0x30, 0x1111000c },
		{ 0x34, 1004 }, { 0x38, 0x80000021 }, { 0x3c, 0x3fc00000 },
		{ 0x40, 17 }, { 0x44, 0x11110011 }, { 0x48, 0x11110012 },
		{ 0x4c, 0xfffffff3 }, { 0x50, 0xfffffff2 }, { 0x54, 0xfffffff1 },
		{ 0x58, 40001 }, { 0x5c, 6 }, { 0x60, 1 }, { 0x64, 6 },
		{ 0x68, 6 }, { 0x6c, 40002 }, { 0x70, 0x1111001c },
		{ 0x74, 0x1111001d },
		{ 0x78, 0x02000120 }, { 0x7c, 0 }, { 0x80, 0 }, { 0x84, 0x01000000 },
		{ 0x88, 0x000080fe }, { 0x8c, 0 }, { 0x90, 0x33221100 }, { 0x94, 0x77665544 },
		{ 0x98, 5 }, { 0x9c, 0xb8 },
		{ 0xa0, 0x63756269 }, { 0xa4, 0x63000000 },	/* "cubic" */
	};
	struct np_omni_request q, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	size_t i;

	memset(&q, 0, sizeof(q));
	q.cpu_affinity = 3;
	q.send_buf_size = 70001;
	q.send_size = 1001;
	q.send_alignment = 0x11110004;
	q.send_offset = 0x11110005;
	q.send_width = 0x11110006;
	q.request_size = 1002;
	q.recv_buf_size = 70002;
	q.receive_size = 1003;
	q.recv_alignment = 0x1111000a;
	q.recv_offset = 0x1111000b;
	q.recv_width = 0x1111000c;
	q.response_size = 1004;
	q.flags = 0x80000021;
	q.cpu_rate = 1.5f;
	q.test_length = 17;
	q.so_rcvavoid = 0x11110011;
	q.so_sndavoid = 0x11110012;
	q.send_dirty_count = -13;
	q.recv_dirty_count = -14;
	q.recv_clean_count = -15;
	q.data_port = 40001;
	q.ipfamily = NP_FAM_INET6;
	q.socket_type = NP_SOCK_STREAM;
	q.protocol = 6;
	q.direction = 6;
	q.netperf_port = 40002;
	q.interval_burst = 0x1111001c;
	q.interval_usecs = 0x1111001d;
	ck_assert_int_eq(inet_pton(AF_INET6, "2001:2::1", q.netperf_ip), 1);
	ck_assert_int_eq(inet_pton(AF_INET6, "fe80::11:2233:4455:6677",
				   q.netserver_ip), 1);
	q.socket_prio = 5;
	q.socket_tos = 0xb8;
	strcpy(q.cong_control, "cubic");

	memset(msg, 0xee, sizeof(msg));
	np_wire_encode_request(&q, msg);
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		ck_assert_msg(be32(msg, w[i].off) == w[i].val,
			      "offset 0x%03zx: %08x, want %08x", w[i].off,
			      be32(msg, w[i].off), w[i].val);
	ck_assert_int_eq(first_diff(msg, (uint8_t[NP_MSG_SIZE]){ 0 }, 0xa8), -1);

	ck_assert_msg(np_wire_decode_request(msg, &back, why, sizeof(why)) == 0,
		      "%s", why);
	ck_assert_int_eq(back.cpu_affinity, q.cpu_affinity);
	ck_assert_int_eq(back.send_buf_size, q.send_buf_size);
	ck_assert_int_eq(back.send_size, q.send_size);
	ck_assert_uint_eq(back.send_alignment, q.send_alignment);
	ck_assert_uint_eq(back.send_offset, q.send_offset);
	ck_assert_uint_eq(back.send_width, q.send_width);
	ck_assert_int_eq(back.request_size, q.request_size);
	ck_assert_int_eq(back.recv_buf_size, q.recv_buf_size);
	ck_assert_int_eq(back.receive_size, q.receive_size);
	ck_assert_uint_eq(back.recv_alignment, q.recv_alignment);
	ck_assert_uint_eq(back.recv_offset, q.recv_offset);
	ck_assert_uint_eq(back.recv_width, q.recv_width);
	ck_assert_int_eq(back.response_size, q.response_size);
	ck_assert_uint_eq(back.flags, q.flags);
	ck_assert_uint_eq(float_bits(back.cpu_rate), float_bits(q.cpu_rate));
	ck_assert_int_eq(back.test_length, q.test_length);
	ck_assert_uint_eq(back.so_rcvavoid, q.so_rcvavoid);
	ck_assert_uint_eq(back.so_sndavoid, q.so_sndavoid);
	ck_assert_int_eq(back.send_dirty_count, q.send_dirty_count);
	ck_assert_int_eq(back.recv_dirty_count, q.recv_dirty_count);
	ck_assert_int_eq(back.recv_clean_count, q.recv_clean_count);
	ck_assert_uint_eq(back.data_port, q.data_port);
	ck_assert_uint_eq(back.ipfamily, q.ipfamily);
	ck_assert_uint_eq(back.socket_type, q.socket_type);
	ck_assert_uint_eq(back.protocol, q.protocol);
	ck_assert_uint_eq(back.direction, q.direction);
	ck_assert_uint_eq(back.netperf_port, q.netperf_port);
	ck_assert_uint_eq(back.interval_burst, q.interval_burst);
	ck_assert_uint_eq(back.interval_usecs, q.interval_usecs);
	ck_assert_mem_eq(back.netperf_ip, q.netperf_ip, 16);
	ck_assert_mem_eq(back.netserver_ip, q.netserver_ip, 16);
	ck_assert_int_eq(back.socket_prio, q.socket_prio);
	ck_assert_int_eq(back.socket_tos, q.socket_tos);
	ck_assert_str_eq(back.cong_control, "cubic");
	ck_assert_str_eq(back.fill_file, "");
}
END_TEST

START_TEST(test_response_layout)
{
	static const struct { size_t off; uint32_t val; } w[] = {
		{ 0x00, 98 }, { 0x04, 0 }, { 0x08, 0x22220002 },
		{ 0x0c, 0x22220003 }, { 0x10, 0x22220004 }, { 0x14, 0x22220005 },
		{ 0x18, 0xfffffffa }, { 0x1c, 0x22220007 }, { 0x20, 0x9 },
		{ 0x24, 0x42c80000 }, { 0x28, 0x2222000a }, { 0x2c, 0x2222000b },
		{ 0x30, 0x2222000c }, { 0x34, 50013 }, { 0x38, 0x2222000e },
		{ 0x3c, 0x2222000f }, { 0x40, 0x22220010 }, { 0x44, 0x22220011 },
		{ 0x48, 0xffffffed }, { 0x4c, 19 },
	};
	struct np_omni_response r, back;
	uint8_t msg[NP_MSG_SIZE];
	size_t i;

	memset(&r, 0, sizeof(r));
	r.recv_buf_size = 0x22220002;
	r.receive_size = 0x22220003;
	r.recv_width = 0x22220004;
	r.send_buf_size = 0x22220005;
	r.send_size = -6;
	r.send_width = 0x22220007;
	r.flags = NP_F_NODELAY | NP_F_MEASURE_CPU;
	r.cpu_rate = 100.0f;
	r.test_length = 0x2222000a;
	r.so_rcvavoid = 0x2222000b;
	r.so_sndavoid = 0x2222000c;
	r.data_port = 50013;
	r.interval_burst = 0x2222000e;
	r.interval_usecs = 0x2222000f;
	r.cpu_frequency = 0x22220010;
	r.security_info = 0x22220011;
	r.socket_prio = -19;
	r.socket_tos = 19;

	memset(msg, 0xee, sizeof(msg));
	np_wire_encode_response(&r, msg);
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		ck_assert_msg(be32(msg, w[i].off) == w[i].val,
			      "offset 0x%03zx: %08x, want %08x", w[i].off,
			      be32(msg, w[i].off), w[i].val);
	ck_assert_int_eq(first_diff(msg, (uint8_t[NP_MSG_SIZE]){ 0 }, 0x50), -1);

	ck_assert_int_eq(np_wire_decode_response(msg, &back, NULL, 0), 0);
	ck_assert_int_eq(back.serv_errno, 0);
	ck_assert_int_eq(back.recv_buf_size, r.recv_buf_size);
	ck_assert_int_eq(back.receive_size, r.receive_size);
	ck_assert_int_eq(back.recv_width, r.recv_width);
	ck_assert_int_eq(back.send_buf_size, r.send_buf_size);
	ck_assert_int_eq(back.send_size, r.send_size);
	ck_assert_int_eq(back.send_width, r.send_width);
	ck_assert_uint_eq(back.flags, r.flags);
	ck_assert_uint_eq(float_bits(back.cpu_rate), float_bits(r.cpu_rate));
	ck_assert_uint_eq(back.test_length, r.test_length);
	ck_assert_uint_eq(back.so_rcvavoid, r.so_rcvavoid);
	ck_assert_uint_eq(back.so_sndavoid, r.so_sndavoid);
	ck_assert_uint_eq(back.data_port, r.data_port);
	ck_assert_uint_eq(back.interval_burst, r.interval_burst);
	ck_assert_uint_eq(back.interval_usecs, r.interval_usecs);
	ck_assert_uint_eq(back.cpu_frequency, r.cpu_frequency);
	ck_assert_uint_eq(back.security_info, r.security_info);
	ck_assert_int_eq(back.socket_prio, r.socket_prio);
	ck_assert_int_eq(back.socket_tos, r.socket_tos);
}
END_TEST

START_TEST(test_results_layout)
{
	static const struct { size_t off; uint32_t val; } w[] = {
		{ 0x00, 99 }, { 0x04, 0 }, { 0x08, 0x00000001 },
		{ 0x0c, 0x00000002 }, { 0x10, 0x33330004 }, { 0x14, 0x33330005 },
		{ 0x18, 0x00000003 }, { 0x1c, 0x00000004 }, { 0x20, 0x33330008 },
		{ 0x24, 0x33330009 }, { 0x28, 0x3333000a }, { 0x2c, 0x3333000b },
		{ 0x30, 0x40200000 }, { 0x34, 0x3f800000 }, { 0x38, 0x40000000 },
		{ 0x3c, 0x40400000 }, { 0x40, 0x40800000 }, { 0x44, 0x40a00000 },
		{ 0x48, 0x40c00000 }, { 0x4c, 0x40e00000 }, { 0x50, 0x33330014 },
		{ 0x54, 0x33330015 }, { 0x58, 0xffffffea }, { 0x5c, 0x41000000 },
		{ 0x60, 0x33330018 }, { 0x64, 0x33330019 }, { 0x68, 0x3333001a },
		{ 0x6c, 0x3333001b }, { 0x70, 0xffffffe4 },
		{ 0x114, 0x72656e6f }, { 0x118, 0x00000000 },	/* "reno" */
	};
	struct np_omni_results r, back;
	uint8_t msg[NP_MSG_SIZE];
	size_t i;

	memset(&r, 0, sizeof(r));
	r.bytes_received = 0x0000000100000002ull;
	r.recv_calls = 0x33330004;
	r.recv_buf_size = 0x33330005;
	r.bytes_sent = 0x0000000300000004ull;
	r.send_calls = 0x33330008;
	r.send_buf_size = 0x33330009;
	r.failed_sends = 0x3333000a;
	r.trans_received = 0x3333000b;
	r.elapsed_time = 2.5f;
	r.cpu_util = 1.0f;
	r.cpu_user = 2.0f;
	r.cpu_system = 3.0f;
	r.cpu_iowait = 4.0f;
	r.cpu_irq = 5.0f;
	r.cpu_swintr = 6.0f;
	r.serv_dem = 7.0f;
	r.cpu_method = 0x33330014;
	r.num_cpus = 0x33330015;
	r.peak_cpu_id = -22;
	r.peak_cpu_util = 8.0f;
	r.vendor = 0x33330018;
	r.device = 0x33330019;
	r.subvendor = 0x3333001a;
	r.subdevice = 0x3333001b;
	r.transport_retrans = -28;
	strcpy(r.cong_control, "reno");

	memset(msg, 0xee, sizeof(msg));
	np_wire_encode_results(&r, msg);
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		ck_assert_msg(be32(msg, w[i].off) == w[i].val,
			      "offset 0x%03zx: %08x, want %08x", w[i].off,
			      be32(msg, w[i].off), w[i].val);
	ck_assert_int_eq(first_diff(msg, (uint8_t[NP_MSG_SIZE]){ 0 }, 0x118), -1);
	for (i = 0x74; i < 0x114; i++)
		ck_assert_msg(msg[i] == 0, "byte 0x%03zx not zero", i);

	ck_assert_int_eq(np_wire_decode_results(msg, &back, NULL, 0), 0);
	ck_assert(back.bytes_received == r.bytes_received);
	ck_assert_uint_eq(back.recv_calls, r.recv_calls);
	ck_assert_int_eq(back.recv_buf_size, r.recv_buf_size);
	ck_assert(back.bytes_sent == r.bytes_sent);
	ck_assert_uint_eq(back.send_calls, r.send_calls);
	ck_assert_int_eq(back.send_buf_size, r.send_buf_size);
	ck_assert_uint_eq(back.failed_sends, r.failed_sends);
	ck_assert_uint_eq(back.trans_received, r.trans_received);
	ck_assert_uint_eq(float_bits(back.elapsed_time), float_bits(r.elapsed_time));
	ck_assert_uint_eq(float_bits(back.cpu_util), float_bits(r.cpu_util));
	ck_assert_uint_eq(float_bits(back.cpu_user), float_bits(r.cpu_user));
	ck_assert_uint_eq(float_bits(back.cpu_system), float_bits(r.cpu_system));
	ck_assert_uint_eq(float_bits(back.cpu_iowait), float_bits(r.cpu_iowait));
	ck_assert_uint_eq(float_bits(back.cpu_irq), float_bits(r.cpu_irq));
	ck_assert_uint_eq(float_bits(back.cpu_swintr), float_bits(r.cpu_swintr));
	ck_assert_uint_eq(float_bits(back.serv_dem), float_bits(r.serv_dem));
	ck_assert_uint_eq(back.cpu_method, r.cpu_method);
	ck_assert_uint_eq(back.num_cpus, r.num_cpus);
	ck_assert_int_eq(back.peak_cpu_id, r.peak_cpu_id);
	ck_assert_uint_eq(float_bits(back.peak_cpu_util), float_bits(r.peak_cpu_util));
	ck_assert_int_eq(back.vendor, r.vendor);
	ck_assert_int_eq(back.device, r.device);
	ck_assert_int_eq(back.subvendor, r.subvendor);
	ck_assert_int_eq(back.subdevice, r.subdevice);
	ck_assert_int_eq(back.transport_retrans, r.transport_retrans);
	ck_assert_str_eq(back.cong_control, "reno");
}
END_TEST

START_TEST(test_header_words_signed)
{
	uint8_t msg[NP_MSG_SIZE] = { 0 };

	set_be32(msg, 0, 0x80000000u);
	set_be32(msg, 4, 0xffffffffu);
	ck_assert_int_eq(np_wire_type(msg), INT32_MIN);
	ck_assert_int_eq(np_wire_word1(msg), -1);
	set_be32(msg, 0, 601);
	set_be32(msg, 4, 0x7fffffffu);
	ck_assert_int_eq(np_wire_type(msg), 601);
	ck_assert_int_eq(np_wire_word1(msg), INT32_MAX);
}
END_TEST

/* ---------------------------------------------------- request validation */

enum base {
	B_TCP_RR, B_UDP_RR, B_TCP_STREAM, B_UDP_STREAM, B_TCP_CRR,
	B_UDP_STREAM_OPTS,
};

static const char *const base_file[] = {
	[B_TCP_RR] = "tcp_rr_default.txt",
	[B_UDP_RR] = "udp_rr_default.txt",
	[B_TCP_STREAM] = "tcp_stream_default.txt",
	[B_UDP_STREAM] = "udp_stream_default.txt",
	[B_TCP_CRR] = "tcp_crr_default.txt",
	[B_UDP_STREAM_OPTS] = "udp_stream_opts.txt",	/* data_port 24794 */
};

enum field {
	F_TYPE, F_IPFAMILY, F_SOCKET_TYPE, F_PROTOCOL, F_DIRECTION, F_FLAGS,
	F_DATA_PORT, F_NETPERF_PORT, F_SEND_SIZE, F_RECEIVE_SIZE,
	F_REQUEST_SIZE, F_RESPONSE_SIZE, F_SEND_BUF, F_RECV_BUF,
	F_TEST_LENGTH, F_CONG, F_FILL, F_PRIO, F_TOS,
};

struct req_case {
	enum base base;
	enum field field;
	int64_t v;
	const char *s;		/* F_CONG, F_FILL */
	int err;		/* 0: must be accepted */
	const char *needle;	/* must appear in why */
};

static const struct req_case req_cases[] = {
	/* the type word, including a byte-swapped 97 */
	{ B_TCP_RR, F_TYPE, 55, NULL, EINVAL, "type" },
	{ B_TCP_RR, F_TYPE, 98, NULL, EINVAL, "type" },
	{ B_TCP_RR, F_TYPE, 0, NULL, EINVAL, "type" },
	{ B_TCP_RR, F_TYPE, 0x61000000, NULL, EINVAL, "type" },
	/* address family */
	{ B_TCP_RR, F_IPFAMILY, 0, NULL, EAFNOSUPPORT, "ipfamily" },
	{ B_TCP_RR, F_IPFAMILY, 7, NULL, EAFNOSUPPORT, "ipfamily" },
	{ B_UDP_RR, F_IPFAMILY, 2, NULL, EAFNOSUPPORT, "ipfamily" },
	{ B_TCP_RR, F_IPFAMILY, 6, NULL, 0, NULL },
	/* (socket_type, protocol) */
	{ B_TCP_RR, F_SOCKET_TYPE, 2, NULL, EPROTONOSUPPORT, "protocol" },
	{ B_UDP_RR, F_SOCKET_TYPE, 1, NULL, EPROTONOSUPPORT, "protocol" },
	{ B_TCP_RR, F_SOCKET_TYPE, 4, NULL, EPROTONOSUPPORT, "protocol" },
	{ B_TCP_RR, F_PROTOCOL, 132, NULL, EPROTONOSUPPORT, "protocol" },
	{ B_TCP_RR, F_PROTOCOL, 99, NULL, EPROTONOSUPPORT, "protocol" },
	{ B_UDP_RR, F_PROTOCOL, 6, NULL, EPROTONOSUPPORT, "protocol" },
	/* direction */
	{ B_TCP_RR, F_DIRECTION, 0, NULL, EINVAL, "direction" },
	{ B_TCP_RR, F_DIRECTION, 1, NULL, EINVAL, "direction" },
	{ B_TCP_RR, F_DIRECTION, 8, NULL, EINVAL, "direction" },
	{ B_TCP_RR, F_DIRECTION, 14, NULL, EINVAL, "direction" },
	{ B_TCP_STREAM, F_DIRECTION, 2, NULL, 0, NULL },
	{ B_UDP_STREAM, F_DIRECTION, 2, NULL, 0, NULL },
	/* CONNECT_TEST: TCP request/response only */
	{ B_UDP_RR, F_FLAGS, 0x24, NULL, EINVAL, "CONNECT_TEST" },
	{ B_TCP_STREAM, F_FLAGS, 0x24, NULL, EINVAL, "CONNECT_TEST" },
	{ B_UDP_STREAM, F_FLAGS, 0x4, NULL, EINVAL, "CONNECT_TEST" },
	{ B_TCP_RR, F_FLAGS, 0x24, NULL, 0, NULL },
	{ B_UDP_RR, F_FLAGS, 0x8000402b, NULL, 0, NULL },
	/* ports */
	{ B_TCP_RR, F_DATA_PORT, 65536, NULL, EINVAL, "data_port" },
	{ B_TCP_RR, F_DATA_PORT, 0xffffffff, NULL, EINVAL, "data_port" },
	{ B_TCP_RR, F_DATA_PORT, 1, NULL, EACCES, "data_port" },
	{ B_UDP_RR, F_DATA_PORT, 22, NULL, EACCES, "data_port" },
	{ B_TCP_RR, F_DATA_PORT, 1023, NULL, EACCES, "data_port" },
	{ B_TCP_RR, F_DATA_PORT, 1024, NULL, 0, NULL },
	{ B_TCP_RR, F_DATA_PORT, 65535, NULL, 0, NULL },
	{ B_UDP_STREAM_OPTS, F_DATA_PORT, 0, NULL, 0, NULL },
	{ B_TCP_RR, F_NETPERF_PORT, 65536, NULL, EINVAL, "netperf_port" },
	{ B_UDP_RR, F_NETPERF_PORT, 0x80000000, NULL, EINVAL, "netperf_port" },
	{ B_TCP_RR, F_NETPERF_PORT, 1, NULL, 0, NULL },
	{ B_TCP_RR, F_NETPERF_PORT, 65535, NULL, 0, NULL },
	/* message sizes, TCP */
	{ B_TCP_RR, F_REQUEST_SIZE, INT32_MAX, NULL, EINVAL, "request_size" },
	{ B_TCP_RR, F_RESPONSE_SIZE, NP_MAX_TCP_MSG + 1, NULL, EINVAL, "response_size" },
	{ B_TCP_STREAM, F_SEND_SIZE, NP_MAX_TCP_MSG + 1, NULL, EINVAL, "send_size" },
	{ B_TCP_STREAM, F_RECEIVE_SIZE, 0, NULL, EINVAL, "receive_size" },
	{ B_TCP_STREAM, F_RECEIVE_SIZE, -2, NULL, EINVAL, "receive_size" },
	{ B_TCP_STREAM, F_SEND_SIZE, INT32_MIN, NULL, EINVAL, "send_size" },
	{ B_TCP_STREAM, F_REQUEST_SIZE, 0, NULL, EINVAL, "request_size" },
	{ B_TCP_STREAM, F_SEND_SIZE, NP_MAX_TCP_MSG, NULL, 0, NULL },
	{ B_TCP_STREAM, F_RECEIVE_SIZE, 1, NULL, 0, NULL },
	{ B_TCP_RR, F_REQUEST_SIZE, NP_MAX_TCP_MSG, NULL, 0, NULL },
	{ B_TCP_RR, F_RESPONSE_SIZE, NP_UDP_MAX + 1, NULL, 0, NULL },
	/* message sizes, UDP: too big for a datagram is EMSGSIZE */
	{ B_UDP_RR, F_REQUEST_SIZE, NP_UDP_MAX + 1, NULL, EMSGSIZE, "request_size" },
	{ B_UDP_RR, F_RESPONSE_SIZE, NP_UDP_MAX + 1, NULL, EMSGSIZE, "response_size" },
	{ B_UDP_STREAM, F_SEND_SIZE, NP_UDP_MAX + 1, NULL, EMSGSIZE, "send_size" },
	{ B_UDP_STREAM, F_RECEIVE_SIZE, INT32_MAX, NULL, EMSGSIZE, "receive_size" },
	{ B_UDP_STREAM, F_RECEIVE_SIZE, 0, NULL, EINVAL, "receive_size" },
	{ B_UDP_RR, F_REQUEST_SIZE, -7, NULL, EINVAL, "request_size" },
	{ B_UDP_STREAM, F_SEND_SIZE, NP_UDP_MAX, NULL, 0, NULL },
	{ B_UDP_RR, F_RESPONSE_SIZE, NP_UDP_MAX, NULL, 0, NULL },
	/* request/response needs both sizes */
	{ B_TCP_RR, F_REQUEST_SIZE, -1, NULL, EINVAL, "request_size" },
	{ B_TCP_RR, F_RESPONSE_SIZE, -1, NULL, EINVAL, "response_size" },
	{ B_UDP_RR, F_RESPONSE_SIZE, -1, NULL, EINVAL, "response_size" },
	{ B_TCP_CRR, F_REQUEST_SIZE, -1, NULL, EINVAL, "request_size" },
	/* socket buffers: <= 0 is "default" */
	{ B_TCP_RR, F_SEND_BUF, NP_MAX_SOCKBUF + 1LL, NULL, EINVAL, "send_buf_size" },
	{ B_UDP_STREAM, F_RECV_BUF, INT32_MAX, NULL, EINVAL, "recv_buf_size" },
	{ B_TCP_RR, F_SEND_BUF, NP_MAX_SOCKBUF, NULL, 0, NULL },
	{ B_TCP_RR, F_RECV_BUF, 0, NULL, 0, NULL },
	{ B_TCP_RR, F_RECV_BUF, -5, NULL, 0, NULL },
	{ B_TCP_RR, F_SEND_BUF, INT32_MIN, NULL, 0, NULL },
	/* test length: a day, or 2^30 units */
	{ B_TCP_RR, F_TEST_LENGTH, NP_MAX_SECONDS + 1, NULL, EINVAL, "test_length" },
	{ B_TCP_RR, F_TEST_LENGTH, -NP_MAX_COUNT - 1LL, NULL, EINVAL, "test_length" },
	{ B_TCP_RR, F_TEST_LENGTH, -INT32_MAX, NULL, EINVAL, "test_length" },
	{ B_TCP_RR, F_TEST_LENGTH, INT32_MIN, NULL, EINVAL, "test_length" },
	{ B_TCP_RR, F_TEST_LENGTH, NP_MAX_SECONDS, NULL, 0, NULL },
	{ B_TCP_RR, F_TEST_LENGTH, -NP_MAX_COUNT, NULL, 0, NULL },
	{ B_TCP_RR, F_TEST_LENGTH, 0, NULL, 0, NULL },
	/* socket priority and TOS: -1 leaves them, TOS is one byte */
	{ B_TCP_RR, F_PRIO, -2, NULL, EINVAL, "socket_prio" },
	{ B_TCP_RR, F_PRIO, INT32_MIN, NULL, EINVAL, "socket_prio" },
	{ B_TCP_RR, F_PRIO, 7, NULL, 0, NULL },
	{ B_UDP_RR, F_PRIO, INT32_MAX, NULL, 0, NULL },
	{ B_UDP_RR, F_TOS, 256, NULL, EINVAL, "socket_tos" },
	{ B_TCP_RR, F_TOS, -2, NULL, EINVAL, "socket_tos" },
	{ B_TCP_RR, F_TOS, 255, NULL, 0, NULL },
	{ B_TCP_RR, F_TOS, 0, NULL, 0, NULL },
	/* congestion control name */
	{ B_TCP_RR, F_CONG, 0, "cubic", 0, NULL },
	{ B_TCP_RR, F_CONG, 0, "tcp-bbr_2", 0, NULL },
	{ B_TCP_RR, F_CONG, 0, "ABCDEFGHIJKLMNO", 0, NULL },	/* 15 + NUL */
	{ B_TCP_RR, F_CONG, 0, "ABCDEFGHIJKLMNOP", EINVAL, "cong_control" },
	{ B_TCP_RR, F_CONG, 0, "bbr;reboot", EINVAL, "cong_control" },
	{ B_TCP_RR, F_CONG, 0, "../x", EINVAL, "cong_control" },
	{ B_TCP_RR, F_CONG, 0, "a b", EINVAL, "cong_control" },
	{ B_TCP_RR, F_CONG, 0, "bbr\n", EINVAL, "cong_control" },
	{ B_TCP_RR, F_CONG, 0, "\xc3\xa9", EINVAL, "cong_control" },
	/* fill files */
	{ B_TCP_STREAM, F_FILL, 0, "/etc/passwd", EACCES, "fill files are not served" },
	{ B_TCP_RR, F_FILL, 0, "x", EACCES, "fill files are not served" },
};

#define N_REQ_CASES (int)(sizeof(req_cases) / sizeof(req_cases[0]))

static void set_string(char *dst, size_t size, const char *src)
{
	memset(dst, 0, size);
	memcpy(dst, src, strlen(src));
}

static void apply_case(const struct req_case *c, struct np_omni_request *q)
{
	uint32_t u = (uint32_t)c->v;	/* the wire word for v */
	int32_t s = (int32_t)c->v;	/* every signed v fits in int32 */

	switch (c->field) {
	case F_TYPE:
		break;	/* patched into the bytes after encoding */
	case F_IPFAMILY:
		q->ipfamily = u;
		break;
	case F_SOCKET_TYPE:
		q->socket_type = u;
		break;
	case F_PROTOCOL:
		q->protocol = u;
		break;
	case F_DIRECTION:
		q->direction = u;
		break;
	case F_FLAGS:
		q->flags = u;
		break;
	case F_DATA_PORT:
		q->data_port = u;
		break;
	case F_NETPERF_PORT:
		q->netperf_port = u;
		break;
	case F_SEND_SIZE:
		q->send_size = s;
		break;
	case F_RECEIVE_SIZE:
		q->receive_size = s;
		break;
	case F_REQUEST_SIZE:
		q->request_size = s;
		break;
	case F_RESPONSE_SIZE:
		q->response_size = s;
		break;
	case F_SEND_BUF:
		q->send_buf_size = s;
		break;
	case F_RECV_BUF:
		q->recv_buf_size = s;
		break;
	case F_TEST_LENGTH:
		q->test_length = s;
		break;
	case F_CONG:
		set_string(q->cong_control, sizeof(q->cong_control), c->s);
		break;
	case F_FILL:
		set_string(q->fill_file, sizeof(q->fill_file), c->s);
		break;
	case F_PRIO:
		q->socket_prio = s;
		break;
	case F_TOS:
		q->socket_tos = s;
		break;
	}
}

START_TEST(test_request_validation)
{
	const struct req_case *c = &req_cases[_i];
	const struct vec *base = need_vec(base_file[c->base], 1);
	struct np_omni_request q, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN];
	int ret;

	need_request(base_file[c->base], 1, &q);
	apply_case(c, &q);
	np_wire_encode_request(&q, msg);
	if (c->field == F_TYPE)
		set_be32(msg, 0, (uint32_t)c->v);
	/* The case must really change the message, or it tests nothing. */
	ck_assert_msg(memcmp(msg, base->msg, NP_MSG_SIZE) != 0,
		      "case %d leaves %s unchanged", _i, base->file);

	strcpy(why, "");
	ret = np_wire_decode_request(msg, &back, why, sizeof(why));
	ck_assert_msg(ret == c->err, "case %d: got %d (%s), want %d", _i, ret,
		      why, c->err);
	if (c->err) {
		ck_assert_msg(why[0] != '\0' && strchr(why, '\n') == NULL,
			      "case %d: reason '%s'", _i, why);
		ck_assert_msg(strstr(why, c->needle) != NULL,
			      "case %d: reason '%s' lacks '%s'", _i, why,
			      c->needle);
	}
	/* A refusal is the same refusal without a reason buffer. */
	ck_assert_int_eq(np_wire_decode_request(msg, &back, NULL, 0), c->err);
}
END_TEST

/* The reason text is part of the server's log; pin one example down. */
START_TEST(test_request_reason_text)
{
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN], small[9];

	need_request("tcp_rr_default.txt", 1, &q);
	q.request_size = INT32_MAX;
	np_wire_encode_request(&q, msg);
	ck_assert_int_eq(np_wire_decode_request(msg, &q, why, sizeof(why)), EINVAL);
	ck_assert_str_eq(why, "request_size 2147483647 out of range 1..4194304");

	/* A short buffer gets a truncated, terminated reason and no more. */
	memset(small, 'Z', sizeof(small));
	ck_assert_int_eq(np_wire_decode_request(msg, &q, small, 8), EINVAL);
	ck_assert_str_eq(small, "request");
	ck_assert_int_eq(small[8], 'Z');

	/* whylen 0: why must not be touched at all. */
	small[0] = 'Q';
	ck_assert_int_eq(np_wire_decode_request(msg, &q, small, 0), EINVAL);
	ck_assert_int_eq(small[0], 'Q');
}
END_TEST

/* Bytes after the terminator of a raw string are not part of the name. */
START_TEST(test_request_cong_raw_bytes)
{
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE];

	memcpy(msg, need_vec("tcp_rr_default.txt", 1)->msg, sizeof(msg));
	memcpy(msg + 0xa0, "bbr\0\x01\x02\x03", 7);
	ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), 0);
	ck_assert_str_eq(q.cong_control, "bbr");
	/* ...but an empty name with junk after it is still empty. */
	memcpy(msg + 0xa0, "\0;;", 3);
	ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), 0);
	ck_assert_str_eq(q.cong_control, "");
	/* fill_file is refused by its first byte, whatever follows. */
	msg[0xb0] = 0;
	memcpy(msg + 0xb1, "etc/passwd", 10);
	ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), 0);
	msg[0xb0] = '/';
	ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), EACCES);
}
END_TEST

START_TEST(test_response_validation)
{
	struct np_omni_response r;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN];

	memcpy(msg, need_vec("tcp_rr_default.txt", 2)->msg, sizeof(msg));
	set_be32(msg, 0, NP_DO_OMNI);
	why[0] = '\0';
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "type") != NULL, "why '%s'", why);
	set_be32(msg, 0, 0x62000000u);	/* a results message is not one */
	ck_assert_int_eq(np_wire_decode_response(msg, &r, NULL, 0), EINVAL);
	set_be32(msg, 0, NP_OMNI_RESPONSE);

	set_be32(msg, 0x34, 0);
	why[0] = '\0';
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), EINVAL);
	ck_assert_msg(strstr(why, "data_port") != NULL, "why '%s'", why);
	set_be32(msg, 0x34, 65536);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), EINVAL);
	set_be32(msg, 0x34, 65535);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), 0);
	set_be32(msg, 0x34, 1);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), 0);

	/* A refusal carries no port and is still a valid message. */
	set_be32(msg, 0x34, 0);
	set_be32(msg, 4, 98);	/* EADDRINUSE on Linux */
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), 0);
	ck_assert_int_eq(r.serv_errno, 98);
	set_be32(msg, 4, 0xffffffffu);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), 0);
	ck_assert_int_eq(r.serv_errno, -1);

	/* Every bit but NODELAY and MEASURE_CPU is dropped. */
	set_be32(msg, 4, 0);
	set_be32(msg, 0x34, 5000);
	set_be32(msg, 0x20, 0xffffffffu);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, why, sizeof(why)), 0);
	ck_assert_uint_eq(r.flags, NP_F_NODELAY | NP_F_MEASURE_CPU);
}
END_TEST

/* -------------------------------------------------------- small encoders */

static void expect_vector(const uint8_t *out, const char *file, int n)
{
	const struct vec *v = need_vec(file, n);
	int d = first_diff(v->msg, out, 0);

	ck_assert_msg(d < 0, "%s#%d: byte 0x%03x is %02x, captured %02x", file,
		      n, d, d < 0 ? 0 : out[d], d < 0 ? 0 : v->msg[d]);
}

START_TEST(test_encode_reply)
{
	uint8_t out[NP_MSG_SIZE];

	memset(out, 0xff, sizeof(out));
	np_wire_encode_reply(NP_DEBUG_OK, 0, out);
	expect_vector(out, "msgtypes/003_DEBUG_OK.txt", 2);
	expect_vector(out, "debug_sysinfo.txt", 4);

	/* 998 on a fresh connection: type word 0 */
	memset(out, 0xff, sizeof(out));
	np_wire_encode_reply(0, NP_ERR_UNKNOWN_REQUEST, out);
	expect_vector(out, "msgtypes/998_error_reply.txt", 2);
	ck_assert_uint_eq(be32(out, 4), 0x3e6);

	np_wire_encode_reply(-7, -1, out);
	ck_assert_uint_eq(be32(out, 0), 0xfffffff9u);
	ck_assert_uint_eq(be32(out, 4), 0xffffffffu);
	ck_assert_int_eq(first_diff(out, (uint8_t[NP_MSG_SIZE]){ 0 }, 8), -1);
}
END_TEST

START_TEST(test_encode_passphrase)
{
	uint8_t out[NP_MSG_SIZE];
	char longpass[1000];
	size_t i;

	memset(out, 0xff, sizeof(out));
	np_wire_encode_passphrase("good", out);
	expect_vector(out, "msgtypes/006_PASSPHRASE.txt", 1);

	/* Too long: cut to fit, and the last byte stays a terminator. */
	memset(longpass, 'x', sizeof(longpass) - 1);
	longpass[sizeof(longpass) - 1] = '\0';
	np_wire_encode_passphrase(longpass, out);
	ck_assert_uint_eq(be32(out, 0), NP_PASSPHRASE);
	ck_assert_uint_eq(be32(out, 4), 0xffffffffu);
	for (i = 8; i < NP_MSG_SIZE - 1; i++)
		ck_assert_msg(out[i] == 'x', "byte %zu is %02x", i, out[i]);
	ck_assert_uint_eq(out[NP_MSG_SIZE - 1], 0);

	np_wire_encode_passphrase("", out);
	ck_assert_int_eq(first_diff(out, (uint8_t[NP_MSG_SIZE]){ 0 }, 8), -1);
}
END_TEST

/* netserver -Z against the captured message of netperf -Z good. */
START_TEST(test_passphrase_matches)
{
	const uint8_t *good = need_vec("msgtypes/006_PASSPHRASE.txt", 1)->msg;
	uint8_t m[NP_MSG_SIZE];

	ck_assert(np_wire_passphrase_matches(good, "good"));
	ck_assert(!np_wire_passphrase_matches(good, "goo"));
	ck_assert(!np_wire_passphrase_matches(good, "goods"));
	ck_assert(!np_wire_passphrase_matches(good, "Good"));
	/* Bytes after the terminator do not matter, as to strcmp. */
	memcpy(m, good, sizeof(m));
	m[100] = 'z';
	ck_assert(np_wire_passphrase_matches(m, "good"));
	/* Only a PASSPHRASE message can carry it. */
	memcpy(m, good, sizeof(m));
	m[3] = NP_DO_OMNI;
	ck_assert(!np_wire_passphrase_matches(m, "good"));
}
END_TEST

START_TEST(test_encode_sysinfo)
{
	uint8_t out[NP_MSG_SIZE];

	memset(out, 0xff, sizeof(out));
	np_wire_encode_sysinfo_reply(out);
	expect_vector(out, "msgtypes/601_SYSINFO_RESPONSE.txt", 6);
	ck_assert_str_eq((const char *)out + 8,
			 ",Deprecated,Deprecated,Deprecated,Deprecated");
}
END_TEST

START_TEST(test_encode_cpu_calibrate)
{
	uint8_t out[NP_MSG_SIZE];

	memset(out, 0xff, sizeof(out));
	np_wire_encode_cpu_calibrate_reply(100.0f, 2, out);
	expect_vector(out, "msgtypes/005_CPU_CALIBRATE_reply.txt", 2);
	ck_assert_uint_eq(be32(out, 8), 0x42c80000u);
	ck_assert_uint_eq(be32(out, 12), 2);

	np_wire_encode_cpu_calibrate_reply(-0.5f, 64, out);
	ck_assert_uint_eq(be32(out, 0), NP_CPU_CALIBRATE);
	ck_assert_uint_eq(be32(out, 4), 0);
	ck_assert_uint_eq(be32(out, 8), 0xbf000000u);
	ck_assert_uint_eq(be32(out, 12), 64);
}
END_TEST

/* ------------------------------------------------------------ addresses */

static void check_addr(uint32_t fam, const char *text, const uint32_t want[4])
{
	uint8_t addr[16] = { 0 }, words[16], back[16];
	int af = fam == NP_FAM_INET ? AF_INET : AF_INET6;
	int i;

	ck_assert_int_eq(inet_pton(af, text, addr), 1);
	memset(words, 0xee, sizeof(words));
	np_wire_addr_to_words(fam, addr, words);
	for (i = 0; i < 4; i++)
		ck_assert_msg(be32(words, 4 * (size_t)i) == want[i],
			      "%s word %d: %08x, want %08x", text, i,
			      be32(words, 4 * (size_t)i), want[i]);
	memset(back, 0xee, sizeof(back));
	np_wire_addr_from_words(fam, words, back);
	ck_assert_mem_eq(back, addr, 16);
}

START_TEST(test_addr_words)
{
	static const uint32_t v4[4] = { 0x7f000001, 0, 0, 0 };
	static const uint32_t v6_lo[4] = { 0, 0, 0, 0x01000000 };
	static const uint32_t v6[4] = { 0x02000120, 0, 0, 0x01000000 };
	static const uint32_t v6_full[4] = {
		0xb80d0120, 0x7856341d, 0xbc9aa6f0, 0x45231101,
	};

	check_addr(NP_FAM_INET, "127.0.0.1", v4);
	check_addr(NP_FAM_INET6, "::1", v6_lo);
	check_addr(NP_FAM_INET6, "2001:2::1", v6);
	check_addr(NP_FAM_INET6, "2001:db8:1d34:5678:f0a6:9abc:111:2345",
		   v6_full);
}
END_TEST

START_TEST(test_addr_edge_cases)
{
	uint8_t addr[16], words[16];
	int i;

	/* IPv4 carries one word; stray bytes behind it do not travel. */
	for (i = 0; i < 16; i++)
		addr[i] = (uint8_t)(i + 1);
	np_wire_addr_to_words(NP_FAM_INET, addr, words);
	ck_assert_uint_eq(be32(words, 0), 0x01020304u);
	ck_assert_int_eq(memcmp(words + 4, (uint8_t[12]){ 0 }, 12), 0);
	np_wire_addr_from_words(NP_FAM_INET, addr, words);
	ck_assert_int_eq(memcmp(words + 4, (uint8_t[12]){ 0 }, 12), 0);

	/* In place works. */
	np_wire_addr_to_words(NP_FAM_INET6, addr, addr);
	ck_assert_uint_eq(be32(addr, 0), 0x04030201u);
	ck_assert_uint_eq(be32(addr, 12), 0x100f0e0du);
	np_wire_addr_from_words(NP_FAM_INET6, addr, addr);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(addr[i], i + 1);

	/* No address for a family netperf-ng does not speak. */
	np_wire_addr_to_words(NP_FAM_UNSPEC, addr, words);
	ck_assert_int_eq(memcmp(words, (uint8_t[16]){ 0 }, 16), 0);
}
END_TEST

/* A request carries the IPv4 address as one big-endian word. */
START_TEST(test_request_ipv4_address)
{
	struct np_omni_request q, back;
	uint8_t msg[NP_MSG_SIZE];

	need_request("udp_rr_default.txt", 1, &q);
	ck_assert_int_eq(inet_pton(AF_INET, "127.0.0.1", q.netperf_ip), 1);
	ck_assert_int_eq(inet_pton(AF_INET, "10.1.2.3", q.netserver_ip), 1);
	np_wire_encode_request(&q, msg);
	ck_assert_uint_eq(be32(msg, 0x78), 0x7f000001u);
	ck_assert_uint_eq(be32(msg, 0x7c), 0);
	ck_assert_uint_eq(be32(msg, 0x88), 0x0a010203u);
	ck_assert_int_eq(np_wire_decode_request(msg, &back, NULL, 0), 0);
	ck_assert_mem_eq(back.netperf_ip, q.netperf_ip, 16);
	ck_assert_mem_eq(back.netserver_ip, q.netserver_ip, 16);
}
END_TEST

/* ----------------------------------------------------------- robustness */

static uint64_t rng_state;

/* xorshift64*: fixed seed, so a failure is reproducible. */
static uint32_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static void fill_random(uint8_t *msg)
{
	size_t i;

	for (i = 0; i < NP_MSG_SIZE; i += 4)
		set_be32(msg, i, rng());
}

static int known_errno(int e)
{
	return e == 0 || e == EINVAL || e == EMSGSIZE || e == EAFNOSUPPORT ||
	       e == EPROTONOSUPPORT || e == EACCES;
}

/* Plain if + ck_abort: ck_assert marks a checkpoint per call, far too slow
 * for tens of thousands of iterations. */
static void check_outcome(const char *what, long iter, int ret,
			  const char *why)
{
	if (!known_errno(ret))
		ck_abort_msg("%s iter %ld: unexpected return %d", what, iter,
			     ret);
	if (ret && (why[0] == '\0' || strlen(why) >= WHYLEN))
		ck_abort_msg("%s iter %ld: error %d without a reason", what,
			     iter, ret);
}

static void check_request_outcome(const uint8_t *msg, long iter)
{
	struct np_omni_request q, q2;
	uint8_t e1[NP_MSG_SIZE], e2[NP_MSG_SIZE];
	char why[WHYLEN];
	size_t i;
	int ret;

	why[0] = '\0';
	ret = np_wire_decode_request(msg, &q, why, sizeof(why));
	check_outcome("request", iter, ret, why);
	if (ret)
		return;
	/* What was accepted must be what the rules allow... */
	if (q.ipfamily != NP_FAM_INET && q.ipfamily != NP_FAM_INET6)
		ck_abort_msg("iter %ld: accepted ipfamily %u", iter, q.ipfamily);
	if (q.fill_file[0] || strlen(q.cong_control) >= NP_CONG_LEN)
		ck_abort_msg("iter %ld: accepted bad strings", iter);
	for (i = 0; q.cong_control[i]; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-", q.cong_control[i]))
			ck_abort_msg("iter %ld: accepted cong byte %02x", iter,
				     (unsigned char)q.cong_control[i]);
	/* ...and re-encoding it must be stable. */
	np_wire_encode_request(&q, e1);
	if (np_wire_decode_request(e1, &q2, why, sizeof(why)) != 0)
		ck_abort_msg("iter %ld: re-encoded request refused: %s", iter,
			     why);
	np_wire_encode_request(&q2, e2);
	if (memcmp(e1, e2, NP_MSG_SIZE) != 0)
		ck_abort_msg("iter %ld: encode/decode not stable at 0x%03x",
			     iter, first_diff(e1, e2, 0));
}

static void check_response_outcome(const uint8_t *msg, long iter)
{
	struct np_omni_response r;
	char why[WHYLEN];
	int ret;

	why[0] = '\0';
	ret = np_wire_decode_response(msg, &r, why, sizeof(why));
	check_outcome("response", iter, ret, why);
	if (ret)
		return;
	if (r.flags & ~NP_F_RESPONSE_MASK)
		ck_abort_msg("iter %ld: flags %08x not masked", iter, r.flags);
	if (r.serv_errno == 0 && (r.data_port < 1 || r.data_port > 65535))
		ck_abort_msg("iter %ld: accepted data_port %u", iter,
			     r.data_port);
}

static void check_results_outcome(const uint8_t *msg, long iter)
{
	struct np_omni_results r;
	char why[WHYLEN];
	int ret;

	why[0] = '\0';
	ret = np_wire_decode_results(msg, &r, why, sizeof(why));
	check_outcome("results", iter, ret, why);
	if (ret)
		return;
	if (memchr(r.cong_control, 0, sizeof(r.cong_control)) == NULL)
		ck_abort_msg("iter %ld: cong_control unterminated", iter);
	if (r.serv_errno == 0 &&
	    !(isfinite(r.elapsed_time) && r.elapsed_time >= 0.0f))
		ck_abort_msg("iter %ld: accepted elapsed_time", iter);
}

START_TEST(test_fuzz_random)
{
	uint8_t msg[NP_MSG_SIZE];
	long i;

	rng_state = 0x6e65747065726631ull;
	for (i = 0; i < FUZZ_ROUNDS; i++) {
		fill_random(msg);
		check_request_outcome(msg, i);
		check_response_outcome(msg, i);
		check_results_outcome(msg, i);
		/* With a valid type word the checks go one step further. */
		set_be32(msg, 0, NP_DO_OMNI);
		check_request_outcome(msg, i);
		set_be32(msg, 0, NP_OMNI_RESPONSE);
		check_response_outcome(msg, i);
		set_be32(msg, 4, 0);
		check_response_outcome(msg, i);
		check_results_outcome(msg, i);
	}
}
END_TEST

/* Random bytes rarely get past the first checks; a captured request with a
 * few bytes changed reaches all of them. */
START_TEST(test_fuzz_mutated_requests)
{
	const struct vec *reqs[MAX_VECS];
	int nreq = 0, i, accepted = 0, refused = 0;
	uint8_t msg[NP_MSG_SIZE];
	long iter;

	for (i = 0; i < nvecs; i++)
		if (is_request(&vecs[i]))
			reqs[nreq++] = &vecs[i];
	ck_assert_int_eq(nreq, N_REQUESTS);

	rng_state = 0x9e3779b97f4a7c15ull;
	for (iter = 0; iter < FUZZ_ROUNDS; iter++) {
		int flips = 1 + (int)(rng() % 4), k;
		struct np_omni_request q;

		memcpy(msg, reqs[rng() % (uint32_t)nreq]->msg, sizeof(msg));
		for (k = 0; k < flips; k++)
			msg[rng() % 0xd0] ^= (uint8_t)(1u << (rng() % 8));
		check_request_outcome(msg, iter);
		if (np_wire_decode_request(msg, &q, NULL, 0) == 0)
			accepted++;
		else
			refused++;
	}
	/* Both outcomes must be exercised, or the loop proved little. */
	ck_assert_int_gt(accepted, FUZZ_ROUNDS / 10);
	ck_assert_int_gt(refused, FUZZ_ROUNDS / 10);
}
END_TEST

/* ------------------------------------------------- netperf-ng extension */

/* doc/extension.md, written out again: eight parameter words and four
 * words at the end of the message, after every 2.7.1 struct. */
#define X_PARAMS 0x260		/* words 152..159 */
#define X_MAGIC 0x280
#define X_TEST_ID 0x284
#define X_VERSION 0x288
#define X_CAPS 0x28c
#define REQ_STRUCT_END 0xd0	/* 8 + sizeof(struct omni_request_struct) */
#define RES_STRUCT_END 0x124	/* 8 + sizeof(struct omni_results_struct) */

static int all_zero(const uint8_t *msg, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		if (msg[i])
			return 0;
	return 1;
}

/* The justification of doc/extension.md, kept true: whatever 2.7.1 sent,
 * the twelve words were zero; requests are zero past their struct and
 * replies past the results struct they may hold stale. */
START_TEST(test_ext_words_zero_in_captures)
{
	int i, req = 0, rsp = 0;

	ck_assert_uint_eq(NP_EXT_MAGIC >> 24, 0);
	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];

		ck_assert_msg(all_zero(v->msg, X_PARAMS, NP_MSG_SIZE),
			      "%s#%d: extension words not zero", v->file, v->n);
		if (is_request(v)) {
			ck_assert_msg(all_zero(v->msg, REQ_STRUCT_END, NP_MSG_SIZE),
				      "%s#%d: bytes past the request struct",
				      v->file, v->n);
			req++;
		}
		if (!v->c2s) {
			ck_assert_msg(all_zero(v->msg, RES_STRUCT_END, NP_MSG_SIZE),
				      "%s#%d: bytes past the results struct",
				      v->file, v->n);
			rsp += is_response(v);
		}
	}
	ck_assert_int_eq(req, N_REQUESTS);
	ck_assert_int_eq(rsp, N_FIRST_RESPONSES + N_LATER_RESPONSES);
}
END_TEST

static void check_ext_eq(const struct np_ext *got, const struct np_ext *want)
{
	int k;

	ck_assert_int_eq(got->present, want->present);
	ck_assert_uint_eq(got->test_id, want->test_id);
	ck_assert_uint_eq(got->version, want->version);
	ck_assert_uint_eq(got->caps, want->caps);
	for (k = 0; k < NP_EXT_PARAMS; k++)
		ck_assert_int_eq(got->params[k], want->params[k]);
}


/* Every captured request, with the extension added: the 2.7.1 part keeps
 * its bytes, the four words say what was put in, the range checks still
 * pass, and dropping the extension gives the capture back. */
START_TEST(test_ext_request_roundtrip)
{
	const struct np_ext x = { .present = true, .test_id = 7, .version = NP_EXT_VERSION,
				  .caps = NP_EXT_CAP_FLOWS };
	int i, done = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		struct np_omni_request q, back;
		uint8_t out[NP_MSG_SIZE], again[NP_MSG_SIZE];
		char why[WHYLEN] = "";
		int ret;

		if (!is_request(v))
			continue;
		ck_assert_int_eq(np_wire_decode_request(v->msg, &q, NULL, 0), 0);
		q.ext = x;
		memset(out, 0xa5, sizeof(out));
		np_wire_encode_request(&q, out);
		/* (The magic's first byte is 0, as 2.7.1's.) */
		ck_assert_msg(first_diff(v->msg, out, 0) == X_MAGIC + 1,
			      "%s#%d: first change at 0x%03x", v->file, v->n,
			      first_diff(v->msg, out, 0));
		ck_assert_uint_eq(be32(out, X_MAGIC), 0x004e5047u);
		ck_assert_uint_eq(be32(out, X_TEST_ID), 7);
		ck_assert_uint_eq(be32(out, X_VERSION), 1);
		ck_assert_uint_eq(be32(out, X_CAPS), 1);

		ret = np_wire_decode_request(out, &back, why, sizeof(why));
		ck_assert_msg(ret == 0, "%s#%d: with extension %d (%s)",
			      v->file, v->n, ret, why);
		check_ext_eq(&back.ext, &x);
		np_wire_encode_request(&back, again);
		ck_assert_int_eq(first_diff(out, again, 0), -1);

		/* Absent: the other fields are not written, whatever they hold. */
		back.ext.present = false;
		np_wire_encode_request(&back, again);
		ck_assert_int_eq(first_diff(v->msg, again, 0), -1);
		done++;
	}
	ck_assert_int_eq(done, N_REQUESTS);
}
END_TEST

START_TEST(test_ext_request_layout)
{
	struct np_omni_request q, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";

	need_request("tcp_stream_default.txt", 1, &q);
	q.ext.present = true;
	q.ext.test_id = NP_EXT_TEST_CLASSIC;
	q.ext.version = 0x01020304;
	q.ext.caps = 0x80000001;
	np_wire_encode_request(&q, msg);
	ck_assert_uint_eq(be32(msg, 0x27c), 0);
	ck_assert_uint_eq(be32(msg, X_MAGIC), NP_EXT_MAGIC);
	ck_assert_uint_eq(be32(msg, X_TEST_ID), 0);
	ck_assert_uint_eq(be32(msg, X_VERSION), 0x01020304);
	ck_assert_uint_eq(be32(msg, X_CAPS), 0x80000001);
	ck_assert_msg(np_wire_decode_request(msg, &back, why, sizeof(why)) == 0,
		      "%s", why);
	check_ext_eq(&back.ext, &q.ext);
	/* Test id 0 with the magic: still the classic test, ours. */
	ck_assert(back.ext.present);
}
END_TEST

/* The parameter words: every captured request and first response with
 * the extension and eight parameters (extremes included) keeps its 2.7.1
 * bytes, puts parameter k at word 152 + k, decodes to the same values,
 * re-encodes to the same bytes, and without the extension is the capture
 * again, whatever the parameters hold. */
START_TEST(test_ext_params_roundtrip)
{
	const int32_t params[NP_EXT_PARAMS] = {
		0x7e570001, -1, INT32_MIN, INT32_MAX, 0, 255, 110, -110,
	};
	int i, k, req = 0, rsp = 0;

	for (i = 0; i < nvecs; i++) {
		const struct vec *v = &vecs[i];
		uint8_t out[NP_MSG_SIZE], again[NP_MSG_SIZE];
		struct np_omni_request q, qb;
		struct np_omni_response r, rb;
		struct np_ext x = { .present = true, .test_id = 0x7e57,
				    .version = NP_EXT_VERSION, .caps = NP_EXT_CAP_FLOWS };
		char why[WHYLEN] = "";

		memcpy(x.params, params, sizeof(params));
		memset(out, 0xa5, sizeof(out));
		if (is_request(v)) {
			ck_assert_int_eq(np_wire_decode_request(v->msg, &q, NULL, 0), 0);
			ck_assert(params_zero(&q.ext));
			q.ext = x;
			np_wire_encode_request(&q, out);
		} else if (is_first_response(v)) {
			ck_assert_int_eq(np_wire_decode_response(v->msg, &r, NULL, 0), 0);
			ck_assert(params_zero(&r.ext));
			r.ext = x;
			np_wire_encode_response(&r, out);
		} else {
			continue;
		}
		ck_assert_msg(first_diff(v->msg, out, 0) == X_PARAMS,
			      "%s#%d: first change at 0x%03x", v->file, v->n,
			      first_diff(v->msg, out, 0));
		for (k = 0; k < NP_EXT_PARAMS; k++)
			ck_assert_uint_eq(be32(out, X_PARAMS + 4 * (size_t)k),
					  (uint32_t)params[k]);
		ck_assert_uint_eq(be32(out, X_MAGIC), NP_EXT_MAGIC);
		if (is_request(v)) {
			ck_assert_msg(np_wire_decode_request(out, &qb, why, sizeof(why)) == 0,
				      "%s#%d: %s", v->file, v->n, why);
			check_ext_eq(&qb.ext, &x);
			np_wire_encode_request(&qb, again);
			ck_assert_int_eq(first_diff(out, again, 0), -1);
			qb.ext.present = false;
			np_wire_encode_request(&qb, again);
			req++;
		} else {
			ck_assert_msg(np_wire_decode_response(out, &rb, why, sizeof(why)) == 0,
				      "%s#%d: %s", v->file, v->n, why);
			check_ext_eq(&rb.ext, &x);
			np_wire_encode_response(&rb, again);
			ck_assert_int_eq(first_diff(out, again, 0), -1);
			rb.ext.present = false;
			np_wire_encode_response(&rb, again);
			rsp++;
		}
		ck_assert_msg(first_diff(v->msg, again, 0) == -1,
			      "%s#%d: without the extension, byte 0x%03x differs",
			      v->file, v->n, first_diff(v->msg, again, 0));
	}
	ck_assert_int_eq(req, N_REQUESTS);
	ck_assert_int_eq(rsp, N_FIRST_RESPONSES);
}
END_TEST

/* Without the magic the parameter words are not read: whatever they hold
 * (a 2.7.1 passphrase's tail, say), the parameters decode as zero and
 * re-encoding leaves them out. */
START_TEST(test_ext_params_need_magic)
{
	struct np_omni_request q;
	struct np_omni_response r;
	uint8_t msg[NP_MSG_SIZE], out[NP_MSG_SIZE];
	size_t off;

	memcpy(msg, need_vec("tcp_stream_default.txt", 1)->msg, sizeof(msg));
	for (off = X_PARAMS; off < X_MAGIC; off += 4)
		set_be32(msg, off, 0x61626364);
	ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), 0);
	ck_assert(!q.ext.present);
	ck_assert(params_zero(&q.ext));
	np_wire_encode_request(&q, out);
	ck_assert_int_eq(first_diff(need_vec("tcp_stream_default.txt", 1)->msg, out, 0), -1);

	memcpy(msg, need_vec("tcp_stream_default.txt", 2)->msg, sizeof(msg));
	set_be32(msg, X_PARAMS, 7);
	set_be32(msg, X_MAGIC - 4, 7);
	ck_assert_int_eq(np_wire_decode_response(msg, &r, NULL, 0), 0);
	ck_assert(!r.ext.present);
	ck_assert(params_zero(&r.ext));
	np_wire_encode_response(&r, out);
	ck_assert_int_eq(first_diff(need_vec("tcp_stream_default.txt", 2)->msg, out, 0), -1);
}
END_TEST

/* Version and caps only inform: any value decodes, and a request that
 * the range checks refuse still brings its extension along. */
START_TEST(test_ext_garbage_version)
{
	static const uint32_t odd[] = { 0, 2, 0x7fffffff, 0xffffffff,
					NP_EXT_MAGIC };
	struct np_omni_request q;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	size_t i;

	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		memcpy(msg, need_vec("udp_rr_default.txt", 1)->msg, sizeof(msg));
		set_be32(msg, X_MAGIC, NP_EXT_MAGIC);
		set_be32(msg, X_TEST_ID, odd[i]);
		set_be32(msg, X_VERSION, odd[i]);
		set_be32(msg, X_CAPS, ~odd[i]);
		ck_assert_msg(np_wire_decode_request(msg, &q, why, sizeof(why)) == 0,
			      "version %08x: %s", odd[i], why);
		ck_assert(q.ext.present);
		ck_assert_uint_eq(q.ext.test_id, odd[i]);
		ck_assert_uint_eq(q.ext.version, odd[i]);
		ck_assert_uint_eq(q.ext.caps, ~odd[i]);
	}
	set_be32(msg, 0x5c, 99);	/* ipfamily */
	ck_assert_int_eq(np_wire_decode_request(msg, &q, why, sizeof(why)),
			 EAFNOSUPPORT);
	ck_assert(q.ext.present);
}
END_TEST

/* Near misses are no magic: the words are then not read at all. */
START_TEST(test_ext_near_misses)
{
	static const uint32_t miss[] = {
		0x004e5046, 0x004e5048, 0x474e5000 /* byte-swapped */,
		0x4e504700, 0x4e504e47 /* "NPNG" */, 0x104e5047, 0xffffffff,
	};
	struct np_omni_request q;
	struct np_omni_response r;
	uint8_t msg[NP_MSG_SIZE];
	size_t i;

	for (i = 0; i < sizeof(miss) / sizeof(miss[0]); i++) {
		memcpy(msg, need_vec("tcp_rr_default.txt", 1)->msg, sizeof(msg));
		set_be32(msg, X_MAGIC, miss[i]);
		set_be32(msg, X_TEST_ID, 5);
		set_be32(msg, X_VERSION, 1);
		set_be32(msg, X_CAPS, 1);
		ck_assert_int_eq(np_wire_decode_request(msg, &q, NULL, 0), 0);
		ck_assert_msg(!q.ext.present, "magic %08x taken", miss[i]);
		ck_assert_uint_eq(q.ext.test_id, 0);
		ck_assert_uint_eq(q.ext.caps, 0);

		memcpy(msg, need_vec("tcp_rr_default.txt", 2)->msg, sizeof(msg));
		set_be32(msg, X_MAGIC, miss[i]);
		set_be32(msg, X_CAPS, 1);
		ck_assert_int_eq(np_wire_decode_response(msg, &r, NULL, 0), 0);
		ck_assert_msg(!r.ext.present, "magic %08x taken", miss[i]);
		ck_assert_uint_eq(r.ext.caps, 0);
	}
}
END_TEST

/*
 * netperf 2.7.1 strncpy()s a -Z passphrase over all 648 bytes of its
 * request area and then writes only its 200-byte omni struct over it, so
 * a passphrase longer than 632 characters reaches the four words.  Such a
 * tail is characters, then NULs: never the magic's 0 followed by non-zero
 * bytes, whatever the characters.
 */
START_TEST(test_ext_passphrase_tail)
{
	const uint8_t *cap = need_vec("passphrase_good.txt", 2)->msg;
	const size_t at = X_MAGIC - 8;	/* the magic's place in the area */
	uint8_t msg[NP_MSG_SIZE];
	char pass[NP_MSG_SIZE - 8];
	struct np_omni_request q;
	size_t len, i;
	unsigned c;

	for (len = at - 4; len <= sizeof(pass); len++)
		for (c = 1; c < 256; c++) {
			/* Any byte, then the magic's own, then anything. */
			for (i = 0; i < len; i++)
				pass[i] = (char)('a' + i % 26);
			for (i = 0; i < 4 && at + i < len; i++)
				pass[at + i] = i ? "NPG"[i - 1] : (char)c;
			/* netperf 2.7.1: strncpy over the whole area, then the
			 * omni struct over its first 200 bytes. */
			memset(msg, 0, sizeof(msg));
			memcpy(msg + 8, pass, len);
			memcpy(msg, cap, REQ_STRUCT_END);
			if (np_wire_decode_request(msg, &q, NULL, 0) != 0 ||
			    q.ext.present)
				ck_abort_msg("passphrase of %zu, byte %02x: %s",
					     len, c,
					     q.ext.present ? "magic seen" : "refused");
		}
	/* The longest one did reach the words. */
	ck_assert_uint_eq(be32(msg, X_MAGIC), 0xff4e5047u);
}
END_TEST

START_TEST(test_ext_response_roundtrip)
{
	const struct np_ext x = { .present = true, .test_id = 3, .version = NP_EXT_VERSION,
				  .caps = NP_EXT_CAP_FLOWS, .params = { 110, -1 } };
	const struct vec *v = need_vec("tcp_rr_default.txt", 2);
	struct np_omni_response r, back;
	uint8_t out[NP_MSG_SIZE];
	char why[WHYLEN] = "";

	ck_assert_int_eq(np_wire_decode_response(v->msg, &r, why, sizeof(why)), 0);
	ck_assert(!r.ext.present);
	r.ext = x;
	memset(out, 0x5a, sizeof(out));
	np_wire_encode_response(&r, out);
	/* 110 = 00 00 00 6e: the first change is its last byte. */
	ck_assert_int_eq(first_diff(v->msg, out, 0), X_PARAMS + 3);
	ck_assert_uint_eq(be32(out, X_PARAMS), 110);
	ck_assert_uint_eq(be32(out, X_PARAMS + 4), 0xffffffffu);
	ck_assert_msg(all_zero(out, X_PARAMS + 8, X_MAGIC), "unused parameter words");
	ck_assert_uint_eq(be32(out, X_MAGIC), NP_EXT_MAGIC);
	ck_assert_uint_eq(be32(out, X_TEST_ID), 3);
	ck_assert_uint_eq(be32(out, X_VERSION), NP_EXT_VERSION);
	ck_assert_uint_eq(be32(out, X_CAPS), NP_EXT_CAP_FLOWS);
	ck_assert_msg(np_wire_decode_response(out, &back, why, sizeof(why)) == 0,
		      "%s", why);
	check_ext_eq(&back.ext, &x);
	ck_assert_uint_eq(back.data_port, r.data_port);

	/* Absent: the capture again. */
	back.ext.present = false;
	np_wire_encode_response(&back, out);
	ck_assert_int_eq(first_diff(v->msg, out, 0), -1);

	/* The refusal of an unknown test: no port, but who refused. */
	memset(&r, 0, sizeof(r));
	r.serv_errno = NP_REFUSE_EXT_TEST;
	r.ext = (struct np_ext){ .present = true, .test_id = 0x12345678,
				 .version = NP_EXT_VERSION, .caps = NP_EXT_CAP_FLOWS };
	np_wire_encode_response(&r, out);
	ck_assert_uint_eq(be32(out, 4), (uint32_t)NP_REFUSE_EXT_TEST);
	ck_assert_int_eq(np_wire_decode_response(out, &back, why, sizeof(why)), 0);
	ck_assert_int_eq(back.serv_errno, NP_REFUSE_EXT_TEST);
	check_ext_eq(&back.ext, &r.ext);
}
END_TEST

/* A refusal code no other rule or data-socket set-up answers with. */
START_TEST(test_ext_refusal_distinct)
{
	static const int others[] = {
		NP_ERR_UNKNOWN_REQUEST, NP_REFUSE_SESSIONS, NP_REFUSE_RATE,
		NP_REFUSE_AUTH, NP_REFUSE_TIME, NP_REFUSE_MEMORY,
		NP_REFUSE_CAPABILITY, NP_REFUSE_FAMILY, NP_REFUSE_ADDRESS,
		NP_REFUSE_PORT, EINVAL, EMSGSIZE, EAFNOSUPPORT,
		EPROTONOSUPPORT, ENOPROTOOPT, ENOENT, 0,
	};
	size_t i;

	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		ck_assert_int_ne(NP_REFUSE_EXT_TEST, others[i]);
}
END_TEST

/* Random bytes with the magic planted: decoded without a crash, the
 * extension taken as sent, and re-encoding stable. */
START_TEST(test_ext_fuzz_planted)
{
	uint8_t msg[NP_MSG_SIZE];
	struct np_omni_request q;
	struct np_omni_response r;
	long i;

	rng_state = 0x4e504e4745585431ull;
	for (i = 0; i < FUZZ_ROUNDS; i++) {
		fill_random(msg);
		set_be32(msg, X_MAGIC, NP_EXT_MAGIC);
		if (i & 1)
			set_be32(msg, 0, NP_DO_OMNI);
		check_request_outcome(msg, i);
		np_wire_decode_request(msg, &q, NULL, 0);
		if (!q.ext.present || q.ext.test_id != be32(msg, X_TEST_ID) ||
		    q.ext.version != be32(msg, X_VERSION) ||
		    q.ext.caps != be32(msg, X_CAPS) ||
		    (uint32_t)q.ext.params[0] != be32(msg, X_PARAMS) ||
		    (uint32_t)q.ext.params[NP_EXT_PARAMS - 1] != be32(msg, X_MAGIC - 4))
			ck_abort_msg("iter %ld: request extension lost", i);

		set_be32(msg, 0, NP_OMNI_RESPONSE);
		if (i & 2)
			set_be32(msg, 4, 0);
		check_response_outcome(msg, i);
		np_wire_decode_response(msg, &r, NULL, 0);
		if (!r.ext.present || r.ext.test_id != be32(msg, X_TEST_ID) ||
		    r.ext.caps != be32(msg, X_CAPS) ||
		    (uint32_t)r.ext.params[3] != be32(msg, X_PARAMS + 12))
			ck_abort_msg("iter %ld: response extension lost", i);
	}
}
END_TEST

/* ---------------------------------------------------------- host facts */

/* doc/extension.md's NP_NG_FACTS_REPLY, written out again. */
#define HF_TYPE 0x4e48u
#define HF_MTU 0x08
#define HF_SPEED 0x0c
#define HF_KNOWN 0x10
#define HF_ON 0x14
#define HF_RXQ 0x18
#define HF_TXQ 0x1c
#define HF_CPUS 0x20
#define HF_IFNAME 0x24
#define HF_DRIVER 0x34
#define HF_DRV_VERSION 0x54
#define HF_FIRMWARE 0x74
#define HF_BUS 0x94
#define HF_SYSNAME 0xb4
#define HF_MACHINE 0xd4
#define HF_RELEASE 0xf4
#define HF_VERSION 0x134
#define HF_CPU_MODEL 0x174
#define HF_NG_VERSION 0x1b4
#define HF_END 0x1d4

static void sample_facts(struct np_host_facts *f)
{
	np_host_facts_unknown(f);
	f->known = true;
	strcpy(f->ifname, "vb12345");
	strcpy(f->driver, "veth");
	strcpy(f->driver_version, "1.0");
	strcpy(f->firmware, "");
	strcpy(f->bus, "0000:00:03.0");
	f->mtu = 1500;
	f->speed_mbps = 10000;
	f->offload_known = NP_OFFLOAD_ALL;
	f->offload_on = 0x1f;
	f->rx_queues = 2;
	f->tx_queues = 3;
	strcpy(f->sysname, "Linux");
	strcpy(f->machine, "x86_64");
	strcpy(f->release, "6.1.0-9-amd64");
	strcpy(f->version, "#1 SMP PREEMPT_DYNAMIC Debian 6.1.27-1 (2023-05-08)");
	strcpy(f->cpu_model, "Intel(R) Xeon(R) CPU @ 2.20GHz");
	f->cpu_count = 8;
	strcpy(f->ng_version, "0.9.1");
}

static void check_facts_eq(const struct np_host_facts *a, const struct np_host_facts *b)
{
	ck_assert(a->known == b->known);
	ck_assert_str_eq(a->ifname, b->ifname);
	ck_assert_str_eq(a->driver, b->driver);
	ck_assert_str_eq(a->driver_version, b->driver_version);
	ck_assert_str_eq(a->firmware, b->firmware);
	ck_assert_str_eq(a->bus, b->bus);
	ck_assert_int_eq(a->mtu, b->mtu);
	ck_assert_int_eq(a->speed_mbps, b->speed_mbps);
	ck_assert_uint_eq(a->offload_known, b->offload_known);
	ck_assert_uint_eq(a->offload_on, b->offload_on);
	ck_assert_int_eq(a->rx_queues, b->rx_queues);
	ck_assert_int_eq(a->tx_queues, b->tx_queues);
	ck_assert_str_eq(a->sysname, b->sysname);
	ck_assert_str_eq(a->machine, b->machine);
	ck_assert_str_eq(a->release, b->release);
	ck_assert_str_eq(a->version, b->version);
	ck_assert_str_eq(a->cpu_model, b->cpu_model);
	ck_assert_int_eq(a->cpu_count, b->cpu_count);
	ck_assert_str_eq(a->ng_version, b->ng_version);
}

/* Every field at its documented place; nothing else but the extension's
 * words; and back. */
START_TEST(test_facts_layout)
{
	struct np_host_facts f, back;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN];

	sample_facts(&f);
	memset(msg, 0xa5, sizeof(msg));
	np_wire_encode_facts(&f, msg);
	ck_assert_uint_eq(be32(msg, 0), HF_TYPE);
	ck_assert_uint_eq(be32(msg, 4), 0);
	ck_assert_uint_eq(be32(msg, HF_MTU), 1500);
	ck_assert_uint_eq(be32(msg, HF_SPEED), 10000);
	ck_assert_uint_eq(be32(msg, HF_KNOWN), 0x3f);
	ck_assert_uint_eq(be32(msg, HF_ON), 0x1f);
	ck_assert_uint_eq(be32(msg, HF_RXQ), 2);
	ck_assert_uint_eq(be32(msg, HF_TXQ), 3);
	ck_assert_uint_eq(be32(msg, HF_CPUS), 8);
	ck_assert_str_eq((const char *)msg + HF_IFNAME, "vb12345");
	ck_assert_str_eq((const char *)msg + HF_DRIVER, "veth");
	ck_assert_str_eq((const char *)msg + HF_DRV_VERSION, "1.0");
	ck_assert_str_eq((const char *)msg + HF_FIRMWARE, "");
	ck_assert_str_eq((const char *)msg + HF_BUS, "0000:00:03.0");
	ck_assert_str_eq((const char *)msg + HF_SYSNAME, "Linux");
	ck_assert_str_eq((const char *)msg + HF_MACHINE, "x86_64");
	ck_assert_str_eq((const char *)msg + HF_RELEASE, "6.1.0-9-amd64");
	ck_assert_str_eq((const char *)msg + HF_VERSION, f.version);
	ck_assert_str_eq((const char *)msg + HF_CPU_MODEL, f.cpu_model);
	ck_assert_str_eq((const char *)msg + HF_NG_VERSION, "0.9.1");
	ck_assert(all_zero(msg, HF_END, X_MAGIC));
	ck_assert_uint_eq(be32(msg, X_MAGIC), NP_EXT_MAGIC);
	ck_assert_uint_eq(be32(msg, X_TEST_ID), 0);
	ck_assert_uint_eq(be32(msg, X_VERSION), NP_EXT_VERSION);
	ck_assert_uint_eq(be32(msg, X_CAPS) & NP_EXT_CAP_HOST_FACTS, NP_EXT_CAP_HOST_FACTS);
	ck_assert_int_eq(np_wire_decode_facts(msg, &back, why, sizeof(why)), 0);
	ck_assert_str_eq(why, "");
	check_facts_eq(&back, &f);

	/* All unknown: -1 and empty texts, still a valid reply. */
	np_host_facts_unknown(&f);
	f.known = true;
	np_wire_encode_facts(&f, msg);
	ck_assert_uint_eq(be32(msg, HF_MTU), 0xffffffffu);
	ck_assert(all_zero(msg, HF_IFNAME, X_MAGIC));
	ck_assert_int_eq(np_wire_decode_facts(msg, &back, why, sizeof(why)), 0);
	check_facts_eq(&back, &f);
}
END_TEST

/* The request: its type and the magic, nothing else.  No captured 2.7.1
 * message is a facts request or reply. */
START_TEST(test_facts_request)
{
	uint8_t msg[NP_MSG_SIZE];
	struct np_host_facts f;
	int i;

	memset(msg, 0xa5, sizeof(msg));
	np_wire_encode_facts_request(msg);
	ck_assert_uint_eq(be32(msg, 0), 0x4e47u);
	ck_assert_uint_eq(be32(msg, 4), 0);
	ck_assert(all_zero(msg, 8, X_MAGIC));
	ck_assert_uint_eq(be32(msg, X_MAGIC), NP_EXT_MAGIC);
	ck_assert(np_wire_is_facts_request(msg));
	set_be32(msg, X_MAGIC, 0);
	ck_assert(!np_wire_is_facts_request(msg));
	for (i = 0; i < nvecs; i++) {
		ck_assert(!np_wire_is_facts_request(vecs[i].msg));
		ck_assert_int_eq(np_wire_decode_facts(vecs[i].msg, &f, NULL, 0), EINVAL);
	}
}
END_TEST

/* Each way a reply can be bad, refused with its reason. */
static const struct facts_case {
	const char *name;
	size_t off;
	uint32_t word;         /* put at off, unless bytes is set */
	const char *bytes;     /* copied to off, NUL included */
	size_t nbytes;
	const char *why;       /* the reason starts so */
} facts_cases[] = {
	{ "type", 0, 98, NULL, 0, "type 98 is not NP_NG_FACTS_REPLY" },
	{ "serv_errno", 4, 5, NULL, 0, "serv_errno 5" },
	{ "no magic", X_MAGIC, 0x4e504700u, NULL, 0, "no netperf-ng extension words" },
	{ "mtu 0", HF_MTU, 0, NULL, 0, "mtu 0 is neither -1 nor within 1..1048576" },
	{ "mtu -2", HF_MTU, 0xfffffffeu, NULL, 0, "mtu -2 is neither" },
	{ "mtu huge", HF_MTU, (1u << 20) + 1, NULL, 0, "mtu 1048577 is neither" },
	{ "speed", HF_SPEED, 0x80000000u, NULL, 0, "speed -2147483648 is neither" },
	{ "rx queues", HF_RXQ, 65537, NULL, 0, "rx_queues 65537" },
	{ "tx queues", HF_TXQ, 0, NULL, 0, "tx_queues 0" },
	{ "cpus", HF_CPUS, 0, NULL, 0, "cpu_count 0" },
	{ "known", HF_KNOWN, 0x7f, NULL, 0, "offload_known 0x7f has bits outside 0x3f" },
	{ "on", HF_ON, 0x40, NULL, 0, "offload_on 0x40 has bits outside offload_known" },
	{ "ifname unterminated", HF_IFNAME, 0, "0123456789abcdef", 16,
	  "ifname is not NUL-terminated within 16 bytes" },
	{ "driver unterminated", HF_DRIVER, 0, "0123456789abcdef0123456789abcdef", 32,
	  "driver is not NUL-terminated within 32 bytes" },
	{ "release control byte", HF_RELEASE, 0, "6.1\n", 5,
	  "release has invalid byte 0x0a at 3" },
	{ "cpu model high byte", HF_CPU_MODEL, 0, "Caf\xc3\xa9", 6,
	  "cpu_model has invalid byte 0xc3 at 3" },
	{ "firmware escape", HF_FIRMWARE, 0, "\x1b[2J", 5, "firmware has invalid byte 0x1b at 0" },
};

#define N_FACTS_CASES ((int)(sizeof(facts_cases) / sizeof(facts_cases[0])))

START_TEST(test_facts_validation)
{
	const struct facts_case *c = &facts_cases[_i];
	struct np_host_facts f;
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN];

	sample_facts(&f);
	np_wire_encode_facts(&f, msg);
	if (c->bytes)
		memcpy(msg + c->off, c->bytes, c->nbytes);
	else
		set_be32(msg, c->off, c->word);
	ck_assert_int_eq(np_wire_decode_facts(msg, &f, why, sizeof(why)), EINVAL);
	ck_assert_msg(strncmp(why, c->why, strlen(c->why)) == 0, "%s: \"%s\"", c->name, why);
	ck_assert_ptr_null(strchr(why, '\n'));
	ck_assert(!f.known);
}
END_TEST

/* Random replies: refused or taken, never more; what is taken encodes to
 * a message that decodes to the same. */
START_TEST(test_facts_fuzz)
{
	uint8_t msg[NP_MSG_SIZE], again[NP_MSG_SIZE];
	struct np_host_facts f, g;
	int taken = 0;
	long i;

	rng_state = 0x6661637473303031ull;
	for (i = 0; i < FUZZ_ROUNDS; i++) {
		char why[WHYLEN];
		int err;

		fill_random(msg);
		set_be32(msg, 0, HF_TYPE);
		set_be32(msg, 4, 0);
		set_be32(msg, X_MAGIC, NP_EXT_MAGIC);
		/* Plausible numbers half the time, so that the texts are
		 * reached. */
		if (i & 1) {
			set_be32(msg, HF_MTU, (uint32_t)(rng() % 9000) + 1);
			set_be32(msg, HF_SPEED, 0xffffffffu);
			set_be32(msg, HF_KNOWN, (uint32_t)(rng() & 0x3f));
			set_be32(msg, HF_ON, be32(msg, HF_KNOWN) & (uint32_t)rng());
			set_be32(msg, HF_RXQ, 1);
			set_be32(msg, HF_TXQ, 0xffffffffu);
			set_be32(msg, HF_CPUS, 4);
			for (size_t off = HF_IFNAME; off < HF_END; off++)
				msg[off] = (uint8_t)(0x20 + msg[off] % 0x5f);
			msg[HF_IFNAME + rng() % 16] = 0;
			for (size_t off = HF_DRIVER; off < HF_SYSNAME; off += 32)
				msg[off + rng() % 32] = 0;
			msg[HF_SYSNAME + rng() % 32] = 0;
			msg[HF_MACHINE + rng() % 32] = 0;
			for (size_t off = HF_RELEASE; off < HF_END; off += 64)
				msg[off + rng() % 64] = 0;
		}
		err = np_wire_decode_facts(msg, &f, why, sizeof(why));
		if (err) {
			ck_assert_int_eq(err, EINVAL);
			ck_assert_msg(why[0] && !strchr(why, '\n'), "iter %ld: reason", i);
			continue;
		}
		taken++;
		np_wire_encode_facts(&f, again);
		ck_assert_int_eq(np_wire_decode_facts(again, &g, NULL, 0), 0);
		check_facts_eq(&f, &g);
	}
	ck_assert_int_gt(taken, FUZZ_ROUNDS / 10);
}
END_TEST

/* ------------------------------------------------------------ the tables */

/* Each table, with the struct its rows point into and the bytes it may
 * use: the 2.7.1 messages' own area (before the extension words), or the
 * extension words. */
static const struct table_case {
	const char *name;
	enum np_wire_message m;
	size_t size;
	size_t from, to;
} table_cases[] = {
	{ "request", NP_WT_REQUEST, sizeof(struct np_omni_request), 0x04, X_PARAMS },
	{ "response", NP_WT_RESPONSE, sizeof(struct np_omni_response), 0x04, X_PARAMS },
	{ "results", NP_WT_RESULTS, sizeof(struct np_omni_results), 0x04, X_PARAMS },
	{ "ext", NP_WT_EXT, sizeof(struct np_ext), X_PARAMS, NP_MSG_SIZE },
	{ "results_ng", NP_WT_RESULTS_NG, sizeof(struct np_omni_results), X_PARAMS - 0x3c, X_MAGIC },
	/* Past 2.7.1's stale bytes (0x123), before the parameter words. */
	{ "response_ng", NP_WT_RESPONSE_NG, sizeof(struct np_omni_response), 0x124, X_PARAMS },
};
#define N_TABLE_CASES ((int)(sizeof(table_cases) / sizeof(table_cases[0])))

/* A row's bytes on the wire and in its struct member. */
static size_t row_width(const struct np_wire_field *f)
{
	switch (f->kind) {
	case NP_WK_U64:
		return 8;
	case NP_WK_S32S:
		return 4u * f->len;
	case NP_WK_STR:
	case NP_WK_TEXT:
		return f->len;
	case NP_WK_ADDR:
		return 16;
	default:
		return 4;
	}
}

static size_t member_size(const struct np_wire_field *f)
{
	return f->kind == NP_WK_STR || f->kind == NP_WK_TEXT ? (size_t)f->len + 1
							      : row_width(f);
}

/* Rows in wire order, word-aligned, inside the table's bytes, never
 * overlapping on the wire or in the struct, each with a name. */
START_TEST(test_table_rows_sane)
{
	const struct table_case *c = &table_cases[_i];
	const struct np_wire_table *t = np_wire_table(c->m);
	size_t end = c->from;

	ck_assert_uint_gt(t->n, 0);
	for (size_t i = 0; i < t->n; i++) {
		const struct np_wire_field *f = &t->f[i];

		ck_assert_msg(f->name && f->name[0], "%s row %zu has no name", c->name, i);
		ck_assert_msg(f->off % 4 == 0, "%s %s at 0x%x", c->name, f->name, f->off);
		ck_assert_msg(f->off >= end, "%s %s at 0x%x overlaps or is out of order",
			      c->name, f->name, f->off);
		end = f->off + row_width(f);
		ck_assert_msg(end <= c->to, "%s %s ends at 0x%zx, past 0x%zx", c->name,
			      f->name, end, c->to);
		ck_assert_msg(f->at + member_size(f) <= c->size, "%s %s past its struct",
			      c->name, f->name);
		/* A rule field where the walkers ignore it would check
		 * nothing on untrusted input. */
		ck_assert_msg(!f->bounds || f->kind == NP_WK_S32 || f->kind == NP_WK_U32,
			      "%s %s: a range on a kind that has none", c->name, f->name);
		ck_assert_msg(!f->mask || f->kind == NP_WK_U32, "%s %s: a mask off U32",
			      c->name, f->name);
		ck_assert_msg(!f->len || f->kind == NP_WK_STR || f->kind == NP_WK_TEXT ||
				      f->kind == NP_WK_S32S,
			      "%s %s: a length on a kind that has none", c->name, f->name);
		if (f->kind == NP_WK_ADDR) {
			/* Decoded before the address, or it reads 0. */
			bool family_first = false;

			for (size_t j = 0; j < i; j++)
				family_first |= t->f[j].at == f->aux && t->f[j].kind == NP_WK_U32;
			ck_assert_msg(family_first, "%s %s: its family's row is not before it",
				      c->name, f->name);
		} else {
			ck_assert_msg(!f->aux, "%s %s: aux off ADDR", c->name, f->name);
		}
		for (size_t j = 0; j < i; j++) {
			const struct np_wire_field *g = &t->f[j];

			ck_assert_msg(g->at + member_size(g) <= f->at ||
				      f->at + member_size(f) <= g->at,
				      "%s %s and %s share struct bytes", c->name, g->name, f->name);
		}
	}
}
END_TEST

/* A value for the row that fills its member with non-zero bytes (masked
 * bits only, where the decoder masks). */
static void row_pattern(const struct np_wire_field *f, size_t row, uint8_t *p)
{
	size_t n = member_size(f);

	for (size_t k = 0; k < n; k++)
		p[k] = (uint8_t)('A' + (row * 7 + k) % 26);
	if (f->kind == NP_WK_STR || f->kind == NP_WK_TEXT)
		p[n - 1] = '\0';
	if (f->kind == NP_WK_U32 && f->mask) {
		uint32_t v = 0xffffffffu & f->mask;

		memcpy(p, &v, sizeof(v));
	}
}

/* Every row alone: its value lands in its own bytes and nowhere else,
 * and comes back into its own member and nowhere else. */
START_TEST(test_table_rows_roundtrip)
{
	const struct table_case *c = &table_cases[_i];
	const struct np_wire_table *t = np_wire_table(c->m);

	for (size_t i = 0; i < t->n; i++) {
		const struct np_wire_field *f = &t->f[i];
		const struct np_wire_table one = { f, 1 };
		uint8_t *s = calloc(1, c->size), *back = calloc(1, c->size);
		uint8_t msg[NP_MSG_SIZE] = { 0 };
		uint32_t fam = NP_FAM_INET6;
		int inside = 0;

		ck_assert(s && back);
		row_pattern(f, i, s + f->at);
		if (f->kind == NP_WK_ADDR) {
			memcpy(s + f->aux, &fam, sizeof(fam));
			memcpy(back + f->aux, &fam, sizeof(fam));
		}
		np_wire_put_fields(msg, &one, s);
		for (size_t b = 0; b < NP_MSG_SIZE; b++) {
			if (b >= f->off && b < f->off + row_width(f))
				inside |= msg[b];
			else
				ck_assert_msg(msg[b] == 0, "%s %s writes byte 0x%zx", c->name,
					      f->name, b);
		}
		ck_assert_msg(inside, "%s %s writes nothing", c->name, f->name);
		np_wire_get_fields(msg, &one, back);
		ck_assert_msg(memcmp(s, back, c->size) == 0, "%s %s does not round-trip",
			      c->name, f->name);
		free(s);
		free(back);
	}
}
END_TEST

/* A row's range, at each bound and one past it, through the decoder of
 * a valid captured request (or response, results), with the errno and
 * the reason the rule gives. */
static int decode_table_case(const struct table_case *c, const uint8_t *msg, char *why)
{
	struct np_omni_request q;
	struct np_omni_response r;
	struct np_omni_results res;

	switch (c->m) {
	case NP_WT_REQUEST:
		return np_wire_decode_request(msg, &q, why, WHYLEN);
	case NP_WT_RESPONSE:
		return np_wire_decode_response(msg, &r, why, WHYLEN);
	default:
		return np_wire_decode_results(msg, &res, why, WHYLEN);
	}
}

static void try_bound(const struct table_case *c, const struct np_wire_field *f,
		      const uint8_t *base, int64_t v, int want, const char *text)
{
	uint8_t msg[NP_MSG_SIZE];
	char why[WHYLEN] = "";
	int ret;

	memcpy(msg, base, sizeof(msg));
	set_be32(msg, f->off, (uint32_t)v);
	ret = decode_table_case(c, msg, why);
	ck_assert_msg(ret == want, "%s %s = %lld: %d (%s), want %d", c->name, f->name,
		      (long long)v, ret, why, want);
	if (want)
		ck_assert_msg(strcmp(why, text) == 0, "%s %s = %lld: '%s', want '%s'", c->name,
			      f->name, (long long)v, why, text);
}

START_TEST(test_table_ranges)
{
	static const struct { enum np_wire_message m; const char *file; int n; } bases[] = {
		{ NP_WT_REQUEST, "tcp_stream_default.txt", 1 },
		{ NP_WT_RESPONSE, "tcp_stream_default.txt", 2 },
		{ NP_WT_RESULTS, "tcp_stream_default.txt", 3 },
	};
	int ranged = 0;

	for (size_t k = 0; k < sizeof(bases) / sizeof(bases[0]); k++) {
		const struct table_case *c = &table_cases[bases[k].m];
		const struct np_wire_table *t = np_wire_table(c->m);
		const uint8_t *base = need_vec(bases[k].file, bases[k].n)->msg;
		char text[WHYLEN];

		ck_assert_int_eq(decode_table_case(c, base, text), 0);
		for (size_t i = 0; i < t->n; i++) {
			const struct np_wire_field *f = &t->f[i];
			const int err = f->err ? f->err : EINVAL;
			const bool lo = f->bounds & NP_WB_MIN, hi = f->bounds & NP_WB_MAX;
			/* The rows' own rules only: their pass/fail must not
			 * depend on another rule (4-byte kinds only). */
			ck_assert(!f->bounds || row_width(f) == 4);
			if (!f->bounds)
				continue;
			ranged++;
			if (lo)
				try_bound(c, f, base, f->min, 0, "");
			if (hi)
				try_bound(c, f, base, f->max, 0, "");
			if (lo && hi)
				snprintf(text, sizeof(text), "%s %lld out of range %lld..%lld",
					 f->name, (long long)f->max + 1, (long long)f->min,
					 (long long)f->max);
			else if (hi)
				snprintf(text, sizeof(text), "%s %lld exceeds %lld", f->name,
					 (long long)f->max + 1, (long long)f->max);
			if (hi)
				try_bound(c, f, base, f->max + 1, err, text);
			if (lo && f->kind == NP_WK_S32) {
				if (hi)
					snprintf(text, sizeof(text), "%s %lld out of range %lld..%lld",
						 f->name, (long long)f->min - 1, (long long)f->min,
						 (long long)f->max);
				else
					snprintf(text, sizeof(text), "%s %lld is below %lld", f->name,
						 (long long)f->min - 1, (long long)f->min);
				try_bound(c, f, base, f->min - 1, err, text);
			}
		}
	}
	/* send_buf_size, recv_buf_size, test_length, data_port,
	 * netperf_port, socket_prio, socket_tos. */
	ck_assert_int_eq(ranged, 7);
}
END_TEST

/* Each rule of a row's own check: the request's family, privileged port,
 * congestion control and fill file, the response's port, the results'
 * elapsed time and zero-copy counts, with the texts the log has always
 * shown. */
START_TEST(test_table_checks)
{
	static const struct {
		enum np_wire_message m;
		int n;		/* the message in tcp_stream_default.txt */
		size_t off;
		uint32_t v;
		int err;
		const char *why;
	} cases[] = {
		{ NP_WT_REQUEST, 1, 0x5c, 5, EAFNOSUPPORT, "ipfamily 5 is not 4 or 6" },
		{ NP_WT_REQUEST, 1, 0x58, 80, EACCES, "data_port 80 is privileged (1..1023)" },
		{ NP_WT_REQUEST, 1, 0x58, 1024, 0, "" },
		{ NP_WT_REQUEST, 1, 0xa0, 0x41420a00, EINVAL,
		  "cong_control has invalid byte 0x0a at 2" },
		{ NP_WT_REQUEST, 1, 0xb0, 0x2f000000, EACCES, "fill files are not served" },
		{ NP_WT_RESPONSE, 2, 0x34, 0, EINVAL, "data_port 0 out of range 1..65535" },
		{ NP_WT_RESPONSE, 2, 0x34, 65536, EINVAL, "data_port 65536 out of range 1..65535" },
		{ NP_WT_RESULTS, 3, 0x30, 0xbf800000, EINVAL,
		  "elapsed_time -1 is not a finite value >= 0" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t msg[NP_MSG_SIZE];
		char why[WHYLEN] = "x";
		int ret;

		memcpy(msg, need_vec("tcp_stream_default.txt", cases[i].n)->msg, sizeof(msg));
		set_be32(msg, cases[i].off, cases[i].v);
		ret = decode_table_case(&table_cases[cases[i].m], msg, why);
		ck_assert_msg(ret == cases[i].err && strcmp(why, cases[i].why) == 0,
			      "case %zu: %d '%s', want %d '%s'", i, ret, why, cases[i].err,
			      cases[i].why);
	}
}
END_TEST

/* --------------------------------------------------------------- suite */

static Suite *wire_suite(void)
{
	Suite *s = suite_create("wire");
	TCase *tc;

	tc = tcase_create("vectors");
	tcase_add_test(tc, test_vectors_loaded);
	tcase_add_test(tc, test_passphrase_matches);
	tcase_add_test(tc, test_excerpts_match_origin);
	tcase_add_test(tc, test_requests_roundtrip);
	tcase_add_test(tc, test_other_client_messages_refused);
	tcase_add_loop_test(tc, test_request_fields, 0, N_REQ_EXPECT);
	tcase_add_test(tc, test_request_fields_cover_all);
	tcase_add_test(tc, test_request_ipv6_addresses);
	tcase_add_test(tc, test_first_responses_roundtrip);
	tcase_add_test(tc, test_response_fields);
	tcase_add_test(tc, test_later_responses_masked);
	tcase_add_test(tc, test_response_serv_errno);
	tcase_add_test(tc, test_results_roundtrip);
	tcase_add_loop_test(tc, test_results_fields, 0,
			    (int)(sizeof(res_expect) / sizeof(res_expect[0])));
	tcase_add_test(tc, test_results_stale_and_cpu);
	suite_add_tcase(s, tc);

	tc = tcase_create("layout");
	tcase_add_test(tc, test_request_layout);
	tcase_add_test(tc, test_response_layout);
	tcase_add_test(tc, test_results_layout);
	tcase_add_test(tc, test_results_u64_split);
	tcase_add_test(tc, test_results_cong_unterminated);
	tcase_add_test(tc, test_results_cong_hostile);
	tcase_add_test(tc, test_header_words_signed);
	tcase_add_loop_test(tc, test_table_rows_sane, 0, N_TABLE_CASES);
	tcase_add_loop_test(tc, test_table_rows_roundtrip, 0, N_TABLE_CASES);
	suite_add_tcase(s, tc);

	tc = tcase_create("validation");
	tcase_add_loop_test(tc, test_request_validation, 0, N_REQ_CASES);
	tcase_add_test(tc, test_request_reason_text);
	tcase_add_test(tc, test_request_cong_raw_bytes);
	tcase_add_test(tc, test_response_validation);
	tcase_add_test(tc, test_results_validation);
	tcase_add_test(tc, test_results_ng_counts);
	tcase_add_test(tc, test_response_data_proof);
	tcase_add_test(tc, test_results_ng_placement);
	tcase_add_test(tc, test_results_ng_others);
	tcase_add_test(tc, test_table_ranges);
	tcase_add_test(tc, test_table_checks);
	suite_add_tcase(s, tc);

	tc = tcase_create("encoders");
	tcase_add_test(tc, test_encode_reply);
	tcase_add_test(tc, test_encode_passphrase);
	tcase_add_test(tc, test_encode_sysinfo);
	tcase_add_test(tc, test_encode_cpu_calibrate);
	suite_add_tcase(s, tc);

	tc = tcase_create("addresses");
	tcase_add_test(tc, test_addr_words);
	tcase_add_test(tc, test_addr_edge_cases);
	tcase_add_test(tc, test_request_ipv4_address);
	suite_add_tcase(s, tc);

	tc = tcase_create("extension");
	tcase_add_test(tc, test_ext_words_zero_in_captures);
	tcase_add_test(tc, test_ext_request_roundtrip);
	tcase_add_test(tc, test_ext_request_layout);
	tcase_add_test(tc, test_ext_params_roundtrip);
	tcase_add_test(tc, test_ext_params_need_magic);
	tcase_add_test(tc, test_ext_garbage_version);
	tcase_add_test(tc, test_ext_near_misses);
	tcase_add_test(tc, test_ext_passphrase_tail);
	tcase_add_test(tc, test_ext_response_roundtrip);
	tcase_add_test(tc, test_ext_refusal_distinct);
	tcase_add_test(tc, test_ext_fuzz_planted);
	tcase_add_test(tc, test_facts_layout);
	tcase_add_test(tc, test_facts_request);
	tcase_add_loop_test(tc, test_facts_validation, 0, N_FACTS_CASES);
	tcase_add_test(tc, test_facts_fuzz);
	suite_add_tcase(s, tc);

	/* The refusal codes and the errno numbers (check_refuse.c). */
	suite_add_tcase(s, refuse_tcase());

	tc = tcase_create("robustness");
	tcase_add_test(tc, test_fuzz_random);
	tcase_add_test(tc, test_fuzz_mutated_requests);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;

	load_vectors();
	sr = srunner_create(wire_suite());
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
