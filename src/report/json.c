/*
 * json.c - -J: the run as one JSON object (doc/json.md), built with
 * jansson from the report and its result alone.  Key names carry their
 * units; what was not measured or is not known is null, never netperf's
 * -1.  Rates are in fixed units whatever -f says: bits/s, transactions/s.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/json.h"

#ifdef HAVE_JANSSON

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "base/units.h"
#include "base/version.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "report/fields.h"
#include "report/unknown.h"
#include "report/view.h"

/* Any value jansson could not make (it ran out of memory) fails the
 * whole object: a reader gets all of it or nothing. */
struct jb {
	bool failed;
};

/* json_object_set_new and json_array_append_new take v, or drop it,
 * even when the container is NULL. */
static void put(struct jb *b, json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v) < 0)
		b->failed = true;
}

static void add(struct jb *b, json_t *a, json_t *v)
{
	if (!v || json_array_append_new(a, v) < 0)
		b->failed = true;
}

/* JSON has no NaN or infinity: null. */
static json_t *num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *num_if(bool known, double v)
{
	return known ? num(v) : json_null();
}

static json_t *count(uint64_t v)
{
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

/* netperf's -1 (any negative) is "not known". */
static json_t *whole_if_known(long long v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

static json_t *whole_if(bool known, long long v)
{
	return known ? json_integer(v) : json_null();
}

/* JSON text is UTF-8; an argv or a host name can be any bytes: when it
 * is not UTF-8, its bytes past ASCII become '?'. */
static json_t *text(const char *s)
{
	json_t *v;
	char *copy;

	if (!s)
		return json_null();
	v = json_string(s);
	if (v || !(copy = strdup(s)))
		return v;
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	v = json_string(copy);
	free(copy);
	return v;
}

static json_t *text_if(bool known, const char *s)
{
	return known && s ? text(s) : json_null();
}

/* The headline, netperf's figure (and the one confidence judges): in
 * transactions/s for 'x', else in bits/s.  The report's unit is linear
 * in bytes/s, so one factor takes its figures there. */
static const char *headline_key(const struct np_report *r)
{
	return r->unit == 'x' ? "transactions_per_second" : "throughput_bits_per_second";
}

static json_t *family_if_known(int family)
{
	return family == AF_INET || family == AF_INET6 ? json_string(np_family_name(family))
						       : json_null();
}

/* --sweep's sizes, in the order asked. */
static json_t *sweep_sizes(struct jb *b, const struct np_sweep_list *l)
{
	json_t *a;

	if (!l)
		return json_null();
	a = json_array();
	for (int i = 0; i < l->n; i++)
		add(b, a, json_integer(l->size[i]));
	return a;
}

/* The settings that come from their rows (np_opts_each): the test's own
 * options (--batch, --busy-poll, ...) by name into test_options, and
 * each setting whose row names its keys (.json) into settings, shown as
 * the row says (enum np_show). */
struct row_walk {
	struct jb *b;
	const struct np_report *r;
	const struct np_json_run *x;
	json_t *settings, *own;
};

/* A setting's value k as it is, whatever its type. */
static json_t *setting_value(struct jb *b, const struct np_setting *s, int k)
{
	const char c[2] = { s->v[k].c, '\0' };
	json_t *a;

	switch (s->type) {
	case NP_SET_BOOL:
		return json_boolean(s->v[k].b);
	case NP_SET_INT:
		return json_integer(s->v[k].i);
	case NP_SET_DECIMAL:
		return json_real(s->v[k].d);
	case NP_SET_CHAR:
		return text_if(c[0] != '\0', c);
	case NP_SET_TEXT:
		return text(s->v[k].s);
	case NP_SET_CPUS:
		a = json_array();
		for (int i = 0; i < s->ncpus; i++)
			add(b, a, json_integer(s->cpus[i]));
		return a;
	}
	return json_null();
}

/* Whether value k is shown or is null. */
static bool setting_shown(const struct row_walk *w, const struct np_setting *s, int k)
{
	const double v = s->type == NP_SET_DECIMAL ? s->v[k].d : (double)s->v[k].i;
	const struct np_opts *q = w->r->o;
	const bool rr = q->test && q->test->rr;

	switch (s->show) {
	case NP_SHOW_SET:
		return v > 0;
	case NP_SHOW_KNOWN:
		return v >= 0;
	case NP_SHOW_RR:
		return rr;
	case NP_SHOW_RR_SIZE:
		return rr && !w->x->sweep;
	case NP_SHOW_CONFIDENCE:
		return q->confidence;
	default:
		return true;
	}
}

/* "key", or "object.key" in that member object of o (made at its first
 * key). */
static void put_at(struct jb *b, json_t *o, const char *key, json_t *v)
{
	const char *dot = strchr(key, '.');
	char name[64];
	json_t *in;

	if (!dot || (size_t)(dot - key) >= sizeof(name)) {
		put(b, o, key, v);
		return;
	}
	memcpy(name, key, (size_t)(dot - key));
	name[dot - key] = '\0';
	if (!(in = json_object_get(o, name))) {
		in = json_object();
		put(b, o, name, in);
	}
	put(b, in, dot + 1, v);
}

/* -l's one value: seconds, or bytes for a stream test and transactions
 * for a request/response test. */
static void length_keys(const struct row_walk *w, const struct np_setting *s)
{
	const int64_t secs = np_length_seconds(s->v[0].i), count = np_length_count(s->v[0].i);
	const bool rr = w->r->o->test && w->r->o->test->rr;

	put_at(w->b, w->settings, s->json[0], whole_if(secs > 0, secs));
	put_at(w->b, w->settings, s->json[1], whole_if(count > 0 && !rr, count));
	put_at(w->b, w->settings, s->json[2], whole_if(count > 0 && rr, count));
}

static void row_setting(void *ctx, const struct np_setting *s)
{
	struct row_walk *w = ctx;

	if (s->own) {
		put(w->b, w->own, s->name, setting_value(w->b, s, 0));
		return;
	}
	if (s->show == NP_SHOW_LENGTH) {
		length_keys(w, s);
		return;
	}
	for (int k = 0; k < 2; k++) {
		json_t *v;

		if (!s->json[k] || (k > 0 && s->n < 2))
			continue;
		if (!setting_shown(w, s, k))
			v = json_null();
		else if (s->show == NP_SHOW_FAMILY)
			v = json_string(np_family_name((int)s->v[k].i));
		else
			v = setting_value(w->b, s, k);
		put_at(w->b, w->settings, s->json[k], v);
	}
}

/* The settings: what the command line asked, under the schema's names
 * (doc/json.md), from the option rows; those that depend on the plan
 * (addresses, the unit in effect, the sweep's sizes) from it. */
static json_t *settings(struct jb *b, const struct np_report *r, const struct np_json_run *x)
{
	json_t *o = json_object(), *ctl = json_object(), *data = json_object();
	const struct np_plan *p = r->plan;   /* NULL: the run failed before it */
	const char unit[2] = { r->unit, '\0' };
	struct row_walk w = { b, r, x, o, json_object() };

	put(b, ctl, "host", text(r->ctl_host));
	put(b, o, "control", ctl);
	put(b, data, "remote_host", text(p ? p->rname : NULL));
	put(b, data, "remote_address", text(p ? p->raddr : NULL));
	put(b, data, "local_host", text(p ? p->lname : NULL));
	put(b, data, "local_address", text(p ? p->laddr : NULL));
	put(b, data, "family", family_if_known(p ? p->family : AF_UNSPEC));
	put(b, o, "data", data);
	np_opts_each(r->o, row_setting, &w);
	put(b, o, "output_unit", json_string(unit));
	put(b, o, "sweep_sizes_bytes", sweep_sizes(b, x->sweep));
	put(b, o, "test_options", w.own);
	return o;
}

/* A fact's text: "" is not known. */
static json_t *fact_text(const struct np_host_facts *h, const char *s)
{
	return text_if(h->known && s[0] != '\0', s);
}

static json_t *offload(const struct np_host_facts *h, enum np_offload o)
{
	return h->offload_known & (1u << o) ? json_boolean(h->offload_on & (1u << o))
					    : json_null();
}

/* The interface the data crossed on one end (src/host/facts.h), null unknown. */
static json_t *interface(struct jb *b, const struct np_host_facts *h)
{
	json_t *o, *off;

	if (!h->known || !h->ifname[0])
		return json_null();
	o = json_object();
	off = json_object();
	put(b, o, "name", text(h->ifname));
	put(b, o, "driver", fact_text(h, h->driver));
	put(b, o, "driver_version", fact_text(h, h->driver_version));
	put(b, o, "firmware", fact_text(h, h->firmware));
	put(b, o, "bus", fact_text(h, h->bus));
	put(b, o, "mtu_bytes", whole_if_known(h->mtu));
	put(b, o, "link_speed_mbit_per_second", whole_if_known(h->speed_mbps));
	put(b, off, "rx_checksum", offload(h, NP_OFFLOAD_RX_CSUM));
	put(b, off, "tx_checksum", offload(h, NP_OFFLOAD_TX_CSUM));
	put(b, off, "tso", offload(h, NP_OFFLOAD_TSO));
	put(b, off, "gso", offload(h, NP_OFFLOAD_GSO));
	put(b, off, "gro", offload(h, NP_OFFLOAD_GRO));
	put(b, off, "lro", offload(h, NP_OFFLOAD_LRO));
	put(b, o, "offloads", off);
	put(b, o, "rx_queues", whole_if_known(h->rx_queues));
	put(b, o, "tx_queues", whole_if_known(h->tx_queues));
	return o;
}

/* A host's facts: this one's as read after the data phase (its uname
 * alone when the run failed first); netserver's as netserver-ng sent
 * them (doc/extension.md), null from a netserver 2.7.1 but for the CPU
 * count -C measured with. */
static json_t *host(struct jb *b, const struct np_report *r, bool local)
{
	const struct np_host_facts *h = local ? &r->res.local_host : &r->res.remote_host;
	const int measured = local ? r->local_cpus : r->res.rcpu_more.count;
	const int cpus = h->known && h->cpu_count > 0 ? h->cpu_count : measured;
	const bool ng = local || (h->known && h->ng_version[0]);
	json_t *o = json_object();

	if (local && !h->known) {
		put(b, o, "sysname", text(r->sysname));
		put(b, o, "release", text(r->release));
		put(b, o, "version", text(r->version));
		put(b, o, "machine", text(r->machine));
	} else {
		put(b, o, "sysname", fact_text(h, h->sysname));
		put(b, o, "release", fact_text(h, h->release));
		put(b, o, "version", fact_text(h, h->version));
		put(b, o, "machine", fact_text(h, h->machine));
	}
	put(b, o, "cpu_count", whole_if(cpus > 0, cpus));
	put(b, o, "cpu_model", fact_text(h, h->cpu_model));
	put(b, o, "netperf_ng_version", local ? text(PACKAGE_VERSION) : fact_text(h, h->ng_version));
	put(b, o, "netperf_compat_version", text_if(ng, NP_COMPAT_VERSION));
	put(b, o, "interface", interface(b, h));
	return o;
}

/* -j's histogram: its non-empty buckets as [low edge, width, count],
 * nanoseconds. */
static json_t *buckets(struct jb *b, const struct np_hist *h)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < NP_HIST_BUCKETS; i++) {
		uint64_t low, width;

		if (!h->bucket[i])
			continue;
		np_hist_bucket(i, &low, &width);
		add(b, a, json_pack("[III]", (json_int_t)low, (json_int_t)width,
				    (json_int_t)h->bucket[i]));
	}
	return a;
}

