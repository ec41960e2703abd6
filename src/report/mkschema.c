/*
 * mkschema.c - writes doc/netperf-ng.schema.json, -J's JSON Schema, on
 * stdout (`make schema`; tests/schema.test fails when the committed file
 * is not what this writes).
 *
 * The result's objects ("result", each flow, each sweep size) come from
 * the output fields' rows (fields.h): a key per row that -J shows, an
 * object per group, null where the group may be.  The settings come from
 * the option rows (np_opts_each: each row that names a -J key, its type,
 * its range, its default and its show rule, as json.c shows it) and the
 * test descriptors' own options (np_tests); around them the keys json.c
 * makes from the plan (settings_before, settings_after).  A new option
 * shown in -J needs nothing here: `make schema` gives its key.  The rest
 * of the object (host facts, iterations, summary, interim, the top) is
 * not a field: tables of its own here, in JSON with ' for ", as json.c
 * writes it.  Linked with the test suite's library, so that its test
 * (NG_SELFTEST) is described too.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "base/units.h"
#include "cli/opts.h"
#include "report/fields.h"
#include "report/unknown.h"
#include "run/reqfields.h"
#include "run/test.h"

/* ---- Building ----------------------------------------------------------- */

/* JSON text with ' for ", parsed; a table that does not parse is a bug
 * here: stop. */
static json_t *frag(const char *text)
{
	char *s = strdup(text);
	json_error_t e;
	json_t *v;

	if (!s)
		abort();
	for (char *p = s; *p; p++)
		if (*p == '\'')
			*p = '"';
	v = json_loads(s, JSON_DECODE_ANY, &e);
	if (!v) {
		fprintf(stderr, "mkschema: %s: %s\n", e.text, text);
		exit(1);
	}
	free(s);
	return v;
}

static void set(json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v) < 0)
		abort();
}

static void append(json_t *a, json_t *v)
{
	if (!v || json_array_append_new(a, v) < 0)
		abort();
}

/* A key and its schema; optional keys are not required. */
struct key {
	const char *key;
	const char *schema;
	bool optional;
};

/* An object of exactly these keys, every one there but the optional. */
static json_t *object(const struct key *keys, bool closed)
{
	json_t *o = frag("{ 'type': 'object' }"), *req = json_array(), *props = json_object();

	for (const struct key *k = keys; k->key; k++) {
		if (!k->optional)
			append(req, json_string(k->key));
		/* "": the caller's to fill. */
		set(props, k->key, k->schema[0] ? frag(k->schema) : json_null());
	}
	set(o, "required", req);
	if (closed)
		set(o, "additionalProperties", json_false());
	set(o, "properties", props);
	return o;
}

/* ---- The result: from the output fields' rows ---------------------------- */

static const char *const field_schemas[] = {
	[NP_S_NUMBER_OR_NULL] = "{ '$ref': '#/$defs/number_or_null' }",
	[NP_S_NUMBER_MIN0] = "{ 'type': 'number', 'minimum': 0 }",
	[NP_S_PERCENT] = "{ 'type': 'number', 'maximum': 100 }",
	[NP_S_COUNT] = "{ '$ref': '#/$defs/count' }",
	[NP_S_COUNT_OR_NULL] = "{ 'oneOf': [ { '$ref': '#/$defs/count' }, { 'type': 'null' } ] }",
	[NP_S_COUNT_MIN1] = "{ 'type': 'integer', 'minimum': 1 }",
	[NP_S_SIZE_OR_NULL] = "{ '$ref': '#/$defs/size_or_null' }",
	[NP_S_MIN1_OR_NULL] = "{ 'type': ['integer', 'null'], 'minimum': 1 }",
	[NP_S_PORT_OR_NULL] = "{ '$ref': '#/$defs/port_or_null' }",
	[NP_S_TEXT_OR_NULL] = "{ '$ref': '#/$defs/string_or_null' }",
	[NP_S_LETTER] = "{ 'type': 'string', 'minLength': 1, 'maxLength': 1 }",
	[NP_S_BOOL] = "{ 'type': 'boolean' }",
	[NP_S_BUCKETS] = "{ 'type': 'array', 'minItems': 1, 'items': { 'type': 'array',"
		" 'prefixItems': [ { 'type': 'integer', 'minimum': 0 },"
		" { 'type': 'integer', 'minimum': 1 }, { 'type': 'integer', 'minimum': 1 } ],"
		" 'minItems': 3, 'maxItems': 3 } }",
};

