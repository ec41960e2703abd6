/*
 * sel_print.c - what -o, -O and -k print: the selected fields' values in
 * netperf 2.7.1's layouts (print_omni_csv, print_omni_human,
 * print_omni_keyword in its nettest_omni.c), quirks included, because
 * scripts parse them; and -D's interim line in each style.  Each style is
 * a row of styles[], chosen once from the selection.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/selectors.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "base/units.h"
#include "report/fields.h"
#include "report/view.h"

/* The row of a selected id; NULL for an unknown name. */
static const struct np_field *row(int id)
{
	return id >= 0 && id < np_nfields ? &np_fields[id] : NULL;
}

/* A value as text: a fixed prefix and suffix around a string, so that
 * neither the command line nor a brand is ever cut. */
struct text {
	const char *pre, *s, *post;
	size_t len;
	struct np_value v;      /* s may point into it */
	char num[400];          /* %f of DBL_MAX takes 316 characters */
};

/* False when the field prints no value (unknown name, RESULT_BRAND
 * without -B). */
static bool render(int id, const struct np_report *r, struct text *t)
{
	const struct np_value *v = &t->v;
	const struct np_field *f = row(id);

	t->pre = t->post = "";
	t->s = t->num;
	t->num[0] = '\0';
	t->len = 0;
	if (!f)
		return false;
	np_field_get(f, r, &t->v);
	if (v->absent)
		return false;
	switch (f->fmt) {
	case NP_FMT_STR: t->s = v->s; break;
	case NP_FMT_QUOTED: t->pre = t->post = "\""; t->s = v->s; break;
	case NP_FMT_UNITS: t->s = v->s; t->post = "/s"; break;
	case NP_FMT_INT: snprintf(t->num, sizeof(t->num), "%d", (int)v->i); break;
	/* netperf's %x of an int: -1 prints as 0xffffffff. */
	case NP_FMT_HEX2: snprintf(t->num, sizeof(t->num), "0x%.2x", (unsigned)(int)v->i); break;
	case NP_FMT_HEX4: snprintf(t->num, sizeof(t->num), "0x%.4x", (unsigned)(int)v->i); break;
	case NP_FMT_CHAR: snprintf(t->num, sizeof(t->num), "%c", (char)v->i); break;
	case NP_FMT_U64: snprintf(t->num, sizeof(t->num), "%" PRIu64, v->u); break;
	case NP_FMT_F0: snprintf(t->num, sizeof(t->num), "%.0f", v->d); break;
	case NP_FMT_F2: snprintf(t->num, sizeof(t->num), "%.2f", v->d); break;
	case NP_FMT_F3: snprintf(t->num, sizeof(t->num), "%.3f", v->d); break;
	case NP_FMT_F6: snprintf(t->num, sizeof(t->num), "%f", v->d); break;
	case NP_FMT_G: snprintf(t->num, sizeof(t->num), "%g", v->d); break;
	}
	if (t->s == NULL)
		t->s = "";
	t->len = strlen(t->pre) + strlen(t->s) + strlen(t->post);
	return true;
}
static void put_text(FILE *out, const struct text *t)
{
	fputs(t->pre, out);
	fputs(t->s, out);
	fputs(t->post, out);
}

/* -o's field: as put_text, but quoted as RFC 4180 asks when it holds a
 * comma, a quote or a line break (a host fact from the peer may), its
 * quotes doubled, so that the columns stay put.  The command line is in
 * quotes already, as netperf prints it; only its own quotes double. */
static void put_csv_text(FILE *out, const struct text *t)
{
	const bool quoted = t->pre[0] == '"';

	if (!quoted && !strpbrk(t->s, ",\"\r\n")) {
		put_text(out, t);
		return;
	}
	fputc('"', out);
	if (!quoted)
		fputs(t->pre, out);
	for (const char *c = t->s; *c; c++) {
		if (*c == '"')
			fputc('"', out);
		fputc(*c, out);
	}
	if (!quoted)
		fputs(t->post, out);
	fputc('"', out);
}

/* ---- Layouts ---------------------------------------------------------- */
static void pad(FILE *out, size_t n)
{
	while (n-- > 0)
		fputc(' ', out);
}

static size_t longest_word(int id)
{
	size_t w = 0;

	if (id < 0)
		return 0;
	for (int k = 0; k < 4; k++)
		if (strlen(np_fields[id].words[k]) > w)
			w = strlen(np_fields[id].words[k]);
	return w;
}

/*
 * -o: all output lines merge into one title line and one value line.
 * Titles: a field's words up to the first empty one, joined by blanks; a
 * field without words (an unknown name) adds nothing, not even a comma.
 * Values: netperf writes "value," for each field and ", " for one without
 * a value, then drops the very last character, so an unknown last field
 * leaves "17331.50,," and one in the middle ",, ".  Nothing at all when
 * the first line is empty.
 */
