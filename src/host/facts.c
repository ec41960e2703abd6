/*
 * facts.c - what a run ran on: the interface that carries its data, and
 * the host around it (kernel, CPUs, CPU model).  This part is the same on
 * every system: uname, which interface (a link-local peer's scope, else
 * the backend's route to the peer, else the interface that holds the
 * local address, by getifaddrs), its name and MTU, and the parsing of the
 * systems' text; the rest is the backend's (facts_be.h): Linux's
 * rtnetlink and ethtool, the BSDs' PF_ROUTE and SIOCGIFMEDIA.  Each step
 * that fails leaves its fields unknown and the others go on.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts.h"

#include <net/if.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifdef HAVE_IFADDRS_H
#include <ifaddrs.h>
#endif

#include "base/sock.h"
#include "base/sockfd.h"
#include "base/text.h"
#include "host/cpu.h"
#include "host/facts_be.h"

/* ---- Pure parts -------------------------------------------------------- */

static bool printable(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

bool np_nic_model_text(const char *v, size_t len, char *out, size_t outlen)
{
	size_t o = 0;

	if (outlen == 0)
		return false;
	/* Squeezed: old models pad their brand string. */
	for (size_t i = 0; i < len && o + 1 < outlen; i++) {
		char c = blank(v[i]) ? ' ' : v[i];

		if (c == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = printable((unsigned char)c) ? c : '?';
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	memset(out + o, 0, outlen - o);
	return o > 0;
}

/* The keys that name a CPU model, in order of preference. */
static const char *const model_keys[] = { "model name", "Processor", "cpu model", "cpu" };

/* The value of line [p, end) when its key is key: "key<blanks>: value". */
static const char *value_of(const char *p, const char *end, const char *key)
{
	const size_t k = strlen(key);

	if ((size_t)(end - p) <= k || memcmp(p, key, k) != 0)
		return NULL;
	p += k;
	while (p < end && blank(*p))
		p++;
	return p < end && *p == ':' ? p + 1 : NULL;
}

bool np_nic_cpu_model(const char *text, size_t len, char *out, size_t outlen)
{
	const char *end = text + len;

	if (outlen == 0)
		return false;
	out[0] = '\0';
	for (size_t k = 0; k < sizeof(model_keys) / sizeof(model_keys[0]); k++) {
		for (const char *p = text; p < end;) {
			const char *eol = memchr(p, '\n', (size_t)(end - p));
			const char *v;

			if (!eol)
				eol = end;
			v = value_of(p, eol, model_keys[k]);
			p = eol + 1;
			if (v && np_nic_model_text(v, (size_t)(eol - v), out, outlen))
				return true;
		}
	}
	return false;
}

/* The kernel's feature names and the offload each counts for; ethtool -k
 * shows tx-checksumming and TSO on when any of theirs is. */
static const struct {
	const char *name;
	enum np_offload offload;
} feature_map[] = {
	{ "rx-checksum", NP_OFFLOAD_RX_CSUM },
	{ "tx-checksum-ipv4", NP_OFFLOAD_TX_CSUM },
	{ "tx-checksum-ip-generic", NP_OFFLOAD_TX_CSUM },
	{ "tx-checksum-ipv6", NP_OFFLOAD_TX_CSUM },
	{ "tx-checksum-fcoe-crc", NP_OFFLOAD_TX_CSUM },
	{ "tx-checksum-sctp", NP_OFFLOAD_TX_CSUM },
	{ "tx-tcp-segmentation", NP_OFFLOAD_TSO },
	{ "tx-tcp-ecn-segmentation", NP_OFFLOAD_TSO },
	{ "tx-tcp-mangleid-segmentation", NP_OFFLOAD_TSO },
	{ "tx-tcp6-segmentation", NP_OFFLOAD_TSO },
	{ "tx-generic-segmentation", NP_OFFLOAD_GSO },
	{ "rx-gro", NP_OFFLOAD_GRO },
	{ "rx-lro", NP_OFFLOAD_LRO },
};

void np_nic_feature(const char *name, bool active, unsigned *known, unsigned *on)
{
	for (size_t i = 0; i < sizeof(feature_map) / sizeof(feature_map[0]); i++) {
		if (strcmp(name, feature_map[i].name) != 0)
			continue;
		*known |= 1u << feature_map[i].offload;
		if (active)
			*on |= 1u << feature_map[i].offload;
		return;
	}
}

const char *np_nic_offload_name(enum np_offload o)
{
	static const char *const names[NP_OFFLOADS] = { "rx-csum", "tx-csum", "tso",
							"gso", "gro", "lro" };

	return (unsigned)o < NP_OFFLOADS ? names[o] : "?";
}

void np_host_facts_unknown(struct np_host_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->mtu = f->speed_mbps = f->rx_queues = f->tx_queues = f->cpu_count = -1;
}

const char *np_host_facts_lacks(void)
{
	return np_facts_be_lacks();
}

/* ---- The host ---------------------------------------------------------- */

static void read_host(struct np_host_facts *f)
{
	struct utsname un;

	if (uname(&un) == 0) {
		np_text_clean(f->sysname, sizeof(f->sysname), un.sysname, sizeof(un.sysname));
		np_text_clean(f->release, sizeof(f->release), un.release, sizeof(un.release));
		np_text_clean(f->version, sizeof(f->version), un.version, sizeof(un.version));
		np_text_clean(f->machine, sizeof(f->machine), un.machine, sizeof(un.machine));
	}
	f->cpu_count = np_facts_count(np_cpu_count(), NP_FACT_MAX_CPUS);
	np_facts_be_cpu_model(f->cpu_model, sizeof(f->cpu_model));
	snprintf(f->ng_version, sizeof(f->ng_version), "%s", PACKAGE_VERSION);
}

/* ---- Which interface ----------------------------------------------------- */

/* An IPv4-mapped IPv6 address as the IPv4 one, in out; NULL stays NULL. */
static const struct sockaddr *unmapped(const struct sockaddr *sa, struct sockaddr_storage *out)
{
	if (!sa || (sa->sa_family != AF_INET && sa->sa_family != AF_INET6))
		return NULL;
	memset(out, 0, sizeof(*out));
	memcpy(out, sa, sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
						  : sizeof(struct sockaddr_in));
	np_addr_unmap((struct sockaddr *)out);
	return (const struct sockaddr *)out;
}

static bool is_wildcard(const uint8_t *a, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (a[i])
			return false;
	return true;
}

/* a, when it is an address of its own (IPv4 or IPv6, not a wildcard). */
static const struct sockaddr *specific(const struct sockaddr *a)
{
	size_t len;
	const uint8_t *bytes = np_facts_addr(a, &len);

	return bytes && !is_wildcard(bytes, len) ? a : NULL;
}

/* The interface that holds address a (getifaddrs); 0 if none. */
static int holder_ifindex(const struct sockaddr *a)
{
#ifdef HAVE_GETIFADDRS
	struct ifaddrs *list, *i;
	size_t len, ilen;
	const uint8_t *want = np_facts_addr(a, &len);
	int index = 0;

	if (!want || getifaddrs(&list) < 0)
		return 0;
	for (i = list; i && !index; i = i->ifa_next) {
		const uint8_t *have = np_facts_addr(i->ifa_addr, &ilen);

		if (have && ilen == len && memcmp(have, want, len) == 0)
			index = (int)if_nametoindex(i->ifa_name);
	}
	freeifaddrs(list);
	return index;
#else
	(void)a;
	return 0;
#endif
}

static int carrier_ifindex(const struct sockaddr *local, const struct sockaddr *peer)
{
	struct sockaddr_storage l4, p4;
	int index = 0;

	local = specific(unmapped(local, &l4));
	peer = specific(unmapped(peer, &p4));
	/* A link-local peer names its interface itself. */
	if (peer && peer->sa_family == AF_INET6)
		index = (int)((const struct sockaddr_in6 *)peer)->sin6_scope_id;
	if (index <= 0 && peer)
		index = np_facts_be_route(local && local->sa_family == peer->sa_family ? local : NULL,
					  peer);
	if (index <= 0 && local)
		index = holder_ifindex(local);
	return index > 0 ? index : 0;
}

/* ---- What the interface is ---------------------------------------------- */

/* A socket to ask the kernel about interfaces; any family will do. */
static int ioctl_socket(void)
{
	static const int families[] = { AF_INET, AF_INET6, AF_UNIX };

	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		int fd = np_socket(families[i], SOCK_DGRAM, 0, 0);

		if (fd >= 0)
			return fd;
	}
	return -1;
}

static void read_interface(int index, struct np_host_facts *f)
{
	char name[IF_NAMESIZE] = { 0 };
	int fd;

	if (!if_indextoname((unsigned)index, name))
		return;
	np_text_clean(f->ifname, sizeof(f->ifname), name, sizeof(name));
	fd = ioctl_socket();
#ifdef SIOCGIFMTU
	if (fd >= 0) {
		struct ifreq ifr;

		np_facts_ifreq(&ifr, name);
		if (ioctl(fd, SIOCGIFMTU, &ifr) == 0)
			f->mtu = np_facts_count(ifr.ifr_mtu, NP_FACT_MAX_MTU);
	}
#endif
	np_facts_be_interface(fd, index, name, f);
	if (fd >= 0)
		close(fd);
}

void np_host_facts_read(const struct sockaddr *local, const struct sockaddr *peer,
			struct np_host_facts *f)
{
	int index;

	np_host_facts_unknown(f);
	f->known = true;
	read_host(f);
	index = carrier_ifindex(local, peer);
	if (index > 0)
		read_interface(index, f);
}

void np_host_facts_socket(int fd, const struct sockaddr *peer, struct np_host_facts *f)
{
	struct sockaddr_storage local, remote;
	socklen_t llen = sizeof(local), rlen = sizeof(remote);
	bool have_local = fd >= 0 && getsockname(fd, (struct sockaddr *)&local, &llen) == 0;

	if (fd >= 0 && getpeername(fd, (struct sockaddr *)&remote, &rlen) == 0)
		peer = (const struct sockaddr *)&remote;
	np_host_facts_read(have_local ? (const struct sockaddr *)&local : NULL, peer, f);
}
