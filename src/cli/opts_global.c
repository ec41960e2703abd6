/*
 * opts_global.c - netperf's global options (before --): their rows, in
 * -h's order, the readers of the values that need a check of their own,
 * and -h's text.  A row names its reader (.read), or its kind's is used
 * (optread.c); the engine (optwalk.c) splits the comma pairs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/opts.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "base/units.h"
#include "cli/optread.h"
#include "cli/opts_rows.h"
#include "cli/optwalk.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/wire.h"

#define NP_BRAND_MAX 256
/* -s: a pause longer than this is a typo. */
#define NP_MAX_WAIT_S 3600

static const char dirty_note[] =
	"dirtying buffers is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored";
/* -W (global and test): netperf 2.7.1 cycles through that many buffers;
 * the count goes to netserver, but netperf-ng's loops use one. */
const char np_width_note[] =
	"netperf-ng sends and receives from one buffer; the count only goes to netserver";

/* Readers ----------------------------------------------------------- */

static void print_usage(FILE *out);

static enum np_opts_status help(const struct cur *c, const char *text, void *field)
{
	(void)text;
	(void)field;
	print_usage(c->out);
	return NP_OPTS_DONE;
}

bool np_interval_word(const char *w, bool unit)
{
	size_t n = strspn(w, "0123456789");

	return n > 0 && n < 10 && (w[n] == '\0' || (unit && strchr("mus", w[n]) && !w[n + 1]));
}

/* -b bursts, -w an interval with an optional unit (m, u, s): checked,
 * then ignored (the row's note) as a plain netperf 2.7.1 ignores them. */
static enum np_opts_status burst_word(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return np_interval_word(text, false) ? NP_OPTS_RUN
					  : opt_bad(c, "a burst is a number of packets");
}

static enum np_opts_status interval_time(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return np_interval_word(text, true)
		       ? NP_OPTS_RUN
		       : opt_bad(c, "an interval is a number with an optional m, u or s");
}

/* -B: it lands in output that scripts parse: one printable word or
 * phrase, no control characters. */
static enum np_opts_status brand(const struct cur *c, const char *text, void *field)
{
	if (strlen(text) > NP_BRAND_MAX)
		return opt_bad(c, "longer than %d characters", NP_BRAND_MAX);
	for (const char *q = text; *q; q++)
		if (iscntrl((unsigned char)*q))
			return opt_bad(c, "holds a control character");
	*(const char **)field = text;
	return NP_OPTS_RUN;
}

/* -c/-C [rate]: the rate calibrated CPU-looping methods; /proc/stat
 * needs none, so it is checked and then ignored. */
static enum np_opts_status cpu_rate(const struct cur *c, const char *text, void *field)
{
	char *end;

	if (text && (strtod(text, &end) < 0 || *end != '\0' || end == text))
		return opt_bad(c, "not a CPU rate");
	opt_put(c, field, 1);
	return NP_OPTS_RUN;
}

/* -d, once per -d. */
static enum np_opts_status count(const struct cur *c, const char *text, void *field)
{
	(void)c;
	(void)text;
	(*(int *)field)++;
	return NP_OPTS_RUN;
}

/* -D time[,units]: a negative time asks netperf 2.7.1 to read the clock
 * per operation for a more exact interval; its size is the interval
 * (flent passes -D -0.2).  Ticks come from a timer here, so both read
 * the same. */
static enum np_opts_status interim(const struct cur *c, const char *text, void *field)
{
	char *end;
	const double secs = strtod(text, &end);

	if (*end != '\0' || end == text || text[strspn(text, "-0123456789.")] ||
	    strchr(text + 1, '-') || !(fabs(secs) >= 0.001 && fabs(secs) <= NP_MAX_SECONDS))
		return opt_bad(c, "interim interval must be 0.001 to %d seconds (or its negative)",
			       NP_MAX_SECONDS);
	*(double *)field = fabs(secs);
	return NP_OPTS_RUN;
}

