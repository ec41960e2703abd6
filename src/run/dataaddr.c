/*
 * dataaddr.c - the data sockets' addresses and peers.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/dataaddr.h"

#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wire/wire.h"

static const char *family_word(int family)
{
	return family == AF_INET6 ? "IPv6" : "IPv4";
}

static bool all_zero(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* The address bytes of sa after unmapping, and their family. */
static int addr_bytes(const struct sockaddr *sa, const uint8_t **bytes)
{
	if (sa->sa_family == AF_INET) {
		*bytes = (const uint8_t *)&((const struct sockaddr_in *)(const void *)sa)->sin_addr;
		return AF_INET;
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)(const void *)sa;

		if (IN6_IS_ADDR_V4MAPPED(&a->sin6_addr)) {
			*bytes = &a->sin6_addr.s6_addr[12];
			return AF_INET;
		}
		*bytes = a->sin6_addr.s6_addr;
		return AF_INET6;
	}
	*bytes = NULL;
	return AF_UNSPEC;
}

static size_t addr_len(int family)
{
	return family == AF_INET6 ? 16 : 4;
}

/* family and address bytes (NULL = the wildcard) into ss, port 0. */
static socklen_t make_addr(struct sockaddr_storage *ss, int family, const uint8_t *bytes)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;

		a->sin6_family = AF_INET6;
		if (bytes)
			memcpy(&a->sin6_addr, bytes, 16);
		return sizeof(*a);
	}
	struct sockaddr_in *a = (struct sockaddr_in *)ss;

	a->sin_family = AF_INET;
	if (bytes)
		memcpy(&a->sin_addr, bytes, 4);
	return sizeof(*a);
}

/* 127.0.0.0/8 and ::1: only this host can send from them. */
static bool loopback(int family, const uint8_t *b)
{
	static const uint8_t one6[16] = { [15] = 1 };

	return family == AF_INET ? b[0] == 127
	     : family == AF_INET6 && memcmp(b, one6, sizeof(one6)) == 0;
}

/* netperf 2.7.1 with -L 127.0.0.2 sends its control connection from there
 * and its TCP_CRR data from 127.0.0.1: hence the loopback rule. */
bool np_addr_same(const struct sockaddr *a, const struct sockaddr *b)
{
	const uint8_t *x, *y;
	int fa = addr_bytes(a, &x), fb = addr_bytes(b, &y);

	if (fa == AF_UNSPEC || fb == AF_UNSPEC)
		return false;
	if (loopback(fa, x) && loopback(fb, y))
		return true;
	return fa == fb && memcmp(x, y, addr_len(fa)) == 0;
}

bool np_peers_allow(const struct np_peers *p, const struct sockaddr *sa)
{
	for (int i = 0; i < p->n; i++)
		if (np_addr_same((const struct sockaddr *)&p->addr[i], sa))
			return true;
	return false;
}

/* Whether binding family/bytes is within what -L (or -4/-6) allows; the
 * -L entry that allows it, when one names it (its scope, for IPv6
 * link-local addresses), through *entry. */
static bool listen_allows(const struct np_data_rules *r, int family, const uint8_t *bytes,
			  const struct np_addr **entry)
{
	bool ok = false;

	*entry = NULL;
	if (r->family != AF_UNSPEC && r->family != family)
		return false;
	if (r->nlisten == 0)
		return true;
	for (int i = 0; i < r->nlisten; i++) {
		const uint8_t *lb;
		int lf = addr_bytes((const struct sockaddr *)&r->listen[i].ss, &lb);

		if (lf != family)
			continue;
		if (memcmp(lb, bytes, addr_len(lf)) == 0) {
			*entry = &r->listen[i];
			return true;
		}
		ok |= all_zero(lb, addr_len(lf));
	}
	return ok;
}