/* A row's schema, and what it is: its unit, the -o name of its figure. */
static json_t *field_schema(const struct np_field *f)
{
	json_t *s = frag(field_schemas[f->schema]);
	char what[160];

	snprintf(what, sizeof(what), "%s%s%s%s", f->unit, f->unit[0] && f->name ? "; " : "",
		 f->name ? "-o " : "", f->name ? f->name : "");
	if (what[0])
		set(s, "description", json_string(what));
	return s;
}

/* Group g's object: its rows' keys, then its groups' (null where they
 * may be).  The result's own stays open: flows and sweep sizes add to it. */
static json_t *group(enum np_group g)
{
	json_t *o = frag("{ 'type': 'object' }"), *req = json_array(), *props = json_object();

	for (int i = 0; i < np_nfields; i++) {
		if (np_fields[i].group != g || !np_fields[i].json)
			continue;
		append(req, json_string(np_fields[i].json));
		set(props, np_fields[i].json, field_schema(&np_fields[i]));
	}
	for (int k = 0; k < NP_GROUPS; k++) {
		json_t *sub, *either;

		if (!np_groups[k].key || np_groups[k].parent != g)
			continue;
		sub = group((enum np_group)k);
		if (np_groups[k].present) {
			either = frag("{ 'oneOf': [ { 'type': 'null' } ] }");
			append(json_object_get(either, "oneOf"), sub);
			sub = either;
		}
		append(req, json_string(np_groups[k].key));
		set(props, np_groups[k].key, sub);
	}
	set(o, "required", req);
	if (g != NP_G_RESULT)
		set(o, "additionalProperties", json_false());
	set(o, "properties", props);
	return o;
}

/* ---- The settings: the option rows' keys, json.c's own around them ------ */

/* What json.c's settings() writes itself (the plan's addresses, the unit
 * in effect, the sweep's sizes, the test's own options), before and after
 * the rows' keys, as it writes them; a dot for a member of an object. */
static const struct key settings_before[] = {
	{ "control.host", "{ 'type': 'string' }", false },
	{ "data.remote_host", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "data.remote_address", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "data.local_host", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "data.local_address", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "data.family", "{ '$ref': '#/$defs/family_or_null' }", false },
	{ NULL, NULL, false },
};

static const struct key settings_after[] = {
	{ "output_unit", "{ 'enum': ['k', 'm', 'g', 'K', 'M', 'G', 'B', 'b', 'x'] }", false },
	{ "sweep_sizes_bytes", "{ 'oneOf': [ { 'type': 'array', 'minItems': 1, 'maxItems': 64,"
	  " 'items': { 'type': 'integer', 'minimum': 1 } }, { 'type': 'null' } ] }", false },
	{ "test_options", "", false },      /* test_options() */
	{ NULL, NULL, false },
};

/* What a row's own reader or its rule after the read keeps, which the
 * row's range does not say.  Each names a key of the rows: one that no
 * row has any more stops mkschema (a key renamed, its range lost). */
