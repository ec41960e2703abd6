/*
 * client.c - one netperf run: its steps from the command line to the
 * report, and what it prints, chosen once.
 *
 * Data flows one way: options -> plan (plan.c: endpoints, sizes) ->
 * iterations (measure.c; --sweep's sizes, sweep_loop.c) -> each flow's
 * iteration (flow.c: request, data phase, results; --flows' threads in
 * flows.c) -> samples -> report.  Nothing here knows a test by name; the
 * descriptor says what differs.
 *
 * A run is a sequence of steps (np_client_run: start, prepare, connect,
 * measure, the output's end, release).  What is printed is chosen once,
 * as a struct output: the text (classic tables, or -o/-O/-k's fields) or
 * -J's object.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/client.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "base/random.h"
#include "base/units.h"
#include "cli/plan.h"
#include "cli/say.h"
#include "client/flow.h"
#include "client/interim.h"
#include "client/many_run.h"
#include "client/measure.h"
#include "client/preflight.h"
#include "client/progress.h"
#include "client/sigint.h"
#include "client/sweep_loop.h"
#include "host/cpu.h"
#include "report/json.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "report/unknown.h"

void np_client_uuid(char out[37])
{
	uint8_t b[16];

	out[0] = '\0';
	if (np_random_bytes(b, sizeof(b)) < 0)
		return;
	b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
	b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
		 b[12], b[13], b[14], b[15]);
}

/* The CPU a flow runs on: from the --*-cpus list in turn, else -T's. */
static int flow_cpu(const int *list, int n, int index, int bind)
{
	return n > 0 ? list[index % n] : bind;
}

struct output;

/* One run of netperf: what its steps share. */
struct client {
	const struct np_opts *o;
	FILE *out, *err;
	const struct output *show;    /* the output the command line chose */
	const char *host;             /* the control host, as named */
	int n;                        /* flows: 1 without --flows, and on a
				       * many-flows run (one control connection) */
	uint32_t many;                /* a many-flows run's workload, 0: none */
	struct np_many_keep keep;     /* what it leaves for the report */
	struct np_flow *flows;
	struct np_result *fs;         /* each flow's last iteration */
	struct np_plan p;
	struct np_report head;        /* the settings; the plan once made */
	struct np_tally t;            /* the iterations so far */
	struct np_result s;           /* what they measured */
	struct np_sweep_loop sw;
	struct np_progress progress;  /* the line on a terminal (fd -1: none) */
	struct np_say_log msgs;       /* -J: the error and warning lines */
	struct timespec started;      /* -J: the wall clock at the run's start */
	struct utsname un;
	char cmdline[4096], uuid[37];
};

/* ---- The output: chosen once ------------------------------------------ */

/*
 * What a run prints, and when: the classic tables or -o/-O/-k's fields
 * (report.c picks between them from the report), or -J's one object.
 * start comes before anything can fail, begin once the plan is made
 * (netperf's banner comes before the test: interim figures and any error
 * come after it), end last, with the run's exit status so far; end
 * returns the final one.
 */
struct output {
	void (*start)(struct client *c);
	void (*begin)(struct client *c);
	int (*end)(struct client *c, int rc);
	np_interim_fn interim;        /* where -D's figures go */
	bool quiet;                   /* --sweep prints no rows */
};

static void text_start(struct client *c)
{
	(void)c;
}

static void text_begin(struct client *c)
{
	np_report_begin(c->out, &c->head);
}

static int report_written(struct client *c, const char *what, int rc)
{
	if (ferror(c->out) || fflush(c->out) == EOF) {
		np_fail(c->err, "writing %s: %s", what, strerror(errno ? errno : EIO));
		return 1;
	}
	return rc;
}

/* The report after the iterations; a sweep printed its rows as they came. */
static int text_end(struct client *c, int rc)
{
	struct np_report rep = c->head;

	if (rc != 0)
		return rc;
	if (!c->sw.sizes) {
		rep.res = c->s;
		if (c->many)
			np_report_flows_body(c->out, &rep, c->keep.fs, c->keep.nfs);
		else if (c->o->flows > 1)
			np_report_flows_body(c->out, &rep, c->fs, c->n);
		else
			np_report_body(c->out, &rep);
	}
	return report_written(c, "the report", rc);
}

