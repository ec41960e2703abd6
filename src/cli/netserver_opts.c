/*
 * netserver_opts.c - netserver's command line: its rows (src/cli/optrow.h),
 * the readers of the values that need a check of their own, and the
 * nested limits no row can say.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/opts.h"

#include <string.h>
#include <sys/socket.h>

#include "base/units.h"
#include "base/version.h"
#include "cli/optread.h"
#include "cli/optwalk.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/wire.h"

#define NS_AT(f) OPT_AT(struct ns_opts, f)
#define NS_AT2(f, g) OPT_AT2(struct ns_opts, f, g)
#define NS_BUF(b) OPT_BUF(struct ns_opts, b)
#define SESSIONS .min = 1, .max = NS_MAX_SESSIONS_CAP
#define UNPROVEN .min = 1, .max = NS_MAX_UNPROVEN_CAP

static void print_server_usage(FILE *out);

/* Readers ----------------------------------------------------------- */

static enum np_opts_status help(const struct cur *c, const char *text, void *field)
{
	(void)text;
	(void)field;
	print_server_usage(c->out);
	return NP_OPTS_DONE;
}

static enum np_opts_status user(const struct cur *c, const char *text, void *field)
{
	if (text[0] == '\0' || strlen(text) > 64)
		return opt_bad(c, "not a user name");
	*(const char **)field = text;
	return NP_OPTS_RUN;
}

/* --data-ports "min-max" with min <= max, unprivileged ports: both
 * fields of the row. */
static enum np_opts_status port_range(const struct cur *c, const char *text, void *field)
{
	const char *dash = strchr(text, '-');
	char lo[8];
	int64_t a, b;
	const char *why;

	if (!dash || dash == text || (size_t)(dash - text) >= sizeof(lo))
		return opt_bad(c, "a port range is min-max, e.g. 50000-50999");
	memcpy(lo, text, (size_t)(dash - text));
	lo[dash - text] = '\0';
	if (np_parse_int(lo, 1024, 65535, &a, &why) < 0 ||
	    np_parse_int(dash + 1, 1024, 65535, &b, &why) < 0)
		return opt_bad(c, "ports are 1024..65535 (%s)", why);
	if (a > b)
		return opt_bad(c, "the range ends before it starts");
	*(uint16_t *)field = (uint16_t)a;
	*(uint16_t *)opt_field(c, 1) = (uint16_t)b;
	return NP_OPTS_RUN;
}

/* --conn-rate rate[,burst]: connections per second (a fraction for one
 * every few seconds, the row's decimal), then how many at once. */
static enum np_opts_status burst(const struct cur *c, const char *text, void *field)
{
	int64_t v;
	enum np_opts_status st = opt_number(c, text, 1, 1000000, "connections", &v);

	if (st == NP_OPTS_RUN)
		*(double *)field = (double)v;
	return st;
}

/* Whether some test declares an option of this name (costly_only: one
 * that costs netserver a CPU). */
static bool known_test_option(const char *name, size_t len, bool costly_only)
{
	for (const struct np_test *const *t = np_tests(); *t; t++)
		for (int k = 0; k < np_test_options(*t); k++)
			if (strlen((*t)->options[k]->name) == len &&
			    strncmp((*t)->options[k]->name, name, len) == 0 &&
			    (!costly_only || (*t)->options[k]->costly))
				return true;
	return false;
}

/* --refuse-option and --allow-option a,b: each a test option some test
 * declares (--allow-option: one that costs a CPU); given again, the
 * lists add up in the row's buffer. */
static enum np_opts_status option_list(const struct cur *c, const char *text, void *field,
				       bool costly_only)
{
	const char **list = field;
	char *buf = (char *)c->base + c->row->buf;
	const size_t size = c->row->bufsize, have = *list ? strlen(buf) : 0;

	for (const char *p = text;;) {
		const size_t len = strcspn(p, ",");

		if (!known_test_option(p, len, costly_only))
			return opt_bad(c, costly_only ? "test options that netserver refuses unless "
				   "allowed: busy-poll" : "test option names, such as "
				   "busy-poll,zerocopy");
		if (!p[len])
			break;
		p += len + 1;
	}
	if (have + 1 + strlen(text) >= size)
		return opt_bad(c, "a shorter list");
	snprintf(buf + have, size - have, "%s%s", have ? "," : "", text);
	*list = buf;
	return NP_OPTS_RUN;
}

