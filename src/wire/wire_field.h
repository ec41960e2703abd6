/*
 * wire_field.h - the fields of a control message: big-endian words,
 * floats, strings and addresses at byte offsets, and the tables of rows
 * that describe a whole message (wire.c's omni messages).  Nothing here
 * knows a message's layout; wire.c and legacy.c do.
 */
#ifndef NP_WIRE_FIELD_H
#define NP_WIRE_FIELD_H

#include <stddef.h>
#include <stdint.h>

/* How the decoders answer: np_wire_fail puts a one-line reason in why[]
 * (when given) and returns err; np_wire_ok empties why[] and returns 0. */
#ifdef __GNUC__
__attribute__((format(printf, 4, 5)))
#endif
int np_wire_fail(char *why, size_t whylen, int err, const char *fmt, ...);
int np_wire_ok(char *why, size_t whylen);

/* One field at byte offset off of a message (off + its width <=
 * NP_MSG_SIZE).  Words are big-endian; signed ones two's complement; a
 * float travels as its bit pattern (by pointer: a stale signalling NaN
 * stays bit-exact); a 64-bit count as two words, high first. */
uint32_t np_wire_get_u32(const uint8_t *msg, size_t off);
int32_t np_wire_get_s32(const uint8_t *msg, size_t off);
void np_wire_put_u32(uint8_t *msg, size_t off, uint32_t v);
void np_wire_put_s32(uint8_t *msg, size_t off, int32_t v);
void np_wire_put_f32(uint8_t *msg, size_t off, const float *f);
void np_wire_get_f32(const uint8_t *msg, size_t off, float *f);
void np_wire_put_u64(uint8_t *msg, size_t off, uint64_t v);
uint64_t np_wire_get_u64(const uint8_t *msg, size_t off);
/* A raw string field of len bytes: put NUL-pads it (a full-length string
 * goes without a terminator); get fills dst[len + 1], cut at len. */
void np_wire_put_str(uint8_t *msg, size_t off, size_t len, const char *s);
void np_wire_get_str(const uint8_t *msg, size_t off, size_t len, char *dst);
/* strnlen(), which is POSIX, not C11. */
size_t np_wire_text_len(const char *s, size_t max);

/* netperf's own address-family codes. */
#define NP_FAM_UNSPEC 0u
#define NP_FAM_INET 4u
#define NP_FAM_INET6 6u

/* IPv4/IPv6 address bytes <-> the four address words of a request; the
 * reference puts each 4-byte group of an IPv6 address byte-reversed. */
void np_wire_addr_to_words(uint32_t family, const uint8_t addr[16],
			   uint8_t words[16]);
void np_wire_addr_from_words(uint32_t family, const uint8_t words[16],
			     uint8_t addr[16]);

/*
 * A message as a table (the omni messages' are in src/wire/wire.c): one row
 * per field, walked by one encoder, one decoder and one checker, so that
 * a field is written down once.  A row says where the field is on the
 * wire, how it is coded, where it lives in the C struct, and what a
 * decoded value must be.
 */
enum np_wire_kind {
	NP_WK_S32,	/* int32_t, one big-endian word */
	NP_WK_U32,	/* uint32_t; the decoder keeps only .mask's bits, if set */
	NP_WK_F32,	/* float, its bit pattern in one word */
	NP_WK_U64,	/* uint64_t, two words, high first */
	NP_WK_S32S,	/* int32_t[.len], .len words */
	NP_WK_STR,	/* char[.len + 1] <-> .len raw bytes, NUL-padded */
	NP_WK_TEXT,	/* as STR, decoded printable only (np_text_clean) */
	NP_WK_ADDR,	/* uint8_t[16] <-> 4 words, by the NP_FAM_* at .aux */
};

/* Which bounds a row's range has. */
enum { NP_WB_MIN = 1, NP_WB_MAX = 2 };

struct np_wire_field {
	const char *name;	/* the member, as reasons name it */
	uint16_t off;		/* byte offset in the message, header included */
	uint8_t kind;		/* enum np_wire_kind */
	uint8_t stage;		/* which pass of the checks tests it (0: the last) */
	uint16_t len;		/* STR, TEXT: bytes on the wire; S32S: words */
	size_t at;		/* offsetof the member in the message's struct */
	size_t aux;		/* ADDR: offsetof the uint32_t family member */
	uint32_t mask;		/* U32: bits the decoder keeps; 0 = all */
	/* The checks on a decoded value (S32 and U32 rows): min..max
	 * (bounds), refused with err
	 * (0: EINVAL) as "NAME V out of range MIN..MAX" ("exceeds MAX", "is
	 * below MIN" with one bound); then check, for anything else (s is
	 * the whole struct). */
	uint8_t bounds;
	int err;
	int64_t min, max;
	int (*check)(const void *s, const struct np_wire_field *f, char *why, size_t whylen);
};

struct np_wire_table {
	const struct np_wire_field *f;
	size_t n;
};

/* Walk a table: put every field of s at its offset (the other bytes are
 * left alone); take every field into s; check the rows of one stage, in
 * order, returning the first refusal (0 when all pass). */
void np_wire_put_fields(uint8_t *msg, const struct np_wire_table *t, const void *s);
void np_wire_get_fields(const uint8_t *msg, const struct np_wire_table *t, void *s);
int np_wire_check_fields(const struct np_wire_table *t, const void *s, int stage,
			 char *why, size_t whylen);

#endif
