/*
 * refusal.c - a refused connection's request read, answered with the
 * refusal in the words its client reads, and closed once read
 * (refusal.h).  netserver.c decides the refusals and polls the slots.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/refusal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "wire/refuse.h"

void np_refusals_init(struct np_refusal r[NP_REFUSALS])
{
	for (int i = 0; i < NP_REFUSALS; i++)
		r[i].in.fd = -1;
}

static void finish(struct np_refusal *r)
{
	close(r->in.fd);
	r->in.fd = -1;
}

/* Whether req is netperf-ng's DO_OMNI (the extension's magic), and its
 * test id, whatever its other fields' checks would say. */
static bool from_ng(const uint8_t *req, uint32_t *test_id)
{
	struct np_omni_request q;
	char ignored[8];

	if (!req || np_wire_type(req) != NP_DO_OMNI)
		return false;
	(void)np_wire_decode_request(req, &q, ignored, sizeof(ignored));
	*test_id = q.ext.test_id;
	return q.ext.present;
}

/* The refusal in the words its client reads: to netperf-ng's DO_OMNI
 * (the magic) the refusal's code and the reason; to anything else, or to
 * nothing (req NULL), type 98 and serv_errno alone (Linux's errno), the
 * bytes netperf 2.7.1 has always had from netserver-ng (or none,
 * ng_only).  Then our side is closed: the client reads an EOF after it. */
static void answer(struct np_refusal *r, const uint8_t *req)
{
	uint8_t msg[NP_MSG_SIZE];
	uint32_t test_id;

	r->answered = true;
	if (from_ng(req, &test_id)) {
		np_wire_encode_refusal(np_refuse_wire(r->serv_errno, true), test_id, r->why, msg);
	} else if (r->ng_only) {
		finish(r);
		return;
	} else {
		np_wire_encode_reply(NP_OMNI_RESPONSE, np_refuse_wire(r->serv_errno, false), msg);
	}
	/* An empty send buffer takes the 656 bytes whole, or the client
	 * is gone. */
	if (send(r->in.fd, msg, sizeof(msg), MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)sizeof(msg) ||
	    shutdown(r->in.fd, SHUT_WR) < 0)
		finish(r);
}

/* A whole message has come: a PASSPHRASE (-Z's, which the daemon may have
 * judged already) is not the request; anything else is. */
static void took(struct np_refusal *r)
{
	if (np_wire_type(r->in.msg) == NP_PASSPHRASE) {
		r->in.got = 0;
		return;
	}
	answer(r, r->in.msg);
}

void np_refusal_add(struct np_refusal r[NP_REFUSALS], int fd, int32_t serv_errno,
		    const char *why, bool ng_only, const uint8_t *first, double now)
{
	struct np_refusal *slot = NULL;

	for (int i = 0; i < NP_REFUSALS && !slot; i++)
		if (r[i].in.fd < 0)
			slot = &r[i];
	if (!slot) {
		/* A flood: answered as 2.7.1 would be, unheld. */
		struct np_refusal once = { .in.fd = fd, .serv_errno = serv_errno,
					   .ng_only = ng_only };

		answer(&once, NULL);
		if (once.in.fd >= 0)
			finish(&once);
		return;
	}
	memset(slot, 0, sizeof(*slot));
	slot->in.fd = fd;
	slot->serv_errno = serv_errno;
	slot->ng_only = ng_only;
	snprintf(slot->why, sizeof(slot->why), "%s", why);
	slot->answer_by = now + NP_REFUSAL_WAIT_S;
	slot->until = now + NP_REFUSAL_LINGER_S;
	if (fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
		finish(slot);
		return;
	}
	if (first) {
		memcpy(slot->in.msg, first, sizeof(slot->in.msg));
		took(slot);
	}
}

/* Take what an answered client sends; close on its EOF or our deadline.
 * A few reads per wake-up: a client that keeps sending cannot hold the
 * daemon here, only its own connection until the deadline. */
static void drain(struct np_refusal *r, bool readable, double now)
{
	char sink[NP_MSG_SIZE];
	ssize_t n = 1;

	for (int i = 0; readable && i < 16 && (n = recv(r->in.fd, sink, sizeof(sink), 0)) > 0; i++)
		;
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) ||
	    now >= r->until)
		finish(r);
}

void np_refusal_step(struct np_refusal *r, bool readable, double now)
{
	enum np_gate_read got;

	if (r->answered) {
		drain(r, readable, now);
		return;
	}
	got = readable ? np_gate_read(&r->in) : NP_GATE_WAIT;
	if (got == NP_GATE_MESSAGE)
		took(r);
	else if (got == NP_GATE_CLOSED)
		finish(r);
	else if (now >= r->answer_by)
		answer(r, NULL);
}

double np_refusal_deadline(const struct np_refusal *r)
{
	return r->answered ? r->until : r->answer_by;
}
