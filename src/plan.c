/*
 * plan.c - netperf's options made a fixed plan: the data connection's
 * ends and socket options, and what the banner says of them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "plan.h"

#include <stdbool.h>
#include <string.h>

#include "msg.h"
#include "report.h"
#include "units.h"

int np_plan_resolve(const char *host, int family, int socktype, bool passive,
		    struct np_addr *a, FILE *err, const char *role)
{
	struct addrinfo *ai;
	char why[256];

	if (np_resolve(host, 0, family, socktype, passive, &ai, why, sizeof(why)) < 0)
		return np_fail(err, "cannot resolve %s '%s'%s: %s", role, host ? host : "*",
			       family == AF_INET ? " as IPv4"
			       : family == AF_INET6 ? " as IPv6" : "",
			       why);
	memcpy(&a->ss, ai->ai_addr, ai->ai_addrlen);
	a->len = ai->ai_addrlen;
	freeaddrinfo(ai);
	return 0;
}

/* netperf clears "routing allowed" for UDP_STREAM alone, unless -- -R. */
bool np_plan_routing_allowed(const struct np_opts *o, const struct np_test *t)
{
	if (o->routing >= 0)
		return o->routing != 0;
	return !(t->sock_type == SOCK_DGRAM && !t->rr);
}

/* -f, or the test's default; 'x' only for request/response. */
static char plan_unit(const struct np_opts *o)
{
	const bool rr = o->test->rr;

	return np_unit_effective(o->unit ? o->unit : np_unit_default(rr), rr);
}

/* The data connection's ends: the control peer unless -- -H/-L/-4/-6
 * say otherwise. */
int np_plan_make(struct np_plan *p, const struct np_opts *o, const char *ctl_host,
		 const struct np_addr *ctl_peer, FILE *err)
{
	const struct np_test *t = o->test;
	const char *lhost;

	memset(p, 0, sizeof(*p));
	p->o = o;
	p->test = t;
	p->unit = plan_unit(o);
	p->family = o->data_family != AF_UNSPEC ? o->data_family : ctl_peer->ss.ss_family;
	p->rname = o->data_host ? o->data_host : ctl_host;
	if (o->data_host || p->family != ctl_peer->ss.ss_family) {
		if (np_plan_resolve(p->rname, p->family, t->sock_type, false, &p->remote, err,
				    "data host") < 0)
			return -1;
	} else {
		p->remote = *ctl_peer;
	}
	p->family = p->remote.ss.ss_family;
	/* Without -- -L or -- -H, netperf 2.7 sends data from the control
	 * connection's local address (global -L), so both leave one address:
	 * netserver-ng takes data only from its control peer's. */
	lhost = o->data_local ? o->data_local
	      : !o->data_host && p->family == ctl_peer->ss.ss_family ? o->local_host : NULL;
	if (np_plan_resolve(lhost, p->family, t->sock_type, true, &p->local, err,
			    "local data address") < 0)
		return -1;
	p->lname = lhost ? lhost : p->family == AF_INET6 ? "::0" : "0.0.0.0";
	np_addr_set_port((struct sockaddr *)&p->local.ss, o->data_lport);
	/* netperf binds UDP sockets always (so netperf_port goes out), TCP
	 * ones only when asked to, or for TCP_CRR. */
	p->bind_local = t->sock_type == SOCK_DGRAM || t->connect_each || o->data_lport || lhost;
	np_addr_string((struct sockaddr *)&p->remote.ss, p->raddr, sizeof(p->raddr));
	np_addr_string((struct sockaddr *)&p->local.ss, p->laddr, sizeof(p->laddr));
	p->so = (struct np_sockopts){
		.family = p->family, .type = t->sock_type, .protocol = t->protocol,
		.sndbuf = o->lsndbuf, .rcvbuf = o->lrcvbuf,
		.nodelay = o->nodelay && t->sock_type == SOCK_STREAM,
		/* Only when asked: on a connected UDP socket SO_DONTROUTE
		 * costs a route lookup per datagram (the request still tells
		 * netserver, as netperf's does). */
		.dontroute = o->routing == 0,
		.recverr = t->sock_type == SOCK_DGRAM && !t->rr,
		.keepalive = o->keepalive,
		.reuseaddr = true,
		.cong = o->lcong,
		.priority = o->lprio, .tos = o->ltos,
		.cork = o->cork, .mtu_do = o->mtu_do, .fastopen = o->fastopen,
		.maxseg = o->maxseg, .max_pacing = o->max_pacing,
		.wake_ms = NP_WAKE_MS,
	};
	if (o->omni)
		snprintf(p->title, sizeof(p->title), "OMNI %s TEST", np_test_direction_name(t));
	return 0;
}

