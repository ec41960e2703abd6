/*
 * session_run.c - a test at netserver, its steps in order (test_steps[])
 * and the part of them that runs it: the declared data address's proof,
 * the loop's timers, the test's server loop under the watch, what the
 * results carry (counts, CPU, socket facts, where the loop ran), sending
 * them, and giving back what the steps took.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <netinet/in.h>     /* INET6_ADDRSTRLEN */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"
#include "base/tcpinfo.h"
#include "base/units.h"
#include "daemon/budget.h"
#include "daemon/log.h"
#include "daemon/session_steps.h"
#include "host/cpu.h"
#include "host/others.h"
#include "host/placement.h"
#include "run/busypoll.h"
#include "run/proof.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/legacy.h"
#include "wire/refuse.h"
#include "wire/wire.h"

/* netserver's safety margin past the test length (netperf's PAD_TIME). */
#define PAD_SECONDS 4

/* Busy time counts against the test's own time, not the window the
 * snapshots span: a safety pad or TCP_CRR's closing pause was idle.
 * netperf corrects the same way (its calc_cpu_util correction factor).
 * A part this system's counters lack (NP_CPU_UNKNOWN) travels as 0, as
 * netserver 2.7.1 sends it: the method code tells netperf which. */
static float busy_share(float pct, double scale)
{
	double v = pct < 0 ? 0 : pct * scale;

	return (float)(v > 100.0 ? 100.0 : v);
}

static void measure_cpu(struct session *s, double window, double active,
			struct np_omni_results *res)
{
	const double scale = active > 0 && window > active ? window / active : 1.0;
	struct np_cpu_util u;

	/* Unmeasured, as netperf says it: -1. */
	if (np_cpu_read(s->cpu1) < 0) {
		res->cpu_util = -1.0f;
		np_log(NP_LOG_INFO, "-C: CPU utilisation unknown: %s: %s", np_cpu_source(),
		       strerror(errno));
		return;
	}
	np_cpu_compute(s->cpu0, s->cpu1, &u);
	res->cpu_util = busy_share(u.util, scale);
	res->cpu_user = busy_share(u.user, scale);
	res->cpu_system = busy_share(u.system, scale);
	res->cpu_iowait = busy_share(u.iowait, scale);
	res->cpu_irq = busy_share(u.irq, scale);
	res->cpu_swintr = busy_share(u.softirq, scale);
	res->peak_cpu_id = u.peak_id;
	res->peak_cpu_util = busy_share(u.peak_util, scale);
}

/* Socket facts the results carry, read before the data connection is
 * closed (which must happen promptly: netperf waits for that EOF). */
static void conn_facts(const struct np_omni_request *q, const struct np_run *run,
		       int lss, int lsr, struct np_omni_results *res)
{
	res->send_buf_size = lss;
	res->recv_buf_size = lsr;
	res->transport_retrans = -1;
	if (run->conn < 0)
		return;
	if (q->send_buf_size <= 0 || q->recv_buf_size <= 0) {
		int snd, rcv;

		np_sock_bufsizes(run->conn, &snd, &rcv);
		if (q->send_buf_size <= 0)
			res->send_buf_size = snd;
		if (q->recv_buf_size <= 0)
			res->recv_buf_size = rcv;
	}
	res->transport_retrans = np_sock_retrans(run->conn);
	/* Flag 0x20 doubles as "tell me the congestion control". */
	if (q->flags & NP_F_ROUTING)
		np_sock_cong(run->conn, res->cong_control, sizeof(res->cong_control));
}

/* Where the data went, for a later NP_NG_FACTS: this end's address and
 * the peer's (the control peer's for an unconnected socket). */
static void note_data_ends(struct session *s, const struct np_run *run)
{
	const int fd = run->conn >= 0 ? run->conn : run->fd;
	socklen_t len = sizeof(s->data_local);

	s->facts_read = false;
	s->data_seen = fd >= 0 && getsockname(fd, (struct sockaddr *)&s->data_local, &len) == 0;
	len = sizeof(s->data_peer);
	if (run->conn < 0 || getpeername(run->conn, (struct sockaddr *)&s->data_peer, &len) < 0)
		s->data_peer = s->ctl_peer;
	np_addr_unmap((struct sockaddr *)&s->data_local);
	np_addr_unmap((struct sockaddr *)&s->data_peer);
}

