/*
 * check_nic.c - unit tests for the host facts: the CPU model from
 * /proc/cpuinfo texts of several architectures and from the BSDs'
 * sysctls, the kernel's feature names into offload flags, text from the
 * system made safe; the BSDs' forms (facts_bsd_parse.c) laid out as
 * FreeBSD's and macOS's kernels write them: a routing socket's answer to
 * RTM_GET, the media word, the baud rate, the capabilities, the driver's
 * name; and a smoke test of this machine's loopback.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/text.h"
#include "host/facts.h"
#include "host/facts_bsd_parse.h"

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

/* ---- The BSDs' forms ------------------------------------------------------ */

/* The model as a sysctl gives it (terminated, so len stops before the
 * NUL): FreeBSD's hw.model keeps an old Xeon's padded brand string,
 * macOS's machdep.cpu.brand_string names Apple's own. */
START_TEST(test_model_text)
{
	static const char padded[] = "      Intel(R) Xeon(R) CPU           X5650  @ 2.67GHz";
	char out[NP_FACT_LONG_LEN];

	ck_assert(np_nic_model_text(padded, sizeof(padded) - 1, out, sizeof(out)));
	ck_assert_str_eq(out, "Intel(R) Xeon(R) CPU X5650 @ 2.67GHz");
	ck_assert(np_nic_model_text("Apple M2 Pro", 12, out, sizeof(out)));
	ck_assert_str_eq(out, "Apple M2 Pro");
	ck_assert(!np_nic_model_text("  \t ", 4, out, sizeof(out)));
	ck_assert_str_eq(out, "");
	ck_assert(!np_nic_model_text("x", 1, out, 0));
}
END_TEST

/*
 * Test-local mirrors of what the kernels write, only the members used.
 * FreeBSD 14's struct rt_msghdr (net/route.h; amd64: u_long is 8 bytes,
 * struct rt_metrics 14 u_longs): 152 bytes.  macOS's (xnu
 * bsd/net/route.h: rtm_use and a 32-bit rtm_inits, struct rt_metrics 14
 * 32-bit words): 92 bytes.  Both: sockaddrs after the header in RTAX_
 * order, each rounded up, FreeBSD's by SA_SIZE to sizeof(long),
 * macOS's by rtsock.c's ROUNDUP32 to 4, macOS's last one unpadded.
 */
struct fbsd_rt_msghdr {
	uint16_t rtm_msglen;
	uint8_t rtm_version, rtm_type;
	uint16_t rtm_index, rtm_spare1;
	int32_t rtm_flags, rtm_addrs, rtm_pid, rtm_seq, rtm_errno, rtm_fmask;
	uint64_t rtm_inits, rtm_rmx[14];
};
_Static_assert(sizeof(struct fbsd_rt_msghdr) == 152, "FreeBSD amd64's rt_msghdr");

struct xnu_rt_msghdr {
	uint16_t rtm_msglen;
	uint8_t rtm_version, rtm_type;
	uint16_t rtm_index;
	int32_t rtm_flags, rtm_addrs, rtm_pid, rtm_seq, rtm_errno, rtm_use;
	uint32_t rtm_inits, rtm_rmx[14];
};
_Static_assert(sizeof(struct xnu_rt_msghdr) == 92, "macOS's rt_msghdr");

/* sys/socket.h: AF_INET 2 on both; AF_INET6 28 on FreeBSD, 30 on macOS;
 * AF_LINK 18.  rtm_addrs' bits, net/route.h. */
#define T_AF_INET 2
#define T_AF_INET6_FBSD 28
#define T_AF_LINK 18
#define T_RTA_DST 0x1
#define T_RTA_GATEWAY 0x2
#define T_RTA_NETMASK 0x4
#define T_RTA_IFP 0x10
#define T_RTA_IFA 0x20
#define T_RTF_DONE 0x40
#define T_PID 4242
#define T_SEQ 7

/* A message being laid out: its bytes and where the next sockaddr goes. */
struct rtm_buf {
	union {
		unsigned char b[1024];
		uint64_t align;
	} u;
	size_t off, align;
};

static void rtm_start(struct rtm_buf *m, const void *hdr, size_t hdrlen, size_t align)
{
	memset(m, 0, sizeof(*m));
	memcpy(m->u.b, hdr, hdrlen);
	m->off = hdrlen;
	m->align = align;
}

