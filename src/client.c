/*
 * client.c - one netperf run: the iterations and their data phases, the
 * --flows threads, -D's interim figures, Ctrl-C, and the report at the
 * end.
 *
 * Data flows one way: options -> plan (plan.c: endpoints, sizes) ->
 * iterations (request and results: exchange.c; the data phase here) ->
 * samples -> report.  Nothing here knows a test by name; the descriptor
 * says what differs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "busypoll.h"
#include "clock.h"
#include "cpu.h"
#include "exchange.h"
#include "flows.h"
#include "json.h"
#include "metrics.h"
#include "mmsg.h"
#include "msg.h"
#include "plan.h"
#include "report.h"
#include "sock.h"
#include "stats.h"
#include "sweep.h"
#include "units.h"

/* -D: the figure since the previous tick, from the counters the loop
 * keeps current; called off the loop's fast path. */
struct interim {
	struct np_link *l;
	double since;                 /* np_now() of the previous figure */
	uint64_t units;               /* counter then */
};

/* What the interim rate counts: transactions, or with a byte unit on a
 * request/response test their bytes, as netperf's demo mode does. */
static uint64_t interim_units(const struct np_run *run, char unit)
{
	const struct np_test *t = run->test;
	const struct np_counters *c = &run->c;

	if (t->rr)
		return unit == 'x' ? c->trans
				   : c->trans * (uint64_t)(run->req_size + run->rsp_size);
	return (t->direction & NP_DIR_RECV) ? c->bytes_sent : c->bytes_recv;
}

/* -J: into the link's series (allocated beforehand), or counted as
 * dropped once it is full. */
static void keep_interim(struct np_link *l, double rate, double secs,
			 const struct timespec *wall)
{
	if (l->series_len == l->series_room) {
		l->series_dropped++;
		return;
	}
	l->series[l->series_len++] = (struct np_interim){
		l->iteration, rate, secs, (double)wall->tv_sec + (double)wall->tv_nsec / 1e9 };
}

static void interim_figure(struct np_run *run, bool final)
{
	struct interim *im = run->tick_ctx;
	const struct np_report *head = im->l->head;
	uint64_t units = interim_units(run, head->unit);
	double now = np_now(), secs = now - im->since;
	double per_sec = secs > 0 ? (double)(units - im->units) / secs : 0, rate;
	struct timespec wall;

	if (secs <= 0 || (final && units == im->units))
		return;
	clock_gettime(CLOCK_REALTIME, &wall);
	rate = np_unit_rate(per_sec, head->unit);  /* 'x': per_sec as it is */
	if (im->l->series)
		keep_interim(im->l, rate, secs, &wall);
	else
		np_report_interim(im->l->out, head, im->l->interims++, rate, secs, &wall);
	im->since = now;
	im->units = units;
}

static void interim_report(struct np_run *run)
{
	interim_figure(run, false);
}

/* Ctrl-C during a data phase ends the test early; it is then reported as
 * usual.  A second one kills netperf (SA_RESETHAND).  The handler only
 * sets a flag and makes a pipe readable, which the run's watch reads. */
static volatile sig_atomic_t interrupted;
static int sigint_pipe[2] = { -1, -1 };

static void on_sigint(int sig)
{
	int saved = errno;
	ssize_t r;

	(void)sig;
	interrupted = 1;
	/* A full pipe already says it: a failed write changes nothing. */
	r = write(sigint_pipe[1], "i", 1);
	(void)r;
	errno = saved;
}

static int sigint_pipe_open(void)
{
	if (sigint_pipe[0] >= 0)
		return 0;
	if (pipe(sigint_pipe) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)fcntl(sigint_pipe[i], F_SETFD, FD_CLOEXEC);
		(void)fcntl(sigint_pipe[i], F_SETFL, O_NONBLOCK);
	}
	return 0;
}

static void catch_sigint(bool on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on ? on_sigint : SIG_DFL;
	sa.sa_flags = on ? SA_RESETHAND : 0;
	sigaction(SIGINT, &sa, NULL);
}

