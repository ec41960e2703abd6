/*
 * opts.c - netperf's command line: the walk over its rows (the global
 * options in opts_global.c, the test options after -- in opts_test.c),
 * the rules no row can say, and -t omni's and -- -t/-T/-d/-c's resolution
 * into a test as netperf 2.7.1 makes it.  What is truly order-dependent
 * stays here: -t names the test before its options are known, and -- ends
 * the global ones.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/opts.h"

#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "cli/opts_rows.h"
#include "cli/optwalk.h"
#include "cli/sweep_list.h"
#include "run/test.h"
#include "wire/wire.h"

static const struct optrow *const global_tables[] = {
	np_global_rows, np_global_long_rows, np_global_settings, NULL
};
/* What the defaults and the settings walk see: every row. */
static const struct optrow *const all_tables[] = {
	np_global_rows, np_global_long_rows, np_global_settings, np_test_rows, np_test_long_rows,
	NULL
};

static void np_opts_defaults(struct np_opts *o)
{
	opt_defaults(all_tables, o, sizeof(*o));
	/* A pointer, which no row's default can be. */
	o->test = &np_test_tcp_stream;
}

/* -t omni, and -- -t/-T/-d/-c: the test the socket type, protocol,
 * direction and connection flag make, as netperf 2.7.1 makes them; the
 * test name gives what they leave out. */
static enum np_opts_status resolve_test(struct np_opts *o, FILE *err)
{
	const struct np_test *t = o->test;
	const bool connect = t->connect_each || o->connect_test;
	int type, proto;
	uint32_t dir;
	const struct np_test *r;

	if (t->length)
		o->length = t->length;
	if (!t->omni && !o->sock_type_over && !o->protocol_over && connect == t->connect_each) {
		r = t;
		goto sizes;
	}
	type = o->sock_type_over ? o->sock_type_over : t->omni ? SOCK_STREAM : t->sock_type;
	proto = o->protocol_over ? o->protocol_over
	      : type == SOCK_DGRAM ? IPPROTO_UDP : IPPROTO_TCP;
	if (t->omni) {
		/* Nothing said: a send test, or with -c connect and close. */
		const uint32_t d = o->omni_dir == 0 && !connect ? NP_OMNI_XMIT : o->omni_dir;

		dir = (d & NP_OMNI_XMIT ? NP_DIR_RECV : 0) | (d & NP_OMNI_RECV ? NP_DIR_XMIT : 0);
	} else {
		dir = t->direction;
	}
	r = np_test_for_request(type, proto, dir, connect, NP_EXT_TEST_CLASSIC);
	if (r == NULL && !t->omni && !t->connect_each && o->connect_test) {
		/* 2.7.1 would open a connection per send: no such test here. */
		fprintf(err, "netperf: -- -c: %s has no connection-per-transaction form here "
			"(TCP_RR's is TCP_CRR); ignored\n", t->name);
		r = np_test_for_request(type, proto, dir, false, NP_EXT_TEST_CLASSIC);
	}
	if (r == NULL) {
		fprintf(err, "netperf: no test is a %s %s %s%s test\n",
			type == SOCK_DGRAM ? "datagram" : "stream",
			proto == IPPROTO_UDP ? "UDP" : "TCP", connect ? "connection " : "",
			dir == NP_DIR_RECV ? "send" : dir == NP_DIR_XMIT ? "receive"
			: dir == 0 ? "connect-only" : "request/response");
		return NP_OPTS_USAGE;
	}
	if (t->omni) {
		o->omni = true;
		/* Omni's own output is the -O columns of its default list. */
		if (!o->selecting) {
			o->selecting = true;
			o->sel_style = NP_SEL_COLUMNS;
			o->sel_value = NULL;
		}
	}
	o->test = r;
sizes:
	/* A test without data (TCP_CC): its transactions carry 0 bytes. */
	if (!np_test_moves_data(r))
		o->req_size = o->rsp_size = 0;
	if (r->connect_each && o->data_lport && !o->crr_port_min)
		fprintf(err, "netperf: -- -P %u: %s binds each connection to the next local port "
			"of %d-%d instead, as netperf 2.7.1 does (-- -p min,max sets the range)\n",
			(unsigned)o->data_lport, r->name, NP_CRR_PORT_MIN, NP_CRR_PORT_MAX);
	return NP_OPTS_RUN;
}

/* The test options' walk: netperf 2.7.1's rows, netperf-ng's, the named
 * test's own, and which of them were given. */
struct test_walk {
	struct optrow own[NP_TEST_OPTIONS + 1];
	const struct optrow *tables[4];
	struct opt_seen seen;
};

static enum np_opts_status flows_fit(const struct np_opts *o, FILE *err);
static enum np_opts_status json_fit(const struct np_opts *o, FILE *err);
static enum np_opts_status sweep_fit(struct np_opts *o, const struct test_walk *w, FILE *err);
static void test_params_default(struct np_opts *o);

/* -- -t/-T/-d made it another test, whose options these are not. */
static enum np_opts_status own_fit(const struct np_opts *o, const struct np_test *named,
				   const struct test_walk *w, FILE *err)
{
	for (int k = 0; w->own[k].name; k++) {
		if (opt_was_given(&w->seen, &w->own[k])) {
			fprintf(err, "netperf: --%s is an option of %s, not of %s\n",
				named->options[k]->name, named->name, o->test->name);
			return NP_OPTS_USAGE;
		}
	}
	return NP_OPTS_RUN;
}

