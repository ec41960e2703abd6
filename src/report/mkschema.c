/*
 * mkschema.c - writes doc/netperf-ng.schema.json, -J's JSON Schema, on
 * stdout (`make schema`; tests/schema.test fails when the committed file
 * is not what this writes).
 *
 * The result's objects ("result", each flow, each sweep size) come from
 * the output fields' rows (fields.h): a key per row that -J shows, an
 * object per group, null where the group may be.  The settings come from
 * the option rows' walk (np_opts_each: each row with a -J key) and the
 * test descriptors' own options (np_tests); what json.c writes by hand
 * (the plan's addresses, the sizes) from the table below.  The rest of
 * the object (host facts, iterations, summary, interim, the top) is not a
 * field: tables of its own here, in JSON with ' for ", as json.c writes
 * it.  Linked with the test suite's library, so that its test (NG_SELFTEST)
 * is described too.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "report/fields.h"
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

/* ---- The settings: the option rows' walk and json.c's own --------------- */

/* What json.c's settings() writes itself, in its order; "" marks where
 * the option rows' keys go (np_opts_each), "test_options" the tests' own.
 * A row's key (row) is described here when the walk does not say all
 * (its range): its place is the walk's. */
struct setting_key {
	const char *key;
	const char *schema;
	bool row;
};

