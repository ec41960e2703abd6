/*
 * facts_linux.c - the host facts backend for Linux (facts_be.h): the
 * route to the peer by rtnetlink (RTM_GETROUTE, as `ip route get` asks),
 * so that traffic to an address of this host's own is seen on the
 * loopback it really crosses; then the ethtool ioctls, which need no
 * privilege for reading: driver, link speed, features, channels (else
 * the queues in /sys); the CPU model in /proc/cpuinfo.  Built where the
 * C library lacks the kernel's headers (musl), it keeps /sys and /proc,
 * and facts.c finds the interface by getifaddrs.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_be.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

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

#include "base/sockfd.h"
#include "base/text.h"

/* The CPU model is in the first processor's lines. */
#define CPUINFO_BYTES 16384
/* The kernel answers a route query at once; this bounds the wait for it,
 * signals or not, so that netserver never waits on it unboundedly. */
#define ROUTE_WAIT_MS 1000

/* ---- The route ------------------------------------------------------------ */

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
	const uint8_t *dst = np_facts_addr(peer, &dlen), *src = np_facts_addr(local, &slen);
	int fd, oif = 0;
	ssize_t n;

	if (!dst)
		return 0;
	memset(&req, 0, sizeof(req));
	req.n.nlmsg_len = NLMSG_LENGTH(sizeof(struct rtmsg));
	req.n.nlmsg_type = RTM_GETROUTE;
	req.n.nlmsg_flags = NLM_F_REQUEST;
	req.n.nlmsg_seq = 1;
	req.r.rtm_family = (unsigned char)peer->sa_family;
	req.r.rtm_dst_len = (unsigned char)(dlen * 8);
	add_rta(&req.n, sizeof(req), RTA_DST, dst, dlen);
	if (src) {
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

int np_facts_be_route(const struct sockaddr *local, const struct sockaddr *peer)
{
#ifdef NP_RTNETLINK
	return route_ifindex(local, peer);
#else
	(void)local;
	(void)peer;
	return 0;
#endif
}

/* ---- The interface -------------------------------------------------------- */

#ifdef NP_ETHTOOL
static int ethtool(int fd, const char *name, void *cmd)
{
	struct ifreq ifr;

	np_facts_ifreq(&ifr, name);
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
	f->rx_queues = np_facts_count((long long)ch.rx_count + ch.combined_count, NP_FACT_MAX_QUEUES);
	f->tx_queues = np_facts_count((long long)ch.tx_count + ch.combined_count, NP_FACT_MAX_QUEUES);
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
	f->rx_queues = np_facts_count(rx, NP_FACT_MAX_QUEUES);
	f->tx_queues = np_facts_count(tx, NP_FACT_MAX_QUEUES);
}

void np_facts_be_interface(int fd, int index, const char name[IF_NAMESIZE],
			   struct np_host_facts *f)
{
	bool loopback = false;
	struct ifreq ifr;

	np_facts_ifreq(&ifr, name);
	if (fd >= 0 && ioctl(fd, SIOCGIFFLAGS, &ifr) == 0)
		loopback = (ifr.ifr_flags & IFF_LOOPBACK) != 0;
#ifdef NP_ETHTOOL
	if (fd >= 0) {
		read_driver(fd, name, loopback, f);
		read_speed(fd, name, f);
		if (!read_features(fd, name, f))
			read_offloads_legacy(fd, name, f);
		if (read_channels(fd, name, f))
			return;
	}
#else
	(void)loopback;
#endif
	read_sysfs_queues(name, index, f);
}

/* ---- The CPU -------------------------------------------------------------- */

void np_facts_be_cpu_model(char *out, size_t outlen)
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
	np_nic_cpu_model(buf, got, out, outlen);
	free(buf);
}


const char *np_facts_be_lacks(void)
{
	return NULL;
}
