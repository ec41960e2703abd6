/*
 * opts.c - netperf's command line: its rows (src/cli/optrow.h), the rules no
 * row can say, and -t omni's and -- -t/-T/-d/-c's resolution into a test
 * as netperf 2.7.1 makes it.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/opts.h"

#include <ctype.h>
#include <math.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "base/units.h"
#include "base/version.h"
#include "cli/optrow.h"
#include "cli/sweep_list.h"
#include "wire/control.h"
#include "wire/wire.h"

#define NP_BRAND_MAX 256
/* Requests ahead of responses: more only fills the socket buffers. */
#define NP_MAX_BURST 1024
/* -s: a pause longer than this is a typo. */
#define NP_MAX_WAIT_S 3600

#define NP_AT(f) OPT_AT(struct np_opts, f)
#define NP_AT2(f, g) OPT_AT2(struct np_opts, f, g)

static const char dirty_note[] =
	"dirtying buffers is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored";
/* -W (global and test): netperf 2.7.1 cycles through that many buffers;
 * the count goes to netserver, but netperf-ng's loops use one. */
static const char width_note[] =
	"netperf-ng sends and receives from one buffer; the count only goes to netserver";

/* Global options: what -h prints, in netperf's order. */
static const struct optrow global_rows[] = {
	{ .name = "local-align", .letter = 'a', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lalign[0], lalign[1]), .min = 1, .max = 1 << 20, .unit = "bytes", .def = 8,
	  .def2 = 8, .metavar = "send,recv", .help = "Set the local send,recv buffer alignment" },
	{ .name = "remote-align", .letter = 'A', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(ralign[0], ralign[1]), .min = 1, .max = 1 << 20, .unit = "bytes", .def = 8,
	  .def2 = 8, .metavar = "send,recv", .help = "Set the remote send,recv buffer alignment" },
	{ .letter = 'b', .kind = OPT_SPECIAL, .metavar = "burst",
	  .help = "Packet bursts (netperf --enable-intervals only; ignored)" },
	{ .name = "brand", .letter = 'B', .kind = OPT_SPECIAL, NP_AT(brand), .metavar = "brandstr",
	  .help = "Specify a string to be emitted with brief output" },
	{ .name = "local-cpu", .letter = 'c', .kind = OPT_SPECIAL, .arg = OPT_ARG_NUMBER,
	  NP_AT(local_cpu), .json = "local_cpu", .metavar = "[cpu_rate]", .help = "Report local CPU usage" },
	{ .name = "remote-cpu", .letter = 'C', .kind = OPT_SPECIAL, .arg = OPT_ARG_NUMBER,
	  NP_AT(remote_cpu), .json = "remote_cpu", .metavar = "[cpu_rate]", .help = "Report remote CPU usage" },
	{ .name = "debug", .letter = 'd', .kind = OPT_SPECIAL, .arg = OPT_ARG_NONE, NP_AT(debug),
	  .metavar = "", .help = "Increase debugging output (on stderr)" },
	{ .name = "interim", .letter = 'D', .kind = OPT_SPECIAL, NP_AT(interim),
	  .metavar = "time,[units] *",
	  .help = "Display interim results at least every time interval\n"
		  "(seconds; a negative time is read as its size;\n"
		  "units, netperf's first guess of the rate, is ignored)" },
	{ .name = "unit", .letter = 'f', .kind = OPT_SPECIAL, NP_AT(unit),
	  .metavar = "G|M|K|g|m|k|B|b|x", .help = "Set the output units" },
	{ .name = "fill", .letter = 'F', .kind = OPT_SPECIAL, NP_AT2(lfill, rfill),
	  .metavar = "lfill[,rfill]*",
	  .help = "Pre-fill send buffers with data from a local file\n"
		  "(rfill is passed on; netserver-ng never opens it)" },
	{ .letter = 'h', .kind = OPT_SPECIAL, .arg = OPT_ARG_NONE, .metavar = "",
	  .help = "Display this text" },
	{ .name = "host", .letter = 'H', .kind = OPT_SPECIAL, NP_AT(host), .metavar = "name|ip,fam *",
	  .help = "Specify the target machine and/or its address family" },
	{ .name = "iterations", .letter = 'i', .kind = OPT_SPECIAL, NP_AT2(iter_max, iter_min),
	  .def = 1, .def2 = 1, .metavar = "max,min",
	  .help = "Specify the max and min number of iterations (15,1)\n"
		  "(3..30, as netperf 2.7.1 runs them)" },
	{ .name = "confidence", .letter = 'I', .kind = OPT_SPECIAL, NP_AT2(conf_level, conf_width),
	  .def = 99, .def2 = 5, .metavar = "lvl[,intvl]",
	  .help = "Specify confidence level (50 to 99.99) (99)\n"
		  "and confidence interval in percentage (5)" },
	{ .name = "latency", .letter = 'j', .kind = OPT_FLAG, NP_AT(latency), .json = "latency", .metavar = "",
	  .help = "Keep additional timing statistics" },
	/* netperf 2.7.1's plain build: "I don't know how to get dirty." */
	{ .letter = 'k', .kind = OPT_INT, .flags = OPT_PAIR, .min = 0, .max = INT32_MAX,
	  .note = dirty_note, .metavar = "dirty,clean",
	  .help = "Dirty buffers (netperf --enable-dirty only; ignored)" },
	{ .letter = 'K', .kind = OPT_INT, .flags = OPT_PAIR, .min = 0, .max = INT32_MAX,
	  .note = dirty_note, .metavar = "dirty,clean",
	  .help = "Remote dirty buffers (likewise ignored)" },
	{ .name = "length", .letter = 'l', .kind = OPT_SPECIAL, NP_AT(length), .def = 10,
	  .metavar = "testlen", .help = "Specify test duration (>0 secs) (<0 bytes|trans)" },
	{ .name = "local-host", .letter = 'L', .kind = OPT_SPECIAL, NP_AT(local_host),
	  .metavar = "name|ip,fam *", .help = "Specify the local ip|name and address family" },
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
	{ .name = "port", .letter = 'p', .kind = OPT_SPECIAL, NP_AT2(port, local_port),
	  .def = NP_CONTROL_PORT, .metavar = "port,lport*",
	  .help = "Specify netserver port number and/or local port" },
	{ .name = "headers", .letter = 'P', .kind = OPT_INT, NP_AT(headers), .min = 0, .max = 1,
	  .def = 1, .metavar = "0|1", .help = "Don't/Do display test headers" },
	{ .name = "result-only", .letter = 'r', .kind = OPT_FLAG, NP_AT(result_only), .json = "confidence_result_only", .metavar = "",
	  .help = "Allow confidence to be hit on result only" },
	{ .name = "wait", .letter = 's', .kind = OPT_INT, NP_AT(wait_s), .min = 0,
	  .max = NP_MAX_WAIT_S, .unit = "seconds", .metavar = "seconds",
	  .help = "Wait seconds between test setup and test start" },
	{ .name = "keepalive", .letter = 'S', .kind = OPT_FLAG, NP_AT(keepalive), .metavar = "",
	  .help = "Set SO_KEEPALIVE on the data connection" },
	{ .name = "test", .letter = 't', .kind = OPT_SPECIAL, NP_AT(test), .metavar = "testname",
	  .help = "Specify test to perform" },
	{ .name = "cpu-bind", .letter = 'T', .kind = OPT_SPECIAL, NP_AT2(lcpu_bind, rcpu_bind),
	  .def = -1, .def2 = -1, .metavar = "lcpu,rcpu",
	  .help = "Request netperf/netserver be bound to local/remote cpu" },
	{ .name = "verbosity", .letter = 'v', .kind = OPT_SPECIAL, NP_AT(verbosity), .def = 1,
	  .metavar = "verbosity", .help = "Specify the verbosity level (0, 1 or 2)" },
	{ .letter = 'V', .kind = OPT_SPECIAL, .arg = OPT_ARG_NONE, .metavar = "",
	  .help = "Display the netperf version and exit" },
	{ .letter = 'w', .kind = OPT_SPECIAL, .metavar = "time",
	  .help = "Packet interval (netperf --enable-intervals only; ignored)" },
	{ .name = "buffers", .letter = 'W', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lwidth[0], lwidth[1]), .min = 1, .max = 1024, .unit = "buffers",
	  .note = width_note, .metavar = "send,recv", .help = "Set the number of send,recv buffers" },
	{ .name = "priority", .letter = 'y', .kind = OPT_INT, .flags = OPT_PAIR, NP_AT2(lprio, rprio),
	  .min = 0, .max = 255, .def = -1, .def2 = -1, .metavar = "local,remote",
	  .help = "Set the socket priority" },
	{ .name = "tos", .letter = 'Y', .kind = OPT_SPECIAL, NP_AT2(ltos, rtos), .def = -1,
	  .def2 = -1, .metavar = "local,remote", .help = "Set the IP_TOS. Use hexadecimal." },
	{ .letter = '4', .kind = OPT_SET, NP_AT(family), .def = AF_INET, .metavar = "",
	  .help = "Use IPv4 for the control and data connections" },
	{ .name = "passphrase", .letter = 'Z', .kind = OPT_SPECIAL, NP_AT(passphrase),
	  .metavar = "passphrase", .help = "Set and pass to netserver a passphrase" },
	{ .letter = '6', .kind = OPT_SET, NP_AT(family), .def = AF_INET6, .metavar = "",
	  .help = "Use IPv6 for the control and data connections" },
	{ 0 },
};

