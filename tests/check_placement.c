/*
 * check_placement.c - unit tests for each system's form of a loop's
 * placement, the boot id and TCP's counters: Linux's
 * /proc/thread-self/sched text, FreeBSD's boot id made of kern.hostuuid
 * and kern.boottime, macOS's kern.bootsessionuuid text, and the three
 * TCP forms (Linux's and FreeBSD's struct tcp_info, macOS's struct
 * tcp_connection_info) in their real layouts; then this machine's own
 * backends, live.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/tcpinfo.h"
#include "host/placement.h"

/* /proc/thread-self/sched of a Linux 6.x thread (CONFIG_SCHED_DEBUG),
 * as cat printed it, cut after the lines around the one read. */
static const char sched_text[] =
	"netperf (32760, #threads: 2)\n"
	"-------------------------------------------------------------------\n"
	"se.exec_start                                :      81742422.034532\n"
	"se.vruntime                                  :        251401.826199\n"
	"se.sum_exec_runtime                          :             5.953561\n"
	"se.nr_migrations                             :                   17\n"
	"nr_switches                                  :                  412\n"
	"nr_voluntary_switches                        :                  400\n"
	"nr_involuntary_switches                      :                   12\n"
	"se.load.weight                               :              1048576\n";

START_TEST(test_sched_migrations)
{
	ck_assert_int_eq(np_sched_migrations(sched_text), 17);
	/* The line last, without its newline (a short read's end). */
	ck_assert_int_eq(np_sched_migrations("x (1, #threads: 1)\n"
					     "se.nr_migrations    :  3"), 3);
	ck_assert_int_eq(np_sched_migrations("x (1, #threads: 1)\n"
					     "se.nr_migrations    :  9000000000\n"),
			 9000000000LL);
	/* No such line (nr_switches only), its value garbled, negative or
	 * missing, another key that begins alike: unknown. */
	ck_assert_int_eq(np_sched_migrations("x (1, #threads: 1)\nnr_switches : 2\n"), -1);
	ck_assert_int_eq(np_sched_migrations("x\nse.nr_migrations : 1x\n"), -1);
	ck_assert_int_eq(np_sched_migrations("x\nse.nr_migrations : -1\n"), -1);
	ck_assert_int_eq(np_sched_migrations("x\nse.nr_migrations :\nnr_switches : 2\n"), -1);
	ck_assert_int_eq(np_sched_migrations("x\nse.nr_migrations_cold : 5\n"), -1);
	ck_assert_int_eq(np_sched_migrations(""), -1);
}
END_TEST

static void boot_bytes(const struct np_boot_id *id, uint64_t hi, uint64_t lo)
{
	uint64_t h, l;

	ck_assert(id->known);
	np_boot_id_split(id, &h, &l);
	ck_assert_msg(h == hi && l == lo, "boot id %016llx %016llx, not %016llx %016llx",
		      (unsigned long long)h, (unsigned long long)l, (unsigned long long)hi,
		      (unsigned long long)lo);
}

/* FreeBSD: kern.hostuuid (SMBIOS's, as a Dell's reads) and kern.boottime
 * (struct timeval).  The figures are FNV-1a 128 of
 * "4c4c4544-0048-3510-8052-b7c04f4e3732 1716549123.045678", computed
 * apart (python: h = 0x6c62272e07bb014262b821756295c58d; per byte
 * h = ((h ^ c) * (2**88 + 0x13b)) % 2**128). */
