/*
 * opts.c - option tables, parsing and range checks for both programs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "opts.h"

#include <ctype.h>
#include <math.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "control.h"
#include "units.h"
#include "version.h"
#include "wire.h"

enum argkind {
	ARG_NONE,
	ARG_REQUIRED,
	ARG_NUMBER_OPT,    /* netperf's -c [rate]: a following number is taken */
	ARG_WORD_OPT,      /* -o [list]: a following word not starting with '-' */
};

#define NP_BRAND_MAX 256
#define NP_PASSPHRASE_MAX 256
/* Requests ahead of responses: more only fills the socket buffers. */
#define NP_MAX_BURST 1024
/* -s: a pause longer than this is a typo. */
#define NP_MAX_WAIT_S 3600

/* Options with a long name only have ids past any letter. */
enum {
	OPT_MAX_SESSIONS = 256,
	OPT_MAX_PER_PREFIX,
	OPT_CONN_RATE,
	OPT_MAX_AUTH_FAILURES,
	OPT_MAX_TEST_TIME,
	OPT_MAX_SESSION_MEMORY,
	OPT_CONTROL_TIMEOUT,
	OPT_LOG_RATE,
	OPT_DATA_PORTS,
	OPT_DATA_PEER,
	OPT_REFUSE_OPTION,
	OPT_MAX_PER_SITE,
	OPT_MAX_PER_NET,
	OPT_MAX_MEMORY,
	OPT_ALLOW_OPTION,
	OPT_MAX_SPINNING,
	OPT_NO_HOST_FACTS,
	OPT_FLOWS,
	OPT_LOCAL_CPUS,
	OPT_REMOTE_CPUS,
	OPT_SWEEP,
	/* A test's own options (np_test.options): OPT_TEST_PARAM + i is
	 * option i, up to NP_TEST_OPTIONS of them. */
	OPT_TEST_PARAM,
};

struct optdef {
	int opt;           /* the letter, or an OPT_* id */
	enum argkind arg;
	const char *metavar;
	const char *help;  /* continuation lines after '\n' */
	const char *name;  /* --name, NULL = none */
};

/* Global options: what -h prints, in netperf's order. */
static const struct optdef global_defs[] = {
	{ 'a', ARG_REQUIRED, "send,recv", "Set the local send,recv buffer alignment", NULL },
	{ 'A', ARG_REQUIRED, "send,recv", "Set the remote send,recv buffer alignment", NULL },
	{ 'b', ARG_REQUIRED, "burst", "Packet bursts (netperf --enable-intervals only; ignored)",
	  NULL },
	{ 'B', ARG_REQUIRED, "brandstr", "Specify a string to be emitted with brief output", NULL },
	{ 'c', ARG_NUMBER_OPT, "[cpu_rate]", "Report local CPU usage", NULL },
	{ 'C', ARG_NUMBER_OPT, "[cpu_rate]", "Report remote CPU usage", NULL },
	{ 'd', ARG_NONE, "", "Increase debugging output (on stderr)", NULL },
	{ 'D', ARG_REQUIRED, "time,[units] *", "Display interim results at least every time interval\n"
					       "(seconds; a negative time is read as its size;\n"
					       "units, netperf's first guess of the rate, is ignored)",
	  NULL },
	{ 'f', ARG_REQUIRED, "G|M|K|g|m|k|B|b|x", "Set the output units", NULL },
	{ 'F', ARG_REQUIRED, "lfill[,rfill]*", "Pre-fill send buffers with data from a local file\n"
					       "(rfill is passed on; netserver-ng never opens it)",
	  NULL },
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'H', ARG_REQUIRED, "name|ip,fam *", "Specify the target machine and/or its address family", NULL },
	{ 'i', ARG_REQUIRED, "max,min", "Specify the max and min number of iterations (15,1)\n"
				     "(3..30, as netperf 2.7.1 runs them)", NULL },
	{ 'I', ARG_REQUIRED, "lvl[,intvl]", "Specify confidence level (50 to 99.99) (99)\n"
				    "and confidence interval in percentage (5)", NULL },
	{ 'j', ARG_NONE, "", "Keep additional timing statistics", NULL },
	{ 'k', ARG_REQUIRED, "dirty,clean", "Dirty buffers (netperf --enable-dirty only; ignored)",
	  NULL },
	{ 'K', ARG_REQUIRED, "dirty,clean", "Remote dirty buffers (likewise ignored)", NULL },
	{ 'l', ARG_REQUIRED, "testlen", "Specify test duration (>0 secs) (<0 bytes|trans)", NULL },
	{ 'L', ARG_REQUIRED, "name|ip,fam *", "Specify the local ip|name and address family", NULL },
	{ 'o', ARG_REQUIRED, "send,recv", "Set the local send,recv buffer offsets", NULL },
	{ 'O', ARG_REQUIRED, "send,recv", "Set the remote send,recv buffer offset", NULL },
	{ 'n', ARG_REQUIRED, "numcpu", "Set the number of processors for CPU util", NULL },
	{ 'N', ARG_NONE, "", "Establish no control connection, do 'send' side only", NULL },
	{ 'p', ARG_REQUIRED, "port,lport*", "Specify netserver port number and/or local port", NULL },
	{ 'P', ARG_REQUIRED, "0|1", "Don't/Do display test headers", NULL },
	{ 'r', ARG_NONE, "", "Allow confidence to be hit on result only", NULL },
	{ 's', ARG_REQUIRED, "seconds", "Wait seconds between test setup and test start", NULL },
	{ 'S', ARG_NONE, "", "Set SO_KEEPALIVE on the data connection", NULL },
	{ 't', ARG_REQUIRED, "testname", "Specify test to perform", NULL },
	{ 'T', ARG_REQUIRED, "lcpu,rcpu", "Request netperf/netserver be bound to local/remote cpu", NULL },
	{ 'v', ARG_REQUIRED, "verbosity", "Specify the verbosity level (0, 1 or 2)", NULL },
	{ 'V', ARG_NONE, "", "Display the netperf version and exit", NULL },
	{ 'w', ARG_REQUIRED, "time", "Packet interval (netperf --enable-intervals only; ignored)",
	  NULL },
	{ 'W', ARG_REQUIRED, "send,recv", "Set the number of send,recv buffers", NULL },
	{ 'y', ARG_REQUIRED, "local,remote", "Set the socket priority", NULL },
	{ 'Y', ARG_REQUIRED, "local,remote", "Set the IP_TOS. Use hexadecimal.", NULL },
	{ '4', ARG_NONE, "", "Use IPv4 for the control and data connections", NULL },
	{ 'Z', ARG_REQUIRED, "passphrase", "Set and pass to netserver a passphrase", NULL },
	{ '6', ARG_NONE, "", "Use IPv6 for the control and data connections", NULL },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef test_defs[] = {
	{ 'a', ARG_NONE, "", "Set TCP_DEFER_ACCEPT on netserver's listener", NULL },
	{ 'b', ARG_REQUIRED, "number", "Send number requests at start of _RR tests", NULL },
	{ 'B', ARG_NONE, "", "Use IP_PKTINFO (ignored: no meaning here)", NULL },
	{ 'c', ARG_NONE, "", "Explicitly declare this a connection test such as\n"
			     "TCP_CRR or TCP_CC (the test name decides here)", NULL },
	{ 'C', ARG_NONE, "", "Set TCP_CORK when available", NULL },
	{ 'd', ARG_REQUIRED, "direction", "Explicitly set test direction based on bitwise OR\n"
					  "of 0x2 for transmit and 0x4 for receive. Default:\n"
					  "based on test type (-t omni only)", NULL },
	{ 'D', ARG_NONE, "", "Set TCP_NODELAY on both ends of the data connection", NULL },
	{ 'e', ARG_REQUIRED, "seconds", "Receive timeout: a lost request or response costs\n"
					"this long, is counted, and the test goes on", NULL },
	{ 'f', ARG_NONE, "", "Set IP_MTU_DISCOVER:IP_PMTU_DISC_DO where available", NULL },
	{ 'F', ARG_NONE, "", "Use TCP Fast Open functionality where available", NULL },
	{ 'g', ARG_NONE, "", "Set SO_DEBUG (ignored: no meaning here)", NULL },
	{ 'G', ARG_REQUIRED, "bytes", "Set TCP_MAXSEG on our data socket", NULL },
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'H', ARG_REQUIRED, "name,fam *", "Use name (or IP) and family as target of data connection", NULL },
	{ 'i', ARG_REQUIRED, "x", "Check interval (removed in netperf; ignored)", NULL },
	{ 'I', ARG_NONE, "", "Use write() instead of send() (ignored: no difference here)",
	  NULL },
	{ 'j', ARG_REQUIRED, "x", "Parsed and unused, as in netperf", NULL },
	{ 'k', ARG_WORD_OPT, "[file]", "Generate keyval output optionally based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'K', ARG_REQUIRED, "loc[,rem]", "Set the local and/or remote congestion control\n"
					  "algorithm to use on those platforms where it can\n"
					  "be set.", NULL },
	{ 'l', ARG_REQUIRED, "ttl", "Multicast TTL (ignored: no multicast tests)", NULL },
	{ 'L', ARG_REQUIRED, "name,fam *", "Use name (or IP) and family as source of data connection", NULL },
	{ 'm', ARG_REQUIRED, "local,remote*", "Set the send size for _STREAM/_MAERTS tests", NULL },
	{ 'M', ARG_REQUIRED, "remote,local*", "Set the recv size for _STREAM/_MAERTS tests", NULL },
	{ 'n', ARG_NONE, "", "Use the connected socket for UDP locally (always so here)", NULL },
	{ 'N', ARG_NONE, "", "Use the connected socket for UDP remotely (always so\n"
			     "with netserver-ng)", NULL },
	{ 'o', ARG_WORD_OPT, "[file]", "Generate CSV output optionally based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'O', ARG_WORD_OPT, "[file]", "Generate classic-style output based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'p', ARG_REQUIRED, "min[,max]", "Set the min/max port numbers for TCP_CRR, TCP_TRR", NULL },
	{ 'P', ARG_REQUIRED, "local[,remote]", "Set the local/remote port for the data socket", NULL },
	{ 'q', ARG_REQUIRED, "rate", "Set SO_MAX_PACING_RATE, bytes per second", NULL },
	{ 'r', ARG_REQUIRED, "req,[rsp]", "Set request/response sizes (_RR tests)", NULL },
	{ 'R', ARG_REQUIRED, "0/1", "Allow routing of traffic on data connection.\n"
				    "Default: 0 (off) for UDP_STREAM, 1 (on) otherwise", NULL },
	{ 's', ARG_REQUIRED, "send[,recv]", "Set local socket send/recv buffer sizes", NULL },
	{ 'S', ARG_REQUIRED, "send[,recv]", "Set remote socket send/recv buffer sizes", NULL },
	{ 't', ARG_REQUIRED, "type", "Explicitly set socket type (stream or dgram).\n"
				     "Default is implicit based on other settings", NULL },
	{ 'T', ARG_REQUIRED, "protocol", "Explicitly set data connection protocol (tcp or\n"
					 "udp). Default is implicit based on other settings",
	  NULL },
	{ 'u', ARG_REQUIRED, "uuid", "Use the supplied string as the UUID for this test.", NULL },
	{ 'U', ARG_NONE, "", "Keep retrying a failing connect (ignored)", NULL },
	{ 'V', ARG_NONE, "", "Copy avoidance (ignored: no meaning here)", NULL },
	{ 'w', ARG_REQUIRED, "x", "Accepted and ignored, as in netperf", NULL },
	{ 'W', ARG_REQUIRED, "send[,recv]", "Set the number of send,recv buffers", NULL },
	{ '4', ARG_NONE, "", "Use AF_INET (eg IPv4) on both ends of the data conn", NULL },
	{ '6', ARG_NONE, "", "Use AF_INET6 (eg IPv6) on both ends of the data conn", NULL },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