/* A sockaddr: sa_len, family, then its bytes; rounded as the kernel does
 * unless last (macOS's last one). */
static void rtm_sa(struct rtm_buf *m, uint8_t len, uint8_t family, const void *rest, bool last)
{
	m->u.b[m->off] = len;
	m->u.b[m->off + 1] = family;
	if (len > 2)
		memcpy(m->u.b + m->off + 2, rest, len - 2u);
	m->off += last ? len : 1 + ((len - 1u) | (m->align - 1));
}

/* A sockaddr_dl's bytes after sa_len and family: sdl_index, sdl_type,
 * sdl_nlen, sdl_alen, sdl_slen, then name and address. */
static void sdl_rest(unsigned char *out, uint16_t index, uint8_t type, const char *name,
		     const unsigned char *mac, size_t maclen)
{
	size_t n = strlen(name);

	memcpy(out, &index, 2);
	out[2] = type;
	out[3] = (unsigned char)n;
	out[4] = (unsigned char)maclen;
	out[5] = 0;
	memcpy(out + 6, name, n);
	if (maclen)
		memcpy(out + 6 + n, mac, maclen);
}

/* A sockaddr_in's bytes after sa_len and family: port 0, the address. */
static void sin_rest(unsigned char *out, const char *addr)
{
	memset(out, 0, 14);
	ck_assert_int_eq(inet_pton(AF_INET, addr, out + 2), 1);
}

/* A sockaddr_in6's: port 0, flowinfo 0, the address, the scope. */
static void sin6_rest(unsigned char *out, const char *addr, uint32_t scope)
{
	memset(out, 0, 26);
	ck_assert_int_eq(inet_pton(AF_INET6, addr, out + 6), 1);
	memcpy(out + 22, &scope, 4);
}

static const struct np_rtm_form fbsd_form = { sizeof(struct fbsd_rt_msghdr), 8 };
static const struct np_rtm_form xnu_form = { sizeof(struct xnu_rt_msghdr), 4 };

static const unsigned char vtnet_mac[6] = { 0x58, 0x9c, 0xfc, 0x0a, 0x1b, 0x2c };

/* FreeBSD 14, `route -n get -inet6 2001:2::2` on a host whose default
 * route goes by fe80::1%vtnet0: the default route's key and mask (::),
 * its gateway, vtnet0's link address (index 1; if_attach makes it
 * sizeof(struct sockaddr_dl), 54 bytes), the source address. */
static void fbsd_answer_v6(struct rtm_buf *m, struct fbsd_rt_msghdr *h)
{
	unsigned char rest[64];

	memset(h, 0, sizeof(*h));
	h->rtm_version = 5;
	h->rtm_type = 4;
	h->rtm_index = 1;
	h->rtm_flags = 0x1 | 0x2 | T_RTF_DONE | 0x800;       /* UP GATEWAY DONE STATIC */
	h->rtm_addrs = T_RTA_DST | T_RTA_GATEWAY | T_RTA_NETMASK | T_RTA_IFP | T_RTA_IFA;
	h->rtm_pid = T_PID;
	h->rtm_seq = T_SEQ;
	rtm_start(m, h, sizeof(*h), 8);
	sin6_rest(rest, "::", 0);
	rtm_sa(m, 28, T_AF_INET6_FBSD, rest, false);
	sin6_rest(rest, "fe80::1", 1);
	rtm_sa(m, 28, T_AF_INET6_FBSD, rest, false);
	sin6_rest(rest, "::", 0);
	rtm_sa(m, 28, T_AF_INET6_FBSD, rest, false);
	memset(rest, 0, sizeof(rest));
	sdl_rest(rest, 1, 6 /* IFT_ETHER */, "vtnet0", vtnet_mac, sizeof(vtnet_mac));
	rtm_sa(m, 54, T_AF_LINK, rest, false);
	sin6_rest(rest, "2001:2::1", 0);
	rtm_sa(m, 28, T_AF_INET6_FBSD, rest, false);
	h->rtm_msglen = (uint16_t)m->off;
	memcpy(m->u.b, h, sizeof(*h));
}