/* A field's value as its row has it (fields.h); null when not known. */
static json_t *value(struct jb *b, const struct np_value *v)
{
	const char letter[2] = { (char)v->i, '\0' };

	if (!v->known)
		return json_null();
	switch (v->type) {
	case NP_V_INT: return json_integer(v->i);
	case NP_V_U64: return count(v->u);
	case NP_V_DOUBLE: return num(v->d);
	case NP_V_CHAR: return json_string(letter);
	case NP_V_TEXT: return text(v->s);
	case NP_V_BOOL: return json_boolean(v->i);
	case NP_V_HIST: return buckets(b, v->hist);
	}
	return json_null();
}

/* One object of the result: its fields in the rows' order, then the
 * objects in it; null when it does not apply to r. */
static json_t *group(struct jb *b, const struct np_report *r, enum np_group g)
{
	json_t *o;

	if (!np_group_present(g, r))
		return json_null();
	o = json_object();
	for (int i = 0; i < np_nfields; i++) {
		const struct np_field *f = &np_fields[i];
		struct np_value v;

		if (f->group != g || !f->json)
			continue;
		np_field_get(f, r, &v);
		put(b, o, f->json, value(b, &v));
	}
	for (int k = 0; k < NP_GROUPS; k++)
		if (np_groups[k].key && np_groups[k].parent == g)
			put(b, o, np_groups[k].key, group(b, r, (enum np_group)k));
	return o;
}

