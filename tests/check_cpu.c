/*
 * check_cpu.c - unit tests for host/cpu.h: each system's form of the
 * tick counters (Linux's /proc/stat text, FreeBSD's kern.cp_times array,
 * macOS's host_processor_info ticks) from samples in their real layouts,
 * utilisation arithmetic on hand-made snapshots, and a smoke test
 * against this machine's /proc/stat.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/cpu.h"
#include "host/others.h"
#include "host/others_form.h"
#include "host/placement.h"

#define PCT_TOL 1e-4

/* A 5.x kernel, two CPUs, every line kind it prints. */
static const char sample_2cpu[] =
	"cpu  10132153 290696 3084719 46828483 16683 0 25195 0 175628 0\n"
	"cpu0 1393280 32966 572056 13343292 6130 0 17875 0 23933 0\n"
	"cpu1 1335592 17968 489567 13400366 7090 0 1562 0 37129 0\n"
	"intr 199292893 33 9 0 0 0 0 3 0 1 0 0 0 116 0 0 0\n"
	"ctxt 271585454\n"
	"btime 1700000000\n"
	"processes 1035624\n"
	"procs_running 2\n"
	"procs_blocked 0\n"
	"softirq 87210364 1 27004391 2317 1206453 15 0 1124432 27171226 "
	"3 30701526\n";

/* Linux 2.4: four columns only. */
static const char sample_old[] =
	"cpu  1000 20 300 40000\n"
	"cpu0 1000 20 300 40000\n"
	"page 5741 1808\n";

static Suite *cpu_suite(void);
static int parse_ok(const char *text, struct np_cpu_snapshot *s);
static void compute_texts(const char *before, const char *after,
    struct np_cpu_util *u);
static uint64_t ticks(const struct np_cpu_times *t);

static int
parse_ok(const char *text, struct np_cpu_snapshot *s)
{
	int rc = np_cpu_parse(text, s);

	ck_assert_msg(rc == 0, "np_cpu_parse failed on:\n%s", text);
	return rc;
}

static void
compute_texts(const char *before, const char *after, struct np_cpu_util *u)
{
	struct np_cpu_snapshot a, b;

	parse_ok(before, &a);
	parse_ok(after, &b);
	np_cpu_compute(&a, &b, u);
}

static uint64_t
ticks(const struct np_cpu_times *t)
{
	return t->user + t->nice + t->system + t->idle + t->iowait + t->irq +
	    t->softirq + t->steal;
}

START_TEST(test_parse_two_cpus)
{
	struct np_cpu_snapshot s;

	parse_ok(sample_2cpu, &s);
	ck_assert_int_eq(s.ncpus, 2);
	ck_assert_uint_eq(s.all.user, 10132153);
	ck_assert_uint_eq(s.all.nice, 290696);
	ck_assert_uint_eq(s.all.system, 3084719);
	ck_assert_uint_eq(s.all.idle, 46828483);
	ck_assert_uint_eq(s.all.iowait, 16683);
	ck_assert_uint_eq(s.all.irq, 0);
	ck_assert_uint_eq(s.all.softirq, 25195);
	ck_assert_uint_eq(s.all.steal, 0);
	ck_assert_uint_eq(s.cpu[0].user, 1393280);
	ck_assert_uint_eq(s.cpu[0].softirq, 17875);
	ck_assert_uint_eq(s.cpu[1].user, 1335592);
	ck_assert_uint_eq(s.cpu[1].nice, 17968);
	ck_assert_uint_eq(s.cpu[1].system, 489567);
	ck_assert_uint_eq(s.cpu[1].idle, 13400366);
	ck_assert_uint_eq(s.cpu[1].iowait, 7090);
	ck_assert_uint_eq(s.cpu[1].softirq, 1562);
	/* Nothing beyond the listed CPUs. */
	ck_assert_uint_eq(ticks(&s.cpu[2]), 0);
}
END_TEST

START_TEST(test_parse_old_columns)
{
	struct np_cpu_snapshot s;

	parse_ok(sample_old, &s);
	ck_assert_int_eq(s.ncpus, 1);
	ck_assert_uint_eq(s.all.user, 1000);
	ck_assert_uint_eq(s.all.nice, 20);
	ck_assert_uint_eq(s.all.system, 300);
	ck_assert_uint_eq(s.all.idle, 40000);
	ck_assert_uint_eq(s.all.iowait, 0);
	ck_assert_uint_eq(s.all.irq, 0);
	ck_assert_uint_eq(s.all.softirq, 0);
	ck_assert_uint_eq(s.all.steal, 0);

	/* Linux 2.6.0-2.6.10: seven columns, no steal. */
	parse_ok("cpu  1 2 3 4 5 6 7\n", &s);
	ck_assert_int_eq(s.ncpus, 0);
	ck_assert_uint_eq(s.all.softirq, 7);
	ck_assert_uint_eq(s.all.steal, 0);
}
END_TEST

/* Columns past guest_nice may come with newer kernels: keep working.
 * Tabs and a missing final newline are accepted too. */
START_TEST(test_parse_extra_columns)
{
	struct np_cpu_snapshot s;

	parse_ok("cpu\t1 2 3 4 5 6 7 8 9 10 11 12\n"
	    "cpu0\t1 2 3 4 5 6 7 8 9 10 11 12", &s);
	ck_assert_int_eq(s.ncpus, 1);
	ck_assert_uint_eq(s.all.steal, 8);
	ck_assert_uint_eq(s.cpu[0].steal, 8);
	ck_assert_uint_eq(s.cpu[0].user, 1);
}
END_TEST

/* Offline CPUs leave gaps; numbers too big for the array are dropped. */
START_TEST(test_parse_sparse_and_big_ids)
{
	struct np_cpu_snapshot s;

	parse_ok("cpu  9 0 0 9\n"
	    "cpu0 1 0 0 1\n"
	    "cpu2 3 0 0 3\n"
	    "cpu511 5 0 0 5\n"
	    "cpu512 7 0 0 7\n"
	    "cpu4294967297 8 0 0 8\n"
	    "cpu99999999999999999999 8 0 0 8\n", &s);
	ck_assert_int_eq(s.ncpus, 3);
	ck_assert_uint_eq(s.cpu[0].user, 1);
	ck_assert_uint_eq(ticks(&s.cpu[1]), 0);
	ck_assert_uint_eq(s.cpu[2].user, 3);
	ck_assert_uint_eq(s.cpu[NP_CPU_MAX - 1].user, 5);
}
END_TEST

static const char *const malformed[] = {
	"cpu  1 2 x 4 5 6 7 8 0 0\n",           /* not a number */
	"cpu  1 2 3\n",                         /* too few columns */
	"cpu  1 2 3 4\ncpu0 1 2 3\n",           /* too few, per-CPU */
	"cpu  1 -2 3 4\n",                      /* signed */
	"cpu  1 2 3 4x\n",                      /* trailing junk */
	"cpu  1 2 3 18446744073709551616\n",    /* 2^64 */
	"cpu  1 2 3 4\ncpu12x 1 2 3 4\n",       /* bad CPU number */
	"cpu  1 2 3 4\ncpu0\n",                 /* key alone */
	"cpu\n",
	"cpu  1 2 3 4\ncpu\n",
	"cpu  \n",
	"cpu  1 2 3 4\ncpu  1 2 3 4\n",         /* two aggregates */
	"cpu  1 2 3 4\ncpu0 1 2 3 4\ncpu0 1 2 3 4\n",
};

START_TEST(test_parse_malformed)
{
	struct np_cpu_snapshot s;

	ck_assert_msg(np_cpu_parse(malformed[_i], &s) == -1,
	    "accepted:\n%s", malformed[_i]);
}
END_TEST

