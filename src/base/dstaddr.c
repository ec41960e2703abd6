/*
 * dstaddr.c - each datagram's local address (dstaddr.h): IPv6's
 * IPV6_PKTINFO here (RFC 3542; macOS wants __APPLE_USE_RFC_3542, which
 * configure defines there), IPv4's by the system's backend.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/dstaddr.h"

#include <netinet/in.h>
#include <string.h>

#include "base/dstaddr_sys.h"

int np_dstaddr_enable(int fd, int family, const char **what)
{
	const int on = 1;

	if (family == AF_INET6) {
		*what = "setsockopt IPV6_RECVPKTINFO";
		return setsockopt(fd, IPPROTO_IPV6, IPV6_RECVPKTINFO, &on, sizeof(on));
	}
	*what = np_dstaddr4_option;
	return np_dstaddr4_enable(fd);
}

bool np_dstaddr_read(struct msghdr *msg, struct sockaddr_storage *src)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		struct in_addr a;

		if (c->cmsg_level == IPPROTO_IPV6 && c->cmsg_type == IPV6_PKTINFO &&
		    c->cmsg_len >= CMSG_LEN(sizeof(struct in6_pktinfo))) {
			struct in6_pktinfo pi;
			struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)src;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			if (IN6_IS_ADDR_MULTICAST(&pi.ipi6_addr))
				return false;
			s6->sin6_addr = pi.ipi6_addr;
			s6->sin6_scope_id = IN6_IS_ADDR_LINKLOCAL(&pi.ipi6_addr)
					    ? (uint32_t)pi.ipi6_ifindex : 0;
		} else if (np_dstaddr4_take(c, &a)) {
			/* A destination no socket can bind (FreeBSD gives a
			 * multicast request's group address): no answer. */
			if (IN_MULTICAST(ntohl(a.s_addr)))
				return false;
			((struct sockaddr_in *)src)->sin_addr = a;
		}
	}
	return true;
}
