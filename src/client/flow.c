/*
 * flow.c - one flow from start to end: its resources (prepare), its
 * control connection (connect), each iteration on it, its goodbye and
 * release.  --flows runs several, each in its thread (flows.c); the
 * messages are the exchange's (exchange.c).
 *
 * An iteration is a sequence of steps (np_flow_iteration: data socket,
 * request, run set-up, buffers, data phase, our end's facts, results),
 * which share one struct phase.  Nothing here knows a test by name; the
 * descriptor says what differs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/flow.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"
#include "base/tcpinfo.h"
#include "base/units.h"
#include "cli/say.h"
#include "client/exchange.h"
#include "client/interim.h"
#include "client/progress.h"
#include "client/sigint.h"
#include "base/start_gate.h"
#include "host/cpu.h"
#include "host/others.h"
#include "host/placement.h"
#include "report/metrics.h"
#include "report/peer.h"
#include "run/busypoll.h"
#include "run/proof.h"
#include "stats/hist.h"
#include "wire/control.h"

/* ---- Its resources and its control connection ------------------------- */

/* TCP_SENDFILE sends from a file: the -F file when it is a regular
 * one, else an unlinked temporary file of netperf's pattern. */
static int open_sendfile(const struct np_opts *o, struct np_flow *flow, FILE *err)
{
	static const size_t size = 1 << 20;
	const char *tmpdir = getenv("TMPDIR");
	char tpath[512];
	struct stat st;
	char *buf;
	int fd;

	if (o->lfill) {
		fd = open(o->lfill, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
			flow->file_fd = fd;
			return 0;
		}
		if (fd >= 0)
			close(fd);
		return np_fail(err, "TCP_SENDFILE: -F %s is not a regular file with data",
			       o->lfill);
	}
	snprintf(tpath, sizeof(tpath), "%s/netperf-ng-sendfile.XXXXXX",
		 tmpdir && tmpdir[0] ? tmpdir : "/tmp");
	fd = mkstemp(tpath);
	if (fd < 0)
		return np_fail(err, "TCP_SENDFILE: a file to send from: %s", strerror(errno));
	unlink(tpath);
	buf = malloc(size);
	if (!buf) {
		close(fd);
		return np_fail(err, "out of memory");
	}
	np_run_fill(buf, size);
	if (write(fd, buf, size) != (ssize_t)size) {
		free(buf);
		close(fd);
		return np_fail(err, "TCP_SENDFILE: writing its file: %s", strerror(errno));
	}
	free(buf);
	flow->file_fd = fd;
	return 0;
}

/* -J -D: room for every interim figure of a timed test (one per tick
 * and the last, shorter one, each iteration), else for NP_INTERIM_KEEP;
 * the data loops' ticks must not allocate. */
static size_t interim_room(const struct np_opts *o)
{
	const int64_t seconds = np_length_seconds(o->length);
	double per_iter = seconds > 0 ? ceil((double)seconds / o->interim) + 2 : NP_INTERIM_KEEP;
	double n = per_iter * o->iter_max;

	return n < NP_INTERIM_KEEP ? (size_t)n : NP_INTERIM_KEEP;
}

/* A flow's own resources: -F's file, TCP_SENDFILE's, -j's histogram,
 * -c's snapshots, -J's interim figures; its host facts, unknown until
 * read. */
