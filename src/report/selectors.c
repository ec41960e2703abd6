/*
 * selectors.c - netperf's omni output selectors (-o, -O, -k): the
 * selection, parsed once from a list of names, a file of them, "all" or
 * the test's default, into the fields' rows (fields.h); netperf 2.7.1's
 * names and their order (`-o ?`, "all") are the rows' netperf indexes.
 * sel_print.c prints a selection.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/selectors.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "report/fields.h"
#include "run/test.h"
#include "wire/wire.h"

/* netperf 2.7.1's indexes of the names the parse treats apart. */
#define NETPERF_OUTPUT_NONE 0
#define NETPERF_OUTPUT_END 174

/* ---- Parsing ---------------------------------------------------------- */

/* netperf's per-test defaults (set_output_list_by_test). */
#define TPUT_LIST "ELAPSED_TIME,THROUGHPUT,THROUGHPUT_UNITS"
#define CPU_LIST "LOCAL_CPU_UTIL,LOCAL_CPU_PERCENT_USER,LOCAL_CPU_PERCENT_SYSTEM," \
	"LOCAL_CPU_PERCENT_IOWAIT,LOCAL_CPU_PERCENT_IRQ,LOCAL_CPU_PERCENT_SWINTR," \
	"LOCAL_CPU_METHOD,REMOTE_CPU_UTIL,REMOTE_CPU_PERCENT_USER," \
	"REMOTE_CPU_PERCENT_SYSTEM,REMOTE_CPU_PERCENT_IOWAIT,REMOTE_CPU_PERCENT_IRQ," \
	"REMOTE_CPU_PERCENT_SWINTR,REMOTE_CPU_METHOD,LOCAL_SD,REMOTE_SD,SD_UNITS"
#define STREAM_LIST "LSS_SIZE_END,RSR_SIZE_END,LOCAL_SEND_SIZE," TPUT_LIST
#define MAERTS_LIST "RSS_SIZE_END,LSR_SIZE_END,REMOTE_SEND_SIZE," TPUT_LIST
#define RR_LIST "LSS_SIZE_END,LSR_SIZE_END,RSR_SIZE_END,RSS_SIZE_END," \
	"REQUEST_SIZE,RESPONSE_SIZE," TPUT_LIST

/* "all": four lines of consecutive fields (set_output_list_all). */
static const struct { short first, last; } all_lines[NP_SEL_MAX_LINES] = {
	{ 1, 24 },       /* SOCKET_TYPE .. RESPONSE_SIZE */
	{ 25, 53 },      /* LOCAL_CPU_UTIL .. TRANSPORT_MSS */
	{ 54, 111 },     /* LOCAL_SEND_THROUGHPUT .. REMOTE_CORK */
	{ 112, 173 },    /* LOCAL_SYSNAME .. COMMAND_LINE */
};

/* Longest name or header text a selection file may hold (netperf: 80). */
#define NAME_MAX_LEN 80

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || whylen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
}

/* The header words joined by single blanks, up to the first empty one:
 * the CSV title of the field, which a selection file may also use. */
static void title(const struct np_field *f, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int k = 0; k < 4 && f->words[k][0] != '\0'; k++) {
		int w = snprintf(buf + n, len - n, "%s%s", k ? " " : "", f->words[k]);

		if (w < 0 || (size_t)w >= len - n)
			return;
		n += (size_t)w;
	}
}

/* A name from a file: a name or a title; netperf turns anything else into
 * OUTPUT_NONE (a blank column), not into an unknown. */
static int find_name_or_title(const char *name)
{
	char buf[NAME_MAX_LEN + 1];

	for (int i = 0; i < np_nfields; i++) {
		if (!np_fields[i].name)
			continue;
		if (strcasecmp(np_fields[i].name, name) == 0)
			return i;
		title(&np_fields[i], buf, sizeof(buf));
		if (buf[0] != '\0' && strcasecmp(buf, name) == 0)
			return i;
	}
	return np_field_netperf(NETPERF_OUTPUT_NONE);
}

