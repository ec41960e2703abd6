/*
 * optwalk.c - the engine behind both programs' option rows (optwalk.h):
 * argv's walk, netperf's comma pairs split for the rows' readers, the
 * defaults, the -h lines and the settings walk.  It knows no option: the
 * readers are optread.c and the rows' own files', the rows are
 * opts_global.c, opts_test.c and netserver_opts.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/optwalk.h"

#include <ctype.h>
#include <string.h>

#include "cli/optread.h"
#include "run/test.h"

/* Applying a row ------------------------------------------------------ */

/* "a,b": which halves are there.  The comma is the last one, so names
 * without commas pass whole. */
struct pair {
	char half[2][256];
	bool comma;
};

static enum np_opts_status split(const struct cur *c, struct pair *p)
{
	const char *comma = strrchr(c->val, ',');
	size_t alen = comma ? (size_t)(comma - c->val) : strlen(c->val);

	memset(p, 0, sizeof(*p));
	if (alen >= sizeof(p->half[0]) || (comma && strlen(comma + 1) >= sizeof(p->half[1])))
		return opt_bad(c, "value too long");
	memcpy(p->half[0], c->val, alen);
	p->half[0][alen] = '\0';
	p->comma = comma != NULL;
	if (comma)
		strcpy(p->half[1], comma + 1);
	if (!p->half[0][0] && !p->half[1][0])
		return opt_bad(c, "empty value");
	/* Pair-both: "X" sets both halves. */
	if (!comma && (c->row->flags & OPT_PAIR))
		strcpy(p->half[1], p->half[0]);
	return NP_OPTS_RUN;
}

static const opt_read_fn kind_reader[] = {
	[OPT_FLAG] = opt_read_flag, [OPT_SET] = opt_read_set, [OPT_INT] = opt_read_int,
	[OPT_PORT] = opt_read_port, [OPT_DECIMAL] = opt_read_decimal,
	[OPT_TEXT] = opt_read_text, [OPT_CPUS] = opt_read_cpus,
};

/* The default of a row's half, stored. */
static void put_default(const struct optrow *r, void *base, int half, int64_t v)
{
	const struct cur c = { .row = r, .base = base, .half = half };

	opt_put(&c, opt_field(&c, half), v);
}

/* What reads a row's half: its own reader, else its kind's. */
static opt_read_fn reader(const struct optrow *r, int half)
{
	return half && r->read2 ? r->read2 : r->read ? r->read : kind_reader[r->kind];
}

/* One half (or the whole value) through its reader. */
static enum np_opts_status read_half(const struct cur *c, int half, const char *text)
{
	const opt_read_fn fn = reader(c->row, half);
	struct cur h = *c;

	h.half = half;
	return fn(&h, text, opt_field(&h, half));
}

/* A pair's halves, each to its reader; a half left out stays, or with
 * OPT_RESET is its default again. */
static enum np_opts_status read_pair(const struct cur *c, unsigned *halves)
{
	const struct optrow *r = c->row;
	enum np_opts_status st;
	struct pair p;

	if ((st = split(c, &p)) != NP_OPTS_RUN)
		return st;
	for (int k = 0; k < 2; k++) {
		const bool given = p.half[k][0] != '\0';

		if (given || (k == 0 && (r->flags & OPT_NEED1))) {
			*halves |= given ? 1u << k : 0;
			if ((st = read_half(c, k, p.half[k])) != NP_OPTS_RUN)
				return st;
		} else if (r->flags & OPT_RESET) {
			put_default(r, c->base, k, k ? r->def2 : r->def);
		}
	}
	return NP_OPTS_RUN;
}

/* c's row applied: its value read, its rule, its note. */
static enum np_opts_status apply_row(const struct cur *c)
{
	const struct optrow *r = c->row;
	unsigned halves = 1;
	enum np_opts_status st;

	if (r->flags & (OPT_PAIR | OPT_FIRST)) {
		halves = 0;
		st = read_pair(c, &halves);
	} else {
		st = read_half(c, 0, c->val);
	}
	if (st == NP_OPTS_RUN && r->then)
		st = r->then(c, halves);
	if (st == NP_OPTS_RUN && r->note)
		opt_notice(c, "%s", r->note);
	return st;
}

/* Tables -------------------------------------------------------------- */

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

static bool row_end(const struct optrow *r)
{
	return !r->name && !r->letter;
}

/* The range a half's reader keeps: the row's for the kinds' number
 * readers, a port's for the port readers, else the reader's own (not
 * known here). */
static struct np_setting_range range_of(const struct optrow *r, int half)
{
	const opt_read_fn fn = reader(r, half);

	if (fn == opt_read_int || fn == opt_read_decimal)
		return (struct np_setting_range){ true, r->min, r->max };
	if (fn == opt_read_port)
		return (struct np_setting_range){ true, r->min, 65535 };
	if (fn == opt_read_any_port)
		return (struct np_setting_range){ true, 0, 65535 };
	return (struct np_setting_range){ false, 0, 0 };
}

void opt_defaults(const struct optrow *const *tables, void *base, size_t size)
{
	memset(base, 0, size);
	for (; *tables; tables++) {
		for (const struct optrow *r = *tables; !row_end(r); r++) {
			if (r->kind == OPT_SET)
				continue;
			if (r->def)
				put_default(r, base, 0, r->def);
			if (r->def2)
				put_default(r, base, 1, r->def2);
		}
	}
}

void opt_each(const struct optrow *const *tables, bool test, bool own, const void *base,
	      np_setting_fn fn, void *ctx)
{
	for (; *tables; tables++) {
		for (const struct optrow *r = *tables; !row_end(r); r++) {
			struct np_setting s = { r->name, r->letter, test, own, NP_SET_INT, 1,
						{ { 0 }, { 0 } }, NULL, 0,
						{ r->json[0], r->json[1], r->json[2] },
						(enum np_show)r->show,
						{ range_of(r, 0), range_of(r, 1) } };

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
				if (r->store2 != OPT_ST_NONE && !(r->flags & OPT_ONE)) {
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

const struct optrow *opt_find_letter(const struct optrow *const *tables, char c)
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

static void see(struct opt_seen *s, const struct optrow *row)
{
	if (!s || opt_was_given(s, row) || s->n >= OPT_SEEN_MAX)
		return;
	s->row[s->n++] = row;
}

bool opt_was_given(const struct opt_seen *s, const struct optrow *row)
{
	for (int k = 0; k < s->n; k++)
		if (s->row[k] == row)
			return true;
	return false;
}

static enum np_opts_status apply(const struct optwalk *w, const struct cur *c)
{
	see(w->seen, c->row);
	return apply_row(c);
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
	struct cur c = { w->prog, r, NULL, NULL, w->out, w->err, 0, w->base, 0 };

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
	return apply(w, &c);
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
		struct cur c = { w->prog, opt_find_letter(w->tables, *p), NULL, NULL, w->out,
				 w->err, *p, w->base, 0 };
		enum np_opts_status st;

		if (c.row == NULL) {
			fprintf(w->err, "%s: unknown %soption -%c (%s%s -h lists them)\n", w->prog,
				w->test ? "test " : "", *p, w->prog, w->test ? " --" : "");
			return NP_OPTS_USAGE;
		}
		if ((st = letter_value(w, argc, argv, i, p, &c)) != NP_OPTS_RUN)
			return st;
		if ((st = apply(w, &c)) != NP_OPTS_RUN)
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