/* -f: netperf reads the first letter: "-f Mbits" is "-f M". */
static enum np_opts_status unit(const struct cur *c, const char *text, void *field)
{
	if (!np_unit_valid(text[0]))
		return opt_bad(c, "unknown unit (one of k m g for 10^n bits, K M G B for bytes, x for transactions)");
	*(char *)field = text[0];
	return NP_OPTS_RUN;
}

/* -F lfill[,rfill]: a file name, kept in the row's buffer; the remote
 * name travels in a field of NP_FILL_LEN. */
static enum np_opts_status fill_name(const struct cur *c, const char *text, void *field,
				     size_t max)
{
	if (strlen(text) > max)
		return opt_bad(c, "%s: a fill file name is at most %zu characters", text, max);
	opt_keep(c, text, field);
	return NP_OPTS_RUN;
}

static enum np_opts_status local_fill(const struct cur *c, const char *text, void *field)
{
	return fill_name(c, text, field, c->row->bufsize - 1);
}

static enum np_opts_status remote_fill(const struct cur *c, const char *text, void *field)
{
	return fill_name(c, text, field, NP_FILL_LEN - 1);
}

/* -i max[,min]: netperf 2.7.1 raises a max below the min to it, then
 * keeps both within 3..30 (an interval needs three samples); it does so
 * silently, we say so unless only the floor of 3 moved. */
static enum np_opts_status iterations(const struct cur *c, unsigned halves)
{
	struct np_opts *o = c->base;
	const int mx = o->iter_max, mn = o->iter_min;
	const int fmx = mx < mn ? mn : mx;
	const int fmax = fmx < 3 ? 3 : fmx > 30 ? 30 : fmx;
	const int fmin = mn < 3 ? 3 : mn > 30 ? 30 : mn;
	const bool below = halves == 3 && mx < mn;

	if (below || mx > 30 || mn > 30 || mx < 1 || mn < 1)
		opt_notice(c, "%s; runs as -i %d,%d, as netperf 2.7.1 does",
			   below ? "the max is below the min" : "iterations are 3..30", fmax, fmin);
	o->iter_max = fmax;
	o->iter_min = fmin;
	o->confidence = true;
	return NP_OPTS_RUN;
}

/* -I ,width: a width past 100 % is an interval always met, as 2.7.1
 * takes it (-I 99,500).  (Any level: t is computed, not looked up;
 * 2.7.1 has 95 and 99 alone, and truncates 99.9 to 99.) */
static enum np_opts_status conf_width(const struct cur *c, const char *text, void *field)
{
	double w;

	if (!opt_plain_decimal(text, &w) || !(w > 0))
		return opt_bad(c, "interval width %s is not a percentage above 0", text);
	*(double *)field = w;
	return NP_OPTS_RUN;
}

/* -i and -I ask for confidence. */
static enum np_opts_status confidence(const struct cur *c, unsigned halves)
{
	(void)halves;
	((struct np_opts *)c->base)->confidence = true;
	return NP_OPTS_RUN;
}

/* -l: seconds, or a negative count of bytes or transactions. */
static enum np_opts_status length(const struct cur *c, const char *text, void *field)
{
	const char *why, *rest;
	int64_t v;
	const int r = opt_lenient(c, text, -NP_MAX_COUNT, NP_MAX_SECONDS, &v, &rest, &why);

	if (r < 0 || v == 0)
		return opt_bad(c, "%s (use 1..%d seconds, or -1..-%d bytes or transactions)",
			       r < 0 ? why : "a test of length 0 would never end", NP_MAX_SECONDS,
			       NP_MAX_COUNT);
	opt_ignored_tail(c, v, rest);
	*(int64_t *)field = v;
	return NP_OPTS_RUN;
}

static enum np_opts_status test(const struct cur *c, const char *text, void *field)
{
	const struct np_test *t = np_test_find(text);

