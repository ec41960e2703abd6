/*
 * sockfd_flags.c - np_socket where socket() takes SOCK_CLOEXEC and
 * SOCK_NONBLOCK in its type: no moment when another thread's exec could
 * inherit the descriptor.
 */
#include "config.h"

#include "base/sockfd.h"

#include <stddef.h>
#include <sys/socket.h>

int np_socket(int domain, int type, int protocol, unsigned flags)
{
	if (flags & NP_SOCK_NONBLOCK)
		type |= SOCK_NONBLOCK;
	return socket(domain, type | SOCK_CLOEXEC, protocol);
}

/* accept4: Linux 2.6.28, FreeBSD 10. */
int np_accept(int fd, unsigned flags)
{
	return accept4(fd, NULL, NULL, SOCK_CLOEXEC | (flags & NP_SOCK_NONBLOCK ? SOCK_NONBLOCK : 0));
}
