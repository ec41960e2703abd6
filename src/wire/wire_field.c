/*
 * wire_field.c - the fields of a control message, and the walkers of a
 * message's table of them.
 *
 * Every field is put or taken at its message offset (header included);
 * nothing here overlays a struct on the buffer, so the code does not
 * depend on host byte order, alignment or padding.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "wire/wire_field.h"

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/text.h"

/* The wire carries IEEE-754 binary32 bit patterns in 32-bit words. */
_Static_assert(sizeof(float) == 4, "float must be 32 bits");
#if FLT_RADIX != 2 || FLT_MANT_DIG != 24
#error "float must be IEEE-754 binary32"
#endif

/* ---------------------------------------------------------------- bytes */

void np_wire_put_u32(uint8_t *msg, size_t off, uint32_t v)
{
	msg[off] = (uint8_t)(v >> 24);
	msg[off + 1] = (uint8_t)(v >> 16);
	msg[off + 2] = (uint8_t)(v >> 8);
	msg[off + 3] = (uint8_t)v;
}

uint32_t np_wire_get_u32(const uint8_t *msg, size_t off)
{
	return (uint32_t)msg[off] << 24 | (uint32_t)msg[off + 1] << 16 |
	       (uint32_t)msg[off + 2] << 8 | (uint32_t)msg[off + 3];
}

void np_wire_put_s32(uint8_t *msg, size_t off, int32_t v)
{
	np_wire_put_u32(msg, off, (uint32_t)v);	/* modular: well defined */
}

/* Spelled out because converting an out-of-range unsigned value to a
 * signed type is implementation-defined. */
int32_t np_wire_get_s32(const uint8_t *msg, size_t off)
{
	uint32_t u = np_wire_get_u32(msg, off);

	if (u <= (uint32_t)INT32_MAX)
		return (int32_t)u;
	return -(int32_t)~u - 1;
}

/*
 * Floats travel by pointer and memcpy only: the reference leaves stale
 * words (e.g. 0xffffffff) in float slots, and loading a signalling NaN into
 * an x87 register would quiet it and break a decode/encode round trip.
 */
void np_wire_put_f32(uint8_t *msg, size_t off, const float *f)
{
	uint32_t u;

	memcpy(&u, f, sizeof(u));
	np_wire_put_u32(msg, off, u);
}

void np_wire_get_f32(const uint8_t *msg, size_t off, float *f)
{
	uint32_t u = np_wire_get_u32(msg, off);

	memcpy(f, &u, sizeof(u));
}

void np_wire_put_u64(uint8_t *msg, size_t off, uint64_t v)
{
	np_wire_put_u32(msg, off, (uint32_t)(v >> 32));
	np_wire_put_u32(msg, off + 4, (uint32_t)v);
}

uint64_t np_wire_get_u64(const uint8_t *msg, size_t off)
{
	return (uint64_t)np_wire_get_u32(msg, off) << 32 | np_wire_get_u32(msg, off + 4);
}

/* strnlen() is POSIX, not C11; this file needs no feature macros. */
size_t np_wire_text_len(const char *s, size_t max)
{
	const char *nul = memchr(s, 0, max);

	return nul ? (size_t)(nul - s) : max;
}

/* A raw, NUL-padded string field of len bytes; a full-length string goes
 * without a terminator, as a C char[len] would hold it. */
void np_wire_put_str(uint8_t *msg, size_t off, size_t len, const char *s)
{
	size_t n = s ? np_wire_text_len(s, len) : 0;

	if (n)
		memcpy(msg + off, s, n);
	memset(msg + off + n, 0, len - n);
}

