/* sendfile_linux.c - Linux's sendfile(2), already np_sendfile's form
 * (sendfile.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sendfile.h"

#include <sys/sendfile.h>

ssize_t np_sendfile(int sock, int file, off_t *off, size_t count)
{
	return sendfile(sock, file, off, count);
}