	if (t) {
		*(const struct np_test **)field = t;
		return NP_OPTS_RUN;
	}
	fprintf(c->err, "%s: -t %s: unknown test (", c->prog, text);
	for (const struct np_test *const *k = np_tests(); *k; k++)
		fprintf(c->err, "%s%s", (*k)->name, k[1] ? ", " : ")\n");
	return NP_OPTS_USAGE;
}

/* -v: 2.7.1 prints no result at all past 2, which helps no one. */
static enum np_opts_status verbosity(const struct cur *c, const char *text, void *field)
{
	int64_t v;
	enum np_opts_status st = opt_number(c, text, 0, 100, "", &v);

	if (st != NP_OPTS_RUN)
		return st;
	if (v > 2)
		opt_notice(c, "the most verbose level is 2; using it");
	*(int *)field = v > 2 ? 2 : (int)v;
	return NP_OPTS_RUN;
}

/* -Y: netperf 2.7.1's parse_ipqos: a DSCP or ToS name, or a number in
 * any C base ("0xb8", "184"), 0..255. */
static enum np_opts_status tos(const struct cur *c, const char *text, void *field)
{
	static const struct { const char *name; int value; } names[] = {
		{ "af11", 0x28 }, { "af12", 0x30 }, { "af13", 0x38 },
		{ "af21", 0x48 }, { "af22", 0x50 }, { "af23", 0x58 },
		{ "af31", 0x68 }, { "af32", 0x70 }, { "af33", 0x78 },
		{ "af41", 0x88 }, { "af42", 0x90 }, { "af43", 0x98 },
		{ "cs0", 0x00 }, { "cs1", 0x20 }, { "cs2", 0x40 }, { "cs3", 0x60 },
		{ "cs4", 0x80 }, { "cs5", 0xa0 }, { "cs6", 0xc0 }, { "cs7", 0xe0 },
		{ "ef", 0xb8 }, { "lowdelay", 0x10 }, { "throughput", 0x08 },
		{ "reliability", 0x04 },
	};
	char *end;
	long v;

	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (strcasecmp(text, names[k].name) == 0) {
			*(int *)field = names[k].value;
			return NP_OPTS_RUN;
		}
	}
	errno = 0;
	v = strtol(text, &end, 0);
	if (!isdigit((unsigned char)text[0]) || *end != '\0' || errno || v < 0 || v > 255)
		return opt_bad(c, "%s is not a ToS/DSCP byte (0..255, e.g. 0xb8, or a name: ef, af41, cs1, lowdelay)",
			       text);
	*(int *)field = (int)v;
	return NP_OPTS_RUN;
}

#ifndef HAVE_JANSSON
static enum np_opts_status no_json(const struct cur *c, const char *text, void *field)
{
	(void)text;
	(void)field;
	return opt_bad(c, "this netperf was built without JSON support (jansson)");
}
#endif

/* Rows ---------------------------------------------------------------- */

