/*
 * fields.c - reading a row of the output fields (fields.h): its member or
 * its function, then the rule that says when -J writes null; the objects
 * of -J's result that hold the rows, and when each is there.  The rows
 * themselves are in field_rows.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/fields.h"

#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "cli/opts.h"
#include "report/field_row.h"
#include "report/view.h"
#include "run/test.h"

int np_field_find(const char *name, size_t len)
{
	for (int i = 0; i < np_nfields; i++)
		if (np_fields[i].name && strlen(np_fields[i].name) == len &&
		    strncasecmp(np_fields[i].name, name, len) == 0)
			return i;
	return -1;
}

int np_field_netperf(int n)
{
	for (int i = 0; i < np_nfields; i++)
		if (np_fields[i].name && np_fields[i].netperf == n)
			return i;
	return -1;
}

/* The struct a row's member is in. */
static const void *base(const struct np_field *f, const struct np_report *r)
{
	switch (f->src) {
	case SRC_RESULT: return &r->res;
	case SRC_OPTS: return r->o;
	case SRC_REPORT: return r;
	case SRC_LFACTS: return &r->res.local_host;
	case SRC_RFACTS: return &r->res.remote_host;
	}
	return NULL;
}

/* A member as its C type has it.  A host fact that was not read is
 * netperf 2.7.1's placeholder: "Deprecated" for text, -1 for a number. */
static void member(const struct np_field *f, const struct np_report *r, struct np_value *v)
{
	const char *p = (const char *)base(f, r) + f->off;
	const bool fact = f->src == SRC_LFACTS || f->src == SRC_RFACTS;
	const bool unread = fact && !((const struct np_host_facts *)base(f, r))->known;

	switch (f->ctype) {
	case CT_BOOL: field_int(v, *(const bool *)p); v->type = NP_V_BOOL; break;
	case CT_CHAR: field_int(v, *p); v->type = NP_V_CHAR; break;
	case CT_INT: field_int(v, unread ? -1 : *(const int *)p); break;
	case CT_UINT: field_int(v, *(const unsigned *)p); break;
	case CT_I64: field_int(v, *(const int64_t *)p); break;
	case CT_U16: field_int(v, *(const uint16_t *)p); break;
	case CT_U64: field_u64(v, *(const uint64_t *)p); break;
	case CT_DOUBLE: field_double(v, *(const double *)p); break;
	case CT_ARRAY: field_text(v, unread || (fact && !p[0]) ? "Deprecated" : p); break;
	case CT_PTR: field_text(v, *(const char *const *)p); break;
	}
}

/* The rules that gate a figure: where it does not apply, -o prints -1. */
static bool gated(const struct np_field *f, const struct np_report *r, bool *applies)
{
	switch (f->known) {
	case NP_K_RR: *applies = r->o->test && r->o->test->rr; return true;
	case NP_K_LATENCY: *applies = r->res.latency; return true;
	}
	return false;
}

static bool known(const struct np_field *f, const struct np_report *r, const struct np_value *v)
{
	switch (f->known) {
	case NP_K_NONNEG: return v->d >= 0;
	case NP_K_POSITIVE: return v->d > 0;
	case NP_K_NONZERO: return v->d != 0;
	case NP_K_TEXT: return v->s && v->s[0];
	case NP_K_PER_KB: return r->unit != 'x' && v->d >= 0;
	case NP_K_PER_TRAN: return r->unit == 'x' && v->d >= 0;
	case NP_K_FN: return v->known;
	}
	return true;
}

void np_field_get(const struct np_field *f, const struct np_report *r, struct np_value *v)
{
	bool applies;

	memset(v, 0, sizeof(*v));
	v->known = true;
	if (gated(f, r, &applies) && !applies) {
		field_int(v, -1);
		v->d = -1.0;
		v->known = false;
		return;
	}
	if (f->src == SRC_FN)
		f->fn(r, (int)f->off, v);
	else
		member(f, r, v);
	v->known = known(f, r, v);
}

