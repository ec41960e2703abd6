/*
 * check_evloop.c - the event loop's cases (evloop_cases.h) on the
 * backend configure chose for this system, as libnetperf has it.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "evloop_cases.h"

int main(void)
{
	printf("check_evloop: the %s backend\n", np_evloop_backend());
	return evloop_run("evloop");
}
