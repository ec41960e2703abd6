/*
 * opts.h - the command lines of netperf and netserver.
 *
 * Each option is one row (src/cli/optrow.h): its names, how its value is
 * read (its kind's reader or its own), where it is stored, its range,
 * default, help and its keys in -J's settings.  Parsing, the range
 * checks, the defaults, the -h text and the settings walk below come
 * from the rows.  netperf 2.7's two comma-pair rules are kept (break_args and
 * break_args_explicit in its netsh.c): "pair-both" options (-s -S -r -P
 * after --) set both values from "X"; "pair-first" ones (-H -L -p, and
 * -m -M after --) set only the first.  Unlike netperf 2.7, every value is
 * checked: garbage, overflow, out-of-range numbers and stray words are
 * usage errors (exit 2) before anything connects.
 */
#ifndef NP_OPTS_H
#define NP_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/selection.h"
#include "cli/sweep_list.h"
#include "run/test.h"

enum np_opts_status {
	NP_OPTS_RUN = 0,     /* go ahead */
	NP_OPTS_DONE = 1,    /* -h or -V printed: exit 0 */
	NP_OPTS_USAGE = 2,   /* bad command line, one line printed: exit 2 */
};

/* --flows at most; CPUs in a --local-cpus/--remote-cpus list at most. */
#define NP_MAX_FLOWS 256
/* --flows on netserver-ng's many-flows runs (wire/many.h's). */
#define NP_MAX_MANY_FLOWS 100000
#define NP_MAX_CPU_LIST 1024
#define NP_MAX_CPU_ID 65535

struct np_opts {
	int argc;                    /* the command line, for COMMAND_LINE */
	char **argv;
	/* Global options. */
	const struct np_test *test;  /* -t, default TCP_STREAM */
	const char *host;            /* -H; NULL = localhost (::1 with -6) */
	const char *local_host;      /* -L; NULL = any */
	int family;                  /* AF_*: -4/-6/-H ,fam/-L ,fam, last wins */
	uint16_t port;               /* -p, default 12865 */
	uint16_t local_port;         /* -p ,lport; 0 = any */
	int64_t length;              /* -l: >0 seconds, <0 bytes/transactions */
	bool headers;                /* -P 1 */
	int verbosity;               /* -v 0..2 */
	char unit;                   /* -f; 0 = the test's default */
	const char *brand;           /* -B: a tag after the figure with -P 0 */
	const char *passphrase;      /* -Z: sent first, for a netserver -Z */
	int iter_max;                /* -i: 1 without confidence */
	int iter_min;
	double conf_level;           /* -I: 95 or 99 */
	double conf_width;           /* -I: total interval width, percent */
	bool confidence;             /* -i or -I given */
	bool result_only;            /* -r: confidence on throughput alone */
	bool local_cpu;              /* -c: measure CPU here */
	bool remote_cpu;             /* -C: have netserver measure it */
	bool latency;                /* -j: keep round-trip time statistics */
	double interim;              /* -D: seconds between interim figures, 0 = none */
	int lcpu_bind, rcpu_bind;    /* -T: CPUs to run on, -1 = any */
	int debug;                   /* -d, once per -d: lines on stderr */
	int ncpus;                   /* -n: CPUs for utilisation, 0 = count them */
	bool no_control;             /* -N: no netserver, the send side only */
	int wait_s;                  /* -s: seconds between set-up and start */
	bool keepalive;              /* -S: SO_KEEPALIVE on both data sockets */
	int lalign[2], ralign[2];    /* -a/-A send,recv buffer alignment */
	int loffset[2], roffset[2];  /* -o/-O send,recv offsets from it */
	int lwidth[2];               /* -W send,recv buffers, 0 = computed */
	int lprio, rprio;            /* -y: SO_PRIORITY, -1 = leave */
	int ltos, rtos;              /* -Y: IP_TOS / IPV6_TCLASS, -1 = leave */
	const char *lfill;           /* -F: send buffers come from this file */
	const char *rfill;           /* -F ,R: netserver-ng never opens it */
	/* netperf-ng's own (long options only). */
	int flows;                   /* --flows: parallel flows, 1 = classic */
	int threads;                 /* --threads: event loops, 0 = the CPUs */
	int num_ports;               /* --num-ports: netserver's per thread, 0 = by N */
	bool per_flow;               /* --per-flow: every flow in the report */
	bool rst_close;              /* --rst-close: TCP_CRR's close is a reset */
	int nlcpus, nrcpus;          /* --local-cpus/--remote-cpus: flow i runs */
	int lcpus[NP_MAX_CPU_LIST];  /* on list[i % n] */
	int rcpus[NP_MAX_CPU_LIST];
	bool json;                   /* -J/--json: one JSON object, no classic output */
	int progress;                /* --progress 1, --no-progress -1; 0: on a terminal */
	const char *sweep_text;      /* -- --sweep as given, NULL = none */
	struct np_sweep_list sweep;  /* its sizes for the test run (n 0: none) */

