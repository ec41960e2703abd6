/*
 * plan.c - netperf's options made a fixed plan: the data connection's
 * ends, as the banner names them, and its socket options.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "cli/plan.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/units.h"
#include "cli/say.h"

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

char np_plan_unit(const struct np_opts *o)
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
	p->unit = np_plan_unit(o);
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

/* Where the passphrase starts in argv word i, or NULL: the value -Z
 * took (a pointer into argv, wherever the letter stood: "-4Zword"), a
 * word after a lone "-Z", the rest of "-Zword". */
static const char *secret_in(const struct np_opts *o, int i)
{
	const char *w = o->argv[i], *z = o->passphrase;

	if (z && z >= w && z < w + strlen(w))
		return z;
	if (i > 0 && strcmp(o->argv[i - 1], "-Z") == 0)
		return w;
	return strncmp(w, "-Z", 2) == 0 && w[2] ? w + 2 : NULL;
}

/* "netperf -H host ...", as typed (what COMMAND_LINE and -J's
 * command_line show), but for -Z's passphrase: "(hidden)", for the line
 * ends up in result files that others read. */
void np_plan_join_args(const struct np_opts *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < o->argc && used < len; i++) {
		const char *w = o->argv[i], *z = secret_in(o, i);

		used += (size_t)snprintf(buf + used, len - used, "%s%.*s%s", i ? " " : "",
					 (int)(z ? z - w : (ptrdiff_t)strlen(w)), w,
					 z ? "(hidden)" : "");
	}
}