static enum np_opts_status refused(const struct cur *c, const char *text, void *field)
{
	return option_list(c, text, field, false);
}

static enum np_opts_status allowed(const struct cur *c, const char *text, void *field)
{
	return option_list(c, text, field, true);
}

static enum np_opts_status data_peer(const struct cur *c, const char *text, void *field)
{
	if (strcmp(text, "control") == 0)
		*(bool *)field = false;
	else if (strcmp(text, "declared") == 0)
		*(bool *)field = true;
	else
		return opt_bad(c, "control or declared");
	return NP_OPTS_RUN;
}

/* Rows ---------------------------------------------------------------- */

/* netserver 2.7.1's options, in its -h order. */
static const struct optrow server_rows[] = {
	{ .letter = 'h', .kind = OPT_FLAG, .read = help, .metavar = "",
	  .help = "Display this text" },
	{ .name = "foreground", .letter = 'D', .kind = OPT_FLAG, NS_AT(foreground), .metavar = "",
	  .help = "Do not daemonize" },
	/* netserver 2.7.1's debug level: its most talkative log. */
	{ .letter = 'd', .kind = OPT_SET, NS_AT(verbosity), .def = 2, .metavar = "",
	  .help = "Increase debugging output (as -v 2)" },
	/* Serving clients one after another in one process would let one
	 * client hold up the rest: netserver-ng never does. */
	{ .letter = 'f', .kind = OPT_FLAG, .note = "accepted; each client still gets its own process",
	  .metavar = "", .help = "Accepted; each client still has its own process" },
	{ .name = "listen-host", .letter = 'L', .kind = OPT_TEXT, .flags = OPT_FIRST | OPT_ONE,
	  NS_AT2(listen_host, family), NS_BUF(host_buf), .read = opt_read_host,
	  .read2 = opt_read_family, .metavar = "name,family",
	  .help = "Use name to pick listen address and family for family" },
	{ .letter = 'n', .kind = OPT_INT, .min = 1, .max = 65536, .unit = "CPUs",
	  .note = "accepted; netserver counts the CPUs in /proc/stat", .metavar = "cpus",
	  .help = "Accepted; CPUs are counted from /proc/stat" },
	/* netperf's DEBUG_ON is answered and changes nothing here. */
	{ .letter = 'N', .kind = OPT_FLAG, .metavar = "",
	  .help = "No debugging output, even if netperf asks (it never\ngets any)" },
	{ .name = "port", .letter = 'p', .kind = OPT_PORT, NS_AT(port), .min = 0,
	  .def = NP_CONTROL_PORT, .metavar = "portnum",
	  .help = "Listen for connect requests on portnum (0: any free port)" },
	{ .letter = '4', .kind = OPT_SET, NS_AT(family), .def = AF_INET, .metavar = "",
	  .help = "Do IPv4" },
	{ .letter = '6', .kind = OPT_SET, NS_AT(family), .def = AF_INET6, .metavar = "",
	  .help = "Do IPv6" },
	{ .name = "verbosity", .letter = 'v', .kind = OPT_INT, NS_AT(verbosity), .min = 0, .max = 2,
	  .def = 1, .metavar = "verbosity", .help = "Specify the verbosity level (0, 1 or 2)" },
	{ .letter = 'V', .kind = OPT_FLAG, .read = opt_read_version, .metavar = "",
	  .help = "Display version information and exit" },
	{ .name = "passphrase", .letter = 'Z', .kind = OPT_TEXT, NS_AT(passphrase),
	  .read = opt_read_passphrase, .metavar = "passphrase",
	  .help = "Expect passphrase as the first thing received" },
	{ 0 },
};