START_TEST(test_rtm_space)
{
	ck_assert_uint_eq(np_nic_rtm_space(&fbsd_form, 0), 8);
	ck_assert_uint_eq(np_nic_rtm_space(&fbsd_form, 16), 16);
	ck_assert_uint_eq(np_nic_rtm_space(&fbsd_form, 28), 32);
	ck_assert_uint_eq(np_nic_rtm_space(&fbsd_form, 54), 56);
	ck_assert_uint_eq(np_nic_rtm_space(&fbsd_form, 6), 8);
	ck_assert_uint_eq(np_nic_rtm_space(&xnu_form, 0), 4);
	ck_assert_uint_eq(np_nic_rtm_space(&xnu_form, 28), 28);
	ck_assert_uint_eq(np_nic_rtm_space(&xnu_form, 6), 8);
	ck_assert_uint_eq(np_nic_rtm_space(&xnu_form, 17), 20);
}
END_TEST

START_TEST(test_rtm_freebsd)
{
	struct fbsd_rt_msghdr h;
	struct rtm_buf m;
	unsigned char rest[64];

	fbsd_answer_v6(&m, &h);
	ck_assert_uint_eq(m.off, 152 + 32 + 32 + 32 + 56 + 32);
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 1);

	/* The index is the sockaddr_dl's: found past three 28-byte sockaddrs
	 * padded to 32 even where rtm_index would not say it. */
	h.rtm_index = 0;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 1);
	/* Walked with macOS's rounding, the same bytes name no interface. */
	ck_assert_int_eq(np_nic_rtm_ifindex(&xnu_form, m.u.b, m.off, T_PID, T_SEQ), 0);

	/* `route -n get 127.0.0.1`: the host route on lo0 (index 2), its
	 * gateway lo0's link ("link#2", a short sockaddr_dl), no mask. */
	memset(&h, 0, sizeof(h));
	h.rtm_version = 5;
	h.rtm_type = 4;
	h.rtm_index = 2;
	h.rtm_flags = 0x1 | 0x4 | T_RTF_DONE | 0x800;         /* UP HOST DONE STATIC */
	h.rtm_addrs = T_RTA_DST | T_RTA_GATEWAY | T_RTA_IFP | T_RTA_IFA;
	h.rtm_pid = T_PID;
	h.rtm_seq = T_SEQ;
	rtm_start(&m, &h, sizeof(h), 8);
	sin_rest(rest, "127.0.0.1");
	rtm_sa(&m, 16, T_AF_INET, rest, false);
	memset(rest, 0, sizeof(rest));
	sdl_rest(rest, 2, 24 /* IFT_LOOP */, "", NULL, 0);
	rtm_sa(&m, 16, T_AF_LINK, rest, false);
	memset(rest, 0, sizeof(rest));
	sdl_rest(rest, 2, 24, "lo0", NULL, 0);
	rtm_sa(&m, 54, T_AF_LINK, rest, false);
	sin_rest(rest, "127.0.0.1");
	rtm_sa(&m, 16, T_AF_INET, rest, false);
	h.rtm_msglen = (uint16_t)m.off;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 2);
}
END_TEST

/* macOS 13, `route -n get 198.18.0.2` on a Mac whose en0 (index 4) holds
 * 198.18.0.1/15: the network route's key, its gateway "link#4", the mask
 * as the radix tree keeps it (cut after its last non-zero byte: 6 bytes,
 * rounded to 8), en0's link address (if_attach: at least 20 bytes), and
 * the source address, last and unpadded. */