/*
 * A data buffer placed at -a alignment plus -o offset, netperf's
 * pattern in it, then as much of the -F file as it gives (a short file
 * leaves the pattern after it, as in netperf).  *base is what to free.
 * The file is open non-blocking: a FIFO with no writer cannot hang us.
 */
static char *data_buffer(size_t len, int align, int offset, int fill_fd, void **base,
			 FILE *err)
{
	const size_t a = align > 0 ? (size_t)align : 1;
	char *b = malloc(len + a + (size_t)offset + 1), *p;
	size_t got = 0;

	*base = b;
	if (!b)
		return NULL;
	p = b + (a - (uintptr_t)b % a) % a + offset;
	np_run_fill(p, len);
	/* Every iteration sends the file's start (a pipe cannot rewind). */
	if (fill_fd >= 0)
		(void)lseek(fill_fd, 0, SEEK_SET);
	while (fill_fd >= 0 && got < len) {
		ssize_t n = read(fill_fd, p + got, len - got);

		if (n > 0) {
			got += (size_t)n;
		} else if (n < 0 && errno == EINTR) {
			continue;
		} else {
			if (n < 0)
				np_warn(err, "-F: reading the fill file: %s (the pattern fills the rest)",
					strerror(errno));
			break;
		}
	}
	return p;
}

static void local_cpu(const struct np_link *l, int ncpus, bool started, struct np_result *s)
{
	struct np_cpu_util u;

	s->lcpu = -1.0;
	s->lcpu_method = 'U';
	s->lcpu_more = NP_UNMEASURED_CPU;
	if (!started || np_cpu_read(l->cpu1) < 0)
		return;
	np_cpu_compute(l->cpu0, l->cpu1, &u);
	s->lcpu = u.util;
	s->lcpu_method = NP_CPU_METHOD_LETTER;
	s->lcpu_more.count = ncpus > 0 ? ncpus : np_cpu_count();
	s->lcpu_more = (struct np_result_cpu){ u.user, u.system, u.iowait, u.irq, u.softirq,
					   u.peak_util, u.peak_id, s->lcpu_more.count };
}

/* Our data socket at the end of the test (TCP_CRR's is gone by then). */
static void local_facts(const struct np_test *t, int fd, struct np_result *s)
{
	s->lss_end = s->lss;
	s->lsr_end = s->lsr;
	s->mss = s->ltransport_retrans = -1;
	if (fd < 0)
		return;
	np_sock_bufsizes(fd, &s->lss_end, &s->lsr_end);
	if (t->sock_type == SOCK_STREAM) {
		s->mss = np_sock_mss(fd);
		s->ltransport_retrans = np_sock_retrans(fd);
		np_sock_cong(fd, s->lcong, sizeof(s->lcong));
	}
}

static void pause_s(int seconds)
{
	struct timespec ts = { .tv_sec = seconds, .tv_nsec = 0 };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR && !interrupted)
		;
}