/* netperf-ng's own: long names only, so that no letter of netperf 2.7.1
 * changes meaning. */
static const struct optrow global_long_rows[] = {
	{ .name = "flows", .flags = OPT_LONG, .kind = OPT_INT, NP_AT(flows), .json = "flows", .min = 1,
	  .max = NP_MAX_FLOWS, .unit = "flows", .def = 1, .metavar = "N",
	  .help = "Run N flows of the test at once, each with its\n"
		  "own control and data connection; prints each\n"
		  "flow and their SUM (1)" },
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
	{ .name = "json", .letter = 'J', .flags = OPT_LONG, .kind = OPT_SPECIAL,
	  .arg = OPT_ARG_NONE, NP_AT(json), .metavar = "",
	  .help = "Print one JSON object (not in this build: it\n"
		  "was built without jansson)" },
#endif
	{ 0 },
};

/* Settings that several options set (-4/-6, -H/-L name,fam, and after
 * --): no option names them alone. */
static const struct optrow global_settings[] = {
	{ .name = "family", .kind = OPT_SPECIAL, NP_AT(family), .def = AF_UNSPEC },
	{ .name = "data-family", .kind = OPT_SPECIAL, NP_AT(data_family), .def = AF_UNSPEC },
	{ 0 },
};

/* Netperf 2.7.1's test options (after --). */
static const struct optrow test_rows[] = {
	{ .name = "defer-accept", .letter = 'a', .kind = OPT_FLAG, NP_AT(defer_accept),
	  .metavar = "", .help = "Set TCP_DEFER_ACCEPT on netserver's listener" },
	{ .name = "burst", .letter = 'b', .kind = OPT_INT, NP_AT(burst), .min = 0,
	  .max = NP_MAX_BURST, .unit = "requests", .metavar = "number",
	  .help = "Send number requests at start of _RR tests" },
	{ .letter = 'B', .kind = OPT_FLAG, .note = "IP_PKTINFO changes nothing in these tests; ignored",
	  .metavar = "", .help = "Use IP_PKTINFO (ignored: no meaning here)" },
	/* resolve_test finds the connection test it makes. */
	{ .name = "connect-test", .letter = 'c', .kind = OPT_FLAG, NP_AT(connect_test),
	  .metavar = "", .help = "Explicitly declare this a connection test such as\n"
				 "TCP_CRR or TCP_CC (the test name decides here)" },
	{ .name = "cork", .letter = 'C', .kind = OPT_FLAG, NP_AT(cork), .json = "cork", .metavar = "",
	  .help = "Set TCP_CORK when available" },
	{ .name = "direction", .letter = 'd', .kind = OPT_SPECIAL, NP_AT(omni_dir),
	  .metavar = "direction", .help = "Explicitly set test direction based on bitwise OR\n"
					  "of 0x2 for transmit and 0x4 for receive. Default:\n"
					  "based on test type (-t omni only)" },
	{ .name = "nodelay", .letter = 'D', .kind = OPT_FLAG, NP_AT(nodelay), .json = "nodelay", .metavar = "",
	  .help = "Set TCP_NODELAY on both ends of the data connection" },
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
	{ .letter = 'h', .kind = OPT_SPECIAL, .arg = OPT_ARG_NONE, .metavar = "",
	  .help = "Display this text" },
	{ .name = "data-host", .letter = 'H', .kind = OPT_SPECIAL, NP_AT(data_host),
	  .metavar = "name,fam *", .help = "Use name (or IP) and family as target of data connection" },
	{ .letter = 'i', .kind = OPT_TEXT,
	  .note = "the support for check_interval has been removed (as in netperf 2.7.1); ignored",
	  .metavar = "x", .help = "Check interval (removed in netperf; ignored)" },
	{ .letter = 'I', .kind = OPT_FLAG, .note = "write() and send() move data alike; ignored",
	  .metavar = "", .help = "Use write() instead of send() (ignored: no difference here)" },
	{ .letter = 'j', .kind = OPT_SPECIAL, .metavar = "x",
	  .help = "Parsed and unused, as in netperf" },
	{ .letter = 'k', .kind = OPT_SPECIAL, .arg = OPT_ARG_WORD, .metavar = "[file]",
	  .help = "Generate keyval output optionally based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .name = "congestion", .letter = 'K', .kind = OPT_SPECIAL, NP_AT2(lcong, rcong),
	  .metavar = "loc[,rem]", .help = "Set the local and/or remote congestion control\n"
					  "algorithm to use on those platforms where it can\n"
					  "be set." },
	{ .letter = 'l', .kind = OPT_INT, .min = 0, .max = 255, .unit = "hops",
	  .note = "there are no multicast tests; ignored", .metavar = "ttl",
	  .help = "Multicast TTL (ignored: no multicast tests)" },
	{ .name = "data-local", .letter = 'L', .kind = OPT_SPECIAL, NP_AT(data_local),
	  .metavar = "name,fam *", .help = "Use name (or IP) and family as source of data connection" },
	{ .name = "send-size", .letter = 'm', .kind = OPT_SPECIAL, NP_AT2(send_size, rsend_size),
	  .def2 = -1, .metavar = "local,remote*",
	  .help = "Set the send size for _STREAM/_MAERTS tests" },
	{ .name = "recv-size", .letter = 'M', .kind = OPT_SPECIAL, NP_AT2(rrecv_size, recv_size),
	  .def = -1, .metavar = "remote,local*",
	  .help = "Set the recv size for _STREAM/_MAERTS tests" },
	/* Both ends connect their UDP sockets already. */
	{ .letter = 'n', .kind = OPT_FLAG, .metavar = "",
	  .help = "Use the connected socket for UDP locally (always so here)" },
	{ .letter = 'N', .kind = OPT_FLAG, .metavar = "",
	  .help = "Use the connected socket for UDP remotely (always so\nwith netserver-ng)" },
	{ .letter = 'o', .kind = OPT_SPECIAL, .arg = OPT_ARG_WORD, .metavar = "[file]",
	  .help = "Generate CSV output optionally based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .letter = 'O', .kind = OPT_SPECIAL, .arg = OPT_ARG_WORD, .metavar = "[file]",
	  .help = "Generate classic-style output based on file\n"
		  "Use filename of '?' to get the list of choices" },
	{ .name = "crr-ports", .letter = 'p', .kind = OPT_SPECIAL, NP_AT2(crr_port_min, crr_port_max),
	  .metavar = "min[,max]", .help = "Set the min/max port numbers for TCP_CRR, TCP_TRR" },
	{ .name = "data-ports", .letter = 'P', .kind = OPT_PORT, .flags = OPT_PAIR,
	  NP_AT2(data_lport, data_rport), .min = 0, .metavar = "local[,remote]",
	  .help = "Set the local/remote port for the data socket" },
	{ .name = "pacing", .letter = 'q', .kind = OPT_INT, NP_AT(max_pacing), .min = 1,
	  .max = (double)(INT64_C(1) << 40), .unit = "bytes per second", .metavar = "rate",
	  .help = "Set SO_MAX_PACING_RATE, bytes per second" },
	{ .name = "rr-size", .letter = 'r', .kind = OPT_SPECIAL, NP_AT2(req_size, rsp_size), .def = 1,
	  .def2 = 1, .metavar = "req,[rsp]", .help = "Set request/response sizes (_RR tests)" },
	{ .name = "routing", .letter = 'R', .kind = OPT_INT, NP_AT(routing), .min = 0, .max = 1,
	  .def = -1, .metavar = "0/1", .help = "Allow routing of traffic on data connection.\n"
					       "Default: 0 (off) for UDP_STREAM, 1 (on) otherwise" },
	{ .name = "local-sockbuf", .letter = 's', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(lsndbuf, lrcvbuf), .min = 1, .max = NP_MAX_SOCKBUF, .unit = "bytes", .def = -1,
	  .def2 = -1, .metavar = "send[,recv]", .help = "Set local socket send/recv buffer sizes" },
	{ .name = "remote-sockbuf", .letter = 'S', .kind = OPT_INT, .flags = OPT_PAIR,
	  NP_AT2(rsndbuf, rrcvbuf), .min = 1, .max = NP_MAX_SOCKBUF, .unit = "bytes", .def = -1,
	  .def2 = -1, .metavar = "send[,recv]", .help = "Set remote socket send/recv buffer sizes" },
	{ .name = "socket-type", .letter = 't', .kind = OPT_SPECIAL, NP_AT(sock_type_over),
	  .metavar = "type", .help = "Explicitly set socket type (stream or dgram).\n"
				     "Default is implicit based on other settings" },
	{ .name = "protocol", .letter = 'T', .kind = OPT_SPECIAL, NP_AT(protocol_over),
	  .metavar = "protocol", .help = "Explicitly set data connection protocol (tcp or\n"
					 "udp). Default is implicit based on other settings" },
	{ .name = "uuid", .letter = 'u', .kind = OPT_SPECIAL, NP_AT(uuid), .metavar = "uuid",
	  .help = "Use the supplied string as the UUID for this test." },
	{ .letter = 'U', .kind = OPT_FLAG,
	  .note = "a failed connect is an error, reported at once; ignored", .metavar = "",
	  .help = "Keep retrying a failing connect (ignored)" },
	{ .letter = 'V', .kind = OPT_FLAG, .note = "copy avoidance has no Linux socket option; ignored",
	  .metavar = "", .help = "Copy avoidance (ignored: no meaning here)" },
	{ .letter = 'w', .kind = OPT_SPECIAL, .metavar = "x",
	  .help = "Accepted and ignored, as in netperf" },
	{ .name = "buffers", .letter = 'W', .kind = OPT_INT, .flags = OPT_PAIR | OPT_ALIAS,
	  NP_AT2(lwidth[0], lwidth[1]), .min = 1, .max = 1024, .unit = "buffers",
	  .note = width_note, .metavar = "send[,recv]", .help = "Set the number of send,recv buffers" },
	{ .letter = '4', .kind = OPT_SET, NP_AT(data_family), .def = AF_INET, .metavar = "",
	  .help = "Use AF_INET (eg IPv4) on both ends of the data conn" },
	{ .letter = '6', .kind = OPT_SET, NP_AT(data_family), .def = AF_INET6, .metavar = "",
	  .help = "Use AF_INET6 (eg IPv6) on both ends of the data conn" },
	{ 0 },
};