int np_flow_prepare(const struct np_opts *o, struct np_flow *flow, FILE *err)
{
	np_host_facts_unknown(&flow->local_host);
	np_host_facts_unknown(&flow->remote_host);
	if (o->lfill) {
		flow->fill_fd = open(o->lfill, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (flow->fill_fd < 0)
			return np_fail(err, "-F %s: %s", o->lfill, strerror(errno));
	}
	if (o->test->sendfile && open_sendfile(o, flow, err) < 0)
		return -1;
	if (o->latency) {
		flow->hist = malloc(sizeof(*flow->hist));
		flow->sent_at = calloc((size_t)o->burst + 1, sizeof(*flow->sent_at));
		if (!flow->hist || !flow->sent_at)
			return np_fail(err, "out of memory for the latency histogram");
		np_hist_init(flow->hist);
	}
	if (o->local_cpu) {
		flow->cpu0 = malloc(sizeof(*flow->cpu0));
		flow->cpu1 = malloc(sizeof(*flow->cpu1));
		if (!flow->cpu0 || !flow->cpu1)
			return np_fail(err, "out of memory for CPU snapshots");
	}
	if (o->json && o->interim > 0) {
		flow->series_room = interim_room(o);
		flow->series = calloc(flow->series_room, sizeof(*flow->series));
		if (!flow->series)
			return np_fail(err, "out of memory for the interim figures");
	}
	return 0;
}

/* The control connection (and -Z's passphrase), or -N's data peer. */
int np_flow_connect(const struct np_opts *o, const char *host, struct np_flow *flow,
		    struct np_addr *peer, FILE *err)
{
	char why[512];

	flow->data_port = o->data_rport;
	if (o->no_control)
		return np_plan_resolve(host, o->family, o->test->sock_type, false, peer, err,
				       "host");
	flow->ctl = np_ctl_connect(host, o->port, o->family, o->local_host, o->local_port,
				   NP_CONNECT_TIMEOUT_MS, peer, why, sizeof(why));
	if (flow->ctl < 0)
		return np_fail(err, "%s", why);
	np_debug(o, err, "control connection to %s port %u", host, (unsigned)o->port);
	if (o->passphrase) {
		/* netserver -Z reads it first and answers nothing. */
		np_wire_encode_passphrase(o->passphrase, flow->msg);
		if (np_ctl_send(flow->ctl, flow->msg, NP_SEND_TIMEOUT_MS) < 0)
			return np_fail(err, "sending the passphrase: %s", strerror(errno));
	}
	return 0;
}

/* ---- An iteration ------------------------------------------------------- */

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

static void local_cpu(const struct np_flow *flow, int ncpus, bool started, struct np_result *s)
{
	struct np_cpu_util u;

	s->lcpu = -1.0;
	s->lcpu_method = 'U';
	s->lcpu_more = NP_UNMEASURED_CPU;
	if (!started || np_cpu_read(flow->cpu1) < 0)
		return;
	np_cpu_compute(flow->cpu0, flow->cpu1, &u);
	s->lcpu = u.util;
	s->lcpu_method = np_cpu_method_letter(np_cpu_method());
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

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR && !np_interrupted())
		;
}

/* One iteration's working state, shared by its steps: the data socket's
 * run, its watch, the response that set it up, the buffers to free. */
struct phase {
	struct np_run run;
	struct np_watch watch;
	struct np_interim_mark im;
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
static void crr_ports(const struct np_plan *p, struct np_flow *flow, struct np_run *run)
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
	if (run->port_min && !flow->crr_port_next) {
		const uint64_t seed = (uint64_t)getpid() ^ (uint64_t)(np_now() * 1e6);

		flow->crr_port_next = (uint16_t)(run->port_min +
			seed % ((unsigned)run->port_max - run->port_min + 1u));
	}
	run->port_next = flow->crr_port_next;
}

/* Step 1: our data socket, bound where the plan says. */
static int data_socket(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
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
		crr_ports(p, flow, run);
	if (p->bind_local && (t->connect_each ? np_run_bind_local(run, run->fd)
			      : bind(run->fd, (const struct sockaddr *)&p->local.ss, p->local.len)) < 0)
		return np_fail(err, "bind data socket to %s port %u: %s", p->laddr,
			       (unsigned)(run->port_min ? run->port_next - 1 : p->o->data_lport),
			       strerror(errno));
	np_sock_bufsizes(run->fd, &s->lss, &s->lsr);
	return 0;
}

/* Step 2: the request, and what netserver's response says of its end. */
static int ask_netserver(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
			 struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_omni_response *rsp = &ph->rsp;

	ph->asked = np_now();
	if (o->no_control)
		np_exchange_no_control_setup(p, flow, ph->run.fd, s, &ph->rsp);
	else if (np_exchange_setup(p, flow, ph->run.fd, s, &ph->rsp, err) < 0)
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
static void run_setup(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
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
	run->file_fd = flow->file_fd;
	run->legacy = flow->legacy != 0;
	run->timed = np_length_seconds(o->length) > 0;
	run->count = np_length_count(o->length);
	run->watch = &ph->watch;
	run->ev = &ph->watch.ev;
	run->wake_s = NP_WAKE_MS / 1000.0;
	/* Request/response loops time transactions, stream loops each
	 * data call (-j, or a latency selector). */
	run->hist = flow->hist;
	run->sent_at = flow->sent_at;
	run->ring_size = (unsigned)run->burst + 1;
	if (o->interim > 0) {
		ph->im = (struct np_interim_mark){ flow, 0, 0 };
		run->on_tick = np_interim_tick;
		run->tick_ctx = &ph->im;
	}
	if (flow->progress) {
		run->on_progress = np_interim_progress;
		run->progress_ctx = flow->progress;
	}
}

/* Step 4: the data buffers, at -a/-o's places, -F's file in the first. */
static int run_buffers(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
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
				o->loffset[0], flow->fill_fd, &ph->sbase, err);
	run->rbuf = data_buffer(run->rbuf_len, o->lalign[1], o->loffset[1], -1, &ph->rbase, err);
	if (!run->sbuf || !run->rbuf)
		return np_fail(err, "out of memory for data buffers");
	return 0;
}

