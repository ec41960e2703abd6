/*
 * cpu.h - CPU utilisation from /proc/stat deltas over a measured window.
 *
 * Parsing is pure (tested from sample text); only np_cpu_read touches the
 * file system.  Where /proc/stat is missing, np_cpu_read fails and callers
 * report the figures as unmeasured.
 */
#ifndef NP_CPU_H
#define NP_CPU_H

#include <stdint.h>

#define NP_CPU_MAX 512

/* netperf's CPU method code for /proc/stat, and its letter. */
#define NP_CPU_METHOD_PROCSTAT 8
#define NP_CPU_METHOD_LETTER 'S'

struct np_cpu_times {
	uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
};

struct np_cpu_snapshot {
	int ncpus;                               /* per-CPU lines found */
	struct np_cpu_times all;                 /* the "cpu " line */
	struct np_cpu_times cpu[NP_CPU_MAX];     /* "cpuN" lines, by N */
};

struct np_cpu_util {
	float util;     /* % of the whole machine busy: 100 * (1 - idle/total), as netperf */
	float user;     /* user % (nice is not in it, as in netperf) */
	float system;
	float iowait;
	float irq;
	float softirq;
	int peak_id;    /* busiest single CPU */
	float peak_util;
};

/* Parse /proc/stat text; 0 on success, -1 when no "cpu " line is found or
 * a line is malformed.  CPUs numbered >= NP_CPU_MAX are ignored. */
int np_cpu_parse(const char *text, struct np_cpu_snapshot *s);
/* Read and parse /proc/stat; -1 (errno set) when unavailable. */
int np_cpu_read(struct np_cpu_snapshot *s);
/* Utilisation between two snapshots (b taken after a).  All zero when no
 * time passed. */
void np_cpu_compute(const struct np_cpu_snapshot *a,
		    const struct np_cpu_snapshot *b, struct np_cpu_util *u);
/* Online CPUs, at least 1. */
int np_cpu_count(void);
/* Run this process on CPU n only (-T); -1 with errno where it cannot be
 * done (ENOSYS without sched_setaffinity). */
int np_cpu_bind(int n);

#endif