static int iteration(const struct np_plan *p, struct np_link *l, struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	struct np_omni_response rsp;
	struct np_run run;
	struct np_watch watch;
	char why[160];
	int rc = -1, r;
	bool cpu_ok;
	double t0;
	struct interim im = { 0 };
	void *sbase = NULL, *rbase = NULL;

	memset(s, 0, sizeof(*s));
	memset(&run, 0, sizeof(run));
	run.conn = -1;
	run.fd = np_sock_open(&p->so, why, sizeof(why));
	if (run.fd < 0)
		return np_fail(err, "data socket: %s", why);
	/* TCP_CRR binds every connection's socket there, with -- -p from
	 * the port range; with -- -P's local port as netperf 2.7.1 does: a
	 * fresh port for each connection from its range, starting anywhere
	 * in it and going on where the last iteration stopped (one fixed
	 * port would make each connection wait out the last one's). */
	if (t->connect_each) {
		run.local = p->local.ss;
		run.local_len = p->local.len;
		run.port_min = o->crr_port_min;
		run.port_max = o->crr_port_max;
		if (!run.port_min && o->data_lport) {
			run.port_min = NP_CRR_PORT_MIN;
			run.port_max = NP_CRR_PORT_MAX;
		}
		if (run.port_min && !l->crr_port_next) {
			const uint64_t seed = (uint64_t)getpid() ^ (uint64_t)(np_now() * 1e6);

			l->crr_port_next = (uint16_t)(run.port_min +
				seed % ((unsigned)run.port_max - run.port_min + 1u));
		}
		run.port_next = l->crr_port_next;
	}
	if (p->bind_local && (t->connect_each ? np_run_bind_local(&run, run.fd)
			      : bind(run.fd, (const struct sockaddr *)&p->local.ss, p->local.len)) < 0) {
		np_fail(err, "bind data socket to %s port %u: %s", p->laddr,
			(unsigned)(run.port_min ? run.port_next - 1 : o->data_lport),
			strerror(errno));
		goto out;
	}
	np_sock_bufsizes(run.fd, &s->lss, &s->lsr);
	if (o->no_control)
		np_exchange_no_control_setup(p, l, run.fd, s, &rsp);
	else if (np_exchange_setup(p, l, run.fd, s, &rsp, err) < 0)
		goto out;
	np_debug(o, err, "netserver's data socket: port %u, send size %d, receive size %d",
		 (unsigned)rsp.data_port, (int)rsp.send_size, (int)rsp.receive_size);
	s->rss = rsp.send_buf_size;
	s->rsr = rsp.recv_buf_size;
	s->rsend_size = rsp.send_size;
	s->rrecv_size = rsp.receive_size;
	s->rsend_width = rsp.send_width;
	s->rrecv_width = rsp.recv_width;
	s->rnodelay = (rsp.flags & NP_F_NODELAY) != 0;
	s->dport = rsp.data_port;

	run.test = t;
	run.peer = p->remote.ss;
	run.peer_len = p->remote.len;
	np_addr_set_port((struct sockaddr *)&run.peer, (uint16_t)rsp.data_port);
	run.port_skip = (uint16_t)rsp.data_port;
	run.sopts = &p->so;
	run.send_size = s->send_size;
	run.recv_size = s->recv_size > 0 ? s->recv_size : 1;
	run.req_size = o->req_size;
	/* An echo service answers with the request itself. */
	run.rsp_size = o->no_control ? o->req_size : o->rsp_size;
	run.burst = t->connect_each ? 0 : o->burst;
	run.rr_timeout = o->rr_timeout;
	for (int k = 0; k < NP_TEST_OPTIONS; k++)
		run.params[k] = (int32_t)o->test_params[k];
	np_busypoll_setup(&run, run.fd);   /* --busy-poll's socket options */
	run.file_fd = l->file_fd;
	run.legacy = l->legacy != 0;
	/* One byte more than any expected datagram: a wrong-sized response
	 * must show as one. */
	run.rbuf_len = (size_t)(t->sock_type == SOCK_DGRAM ? NP_UDP_MAX + 1
				: run.recv_size > run.rsp_size ? run.recv_size : run.rsp_size);
	run.sbuf = data_buffer((size_t)(t->rr ? o->req_size : s->send_size), o->lalign[0],
			       o->loffset[0], l->fill_fd, &sbase, err);
	run.rbuf = data_buffer(run.rbuf_len, o->lalign[1], o->loffset[1], -1, &rbase, err);
	if (!run.sbuf || !run.rbuf) {
		np_fail(err, "out of memory for data buffers");
		goto out;
	}
	run.timed = o->length > 0;
	run.count = o->length < 0 ? -o->length : 0;
	run.watch = &watch;
	run.ev = &watch.ev;
	run.wake_s = NP_WAKE_MS / 1000.0;
	/* Request/response loops time transactions, stream loops each
	 * data call (-j, or a latency selector). */
	run.hist = l->hist;
	run.sent_at = l->sent_at;
	run.ring_size = (unsigned)run.burst + 1;
	if (o->interim > 0) {
		im = (struct interim){ l, 0, 0 };
		run.on_tick = interim_report;
		run.tick_ctx = &im;
	}

	/* -s: the set-up is done; netperf waits before the data flows. */
	if (o->wait_s > 0)
		pause_s(o->wait_s);
	/* --flows: every flow is set up; they start together. */
	if (l->gate && !np_gate_pass(l->gate))
		goto out;
	cpu_ok = o->local_cpu && np_cpu_read(l->cpu0) == 0;
	if (!l->gate)
		catch_sigint(true);
	/* The watch also ends the run if netserver closes the control
	 * connection under it. */
	if (np_watch_start(&watch, o->length > 0 ? (double)o->length : 0,
			   o->interim > 0 ? o->interim : 0, l->ctl, sigint_pipe[0]) < 0) {
		if (!l->gate)
			catch_sigint(false);
		np_fail(err, "starting the run's watch: %s", strerror(errno));
		goto out;
	}
	t0 = im.since = np_now();
	if (l->gate)
		np_debug(o, err, "flow %d: data phase starts at %.6f s", l->index + 1, t0);
	r = t->client_run(&run);
	s->elapsed = np_now() - t0;
	if (t->connect_each)
		l->crr_port_next = run.port_next;
	np_watch_end(&watch);
	if (!l->gate)
		catch_sigint(false);
	if (o->interim > 0 && r == 0)
		interim_figure(&run, true);   /* the last, shorter interval */
	local_cpu(l, o->ncpus, cpu_ok, s);
	np_busypoll_finish(&run, run.fd);
	s->local = run.c;
	local_facts(t, run.fd, s);
	/* The first data phase of the connection says what the data ran on
	 * here (TCP_CRR's socket is gone by now: the route to the peer). */
	if (!l->local_host.known)
		np_host_facts_socket(run.fd, (const struct sockaddr *)&run.peer, &l->local_host);
	s->local_host = l->local_host;
	s->remote_host = l->remote_host;
	s->ltos = o->ltos >= 0 && run.fd >= 0 ? np_sock_tos(run.fd, p->family) : -1;
	/* flent runs netperf with DUMP_TCP_INFO set and reads these lines. */
	if (t->sock_type == SOCK_STREAM && run.fd >= 0 && getenv("DUMP_TCP_INFO"))
		np_sock_dump_tcp_info(run.fd, err);
	if (r < 0) {
		if (!o->no_control && np_exchange_cut_reason(l, s, &rsp, run.err, err))
			goto out;
		np_fail(err, "data connection to %s port %u: %s: %s", p->raddr,
			(unsigned)rsp.data_port, run.err_what ? run.err_what : "?",
			strerror(run.err ? run.err : EIO));
		goto out;
	}

	if (o->no_control)
		np_exchange_no_control_results(s);
	else if (np_exchange_results(p, l, s, &rsp, err) < 0)
		goto out;
	np_metrics_derive(p->test, p->unit, p->o->burst, s);
	rc = 0;
out:
	if (run.fd >= 0)
		close(run.fd);
	free(sbase);
	free(rbase);
	return rc;
}

