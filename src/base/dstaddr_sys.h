/*
 * dstaddr_sys.h - IPv4's part of dstaddr.h, private to dstaddr.c: one
 * backend file per form (configure's "a datagram's local address" line):
 *   dstaddr_pktinfo.c      IP_PKTINFO, struct in_pktinfo's ipi_spec_dst:
 *                          the address the kernel would answer from
 *                          (Linux, macOS);
 *   dstaddr_recvdstaddr.c  IP_RECVDSTADDR, the datagram's destination
 *                          (FreeBSD);
 *   dstaddr_none.c         neither: ENOPROTOOPT.
 */
#ifndef NP_DSTADDR_SYS_H
#define NP_DSTADDR_SYS_H

#include <netinet/in.h>
#include <stdbool.h>
#include <sys/socket.h>

/* The option's name, for an error. */
extern const char np_dstaddr4_option[];

/* setsockopt's result, errno as it leaves it. */
int np_dstaddr4_enable(int fd);

/* true when c is IPv4's destination message, whole, its address in *a. */
bool np_dstaddr4_take(const struct cmsghdr *c, struct in_addr *a);

#endif