/* netserver-ng's own: long names only (and -u, which 2.7.1 lacks), so no
 * letter netserver 2.7.1 accepts changes meaning. */
static const struct optrow server_long_rows[] = {
	{ .name = "user", .letter = 'u', .flags = OPT_LONG, .kind = OPT_TEXT, NS_AT(user),
	  .read = user, .metavar = "user", .help = "Serve as user when started as root (nobody)" },
	{ .name = "max-sessions", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_sessions), SESSIONS,
	  .def = NS_DEFAULT_MAX_SESSIONS, .metavar = "N", .help = "Sessions at once, in all (512)" },
	/* The nested limits' defaults are shares of --max-sessions
	 * (nested_limits). */
	{ .name = "max-per-prefix", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_per_prefix),
	  SESSIONS, .metavar = "N",
	  .help = "Sessions at once from one /32 or /64 (an eighth\nof --max-sessions)" },
	{ .name = "max-per-site", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_per_site), SESSIONS,
	  .metavar = "N",
	  .help = "Sessions at once from one IPv6 /56 (three\nsixteenths of --max-sessions)" },
	{ .name = "max-per-net", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_per_net), SESSIONS,
	  .metavar = "N",
	  .help = "Sessions at once from one IPv6 /48 or IPv4 /24\n(a quarter of --max-sessions)" },
	/* -Z's pool of connections still proving their passphrase: its
	 * shares follow --max-unproven as the sessions' follow
	 * --max-sessions (nested_limits). */
	{ .name = "max-unproven", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_unproven), UNPROVEN,
	  .def = NS_DEFAULT_MAX_UNPROVEN, .metavar = "N",
	  .help = "With -Z: connections whose passphrase has not\narrived yet, in all, outside "
		  "--max-sessions\n(1024; the oldest goes when a newcomer finds\nno room)" },
	{ .name = "max-unproven-per-prefix", .flags = OPT_LONG, .kind = OPT_INT,
	  NS_AT(max_unproven_per_prefix), UNPROVEN, .metavar = "N",
	  .help = "The same from one /32 or /64 (an eighth of\n--max-unproven)" },
	{ .name = "max-unproven-per-site", .flags = OPT_LONG, .kind = OPT_INT,
	  NS_AT(max_unproven_per_site), UNPROVEN, .metavar = "N",
	  .help = "The same from one IPv6 /56 (three sixteenths)" },
	{ .name = "max-unproven-per-net", .flags = OPT_LONG, .kind = OPT_INT,
	  NS_AT(max_unproven_per_net), UNPROVEN, .metavar = "N",
	  .help = "The same from one IPv6 /48 or IPv4 /24 (a\nquarter)" },
	{ .name = "passphrase-timeout", .flags = OPT_LONG, .kind = OPT_INT,
	  NS_AT(passphrase_timeout_s), .min = 1, .max = 60, .unit = "seconds",
	  .def = NS_DEFAULT_PASSPHRASE_TIMEOUT_S, .metavar = "secs",
	  .help = "With -Z: the passphrase must have arrived this\nlong after the connection (5)" },
	{ .name = "conn-rate", .flags = OPT_LONG | OPT_FIRST, .kind = OPT_DECIMAL,
	  NS_AT2(conn_rate, conn_burst), .min = 0, .max = 1000000, .read2 = burst,
	  .def = (int64_t)NS_DEFAULT_CONN_RATE, .metavar = "rate[,burst]",
	  .help = "New control connections per second from one\n/32 or /64 (16; burst "
		  "--max-per-prefix; 0: no\nlimit)" },
	{ .name = "max-auth-failures", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(auth_failures),
	  .min = 0, .max = 1000000, .unit = "per minute",
	  .def = (int64_t)NS_DEFAULT_AUTH_FAILURES, .metavar = "N",
	  .help = "With -Z: wrong passphrases per minute from one\n/32 or /64, and from all "
		  "of one /56, /48 or\n/24 together (10; 0: no limit)" },
	{ .name = "max-test-time", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_test_s), .min = 1,
	  .max = NP_MAX_SECONDS, .unit = "seconds", .def = NS_DEFAULT_MAX_TEST_S,
	  .metavar = "secs", .help = "Longest test, counted ones too (3600)" },
	{ .name = "max-flows", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_flows), .min = 1,
	  .max = 100000, .unit = "flows", .def = NS_DEFAULT_MAX_FLOWS, .metavar = "N",
	  .help = "Most flows one netperf --flows run may ask of\na session (100000)" },
	{ .name = "max-flows-per-prefix", .flags = OPT_LONG, .kind = OPT_INT,
	  NS_AT(max_flows_prefix), .min = 1, .max = 1000000, .unit = "flows",
	  .def = NS_DEFAULT_MAX_FLOWS, .metavar = "N",
	  .help = "Most flows of all runs at once from one /32 or\n/64 (100000)" },
	{ .name = "max-flows-per-net", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_flows_net),
	  .min = 1, .max = 1000000, .unit = "flows", .def = NS_DEFAULT_MAX_FLOWS_NET,
	  .metavar = "N", .help = "The same from one /24 or /48 (200000)" },
	{ .name = "max-session-memory", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_memory),
	  .min = 1 << 16, .max = (double)((int64_t)1 << 40), .unit = "bytes",
	  .def = (int64_t)NS_DEFAULT_MAX_MEMORY, .metavar = "bytes",
	  .help = "Socket and message buffers one test may take,\nas the kernel counts them (128M)" },
	{ .name = "max-memory", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_total_memory),
	  .min = 1 << 16, .max = (double)((int64_t)1 << 50), .unit = "bytes", .metavar = "bytes",
	  .help = "The same, all sessions together (a quarter of\nnet.ipv4.tcp_mem's pressure "
		  "level)" },
	{ .name = "control-timeout", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(control_timeout_s),
	  .min = 3, .max = 3600, .unit = "seconds", .def = NS_DEFAULT_CONTROL_TIMEOUT_S,
	  .metavar = "secs", .help = "Drop a session whose client stops answering (30)" },
	{ .name = "log-rate", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(log_rate), .min = 0,
	  .max = 100000, .unit = "lines per second", .def = (int64_t)NS_DEFAULT_LOG_RATE,
	  .metavar = "lines", .help = "Log lines per second, bursts of ten times (5; 0: all)" },
	{ .name = "data-ports", .flags = OPT_LONG, .kind = OPT_PORT,
	  NS_AT2(data_port_min, data_port_max), .read = port_range, .metavar = "min-max",
	  .help = "Data sockets use ports in this range" },
	{ .name = "data-peer", .flags = OPT_LONG, .kind = OPT_TEXT, NS_AT(data_peer_declared),
	  .read = data_peer, .metavar = "mode",
	  .help = "control: data only from the control connection's\naddress (the default); "
		  "declared: also from the\nclient's declared data address, in either family" },
	{ .name = "refuse-option", .flags = OPT_LONG, .kind = OPT_TEXT, NS_AT(refuse_options),
	  NS_BUF(refuse_buf), .read = refused, .metavar = "name,...",
	  .help = "Refuse tests that ask for these netperf-ng test\noptions (busy-poll, zerocopy, "
		  "batch, gso)" },
	{ .name = "allow-option", .flags = OPT_LONG, .kind = OPT_TEXT, NS_AT(allow_options),
	  NS_BUF(allow_buf), .read = allowed, .metavar = "name,...",
	  .help = "Serve tests that ask for these test options,\nwhich cost a CPU and are "
		  "refused unless\nallowed (busy-poll)" },
	{ .name = "max-spinning", .flags = OPT_LONG, .kind = OPT_INT, NS_AT(max_spinning), .min = 0,
	  .max = NS_MAX_SESSIONS_CAP, .unit = "sessions", .def = -1, .metavar = "N",
	  .help = "With --allow-option busy-poll: sessions spinning\nat once (half the CPUs, "
		  "at least 1)" },
	{ .name = "no-host-facts", .flags = OPT_LONG, .kind = OPT_FLAG, NS_AT(no_host_facts),
	  .metavar = "", .help = "Tell clients nothing about this host (kernel,\nCPU, driver)" },
	{ 0 },
};