void np_client_uuid(char out[37])
{
	uint8_t b[16];
	ssize_t n = -1;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	out[0] = '\0';
	if (fd >= 0) {
		n = read(fd, b, sizeof(b));
		close(fd);
	}
	if (n != (ssize_t)sizeof(b))
		return;
	b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
	b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
	snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
		 b[12], b[13], b[14], b[15]);
}

/* One flow of --flows, in its own thread. */
struct flow_job {
	const struct np_plan *p;
	struct np_link *l;
	struct np_result *s;
	FILE *err;
	int rc;
};

static void *flow_main(void *arg)
{
	struct flow_job *j = arg;

	j->rc = -1;
	if (j->l->lcpu >= 0 && np_cpu_bind(j->l->lcpu) < 0)
		np_fail(j->err, "--local-cpus: cannot run flow %d on CPU %d: %s", j->l->index + 1,
			j->l->lcpu, strerror(errno));
	else
		j->rc = iteration(j->p, j->l, j->s, j->err);
	if (j->rc < 0)
		np_gate_break(j->l->gate);
	return NULL;
}

/* One iteration of n flows; their reports in fs. */
static int flows_iteration(const struct np_plan *p, struct np_link *links, struct np_result *fs,
			   int n, FILE *err)
{
	struct flow_job *jobs = calloc((size_t)n, sizeof(*jobs));
	struct np_gate gate;
	int rc = 0;

	if (!jobs)
		return np_fail(err, "out of memory for %d flows", n);
	np_gate_init(&gate, n);
	for (int i = 0; i < n; i++) {
		links[i].gate = &gate;
		jobs[i] = (struct flow_job){ p, &links[i], &fs[i], err, -1 };
	}
	catch_sigint(true);
	if (np_flows_spawn(flow_main, jobs, sizeof(*jobs), n, &gate) < 0)
		rc = np_fail(err, "starting %d flows: %s", n, strerror(errno));
	catch_sigint(false);
	for (int i = 0; i < n; i++) {
		links[i].gate = NULL;
		if (jobs[i].rc < 0)
			rc = -1;
	}
	np_gate_destroy(&gate);
	free(jobs);
	return rc;
}

