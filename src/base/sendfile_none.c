/* sendfile_none.c - a system without sendfile(2): TCP_SENDFILE fails
 * with ENOSYS, named in its error (sendfile.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sendfile.h"

ssize_t np_sendfile(int sock, int file, off_t *off, size_t count)
{
	(void)sock;
	(void)file;
	(void)off;
	(void)count;
	errno = ENOSYS;
	return -1;
}

void np_sendfile_take_sigpipe(const sigset_t *pipe_set)
{
	(void)pipe_set;
}