/* Global options: what -h prints, in netperf's order. */
const struct optrow np_global_rows[] = {
	{ .name = "local-align", .letter = 'a', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lalign[0], lalign[1]), .min = 1, .max = 1 << 20, .unit = "bytes", .def = 8,
	  .def2 = 8, .metavar = "send,recv", .help = "Set the local send,recv buffer alignment" },
	{ .name = "remote-align", .letter = 'A', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(ralign[0], ralign[1]), .min = 1, .max = 1 << 20, .unit = "bytes", .def = 8,
	  .def2 = 8, .metavar = "send,recv", .help = "Set the remote send,recv buffer alignment" },
	{ .letter = 'b', .kind = OPT_TEXT, .flags = OPT_FIRST, .read = burst_word,
	  .note = "packet burst size is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored",
	  .metavar = "burst", .help = "Packet bursts (netperf --enable-intervals only; ignored)" },
	{ .name = "brand", .letter = 'B', .kind = OPT_TEXT, NP_AT(brand), .read = brand,
	  .metavar = "brandstr", .help = "Specify a string to be emitted with brief output" },
	{ .name = "local-cpu", .letter = 'c', .kind = OPT_FLAG, .arg = OPT_ARG_NUMBER,
	  NP_AT(local_cpu), .read = cpu_rate, OPT_JSON("local_cpu"), .metavar = "[cpu_rate]",
	  .help = "Report local CPU usage" },
	{ .name = "remote-cpu", .letter = 'C', .kind = OPT_FLAG, .arg = OPT_ARG_NUMBER,
	  NP_AT(remote_cpu), .read = cpu_rate, OPT_JSON("remote_cpu"), .metavar = "[cpu_rate]",
	  .help = "Report remote CPU usage" },
	{ .name = "debug", .letter = 'd', .kind = OPT_INT, .arg = OPT_ARG_NONE, NP_AT(debug),
	  .read = count, .metavar = "", .help = "Increase debugging output (on stderr)" },
	{ .name = "interim", .letter = 'D', .kind = OPT_DECIMAL, .flags = OPT_FIRST | OPT_NEED1,
	  NP_AT(interim), .read = interim, .read2 = opt_read_ignored, OPT_JSON("interim_s"),
	  .show = NP_SHOW_SET, .metavar = "time,[units] *",
	  .help = "Display interim results at least every time interval\n"
		  "(seconds; a negative time is read as its size;\n"
		  "units, netperf's first guess of the rate, is ignored)" },
	{ .name = "unit", .letter = 'f', .kind = OPT_TEXT, NP_AT(unit), .read = unit,
	  .metavar = "G|M|K|g|m|k|B|b|x", .help = "Set the output units" },
	{ .name = "fill", .letter = 'F', .kind = OPT_TEXT, .flags = OPT_FIRST, NP_AT2(lfill, rfill),
	  NP_BUF(fill_buf[0]), .read = local_fill, .read2 = remote_fill, .metavar = "lfill[,rfill]*",
	  .help = "Pre-fill send buffers with data from a local file\n"
		  "(rfill is passed on; netserver-ng never opens it)" },
	{ .letter = 'h', .kind = OPT_FLAG, .read = help, .metavar = "",
	  .help = "Display this text" },
	{ .name = "host", .letter = 'H', .kind = OPT_TEXT, .flags = OPT_FIRST | OPT_ONE,
	  NP_AT2(host, family), NP_BUF(host_buf[0]), .read = opt_read_host,
	  .read2 = opt_read_family, .metavar = "name|ip,fam *",
	  .help = "Specify the target machine and/or its address family" },
	{ .name = "iterations", .letter = 'i', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(iter_max, iter_min), .min = INT32_MIN, .max = INT32_MAX, .unit = "iterations",
	  .def = 1, .def2 = 1, .then = iterations, OPT_JSON("iterations_max", "iterations_min"),
	  .metavar = "max,min",
	  .help = "Specify the max and min number of iterations (15,1)\n"
		  "(3..30, as netperf 2.7.1 runs them)" },
	{ .name = "confidence", .letter = 'I', .kind = OPT_DECIMAL, .flags = OPT_PAIR,
	  NP_AT2(conf_level, conf_width), .min = 50, .max = 99.99, .def = 99, .def2 = 5,
	  .read2 = conf_width, .then = confidence,
	  OPT_JSON("confidence_level_percent", "confidence_width_percent"),
	  .show = NP_SHOW_CONFIDENCE, .metavar = "lvl[,intvl]",
	  .help = "Specify confidence level (50 to 99.99) (99)\n"
		  "and confidence interval in percentage (5)" },
	{ .name = "latency", .letter = 'j', .kind = OPT_FLAG, NP_AT(latency), OPT_JSON("latency"),
	  .metavar = "", .help = "Keep additional timing statistics" },
	/* netperf 2.7.1's plain build: "I don't know how to get dirty." */
	{ .letter = 'k', .kind = OPT_INT, .flags = OPT_PAIR, .min = 0, .max = INT32_MAX,
	  .note = dirty_note, .metavar = "dirty,clean",
	  .help = "Dirty buffers (netperf --enable-dirty only; ignored)" },
	{ .letter = 'K', .kind = OPT_INT, .flags = OPT_PAIR, .min = 0, .max = INT32_MAX,
	  .note = dirty_note, .metavar = "dirty,clean",
	  .help = "Remote dirty buffers (likewise ignored)" },
	{ .name = "length", .letter = 'l', .kind = OPT_INT, NP_AT(length), .def = 10,
	  .read = length, OPT_JSON("length_s", "length_bytes", "length_transactions"),
	  .show = NP_SHOW_LENGTH, .metavar = "testlen",
	  .help = "Specify test duration (>0 secs) (<0 bytes|trans)" },
	{ .name = "local-host", .letter = 'L', .kind = OPT_TEXT, .flags = OPT_FIRST | OPT_ONE,
	  NP_AT2(local_host, family), NP_BUF(host_buf[1]), .read = opt_read_host,
	  .read2 = opt_read_family, OPT_JSON("control.local_host"), .metavar = "name|ip,fam *",
	  .help = "Specify the local ip|name and address family" },
	{ .name = "local-offset", .letter = 'o', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(loffset[0], loffset[1]), .min = 0, .max = 1 << 20, .unit = "bytes",
	  .metavar = "send,recv", .help = "Set the local send,recv buffer offsets" },
	{ .name = "remote-offset", .letter = 'O', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(roffset[0], roffset[1]), .min = 0, .max = 1 << 20, .unit = "bytes",
	  .metavar = "send,recv", .help = "Set the remote send,recv buffer offset" },
	{ .name = "cpus", .letter = 'n', .kind = OPT_INT, NP_AT(ncpus), .min = 1, .max = 4096,
	  .unit = "CPUs", .metavar = "numcpu", .help = "Set the number of processors for CPU util" },
	{ .name = "no-control", .letter = 'N', .kind = OPT_FLAG, NP_AT(no_control), .metavar = "",
	  .help = "Establish no control connection, do 'send' side only" },
	/* netserver's port is never 0; the local one is any with 0. */
	{ .name = "port", .letter = 'p', .kind = OPT_PORT, .flags = OPT_FIRST,
	  NP_AT2(port, local_port), .min = 1, .read2 = opt_read_any_port, .def = NP_CONTROL_PORT,
	  OPT_JSON("control.port", "control.local_port"), .show = NP_SHOW_SET,
	  .metavar = "port,lport*", .help = "Specify netserver port number and/or local port" },
	{ .name = "headers", .letter = 'P', .kind = OPT_INT, NP_AT(headers), .min = 0, .max = 1,
	  .def = 1, .metavar = "0|1", .help = "Don't/Do display test headers" },
	{ .name = "result-only", .letter = 'r', .kind = OPT_FLAG, NP_AT(result_only),
	  OPT_JSON("confidence_result_only"), .metavar = "",
	  .help = "Allow confidence to be hit on result only" },
	{ .name = "wait", .letter = 's', .kind = OPT_INT, NP_AT(wait_s), .min = 0,
	  .max = NP_MAX_WAIT_S, .unit = "seconds", .metavar = "seconds",
	  .help = "Wait seconds between test setup and test start" },
	{ .name = "keepalive", .letter = 'S', .kind = OPT_FLAG, NP_AT(keepalive), .metavar = "",
	  .help = "Set SO_KEEPALIVE on the data connection" },
	{ .name = "test", .letter = 't', .kind = OPT_TEXT, NP_AT(test), .read = test,
	  .metavar = "testname", .help = "Specify test to perform" },
	/* A half left out is "any" again. */
	{ .name = "cpu-bind", .letter = 'T', .kind = OPT_INT, .flags = OPT_PAIR | OPT_RESET,
	  NP_AT2(lcpu_bind, rcpu_bind), .min = 0, .max = 1023, .def = -1, .def2 = -1,
	  .metavar = "lcpu,rcpu", .help = "Request netperf/netserver be bound to local/remote cpu" },
	{ .name = "verbosity", .letter = 'v', .kind = OPT_INT, NP_AT(verbosity), .def = 1,
	  .read = verbosity, .metavar = "verbosity",
	  .help = "Specify the verbosity level (0, 1 or 2)" },
	{ .letter = 'V', .kind = OPT_FLAG, .read = opt_read_version, .metavar = "",
	  .help = "Display the netperf version and exit" },
	{ .letter = 'w', .kind = OPT_TEXT, .flags = OPT_FIRST, .read = interval_time,
	  .note = "packet rate control is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored",
	  .metavar = "time", .help = "Packet interval (netperf --enable-intervals only; ignored)" },
	{ .name = "buffers", .letter = 'W', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lwidth[0], lwidth[1]), .min = 1, .max = 1024, .unit = "buffers",
	  .note = np_width_note, .metavar = "send,recv", .help = "Set the number of send,recv buffers" },
	{ .name = "priority", .letter = 'y', .kind = OPT_INT, .flags = OPT_PAIR, NP_AT2(lprio, rprio),
	  .min = 0, .max = 255, .def = -1, .def2 = -1, .metavar = "local,remote",
	  .help = "Set the socket priority" },
	{ .name = "tos", .letter = 'Y', .kind = OPT_INT, .flags = OPT_PAIR, NP_AT2(ltos, rtos),
	  .def = -1, .def2 = -1, .read = tos, .metavar = "local,remote",
	  .help = "Set the IP_TOS. Use hexadecimal." },
	{ .letter = '4', .kind = OPT_SET, NP_AT(family), .def = AF_INET, .metavar = "",
	  .help = "Use IPv4 for the control and data connections" },
	{ .name = "passphrase", .letter = 'Z', .kind = OPT_TEXT, NP_AT(passphrase),
	  .read = opt_read_passphrase, .metavar = "passphrase",
	  .help = "Set and pass to netserver a passphrase" },
	{ .letter = '6', .kind = OPT_SET, NP_AT(family), .def = AF_INET6, .metavar = "",
	  .help = "Use IPv6 for the control and data connections" },
	{ 0 },
};

