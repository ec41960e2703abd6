/*
 * facts.c - what a run ran on: the interface that carries its data (the
 * route, the driver, offloads), and the host around it (kernel, CPU model).
 *
 * Which interface: the one the kernel's route to the peer leaves by
 * (rtnetlink RTM_GETROUTE, as `ip route get` asks), so that traffic to an
 * address of this host's own is seen on the loopback it really crosses;
 * without rtnetlink, the interface holding the local address
 * (getifaddrs).  Then the ethtool ioctls, which need no privilege for
 * reading: driver, link speed, features, channels.  Each step that fails
 * leaves its fields unknown and the others go on.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifdef HAVE_IFADDRS_H
#include <ifaddrs.h>
#endif
#if defined(HAVE_LINUX_ETHTOOL_H) && defined(HAVE_LINUX_SOCKIOS_H)
#include <linux/ethtool.h>
#include <linux/sockios.h>
#define NP_ETHTOOL 1
#endif
#if defined(HAVE_LINUX_RTNETLINK_H)
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#define NP_RTNETLINK 1
#endif

#include "base/sock.h"
#include "base/sockfd.h"
#include "base/text.h"
#include "host/cpu.h"

/* The CPU model is in the first processor's lines. */
#define CPUINFO_BYTES 16384
/* The kernel answers a route query at once; this bounds the wait for it,
 * signals or not, so that netserver never waits on it unboundedly. */
#define ROUTE_WAIT_MS 1000

/* ---- Pure parts -------------------------------------------------------- */