/* The text ends at its NUL even without a final newline. */
START_TEST(test_parse_stops_at_nul)
{
	static const char text[] = "cpu  1 2 3 4\0cpu  9 9 9 9\n";
	struct np_cpu_snapshot s;

	parse_ok(text, &s);
	ck_assert_uint_eq(s.all.idle, 4);
}
END_TEST

START_TEST(test_parse_largest_counter)
{
	struct np_cpu_snapshot s;

	parse_ok("cpu  1 2 3 18446744073709551615\n", &s);
	ck_assert_uint_eq(s.all.idle, UINT64_MAX);
}
END_TEST

START_TEST(test_parse_no_aggregate)
{
	struct np_cpu_snapshot s;

	ck_assert_int_eq(np_cpu_parse("", &s), -1);
	ck_assert_int_eq(np_cpu_parse("intr 1 2 3\nctxt 4\nbtime 5\n", &s),
	    -1);
	ck_assert_int_eq(np_cpu_parse("cpu0 1 2 3 4\ncpu1 1 2 3 4\n", &s),
	    -1);
	/* A different key that merely starts with "cpu" is not one. */
	ck_assert_int_eq(np_cpu_parse("cpufreq 1 2 3 4\n", &s), -1);
	ck_assert_int_eq(np_cpu_parse("cpufreq 1 2 3 4\ncpu  1 2 3 4\n", &s),
	    0);
}
END_TEST

/*
 * Over the window the machine spent 2000 ticks: user 300, nice 100,
 * system 200, idle 1000, iowait 200, irq 50, softirq 100, steal 50.
 * Busy is all but idle (iowait counts, as in netperf): 50 %; cpu0 was
 * 10 % busy, cpu1 90 %.
 */
static const char before[] =
	"cpu  5000 500 2000 90000 700 10 40 5 0 0\n"
	"cpu0 2500 250 1000 45000 350 5 20 0 0 0\n"
	"cpu1 2500 250 1000 45000 350 5 20 5 0 0\n";
static const char after[] =
	"cpu  5300 600 2200 91000 900 60 140 55 0 0\n"
	"cpu0 2600 250 1000 45900 350 5 20 0 0 0\n"
	"cpu1 2700 350 1200 45100 550 55 120 55 0 0\n";

START_TEST(test_compute_known)
{
	struct np_cpu_util u;

	compute_texts(before, after, &u);
	ck_assert_float_eq_tol(u.util, 50.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.user, 15.0f, PCT_TOL);   /* nice is not user */
	ck_assert_float_eq_tol(u.system, 10.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.iowait, 10.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.irq, 2.5f, PCT_TOL);
	ck_assert_float_eq_tol(u.softirq, 5.0f, PCT_TOL);
	ck_assert_int_eq(u.peak_id, 1);
	ck_assert_float_eq_tol(u.peak_util, 90.0f, PCT_TOL);
}
END_TEST

/* The peak is named by CPU number, not by line order. */
START_TEST(test_compute_peak_sparse)
{
	struct np_cpu_util u;

	compute_texts("cpu  0 0 0 0\ncpu0 0 0 0 1\ncpu3 0 0 0 1\n"
	    "cpu1 0 0 0 1\n",
	    "cpu  450 0 0 2550\ncpu0 100 0 0 901\ncpu3 250 0 0 751\n"
	    "cpu1 100 0 0 901\n", &u);
	ck_assert_float_eq_tol(u.util, 15.0f, PCT_TOL);
	ck_assert_int_eq(u.peak_id, 3);
	ck_assert_float_eq_tol(u.peak_util, 25.0f, PCT_TOL);
}
END_TEST

/* Equally busy CPUs: the lowest number is reported. */
START_TEST(test_compute_peak_tie)
{
	struct np_cpu_util u;

	compute_texts("cpu  0 0 0 0\ncpu0 10 0 0 10\ncpu1 10 0 0 10\n",
	    "cpu  20 0 0 20\ncpu0 20 0 0 20\ncpu1 20 0 0 20\n", &u);
	ck_assert_float_eq_tol(u.util, 50.0f, PCT_TOL);
	ck_assert_int_eq(u.peak_id, 0);
	ck_assert_float_eq_tol(u.peak_util, 50.0f, PCT_TOL);
}
END_TEST

/* A CPU whose counters did not move has no share to compare. */
START_TEST(test_compute_peak_stalled_cpu)
{
	struct np_cpu_util u;

	compute_texts("cpu  0 0 0 0\ncpu0 5 0 0 5\ncpu1 10 0 0 10\n",
	    "cpu  10 0 0 10\ncpu0 5 0 0 5\ncpu1 20 0 0 20\n", &u);
	ck_assert_int_eq(u.peak_id, 1);
	ck_assert_float_eq_tol(u.peak_util, 50.0f, PCT_TOL);
}
END_TEST

START_TEST(test_compute_zero_delta)
{
	struct np_cpu_snapshot s;
	struct np_cpu_util u;

	parse_ok(sample_2cpu, &s);
	memset(&u, 0x55, sizeof(u));
	np_cpu_compute(&s, &s, &u);
	ck_assert_float_eq(u.util, 0.0f);
	ck_assert_float_eq(u.user, 0.0f);
	ck_assert_float_eq(u.system, 0.0f);
	ck_assert_float_eq(u.iowait, 0.0f);
	ck_assert_float_eq(u.irq, 0.0f);
	ck_assert_float_eq(u.softirq, 0.0f);
	ck_assert_int_eq(u.peak_id, -1);
	ck_assert_float_eq(u.peak_util, 0.0f);
}
END_TEST

/* iowait stepping back must not make idle time negative. */
START_TEST(test_compute_backwards)
{
	struct np_cpu_util u;

	compute_texts("cpu  100 0 100 800 500\n",
	    "cpu  130 0 150 1120 400\n", &u);
	/* deltas: user 30, system 50, idle 320, iowait 0: total 400 */
	ck_assert_float_eq_tol(u.util, 20.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.user, 7.5f, PCT_TOL);
	ck_assert_float_eq_tol(u.system, 12.5f, PCT_TOL);
	ck_assert_float_eq(u.iowait, 0.0f);

	/* Everything stepped back: as if no time passed. */
	compute_texts("cpu  9 9 9 9\n", "cpu  1 1 1 1\n", &u);
	ck_assert_float_eq(u.util, 0.0f);
	ck_assert_int_eq(u.peak_id, -1);
}
END_TEST

START_TEST(test_compute_no_per_cpu)
{
	struct np_cpu_util u;

	compute_texts("cpu  1000 20 300 40000\n", "cpu  1300 20 300 40700\n",
	    &u);
	ck_assert_float_eq_tol(u.util, 30.0f, PCT_TOL);
	ck_assert_int_eq(u.peak_id, -1);
	ck_assert_float_eq(u.peak_util, 0.0f);
}
END_TEST

/* A CPU that came online mid-window would show its whole lifetime. */
START_TEST(test_compute_hotplug)
{
	struct np_cpu_util u;

	compute_texts("cpu  0 0 0 0\ncpu0 10 0 0 90\n",
	    "cpu  20 0 0 180\ncpu0 20 0 0 180\ncpu1 9000 0 0 1000\n", &u);
	ck_assert_int_eq(u.peak_id, 0);
	ck_assert_float_eq_tol(u.peak_util, 10.0f, PCT_TOL);
}
END_TEST