static const struct key settings_kept[] = {
	/* -i max,min: any number, run as 3..30 (iterations()); 1 untold. */
	{ "iterations_max", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	{ "iterations_min", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	/* -I ,width: above 0 (conf_width()). */
	{ "confidence_width_percent", "{ 'type': ['number', 'null'], 'exclusiveMinimum': 0 }",
	  false },
	/* -r req,rsp: 1 to the test's largest message (msg_size()), 0 for
	 * a test without data (TCP_CC). */
	{ "request_size_bytes", "{ 'type': ['integer', 'null'], 'minimum': 0 }", false },
	{ "response_size_bytes", "{ 'type': ['integer', 'null'], 'minimum': 0 }", false },
	{ NULL, NULL, false },
};

/* A bound, whole where it is whole ("minimum": 1, not 1.0); every
 * range here is well inside 2^53. */
static json_t *bound(double v)
{
	const bool whole = v > -9e15 && v < 9e15 && v == (double)(json_int_t)v;

	return whole ? json_integer((json_int_t)v) : json_real(v);
}

/* A number's schema: its type, null where it may be, lo..hi (not known:
 * none; excl_lo: above lo). */
static json_t *number(bool whole, bool null, bool has_lo, double lo, bool excl_lo, bool has_hi,
		      double hi)
{
	json_t *s = json_object(), *type = json_string(whole ? "integer" : "number");

	if (null) {
		json_t *both = json_array();

		append(both, type);
		append(both, json_string("null"));
		type = both;
	}
	set(s, "type", type);
	if (has_lo)
		set(s, excl_lo ? "exclusiveMinimum" : "minimum", bound(lo));
	if (has_hi)
		set(s, "maximum", bound(hi));
	return s;
}

/* Value k of a setting as -J shows it (json.c's setting_shown): what the
 * row's range and its default (the walk's value: mkschema parses an
 * empty command line) allow, null where the show rule writes null. */
static json_t *number_setting(const struct np_setting *s, int k)
{
	const struct np_setting_range r = s->range[k];
	const double def = s->type == NP_SET_DECIMAL ? s->v[k].d : (double)s->v[k].i;
	const bool whole = s->type != NP_SET_DECIMAL;
	double lo = r.min, hi = r.max;
	bool null = true, def_shown = true, excl = false, has_lo = r.known;

	switch (s->show) {
	case NP_SHOW_AS_IS:
		null = false;
		break;
	case NP_SHOW_SET:           /* shown above 0 */
		def_shown = def > 0;
		null = !(r.known && r.min > 0 && def_shown);
		if (!r.known || r.min <= 0) {
			has_lo = true;
			lo = whole ? 1 : 0;
			excl = !whole;
		}
		break;
	case NP_SHOW_KNOWN:         /* shown from 0 */
		def_shown = def >= 0;
		null = !(r.known && r.min >= 0 && def_shown);
		if (!r.known || r.min < 0) {
			has_lo = true;
			lo = 0;
		}
		break;
	default:                    /* null for some tests or runs */
		break;
	}
	/* The default is a value too when it is shown. */
	if (def_shown && has_lo && !excl && def < lo)
		lo = def;
	if (def_shown && r.known && def > hi)
		hi = def;
	return number(whole, null, has_lo, lo, excl, r.known, hi);
}

/* A row's key k, from what the walk says of its value. */
static json_t *row_schema(const struct np_setting *s, int k)
{
	json_t *a;

	if (s->show == NP_SHOW_LENGTH)       /* -l: one of the three, the others null */
		return frag("{ 'type': ['integer', 'null'], 'minimum': 1 }");
	if (s->show == NP_SHOW_FAMILY) {
		a = json_array();
		append(a, json_string(np_family_name(AF_INET)));
		append(a, json_string(np_family_name(AF_INET6)));
		append(a, json_string(np_family_name(AF_UNSPEC)));
		return json_pack("{s:o}", "enum", a);
	}
	switch (s->type) {
	case NP_SET_BOOL:
		return frag("{ 'type': 'boolean' }");
	case NP_SET_CHAR:
		return frag("{ 'type': ['string', 'null'], 'minLength': 1, 'maxLength': 1 }");
	case NP_SET_TEXT:
		return frag("{ 'type': ['string', 'null'] }");
	case NP_SET_CPUS:
		return frag("{ 'type': 'array', 'items': { 'type': 'integer', 'minimum': 0 } }");
	case NP_SET_INT:
	case NP_SET_DECIMAL:
		break;
	}
	return number_setting(s, k);
}

/* The settings object being built: its keys in json.c's order. */
struct walk {
	json_t *obj;
	bool kept_used[sizeof(settings_kept) / sizeof(settings_kept[0])];
};

/* key into object o, a dotted one into its member object (made closed,
 * each key required, at its first key); a key twice is a bug here. */
static void put_key(json_t *o, const char *key, json_t *schema)
{
	const char *dot = strchr(key, '.');
	json_t *props = json_object_get(o, "properties");

	if (dot) {
		char name[64];
		json_t *in;

		snprintf(name, sizeof(name), "%.*s", (int)(dot - key), key);
		if (!(in = json_object_get(props, name))) {
			in = frag("{ 'type': 'object', 'required': [], 'additionalProperties': false,"
				  " 'properties': {} }");
			put_key(o, name, in);
		}
		put_key(in, dot + 1, schema);
		return;
	}
	if (json_object_get(props, key)) {
		fprintf(stderr, "mkschema: settings.%s is written twice\n", key);
		exit(1);
	}
	append(json_object_get(o, "required"), json_string(key));
	set(props, key, schema);
}

static void row_key(void *ctx, const struct np_setting *s)
{
	struct walk *w = ctx;

	if (s->own)
		return;             /* test_options: every test's, from np_tests() */
	for (int k = 0; k < 3; k++) {
		json_t *schema = NULL;

		if (!s->json[k] || (k == 1 && s->n < 2 && s->show != NP_SHOW_LENGTH))
			continue;
		for (size_t i = 0; settings_kept[i].key; i++) {
			if (strcmp(settings_kept[i].key, s->json[k]) == 0) {
				schema = frag(settings_kept[i].schema);
				w->kept_used[i] = true;
			}
		}
		put_key(w->obj, s->json[k], schema ? schema : row_schema(s, k));
	}
}

/* Every test's own options: a flag, or a whole number in its range (the
 * widest where two tests share a name). */
static json_t *test_options(void)
{
	json_t *o = frag("{ 'type': 'object', 'additionalProperties': false }");
	json_t *props = json_object();

	for (const struct np_test *const *t = np_tests(); *t; t++) {
		for (const struct np_reqfield *const *f = (*t)->options; f && *f; f++) {
			const struct np_reqfield *to = *f;
			json_t *p = json_object_get(props, to->name);
			json_int_t lo = to->min, hi = to->max;

			if (!to->metavar[0]) {
				set(props, to->name, frag("{ 'type': 'boolean' }"));
				continue;
			}
			if (p) {
				json_int_t plo = json_integer_value(json_object_get(p, "minimum"));
				json_int_t phi = json_integer_value(json_object_get(p, "maximum"));

				lo = plo < lo ? plo : lo;
				hi = phi > hi ? phi : hi;
			}
			p = frag("{ 'type': 'integer' }");
			set(p, "minimum", json_integer(lo));
			set(p, "maximum", json_integer(hi));
			set(props, to->name, p);
		}
	}
	set(o, "properties", props);
	return o;
}

static void put_keys(json_t *o, const struct key *keys)
{
	for (const struct key *k = keys; k->key; k++)
		put_key(o, k->key, k->schema[0] ? frag(k->schema) : test_options());
}

/* settings: json.c's own keys, the rows' (np_opts_each over the defaults
 * of an empty command line), json.c's again. */
static json_t *settings(void)
{
	char prog[] = "netperf";
	char *argv[] = { prog, NULL };
	struct np_opts *o = calloc(1, sizeof(*o));
	struct walk w = { frag("{ 'type': 'object', 'required': [],"
			       " 'additionalProperties': false, 'properties': {} }"), { false } };

	if (!o || np_opts_parse(1, argv, o, stdout, stderr) != NP_OPTS_RUN)
		abort();
	put_keys(w.obj, settings_before);
	np_opts_each(o, row_key, &w);
	put_keys(w.obj, settings_after);
	for (size_t i = 0; settings_kept[i].key; i++) {
		if (!w.kept_used[i]) {
			fprintf(stderr, "mkschema: settings_kept names %s, which no option row"
				" shows in -J\n", settings_kept[i].key);
			exit(1);
		}
	}
	free(o);
	return w.obj;
}

/* ---- What is not a field: tables of their own ---------------------------- */

static const struct key interface_keys[] = {
	{ "name", "{ 'type': 'string', 'minLength': 1 }", false },
	{ "driver", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "driver_version", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "firmware", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "bus", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "mtu_bytes", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "link_speed_mbit_per_second", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "offloads", "{ 'type': 'object', 'required': ['rx_checksum', 'tx_checksum', 'tso',"
	  " 'gso', 'gro', 'lro'], 'additionalProperties': false, 'properties': {"
	  " 'rx_checksum': { 'type': ['boolean', 'null'] },"
	  " 'tx_checksum': { 'type': ['boolean', 'null'] }, 'tso': { 'type': ['boolean', 'null'] },"
	  " 'gso': { 'type': ['boolean', 'null'] }, 'gro': { 'type': ['boolean', 'null'] },"
	  " 'lro': { 'type': ['boolean', 'null'] } } }", false },
	{ "rx_queues", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "tx_queues", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ NULL, NULL, false },
};

static const struct key host_keys[] = {
	{ "sysname", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "release", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "version", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "machine", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "cpu_count", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "cpu_model", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "netperf_ng_version", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "netperf_compat_version", "{ '$ref': '#/$defs/string_or_null' }", false },
	{ "interface", "", false },         /* interface_keys, or null */
	{ NULL, NULL, false },
};

static const struct key iteration_keys[] = {
	{ "iteration", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	{ "elapsed_s", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "throughput_bits_per_second", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "transactions_per_second", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "local_cpu_percent", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "remote_cpu_percent", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "local_placement", "{ 'oneOf': [ { '$ref': '#/$defs/placement' }, { 'type': 'null' } ] }",
	  false },
	{ "remote_placement", "{ 'oneOf': [ { '$ref': '#/$defs/placement' }, { 'type': 'null' } ] }",
	  false },
	{ "shared_cpu", "{ 'type': ['boolean', 'null'] }", false },
	{ "local_other_cpus", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ "remote_other_cpus", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ "local_other_busiest", "{ 'oneOf': [ { 'type': 'object', 'required': ['name', 'pid', 'cpus'],"
	  " 'additionalProperties': false, 'properties': {"
	  " 'name': { 'type': 'string', 'maxLength': 15 },"
	  " 'pid': { 'type': 'integer', 'minimum': 1 }, 'cpus': { 'type': 'number', 'minimum': 0 } } },"
	  " { 'type': 'null' } ] }", false },
	{ NULL, NULL, false },
};

static const struct key placement_keys[] = {
	{ "cpu_start", "{ 'type': 'integer', 'minimum': 0, 'maximum': 65535 }", false },
	{ "cpu_end", "{ 'type': 'integer', 'minimum': 0, 'maximum': 65535 }", false },
	{ "migrations", "{ 'type': ['integer', 'null'], 'minimum': 0 }", false },
	{ NULL, NULL, false },
};

static const struct key spread_keys[] = {
	{ "mean", "{ '$ref': '#/$defs/number_or_null' }", false },
	{ "stddev", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ "half_width", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ "half_width_percent", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ NULL, NULL, false },
};

/* The headline's spread is under its own name, one of the two. */
static const struct key summary_keys[] = {
	{ "n", "{ 'type': 'integer', 'minimum': 1 }", false },
	{ "throughput_bits_per_second", "{ '$ref': '#/$defs/spread' }", true },
	{ "transactions_per_second", "{ '$ref': '#/$defs/spread' }", true },
	{ "local_cpu_percent", "{ 'oneOf': [ { '$ref': '#/$defs/spread' }, { 'type': 'null' } ] }",
	  false },
	{ "remote_cpu_percent", "{ 'oneOf': [ { '$ref': '#/$defs/spread' }, { 'type': 'null' } ] }",
	  false },
	{ "confidence", "{ 'oneOf': [ { 'type': 'null' }, { 'type': 'object', 'required':"
	  " ['level_percent', 'width_percent', 'result_only', 't', 'width_reached_percent', 'met'],"
	  " 'additionalProperties': false, 'properties': {"
	  " 'level_percent': { 'type': 'number', 'exclusiveMinimum': 0, 'exclusiveMaximum': 100 },"
	  " 'width_percent': { 'type': 'number', 'minimum': 0 },"
	  " 'result_only': { 'type': 'boolean' },"
	  " 't': { 'type': ['number', 'null'], 'exclusiveMinimum': 0 },"
	  " 'width_reached_percent': { 'type': ['number', 'null'], 'minimum': 0 },"
	  " 'met': { 'type': 'boolean' } } } ] }", false },
	{ NULL, NULL, false },
};

static const struct key interim_figure_keys[] = {
	{ "iteration", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	{ "end_unix_s", "{ 'type': 'number' }", false },
	{ "interval_s", "{ 'type': 'number', 'exclusiveMinimum': 0 }", false },
	{ "throughput_bits_per_second", "{ '$ref': '#/$defs/number_or_null' }", true },
	{ "transactions_per_second", "{ '$ref': '#/$defs/number_or_null' }", true },
	{ NULL, NULL, false },
};

static const struct key top_keys[] = {
	{ "json_version", "{ 'const': 1 }", false },
	{ "command_line", "{ 'type': 'string' }", false },
	{ "uuid", "{ 'type': ['string', 'null'] }", false },
	{ "test", "{ 'type': 'string' }", false },
	{ "headline", "{ '$ref': '#/$defs/headline_key' }", false },
	{ "start_time", "{ '$ref': '#/$defs/wall_time' }", false },
	{ "end_time", "{ '$ref': '#/$defs/wall_time' }", false },
	{ "error", "{ 'type': 'string', 'minLength': 1 }", true },
	{ "warnings", "{ 'type': 'array', 'items': { 'type': 'string' } }", false },
	{ "unknown", "{ '$ref': '#/$defs/unknown' }", false },
	{ "settings", "{ '$ref': '#/$defs/settings' }", false },
	{ "local_host", "{ '$ref': '#/$defs/host' }", false },
	{ "remote_host", "{ '$ref': '#/$defs/host' }", false },
	{ "result", "{ 'oneOf': [ { '$ref': '#/$defs/result' }, { 'type': 'null' } ] }", false },
	{ "iterations", "{ 'type': 'array', 'maxItems': 30, 'items': { '$ref': '#/$defs/iteration' } }",
	  false },
	{ "summary", "{ 'oneOf': [ { '$ref': '#/$defs/summary' }, { 'type': 'null' } ] }", false },
	{ "flows", "{ 'oneOf': [ { 'type': 'array', 'minItems': 2, 'items': { '$ref': '#/$defs/flow' } },"
	  " { 'type': 'null' } ] }", false },
	{ "interim", "{ 'oneOf': [ { '$ref': '#/$defs/interim' }, { 'type': 'null' } ] }", false },
	{ "sweep", "{ 'oneOf': [ { 'type': 'array', 'maxItems': 64, 'items': { '$ref':"
	  " '#/$defs/sweep_size' } }, { 'type': 'null' } ] }", false },
	{ NULL, NULL, false },
};

/* An error leaves no result and no flows; a sweep its sizes instead. */
static const char top_rules[] =
	"{ 'if': { 'required': ['error'] },"
	" 'then': { 'properties': { 'result': { 'type': 'null' }, 'flows': { 'type': 'null' } } },"
	" 'else': { 'if': { 'properties': { 'sweep': { 'type': 'array' } } },"
	" 'then': { 'properties': { 'result': { 'type': 'null' }, 'summary': { 'type': 'null' },"
	" 'flows': { 'type': 'null' }, 'sweep': { 'minItems': 1 } } },"
	" 'else': { 'properties': { 'result': { 'type': 'object' },"
	" 'summary': { 'type': 'object' } } } } }";

/* The small types the tables refer to. */
static const struct key common_defs[] = {
	{ "wall_time", "{ 'type': ['string', 'null'], 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}"
	  "T[0-9]{2}:[0-9]{2}:[0-9]{2}\\\\.[0-9]{6}Z$' }", false },
	{ "headline_key", "{ 'enum': ['throughput_bits_per_second', 'transactions_per_second'] }",
	  false },
	{ "number_or_null", "{ 'type': ['number', 'null'] }", false },
	{ "count", "{ 'type': 'integer', 'minimum': 0 }", false },
	{ "size_or_null", "{ 'type': ['integer', 'null'], 'minimum': 0 }", false },
	{ "port_or_null", "{ 'type': ['integer', 'null'], 'minimum': 1, 'maximum': 65535 }", false },
	{ "string_or_null", "{ 'type': ['string', 'null'] }", false },
	{ "family_or_null", "{ 'enum': ['AF_INET', 'AF_INET6', null] }", false },
	{ NULL, NULL, false },
};

/* A result with the members of a flow or of a sweep size besides. */
static const struct key result_defs[] = {
	{ "result", "{ '$ref': '#/$defs/result_members', 'unevaluatedProperties': false }", false },
	{ "flow", "{ '$ref': '#/$defs/result_members', 'required': ['flow'], 'properties':"
	  " { 'flow': { 'type': 'integer', 'minimum': 1 } }, 'unevaluatedProperties': false }", false },
	{ "sweep_size", "{ '$ref': '#/$defs/result_members', 'required': ['size_bytes',"
	  " 'packets_per_second_sent', 'packets_per_second_received', 'loss_percent',"
	  " 'local_cpu_percent', 'remote_cpu_percent', 'iterations', 'summary'], 'properties': {"
	  " 'size_bytes': { 'type': 'integer', 'minimum': 1 },"
	  " 'packets_per_second_sent': { '$ref': '#/$defs/number_or_null' },"
	  " 'packets_per_second_received': { '$ref': '#/$defs/number_or_null' },"
	  " 'loss_percent': { '$ref': '#/$defs/number_or_null' },"
	  " 'local_cpu_percent': { '$ref': '#/$defs/number_or_null' },"
	  " 'remote_cpu_percent': { '$ref': '#/$defs/number_or_null' },"
	  " 'iterations': { 'type': 'array', 'minItems': 1, 'maxItems': 30,"
	  " 'items': { '$ref': '#/$defs/iteration' } },"
	  " 'summary': { '$ref': '#/$defs/summary' } }, 'unevaluatedProperties': false }", false },
	{ NULL, NULL, false },
};

static json_t *host(void)
{
	json_t *h = object(host_keys, true), *iface = frag("{ 'oneOf': [ { 'type': 'null' } ] }");

	append(json_object_get(iface, "oneOf"), object(interface_keys, true));
	set(json_object_get(h, "properties"), "interface", iface);
	return h;
}

/* summary: n, the headline's spread, the CPUs' and the confidence. */
static json_t *summary(void)
{
	json_t *s = object(summary_keys, true);

	set(s, "minProperties", json_integer(5));
	return s;
}

/* interim: its figures (an interval's headline, under its name) and how
 * many were dropped. */
static json_t *interim(void)
{
	json_t *fig = object(interim_figure_keys, true);
	json_t *o = frag("{ 'type': 'object', 'required': ['figures', 'dropped'],"
			 " 'additionalProperties': false, 'properties': {"
			 " 'figures': { 'type': 'array' }, 'dropped': { '$ref': '#/$defs/count' } } }");

	set(fig, "minProperties", json_integer(4));
	set(fig, "maxProperties", json_integer(4));
	set(json_object_get(json_object_get(o, "properties"), "figures"), "items", fig);
	return o;
}

/* unknown: a figure's reason under its key (unknown.h), each optional. */
static json_t *unknown(void)
{
	json_t *o = frag("{ 'type': 'object', 'additionalProperties': false, 'properties': {} }");
	json_t *props = json_object_get(o, "properties");

	for (int i = 0; i < NP_UNKNOWN_FIGS; i++)
		set(props, np_unknown_rows[i].key, frag("{ 'type': 'string', 'minLength': 1 }"));
	return o;
}

static void add_defs(json_t *defs, const struct key *keys)
{
	for (const struct key *k = keys; k->key; k++)
		set(defs, k->key, frag(k->schema));
}

static json_t *schema(void)
{
	json_t *top = frag("{ '$schema': 'https://json-schema.org/draft/2020-12/schema',"
			   " '$id': 'https://github.com/netperf-ng/netperf-ng/doc/netperf-ng.schema.json',"
			   " 'title': 'netperf-ng -J/--json object, json_version 1',"
			   " 'description': 'One netperf run (doc/json.md says what each member means)."
			   " Every member is always there, null when it does not apply or is not known,"
			   " but for error, which is there only when the run failed.' }");
	json_t *body = object(top_keys, true), *rules = frag(top_rules), *defs = json_object();
	const char *key;
	json_t *v;

	json_object_foreach(body, key, v)
		set(top, key, json_incref(v));
	json_object_foreach(rules, key, v)
		set(top, key, json_incref(v));
	add_defs(defs, common_defs);
	set(defs, "settings", settings());
	set(defs, "host", host());
	set(defs, "result_members", group(NP_G_RESULT));
	add_defs(defs, result_defs);
	set(defs, "iteration", object(iteration_keys, true));
	set(defs, "placement", object(placement_keys, true));
	set(defs, "spread", object(spread_keys, true));
	set(defs, "summary", summary());
	set(defs, "interim", interim());
	set(defs, "unknown", unknown());
	set(top, "$defs", defs);
	json_decref(body);
	json_decref(rules);
	return top;
}

/* ---- Writing: what fits in a line on one line, as a person writes it ----- */

#define WIDTH 100

/* s as a JSON string, escaped. */
static char *quoted(const char *s)
{
	json_t *v = json_string(s);
	char *q = v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;

	if (!q)
		abort();
	json_decref(v);
	return q;
}

static void flat(FILE *out, json_t *v)
{
	const char *key;
	json_t *e;
	size_t i;
	char *s;

	if (json_is_object(v)) {
		const char *sep = "{ ";

		json_object_foreach(v, key, e) {
			char *k = quoted(key);

			fprintf(out, "%s%s: ", sep, k);
			free(k);
			flat(out, e);
			sep = ", ";
		}
		fputs(json_object_size(v) ? " }" : "{}", out);
	} else if (json_is_array(v)) {
		fputc('[', out);
		json_array_foreach(v, i, e) {
			fputs(i ? ", " : "", out);
			flat(out, e);
		}
		fputc(']', out);
	} else {
		s = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
		if (!s)
			abort();
		fputs(s, out);
		free(s);
	}
}

static char *flat_text(json_t *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	flat(f, v);
	fclose(f);
	return buf;
}

static bool scalars(json_t *a)
{
	json_t *e;
	size_t i;

	json_array_foreach(a, i, e)
		if (json_is_object(e) || json_is_array(e))
			return false;
	return true;
}

/* v at column col, its lines after the first indented by indent. */
static void pretty(FILE *out, json_t *v, int indent, int col)
{
	char *s = flat_text(v);
	const char *key;
	json_t *e;
	size_t i;

	if (col + (int)strlen(s) <= WIDTH || (!json_is_object(v) && !json_is_array(v))) {
		fputs(s, out);
	} else if (json_is_object(v)) {
		fputs("{\n", out);
		json_object_foreach(v, key, e) {
			char *k = quoted(key);

			fprintf(out, "%*s%s: ", indent + 2, "", k);
			pretty(out, e, indent + 2, indent + 2 + (int)strlen(k) + 2);
			fputs(json_object_iter_next(v, json_object_key_to_iter(key)) ? ",\n" : "\n",
			      out);
			free(k);
		}
		fprintf(out, "%*s}", indent, "");
	} else if (scalars(v)) {
		int at = col + 1;

		fputc('[', out);
		json_array_foreach(v, i, e) {
			char *t = flat_text(e);
			const int w = (int)strlen(t) + 1;     /* and its ',' or ']' */

			if (i > 0 && at + 2 + w > WIDTH) {
				fprintf(out, ",\n%*s", col + 1, "");
				at = col + 1;
			} else if (i > 0) {
				fputs(", ", out);
				at += 2;
			}
			fputs(t, out);
			at += (int)strlen(t);
			free(t);
		}
		fputc(']', out);
	} else {
		fputs("[\n", out);
		json_array_foreach(v, i, e) {
			fprintf(out, "%*s", indent + 2, "");
			pretty(out, e, indent + 2, indent + 2);
			fputs(i + 1 < json_array_size(v) ? ",\n" : "\n", out);
		}
		fprintf(out, "%*s]", indent, "");
	}
	free(s);
}

int main(void)
{
	json_t *s = schema();

	pretty(stdout, s, 0, 0);
	fputc('\n', stdout);
	json_decref(s);
	return fflush(stdout) == 0 ? 0 : 1;
}
