/*
 * placement.c - the CPU a data loop ran on, its migrations, the boot id:
 * what every system shares, and the pure parsing of each system's form.
 * The system calls are in the backends (placement_sys.h; bootid_*.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/placement.h"
#include "host/placement_sys.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void np_place_begin(struct np_place_probe *p)
{
	np_place_sys_begin(p);
	p->cpu_start = np_place_sys_cpu();
}

void np_place_end(struct np_place_probe *p, struct np_placement *out)
{
	const int cpu = np_place_sys_cpu();

	*out = NP_PLACEMENT_UNKNOWN;
	out->migrations = np_place_sys_moves(p);
	if (p->cpu_start >= 0 && p->cpu_start <= NP_PLACE_CPU_MAX && cpu >= 0 &&
	    cpu <= NP_PLACE_CPU_MAX) {
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

int64_t np_sched_migrations(const char *text)
{
	const char *at = strstr(text, "\nse.nr_migrations ");
	char *end;
	long long v;

	if (!at || !(at = strchr(at + 1, ':')))
		return -1;
	for (at++; *at == ' ' || *at == '\t'; at++)
		;
	if (*at < '0' || *at > '9')
		return -1;
	v = strtoll(at, &end, 10);
	return *end && *end != '\n' ? -1 : (int64_t)v;
}

int np_cpu_id_limit(void)
{
	const int limit = np_place_sys_cpu_limit();
	const long conf = sysconf(_SC_NPROCESSORS_CONF);

	if (limit > 0 && limit <= NP_PLACE_CPU_MAX + 1)
		return limit;
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

/* FNV-1a's 128-bit step, h = (h ^ c) * (2^88 + 0x13b) mod 2^128, in two
 * 64-bit halves (no 128-bit integer in C11). */
static void fnv128(uint64_t *hi, uint64_t *lo, unsigned char c)
{
	const uint64_t l = *lo ^ c;
	const uint64_t a = (l & 0xffffffffu) * 0x13b, mid = (a >> 32) + (l >> 32) * 0x13b;

	*lo = (a & 0xffffffffu) | mid << 32;
	*hi = *hi * 0x13b + (mid >> 32) + (l << 24);
}

int np_boot_id_derive(const char *hostuuid, int64_t sec, int64_t usec, struct np_boot_id *id)
{
	char text[128];
	uint64_t hi = 0x6c62272e07bb0142u, lo = 0x62b821756295c58du;   /* FNV's offset basis */
	int n;

	memset(id, 0, sizeof(*id));
	if (!hostuuid[0] || sec <= 0 || usec < 0 || usec > 999999)
		return -1;
	n = snprintf(text, sizeof(text), "%s %" PRId64 ".%06" PRId64, hostuuid, sec, usec);
	if (n < 0 || n >= (int)sizeof(text))
		return -1;
	for (int i = 0; i < n; i++)
		fnv128(&hi, &lo, (unsigned char)text[i]);
	np_boot_id_join(hi, lo, id);
	return 0;
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