/* netperf-ng's test options for every test (a test's own come from its
 * descriptor): long names only. */
static const struct optrow test_long_rows[] = {
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

static const struct optrow *const global_tables[] = {
	global_rows, global_long_rows, global_settings, NULL
};
/* What the defaults and the settings walk see: every row. */
static const struct optrow *const all_tables[] = {
	global_rows, global_long_rows, global_settings, test_rows, test_long_rows, NULL
};

static const char pair_note[] =
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
	opt_print(out, &(struct optable){ global_rows, 18 });
	fputs(pair_note, out);
	fputs(star_note, out);
	fputs("\nnetperf-ng options:\n", out);
	opt_print(out, &(struct optable){ global_long_rows, 28 });
	fputs("\nTests: ", out);
	for (const struct np_test *const *t = np_tests(); *t; t++)
		fprintf(out, "%s%s", (*t)->name, t[1] ? ", " : "\n");
	fputs("Test options: netperf [-t test] -- -h\n", out);
}

/* A test's own options as rows, long names only, stored in
 * o->test_params[i].  With help_buf, each help text gains a line with
 * the range and the default (for -h).  Ends with the table's zero row. */
static void test_option_rows(const struct np_test *t, struct optrow rows[NP_TEST_OPTIONS + 1],
			     char (*help_buf)[512])
{
	const int n = np_test_options(t);

	for (int i = 0; i < n; i++) {
		const struct np_test_option *to = &t->options[i];
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
	opt_print(out, &(struct optable){ test_rows, 18 });
	fputs(pair_note, out);
	fputs("\nnetperf-ng test options:\n", out);
	opt_print(out, &(struct optable){ test_long_rows, 28 });
	if (np_test_options(t) == 0)
		return;
	test_option_rows(t, own, help);
	fprintf(out, "\nOptions of %s:\n", t->name);
	opt_print(out, &(struct optable){ own, 28 });
}

/* -Y: netperf 2.7.1's parse_ipqos: a DSCP or ToS name, or a number in
 * any C base ("0xb8", "184"), 0..255. */
static enum np_opts_status tos_of(const struct cur *c, const char *text, int *out)
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
			*out = names[k].value;
			return NP_OPTS_RUN;
		}
	}
	errno = 0;
	v = strtol(text, &end, 0);
	if (!isdigit((unsigned char)text[0]) || *end != '\0' || errno || v < 0 || v > 255)
		return opt_bad(c, "%s is not a ToS/DSCP byte (0..255, e.g. 0xb8, or a name: ef, af41, cs1, lowdelay)",
			   text);
	*out = (int)v;
	return NP_OPTS_RUN;
}