/* netperf-ng's test options for every test (a test's own come from its
 * descriptor): long names only. */
static const struct optdef test_long_defs[] = {
	{ OPT_SWEEP, ARG_REQUIRED, "list|range",
	  "Run the test once per size and print one table:\n"
	  "sizes as 64,128,1472 or a range 64..65507*2\n"
	  "(from 64, times 2, up to 65507; at most 64\n"
	  "sizes); the send size (-m), or -r size,size", "sweep" },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef server_defs[] = {
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'D', ARG_NONE, "", "Do not daemonize", NULL },
	{ 'd', ARG_NONE, "", "Increase debugging output (as -v 2)", NULL },
	{ 'f', ARG_NONE, "", "Accepted; each client still has its own process", NULL },
	{ 'L', ARG_REQUIRED, "name,family", "Use name to pick listen address and family for family", NULL },
	{ 'n', ARG_REQUIRED, "cpus", "Accepted; CPUs are counted from /proc/stat", NULL },
	{ 'N', ARG_NONE, "", "No debugging output, even if netperf asks (it never\n"
			     "gets any)", NULL },
	{ 'p', ARG_REQUIRED, "portnum", "Listen for connect requests on portnum (0: any free port)", NULL },
	{ '4', ARG_NONE, "", "Do IPv4", NULL },
	{ '6', ARG_NONE, "", "Do IPv6", NULL },
	{ 'v', ARG_REQUIRED, "verbosity", "Specify the verbosity level (0, 1 or 2)", NULL },
	{ 'V', ARG_NONE, "", "Display version information and exit", NULL },
	{ 'Z', ARG_REQUIRED, "passphrase", "Expect passphrase as the first thing received", NULL },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

/* netserver-ng's own: long names only (and -u, which 2.7.1 lacks), so no
 * letter netserver 2.7.1 accepts changes meaning. */
static const struct optdef server_long_defs[] = {
	{ 'u', ARG_REQUIRED, "user", "Serve as user when started as root (nobody)", "user" },
	{ OPT_MAX_SESSIONS, ARG_REQUIRED, "N", "Sessions at once, in all (512)", "max-sessions" },
	{ OPT_MAX_PER_PREFIX, ARG_REQUIRED, "N",
	  "Sessions at once from one /32 or /64 (an eighth\nof --max-sessions)",
	  "max-per-prefix" },
	{ OPT_MAX_PER_SITE, ARG_REQUIRED, "N",
	  "Sessions at once from one IPv6 /56 (three\nsixteenths of --max-sessions)",
	  "max-per-site" },
	{ OPT_MAX_PER_NET, ARG_REQUIRED, "N",
	  "Sessions at once from one IPv6 /48 or IPv4 /24\n(a quarter of --max-sessions)",
	  "max-per-net" },
	{ OPT_CONN_RATE, ARG_REQUIRED, "rate[,burst]",
	  "New control connections per second from one\n/32 or /64 (16; burst "
	  "--max-per-prefix; 0: no\nlimit)", "conn-rate" },
	{ OPT_MAX_AUTH_FAILURES, ARG_REQUIRED, "N",
	  "With -Z: wrong passphrases per minute from one\n/32 or /64, and from all "
	  "of one /56, /48 or\n/24 together (10; 0: no limit)", "max-auth-failures" },
	{ OPT_MAX_TEST_TIME, ARG_REQUIRED, "secs",
	  "Longest test, counted ones too (3600)", "max-test-time" },
	{ OPT_MAX_SESSION_MEMORY, ARG_REQUIRED, "bytes",
	  "Socket and message buffers one test may take,\nas the kernel counts them (128M)",
	  "max-session-memory" },
	{ OPT_MAX_MEMORY, ARG_REQUIRED, "bytes",
	  "The same, all sessions together (a quarter of\nnet.ipv4.tcp_mem's pressure "
	  "level)", "max-memory" },
	{ OPT_CONTROL_TIMEOUT, ARG_REQUIRED, "secs",
	  "Drop a session whose client stops answering (30)", "control-timeout" },
	{ OPT_LOG_RATE, ARG_REQUIRED, "lines",
	  "Log lines per second, bursts of ten times (5; 0: all)", "log-rate" },
	{ OPT_DATA_PORTS, ARG_REQUIRED, "min-max", "Data sockets use ports in this range",
	  "data-ports" },
	{ OPT_DATA_PEER, ARG_REQUIRED, "mode",
	  "control: data only from the control connection's\naddress (the default); "
	  "declared: also from the\nclient's declared data address, in either family",
	  "data-peer" },
	{ OPT_REFUSE_OPTION, ARG_REQUIRED, "name,...",
	  "Refuse tests that ask for these netperf-ng test\noptions (busy-poll, zerocopy, "
	  "batch, gso)", "refuse-option" },
	{ OPT_ALLOW_OPTION, ARG_REQUIRED, "name,...",
	  "Serve tests that ask for these test options,\nwhich cost a CPU and are "
	  "refused unless\nallowed (busy-poll)", "allow-option" },
	{ OPT_MAX_SPINNING, ARG_REQUIRED, "N",
	  "With --allow-option busy-poll: sessions spinning\nat once (half the CPUs, "
	  "at least 1)", "max-spinning" },
	{ OPT_NO_HOST_FACTS, ARG_NONE, "",
	  "Tell clients nothing about this host (kernel,\nCPU, driver)", "no-host-facts" },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

/* netperf-ng's own: long names only, so that no letter of netperf 2.7.1
 * changes meaning. */
static const struct optdef global_long_defs[] = {
	{ OPT_FLOWS, ARG_REQUIRED, "N",
	  "Run N flows of the test at once, each with its\n"
	  "own control and data connection; prints each\n"
	  "flow and their SUM (1)", "flows" },
	{ OPT_LOCAL_CPUS, ARG_REQUIRED, "list",
	  "CPUs the flows run on here, spread in turn\n(e.g. 0-3,6)", "local-cpus" },
	{ OPT_REMOTE_CPUS, ARG_REQUIRED, "list",
	  "CPUs netserver runs the flows on, likewise", "remote-cpus" },
	/* 2.7.1 has no -J: the letter is free. */
	{ 'J', ARG_NONE, "",
#ifdef HAVE_JANSSON
	  "Print the run as one JSON object instead of\n"
	  "the classic output (netperf(1))",
#else
	  "Print one JSON object (not in this build: it\n"
	  "was built without jansson)",
#endif
	  "json" },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef *const global_sets[] = { global_defs, global_long_defs, NULL };
static const struct optdef *const server_sets[] = { server_defs, server_long_defs, NULL };

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

static void print_defs(FILE *out, const struct optdef *defs, int width)
{
	for (const struct optdef *d = defs; d->opt; d++) {
		char head[64];
		const char *line = d->help;

		if (d->opt < 256 && d->name)
			snprintf(head, sizeof(head), "-%c, --%s %s", d->opt, d->name, d->metavar);
		else if (d->name)
			snprintf(head, sizeof(head), "--%s %s", d->name, d->metavar);
		else
			snprintf(head, sizeof(head), "-%c %s", d->opt, d->metavar);
		/* A head as wide as its column gets a line of its own. */
		if ((int)strlen(head) >= width) {
			fprintf(out, "    %s\n", head);
			head[0] = '\0';
		}
		for (bool first = true; line; first = false) {
			const char *nl = strchr(line, '\n');
			int len = nl ? (int)(nl - line) : (int)strlen(line);

			fprintf(out, "    %-*s%.*s\n", width, first ? head : "", len, line);
			line = nl ? nl + 1 : NULL;
		}
	}
}

static const struct optdef *find_def(const struct optdef *const *sets, char c)
{
	for (; *sets; sets++)
		for (const struct optdef *d = *sets; d->opt; d++)
			if (d->opt == c)
				return d;
	return NULL;
}

static const struct optdef *find_long(const struct optdef *const *sets, const char *name,
				      size_t len)
{
	for (; *sets; sets++)
		for (const struct optdef *d = *sets; d->opt; d++)
			if (d->name && strlen(d->name) == len && strncmp(d->name, name, len) == 0)
				return d;
	return NULL;
}

/* The option being applied, for error messages. */
struct cur {
	const char *prog;
	int opt;
	const char *name;  /* set when given by its long name */
	const char *val;
	FILE *out;
	FILE *err;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static enum np_opts_status bad(const struct cur *c, const char *fmt, ...)
{
	va_list ap;

	if (c->name)
		fprintf(c->err, "%s: --%s%s%s: ", c->prog, c->name, c->val ? " " : "",
			c->val ? c->val : "");
	else if (c->val)
		fprintf(c->err, "%s: -%c %s: ", c->prog, c->opt, c->val);
	else
		fprintf(c->err, "%s: -%c: ", c->prog, c->opt);
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
	return NP_OPTS_USAGE;
}

typedef enum np_opts_status (*apply_fn)(void *ctx, const struct cur *c);

/* "--name", "--name=value", "--name value". */
static enum np_opts_status walk_long(const char *prog, int argc, char **argv, int *i,
				     const struct optdef *const *sets, apply_fn apply,
				     void *ctx, FILE *out, FILE *err)
{
	const char *arg = argv[*i] + 2;
	const char *eq = strchr(arg, '=');
	const size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct optdef *d = find_long(sets, arg, len);
	struct cur c = { prog, 0, NULL, NULL, out, err };

	if (d == NULL) {
		fprintf(err, "%s: unknown %soption --%.*s (%s%s -h lists them)\n", prog,
			sets[0] == test_defs ? "test " : "", (int)len, arg, prog,
			sets[0] == test_defs ? " -t TEST --" : "");
		return NP_OPTS_USAGE;
	}
	c.opt = d->opt;
	c.name = d->name;
	if (d->arg == ARG_NONE) {
		if (eq) {
			fprintf(err, "%s: option --%s takes no value\n", prog, d->name);
			return NP_OPTS_USAGE;
		}
	} else if (eq) {
		c.val = eq + 1;
	} else if (d->arg == ARG_REQUIRED) {
		if (*i + 1 >= argc) {
			fprintf(err, "%s: option --%s needs a value (%s)\n", prog, d->name,
				d->metavar);
			return NP_OPTS_USAGE;
		}
		c.val = argv[++(*i)];
	}
	return apply(ctx, &c);
}

/*
 * Walk argv[*i..argc): "-x", "-xVALUE", "-x VALUE", grouped flags
 * ("-46") and long options.  Stops after "--" when dashdash is set
 * (leaving *i past it).  Any other word is a stray argument: with strays
 * (netperf) it is skipped with one line on err, as netperf 2.7.1's getopt
 * skips it silently (k8s-netperf's probe "netperf -H ip -l 1 -- 42424");
 * without (netserver) a usage error.
 */
static enum np_opts_status walk(const char *prog, int argc, char **argv, int *i,
				const struct optdef *const *sets, bool dashdash, bool strays,
				apply_fn apply, void *ctx, FILE *out, FILE *err)
{
	for (; *i < argc; (*i)++) {
		const char *arg = argv[*i];

		if (dashdash && strcmp(arg, "--") == 0) {
			(*i)++;
			return NP_OPTS_RUN;
		}
		if ((arg[0] != '-' || arg[1] == '\0') && strays) {
			fprintf(err, "%s: ignoring the stray argument '%s', as netperf 2.7.1 does%s\n",
				prog, arg, dashdash ? " (test options go after --)" : "");
			continue;
		}
		if (arg[0] != '-' || arg[1] == '\0') {
			fprintf(err, "%s: unexpected argument '%s'%s\n", prog, arg,
				dashdash ? " (test options go after --)" : "");
			return NP_OPTS_USAGE;
		}
		if (arg[1] == '-' && arg[2] != '\0') {
			enum np_opts_status st = walk_long(prog, argc, argv, i, sets, apply, ctx,
							   out, err);

			if (st != NP_OPTS_RUN)
				return st;
			continue;
		}
		for (const char *p = arg + 1; *p; p++) {
			const struct optdef *d = find_def(sets, *p);
			struct cur c = { prog, *p, NULL, NULL, out, err };
			enum np_opts_status st;

			if (d == NULL) {
				fprintf(err, "%s: unknown %soption -%c (%s%s -h lists them)\n",
					prog, sets[0] == test_defs ? "test " : "", *p, prog,
					sets[0] == test_defs ? " --" : "");
				return NP_OPTS_USAGE;
			}
			if (d->arg == ARG_REQUIRED) {
				if (p[1]) {
					c.val = p + 1;
				} else if (*i + 1 < argc) {
					c.val = argv[++(*i)];
				} else {
					fprintf(err, "%s: option -%c needs a value (%s)\n",
						prog, *p, d->metavar);
					return NP_OPTS_USAGE;
				}
			} else if (d->arg == ARG_WORD_OPT) {
				if (p[1])
					c.val = p + 1;
				else if (*i + 1 < argc && argv[*i + 1][0] != '-')
					c.val = argv[++(*i)];
			} else if (d->arg == ARG_NUMBER_OPT) {
				/* netperf takes an attached value, or a next
				 * word that starts with a digit. */
				if (isdigit((unsigned char)p[1]))
					c.val = p + 1;
				else if (!p[1] && *i + 1 < argc &&
					 isdigit((unsigned char)argv[*i + 1][0]))
					c.val = argv[++(*i)];
			}
			st = apply(ctx, &c);
			if (st != NP_OPTS_RUN)
				return st;
			if (c.val)
				break;
		}
	}
	return NP_OPTS_RUN;
}

/* "a,b": which halves are there.  The comma is the last one, so names
 * without commas pass whole. */
struct pair {
	char a[256];
	char b[256];
	bool has_a, has_b, comma;
};

static enum np_opts_status split(const struct cur *c, struct pair *p)
{
	const char *comma = strrchr(c->val, ',');
	size_t alen = comma ? (size_t)(comma - c->val) : strlen(c->val);

	memset(p, 0, sizeof(*p));
	if (alen >= sizeof(p->a) || (comma && strlen(comma + 1) >= sizeof(p->b)))
		return bad(c, "value too long");
	memcpy(p->a, c->val, alen);
	p->a[alen] = '\0';
	p->comma = comma != NULL;
	if (comma)
		strcpy(p->b, comma + 1);
	p->has_a = p->a[0] != '\0';
	p->has_b = p->b[0] != '\0';
	if (!p->has_a && !p->has_b)
		return bad(c, "empty value");
	return NP_OPTS_RUN;
}

/* pair-both: "X" sets both halves. */
static void pair_both(struct pair *p)
{
	if (!p->comma) {
		strcpy(p->b, p->a);
		p->has_b = true;
	}
}

static void notice(const struct cur *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A number as netperf's letter options take it: whole, or (netperf's
 * letters, which 2.7.1 reads with atoi or convert) its leading part,
 * *rest then the tail ignored ("" otherwise).  0, or -1 with why. */
static int lenient_number(const struct cur *c, const char *text, int64_t min, int64_t max,
			  int64_t *out, const char **rest, const char **why)
{
	*rest = "";
	if (np_parse_size(text, min, max, out, why) == 0)
		return 0;
	if (c->name || strcmp(c->prog, "netperf") != 0 || strcmp(*why, "out of range") == 0)
		return -1;
	return np_parse_leading(text, min, max, out, rest, why);
}

/* The one line for a tail lenient_number ignored. */
static void ignored_tail(const struct cur *c, int64_t v, const char *rest)
{
	if (*rest)
		notice(c, "read as %lld, as netperf 2.7.1 reads it ('%s' ignored)", (long long)v,
		       rest);
}

static enum np_opts_status number(const struct cur *c, const char *text, int64_t min,
				  int64_t max, const char *unit, int64_t *out)
{
	const char *why, *rest;

	if (lenient_number(c, text, min, max, out, &rest, &why) == 0) {
		ignored_tail(c, *out, rest);
		return NP_OPTS_RUN;
	}
	if (strcmp(why, "out of range") == 0)
		return bad(c, "%s out of range (%lld..%lld%s%s)", text, (long long)min,
			   (long long)max, unit[0] ? " " : "", unit);
	return bad(c, "%s: %s", text, why);
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
	return bad(c, "unknown address family '%s' (4, 6, inet, inet6 or unspec)", text);
}

/* "-H name[,fam]": pair-first; the name is copied into buf. */
static enum np_opts_status host_family(const struct cur *c, char *buf, size_t len,
				       const char **host, int *fam)
{
	struct pair p;
	enum np_opts_status st = split(c, &p);

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

static enum np_opts_status port_of(const struct cur *c, const char *text, int64_t min,
				   uint16_t *out)
{
	int64_t v;
	const char *why;

	if (np_parse_int(text, min, 65535, &v, &why) < 0)
		return bad(c, "%s: %s (a port is %lld..65535)", text, why, (long long)min);
	*out = (uint16_t)v;
	return NP_OPTS_RUN;
}

/* It travels in one message, NUL-terminated, and both ends compare it
 * as text. */
static enum np_opts_status passphrase_of(const struct cur *c, const char **out)
{
	if (c->val[0] == '\0' || strlen(c->val) > NP_PASSPHRASE_MAX)
		return bad(c, "a passphrase is 1 to %d characters", NP_PASSPHRASE_MAX);
	*out = c->val;
	return NP_OPTS_RUN;
}

/* One line on stderr for an option netperf 2.7.1 takes that means
 * nothing here, or a value it would change without a word. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void notice(const struct cur *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(c->err, "%s: -%c%s%s: ", c->prog, c->opt, c->val ? " " : "",
		c->val ? c->val : "");
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
}

/* pair-both sizes "a[,b]" into out[0], out[1] within min..max. */
static enum np_opts_status int_pair(const struct cur *c, int64_t min, int64_t max,
				    const char *unit, int out[2])
{
	enum np_opts_status st;
	struct pair p;
	int64_t v;

	if ((st = split(c, &p)) != NP_OPTS_RUN)
		return st;
	pair_both(&p);
	if (p.has_a) {
		if ((st = number(c, p.a, min, max, unit, &v)) != NP_OPTS_RUN)
			return st;
		out[0] = (int)v;
	}
	if (p.has_b) {
		if ((st = number(c, p.b, min, max, unit, &v)) != NP_OPTS_RUN)
			return st;
		out[1] = (int)v;
	}
	return NP_OPTS_RUN;
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
		return bad(c, "%s is not a ToS/DSCP byte (0..255, e.g. 0xb8, or a name: ef, af41, cs1, lowdelay)",
			   text);
	*out = (int)v;
	return NP_OPTS_RUN;
}

/* A file name for -F, kept in buf. */
static enum np_opts_status fill_name(const struct cur *c, const char *name, char *buf,
				     size_t len, size_t max, const char **out)
{
	if (strlen(name) > max)
		return bad(c, "%s: a fill file name is at most %zu characters", name, max);
	snprintf(buf, len, "%s", name);
	*out = buf;
	return NP_OPTS_RUN;
}

/* -W (global and test): netperf 2.7.1 cycles through that many buffers;
 * the count goes to netserver, but netperf-ng's loops use one. */
static enum np_opts_status ring_width(const struct cur *c, struct np_opts *o)
{
	enum np_opts_status st = int_pair(c, 1, 1024, "buffers", o->lwidth);

	if (st == NP_OPTS_RUN)
		notice(c, "netperf-ng sends and receives from one buffer; the count only goes to netserver");
	return st;
}

/* Digits, and with unit one of netperf's time letters after them. */
static bool interval_word(const char *w, bool unit)
{
	size_t n = strspn(w, "0123456789");

	return n > 0 && n < 10 && (w[n] == '\0' || (unit && strchr("mus", w[n]) && !w[n + 1]));
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
			return bad(c, "not a CPU list (such as 0-3,6)");
		errno = 0;
		lo = hi = strtol(w, &end, 10);
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return bad(c, "not a CPU list (such as 0-3,6)");
			hi = strtol(end + 1, &end, 10);
		}
		if (errno || lo > NP_MAX_CPU_ID || hi > NP_MAX_CPU_ID)
			return bad(c, "CPU numbers go up to %d", NP_MAX_CPU_ID);
		if (hi < lo)
			return bad(c, "range %ld-%ld runs backwards", lo, hi);
		for (long cpu = lo; cpu <= hi; cpu++) {
			if (*n >= NP_MAX_CPU_LIST)
				return bad(c, "more than %d CPUs", NP_MAX_CPU_LIST);
			list[(*n)++] = (int)cpu;
		}
		if (*end == '\0')
			return NP_OPTS_RUN;
		if (*end != ',')
			return bad(c, "not a CPU list (such as 0-3,6)");
		w = end + 1;
	}
}

static void print_usage(FILE *out)
{
	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "Global options:\n", out);
	print_defs(out, global_defs, 18);
	fputs(pair_note, out);
	fputs(star_note, out);
	fputs("\nnetperf-ng options:\n", out);
	print_defs(out, global_long_defs, 28);
	fputs("\nTests: ", out);
	for (const struct np_test *const *t = np_tests(); *t; t++)
		fprintf(out, "%s%s", (*t)->name, t[1] ? ", " : "\n");
	fputs("Test options: netperf [-t test] -- -h\n", out);
}

/* A test's own options as option-table lines: ids OPT_TEST_PARAM + i,
 * long names only.  With help_buf, each help text gains a line with the
 * range and the default (for -h); the walk needs no such line.  Ends with
 * the table's zero entry. */
static void test_option_defs(const struct np_test *t,
			     struct optdef defs[NP_TEST_OPTIONS + 1],
			     char (*help_buf)[512])
{
	const int n = np_test_options(t);

	for (int i = 0; i < n; i++) {
		const struct np_test_option *to = &t->options[i];

		const bool flag = !to->metavar[0];

		defs[i] = (struct optdef){ OPT_TEST_PARAM + i, flag ? ARG_NONE : ARG_REQUIRED,
					   to->metavar, to->help, to->name };
		if (help_buf && flag)
			snprintf(help_buf[i], sizeof(help_buf[i]), "%s\n(off by default)", to->help);
		else if (help_buf)
			snprintf(help_buf[i], sizeof(help_buf[i]), "%s\n(%lld..%lld, default %lld)",
				 to->help, (long long)to->min, (long long)to->max,
				 (long long)to->def);
		if (help_buf)
			defs[i].help = help_buf[i];
	}
	defs[n] = (struct optdef){ 0, ARG_NONE, NULL, NULL, NULL };
}

static void print_test_usage(FILE *out, const struct np_test *t)
{
	struct optdef own[NP_TEST_OPTIONS + 1];
	char help[NP_TEST_OPTIONS][512];

	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "OMNI and Migrated BSD Sockets Test Options:\n", out);
	print_defs(out, test_defs, 18);
	fputs(pair_note, out);
	fputs("\nnetperf-ng test options:\n", out);
	print_defs(out, test_long_defs, 28);
	if (np_test_options(t) == 0)
		return;
	test_option_defs(t, own, help);
	fprintf(out, "\nOptions of %s:\n", t->name);
	print_defs(out, own, 28);
}

/* A plain decimal ("0.5", "16"): strtod alone would take " 5", "+5",
 * "0x5" and "inf". */
static bool plain_decimal(const char *text, double *out)
{
	char *end;

	if (text[strspn(text, "0123456789.")] != '\0')
		return false;
	*out = strtod(text, &end);
	return end != text && *end == '\0';
}

/* A plain decimal within [min, max]. */
static enum np_opts_status decimal(const struct cur *c, const char *text, double min,
				      double max, double *out)
{
	double v;

	if (!plain_decimal(text, &v))
		return bad(c, "%s: not a number", text);
	if (v < min || v > max)
		return bad(c, "%s out of range (%g..%g)", text, min, max);
	*out = v;
	return NP_OPTS_RUN;
}

static enum np_opts_status apply_global(void *ctx, const struct cur *c)
{
	struct np_opts *o = ctx;
	struct pair p;
	enum np_opts_status st = NP_OPTS_RUN;
	int64_t v;

	switch (c->opt) {
	case OPT_FLOWS:
		st = number(c, c->val, 1, NP_MAX_FLOWS, "flows", &v);
		if (st == NP_OPTS_RUN)
			o->flows = (int)v;
		return st;
	case OPT_LOCAL_CPUS:
		return cpu_list(c, o->lcpus, &o->nlcpus);
	case OPT_REMOTE_CPUS:
		return cpu_list(c, o->rcpus, &o->nrcpus);
	case 'J':
#ifndef HAVE_JANSSON
		return bad(c, "this netperf was built without JSON support (jansson)");
#else
		o->json = true;
		return NP_OPTS_RUN;
#endif
	case 'h':
		print_usage(c->out);
		return NP_OPTS_DONE;
	case 'V':
		fprintf(c->out, "%s\n", NP_VERSION_LINE);
		return NP_OPTS_DONE;
	case '4':
		o->family = AF_INET;
		break;
	case '6':
		o->family = AF_INET6;
		break;
	case 'c':
	case 'C': {
		char *end;

		/* The rate calibrated CPU-looping methods; /proc/stat needs
		 * none, so it is checked and then ignored. */
		if (c->val && (strtod(c->val, &end) < 0 || *end != '\0' || end == c->val))
			return bad(c, "not a CPU rate");
		if (c->opt == 'c')
			o->local_cpu = true;
		else
			o->remote_cpu = true;
		break;
	}
	case 'r':
		o->result_only = true;
		break;
	case 'j':
		o->latency = true;
		break;
	case 'T': {
		int64_t lc = -1, rc = -1;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		if (p.has_a && (st = number(c, p.a, 0, 1023, "", &lc)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = number(c, p.b, 0, 1023, "", &rc)) != NP_OPTS_RUN)
			return st;
		o->lcpu_bind = (int)lc;
		o->rcpu_bind = (int)rc;
		break;
	}
	case 'D': {
		char *end;
		double secs;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		/* A negative time asks netperf 2.7.1 to read the clock per
		 * operation for a more exact interval; its size is the
		 * interval (flent passes -D -0.2).  Ticks come from a timer
		 * here, so both read the same. */
		secs = p.has_a ? strtod(p.a, &end) : 0;
		if (!p.has_a || *end != '\0' || end == p.a ||
		    p.a[strspn(p.a, "-0123456789.")] || strchr(p.a + 1, '-') ||
		    !(fabs(secs) >= 0.001 && fabs(secs) <= NP_MAX_SECONDS))
			return bad(c, "interim interval must be 0.001 to %d seconds (or its negative)",
				   NP_MAX_SECONDS);
		o->interim = fabs(secs);
		break;
	}
	case 'Z':
		return passphrase_of(c, &o->passphrase);
	case 'B':
		/* It lands in output that scripts parse: one printable word
		 * or phrase, no control characters. */
		if (strlen(c->val) > NP_BRAND_MAX)
			return bad(c, "longer than %d characters", NP_BRAND_MAX);
		for (const char *q = c->val; *q; q++)
			if (iscntrl((unsigned char)*q))
				return bad(c, "holds a control character");
		o->brand = c->val;
		break;
	case 'H':
		return host_family(c, o->host_buf[0], sizeof(o->host_buf[0]), &o->host, &o->family);
	case 'L':
		return host_family(c, o->host_buf[1], sizeof(o->host_buf[1]), &o->local_host,
				   &o->family);
	case 'p':
		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		if (p.has_a && (st = port_of(c, p.a, 1, &o->port)) != NP_OPTS_RUN)
			return st;
		if (p.has_b)
			st = port_of(c, p.b, 0, &o->local_port);
		break;
	case 't':
		o->test = np_test_find(c->val);
		if (o->test == NULL) {
			fprintf(c->err, "%s: -t %s: unknown test (", c->prog, c->val);
			for (const struct np_test *const *t = np_tests(); *t; t++)
				fprintf(c->err, "%s%s", (*t)->name, t[1] ? ", " : ")\n");
			return NP_OPTS_USAGE;
		}
		break;
	case 'l': {
		const char *why, *rest;
		const int r = lenient_number(c, c->val, -NP_MAX_COUNT, NP_MAX_SECONDS, &v, &rest,
					     &why);

		if (r < 0 || v == 0)
			return bad(c, "%s (use 1..%d seconds, or -1..-%d bytes or transactions)",
				   r < 0 ? why : "a test of length 0 would never end", NP_MAX_SECONDS,
				   NP_MAX_COUNT);
		ignored_tail(c, v, rest);
		o->length = v;
		break;
	}
	case 'P':
		if ((st = number(c, c->val, 0, 1, "", &v)) != NP_OPTS_RUN)
			return st;
		o->headers = v != 0;
		break;
	case 'v':
		if ((st = number(c, c->val, 0, 100, "", &v)) != NP_OPTS_RUN)
			return st;
		/* 2.7.1 prints no result at all past 2, which helps no one. */
		if (v > 2)
			notice(c, "the most verbose level is 2; using it");
		o->verbosity = v > 2 ? 2 : (int)v;
		break;
	case 'f':
		/* netperf reads the first letter: "-f Mbits" is "-f M". */
		if (!np_unit_valid(c->val[0]))
			return bad(c, "unknown unit (one of k m g for 10^n bits, K M G B for bytes, x for transactions)");
		o->unit = c->val[0];
		break;
	case 'a':
		return int_pair(c, 1, 1 << 20, "bytes", o->lalign);
	case 'A':
		return int_pair(c, 1, 1 << 20, "bytes", o->ralign);
	case 'o':
		return int_pair(c, 0, 1 << 20, "bytes", o->loffset);
	case 'O':
		return int_pair(c, 0, 1 << 20, "bytes", o->roffset);
	case 'W':
		return ring_width(c, o);
	case 'y': {
		int prio[2] = { o->lprio, o->rprio };

		if ((st = int_pair(c, 0, 255, "", prio)) != NP_OPTS_RUN)
			return st;
		o->lprio = prio[0];
		o->rprio = prio[1];
		break;
	}
	case 'Y':
		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		if (p.has_a && (st = tos_of(c, p.a, &o->ltos)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = tos_of(c, p.b, &o->rtos)) != NP_OPTS_RUN)
			return st;
		break;
	case 'F':
		/* pair-first: "file" is the local one alone. */
		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		if (p.has_a && (st = fill_name(c, p.a, o->fill_buf[0], sizeof(o->fill_buf[0]),
					       sizeof(o->fill_buf[0]) - 1, &o->lfill)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = fill_name(c, p.b, o->fill_buf[1], sizeof(o->fill_buf[1]),
					       NP_FILL_LEN - 1, &o->rfill)) != NP_OPTS_RUN)
			return st;
		break;
	case 'd':
		o->debug++;
		break;
	case 'n':
		if ((st = number(c, c->val, 1, 4096, "CPUs", &v)) != NP_OPTS_RUN)
			return st;
		o->ncpus = (int)v;
		break;
	case 'N':
		o->no_control = true;
		break;
	case 's':
		if ((st = number(c, c->val, 0, NP_MAX_WAIT_S, "seconds", &v)) != NP_OPTS_RUN)
			return st;
		o->wait_s = (int)v;
		break;
	case 'S':
		o->keepalive = true;
		break;
	case 'k':
	case 'K':
		/* netperf 2.7.1's plain build: "I don't know how to get dirty." */
		if ((st = int_pair(c, 0, INT32_MAX, "", (int[2]){ 0, 0 })) != NP_OPTS_RUN)
			return st;
		notice(c, "dirtying buffers is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored");
		break;
	case 'w':
	case 'b':
		/* -b bursts, -w an interval with an optional unit (m, u, s). */
		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		if ((p.has_a && !interval_word(p.a, c->opt == 'w')) ||
		    (p.has_b && !interval_word(p.b, c->opt == 'w')))
			return bad(c, c->opt == 'w' ? "an interval is a number with an optional m, u or s"
						    : "a burst is a number of packets");
		notice(c, "%s is not built into netperf-ng (nor into a plain netperf 2.7.1); ignored",
		       c->opt == 'w' ? "packet rate control" : "packet burst size");
		break;
	case 'i': {
		int64_t mx = o->iter_max, mn = o->iter_min;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		if (p.has_a && (st = number(c, p.a, INT32_MIN, INT32_MAX, "iterations", &mx)) !=
		    NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = number(c, p.b, INT32_MIN, INT32_MAX, "iterations", &mn)) !=
		    NP_OPTS_RUN)
			return st;
		/* netperf 2.7.1 raises a max below the min to it, then keeps
		 * both within 3..30 (an interval needs three samples); it does
		 * so silently, we say so unless only the floor of 3 moved. */
		{
			const int64_t fmx = mx < mn ? mn : mx;
			const int fmax = fmx < 3 ? 3 : fmx > 30 ? 30 : (int)fmx;
			const int fmin = mn < 3 ? 3 : mn > 30 ? 30 : (int)mn;

			if ((p.has_a && p.has_b && mx < mn) || mx > 30 || mn > 30 || mx < 1 ||
			    mn < 1)
				notice(c, "%s; runs as -i %d,%d, as netperf 2.7.1 does",
				       p.has_a && p.has_b && mx < mn ? "the max is below the min"
					       : "iterations are 3..30", fmax, fmin);
			o->iter_max = fmax;
			o->iter_min = fmin;
		}
		o->confidence = true;
		break;
	}
	case 'I': {
		double w;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		/* Any level: t is computed, not looked up (2.7.1 has 95 and 99
		 * alone, and truncates 99.9 to 99). */
		if (p.has_a && (st = decimal(c, p.a, 50, 99.99, &o->conf_level)) != NP_OPTS_RUN)
			return st;
		if (p.has_b) {
			/* A width past 100 % is an interval always met, as
			 * 2.7.1 takes it (-I 99,500). */
			if (!plain_decimal(p.b, &w) || !(w > 0))
				return bad(c, "interval width %s is not a percentage above 0", p.b);
			o->conf_width = w;
		}
		o->confidence = true;
		break;
	}
	default:
		return bad(c, "not handled");
	}
	return st;
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
		return bad(c, "'%s' is not a congestion-control name", name);
	memcpy(buf, name, n + 1);
	*out = buf;
	return NP_OPTS_RUN;
}

