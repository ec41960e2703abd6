/*
 * check_nic.c - unit tests for facts.c: the CPU model from /proc/cpuinfo
 * texts of several architectures, the kernel's feature names into offload
 * flags, text from the system made safe, and a smoke test of this
 * machine's loopback.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/text.h"
#include "host/facts.h"

/* x86: the brand string, after a processor and vendor line. */
static const char cpuinfo_x86[] =
	"processor\t: 0\n"
	"vendor_id\t: GenuineIntel\n"
	"cpu family\t: 6\n"
	"model\t\t: 85\n"
	"model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
	"stepping\t: 7\n"
	"cpu MHz\t\t: 2200.152\n"
	"\n"
	"processor\t: 1\n"
	"model name\t: Some Other CPU\n";

/* Old brand strings pad with blanks. */
static const char cpuinfo_padded[] =
	"processor\t: 0\n"
	"model name\t:       Intel(R) Core(TM) i7 CPU         920  @ 2.67GHz   \n";

/* ARMv7: "Processor" names the model, "model name" is empty. */
static const char cpuinfo_arm[] =
	"Processor\t: ARMv7 Processor rev 4 (v7l)\n"
	"processor\t: 0\n"
	"model name\t: \n"
	"BogoMIPS\t: 38.40\n";

/* POWER: "cpu"; "cpu MHz" or "cpu family" must not be taken for it. */
static const char cpuinfo_power[] =
	"processor\t: 0\n"
	"cpu MHz\t\t: 3800.000\n"
	"cpu\t\t: POWER9 (architected), altivec supported\n"
	"clock\t\t: 3800.000000MHz\n";

/* arm64: no model at all. */
static const char cpuinfo_arm64[] =
	"processor\t: 0\n"
	"BogoMIPS\t: 50.00\n"
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
	"CPU implementer\t: 0x41\n"
	"CPU part\t: 0xd0c\n";

static void model_is(const char *text, size_t len, const char *want)
{
	char out[NP_FACT_LONG_LEN];
	bool found = np_nic_cpu_model(text, len, out, sizeof(out));

	ck_assert_str_eq(out, want);
	ck_assert(found == (want[0] != '\0'));
}

START_TEST(test_cpu_model)
{
	model_is(cpuinfo_x86, sizeof(cpuinfo_x86) - 1, "Intel(R) Xeon(R) CPU @ 2.20GHz");
	model_is(cpuinfo_padded, sizeof(cpuinfo_padded) - 1,
		 "Intel(R) Core(TM) i7 CPU 920 @ 2.67GHz");
	model_is(cpuinfo_arm, sizeof(cpuinfo_arm) - 1, "ARMv7 Processor rev 4 (v7l)");
	model_is(cpuinfo_power, sizeof(cpuinfo_power) - 1,
		 "POWER9 (architected), altivec supported");
	model_is(cpuinfo_arm64, sizeof(cpuinfo_arm64) - 1, "");
	model_is("", 0, "");
}
END_TEST

/* A text cut anywhere (the file is read in part) is never read past. */
START_TEST(test_cpu_model_cut)
{
	const size_t n = sizeof(cpuinfo_x86) - 1;

	for (size_t len = 0; len <= n; len++) {
		char *copy = malloc(len ? len : 1);
		char out[NP_FACT_LONG_LEN];

		memcpy(copy, cpuinfo_x86, len);
		np_nic_cpu_model(copy, len, out, sizeof(out));
		ck_assert_uint_lt(strlen(out), sizeof(out));
		free(copy);
	}
	/* No newline at the end, value cut mid-word. */
	model_is("model name : Intel(R) Xe", 24, "Intel(R) Xe");
}
END_TEST

/* Non-printable bytes become '?', and the width is kept. */
START_TEST(test_cpu_model_hostile)
{
	static const char text[] = "model name\t: A\x01" "B\xc3\xa9" "C\n";
	char small[6];

	model_is(text, sizeof(text) - 1, "A?B??C");
	ck_assert(np_nic_cpu_model(text, sizeof(text) - 1, small, sizeof(small)));
	ck_assert_str_eq(small, "A?B??");
	ck_assert(!np_nic_cpu_model(text, sizeof(text) - 1, small, 0));
}
END_TEST

