/*
 * session.c - one control connection, served as netperf 2.7's netserver
 * child serves it, but refusing what it should never have accepted: each
 * request read and answered by its type; a test request decoded and
 * checked (the test it names, its length, its own options against the
 * operator's rules) before anything is taken for it; a refusal's answer.
 *
 * Everything read from the control socket goes through wire.c's decoders,
 * which range-check every field; a request that fails is answered with a
 * serv_errno, logged, and the connection is dropped.  Other sessions live
 * in other processes and never notice.  What a test takes before the
 * answer is session_setup.c's, its run and results session_run.c's
 * (session_steps.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/session.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sock.h"
#include "base/units.h"
#include "daemon/log.h"
#include "daemon/session_steps.h"
#include "wire/many.h"
#include "host/cpu.h"
#include "host/facts.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/legacy.h"
#include "wire/refuse.h"
#include "wire/wire.h"

static int reply(struct session *s, int32_t type, int32_t serv_errno)
{
	np_wire_encode_reply(type, serv_errno, s->msg);
	return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
}

/* Refuse a request: serv_errno to the client, a line to the log, and the
 * connection is dropped, as netperf's netserver does on errors.  A
 * netperf-ng client gets the refusal's code and the log's reason, in the
 * response's extension (doc/protocol.md, "Refusals"); any other, the
 * bytes 2.7.1 sends, Linux's errno (refuse.h). */
int np_sess_refuse(struct session *s, int err, const char *why)
{
	np_log(NP_LOG_ERR, "refused request: %s", why);
	if (s->ng)
		np_wire_encode_refusal(np_refuse_wire(err, true), s->ng_test_id, why, s->msg);
	else
		np_wire_encode_reply(s->reply_type, np_refuse_wire(err, false), s->msg);
	(void)np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	return -1;
}

/* Whether name is in --refuse-option's (or --allow-option's) comma list. */
static bool in_list(const char *list, const char *name)
{
	const size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] != '\0'))
		if (strcspn(p, ",") == n && strncmp(p, name, n) == 0)
			return true;
	return false;
}

/* The test's own options (run/reqfields.h): a netperf-ng client's
 * values, each within its field's range, or the test's defaults from a
 * client that sent none; then the operator's rules on them. */
static int test_params(struct session *s, const struct np_omni_request *q,
		       const struct np_test *t, int32_t out[NP_TEST_OPTIONS])
{
	char why[160];
	int err = np_reqfields_decode(t->name, t->options, q->ext.present, q->ext.params, out,
				      why, sizeof(why));

	if (err)
		return np_sess_refuse(s, err, why);
	for (int k = 0; k < np_test_options(t); k++) {
		const struct np_reqfield *f = t->options[k];

		/* The operator's no: a flag given, or any value but the
		 * default. */
		if (out[k] != f->def && in_list(s->rules->refuse_options, f->name)) {
			snprintf(why, sizeof(why), "%s --%s: netserver's operator refuses it (--refuse-option)",
				 t->name, f->name);
			return np_sess_refuse(s, NP_REFUSE_OPTION, why);
		}
		/* One that costs a CPU: only where the operator said yes. */
		if (out[k] != f->def && f->costly && !in_list(s->rules->allow_options, f->name)) {
			snprintf(why, sizeof(why), "%s --%s: not served unless netserver is "
				 "started with --allow-option %s", t->name, f->name, f->name);
			return np_sess_refuse(s, NP_REFUSE_NOT_ALLOWED, why);
		}
	}
	return 0;
}

/* What may run at all, before anything is taken: its length
 * against --max-test-time, its own options against their ranges. */
int np_sess_admit(struct session *s, struct test_state *ts)
{
	const double budget = s->rules->max_test_s;
	char why[160];

	if (np_length_seconds(ts->q->test_length) > budget) {
		snprintf(why, sizeof(why), "a %d s test is longer than --max-test-time %g",
			 (int)ts->q->test_length, budget);
		return np_sess_refuse(s, NP_REFUSE_TIME, why);
	}
	return test_params(s, ts->q, ts->t, ts->run.params);
}

