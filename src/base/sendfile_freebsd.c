/* sendfile_freebsd.c - FreeBSD's sendfile(2): file first, the offset by
 * value, the bytes sent through a pointer, set even when the call is cut
 * short by a signal (sendfile.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sendfile.h"

#include <stddef.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>

ssize_t np_sendfile(int sock, int file, off_t *off, size_t count)
{
	off_t sent = 0;

	/* A count of 0 would mean "to the file's end". */
	if (count == 0)
		return 0;
	if (sendfile(file, sock, *off, count, NULL, &sent, 0) < 0 && sent == 0)
		return -1;
	*off += sent;
	return (ssize_t)sent;
}

void np_sendfile_take_sigpipe(const sigset_t *pipe_set)
{
	const struct timespec zero = { 0, 0 };

	while (sigtimedwait(pipe_set, NULL, &zero) == SIGPIPE)
		;
}