/* netperf-ng's own: long names only, so that no letter of netperf 2.7.1
 * changes meaning. */
const struct optrow np_global_long_rows[] = {
	{ .name = "flows", .flags = OPT_LONG, .kind = OPT_INT, NP_AT(flows), OPT_JSON("flows"),
	  .min = 1, .max = NP_MAX_MANY_FLOWS, .unit = "flows", .def = 1, .metavar = "N",
	  .help = "Run N flows of the test at once (up to 100000)\n"
		  "on --threads event loops and one control\n"
		  "connection; prints their SUM and spread (1)" },
	{ .name = "threads", .flags = OPT_LONG, .kind = OPT_INT, NP_AT(threads), OPT_JSON("threads"),
	  .min = 1, .max = 64, .unit = "threads", .def = 0, .metavar = "T",
	  .help = "Event-loop threads for --flows, on each side\n(the online CPUs, at most N)" },
	{ .name = "num-ports", .flags = OPT_LONG, .kind = OPT_INT, NP_AT(num_ports),
	  OPT_JSON("num_ports"), .min = 1, .max = 64, .unit = "ports", .def = 0, .metavar = "P",
	  .help = "netserver data ports per thread for --flows\n"
		  "(one per 10000 flows: room for ephemeral ports)" },
	{ .name = "per-flow", .flags = OPT_LONG, .kind = OPT_FLAG, NP_AT(per_flow),
	  OPT_JSON("per_flow"), .metavar = "",
	  .help = "With --flows: a line (-J: an object) for every\nflow" },
	{ .name = "rst-close", .flags = OPT_LONG, .kind = OPT_FLAG, NP_AT(rst_close),
	  OPT_JSON("rst_close"), .metavar = "",
	  .help = "--flows TCP_CRR: end each connection with a\nreset (no TIME_WAIT)" },
	{ .name = "local-cpus", .flags = OPT_LONG, .kind = OPT_CPUS, NP_AT2(lcpus[0], nlcpus),
	  .metavar = "list",
	  .help = "CPUs the flows run on here, spread in turn\n(e.g. 0-3,6)" },
	{ .name = "remote-cpus", .flags = OPT_LONG, .kind = OPT_CPUS, NP_AT2(rcpus[0], nrcpus),
	  .metavar = "list", .help = "CPUs netserver runs the flows on, likewise" },
	{ .name = "progress", .flags = OPT_LONG, .kind = OPT_SET, NP_AT(progress), .def = 1,
	  .metavar = "", .help = "Draw the progress line on stderr even when it\n"
				 "is not a terminal" },
	{ .name = "no-progress", .flags = OPT_LONG, .kind = OPT_SET, NP_AT(progress), .def = -1,
	  .metavar = "", .help = "Never draw it (drawn when stderr is a terminal)" },
	/* 2.7.1 has no -J: the letter is free. */
#ifdef HAVE_JANSSON
	{ .name = "json", .letter = 'J', .flags = OPT_LONG, .kind = OPT_FLAG, NP_AT(json),
	  .metavar = "", .help = "Print the run as one JSON object instead of\n"
				 "the classic output (netperf(1))" },
#else
	{ .name = "json", .letter = 'J', .flags = OPT_LONG, .kind = OPT_FLAG, NP_AT(json),
	  .read = no_json, .metavar = "",
	  .help = "Print one JSON object (not in this build: it\n"
		  "was built without jansson)" },
#endif
	{ 0 },
};

