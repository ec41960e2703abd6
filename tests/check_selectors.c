/*
 * check_selectors.c - unit tests for selectors.c: netperf 2.7.1's omni output
 * selectors (-- -o, -O, -k), byte for byte.
 *
 * The golden cases fill a struct np_report with the figures of one real
 * netperf 2.7.1 capture (tests/data/golden/NAME.stdout, copied from the
 * shared golden set) and compare np_report_print()'s text with it: the
 * banner comes from report.c, the rest from the selection.  The other
 * tests pin down the parsing rules and the layout quirks of netperf's
 * print_omni_csv/human/keyword that no capture shows (unknown names,
 * several output lines, values netperf has no figure for).
 *
 * Run: TESTDATA=tests/data ./check_select   (make check sets TESTDATA)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L	/* open_memstream, mkstemp */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "golden.h"
#include "report/fields.h"
#include "report/report.h"
#include "report/selectors.h"
#include "run/test.h"

#ifndef TESTDATA_DIR
#define TESTDATA_DIR "tests/data"
#endif

#define TS (&np_test_tcp_stream)
#define TM (&np_test_tcp_maerts)
#define US (&np_test_udp_stream)
#define UR (&np_test_udp_rr)
#define TR (&np_test_tcp_rr)
#define TC (&np_test_tcp_crr)

/* ---- Helpers ---------------------------------------------------------- */

/* Parses list (NULL: the default) for r's test and prints r with it. */
static char *print_sel(struct np_report *r, const char *list,
		       enum np_sel_style style)
{
	struct np_selection sel;
	char why[256] = "";

	ck_assert_msg(np_sel_parse(list, style, r->o->test, np_report_cpu(r), &sel, why,
				   sizeof(why)) == 0, "%s: %s", list, why);
	golden_opts()->selecting = true;
	golden_opts()->selection = sel;
	return golden_render(np_report_print, r, NULL);
}

/* netperf's names in index order, from the `-o ?` capture. */
static char *names_buf;
static const char *names[256];
static int n_names;

static void load_names(void)
{
	char *p;

	if (names_buf)
		return;
	names_buf = golden_read("udp_rr__o_question", NULL);
	p = strtok(names_buf, ",\n");
	while (p && n_names < 256) {
		names[n_names++] = p;
		p = strtok(NULL, ",\n");
	}
}

/* A selected field's name (its row's), "?" for an unknown one. */
static const char *id_name(int id)
{
	return id >= 0 && id < np_nfields && np_fields[id].name ? np_fields[id].name : "?";
}

/* A line of sel as names, "?" for an unknown one. */
static const char *line_names(const struct np_selection *sel, int line)
{
	static char buf[8192];
	size_t n = 0;

	buf[0] = '\0';
	for (int j = 0; j < sel->nfields[line]; j++) {
		const char *name = id_name(sel->field[line][j]);

		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", j ? "," : "", name);
		ck_assert_uint_lt(n, sizeof(buf));
	}
	return buf;
}

static void parse_ok(const char *list, const struct np_test *t, bool cpu,
		     struct np_selection *sel)
{
	char why[256] = "";

	ck_assert_msg(np_sel_parse(list, NP_SEL_CSV, t, cpu, sel, why,
				   sizeof(why)) == 0, "%s: %s", list, why);
}

/* Parse failure: the reason, for matching. */
static const char *parse_err(const char *list)
{
	static char why[512];
	struct np_selection sel;

	why[0] = '\0';
	ck_assert_int_eq(np_sel_parse(list, NP_SEL_CSV, TS, false, &sel, why,
				      sizeof(why)), -1);
	ck_assert_msg(why[0] != '\0' && strchr(why, '\n') == NULL,
		      "reason not one line: [%s]", why);
	return why;
}

/* A temporary selection file holding text; free() the name, unlink it. */
static char *temp_file(const char *text)
{
	char *path = strdup("/tmp/check_select.XXXXXX");
	int fd;

	ck_assert_ptr_ne(path, NULL);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);
	return path;
}

/* ---- Golden captures -------------------------------------------------- */

struct gcase {
	const char *name;       /* golden/NAME.stdout */
	const struct np_test *test;
	enum np_sel_style style;
	const char *list;       /* -o/-O/-k value, NULL = the default */
	bool headers;
	double tput;
	int lss_end, rsr_end;   /* 0 = as set up */
	void (*extra)(struct np_report *r);
};

static void latency_figures(struct np_report *r)
{
	r->res.latency = true;
	r->res.lat_min = 12;
	r->res.lat_max = 3583;
	r->res.lat_p50 = 58;
	r->res.lat_p90 = 72;
	r->res.lat_p99 = 119;
	r->res.lat_mean = 60.66;
	r->res.lat_stddev = 66.60;
	r->res.transaction_rate = 16432.619;
	r->res.rt_latency = 60.855;
	r->res.throughput = 16432.62;
}

static const struct gcase golden[] = {
	{ "tcp_stream__o_default", TS, NP_SEL_CSV, NULL, true, 21498.88,
	  4194304, 4100240, NULL },
	{ "tcp_stream__O_default", TS, NP_SEL_COLUMNS, NULL, true, 21448.54,
	  4194304, 2214926, NULL },
	{ "tcp_stream__k_default", TS, NP_SEL_KEYVAL, NULL, true, 14658.44,
	  4194304, 3151748, NULL },
	{ "udp_stream__o_default", US, NP_SEL_CSV, NULL, true, 30084.53, 0, 0, NULL },
	{ "udp_rr__O_default", UR, NP_SEL_COLUMNS, NULL, true, 15809.91, 0, 0, NULL },
	{ "udp_rr__k_default", UR, NP_SEL_KEYVAL, NULL, true, 14327.24, 0, 0, NULL },
	{ "udp_rr__k_latency_percentiles", UR, NP_SEL_KEYVAL,
	  "MIN_LATENCY,MAX_LATENCY,P50_LATENCY,P90_LATENCY,P99_LATENCY,"
	  "MEAN_LATENCY,STDDEV_LATENCY,TRANSACTION_RATE,RT_LATENCY",
	  true, 0, 0, 0, latency_figures },
	{ "udp_rr__o_THROUGHPUT_UNITS__P0", UR, NP_SEL_CSV,
	  "THROUGHPUT,THROUGHPUT_UNITS", false, 19461.46, 0, 0, NULL },
};