/* A DO_OMNI request, or a legacy one (type): netperf 2.7 built without
 * omni asks for each test by a type of its own.  Both decode to the same
 * request, checked by the same rules, and take the same path; only the
 * replies keep the request's format. */
static int serve_test(struct session *s, int32_t type)
{
	struct np_omni_request q;
	const struct np_test *t;
	char why[160];
	int err;

	s->legacy = type == NP_DO_OMNI ? 0 : type;
	s->reply_type = s->legacy ? s->legacy + 1 : NP_OMNI_RESPONSE;
	err = s->legacy ? np_legacy_decode_request(s->msg, &q, why, sizeof(why))
			: np_wire_decode_request(s->msg, &q, why, sizeof(why));
	/* Decoded before it was checked: a refusal of it knows whom it
	 * tells. */
	s->ng = !s->legacy && q.ext.present;
	s->ng_test_id = q.ext.test_id;
	if (err)
		return np_sess_refuse(s, err, why);
	t = np_test_for_request(q.socket_type == NP_SOCK_DGRAM ? SOCK_DGRAM : SOCK_STREAM,
				(int)q.protocol, q.direction,
				(q.flags & NP_F_CONNECT_TEST) != 0,
				q.ext.present ? q.ext.test_id : NP_EXT_TEST_CLASSIC);
	/* A netperf-ng test this netserver does not have: say so, rather
	 * than run the 2.7.1 test its classic fields name. */
	if (t == NULL && q.ext.present && q.ext.test_id != NP_EXT_TEST_CLASSIC) {
		snprintf(why, sizeof(why), "unknown netperf-ng test id %#x: this netserver-ng "
			 "does not have this test (an older version?)", (unsigned)q.ext.test_id);
		return np_sess_refuse(s, NP_REFUSE_EXT_TEST, why);
	}
	if (t == NULL)
		return np_sess_refuse(s, EINVAL, "no test matches this protocol and direction");
	np_log(NP_LOG_DEBUG, "%s%s, test length %d", t->name,
	       s->legacy ? " (legacy request)" : "", q.test_length);
	/* netperf -T ,N: this session's process runs on CPU N. */
	if (q.cpu_affinity >= 0 && q.cpu_affinity != s->bound_cpu) {
		if (q.cpu_affinity < np_cpu_count() && np_cpu_bind(q.cpu_affinity) == 0)
			s->bound_cpu = q.cpu_affinity;
		else
			np_log(NP_LOG_INFO, "cannot run on CPU %d as asked; running anywhere",
			       (int)q.cpu_affinity);
	}
	return np_sess_run_test(s, &q, t);
}

/* A request type this netserver does not serve: 998, as netserver 2.7.1
 * answers, and the connection stays. */
static int unknown_type(struct session *s, int32_t type)
{
	np_log(NP_LOG_INFO, "unknown request type %d: answered %d", (int)type,
	       NP_ERR_UNKNOWN_REQUEST);
	return reply(s, 0, NP_ERR_UNKNOWN_REQUEST);
}

/* NP_NG_FACTS, which only netperf-ng sends (with the extension's magic):
 * what this end of the last data connection ran on, or before any test
 * the control connection's path.  Read when asked, not during a test. */
static int serve_facts(struct session *s)
{
	struct np_host_facts *f = &s->facts;

	if (!np_wire_is_facts_request(s->msg))
		return unknown_type(s, np_wire_type(s->msg));
	/* Read once per session; --no-host-facts: nothing is known. */
	if (!s->facts_read && !s->rules->host_facts) {
		np_host_facts_unknown(f);
	} else if (!s->facts_read) {
		np_host_facts_read((const struct sockaddr *)(s->data_seen ? &s->data_local
									   : &s->ctl_local),
				   (const struct sockaddr *)(s->data_seen ? &s->data_peer
									   : &s->ctl_peer),
				   f);
		np_log(NP_LOG_DEBUG, "host facts read: interface %s, driver %s",
		       f->ifname[0] ? f->ifname : "?", f->driver[0] ? f->driver : "?");
	}
	s->facts_read = true;
	np_wire_encode_facts(f, s->msg);
	return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
}

