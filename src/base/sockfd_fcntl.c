/*
 * sockfd_fcntl.c - np_socket where socket() takes no flags in its type
 * (macOS): FD_CLOEXEC and O_NONBLOCK right after.  A thread's exec between
 * the two calls could inherit the socket; netperf and netserver exec
 * nothing while others run.  SO_NOSIGPIPE where the system has it: a
 * write to a closed connection that passes no MSG_NOSIGNAL (sendfile)
 * fails with EPIPE rather than raising SIGPIPE.
 */
#include "config.h"

#include "base/sockfd.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

static int set_flags(int fd, unsigned flags)
{
	int fl;

	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	if (flags & NP_SOCK_NONBLOCK) {
		fl = fcntl(fd, F_GETFL);
		if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
			return -1;
	}
#ifdef SO_NOSIGPIPE
	{
		int one = 1;

		(void)setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
	}
#endif
	return 0;
}

int np_socket(int domain, int type, int protocol, unsigned flags)
{
	int fd = socket(domain, type, protocol), err;

	if (fd < 0 || set_flags(fd, flags) == 0)
		return fd;
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

int np_accept(int fd, unsigned flags)
{
	int c = accept(fd, NULL, NULL), err;

	if (c < 0 || set_flags(c, flags) == 0)
		return c;
	err = errno;
	close(c);
	errno = err;
	return -1;
}