static void json_start(struct client *c)
{
	clock_gettime(CLOCK_REALTIME, &c->started);
	memset(&c->msgs, 0, sizeof(c->msgs));
	np_say_keep(&c->msgs);
}

static void json_begin(struct client *c)
{
	(void)c;
}

/* -J: the one object, whatever happened; its error member the first
 * error line when the run failed, beside what the completed iterations
 * measured. */
static int json_end(struct client *c, int rc)
{
	const struct np_confidence_rule rule = { c->o->confidence, c->o->conf_level,
						  c->o->conf_width, c->o->result_only };
	const char *warnings[NP_SAY_WARNINGS];
	struct np_json_run x = { c->many ? c->keep.fs : c->n > 1 ? c->fs : NULL,
				 c->many ? c->keep.nfs : c->n, NULL, warnings,
				 c->msgs.nwarnings, c->sw.sizes, c->sw.got.res, c->sw.got.done,
				 c->started, { 0, 0 } };
	struct np_report rep = c->head;

	if (rc == 0 && !c->sw.sizes)
		rep.res = c->s;
	else if (rc != 0 && !c->sw.got.res)
		np_tally_fill(&c->t, &rule, &rep.res);
	if (c->flows) {
		rep.res.interim = c->flows[0].series;
		rep.res.ninterim = (int)c->flows[0].series_len;
		rep.res.interim_dropped = c->flows[0].series_dropped;
	}
	np_say_keep(NULL);
	for (int i = 0; i < c->msgs.nwarnings; i++)
		warnings[i] = c->msgs.warnings[i];
	if (rc != 0)
		x.error = c->msgs.error[0] ? c->msgs.error : "the run failed";
	clock_gettime(CLOCK_REALTIME, &x.end);
	if (np_json_print(c->out, &rep, &x) < 0) {
		np_fail(c->err, "out of memory for the JSON object");
		rc = 1;
	}
	return report_written(c, "the JSON object", rc);
}

static const struct output text_output = { text_start, text_begin, text_end, np_interim_print,
					   false };
static const struct output json_output = { json_start, json_begin, json_end, np_interim_keep,
					   true };

/* ---- The run's steps ---------------------------------------------------- */

/* The progress line's settings; drawn by flow 1's watch.  Where it
 * cannot be drawn without a wait, it is not drawn (--progress says so). */
static void progress_start(struct client *c)
{
	const struct np_opts *o = c->o;
	struct np_progress *p = &c->progress;

	p->fd = -1;
	/* A closed stderr is told nothing. */
	if (np_progress_wanted(o->progress, fileno(c->err)) &&
	    np_progress_open(p, fileno(c->err)) < 0 && o->progress > 0 && errno != EBADF)
		np_warn(c->err, "--progress: no line: stderr cannot take one without a wait: %s",
			strerror(errno));
	p->tick_prints = c->show->interim == np_interim_print;
	p->test = o->test->name;
	p->unit = c->head.unit;
	p->iter_max = o->iter_max;
	p->may_stop_early = o->confidence && o->iter_min < o->iter_max;
	p->size_n = o->sweep.n;
	p->flows = o->flows > 1 ? o->flows : 1;
	p->length = (double)np_length_seconds(o->length);
	p->figure = p->half_pct = -1;
}

/* Step 1: the report's parts that do not depend on the data connection:
 * the settings, the command line, this run's UUID, this host. */
