/*
 * opts.c - option tables, parsing and range checks for both programs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "opts.h"

#include <ctype.h>
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
	{ 'B', ARG_REQUIRED, "brandstr", "Specify a string to be emitted with brief output", NULL },
	{ 'c', ARG_NUMBER_OPT, "[cpu_rate]", "Report local CPU usage", NULL },
	{ 'C', ARG_NUMBER_OPT, "[cpu_rate]", "Report remote CPU usage", NULL },
	{ 'D', ARG_REQUIRED, "time,[units] *", "Display interim results every time seconds\n"
					       "(units, netperf's first guess of the rate, is ignored)", NULL },
	{ 'f', ARG_REQUIRED, "G|M|K|g|m|k|B|b|x", "Set the output units", NULL },
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'H', ARG_REQUIRED, "name|ip,fam *", "Specify the target machine and/or its address family", NULL },
	{ 'i', ARG_REQUIRED, "max,min", "Specify the max and min number of iterations (3..30)", NULL },
	{ 'I', ARG_REQUIRED, "lvl[,intvl]", "Specify confidence level (95 or 99) (99)\n"
				    "and confidence interval in percentage (5)", NULL },
	{ 'j', ARG_NONE, "", "Keep additional timing statistics", NULL },
	{ 'l', ARG_REQUIRED, "testlen", "Specify test duration (>0 secs) (<0 bytes|trans)", NULL },
	{ 'L', ARG_REQUIRED, "name|ip,fam *", "Specify the local ip|name and address family", NULL },
	{ 'p', ARG_REQUIRED, "port,lport*", "Specify netserver port number and/or local port", NULL },
	{ 'P', ARG_REQUIRED, "0|1", "Don't/Do display test headers", NULL },
	{ 'r', ARG_NONE, "", "Allow confidence to be hit on result only", NULL },
	{ 't', ARG_REQUIRED, "testname", "Specify test to perform", NULL },
	{ 'T', ARG_REQUIRED, "lcpu,rcpu", "Request netperf/netserver be bound to local/remote cpu", NULL },
	{ 'v', ARG_REQUIRED, "verbosity", "Specify the verbosity level (0, 1 or 2)", NULL },
	{ 'V', ARG_NONE, "", "Display the netperf version and exit", NULL },
	{ '4', ARG_NONE, "", "Use IPv4 for the control and data connections", NULL },
	{ 'Z', ARG_REQUIRED, "passphrase", "Set and pass to netserver a passphrase", NULL },
	{ '6', ARG_NONE, "", "Use IPv6 for the control and data connections", NULL },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef test_defs[] = {
	{ 'b', ARG_REQUIRED, "number", "Send number requests at start of _RR tests", NULL },
	{ 'D', ARG_NONE, "", "Set TCP_NODELAY on both ends of the data connection", NULL },
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'H', ARG_REQUIRED, "name,fam *", "Use name (or IP) and family as target of data connection", NULL },
	{ 'k', ARG_WORD_OPT, "[file]", "Generate keyval output optionally based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'K', ARG_REQUIRED, "loc[,rem]", "Set the local and/or remote congestion control\n"
					  "algorithm to use on those platforms where it can\n"
					  "be set.", NULL },
	{ 'L', ARG_REQUIRED, "name,fam *", "Use name (or IP) and family as source of data connection", NULL },
	{ 'm', ARG_REQUIRED, "local,remote*", "Set the send size for _STREAM/_MAERTS tests", NULL },
	{ 'M', ARG_REQUIRED, "remote,local*", "Set the recv size for _STREAM/_MAERTS tests", NULL },
	{ 'o', ARG_WORD_OPT, "[file]", "Generate CSV output optionally based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'O', ARG_WORD_OPT, "[file]", "Generate classic-style output based on file\n"
				       "Use filename of '?' to get the list of choices", NULL },
	{ 'P', ARG_REQUIRED, "local[,remote]", "Set the local/remote port for the data socket", NULL },
	{ 'r', ARG_REQUIRED, "req,[rsp]", "Set request/response sizes (_RR tests)", NULL },
	{ 's', ARG_REQUIRED, "send[,recv]", "Set local socket send/recv buffer sizes", NULL },
	{ 'S', ARG_REQUIRED, "send[,recv]", "Set remote socket send/recv buffer sizes", NULL },
	{ '4', ARG_NONE, "", "Use AF_INET (eg IPv4) on both ends of the data conn", NULL },
	{ '6', ARG_NONE, "", "Use AF_INET6 (eg IPv6) on both ends of the data conn", NULL },
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef server_defs[] = {
	{ 'h', ARG_NONE, "", "Display this text", NULL },
	{ 'D', ARG_NONE, "", "Do not daemonize", NULL },
	{ 'L', ARG_REQUIRED, "name,family", "Use name to pick listen address and family for family", NULL },
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
	{ OPT_CONN_RATE, ARG_REQUIRED, "rate[,burst]",
	  "New control connections per second from one\n/32 or /64 (16,64; 0: no limit)",
	  "conn-rate" },
	{ OPT_MAX_AUTH_FAILURES, ARG_REQUIRED, "N",
	  "With -Z: wrong passphrases per minute from one\n/32 or /64 (10; 0: no limit)",
	  "max-auth-failures" },
	{ OPT_MAX_TEST_TIME, ARG_REQUIRED, "secs",
	  "Longest test, counted ones too (3600)", "max-test-time" },
	{ OPT_MAX_SESSION_MEMORY, ARG_REQUIRED, "bytes",
	  "Socket and message buffers one test may ask (128M)", "max-session-memory" },
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
	{ 0, ARG_NONE, NULL, NULL, NULL },
};

static const struct optdef *const global_sets[] = { global_defs, NULL };
static const struct optdef *const test_sets[] = { test_defs, NULL };
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
		fprintf(err, "%s: unknown option --%.*s (%s -h lists them)\n", prog, (int)len,
			arg, prog);
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
 * (leaving *i past it); any other word is a stray argument.
 */