/* What the command line alone says, for -J. */
void np_plan_settings(struct np_report *r, const struct np_opts *o, const char *host)
{
	r->test = o->test;
	r->unit = plan_unit(o);
	r->ctl_host = host;
	r->ctl_port = o->port;
	r->ctl_lhost = o->local_host;
	r->ctl_lport = o->local_port;
	r->family = o->family;
	r->length = o->length;
	r->iter_max = o->iter_max;
	r->iter_min = o->iter_min;
	r->interim = o->interim;
	r->flows = o->flows;
	r->lcpu_asked = o->local_cpu;
	r->rcpu_asked = o->remote_cpu;
	r->latency_asked = o->latency;
	r->lsend_req = o->send_size > 0 ? o->send_size : 0;
	r->lrecv_req = o->recv_size > 0 ? o->recv_size : 0;
	r->rsend_req = o->rsend_size > 0 ? o->rsend_size : 0;
	r->rrecv_req = o->rrecv_size > 0 ? o->rrecv_size : 0;
	r->lss_req = o->lsndbuf;
	r->lsr_req = o->lrcvbuf;
	r->rss_req = o->rsndbuf;
	r->rsr_req = o->rrcvbuf;
	r->req_size = o->req_size;
	r->rsp_size = o->rsp_size;
	r->burst = o->burst;
	r->nodelay = o->nodelay;
	r->cork = o->cork;
	for (int k = 0; k < NP_TEST_OPTIONS; k++)
		r->params[k] = (int32_t)o->test_params[k];
	r->confidence = o->confidence;
	r->conf_level = o->conf_level;
	r->conf_width = o->conf_width;
	r->conf_result_only = o->result_only;
}

/* What the report knows before the test: the banner's part, after
 * np_plan_settings. */
void np_plan_banner(struct np_report *r, const struct np_plan *p)
{
	const struct np_opts *o = p->o;

	r->verbosity = o->verbosity;
	r->headers = o->headers;
	r->brand = o->brand;
	r->lname = p->lname;
	r->laddr = p->laddr;
	r->lport = o->data_lport;
	r->lfamily = p->family;
	r->rname = p->rname;
	r->raddr = p->raddr;
	r->rport = o->data_rport;
	r->rfamily = p->family;
	r->title = p->title[0] ? p->title : NULL;
	r->no_control = o->no_control;
	r->lprio = o->lprio;
	r->lfill = o->lfill;
	r->rfill = o->rfill;
	memcpy(r->lalign, o->lalign, sizeof(r->lalign));
	memcpy(r->ralign, o->ralign, sizeof(r->ralign));
	memcpy(r->loffset, o->loffset, sizeof(r->loffset));
	memcpy(r->roffset, o->roffset, sizeof(r->roffset));
	r->cpu_bind = o->lcpu_bind >= 0 || o->rcpu_bind >= 0;
	r->lcpu_bind = o->lcpu_bind;
	r->rcpu_bind = o->rcpu_bind;
	r->cpu = o->local_cpu || o->remote_cpu;
	r->selection = o->selecting ? &o->selection : NULL;
}

/* "netperf -H host ...", as typed (what COMMAND_LINE shows). */
void np_plan_join_args(const struct np_opts *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < o->argc && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", o->argv[i]);
}
