/*
 * random.c - bytes from the kernel's random source.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/random.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#if defined(HAVE_GETRANDOM) && defined(HAVE_SYS_RANDOM_H)
#include <sys/random.h>
#endif

int np_random_bytes(void *buf, size_t n)
{
	uint8_t *p = buf;
	size_t got = 0;
	int fd;

#if defined(HAVE_GETRANDOM) && defined(HAVE_SYS_RANDOM_H)
	/* A few bytes never block once the pool is ready, and are never
	 * short then; ENOSYS (an old kernel) falls back to the device. */
	while (got < n) {
		ssize_t r = getrandom(p + got, n - got, 0);

		if (r > 0)
			got += (size_t)r;
		else if (r < 0 && errno == EINTR)
			continue;
		else
			break;
	}
	if (got == n)
		return 0;
#endif
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);

		if (r > 0) {
			got += (size_t)r;
		} else if (r < 0 && errno == EINTR) {
			continue;
		} else {
			if (r == 0)
				errno = EIO;
			close(fd);
			return -1;
		}
	}
	close(fd);
	return 0;
}