static void print_csv(FILE *out, const struct np_selection *sel,
		      const struct np_report *r)
{
	int last_line = 0;
	bool first = true;
	struct text t;

	if (sel->nfields[0] == 0)
		return;
	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		if (sel->nfields[l] > 0)
			last_line = l;
	if (r->headers) {
		for (int l = 0; l < NP_SEL_MAX_LINES; l++)
			for (int j = 0; j < sel->nfields[l]; j++) {
				const int id = sel->field[l][j];

				if (id < 0 || np_fields[id].words[0][0] == '\0')
					continue;
				if (!first)
					fputc(',', out);
				first = false;
				for (int k = 0; k < 4 && np_fields[id].words[k][0] != '\0'; k++)
					fprintf(out, "%s%s", k ? " " : "", np_fields[id].words[k]);
			}
		fputc('\n', out);
	}
	for (int l = 0; l <= last_line; l++)
		for (int j = 0; j < sel->nfields[l]; j++) {
			const bool last = l == last_line && j == sel->nfields[l] - 1;

			if (render(sel->field[l][j], r, &t)) {
				put_csv_text(out, &t);
				if (!last)
					fputc(',', out);
			} else {
				fputs(last ? "," : ", ", out);
			}
		}
	fputc('\n', out);
}

/*
 * -O: per output line, 4 title rows and the value row.  A column is as
 * wide as its longest header word or its value plus one blank, whichever
 * is more, then one blank more; rows keep their trailing blanks.  An
 * empty line separates output lines (and precedes the first one printed
 * when line 1 is empty, as in netperf).
 */
static void print_columns(FILE *out, const struct np_selection *sel,
			  const struct np_report *r)
{
	size_t width[NP_SEL_MAX_FIELDS];
	struct text t;

	for (int l = 0; l < NP_SEL_MAX_LINES; l++) {
		const int n = sel->nfields[l];

		if (n == 0)
			continue;
		if (l > 0)
			fputc('\n', out);
		for (int j = 0; j < n; j++) {
			const int id = sel->field[l][j];
			size_t w = longest_word(id);

			if (render(id, r, &t) && t.len + 1 > w)
				w = t.len + 1;
			width[j] = w + 1;
		}
		for (int k = 0; r->headers && k < 4; k++) {
			for (int j = 0; j < n; j++) {
				const int id = sel->field[l][j];
				const char *word = id >= 0 ? np_fields[id].words[k] : "";

				fputs(word, out);
				pad(out, width[j] - strlen(word));
			}
			fputc('\n', out);
		}
		for (int j = 0; j < n; j++) {
			if (render(sel->field[l][j], r, &t)) {
				put_text(out, &t);
				pad(out, width[j] - t.len);
			} else {
				pad(out, width[j]);
			}
		}
		fputc('\n', out);
	}
}

/* -k: NAME=value, every line's fields in turn; a field without a value
 * (unknown name, no brand) prints nothing. */
static void print_keyval(FILE *out, const struct np_selection *sel,
			 const struct np_report *r)
{
	struct text t;

	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		for (int j = 0; j < sel->nfields[l]; j++) {
			const int id = sel->field[l][j];

			if (!render(id, r, &t))
				continue;
			fprintf(out, "%s=", np_fields[id].name);
			put_text(out, &t);
			fputc('\n', out);
		}
}


/* ---- -D's interim figure ------------------------------------------------ */

static void interim_csv(FILE *out, const struct np_interim_line *l)
{
	fprintf(out, "%7.2f,%s/s,%.3f,%ld.%.3ld\n", l->rate, l->label, l->seconds, l->sec, l->ms);
}

static void interim_keyval(FILE *out, const struct np_interim_line *l)
{
	const int n = l->n;

	fprintf(out, "NETPERF_INTERIM_RESULT[%d]=%.2f\nNETPERF_UNITS[%d]=%s/s\n"
		"NETPERF_INTERVAL[%d]=%.3f\nNETPERF_ENDING[%d]=%ld.%.3ld\n",
		n, l->rate, n, l->label, n, l->seconds, n, l->sec, l->ms);
}

void np_interim_text(FILE *out, const struct np_interim_line *l)
{
	fprintf(out, "Interim result: %7.2f %s/s over %.3f seconds ending at %ld.%.3ld\n",
		l->rate, l->label, l->seconds, l->sec, l->ms);
}

/* ---- The styles ---------------------------------------------------------- */

/* Each style's printer, its interim line, and the prefix of each flow's
 * and each sweep size's lines ("FLOW1_", "SWEEP1_": -k's keys would
 * repeat; rows need none). */
static const struct {
	void (*print)(FILE *, const struct np_selection *, const struct np_report *);
	void (*interim)(FILE *, const struct np_interim_line *);
	bool keyed;
} styles[] = {
	[NP_SEL_CSV] = { print_csv, interim_csv, false },
	[NP_SEL_COLUMNS] = { print_columns, np_interim_text, false },
	[NP_SEL_KEYVAL] = { print_keyval, interim_keyval, true },
};

void np_sel_print(FILE *out, const struct np_selection *sel, const struct np_report *r)
{
	styles[sel->style].print(out, sel, r);
}

void np_sel_interim(FILE *out, const struct np_selection *sel, const struct np_interim_line *l)
{
	styles[sel->style].interim(out, l);
}

void np_sel_prefix(const struct np_selection *sel, const char *what, int n, char *buf,
		   size_t len)
{
	if (styles[sel->style].keyed)
		snprintf(buf, len, "%s%d_", what, n);
	else if (len > 0)
		buf[0] = '\0';
}
