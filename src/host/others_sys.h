/*
 * others_sys.h - what a backend of others.h gives the accounting in
 * others.c: the processes of one read, as records (struct np_proc_rec),
 * and the clock their starts are on.  One backend is built, as
 * configure chose: others_proc.c (Linux's /proc), others_kinfo.c
 * (FreeBSD's sysctl kern.proc.proc), others_libproc.c (macOS's libproc),
 * others_none.c (anything else: unknown, with its reason).
 *
 * A reason (*why) is a constant string, one line, saying what failed.
 */
#ifndef NP_OTHERS_SYS_H
#define NP_OTHERS_SYS_H

#include <stddef.h>
#include <stdint.h>

#include "host/others.h"

/* The records of one read, in any order (others.c sorts them). */
struct np_others_list {
	size_t n, cap;
	struct np_proc_rec *p;
};

/* The reason when np_others_add fails. */
#define NP_OTHERS_WHY_MANY "more processes than netperf-ng keeps (65536), or no memory for them"

/* Append r to l: 0, or -1 past NP_OTHERS_MAX or out of memory
 * (others.c). */
int np_others_add(struct np_others_list *l, const struct np_proc_rec *r);

/* The time now on the clock of the records' starts, less that clock's
 * grain (struct np_others_reads' since): 0, or -1 with *why. */
int np_others_sys_now(uint64_t *since, const char **why);

/* Every process but self, kernel threads too, appended to l (a process
 * gone while it is read is left out, as if never there): 0, or -1 with
 * *why. */
int np_others_sys_read(int self, struct np_others_list *l, const char **why);

/* This process's start on that clock, -1 unknown. */
int64_t np_others_sys_self_start(int self);

#endif
