/*
 * sweep_list.c - --sweep on the command line: the size list, which tests
 * can sweep, and what one size changes in the run's options (the one
 * size rule, for the measurement and its printed row alike).  Pure.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/sweep_list.h"

#include <stdlib.h>
#include <string.h>

#include "base/units.h"
#include "cli/opts.h"
#include "run/test.h"
#include "wire/wire.h"

/* ---- The list ---------------------------------------------------------- */

/* Longest size text: "4194304" or "4M", with room to spare. */
#define SIZE_TEXT 24
/* A range's factor at most: beyond it a range is two sizes (a step is
 * at most the largest size). */
#define FACTOR_MAX 1024

/* text[0..len) as one size within 1..max. */
static int size_of(const char *text, size_t len, int32_t max, int64_t *v, char *why,
		   size_t whylen)
{
	char buf[SIZE_TEXT];
	const char *how;

	if (len == 0) {
		snprintf(why, whylen, "an empty size");
		return -1;
	}
	if (len >= sizeof(buf)) {
		snprintf(why, whylen, "%.*s...: not a size", (int)sizeof(buf) - 1, text);
		return -1;
	}
	memcpy(buf, text, len);
	buf[len] = '\0';
	if (np_parse_size(buf, 1, max, v, &how) == 0)
		return 0;
	if (how == np_why_range)
		snprintf(why, whylen, "%s out of range (1..%ld bytes)", buf, (long)max);
	else
		snprintf(why, whylen, "%s: %s", buf, how);
	return -1;
}

static int add_size(struct np_sweep_list *l, int64_t size, char *why, size_t whylen)
{
	if (l->n == NP_SWEEP_MAX) {
		snprintf(why, whylen, "more than %d sizes", NP_SWEEP_MAX);
		return -1;
	}
	l->size[l->n++] = (int32_t)size;
	return 0;
}

/* The part after a range's operator: the "F" of "A..B*F", a whole number
 * from 2 to FACTOR_MAX, or the "S" of "A..B+S", a size from 1 to max
 * ("128", "1K"). */
static int operand_of(char op, const char *text, size_t len, int32_t max, int64_t *v,
		      char *why, size_t whylen)
{
	const int shown = (int)(len < SIZE_TEXT ? len : SIZE_TEXT);
	char buf[SIZE_TEXT];
	const char *how;

	if (len > 0 && len < sizeof(buf)) {
		memcpy(buf, text, len);
		buf[len] = '\0';
		if ((op == '+' ? np_parse_size(buf, 1, max, v, &how)
			       : np_parse_int(buf, 2, FACTOR_MAX, v, &how)) == 0)
			return 0;
	}
	if (op == '+')
		snprintf(why, whylen, "+%.*s: a range's step is a size from 1 to %ld bytes", shown,
			 text, (long)max);
	else
		snprintf(why, whylen, "*%.*s: a range's factor is a whole number from 2 to %d",
			 shown, text, FACTOR_MAX);
	return -1;
}

/* A range's operator after its "..", at op: '*' (also when there is
 * none: times 2), or '+'; both is an error. */
static int operator_of(const char *p, size_t len, const char *to_text, const char **op,
		       char *why, size_t whylen)
{
	const size_t rest = len - (size_t)(to_text - p);
	const char *star = memchr(to_text, '*', rest), *plus = memchr(to_text, '+', rest);

	if (star && plus) {
		snprintf(why, whylen, "%.*s: a range has a step (+S) or a factor (*F), not both",
			 (int)len, p);
		return -1;
	}
	*op = star ? star : plus;
	return 0;
}

/* One item of the list: a size, "A..B[*F]" or "A..B+S". */
static int item(const char *p, size_t len, int32_t max, struct np_sweep_list *l, char *why,
		size_t whylen)
{
	const char *dots = NULL, *op, *to_text;
	int64_t from, to, by = 2;

	for (size_t k = 0; k + 1 < len && !dots; k++)
		if (p[k] == '.' && p[k + 1] == '.')
			dots = p + k;
	if (!dots) {
		if (size_of(p, len, max, &from, why, whylen) < 0)
			return -1;
		return add_size(l, from, why, whylen);
	}
	to_text = dots + 2;
	if (operator_of(p, len, to_text, &op, why, whylen) < 0 ||
	    size_of(p, (size_t)(dots - p), max, &from, why, whylen) < 0 ||
	    size_of(to_text, (size_t)((op ? op : p + len) - to_text), max, &to, why, whylen) < 0 ||
	    (op && operand_of(*op, op + 1, (size_t)(p + len - op - 1), max, &by, why, whylen) < 0))
		return -1;
	if (to < from) {
		snprintf(why, whylen, "%.*s runs backwards", (int)len, p);
		return -1;
	}
	/* The last size is B itself, whether the steps reach it or not. */
	for (int64_t s = from; s < to; s = op && *op == '+' ? s + by : s * by)
		if (add_size(l, s, why, whylen) < 0)
			return -1;
	return add_size(l, to, why, whylen);
}

int np_sweep_parse(const char *text, int32_t max, struct np_sweep_list *l, char *why,
		   size_t whylen)
{
	const char *p = text;

	l->n = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		const size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (item(p, len, max, l, why, whylen) < 0)
			return -1;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/* ---- What a size changes ------------------------------------------------- */

bool np_sweep_server_sends(const struct np_test *t)
{
	return !t->rr && !(t->direction & NP_DIR_RECV);
}

const char *np_sweep_refusal(const struct np_test *t)
{
	if (t->no_connection)
		return "it has no data connection";
	if (t->length)
		return "it moves a fixed amount to read a fact, not a rate";
	if (!np_test_moves_data(t))
		return "its transactions carry no data";
	return NULL;
}

char np_sweep_option(const struct np_test *t)
{
	return t->rr ? 'r' : 'm';
}

void np_sweep_apply(struct np_opts *o, int32_t size)
{
	if (o->test->rr)
		o->req_size = o->rsp_size = size;
	else if (np_sweep_server_sends(o->test))
		o->rsend_size = size;
	else
		o->send_size = size;
}