/* Settings that several options set (-4, -6, -L name,fam): no option
 * names them alone. */
static const struct optrow server_settings[] = {
	{ .name = "family", .kind = OPT_INT, NS_AT(family), .def = AF_UNSPEC },
	{ 0 },
};

static const struct optrow *const server_tables[] = {
	server_rows, server_long_rows, server_settings, NULL
};

static void print_server_usage(FILE *out)
{
	fputs("\nUsage: netserver [options] \n\nOptions:\n", out);
	opt_print(out, &(struct optable){ server_rows, 18 });
	fputs("\nnetserver-ng's limits and rules (netserver(8) says more):\n", out);
	opt_print(out, &(struct optable){ server_long_rows, 28 });
	fputc('\n', out);
}

/* A share of --max-sessions, at least 1. */
static int share(int max, int num, int den)
{
	const int v = (int)((int64_t)max * num / den);

	return v > 0 ? v : 1;
}

/* Nested limits, from the narrowest (a /32 or /64) to the total: each
 * defaults to its share of the total, but never below the level inside
 * it (given or defaulted), and each level holds no more than the one
 * around it. */
static enum np_opts_status nest(const char *const names[4], int *const v[4], FILE *err)
{
	static const int num[] = { 1, 3, 1 }, den[] = { 8, 16, 4 };