static int32_t msg_max(const struct np_opts *o)
{
	return o->test->sock_type == SOCK_DGRAM ? NP_UDP_MAX : NP_MAX_TCP_MSG;
}

static enum np_opts_status size_pair(const struct cur *c, struct pair *p, int64_t max,
				     const char *unit, int32_t *a, int32_t *b)
{
	enum np_opts_status st;
	int64_t v;

	if (p->has_a) {
		if ((st = number(c, p->a, 1, max, unit, &v)) != NP_OPTS_RUN)
			return st;
		*a = (int32_t)v;
	}
	if (p->has_b) {
		if ((st = number(c, p->b, 1, max, unit, &v)) != NP_OPTS_RUN)
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
		notice(c, "'%s' is no direction (send, recv, rr, 0x2, 0x4, 0x6): read as 0, as "
		       "netperf 2.7.1 reads it (alone, a send test; TCP_CRR is -c -d rr)", w);
		return NP_OPTS_RUN;
	}
	if (errno || v < 0 || (v & ~(long)(NP_OMNI_XMIT | NP_OMNI_RECV)))
		return bad(c, "a direction is send, recv, rr, or a number of the bits 0x2 (send) "
			   "and 0x4 (receive)");
	if (*end)
		notice(c, "read as %ld, as netperf 2.7.1 reads it ('%s' ignored)", v, end);
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
			return bad(c, "a direction is send, recv, rr, or a number");
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
		return bad(c, "a socket type is stream or dgram (others are not tested here)");
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
		return bad(c, "a protocol is tcp or udp (others are not tested here)");
	}
	return NP_OPTS_RUN;
}

