/*
 * client.c - one netperf run: the iterations and their data phases, the
 * --flows threads, -D's interim figures, Ctrl-C, and the report at the
 * end.
 *
 * Data flows one way: options -> plan (plan.c: endpoints, sizes) ->
 * iterations (request and results: exchange.c; the data phase here) ->
 * samples -> report.  Nothing here knows a test by name; the descriptor
 * says what differs.
 *
 * A run is a sequence of steps (np_client_run: start, prepare, connect,
 * measure, the output's end, release), an iteration one too (iteration:
 * data socket, request, run set-up, buffers, data phase, our end's facts,
 * results).  What is printed is chosen once, as a struct output: the
 * text (classic tables, or -o/-O/-k's fields) or -J's object.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/client.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/random.h"
#include "base/sock.h"
#include "base/units.h"
#include "cli/plan.h"
#include "cli/say.h"
#include "client/exchange.h"
#include "client/flows.h"
#include "client/preflight.h"
#include "client/progress.h"
#include "host/cpu.h"
#include "host/others.h"
#include "host/placement.h"
#include "report/json.h"
#include "report/metrics.h"
#include "report/peer.h"
#include "report/report.h"
#include "report/sweep.h"
#include "report/test_view.h"
#include "run/busypoll.h"
#include "run/mmsg.h"
#include "run/proof.h"
#include "stats/hist.h"

/* -D: the figure since the previous tick, from the counters the loop
 * keeps current; called off the loop's fast path. */