/* What one result measured: the run's (means over iterations where
 * netperf prints means; the rest the last iteration's), or one flow's. */
static json_t *result(struct jb *b, const struct np_report *r, const struct np_result *s)
{
	struct np_report one = *r;

	one.res = *s;
	return group(b, &one, NP_G_RESULT);
}

/* Where one end's data loop ran: null when its CPUs are unknown. */
static json_t *placement(struct jb *b, const struct np_placement *a)
{
	json_t *o;

	if (!a->known)
		return json_null();
	o = json_object();
	put(b, o, "cpu_start", json_integer(a->cpu_start));
	put(b, o, "cpu_end", json_integer(a->cpu_end));
	put(b, o, "migrations", whole_if_known(a->migrations));
	return o;
}

static json_t *shared_cpu(int shared)
{
	return shared < 0 ? json_null() : json_boolean(shared);
}

/* The busiest other process on netperf's host, when any took CPU. */
static json_t *busiest(struct jb *b, const struct np_iteration *it)
{
	json_t *o;

	if (!(it->lothers > 0) || !it->lothers_top[0])
		return json_null();
	o = json_object();
	put(b, o, "name", text(it->lothers_top));
	put(b, o, "pid", json_integer(it->lothers_top_pid));
	put(b, o, "cpus", num(it->lothers_top_cpus));
	return o;
}