#define N_GOLDEN ((int)(sizeof(golden) / sizeof(golden[0])))

START_TEST(test_golden)
{
	const struct gcase *c = &golden[_i];
	struct np_report r;
	size_t wlen;
	char *got, *want;

	golden_base(&r, c->test);
	r.headers = c->headers;
	r.res.throughput = c->tput;
	if (c->lss_end)
		r.res.lss_end = c->lss_end;
	if (c->rsr_end)
		r.res.rsr_end = c->rsr_end;
	if (c->extra)
		c->extra(&r);
	got = print_sel(&r, c->list, c->style);
	want = golden_read(c->name, &wlen);
	golden_assert_same(c->name, got, strlen(got), want, wlen);
	free(got);
	free(want);
}
END_TEST

/* `-o ?`: every name, in netperf's order. */
START_TEST(test_list_names)
{
	char *buf = NULL, *want;
	size_t n = 0, wlen;
	FILE *f = open_memstream(&buf, &n);

	ck_assert_ptr_ne(f, NULL);
	np_sel_list_names(f, NP_SEL_CSV);
	ck_assert_int_eq(fclose(f), 0);
	want = golden_read("udp_rr__o_question", &wlen);
	golden_assert_same("-o ?", buf, n, want, wlen);
	free(buf);
	free(want);
}
END_TEST

/* ---- Parsing ---------------------------------------------------------- */

#define STREAM_DEF "LSS_SIZE_END,RSR_SIZE_END,LOCAL_SEND_SIZE,ELAPSED_TIME,THROUGHPUT,THROUGHPUT_UNITS"
#define MAERTS_DEF "RSS_SIZE_END,LSR_SIZE_END,REMOTE_SEND_SIZE,ELAPSED_TIME,THROUGHPUT,THROUGHPUT_UNITS"
#define RR_DEF "LSS_SIZE_END,LSR_SIZE_END,RSR_SIZE_END,RSS_SIZE_END,REQUEST_SIZE," \
	"RESPONSE_SIZE,ELAPSED_TIME,THROUGHPUT,THROUGHPUT_UNITS"
#define CPU_DEF ",LOCAL_CPU_UTIL,LOCAL_CPU_PERCENT_USER,LOCAL_CPU_PERCENT_SYSTEM," \
	"LOCAL_CPU_PERCENT_IOWAIT,LOCAL_CPU_PERCENT_IRQ,LOCAL_CPU_PERCENT_SWINTR," \
	"LOCAL_CPU_METHOD,REMOTE_CPU_UTIL,REMOTE_CPU_PERCENT_USER,REMOTE_CPU_PERCENT_SYSTEM," \
	"REMOTE_CPU_PERCENT_IOWAIT,REMOTE_CPU_PERCENT_IRQ,REMOTE_CPU_PERCENT_SWINTR," \
	"REMOTE_CPU_METHOD,LOCAL_SD,REMOTE_SD,SD_UNITS"

static const struct {
	const struct np_test *test;
	bool cpu;
	const char *want;
} defaults[] = {
	{ TS, false, STREAM_DEF }, { US, false, STREAM_DEF },
	{ TM, false, MAERTS_DEF }, { TR, false, RR_DEF },
	{ UR, false, RR_DEF }, { TC, false, RR_DEF },
	{ TS, true, STREAM_DEF CPU_DEF }, { US, true, STREAM_DEF CPU_DEF },
	{ TM, true, MAERTS_DEF CPU_DEF }, { TR, true, RR_DEF CPU_DEF },
	{ UR, true, RR_DEF CPU_DEF }, { TC, true, RR_DEF CPU_DEF },
};

#define N_DEFAULTS ((int)(sizeof(defaults) / sizeof(defaults[0])))

START_TEST(test_default_lists)
{
	struct np_selection sel;

	parse_ok(NULL, defaults[_i].test, defaults[_i].cpu, &sel);
	ck_assert_int_eq(sel.nlines, 1);
	ck_assert_int_eq(sel.style, NP_SEL_CSV);
	golden_assert_text(defaults[_i].test->name, line_names(&sel, 0), defaults[_i].want);
}
END_TEST

START_TEST(test_direct_lists)
{
	struct np_selection sel;

	/* ';' separates output lines; ',' and blanks the names. */
	parse_ok("THROUGHPUT,elapsed_time;lss_size_end, Throughput_Units", TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 2);
	golden_assert_text("line 1", line_names(&sel, 0), "THROUGHPUT,ELAPSED_TIME");
	golden_assert_text("line 2", line_names(&sel, 1), "LSS_SIZE_END,THROUGHPUT_UNITS");
	ck_assert_int_eq(sel.nfields[2], 0);

	/* A single known name, in any case, is a list, not a file. */
	parse_ok("throughput", TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 1);
	golden_assert_text("single", line_names(&sel, 0), "THROUGHPUT");

	/* Empty names are skipped; a trailing ';' adds no line. */
	parse_ok(",,THROUGHPUT,,;", TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 1);
	golden_assert_text("empties", line_names(&sel, 0), "THROUGHPUT");

	/* An empty line in the middle keeps its place. */
	parse_ok("THROUGHPUT;;ELAPSED_TIME", TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 3);
	ck_assert_int_eq(sel.nfields[1], 0);
	golden_assert_text("third", line_names(&sel, 2), "ELAPSED_TIME");

	/* Four lines is the most. */
	parse_ok("THROUGHPUT;THROUGHPUT;THROUGHPUT;THROUGHPUT;", TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 4);

	/* OUTPUT_END ends its line: netperf prints nothing after it. */
	parse_ok("THROUGHPUT,OUTPUT_END,ELAPSED_TIME;THROUGHPUT_UNITS", TS, false, &sel);
	golden_assert_text("end", line_names(&sel, 0), "THROUGHPUT");
	golden_assert_text("end 2", line_names(&sel, 1), "THROUGHPUT_UNITS");
}
END_TEST