/* The global options up to --, then the test's; the rules over them. */
enum np_opts_status np_opts_parse(int argc, char **argv, struct np_opts *o,
				  FILE *out, FILE *err)
{
	struct test_walk tw = { .tables = { np_test_rows, np_test_long_rows, tw.own, NULL } };
	const struct optwalk gw = { "netperf", global_tables, false, true, true, o, NULL, out,
				    err };
	const struct optwalk ww = { "netperf", tw.tables, true, false, true, o, &tw.seen, out,
				    err };
	enum np_opts_status st;
	const struct np_test *named;
	int i = 1;

	np_opts_defaults(o);
	o->argc = argc;
	o->argv = argv;
	if ((st = opt_walk(&gw, argc, argv, &i)) != NP_OPTS_RUN)
		return st;
	/* -I alone means up to 10 iterations and at least 3, as in netperf. */
	if (o->confidence && o->iter_max == 1) {
		o->iter_max = 10;
		o->iter_min = 3;
	}
	/* -t has named the test: its own options join the test-specific
	 * ones, with their defaults. */
	named = o->test;
	test_params_default(o);
	np_test_option_rows(named, tw.own, NULL);
	if ((st = opt_walk(&ww, argc, argv, &i)) != NP_OPTS_RUN)
		return st;
	/* Before resolve_test, which gives -t omni its default columns. */
	if ((st = json_fit(o, err)) != NP_OPTS_RUN || (st = resolve_test(o, err)) != NP_OPTS_RUN)
		return st;
	if (o->test != named) {
		if ((st = own_fit(o, named, &tw, err)) != NP_OPTS_RUN)
			return st;
		test_params_default(o);
	}
	if ((st = flows_fit(o, err)) != NP_OPTS_RUN)
		return st;
	return sweep_fit(o, &tw, err);
}

static void test_params_default(struct np_opts *o)
{
	np_test_option_defaults(o->test, o->test_params);
}

/* What N flows cannot share. */
static enum np_opts_status flows_fit(const struct np_opts *o, FILE *err)
{
	const char *what = NULL;

	if (o->flows <= 1)
		return NP_OPTS_RUN;
	if (o->test->no_connection)
		what = "a test without a data connection";
	else if (o->interim > 0)
		what = "-D (interim figures are per run; use -d for flow start times)";
	else if (o->data_lport || o->data_rport)
		what = "fixed data ports (-- -P): each flow needs its own";
	else if (o->local_port)
		what = "a fixed local control port (-p ,port): each flow needs its own";
	if (!what)
		return NP_OPTS_RUN;
	fprintf(err, "netperf: --flows %d cannot go with %s\n", o->flows, what);
	return NP_OPTS_USAGE;
}

/* --sweep: its sizes within the resolved test's limits, and what it
 * cannot go with. */
static enum np_opts_status sweep_fit(struct np_opts *o, const struct test_walk *w, FILE *err)
{
	const char *no;
	char why[160];

	if (!o->sweep_text)
		return NP_OPTS_RUN;
	if ((no = np_sweep_refusal(o->test)) != NULL)
		fprintf(err, "netperf: --sweep: not for %s: %s\n", o->test->name, no);
	else if (opt_was_given(&w->seen, opt_find_letter(w->tables, np_sweep_option(o->test))))
		fprintf(err, "netperf: --sweep cannot go with -- -%c: the sweep sets the %s\n",
			np_sweep_option(o->test),
			o->test->rr ? "request and response sizes" : "send size");
	else if (o->interim > 0)
		fprintf(err, "netperf: --sweep cannot go with -D: interim lines would cut through "
			"the table\n");
	else if (np_sweep_parse(o->sweep_text, np_opts_msg_max(o), &o->sweep, why, sizeof(why)) < 0)
		fprintf(err, "netperf: --sweep %s: %s\n", o->sweep_text, why);
	else
		return NP_OPTS_RUN;
	return NP_OPTS_USAGE;
}

/* -J is the output: not with another one, nor for a test that prints a
 * bare fact instead of a result. */
static enum np_opts_status json_fit(const struct np_opts *o, FILE *err)
{
	if (!o->json)
		return NP_OPTS_RUN;
	if (o->selecting)
		fprintf(err, "netperf: --json cannot go with -- -%c (both choose the output)\n",
			o->sel_style == NP_SEL_CSV ? 'o' : o->sel_style == NP_SEL_COLUMNS ? 'O' : 'k');
	else if (o->test->no_connection)
		fprintf(err, "netperf: --json cannot go with %s (a test without a data connection)\n",
			o->test->name);
	else
		return NP_OPTS_RUN;
	return NP_OPTS_USAGE;
}

void np_opts_each(const struct np_opts *o, np_setting_fn fn, void *ctx)
{
	struct optrow own[NP_TEST_OPTIONS + 1];
	const struct optrow *const own_tables[] = { own, NULL };
	const struct optrow *const test_tables[] = { np_test_rows, np_test_long_rows, NULL };

	opt_each(global_tables, false, false, o, fn, ctx);
	opt_each(test_tables, true, false, o, fn, ctx);
	np_test_option_rows(o->test, own, NULL);
	opt_each(own_tables, true, true, o, fn, ctx);
}