START_TEST(test_boot_id_derive)
{
	static const char uuid[] = "4c4c4544-0048-3510-8052-b7c04f4e3732";
	struct np_boot_id a, b;

	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549123, 45678, &a), 0);
	boot_bytes(&a, 0xbdcaae49bd2d6314u, 0x6cf1d9f46a25a1f7u);
	ck_assert_int_eq(a.b[0], 0xbd);
	ck_assert_int_eq(a.b[15], 0xf7);
	/* One host, one boot: the same id each time it is read. */
	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549123, 45678, &b), 0);
	ck_assert(np_boot_id_same(&a, &b));
	/* A boot a microsecond apart, another host: other ids. */
	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549123, 45679, &b), 0);
	boot_bytes(&b, 0xbdcaae49bc2d6314u, 0x6cf1d9f46a25a0bcu);
	ck_assert(!np_boot_id_same(&a, &b));
	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549124, 45678, &b), 0);
	ck_assert(!np_boot_id_same(&a, &b));
	ck_assert_int_eq(np_boot_id_derive("4c4c4544-0048-3510-8052-b7c04f4e3733", 1716549123,
					   45678, &b), 0);
	ck_assert(!np_boot_id_same(&a, &b));
	/* No hostuuid, no boot time, microseconds that are not: unknown. */
	ck_assert_int_eq(np_boot_id_derive("", 1716549123, 45678, &b), -1);
	ck_assert(!b.known);
	ck_assert_int_eq(np_boot_id_derive(uuid, 0, 45678, &b), -1);
	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549123, 1000000, &b), -1);
	ck_assert_int_eq(np_boot_id_derive(uuid, 1716549123, -1, &b), -1);
	ck_assert(!b.known);
}
END_TEST

/* Linux's boot_id (lower case, a newline) and macOS's
 * kern.bootsessionuuid (upper case, none): 16 bytes each. */
START_TEST(test_boot_id_texts)
{
	struct np_boot_id l, m;

	ck_assert_int_eq(np_boot_id_parse("44d17f17-e11f-44e9-8ac4-7f7b6d65f56d\n", &l), 0);
	boot_bytes(&l, 0x44d17f17e11f44e9u, 0x8ac47f7b6d65f56du);
	ck_assert_int_eq(np_boot_id_parse("8D9E1E71-0A2F-4C3B-9B0E-3F3D7C2E1A55", &m), 0);
	boot_bytes(&m, 0x8d9e1e710a2f4c3bu, 0x9b0e3f3d7c2e1a55u);
	ck_assert_int_eq(np_boot_id_parse("8D9E1E71-0A2F-4C3B-9B0E", &m), -1);
	ck_assert(!m.known);
}
END_TEST

/*
 * The three forms of TCP's counters, mirrored here with only the fields
 * read at their offsets (the rest is padding), as each system's
 * netinet/tcp.h lays them out for amd64 and arm64 (the offsets checked
 * with offsetof against those headers):
 *   Linux (include/uapi/linux/tcp.h): u32 tcpi_snd_mss at 16, u32
 *     tcpi_total_retrans at 100, 104 bytes in a 2.6-6.x kernel's first
 *     version (later ones are longer);
 *   FreeBSD 12-14: u32 tcpi_snd_mss at 16, u32 tcpi_snd_rexmitpack at
 *     120 (its Linux-named __tcpi_retrans at 36 is always 0), 236 bytes;
 *   macOS 10.11+ struct tcp_connection_info: u32 tcpi_maxseg at 16, u64
 *     tcpi_txretransmitpackets at 104 (aligned 8), 112 bytes.
 */
struct linux_tcp_info {
	uint8_t head[16];
	uint32_t tcpi_snd_mss;
	uint8_t mid[100 - 20];
	uint32_t tcpi_total_retrans;
};
_Static_assert(offsetof(struct linux_tcp_info, tcpi_total_retrans) == 100, "Linux's layout");
_Static_assert(sizeof(struct linux_tcp_info) == 104, "Linux's layout");

struct freebsd_tcp_info {
	uint8_t head[16];
	uint32_t tcpi_snd_mss;
	uint8_t mid[120 - 20];
	uint32_t tcpi_snd_rexmitpack;
	uint8_t tail[236 - 124];
};
_Static_assert(offsetof(struct freebsd_tcp_info, tcpi_snd_rexmitpack) == 120, "FreeBSD's");
_Static_assert(sizeof(struct freebsd_tcp_info) == 236, "FreeBSD's layout");

struct darwin_tcp_connection_info {
	uint8_t head[16];
	uint32_t tcpi_maxseg;
	uint8_t mid[104 - 20];
	uint64_t tcpi_txretransmitpackets;
};
_Static_assert(offsetof(struct darwin_tcp_connection_info, tcpi_txretransmitpackets) == 104,
	       "macOS's layout");