/* Unknown names stay, as empty columns. */
START_TEST(test_unknown_kept)
{
	struct np_selection sel;

	parse_ok("THROUGHPUT,NOT_A_FIELD,elapsed_timex", TS, false, &sel);
	ck_assert_int_eq(sel.nfields[0], 3);
	ck_assert_int_eq(sel.field[0][1], NP_SEL_UNKNOWN);
	ck_assert_int_eq(sel.field[0][2], NP_SEL_UNKNOWN);
	golden_assert_text("unknown", line_names(&sel, 0), "THROUGHPUT,?,?");
}
END_TEST

START_TEST(test_all)
{
	static const struct { int n; const char *first, *last; } lines[] = {
		{ 24, "SOCKET_TYPE", "RESPONSE_SIZE" },
		{ 29, "LOCAL_CPU_UTIL", "TRANSPORT_MSS" },
		{ 58, "LOCAL_SEND_THROUGHPUT", "REMOTE_CORK" },
		{ 62, "LOCAL_SYSNAME", "COMMAND_LINE" },
	};
	struct np_selection sel;

	parse_ok("All", UR, false, &sel);
	ck_assert_int_eq(sel.nlines, 4);
	load_names();
	for (int l = 0; l < 4; l++) {
		ck_assert_int_eq(sel.nfields[l], lines[l].n);
		ck_assert_str_eq(id_name(sel.field[l][0]), lines[l].first);
		ck_assert_str_eq(id_name(sel.field[l][lines[l].n - 1]), lines[l].last);
		/* netperf's names in its order, as `-o ?` lists them. */
		for (int j = 0; j < sel.nfields[l]; j++)
			ck_assert_str_eq(id_name(sel.field[l][j]),
					 names[np_fields[sel.field[l][0]].netperf + j]);
	}
	/* "all" is only special on its own. */
	parse_ok("all,THROUGHPUT", UR, false, &sel);
	golden_assert_text("all in a list", line_names(&sel, 0), "?,THROUGHPUT");
}
END_TEST

/* The rows (fields.h): netperf 2.7.1's 175 names, each at its index of
 * the `-o ?` capture, every name once, and every row -J shows has a key
 * and an object, and one that -o shows its header words. */
START_TEST(test_rows)
{
	int netperf = 0;

	load_names();
	ck_assert_int_eq(n_names, NP_FIELDS_NETPERF);
	for (int n = 0; n < NP_FIELDS_NETPERF; n++) {
		const int i = np_field_netperf(n);

		ck_assert_msg(i >= 0, "no row for netperf's %s", names[n]);
		ck_assert_str_eq(np_fields[i].name, names[n]);
	}
	for (int i = 0; i < np_nfields; i++) {
		const struct np_field *f = &np_fields[i];

		ck_assert_msg(f->name || f->json, "row %d shows nowhere", i);
		if (f->json)
			ck_assert_msg(f->group != NP_G_NONE && f->schema != NP_S_NONE, "%s", f->json);
		if (!f->name)
			continue;
		ck_assert_int_eq(np_field_find(f->name, strlen(f->name)), i);
		for (int k = 0; k < 4; k++)
			ck_assert_ptr_nonnull(f->words[k]);
		netperf += f->netperf >= 0;
	}
	ck_assert_int_eq(netperf, NP_FIELDS_NETPERF);
}
END_TEST

/* A file: a line of comma-separated names per output line; names or the
 * -o header texts, any case; anything else is OUTPUT_NONE (netperf's
 * match_string_to_output); blank lines do not count. */
START_TEST(test_file)
{
	struct np_selection sel;
	char *path = temp_file("throughput, Elapsed Time (sec)\r\n"
			       "\n"
			       "THROUGHPUT_UNITS,bogus,\n"
			       "Local Send Socket Size Final");

	parse_ok(path, TS, false, &sel);
	ck_assert_int_eq(sel.nlines, 3);
	golden_assert_text("file 1", line_names(&sel, 0), "THROUGHPUT,ELAPSED_TIME");
	golden_assert_text("file 2", line_names(&sel, 1), "THROUGHPUT_UNITS,OUTPUT_NONE");
	golden_assert_text("file 3", line_names(&sel, 2), "LSS_SIZE_END");
	unlink(path);
	free(path);
}
END_TEST

START_TEST(test_errors)
{
	char *path;
	char list[8192];
	size_t n = 0;
	char want[256];

	/* strerror's text is the C library's own (musl, FreeBSD, macOS). */
	snprintf(want, sizeof(want), "cannot open output selection file '/nonexistent/sel': %s",
		 strerror(ENOENT));
	golden_assert_text("missing", parse_err("/nonexistent/sel"), want);
	/* Blank-separated names are one word, hence a file name. */
	ck_assert_ptr_ne(strstr(parse_err("THROUGHPUT ELAPSED_TIME"),
				"cannot open output selection file 'THROUGHPUT ELAPSED_TIME'"),
			 NULL);
	ck_assert_ptr_ne(strstr(parse_err("THROUGHPUT;A;B;C;D"), "too many output lines"),
			 NULL);

	path = temp_file("THROUGHPUT\nTHROUGHPUT\nTHROUGHPUT\nTHROUGHPUT\nTHROUGHPUT\n");
	ck_assert_ptr_ne(strstr(parse_err(path), "too many lines"), NULL);
	unlink(path);
	free(path);

	for (int i = 0; i <= NP_SEL_MAX_FIELDS; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "THROUGHPUT,");
	ck_assert_ptr_ne(strstr(parse_err(list), "too many fields"), NULL);

	memset(list, 'A', 200);
	list[200] = '\0';
	path = temp_file(list);
	ck_assert_ptr_ne(strstr(parse_err(path), "too long"), NULL);
	unlink(path);
	free(path);

	/* A directory opens but cannot be read. */
	ck_assert_ptr_ne(strstr(parse_err("/"), "output selection file '/'"), NULL);
}
END_TEST