/* What the column count says a kernel counts. */
START_TEST(test_parse_has)
{
	struct np_cpu_snapshot s;
	struct np_cpu_util u;

	parse_ok(sample_2cpu, &s);
	ck_assert_uint_eq(s.has, NP_CPU_HAS_ALL);
	ck_assert_uint_eq(s.bits, 64);
	parse_ok(sample_old, &s);
	ck_assert_uint_eq(s.has, 0);
	parse_ok("cpu  1 2 3 4 5\n", &s);
	ck_assert_uint_eq(s.has, NP_CPU_HAS_IOWAIT);
	parse_ok("cpu  1 2 3 4 5 6 7\n", &s);
	ck_assert_uint_eq(s.has, NP_CPU_HAS_IOWAIT | NP_CPU_HAS_IRQ | NP_CPU_HAS_SOFTIRQ);

	/* Linux 2.4 had no iowait, irq or softirq: unknown, not 0 %. */
	compute_texts(sample_old, "cpu  1300 20 300 40700\n", &u);
	ck_assert_float_eq_tol(u.util, 30.0f, PCT_TOL);
	ck_assert_float_eq(u.iowait, NP_CPU_UNKNOWN);
	ck_assert_float_eq(u.irq, NP_CPU_UNKNOWN);
	ck_assert_float_eq(u.softirq, NP_CPU_UNKNOWN);
}
END_TEST

/*
 * FreeBSD's sysctl kern.cp_times, as sysctl_kern_cp_times
 * (sys/kern/kern_clock.c) hands it out: CPUSTATES longs for each CPU
 * 0..mp_maxid, in <sys/resource.h>'s order CP_USER, CP_NICE, CP_SYS,
 * CP_INTR, CP_IDLE; an absent CPU (CPU_ABSENT) reads all zero.  A
 * 4-CPU amd64 host a day up (stathz 127), its CPU 2 absent.
 */
static const long cp_times_before[] = {
	412345, 120, 301234, 15321, 10234567,   /* CPU 0 */
	398765, 98, 287654, 1203, 10290001,     /* CPU 1 */
	0, 0, 0, 0, 0,                          /* CPU 2: absent */
	401234, 101, 290123, 987, 10281234,     /* CPU 3 */
};
/*
 * 1000 ticks later on each CPU: CPU 0 user +300, sys +200, intr +100,
 * idle +400 (60 % busy); CPU 1 user +50, nice +10, sys +40, idle +900;
 * CPU 3 idle +1000.  The machine: 3000 ticks, idle 2300: 23.33 % busy.
 */
static const long cp_times_after[] = {
	412645, 120, 301434, 15421, 10234967,
	398815, 108, 287694, 1203, 10290901,
	0, 0, 0, 0, 0,
	401234, 101, 290123, 987, 10282234,
};

START_TEST(test_cp_times_form)
{
	const size_t n = sizeof(cp_times_before) / sizeof(cp_times_before[0]);
	struct np_cpu_snapshot s;

	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_before, n, &s), 0);
	ck_assert_int_eq(s.ncpus, 3);
	ck_assert_uint_eq(s.has, NP_CPU_HAS_IRQ);
	ck_assert_uint_eq(s.bits, sizeof(long) * 8);
	ck_assert_uint_eq(s.cpu[0].user, 412345);
	ck_assert_uint_eq(s.cpu[0].nice, 120);
	ck_assert_uint_eq(s.cpu[0].system, 301234);
	ck_assert_uint_eq(s.cpu[0].irq, 15321);
	ck_assert_uint_eq(s.cpu[0].idle, 10234567);
	ck_assert_uint_eq(s.cpu[0].iowait + s.cpu[0].softirq + s.cpu[0].steal, 0);
	ck_assert_uint_eq(ticks(&s.cpu[2]), 0);
	ck_assert_uint_eq(s.cpu[3].idle, 10281234);
	/* The machine is the sum of its CPUs. */
	ck_assert_uint_eq(s.all.user, 412345 + 398765 + 401234);
	ck_assert_uint_eq(s.all.nice, 120 + 98 + 101);
	ck_assert_uint_eq(s.all.system, 301234 + 287654 + 290123);
	ck_assert_uint_eq(s.all.irq, 15321 + 1203 + 987);
	ck_assert_uint_eq(s.all.idle, 10234567 + 10290001 + 10281234);
}
END_TEST

START_TEST(test_cp_times_compute)
{
	const size_t n = sizeof(cp_times_before) / sizeof(cp_times_before[0]);
	struct np_cpu_snapshot a, b;
	struct np_cpu_util u;

	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_before, n, &a), 0);
	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_after, n, &b), 0);
	np_cpu_compute(&a, &b, &u);
	ck_assert_float_eq_tol(u.util, 700.0f / 30.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.user, 350.0f / 30.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.system, 240.0f / 30.0f, PCT_TOL);
	ck_assert_float_eq_tol(u.irq, 100.0f / 30.0f, PCT_TOL);
	/* FreeBSD counts no iowait or softirq apart: unknown, not 0 %. */
	ck_assert_float_eq(u.iowait, NP_CPU_UNKNOWN);
	ck_assert_float_eq(u.softirq, NP_CPU_UNKNOWN);
	ck_assert_int_eq(u.peak_id, 0);
	ck_assert_float_eq_tol(u.peak_util, 60.0f, PCT_TOL);
}
END_TEST

/* Not whole CPUs' worth of longs; a host past NP_CPU_MAX CPUs counts
 * them all in the whole, but keeps no per-CPU slot beyond. */
START_TEST(test_cp_times_sizes)
{
	static long big[(NP_CPU_MAX + 2) * NP_CPUSTATES];
	struct np_cpu_snapshot s;
	size_t i;

	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_before, 0, &s), -1);
	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_before, 7, &s), -1);
	ck_assert_int_eq(np_cpu_from_cp_times(cp_times_before, 5, &s), 0);
	ck_assert_int_eq(s.ncpus, 1);
	for (i = 0; i < NP_CPU_MAX + 2; i++) {
		big[i * NP_CPUSTATES + NP_CP_USER] = 1;
		big[i * NP_CPUSTATES + NP_CP_IDLE] = 9;
	}
	ck_assert_int_eq(np_cpu_from_cp_times(big, sizeof(big) / sizeof(big[0]), &s), 0);
	ck_assert_int_eq(s.ncpus, NP_CPU_MAX);
	ck_assert_uint_eq(s.all.user, NP_CPU_MAX + 2);
	ck_assert_uint_eq(s.all.idle, 9 * (NP_CPU_MAX + 2));
}
END_TEST

/*
 * macOS's host_processor_info(PROCESSOR_CPU_LOAD_INFO): for each CPU a
 * struct processor_cpu_load_info (xnu osfmk/mach/processor_info.h),
 * natural_t cpu_ticks[CPU_STATE_MAX] in osfmk/mach/machine.h's order
 * CPU_STATE_USER, CPU_STATE_SYSTEM, CPU_STATE_IDLE, CPU_STATE_NICE; the
 * count is in 32-bit words.  A 4-core arm64 Mac (100 Hz ticks) some
 * days up.
 */
static const uint32_t mach_before[] = {
	5234567, 3123456, 41234567, 0,          /* CPU 0 */
	4123456, 2012345, 43456789, 12,         /* CPU 1 */
	1234567, 512345, 47890123, 0,           /* CPU 2 */
	1134567, 502345, 48012345, 0,           /* CPU 3 */
};
/* 1000 ticks later each: CPU 1 user +500, sys +300, nice +100, idle
 * +100 (90 % busy); the others idle.  The machine: 900 of 4000 busy. */
static const uint32_t mach_after[] = {
	5234567, 3123456, 41235567, 0,
	4123956, 2012645, 43456889, 112,
	1234567, 512345, 47891123, 0,
	1134567, 502345, 48013345, 0,
};