/* The test's iterations (-i/-I) on the plan, their tally in t and the
 * figures in s, with --flows those of the flows' SUM (each flow's last
 * in fs).  0, or -1 after the error line. */
static int measure(const struct np_plan *p, struct np_link *links, struct np_result *fs, int n,
		   struct np_tally *t, struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const bool threaded = o->flows > 1 || o->nlcpus > 0;
	const struct np_confidence_rule rule = { o->confidence, o->conf_level, o->conf_width,
						  o->result_only };
	struct np_hist *lat = links[0].hist;

	memset(t, 0, sizeof(*t));
	for (int f = 0; f < n && lat; f++)
		np_hist_init(links[f].hist);
	for (int i = 1; i <= o->iter_max; i++) {
		for (int f = 0; f < n; f++)
			links[f].iteration = i;
		if (!threaded) {
			if (iteration(p, &links[0], s, err) < 0)
				return -1;
		} else {
			if (flows_iteration(p, links, fs, n, err) < 0)
				return -1;
			np_metrics_sum(fs, n, p->unit, s);
		}
		np_tally_add(t, &rule, s);
		if (interrupted || (o->confidence && i >= o->iter_min && t->met))
			break;
	}
	if (s->local.timeouts)
		np_warn(err, "%llu of %llu requests timed out after %g s (-e) and were sent again",
			(unsigned long long)s->local.timeouts,
			(unsigned long long)(s->local.send_calls), o->rr_timeout);
	np_tally_fill(t, &rule, s);
	/* -j: the round trips of every flow. */
	for (int f = 1; lat && f < n; f++)
		np_hist_merge(lat, links[f].hist);
	if (lat)
		np_metrics_latency(lat, s);
	/* Each flow's line is its last iteration's. */
	for (int f = 0; o->flows > 1 && f < n; f++) {
		fs[f].iterations = 1;
		fs[f].conf_level_used = s->conf_level_used;
	}
	return 0;
}

/* --sweep: the sizes asked (NULL: no sweep) and their results, done
 * of them measured, for -J. */
struct sweep_state {
	const struct np_sweep_list *sizes;
	const struct np_plan *p;
	struct np_link *links;
	struct np_result *fs;
	int n;
	FILE *err;
	struct np_result *res;
	int done;
};

/* One size: the plan with the run's options but that size. */
static int sweep_size(void *ctx, int32_t size, struct np_result *s)
{
	struct sweep_state *w = ctx;
	struct np_opts o = *w->p->o;
	struct np_plan p = *w->p;
	struct np_tally t;

	np_sweep_apply(&o, size);
	p.o = &o;
	if (measure(&p, w->links, w->fs, w->n, &t, s, w->err) < 0)
		return -1;
	/* -j's histogram is the next size's now: each size keeps its
	 * figures (lat_*), not the buckets. */
	s->hist = NULL;
	return interrupted ? 1 : 0;
}