START_TEST(test_rtm_macos)
{
	static const unsigned char mac[6] = { 0xa4, 0x83, 0xe7, 0x11, 0x22, 0x33 };
	struct xnu_rt_msghdr h;
	struct rtm_buf m;
	unsigned char rest[64];

	memset(&h, 0, sizeof(h));
	h.rtm_version = 5;
	h.rtm_type = 4;
	h.rtm_index = 4;
	h.rtm_flags = 0x1 | T_RTF_DONE | 0x100;               /* UP DONE CLONING */
	h.rtm_addrs = T_RTA_DST | T_RTA_GATEWAY | T_RTA_NETMASK | T_RTA_IFP | T_RTA_IFA;
	h.rtm_pid = T_PID;
	h.rtm_seq = T_SEQ;
	rtm_start(&m, &h, sizeof(h), 4);
	sin_rest(rest, "198.18.0.0");
	rtm_sa(&m, 16, T_AF_INET, rest, false);
	memset(rest, 0, sizeof(rest));
	sdl_rest(rest, 4, 6, "", NULL, 0);
	rtm_sa(&m, 20, T_AF_LINK, rest, false);
	memset(rest, 0, sizeof(rest));
	rest[2] = 0xff;
	rest[3] = 0xfe;
	rtm_sa(&m, 6, 0, rest, false);
	memset(rest, 0, sizeof(rest));
	sdl_rest(rest, 4, 6, "en0", mac, sizeof(mac));
	rtm_sa(&m, 20, T_AF_LINK, rest, false);
	sin_rest(rest, "198.18.0.1");
	rtm_sa(&m, 16, T_AF_INET, rest, true);
	h.rtm_msglen = (uint16_t)m.off;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_uint_eq(m.off, 92 + 16 + 20 + 8 + 20 + 16);
	ck_assert_int_eq(np_nic_rtm_ifindex(&xnu_form, m.u.b, m.off, T_PID, T_SEQ), 4);
	h.rtm_index = 0;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&xnu_form, m.u.b, m.off, T_PID, T_SEQ), 4);
}
END_TEST

/* What is not our answer is read past (-1); our answer that is wrong
 * names no interface (0), and nothing is read outside the message. */
START_TEST(test_rtm_hostile)
{
	struct fbsd_rt_msghdr h, keep;
	struct rtm_buf m;

	fbsd_answer_v6(&m, &h);
	keep = h;
	/* Another process's, another query's, a notice. */
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID + 1, T_SEQ), -1);
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ + 1), -1);
	h.rtm_type = 0xe;                                       /* RTM_IFINFO */
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), -1);
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, 27, T_PID, T_SEQ), -1);
	/* No route: ESRCH. */
	h = keep;
	h.rtm_errno = 3;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 0);
	/* Another version; a length past what was read, or short of the
	 * header. */
	h = keep;
	h.rtm_version = 4;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 0);
	h = keep;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off - 1, T_PID, T_SEQ), 0);
	h.rtm_msglen = 100;
	memcpy(m.u.b, &h, sizeof(h));
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 0);
	/* Every cut of the message, and a sockaddr whose length runs past
	 * the end: nothing past msglen is read (valgrind/ASan hold this),
	 * and without its sockaddr rtm_index is the answer. */
	h = keep;
	for (size_t cut = 28; cut < m.off; cut++) {
		h.rtm_msglen = (uint16_t)cut;
		memcpy(m.u.b, &h, sizeof(h));
		ck_assert_int_ge(np_nic_rtm_ifindex(&fbsd_form, m.u.b, cut, T_PID, T_SEQ), 0);
	}
	h = keep;
	h.rtm_index = 9;
	memcpy(m.u.b, &h, sizeof(h));
	m.u.b[152 + 32] = 250;                                  /* the gateway's sa_len */
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 9);
	m.u.b[152 + 32] = 28;
	m.u.b[152 + 96 + 1] = T_AF_INET;                        /* the IFP not a link address */
	ck_assert_int_eq(np_nic_rtm_ifindex(&fbsd_form, m.u.b, m.off, T_PID, T_SEQ), 9);
}
END_TEST

/* net/if_media.h, both: IFM_ETHER 0x20, IFM_IEEE80211 0x80, IFM_FDX
 * 0x100000; ifm_status IFM_AVALID 1, IFM_ACTIVE 2.  FreeBSD keeps a
 * subtype past 31 in IFM_ETH_XTYPE (0x7800, IFM_X(n): n's bits 5..8
 * shifted by 6), xnu in IFM_TMASK_EXT (0xf0000, shifted by 11). */
#define T_ETHER 0x20
#define T_FDX 0x100000
#define T_UP 3
#define T_FBSD_X(n) (((n) & 0x1f) | (((n) & 0x1e0) << 6))
#define T_XNU_X(n) (((n) & 0x1f) | (((n) & 0x1e0) << 11))

