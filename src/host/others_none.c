/*
 * others_none.c - others.h's reads where netperf-ng knows no way to read
 * other processes' CPU time (others_sys.h): the figure is unknown, with
 * that reason, never 0.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others_sys.h"

static const char why_none[] =
	"netperf-ng reads no other processes' CPU time on this system (no /proc, "
	"kern.proc.proc or libproc)";

int np_others_sys_now(uint64_t *since, const char **why)
{
	*since = 0;
	*why = why_none;
	return -1;
}

int np_others_sys_read(int self, struct np_others_list *l, const char **why)
{
	(void)self;
	(void)l;
	*why = why_none;
	return -1;
}

int64_t np_others_sys_self_start(int self)
{
	(void)self;
	return -1;
}