static int sweep(const struct np_plan *p, struct np_link *links, struct np_result *fs, int n,
		 const struct np_report *head, FILE *out, FILE *err, struct sweep_state *w)
{
	const struct np_opts *o = p->o;

	*w = (struct sweep_state){ &o->sweep, p, links, fs, n, err, NULL, 0 };
	w->res = calloc((size_t)o->sweep.n, sizeof(*w->res));
	if (!w->res) {
		np_fail(err, "out of memory for %d sizes", o->sweep.n);
		return 1;
	}
	if (np_sweep_run(out, head, &o->sweep, o->json, sweep_size, w, w->res, &w->done) < 0)
		return 1;
	if (!o->json && (ferror(out) || fflush(out) == EOF)) {
		np_fail(err, "writing the report: %s", strerror(errno ? errno : EIO));
		return 1;
	}
	return 0;
}

/* The end of the run for netserver: each control connection's goodbye. */
static void goodbye(struct np_link *links, int n)
{
	for (int i = 0; i < n; i++) {
		if (links[i].ctl >= 0)
			np_exchange_goodbye(links[i].ctl);
		links[i].ctl = -1;
	}
}

/* The CPU a flow runs on: from the --*-cpus list in turn, else -T's. */
static int flow_cpu(const int *list, int n, int index, int bind)
{
	return n > 0 ? list[index % n] : bind;
}

/* The report's parts that do not depend on the data connection: the
 * settings, the command line, this run's UUID, this host. */
static void report_start(struct np_report *r, const struct np_opts *o, const char *host,
			 struct utsname *un, char *cmdline, size_t cmdlen, char uuid[37])
{
	memset(r, 0, sizeof(*r));
	np_plan_settings(r, o, host);
	np_plan_join_args(o, cmdline, cmdlen);
	r->command_line = cmdline;
	if (o->uuid)
		snprintf(uuid, 37, "%s", o->uuid);
	else
		np_client_uuid(uuid);
	r->uuid = uuid;
	if (uname(un) == 0) {
		r->sysname = un->sysname;
		r->release = un->release;
		r->version = un->version;
		r->machine = un->machine;
	}
	r->local_cpus = o->ncpus > 0 ? o->ncpus : np_cpu_count();
}

/* -J: the one object, whatever happened; rc is the run's exit status so
 * far, the object's error member the first error line when it failed. */
static int json_end(FILE *out, FILE *err, const struct np_report *r, const struct np_result *fs,
		    int nflows, const struct sweep_state *sw, const struct np_msg_log *msgs, int rc)
{
	const char *warnings[NP_MSG_WARNINGS];
	struct np_json_run x = { nflows > 1 ? fs : NULL, nflows, NULL, warnings, msgs->nwarnings,
				 sw->sizes, sw->res, sw->done };

	np_msg_keep(NULL);
	for (int i = 0; i < msgs->nwarnings; i++)
		warnings[i] = msgs->warnings[i];
	if (rc != 0)
		x.error = msgs->error[0] ? msgs->error : "the run failed";
	if (np_json_print(out, r, &x) < 0) {
		np_fail(err, "out of memory for the JSON object");
		return 1;
	}
	return rc;
}