/* Appends id to line, unless the line already ended: OUTPUT_END stops a
 * line in netperf, so what follows it would never print. */
static int add_field(struct np_selection *sel, bool *ended, int line, int id,
		     char *why, size_t whylen)
{
	if (ended[line])
		return 0;
	if (id >= 0 && id == np_field_netperf(NETPERF_OUTPUT_END)) {
		ended[line] = true;
		return 0;
	}
	if (sel->nfields[line] == NP_SEL_MAX_FIELDS) {
		fail(why, whylen, "too many fields on output line %d (at most %d)",
		     line + 1, NP_SEL_MAX_FIELDS);
		return -1;
	}
	sel->field[line][sel->nfields[line]++] = (short)id;
	if (line + 1 > sel->nlines)
		sel->nlines = line + 1;
	return 0;
}

static bool is_sep(char c)
{
	return c == ',' || c == ' ';
}

/* A direct list: ';' ends an output line (a trailing one adds none), ','
 * and ' ' separate names, empty names are skipped, unknown ones kept. */
static int parse_direct(const char *list, struct np_selection *sel,
			char *why, size_t whylen)
{
	bool ended[NP_SEL_MAX_LINES] = { false };
	const char *p = list;
	int line = 0;

	sel->nlines = 1;
	for (;;) {
		const char *end = strchr(p, ';');

		if (end == NULL)
			end = p + strlen(p);
		while (p < end) {
			const char *tok;
			int id;

			while (p < end && is_sep(*p))
				p++;
			if (p == end)
				break;
			tok = p;
			while (p < end && !is_sep(*p))
				p++;
			if (line >= NP_SEL_MAX_LINES) {
				fail(why, whylen, "too many output lines (at most %d)",
				     NP_SEL_MAX_LINES);
				return -1;
			}
			id = np_field_find(tok, (size_t)(p - tok));
			if (add_field(sel, ended, line, id < 0 ? NP_SEL_UNKNOWN : id,
				      why, whylen) < 0)
				return -1;
		}
		if (*end == '\0' || end[1] == '\0')
			break;
		p = end + 1;
		line++;
		if (line < NP_SEL_MAX_LINES && line + 1 > sel->nlines)
			sel->nlines = line + 1;
	}
	return 0;
}

/* Ends the name in buf[0..*n): blanks around it are dropped and an empty
 * name ignored. */
static int file_name(struct np_selection *sel, bool *ended, int line, char *buf,
		     size_t *n, bool *line_used, const char *path, char *why,
		     size_t whylen)
{
	char *s = buf;
	size_t len = *n;

	*n = 0;
	while (len > 0 && isblank((unsigned char)s[len - 1]))
		len--;
	s[len] = '\0';
	while (isblank((unsigned char)*s))
		s++;
	if (*s == '\0')
		return 0;
	if (line >= NP_SEL_MAX_LINES) {
		fail(why, whylen, "too many lines in output selection file '%s' (at most %d)",
		     path, NP_SEL_MAX_LINES);
		return -1;
	}
	*line_used = true;
	return add_field(sel, ended, line, find_name_or_title(s), why, whylen);
}

/* A selection file: a line of names per output line, comma-separated.
 * Lines without a name do not count. */
static int parse_file(const char *path, struct np_selection *sel, char *why,
		      size_t whylen)
{
	bool ended[NP_SEL_MAX_LINES] = { false };
	char buf[NAME_MAX_LEN + 1];
	bool line_used = false;
	size_t n = 0;
	int line = 0, c, rc = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		fail(why, whylen, "cannot open output selection file '%s': %s", path,
		     strerror(errno));
		return -1;
	}
	sel->nlines = 1;
	while (rc == 0 && (c = getc(f)) != EOF) {
		if (c == ',' || c == '\n') {
			rc = file_name(sel, ended, line, buf, &n, &line_used, path,
				       why, whylen);
			if (c == '\n' && line_used) {
				line++;
				line_used = false;
			}
		} else if (isprint(c)) {
			if (n == NAME_MAX_LEN) {
				fail(why, whylen, "output selection file '%s': line %d:"
				     " name too long", path, line + 1);
				rc = -1;
			} else {
				buf[n++] = (char)c;
			}
		}
		/* Anything else, '\r' or '\t', is dropped as netperf does. */
	}
	if (rc == 0 && ferror(f)) {
		fail(why, whylen, "cannot read output selection file '%s': %s", path,
		     strerror(errno));
		rc = -1;
	}
	if (rc == 0)
		rc = file_name(sel, ended, line, buf, &n, &line_used, path, why, whylen);
	fclose(f);
	return rc;
}