static json_t *iterations(struct jb *b, const struct np_report *r)
{
	const int n = r->res.iterations < NP_ITERATIONS_MAX ? r->res.iterations : NP_ITERATIONS_MAX;
	const bool rr = r->o->test && r->o->test->rr;
	json_t *a = json_array();

	for (int i = 0; i < n; i++) {
		const struct np_iteration *it = &r->res.iter[i];
		json_t *o = json_object();

		put(b, o, "iteration", json_integer(i + 1));
		put(b, o, "elapsed_s", num(it->elapsed));
		put(b, o, "throughput_bits_per_second", num(it->bits_per_s));
		put(b, o, "transactions_per_second", num_if(rr, it->trans_per_s));
		put(b, o, "local_cpu_percent", num_if(it->lcpu >= 0, it->lcpu));
		put(b, o, "remote_cpu_percent", num_if(it->rcpu >= 0, it->rcpu));
		put(b, o, "local_placement", placement(b, &it->local_at));
		put(b, o, "remote_placement", placement(b, &it->remote_at));
		put(b, o, "shared_cpu", shared_cpu(it->shared));
		put(b, o, "local_other_cpus", num_if(it->lothers >= 0, it->lothers));
		put(b, o, "remote_other_cpus", num_if(it->rothers >= 0, it->rothers));
		put(b, o, "local_other_busiest", busiest(b, it));
		add(b, a, o);
	}
	return a;
}

