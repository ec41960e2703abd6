/*
 * bindport_linux.c - IP_BIND_ADDRESS_NO_PORT (Linux 4.2).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/bindport.h"

#include <netinet/in.h>
#include <sys/socket.h>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

bool np_bind_port_late(int fd)
{
	int one = 1;

	/* An IPv6 socket takes the IPv4 level's option too (the kernel
	 * keeps the flag on the socket, whatever its family). */
	return setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof(one)) == 0;
}
