/*
 * placement_sys.h - what a system's placement backend gives
 * placement.c (placement_linux.c, placement_freebsd.c,
 * placement_darwin.c, placement_none.c; configure picks one).  A backend
 * keeps only the system calls: what it reads is parsed by the pure
 * functions of placement.h, which Check tests on every system.
 */
#ifndef NP_PLACEMENT_SYS_H
#define NP_PLACEMENT_SYS_H

#include "host/placement.h"

/* The CPU this thread runs on now, -1 unknown. */
int np_place_sys_cpu(void);

/* Right before a loop: p->fd and p->base as the backend counts
 * migrations (both -1 where it cannot). */
void np_place_sys_begin(struct np_place_probe *p);

/* Right after it: the migrations since np_place_sys_begin, -1 unknown;
 * what begin opened is closed. */
int64_t np_place_sys_moves(struct np_place_probe *p);

/* The number every CPU of this host is below, -1 where the backend has
 * no better figure than the CPUs configured. */
int np_place_sys_cpu_limit(void);

#endif
