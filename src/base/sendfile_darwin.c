/* sendfile_darwin.c - macOS's sendfile(2): file first, the offset by
 * value, one pointer for the count asked and the count sent, set even
 * when the call is cut short (sendfile.h).  The socket has SO_NOSIGPIPE
 * (sockfd_fcntl.c): a reset peer is EPIPE here, no signal. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sendfile.h"

#include <stddef.h>
#include <sys/socket.h>
#include <sys/uio.h>

ssize_t np_sendfile(int sock, int file, off_t *off, size_t count)
{
	off_t len = (off_t)count;

	/* A length of 0 would mean "to the file's end". */
	if (count == 0)
		return 0;
	if (sendfile(file, sock, *off, &len, NULL, 0) < 0 && len == 0)
		return -1;
	*off += len;
	return (ssize_t)len;
}

void np_sendfile_take_sigpipe(const sigset_t *pipe_set)
{
	(void)pipe_set;
}