START_TEST(test_mach_ticks_form)
{
	const size_t n = sizeof(mach_before) / sizeof(mach_before[0]);
	struct np_cpu_snapshot a, b;
	struct np_cpu_util u;

	ck_assert_int_eq(np_cpu_from_mach_ticks(mach_before, n, &a), 0);
	ck_assert_int_eq(a.ncpus, 4);
	ck_assert_uint_eq(a.has, 0);
	ck_assert_uint_eq(a.bits, 32);
	ck_assert_uint_eq(a.cpu[1].user, 4123456);
	ck_assert_uint_eq(a.cpu[1].system, 2012345);
	ck_assert_uint_eq(a.cpu[1].idle, 43456789);
	ck_assert_uint_eq(a.cpu[1].nice, 12);
	ck_assert_uint_eq(a.cpu[1].irq + a.cpu[1].iowait + a.cpu[1].softirq, 0);
	ck_assert_uint_eq(a.all.user, 5234567 + 4123456 + 1234567 + 1134567);
	ck_assert_uint_eq(a.all.idle, 41234567u + 43456789u + 47890123u + 48012345u);

	ck_assert_int_eq(np_cpu_from_mach_ticks(mach_after, n, &b), 0);
	np_cpu_compute(&a, &b, &u);
	ck_assert_float_eq_tol(u.util, 22.5f, PCT_TOL);
	ck_assert_float_eq_tol(u.user, 12.5f, PCT_TOL);
	ck_assert_float_eq_tol(u.system, 7.5f, PCT_TOL);
	/* Mach has no iowait, irq or softirq counter. */
	ck_assert_float_eq(u.iowait, NP_CPU_UNKNOWN);
	ck_assert_float_eq(u.irq, NP_CPU_UNKNOWN);
	ck_assert_float_eq(u.softirq, NP_CPU_UNKNOWN);
	ck_assert_int_eq(u.peak_id, 1);
	ck_assert_float_eq_tol(u.peak_util, 90.0f, PCT_TOL);

	ck_assert_int_eq(np_cpu_from_mach_ticks(mach_before, 0, &a), -1);
	ck_assert_int_eq(np_cpu_from_mach_ticks(mach_before, 6, &a), -1);
}
END_TEST

/* natural_t wraps after 2^32 ticks (497 days of a CPU's 100 Hz): the
 * ticks across the wrap still count, in the CPU and in the sum. */
START_TEST(test_mach_ticks_wrap)
{
	static const uint32_t wrap_before[] = { 4294967196u, 10, 4294967000u, 0,
						100, 10, 1000, 0 };
	static const uint32_t wrap_after[] = { 104, 10, 600, 0,
					       100, 10, 2000, 0 };
	struct np_cpu_snapshot a, b;
	struct np_cpu_util u;

	ck_assert_int_eq(np_cpu_from_mach_ticks(wrap_before, 8, &a), 0);
	ck_assert_int_eq(np_cpu_from_mach_ticks(wrap_after, 8, &b), 0);
	np_cpu_compute(&a, &b, &u);
	/* CPU 0: user +204 across the wrap, idle +896: 1100 ticks; CPU 1
	 * idle +1000.  The machine: 204 of 2100 busy. */
	ck_assert_float_eq_tol(u.util, 100.0f * 204 / 2100, PCT_TOL);
	ck_assert_float_eq_tol(u.user, 100.0f * 204 / 2100, PCT_TOL);
	ck_assert_int_eq(u.peak_id, 0);
	ck_assert_float_eq_tol(u.peak_util, 100.0f * 204 / 1100, PCT_TOL);
}
END_TEST

/* netperf's letters (format_cpu_method) and what each method counts. */
START_TEST(test_method_letters)
{
	ck_assert_int_eq(np_cpu_method_letter(NP_CPU_METHOD_UNKNOWN), 'U');
	ck_assert_int_eq(np_cpu_method_letter(NP_CPU_METHOD_PROCSTAT), 'S');
	ck_assert_int_eq(np_cpu_method_letter(NP_CPU_METHOD_SYSCTL), 'C');
	ck_assert_int_eq(np_cpu_method_letter(NP_CPU_METHOD_OSX), 'O');
	ck_assert_int_eq(np_cpu_method_letter(7), 'K');
	ck_assert_int_eq(np_cpu_method_letter(13), '?');
	ck_assert_int_eq(np_cpu_method_letter(UINT32_MAX), '?');
	ck_assert_uint_eq(np_cpu_letter_has('S'), NP_CPU_HAS_ALL);
	ck_assert_uint_eq(np_cpu_letter_has('C'), NP_CPU_HAS_IRQ);
	ck_assert_uint_eq(np_cpu_letter_has('O'), 0);
	ck_assert_uint_eq(np_cpu_letter_has('K'), NP_CPU_HAS_ALL);
}
END_TEST

/* This build's pinning: CPU 0 is there to run on; no CPU -1. */
START_TEST(test_bind)
{
	errno = 0;
	ck_assert_int_eq(np_cpu_bind(-1), -1);
	ck_assert(errno == EINVAL || errno == ENOTSUP);
	ck_assert_ptr_nonnull(np_cpu_bind_why(errno));
	ck_assert_int_ne(np_cpu_bind_why(errno)[0], '\0');
}
END_TEST

START_TEST(test_read_this_machine)
{
	static char text[1 << 17];
	struct np_cpu_snapshot a, b;
	struct np_cpu_util u;
	struct timespec start, now;
	double waited = 0.0;
	size_t len;
	FILE *f;

	ck_assert_uint_eq(np_cpu_method(), NP_CPU_METHOD_PROCSTAT);
	ck_assert_str_eq(np_cpu_source(), "/proc/stat");
	ck_assert_int_eq(np_cpu_read(&a), 0);
	ck_assert_int_ge(a.ncpus, 1);
	ck_assert_int_le(a.ncpus, NP_CPU_MAX);
	ck_assert_uint_gt(ticks(&a.all), 0);
	ck_assert_int_ge(np_cpu_count(), 1);

	/* Same lines as a plain read of the file, counters only growing. */
	f = fopen("/proc/stat", "r");
	ck_assert_ptr_nonnull(f);
	len = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	ck_assert_uint_gt(len, 0);
	text[len] = '\0';
	parse_ok(text, &b);
	ck_assert_int_eq(b.ncpus, a.ncpus);
	ck_assert_uint_ge(b.all.user, a.all.user);
	ck_assert_uint_ge(b.all.idle, a.all.idle);

	/* Spin until a clock tick lands (USER_HZ is 100), at most 0.5 s. */
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		ck_assert_int_eq(np_cpu_read(&b), 0);
		clock_gettime(CLOCK_MONOTONIC, &now);
		waited = (double)(now.tv_sec - start.tv_sec) +
		    (double)(now.tv_nsec - start.tv_nsec) / 1e9;
	} while (ticks(&b.all) == ticks(&a.all) && waited < 0.5);
	np_cpu_compute(&a, &b, &u);
	ck_assert(u.util >= 0.0f && u.util <= 100.0f);
	ck_assert(u.peak_util >= 0.0f && u.peak_util <= 100.0f);
	ck_assert(u.peak_id >= -1 && u.peak_id < NP_CPU_MAX);
}
END_TEST

/* /proc/PID/stat lines as proc(5) has them: the name in parentheses
 * (any bytes, ')' too), then fields 3.. separated by single spaces. */
