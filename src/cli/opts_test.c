/*
 * opts_test.c - netperf's test options (after --): netperf 2.7.1's rows
 * and netperf-ng's, a test's own options as rows from its descriptor,
 * the readers of the values that need a check of their own, and
 * -- -h's text.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/opts.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "cli/optread.h"
#include "cli/opts_rows.h"
#include "cli/optwalk.h"
#include "run/test.h"
#include "wire/wire.h"

/* Requests ahead of responses: more only fills the socket buffers. */
#define NP_MAX_BURST 1024

static void print_test_usage(FILE *out, const struct np_test *t);

int32_t np_opts_msg_max(const struct np_opts *o)
{
	return o->test->sock_type == SOCK_DGRAM ? NP_UDP_MAX : NP_MAX_TCP_MSG;
}

/* Readers ----------------------------------------------------------- */

static enum np_opts_status help(const struct cur *c, const char *text, void *field)
{
	(void)text;
	(void)field;
	print_test_usage(c->out, ((const struct np_opts *)c->base)->test);
	return NP_OPTS_DONE;
}

/* -j, -w: netperf 2.7.1 parses and ignores them too; a number still. */
static enum np_opts_status ignored_number(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return np_interval_word(text, false) ? NP_OPTS_RUN : opt_bad(c, "not a number");
}

/* -k, -o, -O [list]: kept as given; the selectors parse them once the
 * test is known (np_sel_choose, before anything connects). */
static enum np_opts_status select_as(const struct cur *c, const char *text,
				     enum np_sel_style style)
{
	struct np_opts *o = c->base;

	o->sel_style = style;
	o->sel_value = text;
	o->selecting = true;
	return NP_OPTS_RUN;
}

static enum np_opts_status keyval(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return select_as(c, text, NP_SEL_KEYVAL);
}

static enum np_opts_status csv(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return select_as(c, text, NP_SEL_CSV);
}

static enum np_opts_status columns(const struct cur *c, const char *text, void *field)
{
	(void)field;
	return select_as(c, text, NP_SEL_COLUMNS);
}

/* -K loc[,rem]: a name TCP_CONGESTION could know ("cubic", "bbr"): it
 * goes on the wire in a 16-byte field netserver checks the same way. */
static enum np_opts_status congestion(const struct cur *c, const char *text, void *field)
{
	const size_t n = strlen(text);