/* It lands in the UUID field as given: 8-4-4-4-12 hex digits. */
static enum np_opts_status uuid_of(const struct cur *c, struct np_opts *o)
{
	const char *u = c->val;

	if (strlen(u) != 36)
		return bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
	for (int k = 0; k < 36; k++) {
		const bool dash = k == 8 || k == 13 || k == 18 || k == 23;

		if (dash ? u[k] != '-' : !isxdigit((unsigned char)u[k]))
			return bad(c, "a UUID is 36 characters, 8-4-4-4-12 hex digits");
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
	unsigned own_given;          /* bit i: option i of o->test */
	bool m_given, r_given;       /* -m, -r: what --sweep would set */
};

static enum np_opts_status apply_test(void *ctx, const struct cur *c)
{
	struct test_walk *w = ctx;
	struct np_opts *o = w->o;
	const char *unit = o->test->sock_type == SOCK_DGRAM ? "bytes: the UDP maximum" : "bytes";
	struct pair p;
	enum np_opts_status st;

	if (c->opt >= OPT_TEST_PARAM && c->opt < OPT_TEST_PARAM + NP_TEST_OPTIONS) {
		const int k = c->opt - OPT_TEST_PARAM;
		const struct np_test_option *to = &o->test->options[k];

		/* A flag (no metavar) takes no value: given is on. */
		if (!to->metavar[0]) {
			o->test_params[k] = 1;
			st = NP_OPTS_RUN;
		} else {
			st = number(c, c->val, to->min, to->max, "", &o->test_params[k]);
		}
		w->own_given |= 1u << k;
		return st;
	}
	w->m_given |= c->opt == 'm';
	w->r_given |= c->opt == 'r';
	switch (c->opt) {
	case 'h':
		print_test_usage(c->out, o->test);
		return NP_OPTS_DONE;
	case OPT_SWEEP:
		/* Checked once the test is resolved (-t omni, -- -T). */
		o->sweep_text = c->val;
		return NP_OPTS_RUN;
	case 'D':
		o->nodelay = true;
		return NP_OPTS_RUN;
	case '4':
		o->data_family = AF_INET;
		return NP_OPTS_RUN;
	case '6':
		o->data_family = AF_INET6;
		return NP_OPTS_RUN;
	case 'H':
		return host_family(c, o->host_buf[2], sizeof(o->host_buf[2]), &o->data_host,
				   &o->data_family);
	case 'b': {
		int64_t v;

		if ((st = number(c, c->val, 0, NP_MAX_BURST, "requests", &v)) != NP_OPTS_RUN)
			return st;
		o->burst = (int)v;
		return NP_OPTS_RUN;
	}
	case 'o':
	case 'O':
	case 'k':
		return selection(o, c);
	case 'L':
		return host_family(c, o->host_buf[3], sizeof(o->host_buf[3]), &o->data_local,
				   &o->data_family);
	case 'a':
		o->defer_accept = true;
		return NP_OPTS_RUN;
	case 'C':
		o->cork = true;
		return NP_OPTS_RUN;
	case 'f':
		o->mtu_do = true;
		return NP_OPTS_RUN;
	case 'F':
		o->fastopen = true;
		return NP_OPTS_RUN;
	case 'n':
	case 'N':
		/* Both ends connect their UDP sockets already. */
		return NP_OPTS_RUN;
	case 'j':
	case 'w':
		/* netperf 2.7.1 parses and ignores them too; a number still. */
		if (!interval_word(c->val, false))
			return bad(c, "not a number");
		return NP_OPTS_RUN;
	case 'c':
		/* resolve_test finds the connection test it makes. */
		o->connect_test = true;
		return NP_OPTS_RUN;
	case 'B':
	case 'g':
	case 'I':
	case 'l':
	case 'U':
	case 'V':
		if (c->opt == 'l' && (st = number(c, c->val, 0, 255, "hops", &(int64_t){ 0 })) !=
		    NP_OPTS_RUN)
			return st;
		notice(c, "%s; ignored",
		       c->opt == 'B' ? "IP_PKTINFO changes nothing in these tests"
		       : c->opt == 'g' ? "SO_DEBUG traces nothing on Linux"
		       : c->opt == 'I' ? "write() and send() move data alike"
		       : c->opt == 'l' ? "there are no multicast tests"
		       : c->opt == 'U' ? "a failed connect is an error, reported at once"
		       : "copy avoidance has no Linux socket option");
		return NP_OPTS_RUN;
	case 'i':
		notice(c, "the support for check_interval has been removed (as in netperf 2.7.1); ignored");
		return NP_OPTS_RUN;
	case 'd':
		/* 2.7.1 reads it and then keeps the test name's direction. */
		if (!o->test->omni) {
			notice(c, "%s's direction is its own; -d is for -t omni (ignored, as "
			       "netperf 2.7.1 ignores it)", o->test->name);
			return NP_OPTS_RUN;
		}
		o->omni_dir_given = true;
		return direction_of(c, &o->omni_dir);
	case 't':
		return sock_type_of(c, &o->sock_type_over);
	case 'T':
		return protocol_of(c, &o->protocol_over, &o->sock_type_over);
	case 'u':
		return uuid_of(c, o);
	case 'e': {
		double secs;

		if ((st = decimal(c, c->val, 0.001, NP_MAX_SECONDS, &secs)) != NP_OPTS_RUN)
			return st;
		o->rr_timeout = secs;
		return NP_OPTS_RUN;
	}
	case 'G': {
		int64_t v;

		if ((st = number(c, c->val, 88, 65535, "bytes", &v)) != NP_OPTS_RUN)
			return st;
		o->maxseg = (int)v;
		return NP_OPTS_RUN;
	}
	case 'q': {
		int64_t v;

		if ((st = number(c, c->val, 1, INT64_C(1) << 40, "bytes per second", &v)) != NP_OPTS_RUN)
			return st;
		o->max_pacing = v;
		return NP_OPTS_RUN;
	}
	case 'R': {
		int64_t v;

		if ((st = number(c, c->val, 0, 1, "", &v)) != NP_OPTS_RUN)
			return st;
		o->routing = (int)v;
		return NP_OPTS_RUN;
	}
	case 'W':
		return ring_width(c, o);
	default:
		break;
	}
	if ((st = split(c, &p)) != NP_OPTS_RUN)
		return st;
	switch (c->opt) {
	case 'K':
		pair_both(&p);
		if ((p.has_a && (st = cong_name(c, p.a, o->cong_buf[0], &o->lcong)) != NP_OPTS_RUN) ||
		    (p.has_b && (st = cong_name(c, p.b, o->cong_buf[1], &o->rcong)) != NP_OPTS_RUN))
			return st;
		return NP_OPTS_RUN;
	case 'm':
		/* -t omni without -d: a local send size makes it send, a
		 * remote one receive; -M's first value (the remote receive
		 * size) sends, its second receives; -r is both. */
		implied_direction(o, p.has_a, p.has_b);
		return size_pair(c, &p, msg_max(o), unit, &o->send_size, &o->rsend_size);
	case 'M':
		implied_direction(o, p.has_a, p.has_b);
		return size_pair(c, &p, msg_max(o), unit, &o->rrecv_size, &o->recv_size);
	case 'r':
		pair_both(&p);
		implied_direction(o, true, true);
		return size_pair(c, &p, msg_max(o), unit, &o->req_size, &o->rsp_size);
	case 's':
		pair_both(&p);
		return size_pair(c, &p, NP_MAX_SOCKBUF, "bytes", &o->lsndbuf, &o->lrcvbuf);
	case 'S':
		pair_both(&p);
		return size_pair(c, &p, NP_MAX_SOCKBUF, "bytes", &o->rsndbuf, &o->rrcvbuf);
	case 'P':
		pair_both(&p);
		if (p.has_a && (st = port_of(c, p.a, 0, &o->data_lport)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = port_of(c, p.b, 0, &o->data_rport)) != NP_OPTS_RUN)
			return st;
		return NP_OPTS_RUN;
	case 'p':
		pair_both(&p);
		if (p.has_a && (st = port_of(c, p.a, 1, &o->crr_port_min)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = port_of(c, p.b, 1, &o->crr_port_max)) != NP_OPTS_RUN)
			return st;
		if (o->crr_port_max < o->crr_port_min)
			return bad(c, "the port range ends before it starts");
		return NP_OPTS_RUN;
	default:
		return bad(c, "not handled");
	}
}

static void np_opts_defaults(struct np_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->test = &np_test_tcp_stream;
	o->family = AF_UNSPEC;
	o->port = NP_CONTROL_PORT;
	o->length = 10;
	o->headers = true;
	o->verbosity = 1;
	o->iter_max = o->iter_min = 1;
	o->conf_level = 99;
	o->conf_width = 5;
	o->rsend_size = o->rrecv_size = -1;
	o->lsndbuf = o->lrcvbuf = o->rsndbuf = o->rrcvbuf = -1;
	o->req_size = o->rsp_size = 1;
	o->data_family = AF_UNSPEC;
	o->lcpu_bind = o->rcpu_bind = -1;
	o->lalign[0] = o->lalign[1] = o->ralign[0] = o->ralign[1] = 8;
	o->lprio = o->rprio = o->ltos = o->rtos = -1;
	o->routing = -1;
	o->flows = 1;
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

enum np_opts_status np_opts_parse(int argc, char **argv, struct np_opts *o,
				  FILE *out, FILE *err)
{
	enum np_opts_status st;
	struct optdef own[NP_TEST_OPTIONS + 1];
	const struct optdef *const sets[] = { test_defs, test_long_defs, own, NULL };
	struct test_walk w = { o, 0, false, false };
	const struct np_test *named;
	int i = 1;

	np_opts_defaults(o);
	o->argc = argc;
	o->argv = argv;
	st = walk("netperf", argc, argv, &i, global_sets, true, true, apply_global, o, out, err);
	if (st != NP_OPTS_RUN)
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
	test_option_defs(named, own, NULL);
	st = walk("netperf", argc, argv, &i, sets, false, true, apply_test, &w, out, err);
	if (st != NP_OPTS_RUN)
		return st;
	/* Before resolve_test, which gives -t omni its default columns. */
	st = json_fit(o, err);
	if (st != NP_OPTS_RUN)
		return st;
	st = resolve_test(o, err);
	if (st == NP_OPTS_RUN && o->test != named) {
		/* -- -t/-T/-d made it another test, whose options these are not. */
		if (w.own_given) {
			for (int k = 0; k < NP_TEST_OPTIONS; k++)
				if (w.own_given & (1u << k)) {
					fprintf(err, "netperf: --%s is an option of %s, not of %s\n",
						named->options[k].name, named->name, o->test->name);
					break;
				}
			return NP_OPTS_USAGE;
		}
		test_params_default(o);
	}
	if (st == NP_OPTS_RUN)
		st = flows_fit(o, err);
	if (st == NP_OPTS_RUN)
		st = sweep_fit(o, &w, err);
	return st;
}

static void test_params_default(struct np_opts *o)
{
	int32_t def[NP_TEST_OPTIONS];

	np_test_option_defaults(o->test, def);
	for (int k = 0; k < NP_TEST_OPTIONS; k++)
		o->test_params[k] = def[k];
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

/* netserver ---------------------------------------------------------- */

static void print_server_usage(FILE *out)
{
	fputs("\nUsage: netserver [options] \n\nOptions:\n", out);
	print_defs(out, server_defs, 18);
	fputs("\nnetserver-ng's limits and rules (netserver(8) says more):\n", out);
	print_defs(out, server_long_defs, 28);
	fputc('\n', out);
}

/* "min-max" with min <= max, unprivileged ports. */
static enum np_opts_status port_range(const struct cur *c, struct ns_opts *o)
{
	const char *dash = strchr(c->val, '-');
	char lo[8];
	int64_t a, b;
	const char *why;

	if (!dash || dash == c->val || (size_t)(dash - c->val) >= sizeof(lo))
		return bad(c, "a port range is min-max, e.g. 50000-50999");
	memcpy(lo, c->val, (size_t)(dash - c->val));
	lo[dash - c->val] = '\0';
	if (np_parse_int(lo, 1024, 65535, &a, &why) < 0 ||
	    np_parse_int(dash + 1, 1024, 65535, &b, &why) < 0)
		return bad(c, "ports are 1024..65535 (%s)", why);
	if (a > b)
		return bad(c, "the range ends before it starts");
	o->data_port_min = (uint16_t)a;
	o->data_port_max = (uint16_t)b;
	return NP_OPTS_RUN;
}

/* "rate[,burst]": connections per second (a fraction for one every few
 * seconds), then how many at once. */
static enum np_opts_status rate_burst(const struct cur *c, struct ns_opts *o)
{
	enum np_opts_status st;
	struct pair p;
	int64_t v;

	if ((st = split(c, &p)) != NP_OPTS_RUN)
		return st;
	if (p.has_a && (st = decimal(c, p.a, 0, 1000000, &o->conn_rate)) != NP_OPTS_RUN)
		return st;
	if (p.has_b) {
		if ((st = number(c, p.b, 1, 1000000, "connections", &v)) != NP_OPTS_RUN)
			return st;
		o->conn_burst = (double)v;
	}
	return NP_OPTS_RUN;
}

/* Whether some test declares an option of this name (costly_only: one
 * that costs netserver a CPU). */
static bool known_test_option(const char *name, size_t len, bool costly_only)
{
	for (const struct np_test *const *t = np_tests(); *t; t++)
		for (int k = 0; k < np_test_options(*t); k++)
			if (strlen((*t)->options[k].name) == len &&
			    strncmp((*t)->options[k].name, name, len) == 0 &&
			    (!costly_only || (*t)->options[k].costly))
				return true;
	return false;
}

/* --refuse-option and --allow-option a,b: each a test option some test
 * declares (--allow-option: one that costs a CPU); given again, the
 * lists add up. */
static enum np_opts_status option_list(const struct cur *c, bool costly_only, char *buf,
				       size_t size, const char **list)
{
	const size_t have = *list ? strlen(buf) : 0;

	for (const char *p = c->val;;) {
		const size_t len = strcspn(p, ",");

		if (!known_test_option(p, len, costly_only))
			return bad(c, costly_only ? "test options that netserver refuses unless "
				   "allowed: busy-poll" : "test option names, such as "
				   "busy-poll,zerocopy");
		if (!p[len])
			break;
		p += len + 1;
	}
	if (have + 1 + strlen(c->val) >= size)
		return bad(c, "a shorter list");
	snprintf(buf + have, size - have, "%s%s", have ? "," : "", c->val);
	*list = buf;
	return NP_OPTS_RUN;
}

static enum np_opts_status apply_server_long(struct ns_opts *o, const struct cur *c)
{
	enum np_opts_status st = NP_OPTS_RUN;
	int64_t v;

	switch (c->opt) {
	case 'u':
		if (c->val[0] == '\0' || strlen(c->val) > 64)
			return bad(c, "not a user name");
		o->user = c->val;
		return NP_OPTS_RUN;
	case OPT_MAX_SESSIONS:
		st = number(c, c->val, 1, NS_MAX_SESSIONS_CAP, "", &v);
		o->max_sessions = (int)v;
		break;
	case OPT_MAX_PER_PREFIX:
		st = number(c, c->val, 1, NS_MAX_SESSIONS_CAP, "", &v);
		o->max_per_prefix = (int)v;
		break;
	case OPT_MAX_PER_SITE:
		st = number(c, c->val, 1, NS_MAX_SESSIONS_CAP, "", &v);
		o->max_per_site = (int)v;
		break;
	case OPT_MAX_PER_NET:
		st = number(c, c->val, 1, NS_MAX_SESSIONS_CAP, "", &v);
		o->max_per_net = (int)v;
		break;
	case OPT_MAX_MEMORY:
		st = number(c, c->val, 1 << 16, (int64_t)1 << 50, "bytes", &v);
		o->max_total_memory = (uint64_t)v;
		break;
	case OPT_MAX_SPINNING:
		st = number(c, c->val, 0, NS_MAX_SESSIONS_CAP, "sessions", &v);
		o->max_spinning = (int)v;
		break;
	case OPT_NO_HOST_FACTS:
		o->no_host_facts = true;
		return NP_OPTS_RUN;
	case OPT_ALLOW_OPTION:
		return option_list(c, true, o->allow_buf, sizeof(o->allow_buf),
				   &o->allow_options);
	case OPT_CONN_RATE:
		return rate_burst(c, o);
	case OPT_MAX_AUTH_FAILURES:
		st = number(c, c->val, 0, 1000000, "per minute", &v);
		o->auth_failures = (double)v;
		break;
	case OPT_MAX_TEST_TIME:
		st = number(c, c->val, 1, NP_MAX_SECONDS, "seconds", &v);
		o->max_test_s = (int)v;
		break;
	case OPT_MAX_SESSION_MEMORY:
		st = number(c, c->val, 1 << 16, (int64_t)1 << 40, "bytes", &v);
		o->max_memory = (uint64_t)v;
		break;
	case OPT_CONTROL_TIMEOUT:
		st = number(c, c->val, 3, 3600, "seconds", &v);
		o->control_timeout_s = (int)v;
		break;
	case OPT_LOG_RATE:
		st = number(c, c->val, 0, 100000, "lines per second", &v);
		o->log_rate = (double)v;
		break;
	case OPT_DATA_PORTS:
		return port_range(c, o);
	case OPT_REFUSE_OPTION:
		return option_list(c, false, o->refuse_buf, sizeof(o->refuse_buf),
				   &o->refuse_options);
	case OPT_DATA_PEER:
		if (strcmp(c->val, "control") == 0)
			o->data_peer_declared = false;
		else if (strcmp(c->val, "declared") == 0)
			o->data_peer_declared = true;
		else
			return bad(c, "control or declared");
		return NP_OPTS_RUN;
	default:
		return bad(c, "not handled");
	}
	return st;
}



static enum np_opts_status apply_server(void *ctx, const struct cur *c)
{
	struct ns_opts *o = ctx;
	enum np_opts_status st;
	int64_t v;

	switch (c->opt) {
	case 'h':
		print_server_usage(c->out);
		return NP_OPTS_DONE;
	case 'V':
		fprintf(c->out, "%s\n", NP_VERSION_LINE);
		return NP_OPTS_DONE;
	case 'D':
		o->foreground = true;
		break;
	case 'd':
		/* netserver 2.7.1's debug level: its most talkative log. */
		o->verbosity = 2;
		break;
	case 'f':
		/* Serving clients one after another in one process would let
		 * one client hold up the rest: netserver-ng never does. */
		notice(c, "accepted; each client still gets its own process");
		break;
	case 'n':
		if ((st = number(c, c->val, 1, 65536, "CPUs", &v)) != NP_OPTS_RUN)
			return st;
		notice(c, "accepted; netserver counts the CPUs in /proc/stat");
		break;
	case 'N':
		/* netperf's DEBUG_ON is answered and changes nothing here. */
		break;
	case '4':
		o->family = AF_INET;
		break;
	case '6':
		o->family = AF_INET6;
		break;
	case 'L':
		return host_family(c, o->host_buf, sizeof(o->host_buf), &o->listen_host,
				   &o->family);
	case 'p':
		return port_of(c, c->val, 0, &o->port);
	case 'Z':
		return passphrase_of(c, &o->passphrase);
	case 'v':
		if ((st = number(c, c->val, 0, 2, "", &v)) != NP_OPTS_RUN)
			return st;
		o->verbosity = (int)v;
		break;
	default:
		return apply_server_long(o, c);
	}
	return NP_OPTS_RUN;
}

/* A share of --max-sessions, at least 1. */
static int share(int max, int num, int den)
{
	const int v = (int)((int64_t)max * num / den);

	return v > 0 ? v : 1;
}

/* The nested limits: each defaults to its share of --max-sessions, but
 * never below the level inside it (given or defaulted), and each level
 * holds no more than the one around it. */
static enum np_opts_status nested_limits(struct ns_opts *o, FILE *err)
{
	static const char *const names[] = { "--max-per-prefix", "--max-per-site",
					     "--max-per-net", "--max-sessions" };
	int *const v[] = { &o->max_per_prefix, &o->max_per_site, &o->max_per_net,
			   &o->max_sessions };
	static const int num[] = { 1, 3, 1 }, den[] = { 8, 16, 4 };

	for (int k = 0; k < 3; k++) {
		if (*v[k] != 0)
			continue;
		*v[k] = share(o->max_sessions, num[k], den[k]);
		if (k > 0 && *v[k] < *v[k - 1])
			*v[k] = *v[k - 1];
		if (*v[k] > o->max_sessions)
			*v[k] = o->max_sessions;
	}
	for (int k = 0; k < 3; k++) {
		if (*v[k] > *v[k + 1]) {
			fprintf(err, "netserver: %s %d is more than %s %d\n", names[k], *v[k],
				names[k + 1], *v[k + 1]);
			return NP_OPTS_USAGE;
		}
	}
	/* The burst follows the sessions one prefix may hold, so that a
	 * client may open them all at once (netperf --flows). */
	if (o->conn_burst == 0)
		o->conn_burst = (double)o->max_per_prefix;
	return NP_OPTS_RUN;
}

enum np_opts_status ns_opts_parse(int argc, char **argv, struct ns_opts *o,
				  FILE *out, FILE *err)
{
	enum np_opts_status st;
	int i = 1;

	memset(o, 0, sizeof(*o));
	o->port = NP_CONTROL_PORT;
	o->family = AF_UNSPEC;
	o->verbosity = 1;
	o->max_sessions = NS_DEFAULT_MAX_SESSIONS;
	o->conn_rate = NS_DEFAULT_CONN_RATE;
	o->auth_failures = NS_DEFAULT_AUTH_FAILURES;
	o->max_test_s = NS_DEFAULT_MAX_TEST_S;
	o->max_memory = NS_DEFAULT_MAX_MEMORY;
	o->max_spinning = -1;
	o->control_timeout_s = NS_DEFAULT_CONTROL_TIMEOUT_S;
	o->log_rate = NS_DEFAULT_LOG_RATE;
	st = walk("netserver", argc, argv, &i, server_sets, false, false, apply_server, o, out, err);
	if (st != NP_OPTS_RUN)
		return st;
	return nested_limits(o, err);
}