_Static_assert(sizeof(struct darwin_tcp_connection_info) == 112, "macOS's layout");

static const struct np_tcpi_form linux_form = {
	NP_TCPI_FIELD(struct linux_tcp_info, tcpi_snd_mss),
	NP_TCPI_FIELD(struct linux_tcp_info, tcpi_total_retrans),
};
static const struct np_tcpi_form freebsd_form = {
	NP_TCPI_FIELD(struct freebsd_tcp_info, tcpi_snd_mss),
	NP_TCPI_FIELD(struct freebsd_tcp_info, tcpi_snd_rexmitpack),
};
static const struct np_tcpi_form darwin_form = {
	NP_TCPI_FIELD(struct darwin_tcp_connection_info, tcpi_maxseg),
	NP_TCPI_FIELD(struct darwin_tcp_connection_info, tcpi_txretransmitpackets),
};

#define COUNTS(buf, len, form, m, r)                                                    \
	do {                                                                            \
		struct np_tcp_counts c_;                                                \
		np_tcp_counts_from((buf), (len), (form), &c_);                          \
		ck_assert_int_eq(c_.mss, (m));                                          \
		ck_assert_int_eq(c_.retrans, (r));                                      \
	} while (0)

START_TEST(test_tcp_linux)
{
	struct linux_tcp_info ti;

#ifdef HAVE_STRUCT_TCP_INFO_TCPI_TOTAL_RETRANS
	/* This host's own header agrees. */
	ck_assert_uint_eq(offsetof(struct tcp_info, tcpi_snd_mss), 16);
	ck_assert_uint_eq(offsetof(struct tcp_info, tcpi_total_retrans), 100);
#endif
	/* Every byte not read set, to show only the two fields are. */
	memset(&ti, 0xff, sizeof(ti));
	ti.tcpi_snd_mss = 1448;   /* 1500 bytes' Ethernet, timestamps on */
	ti.tcpi_total_retrans = 3;
	COUNTS(&ti, sizeof(ti), &linux_form, 1448, 3);
	/* A kernel whose answer ends before tcpi_total_retrans. */
	COUNTS(&ti, 100, &linux_form, 1448, -1);
	COUNTS(&ti, 17, &linux_form, -1, -1);
	/* getsockopt failed: nothing filled. */
	COUNTS(&ti, 0, &linux_form, -1, -1);
	/* No MSS yet (a listener's), a count beyond an int: unknown. */
	ti.tcpi_snd_mss = 0;
	ti.tcpi_total_retrans = 0x80000000u;
	COUNTS(&ti, sizeof(ti), &linux_form, -1, -1);
	ti.tcpi_total_retrans = 0;
	COUNTS(&ti, sizeof(ti), &linux_form, -1, 0);
}
END_TEST

START_TEST(test_tcp_freebsd)
{
	struct freebsd_tcp_info ti;

	memset(&ti, 0xff, sizeof(ti));
	/* __tcpi_retrans, which FreeBSD keeps 0, and the fields around. */
	memset(ti.mid + (36 - 20), 0, 4);
	ti.tcpi_snd_mss = 1460;   /* t_maxseg: options not taken off */
	ti.tcpi_snd_rexmitpack = 17;
	COUNTS(&ti, sizeof(ti), &freebsd_form, 1460, 17);
	COUNTS(&ti, 124, &freebsd_form, 1460, 17);
	COUNTS(&ti, 123, &freebsd_form, 1460, -1);
	ti.tcpi_snd_rexmitpack = 0;
	COUNTS(&ti, sizeof(ti), &freebsd_form, 1460, 0);
}
END_TEST

