/*
 * placement.h - where a data loop ran: the CPU at its start and at its
 * end, how often the scheduler moved it in between, and this host's boot
 * id, so that two ends can tell whether they shared one CPU: an
 * iteration whose two loops shared a CPU runs UDP_RR ten times faster
 * on loopback, and says nothing about the kernel under test.
 *
 * Off the data path: one probe before the loop, one after.
 */
#ifndef NP_PLACEMENT_H
#define NP_PLACEMENT_H

#include <stdbool.h>
#include <stdint.h>

/* Highest CPU number a peer may name; beyond it a placement is refused. */
#define NP_PLACE_CPU_MAX 65535

struct np_placement {
	bool known;            /* cpu_start and cpu_end were read */
	int cpu_start, cpu_end;
	int64_t migrations;    /* -1: unknown (no counter, no /proc) */
};

#define NP_PLACEMENT_UNKNOWN ((struct np_placement){ false, -1, -1, -1 })

/* A probe around one loop: np_place_begin right before it, np_place_end
 * right after, on the loop's own thread. */
struct np_place_probe {
	int fd;                /* a migrations counter (Linux's perf event), -1 */
	int64_t base;          /* migrations so far by the system's count, -1 */
	int cpu_start;
};

void np_place_begin(struct np_place_probe *p);
void np_place_end(struct np_place_probe *p, struct np_placement *out);

/* The number every CPU of this host is below (Linux: the kernel's
 * nr_cpu_ids, from /sys/devices/system/cpu/possible; FreeBSD:
 * kern.smp.maxid + 1; else the CPUs configured). */
int np_cpu_id_limit(void);
/* The highest CPU of a kernel CPU list ("0-3,8-11\n") plus one; -1 when
 * it is not such a list. */
int np_cpu_list_limit(const char *text);
/* Linux's /proc/thread-self/sched text: its se.nr_migrations, or -1. */
int64_t np_sched_migrations(const char *text);

/* Why this system's backend cannot tell the CPU a loop ran on, and why
 * it cannot count the loop's migrations, for the notes (notes.c,
 * unknown.c); NULL where it reads them. */
const char *np_place_cpu_unknown(void);
const char *np_place_moves_unknown(void);

/* A host's boot id, 16 bytes: Linux's /proc/sys/kernel/random/boot_id;
 * macOS's kern.bootsessionuuid; on FreeBSD, which has none, one made of
 * kern.hostuuid and kern.boottime (np_boot_id_derive). */
struct np_boot_id {
	bool known;
	uint8_t b[16];
};

void np_boot_id_read(struct np_boot_id *id);
/* Why this system's boot id is unknown, for the notes; NULL where the
 * backend reads one (a read may still fail: id->known). */
const char *np_boot_id_unknown(void);
/* The boot id's text ("8-4-4-4-12" hex) into 16 bytes: 0, or -1. */
int np_boot_id_parse(const char *text, struct np_boot_id *id);
/* FreeBSD's: FNV-1a (128 bits) of the text "HOSTUUID SEC.USEC" (the
 * host's kern.hostuuid, kern.boottime's seconds and microseconds), its
 * 16 bytes most significant first.  One host's boot gives one id; a
 * reboot, another (another boot time); a host with another hostuuid,
 * another.  0, or -1 (and unknown) for an empty hostuuid or a time
 * that is not one. */
int np_boot_id_derive(const char *hostuuid, int64_t sec, int64_t usec, struct np_boot_id *id);

/* Both known and equal: one boot of one host. */
bool np_boot_id_same(const struct np_boot_id *a, const struct np_boot_id *b);

/* The 16 bytes as two 64-bit words, first byte highest (the wire's). */
void np_boot_id_split(const struct np_boot_id *id, uint64_t *hi, uint64_t *lo);
void np_boot_id_join(uint64_t hi, uint64_t lo, struct np_boot_id *id);

/* Whether the two ends' loops shared one CPU: 1 when both ran on the
 * same host (boot ids equal) and stayed, without a migration, on the
 * same CPU; 0 when they ran on two hosts, or stayed on two different
 * CPUs; -1 when it cannot be said (a side unknown, or one moved). */
int np_placement_shared(const struct np_placement *a, const struct np_boot_id *aboot,
			const struct np_placement *b, const struct np_boot_id *bboot);

/* One side's placement as text: "0", "0->1 (3 moves)", "?" (into buf). */
const char *np_placement_text(const struct np_placement *a, char *buf, int len);

#endif
