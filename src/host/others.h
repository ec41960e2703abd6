/*
 * others.h - the CPU time other processes took on this host while a data
 * loop ran: an iteration that shared its host with a busy process
 * measures that process too, and the report should say so (the WARNING
 * block's line: netperf(1), "Why the figures vary").
 *
 * "Other" is every user-space process but this one, by its user and
 * system time, read right before the data phase and right after it.
 * Kernel threads are left out: the test's own traffic keeps some of them
 * busy (ksoftirqd, the NIC's workers).  Nor is this taken from the
 * host's busy time less the test's own: a process's CPU time includes
 * the softirq work done in its context, which /proc/stat counts as
 * softirq, so that difference is not "another process" but the kernel's
 * bookkeeping.
 *
 * A process that ends during the phase takes its counters with it, but
 * when its parent waits for it the kernel adds its whole CPU time (its
 * own and its reaped children's) to the parent's children's time.  So
 * the figure is the sum, over processes seen at both reads, of the
 * growth of their time and their children's; plus the whole of those
 * started since the first read; less what the processes that were there
 * at the first read and are gone at the second had taken by then (their
 * whole lifetime lands in a parent's children's time, and only the
 * phase's part of it is wanted).  That is exact when every process that
 * ended was waited for by one that is still there; what remains
 * invisible is in others.c (np_others_account) and netperf(1).
 *
 * The accounting is one piece on every system (others.c), over records
 * of one form (struct np_proc_rec); a backend only reads them
 * (others_sys.h): /proc/PID/stat on Linux (others_proc.c), sysctl
 * kern.proc.proc on FreeBSD (others_kinfo.c), proc_pidinfo and
 * proc_pid_rusage on macOS (others_libproc.c), none elsewhere
 * (others_none.c: unknown, with its reason).  Each system's form becomes
 * a record by a pure function (others_form.h), tested on Linux.
 *
 * Off the data path: a read of every process before the phase, one after.
 */
#ifndef NP_OTHERS_H
#define NP_OTHERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Processes remembered from the first read; on a host with more, the
 * figure is unknown. */
#define NP_OTHERS_MAX 65536

/* The longest process name kept: what Linux's /proc gives
 * (TASK_COMM_LEN - 1) and macOS's p_comm holds (MAXCOMLEN - 1); FreeBSD's
 * (COMMLEN, 19) is cut to it. */
#define NP_OTHERS_COMM 15

struct np_others {
	int64_t others_us;     /* CPU time of the other processes, -1 unknown */
	int64_t own_us;        /* this process's (all its threads), -1 unknown */
	double seconds;        /* the span between the two reads, 0 unknown */
	int pid;               /* this process's */
	/* This process's start on the backend's clock (struct np_proc_rec),
	 * -1 unknown: with the pid, what names a process. */
	int64_t start;
	/* What the process left out (np_others_skip) took here, -1 none. */
	int64_t skipped_us;
	/* The two other processes that took the most (top[0] the most;
	 * pid 0 none). */
	struct np_other_top {
		char name[NP_OTHERS_COMM + 1];
		int pid;
		int64_t us;
	} top[2];
	/* Why others_us is unknown (a constant string), NULL when it is
	 * known or was not taken. */
	const char *why;
};

#define NP_OTHERS_UNKNOWN \
	((struct np_others){ .others_us = -1, .own_us = -1, .start = -1, .skipped_us = -1 })

/* The busiest other process but the one of pid not_pid (0: none), or
 * NULL when none took CPU. */
const struct np_other_top *np_others_busiest(const struct np_others *o, int not_pid);

/* One process as one read saw it, in the one form every backend gives
 * (others_form.h makes it from each system's). */
struct np_proc_rec {
	int pid;
	int ppid;              /* its parent's (0: none we can name) */
	int kthread;           /* a kernel thread or process, not counted */
	/* Its start, on a clock of the backend's that only its own records
	 * and np_others_reads' since are compared with: Linux's clock ticks
	 * after boot (/proc/PID/stat's starttime, as netserver sends it);
	 * FreeBSD's microseconds after boot; macOS's microseconds of Mach
	 * absolute time. */
	uint64_t start;
	uint64_t us;           /* its user + system CPU time, microseconds */
	uint64_t cus;          /* its reaped children's, microseconds */
	char name[NP_OTHERS_COMM + 1];  /* printable ASCII, others as '?' */
};

/* The two reads around a phase, each sorted by pid, kernel threads
 * included (a process's parent may be one); this process is in neither. */
struct np_others_reads {
	const struct np_proc_rec *first, *second;
	size_t nfirst, nsecond;
	/* The first read's time on the starts' clock, less that clock's
	 * grain: a process in the second read only, started at or after it,
	 * started since the first. */
	uint64_t since;
	int self;              /* this process's pid: its children's time is its own */
	int64_t self_start;    /* and its start (-1 unknown) */
};

/* A process to leave out as well: the other end's session on one host,
 * by its pid and its start (pid 0: none). */
struct np_others_skip {
	int pid;
	uint64_t start;
};

/* The other processes' CPU time between the two reads (the accounting
 * above) into out's others_us and top[], leaving out skip's process when
 * one has that pid and that start and started after this process did
 * (the session netserver forked for this process's connection cannot be
 * older than this process; an older one is someone else's, whatever its
 * pid).  1 when skip's process was found and left out, 0 when not
 * (then it counts as any other), -1 when out of memory (the figure
 * unknown).  What the one left out took is out->skipped_us. */
int np_others_account(const struct np_others_reads *r, const struct np_others_skip *skip,
		      struct np_others *out);

/* Whether o's figure fits in cpus CPUs over its span; when it does not,
 * it is made unknown, with its reason in o->why. */
bool np_others_plausible(struct np_others *o, int cpus);

/* netserver's figure for netperf, which divides it by the test's elapsed
 * time: the reads' span (from before the response to after the data
 * phase) is longer, so others_us is scaled to elapsed seconds, as if the
 * other processes ran evenly over the span, and held to what cpus CPUs
 * had in those seconds (np_others_plausible).  own_us stays the span's:
 * netperf holds it to its own time from request to results. */
void np_others_to_elapsed(struct np_others *o, double elapsed, int cpus);

struct np_others_probe;

/* The first read; NULL only when out of memory.  When the read cannot
 * be taken (no /proc, more than NP_OTHERS_MAX processes, a system
 * without a backend) the probe says why, and the figure is unknown. */
struct np_others_probe *np_others_begin(void);
/* The second read, right after the phase (p NULL: nothing to do; a
 * failed read leaves the figure unknown). */
void np_others_second(struct np_others_probe *p);
/* The figures of the two reads, leaving out skip (NULL: none); frees p
 * (NULL is allowed: unknown).  The return of np_others_account, or -1. */
int np_others_finish(struct np_others_probe *p, const struct np_others_skip *skip,
		     struct np_others *out);
/* Both: the second read and its figures, nothing else left out. */
void np_others_end(struct np_others_probe *p, struct np_others *out);

/* CPUs' worth (CPU seconds per second) of others_us less what a peer on
 * the same host took (own_peer_us, -1 none); -1 when unknown. */
double np_others_cpus(const struct np_others *o, int64_t own_peer_us);

#endif