struct interim {
	struct np_flow *l;
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

/* -J: into the flow's series (allocated beforehand), or counted as
 * dropped once it is full. */
static void keep_interim(struct np_flow *l, double rate, double secs,
			 const struct timespec *wall)
{
	if (l->series_len == l->series_room) {
		l->series_dropped++;
		return;
	}
	l->series[l->series_len++] = (struct np_interim){
		l->iteration, rate, secs, (double)wall->tv_sec + (double)wall->tv_nsec / 1e9 };
}

/* Text: the figure printed as it comes (-D's line, or -k's numbered
 * keys). */
static void print_interim(struct np_flow *l, double rate, double secs,
			  const struct timespec *wall)
{
	/* The progress line is off the terminal: the watch erased it before
	 * it raised the tick (np_progress_call). */
	np_report_interim(l->out, l->head, l->interims++, rate, secs, wall);
	fflush(l->out);
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
	im->l->interim(im->l, rate, secs, &wall);
	im->since = now;
	im->units = units;
}

static void interim_report(struct np_run *run, int n)
{
	struct interim *im = run->tick_ctx;

	interim_figure(run, false);
	if (im->l->progress)
		np_progress_printed(im->l->progress, n);   /* it may be drawn again */
}

/* The progress line's next figure, counted as -D counts it; its watch's
 * thread draws it. */
static void progress_count(struct np_run *run)
{
	struct np_progress *p = run->progress_ctx;

	np_progress_count(p, np_now(), interim_units(run, p->unit));
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

static void local_cpu(const struct np_flow *l, int ncpus, bool started, struct np_result *s)
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

/* Our data socket at the end of the test (TCP_CRR's is gone by then:
 * its first connection's MSS, which its loop read). */
static void local_facts(const struct np_test *t, const struct np_run *run, struct np_result *s)
{
	const int fd = run->fd;

	s->lss_end = s->lss;
	s->lsr_end = s->lsr;
	s->mss = s->ltransport_retrans = -1;
	if (run->mss > 0)
		s->mss = run->mss;
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

/* One iteration's working state, shared by its steps: the data socket's
 * run, its watch, the response that set it up, the buffers to free. */
struct phase {
	struct np_run run;
	struct np_watch watch;
	struct interim im;
	struct np_omni_response rsp;
	void *sbase, *rbase;
	bool cpu_ok;                  /* -c: the snapshot before the data */
	struct np_others_probe *others;   /* other processes' CPU time: the reads */
	int ran;                      /* test->client_run's return */
	double asked;                 /* when the request went: netserver's test is after */
};

/* TCP_CRR binds every connection's socket there, with -- -p from the
 * port range; with -- -P's local port as netperf 2.7.1 does: a fresh
 * port for each connection from its range, starting anywhere in it and
 * going on where the last iteration stopped (one fixed port would make
 * each connection wait out the last one's). */
static void crr_ports(const struct np_plan *p, struct np_flow *l, struct np_run *run)
{
	const struct np_opts *o = p->o;

	run->local = p->local.ss;
	run->local_len = p->local.len;
	run->port_min = o->crr_port_min;
	run->port_max = o->crr_port_max;
	if (!run->port_min && o->data_lport) {
		run->port_min = NP_CRR_PORT_MIN;
		run->port_max = NP_CRR_PORT_MAX;
	}
	if (run->port_min && !l->crr_port_next) {
		const uint64_t seed = (uint64_t)getpid() ^ (uint64_t)(np_now() * 1e6);

		l->crr_port_next = (uint16_t)(run->port_min +
			seed % ((unsigned)run->port_max - run->port_min + 1u));
	}
	run->port_next = l->crr_port_next;
}

/* Step 1: our data socket, bound where the plan says. */
static int data_socket(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		       struct np_result *s, FILE *err)
{
	const struct np_test *t = p->test;
	struct np_run *run = &ph->run;
	char why[160];

	run->conn = -1;
	run->fd = np_sock_open(&p->so, why, sizeof(why));
	if (run->fd < 0)
		return np_fail(err, "data socket: %s", why);
	if (t->connect_each)
		crr_ports(p, l, run);
	if (p->bind_local && (t->connect_each ? np_run_bind_local(run, run->fd)
			      : bind(run->fd, (const struct sockaddr *)&p->local.ss, p->local.len)) < 0)
		return np_fail(err, "bind data socket to %s port %u: %s", p->laddr,
			       (unsigned)(run->port_min ? run->port_next - 1 : p->o->data_lport),
			       strerror(errno));
	np_sock_bufsizes(run->fd, &s->lss, &s->lsr);
	return 0;
}

/* Step 2: the request, and what netserver's response says of its end. */
static int ask_netserver(const struct np_plan *p, struct np_flow *l, struct phase *ph,
			 struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_omni_response *rsp = &ph->rsp;

	ph->asked = np_now();
	if (o->no_control)
		np_exchange_no_control_setup(p, l, ph->run.fd, s, &ph->rsp);
	else if (np_exchange_setup(p, l, ph->run.fd, s, &ph->rsp, err) < 0)
		return -1;
	np_debug(o, err, "netserver's data socket: port %u, send size %d, receive size %d",
		 (unsigned)rsp->data_port, (int)rsp->send_size, (int)rsp->receive_size);
	s->rss = rsp->send_buf_size;
	s->rsr = rsp->recv_buf_size;
	s->rsend_size = rsp->send_size;
	s->rrecv_size = rsp->receive_size;
	s->rsend_width = rsp->send_width;
	s->rrecv_width = rsp->recv_width;
	s->rnodelay = (rsp->flags & NP_F_NODELAY) != 0;
	s->dport = rsp->data_port;
	return 0;
}

/* Step 3: the run the test's loop reads: its peer, sizes, options, and
 * when it ends. */
static void run_setup(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		      const struct np_result *s)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	struct np_run *run = &ph->run;

	run->test = t;
	run->peer = p->remote.ss;
	run->peer_len = p->remote.len;
	np_addr_set_port((struct sockaddr *)&run->peer, (uint16_t)ph->rsp.data_port);
	run->port_skip = (uint16_t)ph->rsp.data_port;
	run->sopts = &p->so;
	run->send_size = s->send_size;
	run->recv_size = s->recv_size > 0 ? s->recv_size : 1;
	run->req_size = o->req_size;
	/* An echo service answers with the request itself. */
	run->rsp_size = o->no_control ? o->req_size : o->rsp_size;
	run->burst = t->connect_each ? 0 : o->burst;
	run->rr_timeout = o->rr_timeout;
	memcpy(run->params, o->test_params, sizeof(run->params));
	np_busypoll_setup(run, run->fd);   /* --busy-poll's socket options */
	run->file_fd = l->file_fd;
	run->legacy = l->legacy != 0;
	run->timed = np_length_seconds(o->length) > 0;
	run->count = np_length_count(o->length);
	run->watch = &ph->watch;
	run->ev = &ph->watch.ev;
	run->wake_s = NP_WAKE_MS / 1000.0;
	/* Request/response loops time transactions, stream loops each
	 * data call (-j, or a latency selector). */
	run->hist = l->hist;
	run->sent_at = l->sent_at;
	run->ring_size = (unsigned)run->burst + 1;
	if (o->interim > 0) {
		ph->im = (struct interim){ l, 0, 0 };
		run->on_tick = interim_report;
		run->tick_ctx = &ph->im;
	}
	if (l->progress) {
		run->on_progress = progress_count;
		run->progress_ctx = l->progress;
	}
}

/* Step 4: the data buffers, at -a/-o's places, -F's file in the first. */
static int run_buffers(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		       const struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_test *t = p->test;
	struct np_run *run = &ph->run;

	/* One byte more than any expected datagram: a wrong-sized response
	 * must show as one. */
	run->rbuf_len = (size_t)(t->sock_type == SOCK_DGRAM ? NP_UDP_MAX + 1
				 : run->recv_size > run->rsp_size ? run->recv_size : run->rsp_size);
	run->sbuf = data_buffer((size_t)(t->rr ? o->req_size : s->send_size), o->lalign[0],
				o->loffset[0], l->fill_fd, &ph->sbase, err);
	run->rbuf = data_buffer(run->rbuf_len, o->lalign[1], o->loffset[1], -1, &ph->rbase, err);
	if (!run->sbuf || !run->rbuf)
		return np_fail(err, "out of memory for data buffers");
	return 0;
}

/* Step 4b: netserver --data-peer declared sent a cookie to our declared
 * data address, which is not the control connection's: echo it from
 * there before the data phase (run/proof.h). */
static int prove_address(const struct np_plan *p, struct np_flow *l, struct phase *ph,
			 FILE *err)
{
	char why[256];

	if (!ph->rsp.data_proof)
		return 0;
	np_debug(p->o, err, "netserver asks our data address %s to echo its cookie", p->laddr);
	if (np_proof_client(ph->run.fd, (const struct sockaddr *)&ph->run.peer, ph->run.peer_len,
			    l->ctl, why, sizeof(why)) < 0)
		return np_fail(err, "proving our data address %s to netserver: %s", p->laddr, why);
	return 0;
}

/* Step 5: the data phase, between -s's wait (or --flows' start gate)
 * and the watch's end; -1 when it could not start. */
static int data_phase(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		      struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_watch_caller drawer = { NP_PROGRESS_S, np_progress_call, l->progress };
	struct np_place_probe probe;
	double t0;

	/* -s: the set-up is done; netperf waits before the data flows. */
	if (o->wait_s > 0)
		pause_s(o->wait_s);
	/* Other processes' CPU time, before the timer, since /proc takes a
	 * while to read.  Not with --flows: each flow's netserver session
	 * is a process of its own, which would count as another. */
	s->local_others = NP_OTHERS_UNKNOWN;
	if (!l->gate)
		ph->others = np_others_begin();
	/* --flows: every flow is set up; they start together. */
	if (l->gate && !np_gate_pass(l->gate))
		return -1;
	ph->cpu_ok = o->local_cpu && np_cpu_read(l->cpu0) == 0;
	if (!l->gate)
		catch_sigint(true);
	/* The watch also ends the run if netserver closes the control
	 * connection under it, and draws the progress line. */
	if (l->progress)
		np_progress_phase(l->progress);
	if (np_watch_start(&ph->watch, (double)np_length_seconds(o->length),
			   o->interim > 0 ? o->interim : 0, l->progress ? &drawer : NULL, l->ctl,
			   sigint_pipe[0]) < 0) {
		if (!l->gate)
			catch_sigint(false);
		return np_fail(err, "starting the run's watch: %s", strerror(errno));
	}
	t0 = ph->im.since = np_watch_origin(&ph->watch);
	if (l->gate)
		np_debug(o, err, "flow %d: data phase starts at %.6f s", l->index + 1, t0);
	np_place_begin(&probe);
	ph->ran = p->test->client_run(&ph->run);
	np_place_end(&probe, &s->local_at);
	s->elapsed = np_now() - t0;
	if (p->test->connect_each)
		l->crr_port_next = ph->run.port_next;
	np_watch_end(&ph->watch);   /* its last act: the progress line erased */
	/* Its figures once netserver has said which process is its session
	 * (results). */
	np_others_second(ph->others);
	if (!l->gate)
		catch_sigint(false);
	if (o->interim > 0 && ph->ran == 0)
		interim_figure(&ph->run, true);   /* the last, shorter interval */
	return 0;
}

/* Step 6: what our end knows after the data: CPU, counters, the
 * socket's last state, the host. */
static void local_end(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		      struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	struct np_run *run = &ph->run;

	local_cpu(l, o->ncpus, ph->cpu_ok, s);
	np_busypoll_finish(run, run->fd);
	s->local = run->c;
	local_facts(p->test, run, s);
	/* The first data phase of the connection says what the data ran on
	 * here (TCP_CRR's socket is gone by now: the route to the peer). */
	if (!l->local_host.known)
		np_host_facts_socket(run->fd, (const struct sockaddr *)&run->peer, &l->local_host);
	s->local_host = l->local_host;
	s->remote_host = l->remote_host;
	s->ltos = o->ltos >= 0 && run->fd >= 0 ? np_sock_tos(run->fd, p->family) : -1;
	/* flent runs netperf with DUMP_TCP_INFO set and reads these lines. */
	if (p->test->sock_type == SOCK_STREAM && run->fd >= 0 && getenv("DUMP_TCP_INFO"))
		np_sock_dump_tcp_info(run->fd, err);
}

/* netserver's figures against what this run allows (report/peer.h):
 * its test lies between the request and the results, and on one host
 * its CPUs are these. */
static int peer_figures(const struct np_plan *p, struct np_flow *l, const struct phase *ph,
			struct np_result *s, bool one_host, FILE *err)
{
	struct np_peer_bounds b = { .window = np_now() - ph->asked,
				    .udp = p->test->sock_type == SOCK_DGRAM };

	if (one_host) {
		b.cpus = np_cpu_count();
		b.cpu_ids = np_cpu_id_limit();
	} else if (s->remote_host.known && s->remote_host.cpu_count > 0) {
		b.cpus = s->remote_host.cpu_count;
	}
	return np_peer_check(&b, s, &l->peer_warned, err);
}

/* The other processes here.  On one host netserver's session is one of
 * them, and is left out when it is the process it says it is: that pid,
 * with the start it sends, which is after netperf's (its session was
 * forked for this connection).  Said once when it cannot be told. */
static void local_others(const struct np_opts *o, struct np_flow *l, struct phase *ph,
			 struct np_result *s, bool one_host, FILE *err)
{
	const struct np_others *rm = &s->remote_others;
	const bool claimed = one_host && rm->pid > 0;
	const struct np_others_skip skip = { rm->pid, rm->start >= 0 ? (uint64_t)rm->start : 0 };
	int found;

	if (!ph->others)
		return;
	found = np_others_finish(ph->others, claimed && rm->start >= 0 ? &skip : NULL,
				 &s->local_others);
	ph->others = NULL;
	if (found == 1)
		np_debug(o, err, "netserver's session, pid %d, took %.3f CPU s here (left out of "
			 "the other processes)", rm->pid, s->local_others.skipped_us / 1e6);
	if (!claimed || found != 0 || (l->peer_warned & NP_PEER_SESSION))
		return;
	l->peer_warned |= NP_PEER_SESSION;
	if (rm->start < 0)
		np_warn(err, "netserver sends no start time with its session's pid %d (an older "
			"netserver-ng): netperf cannot tell that process is its session, and counts "
			"it among the other processes here", rm->pid);
	else
		np_warn(err, "netserver's session_pid %d is no process here that started when it "
			"says, after netperf (another PID namespace?): its session counts among the "
			"other processes here", rm->pid);
}

/* Step 7: netserver's results and the figures, or why the data failed. */
static int results(const struct np_plan *p, struct np_flow *l, struct phase *ph,
		   struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	bool one_host;

	s->remote_at = NP_PLACEMENT_UNKNOWN;
	s->remote_others = NP_OTHERS_UNKNOWN;
	if (ph->ran < 0) {
		if (!o->no_control && np_exchange_cut_reason(l, s, &ph->rsp, ph->run.err, err))
			return -1;
		return np_fail(err, "data connection to %s port %u: %s: %s", p->raddr,
			       (unsigned)ph->rsp.data_port,
			       ph->run.err_what ? ph->run.err_what : "?",
			       strerror(ph->run.err ? ph->run.err : EIO));
	}
	if (o->no_control)
		np_exchange_no_control_results(s);
	else if (np_exchange_results(p, l, s, &ph->rsp, err) < 0)
		return -1;
	np_boot_id_read(&s->local_boot);
	one_host = np_boot_id_same(&s->local_boot, &s->remote_boot);
	if (!o->no_control && peer_figures(p, l, ph, s, one_host, err) < 0)
		return -1;
	if (l->gate)   /* --flows: the other flows' sessions are not "others" */
		s->remote_others = NP_OTHERS_UNKNOWN;
	local_others(o, l, ph, s, one_host, err);
	s->shared_cpu = np_placement_shared(&s->local_at, &s->local_boot, &s->remote_at,
					    &s->remote_boot);
	np_metrics_derive(p->test, p->unit, o->burst, s);
	return 0;
}

/* One iteration on one connection, its figures in s: 0, or -1 after
 * the error line. */
static int iteration(const struct np_plan *p, struct np_flow *l, struct np_result *s, FILE *err)
{
	struct phase ph;
	int rc = -1;

	memset(s, 0, sizeof(*s));
	memset(&ph, 0, sizeof(ph));
	ph.run.fd = ph.run.conn = -1;      /* nothing to close yet */
	if (data_socket(p, l, &ph, s, err) == 0 && ask_netserver(p, l, &ph, s, err) == 0) {
		run_setup(p, l, &ph, s);
		if (run_buffers(p, l, &ph, s, err) == 0 && prove_address(p, l, &ph, err) == 0 &&
		    data_phase(p, l, &ph, s, err) == 0) {
			local_end(p, l, &ph, s, err);
			rc = results(p, l, &ph, s, err);
		}
	}
	if (ph.run.fd >= 0)
		close(ph.run.fd);
	if (ph.others) {   /* the data phase did not start, or no results */
		struct np_others unused;

		(void)np_others_finish(ph.others, NULL, &unused);
	}
	free(ph.sbase);
	free(ph.rbase);
	return rc;
}

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

/* One flow of --flows, in its own thread. */
struct flow_job {
	const struct np_plan *p;
	struct np_flow *l;
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
static int flows_iteration(const struct np_plan *p, struct np_flow *links, struct np_result *fs,
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

#ifdef NP_SELFTEST
/* The test suite's own build: NP_SELFTEST_PIN="L,R;L,R;..." runs
 * iteration k as -T L,R of the k-th pair (in turn), so that
 * tests/placement.test can force a placement that differs between
 * iterations on any machine. */
static void selftest_pin(struct np_flow *l, int iteration)
{
	const char *spec = getenv("NP_SELFTEST_PIN");
	int pairs = 0, lcpu, rcpu, used;

	if (!spec || !*spec)
		return;
	for (const char *c = spec; *c; c++)
		pairs += *c == ';';
	pairs++;
	for (int k = (iteration - 1) % pairs; k > 0; k--)
		spec = strchr(spec, ';') + 1;
	if (sscanf(spec, "%d,%d%n", &lcpu, &rcpu, &used) == 2) {
		(void)np_cpu_bind(lcpu);
		l->rcpu = rcpu;
	}
}
#else
static void selftest_pin(struct np_flow *l, int iteration)
{
	(void)l;
	(void)iteration;
}
#endif

/* The test's iterations (-i/-I) on the plan, their tally in t and the
 * figures in s, with --flows those of the flows' SUM (each flow's last
 * in fs).  0, or -1 after the error line. */
static int measure(const struct np_plan *p, struct np_flow *links, struct np_result *fs, int n,
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
		if (links[0].progress)
			links[0].progress->iter = i;
		if (!threaded) {
			selftest_pin(&links[0], i);
			if (iteration(p, &links[0], s, err) < 0)
				return -1;
		} else {
			if (flows_iteration(p, links, fs, n, err) < 0)
				return -1;
			np_metrics_sum(fs, n, p->unit, s);
		}
		np_tally_add(t, &rule, s);
		if (links[0].progress && o->confidence && i >= 2)
			links[0].progress->half_pct = 100.0 * t->half_tput;
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

/* --sweep: the sizes asked (NULL: no sweep) and what was measured of
 * them, for the table and -J. */
struct sweep_state {
	const struct np_sweep_list *sizes;
	const struct np_plan *p;
	struct np_flow *links;
	struct np_result *fs;
	int n;
	FILE *err;
	struct np_sweep_results got;
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
	if (w->links[0].progress) {
		w->links[0].progress->size_k = w->got.done + 1;
		w->links[0].progress->size = size;
		w->links[0].progress->half_pct = -1;
	}
	if (measure(&p, w->links, w->fs, w->n, &t, s, w->err) < 0)
		return -1;
	/* -v 2's block of this size: its flows' lines. */
	if (w->got.flows)
		memcpy(w->got.flows + (size_t)w->got.done * (size_t)w->n, w->fs,
		       (size_t)w->n * sizeof(*w->fs));
	/* -j's histogram is the next size's now: each size keeps its
	 * figures (lat_*), not the buckets. */
	s->hist = NULL;
	return interrupted ? 1 : 0;
}

/* The end of the run for netserver: each control connection's goodbye. */
static void goodbye(struct np_flow *links, int n)
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

struct output;

/* One run of netperf: what its steps share. */
struct client {
	const struct np_opts *o;
	FILE *out, *err;
	const struct output *show;    /* the output the command line chose */
	const char *host;             /* the control host, as named */
	int n;                        /* flows: 1 without --flows */
	struct np_flow *links;
	struct np_result *fs;         /* each flow's last iteration */
	struct np_plan p;
	struct np_report head;        /* the settings; the plan once made */
	struct np_tally t;            /* the iterations so far */
	struct np_result s;           /* what they measured */
	struct sweep_state sw;
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
		if (c->o->flows > 1)
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
	struct np_json_run x = { c->n > 1 ? c->fs : NULL, c->n, NULL, warnings,
				 c->msgs.nwarnings, c->sw.sizes, c->sw.got.res, c->sw.got.done,
				 c->started, { 0, 0 } };
	struct np_report rep = c->head;

	if (rc == 0 && !c->sw.sizes)
		rep.res = c->s;
	else if (rc != 0 && !c->sw.got.res)
		np_tally_fill(&c->t, &rule, &rep.res);
	if (c->links) {
		rep.res.interim = c->links[0].series;
		rep.res.ninterim = (int)c->links[0].series_len;
		rep.res.interim_dropped = c->links[0].series_dropped;
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

static const struct output text_output = { text_start, text_begin, text_end, print_interim,
					   false };
static const struct output json_output = { json_start, json_begin, json_end, keep_interim,
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
	p->tick_prints = c->show->interim == print_interim;
	p->test = o->test->name;
	p->unit = c->head.unit;
	p->iter_max = o->iter_max;
	p->may_stop_early = o->confidence && o->iter_min < o->iter_max;
	p->size_n = o->sweep.n;
	p->flows = c->n;
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
	c->n = o->flows > 1 ? o->flows : 1;
	c->sw.sizes = o->sweep.n > 0 ? &o->sweep : NULL;
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
	c->show->start(c);
	progress_start(c);
}

/* Step 2: what the run needs before it connects: the kernel's batch
 * calls, Ctrl-C's pipe, each flow's link and its resources, -T.  The
 * exit status: 0, 2 for a usage error, 1 for the rest. */
static int client_prepare(struct client *c)
{
	const struct np_opts *o = c->o;
	int rc;

	/* --batch, --gso: 2 a usage error, 1 what the kernel lacks. */
	if ((rc = np_preflight_check(o, c->err)) != 0)
		return rc;
	if (sigint_pipe_open() < 0) {
		np_fail(c->err, "pipe: %s", strerror(errno));
		return 1;
	}
	c->links = calloc((size_t)c->n, sizeof(*c->links));
	c->fs = calloc((size_t)c->n, sizeof(*c->fs));
	if (!c->links || !c->fs) {
		np_fail(c->err, "out of memory for %d flows", c->n);
		return 1;
	}
	for (int i = 0; i < c->n; i++) {
		c->links[i] = (struct np_flow){ .ctl = -1, .fill_fd = -1, .file_fd = -1, .index = i };
		c->links[i].lcpu = flow_cpu(o->lcpus, o->nlcpus, i, -1);
		c->links[i].rcpu = flow_cpu(o->rcpus, o->nrcpus, i, o->rcpu_bind);
	}
	if (c->progress.fd >= 0)
		c->links[0].progress = &c->progress;
	for (int i = 0; i < c->n; i++)
		if (np_flow_prepare(o, &c->links[i], c->err) < 0)
			return 1;
	/* -T: the whole process; --local-cpus: each flow's thread. */
	if (o->lcpu_bind >= 0 && np_cpu_bind(o->lcpu_bind) < 0) {
		np_fail(c->err, "-T: cannot run on CPU %d: %s", o->lcpu_bind, strerror(errno));
		return 1;
	}
	return 0;
}

/* Step 3: each flow's control connection, then the data connection's
 * plan; the report reads the plan from now on. */
static int client_connect(struct client *c)
{
	struct np_addr peer, flow_peer;

	for (int i = 0; i < c->n; i++)
		if (np_flow_connect(c->o, c->host, &c->links[i], i ? &flow_peer : &peer,
				    c->err) < 0)
			return 1;
	if (np_plan_make(&c->p, c->o, c->host, &peer, c->err) < 0)
		return 1;
	c->head.plan = &c->p;
	c->show->begin(c);
	for (int i = 0; i < c->n; i++) {
		c->links[i].head = &c->head;
		c->links[i].out = c->out;
		c->links[i].interim = c->show->interim;
	}
	return 0;
}

/* Step 4: the iterations (-i/-I), or --sweep's sizes, each measured
 * so; netserver's goodbye once all went well. */
static int client_measure(struct client *c)
{
	const struct np_opts *o = c->o;
	struct sweep_state *w = &c->sw;

	if (!w->sizes) {
		if (measure(&c->p, c->links, c->fs, c->n, &c->t, &c->s, c->err) < 0)
			return 1;
		goodbye(c->links, c->n);
		return 0;
	}
	w->p = &c->p;
	w->links = c->links;
	w->fs = c->fs;
	w->n = c->n;
	w->err = c->err;
	w->got.res = calloc((size_t)o->sweep.n, sizeof(*w->got.res));
	if (!c->show->quiet && np_sweep_keeps_flows(&c->head, c->n)) {
		w->got.flows = calloc((size_t)o->sweep.n * (size_t)c->n, sizeof(*w->got.flows));
		w->got.nflows = c->n;
	}
	if (!w->got.res || (w->got.nflows && !w->got.flows)) {
		np_fail(c->err, "out of memory for %d sizes", o->sweep.n);
		return 1;
	}
	if (np_sweep_run(c->out, &c->head, &o->sweep, c->show->quiet, sweep_size, w, &w->got) < 0)
		return 1;
	goodbye(c->links, c->n);
	return 0;
}

/* Step 5: what the steps opened and allocated. */
static void client_release(struct client *c)
{
	for (int i = 0; c->links && i < c->n; i++)
		np_flow_release(&c->links[i]);
	free(c->links);
	free(c->fs);
	free(c->sw.got.res);
	free(c->sw.got.flows);
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