	/* Test-specific options (after --). */
	int32_t send_size;           /* -m L: 0 = automatic */
	int32_t rsend_size;          /* -m ,R: -1 = automatic */
	int32_t rrecv_size;          /* -M R: -1 = automatic */
	int32_t recv_size;           /* -M ,L: 0 = automatic */
	int32_t lsndbuf, lrcvbuf;    /* -s: -1 = system default */
	int32_t rsndbuf, rrcvbuf;    /* -S */
	int32_t req_size, rsp_size;  /* -r, default 1,1 */
	uint16_t data_lport;         /* -P L */
	uint16_t data_rport;         /* -P ,R */
	bool nodelay;                /* -D */
	int burst;                   /* -b: RR requests kept in flight beyond one */
	const char *lcong, *rcong;   /* -K: TCP congestion control, NULL = default */
	const char *data_host;       /* -H: NULL = the control host */
	const char *data_local;      /* -L: NULL = any */
	bool cork;                   /* -C: TCP_CORK on our data socket */
	bool mtu_do;                 /* -f: IP_PMTUDISC_DO, both ends */
	bool fastopen;               /* -F: TCP Fast Open, both ends */
	bool defer_accept;           /* -a: TCP_DEFER_ACCEPT on netserver's listener */
	int routing;                 /* -R 0|1, -1 = the test's default */
	double rr_timeout;           /* -e: seconds a request may wait for its
				      * response, 0 = no limit */
	int64_t max_pacing;          /* -q: SO_MAX_PACING_RATE bytes/s, 0 = none */
	int maxseg;                  /* -G: TCP_MAXSEG, 0 = leave */
	uint16_t crr_port_min;       /* -p min,max: TCP_CRR's local ports */
	uint16_t crr_port_max;
	/* The test's own options (np_test.options: -- --name VALUE), in
	 * their order: its defaults once the test is known, then what the
	 * command line says; 0 past them.  Each fits int32_t. */
	int32_t test_params[NP_TEST_OPTIONS];
	const char *uuid;            /* -u: this test's UUID, NULL = a random one */
	int sock_type_over;          /* -t, or -T's: socket type, 0 = the test's
				      * (the last of them wins, as in 2.7.1) */
	int protocol_over;           /* -T: protocol, 0 = the test's */
	/* -t omni's direction in netperf 2.7.1's own bits (NP_OMNI_XMIT:
	 * netperf sends, NP_OMNI_RECV: it receives): -d sets it, and until
	 * a -d, -m, -M and -r add to it; 0 at the end is a send test, or
	 * with -c a connect-only one.  Other tests ignore it. */
	uint32_t omni_dir;
	bool omni_dir_given;         /* -d */
	bool connect_test;           /* -c: a new connection per transaction */
	bool omni;                   /* -t omni: its banner and -O output */
	char uuid_buf[37];
	int data_family;             /* -4/-6/-H ,fam/-L ,fam; AF_UNSPEC = inherit */
	/* -o, -O or -k as given (or -t omni's default columns); the
	 * selectors parse them (np_sel_choose) into selection. */
	bool selecting;
	enum np_sel_style sel_style;
	const char *sel_value;       /* NULL: the style's default list */
	struct np_selection selection;
	/* Storage for the host texts split off their ",family". */
	char host_buf[4][256];
	char cong_buf[2][16];
	char fill_buf[2][256];
};