int np_client_run(const struct np_opts *o, FILE *out, FILE *err)
{
	struct utsname un;
	char cmdline[4096], uuid[37];
	const char *host = o->host ? o->host : o->family == AF_INET6 ? "::1" : "localhost";
	const int n = o->flows > 1 ? o->flows : 1;
	struct np_addr peer, flow_peer;
	struct np_link *links = NULL;
	struct np_result *fs = NULL;
	struct sweep_state sw = { .sizes = o->sweep.n > 0 ? &o->sweep : NULL };
	struct np_plan p;
	struct np_result s;
	struct np_report head, rep;
	struct np_tally t;
	struct np_msg_log msgs;
	const struct np_confidence_rule rule = { o->confidence, o->conf_level, o->conf_width,
						  o->result_only };
	int i, rc = 1;

	if (o->test->command)
		return o->test->command(o, out, err);
	report_start(&head, o, host, &un, cmdline, sizeof(cmdline), uuid);
	memset(&t, 0, sizeof(t));
	if (o->json) {
		memset(&msgs, 0, sizeof(msgs));
		np_msg_keep(&msgs);
	}
	/* --batch, --gso: 2 a usage error, 1 what the kernel lacks. */
	if ((i = np_mmsg_check(o, err)) != 0) {
		rc = i;
		goto out;
	}
	if (sigint_pipe_open() < 0) {
		np_fail(err, "pipe: %s", strerror(errno));
		goto out;
	}
	links = calloc((size_t)n, sizeof(*links));
	fs = calloc((size_t)n, sizeof(*fs));
	if (!links || !fs) {
		np_fail(err, "out of memory for %d flows", n);
		goto out;
	}
	for (i = 0; i < n; i++) {
		links[i] = (struct np_link){ .ctl = -1, .fill_fd = -1, .file_fd = -1, .index = i };
		links[i].lcpu = flow_cpu(o->lcpus, o->nlcpus, i, -1);
		links[i].rcpu = flow_cpu(o->rcpus, o->nrcpus, i, o->rcpu_bind);
	}
	for (i = 0; i < n; i++)
		if (np_link_prepare(o, &links[i], err) < 0)
			goto out;
	/* -T: the whole process; --local-cpus: each flow's thread. */
	if (o->lcpu_bind >= 0 && np_cpu_bind(o->lcpu_bind) < 0) {
		np_fail(err, "-T: cannot run on CPU %d: %s", o->lcpu_bind, strerror(errno));
		goto out;
	}
	for (i = 0; i < n; i++)
		if (np_link_connect(o, host, &links[i], i ? &flow_peer : &peer, err) < 0)
			goto out;
	if (np_plan_make(&p, o, host, &peer, err) < 0)
		goto out;
	/* netperf prints its banner before the test: interim figures and
	 * any error come after it. */
	np_plan_banner(&head, &p);
	if (!o->json)
		np_report_begin(out, &head);
	for (i = 0; i < n; i++) {
		links[i].head = &head;
		links[i].out = out;
	}
	if (o->sweep.n > 0) {
		rc = sweep(&p, links, fs, n, &head, out, err, &sw);
		if (rc == 0)
			goodbye(links, n);
		rep = head;
		memset(&rep.res, 0, sizeof(rep.res));
		goto out;
	}
	if (measure(&p, links, fs, n, &t, &s, err) < 0)
		goto out;
	goodbye(links, n);
	rep = head;
	rep.res = s;
	rc = 0;
	if (o->json)
		goto out;
	if (o->flows > 1)
		np_report_flows_body(out, &rep, fs, n);
	else
		np_report_body(out, &rep);
	if (ferror(out) || fflush(out) == EOF) {
		np_fail(err, "writing the report: %s", strerror(errno ? errno : EIO));
		rc = 1;
	}
out:
	if (o->json) {
		if (rc != 0 && !sw.res) {
			/* What the completed iterations measured, beside the error. */
			rep = head;
			memset(&rep.res, 0, sizeof(rep.res));
			np_tally_fill(&t, &rule, &rep.res);
		}
		if (links) {
			rep.res.interim = links[0].series;
			rep.res.ninterim = (int)links[0].series_len;
			rep.res.interim_dropped = links[0].series_dropped;
		}
		rc = json_end(out, err, &rep, fs, n, &sw, &msgs, rc);
		if (ferror(out) || fflush(out) == EOF) {
			np_fail(err, "writing the JSON object: %s", strerror(errno ? errno : EIO));
			rc = 1;
		}
	}
	for (i = 0; links && i < n; i++)
		np_link_release(&links[i]);
	free(links);
	free(fs);
	free(sw.res);
	return rc;
}