	if (n == 0 || n > 15 || text[strspn(text, "abcdefghijklmnopqrstuvwxyz"
					     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")])
		return opt_bad(c, "'%s' is not a congestion-control name", text);
	opt_keep(c, text, field);
	return NP_OPTS_RUN;
}

/* -m, -M, -r: what one message of the test may be. */
static enum np_opts_status msg_size(const struct cur *c, const char *text, void *field)
{
	const struct np_opts *o = c->base;
	const char *unit = o->test->sock_type == SOCK_DGRAM ? "bytes: the UDP maximum" : "bytes";
	int64_t v;
	enum np_opts_status st = opt_number(c, text, 1, np_opts_msg_max(o), unit, &v);

	if (st == NP_OPTS_RUN)
		*(int32_t *)field = (int32_t)v;
	return st;
}

/* -t omni: what -m, -M and -r add to the direction until a -d sets it. */
static void implied_direction(struct np_opts *o, bool xmit, bool recv)
{
	if (o->omni_dir_given)
		return;
	o->omni_dir |= (xmit ? NP_OMNI_XMIT : 0) | (recv ? NP_OMNI_RECV : 0);
}

/* -m local,remote and -M remote,local (pair-first): -t omni without
 * -d: a local send size makes it send, a remote one receive; -M's first
 * value (the remote receive size) sends, its second receives. */
static enum np_opts_status sizes_direction(const struct cur *c, unsigned halves)
{
	implied_direction(c->base, halves & 1, halves & 2);
	return NP_OPTS_RUN;
}

/* -r req,rsp (pair-both) is both. */
static enum np_opts_status rr_direction(const struct cur *c, unsigned halves)
{
	(void)halves;
	implied_direction(c->base, true, true);
	return NP_OPTS_RUN;
}

/* -p min[,max]: TCP_CRR's local ports. */
static enum np_opts_status port_range(const struct cur *c, unsigned halves)
{
	const struct np_opts *o = c->base;

	(void)halves;
	if (o->crr_port_max < o->crr_port_min)
		return opt_bad(c, "the port range ends before it starts");
	return NP_OPTS_RUN;
}

/* One word of -d, as 2.7.1's parse_direction reads it: a name, else a
 * number in any C base, else 0 (its strtol fallback: "-d CRR" is 0).
 * What 2.7.1 reads differently from what was likely meant gets a line. */
static enum np_opts_status direction_word(const struct cur *c, const char *w, uint32_t *out)
{
	static const struct { const char *name; uint32_t dir; } names[] = {
		{ "xmit", NP_OMNI_XMIT }, { "send", NP_OMNI_XMIT }, { "stream", NP_OMNI_XMIT },
		{ "transmit", NP_OMNI_XMIT }, { "recv", NP_OMNI_RECV }, { "receive", NP_OMNI_RECV },
		{ "maerts", NP_OMNI_RECV }, { "rr", NP_OMNI_XMIT | NP_OMNI_RECV },
	};
	char *end;
	long v;

	*out = 0;
	if (!*w)
		return NP_OPTS_RUN;
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (strcasecmp(w, names[k].name) == 0) {
			*out = names[k].dir;
			return NP_OPTS_RUN;
		}
	}
	errno = 0;
	v = strtol(w, &end, 0);
	if (end == w) {
		opt_notice(c, "'%s' is no direction (send, recv, rr, 0x2, 0x4, 0x6): read as 0, as "
		       "netperf 2.7.1 reads it (alone, a send test; TCP_CRR is -c -d rr)", w);
		return NP_OPTS_RUN;
	}
	if (errno || v < 0 || (v & ~(long)(NP_OMNI_XMIT | NP_OMNI_RECV)))
		return opt_bad(c, "a direction is send, recv, rr, or a number of the bits 0x2 (send) "
			   "and 0x4 (receive)");
	if (*end)
		opt_notice(c, "read as %ld, as netperf 2.7.1 reads it ('%s' ignored)", v, end);
	*out = (uint32_t)v;
	return NP_OPTS_RUN;
}

/* -d: netperf 2.7.1's parse_direction: words joined by '|', each a name
 * or a number, their bits or-ed ("send|recv" is rr).  2.7.1 reads it for
 * a test other than -t omni and then keeps the test name's direction. */
static enum np_opts_status direction(const struct cur *c, const char *text, void *field)
{
	struct np_opts *o = c->base;
	uint32_t *out = field;

	if (!o->test->omni) {
		opt_notice(c, "%s's direction is its own; -d is for -t omni (ignored, as "
			   "netperf 2.7.1 ignores it)", o->test->name);
		return NP_OPTS_RUN;
	}
	o->omni_dir_given = true;
	*out = 0;
	for (const char *w = text;;) {
		const size_t len = strcspn(w, "|");
		char word[64];
		uint32_t bits;
		enum np_opts_status st;

		if (len >= sizeof(word))
			return opt_bad(c, "a direction is send, recv, rr, or a number");
		memcpy(word, w, len);
		word[len] = '\0';
		if ((st = direction_word(c, word, &bits)) != NP_OPTS_RUN)
			return st;
		*out |= bits;
		if (!w[len])
			return NP_OPTS_RUN;
		w += len + 1;
	}
}

static enum np_opts_status sock_type(const struct cur *c, const char *text, void *field)
{
	if (strcasecmp(text, "stream") == 0 || strcasecmp(text, "sock_stream") == 0)
		*(int *)field = SOCK_STREAM;
	else if (strcasecmp(text, "dgram") == 0 || strcasecmp(text, "sock_dgram") == 0)
		*(int *)field = SOCK_DGRAM;
	else
		return opt_bad(c, "a socket type is stream or dgram (others are not tested here)");
	return NP_OPTS_RUN;
}

/* -T: the protocol, and with it the socket type, as 2.7.1's
 * parse_protocol sets both (-t omni -- -T tcp is a stream test). */
static enum np_opts_status protocol(const struct cur *c, const char *text, void *field)
{
	int *type = &((struct np_opts *)c->base)->sock_type_over;

	if (strcasecmp(text, "tcp") == 0 || strcasecmp(text, "ipproto_tcp") == 0 ||
	    strcmp(text, "6") == 0) {
		*(int *)field = IPPROTO_TCP;
		*type = SOCK_STREAM;
	} else if (strcasecmp(text, "udp") == 0 || strcasecmp(text, "ipproto_udp") == 0 ||
		   strcmp(text, "17") == 0) {
		*(int *)field = IPPROTO_UDP;
		*type = SOCK_DGRAM;
	} else {
		return opt_bad(c, "a protocol is tcp or udp (others are not tested here)");
	}
	return NP_OPTS_RUN;
}

/* It lands in the UUID field as given: 8-4-4-4-12 hex digits. */
static enum np_opts_status uuid(const struct cur *c, const char *text, void *field)
{
	if (strlen(text) != 36)
		return opt_bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
	for (int k = 0; k < 36; k++) {
		const bool dash = k == 8 || k == 13 || k == 18 || k == 23;

		if (dash ? text[k] != '-' : !isxdigit((unsigned char)text[k]))
			return opt_bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
	}
	opt_keep(c, text, field);
	return NP_OPTS_RUN;
}

/* Rows ---------------------------------------------------------------- */

/* Netperf 2.7.1's test options (after --). */
const struct optrow np_test_rows[] = {
	{ .name = "defer-accept", .letter = 'a', .kind = OPT_FLAG, NP_AT(defer_accept),
	  .metavar = "", .help = "Set TCP_DEFER_ACCEPT on netserver's listener" },
	{ .name = "burst", .letter = 'b', .kind = OPT_INT, NP_AT(burst), .min = 0,
	  .max = NP_MAX_BURST, .unit = "requests", OPT_JSON("burst"), .show = NP_SHOW_RR,
	  .metavar = "number", .help = "Send number requests at start of _RR tests" },
	{ .letter = 'B', .kind = OPT_FLAG, .note = "IP_PKTINFO changes nothing in these tests; ignored",
	  .metavar = "", .help = "Use IP_PKTINFO (ignored: no meaning here)" },
	/* resolve_test finds the connection test it makes. */
	{ .name = "connect-test", .letter = 'c', .kind = OPT_FLAG, NP_AT(connect_test),
	  .metavar = "", .help = "Explicitly declare this a connection test such as\n"
				 "TCP_CRR or TCP_CC (the test name decides here)" },
	{ .name = "cork", .letter = 'C', .kind = OPT_FLAG, NP_AT(cork), OPT_JSON("cork"),
	  .metavar = "", .help = "Set TCP_CORK when available" },
	{ .name = "direction", .letter = 'd', .kind = OPT_INT, NP_AT(omni_dir), .read = direction,
	  .metavar = "direction", .help = "Explicitly set test direction based on bitwise OR\n"
					  "of 0x2 for transmit and 0x4 for receive. Default:\n"
					  "based on test type (-t omni only)" },
	{ .name = "nodelay", .letter = 'D', .kind = OPT_FLAG, NP_AT(nodelay), OPT_JSON("nodelay"),
	  .metavar = "", .help = "Set TCP_NODELAY on both ends of the data connection" },
	{ .name = "timeout", .letter = 'e', .kind = OPT_DECIMAL, NP_AT(rr_timeout), .min = 0.001,
	  .max = NP_MAX_SECONDS, .metavar = "seconds",
	  .help = "Receive timeout: a lost request or response costs\n"
		  "this long, is counted, and the test goes on" },
	{ .name = "mtu-discover", .letter = 'f', .kind = OPT_FLAG, NP_AT(mtu_do), .metavar = "",
	  .help = "Set IP_MTU_DISCOVER:IP_PMTU_DISC_DO where available" },
	{ .name = "fastopen", .letter = 'F', .kind = OPT_FLAG, NP_AT(fastopen), .metavar = "",
	  .help = "Use TCP Fast Open functionality where available" },
	{ .letter = 'g', .kind = OPT_FLAG, .note = "SO_DEBUG traces nothing on Linux; ignored",
	  .metavar = "", .help = "Set SO_DEBUG (ignored: no meaning here)" },
	{ .name = "maxseg", .letter = 'G', .kind = OPT_INT, NP_AT(maxseg), .min = 88, .max = 65535,
	  .unit = "bytes", .metavar = "bytes", .help = "Set TCP_MAXSEG on our data socket" },
	{ .letter = 'h', .kind = OPT_FLAG, .read = help, .metavar = "",
	  .help = "Display this text" },
	{ .name = "data-host", .letter = 'H', .kind = OPT_TEXT, .flags = OPT_FIRST | OPT_ONE,
	  NP_AT2(data_host, data_family), NP_BUF(host_buf[2]), .read = opt_read_host,
	  .read2 = opt_read_family, .metavar = "name,fam *",
	  .help = "Use name (or IP) and family as target of data connection" },
	{ .letter = 'i', .kind = OPT_TEXT,
	  .note = "the support for check_interval has been removed (as in netperf 2.7.1); ignored",
	  .metavar = "x", .help = "Check interval (removed in netperf; ignored)" },
	{ .letter = 'I', .kind = OPT_FLAG, .note = "write() and send() move data alike; ignored",
	  .metavar = "", .help = "Use write() instead of send() (ignored: no difference here)" },
	{ .letter = 'j', .kind = OPT_TEXT, .read = ignored_number, .metavar = "x",
	  .help = "Parsed and unused, as in netperf" },
	{ .letter = 'k', .kind = OPT_TEXT, .arg = OPT_ARG_WORD, .read = keyval, .metavar = "[file]",
	  .help = "Generate keyval output optionally based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .name = "congestion", .letter = 'K', .kind = OPT_TEXT, .flags = OPT_PAIR,
	  NP_AT2(lcong, rcong), NP_BUF(cong_buf[0]), .read = congestion, .metavar = "loc[,rem]",
	  .help = "Set the local and/or remote congestion control\n"
		  "algorithm to use on those platforms where it can\n"
		  "be set." },
	{ .letter = 'l', .kind = OPT_INT, .min = 0, .max = 255, .unit = "hops",
	  .note = "there are no multicast tests; ignored", .metavar = "ttl",
	  .help = "Multicast TTL (ignored: no multicast tests)" },
	{ .name = "data-local", .letter = 'L', .kind = OPT_TEXT, .flags = OPT_FIRST | OPT_ONE,
	  NP_AT2(data_local, data_family), NP_BUF(host_buf[3]), .read = opt_read_host,
	  .read2 = opt_read_family, .metavar = "name,fam *",
	  .help = "Use name (or IP) and family as source of data connection" },
	{ .name = "send-size", .letter = 'm', .kind = OPT_INT, .flags = OPT_FIRST,
	  NP_AT2(send_size, rsend_size), .def2 = -1, .read = msg_size, .then = sizes_direction,
	  OPT_JSON("send_size_bytes", "remote_send_size_bytes"), .show = NP_SHOW_SET,
	  .metavar = "local,remote*", .help = "Set the send size for _STREAM/_MAERTS tests" },
	{ .name = "recv-size", .letter = 'M', .kind = OPT_INT, .flags = OPT_FIRST,
	  NP_AT2(rrecv_size, recv_size), .def = -1, .read = msg_size, .then = sizes_direction,
	  OPT_JSON("remote_recv_size_bytes", "recv_size_bytes"), .show = NP_SHOW_SET,
	  .metavar = "remote,local*", .help = "Set the recv size for _STREAM/_MAERTS tests" },
	/* Both ends connect their UDP sockets already. */
	{ .letter = 'n', .kind = OPT_FLAG, .metavar = "",
	  .help = "Use the connected socket for UDP locally (always so here)" },
	{ .letter = 'N', .kind = OPT_FLAG, .metavar = "",
	  .help = "Use the connected socket for UDP remotely (always so\nwith netserver-ng)" },
	{ .letter = 'o', .kind = OPT_TEXT, .arg = OPT_ARG_WORD, .read = csv, .metavar = "[file]",
	  .help = "Generate CSV output optionally based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .letter = 'O', .kind = OPT_TEXT, .arg = OPT_ARG_WORD, .read = columns, .metavar = "[file]",
	  .help = "Generate classic-style output based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .name = "crr-ports", .letter = 'p', .kind = OPT_PORT, .flags = OPT_PAIR,
	  NP_AT2(crr_port_min, crr_port_max), .min = 1, .then = port_range,
	  .metavar = "min[,max]", .help = "Set the min/max port numbers for TCP_CRR, TCP_TRR" },
	{ .name = "data-ports", .letter = 'P', .kind = OPT_PORT, .flags = OPT_PAIR,
	  NP_AT2(data_lport, data_rport), .min = 0, OPT_JSON("data.local_port", "data.remote_port"),
	  .show = NP_SHOW_SET, .metavar = "local[,remote]",
	  .help = "Set the local/remote port for the data socket" },
	{ .name = "pacing", .letter = 'q', .kind = OPT_INT, NP_AT(max_pacing), .min = 1,
	  .max = (double)(INT64_C(1) << 40), .unit = "bytes per second", .metavar = "rate",
	  .help = "Set SO_MAX_PACING_RATE, bytes per second" },
	{ .name = "rr-size", .letter = 'r', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(req_size, rsp_size), .def = 1, .def2 = 1, .read = msg_size, .then = rr_direction,
	  OPT_JSON("request_size_bytes", "response_size_bytes"), .show = NP_SHOW_RR_SIZE,
	  .metavar = "req,[rsp]", .help = "Set request/response sizes (_RR tests)" },
	{ .name = "routing", .letter = 'R', .kind = OPT_INT, NP_AT(routing), .min = 0, .max = 1,
	  .def = -1, .metavar = "0/1", .help = "Allow routing of traffic on data connection.\n"
					       "Default: 0 (off) for UDP_STREAM, 1 (on) otherwise" },
	{ .name = "local-sockbuf", .letter = 's', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lsndbuf, lrcvbuf), .min = 1, .max = NP_MAX_SOCKBUF, .unit = "bytes", .def = -1,
	  .def2 = -1, OPT_JSON("socket_buffer_bytes.local_send", "socket_buffer_bytes.local_recv"),
	  .show = NP_SHOW_KNOWN, .metavar = "send[,recv]",
	  .help = "Set local socket send/recv buffer sizes" },
	{ .name = "remote-sockbuf", .letter = 'S', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(rsndbuf, rrcvbuf), .min = 1, .max = NP_MAX_SOCKBUF, .unit = "bytes", .def = -1,
	  .def2 = -1,
	  OPT_JSON("socket_buffer_bytes.remote_send", "socket_buffer_bytes.remote_recv"),
	  .show = NP_SHOW_KNOWN, .metavar = "send[,recv]",
	  .help = "Set remote socket send/recv buffer sizes" },
	{ .name = "socket-type", .letter = 't', .kind = OPT_TEXT, NP_AT(sock_type_over),
	  .read = sock_type, .metavar = "type",
	  .help = "Explicitly set socket type (stream or dgram).\n"
		  "Default is implicit based on other settings" },
	{ .name = "protocol", .letter = 'T', .kind = OPT_TEXT, NP_AT(protocol_over),
	  .read = protocol, .metavar = "protocol",
	  .help = "Explicitly set data connection protocol (tcp or\n"
		  "udp). Default is implicit based on other settings" },
	{ .name = "uuid", .letter = 'u', .kind = OPT_TEXT, NP_AT(uuid), NP_BUF(uuid_buf),
	  .read = uuid, .metavar = "uuid",
	  .help = "Use the supplied string as the UUID for this test." },
	{ .letter = 'U', .kind = OPT_FLAG,
	  .note = "a failed connect is an error, reported at once; ignored", .metavar = "",
	  .help = "Keep retrying a failing connect (ignored)" },
	{ .letter = 'V', .kind = OPT_FLAG, .note = "copy avoidance has no Linux socket option; ignored",
	  .metavar = "", .help = "Copy avoidance (ignored: no meaning here)" },
	{ .letter = 'w', .kind = OPT_TEXT, .read = ignored_number, .metavar = "x",
	  .help = "Accepted and ignored, as in netperf" },
	{ .name = "buffers", .letter = 'W', .kind = OPT_INT, .flags = OPT_PAIR | OPT_ALIAS,
	  NP_AT2(lwidth[0], lwidth[1]), .min = 1, .max = 1024, .unit = "buffers",
	  .note = np_width_note, .metavar = "send[,recv]", .help = "Set the number of send,recv buffers" },
	{ .letter = '4', .kind = OPT_SET, NP_AT(data_family), .def = AF_INET, .metavar = "",
	  .help = "Use AF_INET (eg IPv4) on both ends of the data conn" },
	{ .letter = '6', .kind = OPT_SET, NP_AT(data_family), .def = AF_INET6, .metavar = "",
	  .help = "Use AF_INET6 (eg IPv6) on both ends of the data conn" },
	{ 0 },
};

/* netperf-ng's test options for every test (a test's own come from its
 * descriptor): long names only. */
const struct optrow np_test_long_rows[] = {
	/* Checked once the test is resolved (-t omni, -- -T): sweep_fit. */
	{ .name = "sweep", .flags = OPT_LONG, .kind = OPT_TEXT, NP_AT(sweep_text),
	  .metavar = "list|range",
	  .help = "Run the test once per size and print one table:\n"
		  "sizes as 64,128,1472 or a range 64..65507*2\n"
		  "(from 64, times 2, up to 65507) or 64..1514+128\n"
		  "(plus 128); at most 64 sizes; the send size\n"
		  "(-m), or -r size,size" },
	{ 0 },
};

void np_test_option_rows(const struct np_test *t, struct optrow rows[NP_TEST_OPTIONS + 1],
			 char (*help_buf)[512])
{
	const int n = np_test_options(t);

	for (int i = 0; i < n; i++) {
		const struct np_reqfield *to = t->options[i];
		const bool flag = !to->metavar[0];

		rows[i] = (struct optrow){ .name = to->name, .flags = OPT_LONG,
					   .kind = flag ? OPT_FLAG : OPT_INT,
					   .store = OPT_ST_OF(struct np_opts, test_params[0]),
					   .off = (unsigned)(offsetof(struct np_opts, test_params) +
							     (size_t)i * sizeof(int32_t)),
					   .min = (double)to->min,
					   .max = (double)to->max, .metavar = to->metavar,
					   .help = to->help };
		if (help_buf && flag)
			snprintf(help_buf[i], sizeof(help_buf[i]), "%s\n(off by default)", to->help);
		else if (help_buf)
			snprintf(help_buf[i], sizeof(help_buf[i]), "%s\n(%lld..%lld, default %lld)",
				 to->help, (long long)to->min, (long long)to->max,
				 (long long)to->def);
		if (help_buf)
			rows[i].help = help_buf[i];
	}
	rows[n] = (struct optrow){ 0 };
}

static void print_test_usage(FILE *out, const struct np_test *t)
{
	struct optrow own[NP_TEST_OPTIONS + 1];
	char help[NP_TEST_OPTIONS][512];

	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "OMNI and Migrated BSD Sockets Test Options:\n", out);
	opt_print(out, &(struct optable){ np_test_rows, 18 });
	fputs(np_pair_note, out);
	fputs("\nnetperf-ng test options:\n", out);
	opt_print(out, &(struct optable){ np_test_long_rows, 28 });
	if (np_test_options(t) == 0)
		return;
	np_test_option_rows(t, own, help);
	fprintf(out, "\nOptions of %s:\n", t->name);
	opt_print(out, &(struct optable){ own, 28 });
}
