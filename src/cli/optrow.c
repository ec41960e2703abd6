/*
 * optrow.c - the engine behind both programs' option rows (optrow.h):
 * argv's walk, the values each kind reads and their range checks, the
 * defaults, the -h lines and the settings walk.  It knows no option; the
 * rows are in opts.c and netserver_opts.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/optrow.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "base/units.h"
#include "run/test.h"

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

/* Values -------------------------------------------------------------- */

enum np_opts_status opt_split(const struct cur *c, struct opt_pair *p)
{
	const char *comma = strrchr(c->val, ',');
	size_t alen = comma ? (size_t)(comma - c->val) : strlen(c->val);

	memset(p, 0, sizeof(*p));
	if (alen >= sizeof(p->a) || (comma && strlen(comma + 1) >= sizeof(p->b)))
		return opt_bad(c, "value too long");
	memcpy(p->a, c->val, alen);
	p->a[alen] = '\0';
	p->comma = comma != NULL;
	if (comma)
		strcpy(p->b, comma + 1);
	p->has_a = p->a[0] != '\0';
	p->has_b = p->b[0] != '\0';
	if (!p->has_a && !p->has_b)
		return opt_bad(c, "empty value");
	return NP_OPTS_RUN;
}

void opt_pair_both(struct opt_pair *p)
{
	if (!p->comma) {
		strcpy(p->b, p->a);
		p->has_b = true;
	}
}

/* Only netperf's letters are read as 2.7.1 reads them (atoi, convert):
 * its long options and netserver's are netperf-ng's own, and strict. */
int opt_lenient(const struct cur *c, const char *text, int64_t min, int64_t max,
		int64_t *out, const char **rest, const char **why)
{
	*rest = "";
	if (np_parse_size(text, min, max, out, why) == 0)
		return 0;
	if (c->name || strcmp(c->prog, "netperf") != 0 || *why == np_why_range)
		return -1;
	return np_parse_leading(text, min, max, out, rest, why);
}

void opt_ignored_tail(const struct cur *c, int64_t v, const char *rest)
{
	if (*rest)
		opt_notice(c, "read as %lld, as netperf 2.7.1 reads it ('%s' ignored)",
			   (long long)v, rest);
}

enum np_opts_status opt_number(const struct cur *c, const char *text, int64_t min,
			       int64_t max, const char *unit, int64_t *out)
{
	const char *why, *rest;

	if (opt_lenient(c, text, min, max, out, &rest, &why) == 0) {
		opt_ignored_tail(c, *out, rest);
		return NP_OPTS_RUN;
	}
	if (why == np_why_range)
		return opt_bad(c, "%s out of range (%lld..%lld%s%s)", text, (long long)min,
			       (long long)max, unit[0] ? " " : "", unit);
	return opt_bad(c, "%s: %s", text, why);
}

/* A plain decimal ("0.5", "16"): strtod alone would take " 5", "+5",
 * "0x5" and "inf". */
bool opt_plain_decimal(const char *text, double *out)
{
	char *end;

	if (text[strspn(text, "0123456789.")] != '\0')
		return false;
	*out = strtod(text, &end);
	return end != text && *end == '\0';
}

enum np_opts_status opt_decimal(const struct cur *c, const char *text, double min,
				double max, double *out)
{
	double v;

	if (!opt_plain_decimal(text, &v))
		return opt_bad(c, "%s: not a number", text);
	if (v < min || v > max)
		return opt_bad(c, "%s out of range (%g..%g)", text, min, max);
	*out = v;
	return NP_OPTS_RUN;
}

enum np_opts_status opt_port(const struct cur *c, const char *text, int64_t min,
			     uint16_t *out)
{
	int64_t v;
	const char *why;

	if (np_parse_int(text, min, 65535, &v, &why) < 0)
		return opt_bad(c, "%s: %s (a port is %lld..65535)", text, why, (long long)min);
	*out = (uint16_t)v;
	return NP_OPTS_RUN;
}

