/* dstaddr_none.c - a system with no way to learn an IPv4 datagram's
 * local address: a wildcard-bound UDP_CRR netserver fails with
 * ENOPROTOOPT, named (dstaddr_sys.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/dstaddr_sys.h"

#include <errno.h>

const char np_dstaddr4_option[] = "IPv4's local address of a datagram";

int np_dstaddr4_enable(int fd)
{
	(void)fd;
	errno = ENOPROTOOPT;
	return -1;
}

bool np_dstaddr4_take(const struct cmsghdr *c, struct in_addr *a)
{
	(void)c;
	(void)a;
	return false;
}