/* Step 4b: netserver --data-peer declared sent a cookie to our declared
 * data address, which is not the control connection's: echo it from
 * there before the data phase (run/proof.h). */
static int prove_address(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
			 FILE *err)
{
	char why[256];

	if (!ph->rsp.data_proof)
		return 0;
	np_debug(p->o, err, "netserver asks our data address %s to echo its cookie", p->laddr);
	if (np_proof_client(ph->run.fd, (const struct sockaddr *)&ph->run.peer, ph->run.peer_len,
			    flow->ctl, why, sizeof(why)) < 0)
		return np_fail(err, "proving our data address %s to netserver: %s", p->laddr, why);
	return 0;
}

/* Step 5: the data phase, between -s's wait (or --flows' start gate)
 * and the watch's end; -1 when it could not start. */
static int data_phase(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
		      struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	const struct np_watch_caller drawer = { NP_PROGRESS_S, np_progress_call, flow->progress };
	struct np_place_probe probe;
	double t0;

	/* -s: the set-up is done; netperf waits before the data flows. */
	if (o->wait_s > 0)
		pause_s(o->wait_s);
	/* Other processes' CPU time, before the timer, since /proc takes a
	 * while to read.  Not with --flows: each flow's netserver session
	 * is a process of its own, which would count as another. */
	s->local_others = NP_OTHERS_UNKNOWN;
	if (!flow->gate)
		ph->others = np_others_begin();
	/* --flows: every flow is set up; they start together. */
	if (flow->gate && !np_start_gate_pass(flow->gate))
		return -1;
	ph->cpu_ok = o->local_cpu && np_cpu_read(flow->cpu0) == 0;
	if (!flow->gate)
		np_sigint_catch(true);
	/* The watch also ends the run if netserver closes the control
	 * connection under it, and draws the progress line. */
	if (flow->progress)
		np_progress_phase(flow->progress);
	if (np_watch_start(&ph->watch, (double)np_length_seconds(o->length),
			   o->interim > 0 ? o->interim : 0, flow->progress ? &drawer : NULL,
			   flow->ctl, np_sigint_fd()) < 0) {
		if (!flow->gate)
			np_sigint_catch(false);
		return np_fail(err, "starting the run's watch: %s", strerror(errno));
	}
	t0 = ph->im.since = np_watch_origin(&ph->watch);
	if (flow->gate)
		np_debug(o, err, "flow %d: data phase starts at %.6f s", flow->index + 1, t0);
	np_place_begin(&probe);
	ph->ran = p->test->client_run(&ph->run);
	np_place_end(&probe, &s->local_at);
	s->elapsed = np_now() - t0;
	if (p->test->connect_each)
		flow->crr_port_next = ph->run.port_next;
	np_watch_end(&ph->watch);   /* its last act: the progress line erased */
	/* Its figures once netserver has said which process is its session
	 * (results). */
	np_others_second(ph->others);
	if (!flow->gate)
		np_sigint_catch(false);
	if (o->interim > 0 && ph->ran == 0)
		np_interim_last(&ph->run);   /* the last, shorter interval */
	return 0;
}

/* Step 6: what our end knows after the data: CPU, counters, the
 * socket's last state, the host. */
static void local_end(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
		      struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	struct np_run *run = &ph->run;

	local_cpu(flow, o->ncpus, ph->cpu_ok, s);
	np_busypoll_finish(run, run->fd);
	s->local = run->c;
	local_facts(p->test, run, s);
	/* The first data phase of the connection says what the data ran on
	 * here (TCP_CRR's socket is gone by now: the route to the peer). */
	if (!flow->local_host.known)
		np_host_facts_socket(run->fd, (const struct sockaddr *)&run->peer,
				     &flow->local_host);
	s->local_host = flow->local_host;
	s->remote_host = flow->remote_host;
	s->ltos = o->ltos >= 0 && run->fd >= 0 ? np_sock_tos(run->fd, p->family) : -1;
	/* flent runs netperf with DUMP_TCP_INFO set and reads these lines. */
	if (p->test->sock_type == SOCK_STREAM && run->fd >= 0 && getenv("DUMP_TCP_INFO"))
		np_sock_dump_tcp_info(run->fd, err);
}