static enum np_opts_status family_of(const struct cur *c, const char *text, int *fam)
{
	static const struct { const char *name; int fam; } names[] = {
		{ "4", AF_INET }, { "inet", AF_INET }, { "AF_INET", AF_INET },
		{ "ipv4", AF_INET },
		{ "6", AF_INET6 }, { "inet6", AF_INET6 }, { "AF_INET6", AF_INET6 },
		{ "ipv6", AF_INET6 },
		{ "0", AF_UNSPEC }, { "unspec", AF_UNSPEC }, { "AF_UNSPEC", AF_UNSPEC },
	};

	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (strcasecmp(text, names[k].name) == 0) {
			*fam = names[k].fam;
			return NP_OPTS_RUN;
		}
	}
	return opt_bad(c, "unknown address family '%s' (4, 6, inet, inet6 or unspec)", text);
}

enum np_opts_status opt_host_family(const struct cur *c, char *buf, size_t len,
				    const char **host, int *fam)
{
	struct opt_pair p;
	enum np_opts_status st = opt_split(c, &p);

	if (st != NP_OPTS_RUN)
		return st;
	if (p.has_a) {
		snprintf(buf, len, "%s", p.a);
		*host = buf;
	}
	if (p.has_b)
		return family_of(c, p.b, fam);
	return NP_OPTS_RUN;
}

enum np_opts_status opt_passphrase(const struct cur *c, const char **out)
{
	if (c->val[0] == '\0' || strlen(c->val) > NP_PASSPHRASE_MAX)
		return opt_bad(c, "a passphrase is 1 to %d characters", NP_PASSPHRASE_MAX);
	*out = c->val;
	return NP_OPTS_RUN;
}

/* "0-3,6": CPU numbers and ranges, in the order given. */
static enum np_opts_status cpu_list(const struct cur *c, int *list, int *n)
{
	const char *w = c->val;

	*n = 0;
	for (;;) {
		char *end;
		long lo, hi;

		if (!isdigit((unsigned char)*w))
			return opt_bad(c, "not a CPU list (such as 0-3,6)");
		errno = 0;
		lo = hi = strtol(w, &end, 10);
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return opt_bad(c, "not a CPU list (such as 0-3,6)");
			hi = strtol(end + 1, &end, 10);
		}
		if (errno || lo > NP_MAX_CPU_ID || hi > NP_MAX_CPU_ID)
			return opt_bad(c, "CPU numbers go up to %d", NP_MAX_CPU_ID);
		if (hi < lo)
			return opt_bad(c, "range %ld-%ld runs backwards", lo, hi);
		for (long cpu = lo; cpu <= hi; cpu++) {
			if (*n >= NP_MAX_CPU_LIST)
				return opt_bad(c, "more than %d CPUs", NP_MAX_CPU_LIST);
			list[(*n)++] = (int)cpu;
		}
		if (*end == '\0')
			return NP_OPTS_RUN;
		if (*end != ',')
			return opt_bad(c, "not a CPU list (such as 0-3,6)");
		w = end + 1;
	}
}

/* Storage ------------------------------------------------------------- */

static void put_int(void *base, unsigned store, unsigned off, int64_t v)
{
	void *p = (char *)base + off;

	switch (store) {
	case OPT_ST_BOOL: *(bool *)p = v != 0; break;
	case OPT_ST_CHAR: *(char *)p = (char)v; break;
	case OPT_ST_INT: *(int *)p = (int)v; break;
	case OPT_ST_I64: *(int64_t *)p = v; break;
	case OPT_ST_U16: *(uint16_t *)p = (uint16_t)v; break;
	case OPT_ST_U32: *(uint32_t *)p = (uint32_t)v; break;
	case OPT_ST_U64: *(uint64_t *)p = (uint64_t)v; break;
	case OPT_ST_DOUBLE: *(double *)p = (double)v; break;
	default: break;
	}
}

