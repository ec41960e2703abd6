/*
 * facts_be.h - what a host facts backend gives facts.c (DEVELOPERS.md,
 * "Other systems"): the route to the peer, what an interface is, and the
 * CPU model, each the system's own way.  configure picks one:
 * facts_linux.c (rtnetlink, ethtool, /proc), facts_bsd.c with
 * facts_freebsd.c or facts_darwin.c (PF_ROUTE, getifaddrs, SIOCGIFMEDIA,
 * sysctl), facts_portable.c (nothing beyond what facts.c reads itself:
 * uname, getifaddrs, SIOCGIFMTU).  What a backend cannot read stays
 * unknown; none of them fails.
 */
#ifndef NP_FACTS_BE_H
#define NP_FACTS_BE_H

#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "host/facts.h"

/* The interface index of the kernel's route from local to peer; 0 if
 * unknown.  peer is IPv4 or IPv6 (not mapped), not a wildcard; local is
 * NULL or of peer's family and not a wildcard. */
int np_facts_be_route(const struct sockaddr *local, const struct sockaddr *peer);

/* What interface index, named name, is: its driver, link speed,
 * offloads, queues, as far as the system says; f's MTU is already read
 * when SIOCGIFMTU could.  fd is a datagram socket for ioctls, or -1. */
void np_facts_be_interface(int fd, int index, const char name[IF_NAMESIZE],
			   struct np_host_facts *f);

/* The CPU model into out (outlen bytes), cleaned; "" when unknown. */
void np_facts_be_cpu_model(char *out, size_t outlen);

/* What this backend never reads, whatever the interface, and why (for
 * np_host_facts_lacks); NULL where it asks for every fact. */
const char *np_facts_be_lacks(void);

/* ---- What facts.c and the backends share --------------------------------- */

/* A count from the system, -1 outside 1..max. */
static inline int np_facts_count(long long v, long long max)
{
	return v >= 1 && v <= max ? (int)v : -1;
}

/* The address bytes of an IPv4 or IPv6 socket address, NULL otherwise. */
static inline const uint8_t *np_facts_addr(const struct sockaddr *sa, size_t *len)
{
	if (sa && sa->sa_family == AF_INET) {
		*len = 4;
		return (const uint8_t *)&((const struct sockaddr_in *)sa)->sin_addr;
	}
	if (sa && sa->sa_family == AF_INET6) {
		*len = 16;
		return ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
	}
	return NULL;
}

/* An ifreq for the interface name, as if_indextoname gives it
 * (terminated within IF_NAMESIZE). */
static inline void np_facts_ifreq(struct ifreq *ifr, const char name[IF_NAMESIZE])
{
	_Static_assert(sizeof(ifr->ifr_name) == IF_NAMESIZE, "ifr_name is IF_NAMESIZE");
	memset(ifr, 0, sizeof(*ifr));
	memcpy(ifr->ifr_name, name, IF_NAMESIZE);
}

#endif