/* netserver's figures against what this run allows (report/peer.h):
 * its test lies between the request and the results, and on one host
 * its CPUs are these. */
static int peer_figures(const struct np_plan *p, struct np_flow *flow, const struct phase *ph,
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
	return np_peer_check(&b, s, &flow->peer_warned, err);
}

/* The other processes here.  On one host netserver's session is one of
 * them, and is left out when it is the process it says it is: that pid,
 * with the start it sends, which is after netperf's (its session was
 * forked for this connection).  Said once when it cannot be told. */
static void local_others(const struct np_opts *o, struct np_flow *flow, struct phase *ph,
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
	if (!claimed || found != 0 || (flow->peer_warned & NP_PEER_SESSION))
		return;
	flow->peer_warned |= NP_PEER_SESSION;
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
static int results(const struct np_plan *p, struct np_flow *flow, struct phase *ph,
		   struct np_result *s, FILE *err)
{
	const struct np_opts *o = p->o;
	bool one_host;

	s->remote_at = NP_PLACEMENT_UNKNOWN;
	s->remote_others = NP_OTHERS_UNKNOWN;
	if (ph->ran < 0) {
		if (!o->no_control && np_exchange_cut_reason(flow, s, &ph->rsp, ph->run.err, err))
			return -1;
		return np_fail(err, "data connection to %s port %u: %s: %s", p->raddr,
			       (unsigned)ph->rsp.data_port,
			       ph->run.err_what ? ph->run.err_what : "?",
			       strerror(ph->run.err ? ph->run.err : EIO));
	}
	if (o->no_control)
		np_exchange_no_control_results(s);
	else if (np_exchange_results(p, flow, s, &ph->rsp, err) < 0)
		return -1;
	np_boot_id_read(&s->local_boot);
	one_host = np_boot_id_same(&s->local_boot, &s->remote_boot);
	if (!o->no_control && peer_figures(p, flow, ph, s, one_host, err) < 0)
		return -1;
	if (flow->gate)   /* --flows: the other flows' sessions are not "others" */
		s->remote_others = NP_OTHERS_UNKNOWN;
	local_others(o, flow, ph, s, one_host, err);
	s->shared_cpu = np_placement_shared(&s->local_at, &s->local_boot, &s->remote_at,
					    &s->remote_boot);
	np_metrics_derive(p->test, p->unit, o->burst, s);
	return 0;
}

/* One iteration on one connection, its figures in s: 0, or -1 after
 * the error line. */
int np_flow_iteration(const struct np_plan *p, struct np_flow *flow, struct np_result *s,
		      FILE *err)
{
	struct phase ph;
	int rc = -1;

	memset(s, 0, sizeof(*s));
	memset(&ph, 0, sizeof(ph));
	ph.run.fd = ph.run.conn = -1;      /* nothing to close yet */
	if (data_socket(p, flow, &ph, s, err) == 0 && ask_netserver(p, flow, &ph, s, err) == 0) {
		run_setup(p, flow, &ph, s);
		if (run_buffers(p, flow, &ph, s, err) == 0 &&
		    prove_address(p, flow, &ph, err) == 0 && data_phase(p, flow, &ph, s, err) == 0) {
			local_end(p, flow, &ph, s, err);
			rc = results(p, flow, &ph, s, err);
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

/* ---- Its end ------------------------------------------------------------ */

/* The end of the run for netserver: netperf's goodbye on the control
 * connection, once. */
void np_flow_goodbye(struct np_flow *flow)
{
	if (flow->ctl >= 0)
		np_exchange_goodbye(flow->ctl);
	flow->ctl = -1;
}

/* Close and free what np_flow_prepare and np_flow_connect opened. */
void np_flow_release(struct np_flow *flow)
{
	if (flow->ctl >= 0)
		close(flow->ctl);
	flow->ctl = -1;
	free(flow->cpu0);
	free(flow->cpu1);
	free(flow->hist);
	free(flow->sent_at);
	free(flow->series);
	if (flow->fill_fd >= 0)
		close(flow->fill_fd);
	if (flow->file_fd >= 0)
		close(flow->file_fd);
}
