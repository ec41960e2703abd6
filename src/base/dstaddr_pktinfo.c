/* dstaddr_pktinfo.c - IPv4's IP_PKTINFO (Linux, macOS): ipi_spec_dst is
 * the local address the kernel would answer from, an interface's own for
 * a broadcast or multicast request (dstaddr_sys.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/dstaddr_sys.h"

#include <string.h>

const char np_dstaddr4_option[] = "setsockopt IP_PKTINFO";

int np_dstaddr4_enable(int fd)
{
	const int on = 1;

	return setsockopt(fd, IPPROTO_IP, IP_PKTINFO, &on, sizeof(on));
}

bool np_dstaddr4_take(const struct cmsghdr *c, struct in_addr *a)
{
	struct in_pktinfo pi;

	if (c->cmsg_level != IPPROTO_IP || c->cmsg_type != IP_PKTINFO ||
	    c->cmsg_len < CMSG_LEN(sizeof(pi)))
		return false;
	memcpy(&pi, CMSG_DATA(c), sizeof(pi));
	*a = pi.ipi_spec_dst;
	return true;
}
