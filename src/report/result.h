/*
 * result.h - what one netperf run measured: the data phase's counters on
 * both sides, the sizes and socket facts in force, CPU, and the figures
 * derived from them (metrics.c).  The client's iterations and the control
 * exchange write it; the report and the selectors only read it, next to
 * the run's options and plan, which struct np_report points at.
 */
#ifndef NP_RESULT_H
#define NP_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "host/facts.h"
#include "host/others.h"
#include "host/placement.h"
#include "stats/hist.h"
#include "run/test.h"

/* One side's CPU breakdown, percent of the whole machine. */
struct np_result_cpu {
	double user, system, iowait, irq, swintr, peak_util;
	int peak_id;
	int count;             /* CPUs */
};

/* What netperf shows for a side it did not measure. */
#define NP_UNMEASURED_CPU ((struct np_result_cpu){ .peak_util = -1, .peak_id = -1 })

/* -i: iterations at most (netperf 2.7.1 runs 3..30). */
#define NP_ITERATIONS_MAX 30

/* One iteration's figures, as the tally keeps them (-J lists them). */
struct np_iteration {
	double elapsed;        /* seconds */
	double throughput;     /* the headline, in the report's unit */
	double bits_per_s;     /* the same bytes in bits/s, whatever -f says */
	double trans_per_s;    /* transactions/s (0: not a request/response test) */
	double lcpu, rcpu;     /* percent, -1 = not measured */
	/* Where each end's data loop ran, and whether they shared one CPU
	 * (np_placement_shared: 1, 0, -1 unknown). */
	struct np_placement local_at, remote_at;
	int shared;
	/* CPUs' worth that other processes took on netperf's and on
	 * netserver's host (np_others_cpus; on one host, the other end's
	 * own time is not counted), -1 unknown; and on netperf's, the
	 * busiest of them. */
	double lothers, rothers;
	char lothers_top[NP_OTHERS_COMM + 1];
	int lothers_top_pid;
	double lothers_top_cpus;   /* its CPUs' worth */
};

/* A figure over the iterations: its mean, its sample standard deviation
 * (n - 1; 0 for one iteration) and netperf's interval around the mean,
 * half-width in the figure's unit and in percent of the mean (both 0
 * without -i/-I or below two iterations; the percent INFINITY for a mean
 * of 0 that varies). */
struct np_spread {
	double mean, stddev, half, half_pct;
};

/* -D: one interim figure. */
struct np_interim {
	int iteration;         /* 1 first */
	double rate;           /* in the report's unit, as the classic line */
	double seconds;        /* the interval it covers */
	double ending;         /* wall clock at its end, seconds since 1970 */
};

/* A many-flows run (--flows on netserver-ng: client/many_run.c): how
 * its flows fared beside the SUM; present false otherwise. */
struct np_many_figures {
	bool present;
	int flows, threads;
	double setup_s;                /* every flow connected and proven */
	/* The flows' rates in the report's unit: spread and fairness. */
	double rate_min, rate_p10, rate_p50, rate_p90, rate_max, jain;
	uint64_t unproven;             /* netserver turned away, without the token */
	uint64_t timeouts;             /* UDP_RR requests sent again */
	/* TCP_CRR with -j: connect() times, microseconds. */
	bool conn;
	double conn_p50, conn_p90, conn_p99, conn_max;
};

struct np_result {
	/* Figures: means over iterations where netperf prints means. */
	double elapsed;        /* netperf's own seconds */
	double throughput;     /* the headline figure, in the report's unit */
	double local_tput;     /* UDP_STREAM: send rate (last iteration) */
	double remote_tput;    /* UDP_STREAM: receive rate (last iteration) */
	double trans_rate;     /* RR -v 2: transactions/s, the last iteration */
	double tput_out;       /* RR -v 2: 10^6bits/s each way, likewise */
	double tput_in;
	double transaction_rate; /* transactions/s whatever -f says */
	/* The headline in fixed units, whatever -f says: its bytes in bits/s
	 * (on request/response tests both ways, as netserver counted them),
	 * and transactions/s (0 on other tests); each iteration's, then the
	 * means over iterations (transaction_rate stays the last one's). */
	double bits_per_s, trans_per_s;
	double rt_latency;     /* microseconds per transaction */
	struct np_counters local;
	struct np_counters remote;
	/* Datagram streams (UDP_STREAM), the last iteration's: packets per
	 * second that left netperf's socket and that netserver read, and the
	 * share lost between, percent; -1 for other tests. */
	double send_pps, recv_pps, loss_pct;

