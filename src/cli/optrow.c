/*
 * optrow.c - what the engine (optwalk.c) and every reader (optread.c, the
 * rows' own) share about the option being applied: its one-line refusal
 * or notice, and where and how a value of it is stored.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/optrow.h"

#include <stdarg.h>

/* Messages ----------------------------------------------------------- */

/* "netperf: -x VALUE: " (or "--name VALUE: "), the message, a newline. */
static void say(const struct cur *c, const char *fmt, va_list ap)
{
	if (c->name)
		fprintf(c->err, "%s: --%s%s%s: ", c->prog, c->name, c->val ? " " : "",
			c->val ? c->val : "");
	else if (c->val)
		fprintf(c->err, "%s: -%c %s: ", c->prog, c->opt, c->val);
	else
		fprintf(c->err, "%s: -%c: ", c->prog, c->opt);
	vfprintf(c->err, fmt, ap);
	fputc('\n', c->err);
}

enum np_opts_status opt_bad(const struct cur *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(c, fmt, ap);
	va_end(ap);
	return NP_OPTS_USAGE;
}

/* One line on stderr for an option netperf 2.7.1 takes that means
 * nothing here, or a value it would change without a word. */
void opt_notice(const struct cur *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(c, fmt, ap);
	va_end(ap);
}

/* Storage ------------------------------------------------------------- */

void *opt_field(const struct cur *c, int half)
{
	const struct optrow *r = c->row;

	if ((half ? r->store2 : r->store) == OPT_ST_NONE)
		return NULL;
	return (char *)c->base + (half ? r->off2 : r->off);
}

void opt_put(const struct cur *c, void *field, int64_t v)
{
	if (!field)
		return;
	switch (c->half ? c->row->store2 : c->row->store) {
	case OPT_ST_BOOL: *(bool *)field = v != 0; break;
	case OPT_ST_CHAR: *(char *)field = (char)v; break;
	case OPT_ST_INT: *(int *)field = (int)v; break;
	case OPT_ST_I64: *(int64_t *)field = v; break;
	case OPT_ST_U16: *(uint16_t *)field = (uint16_t)v; break;
	case OPT_ST_U32: *(uint32_t *)field = (uint32_t)v; break;
	case OPT_ST_U64: *(uint64_t *)field = (uint64_t)v; break;
	case OPT_ST_DOUBLE: *(double *)field = (double)v; break;
	default: break;
	}
}

void opt_keep(const struct cur *c, const char *text, void *field)
{
	char *buf = (char *)c->base + c->row->buf + (size_t)c->half * c->row->bufsize;

	snprintf(buf, c->row->bufsize, "%s", text);
	*(const char **)field = buf;
}