START_TEST(test_wants_latency)
{
	static const struct { const char *list; bool want; } cases[] = {
		{ NULL, false },
		{ "THROUGHPUT,RT_LATENCY,TRANSACTION_RATE", false },
		{ "min_latency", true },
		{ "THROUGHPUT;ELAPSED_TIME;STDDEV_LATENCY", true },
		{ "P99_LATENCY,THROUGHPUT", true },
		{ "LOCAL_SOCKET_PRIO", false },
		{ "all", true },
	};
	struct np_selection sel;
	char *path;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_ok(cases[i].list, UR, true, &sel);
		ck_assert_msg(np_sel_wants_latency(&sel) == cases[i].want, "%s",
			      cases[i].list ? cases[i].list : "(default)");
	}
	path = temp_file("THROUGHPUT\nMean Latency Microseconds\n");
	parse_ok(path, UR, false, &sel);
	ck_assert(np_sel_wants_latency(&sel));
	unlink(path);
	free(path);
}
END_TEST

/* ---- Layouts ---------------------------------------------------------- */

static const char banner_ts[] = "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0)"
	" port 0 AF_INET to 127.0.0.1 () port 0 AF_INET\n";

/* netperf's ", " for a missing value, its last character dropped. */
START_TEST(test_csv_unknown)
{
	struct np_report r;
	char want[512];
	char *got;

	golden_base(&r, TS);
	r.headers = false;
	r.res.throughput = 17331.50;
	got = print_sel(&r, "THROUGHPUT,NOT_A_FIELD", NP_SEL_CSV);
	golden_assert_text("last", got, "17331.50,,\n");
	free(got);

	got = print_sel(&r, "THROUGHPUT,NOT_A_FIELD,ELAPSED_TIME", NP_SEL_CSV);
	golden_assert_text("middle", got, "17331.50,, 1.00\n");
	free(got);

	got = print_sel(&r, "NOT_A_FIELD,THROUGHPUT", NP_SEL_CSV);
	golden_assert_text("first", got, ", 17331.50\n");
	free(got);

	/* An unknown name has no title, and no comma for it. */
	r.headers = true;
	got = print_sel(&r, "NOT_A_FIELD,THROUGHPUT,NOPE,ELAPSED_TIME,NOPE", NP_SEL_CSV);
	snprintf(want, sizeof(want), "%sThroughput,Elapsed Time (sec)\n"
		 ", 17331.50,, 1.00,,\n", banner_ts);
	golden_assert_text("titles", got, want);
	free(got);
}
END_TEST

/* -O: an unknown name is a one-blank column; -k skips it. */
START_TEST(test_columns_keyval_unknown)
{
	struct np_report r;
	char *got;
	char want[1024];

	golden_base(&r, TS);
	r.res.throughput = 17331.50;
	got = print_sel(&r, "THROUGHPUT,NOT_A_FIELD,ELAPSED_TIME", NP_SEL_COLUMNS);
	snprintf(want, sizeof(want), "%s"
		 "Throughput  Elapsed \n"
		 "            Time    \n"
		 "            (sec)   \n"
		 "                    \n"
		 "17331.50    1.00    \n", banner_ts);
	golden_assert_text("columns", got, want);
	free(got);

	got = print_sel(&r, "THROUGHPUT,NOT_A_FIELD,ELAPSED_TIME", NP_SEL_KEYVAL);
	snprintf(want, sizeof(want), "%sTHROUGHPUT=17331.50\nELAPSED_TIME=1.00\n",
		 banner_ts);
	golden_assert_text("keyval", got, want);
	free(got);
}
END_TEST

/* Several output lines: one merged CSV line; -O blocks with an empty
 * line between them, also with -P 0; -k one after the other. */
START_TEST(test_several_lines)
{
	struct np_report r;
	char *got;
	char want[1024];

	golden_base(&r, UR);
	r.res.throughput = 15809.91;
	got = print_sel(&r, "THROUGHPUT;REQUEST_SIZE,THROUGHPUT_UNITS", NP_SEL_CSV);
	ck_assert_ptr_ne(strstr(got, "\nThroughput,Request Size Bytes,Throughput Units\n"
				"15809.91,1,Trans/s\n"), NULL);
	free(got);

	r.headers = false;
	got = print_sel(&r, "THROUGHPUT;REQUEST_SIZE,THROUGHPUT_UNITS", NP_SEL_COLUMNS);
	golden_assert_text("-P 0", got, "15809.91   \n\n1       Trans/s    \n");
	free(got);

	r.headers = true;
	got = print_sel(&r, "THROUGHPUT;REQUEST_SIZE,THROUGHPUT_UNITS", NP_SEL_COLUMNS);
	snprintf(want, sizeof(want),
		 "MIGRATED UDP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0"
		 " AF_INET to 127.0.0.1 () port 0 AF_INET : first burst 0\n"
		 "Throughput \n"
		 "           \n"
		 "           \n"
		 "           \n"
		 "15809.91   \n"
		 "\n"
		 "Request Throughput \n"
		 "Size    Units      \n"
		 "Bytes              \n"
		 "                   \n"
		 "1       Trans/s    \n");
	golden_assert_text("-O two lines", got, want);
	free(got);

	got = print_sel(&r, "THROUGHPUT;REQUEST_SIZE,THROUGHPUT_UNITS", NP_SEL_KEYVAL);
	ck_assert_ptr_ne(strstr(got, "\nTHROUGHPUT=15809.91\nREQUEST_SIZE=1\n"
				"THROUGHPUT_UNITS=Trans/s\n"), NULL);
	free(got);

	/* An empty first line: netperf's CSV prints nothing, -O starts with
	 * the separating empty line. */
	r.headers = false;
	got = print_sel(&r, ";THROUGHPUT", NP_SEL_CSV);
	golden_assert_text("csv, empty first line", got, "");
	free(got);
	got = print_sel(&r, ";THROUGHPUT", NP_SEL_COLUMNS);
	golden_assert_text("-O, empty first line", got, "\n15809.91   \n");
	free(got);
}
END_TEST

/* -O widths: the longer of the longest word and the value plus one,
 * then a blank; a value wider than its words widens the column. */
