/*
 * field_row.h - how a row of fields.h is written (the macros of
 * field_rows.c) and read (fields.c); no other file includes it.
 */
#ifndef NP_FIELD_ROW_H
#define NP_FIELD_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/fields.h"

/* Where an accessor's member is. */
enum field_src {
	SRC_FN,         /* the row's function, off its argument */
	SRC_RESULT,     /* struct np_result (r->res) */
	SRC_OPTS,       /* struct np_opts (*r->o) */
	SRC_REPORT,     /* struct np_report */
	SRC_LFACTS,     /* struct np_host_facts of each side: text "Deprecated" */
	SRC_RFACTS,     /* and numbers -1 where unknown (netperf 2.7.1's) */
};

/* The member's C type, found from the member itself (FIELD_CTYPE). */
enum field_ctype {
	CT_BOOL, CT_CHAR, CT_INT, CT_UINT, CT_I64, CT_U16, CT_U64, CT_DOUBLE,
	CT_ARRAY,       /* char[]: the text is there */
	CT_PTR,         /* const char *: NULL is "" */
};

#define FIELD_CTYPE(T, m)                                                      \
	_Generic(((T *)0)->m, bool: CT_BOOL, char: CT_CHAR, int: CT_INT,       \
		 unsigned: CT_UINT, int64_t: CT_I64, uint16_t: CT_U16,         \
		 uint64_t: CT_U64, double: CT_DOUBLE, char *: CT_ARRAY,        \
		 const char *: CT_PTR)

#define FIELD_AT(S, T, m) .src = (S), .ctype = FIELD_CTYPE(T, m), .off = offsetof(T, m)

/* The setters an accessor function uses: every number member alike. */
static inline void field_int(struct np_value *v, long long x)
{
	v->type = NP_V_INT;
	v->i = x;
	v->u = (uint64_t)x;
	v->d = (double)x;
}

static inline void field_u64(struct np_value *v, uint64_t x)
{
	v->type = NP_V_U64;
	v->u = x;
	v->i = x > INT64_MAX ? INT64_MAX : (long long)x;
	v->d = (double)x;
}

static inline void field_double(struct np_value *v, double x)
{
	v->type = NP_V_DOUBLE;
	v->d = x;
}

static inline void field_text(struct np_value *v, const char *s)
{
	v->type = NP_V_TEXT;
	v->s = s ? s : "";
}

#endif
