/*
 * others_proc.c - others.h's reads on Linux: /proc/PID/stat of every
 * process (others_sys.h; its parsing is others_form.c's).  The starts
 * are clock ticks after boot, the clock of /proc/uptime.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others_sys.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "host/others_form.h"

static bool is_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* Process pid's record: 0, or -1 when it cannot be read (gone). */
static int read_stat(int pid, long hz, struct np_proc_rec *r)
{
	char path[32], buf[1024];
	struct np_proc_stat st;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n <= 0 || np_others_parse(buf, (size_t)n, &st) < 0)
		return -1;
	return np_others_from_stat(pid, &st, hz, r);
}

int np_others_sys_now(uint64_t *since, const char **why)
{
	const long hz = sysconf(_SC_CLK_TCK);
	char buf[64];
	double up;
	FILE *f;
	uint64_t t;

	if (hz <= 0) {
		*why = "sysconf(_SC_CLK_TCK) gives no clock tick";
		return -1;
	}
	if (!(f = fopen("/proc/uptime", "re"))) {
		*why = "/proc/uptime cannot be read (no /proc)";
		return -1;
	}
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%lf", &up) != 1 || !(up >= 0)) {
		fclose(f);
		*why = "/proc/uptime says no uptime";
		return -1;
	}
	fclose(f);
	/* starttime is whole ticks: one started in the tick this is read
	 * in may show the one before. */
	t = (uint64_t)(up * (double)hz);
	*since = t > 0 ? t - 1 : 0;
	return 0;
}

int np_others_sys_read(int self, struct np_others_list *l, const char **why)
{
	const long hz = sysconf(_SC_CLK_TCK);
	DIR *d = opendir("/proc");
	struct dirent *e;
	int rc = 0;

	if (!d || hz <= 0) {
		if (d)
			closedir(d);
		*why = "/proc cannot be listed";
		return -1;
	}
	while (rc == 0 && (e = readdir(d)) != NULL) {
		struct np_proc_rec r;
		long pid;

		if (!is_digits(e->d_name) || (pid = strtol(e->d_name, NULL, 10)) <= 0 ||
		    pid > 0x7fffffff || pid == self)
			continue;
		/* Gone between the listing and the read: as if never there. */
		if (read_stat((int)pid, hz, &r) < 0)
			continue;
		if ((rc = np_others_add(l, &r)) < 0)
			*why = NP_OTHERS_WHY_MANY;
	}
	closedir(d);
	return rc;
}

int64_t np_others_sys_self_start(int self)
{
	struct np_proc_rec r;

	if (read_stat(self, sysconf(_SC_CLK_TCK), &r) < 0 || r.start > INT64_MAX)
		return -1;
	return (int64_t)r.start;
}