START_TEST(test_columns_wide_value)
{
	struct np_report r;
	char *got;

	golden_base(&r, TS);
	r.headers = false;
	r.res.throughput = 123456789012.34;
	got = print_sel(&r, "THROUGHPUT,THROUGHPUT_UNITS,LOCAL_CPU_METHOD", NP_SEL_COLUMNS);
	golden_assert_text("wide", got, "123456789012.34  10^6bits/s  U      \n");
	free(got);
}
END_TEST

/* The selection replaces the WARNING block and the table, at any -v. */
START_TEST(test_replaces_tables)
{
	struct np_report r;
	char *got;
	char want[512];

	golden_base(&r, TS);
	r.res.throughput = 100.0;
	golden_opts()->confidence = true;
	golden_opts()->conf_level = 99;
	golden_opts()->conf_width = 5;
	r.res.conf_tput = 37.285;
	r.res.iterations = 10;
	for (int v = 0; v <= 2; v++) {
		r.verbosity = v;
		got = print_sel(&r, "THROUGHPUT,CONFIDENCE_ITERATION,THROUGHPUT_CONFID",
				NP_SEL_CSV);
		snprintf(want, sizeof(want), "MIGRATED TCP STREAM TEST from 0.0.0.0"
			 " (0.0.0.0) port 0 AF_INET to 127.0.0.1 () port 0 AF_INET"
			 " : +/-2.500%% @ 99%% conf. \n"
			 "Throughput,Confidence Iterations Run,Throughput Confidence Width (%%)\n"
			 "100.00,10,37.285\n");
		golden_assert_text("conf", got, want);
		free(got);
	}
}
END_TEST

/* Values: one -k line per field, against what netperf 2.7.1 prints. */
struct kv_case {
	const char *what;
	const struct np_test *test;
	void (*setup)(struct np_report *r);
	const char *list;
	const char *want;       /* the -k lines after the banner */
};

/* What the client fills in when no option sets them. */
static void fill_unset(struct np_report *r)
{
	golden_opts()->lalign[0] = golden_opts()->lalign[1] = golden_opts()->ralign[0] = golden_opts()->ralign[1] = 8;
	golden_opts()->lprio = r->res.rprio = r->res.ltos = r->res.rtos = -1;
}

static void fill_stream(struct np_report *r)
{
	r->res.elapsed = 2.0;
	r->res.local.bytes_sent = 250000000;
	r->res.local.send_calls = 15259;
	r->res.remote.bytes_recv = 250000000;
	r->res.remote.recv_calls = 20000;
	r->res.mss = 65483;
	r->res.ltransport_retrans = 0;
	r->res.rtransport_retrans = 3;
	r->res.lsend_width = 9;
	r->res.rrecv_width = 2;
	snprintf(r->res.lcong, sizeof(r->res.lcong), "cubic");
	r->uuid = "1c3a3c0e-1b4c-11ef-8a55-0242ac120002";
	r->command_line = "netperf -H 127.0.0.1 -- -k all";
	golden_opts()->nodelay = true;
	r->res.rnodelay = true;
	golden_opts()->data_lport = 5001;
	golden_opts()->data_rport = 5002;
}

static void fill_cpu(struct np_report *r)
{
	golden_opts()->local_cpu = true;
	r->res.lcpu = 12.3456;
	r->res.rcpu = -1;
	r->res.lsd = 0.5;
	r->res.lcpu_method = 'S';
	r->res.lcpu_more.user = 1.5;
	r->res.lcpu_more.system = 2.25;
	r->res.lcpu_more.iowait = 0;
	r->res.lcpu_more.irq = 0.125;
	r->res.lcpu_more.swintr = 8.0;
	r->res.lcpu_more.peak_util = 50.0;
	r->res.lcpu_more.peak_id = 3;
	r->res.lcpu_more.count = 4;
	r->res.rcpu_more.peak_util = -1;
	r->res.rcpu_more.peak_id = -1;
	r->res.rcpu_more.count = 2;
}

static void fill_conf(struct np_report *r)
{
	golden_opts()->confidence = true;
	golden_opts()->conf_level = 95;
	golden_opts()->conf_width = 10;
	r->res.conf_tput = 3.1416;
	r->res.conf_lcpu = 0;
	r->res.conf_rcpu = 12.5;
	r->res.iterations = 7;
}

static void fill_brand(struct np_report *r)
{
	r->brand = "my brand";
}

static void fill_rr(struct np_report *r)
{
	r->res.transaction_rate = 15809.914;
	r->res.rt_latency = 63.252;
	r->res.local.trans = 15810;
	r->unit = 'k';
	r->res.elapsed = 1.0;
	r->res.local.bytes_sent = 1000;
	r->res.local.bytes_recv = 2000;
	r->res.local.send_calls = 1000;
	r->res.local.recv_calls = 1000;
}

static void fill_ipv6(struct np_report *r)
{
	(void)r;   /* the plan's ends, which golden_base pointed r at */
	golden_plan()->lname = "::0";
	golden_plan()->rname = "::1";
	golden_plan()->family = AF_INET6;
}

