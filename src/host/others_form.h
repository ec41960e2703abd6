/*
 * others_form.h - each system's form of a process's CPU time made into
 * the record others.c accounts with (struct np_proc_rec): pure functions,
 * built on every system, so that the unit tests check each on Linux
 * with data as its system gives it (check_cpu).  The backend files
 * (others_proc.c, others_kinfo.c, others_libproc.c) keep only the calls.
 *
 * FreeBSD's and macOS's structures are mirrored here by the fields read,
 * with their names: their headers are not on Linux.  Their backends fill
 * the mirror field by field from the real structure.
 */
#ifndef NP_OTHERS_FORM_H
#define NP_OTHERS_FORM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/time.h>

#include "host/others.h"

/* ---- Linux: /proc/PID/stat (proc(5)) ---- */

/* What one /proc/PID/stat line says (np_others_parse). */
struct np_proc_stat {
	char comm[NP_OTHERS_COMM + 1];  /* printable ASCII, others as '?' */
	int kthread;                    /* PF_KTHREAD in its flags */
	int ppid;                       /* its parent's pid (0: outside the namespace) */
	uint64_t ticks;                 /* utime + stime, clock ticks */
	uint64_t cticks;                /* cutime + cstime: its reaped children's */
	uint64_t start;                 /* starttime, clock ticks after boot */
};

/* Parse the text of /proc/PID/stat (n bytes, no terminator needed):
 * 0, or -1 when it is not such a line. */
int np_others_parse(const char *text, size_t n, struct np_proc_stat *st);

/* Process pid's record at hz ticks a second (sysconf(_SC_CLK_TCK)); its
 * start stays in ticks after boot.  0, or -1 when hz is not above 0. */
int np_others_from_stat(int pid, const struct np_proc_stat *st, long hz, struct np_proc_rec *r);

/* ---- FreeBSD: struct kinfo_proc (sys/user.h), sysctl kern.proc.proc ---- */

#define NP_KINFO_COMMLEN 19        /* sys/user.h: COMMLEN */
#define NP_KINFO_P_KPROC 0x00004   /* sys/proc.h: a kernel process */

/* The fields of one struct kinfo_proc that are read, as
 * sys/kern/kern_proc.c's fill_kinfo_proc_only fills them. */
struct np_kinfo {
	int ki_pid, ki_ppid;
	/* p_start (microuptime at fork) plus kern.boottime: wall-clock. */
	struct timeval ki_start;
	long ki_flag;                      /* P_* flags (sys/proc.h) */
	char ki_comm[NP_KINFO_COMMLEN + 1];
	/* ki_rusage's times (calcru: all its threads, ended ones too) and
	 * ki_rusage_ch's (calccru: its reaped children's, their children's
	 * included; sys/user.h's ki_childutime and ki_childstime). */
	struct timeval ru_utime, ru_stime;
	struct timeval ch_utime, ch_stime;
};

/* k's record, its start made microseconds after boot by boottime
 * (sysctl kern.boottime), so that a step of the wall clock between two
 * reads leaves it alone.  A kernel process is one with P_KPROC: init
 * has P_SYSTEM too, yet is the reaper of orphans, whose time lands in
 * its children's.  0, or -1 when a time is not one (below 0). */
int np_others_from_kinfo(const struct np_kinfo *k, const struct timeval *boottime,
			 struct np_proc_rec *r);

/* ---- macOS: libproc (xnu bsd/sys/proc_info.h, bsd/sys/resource.h) ---- */

#define NP_LIBPROC_MAXCOMLEN 16   /* sys/param.h: MAXCOMLEN */
#define NP_LIBPROC_FLAG_SYSTEM 1  /* sys/proc_info.h: PROC_FLAG_SYSTEM (kernel_task) */

/* What is read of one process: struct proc_bsdshortinfo
 * (proc_pidinfo's PROC_PIDT_SHORTBSDINFO, the one flavour a process of
 * another user gives too) and struct rusage_info_v1 (proc_pid_rusage's
 * RUSAGE_INFO_V1), whose times are in Mach absolute time units. */
struct np_libproc {
	uint32_t pbsi_pid, pbsi_ppid;
	char pbsi_comm[NP_LIBPROC_MAXCOMLEN];
	uint32_t pbsi_flags;
	uint64_t ri_user_time, ri_system_time;
	/* Added when the process reaps a child: the child's ri_user_time and
	 * ri_child_user_time (kern_exit.c, update_rusage_info_child). */
	uint64_t ri_child_user_time, ri_child_system_time;
	uint64_t ri_proc_start_abstime;   /* mach_absolute_time() at fork */
};

/* Mach absolute time units in microseconds, by mach_timebase_info's
 * numer / denom (nanoseconds a unit): 0, or -1 when denom is 0 or the
 * figure is past 64 bits. */
int np_others_mach_us(uint64_t abstime, uint32_t numer, uint32_t denom, uint64_t *us);

/* v's record, times and start in microseconds: 0, or -1 when the
 * timebase is not one or the pid is past an int. */
int np_others_from_libproc(const struct np_libproc *v, uint32_t numer, uint32_t denom,
			   struct np_proc_rec *r);

#endif
