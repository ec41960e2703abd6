/*
 * report.h - everything netperf prints about a result: the banner, the
 * confidence warning, and each test's classic table in netperf 2.7.1's
 * exact layout (the printf formats of its nettest_bsd.c and nettest_omni.c;
 * tests/data/golden holds what 2.7.1 printed).  The classic tables' column
 * widths are here (sweep.c lays out its own table, a row per size).  It
 * never touches sockets: the client hands over a struct np_report, the
 * run's settings and its struct np_result (result.h), and nothing here
 * writes to either.
 */
#ifndef NP_REPORT_H
#define NP_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "result.h"
#include "test.h"

struct np_selection;

/*
 * What to print and how: the settings of the run (the plan's, the
 * command line's), then what it measured.  Everything here is read only.
 */
struct np_report {
	const struct np_test *test;
	char unit;             /* effective -f letter */
	int verbosity;         /* -v: 0 brief, 1 table, 2 table + extras */
	bool headers;          /* -P 1: banner and column titles */
	const char *brand;     /* -B, or NULL: shown only without headers */

	/* Banner: the data connection's two ends, as netperf names them. */
	const char *lname;     /* "0.0.0.0", "::0" or the -L text */
	const char *laddr;     /* numeric form */
	unsigned lport;        /* 0 unless -P set it */
	int lfamily;
	const char *rname;     /* the -H text */
	const char *raddr;
	unsigned rport;
	int rfamily;
	const char *title;     /* NULL = the test's (-t omni has its own) */
	bool no_control;       /* -N: " : no control" */
	bool nodelay;          /* test -D */
	bool cpu_bind;         /* -T */
	int burst;             /* -b: " : first burst N" (RR titles only) */
	int lcpu_bind, rcpu_bind; /* -T, -1 = not bound */

	/* Confidence asked for (what was reached is in res). */
	bool confidence;
	double conf_level;     /* percent */
	double conf_width;     /* total width, percent */
	bool conf_result_only;

	int req_size;          /* -r */
	int rsp_size;
	bool cpu;              /* -c or -C given: every table has its CPU variant */

	/* -- -o / -O / -k: the selected fields replace the classic tables
	 * (and the WARNING block); NULL prints the tables. */
	const struct np_selection *selection;
	/* What only the selectors show of the settings. */
	int lss_req, lsr_req;  /* -s as asked, -1 = system default */
	int rss_req, rsr_req;  /* -S likewise */
	int lprio;             /* SO_PRIORITY asked (-y), -1 = left alone */
	const char *lfill, *rfill;                   /* -F, NULL = none */
	int lalign[2], ralign[2], loffset[2], roffset[2];  /* -a -A -o -O */
	bool cork;             /* test -C */
	/* The test's own options (np_test.options) as given, defaults
	 * filled in; np_test_param() reads one by name. */
	int32_t params[NP_TEST_OPTIONS];
	const char *command_line;
	const char *uuid;      /* this run's, "" if none */
	const char *sysname, *release, *version, *machine;  /* local uname */
	/* What only -J shows (np_plan_settings). */
	const char *ctl_host;  /* the control connection's peer, as named */
	unsigned ctl_port;
	const char *ctl_lhost; /* -L, NULL = any */
	unsigned ctl_lport;    /* -p ,lport: 0 = any */
	int family;            /* -4/-6/-H ,fam: AF_UNSPEC = either */
	int64_t length;        /* -l: > 0 seconds, < 0 bytes or transactions */
	int iter_max, iter_min;
	double interim;        /* -D seconds, 0 = none */
	int flows;
	bool lcpu_asked, rcpu_asked, latency_asked;  /* -c, -C, -j */
	/* -- -m/-M as asked, 0 = automatic. */
	int lsend_req, lrecv_req, rsend_req, rrecv_req;
	int local_cpus;        /* CPUs here: -n, or counted */

	/* What the run measured. */
	struct np_result res;
};

/* The whole report for one test run, as -P/-v ask: the banner (begin),
 * which netperf prints before the test starts, then the rest (body). */
void np_report_print(FILE *out, const struct np_report *r);
void np_report_begin(FILE *out, const struct np_report *r);
void np_report_body(FILE *out, const struct np_report *r);

/*
 * --flows: the report body of n flows and their SUM (r->res, from
 * np_metrics_sum; flows[i] is flow i's result).  The test's own table,
 * its column titles once, a line (or line pair) per flow, then the SUM's
 * with the word SUM in its first field; -v 2's extra blocks follow for
 * the SUM.  -v 0 prints the SUM's figure alone.  -o/-O print the SUM's
 * row, then a row per flow; -k the SUM's keys, then each flow's as
 * FLOWn_KEY (n from 1).
 */
void np_report_flows_body(FILE *out, const struct np_report *r,
			  const struct np_result *flows, int n);

/* -D: one interim figure, the n-th (0 first), rate in r->unit over
 * seconds ending at the wall-clock time ending, in the output style. */
void np_report_interim(FILE *out, const struct np_report *r, int n, double rate,
		       double seconds, const struct timespec *ending);

/* -v 2's last block: a line on each side's interface (name, driver,
 * MTU, speed, offloads, queues) and one on its host (kernel, CPUs, CPU
 * model), after a blank line; "unknown" where nothing is known, such as
 * netserver 2.7.1's side. */
void np_report_host_facts(FILE *out, const struct np_report *r);

/* Pieces, also used by the test descriptors. */
void np_report_banner(FILE *out, const struct np_report *r);
void np_report_confidence_warning(FILE *out, const struct np_report *r);

void np_report_stream_table(FILE *out, const struct np_report *r);
void np_report_mss_table(FILE *out, const struct np_report *r);
void np_report_mss_brief(FILE *out, const struct np_report *r);
void np_report_stream_brief(FILE *out, const struct np_report *r);
void np_report_maerts_table(FILE *out, const struct np_report *r);
void np_report_udp_stream_table(FILE *out, const struct np_report *r);
void np_report_udp_stream_brief(FILE *out, const struct np_report *r);
void np_report_rr_table(FILE *out, const struct np_report *r);
void np_report_rr_brief(FILE *out, const struct np_report *r);
void np_report_crr_table(FILE *out, const struct np_report *r);
void np_report_crr_brief(FILE *out, const struct np_report *r);

#endif
