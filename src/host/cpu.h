/*
 * cpu.h - CPU utilisation from the kernel's tick counters, before and
 * after a measured window, and pinning a process to a CPU (-T).
 *
 * A facility with backends (DEVELOPERS.md, "Other systems"): configure
 * picks the file that reads the counters, cpu_procstat.c (Linux's
 * /proc/stat), cpu_sysctl.c (FreeBSD's kern.cp_times), cpu_mach.c
 * (macOS's host_processor_info) or cpu_none.c, and the one that pins,
 * cpubind_affinity.c (sched_setaffinity) or cpubind_none.c.  Each
 * system's form is turned into a snapshot by a pure function of
 * cpu_forms.c, built everywhere and tested on Linux; the arithmetic
 * (cpu.c) is the same for all.  Where nothing can be read, np_cpu_read
 * fails and callers report the figures as unmeasured.
 */
#ifndef NP_CPU_H
#define NP_CPU_H

#include <stddef.h>
#include <stdint.h>

#define NP_CPU_MAX 512

/* netperf's CPU method codes (its netlib.h) that netperf-ng uses; the
 * results carry the code, the reports its letter (np_cpu_method_letter). */
#define NP_CPU_METHOD_UNKNOWN 0     /* 'U' */
#define NP_CPU_METHOD_PROCSTAT 8    /* 'S': /proc/stat */
#define NP_CPU_METHOD_SYSCTL 9      /* 'C': kern.cp_time(s) */
#define NP_CPU_METHOD_OSX 12        /* 'O': Mach's tick counters */

/* The counters a form may lack (np_cpu_snapshot's has). */
#define NP_CPU_HAS_IOWAIT 1u
#define NP_CPU_HAS_IRQ 2u
#define NP_CPU_HAS_SOFTIRQ 4u
#define NP_CPU_HAS_STEAL 8u
#define NP_CPU_HAS_ALL 15u

/* A figure the counters do not give (np_cpu_util): netperf's -1. */
#define NP_CPU_UNKNOWN (-1.0f)

struct np_cpu_times {
	uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
};

struct np_cpu_snapshot {
	int ncpus;                               /* per-CPU counters found */
	unsigned has;                            /* NP_CPU_HAS_*; 0 where absent */
	unsigned bits;                           /* counters' width: they wrap
						  * past it (0: 64, no wrap) */
	struct np_cpu_times all;                 /* the whole machine */
	struct np_cpu_times cpu[NP_CPU_MAX];     /* by CPU number */
};

struct np_cpu_util {
	float util;     /* % of the whole machine busy: 100 * (1 - idle/total), as netperf */
	float user;     /* user % (nice is not in it, as in netperf) */
	float system;
	float iowait;   /* these three NP_CPU_UNKNOWN where the form lacks them */
	float irq;
	float softirq;
	int peak_id;    /* busiest single CPU */
	float peak_util;
};

/* ---- Reading (the backend configure chose) ---- */

/* This system's counters into s; -1 (errno set: ENOSYS where this build
 * reads none) when unavailable. */
int np_cpu_read(struct np_cpu_snapshot *s);
/* netperf's code for how np_cpu_read measures (NP_CPU_METHOD_*). */
uint32_t np_cpu_method(void);
/* What np_cpu_read reads, or why it reads nothing, for messages. */
const char *np_cpu_source(void);

/* Run this process (its calling thread) on CPU n only (-T); -1 with
 * errno where it cannot be done: ENOTSUP where the system cannot pin. */
int np_cpu_bind(int n);
/* Why np_cpu_bind failed with err, in a few words. */
const char *np_cpu_bind_why(int err);

/* ---- The systems' forms (cpu_forms.c: pure, tested anywhere) ---- */

/* Linux's /proc/stat text: 0 on success, -1 when no "cpu " line is
 * found or a line is malformed.  CPUs numbered >= NP_CPU_MAX are
 * ignored.  Columns a kernel does not print are left out of has. */
int np_cpu_parse(const char *text, struct np_cpu_snapshot *s);

/* FreeBSD's kern.cp_times: n longs, CPUSTATES (5) for each CPU from 0,
 * in <sys/resource.h>'s order.  A CPU that is absent reads all zero. */
#define NP_CP_USER 0
#define NP_CP_NICE 1
#define NP_CP_SYS 2
#define NP_CP_INTR 3
#define NP_CP_IDLE 4
#define NP_CPUSTATES 5
/* 0, or -1 when n is not a positive multiple of NP_CPUSTATES.  The
 * whole machine is the sum of every CPU, beyond NP_CPU_MAX too. */
int np_cpu_from_cp_times(const long *v, size_t n, struct np_cpu_snapshot *s);

/* macOS's host_processor_info(PROCESSOR_CPU_LOAD_INFO): for each CPU a
 * processor_cpu_load_info, cpu_ticks[CPU_STATE_MAX] of natural_t in
 * <mach/machine.h>'s order; n counts the 32-bit words, as the call's
 * processor_infoCnt does. */
#define NP_MACH_USER 0
#define NP_MACH_SYSTEM 1
#define NP_MACH_IDLE 2
#define NP_MACH_NICE 3
#define NP_MACH_STATES 4
/* 0, or -1 when n is not a positive multiple of NP_MACH_STATES. */
int np_cpu_from_mach_ticks(const uint32_t *v, size_t n, struct np_cpu_snapshot *s);

/* ---- The same everywhere (cpu.c) ---- */

/* Utilisation between two snapshots (b taken after a).  All zero when no
 * time passed, but for the figures a's form lacks: NP_CPU_UNKNOWN. */
void np_cpu_compute(const struct np_cpu_snapshot *a,
		    const struct np_cpu_snapshot *b, struct np_cpu_util *u);
/* Online CPUs, at least 1. */
int np_cpu_count(void);
/* netperf's letter for a method code ('?' for one it does not know). */
char np_cpu_method_letter(uint32_t method);
/* NP_CPU_HAS_*: what a method's counters can tell, by the letter a
 * result keeps (a method netperf-ng does not know: all, as sent). */
unsigned np_cpu_letter_has(char letter);

#endif