START_TEST(test_others_parse)
{
	static const char plain[] = "1234 (bash) S 1 1234 1234 34816 1234 4194560 100 0 0 0 "
	    "25 10 0 0 20 0 1 0 5000 8810496 1000 18446744073709551615 1 1 0 0 0 0 65536\n";
	static const char odd[] = "77 (a) b (c) R -1 0 0 0 -1 0 0 0 0 0 3 4 -5 -6 20 -2 1 0 "
	    "99";
	static const char kthread[] = "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 7 0 0 20 0 1 "
	    "0 2 0 0";
	static const char ctl[] = "9 (x\x1b[31m\ny) S 1 1 1 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 7";
	static const char *bad[] = {
		"", "1234", "1234 (bash", "1234 bash) S", "1234 (bash)S 1",
		"1234 (bash) S 1 2 3 4 5 6 7 8 9 10 11 12",          /* cut at utime */
		"1234 (bash) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", /* no starttime */
		"1234 (bash) S 1 2 3 4 5 x 7 8 9 10 11 12 13 14 15 16 17 18 19",
		"1234 (bash)  S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19",
	};
	struct np_proc_stat st;

	ck_assert_int_eq(np_others_parse(plain, sizeof(plain) - 1, &st), 0);
	ck_assert_str_eq(st.comm, "bash");
	ck_assert_int_eq(st.kthread, 0);
	ck_assert_int_eq(st.ppid, 1);
	ck_assert_uint_eq(st.ticks, 35);
	ck_assert_uint_eq(st.cticks, 0);
	ck_assert_uint_eq(st.start, 5000);
	ck_assert_int_eq(np_others_parse(odd, sizeof(odd) - 1, &st), 0);
	ck_assert_str_eq(st.comm, "a) b (c");
	ck_assert_int_eq(st.ppid, 0);          /* -1: none we can name */
	ck_assert_uint_eq(st.ticks, 7);
	ck_assert_uint_eq(st.cticks, 0);       /* -5 and -6: none below 0 */
	ck_assert_uint_eq(st.start, 99);
	ck_assert_int_eq(np_others_parse(kthread, sizeof(kthread) - 1, &st), 0);
	ck_assert_int_eq(st.kthread, 1);
	ck_assert_int_eq(np_others_parse(ctl, sizeof(ctl) - 1, &st), 0);
	ck_assert_str_eq(st.comm, "x?[31m?y");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(np_others_parse(bad[i], strlen(bad[i]), &st) == -1, "took '%s'",
		    bad[i]);
}
END_TEST

/* A process as a read sees it: pid, parent, its time, its reaped
 * children's (in ticks of 100 a second, as /proc gives them), start
 * (ticks after boot); kernel threads by K. */
#define TICK_US 10000
#define P(pid_, ppid_, t, c, st, name_) \
	{ .pid = pid_, .ppid = ppid_, .start = st, .us = (t) * TICK_US, .cus = (c) * TICK_US, \
	  .name = name_ }
#define K(pid_, name_) { .pid = pid_, .kthread = 1, .start = 1, .name = name_ }

/* The first read at tick 1000 (a start in the tick before may be as
 * new), this process pid 50 (started at tick 900); the second read one
 * second later. */
static int account(const struct np_proc_rec *a, size_t na, const struct np_proc_rec *b,
		   size_t nb, const struct np_others_skip *skip, struct np_others *o)
{
	const struct np_others_reads r = { a, b, na, nb, 999, 50, 900 };

	*o = NP_OTHERS_UNKNOWN;
	return np_others_account(&r, skip, o);
}

#define N(a) (sizeof(a) / sizeof(a[0]))

/* Children that start and end within the phase are counted, through
 * the c-times of the parent that waited for them (a build loop's
 * compilers are such children). */
START_TEST(test_others_account_exits)
{
	/* 10: a shell that ran four 0.25-s children in the second, each
	 * reaped: its cutime grew by 100 ticks, its own by 1.  20: a
	 * spinner, 50 ticks.  30: a daemon that was there and ended, having
	 * taken 5000 ticks before and 10 during; its parent 1 (init) waited
	 * for it: 5010 in init's c-times, of which 10 are the phase's. */
	static const struct np_proc_rec a[] = {
		P(1, 0, 300, 7000, 1, "init"), K(2, "kthreadd"), P(10, 1, 5, 40, 800, "sh"),
		P(20, 1, 200, 0, 850, "spin"), P(30, 1, 4000, 1000, 100, "daemon"),
	};
	static const struct np_proc_rec b[] = {
		P(1, 0, 300, 12010, 1, "init"), K(2, "kthreadd"), P(10, 1, 6, 140, 800, "sh"),
		P(20, 1, 250, 0, 850, "spin"),
	};
	struct np_others o;

	ck_assert_int_eq(account(a, N(a), b, N(b), NULL, &o), 0);
	/* 10 + (1 + 100) + 50 = 161 ticks. */
	ck_assert_int_eq(o.others_us, 1610000);
	ck_assert_str_eq(o.top[0].name, "sh");
	ck_assert_int_eq(o.top[0].us, 1010000);
	ck_assert_int_eq(o.top[1].pid, 20);
}
END_TEST

/* What lands elsewhere, or nowhere, is never taken twice nor below 0. */
START_TEST(test_others_account_limits)
{
	/* 30 was reaped by nobody we see (its parent ignores SIGCHLD: the
	 * kernel reaps it and adds its time nowhere): init's c-times did
	 * not grow, and what 30 had taken is not taken off anyone else.
	 * 40, a child of this process (pid 50), and 41, a helper the kernel
	 * started (its parent kthreadd), ended: their time lands out of
	 * sight, and nothing is taken off for them either. */
	static const struct np_proc_rec a[] = {
		P(1, 0, 300, 7000, 1, "init"), K(2, "kthreadd"), P(20, 1, 200, 0, 850, "spin"),
		P(30, 1, 4000, 1000, 100, "daemon"), P(40, 50, 99, 0, 950, "mine"),
		P(41, 2, 77, 0, 990, "modprobe"),
	};
	static const struct np_proc_rec b[] = {
		P(1, 0, 300, 7000, 1, "init"), K(2, "kthreadd"), P(20, 1, 250, 0, 850, "spin"),
	};
	/* A chain: 60 (a shell) and its child 61 both ended; 61 was reaped
	 * by 60, 60 by init: init's c-times grew by both lifetimes, less what
	 * each had before (60: 10 + 2 of its own c-times, 61: 20), plus the
	 * phase's 5 and 7.  A new process 70 counts whole (c-times too); a
	 * reused pid (80: another start) is a new process, the old one gone
	 * with its parent init waiting for it (3 ticks). */
	static const struct np_proc_rec c[] = {
		P(1, 0, 300, 7000, 1, "init"), P(60, 1, 10, 2, 700, "sh"),
		P(61, 60, 20, 0, 710, "work"), P(80, 1, 3, 0, 500, "old"),
	};
	static const struct np_proc_rec d[] = {
		P(1, 0, 300, 7000 + (10 + 5 + 2) + (20 + 7) + 3, 1, "init"),
		P(70, 1, 30, 4, 1050, "new"), P(80, 1, 8, 0, 1020, "reused"),
	};
	struct np_others o;

	ck_assert_int_eq(account(a, N(a), b, N(b), NULL, &o), 0);
	ck_assert_int_eq(o.others_us, 500000);
	ck_assert_int_eq(o.top[0].pid, 20);
	ck_assert_int_eq(account(c, N(c), d, N(d), NULL, &o), 0);
	/* init: 47 grown - 12 (60) - 3 (80) = 32, of which 60's 20 are
	 * 61's; 61's first reading is owed by 60, which is gone: taken off
	 * everybody's c-times together (20).  12 + 34 + 8 = 54. */
	ck_assert_int_eq(o.others_us, 540000);
	/* The busiest: the new one (34), then init, whose own share is
	 * 47 - 12 - 20 - 3, 61 being its grandchild. */
	ck_assert_int_eq(o.top[0].pid, 70);
	ck_assert_int_eq(o.top[1].pid, 1);
	ck_assert_int_eq(o.top[1].us, 120000);
}
END_TEST

/* A build: make (10) waited for gcc (11), which waited for cc1 (12); both
 * were there at the first read and ended in the phase, having taken 2
 * and 50 ticks in it.  The whole of both is in make's cutime; the
 * busiest is make with the phase's 52 ticks, not with 352 (its figure
 * read 3.02 CPUs on a 2-CPU host when only gcc's share came off). */
