/* dstaddr_recvdstaddr.c - IPv4's IP_RECVDSTADDR (FreeBSD, where there is
 * no IP_PKTINFO): the datagram's destination address (dstaddr_sys.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/dstaddr_sys.h"

#include <string.h>

const char np_dstaddr4_option[] = "setsockopt IP_RECVDSTADDR";

int np_dstaddr4_enable(int fd)
{
	const int on = 1;

	return setsockopt(fd, IPPROTO_IP, IP_RECVDSTADDR, &on, sizeof(on));
}

bool np_dstaddr4_take(const struct cmsghdr *c, struct in_addr *a)
{
	if (c->cmsg_level != IPPROTO_IP || c->cmsg_type != IP_RECVDSTADDR ||
	    c->cmsg_len < CMSG_LEN(sizeof(*a)))
		return false;
	memcpy(a, CMSG_DATA(c), sizeof(*a));
	return true;
}