/* Features of a veth device (6.x), in the kernel's order, some on. */
static const struct {
	const char *name;
	bool active;
} veth_features[] = {
	{ "tx-scatter-gather", true },     { "tx-checksum-ipv4", false },
	{ "tx-checksum-ip-generic", true }, { "tx-checksum-ipv6", false },
	{ "highdma", true },               { "tx-scatter-gather-fraglist", true },
	{ "tx-vlan-hw-insert", true },     { "rx-vlan-hw-parse", true },
	{ "tx-generic-segmentation", true }, { "rx-gro", false },
	{ "rx-lro", false },               { "tx-tcp-segmentation", true },
	{ "tx-tcp-ecn-segmentation", true }, { "tx-tcp-mangleid-segmentation", false },
	{ "tx-tcp6-segmentation", true },  { "rx-checksum", true },
	{ "rx-gro-hw", false },            { "rx-udp-gro-forwarding", false },
};

#define BIT(o) (1u << (o))

START_TEST(test_features_veth)
{
	unsigned known = 0, on = 0;

	for (size_t i = 0; i < sizeof(veth_features) / sizeof(veth_features[0]); i++)
		np_nic_feature(veth_features[i].name, veth_features[i].active, &known, &on);
	ck_assert_uint_eq(known, NP_OFFLOAD_ALL);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_RX_CSUM) | BIT(NP_OFFLOAD_TX_CSUM) |
				   BIT(NP_OFFLOAD_TSO) | BIT(NP_OFFLOAD_GSO));
}
END_TEST

/* tx-checksumming and TSO: on when any of theirs is, off when all are
 * off; unrelated names (rx-gro-hw is not GRO) change nothing. */
START_TEST(test_features_groups)
{
	unsigned known = 0, on = 0;

	np_nic_feature("tx-checksum-ipv4", false, &known, &on);
	np_nic_feature("tx-checksum-ipv6", false, &known, &on);
	ck_assert_uint_eq(known, BIT(NP_OFFLOAD_TX_CSUM));
	ck_assert_uint_eq(on, 0);
	np_nic_feature("tx-checksum-sctp", true, &known, &on);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_TX_CSUM));
	np_nic_feature("tx-checksum-ipv4", false, &known, &on);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_TX_CSUM));

	known = on = 0;
	np_nic_feature("tx-tcp6-segmentation", true, &known, &on);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_TSO));
	np_nic_feature("rx-gro-hw", true, &known, &on);
	np_nic_feature("rx-gro-list", true, &known, &on);
	np_nic_feature("tx-udp-segmentation", true, &known, &on);
	np_nic_feature("", true, &known, &on);
	np_nic_feature("rx-checksum ", true, &known, &on);
	ck_assert_uint_eq(known, BIT(NP_OFFLOAD_TSO));
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_TSO));
	np_nic_feature("rx-lro", true, &known, &on);
	np_nic_feature("rx-gro", true, &known, &on);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_TSO) | BIT(NP_OFFLOAD_LRO) | BIT(NP_OFFLOAD_GRO));
}
END_TEST

START_TEST(test_offload_names)
{
	static const char *const want[NP_OFFLOADS] = { "rx-csum", "tx-csum", "tso",
						       "gso", "gro", "lro" };

	for (int o = 0; o < NP_OFFLOADS; o++)
		ck_assert_str_eq(np_nic_offload_name((enum np_offload)o), want[o]);
	ck_assert_str_eq(np_nic_offload_name(NP_OFFLOADS), "?");
}
END_TEST