/* A figure's spread in the figure's unit (scale takes it there); the
 * interval's half-width only with -i/-I and two iterations or more. */
static json_t *spread(struct jb *b, const struct np_spread *sp, int n, double t, double scale)
{
	json_t *o = json_object();

	put(b, o, "mean", num(sp->mean * scale));
	put(b, o, "stddev", num_if(n >= 2, sp->stddev * scale));
	put(b, o, "half_width", num_if(t > 0, sp->half * scale));
	put(b, o, "half_width_percent", num_if(t > 0, sp->half_pct));
	return o;
}

static json_t *summary(struct jb *b, const struct np_report *r)
{
	const struct np_result *s = &r->res;
	json_t *o, *conf;

	if (s->iterations < 1)
		return json_null();
	o = json_object();
	put(b, o, "n", json_integer(s->iterations));
	put(b, o, headline_key(r), spread(b, &s->tput_spread, s->iterations, s->conf_t,
					  np_report_headline_scale(r)));
	put(b, o, "local_cpu_percent", s->lcpu_spread.mean >= 0
		? spread(b, &s->lcpu_spread, s->iterations, s->conf_t, 1) : json_null());
	put(b, o, "remote_cpu_percent", s->rcpu_spread.mean >= 0
		? spread(b, &s->rcpu_spread, s->iterations, s->conf_t, 1) : json_null());
	if (!r->o->confidence) {
		put(b, o, "confidence", json_null());
		return o;
	}
	conf = json_object();
	put(b, conf, "level_percent", num(r->o->conf_level));
	put(b, conf, "width_percent", num(r->o->conf_width));
	put(b, conf, "result_only", json_boolean(r->o->result_only));
	put(b, conf, "t", num_if(s->conf_t > 0, s->conf_t));
	put(b, conf, "width_reached_percent", num_if(s->iterations >= 2, s->conf_tput));
	put(b, conf, "met", json_boolean(s->conf_met));
	put(b, o, "confidence", conf);
	return o;
}

static json_t *flows(struct jb *b, const struct np_report *r, const struct np_json_run *x)
{
	json_t *a;

	if (!x->flows || x->error)
		return json_null();
	a = json_array();
	for (int i = 0; i < x->nflows; i++) {
		json_t *f = result(b, r, &x->flows[i]);

		put(b, f, "flow", json_integer(i + 1));
		add(b, a, f);
	}
	return a;
}

/* --sweep: each size measured, a result with the size, the sweep
 * table's figures, and its own iterations and summary. */
static json_t *sweep(struct jb *b, const struct np_report *r, const struct np_json_run *x)
{
	json_t *a;

	if (!x->sweep)
		return json_null();
	a = json_array();
	for (int i = 0; i < x->nsweep; i++) {
		const struct np_result *s = &x->sweep_res[i];
		struct np_report one = *r;
		struct np_sweep_figures f;
		json_t *e = result(b, r, s);

		one.res = *s;
		np_sweep_figures(r->o->test, s, &f);
		put(b, e, "size_bytes", json_integer(x->sweep->size[i]));
		put(b, e, "packets_per_second_sent", num(f.sent_per_s));
		put(b, e, "packets_per_second_received", num(f.received_per_s));
		put(b, e, "loss_percent", num_if(f.loss_pct >= 0, f.loss_pct));
		put(b, e, "local_cpu_percent", num_if(f.lcpu >= 0, f.lcpu));
		put(b, e, "remote_cpu_percent", num_if(f.rcpu >= 0, f.rcpu));
		put(b, e, "iterations", iterations(b, &one));
		put(b, e, "summary", summary(b, &one));
		add(b, a, e);
	}
	return a;
}

