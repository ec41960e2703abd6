/*
 * view.c - the rules by which the printers read a run's settings.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/view.h"

#include "base/units.h"
#include "cli/opts.h"
#include "run/test.h"

bool np_report_cpu(const struct np_report *r)
{
	return r->o->local_cpu || r->o->remote_cpu;
}

const struct np_selection *np_report_selection(const struct np_report *r)
{
	return r->o->selecting ? &r->o->selection : NULL;
}

int32_t np_report_param(const struct np_report *r, const char *name)
{
	return np_test_param(r->o->test, r->o->test_params, name);
}