static void client_start(struct client *c, const struct np_opts *o, FILE *out, FILE *err)
{
	struct np_report *r = &c->head;

	memset(c, 0, sizeof(*c));
	c->o = o;
	c->out = out;
	c->err = err;
	c->show = o->json ? &json_output : &text_output;
	c->host = o->host ? o->host : o->family == AF_INET6 ? "::1" : "localhost";
	c->sw.sizes = o->sweep.n > 0 ? &o->sweep : NULL;
	c->many = o->flows > 1 && !c->sw.sizes && !o->no_control ? np_many_kind_of(o) : 0;
	c->n = o->flows > 1 && !c->many ? o->flows : 1;
	r->o = o;
	r->verbosity = o->verbosity;
	r->headers = o->headers;
	r->brand = o->brand;
	r->unit = np_plan_unit(o);
	r->ctl_host = c->host;
	np_plan_join_args(o, c->cmdline, sizeof(c->cmdline));
	r->command_line = c->cmdline;
	if (o->uuid)
		snprintf(c->uuid, sizeof(c->uuid), "%s", o->uuid);
	else
		np_client_uuid(c->uuid);
	r->uuid = c->uuid;
	if (uname(&c->un) == 0) {
		r->sysname = c->un.sysname;
		r->release = c->un.release;
		r->version = c->un.version;
		r->machine = c->un.machine;
	}
	r->local_cpus = o->ncpus > 0 ? o->ncpus : np_cpu_count();
	np_lacks_read(&r->lacks);
	c->show->start(c);
	progress_start(c);
}

/* Step 2: what the run needs before it connects: the kernel's batch
 * calls, Ctrl-C's pipe, each flow and its resources, -T.  The
 * exit status: 0, 2 for a usage error, 1 for the rest. */
static int client_prepare(struct client *c)
{
	const struct np_opts *o = c->o;
	int rc;

	/* --batch, --gso: 2 a usage error, 1 what the kernel lacks. */
	if ((rc = np_preflight_check(o, c->err)) != 0)
		return rc;
	if (o->flows > NP_MAX_FLOWS && !c->many) {
		np_fail(c->err, "--flows %d: over %d flows only TCP_RR, TCP_CRR, UDP_RR, "
			"TCP_STREAM, TCP_MAERTS and UDP_STREAM run (on netserver-ng, without "
			"--sweep or -N); %s runs a session a flow", o->flows, NP_MAX_FLOWS,
			o->test->name);
		return 2;
	}
	/* Every flow's descriptor, before the first socket. */
	if (c->many && np_many_fd_room(o, c->err) < 0)
		return 1;
	if (np_sigint_open() < 0) {
		np_fail(c->err, "pipe: %s", strerror(errno));
		return 1;
	}
	c->flows = calloc((size_t)c->n, sizeof(*c->flows));
	c->fs = calloc((size_t)c->n, sizeof(*c->fs));
	if (!c->flows || !c->fs) {
		np_fail(c->err, "out of memory for %d flows", c->n);
		return 1;
	}
	for (int i = 0; i < c->n; i++) {
		c->flows[i] = (struct np_flow){ .ctl = -1, .fill_fd = -1, .file_fd = -1, .index = i };
		c->flows[i].lcpu = flow_cpu(o->lcpus, o->nlcpus, i, -1);
		c->flows[i].rcpu = flow_cpu(o->rcpus, o->nrcpus, i, o->rcpu_bind);
	}
	if (c->progress.fd >= 0)
		c->flows[0].progress = &c->progress;
	for (int i = 0; i < c->n; i++)
		if (np_flow_prepare(o, &c->flows[i], c->err) < 0)
			return 1;
	/* -T: the whole process; --local-cpus: each flow's thread. */
	if (o->lcpu_bind >= 0 && np_cpu_bind(o->lcpu_bind) < 0) {
		np_fail(c->err, "-T: cannot run on CPU %d: %s", o->lcpu_bind,
			np_cpu_bind_why(errno));
		return 1;
	}
	/* -c where this build reads no CPU counters: -1, method U, and why. */
	if (o->local_cpu && np_cpu_method() == NP_CPU_METHOD_UNKNOWN)
		np_warn(c->err, "-c: local CPU utilisation is unknown: %s", np_cpu_source());
	return 0;
}

/* Step 3: each flow's control connection, then the data connection's
 * plan; the report reads the plan from now on. */
static int client_connect(struct client *c)
{
	struct np_addr peer, flow_peer;

	for (int i = 0; i < c->n; i++)
		if (np_flow_connect(c->o, c->host, &c->flows[i], i ? &flow_peer : &peer,
				    c->err) < 0)
			return 1;
	if (np_plan_make(&c->p, c->o, c->host, &peer, c->err) < 0)
		return 1;
	c->head.plan = &c->p;
	c->show->begin(c);
	for (int i = 0; i < c->n; i++) {
		c->flows[i].head = &c->head;
		c->flows[i].out = c->out;
		c->flows[i].interim = c->show->interim;
	}
	return 0;
}