static bool printable(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
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
			size_t o = 0;

			if (!eol)
				eol = end;
			v = value_of(p, eol, model_keys[k]);
			p = eol + 1;
			if (!v)
				continue;
			/* Squeezed: old models pad their brand string. */
			for (; v < eol && o + 1 < outlen; v++) {
				char c = blank(*v) ? ' ' : *v;

				if (c == ' ' && (o == 0 || out[o - 1] == ' '))
					continue;
				out[o++] = printable((unsigned char)c) ? c : '?';
			}
			while (o > 0 && out[o - 1] == ' ')
				o--;
			out[o] = '\0';
			if (o > 0)
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

/* A count from the system, -1 outside 1..max. */
static int bounded(long long v, long long max)
{
	return v >= 1 && v <= max ? (int)v : -1;
}

/* ---- The host ---------------------------------------------------------- */

static void read_cpu_model(struct np_host_facts *f)
{
	char *buf = malloc(CPUINFO_BYTES);
	size_t got = 0;
	int fd;

	if (!buf)
		return;
	fd = open("/proc/cpuinfo", O_RDONLY | O_CLOEXEC);
	while (fd >= 0 && got < CPUINFO_BYTES) {
		ssize_t n = read(fd, buf + got, CPUINFO_BYTES - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (fd >= 0)
		close(fd);
	np_nic_cpu_model(buf, got, f->cpu_model, sizeof(f->cpu_model));
	free(buf);
}

static void read_host(struct np_host_facts *f)
{
	struct utsname un;

	if (uname(&un) == 0) {
		np_text_clean(f->sysname, sizeof(f->sysname), un.sysname, sizeof(un.sysname));
		np_text_clean(f->release, sizeof(f->release), un.release, sizeof(un.release));
		np_text_clean(f->version, sizeof(f->version), un.version, sizeof(un.version));
		np_text_clean(f->machine, sizeof(f->machine), un.machine, sizeof(un.machine));
	}
	f->cpu_count = bounded(np_cpu_count(), NP_FACT_MAX_CPUS);
	read_cpu_model(f);
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

/* The address bytes of an IPv4 or IPv6 socket address, NULL otherwise. */
static const uint8_t *addr_bytes(const struct sockaddr *sa, size_t *len)
{
	if (sa && sa->sa_family == AF_INET) {
		*len = 4;
		return (const uint8_t *)&((const struct sockaddr_in *)sa)->sin_addr;
	}
	if (sa && sa->sa_family == AF_INET6) {
		*len = 16;
		return ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
	}
	return NULL;
}

static bool is_wildcard(const uint8_t *a, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (a[i])
			return false;
	return true;
}

#ifdef NP_RTNETLINK
static void add_rta(struct nlmsghdr *n, size_t room, unsigned short type, const void *data,
		    size_t len)
{
	struct rtattr *rta = (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));

	if (NLMSG_ALIGN(n->nlmsg_len) + RTA_SPACE(len) > room)
		return;
	rta->rta_type = type;
	rta->rta_len = (unsigned short)RTA_LENGTH(len);
	memcpy(RTA_DATA(rta), data, len);
	n->nlmsg_len = (uint32_t)(NLMSG_ALIGN(n->nlmsg_len) + RTA_SPACE(len));
}

/* The output interface in the kernel's answer to an RTM_GETROUTE (one
 * RTM_NEWROUTE message), 0 if none.  Taken apart by offsets with every
 * length checked, not with the NLMSG_ and RTA_ macros, which compare
 * signed with unsigned. */
static int route_oif(const char *buf, size_t len)
{
	const size_t first = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(struct rtmsg));
	struct nlmsghdr nh;
	struct rtattr rta;
	size_t off;
	int oif;

	if (len < sizeof(nh))
		return 0;
	memcpy(&nh, buf, sizeof(nh));
	if (nh.nlmsg_type != RTM_NEWROUTE || nh.nlmsg_len > len || nh.nlmsg_len < first)
		return 0;
	for (off = first; off + sizeof(rta) <= nh.nlmsg_len; off += RTA_ALIGN(rta.rta_len)) {
		memcpy(&rta, buf + off, sizeof(rta));
		if (rta.rta_len < sizeof(rta) || rta.rta_len > nh.nlmsg_len - off)
			return 0;
		if (rta.rta_type != RTA_OIF || rta.rta_len < RTA_LENGTH(sizeof(oif)))
			continue;
		memcpy(&oif, buf + off + RTA_LENGTH(0), sizeof(oif));
		return oif > 0 ? oif : 0;
	}
	return 0;
}

/* `ip route get PEER [from LOCAL]`: the interface index, 0 if unknown. */
static int route_ifindex(const struct sockaddr *local, const struct sockaddr *peer)
{
	struct {
		struct nlmsghdr n;
		struct rtmsg r;
		char attrs[64];
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct pollfd pfd = { .events = POLLIN };
	union {
		struct nlmsghdr align;
		char buf[4096];
	} ans;
	size_t dlen, slen = 0;
	const uint8_t *dst = addr_bytes(peer, &dlen), *src = addr_bytes(local, &slen);
	int fd, oif = 0;
	ssize_t n;

	if (!dst || is_wildcard(dst, dlen))
		return 0;
	memset(&req, 0, sizeof(req));
	req.n.nlmsg_len = NLMSG_LENGTH(sizeof(struct rtmsg));
	req.n.nlmsg_type = RTM_GETROUTE;
	req.n.nlmsg_flags = NLM_F_REQUEST;
	req.n.nlmsg_seq = 1;
	req.r.rtm_family = (unsigned char)peer->sa_family;
	req.r.rtm_dst_len = (unsigned char)(dlen * 8);
	add_rta(&req.n, sizeof(req), RTA_DST, dst, dlen);
	if (src && local->sa_family == peer->sa_family && !is_wildcard(src, slen)) {
		req.r.rtm_src_len = (unsigned char)(slen * 8);
		add_rta(&req.n, sizeof(req), RTA_SRC, src, slen);
	}
	fd = np_socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE, 0);
	if (fd < 0)
		return 0;
	pfd.fd = fd;
	/* One poll, then a recv that cannot block: the wait is ROUTE_WAIT_MS
	 * at most whatever happens (a signal ends it early: no answer). */
	if (sendto(fd, &req, req.n.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel)) ==
		    (ssize_t)req.n.nlmsg_len &&
	    poll(&pfd, 1, ROUTE_WAIT_MS) == 1 &&
	    (n = recv(fd, ans.buf, sizeof(ans.buf), MSG_DONTWAIT)) > 0)
		oif = route_oif(ans.buf, (size_t)n);
	close(fd);
	return oif;
}
#endif

/* The interface that holds address a (getifaddrs); 0 if none. */
static int holder_ifindex(const struct sockaddr *a)
{
#ifdef HAVE_GETIFADDRS
	struct ifaddrs *list, *i;
	size_t len, ilen;
	const uint8_t *want = addr_bytes(a, &len);
	int index = 0;

	if (!want || is_wildcard(want, len) || getifaddrs(&list) < 0)
		return 0;
	for (i = list; i && !index; i = i->ifa_next) {
		const uint8_t *have = addr_bytes(i->ifa_addr, &ilen);

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

	local = unmapped(local, &l4);
	peer = unmapped(peer, &p4);
	/* A link-local peer names its interface itself. */
	if (peer && peer->sa_family == AF_INET6)
		index = (int)((const struct sockaddr_in6 *)peer)->sin6_scope_id;
#ifdef NP_RTNETLINK
	if (index <= 0)
		index = route_ifindex(local, peer);
#endif
	if (index <= 0)
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

/* name as if_indextoname gives it: terminated within IF_NAMESIZE. */
static void ifreq_for(struct ifreq *ifr, const char name[IF_NAMESIZE])
{
	_Static_assert(sizeof(ifr->ifr_name) == IF_NAMESIZE, "ifr_name is IF_NAMESIZE");
	memset(ifr, 0, sizeof(*ifr));
	memcpy(ifr->ifr_name, name, IF_NAMESIZE);
}

#ifdef NP_ETHTOOL
static int ethtool(int fd, const char *name, void *cmd)
{
	struct ifreq ifr;

	ifreq_for(&ifr, name);
	ifr.ifr_data = cmd;
	return ioctl(fd, SIOCETHTOOL, &ifr);
}

static void read_driver(int fd, const char *name, bool loopback, struct np_host_facts *f)
{
	struct ethtool_drvinfo d;

	memset(&d, 0, sizeof(d));
	d.cmd = ETHTOOL_GDRVINFO;
	if (ethtool(fd, name, &d) == 0) {
		np_text_clean(f->driver, sizeof(f->driver), d.driver, sizeof(d.driver));
		np_text_clean(f->driver_version, sizeof(f->driver_version), d.version,
			    sizeof(d.version));
		np_text_clean(f->firmware, sizeof(f->firmware), d.fw_version, sizeof(d.fw_version));
		np_text_clean(f->bus, sizeof(f->bus), d.bus_info, sizeof(d.bus_info));
	}
	/* Linux's loopback has no driver information; its driver is
	 * drivers/net/loopback.c. */
	if (!f->driver[0] && loopback)
		snprintf(f->driver, sizeof(f->driver), "loopback");
}

static int speed_of(uint32_t mbps)
{
	/* SPEED_UNKNOWN is (u32)-1; 0 is no better. */
	return mbps == 0 || mbps > NP_FACT_MAX_SPEED ? -1 : (int)mbps;
}

static void read_speed(int fd, const char *name, struct np_host_facts *f)
{
#ifdef ETHTOOL_GLINKSETTINGS
	/* Room for the largest mask count the kernel can ask for (an s8). */
	uint32_t buf[(sizeof(struct ethtool_link_settings) + 3 * 127 * sizeof(uint32_t)) /
		     sizeof(uint32_t) + 1];
	struct ethtool_link_settings *ls = (struct ethtool_link_settings *)buf;

	/* The handshake: asked with no masks, the kernel says how many. */
	memset(buf, 0, sizeof(buf));
	ls->cmd = ETHTOOL_GLINKSETTINGS;
	if (ethtool(fd, name, ls) == 0 && ls->link_mode_masks_nwords < 0) {
		const int8_t words = (int8_t)-ls->link_mode_masks_nwords;

		memset(buf, 0, sizeof(buf));
		ls->cmd = ETHTOOL_GLINKSETTINGS;
		ls->link_mode_masks_nwords = words;
		if (ethtool(fd, name, ls) == 0) {
			f->speed_mbps = speed_of(ls->speed);
			return;
		}
	}
#endif
	{
		struct ethtool_cmd c;

		memset(&c, 0, sizeof(c));
		c.cmd = ETHTOOL_GSET;
		if (ethtool(fd, name, &c) == 0)
			f->speed_mbps = speed_of((uint32_t)c.speed | (uint32_t)c.speed_hi << 16);
	}
}

/* The features by name (ETHTOOL_GFEATURES); false if the kernel has no
 * such interface, then the legacy per-offload calls answer. */
static bool read_features(int fd, const char *name, struct np_host_facts *f)
{
	/* The header and the one count asked for; a buffer, since the
	 * struct ends in a flexible array. */
	uint64_t ssbuf[(sizeof(struct ethtool_sset_info) + sizeof(uint32_t)) / sizeof(uint64_t) + 1];
	struct ethtool_sset_info *ss = (struct ethtool_sset_info *)ssbuf;
	struct ethtool_gstrings *names = NULL;
	struct ethtool_gfeatures *feats = NULL;
	uint32_t n, blocks;
	bool ok = false;

	memset(ssbuf, 0, sizeof(ssbuf));
	ss->cmd = ETHTOOL_GSSET_INFO;
	ss->sset_mask = 1ull << ETH_SS_FEATURES;
	if (ethtool(fd, name, ss) < 0 || !(ss->sset_mask & (1ull << ETH_SS_FEATURES)))
		return false;
	n = ss->data[0];
	if (n == 0 || n > 4096)
		return false;
	blocks = (n + 31) / 32;
	names = calloc(1, sizeof(*names) + (size_t)n * ETH_GSTRING_LEN);
	feats = calloc(1, sizeof(*feats) + blocks * sizeof(feats->features[0]));
	if (!names || !feats)
		goto out;
	names->cmd = ETHTOOL_GSTRINGS;
	names->string_set = ETH_SS_FEATURES;
	names->len = n;
	feats->cmd = ETHTOOL_GFEATURES;
	feats->size = blocks;
	if (ethtool(fd, name, names) < 0 || ethtool(fd, name, feats) < 0 || names->len != n)
		goto out;
	for (uint32_t i = 0; i < n; i++) {
		char fname[ETH_GSTRING_LEN + 1];

		memcpy(fname, names->data + (size_t)i * ETH_GSTRING_LEN, ETH_GSTRING_LEN);
		fname[ETH_GSTRING_LEN] = '\0';
		np_nic_feature(fname, (feats->features[i / 32].active >> (i % 32)) & 1,
			       &f->offload_known, &f->offload_on);
	}
	ok = true;
out:
	free(names);
	free(feats);
	return ok;
}

/* Kernels without ETHTOOL_GFEATURES: one call per offload. */
static void read_offloads_legacy(int fd, const char *name, struct np_host_facts *f)
{
	static const struct {
		uint32_t cmd;
		enum np_offload offload;
	} calls[] = {
		{ ETHTOOL_GRXCSUM, NP_OFFLOAD_RX_CSUM }, { ETHTOOL_GTXCSUM, NP_OFFLOAD_TX_CSUM },
		{ ETHTOOL_GTSO, NP_OFFLOAD_TSO },       { ETHTOOL_GGSO, NP_OFFLOAD_GSO },
		{ ETHTOOL_GGRO, NP_OFFLOAD_GRO },       { ETHTOOL_GFLAGS, NP_OFFLOAD_LRO },
	};

	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		struct ethtool_value v = { .cmd = calls[i].cmd, .data = 0 };
		bool on;

		if (ethtool(fd, name, &v) < 0)
			continue;
		on = calls[i].cmd == ETHTOOL_GFLAGS ? (v.data & ETH_FLAG_LRO) != 0 : v.data != 0;
		f->offload_known |= 1u << calls[i].offload;
		if (on)
			f->offload_on |= 1u << calls[i].offload;
	}
}

static bool read_channels(int fd, const char *name, struct np_host_facts *f)
{
	struct ethtool_channels ch;

	memset(&ch, 0, sizeof(ch));
	ch.cmd = ETHTOOL_GCHANNELS;
	if (ethtool(fd, name, &ch) < 0)
		return false;
	f->rx_queues = bounded((long long)ch.rx_count + ch.combined_count, NP_FACT_MAX_QUEUES);
	f->tx_queues = bounded((long long)ch.tx_count + ch.combined_count, NP_FACT_MAX_QUEUES);
	return f->rx_queues > 0 || f->tx_queues > 0;
}
#endif

/* /sys/class/net/IF/queues: rx-N and tx-N, when that directory is this
 * network namespace's (its ifindex is ours). */
static void read_sysfs_queues(const char *name, int index, struct np_host_facts *f)
{
	char path[96], line[32];
	long long rx = 0, tx = 0;
	struct dirent *e;
	FILE *in;
	DIR *d;

	snprintf(path, sizeof(path), "/sys/class/net/%s/ifindex", name);
	in = fopen(path, "re");
	if (!in)
		return;
	if (!fgets(line, sizeof(line), in) || atoi(line) != index) {
		fclose(in);
		return;
	}
	fclose(in);
	snprintf(path, sizeof(path), "/sys/class/net/%s/queues", name);
	d = opendir(path);
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "rx-", 3) == 0)
			rx++;
		else if (strncmp(e->d_name, "tx-", 3) == 0)
			tx++;
	}
	closedir(d);
	f->rx_queues = bounded(rx, NP_FACT_MAX_QUEUES);
	f->tx_queues = bounded(tx, NP_FACT_MAX_QUEUES);
}

static void read_interface(int index, struct np_host_facts *f)
{
	char name[IF_NAMESIZE] = { 0 };
	bool loopback = false;
	struct ifreq ifr;
	int fd;

	if (!if_indextoname((unsigned)index, name))
		return;
	np_text_clean(f->ifname, sizeof(f->ifname), name, sizeof(name));
	fd = ioctl_socket();
	if (fd < 0)
		return;
#ifdef SIOCGIFMTU
	ifreq_for(&ifr, name);
	if (ioctl(fd, SIOCGIFMTU, &ifr) == 0)
		f->mtu = bounded(ifr.ifr_mtu, NP_FACT_MAX_MTU);
#endif
	ifreq_for(&ifr, name);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0)
		loopback = (ifr.ifr_flags & IFF_LOOPBACK) != 0;
#ifdef NP_ETHTOOL
	read_driver(fd, name, loopback, f);
	read_speed(fd, name, f);
	if (!read_features(fd, name, f))
		read_offloads_legacy(fd, name, f);
	if (!read_channels(fd, name, f))
		read_sysfs_queues(name, index, f);
#else
	(void)loopback;
	read_sysfs_queues(name, index, f);
#endif
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