static void select_all(struct np_selection *sel)
{
	sel->nlines = NP_SEL_MAX_LINES;
	for (int l = 0; l < NP_SEL_MAX_LINES; l++) {
		sel->nfields[l] = 0;
		for (int n = all_lines[l].first; n <= all_lines[l].last; n++)
			sel->field[l][sel->nfields[l]++] = (short)np_field_netperf(n);
	}
}

/* The default depends on who sends (direction is netserver's view); a
 * direction where neither sends counts as request/response, as 2.7.1's
 * NETPERF_IS_RR has it. */
static const char *default_list(const struct np_test *t, bool cpu)
{
	const bool srv_xmit = t && (t->direction & NP_DIR_XMIT);
	const bool srv_recv = t && (t->direction & NP_DIR_RECV);

	if (srv_xmit == srv_recv && t)
		return cpu ? RR_LIST "," CPU_LIST : RR_LIST;
	if (srv_xmit)
		return cpu ? MAERTS_LIST "," CPU_LIST : MAERTS_LIST;
	return cpu ? STREAM_LIST "," CPU_LIST : STREAM_LIST;
}

int np_sel_parse(const char *value, enum np_sel_style style,
		 const struct np_test *test, bool cpu, struct np_selection *sel,
		 char *why, size_t whylen)
{
	memset(sel, 0, sizeof(*sel));
	sel->style = style;
	if (value == NULL)
		return parse_direct(default_list(test, cpu), sel, why, whylen);
	if (strcasecmp(value, "all") == 0) {
		select_all(sel);
		return 0;
	}
	if (strchr(value, ',') || strchr(value, ';') ||
	    np_field_find(value, strlen(value)) >= 0)
		return parse_direct(value, sel, why, whylen);
	return parse_file(value, sel, why, whylen);
}

void np_sel_list_names(FILE *out, enum np_sel_style style)
{
	/* netperf: a comma list for -o and -k, a name per line for -O.
	 * Its list exactly, which scripts may read: netperf-ng's own names
	 * are in netperf(1). */
	for (int n = 0; n < NP_FIELDS_NETPERF; n++)
		fprintf(out, "%s%s", n ? (style == NP_SEL_COLUMNS ? "\n" : ",") : "",
			np_fields[np_field_netperf(n)].name);
	fputc('\n', out);
}

bool np_sel_wants_latency(const struct np_selection *sel)
{
	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		for (int j = 0; j < sel->nfields[l]; j++)
			if (sel->field[l][j] >= 0 &&
			    np_fields[sel->field[l][j]].known == NP_K_LATENCY)
				return true;
	return false;
}

int np_sel_choose(const char *value, enum np_sel_style style, const struct np_test *test,
		  bool cpu, struct np_selection *sel, FILE *out, FILE *err)
{
	char why[256];

	if (value && strcmp(value, "?") == 0) {
		np_sel_list_names(out, style);
		return 1;
	}
	if (np_sel_parse(value, style, test, cpu, sel, why, sizeof(why)) < 0) {
		const char letter = style == NP_SEL_CSV ? 'o' : style == NP_SEL_COLUMNS ? 'O' : 'k';

		if (value)
			fprintf(err, "netperf: -%c %s: %s\n", letter, value, why);
		else
			fprintf(err, "netperf: -%c: %s\n", letter, why);
		return -1;
	}
	return 0;
}