/* A file name for -F, kept in buf. */
static enum np_opts_status fill_name(const struct cur *c, const char *name, char *buf,
				     size_t len, size_t max, const char **out)
{
	if (strlen(name) > max)
		return opt_bad(c, "%s: a fill file name is at most %zu characters", name, max);
	snprintf(buf, len, "%s", name);
	*out = buf;
	return NP_OPTS_RUN;
}
/* Digits, and with unit one of netperf's time letters after them. */
static bool interval_word(const char *w, bool unit)
{
	size_t n = strspn(w, "0123456789");

	return n > 0 && n < 10 && (w[n] == '\0' || (unit && strchr("mus", w[n]) && !w[n + 1]));
}

/* -Y local,remote (pair-both). */
static enum np_opts_status tos_pair(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = tos_of(c, p.a, &o->ltos)) != NP_OPTS_RUN)
		return st;
	if (p.has_b)
		st = tos_of(c, p.b, &o->rtos);
	return st;
}

/* -F lfill[,rfill], pair-first: "file" is the local one alone; the
 * remote name travels in a field of NP_FILL_LEN. */
static enum np_opts_status fills(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	if (p.has_a && (st = fill_name(c, p.a, o->fill_buf[0], sizeof(o->fill_buf[0]),
				       sizeof(o->fill_buf[0]) - 1, &o->lfill)) != NP_OPTS_RUN)
		return st;
	if (p.has_b)
		st = fill_name(c, p.b, o->fill_buf[1], sizeof(o->fill_buf[1]), NP_FILL_LEN - 1,
			       &o->rfill);
	return st;
}

/* -b bursts, -w an interval with an optional unit (m, u, s): checked,
 * then ignored as a plain netperf 2.7.1 ignores them. */
static enum np_opts_status intervals(const struct cur *c)
{
	const bool w = c->opt == 'w';
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	if ((p.has_a && !interval_word(p.a, w)) || (p.has_b && !interval_word(p.b, w)))
		return opt_bad(c, w ? "an interval is a number with an optional m, u or s"
				    : "a burst is a number of packets");
	opt_notice(c, "%s is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored",
		   w ? "packet rate control" : "packet burst size");
	return NP_OPTS_RUN;
}

/* -c/-C [rate]: the rate calibrated CPU-looping methods; /proc/stat
 * needs none, so it is checked and then ignored. */
static enum np_opts_status cpu_asked(const struct cur *c, bool *on)
{
	char *end;

	if (c->val && (strtod(c->val, &end) < 0 || *end != '\0' || end == c->val))
		return opt_bad(c, "not a CPU rate");
	*on = true;
	return NP_OPTS_RUN;
}

/* -T lcpu,rcpu (pair-both): a half left out is "any" again. */
static enum np_opts_status cpu_bind(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;
	int64_t lc = -1, rc = -1;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = opt_number(c, p.a, 0, 1023, "", &lc)) != NP_OPTS_RUN)
		return st;
	if (p.has_b && (st = opt_number(c, p.b, 0, 1023, "", &rc)) != NP_OPTS_RUN)
		return st;
	o->lcpu_bind = (int)lc;
	o->rcpu_bind = (int)rc;
	return NP_OPTS_RUN;
}

/* -D time[,units]: a negative time asks netperf 2.7.1 to read the clock
 * per operation for a more exact interval; its size is the interval
 * (flent passes -D -0.2).  Ticks come from a timer here, so both read
 * the same. */
