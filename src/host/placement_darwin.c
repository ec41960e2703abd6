/*
 * placement_darwin.c - a loop's CPU by pthread_cpu_number_np (macOS 11
 * and later; a number below hw.ncpu, which sysconf gives as the limit).
 * Its migrations are unknown: macOS counts none per thread that a
 * process can read (proc_pidinfo's thread info has times and a priority,
 * no CPU history).
 */
#include "config.h"

#include "host/placement_sys.h"

#include <pthread.h>
#include <stddef.h>

int np_place_sys_cpu(void)
{
	size_t cpu;

	return pthread_cpu_number_np(&cpu) == 0 && cpu <= NP_PLACE_CPU_MAX ? (int)cpu : -1;
}

void np_place_sys_begin(struct np_place_probe *p)
{
	p->fd = -1;
	p->base = -1;
}

int64_t np_place_sys_moves(struct np_place_probe *p)
{
	(void)p;
	return -1;
}

int np_place_sys_cpu_limit(void)
{
	return -1;
}

const char *np_place_cpu_unknown(void)
{
	return NULL;
}

const char *np_place_moves_unknown(void)
{
	return "macOS has no per-thread migration count";
}