START_TEST(test_tcp_darwin)
{
	struct darwin_tcp_connection_info ti;

	memset(&ti, 0xff, sizeof(ti));
	ti.tcpi_maxseg = 16344;   /* lo0's MTU 16384 */
	ti.tcpi_txretransmitpackets = 5;
	COUNTS(&ti, sizeof(ti), &darwin_form, 16344, 5);
	/* 64 bits: its high half read too. */
	ti.tcpi_txretransmitpackets = (uint64_t)1 << 40 | 5;
	COUNTS(&ti, sizeof(ti), &darwin_form, 16344, -1);
	ti.tcpi_txretransmitpackets = 2147483647;
	COUNTS(&ti, sizeof(ti), &darwin_form, 16344, 2147483647);
	COUNTS(&ti, 111, &darwin_form, 16344, -1);
}
END_TEST

/* A form with no such field (width 0), or a width no system has. */
START_TEST(test_tcp_no_field)
{
	static const struct np_tcpi_form none = { { 0, 0 }, { 0, 0 } };
	static const struct np_tcpi_form odd = { { 16, 2 }, { 100, 3 } };
	static const struct np_tcpi_form far = { { 16, 4 }, { (size_t)-2, 4 } };
	struct linux_tcp_info ti;

	memset(&ti, 0, sizeof(ti));
	ti.tcpi_snd_mss = 1448;
	COUNTS(&ti, sizeof(ti), &none, -1, -1);
	COUNTS(&ti, sizeof(ti), &odd, -1, -1);
	COUNTS(&ti, sizeof(ti), &far, 1448, -1);
}
END_TEST

/* This machine's backends, live: where one says it reads a figure, a
 * loopback connection and a loop's probe have it. */
START_TEST(test_this_machine)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	struct np_tcp_counts c;
	struct np_place_probe probe;
	struct np_placement at;
	struct np_boot_id a, b;
	int lst = socket(AF_INET, SOCK_STREAM, 0), cl = socket(AF_INET, SOCK_STREAM, 0), srv;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert(lst >= 0 && cl >= 0);
	ck_assert_int_eq(bind(lst, (struct sockaddr *)&sa, sizeof(sa)), 0);
	ck_assert_int_eq(listen(lst, 1), 0);
	ck_assert_int_eq(getsockname(lst, (struct sockaddr *)&sa, &len), 0);
	ck_assert_int_eq(connect(cl, (struct sockaddr *)&sa, sizeof(sa)), 0);
	srv = accept(lst, NULL, NULL);
	ck_assert(srv >= 0);
	np_sock_tcp_counts(cl, &c);
	if (!np_tcp_counts_unknown()) {
		ck_assert_int_gt(c.mss, 0);
		ck_assert_int_ge(c.retrans, 0);
		ck_assert_int_eq(np_sock_retrans(cl), c.retrans);
	} else {
		ck_assert_int_eq(c.retrans, -1);
	}
	ck_assert_int_gt(np_sock_mss(cl), 0);
	close(srv);
	close(cl);
	close(lst);

	/* The CPU is known unless the backend says why not. */
	np_place_begin(&probe);
	np_place_end(&probe, &at);
	ck_assert(at.known == (np_place_cpu_unknown() == NULL));
	if (at.known) {
		ck_assert_int_ge(at.cpu_start, 0);
		ck_assert_int_lt(at.cpu_start, np_cpu_id_limit());
		ck_assert_int_lt(at.cpu_end, np_cpu_id_limit());
	}
	ck_assert_int_ge(at.migrations, -1);

	np_boot_id_read(&a);
	np_boot_id_read(&b);
	ck_assert(a.known == (np_boot_id_unknown() == NULL));
	ck_assert(a.known == np_boot_id_same(&a, &b));
}
END_TEST

static Suite *placement_suite(void)
{
	Suite *s = suite_create("placement");
	TCase *tc = tcase_create("forms");

	tcase_add_test(tc, test_sched_migrations);
	tcase_add_test(tc, test_boot_id_derive);
	tcase_add_test(tc, test_boot_id_texts);
	tcase_add_test(tc, test_tcp_linux);
	tcase_add_test(tc, test_tcp_freebsd);
	tcase_add_test(tc, test_tcp_darwin);
	tcase_add_test(tc, test_tcp_no_field);
	suite_add_tcase(s, tc);
	tc = tcase_create("this machine");
	tcase_add_test(tc, test_this_machine);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(placement_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