static enum np_opts_status interim_of(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;
	char *end;
	double secs;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	secs = p.has_a ? strtod(p.a, &end) : 0;
	if (!p.has_a || *end != '\0' || end == p.a || p.a[strspn(p.a, "-0123456789.")] ||
	    strchr(p.a + 1, '-') || !(fabs(secs) >= 0.001 && fabs(secs) <= NP_MAX_SECONDS))
		return opt_bad(c, "interim interval must be 0.001 to %d seconds (or its negative)",
			       NP_MAX_SECONDS);
	o->interim = fabs(secs);
	return NP_OPTS_RUN;
}

/* -B: it lands in output that scripts parse: one printable word or
 * phrase, no control characters. */
static enum np_opts_status brand_of(const struct cur *c, struct np_opts *o)
{
	if (strlen(c->val) > NP_BRAND_MAX)
		return opt_bad(c, "longer than %d characters", NP_BRAND_MAX);
	for (const char *q = c->val; *q; q++)
		if (iscntrl((unsigned char)*q))
			return opt_bad(c, "holds a control character");
	o->brand = c->val;
	return NP_OPTS_RUN;
}

/* -p port[,lport], pair-first: netserver's port is never 0. */
static enum np_opts_status control_ports(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	if (p.has_a && (st = opt_port(c, p.a, 1, &o->port)) != NP_OPTS_RUN)
		return st;
	if (p.has_b)
		st = opt_port(c, p.b, 0, &o->local_port);
	return st;
}

static enum np_opts_status test_of(const struct cur *c, struct np_opts *o)
{
	o->test = np_test_find(c->val);
	if (o->test)
		return NP_OPTS_RUN;
	fprintf(c->err, "%s: -t %s: unknown test (", c->prog, c->val);
	for (const struct np_test *const *t = np_tests(); *t; t++)
		fprintf(c->err, "%s%s", (*t)->name, t[1] ? ", " : ")\n");
	return NP_OPTS_USAGE;
}

/* -l: seconds, or a negative count of bytes or transactions. */
static enum np_opts_status length_of(const struct cur *c, struct np_opts *o)
{
	const char *why, *rest;
	int64_t v;
	const int r = opt_lenient(c, c->val, -NP_MAX_COUNT, NP_MAX_SECONDS, &v, &rest, &why);

	if (r < 0 || v == 0)
		return opt_bad(c, "%s (use 1..%d seconds, or -1..-%d bytes or transactions)",
			       r < 0 ? why : "a test of length 0 would never end", NP_MAX_SECONDS,
			       NP_MAX_COUNT);
	opt_ignored_tail(c, v, rest);
	o->length = v;
	return NP_OPTS_RUN;
}

/* -v: 2.7.1 prints no result at all past 2, which helps no one. */
static enum np_opts_status verbosity_of(const struct cur *c, struct np_opts *o)
{
	int64_t v;
	enum np_opts_status st = opt_number(c, c->val, 0, 100, "", &v);

	if (st != NP_OPTS_RUN)
		return st;
	if (v > 2)
		opt_notice(c, "the most verbose level is 2; using it");
	o->verbosity = v > 2 ? 2 : (int)v;
	return NP_OPTS_RUN;
}

/* -f: netperf reads the first letter: "-f Mbits" is "-f M". */
static enum np_opts_status unit_of(const struct cur *c, struct np_opts *o)
{
	if (!np_unit_valid(c->val[0]))
		return opt_bad(c, "unknown unit (one of k m g for 10^n bits, K M G B for bytes, x for transactions)");
	o->unit = c->val[0];
	return NP_OPTS_RUN;
}

/* -i max[,min] (pair-both): netperf 2.7.1 raises a max below the min to
 * it, then keeps both within 3..30 (an interval needs three samples); it
 * does so silently, we say so unless only the floor of 3 moved. */
static enum np_opts_status iterations(const struct cur *c, struct np_opts *o)
{
	int64_t mx = o->iter_max, mn = o->iter_min;
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = opt_number(c, p.a, INT32_MIN, INT32_MAX, "iterations", &mx)) !=
	    NP_OPTS_RUN)
		return st;
	if (p.has_b && (st = opt_number(c, p.b, INT32_MIN, INT32_MAX, "iterations", &mn)) !=
	    NP_OPTS_RUN)
		return st;
	const int64_t fmx = mx < mn ? mn : mx;
	const int fmax = fmx < 3 ? 3 : fmx > 30 ? 30 : (int)fmx;
	const int fmin = mn < 3 ? 3 : mn > 30 ? 30 : (int)mn;
	const bool below = p.has_a && p.has_b && mx < mn;

	if (below || mx > 30 || mn > 30 || mx < 1 || mn < 1)
		opt_notice(c, "%s; runs as -i %d,%d, as netperf 2.7.1 does",
			   below ? "the max is below the min" : "iterations are 3..30", fmax, fmin);
	o->iter_max = fmax;
	o->iter_min = fmin;
	o->confidence = true;
	return NP_OPTS_RUN;
}

/* -I level[,width] (pair-both). */
static enum np_opts_status confidence_of(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;
	double w;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	/* Any level: t is computed, not looked up (2.7.1 has 95 and 99
	 * alone, and truncates 99.9 to 99). */
	if (p.has_a && (st = opt_decimal(c, p.a, 50, 99.99, &o->conf_level)) != NP_OPTS_RUN)
		return st;
	if (p.has_b) {
		/* A width past 100 % is an interval always met, as 2.7.1
		 * takes it (-I 99,500). */
		if (!opt_plain_decimal(p.b, &w) || !(w > 0))
			return opt_bad(c, "interval width %s is not a percentage above 0", p.b);
		o->conf_width = w;
	}
	o->confidence = true;
	return NP_OPTS_RUN;
}

/* What no global row says. */
static enum np_opts_status apply_global(void *ctx, const struct cur *c)
{
	struct np_opts *o = ctx;

	if (c->row->kind != OPT_SPECIAL)
		return opt_apply_row(c, o);
	switch (c->opt) {
	case 'h':
		print_usage(c->out);
		return NP_OPTS_DONE;
	case 'V':
		fprintf(c->out, "%s\n", NP_VERSION_LINE);
		return NP_OPTS_DONE;
	case 'J':
		return opt_bad(c, "this netperf was built without JSON support (jansson)");
	case 'b':
	case 'w':
		return intervals(c);
	case 'B':
		return brand_of(c, o);
	case 'c':
		return cpu_asked(c, &o->local_cpu);
	case 'C':
		return cpu_asked(c, &o->remote_cpu);
	case 'd':
		o->debug++;
		return NP_OPTS_RUN;
	case 'D':
		return interim_of(c, o);
	case 'f':
		return unit_of(c, o);
	case 'F':
		return fills(c, o);
	case 'H':
		return opt_host_family(c, o->host_buf[0], sizeof(o->host_buf[0]), &o->host,
				       &o->family);
	case 'L':
		return opt_host_family(c, o->host_buf[1], sizeof(o->host_buf[1]), &o->local_host,
				       &o->family);
	case 'i':
		return iterations(c, o);
	case 'I':
		return confidence_of(c, o);
	case 'l':
		return length_of(c, o);
	case 'p':
		return control_ports(c, o);
	case 't':
		return test_of(c, o);
	case 'T':
		return cpu_bind(c, o);
	case 'v':
		return verbosity_of(c, o);
	case 'Y':
		return tos_pair(c, o);
	case 'Z':
		return opt_passphrase(c, &o->passphrase);
	}
	return opt_bad(c, "not handled");
}