static void get(const void *base, unsigned store, unsigned off, struct np_setting *s, int k)
{
	const void *p = (const char *)base + off;

	s->type = NP_SET_INT;
	switch (store) {
	case OPT_ST_BOOL: s->type = NP_SET_BOOL; s->v[k].b = *(const bool *)p; break;
	case OPT_ST_CHAR: s->type = NP_SET_CHAR; s->v[k].c = *(const char *)p; break;
	case OPT_ST_INT: s->v[k].i = *(const int *)p; break;
	case OPT_ST_I64: s->v[k].i = *(const int64_t *)p; break;
	case OPT_ST_U16: s->v[k].i = *(const uint16_t *)p; break;
	case OPT_ST_U32: s->v[k].i = *(const uint32_t *)p; break;
	case OPT_ST_U64: s->v[k].i = (int64_t)*(const uint64_t *)p; break;
	case OPT_ST_DOUBLE: s->type = NP_SET_DECIMAL; s->v[k].d = *(const double *)p; break;
	case OPT_ST_TEXT: s->type = NP_SET_TEXT; s->v[k].s = *(const char *const *)p; break;
	case OPT_ST_TEST: {
		const struct np_test *t = *(const struct np_test *const *)p;

		s->type = NP_SET_TEXT;
		s->v[k].s = t ? t->name : NULL;
		break;
	}
	default: break;
	}
}

/* One value of a number kind, stored at off. */
static enum np_opts_status value(const struct cur *c, const char *text, void *base,
				 unsigned store, unsigned off)
{
	const struct optrow *r = c->row;
	enum np_opts_status st;
	int64_t v = 0;
	uint16_t port = 0;
	double d = 0;

	switch (r->kind) {
	case OPT_PORT:
		if ((st = opt_port(c, text, (int64_t)r->min, &port)) == NP_OPTS_RUN)
			put_int(base, store, off, port);
		return st;
	case OPT_DECIMAL:
		if ((st = opt_decimal(c, text, r->min, r->max, &d)) == NP_OPTS_RUN &&
		    store == OPT_ST_DOUBLE)
			*(double *)((char *)base + off) = d;
		return st;
	default:
		st = opt_number(c, text, (int64_t)r->min, (int64_t)r->max, r->unit ? r->unit : "",
				&v);
		if (st == NP_OPTS_RUN)
			put_int(base, store, off, v);
		return st;
	}
}

/* OPT_PAIR: pair-both, "a" to off, "b" to off2. */
static enum np_opts_status value_pair(const struct cur *c, void *base)
{
	const struct optrow *r = c->row;
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = value(c, p.a, base, r->store, r->off)) != NP_OPTS_RUN)
		return st;
	if (p.has_b)
		st = value(c, p.b, base, r->store2, r->off2);
	return st;
}

enum np_opts_status opt_apply_row(const struct cur *c, void *base)
{
	const struct optrow *r = c->row;
	enum np_opts_status st = NP_OPTS_RUN;

	switch (r->kind) {
	case OPT_FLAG:
		put_int(base, r->store, r->off, 1);
		break;
	case OPT_SET:
		put_int(base, r->store, r->off, r->def);
		break;
	case OPT_TEXT:
		if (r->store == OPT_ST_TEXT)
			*(const char **)((char *)base + r->off) = c->val;
		break;
	case OPT_CPUS:
		st = cpu_list(c, (int *)((char *)base + r->off), (int *)((char *)base + r->off2));
		break;
	case OPT_SPECIAL:
		return opt_bad(c, "not handled");
	default:
		st = r->flags & OPT_PAIR ? value_pair(c, base)
					 : value(c, c->val, base, r->store, r->off);
		break;
	}
	if (st == NP_OPTS_RUN && r->note)
		opt_notice(c, "%s", r->note);
	return st;
}

/* Tables -------------------------------------------------------------- */

static bool row_end(const struct optrow *r)
{
	return !r->name && !r->letter;
}

void opt_defaults(const struct optrow *const *tables, void *base, size_t size)
{
	memset(base, 0, size);
	for (; *tables; tables++) {
		for (const struct optrow *r = *tables; !row_end(r); r++) {
			if (r->kind == OPT_SET)
				continue;
			if (r->def)
				put_int(base, r->store, r->off, r->def);
			if (r->def2)
				put_int(base, r->store2, r->off2, r->def2);
		}
	}
}