/* dst must hold len + 1 bytes; an unterminated field is cut at len. */
void np_wire_get_str(const uint8_t *msg, size_t off, size_t len, char *dst)
{
	const uint8_t *nul = memchr(msg + off, 0, len);
	size_t n = nul ? (size_t)(nul - (msg + off)) : len;

	memcpy(dst, msg + off, n);
	memset(dst + n, 0, len + 1 - n);
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

/* ---------------------------------------------------------- the walkers */

#define fail np_wire_fail

static int get_range_value(const struct np_wire_field *f, const void *p, int64_t *v)
{
	switch (f->kind) {
	case NP_WK_S32:
		*v = *(const int32_t *)p;
		return 0;
	case NP_WK_U32:
		*v = *(const uint32_t *)p;
		return 0;
	default:
		return -1;	/* ranges are on words (check_wire: rows_sane) */
	}
}

/* A row's range, in the words the rules have always used. */
static int check_bounds(const struct np_wire_field *f, const void *p, char *why,
			size_t whylen)
{
	const int err = f->err ? f->err : EINVAL;
	int64_t v;

	if (!f->bounds || get_range_value(f, p, &v) < 0)
		return 0;
	if (f->bounds == (NP_WB_MIN | NP_WB_MAX) && (v < f->min || v > f->max))
		return fail(why, whylen, err, "%s %" PRId64 " out of range %" PRId64 "..%" PRId64,
			    f->name, v, f->min, f->max);
	if (f->bounds == NP_WB_MAX && v > f->max)
		return fail(why, whylen, err, "%s %" PRId64 " exceeds %" PRId64, f->name, v,
			    f->max);
	if (f->bounds == NP_WB_MIN && v < f->min)
		return fail(why, whylen, err, "%s %" PRId64 " is below %" PRId64, f->name, v,
			    f->min);
	return 0;
}

static uint32_t family_of(const struct np_wire_field *f, const void *s)
{
	return *(const uint32_t *)((const char *)s + f->aux);
}

static void put_field(uint8_t *msg, const struct np_wire_field *f, const void *s)
{
	const char *p = (const char *)s + f->at;
	uint8_t words[16];

	switch (f->kind) {
	case NP_WK_S32:
		np_wire_put_s32(msg, f->off, *(const int32_t *)p);
		break;
	case NP_WK_U32:
		np_wire_put_u32(msg, f->off, *(const uint32_t *)p);
		break;
	case NP_WK_F32:
		np_wire_put_f32(msg, f->off, (const float *)p);
		break;
	case NP_WK_U64:
		np_wire_put_u64(msg, f->off, *(const uint64_t *)p);
		break;
	case NP_WK_S32S:
		for (size_t i = 0; i < f->len; i++)
			np_wire_put_s32(msg, f->off + 4 * i, ((const int32_t *)p)[i]);
		break;
	case NP_WK_STR:
	case NP_WK_TEXT:
		np_wire_put_str(msg, f->off, f->len, p);
		break;
	case NP_WK_ADDR:
		np_wire_addr_to_words(family_of(f, s), (const uint8_t *)p, words);
		memcpy(msg + f->off, words, sizeof(words));
		break;
	}
}

static void get_field(const uint8_t *msg, const struct np_wire_field *f, void *s)
{
	char *p = (char *)s + f->at;

	switch (f->kind) {
	case NP_WK_S32:
		*(int32_t *)p = np_wire_get_s32(msg, f->off);
		break;
	case NP_WK_U32:
		*(uint32_t *)p = np_wire_get_u32(msg, f->off) & (f->mask ? f->mask : UINT32_MAX);
		break;
	case NP_WK_F32:
		np_wire_get_f32(msg, f->off, (float *)p);
		break;
	case NP_WK_U64:
		*(uint64_t *)p = np_wire_get_u64(msg, f->off);
		break;
	case NP_WK_S32S:
		for (size_t i = 0; i < f->len; i++)
			((int32_t *)p)[i] = np_wire_get_s32(msg, f->off + 4 * i);
		break;
	case NP_WK_STR:
		np_wire_get_str(msg, f->off, f->len, p);
		break;
	case NP_WK_TEXT:
		/* Into a report as it is: printable bytes only, as in the
		 * host facts (a newline would forge a line). */
		np_text_clean(p, (size_t)f->len + 1, (const char *)msg + f->off, f->len);
		break;
	case NP_WK_ADDR:
		/* The family's row comes first in every table that has
		 * addresses, so it is already decoded. */
		np_wire_addr_from_words(family_of(f, s), msg + f->off, (uint8_t *)p);
		break;
	}
}

void np_wire_put_fields(uint8_t *msg, const struct np_wire_table *t, const void *s)
{
	for (size_t i = 0; i < t->n; i++)
		put_field(msg, &t->f[i], s);
}

void np_wire_get_fields(const uint8_t *msg, const struct np_wire_table *t, void *s)
{
	for (size_t i = 0; i < t->n; i++)
		get_field(msg, &t->f[i], s);
}

int np_wire_check_fields(const struct np_wire_table *t, const void *s, int stage,
			 char *why, size_t whylen)
{
	int err;

	for (size_t i = 0; i < t->n; i++) {
		const struct np_wire_field *f = &t->f[i];

		if (f->stage != stage)
			continue;
		if ((err = check_bounds(f, (const char *)s + f->at, why, whylen)) ||
		    (f->check && (err = f->check(s, f, why, whylen))))
			return err;
	}
	return 0;
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