static const struct kv_case kvs[] = {
	{ "kinds", TS, NULL, "SOCKET_TYPE,PROTOCOL,DIRECTION,OUTPUT_NONE",
	  "SOCKET_TYPE=Stream\nPROTOCOL=TCP\nDIRECTION=Send\nOUTPUT_NONE= \n" },
	{ "maerts", TM, NULL, "DIRECTION,SD_UNITS",
	  "DIRECTION=Receive\nSD_UNITS=usec/KB\n" },
	{ "udp_stream", US, NULL, "SOCKET_TYPE,PROTOCOL,DIRECTION",
	  "SOCKET_TYPE=Datagram\nPROTOCOL=UDP\nDIRECTION=Send\n" },
	{ "udp_rr", UR, NULL, "DIRECTION,SD_UNITS,REQUEST_SIZE,BURST_SIZE",
	  "DIRECTION=Send|Recv\nSD_UNITS=usec/Tran\nREQUEST_SIZE=1\nBURST_SIZE=0\n" },
	{ "crr", TC, NULL, "SOCKET_TYPE,DIRECTION",
	  "SOCKET_TYPE=Stream\nDIRECTION=Connect|Send|Recv\n" },
	/* Not an RR test: netperf's initial request size, rate and latency. */
	{ "stream rr fields", TS, NULL, "REQUEST_SIZE,RESPONSE_SIZE,TRANSACTION_RATE,RT_LATENCY",
	  "REQUEST_SIZE=-1\nRESPONSE_SIZE=-1\nTRANSACTION_RATE=1.000\nRT_LATENCY=-1.000\n" },
	{ "socket sizes", TS, NULL,
	  "LSS_SIZE_REQ,LSS_SIZE,LSS_SIZE_END,LSR_SIZE,RSS_SIZE,RSR_SIZE,"
	  "LOCAL_SEND_SIZE,LOCAL_RECV_SIZE,REMOTE_SEND_SIZE,REMOTE_RECV_SIZE",
	  "LSS_SIZE_REQ=-1\nLSS_SIZE=16384\nLSS_SIZE_END=16384\nLSR_SIZE=131072\n"
	  "RSS_SIZE=16384\nRSR_SIZE=131072\nLOCAL_SEND_SIZE=16384\n"
	  "LOCAL_RECV_SIZE=16384\nREMOTE_SEND_SIZE=16384\nREMOTE_RECV_SIZE=16384\n" },
	{ "counters", TS, fill_stream,
	  "LOCAL_SEND_CALLS,LOCAL_BYTES_SENT,LOCAL_BYTES_PER_SEND,LOCAL_BYTES_XFERD,"
	  "LOCAL_BYTES_PER_RECV,REMOTE_RECV_CALLS,REMOTE_BYTES_RECVD,REMOTE_BYTES_PER_RECV,"
	  "REMOTE_BYTES_XFERD,LOCAL_SEND_THROUGHPUT,LOCAL_RECV_THROUGHPUT,"
	  "REMOTE_RECV_THROUGHPUT",
	  "LOCAL_SEND_CALLS=15259\nLOCAL_BYTES_SENT=250000000\n"
	  "LOCAL_BYTES_PER_SEND=16383.77\nLOCAL_BYTES_XFERD=250000000\n"
	  "LOCAL_BYTES_PER_RECV=0.00\nREMOTE_RECV_CALLS=20000\n"
	  "REMOTE_BYTES_RECVD=250000000\nREMOTE_BYTES_PER_RECV=12500.00\n"
	  "REMOTE_BYTES_XFERD=250000000\nLOCAL_SEND_THROUGHPUT=1000.00\n"
	  "LOCAL_RECV_THROUGHPUT=0.00\nREMOTE_RECV_THROUGHPUT=1000.00\n" },
	/* With 'x' units the side rates are 10^6bits/s; with -f k, kbits. */
	{ "rr rates", UR, fill_rr,
	  "THROUGHPUT_UNITS,TRANSACTION_RATE,RT_LATENCY,LOCAL_SEND_THROUGHPUT,"
	  "LOCAL_RECV_THROUGHPUT,SD_UNITS",
	  "THROUGHPUT_UNITS=10^3bits/s\nTRANSACTION_RATE=15809.914\nRT_LATENCY=63.252\n"
	  "LOCAL_SEND_THROUGHPUT=8.00\nLOCAL_RECV_THROUGHPUT=16.00\nSD_UNITS=usec/KB\n" },
	{ "transport", TS, fill_stream,
	  "TRANSPORT_MSS,LOCAL_TRANSPORT_RETRANS,REMOTE_TRANSPORT_RETRANS,"
	  "LOCAL_SEND_WIDTH,LOCAL_RECV_WIDTH,REMOTE_RECV_WIDTH,LOCAL_NODELAY,"
	  "REMOTE_NODELAY,LOCAL_CORK,LOCAL_CONG_CONTROL,REMOTE_CONG_CONTROL",
	  "TRANSPORT_MSS=65483\nLOCAL_TRANSPORT_RETRANS=0\nREMOTE_TRANSPORT_RETRANS=3\n"
	  "LOCAL_SEND_WIDTH=9\nLOCAL_RECV_WIDTH=0\nREMOTE_RECV_WIDTH=2\n"
	  "LOCAL_NODELAY=1\nREMOTE_NODELAY=1\nLOCAL_CORK=0\n"
	  "LOCAL_CONG_CONTROL=cubic\nREMOTE_CONG_CONTROL=\n" },
	{ "udp transport", UR, NULL, "TRANSPORT_MSS,LOCAL_TRANSPORT_RETRANS,LOCAL_NODELAY",
	  "TRANSPORT_MSS=-1\nLOCAL_TRANSPORT_RETRANS=-1\nLOCAL_NODELAY=0\n" },
	{ "endpoints", TS, fill_stream,
	  "SOURCE_PORT,SOURCE_ADDR,SOURCE_FAMILY,DEST_PORT,DEST_ADDR,DEST_FAMILY",
	  "SOURCE_PORT=5001\nSOURCE_ADDR=0.0.0.0\nSOURCE_FAMILY=2\n"
	  "DEST_PORT=5002\nDEST_ADDR=127.0.0.1\nDEST_FAMILY=2\n" },
	{ "ipv6 endpoints", UR, fill_ipv6,
	  "SOURCE_PORT,SOURCE_ADDR,SOURCE_FAMILY,DEST_ADDR,DEST_FAMILY",
	  "SOURCE_PORT=0\nSOURCE_ADDR=::0\nSOURCE_FAMILY=10\nDEST_ADDR=::1\nDEST_FAMILY=10\n" },
	{ "no cpu", TS, NULL,
	  "LOCAL_CPU_UTIL,LOCAL_CPU_METHOD,LOCAL_SD,REMOTE_CPU_UTIL,REMOTE_CPU_METHOD,"
	  "REMOTE_SD,LOCAL_CPU_BIND,REMOTE_CPU_FREQUENCY",
	  "LOCAL_CPU_UTIL=-1.00\nLOCAL_CPU_METHOD=U\nLOCAL_SD=-1.000\n"
	  "REMOTE_CPU_UTIL=-1.00\nREMOTE_CPU_METHOD=U\nREMOTE_SD=-1.000\n"
	  "LOCAL_CPU_BIND=-1\nREMOTE_CPU_FREQUENCY=0\n" },
	{ "cpu", TS, fill_cpu,
	  "LOCAL_CPU_UTIL,LOCAL_CPU_PERCENT_USER,LOCAL_CPU_PERCENT_SYSTEM,"
	  "LOCAL_CPU_PERCENT_IOWAIT,LOCAL_CPU_PERCENT_IRQ,LOCAL_CPU_PERCENT_SWINTR,"
	  "LOCAL_CPU_METHOD,LOCAL_SD,LOCAL_CPU_COUNT,LOCAL_CPU_PEAK_UTIL,"
	  "LOCAL_CPU_PEAK_ID,REMOTE_CPU_COUNT,REMOTE_CPU_PEAK_UTIL,REMOTE_CPU_PEAK_ID",
	  "LOCAL_CPU_UTIL=12.35\nLOCAL_CPU_PERCENT_USER=1.50\n"
	  "LOCAL_CPU_PERCENT_SYSTEM=2.25\nLOCAL_CPU_PERCENT_IOWAIT=0.00\n"
	  "LOCAL_CPU_PERCENT_IRQ=0.12\nLOCAL_CPU_PERCENT_SWINTR=8.00\n"
	  "LOCAL_CPU_METHOD=S\nLOCAL_SD=0.500\nLOCAL_CPU_COUNT=4\n"
	  "LOCAL_CPU_PEAK_UTIL=50.00\nLOCAL_CPU_PEAK_ID=3\nREMOTE_CPU_COUNT=2\n"
	  "REMOTE_CPU_PEAK_UTIL=-1.00\nREMOTE_CPU_PEAK_ID=-1\n" },
	{ "no confidence", UR, NULL,
	  "CONFIDENCE_LEVEL,CONFIDENCE_INTERVAL,CONFIDENCE_ITERATION,"
	  "THROUGHPUT_CONFID,LOCAL_CPU_CONFID,REMOTE_CPU_CONFID",
	  "CONFIDENCE_LEVEL=0\nCONFIDENCE_INTERVAL=-1.000000\nCONFIDENCE_ITERATION=1\n"
	  "THROUGHPUT_CONFID=-1.000\nLOCAL_CPU_CONFID=-1.000\nREMOTE_CPU_CONFID=-1.000\n" },
	{ "confidence", UR, fill_conf,
	  "CONFIDENCE_LEVEL,CONFIDENCE_INTERVAL,CONFIDENCE_ITERATION,"
	  "THROUGHPUT_CONFID,LOCAL_CPU_CONFID,REMOTE_CPU_CONFID",
	  "CONFIDENCE_LEVEL=95\nCONFIDENCE_INTERVAL=10.000000\nCONFIDENCE_ITERATION=7\n"
	  "THROUGHPUT_CONFID=3.142\nLOCAL_CPU_CONFID=0.000\nREMOTE_CPU_CONFID=12.500\n" },
	{ "no latency", UR, NULL, "MIN_LATENCY,P99_LATENCY,MEAN_LATENCY,STDDEV_LATENCY",
	  "MIN_LATENCY=-1\nP99_LATENCY=-1\nMEAN_LATENCY=-1.00\nSTDDEV_LATENCY=-1.00\n" },
	/* Without -B netperf has no brand at all: no line. */
	{ "no brand", TS, fill_stream, "RESULT_BRAND,UUID,COMMAND_LINE",
	  "UUID=1c3a3c0e-1b4c-11ef-8a55-0242ac120002\n"
	  "COMMAND_LINE=\"netperf -H 127.0.0.1 -- -k all\"\n" },
	{ "brand", TS, fill_brand, "RESULT_BRAND", "RESULT_BRAND=\"my brand\"\n" },
	{ "not measured", TS, fill_unset,
	  "LOCAL_SYSNAME,REMOTE_MACHINE,LOCAL_CPU_MODEL,LOCAL_INTERFACE_NAME,"
	  "LOCAL_INTERFACE_VENDOR,REMOTE_INTERFACE_SUBDEVICE,LOCAL_DRIVER_NAME,"
	  "REMOTE_INTERFACE_SLOT,LOCAL_SECURITY_TYPE_ID,LOCAL_SECURITY_TYPE,"
	  "REMOTE_SECURITY_ENABLED_NUM,LOCAL_INTERVAL_USECS,LOCAL_SEND_ALIGN,"
	  "REMOTE_RECV_ALIGN,LOCAL_SEND_OFFSET,LOCAL_SEND_DIRTY_COUNT,"
	  "REMOTE_RECV_CLEAN_COUNT,LOCAL_SOCKET_PRIO,LOCAL_SOCKET_TOS,"
	  "REMOTE_SOCKET_TOS,LOCAL_FILL_FILE",
	  "LOCAL_SYSNAME=Deprecated\nREMOTE_MACHINE=Deprecated\n"
	  "LOCAL_CPU_MODEL=Deprecated\nLOCAL_INTERFACE_NAME=Deprecated\n"
	  "LOCAL_INTERFACE_VENDOR=0xfffffffe\nREMOTE_INTERFACE_SUBDEVICE=0xfffffffe\n"
	  "LOCAL_DRIVER_NAME=Deprecated\nREMOTE_INTERFACE_SLOT=Deprecated\n"
	  "LOCAL_SECURITY_TYPE_ID=0\nLOCAL_SECURITY_TYPE=Deprecated\n"
	  "REMOTE_SECURITY_ENABLED_NUM=0\nLOCAL_INTERVAL_USECS=0\n"
	  "LOCAL_SEND_ALIGN=8\nREMOTE_RECV_ALIGN=8\nLOCAL_SEND_OFFSET=0\n"
	  "LOCAL_SEND_DIRTY_COUNT=-1\nREMOTE_RECV_CLEAN_COUNT=-1\n"
	  "LOCAL_SOCKET_PRIO=-1\nLOCAL_SOCKET_TOS=0xffffffff\n"
	  "REMOTE_SOCKET_TOS=0xffffffff\nLOCAL_FILL_FILE=\n" },
};