	/* Sizes in force: socket buffers right after set-up and at the end,
	 * bytes per call, buffer ring widths. */
	int lss, lsr;
	int rss, rsr;
	int lss_end, lsr_end;
	int rss_end, rsr_end;
	int send_size;         /* local bytes per send / recv */
	int recv_size;
	int rsend_size;        /* remote bytes per send / recv */
	int rrecv_size;
	int lsend_width, lrecv_width, rsend_width, rrecv_width;

	/* The data connection as the kernels ran it. */
	int mss;               /* TCP; -1 unknown */
	bool rnodelay;         /* what netserver applied */
	int ltransport_retrans, rtransport_retrans;  /* TCP; -1 unknown */
	char lcong[17], rcong[17];                   /* "" unknown */
	int rprio;             /* SO_PRIORITY netserver set, -1 = left alone */
	int ltos, rtos;        /* IP_TOS / IPV6_TCLASS in force (-Y), -1 = left */
	unsigned sport, dport; /* the data connection's real ports */

	/* CPU (-c / -C): utilisation in percent of the whole machine,
	 * service demand in us/KB (us/Tr with 'x' units); -1 for a side not
	 * measured, whose method letter is then 'U'. */
	double lcpu, rcpu;     /* means over iterations */
	double lsd, rsd;
	char lcpu_method, rcpu_method;
	struct np_result_cpu lcpu_more, rcpu_more;

	/* Confidence achieved (-i/-I), and the iterations run. */
	bool conf_met;
	double conf_tput;      /* achieved full width, percent */
	double conf_lcpu;
	double conf_rcpu;
	int iterations;        /* run, with or without confidence */
	double conf_level_used; /* -1 without confidence */
	/* Each iteration's figures (iterations of them), the spread of the
	 * headline and of both CPU figures over them, and Student's t the
	 * intervals used (0 without -i/-I or below two iterations). */
	struct np_iteration iter[NP_ITERATIONS_MAX];
	struct np_spread tput_spread, lcpu_spread, rcpu_spread;
	double conf_t;

	/* What the data ran over on each end: the interface, its driver and
	 * offloads, the kernel and CPU (facts.h).  remote_host is known only
	 * when netserver-ng said (never from netserver 2.7.1, nor with -N). */
	struct np_host_facts local_host, remote_host;

	/* Where the data loops ran (the last iteration's; with --flows flow
	 * 1's), the hosts' boot ids, and whether the two loops shared one
	 * CPU (1, 0, -1 unknown); each iteration's are in iter[]. */
	struct np_placement local_at, remote_at;
	struct np_boot_id local_boot, remote_boot;
	int shared_cpu;
	/* The CPU time other processes took on each host over the data
	 * phase, and each end's own (others.h); remote_others from
	 * netserver-ng only. */
	struct np_others local_others, remote_others;

	/* -j (or a latency field): round-trip times in microseconds, and
	 * the histogram they come from (nanoseconds; NULL = not kept). */
	bool latency;
	int lat_min, lat_max, lat_p50, lat_p90, lat_p99, lat_p999, lat_p9999;
	double lat_mean, lat_stddev;
	const struct np_hist *hist;

	/* -D under -J: the interim figures in order (NULL = none kept), and
	 * how many did not fit. */
	const struct np_interim *interim;
	int ninterim;
	uint64_t interim_dropped;

	struct np_many_figures many;
};

#endif