/* An -L entry's address (scope and all), port 0. */
static socklen_t copy_listen(struct sockaddr_storage *ss, const struct np_addr *a)
{
	memset(ss, 0, sizeof(*ss));
	memcpy(ss, &a->ss, a->len);
	np_addr_set_port((struct sockaddr *)ss, 0);
	return a->len;
}

/* For a data family other than the control connection's: the -L address
 * of that family, or its wildcard when -L was not given. */
static int other_family_bind(const struct np_data_rules *r, int family,
			     struct np_data_plan *plan)
{
	if (r->family != AF_UNSPEC && r->family != family)
		return -1;
	if (r->nlisten == 0) {
		plan->bind_len = make_addr(&plan->bind, family, NULL);
		return 0;
	}
	for (int i = 0; i < r->nlisten; i++) {
		const uint8_t *lb;

		if (addr_bytes((const struct sockaddr *)&r->listen[i].ss, &lb) == family &&
		    r->listen[i].ss.ss_family == family) {
			plan->bind_len = copy_listen(&plan->bind, &r->listen[i]);
			return 0;
		}
	}
	return -1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int refuse(char *why, size_t whylen, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return err;
}

/* The control connection's own address, scope (IPv6 link-local) and all. */
static socklen_t copy_local(struct sockaddr_storage *ss, const struct sockaddr *local,
			    int family, const uint8_t *bytes)
{
	if (family == AF_INET6) {
		memset(ss, 0, sizeof(*ss));
		memcpy(ss, local, sizeof(struct sockaddr_in6));
		return sizeof(struct sockaddr_in6);
	}
	return make_addr(ss, family, bytes);
}

int np_data_plan(const struct np_data_rules *r, const struct sockaddr *ctl_local,
		 const struct sockaddr *ctl_peer, int family, const uint8_t netserver_ip[16],
		 const uint8_t netperf_ip[16], uint32_t data_port, struct np_data_plan *plan,
		 char *why, size_t whylen)
{
	const uint8_t *local_b, *peer_b;
	const int ctl_family = addr_bytes(ctl_peer, &peer_b);
	const size_t alen = addr_len(family);
	const bool declared = r->peer == NP_DATA_PEER_DECLARED &&
			      !all_zero(netperf_ip, alen);

	memset(plan, 0, sizeof(*plan));
	if (ctl_family == AF_UNSPEC || addr_bytes(ctl_local, &local_b) != ctl_family)
		return refuse(why, whylen, NP_REFUSE_FAMILY,
			      "the control connection's addresses are unusable");

	/* Who may send and connect. */
	if (family == ctl_family) {
		make_addr(&plan->peers.addr[0], family, peer_b);
		plan->peers.n = 1;
	} else if (r->peer != NP_DATA_PEER_DECLARED) {
		return refuse(why, whylen, NP_REFUSE_FAMILY,
			      "data over %s on an %s control connection "
			      "(netserver --data-peer declared allows it)",
			      family_word(family), family_word(ctl_family));
	} else if (!declared) {
		return refuse(why, whylen, NP_REFUSE_FAMILY,
			      "data over %s on an %s control connection needs the "
			      "client's data address (netperf's test option -L)",
			      family_word(family), family_word(ctl_family));
	}
	if (declared)
		make_addr(&plan->peers.addr[plan->peers.n++], family, netperf_ip);
	if (declared && !np_addr_same((const struct sockaddr *)&plan->peers.addr[plan->peers.n - 1],
				      ctl_peer)) {
		plan->declared = plan->peers.addr[plan->peers.n - 1];
		plan->declared_len = family == AF_INET6 ? sizeof(struct sockaddr_in6)
							: sizeof(struct sockaddr_in);
	}

	/* Where the socket binds. */
	if (family == ctl_family && (all_zero(netserver_ip, alen) ||
				     memcmp(netserver_ip, local_b, alen) == 0)) {
		plan->bind_len = copy_local(&plan->bind, ctl_local, family, local_b);
	} else if (!all_zero(netserver_ip, alen)) {
		const struct np_addr *entry;

		if (!listen_allows(r, family, netserver_ip, &entry))
			return refuse(why, whylen, NP_REFUSE_ADDRESS,
				      "the data address asked is not one netserver listens on%s",
				      r->nlisten ? " (-L)" : " (-4/-6)");
		plan->bind_len = entry && entry->ss.ss_family == family
			? copy_listen(&plan->bind, entry)
			: make_addr(&plan->bind, family, netserver_ip);
	} else if (other_family_bind(r, family, plan) < 0) {
		return refuse(why, whylen, NP_REFUSE_ADDRESS,
			      "netserver listens on no %s address%s", family_word(family),
			      r->nlisten ? " (-L)" : " (-4/-6)");
	}

	/* A link-local declared address is reached by the interface the
	 * data socket is bound to. */
	if (plan->declared_len && family == AF_INET6 &&
	    IN6_IS_ADDR_LINKLOCAL(&((struct sockaddr_in6 *)&plan->declared)->sin6_addr))
		((struct sockaddr_in6 *)&plan->declared)->sin6_scope_id =
			((struct sockaddr_in6 *)&plan->bind)->sin6_scope_id;

	if (data_port && r->port_max &&
	    (data_port < r->port_min || data_port > r->port_max))
		return refuse(why, whylen, NP_REFUSE_PORT,
			      "data port %u is outside --data-ports %u-%u", (unsigned)data_port,
			      (unsigned)r->port_min, (unsigned)r->port_max);
	np_addr_set_port((struct sockaddr *)&plan->bind, (uint16_t)data_port);
	return 0;
}

enum np_data_proof np_data_proof_need(const struct np_data_plan *plan, bool udp_answers,
				      bool can_echo, int32_t req_size, int32_t rsp_size,
				      const char *test, char *why, size_t whylen)
{
	char addr[INET6_ADDRSTRLEN];

	if (whylen)
		why[0] = '\0';
	if (plan->declared_len == 0 || !udp_answers)
		return NP_DATA_PROOF_NONE;
	if (can_echo)
		return NP_DATA_PROOF_ASK;
	np_addr_string((const struct sockaddr *)&plan->declared, addr, sizeof(addr));
	if (rsp_size <= req_size) {
		snprintf(why, whylen, "%s: each response at most the size of the datagram it "
			 "answers, for the declared data address %s, which has not proven it "
			 "asked for them (a client that cannot echo netserver's cookie)", test,
			 addr);
		return NP_DATA_PROOF_CAP;
	}
	(void)refuse(why, whylen, 0,
		      "%s responses of %ld bytes to requests of %ld, to the declared data "
		      "address %s, which has not proven it asked for them (by echoing "
		      "netserver's cookie: netperf-ng does, netperf 2.7.1 cannot)", test,
		      (long)rsp_size, (long)req_size, addr);
	return NP_DATA_PROOF_REFUSE;
}

int np_data_bind(int fd, const struct np_data_plan *plan, const struct np_data_rules *r,
		 unsigned seed)
{
	struct sockaddr_storage ss = plan->bind;
	const unsigned span = r->port_max ? (unsigned)r->port_max - r->port_min + 1 : 0;

	if (ss.ss_family == AF_INET6) {
		/* An IPv6 data socket takes IPv6 only; an IPv4 peer would need
		 * the IPv4 rules. */
		int one = 1;

		(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	}
	if (np_addr_port((struct sockaddr *)&ss) != 0 || span == 0)
		return bind(fd, (struct sockaddr *)&ss, plan->bind_len);
	for (unsigned i = 0; i < span; i++) {
		np_addr_set_port((struct sockaddr *)&ss,
				 (uint16_t)(r->port_min + (seed % span + i) % span));
		if (bind(fd, (struct sockaddr *)&ss, plan->bind_len) == 0)
			return 0;
		if (errno != EADDRINUSE)
			return -1;
	}
	errno = EADDRINUSE;
	return -1;
}