START_TEST(test_others_account_chain)
{
	static const struct np_proc_rec a[] = {
		P(10, 1, 5, 0, 800, "make"), P(11, 10, 10, 0, 900, "gcc"),
		P(12, 11, 300, 0, 910, "cc1"),
	};
	static const struct np_proc_rec b[] = {
		P(10, 1, 5, (10 + 2) + (300 + 50), 800, "make"),
	};
	struct np_others o;

	ck_assert_int_eq(account(a, N(a), b, N(b), NULL, &o), 0);
	ck_assert_int_eq(o.others_us, 520000);
	ck_assert_int_eq(o.top[0].pid, 10);
	ck_assert_int_eq(o.top[0].us, 520000);
}
END_TEST

/* The other end's session on one host: left out only when that pid has
 * that start, and started after this process. */
START_TEST(test_others_account_skip)
{
	static const struct np_proc_rec a[] = {
		P(20, 1, 200, 0, 850, "nphog"), P(60, 1, 10, 0, 950, "netserver"),
	};
	static const struct np_proc_rec b[] = {
		P(20, 1, 299, 0, 850, "nphog"), P(60, 1, 90, 0, 950, "netserver"),
	};
	const struct np_others_skip session = { 60, 950 }, wrong = { 60, 951 },
				    spinner = { 20, 850 };
	struct np_others o;

	ck_assert_int_eq(account(a, N(a), b, N(b), NULL, &o), 0);
	ck_assert_int_eq(o.others_us, 1790000);
	ck_assert_int_eq(o.skipped_us, -1);
	ck_assert_int_eq(account(a, N(a), b, N(b), &session, &o), 1);
	ck_assert_int_eq(o.others_us, 990000);
	ck_assert_int_eq(o.skipped_us, 800000);
	ck_assert_str_eq(o.top[0].name, "nphog");
	ck_assert_int_eq(o.top[1].pid, 0);
	/* Another start: not that process. */
	ck_assert_int_eq(account(a, N(a), b, N(b), &wrong, &o), 0);
	ck_assert_int_eq(o.others_us, 1790000);
	/* The spinner's own pid and start: older than this process, so it
	 * is no session forked for it, whatever netserver says. */
	ck_assert_int_eq(account(a, N(a), b, N(b), &spinner, &o), 0);
	ck_assert_int_eq(o.others_us, 1790000);
	ck_assert_str_eq(o.top[0].name, "nphog");
}
END_TEST

/* A /proc/PID/stat line at USER_HZ 100 (sysconf(_SC_CLK_TCK)): times in
 * microseconds, the start kept in ticks after boot (what netserver
 * sends as its session's start). */
START_TEST(test_others_from_stat)
{
	static const char line[] = "1234 (bash) S 1 1234 1234 34816 1234 4194560 100 0 0 0 "
	    "25 10 7 3 20 0 1 0 5000 8810496 1000 18446744073709551615 1 1 0 0 0 0 65536\n";
	struct np_proc_stat st;
	struct np_proc_rec r;

	ck_assert_int_eq(np_others_parse(line, sizeof(line) - 1, &st), 0);
	ck_assert_int_eq(np_others_from_stat(1234, &st, 100, &r), 0);
	ck_assert_int_eq(r.pid, 1234);
	ck_assert_int_eq(r.ppid, 1);
	ck_assert_int_eq(r.kthread, 0);
	ck_assert_uint_eq(r.us, 350000);
	ck_assert_uint_eq(r.cus, 100000);
	ck_assert_uint_eq(r.start, 5000);
	ck_assert_str_eq(r.name, "bash");
	ck_assert_int_eq(np_others_from_stat(1234, &st, 0, &r), -1);
}
END_TEST

/* FreeBSD: struct kinfo_proc as sysctl kern.proc.proc gives it (the
 * fields of sys/user.h that are read, filled as sys/kern/kern_proc.c's
 * fill_kinfo_proc_only does: ki_start is p_start plus kern.boottime,
 * the times calcru's and calccru's), of a FreeBSD 14 host 35.5 s after
 * boot.  ki_flag: P_CONTROLT 0x2, P_KPROC 0x4, P_SYSTEM 0x200, P_EXEC
 * 0x4000, P_INMEM 0x10000000 (sys/proc.h). */
static const struct timeval fbsd_boot = { 1717400000, 123456 };
#define KI(pid_, ppid_, flag_, comm_, start_us, ut, cut) \
	{ .ki_pid = pid_, .ki_ppid = ppid_, .ki_flag = flag_, .ki_comm = comm_, \
	  .ki_start = { 1717400000 + ((start_us) + 123456) / 1000000, \
			((start_us) + 123456) % 1000000 }, \
	  .ru_utime = { (ut) / 2 / 1000000, (ut) / 2 % 1000000 }, \
	  .ru_stime = { ((ut) - (ut) / 2) / 1000000, ((ut) - (ut) / 2) % 1000000 }, \
	  .ch_utime = { (cut) / 1000000, (cut) % 1000000 } }

START_TEST(test_others_from_kinfo)
{
	static const struct np_kinfo kernel = KI(0, 0, 0x10000204L, "kernel", 0, 9000000, 0),
		init = KI(1, 0, 0x10004200L, "init", 20000, 30000, 1250000),
		sshd = KI(812, 1, 0x10004002L, "sshd", 35500000, 2000000, 4000000),
		longname = KI(900, 812, 0x10004000L, "a_name_of_19_chars_", 35600000, 10, 0),
		escape = KI(901, 812, 0x10004000L, "x\033[31m", 35600000, 10, 0);
	struct np_kinfo bad = sshd;
	struct timeval late = { 1717400040, 0 };
	struct np_proc_rec r;

	ck_assert_int_eq(np_others_from_kinfo(&sshd, &fbsd_boot, &r), 0);
	ck_assert_int_eq(r.pid, 812);
	ck_assert_int_eq(r.ppid, 1);
	ck_assert_int_eq(r.kthread, 0);
	ck_assert_uint_eq(r.us, 2000000);
	ck_assert_uint_eq(r.cus, 4000000);
	ck_assert_uint_eq(r.start, 35500000);   /* after boot */
	ck_assert_str_eq(r.name, "sshd");
	/* The kernel's processes have P_KPROC; init has P_SYSTEM only, and
	 * counts: orphans' time lands in its children's. */
	ck_assert_int_eq(np_others_from_kinfo(&kernel, &fbsd_boot, &r), 0);
	ck_assert_int_eq(r.kthread, 1);
	ck_assert_int_eq(np_others_from_kinfo(&init, &fbsd_boot, &r), 0);
	ck_assert_int_eq(r.kthread, 0);
	ck_assert_uint_eq(r.cus, 1250000);
	ck_assert_int_eq(np_others_from_kinfo(&longname, &fbsd_boot, &r), 0);
	ck_assert_str_eq(r.name, "a_name_of_19_ch");
	ck_assert_int_eq(np_others_from_kinfo(&escape, &fbsd_boot, &r), 0);
	ck_assert_str_eq(r.name, "x?[31m");
	/* A clock stepped between the two sysctls: no start before boot. */
	ck_assert_int_eq(np_others_from_kinfo(&sshd, &late, &r), 0);
	ck_assert_uint_eq(r.start, 0);
	/* A time below 0 is no time. */
	bad.ru_stime.tv_sec = -1;
	ck_assert_int_eq(np_others_from_kinfo(&bad, &fbsd_boot, &r), -1);
	bad = sshd;
	bad.ch_utime.tv_usec = -5;
	ck_assert_int_eq(np_others_from_kinfo(&bad, &fbsd_boot, &r), -1);
}
END_TEST

