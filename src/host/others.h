/*
 * others.h - the CPU time other processes took on this host while a data
 * loop ran (issue 21: an iteration that shared its host with a busy
 * process measures that process too, and the report should say so).
 *
 * "Other" is every user-space process but this one, by the utime and
 * stime of /proc/PID/stat, read right before the data phase and right
 * after it.  Kernel threads are left out: the test's own traffic keeps
 * some of them busy (ksoftirqd, the NIC's workers).  Nor is this taken
 * from /proc/stat's busy time less the test's own: a process's CPU time
 * includes the softirq work done in its context, which /proc/stat counts
 * as softirq, so that difference is not "another process" but the
 * kernel's bookkeeping.  A process that ends during the phase loses what
 * it took in it (its counters go with it); one that starts during it
 * counts whole.  In a PID namespace only that namespace's processes are
 * seen.
 *
 * Off the data path: a read of /proc before the phase, one after.
 */
#ifndef NP_OTHERS_H
#define NP_OTHERS_H

#include <stddef.h>
#include <stdint.h>

/* Processes remembered from the first read; on a host with more, the
 * figure is unknown. */
#define NP_OTHERS_MAX 65536

/* The longest process name /proc gives (TASK_COMM_LEN - 1). */
#define NP_OTHERS_COMM 15

struct np_others {
	int64_t others_us;     /* CPU time of the other processes, -1 unknown */
	int64_t own_us;        /* this process's (all its threads), -1 unknown */
	double seconds;        /* the span between the two reads, 0 unknown */
	int pid;               /* this process's */
	/* The two other processes that took the most (top[0] the most;
	 * pid 0 none): on one host, the first may be the other end. */
	struct np_other_top {
		char name[NP_OTHERS_COMM + 1];
		int pid;
		int64_t us;
	} top[2];
};

#define NP_OTHERS_UNKNOWN ((struct np_others){ .others_us = -1, .own_us = -1 })

/* The busiest other process but the one of pid not_pid (0: none), or
 * NULL when none took CPU. */
const struct np_other_top *np_others_busiest(const struct np_others *o, int not_pid);

/* What one /proc/PID/stat line says (np_others_parse). */
struct np_proc_stat {
	char comm[NP_OTHERS_COMM + 1];  /* printable ASCII, others as '?' */
	int kthread;                    /* PF_KTHREAD in its flags */
	uint64_t ticks;                 /* utime + stime, clock ticks */
	uint64_t start;                 /* starttime, clock ticks after boot */
};

/* Parse the text of /proc/PID/stat (n bytes, no terminator needed):
 * 0, or -1 when it is not such a line. */
int np_others_parse(const char *text, size_t n, struct np_proc_stat *st);

struct np_others_probe;

/* The first read; NULL when it cannot be taken (no /proc, no memory,
 * more than NP_OTHERS_MAX processes): then np_others_end says unknown. */
struct np_others_probe *np_others_begin(void);
/* The second read and the figures; frees p (NULL is allowed). */
void np_others_end(struct np_others_probe *p, struct np_others *out);

/* CPUs' worth (CPU seconds per second) of others_us less what a peer on
 * the same host took (own_peer_us, -1 none); -1 when unknown. */
double np_others_cpus(const struct np_others *o, int64_t own_peer_us);

#endif