/* -D: each figure in the headline's unit. */
static json_t *interim(struct jb *b, const struct np_report *r)
{
	const struct np_result *s = &r->res;
	json_t *o, *a;

	if (r->o->interim <= 0)
		return json_null();
	o = json_object();
	a = json_array();
	for (int i = 0; i < s->ninterim; i++) {
		const struct np_interim *f = &s->interim[i];
		json_t *e = json_object();

		put(b, e, "iteration", json_integer(f->iteration));
		put(b, e, "end_unix_s", num(f->ending));
		put(b, e, "interval_s", num(f->seconds));
		put(b, e, headline_key(r), num(f->rate * np_report_headline_scale(r)));
		add(b, a, e);
	}
	put(b, o, "figures", a);
	put(b, o, "dropped", count(s->interim_dropped));
	return o;
}

/* Why the figures the object has null are unknown (unknown.h): each
 * reason under its figure's key; {} when none has one, or the run failed.
 * A sweep's are its last size's. */
static json_t *unknown(struct jb *b, const struct np_report *r, const struct np_json_run *x)
{
	struct np_unknown u[NP_UNKNOWN_FIGS];
	struct np_report one = *r;
	json_t *o = json_object();
	int n;

	if (x->error || (x->sweep && x->nsweep < 1))
		return o;
	if (x->sweep)
		one.res = x->sweep_res[x->nsweep - 1];
	n = np_unknowns(&one, u);
	for (int i = 0; i < n; i++)
		put(b, o, np_unknown_rows[u[i].fig].key, text(u[i].why));
	return o;
}

/* RFC 3339 in UTC with microseconds, "2026-12-03T15:40:01.123456Z";
 * null when unknown. */
static json_t *wall_time(const struct timespec *t)
{
	struct tm tm;
	char buf[96];

	if (t->tv_sec == 0 || !gmtime_r(&t->tv_sec, &tm))
		return json_null();
	snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		 (int)(t->tv_nsec / 1000 % 1000000));
	return json_string(buf);
}

int np_json_print(FILE *out, const struct np_report *r, const struct np_json_run *x)
{
	struct jb b = { false };
	json_t *o = json_object(), *warnings = json_array();
	char *line = NULL;
	int rc = -1;

	put(&b, o, "json_version", json_integer(NP_JSON_VERSION));
	put(&b, o, "command_line", text(r->command_line));
	put(&b, o, "uuid", text_if(r->uuid && r->uuid[0], r->uuid));
	put(&b, o, "test", text_if(r->o->test, r->o->test ? r->o->test->name : NULL));
	put(&b, o, "headline", json_string(headline_key(r)));
	put(&b, o, "start_time", wall_time(&x->start));
	put(&b, o, "end_time", wall_time(&x->end));
	if (x->error)
		put(&b, o, "error", text(x->error));
	for (int i = 0; i < x->nwarnings; i++)
		add(&b, warnings, text(x->warnings[i]));
	put(&b, o, "warnings", warnings);
	put(&b, o, "unknown", unknown(&b, r, x));
	put(&b, o, "settings", settings(&b, r, x));
	put(&b, o, "local_host", host(&b, r, true));
	put(&b, o, "remote_host", host(&b, r, false));
	put(&b, o, "result", x->error || x->sweep ? json_null() : result(&b, r, &r->res));
	put(&b, o, "iterations", iterations(&b, r));
	put(&b, o, "summary", summary(&b, r));
	put(&b, o, "flows", flows(&b, r, x));
	put(&b, o, "interim", interim(&b, r));
	put(&b, o, "sweep", sweep(&b, r, x));
	/* One line: a file of runs is JSON Lines. */
	if (!b.failed)
		line = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	if (line) {
		fputs(line, out);
		fputc('\n', out);
		free(line);
		rc = 0;
	}
	json_decref(o);
	return rc;
}

#else /* !HAVE_JANSSON */

int np_json_print(FILE *out, const struct np_report *r, const struct np_json_run *x)
{
	(void)out;
	(void)r;
	(void)x;
	return -1;
}

#endif
