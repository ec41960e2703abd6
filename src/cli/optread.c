/*
 * optread.c - the readers of values that both programs' rows use
 * (optread.h): each kind's (numbers within the row's range, ports,
 * decimals, texts, CPU lists), and the host name, address family,
 * passphrase and version that netperf and netserver share.  A reader
 * reads one value, or one half of a pair the engine split, and stores it
 * where its row says.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/optread.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "base/units.h"
#include "base/version.h"

/* -Z's limit: what one message carries. */
#define NP_PASSPHRASE_MAX 256

/* Numbers ------------------------------------------------------------- */

/* Only netperf's letters are read as 2.7.1 reads them (atoi, convert):
 * its long options and netserver's are netperf-ng's own, and strict. */
int opt_lenient(const struct cur *c, const char *text, int64_t min, int64_t max,
		int64_t *out, const char **rest, const char **why)
{
	*rest = "";
	if (np_parse_size(text, min, max, out, why) == 0)
		return 0;
	if (c->name || strcmp(c->prog, "netperf") != 0 || *why == np_why_range)
		return -1;
	return np_parse_leading(text, min, max, out, rest, why);
}

void opt_ignored_tail(const struct cur *c, int64_t v, const char *rest)
{
	if (*rest)
		opt_notice(c, "read as %lld, as netperf 2.7.1 reads it ('%s' ignored)",
			   (long long)v, rest);
}

enum np_opts_status opt_number(const struct cur *c, const char *text, int64_t min,
			       int64_t max, const char *unit, int64_t *out)
{
	const char *why, *rest;

	if (opt_lenient(c, text, min, max, out, &rest, &why) == 0) {
		opt_ignored_tail(c, *out, rest);
		return NP_OPTS_RUN;
	}
	if (why == np_why_range)
		return opt_bad(c, "%s out of range (%lld..%lld%s%s)", text, (long long)min,
			       (long long)max, unit[0] ? " " : "", unit);
	return opt_bad(c, "%s: %s", text, why);
}

/* A plain decimal ("0.5", "16"): strtod alone would take " 5", "+5",
 * "0x5" and "inf". */
bool opt_plain_decimal(const char *text, double *out)
{
	char *end;

	if (text[strspn(text, "0123456789.")] != '\0')
		return false;
	*out = strtod(text, &end);
	return end != text && *end == '\0';
}

enum np_opts_status opt_decimal(const struct cur *c, const char *text, double min,
				double max, double *out)
{
	double v;

	if (!opt_plain_decimal(text, &v))
		return opt_bad(c, "%s: not a number", text);
	if (v < min || v > max)
		return opt_bad(c, "%s out of range (%g..%g)", text, min, max);
	*out = v;
	return NP_OPTS_RUN;
}

enum np_opts_status opt_port(const struct cur *c, const char *text, int64_t min,
			     uint16_t *out)
{
	int64_t v;
	const char *why;

	if (np_parse_int(text, min, 65535, &v, &why) < 0)
		return opt_bad(c, "%s: %s (a port is %lld..65535)", text, why, (long long)min);
	*out = (uint16_t)v;
	return NP_OPTS_RUN;
}

/* The kinds' readers ---------------------------------------------------- */

enum np_opts_status opt_read_flag(const struct cur *c, const char *text, void *field)
{
	(void)text;
	opt_put(c, field, 1);
	return NP_OPTS_RUN;
}

enum np_opts_status opt_read_set(const struct cur *c, const char *text, void *field)
{
	(void)text;
	opt_put(c, field, c->row->def);
	return NP_OPTS_RUN;
}

enum np_opts_status opt_read_int(const struct cur *c, const char *text, void *field)
{
	const struct optrow *r = c->row;
	int64_t v;
	enum np_opts_status st = opt_number(c, text, (int64_t)r->min, (int64_t)r->max,
					    r->unit ? r->unit : "", &v);

	if (st == NP_OPTS_RUN)
		opt_put(c, field, v);
	return st;
}

enum np_opts_status opt_read_port(const struct cur *c, const char *text, void *field)
{
	uint16_t port = 0;
	enum np_opts_status st = opt_port(c, text, (int64_t)c->row->min, &port);

