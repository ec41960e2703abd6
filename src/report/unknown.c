/*
 * unknown.c - the figures a run shows as unknown, and why (unknown.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/unknown.h"

#include <stdarg.h>
#include <stdbool.h>

#include "base/tcpinfo.h"
#include "cli/opts.h"
#include "host/cpu.h"
#include "host/facts.h"
#include "host/placement.h"
#include "report/fields.h"
#include "run/test.h"

const struct np_unknown_row np_unknown_rows[NP_UNKNOWN_FIGS] = {
	[NP_U_LCPU] = { "local_cpu_utilization", "local CPU utilisation", 1 },
	[NP_U_RCPU] = { "remote_cpu_utilization", "remote CPU utilisation", 1 },
	[NP_U_LDATA_CPU] = { "local_data_cpu", "local data loop's CPU", 2 },
	[NP_U_LMOVES] = { "local_migrations", "local data loop's migrations", 2 },
	[NP_U_RDATA_CPU] = { "remote_data_cpu", "remote data loop's CPU", 2 },
	[NP_U_RMOVES] = { "remote_migrations", "remote data loop's migrations", 2 },
	[NP_U_SHARED] = { "shared_cpu", "whether the data loops shared one CPU", 2 },
	[NP_U_LHOST] = { "local_host", "part of the local host facts", 2 },
	[NP_U_RHOST] = { "remote_host", "remote host facts", 2 },
	[NP_U_LRETRANS] = { "local_retransmissions", "local retransmissions", NP_UNKNOWN_JSON },
	[NP_U_RRETRANS] = { "remote_retransmissions", "remote retransmissions", NP_UNKNOWN_JSON },
	[NP_U_LOTHERS] = { "local_other_cpus", "other processes' CPU time on the local host",
			   NP_UNKNOWN_JSON },
	[NP_U_ROTHERS] = { "remote_other_cpus", "other processes' CPU time on the remote host",
			   NP_UNKNOWN_JSON },
};

void np_lacks_read(struct np_lacks *l)
{
	l->cpu = np_cpu_method() == NP_CPU_METHOD_UNKNOWN ? np_cpu_source() : NULL;
	l->cpu_source = np_cpu_source();
	l->place_cpu = np_place_cpu_unknown();
	l->place_moves = np_place_moves_unknown();
	l->boot_id = np_boot_id_unknown();
	l->tcp = np_tcp_counts_unknown();
	l->facts = np_host_facts_lacks();
}

/* The list being made. */
struct list {
	struct np_unknown *u;
	int n;
};

#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static void add(struct list *l, enum np_unknown_fig fig, const char *fmt, ...)
{
	va_list ap;

	l->u[l->n].fig = fig;
	va_start(ap, fmt);
	vsnprintf(l->u[l->n].why, sizeof(l->u[l->n].why), fmt, ap);
	va_end(ap);
	l->n++;
}

/* Why one of netserver's figures is unknown: it has no netserver (-N),
 * it is not netperf-ng (for a figure netperf-ng's alone sends), or it
 * did not say. */
static const char *remote_why(const struct np_report *r, bool ng_only)
{
	if (r->o->no_control)
		return "no netserver (-N)";
	if (ng_only && !r->res.remote_host.known)
		return "netserver is not netperf-ng (netperf 2.7.1's sends no such figure)";
	return "netserver did not say why";
}

/* -c and -C: a side measured and unknown. */
static void cpu(const struct np_report *r, struct list *l)
{
	const struct np_result *s = &r->res;
	const struct np_lacks *k = &r->lacks;

	if (r->o->local_cpu && (s->lcpu_method == 'U' || s->lcpu < 0)) {
		if (k->cpu)
			add(l, NP_U_LCPU, "%s", k->cpu);
		else
			add(l, NP_U_LCPU, "%s could not be read",
			    k->cpu_source ? k->cpu_source : "the CPU counters");
	}
	if (r->o->remote_cpu && (s->rcpu_method == 'U' || s->rcpu < 0))
		add(l, NP_U_RCPU, "%s", remote_why(r, false));
}