START_TEST(test_ifmedia)
{
	const enum np_ifmedia_form fb = NP_IFMEDIA_FREEBSD, xnu = NP_IFMEDIA_XNU;

	/* em(4): "Ethernet autoselect (1000baseT <full-duplex>)". */
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 16 | T_FDX), 1000);
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 16 | T_FDX), 1000);
	/* mlx5en(4) at 25GBase-SR (IFM_X(55)) with pause frames (0x600). */
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | T_FBSD_X(55) | T_FDX | 0x600),
			 25000);
	/* vtnet(4): 10Gbase-T, FreeBSD's 26. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 26 | T_FDX), 10000);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | T_FBSD_X(119)), 40000);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | T_FBSD_X(117)), 400000);
	/* A Mac's 10GbE: "autoselect (10GbaseT <full-duplex>)" is xnu's
	 * 21, which FreeBSD numbers 2500baseSX: the forms differ. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 21 | T_FDX), 10000);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 21 | T_FDX), 2500);
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 22 | T_FDX), 2500);  /* 2500baseT */
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 23 | T_FDX), 5000);  /* 5000baseT */
	/* xnu's extended subtypes, and FreeBSD's bits 16-18 (its mode) are
	 * no subtype of its own. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | T_XNU_X(32)), 2500);
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | T_XNU_X(47)), 100000);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | T_XNU_X(32)), -1);
	/* FreeBSD's extended bits are xnu's options: its 25GBase-SR word
	 * reads as xnu's 23, 5000baseT. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | T_FBSD_X(55)), 5000);
	/* FreeBSD's IFM_UNKNOWN (25) is xnu's 1000Base-KX. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 25), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 25), 1000);
	/* No speed: autoselect, none, other; the link down; not Ethernet;
	 * a driver that does not say the status is believed. */
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 2), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, T_ETHER | 31), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(xnu, T_UP, T_ETHER | 31), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, 1, T_ETHER | 16 | T_FDX), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, T_UP, 0x80 | 16), -1);
	ck_assert_int_eq(np_nic_ifmedia_mbps(fb, 0, T_ETHER | 6), 100);
	ck_assert_int_eq(np_nic_ifmedia_mbps((enum np_ifmedia_form)7, T_UP, T_ETHER | 16), -1);
	/* Every word: a speed of the tables or -1. */
	for (unsigned w = 0; w < 0x20000; w += 7) {
		int v = np_nic_ifmedia_mbps(fb, T_UP, (int)(w | T_ETHER));

		ck_assert(v == -1 || (v >= 1 && v <= 400000));
		v = np_nic_ifmedia_mbps(xnu, T_UP, (int)(w << 4 | T_ETHER));
		ck_assert(v == -1 || (v >= 1 && v <= 400000));
	}
}
END_TEST

START_TEST(test_baud)
{
	const uint64_t u32 = 0xffffffffu;

	ck_assert_int_eq(np_nic_baud_mbps(1000000000u, UINT64_MAX), 1000);
	ck_assert_int_eq(np_nic_baud_mbps(25000000000u, UINT64_MAX), 25000);
	ck_assert_int_eq(np_nic_baud_mbps(2500000000u, u32), 2500);
	ck_assert_int_eq(np_nic_baud_mbps(100000000u, u32), 100);
	/* macOS's 32 bits saturated past 4 Gb/s; nothing said; under 1 Mb/s. */
	ck_assert_int_eq(np_nic_baud_mbps(u32, u32), -1);
	ck_assert_int_eq(np_nic_baud_mbps(UINT64_MAX, UINT64_MAX), -1);
	ck_assert_int_eq(np_nic_baud_mbps(0, UINT64_MAX), -1);
	ck_assert_int_eq(np_nic_baud_mbps(1, UINT64_MAX), -1);
	ck_assert_int_eq(np_nic_baud_mbps(UINT64_MAX - 1, UINT64_MAX), -1);
}
END_TEST

/* FreeBSD's net/if.h: IFCAP_RXCSUM 0x1, IFCAP_TXCSUM 0x2, IFCAP_TSO4
 * 0x100, IFCAP_TSO6 0x200, IFCAP_LRO 0x400, IFCAP_RXCSUM_IPV6 0x200000,
 * IFCAP_TXCSUM_IPV6 0x400000; no GSO or GRO. */