	if (st == NP_OPTS_RUN)
		opt_put(c, field, port);
	return st;
}

/* A port, 0 for any (-p ,lport). */
enum np_opts_status opt_read_any_port(const struct cur *c, const char *text, void *field)
{
	uint16_t port = 0;
	enum np_opts_status st = opt_port(c, text, 0, &port);

	if (st == NP_OPTS_RUN)
		opt_put(c, field, port);
	return st;
}

enum np_opts_status opt_read_decimal(const struct cur *c, const char *text, void *field)
{
	double d = 0;
	enum np_opts_status st = opt_decimal(c, text, c->row->min, c->row->max, &d);

	if (st == NP_OPTS_RUN && field &&
	    (c->half ? c->row->store2 : c->row->store) == OPT_ST_DOUBLE)
		*(double *)field = d;
	return st;
}

enum np_opts_status opt_read_text(const struct cur *c, const char *text, void *field)
{
	(void)c;
	if (field)
		*(const char **)field = text;
	return NP_OPTS_RUN;
}

/* "0-3,6": CPU numbers and ranges, in the order given; their count at
 * the row's second field. */
enum np_opts_status opt_read_cpus(const struct cur *c, const char *text, void *field)
{
	int *list = field, *n = opt_field(c, 1);
	const char *w = text;

	*n = 0;
	for (;;) {
		char *end;
		long lo, hi;

		if (!isdigit((unsigned char)*w))
			return opt_bad(c, "not a CPU list (such as 0-3,6)");
		errno = 0;
		lo = hi = strtol(w, &end, 10);
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return opt_bad(c, "not a CPU list (such as 0-3,6)");
			hi = strtol(end + 1, &end, 10);
		}
		if (errno || lo > NP_MAX_CPU_ID || hi > NP_MAX_CPU_ID)
			return opt_bad(c, "CPU numbers go up to %d", NP_MAX_CPU_ID);
		if (hi < lo)
			return opt_bad(c, "range %ld-%ld runs backwards", lo, hi);
		for (long cpu = lo; cpu <= hi; cpu++) {
			if (*n >= NP_MAX_CPU_LIST)
				return opt_bad(c, "more than %d CPUs", NP_MAX_CPU_LIST);
			list[(*n)++] = (int)cpu;
		}
		if (*end == '\0')
			return NP_OPTS_RUN;
		if (*end != ',')
			return opt_bad(c, "not a CPU list (such as 0-3,6)");
		w = end + 1;
	}
}

/* Both programs' ------------------------------------------------------- */

/* -H/-L name[,fam]'s name, kept in the row's buffer. */
enum np_opts_status opt_read_host(const struct cur *c, const char *text, void *field)
{
	opt_keep(c, text, field);
	return NP_OPTS_RUN;
}

/* -H/-L name[,fam]'s family. */
enum np_opts_status opt_read_family(const struct cur *c, const char *text, void *field)
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
			opt_put(c, field, names[k].fam);
			return NP_OPTS_RUN;
		}
	}
	return opt_bad(c, "unknown address family '%s' (4, 6, inet, inet6 or unspec)", text);
}

/* -Z: 1 to NP_PASSPHRASE_MAX characters, for it travels in one message;
 * kept where argv has it (the command line netperf repeats hides it). */
enum np_opts_status opt_read_passphrase(const struct cur *c, const char *text, void *field)
{
	if (text[0] == '\0' || strlen(text) > NP_PASSPHRASE_MAX)
		return opt_bad(c, "a passphrase is 1 to %d characters", NP_PASSPHRASE_MAX);
	*(const char **)field = text;
	return NP_OPTS_RUN;
}

/* -V */
enum np_opts_status opt_read_version(const struct cur *c, const char *text, void *field)
{
	(void)text;
	(void)field;
	fprintf(c->out, "%s\n", NP_VERSION_LINE);
	return NP_OPTS_DONE;
}

/* A half netperf 2.7.1 reads and does nothing with (-D's units). */
enum np_opts_status opt_read_ignored(const struct cur *c, const char *text, void *field)
{
	(void)c;
	(void)text;
	(void)field;
	return NP_OPTS_RUN;
}
