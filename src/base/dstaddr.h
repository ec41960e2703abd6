/*
 * dstaddr.h - the local address each datagram came to, for a UDP socket
 * bound to the wildcard that must answer from it (UDP_CRR's netserver).
 * IPv6 is RFC 3542's IPV6_RECVPKTINFO everywhere (dstaddr.c); IPv4
 * differs by system, one backend file each (dstaddr_sys.h).
 */
#ifndef NP_DSTADDR_H
#define NP_DSTADDR_H

#include <stdbool.h>
#include <sys/socket.h>

/* Room for what np_dstaddr_read needs of a recvmsg's control data (a
 * cmsghdr-aligned buffer of this size). */
#define NP_DSTADDR_SPACE 128

/* Ask the kernel for each datagram's local address on fd of family.
 * 0, or -1 with errno and *what naming the option that failed. */
int np_dstaddr_enable(int fd, int family, const char **what);

/* The address src (family and port kept) an answer to msg comes from:
 * the one the request came to.  false when none can (a multicast
 * destination). */
bool np_dstaddr_read(struct msghdr *msg, struct sockaddr_storage *src);

#endif