/* A many-flows run that netserver does not do (netserver 2.7.1): a
 * session a flow, as before, within their limit. */
static int many_fallback(struct client *c)
{
	const struct np_opts *o = c->o;
	struct np_addr peer;
	struct np_flow *f;
	struct np_result *fs;

	if (o->flows > NP_MAX_FLOWS)
		return np_fail(c->err, "--flows %d: netserver is not netserver-ng (it does not "
			       "know the many-flows request), and a session a flow goes to %d "
			       "flows at most", o->flows, NP_MAX_FLOWS);
	np_warn(c->err, "--flows: netserver is not netserver-ng (it does not know the "
		"many-flows request): each of the %d flows runs a session of its own",
		o->flows);
	f = realloc(c->flows, (size_t)o->flows * sizeof(*f));
	if (f)
		c->flows = f;
	fs = realloc(c->fs, (size_t)o->flows * sizeof(*fs));
	if (fs)
		c->fs = fs;
	if (!f || !fs)
		return np_fail(c->err, "out of memory for %d flows", o->flows);
	memset(c->fs, 0, (size_t)o->flows * sizeof(*c->fs));
	for (int i = 1; i < o->flows; i++) {
		c->flows[i] = (struct np_flow){ .ctl = -1, .fill_fd = -1, .file_fd = -1, .index = i };
		c->flows[i].lcpu = flow_cpu(o->lcpus, o->nlcpus, i, -1);
		c->flows[i].rcpu = flow_cpu(o->rcpus, o->nrcpus, i, o->rcpu_bind);
		c->n = i + 1;
		if (np_flow_prepare(o, &c->flows[i], c->err) < 0 ||
		    np_flow_connect(o, c->host, &c->flows[i], &peer, c->err) < 0)
			return -1;
		c->flows[i].head = &c->head;
		c->flows[i].out = c->out;
		c->flows[i].interim = c->show->interim;
	}
	c->many = 0;
	return 0;
}

/* Step 4: the iterations (-i/-I), or --sweep's sizes, each measured
 * so; netserver's goodbye once all went well. */
static int client_measure(struct client *c)
{
	struct np_sweep_loop *w = &c->sw;

	if (c->many) {
		int r = np_many_measure(&c->p, &c->flows[0], &c->t, &c->s, &c->keep, c->err);

		if (r < 0 || (r == 1 && many_fallback(c) < 0))
			return 1;
		if (r == 0) {
			np_flow_goodbye(&c->flows[0]);
			return 0;
		}
	}
	if (!w->sizes) {
		if (np_measure(&c->p, c->flows, c->fs, c->n, &c->t, &c->s, c->err) < 0)
			return 1;
	} else {
		w->p = &c->p;
		w->flows = c->flows;
		w->fs = c->fs;
		w->n = c->n;
		w->err = c->err;
		if (np_sweep_loop_run(w, c->out, &c->head, c->show->quiet) < 0)
			return 1;
	}
	for (int i = 0; i < c->n; i++)
		np_flow_goodbye(&c->flows[i]);
	return 0;
}

/* Step 5: what the steps opened and allocated. */
static void client_release(struct client *c)
{
	for (int i = 0; c->flows && i < c->n; i++)
		np_flow_release(&c->flows[i]);
	free(c->flows);
	free(c->fs);
	np_many_keep_free(&c->keep);
	np_sweep_loop_free(&c->sw);
	np_progress_close(&c->progress);
}

int np_client_run(const struct np_opts *o, FILE *out, FILE *err)
{
	struct client c;
	int rc;

	if (o->test->no_connection)
		return np_test_view(o->test)->command(o, out, err);
	client_start(&c, o, out, err);
	rc = client_prepare(&c);
	if (rc == 0)
		rc = client_connect(&c);
	if (rc == 0)
		rc = client_measure(&c);
	rc = c.show->end(&c, rc);
	client_release(&c);
	return rc;
}

