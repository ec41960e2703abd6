/*
 * placement_linux.c - a loop's CPU by sched_getcpu, its migrations by
 * the kernel's cpu-migrations software counter (perf_event_open: no PMU
 * needed, so it works in VMs) or, where perf events are not allowed
 * (perf_event_paranoid, seccomp), by /proc/thread-self/sched's
 * se.nr_migrations (CONFIG_SCHED_DEBUG); the CPU numbers' limit by
 * /sys/devices/system/cpu/possible.
 */
#include "config.h"

#include "host/placement_sys.h"

#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#if defined(HAVE_LINUX_PERF_EVENT_H) && HAVE_DECL_SYS_PERF_EVENT_OPEN
#include <linux/perf_event.h>
#include <sys/syscall.h>
#define HAVE_MIGRATION_COUNTER 1
#endif

/* A small file's text into buf: its length, or -1. */
static ssize_t read_text(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return n;
}

int np_place_sys_cpu(void)
{
#ifdef HAVE_SCHED_GETCPU
	return sched_getcpu();
#else
	return -1;
#endif
}

static int counter_open(void)
{
#ifdef HAVE_MIGRATION_COUNTER
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_MIGRATIONS;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
#else
	return -1;
#endif
}

static int64_t counter_read(int fd)
{
	uint64_t v;

	if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v) || v > INT64_MAX)
		return -1;
	return (int64_t)v;
}

static int64_t proc_migrations(void)
{
	char buf[4096];

	return read_text("/proc/thread-self/sched", buf, sizeof(buf)) < 0 ? -1
									  : np_sched_migrations(buf);
}

void np_place_sys_begin(struct np_place_probe *p)
{
	p->fd = counter_open();
	p->base = p->fd < 0 ? proc_migrations() : -1;
}

int64_t np_place_sys_moves(struct np_place_probe *p)
{
	int64_t now;

	if (p->fd >= 0) {
		now = counter_read(p->fd);
		close(p->fd);
		p->fd = -1;
		return now;
	}
	if (p->base >= 0 && (now = proc_migrations()) >= p->base)
		return now - p->base;
	return -1;
}

int np_place_sys_cpu_limit(void)
{
	char buf[256];

	return read_text("/sys/devices/system/cpu/possible", buf, sizeof(buf)) < 0
		       ? -1
		       : np_cpu_list_limit(buf);
}

const char *np_place_cpu_unknown(void)
{
	return NULL;
}

const char *np_place_moves_unknown(void)
{
	return NULL;
}