/* The same accounting on FreeBSD's form: make (10) waited for cc (11),
 * there at the first read with 0.1 s and ended in the phase with 0.6 s;
 * a spinner (20) took 0.9 s; the idle kernel process (11's neighbour
 * 12, P_KPROC) took a second and is not counted.  Reads 1 s apart. */
START_TEST(test_others_kinfo_account)
{
	static const struct np_kinfo k1[] = {
		KI(1, 0, 0x10004200L, "init", 20000, 30000, 0),
		KI(10, 1, 0x10004000L, "make", 30000000, 50000, 0),
		KI(11, 10, 0x10004000L, "cc", 34000000, 100000, 0),
		KI(12, 0, 0x10000204L, "idle", 0, 70000000, 0),
		KI(20, 1, 0x10004000L, "spin", 31000000, 4000000, 0),
	}, k2[] = {
		KI(1, 0, 0x10004200L, "init", 20000, 30000, 0),
		KI(10, 1, 0x10004000L, "make", 30000000, 60000, 600000),
		KI(12, 0, 0x10000204L, "idle", 0, 71000000, 0),
		KI(20, 1, 0x10004000L, "spin", 31000000, 4900000, 0),
	};
	struct np_proc_rec a[N(k1)], b[N(k2)];
	struct np_others o = NP_OTHERS_UNKNOWN;
	struct np_others_reads r = { a, b, N(a), N(b), 35000000 - 10000, 50, 1000000 };

	for (size_t i = 0; i < N(k1); i++)
		ck_assert_int_eq(np_others_from_kinfo(&k1[i], &fbsd_boot, &a[i]), 0);
	for (size_t i = 0; i < N(k2); i++)
		ck_assert_int_eq(np_others_from_kinfo(&k2[i], &fbsd_boot, &b[i]), 0);
	ck_assert_int_eq(np_others_account(&r, NULL, &o), 0);
	/* make: 0.01 + (0.6 - 0.1); spin 0.9. */
	ck_assert_int_eq(o.others_us, 1410000);
	ck_assert_str_eq(o.top[0].name, "spin");
	ck_assert_int_eq(o.top[1].pid, 10);
	ck_assert_int_eq(o.top[1].us, 510000);
}
END_TEST

/* macOS: mach_timebase_info's numer / denom, 125 / 3 on Apple's arm64
 * (24 MHz), 1 / 1 on Intel. */
START_TEST(test_others_mach_us)
{
	uint64_t us;

	ck_assert_int_eq(np_others_mach_us(24000000, 125, 3, &us), 0);
	ck_assert_uint_eq(us, 1000000);
	ck_assert_int_eq(np_others_mach_us(1, 125, 3, &us), 0);
	ck_assert_uint_eq(us, 0);
	ck_assert_int_eq(np_others_mach_us(1500, 1, 1, &us), 0);
	ck_assert_uint_eq(us, 1);
	ck_assert_int_eq(np_others_mach_us(UINT64_MAX, 1, 1, &us), 0);
	ck_assert_uint_eq(us, UINT64_MAX / 1000);
	ck_assert_int_eq(np_others_mach_us(UINT64_MAX, 125, 3, &us), -1);
	ck_assert_int_eq(np_others_mach_us(1000, 1, 0, &us), -1);
}
END_TEST

/* macOS: struct proc_bsdshortinfo (xnu bsd/sys/proc_info.h; pbsi_comm
 * is p_comm, NUL-terminated by the kernel at MAXCOMLEN - 1) and struct
 * rusage_info_v1 (bsd/sys/resource.h; times in Mach absolute time
 * units), of an arm64 Mac 50000 s after boot.  pbsi_flags:
 * PROC_FLAG_SYSTEM 1, PROC_FLAG_LP64 0x10, PROC_FLAG_EXEC 0x4000. */
START_TEST(test_others_from_libproc)
{
	static const struct np_libproc ws = {
		.pbsi_pid = 431, .pbsi_ppid = 1, .pbsi_comm = "WindowServer", .pbsi_flags = 0x4010,
		.ri_user_time = 36000000, .ri_system_time = 12000000,       /* 1.5 s, 0.5 s */
		.ri_child_user_time = 2400000, .ri_child_system_time = 0,   /* 0.1 s */
		.ri_proc_start_abstime = 1200000000000,                      /* 50000 s */
	}, kernel = {
		.pbsi_pid = 0, .pbsi_comm = "kernel_task", .pbsi_flags = 0x11,
	}, full = {
		.pbsi_pid = 77, .pbsi_ppid = 1,
		.pbsi_comm = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n',
			       'o', 'p' },
	};
	struct np_libproc bad = ws;
	struct np_proc_rec r;

	ck_assert_int_eq(np_others_from_libproc(&ws, 125, 3, &r), 0);
	ck_assert_int_eq(r.pid, 431);
	ck_assert_int_eq(r.ppid, 1);
	ck_assert_int_eq(r.kthread, 0);
	ck_assert_uint_eq(r.us, 2000000);
	ck_assert_uint_eq(r.cus, 100000);
	ck_assert_uint_eq(r.start, 50000000000);
	ck_assert_str_eq(r.name, "WindowServer");
	ck_assert_int_eq(np_others_from_libproc(&kernel, 125, 3, &r), 0);
	ck_assert_int_eq(r.kthread, 1);
	/* A name the whole field long, with no NUL: cut, not overrun. */
	ck_assert_int_eq(np_others_from_libproc(&full, 1, 1, &r), 0);
	ck_assert_str_eq(r.name, "abcdefghijklmno");
	ck_assert_int_eq(np_others_from_libproc(&ws, 1, 0, &r), -1);
	bad.pbsi_pid = 0x80000000u;
	ck_assert_int_eq(np_others_from_libproc(&bad, 125, 3, &r), -1);
}
END_TEST

START_TEST(test_cpu_list_limit)
{
	ck_assert_int_eq(np_cpu_list_limit("0-3\n"), 4);
	ck_assert_int_eq(np_cpu_list_limit("0"), 1);
	ck_assert_int_eq(np_cpu_list_limit("0-3,8-11\n"), 12);
	ck_assert_int_eq(np_cpu_list_limit("0,2,5"), 6);
	ck_assert_int_eq(np_cpu_list_limit(""), -1);
	ck_assert_int_eq(np_cpu_list_limit("x"), -1);
	ck_assert_int_eq(np_cpu_list_limit("0-99999"), -1);
	ck_assert_int_ge(np_cpu_id_limit(), np_cpu_count());
}
END_TEST

static double
cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A child that spins for half a CPU second between the two reads is
 * counted; this process, waiting, is not among the others. */
START_TEST(test_others_this_machine)
{
	struct np_others_probe *p = np_others_begin();
	struct np_others o;
	int fds[2], status;
	pid_t child;
	char c;

	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(pipe(fds), 0);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		volatile unsigned long spin = 0;

		while (cpu_seconds() < 0.5)
			spin++;
		/* Alive until the second read: a process that has ended
		 * takes its counters with it. */
		(void)!write(fds[1], "x", 1);
		pause();
		_exit(0);
	}
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	np_others_end(p, &o);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	ck_assert_int_eq(o.pid, (int)getpid());
	if (o.others_us < 0) {
		/* A system this build reads no processes on: unknown, and
		 * why; never where there is /proc. */
		ck_assert_msg(o.why != NULL, "unknown, with no reason");
		/* A machine busy ending processes (a parallel build) may
		 * double-count beyond its CPUs: unknown, by
		 * np_others_plausible's rule, tested on its own above. */
		if (strstr(o.why, "counted twice"))
			return;
		ck_assert_msg(access("/proc/self/stat", R_OK) != 0, "/proc, yet unknown: %s", o.why);
		return;
	}
	ck_assert_msg(o.others_us >= 480000, "others %lld us", (long long)o.others_us);
	ck_assert(o.own_us >= 0 && o.seconds > 0);
	ck_assert(o.top[0].pid != o.pid && o.top[1].pid != o.pid);
	ck_assert(np_others_cpus(&o, -1) > 0);
	ck_assert(np_others_cpus(&o, o.others_us) == 0);
}
END_TEST