/* -o/-O/-k: kept as given; the selectors parse them once the test is
 * known (np_sel_choose, before anything connects). */
static enum np_opts_status selection(struct np_opts *o, const struct cur *c)
{
	o->sel_style = c->opt == 'o' ? NP_SEL_CSV : c->opt == 'O' ? NP_SEL_COLUMNS : NP_SEL_KEYVAL;
	o->sel_value = c->val;
	o->selecting = true;
	return NP_OPTS_RUN;
}

/* A name TCP_CONGESTION could know ("cubic", "bbr"): it goes on the wire
 * in a 16-byte field netserver checks the same way. */
static enum np_opts_status cong_name(const struct cur *c, const char *name, char buf[16],
				     const char **out)
{
	size_t n = strlen(name);

	if (n == 0 || n > 15 || name[strspn(name, "abcdefghijklmnopqrstuvwxyz"
					    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")])
		return opt_bad(c, "'%s' is not a congestion-control name", name);
	memcpy(buf, name, n + 1);
	*out = buf;
	return NP_OPTS_RUN;
}

static int32_t msg_max(const struct np_opts *o)
{
	return o->test->sock_type == SOCK_DGRAM ? NP_UDP_MAX : NP_MAX_TCP_MSG;
}

static enum np_opts_status size_pair(const struct cur *c, struct opt_pair *p, int64_t max,
				     const char *unit, int32_t *a, int32_t *b)
{
	enum np_opts_status st;
	int64_t v;

	if (p->has_a) {
		if ((st = opt_number(c, p->a, 1, max, unit, &v)) != NP_OPTS_RUN)
			return st;
		*a = (int32_t)v;
	}
	if (p->has_b) {
		if ((st = opt_number(c, p->b, 1, max, unit, &v)) != NP_OPTS_RUN)
			return st;
		*b = (int32_t)v;
	}
	return NP_OPTS_RUN;
}

/* netperf 2.7.1's direction bits, its own view (0x2 it sends, 0x4 it
 * receives), which -d's numbers use too. */
#define NP_OMNI_XMIT 0x2u
#define NP_OMNI_RECV 0x4u

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

/* -- -d: netperf 2.7.1's parse_direction: words joined by '|', each a
 * name or a number, their bits or-ed ("send|recv" is rr). */
static enum np_opts_status direction_of(const struct cur *c, uint32_t *out)
{
	const char *w = c->val;

	*out = 0;
	for (;;) {
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

static enum np_opts_status sock_type_of(const struct cur *c, int *out)
{
	if (strcasecmp(c->val, "stream") == 0 || strcasecmp(c->val, "sock_stream") == 0)
		*out = SOCK_STREAM;
	else if (strcasecmp(c->val, "dgram") == 0 || strcasecmp(c->val, "sock_dgram") == 0)
		*out = SOCK_DGRAM;
	else
		return opt_bad(c, "a socket type is stream or dgram (others are not tested here)");
	return NP_OPTS_RUN;
}

/* -T: the protocol, and with it the socket type, as 2.7.1's
 * parse_protocol sets both (-t omni -- -T tcp is a stream test). */
static enum np_opts_status protocol_of(const struct cur *c, int *out, int *type)
{
	if (strcasecmp(c->val, "tcp") == 0 || strcasecmp(c->val, "ipproto_tcp") == 0 ||
	    strcmp(c->val, "6") == 0) {
		*out = IPPROTO_TCP;
		*type = SOCK_STREAM;
	} else if (strcasecmp(c->val, "udp") == 0 || strcasecmp(c->val, "ipproto_udp") == 0 ||
		 strcmp(c->val, "17") == 0) {
		*out = IPPROTO_UDP;
		*type = SOCK_DGRAM;
	} else {
		return opt_bad(c, "a protocol is tcp or udp (others are not tested here)");
	}
	return NP_OPTS_RUN;
}

/* It lands in the UUID field as given: 8-4-4-4-12 hex digits. */
static enum np_opts_status uuid_of(const struct cur *c, struct np_opts *o)
{
	const char *u = c->val;

	if (strlen(u) != 36)
		return opt_bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
	for (int k = 0; k < 36; k++) {
		const bool dash = k == 8 || k == 13 || k == 18 || k == 23;

		if (dash ? u[k] != '-' : !isxdigit((unsigned char)u[k]))
			return opt_bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
	}
	memcpy(o->uuid_buf, u, 37);
	o->uuid = o->uuid_buf;
	return NP_OPTS_RUN;
}

/* -t omni: what -m, -M and -r add to the direction until a -d sets it. */
static void implied_direction(struct np_opts *o, bool xmit, bool recv)
{
	if (o->omni_dir_given)
		return;
	o->omni_dir |= (xmit ? NP_OMNI_XMIT : 0) | (recv ? NP_OMNI_RECV : 0);
}

/* The test-specific walk: the options, and which of the test's own were
 * given. */
struct test_walk {
	struct np_opts *o;
	const struct optrow *own;    /* the rows of o->test's own options */
	unsigned own_given;          /* bit i: option i of o->test */
	bool m_given, r_given;       /* -m, -r: what --sweep would set */
};

/* -K loc[,rem] (pair-both). */
static enum np_opts_status congestion(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = cong_name(c, p.a, o->cong_buf[0], &o->lcong)) != NP_OPTS_RUN)
		return st;
	if (p.has_b)
		st = cong_name(c, p.b, o->cong_buf[1], &o->rcong);
	return st;
}

/* -m local,remote and -M remote,local (pair-first), -r req,rsp
 * (pair-both): what one message of the test may be.  -t omni without
 * -d: a local send size makes it send, a remote one receive; -M's first
 * value (the remote receive size) sends, its second receives; -r is
 * both. */
static enum np_opts_status msg_sizes(const struct cur *c, struct np_opts *o)
{
	const char *unit = o->test->sock_type == SOCK_DGRAM ? "bytes: the UDP maximum" : "bytes";
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	if (c->opt == 'r') {
		opt_pair_both(&p);
		implied_direction(o, true, true);
		return size_pair(c, &p, msg_max(o), unit, &o->req_size, &o->rsp_size);
	}
	implied_direction(o, p.has_a, p.has_b);
	if (c->opt == 'm')
		return size_pair(c, &p, msg_max(o), unit, &o->send_size, &o->rsend_size);
	return size_pair(c, &p, msg_max(o), unit, &o->rrecv_size, &o->recv_size);
}

/* -p min[,max] (pair-both): TCP_CRR's local ports. */
static enum np_opts_status crr_ports(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st;
	struct opt_pair p;

	if ((st = opt_split(c, &p)) != NP_OPTS_RUN)
		return st;
	opt_pair_both(&p);
	if (p.has_a && (st = opt_port(c, p.a, 1, &o->crr_port_min)) != NP_OPTS_RUN)
		return st;
	if (p.has_b && (st = opt_port(c, p.b, 1, &o->crr_port_max)) != NP_OPTS_RUN)
		return st;
	if (o->crr_port_max < o->crr_port_min)
		return opt_bad(c, "the port range ends before it starts");
	return NP_OPTS_RUN;
}

/* -d: 2.7.1 reads it and then keeps the test name's direction. */
static enum np_opts_status direction(const struct cur *c, struct np_opts *o)
{
	if (!o->test->omni) {
		opt_notice(c, "%s's direction is its own; -d is for -t omni (ignored, as "
			   "netperf 2.7.1 ignores it)", o->test->name);
		return NP_OPTS_RUN;
	}
	o->omni_dir_given = true;
	return direction_of(c, &o->omni_dir);
}

/* Which of o->test's own options row is, -1 none. */
static int own_index(const struct test_walk *w, const struct optrow *row)
{
	for (int k = 0; k < NP_TEST_OPTIONS && w->own[k].name; k++)
		if (row == &w->own[k])
			return k;
	return -1;
}

/* What no test row says. */
static enum np_opts_status apply_test(void *ctx, const struct cur *c)
{
	struct test_walk *w = ctx;
	struct np_opts *o = w->o;
	const int own = own_index(w, c->row);

	if (own >= 0)
		w->own_given |= 1u << own;
	w->m_given |= c->opt == 'm';
	w->r_given |= c->opt == 'r';
	if (c->row->kind != OPT_SPECIAL)
		return opt_apply_row(c, o);
	switch (c->opt) {
	case 'h':
		print_test_usage(c->out, o->test);
		return NP_OPTS_DONE;
	case 'd':
		return direction(c, o);
	case 'H':
		return opt_host_family(c, o->host_buf[2], sizeof(o->host_buf[2]), &o->data_host,
				       &o->data_family);
	case 'L':
		return opt_host_family(c, o->host_buf[3], sizeof(o->host_buf[3]), &o->data_local,
				       &o->data_family);
	case 'j':
	case 'w':
		/* netperf 2.7.1 parses and ignores them too; a number still. */
		return interval_word(c->val, false) ? NP_OPTS_RUN : opt_bad(c, "not a number");
	case 'k':
	case 'o':
	case 'O':
		return selection(o, c);
	case 'K':
		return congestion(c, o);
	case 'm':
	case 'M':
	case 'r':
		return msg_sizes(c, o);
	case 'p':
		return crr_ports(c, o);
	case 't':
		return sock_type_of(c, &o->sock_type_over);
	case 'T':
		return protocol_of(c, &o->protocol_over, &o->sock_type_over);
	case 'u':
		return uuid_of(c, o);
	}
	return opt_bad(c, "not handled");
}

static void np_opts_defaults(struct np_opts *o)
{
	opt_defaults(all_tables, o, sizeof(*o));
	/* A pointer, which no row's default can be. */
	o->test = &np_test_tcp_stream;
}

/* -t omni, and -- -t/-T/-d/-c: the test the socket type, protocol,
 * direction and connection flag make, as netperf 2.7.1 makes them; the
 * test name gives what they leave out. */
static enum np_opts_status resolve_test(struct np_opts *o, FILE *err)
{
	const struct np_test *t = o->test;
	const bool connect = t->connect_each || o->connect_test;
	int type, proto;
	uint32_t dir;
	const struct np_test *r;

	if (t->length)
		o->length = t->length;
	if (!t->omni && !o->sock_type_over && !o->protocol_over && connect == t->connect_each) {
		r = t;
		goto sizes;
	}
	type = o->sock_type_over ? o->sock_type_over : t->omni ? SOCK_STREAM : t->sock_type;
	proto = o->protocol_over ? o->protocol_over
	      : type == SOCK_DGRAM ? IPPROTO_UDP : IPPROTO_TCP;
	if (t->omni) {
		/* Nothing said: a send test, or with -c connect and close. */
		const uint32_t d = o->omni_dir == 0 && !connect ? NP_OMNI_XMIT : o->omni_dir;

		dir = (d & NP_OMNI_XMIT ? NP_DIR_RECV : 0) | (d & NP_OMNI_RECV ? NP_DIR_XMIT : 0);
	} else {
		dir = t->direction;
	}
	r = np_test_for_request(type, proto, dir, connect, NP_EXT_TEST_CLASSIC);
	if (r == NULL && !t->omni && !t->connect_each && o->connect_test) {
		/* 2.7.1 would open a connection per send: no such test here. */
		fprintf(err, "netperf: -- -c: %s has no connection-per-transaction form here "
			"(TCP_RR's is TCP_CRR); ignored\n", t->name);
		r = np_test_for_request(type, proto, dir, false, NP_EXT_TEST_CLASSIC);
	}
	if (r == NULL) {
		fprintf(err, "netperf: no test is a %s %s %s%s test\n",
			type == SOCK_DGRAM ? "datagram" : "stream",
			proto == IPPROTO_UDP ? "UDP" : "TCP", connect ? "connection " : "",
			dir == NP_DIR_RECV ? "send" : dir == NP_DIR_XMIT ? "receive"
			: dir == 0 ? "connect-only" : "request/response");
		return NP_OPTS_USAGE;
	}
	if (t->omni) {
		o->omni = true;
		/* Omni's own output is the -O columns of its default list. */
		if (!o->selecting) {
			o->selecting = true;
			o->sel_style = NP_SEL_COLUMNS;
			o->sel_value = NULL;
		}
	}
	o->test = r;
sizes:
	/* A test without data (TCP_CC): its transactions carry 0 bytes. */
	if (!np_test_moves_data(r))
		o->req_size = o->rsp_size = 0;
	if (r->connect_each && o->data_lport && !o->crr_port_min)
		fprintf(err, "netperf: -- -P %u: %s binds each connection to the next local port "
			"of %d-%d instead, as netperf 2.7.1 does (-- -p min,max sets the range)\n",
			(unsigned)o->data_lport, r->name, NP_CRR_PORT_MIN, NP_CRR_PORT_MAX);
	return NP_OPTS_RUN;
}

static enum np_opts_status flows_fit(const struct np_opts *o, FILE *err);
static enum np_opts_status json_fit(const struct np_opts *o, FILE *err);
static enum np_opts_status sweep_fit(struct np_opts *o, const struct test_walk *w, FILE *err);
static void test_params_default(struct np_opts *o);

/* -- -t/-T/-d made it another test, whose options these are not. */
static enum np_opts_status own_fit(const struct np_opts *o, const struct np_test *named,
				   const struct test_walk *w, FILE *err)
{
	for (int k = 0; k < NP_TEST_OPTIONS; k++) {
		if (w->own_given & (1u << k)) {
			fprintf(err, "netperf: --%s is an option of %s, not of %s\n",
				named->options[k].name, named->name, o->test->name);
			return NP_OPTS_USAGE;
		}
	}
	return NP_OPTS_RUN;
}

enum np_opts_status np_opts_parse(int argc, char **argv, struct np_opts *o,
				  FILE *out, FILE *err)
{
	struct optrow own[NP_TEST_OPTIONS + 1];
	const struct optrow *const test_tables[] = { test_rows, test_long_rows, own, NULL };
	struct test_walk tw = { o, own, 0, false, false };
	const struct optwalk gw = { "netperf", global_tables, false, true, true, apply_global,
				    o, out, err };
	const struct optwalk ww = { "netperf", test_tables, true, false, true, apply_test, &tw,
				    out, err };
	enum np_opts_status st;
	const struct np_test *named;
	int i = 1;

	np_opts_defaults(o);
	o->argc = argc;
	o->argv = argv;
	if ((st = opt_walk(&gw, argc, argv, &i)) != NP_OPTS_RUN)
		return st;
	/* -I alone means up to 10 iterations and at least 3, as in netperf. */
	if (o->confidence && o->iter_max == 1) {
		o->iter_max = 10;
		o->iter_min = 3;
	}
	/* -t has named the test: its own options join the test-specific
	 * ones, with their defaults. */
	named = o->test;
	test_params_default(o);
	test_option_rows(named, own, NULL);
	if ((st = opt_walk(&ww, argc, argv, &i)) != NP_OPTS_RUN)
		return st;
	/* Before resolve_test, which gives -t omni its default columns. */
	if ((st = json_fit(o, err)) != NP_OPTS_RUN || (st = resolve_test(o, err)) != NP_OPTS_RUN)
		return st;
	if (o->test != named) {
		if ((st = own_fit(o, named, &tw, err)) != NP_OPTS_RUN)
			return st;
		test_params_default(o);
	}
	if ((st = flows_fit(o, err)) != NP_OPTS_RUN)
		return st;
	return sweep_fit(o, &tw, err);
}

static void test_params_default(struct np_opts *o)
{
	np_test_option_defaults(o->test, o->test_params);
}

/* What N flows cannot share. */
static enum np_opts_status flows_fit(const struct np_opts *o, FILE *err)
{
	const char *what = NULL;

	if (o->flows <= 1)
		return NP_OPTS_RUN;
	if (o->test->command)
		what = "a test without a data connection";
	else if (o->interim > 0)
		what = "-D (interim figures are per run; use -d for flow start times)";
	else if (o->data_lport || o->data_rport)
		what = "fixed data ports (-- -P): each flow needs its own";
	else if (o->local_port)
		what = "a fixed local control port (-p ,port): each flow needs its own";
	if (!what)
		return NP_OPTS_RUN;
	fprintf(err, "netperf: --flows %d cannot go with %s\n", o->flows, what);
	return NP_OPTS_USAGE;
}

/* --sweep: its sizes within the resolved test's limits, and what it
 * cannot go with. */
static enum np_opts_status sweep_fit(struct np_opts *o, const struct test_walk *w, FILE *err)
{
	const char *no;
	char why[160];

	if (!o->sweep_text)
		return NP_OPTS_RUN;
	if ((no = np_sweep_refusal(o->test)) != NULL)
		fprintf(err, "netperf: --sweep: not for %s: %s\n", o->test->name, no);
	else if (np_sweep_option(o->test) == 'm' ? w->m_given : w->r_given)
		fprintf(err, "netperf: --sweep cannot go with -- -%c: the sweep sets the %s\n",
			np_sweep_option(o->test),
			o->test->rr ? "request and response sizes" : "send size");
	else if (o->interim > 0)
		fprintf(err, "netperf: --sweep cannot go with -D: interim lines would cut through "
			"the table\n");
	else if (np_sweep_parse(o->sweep_text, msg_max(o), &o->sweep, why, sizeof(why)) < 0)
		fprintf(err, "netperf: --sweep %s: %s\n", o->sweep_text, why);
	else
		return NP_OPTS_RUN;
	return NP_OPTS_USAGE;
}

/* -J is the output: not with another one, nor for a test that prints a
 * bare fact instead of a result. */
static enum np_opts_status json_fit(const struct np_opts *o, FILE *err)
{
	if (!o->json)
		return NP_OPTS_RUN;
	if (o->selecting)
		fprintf(err, "netperf: --json cannot go with -- -%c (both choose the output)\n",
			o->sel_style == NP_SEL_CSV ? 'o' : o->sel_style == NP_SEL_COLUMNS ? 'O' : 'k');
	else if (o->test->command)
		fprintf(err, "netperf: --json cannot go with %s (a test without a data connection)\n",
			o->test->name);
	else
		return NP_OPTS_RUN;
	return NP_OPTS_USAGE;
}

void np_opts_each(const struct np_opts *o, np_setting_fn fn, void *ctx)
{
	struct optrow own[NP_TEST_OPTIONS + 1];
	const struct optrow *const own_tables[] = { own, NULL };
	const struct optrow *const test_tables[] = { test_rows, test_long_rows, NULL };

	opt_each(global_tables, false, false, o, fn, ctx);
	opt_each(test_tables, true, false, o, fn, ctx);
	test_option_rows(o->test, own, NULL);
	opt_each(own_tables, true, true, o, fn, ctx);
}
