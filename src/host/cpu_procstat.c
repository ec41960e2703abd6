/*
 * cpu_procstat.c - the CPU counters from Linux's /proc/stat, netperf's
 * method 'S' (its netcpu_procstat.c).  The text is parsed by
 * np_cpu_parse (cpu_forms.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cpu.h"

#define PROC_STAT "/proc/stat"
/* "cpu511" and ten 20-digit counters fit in this, with room to spare. */
#define LINE_BYTES 256
/* The cpu lines come first; what follows them may be cut off. */
#define READ_BYTES ((NP_CPU_MAX + 1) * LINE_BYTES)

static ssize_t read_full(int fd, char *buf, size_t len);

/* /proc hands out a page or so per read(); keep going to EOF. */
static ssize_t
read_full(int fd, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = read(fd, buf + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/*
 * The buffer is on the heap: ~130 KB is too much for a thread stack,
 * and a static one would not be reentrant.
 */
int
np_cpu_read(struct np_cpu_snapshot *s)
{
	char *buf, *nl;
	ssize_t len;
	int fd, rc, saved;

	buf = malloc(READ_BYTES + 1);
	if (buf == NULL)
		return -1;
	fd = open(PROC_STAT, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		saved = errno;
		free(buf);
		errno = saved;
		return -1;
	}
	len = read_full(fd, buf, READ_BYTES);
	saved = errno;
	close(fd);
	if (len < 0) {
		free(buf);
		errno = saved;
		return -1;
	}
	buf[len] = '\0';
	/* Whole lines only: a full buffer ends mid-line (intr, usually). */
	if ((nl = strrchr(buf, '\n')) != NULL)
		nl[1] = '\0';
	rc = np_cpu_parse(buf, s);
	free(buf);
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

uint32_t
np_cpu_method(void)
{
	return NP_CPU_METHOD_PROCSTAT;
}

const char *
np_cpu_source(void)
{
	return PROC_STAT;
}
