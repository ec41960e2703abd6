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

double np_report_headline_scale(const struct np_report *r)
{
	return r->unit == 'x' ? 1.0 : 8.0 / np_unit_rate(1.0, r->unit);
}

int32_t np_report_param(const struct np_report *r, const char *name)
{
	return np_test_param(r->o->test, r->o->test_params, name);
}
