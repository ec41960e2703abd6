/* sendfile_linux.c - Linux's sendfile(2), already np_sendfile's form
 * (sendfile.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sendfile.h"

#include <sys/sendfile.h>
#include <time.h>

ssize_t np_sendfile(int sock, int file, off_t *off, size_t count)
{
	return sendfile(sock, file, off, count);
}

void np_sendfile_take_sigpipe(const sigset_t *pipe_set)
{
	const struct timespec zero = { 0, 0 };

	while (sigtimedwait(pipe_set, NULL, &zero) == SIGPIPE)
		;
}