#define N_KVS ((int)(sizeof(kvs) / sizeof(kvs[0])))

START_TEST(test_values)
{
	const struct kv_case *c = &kvs[_i];
	struct np_report r;
	char *got;

	golden_base(&r, c->test);
	r.headers = false;      /* -k -P 0: the lines alone */
	if (c->setup)
		c->setup(&r);
	got = print_sel(&r, c->list, NP_SEL_KEYVAL);
	golden_assert_text(c->what, got, c->want);
	free(got);
}
END_TEST

/* A missing brand in CSV and -O: its title stays, its value is empty;
 * long strings are never cut. */
START_TEST(test_brand_and_long_strings)
{
	struct np_report r;
	char *got, *cmd;
	char want[512];
	size_t n = 3000;

	golden_base(&r, TS);
	r.res.throughput = 1.5;
	got = print_sel(&r, "RESULT_BRAND,THROUGHPUT,RESULT_BRAND", NP_SEL_CSV);
	snprintf(want, sizeof(want), "%sResult Tag,Throughput,Result Tag\n, 1.50,,\n",
		 banner_ts);
	golden_assert_text("csv", got, want);
	free(got);

	got = print_sel(&r, "RESULT_BRAND,THROUGHPUT", NP_SEL_COLUMNS);
	snprintf(want, sizeof(want), "%s"
		 "Result Throughput \n"
		 "Tag               \n"
		 "                  \n"
		 "                  \n"
		 "       1.50       \n", banner_ts);
	golden_assert_text("columns", got, want);
	free(got);

	cmd = malloc(n + 1);
	ck_assert_ptr_ne(cmd, NULL);
	memset(cmd, 'x', n);
	cmd[n] = '\0';
	r.command_line = cmd;
	r.headers = false;
	got = print_sel(&r, "COMMAND_LINE", NP_SEL_COLUMNS);
	ck_assert_uint_eq(strlen(got), n + 2 + 2 + 1);  /* quotes, 2 blanks, \n */
	ck_assert_int_eq(got[0], '"');
	ck_assert_int_eq(got[n + 1], '"');
	free(got);
	free(cmd);
}
END_TEST