/* Both ends of the control connection, IPv4-mapped ones as IPv4. */
static int control_ends(struct session *s)
{
	socklen_t len = sizeof(s->ctl_local);

	if (getsockname(s->ctl, (struct sockaddr *)&s->ctl_local, &len) < 0)
		return -1;
	len = sizeof(s->ctl_peer);
	if (getpeername(s->ctl, (struct sockaddr *)&s->ctl_peer, &len) < 0)
		return -1;
	np_addr_unmap((struct sockaddr *)&s->ctl_local);
	np_addr_unmap((struct sockaddr *)&s->ctl_peer);
	return 0;
}

/* One request, by its type; < 0 ends the session. */
static int serve_request(struct session *s, int32_t type)
{
	switch (type) {
	case NP_DO_OMNI:
		return serve_test(s, type);
	case NP_PASSPHRASE:
		/* Without -Z, or after the first (which the daemon judged),
		 * it is ignored, as netserver does. */
		return 0;
	case NP_DEBUG_ON:
	case NP_DEBUG_OFF:
		return reply(s, NP_DEBUG_OK, 0);
	case NP_DO_SYSINFO:
		np_wire_encode_sysinfo_reply(s->msg);
		return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	case NP_CPU_CALIBRATE:
		np_wire_encode_cpu_calibrate_reply(100.0f, np_cpu_count(), s->msg);
		return np_ctl_send(s->ctl, s->msg, NP_SEND_TIMEOUT_MS);
	case NP_NG_FACTS:
		return serve_facts(s);
	case NP_NG_MANY:
	case NP_NG_MANY_GO:
	case NP_NG_MANY_END:
		return np_sess_many(s, type);
	default:
		if (np_legacy_is_request(type))
			return serve_test(s, type);
		return unknown_type(s, type);
	}
}

/* Why the control connection ended without the client's goodbye. */
static void log_recv_end(size_t got)
{
	if (errno == EPROTO)
		np_log(NP_LOG_ERR, "partial request (%zu of %d bytes), closing", got,
		       NP_MSG_SIZE);
	else if (errno == ETIMEDOUT)
		np_log(NP_LOG_ERR, "no request for %d s, closing", NP_REQUEST_TIMEOUT_MS / 1000);
	else
		np_log(NP_LOG_INFO, "control connection: %s", strerror(errno));
}

int np_session_run(int ctl, const struct np_session_rules *rules)
{
	struct session s;
	int rc = NP_SESSION_DROPPED;

	memset(&s, 0, sizeof(s));
	s.ctl = ctl;
	s.rules = rules;
	s.bound_cpu = -1;
	s.reply_type = NP_OMNI_RESPONSE;
	if (control_ends(&s) < 0) {
		np_log(NP_LOG_INFO, "control connection: %s", strerror(errno));
		return NP_SESSION_DROPPED;
	}
	np_sock_liveness(ctl, rules->control_timeout_s);
	for (;;) {
		size_t got = 0;
		int r = np_ctl_recv(ctl, s.msg, np_sess_many_timeout_ms(&s), &got);

		if (r == 0) {
			rc = NP_SESSION_OK;
			break;
		}
		if (r < 0) {
			log_recv_end(got);
			break;
		}
		if (serve_request(&s, np_wire_type(s.msg)) < 0)
			break;
	}
	np_sess_many_end(&s);
	free(s.cpu0);
	free(s.cpu1);
	return rc;
}