void opt_each(const struct optrow *const *tables, bool test, bool own, const void *base,
	      np_setting_fn fn, void *ctx)
{
	for (; *tables; tables++) {
		for (const struct optrow *r = *tables; !row_end(r); r++) {
			struct np_setting s = { r->name, r->letter, test, own, NP_SET_INT, 1,
						{ { 0 }, { 0 } }, NULL, 0, r->json };

			if (!r->name || r->store == OPT_ST_NONE || r->kind == OPT_SET ||
			    (r->flags & OPT_ALIAS))
				continue;
			if (r->kind == OPT_CPUS) {
				s.type = NP_SET_CPUS;
				s.n = 0;
				s.cpus = (const int *)((const char *)base + r->off);
				s.ncpus = *(const int *)((const char *)base + r->off2);
			} else {
				get(base, r->store, r->off, &s, 0);
				if (r->store2 != OPT_ST_NONE) {
					get(base, r->store2, r->off2, &s, 1);
					s.n = 2;
				}
			}
			/* A flag is a bool whatever holds it (a test's own
			 * options live in int64_t). */
			if (r->kind == OPT_FLAG && s.type == NP_SET_INT) {
				s.type = NP_SET_BOOL;
				s.v[0].b = s.v[0].i != 0;
			}
			fn(ctx, &s);
		}
	}
}

void opt_print(FILE *out, const struct optable *t)
{
	for (const struct optrow *d = t->rows; !row_end(d); d++) {
		const bool lname = d->flags & OPT_LONG;
		char head[64];
		const char *line = d->help;

		if (!d->letter && !lname)
			continue;   /* a setting no option names alone */
		if (d->letter && lname)
			snprintf(head, sizeof(head), "-%c, --%s %s", d->letter, d->name, d->metavar);
		else if (lname)
			snprintf(head, sizeof(head), "--%s %s", d->name, d->metavar);
		else
			snprintf(head, sizeof(head), "-%c %s", d->letter, d->metavar);
		/* A head as wide as its column gets a line of its own. */
		if ((int)strlen(head) >= t->width) {
			fprintf(out, "    %s\n", head);
			head[0] = '\0';
		}
		for (bool first = true; line; first = false) {
			const char *nl = strchr(line, '\n');
			int len = nl ? (int)(nl - line) : (int)strlen(line);

			fprintf(out, "    %-*s%.*s\n", t->width, first ? head : "", len, line);
			line = nl ? nl + 1 : NULL;
		}
	}
}

/* The walk ------------------------------------------------------------ */

static const struct optrow *find_letter(const struct optrow *const *tables, char c)
{
	for (; *tables; tables++)
		for (const struct optrow *r = *tables; !row_end(r); r++)
			if (r->letter == c)
				return r;
	return NULL;
}

static const struct optrow *find_long(const struct optrow *const *tables, const char *name,
				      size_t len)
{
	for (; *tables; tables++)
		for (const struct optrow *r = *tables; !row_end(r); r++)
			if ((r->flags & OPT_LONG) && strlen(r->name) == len &&
			    strncmp(r->name, name, len) == 0)
				return r;
	return NULL;
}

static enum opt_arg arg_of(const struct optrow *r)
{
	if (r->arg != OPT_ARG_AUTO)
		return (enum opt_arg)r->arg;
	return r->kind == OPT_FLAG || r->kind == OPT_SET ? OPT_ARG_NONE : OPT_ARG_REQUIRED;
}

/* "--name", "--name=value", "--name value". */
static enum np_opts_status walk_long(const struct optwalk *w, int argc, char **argv, int *i)
{
	const char *arg = argv[*i] + 2;
	const char *eq = strchr(arg, '=');
	const size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct optrow *r = find_long(w->tables, arg, len);
	struct cur c = { w->prog, r, NULL, NULL, w->out, w->err, 0 };

	if (r == NULL) {
		fprintf(w->err, "%s: unknown %soption --%.*s (%s%s -h lists them)\n", w->prog,
			w->test ? "test " : "", (int)len, arg, w->prog,
			w->test ? " -t TEST --" : "");
		return NP_OPTS_USAGE;
	}
	c.opt = r->letter;
	c.name = r->name;
	if (arg_of(r) == OPT_ARG_NONE) {
		if (eq) {
			fprintf(w->err, "%s: option --%s takes no value\n", w->prog, r->name);
			return NP_OPTS_USAGE;
		}
	} else if (eq) {
		c.val = eq + 1;
	} else if (arg_of(r) == OPT_ARG_REQUIRED) {
		if (*i + 1 >= argc) {
			fprintf(w->err, "%s: option --%s needs a value (%s)\n", w->prog, r->name,
				r->metavar);
			return NP_OPTS_USAGE;
		}
		c.val = argv[++(*i)];
	}
	return w->apply(w->ctx, &c);
}