/* Parse netperf's argv into o.  Help and version go to out; a usage error
 * is one line on err, "netperf: -l abc: not a number". */
enum np_opts_status np_opts_parse(int argc, char **argv, struct np_opts *o,
				  FILE *out, FILE *err);

/* netserver's defaults for its limits (netserver(8)). */
#define NS_DEFAULT_MAX_SESSIONS 512
#define NS_MAX_SESSIONS_CAP 4096
#define NS_DEFAULT_CONN_RATE 16.0       /* per second and prefix */
/* The burst's default is --max-per-prefix: a client may open all the
 * sessions it may hold at once (netperf --flows). */
#define NS_DEFAULT_AUTH_FAILURES 10.0   /* per minute and prefix */
#define NS_DEFAULT_MAX_TEST_S 3600
#define NS_DEFAULT_MAX_MEMORY ((uint64_t)128 << 20)
#define NS_DEFAULT_MAX_FLOWS 100000
#define NS_DEFAULT_MAX_FLOWS_NET 200000
#define NS_DEFAULT_CONTROL_TIMEOUT_S 30
#define NS_DEFAULT_LOG_RATE 5.0         /* lines per second */
/* -Z: connections still proving their passphrase (unproven.h), a pool
 * of their own outside --max-sessions; an honest netperf sends its
 * passphrase at once, so seconds are plenty. */
#define NS_DEFAULT_MAX_UNPROVEN 1024
#define NS_MAX_UNPROVEN_CAP 4096
#define NS_DEFAULT_PASSPHRASE_TIMEOUT_S 5

struct ns_opts {
	uint16_t port;               /* -p; 0 = any free port, printed */
	const char *listen_host;     /* -L name; NULL = wildcard */
	int family;                  /* -L ,fam / -4 / -6; AF_UNSPEC = both */
	bool foreground;             /* -D */
	int verbosity;               /* -v 0..2 */
	const char *passphrase;      /* -Z: the first message must carry it */
	const char *user;            /* -u: NULL = nobody when root */
	int max_sessions;            /* --max-sessions */
	int max_per_prefix;          /* --max-per-prefix, default an eighth */
	int max_per_site;            /* --max-per-site (IPv6 /56), three sixteenths */
	int max_per_net;             /* --max-per-net (/48, /24), a quarter */
	/* -Z: connections not yet past the passphrase, in all and nested
	 * as the sessions are (the same shares of --max-unproven). */
	int max_unproven;            /* --max-unproven */
	int max_unproven_per_prefix; /* --max-unproven-per-prefix */
	int max_unproven_per_site;   /* --max-unproven-per-site */
	int max_unproven_per_net;    /* --max-unproven-per-net */
	int passphrase_timeout_s;    /* --passphrase-timeout, from the accept */
	double conn_rate;            /* --conn-rate, per second and prefix; 0 = any */
	double conn_burst;           /* 0 = --max-per-prefix */
	double auth_failures;        /* --max-auth-failures, per minute and prefix */
	int max_test_s;              /* --max-test-time */
	uint64_t max_memory;         /* --max-session-memory */
	int max_flows;               /* --max-flows: one session's many-flows run */
	int max_flows_prefix;        /* --max-flows-per-prefix: all from a /32, /64 */
	int max_flows_net;           /* --max-flows-per-net: all from a /24, /48 */
	uint64_t max_total_memory;   /* --max-memory; 0 = from net.ipv4.tcp_mem */
	int max_spinning;            /* --max-spinning; -1 = half the CPUs */
	bool no_host_facts;          /* --no-host-facts */
	int control_timeout_s;       /* --control-timeout */
	double log_rate;             /* --log-rate, lines per second; 0 = all */
	uint16_t data_port_min;      /* --data-ports; 0 = any */
	uint16_t data_port_max;
	bool data_peer_declared;     /* --data-peer declared */
	/* --refuse-option: test options (by name, comma-separated) whose
	 * use refuses the test; NULL = none refused. */
	const char *refuse_options;
	char refuse_buf[256];
	/* --allow-option: costly test options served (NULL = none). */
	const char *allow_options;
	char allow_buf[256];
	char host_buf[256];
};

