/*
 * check_opts.c - unit tests for src/cli: the command lines of netperf and
 * netserver, and the row engine they are made of (optwalk.c).
 *
 * Each case is an argv and the fields it changes; every other field must
 * keep its default, which is how the pair-first rules (-m 64 leaves the
 * remote size alone) are checked.  Usage errors must be one line on err
 * naming the option and value, with nothing on out.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cli/opts.h"
#include "cli/optread.h"
#include "cli/optwalk.h"
#include "cli/sweep_list.h"
#include "report/test_view.h"
#include "run/test.h"
#include "wire/wire.h"

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define MAX_ARGS 24
#define MAX_EXPECT 8

enum field {
	FL_END,
	/* netperf, global */
	FL_TEST, FL_HOST, FL_LOCAL, FL_FAMILY, FL_PORT, FL_LPORT, FL_LENGTH, FL_HEADERS,
	FL_VERB, FL_UNIT, FL_IMAX, FL_IMIN, FL_LEVEL, FL_WIDTH, FL_CONF,
	FL_LCPU, FL_RCPU, FL_RONLY, FL_FLOWS, FL_NLCPUS, FL_NRCPUS, FL_JSON,
	/* netperf, test-specific */
	FL_SEND, FL_RSEND, FL_RRECV, FL_RECV, FL_LSND, FL_LRCV, FL_RSND, FL_RRCV,
	FL_REQ, FL_RSP, FL_DLPORT, FL_DRPORT, FL_NODELAY, FL_DHOST, FL_DLOCAL, FL_DFAM,
	NP_FIELDS,
	/* netserver */
	NS_PORT = NP_FIELDS, NS_HOST, NS_FAMILY, NS_FG, NS_VERB,
	NS_USER, NS_MAXS, NS_PREFIX, NS_RATE, NS_BURST, NS_AUTH, NS_TIME, NS_MEM,
	NS_CTIMEOUT, NS_LOGRATE, NS_PMIN, NS_PMAX, NS_DECLARED,
	NS_SITE, NS_NET, NS_TOTMEM, NS_SPIN, NS_NOFACTS, NS_ALLOW,
	NS_UNP, NS_UPREFIX, NS_USITE, NS_UNET, NS_PTIMEOUT,
	ALL_FIELDS,
};

static const char *const field_names[ALL_FIELDS] = {
	"end", "test", "host", "local_host", "family", "port", "local_port",
	"length", "headers", "verbosity", "unit", "iter_max", "iter_min",
	"conf_level", "conf_width", "confidence", "local_cpu", "remote_cpu",
	"result_only", "flows", "nlcpus", "nrcpus", "json",
	"send_size", "rsend_size", "rrecv_size", "recv_size", "lsndbuf",
	"lrcvbuf", "rsndbuf", "rrcvbuf", "req_size", "rsp_size", "data_lport",
	"data_rport", "nodelay", "data_host", "data_local", "data_family",
	"port", "listen_host", "family", "foreground", "verbosity",
	"user", "max_sessions", "max_per_prefix", "conn_rate", "conn_burst",
	"auth_failures", "max_test_s", "max_memory", "control_timeout_s", "log_rate",
	"data_port_min", "data_port_max", "data_peer_declared",
	"max_per_site", "max_per_net", "max_total_memory", "max_spinning", "no_host_facts",
	"allow_options", "max_unproven", "max_unproven_per_prefix", "max_unproven_per_site",
	"max_unproven_per_net", "passphrase_timeout_s",
};

/* One field's value: a number, or a string for names (NULL = unset). */
struct val {
	enum field f;
	double n;
	const char *s;
};

#define N(f, v) { f, (v), NULL }
#define S(f, v) { f, 0, (v) }
#define ARGS(...) { __VA_ARGS__, NULL }
#define NONE { { FL_END, 0, NULL } }

struct opt_case {
	const char *args[MAX_ARGS];    /* after argv[0] */
	enum np_opts_status st;
	const char *text;              /* RUN: -; USAGE: in err; DONE: in out */
	struct val want[MAX_EXPECT];   /* RUN: fields that differ from defaults */
};

static const struct val np_defaults[] = {
	S(FL_TEST, "TCP_STREAM"), S(FL_HOST, NULL), S(FL_LOCAL, NULL),
	N(FL_FAMILY, AF_UNSPEC), N(FL_PORT, 12865), N(FL_LPORT, 0), N(FL_LENGTH, 10),
	N(FL_HEADERS, 1), N(FL_VERB, 1), N(FL_UNIT, 0), N(FL_IMAX, 1), N(FL_IMIN, 1),
	N(FL_LEVEL, 99), N(FL_WIDTH, 5), N(FL_CONF, 0),
	N(FL_LCPU, 0), N(FL_RCPU, 0), N(FL_RONLY, 0),
	N(FL_FLOWS, 1), N(FL_NLCPUS, 0), N(FL_NRCPUS, 0), N(FL_JSON, 0),
	N(FL_SEND, 0), N(FL_RSEND, -1), N(FL_RRECV, -1), N(FL_RECV, 0),
	N(FL_LSND, -1), N(FL_LRCV, -1), N(FL_RSND, -1), N(FL_RRCV, -1),
	N(FL_REQ, 1), N(FL_RSP, 1), N(FL_DLPORT, 0), N(FL_DRPORT, 0),
	N(FL_NODELAY, 0), S(FL_DHOST, NULL), S(FL_DLOCAL, NULL),
	N(FL_DFAM, AF_UNSPEC),
};

static const struct val ns_defaults[] = {
	N(NS_PORT, 12865), S(NS_HOST, NULL), N(NS_FAMILY, AF_UNSPEC), N(NS_FG, 0),
	N(NS_VERB, 1), S(NS_USER, NULL), N(NS_MAXS, 512), N(NS_PREFIX, 64), N(NS_RATE, 16),
	N(NS_BURST, 64), N(NS_AUTH, 10), N(NS_TIME, 3600), N(NS_MEM, 128 << 20),
	N(NS_CTIMEOUT, 30), N(NS_LOGRATE, 5), N(NS_PMIN, 0), N(NS_PMAX, 0), N(NS_DECLARED, 0),
	N(NS_SITE, 96), N(NS_NET, 128), N(NS_TOTMEM, 0), N(NS_SPIN, -1), N(NS_NOFACTS, 0),
	S(NS_ALLOW, NULL), N(NS_UNP, 1024), N(NS_UPREFIX, 128), N(NS_USITE, 192),
	N(NS_UNET, 256), N(NS_PTIMEOUT, 5),
};

#define RUN NP_OPTS_RUN
#define USAGE NP_OPTS_USAGE
#define DONE NP_OPTS_DONE