static const struct setting_key settings_keys[] = {
	{ "control", "{ 'type': 'object', 'required': ['host', 'port', 'local_host',"
	  " 'local_port', 'family'], 'additionalProperties': false, 'properties': {"
	  " 'host': { 'type': 'string' }, 'port': { 'type': 'integer', 'minimum': 0,"
	  " 'maximum': 65535 }, 'local_host': { '$ref': '#/$defs/string_or_null' },"
	  " 'local_port': { '$ref': '#/$defs/port_or_null' },"
	  " 'family': { '$ref': '#/$defs/family' } } }", false },
	{ "data", "{ 'type': 'object', 'required': ['remote_host', 'remote_address',"
	  " 'remote_port', 'local_host', 'local_address', 'local_port', 'family'],"
	  " 'additionalProperties': false, 'properties': {"
	  " 'remote_host': { '$ref': '#/$defs/string_or_null' },"
	  " 'remote_address': { '$ref': '#/$defs/string_or_null' },"
	  " 'remote_port': { '$ref': '#/$defs/port_or_null' },"
	  " 'local_host': { '$ref': '#/$defs/string_or_null' },"
	  " 'local_address': { '$ref': '#/$defs/string_or_null' },"
	  " 'local_port': { '$ref': '#/$defs/port_or_null' },"
	  " 'family': { '$ref': '#/$defs/family_or_null' } } }", false },
	{ "length_s", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "length_bytes", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "length_transactions", "{ 'type': ['integer', 'null'], 'minimum': 1 }", false },
	{ "output_unit", "{ 'enum': ['k', 'm', 'g', 'K', 'M', 'G', 'B', 'b', 'x'] }", false },
	{ "iterations_max", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	{ "iterations_min", "{ 'type': 'integer', 'minimum': 1, 'maximum': 30 }", false },
	{ "confidence_level_percent", "{ 'type': ['number', 'null'], 'exclusiveMinimum': 0,"
	  " 'exclusiveMaximum': 100 }", false },
	{ "confidence_width_percent", "{ 'type': ['number', 'null'], 'minimum': 0 }", false },
	{ "interim_s", "{ 'type': ['number', 'null'], 'exclusiveMinimum': 0 }", false },
	{ "send_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "recv_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "remote_send_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "remote_recv_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "request_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "response_size_bytes", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "sweep_sizes_bytes", "{ 'oneOf': [ { 'type': 'array', 'minItems': 1, 'maxItems': 64,"
	  " 'items': { 'type': 'integer', 'minimum': 1 } }, { 'type': 'null' } ] }", false },
	{ "burst", "{ '$ref': '#/$defs/size_or_null' }", false },
	{ "", "", false },
	{ "flows", "{ 'type': 'integer', 'minimum': 1 }", true },
	{ "test_options", "", false },
	{ "socket_buffer_bytes", "{ '$ref': '#/$defs/four_sizes' }", false },
	{ NULL, NULL, false },
};

static const struct setting_key *settings_key(const char *name)
{
	for (const struct setting_key *k = settings_keys; k->key; k++)
		if (strcmp(k->key, name) == 0)
			return k;
	return NULL;
}

/* A row's key, its schema from what the walk says of its value. */
struct walk {
	json_t *req, *props;
};

static void row_key(void *ctx, const struct np_setting *s)
{
	static const char *const by_type[] = {
		[NP_SET_BOOL] = "{ 'type': 'boolean' }",
		[NP_SET_INT] = "{ 'type': 'integer' }",
		[NP_SET_DECIMAL] = "{ 'type': 'number' }",
		[NP_SET_CHAR] = "{ 'type': ['string', 'null'] }",
		[NP_SET_TEXT] = "{ 'type': ['string', 'null'] }",
		[NP_SET_CPUS] = "{ 'type': 'array', 'items': { 'type': 'integer', 'minimum': 0 } }",
	};
	struct walk *w = ctx;
	const struct setting_key *k;

	if (!s->json || s->own || json_object_get(w->props, s->json))
		return;
	k = settings_key(s->json);
	if (k && !k->row)
		return;             /* described in its place in the table */
	append(w->req, json_string(s->json));
	set(w->props, s->json, frag(k ? k->schema : by_type[s->type]));
}

/* Every test's own options: a flag, or a whole number in its range (the
 * widest where two tests share a name). */
static json_t *test_options(void)
{
	json_t *o = frag("{ 'type': 'object', 'additionalProperties': false }");
	json_t *props = json_object();

	for (const struct np_test *const *t = np_tests(); *t; t++) {
		for (const struct np_test_option *to = (*t)->options; to && to->name; to++) {
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

static json_t *settings(void)
{
	char prog[] = "netperf";
	char *argv[] = { prog, NULL };
	struct np_opts *o = calloc(1, sizeof(*o));
	struct walk w = { json_array(), json_object() };
	json_t *s = frag("{ 'type': 'object' }");

	if (!o || np_opts_parse(1, argv, o, stdout, stderr) != NP_OPTS_RUN)
		abort();
	for (const struct setting_key *k = settings_keys; k->key; k++) {
		if (!k->key[0]) {
			np_opts_each(o, row_key, &w);
			continue;
		}
		if (k->row)
			continue;       /* the walk put it */
		append(w.req, json_string(k->key));
		set(w.props, k->key, strcmp(k->key, "test_options") == 0 ? test_options()
			: frag(k->schema));
	}
	set(s, "required", w.req);
	set(s, "additionalProperties", json_false());
	set(s, "properties", w.props);
	free(o);
	return s;
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
	{ "int_or_null", "{ 'type': ['integer', 'null'] }", false },
	{ "size_or_null", "{ 'type': ['integer', 'null'], 'minimum': 0 }", false },
	{ "port_or_null", "{ 'type': ['integer', 'null'], 'minimum': 1, 'maximum': 65535 }", false },
	{ "string_or_null", "{ 'type': ['string', 'null'] }", false },
	{ "family", "{ 'enum': ['AF_INET', 'AF_INET6', 'AF_UNSPEC'] }", false },
	{ "family_or_null", "{ 'enum': ['AF_INET', 'AF_INET6', null] }", false },
	{ "four_sizes", "{ 'type': 'object', 'required': ['local_send', 'local_recv', 'remote_send',"
	  " 'remote_recv'], 'additionalProperties': false, 'properties': {"
	  " 'local_send': { '$ref': '#/$defs/size_or_null' },"
	  " 'local_recv': { '$ref': '#/$defs/size_or_null' },"
	  " 'remote_send': { '$ref': '#/$defs/size_or_null' },"
	  " 'remote_recv': { '$ref': '#/$defs/size_or_null' } } }", false },
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
		s = json_dumps(v, JSON_ENCODE_ANY);
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