/* Data peers turned away, and the client's own datagrams that were not
 * its requests (UDP_CRR: any other size): one line each per test. */
static void note_strangers(struct session *s, const struct np_run *run, const char *test)
{
	char addr[INET6_ADDRSTRLEN];

	if (run->dropped > 0)
		np_log(NP_LOG_INFO, "%s: left %llu datagram(s) from the client's address "
		       "unanswered (not a request's size, to a multicast address, or no "
		       "socket could answer from there)", test, (unsigned long long)run->dropped);

	s->strangers += run->strangers;
	if (run->strangers == 0 || s->strangers_logged)
		return;
	s->strangers_logged = true;
	np_addr_string((const struct sockaddr *)&run->stranger, addr, sizeof(addr));
	np_log(NP_LOG_ERR, "%s: dropped %llu data connection(s) or datagram(s) from other "
	       "addresses than the client's, the first from %s (if that is the client's "
	       "data address, netserver --data-peer declared accepts it)", test,
	       (unsigned long long)run->strangers, addr);
}

/* The -l sign: > 0 seconds, < 0 a count of bytes or transactions, 0
 * untimed.  Runs without a length end at --max-test-time. */
static void run_length(const struct np_omni_request *q, double budget, struct np_run *run)
{
	const int64_t seconds = np_length_seconds(q->test_length);

	run->timed = seconds > 0;
	run->length = run->timed ? (double)seconds : budget;
	run->count = np_length_count(q->test_length);
}

/* The declared data address echoes the cookie before any data flows
 * (run/proof.h): else the test is dropped, and nothing was answered. */
static int prove_peer(struct session *s, struct test_state *ts)
{
	char why[300], addr[INET6_ADDRSTRLEN];
	uint64_t ignored = 0;

	if (!ts->proof_asked)
		return 0;
	if (np_proof_server(&ts->proof, ts->run.fd, s->ctl, &ignored, why, sizeof(why)) < 0) {
		np_log(NP_LOG_ERR, "%s: %s; test dropped", ts->t->name, why);
		return -1;
	}
	np_addr_string((const struct sockaddr *)&ts->proof.to, addr, sizeof(addr));
	np_log(NP_LOG_DEBUG, "%s: the declared data address %s echoed the cookie (%llu "
	       "other datagrams ignored)", ts->t->name, addr, (unsigned long long)ignored);
	ts->run.proof = &ts->proof;
	return 0;
}

/* The loop's timers and switches, set before it runs. */
static int arm_run(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;

	/* Timers are padded: a receiver's, as the client's end marker
	 * should come first and the timer only covers a lost one; a
	 * sender's (TCP_MAERTS) until the client connects, which restarts
	 * it (the client may pause first: netperf -s).  Runs without a
	 * length (counted, or netperf 2.7's -l 0) end at --max-test-time. */
	run_length(ts->q, s->rules->max_test_s, run);
	run->pad = run->timed ? PAD_SECONDS : 0;
	/* TCP_CRR has no end marker: its loop lingers after the timer
	 * instead.  The pad stays for the wait for the first connection
	 * (netperf -s 2 pauses before it), which restarts the timer. */
	if (ts->t->connect_each && run->pad)
		run->linger = run->pad;
	run->watch = &ts->watch;
	run->ev = &ts->watch.ev;
	run->wake_s = NP_WAKE_MS / 1000.0;
	run->legacy = s->legacy != 0;
	/* --busy-poll: a refused socket option is no failure (the loop
	 * spins all the same); the client's report says so too. */
	np_busypoll_setup(run, run->fd);
	if (run->c.poll & NP_POLL_DENIED)
		np_log(NP_LOG_INFO, "%s --busy-poll: a socket option refused (EPERM): "
		       "CAP_NET_ADMIN needed, and this netserver lacks it; spinning in user "
		       "space only", ts->t->name);
	return 0;
}

