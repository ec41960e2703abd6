/*
 * placement_none.c - a system this build knows no way to ask: a loop's
 * CPU and its migrations are unknown; the CPU numbers' limit is the CPUs
 * configured (sysconf, in placement.c).
 */
#include "config.h"

#include "host/placement_sys.h"

#include <stddef.h>

int np_place_sys_cpu(void)
{
	return -1;
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
	return "this system has no backend that reads it";
}

const char *np_place_moves_unknown(void)
{
	return "this system has no backend that reads them";
}