/* Where the data loops ran, and whether they shared one CPU: unknown
 * for a boot id alone (an unknown CPU has its own entry). */
static void placement(const struct np_report *r, struct list *l)
{
	const struct np_result *s = &r->res;
	const struct np_lacks *k = &r->lacks;

	if (!s->local_at.known && k->place_cpu)
		add(l, NP_U_LDATA_CPU, "%s", k->place_cpu);
	if (s->local_at.migrations < 0 && k->place_moves)
		add(l, NP_U_LMOVES, "%s", k->place_moves);
	if (!s->remote_at.known)
		add(l, NP_U_RDATA_CPU, "%s", remote_why(r, true));
	else if (s->remote_at.migrations < 0)
		add(l, NP_U_RMOVES, "%s", remote_why(r, true));
	if (s->shared_cpu >= 0)
		return;
	if (!s->local_boot.known && k->boot_id)
		add(l, NP_U_SHARED, "the local boot id is unknown: %s", k->boot_id);
	else if (s->local_boot.known && !s->remote_boot.known)
		add(l, NP_U_SHARED, "the remote boot id is unknown: %s", remote_why(r, true));
}

static void facts(const struct np_report *r, struct list *l)
{
	if (r->res.local_host.known && r->lacks.facts)
		add(l, NP_U_LHOST, "%s", r->lacks.facts);
	if (!r->res.remote_host.known)
		add(l, NP_U_RHOST, "%s", remote_why(r, true));
}

/* TCP's retransmissions: a test of a connection per transaction has
 * closed them all before its counters are read. */
static void retrans(const struct np_report *r, struct list *l)
{
	const struct np_result *s = &r->res;
	const char *each = r->o->test->connect_each
				   ? "each transaction's connection is closed before its "
				     "counters are read"
				   : NULL;

	if (!np_group_present(NP_G_TCP, r))
		return;
	if (s->ltransport_retrans < 0 && (each || r->lacks.tcp))
		add(l, NP_U_LRETRANS, "%s", each ? each : r->lacks.tcp);
	if (s->rtransport_retrans < 0)
		add(l, NP_U_RRETRANS, "%s", each ? each : remote_why(r, false));
}

/* Other processes' CPU time: not taken with --flows (each flow's
 * netserver session is another process on either host). */
static void others(const struct np_report *r, struct list *l)
{
	const struct np_result *s = &r->res;
	const char *flows = r->o->flows > 1
				    ? "not measured with --flows (each flow's netserver session "
				      "would count as another process)"
				    : NULL;

	if (s->local_others.others_us < 0 && (flows || s->local_others.why))
		add(l, NP_U_LOTHERS, "%s", flows ? flows : s->local_others.why);
	if (s->remote_others.others_us < 0)
		add(l, NP_U_ROTHERS, "%s", flows ? flows : remote_why(r, true));
}

int np_unknowns(const struct np_report *r, struct np_unknown u[NP_UNKNOWN_FIGS])
{
	struct list l = { u, 0 };

	if (!r->o || !r->o->test || r->o->test->no_connection)
		return 0;
	cpu(r, &l);
	placement(r, &l);
	facts(r, &l);
	retrans(r, &l);
	others(r, &l);
	return l.n;
}

void np_unknown_notes(FILE *out, const struct np_report *r, int level)
{
	struct np_unknown u[NP_UNKNOWN_FIGS];
	const int n = level < NP_UNKNOWN_JSON ? np_unknowns(r, u) : 0;

	for (int i = 0; i < n; i++) {
		const struct np_unknown_row *row = &np_unknown_rows[u[i].fig];

		if (row->verbosity == level)
			fprintf(out, "%s unknown: %s\n", row->figure, u[i].why);
	}
}