/* The test's server loop, under the watch, and how long it took. */
static int run_data(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;
	struct np_place_probe probe;
	double t0;

	if (ts->cpu && np_cpu_read(s->cpu0) < 0)
		memset(s->cpu0, 0, sizeof(*s->cpu0));
	if (np_watch_start(&ts->watch, run->length + run->pad, 0, NULL, s->ctl, -1) < 0) {
		np_log(NP_LOG_ERR, "timer: %s", strerror(errno));
		return -1;
	}
	t0 = np_watch_origin(&ts->watch);
	np_place_begin(&probe);
	(void)ts->t->server_run(run);
	np_place_end(&probe, &ts->at);
	ts->window = ts->elapsed = np_now() - t0;
	np_watch_end(&ts->watch);
	note_strangers(s, run, ts->t->name);
	if (np_watch_gone(&ts->watch)) {
		np_log(NP_LOG_INFO, "%s: the client went away during the test", ts->t->name);
		return -1;
	}
	if (np_watch_fired(&ts->watch)) {
		ts->elapsed -= run->pad;
		/* A counted test that the time budget cut short. */
		if (!run->timed && !run->err)
			np_run_fail(run, "--max-test-time", NP_REFUSE_TIME);
	}
	ts->elapsed -= run->idle_tail;
	if (ts->elapsed < 0)
		ts->elapsed = 0;
	return 0;
}

/* Where the loop ran and on which boot of which host, for a netperf-ng
 * to tell whether the two ends shared a CPU. */
static void placement(const struct test_state *ts, struct np_omni_results *res)
{
	struct np_boot_id boot;

	np_boot_id_read(&boot);
	if (boot.known) {
		np_boot_id_split(&boot, &res->boot_hi, &res->boot_lo);
		res->place |= NP_PLACE_BOOT;
	}
	res->cpu_start = res->cpu_end = -1;
	if (ts->at.known) {
		res->place |= NP_PLACE_CPU;
		res->cpu_start = ts->at.cpu_start;
		res->cpu_end = ts->at.cpu_end;
	}
	if (ts->at.migrations >= 0) {
		res->place |= NP_PLACE_MIGRATIONS;
		res->migrations = ts->at.migrations > UINT32_MAX ? UINT32_MAX
								 : (uint32_t)ts->at.migrations;
	}
	if (ts->others.others_us >= 0 && (uint64_t)ts->others.others_us <= NP_CPU_US_MAX) {
		res->place |= NP_PLACE_OTHERS;
		res->others_us = (uint64_t)ts->others.others_us;
	}
	if (ts->others.own_us >= 0 && (uint64_t)ts->others.own_us <= NP_CPU_US_MAX) {
		res->place |= NP_PLACE_OWN;
		res->own_us = (uint64_t)ts->others.own_us;
	}
	if (ts->others.pid > 0 && ts->others.pid <= NP_PID_MAX) {
		res->place |= NP_PLACE_PID;
		res->session_pid = (uint32_t)ts->others.pid;
	}
	/* With the pid, what lets netperf on this host tell it is us. */
	if (ts->others.start >= 0) {
		res->place |= NP_PLACE_START;
		res->session_start = (uint64_t)ts->others.start;
	}
}

/* What the results carry, read before the data sockets close
 * (netperf waits for that EOF), which this step does. */
static int collect_results(struct session *s, struct test_state *ts)
{
	struct np_run *run = &ts->run;
	struct np_omni_results *res = &ts->res;

	np_others_end(ts->others_probe, &ts->others);
	ts->others_probe = NULL;
	np_others_to_elapsed(&ts->others, ts->elapsed, np_cpu_count());
	memset(res, 0, sizeof(*res));
	conn_facts(ts->q, run, ts->lss, ts->lsr, res);
	np_busypoll_finish(run, run->conn >= 0 ? run->conn : run->fd);
	if (ts->q->ext.present)
		note_data_ends(s, run);
	if (run->conn >= 0) {
		close(run->conn);
		run->conn = -1;
	}
	close(run->fd);
	run->fd = -1;
	if (ts->cpu)
		measure_cpu(s, ts->window, ts->elapsed, res);
	/* A code of ours to a netperf-ng, an errno (Linux's) to any. */
	res->serv_errno = np_refuse_wire(run->err, s->ng);
	res->bytes_received = run->c.bytes_recv;
	res->recv_calls = (uint32_t)run->c.recv_calls;
	res->bytes_sent = run->c.bytes_sent;
	res->send_calls = (uint32_t)run->c.send_calls;
	res->failed_sends = (uint32_t)run->c.failed_sends;
	res->trans_received = (uint32_t)run->c.trans;
	/* Our own counts, to a netperf-ng only (a 2.7.1 netperf gets the
	 * bytes it always got). */
	res->ng = ts->q->ext.present;
	res->syscalls = run->c.syscalls;
	res->zc_sends = run->c.zc_sends;
	res->zc_copied = run->c.zc_copied;
	res->poll = run->c.poll;
	placement(ts, res);
	res->elapsed_time = (float)ts->elapsed;
	res->cpu_method = s->cpu_used ? np_cpu_method() : NP_CPU_METHOD_UNKNOWN;
	res->num_cpus = s->cpu_used ? (uint32_t)np_cpu_count() : 0;
	return 0;
}

