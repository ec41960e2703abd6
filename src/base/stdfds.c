/*
 * stdfds.c - descriptors 0, 1 and 2 open before anything else is.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/stdfds.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int np_stdfds_open(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int null;

		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/* The lowest number free: fd itself, those below it being
		 * open.  The wrong way round: it stays closed to its use. */
		null = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (null < 0)
			return -1;
		if (null != fd) {
			int rc = dup2(null, fd);
			int saved = errno;

			close(null);
			if (rc < 0) {
				errno = saved;
				return -1;
			}
		}
	}
	return 0;
}