	for (int k = 0; k < 3; k++) {
		if (*v[k] != 0)
			continue;
		*v[k] = share(*v[3], num[k], den[k]);
		if (k > 0 && *v[k] < *v[k - 1])
			*v[k] = *v[k - 1];
		if (*v[k] > *v[3])
			*v[k] = *v[3];
	}
	for (int k = 0; k < 3; k++) {
		if (*v[k] > *v[k + 1]) {
			fprintf(err, "netserver: %s %d is more than %s %d\n", names[k], *v[k],
				names[k + 1], *v[k + 1]);
			return NP_OPTS_USAGE;
		}
	}
	return NP_OPTS_RUN;
}

/* The sessions' limits and -Z's pool's, each nested so. */
static enum np_opts_status nested_limits(struct ns_opts *o, FILE *err)
{
	static const char *const sessions[] = { "--max-per-prefix", "--max-per-site",
						"--max-per-net", "--max-sessions" };
	static const char *const unproven[] = { "--max-unproven-per-prefix",
						"--max-unproven-per-site",
						"--max-unproven-per-net", "--max-unproven" };
	enum np_opts_status st;

	st = nest(sessions, (int *const[]){ &o->max_per_prefix, &o->max_per_site,
					    &o->max_per_net, &o->max_sessions }, err);
	if (st != NP_OPTS_RUN)
		return st;
	st = nest(unproven, (int *const[]){ &o->max_unproven_per_prefix,
					    &o->max_unproven_per_site, &o->max_unproven_per_net,
					    &o->max_unproven }, err);
	if (st != NP_OPTS_RUN)
		return st;
	/* The burst follows the sessions one prefix may hold, so that a
	 * client may open them all at once (netperf --flows). */
	if (o->conn_burst == 0)
		o->conn_burst = (double)o->max_per_prefix;
	return NP_OPTS_RUN;
}

enum np_opts_status ns_opts_parse(int argc, char **argv, struct ns_opts *o,
				  FILE *out, FILE *err)
{
	const struct optwalk w = { "netserver", server_tables, false, false, false, o, NULL,
				   out, err };
	enum np_opts_status st;
	int i = 1;

	opt_defaults(server_tables, o, sizeof(*o));
	st = opt_walk(&w, argc, argv, &i);
	if (st != NP_OPTS_RUN)
		return st;
	return nested_limits(o, err);
}

void ns_opts_each(const struct ns_opts *o, np_setting_fn fn, void *ctx)
{
	opt_each(server_tables, false, false, o, fn, ctx);
}