/* The results, logged and sent; a failed data phase ends the
 * session once the client has them. */
static int send_results(struct session *s, struct test_state *ts)
{
	const struct np_omni_results *res = &ts->res;
	const struct np_run *run = &ts->run;
	const char *name = ts->t->name;

	np_log(NP_LOG_DEBUG, "%s done: %.3f s, %llu bytes in, %llu bytes out, %llu transactions",
	       name, ts->elapsed, (unsigned long long)run->c.bytes_recv,
	       (unsigned long long)run->c.bytes_sent, (unsigned long long)run->c.trans);
	if (run->err)
		np_log(NP_LOG_ERR, "%s data phase: %s: %s", name,
		       run->err_what ? run->err_what : "?", np_refuse_strerror(run->err));
	if (s->legacy)
		np_legacy_encode_results(s->legacy, res, s->msg);
	else
		np_wire_encode_results(res, s->msg);
	if (np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS) < 0) {
		np_log(NP_LOG_INFO, "sending the results: %s", strerror(errno));
		return -1;
	}
	return run->err ? -1 : 0;
}

/* Whatever the steps took: sockets, buffers, budgets. */
static void end_test(struct session *s, struct test_state *ts)
{
	if (ts->run.conn >= 0)
		close(ts->run.conn);
	if (ts->run.fd >= 0)
		close(ts->run.fd);
	free(ts->run.sbuf);
	free(ts->run.rbuf);
	np_others_end(ts->others_probe, &ts->others);   /* a step failed before the second read */
	np_budget_give_bytes(s->rules->budget, s->rules->cell);
	np_budget_give_spin(s->rules->budget, s->rules->cell);
}

/* A test's steps, in order; each refuses, logs and returns -1 itself,
 * which ends the test (and the session) there. */
typedef int test_step(struct session *s, struct test_state *ts);
static test_step *const test_steps[] = {
	np_sess_admit,          /* --max-test-time, the test's own options */
	np_sess_open_socket,    /* bound, listening, its buffer sizes and port */
	np_sess_apply_fields,   /* the test's own socket options */
	np_sess_apply_sizes,    /* the loop's message sizes */
	np_sess_data_proof,     /* --data-peer declared: a proof, a cap or a refusal */
	np_sess_take_buffers,   /* within --max-session-memory, --max-memory, --max-spinning */
	np_sess_cpu_snapshots,  /* -c/-C */
	np_sess_others_first,   /* other processes' CPU time, for netperf-ng */
	np_sess_send_response,
	prove_peer,             /* the declared data address echoes the cookie */
	arm_run,                /* timers, counts, busy-poll */
	run_data,               /* the test's server loop */
	collect_results,        /* and the data sockets closed */
	send_results,
};

int np_sess_run_test(struct session *s, const struct np_omni_request *q,
		     const struct np_test *t)
{
	struct test_state ts;
	int rc = -1;

	memset(&ts, 0, sizeof(ts));
	ts.q = q;
	ts.t = t;
	ts.udp = t->sock_type == SOCK_DGRAM;
	ts.cpu = (q->flags & NP_F_MEASURE_CPU) != 0;
	ts.run.fd = ts.run.conn = -1;
	for (size_t i = 0; i < sizeof(test_steps) / sizeof(test_steps[0]); i++)
		if ((rc = test_steps[i](s, &ts)) < 0)
			break;
	end_test(s, &ts);
	return rc;
}