enum np_opts_status ns_opts_parse(int argc, char **argv, struct ns_opts *o,
				  FILE *out, FILE *err);

/*
 * The settings, as the rows store them: what the command line asked (or
 * the default), one call of fn per setting, in -h's order (netperf: the
 * global options, then the test options, then the test's own).  A
 * setting is named as its row is: its --name where it has one
 * ("flows", "max-sessions", "sweep", a test's "batch"), else a name in
 * the same style ("length", "send-size", "local-sockbuf"), never one
 * the command line takes; letter is its letter (0: none); own marks
 * the test's own options (np_test.options: "batch", "busy-poll").  A pair
 * ("-s send,recv") has n 2, both halves in v[].  The value is the
 * field's own, before any later rule (plan.c's sizes, netserver's
 * shares of --max-sessions are filled in by the parse): json.c's
 * "settings" is made from it: json[k] is v[k]'s key there (NULL: none),
 * shown as show says.  range[k] is what a given v[k] can be, where the
 * row's range says it (the kind's reader reads it); an own reader's
 * range is its own (known false).  Options that store nothing (-h,
 * netperf 2.7.1's ignored ones) are not walked.
 */
enum np_setting_type {
	NP_SET_BOOL,        /* v[k].b */
	NP_SET_INT,         /* v[k].i */
	NP_SET_DECIMAL,     /* v[k].d */
	NP_SET_CHAR,        /* v[k].c, 0 = unset (-f: the test's unit) */
	NP_SET_TEXT,        /* v[k].s, NULL = unset */
	NP_SET_CPUS,        /* cpus[0..ncpus) */
};

/* How a setting shows in -J's settings (src/report/json.c). */
enum np_show {
	NP_SHOW_AS_IS,       /* its value (a NULL text: null) */
	NP_SHOW_SET,         /* null when <= 0: not set, the automatic choice */
	NP_SHOW_KNOWN,       /* null when < 0: the system's (-s -1) */
	NP_SHOW_RR,          /* null but for a request/response test */
	NP_SHOW_RR_SIZE,     /* the same, and null with --sweep, which sets it */
	NP_SHOW_CONFIDENCE,  /* null without -i or -I */
	NP_SHOW_FAMILY,      /* an AF_ constant by its name, "AF_INET" */
	NP_SHOW_LENGTH,      /* -l: json[0] seconds, json[1] bytes (a stream
			      * test), json[2] transactions; null where not so */
};

/* What a value given on the command line can be (the default aside). */
struct np_setting_range {
	bool known;
	double min, max;
};

union np_setting_value {
	bool b;
	int64_t i;
	double d;
	char c;
	const char *s;
};

struct np_setting {
	const char *name;
	char letter;
	bool test;                   /* a test option (after --) */
	bool own;                    /* one of the test's own (np_test.options) */
	enum np_setting_type type;
	int n;                       /* values in v: 1, or 2 for a pair */
	union np_setting_value v[2];
	const int *cpus;             /* NP_SET_CPUS */
	int ncpus;
	const char *json[3];         /* its keys in -J's settings, NULL = none */
	enum np_show show;
	struct np_setting_range range[2];
};

typedef void (*np_setting_fn)(void *ctx, const struct np_setting *s);

void np_opts_each(const struct np_opts *o, np_setting_fn fn, void *ctx);
void ns_opts_each(const struct ns_opts *o, np_setting_fn fn, void *ctx);

#endif