/* -o: a value holding a comma or a quote (a host fact or a congestion
 * control name from the peer, a -B tag) is quoted as RFC 4180 asks, so
 * that a CSV reader finds every column where the titles say; the command
 * line stays in netperf's quotes, its own quotes doubled.  -k keeps the
 * values as they are. */
START_TEST(test_csv_quoting)
{
	struct np_report r;
	char *got;

	golden_base(&r, TS);
	r.headers = false;
	r.res.throughput = 1.5;
	r.res.remote_host.known = true;
	snprintf(r.res.remote_host.cpu_model, sizeof(r.res.remote_host.cpu_model),
		 "ACME \"Fast\", 8 cores");
	snprintf(r.res.rcong, sizeof(r.res.rcong), "a,b");
	r.brand = "tag";
	r.command_line = "netperf -B \"x\" -i 10,2";
	got = print_sel(&r, "THROUGHPUT,REMOTE_CPU_MODEL,REMOTE_CONG_CONTROL,RESULT_BRAND,"
			"COMMAND_LINE", NP_SEL_CSV);
	golden_assert_text("csv", got, "1.50,\"ACME \"\"Fast\"\", 8 cores\",\"a,b\",\"tag\","
			   "\"netperf -B \"\"x\"\" -i 10,2\"\n");
	free(got);
	got = print_sel(&r, "REMOTE_CPU_MODEL,REMOTE_CONG_CONTROL", NP_SEL_KEYVAL);
	golden_assert_text("keyval", got, "REMOTE_CPU_MODEL=ACME \"Fast\", 8 cores\n"
			   "REMOTE_CONG_CONTROL=a,b\n");
	free(got);
}
END_TEST

/* "all" prints 175 - 2 fields (not OUTPUT_NONE, not OUTPUT_END) on one
 * CSV title line and one value line. */
START_TEST(test_all_csv)
{
	struct np_report r;
	char *got, *nl;
	int commas = 0;

	golden_base(&r, TC);
	fill_stream(&r);
	r.brand = "b";
	got = print_sel(&r, "all", NP_SEL_CSV);
	nl = strchr(strchr(got, '\n') + 1, '\n');
	ck_assert_ptr_ne(nl, NULL);
	for (char *p = strchr(got, '\n') + 1; p < nl; p++)
		commas += *p == ',';
	ck_assert_int_eq(commas, 173 - 1);
	ck_assert_ptr_ne(strstr(got, ",Remote OS Security Enabled,"), NULL);
	ck_assert_ptr_ne(strstr(got, ",Local Peak Per CPU Util %,"), NULL);
	ck_assert_ptr_ne(strstr(got, ",\"netperf -H 127.0.0.1 -- -k all\"\n"), NULL);
	free(got);
}
END_TEST

static Suite *select_suite(void)
{
	Suite *s = suite_create("select");
	TCase *g = tcase_create("golden");
	TCase *p = tcase_create("parse");
	TCase *l = tcase_create("layout");

	tcase_add_loop_test(g, test_golden, 0, N_GOLDEN);
	tcase_add_test(g, test_list_names);
	suite_add_tcase(s, g);

	tcase_add_loop_test(p, test_default_lists, 0, N_DEFAULTS);
	tcase_add_test(p, test_direct_lists);
	tcase_add_test(p, test_unknown_kept);
	tcase_add_test(p, test_all);
	tcase_add_test(p, test_rows);
	tcase_add_test(p, test_file);
	tcase_add_test(p, test_errors);
	tcase_add_test(p, test_wants_latency);
	suite_add_tcase(s, p);

	tcase_add_test(l, test_csv_unknown);
	tcase_add_test(l, test_csv_quoting);
	tcase_add_test(l, test_columns_keyval_unknown);
	tcase_add_test(l, test_several_lines);
	tcase_add_test(l, test_columns_wide_value);
	tcase_add_test(l, test_replaces_tables);
	tcase_add_loop_test(l, test_values, 0, N_KVS);
	tcase_add_test(l, test_brand_and_long_strings);
	tcase_add_test(l, test_all_csv);
	suite_add_tcase(s, l);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(select_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(names_buf);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