static enum np_opts_status walk(const char *prog, int argc, char **argv, int *i,
				const struct optdef *const *sets, bool dashdash,
				apply_fn apply, void *ctx, FILE *out, FILE *err)
{
	for (; *i < argc; (*i)++) {
		const char *arg = argv[*i];

		if (dashdash && strcmp(arg, "--") == 0) {
			(*i)++;
			return NP_OPTS_RUN;
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
				fprintf(err, "%s: unknown option -%c (%s -h lists them)\n",
					prog, *p, prog);
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

static enum np_opts_status number(const struct cur *c, const char *text, int64_t min,
				  int64_t max, const char *unit, int64_t *out)
{
	const char *why;

	if (np_parse_size(text, min, max, out, &why) == 0)
		return NP_OPTS_RUN;
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

static void print_usage(FILE *out)
{
	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "Global options:\n", out);
	print_defs(out, global_defs, 18);
	fputs(pair_note, out);
	fputs(star_note, out);
	fputs("\nTests: ", out);
	for (const struct np_test *const *t = np_tests(); *t; t++)
		fprintf(out, "%s%s", (*t)->name, t[1] ? ", " : "\n");
}

static void print_test_usage(FILE *out)
{
	fputs("\nUsage: netperf [global options] -- [test options] \n\n"
	      "OMNI and Migrated BSD Sockets Test Options:\n", out);
	print_defs(out, test_defs, 18);
	fputs(pair_note, out);
}

static enum np_opts_status apply_global(void *ctx, const struct cur *c)
{
	struct np_opts *o = ctx;
	struct pair p;
	enum np_opts_status st = NP_OPTS_RUN;
	int64_t v;

	switch (c->opt) {
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
		/* netperf's negative times (a timestamp per operation) would
		 * put the clock in the data loop: not offered. */
		secs = p.has_a ? strtod(p.a, &end) : 0;
		if (!p.has_a || *end != '\0' || end == p.a || p.a[strspn(p.a, "0123456789.")] ||
		    !(secs >= 0.001 && secs <= NP_MAX_SECONDS))
			return bad(c, "interim interval must be 0.001 to %d seconds", NP_MAX_SECONDS);
		o->interim = secs;
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
		const char *why = "a test of length 0 would never end";

		if (np_parse_size(c->val, -NP_MAX_COUNT, NP_MAX_SECONDS, &v, &why) < 0 || v == 0)
			return bad(c, "%s (use 1..%d seconds, or -1..-%d bytes or transactions)",
				   why, NP_MAX_SECONDS, NP_MAX_COUNT);
		o->length = v;
		break;
	}
	case 'P':
		if ((st = number(c, c->val, 0, 1, "", &v)) != NP_OPTS_RUN)
			return st;
		o->headers = v != 0;
		break;
	case 'v':
		if ((st = number(c, c->val, 0, 2, "", &v)) != NP_OPTS_RUN)
			return st;
		o->verbosity = (int)v;
		break;
	case 'f':
		if (strlen(c->val) != 1 || !np_unit_valid(c->val[0]))
			return bad(c, "unknown unit (one of k m g for 10^n bits, K M G B for bytes, x for transactions)");
		o->unit = c->val[0];
		break;
	case 'i': {
		int64_t mx = o->iter_max, mn = o->iter_min;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		if (p.has_a && (st = number(c, p.a, 1, 30, "iterations", &mx)) != NP_OPTS_RUN)
			return st;
		if (p.has_b && (st = number(c, p.b, 1, 30, "iterations", &mn)) != NP_OPTS_RUN)
			return st;
		/* A max below the min is raised to it, as netperf does
		 * ("-i 1,2" runs 3 times, like "-i ,2"). */
		if (mx < mn)
			mx = mn;
		/* netperf needs three samples for an interval. */
		o->iter_max = mx < 3 ? 3 : (int)mx;
		o->iter_min = mn < 3 ? 3 : (int)mn;
		o->confidence = true;
		break;
	}
	case 'I': {
		char *end;
		double w;

		if ((st = split(c, &p)) != NP_OPTS_RUN)
			return st;
		pair_both(&p);
		if (p.has_a) {
			if ((st = number(c, p.a, 95, 99, "%", &v)) != NP_OPTS_RUN)
				return st;
			if (v != 95 && v != 99)
				return bad(c, "only 95%% and 99%% confidence levels are supported");
			o->conf_level = (double)v;
		}
		if (p.has_b) {
			w = strtod(p.b, &end);
			/* Plain decimals only: strtod takes " 5", "+5", "0x5", "inf". */
			if (p.b[strspn(p.b, "0123456789.")] != '\0' ||
			    *end != '\0' || end == p.b || !(w > 0 && w <= 100))
				return bad(c, "interval width %s is not a percentage in (0, 100]", p.b);
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

/* -o/-O/-k: parsed now, so that a missing selection file is a usage
 * error before anything connects. */
static enum np_opts_status selection(struct np_opts *o, const struct cur *c)
{
	enum np_sel_style style = c->opt == 'o' ? NP_SEL_CSV
				: c->opt == 'O' ? NP_SEL_COLUMNS : NP_SEL_KEYVAL;
	char why[256];

	if (c->val && strcmp(c->val, "?") == 0) {
		np_sel_list_names(c->out, style);
		return NP_OPTS_DONE;
	}
	if (np_sel_parse(c->val, style, o->test, o->local_cpu || o->remote_cpu,
			 &o->selection, why, sizeof(why)) < 0)
		return bad(c, "%s", why);
	o->selecting = true;
	if (np_sel_wants_latency(&o->selection))
		o->latency = true;
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

static enum np_opts_status apply_test(void *ctx, const struct cur *c)
{
	struct np_opts *o = ctx;
	const char *unit = o->test->sock_type == SOCK_DGRAM ? "bytes: the UDP maximum" : "bytes";
	struct pair p;
	enum np_opts_status st;

	switch (c->opt) {
	case 'h':
		print_test_usage(c->out);
		return NP_OPTS_DONE;
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
		return size_pair(c, &p, msg_max(o), unit, &o->send_size, &o->rsend_size);
	case 'M':
		return size_pair(c, &p, msg_max(o), unit, &o->rrecv_size, &o->recv_size);
	case 'r':
		pair_both(&p);
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
}

enum np_opts_status np_opts_parse(int argc, char **argv, struct np_opts *o,
				  FILE *out, FILE *err)
{
	enum np_opts_status st;
	int i = 1;

	np_opts_defaults(o);
	o->argc = argc;
	o->argv = argv;
	st = walk("netperf", argc, argv, &i, global_sets, true, apply_global, o, out, err);
	if (st != NP_OPTS_RUN)
		return st;
	/* -I alone means up to 10 iterations and at least 3, as in netperf. */
	if (o->confidence && o->iter_max == 1) {
		o->iter_max = 10;
		o->iter_min = 3;
	}
	return walk("netperf", argc, argv, &i, test_sets, false, apply_test, o, out, err);
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

/* A plain decimal ("0.5", "16") within [min, max]: strtod alone would
 * take " 5", "+5", "0x5" and "inf". */
static enum np_opts_status decimal(const struct cur *c, const char *text, double min,
				   double max, double *out)
{
	char *end;
	double v = strtod(text, &end);

	if (text[strspn(text, "0123456789.")] != '\0' || *end != '\0' || end == text)
		return bad(c, "%s: not a number", text);
	if (v < min || v > max)
		return bad(c, "%s out of range (%g..%g)", text, min, max);
	*out = v;
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
	o->conn_burst = NS_DEFAULT_CONN_BURST;
	o->auth_failures = NS_DEFAULT_AUTH_FAILURES;
	o->max_test_s = NS_DEFAULT_MAX_TEST_S;
	o->max_memory = NS_DEFAULT_MAX_MEMORY;
	o->control_timeout_s = NS_DEFAULT_CONTROL_TIMEOUT_S;
	o->log_rate = NS_DEFAULT_LOG_RATE;
	st = walk("netserver", argc, argv, &i, server_sets, false, apply_server, o, out, err);
	if (st != NP_OPTS_RUN)
		return st;
	if (o->max_per_prefix == 0)
		o->max_per_prefix = o->max_sessions / 8 > 0 ? o->max_sessions / 8 : 1;
	if (o->max_per_prefix > o->max_sessions) {
		fprintf(err, "netserver: --max-per-prefix %d is more than --max-sessions %d\n",
			o->max_per_prefix, o->max_sessions);
		return NP_OPTS_USAGE;
	}
	return NP_OPTS_RUN;
}
