/*
 * report.h - everything netperf prints about a result: the banner, the
 * confidence warning, and each test's classic table in netperf 2.7.1's
 * exact layout (formats.md).  Only this module knows column widths.  It
 * never touches sockets: the client fills a struct np_report and hands it
 * over.
 */
#ifndef NP_REPORT_H
#define NP_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "test.h"

struct np_selection;

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

	/* Confidence: requested, and what was achieved. */
	bool confidence;
	double conf_level;     /* 95 or 99 */
	double conf_width;     /* total width, percent */
	bool conf_result_only;
	bool conf_met;
	double conf_tput;      /* achieved full width, percent */
	double conf_lcpu;
	double conf_rcpu;

	/* Figures: means over iterations where netperf prints means. */
	double elapsed;        /* netperf's own seconds */
	double throughput;     /* the headline figure, in unit */
	double local_tput;     /* UDP_STREAM: send rate (last iteration) */
	double remote_tput;    /* UDP_STREAM: receive rate (last iteration) */
	double trans_rate;     /* RR -v 2: transactions/s, the last iteration */
	double tput_out;       /* RR -v 2: 10^6bits/s each way, likewise */
	double tput_in;
	int lss, lsr;          /* socket sizes right after set-up */
	int rss, rsr;
	int send_size;         /* local bytes per send / recv */
	int recv_size;
	int rsend_size;        /* remote bytes per send / recv */
	int rrecv_size;
	int req_size;
	int rsp_size;
	struct np_counters local;
	struct np_counters remote;
	int mss;               /* -v 2, TCP; -1 unknown */

	/* CPU (-c / -C): with either, every table has its CPU variant.
	 * Utilisation in percent of the whole machine, service demand in
	 * us/KB (us/Tr with 'x' units); -1 for a side not measured, whose
	 * method letter is then 'U'. */
	bool cpu;              /* -c or -C given */
	double lcpu, rcpu;     /* means over iterations */
	double lsd, rsd;
	char lcpu_method, rcpu_method;

	/* -- -o / -O / -k: the selected fields replace the classic tables
	 * (and the WARNING block); NULL prints the tables. */
	const struct np_selection *selection;
	/* What only the selectors show; the last iteration's unless noted. */
	int lss_req, lsr_req;  /* -s as asked, -1 = system default */
	int rss_req, rsr_req;  /* -S likewise */
	int lss_end, lsr_end;  /* socket sizes at the end of the test */
	int rss_end, rsr_end;
	int lsend_width, lrecv_width, rsend_width, rrecv_width;
	bool rnodelay;         /* what netserver applied */
	int ltransport_retrans, rtransport_retrans;  /* TCP; -1 unknown */
	char lcong[17], rcong[17];                   /* "" unknown */
	int lprio, rprio;      /* SO_PRIORITY asked (-y), -1 = left alone */
	int ltos, rtos;        /* IP_TOS / IPV6_TCLASS in force (-Y), -1 = left */
	const char *lfill, *rfill;                   /* -F, NULL = none */
	int lalign[2], ralign[2], loffset[2], roffset[2];  /* -a -A -o -O */
	bool cork;             /* test -C */
	int iterations;        /* run, with or without confidence */
	double conf_level_used; /* -1 without confidence */
	struct np_report_cpu {
		double user, system, iowait, irq, swintr, peak_util;
		int peak_id;
		int count;     /* CPUs */
	} lcpu_more, rcpu_more;
	double transaction_rate; /* transactions/s whatever -f says */
	double rt_latency;     /* microseconds per transaction */
	const char *command_line;
	const char *uuid;      /* this run's, "" if none */
	const char *sysname, *release, *version, *machine;  /* local uname */
	unsigned sport, dport; /* the data connection's real ports */
	/* -j (or a latency field): round-trip times in microseconds. */
	bool latency;
	int lat_min, lat_max, lat_p50, lat_p90, lat_p99;
	double lat_mean, lat_stddev;
};

/* The whole report for one test run, as -P/-v ask: the banner (begin),
 * which netperf prints before the test starts, then the rest (body). */
void np_report_print(FILE *out, const struct np_report *r);
void np_report_begin(FILE *out, const struct np_report *r);
void np_report_body(FILE *out, const struct np_report *r);

/*
 * --flows: the report body of n flows and their SUM (sum, from
 * np_metrics_sum).  The test's own table, its column titles once, a line
 * (or line pair) per flow, then the SUM's with the word SUM in its first
 * field; -v 2's extra blocks follow for the SUM.  -v 0 prints the SUM's
 * figure alone.  -o/-O print the SUM's row, then a row per flow; -k the
 * SUM's keys, then each flow's as FLOWn_KEY (n from 1).
 */
void np_report_flows_body(FILE *out, const struct np_report *sum,
			  const struct np_report *flows, int n);

/* -D: one interim figure, the n-th (0 first), rate in r->unit over
 * seconds ending at the wall-clock time ending, in the output style. */
void np_report_interim(FILE *out, const struct np_report *r, int n, double rate,
		       double seconds, const struct timespec *ending);

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