/* The value of the letter at p in argv[*i], by its row's arg: c->val
 * stays NULL when it takes none (or an optional one is not there). */
static enum np_opts_status letter_value(const struct optwalk *w, int argc, char **argv, int *i,
					const char *p, struct cur *c)
{
	switch (arg_of(c->row)) {
	case OPT_ARG_REQUIRED:
		if (p[1])
			c->val = p + 1;
		else if (*i + 1 < argc)
			c->val = argv[++(*i)];
		else {
			fprintf(w->err, "%s: option -%c needs a value (%s)\n", w->prog, *p,
				c->row->metavar);
			return NP_OPTS_USAGE;
		}
		break;
	case OPT_ARG_WORD:
		if (p[1])
			c->val = p + 1;
		else if (*i + 1 < argc && argv[*i + 1][0] != '-')
			c->val = argv[++(*i)];
		break;
	case OPT_ARG_NUMBER:
		/* netperf takes an attached value, or a next word that
		 * starts with a digit. */
		if (isdigit((unsigned char)p[1]))
			c->val = p + 1;
		else if (!p[1] && *i + 1 < argc && isdigit((unsigned char)argv[*i + 1][0]))
			c->val = argv[++(*i)];
		break;
	default:
		break;
	}
	return NP_OPTS_RUN;
}

/* "-x", "-xVALUE", "-x VALUE" and grouped flags ("-46"). */
static enum np_opts_status walk_letters(const struct optwalk *w, int argc, char **argv,
					int *i)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		struct cur c = { w->prog, find_letter(w->tables, *p), NULL, NULL, w->out,
				 w->err, *p };
		enum np_opts_status st;

		if (c.row == NULL) {
			fprintf(w->err, "%s: unknown %soption -%c (%s%s -h lists them)\n", w->prog,
				w->test ? "test " : "", *p, w->prog, w->test ? " --" : "");
			return NP_OPTS_USAGE;
		}
		if ((st = letter_value(w, argc, argv, i, p, &c)) != NP_OPTS_RUN)
			return st;
		if ((st = w->apply(w->ctx, &c)) != NP_OPTS_RUN)
			return st;
		if (c.val)
			break;
	}
	return NP_OPTS_RUN;
}

/*
 * Any other word is a stray argument: with strays (netperf) it is
 * skipped with one line on err, as netperf 2.7.1's getopt skips it
 * silently (k8s-netperf's probe "netperf -H ip -l 1 -- 42424"); without
 * (netserver) a usage error.
 */
enum np_opts_status opt_walk(const struct optwalk *w, int argc, char **argv, int *i)
{
	for (; *i < argc; (*i)++) {
		const char *arg = argv[*i];
		enum np_opts_status st;

		if (w->dashdash && strcmp(arg, "--") == 0) {
			(*i)++;
			return NP_OPTS_RUN;
		}
		if ((arg[0] != '-' || arg[1] == '\0') && w->strays) {
			fprintf(w->err, "%s: ignoring the stray argument '%s', as netperf 2.7.1 does%s\n",
				w->prog, arg, w->dashdash ? " (test options go after --)" : "");
			continue;
		}
		if (arg[0] != '-' || arg[1] == '\0') {
			fprintf(w->err, "%s: unexpected argument '%s'%s\n", w->prog, arg,
				w->dashdash ? " (test options go after --)" : "");
			return NP_OPTS_USAGE;
		}
		if (arg[1] == '-' && arg[2] != '\0')
			st = walk_long(w, argc, argv, i);
		else
			st = walk_letters(w, argc, argv, i);
		if (st != NP_OPTS_RUN)
			return st;
	}
	return NP_OPTS_RUN;
}
