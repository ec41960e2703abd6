/*
 * refuse.c - netperf-ng's refusal codes (refuse.h): the table from
 * refuse_rows.h, what each end puts on the wire and prints.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "wire/refuse.h"

#include <stdio.h>
#include <string.h>

#include "wire/errno_linux.h"
#include "wire/refuse_rows.h"

#define ROW(code, linux_errno, summary, text) { code, #code, linux_errno, summary, text },
static const struct np_refuse_row rows[] = { NP_REFUSE_ROWS(ROW) };
#undef ROW
#define N_ROWS (sizeof(rows) / sizeof(rows[0]))

/* Toward netperf 2.7.1 for a code this build lacks (a bug): Linux's
 * EPROTO, "Protocol error". */
#define LINUX_EPROTO 71

const struct np_refuse_row *np_refuse_rows(size_t *n)
{
	*n = N_ROWS;
	return rows;
}

const struct np_refuse_row *np_refuse_find(int32_t code)
{
	for (size_t i = 0; i < N_ROWS; i++)
		if (rows[i].code == code)
			return &rows[i];
	return NULL;
}

static bool is_code(int32_t v)
{
	return v >= NP_REFUSE_MIN && v <= NP_REFUSE_MAX;
}

int32_t np_refuse_wire(int v, bool ng)
{
	const struct np_refuse_row *r;

	if (!is_code(v))
		return np_errno_to_linux(v);
	if (ng)
		return v;
	r = np_refuse_find(v);
	return r ? r->linux_errno : LINUX_EPROTO;
}

const char *np_refuse_strerror(int v)
{
	const struct np_refuse_row *r = np_refuse_find(v);

	if (r)
		return r->summary;
	return is_code(v) ? "unknown refusal" : strerror(v);
}

void np_refuse_describe(int32_t serv_errno, char *out, size_t len)
{
	const struct np_refuse_row *r = NULL;
	const char *what;

	if (is_code(serv_errno)) {
		r = np_refuse_find(serv_errno);
		what = r ? r->summary : "unknown refusal";
	} else {
		for (size_t i = 0; i < N_ROWS && !r; i++)
			if (rows[i].linux_errno == serv_errno)
				r = &rows[i];
		what = strerror(np_errno_from_linux(serv_errno));
	}
	snprintf(out, len, "%s%s%s", what, r ? ": " : "", r ? r->text : "");
}
