/*
 * placement.c - the CPU a data loop ran on, its migrations, the boot id.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/placement.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(HAVE_LINUX_PERF_EVENT_H) && HAVE_DECL_SYS_PERF_EVENT_OPEN
#include <linux/perf_event.h>
#include <sys/syscall.h>
#define HAVE_MIGRATION_COUNTER 1
#endif

static int current_cpu(void)
{
#ifdef HAVE_SCHED_GETCPU
	const int cpu = sched_getcpu();

	return cpu >= 0 && cpu <= NP_PLACE_CPU_MAX ? cpu : -1;
#else
	return -1;
#endif
}

/* The software counter of this thread's migrations: works without a
 * PMU (in VMs), for the kernel's own scheduling events. */
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

	if (fd < 0 || read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v) || v > INT64_MAX)
		return -1;
	return (int64_t)v;
}

/* Where perf events are not allowed (perf_event_paranoid, seccomp): the
 * scheduler's own count, with CONFIG_SCHED_DEBUG. */
static int64_t proc_migrations(void)
{
	char buf[4096];
	const char *at;
	ssize_t n;
	int fd = open("/proc/thread-self/sched", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	at = strstr(buf, "se.nr_migrations");
	if (!at || !(at = strchr(at, ':')))
		return -1;
	return strtoll(at + 1, NULL, 10);
}

void np_place_begin(struct np_place_probe *p)
{
	p->fd = counter_open();
	p->base = p->fd < 0 ? proc_migrations() : -1;
	p->cpu_start = current_cpu();
}

void np_place_end(struct np_place_probe *p, struct np_placement *out)
{
	const int cpu = current_cpu();
	int64_t now;

	*out = NP_PLACEMENT_UNKNOWN;
	if (p->fd >= 0) {
		out->migrations = counter_read(p->fd);
		close(p->fd);
		p->fd = -1;
	} else if (p->base >= 0 && (now = proc_migrations()) >= p->base) {
		out->migrations = now - p->base;
	}
	if (p->cpu_start >= 0 && cpu >= 0) {
		out->known = true;
		out->cpu_start = p->cpu_start;
		out->cpu_end = cpu;
	}
}

int np_cpu_list_limit(const char *text)
{
	long top = -1;
	const char *s = text;

	while (*s && *s != '\n') {
		char *end;
		const long v = strtol(s, &end, 10);

		if (end == s || v < 0 || v > NP_PLACE_CPU_MAX || (*end && !strchr(",-\n", *end)))
			return -1;
		top = v > top ? v : top;
		s = *end == ',' || *end == '-' ? end + 1 : end;
	}
	return top < 0 ? -1 : (int)top + 1;
}

int np_cpu_id_limit(void)
{
	char buf[256];
	ssize_t n;
	long conf;
	int fd = open("/sys/devices/system/cpu/possible", O_RDONLY | O_CLOEXEC), limit = -1;

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			limit = np_cpu_list_limit(buf);
		}
	}
	if (limit > 0)
		return limit;
	conf = sysconf(_SC_NPROCESSORS_CONF);
	return conf > 0 && conf <= NP_PLACE_CPU_MAX + 1 ? (int)conf : 0;
}

static int hex(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int np_boot_id_parse(const char *text, struct np_boot_id *id)
{
	int k = 0;

	memset(id, 0, sizeof(*id));
	for (const char *s = text; *s && *s != '\n' && k < 32; s++) {
		int v;

		if (*s == '-')
			continue;
		if ((v = hex((unsigned char)*s)) < 0)
			return -1;
		id->b[k / 2] = (uint8_t)(id->b[k / 2] << 4 | v);
		k++;
	}
	if (k != 32)
		return -1;
	id->known = true;
	return 0;
}

void np_boot_id_read(struct np_boot_id *id)
{
	char buf[64];
	ssize_t n;
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);

	memset(id, 0, sizeof(*id));
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	(void)np_boot_id_parse(buf, id);
}

void np_boot_id_split(const struct np_boot_id *id, uint64_t *hi, uint64_t *lo)
{
	*hi = *lo = 0;
	for (int i = 0; i < 8; i++) {
		*hi = *hi << 8 | id->b[i];
		*lo = *lo << 8 | id->b[8 + i];
	}
}

void np_boot_id_join(uint64_t hi, uint64_t lo, struct np_boot_id *id)
{
	id->known = true;
	for (int i = 7; i >= 0; i--, hi >>= 8, lo >>= 8) {
		id->b[i] = (uint8_t)hi;
		id->b[8 + i] = (uint8_t)lo;
	}
}

/* It stayed on one CPU the whole loop: no migration counted (a move
 * and back is a migration), and the same CPU at both ends. */
static bool stayed(const struct np_placement *a)
{
	return a->known && a->migrations == 0 && a->cpu_start == a->cpu_end;
}

bool np_boot_id_same(const struct np_boot_id *a, const struct np_boot_id *b)
{
	return a->known && b->known && memcmp(a->b, b->b, sizeof(a->b)) == 0;
}

int np_placement_shared(const struct np_placement *a, const struct np_boot_id *aboot,
			const struct np_placement *b, const struct np_boot_id *bboot)
{
	if (!aboot->known || !bboot->known)
		return -1;
	if (memcmp(aboot->b, bboot->b, sizeof(aboot->b)) != 0)
		return 0;
	if (!stayed(a) || !stayed(b))
		return -1;
	return a->cpu_start == b->cpu_start;
}

const char *np_placement_text(const struct np_placement *a, char *buf, int len)
{
	if (!a->known)
		snprintf(buf, (size_t)len, "?");
	else if (a->cpu_start == a->cpu_end && a->migrations == 0)
		snprintf(buf, (size_t)len, "%d", a->cpu_start);
	else if (a->migrations < 0)
		snprintf(buf, (size_t)len, "%d->%d", a->cpu_start, a->cpu_end);
	else
		snprintf(buf, (size_t)len, "%d->%d (%" PRId64 " move%s)", a->cpu_start, a->cpu_end,
			 a->migrations, a->migrations == 1 ? "" : "s");
	return buf;
}