START_TEST(test_ifcap)
{
	const int mask[NP_OFFLOADS] = {
		[NP_OFFLOAD_RX_CSUM] = 0x200001, [NP_OFFLOAD_TX_CSUM] = 0x400002,
		[NP_OFFLOAD_TSO] = 0x300,        [NP_OFFLOAD_LRO] = 0x400,
	};
	const unsigned four = BIT(NP_OFFLOAD_RX_CSUM) | BIT(NP_OFFLOAD_TX_CSUM) |
			      BIT(NP_OFFLOAD_TSO) | BIT(NP_OFFLOAD_LRO);
	unsigned known = 0, on = 0;

	/* vtnet0: options=4c079b<RXCSUM,TXCSUM,VLAN_MTU,VLAN_HWTAGGING,
	 * VLAN_HWCSUM,TSO4,TSO6,LRO,VLAN_HWTSO,LINKSTATE,TXCSUM_IPV6>. */
	np_nic_ifcap(0x4c079b, mask, &known, &on);
	ck_assert_uint_eq(known, four);
	ck_assert_uint_eq(on, four);
	/* em0: options=81009b<RXCSUM,TXCSUM,VLAN_MTU,VLAN_HWTAGGING,
	 * VLAN_HWCSUM,VLAN_HWFILTER,HWSTATS>: no TSO, no LRO. */
	known = on = 0;
	np_nic_ifcap(0x81009b, mask, &known, &on);
	ck_assert_uint_eq(known, four);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_RX_CSUM) | BIT(NP_OFFLOAD_TX_CSUM));
	/* lo0: options=680003<RXCSUM,TXCSUM,LINKSTATE,RXCSUM_IPV6,TXCSUM_IPV6>. */
	known = on = 0;
	np_nic_ifcap(0x680003, mask, &known, &on);
	ck_assert_uint_eq(on, BIT(NP_OFFLOAD_RX_CSUM) | BIT(NP_OFFLOAD_TX_CSUM));
	ck_assert_uint_eq(known & (BIT(NP_OFFLOAD_GSO) | BIT(NP_OFFLOAD_GRO)), 0);
}
END_TEST

/* FreeBSD's IFDATA_DRIVERNAME: "%s%d" of the driver and unit, or the
 * name alone, NUL included (if_mib.c). */
START_TEST(test_driver_unit)
{
	char out[NP_FACT_DRIVER_LEN], small[3];

	ck_assert(np_nic_driver_unit("em0", 4, out, sizeof(out)));
	ck_assert_str_eq(out, "em");
	ck_assert(np_nic_driver_unit("vtnet12", 8, out, sizeof(out)));
	ck_assert_str_eq(out, "vtnet");
	ck_assert(np_nic_driver_unit("lo0", 4, out, sizeof(out)));
	ck_assert_str_eq(out, "lo");
	ck_assert(np_nic_driver_unit("ix", 3, out, sizeof(out)));
	ck_assert_str_eq(out, "ix");
	ck_assert(np_nic_driver_unit("igb1XYZ", 4, out, sizeof(out)));
	ck_assert_str_eq(out, "igb");
	ck_assert(np_nic_driver_unit("em0\0junk", 9, out, sizeof(out)));
	ck_assert_str_eq(out, "em");
	ck_assert(np_nic_driver_unit("e\x01m0", 5, out, sizeof(out)));
	ck_assert_str_eq(out, "e?m");
	ck_assert(np_nic_driver_unit("mlxen0", 7, small, sizeof(small)));
	ck_assert_str_eq(small, "ml");
	ck_assert(!np_nic_driver_unit("0", 2, out, sizeof(out)));
	ck_assert_str_eq(out, "");
	ck_assert(!np_nic_driver_unit("", 1, out, sizeof(out)));
	ck_assert(!np_nic_driver_unit("em0", 4, out, 0));
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
	tcase_add_test(tc, test_model_text);
	suite_add_tcase(s, tc);

	tc = tcase_create("bsd");
	tcase_add_test(tc, test_rtm_space);
	tcase_add_test(tc, test_rtm_freebsd);
	tcase_add_test(tc, test_rtm_macos);
	tcase_add_test(tc, test_rtm_hostile);
	tcase_add_test(tc, test_ifmedia);
	tcase_add_test(tc, test_baud);
	tcase_add_test(tc, test_ifcap);
	tcase_add_test(tc, test_driver_unit);
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