/* Settings that several options set (-4/-6, -H/-L name,fam, and after
 * --): no option names them alone. */
const struct optrow np_global_settings[] = {
	{ .name = "family", .kind = OPT_INT, NP_AT(family), .def = AF_UNSPEC,
	  OPT_JSON("control.family"), .show = NP_SHOW_FAMILY },
	{ .name = "data-family", .kind = OPT_INT, NP_AT(data_family), .def = AF_UNSPEC },
	{ 0 },
};

/* -h ----------------------------------------------------------------- */

const char np_pair_note[] =
	"\n"
	"For those options taking two parms, at least one must be specified;\n"
	"specifying one value without a comma will set both parms to that\n"
	"value, specifying a value with a leading comma will set just the second\n"
	"parm, a value with a trailing comma will set just the first. To set\n"
	"each parm to unique values, specify both and separate them with a\n"
	"comma.\n";

static const char star_note[] =
	"\n"
	"* For these options taking two parms, specifying one value with no comma\n"
	"will only set the first parms and will leave the second at the default\n"
	"value. To set the second value it must be preceded with a comma or be a\n"
	"comma-separated pair. This is to retain previous netperf behaviour.\n";

static void print_usage(FILE *out)
{
	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "Global options:\n", out);
	opt_print(out, &(struct optable){ np_global_rows, 18 });
	fputs(np_pair_note, out);
	fputs(star_note, out);
	fputs("\nnetperf-ng options:\n", out);
	opt_print(out, &(struct optable){ np_global_long_rows, 28 });
	fputs("\nTests: ", out);
	for (const struct np_test *const *t = np_tests(); *t; t++)
		fprintf(out, "%s%s", (*t)->name, t[1] ? ", " : "\n");
	fputs("Test options: netperf [-t test] -- -h\n", out);
}