static const struct opt_case np_cases[] = {
	/* Defaults, and "--" with nothing after it. */
	{ ARGS("-P", "1"), RUN, NULL, NONE },
	{ ARGS("--"), RUN, NULL, NONE },

	/* CPU: -c/-C take an optional rate (a following word that starts
	 * with a digit), checked and ignored; -r is a flag. */
	{ ARGS("-c", "-C"), RUN, NULL, { N(FL_LCPU, 1), N(FL_RCPU, 1) } },
	{ ARGS("-cC"), RUN, NULL, { N(FL_LCPU, 1), N(FL_RCPU, 1) } },
	{ ARGS("-c", "100", "-l", "2"), RUN, NULL, { N(FL_LCPU, 1), N(FL_LENGTH, 2) } },
	{ ARGS("-C100.5", "-r"), RUN, NULL, { N(FL_RCPU, 1), N(FL_RONLY, 1) } },
	{ ARGS("-c", "1x"), USAGE, "-c 1x", NONE },
	/* -C takes only a word starting with a digit; another is stray. */
	{ ARGS("-C", "stray"), RUN, "ignoring the stray argument 'stray'", { N(FL_RCPU, 1) } },

	/* -b: first burst, 0..1024. */
	{ ARGS("-t", "TCP_RR", "--", "-b", "4"), RUN, NULL, { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "TCP_RR", "--", "-b", "1025"), USAGE, "-b 1025", NONE },
	{ ARGS("-t", "TCP_RR", "--", "-b", "x"), USAGE, "-b x", NONE },

	/* -T pins CPUs (pair-both); -K names congestion control. */
	{ ARGS("-T", "1"), RUN, NULL, NONE },
	{ ARGS("-T", "1024"), USAGE, "-T 1024", NONE },
	{ ARGS("--", "-K", "cubic,bbr"), RUN, NULL, NONE },
	{ ARGS("--", "-K", "a b"), USAGE, "-K a b", NONE },
	{ ARGS("--", "-K", "sixteen-chars-xx"), USAGE, "-K sixteen-chars-xx", NONE },

	/* -Z: a passphrase of 1..256 characters. */
	{ ARGS("-Z", "secret"), RUN, NULL, NONE },
	{ ARGS("-Z", ""), USAGE, "-Z", NONE },

	/* -B: a brand; control characters would corrupt parsed output. */
	{ ARGS("-B", "mybrand", "-P", "0"), RUN, NULL, { N(FL_HEADERS, 0) } },
	{ ARGS("-B", "a\tb"), USAGE, "-B a", NONE },

	/* Attached values and test names. */
	{ ARGS("-l1"), RUN, NULL, { N(FL_LENGTH, 1) } },
	{ ARGS("-P0"), RUN, NULL, { N(FL_HEADERS, 0) } },
	{ ARGS("-tUDP_RR"), RUN, NULL, { S(FL_TEST, "UDP_RR") } },
	{ ARGS("-t", "udp_rr"), RUN, NULL, { S(FL_TEST, "UDP_RR") } },
	{ ARGS("-t", "Tcp_Crr"), RUN, NULL, { S(FL_TEST, "TCP_CRR") } },
	{ ARGS("-t", "TCP_MAERTS"), RUN, NULL, { S(FL_TEST, "TCP_MAERTS") } },
	{ ARGS("-t", "UDP_STREAM"), RUN, NULL, { S(FL_TEST, "UDP_STREAM") } },
	{ ARGS("-t", "TCP_RR"), RUN, NULL, { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "UDP_RR", "-t", "TCP_STREAM"), RUN, NULL, NONE },

	/* The seed usage. */
	{ ARGS("-t", "UDP_RR", "-l60", "-i", "10,2", "-H", "localhost"), RUN, NULL,
	  { S(FL_TEST, "UDP_RR"), N(FL_LENGTH, 60), N(FL_IMAX, 10), N(FL_IMIN, 3),
	    N(FL_CONF, 1), S(FL_HOST, "localhost") } },

	/* -H/-L name[,family] (pair-first), -4/-6: the last one wins. */
	{ ARGS("-H", "host"), RUN, NULL, { S(FL_HOST, "host") } },
	{ ARGS("-H", "host,6"), RUN, NULL, { S(FL_HOST, "host"), N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", ",6"), RUN, NULL, { N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", "host,"), RUN, NULL, { S(FL_HOST, "host") } },
	{ ARGS("-H", "10.0.0.1,inet"), RUN, NULL,
	  { S(FL_HOST, "10.0.0.1"), N(FL_FAMILY, AF_INET) } },
	{ ARGS("-H", "h,INET6"), RUN, NULL, { S(FL_HOST, "h"), N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", "h,4"), RUN, NULL, { S(FL_HOST, "h"), N(FL_FAMILY, AF_INET) } },
	{ ARGS("-4", "-H", "h,unspec"), RUN, NULL, { S(FL_HOST, "h") } },
	{ ARGS("-6", "-H", "h,0"), RUN, NULL, { S(FL_HOST, "h") } },
	{ ARGS("-H", "::1"), RUN, NULL, { S(FL_HOST, "::1") } },
	{ ARGS("-H", "::1,6"), RUN, NULL, { S(FL_HOST, "::1"), N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", "a", "-H", "b"), RUN, NULL, { S(FL_HOST, "b") } },
	{ ARGS("-4"), RUN, NULL, { N(FL_FAMILY, AF_INET) } },
	{ ARGS("-6"), RUN, NULL, { N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-4", "-6"), RUN, NULL, { N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-6", "-4"), RUN, NULL, { N(FL_FAMILY, AF_INET) } },
	{ ARGS("-46"), RUN, NULL, { N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", "h,6", "-4"), RUN, NULL, { S(FL_HOST, "h"), N(FL_FAMILY, AF_INET) } },
	{ ARGS("-4", "-H", ",6"), RUN, NULL, { N(FL_FAMILY, AF_INET6) } },
	{ ARGS("-H", ",6", "-L", ",4"), RUN, NULL, { N(FL_FAMILY, AF_INET) } },
	{ ARGS("-L", "127.0.0.1"), RUN, NULL, { S(FL_LOCAL, "127.0.0.1") } },
	{ ARGS("-L", "127.0.0.1,4"), RUN, NULL,
	  { S(FL_LOCAL, "127.0.0.1"), N(FL_FAMILY, AF_INET) } },
	{ ARGS("-H", "a", "-L", "b"), RUN, NULL, { S(FL_HOST, "a"), S(FL_LOCAL, "b") } },

	/* -p port[,lport] (pair-first). */
	{ ARGS("-p", "23457"), RUN, NULL, { N(FL_PORT, 23457) } },
	{ ARGS("-p", ",5000"), RUN, NULL, { N(FL_LPORT, 5000) } },
	{ ARGS("-p", "1,2"), RUN, NULL, { N(FL_PORT, 1), N(FL_LPORT, 2) } },
	{ ARGS("-p", "23457,"), RUN, NULL, { N(FL_PORT, 23457) } },
	{ ARGS("-p", "65535,0"), RUN, NULL, { N(FL_PORT, 65535) } },
	{ ARGS("-p12866"), RUN, NULL, { N(FL_PORT, 12866) } },

	/* -l: seconds or a negative count, with suffixes. */
	{ ARGS("-l", "-100M"), RUN, NULL, { N(FL_LENGTH, -104857600) } },
	{ ARGS("-l", "-1"), RUN, NULL, { N(FL_LENGTH, -1) } },
	{ ARGS("-l", "86400"), RUN, NULL, { N(FL_LENGTH, 86400) } },
	{ ARGS("-l", "-1G"), RUN, NULL, { N(FL_LENGTH, -1073741824) } },
	{ ARGS("-l-5"), RUN, NULL, { N(FL_LENGTH, -5) } },

	/* -P, -v, -f. */
	{ ARGS("-P", "0"), RUN, NULL, { N(FL_HEADERS, 0) } },
	{ ARGS("-P", "0", "-P", "1"), RUN, NULL, NONE },
	{ ARGS("-v", "0"), RUN, NULL, { N(FL_VERB, 0) } },
	{ ARGS("-v", "2"), RUN, NULL, { N(FL_VERB, 2) } },
	{ ARGS("-v2"), RUN, NULL, { N(FL_VERB, 2) } },
	{ ARGS("-f", "x"), RUN, NULL, { N(FL_UNIT, 'x') } },
	{ ARGS("-f", "b"), RUN, NULL, { N(FL_UNIT, 'b') } },
	{ ARGS("-fK"), RUN, NULL, { N(FL_UNIT, 'K') } },
	{ ARGS("-f", "g"), RUN, NULL, { N(FL_UNIT, 'g') } },
	{ ARGS("-f", "M"), RUN, NULL, { N(FL_UNIT, 'M') } },

	/* -i max[,min] (pair-both), clamped up to 3. */
	{ ARGS("-i", "10,2"), RUN, NULL, { N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	/* A max below the min is raised to it (netperf 2.7.1's netsh.c: -i 1,2 runs 3,3). */
	{ ARGS("-i", "1,2"), RUN, "-i 1,2: the max is below the min; runs as -i 3,3", { N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "10,20"), RUN, "-i 10,20: the max is below the min; runs as -i 20,20", { N(FL_IMAX, 20), N(FL_IMIN, 20), N(FL_CONF, 1) } },
	{ ARGS("-i", "10"), RUN, NULL, { N(FL_IMAX, 10), N(FL_IMIN, 10), N(FL_CONF, 1) } },
	{ ARGS("-i", "30"), RUN, NULL, { N(FL_IMAX, 30), N(FL_IMIN, 30), N(FL_CONF, 1) } },
	{ ARGS("-i", "1"), RUN, NULL, { N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "2,1"), RUN, NULL, { N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "10,"), RUN, NULL, { N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "5,5"), RUN, NULL, { N(FL_IMAX, 5), N(FL_IMIN, 5), N(FL_CONF, 1) } },
	/* Only the min: the default max of 1 follows it up, as in netperf. */
	{ ARGS("-i", ",5"), RUN, NULL, { N(FL_IMAX, 5), N(FL_IMIN, 5), N(FL_CONF, 1) } },
	{ ARGS("-i", "20", "-i", ",4"), RUN, NULL,
	  { N(FL_IMAX, 20), N(FL_IMIN, 4), N(FL_CONF, 1) } },

	/* -I level[,width] (pair-both); alone it means -i 10,3. */
	{ ARGS("-I", "95"), RUN, NULL,
	  { N(FL_LEVEL, 95), N(FL_WIDTH, 95), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "99,2.5"), RUN, NULL,
	  { N(FL_LEVEL, 99), N(FL_WIDTH, 2.5), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "95,"), RUN, NULL,
	  { N(FL_LEVEL, 95), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", ",10"), RUN, NULL,
	  { N(FL_WIDTH, 10), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "99,.5"), RUN, NULL,
	  { N(FL_WIDTH, 0.5), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	/* Any level from 50 to 99.99 (2.7.1: 95 and 99 alone). */
	{ ARGS("-I", "90,5"), RUN, NULL,
	  { N(FL_LEVEL, 90), N(FL_WIDTH, 5), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "99.9,1"), RUN, NULL,
	  { N(FL_LEVEL, 99.9), N(FL_WIDTH, 1), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "50,10"), RUN, NULL, { N(FL_LEVEL, 50), N(FL_WIDTH, 10), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "99.99,10"), RUN, NULL, { N(FL_LEVEL, 99.99), N(FL_WIDTH, 10), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-I", "99,100"), RUN, NULL,
	  { N(FL_WIDTH, 100), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	/* Wider than 100 %: an interval always met, as 2.7.1 runs it. */
	{ ARGS("-I", "99,500"), RUN, NULL,
	  { N(FL_WIDTH, 500), N(FL_IMAX, 10), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "5", "-I", "95,10"), RUN, NULL,
	  { N(FL_LEVEL, 95), N(FL_WIDTH, 10), N(FL_IMAX, 5), N(FL_IMIN, 5), N(FL_CONF, 1) } },
	{ ARGS("-I", "95,10", "-i", "20,4"), RUN, NULL,
	  { N(FL_LEVEL, 95), N(FL_WIDTH, 10), N(FL_IMAX, 20), N(FL_IMIN, 4), N(FL_CONF, 1) } },

	/* Test options: -m local[,remote] and -M remote[,local] (pair-first). */
	{ ARGS("--", "-m", "64"), RUN, NULL, { N(FL_SEND, 64) } },
	{ ARGS("--", "-m64"), RUN, NULL, { N(FL_SEND, 64) } },
	{ ARGS("--", "-m", ",4K"), RUN, NULL, { N(FL_RSEND, 4096) } },
	{ ARGS("--", "-m", "64,128"), RUN, NULL, { N(FL_SEND, 64), N(FL_RSEND, 128) } },
	{ ARGS("--", "-m", "64,"), RUN, NULL, { N(FL_SEND, 64) } },
	{ ARGS("--", "-M", "2048"), RUN, NULL, { N(FL_RRECV, 2048) } },
	{ ARGS("--", "-M", ",1024"), RUN, NULL, { N(FL_RECV, 1024) } },
	{ ARGS("--", "-M", "2K,1K"), RUN, NULL, { N(FL_RRECV, 2048), N(FL_RECV, 1024) } },

	/* -r, -s, -S, -P (pair-both). */
	{ ARGS("--", "-r", "64"), RUN, NULL, { N(FL_REQ, 64), N(FL_RSP, 64) } },
	{ ARGS("--", "-r", ",512"), RUN, NULL, { N(FL_RSP, 512) } },
	{ ARGS("--", "-r", "32,"), RUN, NULL, { N(FL_REQ, 32) } },
	{ ARGS("--", "-r", "32,1024"), RUN, NULL, { N(FL_REQ, 32), N(FL_RSP, 1024) } },
	{ ARGS("--", "-s", "64K"), RUN, NULL, { N(FL_LSND, 65536), N(FL_LRCV, 65536) } },
	{ ARGS("--", "-s", ",1M"), RUN, NULL, { N(FL_LRCV, 1048576) } },
	{ ARGS("--", "-S", "65536,32768"), RUN, NULL, { N(FL_RSND, 65536), N(FL_RRCV, 32768) } },
	{ ARGS("--", "-S", "128K"), RUN, NULL, { N(FL_RSND, 131072), N(FL_RRCV, 131072) } },
	{ ARGS("--", "-P", "5000"), RUN, NULL, { N(FL_DLPORT, 5000), N(FL_DRPORT, 5000) } },
	{ ARGS("--", "-P", ",5001"), RUN, NULL, { N(FL_DRPORT, 5001) } },
	{ ARGS("--", "-P", "5000,"), RUN, NULL, { N(FL_DLPORT, 5000) } },
	{ ARGS("--", "-P", "5000,5001"), RUN, NULL, { N(FL_DLPORT, 5000), N(FL_DRPORT, 5001) } },

	/* -D, data addresses and families. */
	{ ARGS("--", "-D"), RUN, NULL, { N(FL_NODELAY, 1) } },
	{ ARGS("-t", "TCP_RR", "--", "-D", "-r", "100,200"), RUN, NULL,
	  { S(FL_TEST, "TCP_RR"), N(FL_NODELAY, 1), N(FL_REQ, 100), N(FL_RSP, 200) } },
	{ ARGS("--", "-Dm64"), RUN, NULL, { N(FL_NODELAY, 1), N(FL_SEND, 64) } },
	{ ARGS("--", "-H", "::1,6"), RUN, NULL, { S(FL_DHOST, "::1"), N(FL_DFAM, AF_INET6) } },
	{ ARGS("--", "-H", "data"), RUN, NULL, { S(FL_DHOST, "data") } },
	{ ARGS("-H", "ctl", "--", "-H", "data,4"), RUN, NULL,
	  { S(FL_HOST, "ctl"), S(FL_DHOST, "data"), N(FL_DFAM, AF_INET) } },
	{ ARGS("--", "-L", "192.0.2.1"), RUN, NULL, { S(FL_DLOCAL, "192.0.2.1") } },
	{ ARGS("--", "-L", "192.0.2.1,inet"), RUN, NULL,
	  { S(FL_DLOCAL, "192.0.2.1"), N(FL_DFAM, AF_INET) } },
	{ ARGS("--", "-4"), RUN, NULL, { N(FL_DFAM, AF_INET) } },
	{ ARGS("--", "-6"), RUN, NULL, { N(FL_DFAM, AF_INET6) } },
	{ ARGS("--", "-6", "-4"), RUN, NULL, { N(FL_DFAM, AF_INET) } },
	{ ARGS("-4", "--", "-6"), RUN, NULL, { N(FL_FAMILY, AF_INET), N(FL_DFAM, AF_INET6) } },

	/* Message size limits: 65507 for UDP, much more for TCP. */
	{ ARGS("--", "-m", "70000"), RUN, NULL, { N(FL_SEND, 70000) } },
	{ ARGS("--", "-m", "64K"), RUN, NULL, { N(FL_SEND, 65536) } },
	{ ARGS("-t", "UDP_STREAM", "--", "-m", "65507"), RUN, NULL,
	  { S(FL_TEST, "UDP_STREAM"), N(FL_SEND, 65507) } },
	{ ARGS("-t", "UDP_STREAM", "--", "-m", "1472"), RUN, NULL,
	  { S(FL_TEST, "UDP_STREAM"), N(FL_SEND, 1472) } },
	{ ARGS("-t", "UDP_RR", "--", "-r", "65507"), RUN, NULL,
	  { S(FL_TEST, "UDP_RR"), N(FL_REQ, 65507), N(FL_RSP, 65507) } },
	{ ARGS("-t", "TCP_RR", "--", "-r", "65508"), RUN, NULL,
	  { S(FL_TEST, "TCP_RR"), N(FL_REQ, 65508), N(FL_RSP, 65508) } },

	/* Usage errors: global values. */
	{ ARGS("-l", "86401"), USAGE, "-l 86401", NONE },
	{ ARGS("-l", "0"), USAGE, "-l 0", NONE },
	{ ARGS("-l", "abc"), USAGE, "-l abc", NONE },
	/* 2.7.1's atoi/convert: the leading number, the tail named. */
	{ ARGS("-l", "12abc"), RUN, "-l 12abc: read as 12", { N(FL_LENGTH, 12) } },
	{ ARGS("-l", "10s"), RUN, "('s' ignored)", { N(FL_LENGTH, 10) } },
	{ ARGS("-l", "abc"), USAGE, "-l abc", NONE },
	{ ARGS("-l", "1.5"), USAGE, "-l 1.5", NONE },
	{ ARGS("-l", "0x"), USAGE, "length 0", NONE },
	{ ARGS("-v", "2x"), RUN, "-v 2x: read as 2", { N(FL_VERB, 2) } },
	{ ARGS("-i", "10x,3"), RUN, "-i 10x,3: read as 10", { N(FL_IMAX, 10), N(FL_IMIN, 3),
							    N(FL_CONF, 1) } },
	{ ARGS("-l", "99999999999999999999"), USAGE, "-l 99999999999999999999",
	  NONE },
	{ ARGS("-l", "-2G"), USAGE, "-l -2G", NONE },
	{ ARGS("-l", ""), USAGE, "-l", NONE },
	{ ARGS("-v", "3"), RUN, "-v 3: the most verbose level is 2", { N(FL_VERB, 2) } },
	{ ARGS("-v", "abc"), USAGE, "-v abc", NONE },
	{ ARGS("-v", "-1"), USAGE, "-v -1", NONE },
	{ ARGS("-P", "2"), USAGE, "-P 2", NONE },
	{ ARGS("-P", "abc"), USAGE, "-P abc", NONE },
	{ ARGS("-f", "Mbits"), RUN, NULL, { N(FL_UNIT, 'M') } },
	{ ARGS("-f", "z"), USAGE, "-f z", NONE },
	{ ARGS("-f", ""), USAGE, "-f", NONE },
	{ ARGS("-i", "31"), RUN, "-i 31: iterations are 3..30; runs as -i 30,30",
	  { N(FL_IMAX, 30), N(FL_IMIN, 30), N(FL_CONF, 1) } },
	{ ARGS("-i", "50,40"), RUN, "-i 50,40: iterations are 3..30; runs as -i 30,30",
	  { N(FL_IMAX, 30), N(FL_IMIN, 30), N(FL_CONF, 1) } },
	{ ARGS("-i", "0"), RUN, "-i 0: iterations are 3..30; runs as -i 3,3",
	  { N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "-5,2"), RUN, "-i -5,2: the max is below the min; runs as -i 3,3",
	  { N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-i", "abc"), USAGE, "-i abc", NONE },
	{ ARGS("-i", ","), USAGE, "-i ,", NONE },
	{ ARGS("-I", "49.9,5"), USAGE, "49.9 out of range (50..99.99)", NONE },
	{ ARGS("-I", "100,5"), USAGE, "-I 100,5", NONE },
	{ ARGS("-I", "99.999,5"), USAGE, "-I 99.999,5", NONE },
	{ ARGS("-I", "95%,5"), USAGE, "-I 95%,5", NONE },
	{ ARGS("-I", "99,0"), USAGE, "-I 99,0", NONE },
	{ ARGS("-I", "99,abc"), USAGE, "-I 99,abc", NONE },
	{ ARGS("-I", "99,2.5x"), USAGE, "-I 99,2.5x", NONE },
	{ ARGS("-I", "99, 5"), USAGE, "-I 99, 5", NONE },
	{ ARGS("-I", "99,nan"), USAGE, "-I 99,nan", NONE },
	{ ARGS("-I", "99,inf"), USAGE, "-I 99,inf", NONE },
	{ ARGS("-I", "99,+5"), USAGE, "-I 99,+5", NONE },
	{ ARGS("-I", "99,0x5"), USAGE, "-I 99,0x5", NONE },
	{ ARGS("-I", "99,."), USAGE, "-I 99,.", NONE },
	{ ARGS("-p", "0"), USAGE, "-p 0", NONE },
	{ ARGS("-p", "70000"), USAGE, "-p 70000", NONE },
	{ ARGS("-p", "abc"), USAGE, "-p abc", NONE },
	{ ARGS("-p", "1,70000"), USAGE, "-p 1,70000", NONE },
	{ ARGS("-p", "1K"), USAGE, "-p 1K", NONE },
	{ ARGS("-H", "h,7"), USAGE, "-H h,7", NONE },
	{ ARGS("-H", ",foo"), USAGE, "-H ,foo", NONE },
	{ ARGS("-L", "h,inet5"), USAGE, "-L h,inet5", NONE },
	{ ARGS("-t", "FOO_BAR"), USAGE, "FOO_BAR", NONE },
	{ ARGS("-t", "OMNI", "--", "-d", "rr", "-T", "udp"), RUN, NULL,
	  { S(FL_TEST, "UDP_RR") } },
	{ ARGS("-t", "omni", "--", "-d", "maerts"), RUN, NULL, { S(FL_TEST, "TCP_MAERTS") } },
	{ ARGS("-t", "omni", "--", "-d", "0x4", "-t", "dgram"), USAGE, "no test is a datagram",
	  NONE },
	{ ARGS("-t", "TCP_STREAM", "--", "-T", "udp"), RUN, NULL, { S(FL_TEST, "UDP_STREAM") } },
	/* -d as 2.7.1's parse_direction: names, '|', numbers, else 0 (a
	 * send test); -T sets the socket type; -m/-M/-r imply it. */
	{ ARGS("-t", "omni", "--", "-d", "sideways"), RUN, "read as 0",
	  { S(FL_TEST, "TCP_STREAM") } },
	{ ARGS("-t", "OMNI", "--", "-T", "TCP", "-d", "RR"), RUN, NULL, { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "OMNI", "--", "-T", "TCP", "-d", "STREAM"), RUN, NULL,
	  { S(FL_TEST, "TCP_STREAM") } },
	{ ARGS("-t", "OMNI", "--", "-T", "TCP", "-d", "MAERTS"), RUN, NULL,
	  { S(FL_TEST, "TCP_MAERTS") } },
	{ ARGS("-t", "OMNI", "--", "-T", "TCP", "-d", "CRR"), RUN, "'CRR' is no direction",
	  { S(FL_TEST, "TCP_STREAM") } },
	{ ARGS("-t", "OMNI", "--", "-T", "UDP", "-d", "send|recv"), RUN, NULL,
	  { S(FL_TEST, "UDP_RR") } },
	{ ARGS("-t", "omni", "--", "-d", "0x6"), RUN, NULL, { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "omni", "--", "-d", "4|2"), RUN, NULL, { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "omni", "--", "-d", "6x"), RUN, "read as 6", { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "omni", "--", "-d", "8"), USAGE, "-d 8", NONE },
	{ ARGS("-t", "omni", "--", "-c", "-d", "rr"), RUN, NULL, { S(FL_TEST, "TCP_CRR") } },
	{ ARGS("-t", "omni", "--", "-c"), RUN, NULL, { S(FL_TEST, "TCP_CC"), N(FL_REQ, 0),
						     N(FL_RSP, 0) } },
	{ ARGS("-t", "omni", "--", "-M", ",64K"), RUN, NULL,
	  { S(FL_TEST, "TCP_MAERTS"), N(FL_RECV, 65536) } },
	{ ARGS("-t", "omni", "--", "-m", "64K"), RUN, NULL,
	  { S(FL_TEST, "TCP_STREAM"), N(FL_SEND, 65536) } },
	{ ARGS("-t", "omni", "--", "-M", "64K"), RUN, NULL,
	  { S(FL_TEST, "TCP_STREAM"), N(FL_RRECV, 65536) } },
	{ ARGS("-t", "omni", "--", "-r", "64K", "-b", "12"), RUN, NULL,
	  { S(FL_TEST, "TCP_RR"), N(FL_REQ, 65536), N(FL_RSP, 65536) } },
	{ ARGS("-t", "omni", "--", "-m", ",1", "-m", "1"), RUN, NULL,
	  { S(FL_TEST, "TCP_RR"), N(FL_SEND, 1), N(FL_RSEND, 1) } },
	/* -d sets it: what -m said before is gone, what comes after adds
	 * nothing. */
	{ ARGS("-t", "omni", "--", "-r", "1", "-d", "send", "-M", ",9"), RUN, NULL,
	  { S(FL_TEST, "TCP_STREAM"), N(FL_RECV, 9) } },
	/* Other tests keep their own direction, as in 2.7.1. */
	{ ARGS("-t", "TCP_RR", "--", "-d", "send"), RUN, "-d is for -t omni",
	  { S(FL_TEST, "TCP_RR") } },
	{ ARGS("-t", "TCP_RR", "--", "-c"), RUN, NULL, { S(FL_TEST, "TCP_CRR") } },
	{ ARGS("-t", "TCP_CRR", "--", "-P", "42424"), RUN, "next local port",
	  { S(FL_TEST, "TCP_CRR"), N(FL_DLPORT, 42424), N(FL_DRPORT, 42424) } },
	{ ARGS("-t", "TCP_CRR", "--", "-P", ",42424"), RUN, NULL,
	  { S(FL_TEST, "TCP_CRR"), N(FL_DRPORT, 42424) } },
	{ ARGS("-Y", "0xb8,0xb8"), RUN, NULL, NONE },
	{ ARGS("-Y", "ef"), RUN, NULL, NONE },
	{ ARGS("-Y", "0x100"), USAGE, "-Y 0x100", NONE },
	{ ARGS("-Y", "b8"), USAGE, "-Y b8", NONE },
	{ ARGS("-D", "-0.20"), RUN, NULL, NONE },
	{ ARGS("-D", "--0.2"), USAGE, "-D --0.2", NONE },
	{ ARGS("-D", "0.2-"), USAGE, "-D 0.2-", NONE },
	{ ARGS("-F", "/dev/urandom"), RUN, NULL, NONE },
	{ ARGS("-F", ",0123456789012345678901234567890123"), USAGE, "at most 31", NONE },
	{ ARGS("-a", "16,32", "-A", "4", "-o", "1", "-O", "2,3", "-W", "4", "-y", "1,2",
	       "-n", "4", "-N", "-s", "1", "-S", "-d", "-d"), RUN,
	  "-W 4: netperf-ng sends and receives from one buffer", NONE },
	{ ARGS("-a", "0"), USAGE, "-a 0", NONE },
	{ ARGS("-s", "x"), USAGE, "-s x", NONE },
	{ ARGS("-k", "1,1"), RUN, "-k 1,1: dirtying buffers is not built", NONE },
	{ ARGS("-w", "10"), RUN, "-w 10: packet rate control", NONE },
	{ ARGS("-w", "10u,5"), RUN, "-w 10u,5: packet rate control", NONE },
	{ ARGS("-w", "10x"), USAGE, "-w 10x", NONE },
	{ ARGS("-b", "x"), USAGE, "-b x", NONE },
	{ ARGS("--", "-l", "256"), USAGE, "-l 256", NONE },
	{ ARGS("--", "-j", "x"), USAGE, "-j x", NONE },
	{ ARGS("--", "-c", "-C", "-f", "-F", "-n", "-N", "-a", "-j", "1", "-w", "1"), RUN,
	  "-c: TCP_STREAM has no connection-per-transaction form", NONE },
	{ ARGS("--", "-e", "1", "-G", "1400", "-q", "1M", "-R", "1", "-p", "5000,5010",
	       "-u", "1c3a3c0e-1b4c-11ef-8a55-0242ac120002"), RUN, NULL, NONE },
	{ ARGS("--", "-e", "x"), USAGE, "-e x", NONE },
	{ ARGS("--", "-p", "5010,5000"), USAGE, "-p 5010,5000", NONE },
	{ ARGS("--", "-u", "not-a-uuid"), USAGE, "-u not-a-uuid", NONE },
	{ ARGS("--", "-R", "2"), USAGE, "-R 2", NONE },
	{ ARGS("--", "-V"), RUN, "-V: copy avoidance", NONE },
	{ ARGS("--", "-i", "1"), RUN, "check_interval has been removed", NONE },
	{ ARGS("-t", "TCP_CC"), RUN, NULL, { S(FL_TEST, "TCP_CC"), N(FL_REQ, 0), N(FL_RSP, 0) } },
	{ ARGS("-t", "TCP_MSS"), RUN, NULL, { S(FL_TEST, "TCP_MSS"), N(FL_LENGTH, -1) } },
	{ ARGS("-t", "loc_cpu"), RUN, NULL, { S(FL_TEST, "LOC_CPU") } },

	/* --flows N: 1..100000, "--flows N" or "--flows=N". */
	{ ARGS("--flows=4"), RUN, NULL, { N(FL_FLOWS, 4) } },
	{ ARGS("--flows", "4"), RUN, NULL, { N(FL_FLOWS, 4) } },
	{ ARGS("--flows", "1"), RUN, NULL, NONE },
	{ ARGS("--flows", "256"), RUN, NULL, { N(FL_FLOWS, 256) } },
	{ ARGS("--flows", "3", "--flows", "5"), RUN, NULL, { N(FL_FLOWS, 5) } },
	{ ARGS("--flows", "0"), USAGE, "--flows 0", NONE },
	{ ARGS("--flows", "100000"), RUN, NULL, { N(FL_FLOWS, 100000) } },
	{ ARGS("--flows", "100001"), USAGE, "--flows 100001", NONE },
	{ ARGS("--flows=100001"), USAGE, "--flows 100001", NONE },
	{ ARGS("--flows", "1.5"), USAGE, "--flows 1.5", NONE },
	{ ARGS("--flows", "abc"), USAGE, "--flows abc", NONE },
	{ ARGS("--flows", "-1"), USAGE, "--flows -1", NONE },
	{ ARGS("--flows", "1M"), USAGE, "--flows 1M", NONE },
	{ ARGS("--flows="), USAGE, "--flows", NONE },
	{ ARGS("--flows"), USAGE, "--flows needs a value", NONE },
	{ ARGS("--", "--flows", "2"), USAGE, "--flows", NONE },
	/* A test's own options (-- --name) are its alone: no 2.7.1 test
	 * has any (NG_SELFTEST's: tests/selftest.test). */
	{ ARGS("-t", "TCP_STREAM", "--", "--pattern", "7"), USAGE,
	  "unknown test option --pattern", NONE },
	{ ARGS("--", "--pattern=7"), USAGE, "--pattern", NONE },

	/* --local-cpus / --remote-cpus LIST (the list itself: test_cpu_lists). */
	{ ARGS("--local-cpus", "0-3,6"), RUN, NULL, { N(FL_NLCPUS, 5) } },
	{ ARGS("--local-cpus=7"), RUN, NULL, { N(FL_NLCPUS, 1) } },
	{ ARGS("--remote-cpus", "0-3,6"), RUN, NULL, { N(FL_NRCPUS, 5) } },
	{ ARGS("--remote-cpus=2-2,2"), RUN, NULL, { N(FL_NRCPUS, 2) } },
	{ ARGS("--flows", "8", "--local-cpus", "0-65535"), USAGE, "--local-cpus 0-65535",
	  NONE },
	{ ARGS("--local-cpus", "3-1"), USAGE, "--local-cpus 3-1", NONE },
	{ ARGS("--local-cpus", ""), USAGE, "--local-cpus", NONE },
	{ ARGS("--local-cpus", "a"), USAGE, "--local-cpus a", NONE },
	{ ARGS("--local-cpus", "1,"), USAGE, "--local-cpus 1,", NONE },
	{ ARGS("--local-cpus", "-1"), USAGE, "--local-cpus -1", NONE },
	{ ARGS("--local-cpus", "70000"), USAGE, "--local-cpus 70000", NONE },
	{ ARGS("--local-cpus", "1-"), USAGE, "--local-cpus 1-", NONE },
	{ ARGS("--local-cpus", "1-2-3"), USAGE, "--local-cpus 1-2-3", NONE },
	{ ARGS("--local-cpus", "1,,2"), USAGE, "--local-cpus 1,,2", NONE },
	{ ARGS("--local-cpus", "1, 2"), USAGE, "--local-cpus 1, 2", NONE },
	{ ARGS("--local-cpus", "+1"), USAGE, "--local-cpus +1", NONE },
	{ ARGS("--local-cpus", "0-70000"), USAGE, "--local-cpus 0-70000", NONE },
	{ ARGS("--local-cpus", "99999999999999999999"), USAGE,
	  "--local-cpus 99999999999999999999", NONE },
	{ ARGS("--local-cpus"), USAGE, "--local-cpus needs a value", NONE },
	{ ARGS("--remote-cpus", "3-1"), USAGE, "--remote-cpus 3-1", NONE },
	{ ARGS("--remote-cpus", ""), USAGE, "--remote-cpus", NONE },
	{ ARGS("--remote-cpus", "a"), USAGE, "--remote-cpus a", NONE },
	{ ARGS("--remote-cpus", "1,"), USAGE, "--remote-cpus 1,", NONE },
	{ ARGS("--remote-cpus", "-1"), USAGE, "--remote-cpus -1", NONE },
	{ ARGS("--remote-cpus", "70000"), USAGE, "--remote-cpus 70000", NONE },

	/* What N flows cannot share; one flow still can. */
	{ ARGS("--flows", "2", "-D", "1"), USAGE, "--flows 2 cannot go with -D", NONE },
	{ ARGS("-D", "-0.5", "--flows", "2"), USAGE, "--flows 2 cannot go with -D", NONE },
	{ ARGS("--flows", "2", "--", "-P", "5000"), USAGE, "--flows 2 cannot go with fixed data ports",
	  NONE },
	{ ARGS("--flows", "2", "--", "-P", ",5001"), USAGE,
	  "--flows 2 cannot go with fixed data ports", NONE },
	{ ARGS("--flows", "2", "-p", "12865,4000"), USAGE,
	  "--flows 2 cannot go with a fixed local control port", NONE },
	{ ARGS("--flows", "2", "-t", "LOC_CPU"), USAGE,
	  "--flows 2 cannot go with a test without a data connection", NONE },
	{ ARGS("--flows", "2", "-t", "REM_CPU"), USAGE, "--flows 2 cannot go with a test", NONE },
	{ ARGS("--flows", "2", "-t", "UDP_RR"), RUN, NULL,
	  { N(FL_FLOWS, 2), S(FL_TEST, "UDP_RR") } },
	{ ARGS("--flows", "2", "-p", "12866"), RUN, NULL, { N(FL_FLOWS, 2), N(FL_PORT, 12866) } },
	{ ARGS("--flows", "1", "-D", "1", "-p", ",4000", "--", "-P", "5000"), RUN, NULL,
	  { N(FL_LPORT, 4000), N(FL_DLPORT, 5000), N(FL_DRPORT, 5000) } },
	{ ARGS("--flows", "1", "-t", "LOC_CPU"), RUN, NULL, { S(FL_TEST, "LOC_CPU") } },

	/* -J/--json (2.7.1 has no -J): the output, so not with another one
	 * nor for a test that prints a bare fact; -t omni's default columns
	 * give way.  A build without jansson refuses it. */
#ifdef HAVE_JANSSON
	{ ARGS("-J"), RUN, NULL, { N(FL_JSON, 1) } },
	{ ARGS("--json", "-t", "UDP_RR"), RUN, NULL, { N(FL_JSON, 1), S(FL_TEST, "UDP_RR") } },
	{ ARGS("-Jc"), RUN, NULL, { N(FL_JSON, 1), N(FL_LCPU, 1) } },
	{ ARGS("-J", "-t", "omni"), RUN, NULL, { N(FL_JSON, 1) } },
	{ ARGS("-J", "--flows", "2", "-i", "3,3"), RUN, NULL,
	  { N(FL_JSON, 1), N(FL_FLOWS, 2), N(FL_IMAX, 3), N(FL_IMIN, 3), N(FL_CONF, 1) } },
	{ ARGS("-J", "--", "-o"), USAGE, "--json cannot go with -- -o", NONE },
	{ ARGS("--json", "--", "-k", "THROUGHPUT"), USAGE, "--json cannot go with -- -k", NONE },
	{ ARGS("-J", "-t", "omni", "--", "-O", "THROUGHPUT"), USAGE,
	  "--json cannot go with -- -O", NONE },
	{ ARGS("-J", "-t", "LOC_CPU"), USAGE, "--json cannot go with LOC_CPU", NONE },
	{ ARGS("-J", "-t", "UUID"), USAGE, "--json cannot go with UUID", NONE },
#else
	{ ARGS("-J"), USAGE, "-J: this netperf was built without JSON support", NONE },
	{ ARGS("--json"), USAGE, "--json: this netperf was built without JSON support", NONE },
#endif
	{ ARGS("--json=1"), USAGE, "option --json takes no value", NONE },
	{ ARGS("--jso"), USAGE, "unknown option --jso", NONE },

	/* Usage errors: the command line's shape. */
	{ ARGS("-X"), USAGE, "-X", NONE },
	{ ARGS("-4X"), USAGE, "-X", NONE },
	{ ARGS("-m", "64"), USAGE, "-m", NONE },
	{ ARGS("-l"), USAGE, "-l", NONE },
	{ ARGS("-P", "0", "-t"), USAGE, "-t", NONE },
	/* Stray words: skipped with a line, as 2.7.1's getopt skips them
	 * (k8s-netperf's probe: netperf -H ip -l 1 -- 42424). */
	{ ARGS("foo"), RUN, "ignoring the stray argument 'foo'", NONE },
	{ ARGS("-P", "0", "foo", "-l", "5"), RUN, "'foo'", { N(FL_HEADERS, 0), N(FL_LENGTH, 5) } },
	{ ARGS("-"), RUN, "stray argument '-'", NONE },
	{ ARGS("--", "foo"), RUN, "'foo'", NONE },
	{ ARGS("-l", "1", "--", "42424"), RUN, "'42424'", { N(FL_LENGTH, 1) } },
	{ ARGS("--", "-m", "64", "foo"), RUN, "'foo'", { N(FL_SEND, 64) } },
	{ ARGS("--", "-X"), USAGE, "-X", NONE },
	{ ARGS("--", "-l", "5"), RUN, "-l 5: there are no multicast tests", NONE },
	{ ARGS("--", "--"), USAGE, "--", NONE },
	{ ARGS("--", "-m"), USAGE, "-m", NONE },

	/* Usage errors: test option values. */
	{ ARGS("-t", "UDP_STREAM", "--", "-m", "70000"), USAGE, "-m 70000",
	  NONE },
	{ ARGS("-t", "UDP_STREAM", "--", "-m", "64K"), USAGE, "-m 64K",
	  NONE },
	{ ARGS("-t", "UDP_STREAM", "--", "-m", ",65508"), USAGE, "-m ,65508",
	  NONE },
	{ ARGS("-t", "UDP_STREAM", "--", "-M", "65508"), USAGE, "-M 65508",
	  NONE },
	{ ARGS("-t", "UDP_RR", "--", "-r", "65508"), USAGE, "-r 65508",
	  NONE },
	{ ARGS("-t", "UDP_RR", "--", "-r", "1,70000"), USAGE, "-r 1,70000",
	  NONE },
	{ ARGS("--", "-m", "abc"), USAGE, "-m abc", NONE },
	{ ARGS("--", "-m", "12abc"), RUN, "-m 12abc: read as 12", { N(FL_SEND, 12) } },
	{ ARGS("--", "-m", "64KB"), RUN, "read as 65536", { N(FL_SEND, 65536) } },
	{ ARGS("--", "-m", "1.5M"), USAGE, "-m 1.5M", NONE },
	{ ARGS("--", "-m", "1kK"), USAGE, "-m 1kK", NONE },
	{ ARGS("--", "-G", "1400b"), RUN, "-G 1400b: read as 1400, as netperf 2.7.1 reads it ('b' ignored)",
	  NONE },
	{ ARGS("--", "-G", "b1400"), USAGE, "-G b1400", NONE },
	{ ARGS("--", "-m", "-5"), USAGE, "-m -5", NONE },
	{ ARGS("--", "-m", "99999999999999999999"), USAGE, "-m 99999999999999999999",
	  NONE },
	{ ARGS("--", "-r", "abc"), USAGE, "-r abc", NONE },
	{ ARGS("--", "-s", "abc"), USAGE, "-s abc", NONE },
	{ ARGS("--", "-S", "1,2G"), USAGE, "-S 1,2G", NONE },
	{ ARGS("--", "-P", "70000"), USAGE, "-P 70000", NONE },
	{ ARGS("--", "-P", ",x"), USAGE, "-P ,x", NONE },
	{ ARGS("--", "-H", "h,9"), USAGE, "-H h,9", NONE },
	{ ARGS("--", "-L", ","), USAGE, "-L ,", NONE },

	/* Help and version: text on out, exit 0. */
	{ ARGS("-h"), DONE, "Usage: netperf", NONE },
	{ ARGS("-V"), DONE, "Netperf version", NONE },
	{ ARGS("-l", "5", "-V", "-X"), DONE, "Netperf version", NONE },
	{ ARGS("--", "-h"), DONE, "Test Options", NONE },
	{ ARGS("-t", "UDP_RR", "--", "-r", "64", "-h"), DONE, "-r", NONE },
};

static const struct opt_case ns_cases[] = {
	{ ARGS("-D", "-D"), RUN, NULL, { N(NS_FG, 1) } },
	{ ARGS("-v", "1"), RUN, NULL, NONE },
	{ ARGS("-p", "0"), RUN, NULL, { N(NS_PORT, 0) } },
	{ ARGS("-p", "65535"), RUN, NULL, { N(NS_PORT, 65535) } },
	{ ARGS("-p12866"), RUN, NULL, { N(NS_PORT, 12866) } },
	{ ARGS("-L", "127.0.0.1,4"), RUN, NULL,
	  { S(NS_HOST, "127.0.0.1"), N(NS_FAMILY, AF_INET) } },
	{ ARGS("-L", "::1"), RUN, NULL, { S(NS_HOST, "::1") } },
	{ ARGS("-L", "::1,inet6"), RUN, NULL, { S(NS_HOST, "::1"), N(NS_FAMILY, AF_INET6) } },
	{ ARGS("-L", ",6"), RUN, NULL, { N(NS_FAMILY, AF_INET6) } },
	{ ARGS("-4"), RUN, NULL, { N(NS_FAMILY, AF_INET) } },
	{ ARGS("-6"), RUN, NULL, { N(NS_FAMILY, AF_INET6) } },
	{ ARGS("-4", "-6"), RUN, NULL, { N(NS_FAMILY, AF_INET6) } },
	{ ARGS("-L", "h,6", "-4"), RUN, NULL, { S(NS_HOST, "h"), N(NS_FAMILY, AF_INET) } },
	{ ARGS("-D"), RUN, NULL, { N(NS_FG, 1) } },
	{ ARGS("-v", "0"), RUN, NULL, { N(NS_VERB, 0) } },
	{ ARGS("-v", "2"), RUN, NULL, { N(NS_VERB, 2) } },
	{ ARGS("-D", "-p", "23456", "-4", "-v2"), RUN, NULL,
	  { N(NS_FG, 1), N(NS_PORT, 23456), N(NS_FAMILY, AF_INET), N(NS_VERB, 2) } },

	{ ARGS("-p", "70000"), USAGE, "-p 70000", NONE },
	{ ARGS("-p", "abc"), USAGE, "-p abc", NONE },
	{ ARGS("-p", "-1"), USAGE, "-p -1", NONE },
	{ ARGS("-p", "1,2"), USAGE, "-p 1,2", NONE },
	{ ARGS("-p"), USAGE, "-p", NONE },
	{ ARGS("-v", "3"), USAGE, "-v 3", NONE },
	{ ARGS("-v", "abc"), USAGE, "-v abc", NONE },
	{ ARGS("-L", "h,x"), USAGE, "-L h,x", NONE },
	{ ARGS("foo"), USAGE, "foo", NONE },
	{ ARGS("-D", "foo"), USAGE, "foo", NONE },
	{ ARGS("--"), USAGE, "--", NONE },
	{ ARGS("-X"), USAGE, "-X", NONE },
	{ ARGS("-t", "TCP_RR"), USAGE, "-t", NONE },

	{ ARGS("-h"), DONE, "Usage: netserver", NONE },
	{ ARGS("-h"), DONE, "--max-sessions N", NONE },
	{ ARGS("-V"), DONE, "Netperf version", NONE },

	/* netserver-ng's long options: --name value and --name=value. */
	{ ARGS("-u", "daemon"), RUN, NULL, { S(NS_USER, "daemon") } },
	{ ARGS("--user=daemon"), RUN, NULL, { S(NS_USER, "daemon") } },
	/* The nested limits follow --max-sessions: an eighth, three
	 * sixteenths, a quarter; the burst follows --max-per-prefix. */
	{ ARGS("--max-sessions", "64"), RUN, NULL,
	  { N(NS_MAXS, 64), N(NS_PREFIX, 8), N(NS_SITE, 12), N(NS_NET, 16), N(NS_BURST, 8) } },
	{ ARGS("--max-sessions=7"), RUN, NULL,
	  { N(NS_MAXS, 7), N(NS_PREFIX, 1), N(NS_SITE, 1), N(NS_NET, 1), N(NS_BURST, 1) } },
	{ ARGS("--max-sessions", "16", "--max-per-prefix", "16"), RUN, NULL,
	  { N(NS_MAXS, 16), N(NS_PREFIX, 16), N(NS_SITE, 16), N(NS_NET, 16), N(NS_BURST, 16) } },
	{ ARGS("--max-per-prefix", "100"), RUN, NULL,
	  { N(NS_PREFIX, 100), N(NS_SITE, 100), N(NS_NET, 128), N(NS_BURST, 100) } },
	{ ARGS("--max-per-prefix", "4", "--conn-rate", "2"), RUN, NULL,
	  { N(NS_PREFIX, 4), N(NS_RATE, 2), N(NS_BURST, 4) } },
	{ ARGS("--max-per-site", "70", "--max-per-net", "300"), RUN, NULL,
	  { N(NS_SITE, 70), N(NS_NET, 300) } },
	/* -Z's pool nests as the sessions do, under --max-unproven, and
	 * apart from them. */
	{ ARGS("--max-unproven", "128"), RUN, NULL,
	  { N(NS_UNP, 128), N(NS_UPREFIX, 16), N(NS_USITE, 24), N(NS_UNET, 32), N(NS_PREFIX, 64) } },
	{ ARGS("--max-unproven-per-prefix", "300", "--passphrase-timeout", "2"), RUN, NULL,
	  { N(NS_UPREFIX, 300), N(NS_USITE, 300), N(NS_UNET, 300), N(NS_PTIMEOUT, 2) } },
	{ ARGS("--max-unproven=4096", "--max-unproven-per-net", "4096"), RUN, NULL,
	  { N(NS_UNP, 4096), N(NS_UPREFIX, 512), N(NS_USITE, 768), N(NS_UNET, 4096) } },
	{ ARGS("--max-unproven", "4097"), USAGE, "--max-unproven 4097", NONE },
	{ ARGS("--max-unproven-per-site", "100"), USAGE,
	  "--max-unproven-per-prefix 128 is more than --max-unproven-per-site 100", NONE },
	{ ARGS("--max-unproven", "100", "--max-unproven-per-net", "101"), USAGE,
	  "--max-unproven-per-net 101 is more than --max-unproven 100", NONE },
	{ ARGS("--passphrase-timeout", "0"), USAGE, "--passphrase-timeout 0", NONE },
	{ ARGS("--passphrase-timeout", "61"), USAGE, "--passphrase-timeout 61", NONE },
	{ ARGS("--max-memory", "1G"), RUN, NULL, { N(NS_TOTMEM, 1 << 30) } },
	{ ARGS("--max-spinning", "0"), RUN, NULL, { N(NS_SPIN, 0) } },
	{ ARGS("--no-host-facts"), RUN, NULL, { N(NS_NOFACTS, 1) } },
	{ ARGS("--allow-option", "busy-poll"), RUN, NULL, { S(NS_ALLOW, "busy-poll") } },
	{ ARGS("--allow-option", "zerocopy"), USAGE, "--allow-option zerocopy", NONE },
	{ ARGS("--allow-option", "busy-poll,batch"), USAGE, "refuses unless allowed", NONE },
	{ ARGS("--max-per-site", "50"), USAGE, "--max-per-prefix 64 is more than --max-per-site 50",
	  NONE },
	{ ARGS("--max-per-net", "600"), USAGE, "--max-per-net 600 is more than --max-sessions 512",
	  NONE },
	{ ARGS("--max-memory", "1K"), USAGE, "--max-memory 1K", NONE },
	{ ARGS("--conn-rate", "2,8"), RUN, NULL, { N(NS_RATE, 2), N(NS_BURST, 8) } },
	{ ARGS("--conn-rate", "0"), RUN, NULL, { N(NS_RATE, 0) } },
	{ ARGS("--conn-rate", "0.25,4"), RUN, NULL, { N(NS_RATE, 0.25), N(NS_BURST, 4) } },
	{ ARGS("--conn-rate", ",100"), RUN, NULL, { N(NS_BURST, 100) } },
	{ ARGS("--max-auth-failures", "0"), RUN, NULL, { N(NS_AUTH, 0) } },
	{ ARGS("--max-test-time", "86400"), RUN, NULL, { N(NS_TIME, 86400) } },
	{ ARGS("--max-session-memory", "1G"), RUN, NULL, { N(NS_MEM, 1 << 30) } },
	{ ARGS("--control-timeout", "10"), RUN, NULL, { N(NS_CTIMEOUT, 10) } },
	{ ARGS("--log-rate", "0"), RUN, NULL, { N(NS_LOGRATE, 0) } },
	{ ARGS("--data-ports", "50000-50099"), RUN, NULL, { N(NS_PMIN, 50000), N(NS_PMAX, 50099) } },
	{ ARGS("--data-ports", "1024-1024"), RUN, NULL, { N(NS_PMIN, 1024), N(NS_PMAX, 1024) } },
	{ ARGS("--data-peer", "declared"), RUN, NULL, { N(NS_DECLARED, 1) } },
	{ ARGS("--data-peer=control"), RUN, NULL, NONE },

	{ ARGS("--max-sessions", "0"), USAGE, "--max-sessions 0", NONE },
	{ ARGS("--max-sessions", "5000"), USAGE, "--max-sessions 5000", NONE },
	{ ARGS("--max-sessions", "8", "--max-per-prefix", "9"), USAGE, "--max-per-prefix 9", NONE },
	{ ARGS("--max-per-prefix", "0"), USAGE, "--max-per-prefix 0", NONE },
	{ ARGS("--conn-rate", "x"), USAGE, "--conn-rate x", NONE },
	{ ARGS("--conn-rate", "inf"), USAGE, "--conn-rate inf", NONE },
	{ ARGS("--conn-rate", "-1"), USAGE, "--conn-rate -1", NONE },
	{ ARGS("--conn-rate", "1,0"), USAGE, "--conn-rate 1,0", NONE },
	{ ARGS("--max-test-time", "0"), USAGE, "--max-test-time 0", NONE },
	{ ARGS("--max-test-time", "86401"), USAGE, "--max-test-time 86401", NONE },
	{ ARGS("--max-session-memory", "1K"), USAGE, "--max-session-memory 1K", NONE },
	{ ARGS("--control-timeout", "2"), USAGE, "--control-timeout 2", NONE },
	{ ARGS("--log-rate", "-1"), USAGE, "--log-rate -1", NONE },
	{ ARGS("--data-ports", "80-90"), USAGE, "--data-ports 80-90", NONE },
	{ ARGS("--data-ports", "50010-50000"), USAGE, "--data-ports 50010-50000", NONE },
	{ ARGS("--data-ports", "50000"), USAGE, "--data-ports 50000", NONE },
	{ ARGS("--data-peer", "any"), USAGE, "--data-peer any", NONE },
	{ ARGS("--data-peer"), USAGE, "--data-peer needs a value", NONE },
	{ ARGS("--user="), USAGE, "--user", NONE },
	{ ARGS("--no-such-option"), USAGE, "unknown option --no-such-option", NONE },
	{ ARGS("--D"), USAGE, "unknown option --D", NONE },
	{ ARGS("--foreground=1"), USAGE, "unknown option --foreground", NONE },
};

/* The value of field f, as a number or a string. */
static void np_get(const struct np_opts *o, enum field f, double *n, const char **s)
{
	*s = NULL;
	switch (f) {
	case FL_TEST: *s = o->test ? o->test->name : "(null)"; break;
	case FL_HOST: *s = o->host; break;
	case FL_LOCAL: *s = o->local_host; break;
	case FL_FAMILY: *n = o->family; break;
	case FL_PORT: *n = o->port; break;
	case FL_LPORT: *n = o->local_port; break;
	case FL_LENGTH: *n = (double)o->length; break;
	case FL_HEADERS: *n = o->headers; break;
	case FL_VERB: *n = o->verbosity; break;
	case FL_UNIT: *n = o->unit; break;
	case FL_IMAX: *n = o->iter_max; break;
	case FL_IMIN: *n = o->iter_min; break;
	case FL_LEVEL: *n = o->conf_level; break;
	case FL_WIDTH: *n = o->conf_width; break;
	case FL_CONF: *n = o->confidence; break;
	case FL_SEND: *n = o->send_size; break;
	case FL_RSEND: *n = o->rsend_size; break;
	case FL_RRECV: *n = o->rrecv_size; break;
	case FL_RECV: *n = o->recv_size; break;
	case FL_LSND: *n = o->lsndbuf; break;
	case FL_LRCV: *n = o->lrcvbuf; break;
	case FL_RSND: *n = o->rsndbuf; break;
	case FL_RRCV: *n = o->rrcvbuf; break;
	case FL_REQ: *n = o->req_size; break;
	case FL_RSP: *n = o->rsp_size; break;
	case FL_DLPORT: *n = o->data_lport; break;
	case FL_DRPORT: *n = o->data_rport; break;
	case FL_NODELAY: *n = o->nodelay; break;
	case FL_LCPU: *n = o->local_cpu; break;
	case FL_RCPU: *n = o->remote_cpu; break;
	case FL_RONLY: *n = o->result_only; break;
	case FL_FLOWS: *n = o->flows; break;
	case FL_NLCPUS: *n = o->nlcpus; break;
	case FL_NRCPUS: *n = o->nrcpus; break;
	case FL_JSON: *n = o->json; break;
	case FL_DHOST: *s = o->data_host; break;
	case FL_DLOCAL: *s = o->data_local; break;
	case FL_DFAM: *n = o->data_family; break;
	default: ck_abort_msg("bad netperf field %d", f);
	}
}

static void ns_get(const struct ns_opts *o, enum field f, double *n, const char **s)
{
	*s = NULL;
	switch (f) {
	case NS_PORT: *n = o->port; break;
	case NS_HOST: *s = o->listen_host; break;
	case NS_FAMILY: *n = o->family; break;
	case NS_FG: *n = o->foreground; break;
	case NS_VERB: *n = o->verbosity; break;
	case NS_USER: *s = o->user; break;
	case NS_MAXS: *n = o->max_sessions; break;
	case NS_PREFIX: *n = o->max_per_prefix; break;
	case NS_RATE: *n = o->conn_rate; break;
	case NS_BURST: *n = o->conn_burst; break;
	case NS_AUTH: *n = o->auth_failures; break;
	case NS_TIME: *n = o->max_test_s; break;
	case NS_MEM: *n = (double)o->max_memory; break;
	case NS_CTIMEOUT: *n = o->control_timeout_s; break;
	case NS_LOGRATE: *n = o->log_rate; break;
	case NS_PMIN: *n = o->data_port_min; break;
	case NS_PMAX: *n = o->data_port_max; break;
	case NS_DECLARED: *n = o->data_peer_declared; break;
	case NS_SITE: *n = o->max_per_site; break;
	case NS_NET: *n = o->max_per_net; break;
	case NS_TOTMEM: *n = (double)o->max_total_memory; break;
	case NS_SPIN: *n = o->max_spinning; break;
	case NS_NOFACTS: *n = o->no_host_facts; break;
	case NS_ALLOW: *s = o->allow_options; break;
	case NS_UNP: *n = o->max_unproven; break;
	case NS_UPREFIX: *n = o->max_unproven_per_prefix; break;
	case NS_USITE: *n = o->max_unproven_per_site; break;
	case NS_UNET: *n = o->max_unproven_per_net; break;
	case NS_PTIMEOUT: *n = o->passphrase_timeout_s; break;
	default: ck_abort_msg("bad netserver field %d", f);
	}
}

static bool is_string(enum field f)
{
	return f == FL_TEST || f == FL_HOST || f == FL_LOCAL || f == FL_DHOST ||
	       f == FL_DLOCAL || f == NS_HOST || f == NS_USER || f == NS_ALLOW;
}

/* "netperf -l 5 --" for failure messages. */
static const char *cmdline(const char *prog, const struct opt_case *c)
{
	static char buf[512];
	size_t len = (size_t)snprintf(buf, sizeof(buf), "%s", prog);

	for (int i = 0; c->args[i] && len < sizeof(buf); i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, " '%s'", c->args[i]);
	return buf;
}

/* Compare every field of `defaults` (overridden by c->want) with get(). */
static void check_fields(const char *prog, const struct opt_case *c,
			 const struct val *defaults, int ndefaults,
			 void (*get)(const void *, enum field, double *, const char **),
			 const void *o)
{
	for (int i = 0; i < ndefaults; i++) {
		struct val want = defaults[i];
		double n = 0;
		const char *s;

		for (int k = 0; k < MAX_EXPECT && c->want[k].f != FL_END; k++)
			if (c->want[k].f == want.f)
				want = c->want[k];
		get(o, want.f, &n, &s);
		if (is_string(want.f)) {
			ck_assert_msg(want.s ? s && strcmp(s, want.s) == 0 : s == NULL,
				      "%s: %s is \"%s\", want \"%s\"", cmdline(prog, c),
				      field_names[want.f], s ? s : "(NULL)",
				      want.s ? want.s : "(NULL)");
		} else {
			ck_assert_msg(n == want.n, "%s: %s is %g, want %g", cmdline(prog, c),
				      field_names[want.f], n, want.n);
		}
	}
	/* Every expected field must be one this table knows. */
	for (int k = 0; k < MAX_EXPECT && c->want[k].f != FL_END; k++) {
		bool known = false;

		for (int i = 0; i < ndefaults; i++)
			known |= defaults[i].f == c->want[k].f;
		ck_assert_msg(known, "%s: field %d not checked", cmdline(prog, c), c->want[k].f);
	}
}

static void np_get_v(const void *o, enum field f, double *n, const char **s)
{
	np_get(o, f, n, s);
}

static void ns_get_v(const void *o, enum field f, double *n, const char **s)
{
	ns_get(o, f, n, s);
}

/* Check status and the texts on out and err. */
static void check_output(const char *prog, const struct opt_case *c,
			 enum np_opts_status st, const char *out, size_t outlen,
			 const char *err, size_t errlen)
{
	char prefix[32];
	const char *cl = cmdline(prog, c);

	snprintf(prefix, sizeof(prefix), "%s: ", prog);
	ck_assert_msg(st == c->st, "%s: status %d, want %d (err: %s)", cl, st, c->st, err);
	switch (c->st) {
	case NP_OPTS_RUN:
		/* A text: the one warning line netperf-ng adds. */
		ck_assert_msg(outlen == 0, "%s: out not empty: %s", cl, out);
		if (c->text)
			ck_assert_msg(errlen > 0 && strchr(err, '\n') == err + errlen - 1 &&
				      strstr(err, c->text) != NULL,
				      "%s: err is not one line naming \"%s\": %s", cl, c->text, err);
		else
			ck_assert_msg(errlen == 0, "%s: err not empty: %s", cl, err);
		break;
	case NP_OPTS_USAGE:
		ck_assert_msg(outlen == 0, "%s: out not empty: %s", cl, out);
		ck_assert_msg(errlen > 0 && err[errlen - 1] == '\n' &&
			      strchr(err, '\n') == err + errlen - 1,
			      "%s: err is not one line: \"%s\"", cl, err);
		ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0,
			      "%s: err does not start with \"%s\": %s", cl, prefix, err);
		ck_assert_msg(strstr(err + strlen(prefix), c->text) != NULL,
			      "%s: err does not name \"%s\": %s", cl, c->text, err);
		break;
	case NP_OPTS_DONE:
		ck_assert_msg(errlen == 0, "%s: err not empty: %s", cl, err);
		ck_assert_msg(strstr(out, c->text) != NULL, "%s: out lacks \"%s\": %s",
			      cl, c->text, out);
		break;
	}
}

/* Run one parser on a case: argv[0] is the program name. */
#define RUN_CASE(prog, parse, c, o, out, outlen, err, errlen, st)	\
	do {								\
		char *argv_[MAX_ARGS + 1];				\
		int argc_ = 0;						\
		FILE *fo_ = open_memstream(&(out), &(outlen));		\
		FILE *fe_ = open_memstream(&(err), &(errlen));		\
									\
		ck_assert(fo_ != NULL && fe_ != NULL);			\
		argv_[argc_++] = (char *)(prog);			\
		for (int k_ = 0; (c)->args[k_]; k_++)			\
			argv_[argc_++] = (char *)(c)->args[k_];		\
		argv_[argc_] = NULL;					\
		(st) = parse(argc_, argv_, &(o), fo_, fe_);		\
		fclose(fo_);						\
		fclose(fe_);						\
	} while (0)

START_TEST(test_netperf)
{
	const struct opt_case *c = &np_cases[_i];
	struct np_opts o;
	char *out = NULL, *err = NULL;
	size_t outlen = 0, errlen = 0;
	enum np_opts_status st;

	RUN_CASE("netperf", np_opts_parse, c, o, out, outlen, err, errlen, st);
	check_output("netperf", c, st, out, outlen, err, errlen);
	if (st == NP_OPTS_RUN)
		check_fields("netperf", c, np_defaults, ARRAY_LEN(np_defaults), np_get_v, &o);
	free(out);
	free(err);
}
END_TEST

START_TEST(test_netserver)
{
	const struct opt_case *c = &ns_cases[_i];
	struct ns_opts o;
	char *out = NULL, *err = NULL;
	size_t outlen = 0, errlen = 0;
	enum np_opts_status st;

	RUN_CASE("netserver", ns_opts_parse, c, o, out, outlen, err, errlen, st);
	check_output("netserver", c, st, out, outlen, err, errlen);
	if (st == NP_OPTS_RUN)
		check_fields("netserver", c, ns_defaults, ARRAY_LEN(ns_defaults), ns_get_v, &o);
	free(out);
	free(err);
}
END_TEST

/* The whole default struct, and host texts living in the struct. */
START_TEST(test_defaults_and_storage)
{
	char *argv[] = { "netperf", "-H", "ctl,4", "-L", "me", "--", "-H", "data",
			 "-L", "src", NULL };
	struct np_opts o;
	struct ns_opts so;
	char *argv0[] = { "netperf", NULL };
	char *nsargv[] = { "netserver", "-L", "lst", NULL };
	FILE *devnull = fopen("/dev/null", "w");

	ck_assert(devnull != NULL);
	ck_assert_int_eq(np_opts_parse(1, argv0, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_ptr_eq(o.test, np_test_find("TCP_STREAM"));
	ck_assert_int_eq(o.test->rr, 0);
	ck_assert_ptr_null(o.host);

	ck_assert_int_eq(np_opts_parse(10, argv, &o, devnull, devnull), NP_OPTS_RUN);
	/* The names are copies inside o, not pointers into argv. */
	ck_assert_ptr_eq(o.host, o.host_buf[0]);
	ck_assert_ptr_eq(o.local_host, o.host_buf[1]);
	ck_assert_ptr_eq(o.data_host, o.host_buf[2]);
	ck_assert_ptr_eq(o.data_local, o.host_buf[3]);
	ck_assert_str_eq(o.host, "ctl");
	ck_assert_str_eq(o.local_host, "me");
	ck_assert_str_eq(o.data_host, "data");
	ck_assert_str_eq(o.data_local, "src");

	ck_assert_int_eq(ns_opts_parse(3, nsargv, &so, devnull, devnull), NP_OPTS_RUN);
	ck_assert_ptr_eq(so.listen_host, so.host_buf);
	ck_assert_str_eq(so.listen_host, "lst");
	fclose(devnull);
}
END_TEST

/* A name longer than the buffer is an error, not a truncation. */
START_TEST(test_long_host)
{
	char name[300];
	char *argv[] = { "netperf", "-H", name, NULL };
	struct np_opts o;
	char *err = NULL;
	size_t errlen = 0;
	FILE *fe = open_memstream(&err, &errlen);
	FILE *devnull = fopen("/dev/null", "w");

	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	ck_assert_int_eq(np_opts_parse(3, argv, &o, devnull, fe), NP_OPTS_USAGE);
	fclose(fe);
	fclose(devnull);
	ck_assert(strncmp(err, "netperf: -H ", 12) == 0);
	ck_assert_ptr_eq(strchr(err, '\n'), err + errlen - 1);
	free(err);
}
END_TEST

/* --local-cpus/--remote-cpus: the CPUs in the order given, ranges
 * expanded, repeats kept; a refused list leaves nothing behind. */
START_TEST(test_cpu_lists)
{
	char *a1[] = { "netperf", "--local-cpus", "0-3,6", "--remote-cpus=9,2-3,2", NULL };
	char *a2[] = { "netperf", "--local-cpus", "0-1023", "--remote-cpus", "65535", NULL };
	char *a3[] = { "netperf", "--local-cpus", "0-1024", NULL };
	char *a4[] = { "netperf", NULL };
	const int want_l[] = { 0, 1, 2, 3, 6 };
	const int want_r[] = { 9, 2, 3, 2 };
	struct np_opts o;
	FILE *devnull = fopen("/dev/null", "w");

	ck_assert(devnull != NULL);
	ck_assert_int_eq(np_opts_parse(4, a1, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_int_eq(o.nlcpus, 5);
	for (int i = 0; i < ARRAY_LEN(want_l); i++)
		ck_assert_int_eq(o.lcpus[i], want_l[i]);
	ck_assert_int_eq(o.nrcpus, 4);
	for (int i = 0; i < ARRAY_LEN(want_r); i++)
		ck_assert_int_eq(o.rcpus[i], want_r[i]);
	ck_assert_int_eq(o.flows, 1);

	/* The limits: NP_MAX_CPU_LIST CPUs, NP_MAX_CPU_ID the highest. */
	ck_assert_int_eq(np_opts_parse(5, a2, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_int_eq(o.nlcpus, NP_MAX_CPU_LIST);
	ck_assert_int_eq(o.lcpus[0], 0);
	ck_assert_int_eq(o.lcpus[NP_MAX_CPU_LIST - 1], NP_MAX_CPU_LIST - 1);
	ck_assert_int_eq(o.nrcpus, 1);
	ck_assert_int_eq(o.rcpus[0], NP_MAX_CPU_ID);
	ck_assert_int_eq(np_opts_parse(3, a3, &o, devnull, devnull), NP_OPTS_USAGE);

	/* A new parse starts without lists. */
	ck_assert_int_eq(np_opts_parse(1, a4, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_int_eq(o.nlcpus, 0);
	ck_assert_int_eq(o.nrcpus, 0);
	ck_assert_int_eq(o.flows, 1);
	fclose(devnull);
}
END_TEST

/* Parsing twice starts from the defaults again. */
START_TEST(test_reparse_resets)
{
	char *a1[] = { "netperf", "-l", "5", "-6", "--", "-m", "64", NULL };
	char *a2[] = { "netperf", NULL };
	struct np_opts o;
	FILE *devnull = fopen("/dev/null", "w");

	ck_assert_int_eq(np_opts_parse(7, a1, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_int_eq(o.length, 5);
	ck_assert_int_eq(np_opts_parse(1, a2, &o, devnull, devnull), NP_OPTS_RUN);
	ck_assert_int_eq(o.length, 10);
	ck_assert_int_eq(o.family, AF_UNSPEC);
	ck_assert_int_eq(o.send_size, 0);
	fclose(devnull);
}
END_TEST

/* The generated registry: netserver finds every test it serves, and only
 * that one, from what a request says (the four classic fields, or the
 * extension id); no two tests claim the same.  Every test but OMNI (a
 * name only) has one view, which names a registered test. */
START_TEST(test_registry_unique)
{
	const struct np_test *const *all = np_tests();
	int n = 0, viewed = 0, views = 0;

	for (const struct np_test_view *const *v = np_test_views; *v; v++, views++)
		ck_assert_ptr_eq(np_test_find((*v)->test->name), (*v)->test);
	for (const struct np_test *const *t = all; *t; t++, n++) {
		const struct np_test *c = *t;
		const struct np_test_view *v = np_test_view(c);

		ck_assert_ptr_eq(np_test_find(c->name), c);
		ck_assert(c->omni ? v == NULL : v != NULL);
		viewed += v != NULL;
		/* A test with a data phase derives and prints its figures;
		 * one without a data connection is its command. */
		if (c->client_run) {
			ck_assert_ptr_nonnull(v->derive);
			ck_assert_ptr_nonnull(v->print_table);
			ck_assert_ptr_nonnull(v->print_brief);
		}
		ck_assert_int_eq(v && v->command, c->no_connection);
		ck_assert(!c->no_connection || !c->client_run);
		if (c->served_as) {
			ck_assert_ptr_nonnull(c->served_as->server_run);
			continue;
		}
		if (!c->server_run)
			continue;
		ck_assert_ptr_eq(np_test_for_request(c->sock_type, c->protocol, c->direction,
						     c->wire_connect, c->ext_id), c);
	}
	ck_assert_int_ge(n, 13);
	ck_assert_int_eq(views, viewed);
	/* A netperf-ng test id this build lacks matches nothing. */
	ck_assert_ptr_null(np_test_for_request(SOCK_STREAM, 6, NP_DIR_RECV, false, 0x7fffffffu));
	/* TCP_STREAM's fields give TCP_STREAM, not a variant that shares them. */
	ck_assert_str_eq(np_test_for_request(SOCK_STREAM, 6, NP_DIR_RECV, false, 0)->name,
			 "TCP_STREAM");
}
END_TEST

/* Every test's own options keep the descriptor's contract (test.h, which
 * np_test_options asserts), with distinct names, and a parse leaves the
 * defaults: 0 past a test's options. */
START_TEST(test_own_options)
{
	static const struct np_reqfield alpha = { "alpha", "N", "first", -5, 5, -3, false, 0, 0 };
	static const struct np_reqfield beta = { "beta", "N", "second", INT32_MIN, INT32_MAX,
						 INT32_MAX, false, 0, 0 };
	static const struct np_reqfield *const two[] = { &alpha, &beta, NULL };
	const struct np_test fake = { .name = "FAKE", .options = two };
	int32_t def[NP_TEST_OPTIONS];
	FILE *devnull = fopen("/dev/null", "w");

	ck_assert(devnull != NULL);
	ck_assert_int_eq(np_test_options(&fake), 2);
	np_test_option_defaults(&fake, def);
	ck_assert_int_eq(def[0], -3);
	ck_assert_int_eq(def[1], INT32_MAX);
	for (int k = 2; k < NP_TEST_OPTIONS; k++)
		ck_assert_int_eq(def[k], 0);

	for (const struct np_test *const *t = np_tests(); *t; t++) {
		const int n = np_test_options(*t);
		char *argv[] = { "netperf", "-t", (char *)(*t)->name, NULL };
		struct np_opts o;

		for (int i = 0; i < n; i++)
			for (int j = 0; j < i; j++)
				ck_assert_str_ne((*t)->options[i]->name, (*t)->options[j]->name);
		if (np_opts_parse(3, argv, &o, devnull, devnull) != NP_OPTS_RUN)
			continue;
		np_test_option_defaults(o.test, def);
		for (int k = 0; k < NP_TEST_OPTIONS; k++)
			ck_assert_int_eq(o.test_params[k], def[k]);
	}
	fclose(devnull);
}
END_TEST

/* What np_opts_each / ns_opts_each told: the settings by name. */
#define MAX_SETTINGS 160
struct seen {
	int n;
	struct np_setting s[MAX_SETTINGS];
};

static void collect(void *ctx, const struct np_setting *s)
{
	struct seen *w = ctx;

	ck_assert_msg(w->n < MAX_SETTINGS, "more than %d settings", MAX_SETTINGS);
	ck_assert_ptr_nonnull(s->name);
	for (int k = 0; k < w->n; k++)
		ck_assert_msg(strcmp(w->s[k].name, s->name) != 0 || w->s[k].test != s->test,
			      "setting %s walked twice", s->name);
	ck_assert(s->n == 1 || s->n == 2 || (s->type == NP_SET_CPUS && s->n == 0));
	w->s[w->n++] = *s;
}

static const struct np_setting *setting(const struct seen *w, const char *name, bool test)
{
	for (int k = 0; k < w->n; k++)
		if (strcmp(w->s[k].name, name) == 0 && w->s[k].test == test)
			return &w->s[k];
	ck_abort_msg("no setting %s", name);
	return NULL;
}

static void want_int(const struct seen *w, const char *name, bool test, int64_t a, int64_t b)
{
	const struct np_setting *s = setting(w, name, test);

	ck_assert_msg(s->type == NP_SET_INT, "%s is not a whole number", name);
	ck_assert_msg(s->v[0].i == a, "%s is %lld, want %lld", name, (long long)s->v[0].i,
		      (long long)a);
	if (s->n == 2)
		ck_assert_msg(s->v[1].i == b, "%s's second is %lld, want %lld", name,
			      (long long)s->v[1].i, (long long)b);
}

/* The settings walk reports what the rows store, once each, with the
 * letters and kinds of the rows; a test's own options come last. */
START_TEST(test_settings_walk)
{
	char *argv[] = { "netperf", "-l", "5", "-4", "-f", "M", "--flows", "2", "--local-cpus",
			 "0-2", "-t", "UDP_STREAM", "-B", "x", "-I", "95", "--", "-s", "1M,2M",
			 "-m", "64", "-e", "0.5", "-D", "--batch", "4", NULL };
	char *nsargv[] = { "netserver", "--max-sessions", "64", "-6", "--data-ports",
			   "50000-50099", "--no-host-facts", NULL };
	struct np_opts o;
	struct ns_opts so;
	struct seen w = { 0 };
	const struct np_setting *s;
	FILE *devnull = fopen("/dev/null", "w");

	ck_assert(devnull != NULL);
	ck_assert_int_eq(np_opts_parse(ARRAY_LEN(argv) - 1, argv, &o, devnull, devnull),
			 NP_OPTS_RUN);
	np_opts_each(&o, collect, &w);
	want_int(&w, "length", false, 5, 0);
	ck_assert_int_eq(setting(&w, "length", false)->letter, 'l');
	want_int(&w, "flows", false, 2, 0);
	ck_assert_int_eq(setting(&w, "flows", false)->letter, 0);
	want_int(&w, "family", false, AF_INET, 0);
	want_int(&w, "port", false, 12865, 0);
	want_int(&w, "local-align", false, 8, 8);
	want_int(&w, "iterations", false, 10, 3);
	want_int(&w, "local-sockbuf", true, 1 << 20, 2 << 20);
	want_int(&w, "remote-sockbuf", true, -1, -1);
	/* -m is pair-first: the remote size stays automatic. */
	want_int(&w, "send-size", true, 64, -1);
	want_int(&w, "batch", true, 4, 0);
	ck_assert(setting(&w, "batch", true)->own && !setting(&w, "send-size", true)->own);
	/* The test's own come last, in its descriptor's order. */
	ck_assert_str_eq(w.s[w.n - 3].name, "batch");
	ck_assert_str_eq(w.s[w.n - 1].name, "busy-poll");
	want_int(&w, "gso", true, 0, 0);
	s = setting(&w, "test", false);
	ck_assert(s->type == NP_SET_TEXT && strcmp(s->v[0].s, "UDP_STREAM") == 0);
	s = setting(&w, "brand", false);
	ck_assert(s->type == NP_SET_TEXT && strcmp(s->v[0].s, "x") == 0);
	ck_assert(setting(&w, "host", false)->v[0].s == NULL);
	s = setting(&w, "unit", false);
	ck_assert(s->type == NP_SET_CHAR && s->v[0].c == 'M');
	s = setting(&w, "confidence", false);
	ck_assert(s->type == NP_SET_DECIMAL && s->n == 2 && s->v[0].d == 95 && s->v[1].d == 95);
	s = setting(&w, "timeout", true);
	ck_assert(s->type == NP_SET_DECIMAL && s->v[0].d == 0.5 && s->letter == 'e');
	s = setting(&w, "nodelay", true);
	ck_assert(s->type == NP_SET_BOOL && s->v[0].b);
	ck_assert(!setting(&w, "cork", true)->v[0].b);
	s = setting(&w, "busy-poll", true);
	ck_assert(s->type == NP_SET_BOOL && !s->v[0].b);
	s = setting(&w, "local-cpus", false);
	ck_assert(s->type == NP_SET_CPUS && s->ncpus == 3 && s->cpus[2] == 2);
	/* -W is one setting, whether given before -- or after. */
	want_int(&w, "buffers", false, 0, 0);
	for (int k = 0; k < w.n; k++)
		ck_assert_msg(strcmp(w.s[k].name, "buffers") != 0 || !w.s[k].test,
			      "buffers walked as a test option");

	w.n = 0;
	ck_assert_int_eq(ns_opts_parse(ARRAY_LEN(nsargv) - 1, nsargv, &so, devnull, devnull),
			 NP_OPTS_RUN);
	ns_opts_each(&so, collect, &w);
	want_int(&w, "max-sessions", false, 64, 0);
	/* After the parse's rules: the prefix's share of 64. */
	want_int(&w, "max-per-prefix", false, 8, 0);
	want_int(&w, "family", false, AF_INET6, 0);
	want_int(&w, "data-ports", false, 50000, 50099);
	want_int(&w, "port", false, 12865, 0);
	want_int(&w, "max-spinning", false, -1, 0);
	want_int(&w, "max-unproven-per-net", false, 256, 0);
	want_int(&w, "passphrase-timeout", false, 5, 0);
	s = setting(&w, "conn-rate", false);
	ck_assert(s->type == NP_SET_DECIMAL && s->v[0].d == 16 && s->v[1].d == 8);
	ck_assert(setting(&w, "no-host-facts", false)->v[0].b);
	ck_assert(setting(&w, "user", false)->letter == 'u');
	fclose(devnull);
}
END_TEST

/* ---- --sweep's list (sweep_list.c) --------------------------------------- */

#define SWEEP_WANT 16

/* A --sweep text and the sizes it makes (n of them), or n -1 and what its
 * error says. */
struct sweep_case {
	const char *text;
	int n;
	int32_t size[SWEEP_WANT];
	const char *why;
};

static const struct sweep_case sweep_cases[] = {
	{ "64,128,1472", 3, { 64, 128, 1472 }, NULL },
	{ "16..100*4", 3, { 16, 64, 100 }, NULL },
	{ "64..1024", 5, { 64, 128, 256, 512, 1024 }, NULL },
	/* Linear: A, A+S, ... while below B, then B itself. */
	{ "64..1514+128", 13, { 64, 192, 320, 448, 576, 704, 832, 960, 1088, 1216, 1344, 1472,
				1514 }, NULL },
	/* A step that lands on B: B once. */
	{ "64..1472+128", 12, { 64, 192, 320, 448, 576, 704, 832, 960, 1088, 1216, 1344,
				1472 }, NULL },
	{ "64..1514+128,9000", 14, { 64, 192, 320, 448, 576, 704, 832, 960, 1088, 1216, 1344,
				     1472, 1514, 9000 }, NULL },
	{ "1K..4K+1K,64..1024*4", 7, { 1024, 2048, 3072, 4096, 64, 256, 1024 }, NULL },
	/* A step past B: A then B; A == B: one size; a step of 1. */
	{ "100..200+65507", 2, { 100, 200 }, NULL },
	{ "64..64+8", 1, { 64 }, NULL },
	{ "1..3+1", 3, { 1, 2, 3 }, NULL },
	{ "9000,1..1+1", 2, { 9000, 1 }, NULL },
	/* Errors. */
	{ "64..1514+0", -1, { 0 }, "+0: a range's step is a size from 1 to 65507 bytes" },
	{ "64..1514+", -1, { 0 }, "+: a range's step is a size from 1 to 65507 bytes" },
	{ "64..1514+abc", -1, { 0 }, "+abc: a range's step" },
	{ "64..1514+1.5", -1, { 0 }, "+1.5: a range's step" },
	{ "64..1514+65508", -1, { 0 }, "+65508: a range's step" },
	{ "64..1514++8", -1, { 0 }, "++8: a range's step" },
	{ "64..1514+128*2", -1, { 0 },
	  "64..1514+128*2: a range has a step (+S) or a factor (*F), not both" },
	{ "64,64..1514*2+128", -1, { 0 }, "64..1514*2+128: a range has a step" },
	{ "1514..64+128", -1, { 0 }, "1514..64+128 runs backwards" },
	{ "64..65508+128", -1, { 0 }, "65508 out of range (1..65507 bytes)" },
	{ "..1514+128", -1, { 0 }, "an empty size" },
	{ "64..1514*1", -1, { 0 }, "*1: a range's factor is a whole number from 2 to 1024" },
	/* The limit: 65 sizes by a step, or beside a list. */
	{ "1..65+1", -1, { 0 }, "more than 64 sizes" },
	{ "1..64+1", 64, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 }, NULL },
	{ "1000,1..64+1", -1, { 0 }, "more than 64 sizes" },
	{ "1..65507+1", -1, { 0 }, "more than 64 sizes" },
};

START_TEST(test_sweep_list)
{
	const struct sweep_case *c = &sweep_cases[_i];
	struct np_sweep_list l;
	char why[160] = "";
	const int rc = np_sweep_parse(c->text, NP_UDP_MAX, &l, why, sizeof(why));

	if (c->n < 0) {
		ck_assert_msg(rc == -1, "%s: parsed, want an error", c->text);
		ck_assert_msg(strstr(why, c->why) != NULL && !strchr(why, '\n'),
			      "%s: error \"%s\", want \"%s\"", c->text, why, c->why);
		return;
	}
	ck_assert_msg(rc == 0, "%s: %s", c->text, why);
	ck_assert_msg(l.n == c->n, "%s: %d sizes, want %d", c->text, l.n, c->n);
	for (int k = 0; k < c->n && k < SWEEP_WANT; k++)
		ck_assert_msg(l.size[k] == c->size[k], "%s: size %d is %ld, want %ld", c->text,
			      k + 1, (long)l.size[k], (long)c->size[k]);
	/* Past the sizes written out (1..64+1): each one more than the last. */
	for (int k = SWEEP_WANT; k < c->n; k++)
		ck_assert_msg(l.size[k] == l.size[k - 1] + 1, "%s: size %d", c->text, k + 1);
}
END_TEST

/* ---- the row engine (optwalk.c) ---------------------------------------- */

/* A table of its own: each row's reader writes what it was handed into
 * the struct, so the test sees the halves the engine split and where it
 * sent them. */
struct toy {
	int a, b;                /* "pair": pair-both, its own reader */
	int f1, f2;              /* "first": pair-first */
	int r1, r2;              /* "reset": a left-out half is -1 again */
	double need;             /* "need": -D's shape, the first half always read */
	unsigned halves;         /* what .then was told */
	int calls;
	char seen[2][16];        /* the texts the reader was handed, by half */
	const char *name;        /* "name": a half kept in buf */
	char buf[2][16];
};

#define TOY_AT2(f, g) OPT_AT2(struct toy, f, g)

static enum np_opts_status toy_read(const struct cur *c, const char *text, void *field)
{
	struct toy *t = c->base;

	ck_assert_ptr_eq(field, opt_field(c, c->half));
	snprintf(t->seen[c->half], sizeof(t->seen[0]), "%s", text);
	t->calls++;
	*(int *)field = atoi(text) * 10;   /* its own rule, not the kind's */
	return NP_OPTS_RUN;
}

static enum np_opts_status toy_then(const struct cur *c, unsigned halves)
{
	((struct toy *)c->base)->halves = halves;
	return NP_OPTS_RUN;
}

static enum np_opts_status toy_need(const struct cur *c, const char *text, void *field)
{
	if (!text[0])
		return opt_bad(c, "the first half is needed");
	*(double *)field = atof(text);
	return NP_OPTS_RUN;
}

static enum np_opts_status toy_name(const struct cur *c, const char *text, void *field)
{
	opt_keep(c, text, field);
	return NP_OPTS_RUN;
}

static const struct optrow toy_rows[] = {
	{ .name = "pair", .letter = 'p', .flags = OPT_PAIR, .kind = OPT_INT, TOY_AT2(a, b),
	  .read = toy_read, .then = toy_then, .metavar = "a,b" },
	{ .name = "first", .letter = 'f', .flags = OPT_FIRST, .kind = OPT_INT, TOY_AT2(f1, f2),
	  .min = 0, .max = 99, .then = toy_then, .metavar = "a,b" },
	{ .name = "reset", .letter = 'r', .flags = OPT_PAIR | OPT_RESET, .kind = OPT_INT,
	  TOY_AT2(r1, r2), .min = 0, .max = 99, .def = -1, .def2 = -1, .metavar = "a,b" },
	{ .name = "need", .letter = 'n', .flags = OPT_FIRST | OPT_NEED1, .kind = OPT_DECIMAL,
	  OPT_AT(struct toy, need), .read = toy_need, .read2 = opt_read_ignored, .metavar = "t,u" },
	{ .name = "name", .letter = 'N', .flags = OPT_PAIR | OPT_ONE, .kind = OPT_TEXT,
	  OPT_AT2(struct toy, name, name), OPT_BUF(struct toy, buf[0]), .read = toy_name,
	  .metavar = "n" },
	{ 0 },
};

struct toy_case {
	const char *argv[4];
	enum np_opts_status st;
	struct toy want;         /* the fields compared below */
};

static const struct toy_case toy_cases[] = {
	/* Pair-both: "X" is both halves, each to the row's reader. */
	{ { "toy", "-p", "3" }, NP_OPTS_RUN,
	  { .a = 30, .b = 30, .halves = 3, .calls = 2, .seen = { "3", "3" } } },
	{ { "toy", "-p", "3,4" }, NP_OPTS_RUN,
	  { .a = 30, .b = 40, .halves = 3, .calls = 2, .seen = { "3", "4" } } },
	{ { "toy", "-p", "3," }, NP_OPTS_RUN, { .a = 30, .halves = 1, .calls = 1, .seen = { "3" } } },
	{ { "toy", "-p", ",4" }, NP_OPTS_RUN,
	  { .b = 40, .halves = 2, .calls = 1, .seen = { "", "4" } } },
	{ { "toy", "-p", "," }, NP_OPTS_USAGE, { 0 } },
	/* Pair-first: "X" is the first alone; the kind's reader. */
	{ { "toy", "-f", "7" }, NP_OPTS_RUN, { .f1 = 7, .halves = 1 } },
	{ { "toy", "-f", ",8" }, NP_OPTS_RUN, { .f2 = 8, .halves = 2 } },
	{ { "toy", "-f", "7,100" }, NP_OPTS_USAGE, { 0 } },
	/* OPT_RESET: a half left out is its default again. */
	{ { "toy", "-r", "5," }, NP_OPTS_RUN, { .r1 = 5, .r2 = -1 } },
	{ { "toy", "-r", ",6" }, NP_OPTS_RUN, { .r1 = -1, .r2 = 6 } },
	/* OPT_NEED1: ",u" still reads the first half, empty. */
	{ { "toy", "-n", "2,whatever" }, NP_OPTS_RUN, { .need = 2 } },
	{ { "toy", "-n", ",whatever" }, NP_OPTS_USAGE, { 0 } },
};

START_TEST(test_row_readers)
{
	const struct toy_case *tc = &toy_cases[_i];
	const struct optrow *const tables[] = { toy_rows, NULL };
	struct toy t;
	struct opt_seen seen = { .n = 0 };
	FILE *devnull = fopen("/dev/null", "w");
	const struct optwalk w = { "toy", tables, false, false, false, &t, &seen, devnull,
				   devnull };
	char *argv[4];
	int i = 1, argc = 0;

	ck_assert(devnull != NULL);
	while (argc < 3 && tc->argv[argc]) {
		argv[argc] = (char *)tc->argv[argc];
		argc++;
	}
	opt_defaults(tables, &t, sizeof(t));
	ck_assert_int_eq(opt_walk(&w, argc, argv, &i), tc->st);
	fclose(devnull);
	ck_assert(opt_was_given(&seen, opt_find_letter(tables, tc->argv[1][1])));
	if (tc->st != NP_OPTS_RUN)
		return;
	if (tc->argv[1][1] == 'r') {
		ck_assert_int_eq(t.r1, tc->want.r1);
		ck_assert_int_eq(t.r2, tc->want.r2);
		return;
	}
	ck_assert_int_eq(t.a, tc->want.a);
	ck_assert_int_eq(t.b, tc->want.b);
	ck_assert_int_eq(t.f1, tc->want.f1);
	ck_assert_int_eq(t.f2, tc->want.f2);
	ck_assert(t.need == tc->want.need);
	ck_assert_uint_eq(t.halves, tc->want.halves);
	ck_assert_int_eq(t.calls, tc->want.calls);
	ck_assert_str_eq(t.seen[0], tc->want.seen[0]);
	ck_assert_str_eq(t.seen[1], tc->want.seen[1]);
}
END_TEST

/* A half kept in the row's buffer (a half of "a,b" is no string of
 * argv's), and OPT_ONE: walked as its first half alone. */
START_TEST(test_row_kept_half)
{
	const struct optrow *const tables[] = { toy_rows, NULL };
	char *argv[] = { "toy", "-N", "left,right", NULL };
	struct toy t;
	const struct optwalk w = { "toy", tables, false, false, false, &t, NULL, stdout, stderr };
	struct seen w2;
	int i = 1;

	opt_defaults(tables, &t, sizeof(t));
	ck_assert_int_eq(opt_walk(&w, 3, argv, &i), NP_OPTS_RUN);
	ck_assert_ptr_eq(t.name, t.buf[1]);   /* the last half read: "right" */
	ck_assert_str_eq(t.name, "right");
	ck_assert_str_eq(t.buf[0], "left");
	w2.n = 0;
	opt_each(tables, false, false, &t, collect, &w2);
	ck_assert_int_eq(setting(&w2, "name", false)->n, 1);
	ck_assert_int_eq(setting(&w2, "pair", false)->n, 2);
}
END_TEST

/* -J's settings come from the rows: the keys and how they show. */
START_TEST(test_settings_keys)
{
	char *argv[] = { "netperf", "-t", "TCP_RR", NULL };
	struct np_opts o;
	struct seen w = { 0 };
	const struct np_setting *s;
	int keys = 0;

	ck_assert_int_eq(np_opts_parse(3, argv, &o, stdout, stderr), NP_OPTS_RUN);
	np_opts_each(&o, collect, &w);
	for (int k = 0; k < w.n; k++)
		keys += (w.s[k].json[0] != NULL) + (w.s[k].json[1] != NULL) +
			(w.s[k].json[2] != NULL);
	ck_assert_int_ge(keys, 32);
	s = setting(&w, "port", false);
	ck_assert_str_eq(s->json[0], "control.port");
	ck_assert_str_eq(s->json[1], "control.local_port");
	ck_assert_int_eq(s->show, NP_SHOW_SET);
	s = setting(&w, "rr-size", true);
	ck_assert_str_eq(s->json[0], "request_size_bytes");
	ck_assert_int_eq(s->show, NP_SHOW_RR_SIZE);
	s = setting(&w, "length", false);
	ck_assert_str_eq(s->json[2], "length_transactions");
	ck_assert_int_eq(s->show, NP_SHOW_LENGTH);
	ck_assert_int_eq(setting(&w, "family", false)->show, NP_SHOW_FAMILY);
	ck_assert_ptr_null(setting(&w, "brand", false)->json[0]);
}
END_TEST

static Suite *opts_suite(void)
{
	Suite *s = suite_create("opts");
	TCase *tc;

	tc = tcase_create("netperf");
	tcase_add_loop_test(tc, test_netperf, 0, ARRAY_LEN(np_cases));
	tcase_add_test(tc, test_defaults_and_storage);
	tcase_add_test(tc, test_long_host);
	tcase_add_test(tc, test_reparse_resets);
	tcase_add_test(tc, test_cpu_lists);
	tcase_add_test(tc, test_registry_unique);
	tcase_add_test(tc, test_own_options);
	tcase_add_test(tc, test_settings_walk);
	tcase_add_test(tc, test_settings_keys);
	suite_add_tcase(s, tc);

	tc = tcase_create("rows");
	tcase_add_loop_test(tc, test_row_readers, 0, ARRAY_LEN(toy_cases));
	tcase_add_test(tc, test_row_kept_half);
	suite_add_tcase(s, tc);

	tc = tcase_create("sweep");
	tcase_add_loop_test(tc, test_sweep_list, 0, ARRAY_LEN(sweep_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("netserver");
	tcase_add_loop_test(tc, test_netserver, 0, ARRAY_LEN(ns_cases));
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(opts_suite());
	int failed;

	/* A fork per case costs more than the cases; CK_FORK=yes restores it. */
	if (getenv("CK_FORK") == NULL)
		srunner_set_fork_status(sr, CK_NOFORK);

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