void np_field_value(const char *name, const struct np_report *r, struct np_value *v)
{
	const int i = np_field_find(name, strlen(name));

	memset(v, 0, sizeof(*v));
	v->absent = true;
	if (i >= 0)
		np_field_get(&np_fields[i], r, v);
}

/* ---- -J's objects ------------------------------------------------------ */

static bool lpoll_there(const struct np_report *r)
{
	return r->res.local.poll != 0;
}

static bool rpoll_there(const struct np_report *r)
{
	return r->res.remote.poll != 0;
}

/* A side's CPU, when it was measured. */
static bool cpu_there(char method, double util)
{
	return method && method != 'U' && util >= 0;
}

static bool lcpu_there(const struct np_report *r)
{
	return cpu_there(r->res.lcpu_method, r->res.lcpu);
}

static bool rcpu_there(const struct np_report *r)
{
	return cpu_there(r->res.rcpu_method, r->res.rcpu);
}

static bool tcp_there(const struct np_report *r)
{
	return r->o->test && r->o->test->sock_type == SOCK_STREAM;
}

static bool udp_there(const struct np_report *r)
{
	return r->res.send_pps >= 0;
}

static bool latency_there(const struct np_report *r)
{
	return r->res.latency && r->res.hist;
}

static bool many_there(const struct np_report *r)
{
	return r->res.many.present;
}

static bool connect_there(const struct np_report *r)
{
	return r->res.many.present && r->res.many.conn;
}

const struct np_group_row np_groups[NP_GROUPS] = {
	[NP_G_NONE] = { NP_G_NONE, NULL, NULL },
	[NP_G_RESULT] = { NP_G_NONE, "result", NULL },
	[NP_G_COUNTERS] = { NP_G_RESULT, "counters", NULL },
	[NP_G_LCOUNTERS] = { NP_G_COUNTERS, "local", NULL },
	[NP_G_LPOLL] = { NP_G_LCOUNTERS, "busy_poll", lpoll_there },
	[NP_G_RCOUNTERS] = { NP_G_COUNTERS, "remote", NULL },
	[NP_G_RPOLL] = { NP_G_RCOUNTERS, "busy_poll", rpoll_there },
	[NP_G_MSG_SIZES] = { NP_G_RESULT, "message_size_bytes", NULL },
	[NP_G_BUFFERS] = { NP_G_RESULT, "socket_buffer_bytes", NULL },
	[NP_G_LSEND_BUF] = { NP_G_BUFFERS, "local_send", NULL },
	[NP_G_LRECV_BUF] = { NP_G_BUFFERS, "local_recv", NULL },
	[NP_G_RSEND_BUF] = { NP_G_BUFFERS, "remote_send", NULL },
	[NP_G_RRECV_BUF] = { NP_G_BUFFERS, "remote_recv", NULL },
	[NP_G_PORTS] = { NP_G_RESULT, "data_ports", NULL },
	[NP_G_CPU] = { NP_G_RESULT, "cpu", NULL },
	[NP_G_LCPU] = { NP_G_CPU, "local", lcpu_there },
	[NP_G_RCPU] = { NP_G_CPU, "remote", rcpu_there },
	[NP_G_TCP] = { NP_G_RESULT, "tcp", tcp_there },
	[NP_G_UDP] = { NP_G_RESULT, "udp", udp_there },
	[NP_G_LATENCY] = { NP_G_RESULT, "latency_us", latency_there },
	[NP_G_HISTOGRAM] = { NP_G_LATENCY, "histogram_ns", NULL },
	[NP_G_MANY] = { NP_G_RESULT, "many_flows", many_there },
	[NP_G_CONNECT] = { NP_G_MANY, "connect_us", connect_there },
};

bool np_group_present(enum np_group g, const struct np_report *r)
{
	return !np_groups[g].present || np_groups[g].present(r);
}