/* A parent, there at both reads, that starts five children one after
 * the other, each spinning 0.1 CPU seconds and ending before the second
 * read: their time is counted, through the parent's c-times (it was
 * once lost with them).  Left out by its pid and start, the
 * parent is what took it, however loaded the machine. */
START_TEST(test_others_short_lived)
{
	struct np_others_probe *p;
	struct np_others_skip skip;
	struct np_proc_stat st;
	struct np_others o;
	int go[2], done[2], status, fd;
	char c, path[32], text[1024];
	ssize_t n;
	pid_t parent;

	ck_assert_int_eq(pipe(go), 0);
	ck_assert_int_eq(pipe(done), 0);
	parent = fork();
	ck_assert_int_ge(parent, 0);
	if (parent == 0) {
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		for (int i = 0; i < 5; i++) {
			pid_t kid = fork();

			if (kid == 0) {
				volatile unsigned long spin = 0;

				while (cpu_seconds() < 0.1)
					spin++;
				_exit(0);
			}
			if (kid > 0)
				waitpid(kid, NULL, 0);
		}
		(void)!write(done[1], "x", 1);
		pause();
		_exit(0);
	}
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)parent);
	fd = open(path, O_RDONLY);
	p = np_others_begin();
	ck_assert_ptr_nonnull(p);
	if (fd < 0) {
		/* No /proc to read the parent's start from (the accounting
		 * of a skip is test_others_account_skip's). */
		np_others_end(p, &o);
		kill(parent, SIGKILL);
		waitpid(parent, &status, 0);
		return;
	}
	n = read(fd, text, sizeof(text));
	close(fd);
	ck_assert_int_eq(np_others_parse(text, n > 0 ? (size_t)n : 0, &st), 0);
	ck_assert_int_eq(write(go[1], "x", 1), 1);
	ck_assert_int_eq(read(done[0], &c, 1), 1);
	skip = (struct np_others_skip){ (int)parent, st.start };
	np_others_second(p);
	ck_assert_int_eq(np_others_finish(p, &skip, &o), 1);
	kill(parent, SIGKILL);
	waitpid(parent, &status, 0);
	/* Five children's 0.5 s, less a clock tick of rounding each. */
	ck_assert_msg(o.skipped_us >= 450000, "the parent took %lld us", (long long)o.skipped_us);
	ck_assert(o.top[0].pid != parent && o.top[1].pid != parent);
	ck_assert_int_ge(o.start, 0);
}
END_TEST

/* Processes counted twice (read, then reaped into a parent read later)
 * can sum to more than the CPUs had: 2.79 s of others over 1.01 s on two
 * CPUs was seen under a loaded make check.  That is unknown, with why. */
START_TEST(test_others_plausible)
{
	struct np_others o = NP_OTHERS_UNKNOWN;

	o.seconds = 1.01;
	o.others_us = 2020000;            /* two CPUs busy the whole span */
	o.top[0].pid = 7;
	ck_assert(np_others_plausible(&o, 2));
	ck_assert_int_eq(o.others_us, 2020000);
	o.others_us = 2790000;
	ck_assert(!np_others_plausible(&o, 2));
	ck_assert_int_eq(o.others_us, -1);
	ck_assert_int_eq(o.top[0].pid, 0);
	ck_assert_ptr_nonnull(o.why);
	ck_assert(np_others_plausible(&o, 2));   /* unknown stays unknown */
	o.others_us = 2790000;
	ck_assert(np_others_plausible(&o, 4));
}
END_TEST

START_TEST(test_others_to_elapsed)
{
	struct np_others o = NP_OTHERS_UNKNOWN;

	/* 2.78 s of others over a 1.5 s span, sent for a 1.0 s test: 1.853
	 * s, within 2 CPUs (json.test's netserver, a build running). */
	o.seconds = 1.5;
	o.others_us = 2780000;
	o.own_us = 30000;
	np_others_to_elapsed(&o, 1.0, 2);
	ck_assert_int_eq(o.others_us, 1853333);
	ck_assert_int_eq(o.own_us, 30000);
	ck_assert(o.seconds == 1.0);
	/* Over 2 CPUs' worth even so: unknown, with why. */
	o.seconds = 1.1;
	o.others_us = 2790000;
	np_others_to_elapsed(&o, 1.0, 2);
	ck_assert_int_eq(o.others_us, -1);
	ck_assert_ptr_nonnull(o.why);
	/* A span no longer than elapsed, or no elapsed time: as it was. */
	o = NP_OTHERS_UNKNOWN;
	o.seconds = 1.0;
	o.others_us = 500000;
	np_others_to_elapsed(&o, 1.2, 2);
	ck_assert_int_eq(o.others_us, 500000);
	np_others_to_elapsed(&o, 0, 2);
	ck_assert_int_eq(o.others_us, 500000);
}
END_TEST

static Suite *
cpu_suite(void)
{
	Suite *s = suite_create("cpu");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_test(tc, test_parse_two_cpus);
	tcase_add_test(tc, test_parse_old_columns);
	tcase_add_test(tc, test_parse_extra_columns);
	tcase_add_test(tc, test_parse_sparse_and_big_ids);
	tcase_add_loop_test(tc, test_parse_malformed, 0,
	    (int)(sizeof(malformed) / sizeof(malformed[0])));
	tcase_add_test(tc, test_parse_stops_at_nul);
	tcase_add_test(tc, test_parse_largest_counter);
	tcase_add_test(tc, test_parse_no_aggregate);
	tcase_add_test(tc, test_parse_has);
	suite_add_tcase(s, tc);

	tc = tcase_create("forms");
	tcase_add_test(tc, test_cp_times_form);
	tcase_add_test(tc, test_cp_times_compute);
	tcase_add_test(tc, test_cp_times_sizes);
	tcase_add_test(tc, test_mach_ticks_form);
	tcase_add_test(tc, test_mach_ticks_wrap);
	tcase_add_test(tc, test_method_letters);
	suite_add_tcase(s, tc);

	tc = tcase_create("compute");
	tcase_add_test(tc, test_compute_known);
	tcase_add_test(tc, test_compute_peak_sparse);
	tcase_add_test(tc, test_compute_peak_tie);
	tcase_add_test(tc, test_compute_peak_stalled_cpu);
	tcase_add_test(tc, test_compute_zero_delta);
	tcase_add_test(tc, test_compute_backwards);
	tcase_add_test(tc, test_compute_no_per_cpu);
	tcase_add_test(tc, test_compute_hotplug);
	suite_add_tcase(s, tc);

	tc = tcase_create("others");
	tcase_add_test(tc, test_others_parse);
	tcase_add_test(tc, test_others_account_exits);
	tcase_add_test(tc, test_others_account_limits);
	tcase_add_test(tc, test_others_account_chain);
	tcase_add_test(tc, test_others_account_skip);
	tcase_add_test(tc, test_others_from_stat);
	tcase_add_test(tc, test_others_from_kinfo);
	tcase_add_test(tc, test_others_kinfo_account);
	tcase_add_test(tc, test_others_mach_us);
	tcase_add_test(tc, test_others_from_libproc);
	tcase_add_test(tc, test_others_plausible);
	tcase_add_test(tc, test_others_to_elapsed);
	tcase_add_test(tc, test_cpu_list_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("system");
	tcase_add_test(tc, test_read_this_machine);
	tcase_add_test(tc, test_bind);
	tcase_add_test(tc, test_others_this_machine);
	tcase_add_test(tc, test_others_short_lived);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(cpu_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