START_TEST(test_text)
{
	char out[8];
	static const char unterminated[4] = { 'v', 'e', 't', 'h' };

	np_text_clean(out, sizeof(out), unterminated, sizeof(unterminated));
	ck_assert_str_eq(out, "veth");
	np_text_clean(out, sizeof(out), "  a\tb\n  ", 9);
	ck_assert_str_eq(out, "a?b?");
	np_text_clean(out, sizeof(out), "abcdefghij", 10);
	ck_assert_str_eq(out, "abcdefg");
	np_text_clean(out, sizeof(out), "", 1);
	ck_assert_str_eq(out, "");
	/* Every byte after the text is zero: the wire sends the field. */
	np_text_clean(out, sizeof(out), "ab\0cd", 5);
	for (size_t i = 2; i < sizeof(out); i++)
		ck_assert_int_eq(out[i], 0);
}
END_TEST

START_TEST(test_unknown)
{
	struct np_host_facts f;

	memset(&f, 0x5a, sizeof(f));
	np_host_facts_unknown(&f);
	ck_assert(!f.known);
	ck_assert_int_eq(f.mtu, -1);
	ck_assert_int_eq(f.speed_mbps, -1);
	ck_assert_int_eq(f.rx_queues, -1);
	ck_assert_int_eq(f.tx_queues, -1);
	ck_assert_int_eq(f.cpu_count, -1);
	ck_assert_uint_eq(f.offload_known | f.offload_on, 0);
	ck_assert_str_eq(f.ifname, "");
	ck_assert_str_eq(f.cpu_model, "");
	ck_assert_str_eq(f.release, "");
}
END_TEST

/* This machine: 127.0.0.1 to itself goes over the loopback, whatever the
 * test host's other interfaces are. */
START_TEST(test_loopback)
{
	struct sockaddr_in lo = { .sin_family = AF_INET };
	struct np_host_facts f;

	lo.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	np_host_facts_read((struct sockaddr *)&lo, (struct sockaddr *)&lo, &f);
	ck_assert(f.known);
	ck_assert_str_ne(f.sysname, "");
	ck_assert_str_ne(f.release, "");
	ck_assert_int_ge(f.cpu_count, 1);
#ifdef __linux__
	ck_assert_str_eq(f.ifname, "lo");
	ck_assert_str_eq(f.driver, "loopback");
	ck_assert_int_ge(f.mtu, 1280);
	ck_assert_uint_eq(f.offload_on & ~f.offload_known, 0);
#endif
#ifdef __linux__
	{
		/* IPv6's loopback, and 127.0.0.1 as an IPv4-mapped address
		 * (a dual-stack socket's view of it). */
		struct sockaddr_in6 six = { .sin6_family = AF_INET6 };
		int fd = socket(AF_INET6, SOCK_DGRAM, 0);

		six.sin6_addr = in6addr_loopback;
		if (fd >= 0) {          /* a kernel with IPv6 */
			close(fd);
			np_host_facts_read((struct sockaddr *)&six, (struct sockaddr *)&six, &f);
			ck_assert_str_eq(f.ifname, "lo");
		}
		inet_pton(AF_INET6, "::ffff:127.0.0.1", &six.sin6_addr);
		np_host_facts_read(NULL, (struct sockaddr *)&six, &f);
		ck_assert_str_eq(f.ifname, "lo");
	}
#endif
	/* No addresses: the host alone. */
	np_host_facts_read(NULL, NULL, &f);
	ck_assert(f.known);
	ck_assert_str_eq(f.ifname, "");
	ck_assert_int_eq(f.mtu, -1);
	ck_assert_int_ge(f.cpu_count, 1);
}
END_TEST

static Suite *nic_suite(void)
{
	Suite *s = suite_create("nic");
	TCase *tc = tcase_create("pure");

	tcase_add_test(tc, test_cpu_model);
	tcase_add_test(tc, test_cpu_model_cut);
	tcase_add_test(tc, test_cpu_model_hostile);
	tcase_add_test(tc, test_features_veth);
	tcase_add_test(tc, test_features_groups);
	tcase_add_test(tc, test_offload_names);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_unknown);
	suite_add_tcase(s, tc);

	tc = tcase_create("system");
	tcase_add_test(tc, test_loopback);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(nic_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
