/*
 * facts_bsd.c - the host facts backend for FreeBSD and macOS
 * (facts_be.h), by the ways both kernels share, from 4.4BSD:
 *   the route to the peer: an RTM_GET on a routing socket (PF_ROUTE), as
 *     `route -n get PEER` asks; its answer names the interface, the
 *     loopback for an address of the host's own, as on Linux;
 *   the link's speed: the media word (SIOCGIFXMEDIA, else SIOCGIFMEDIA),
 *     else the interface's baud rate in getifaddrs' if_data (which also
 *     has the MTU, should SIOCGIFMTU have failed);
 *   the offloads: the enabled capabilities (SIOCGIFCAP): checksums, TSO
 *     and LRO; GSO and GRO are Linux's names, unknown here;
 *   the CPU model: a sysctl.
 * What their kernels write or name differently (the sysctl's name, the
 * rounding of a routing message's sockaddrs, the media subtypes'
 * numbers, the driver's name) is facts_freebsd.c's or facts_darwin.c's
 * (facts_bsd.h); the parsing is pure, in facts_bsd_parse.c.  Queues,
 * firmware and bus stay unknown: neither system has a cheap, general way
 * to ask (FreeBSD's are per driver, under dev.DRIVER.UNIT).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_be.h"

#include <sys/types.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/sockio.h>
#include <sys/sysctl.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <net/if_dl.h>
#include <net/route.h>
#include <netinet/in.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sockfd.h"
#include "host/facts_bsd.h"
#include "host/facts_bsd_parse.h"

/* The kernel answers a route query at once; this bounds the wait for it,
 * and the messages read while others' notices go by. */
#define ROUTE_WAIT_S 1.0
#define ROUTE_READS 64

/* facts_bsd_parse.c reads the routing message by these numbers without
 * this system's headers: they must be this system's. */
_Static_assert(offsetof(struct rt_msghdr, rtm_msglen) == NP_RTM_MSGLEN_OFF, "rtm_msglen");
_Static_assert(offsetof(struct rt_msghdr, rtm_version) == NP_RTM_VERSION_OFF, "rtm_version");
_Static_assert(offsetof(struct rt_msghdr, rtm_type) == NP_RTM_TYPE_OFF, "rtm_type");
_Static_assert(offsetof(struct rt_msghdr, rtm_index) == NP_RTM_INDEX_OFF, "rtm_index");
_Static_assert(offsetof(struct rt_msghdr, rtm_addrs) == NP_RTM_ADDRS_OFF, "rtm_addrs");
_Static_assert(offsetof(struct rt_msghdr, rtm_pid) == NP_RTM_PID_OFF, "rtm_pid");
_Static_assert(offsetof(struct rt_msghdr, rtm_seq) == NP_RTM_SEQ_OFF, "rtm_seq");
_Static_assert(offsetof(struct rt_msghdr, rtm_errno) == NP_RTM_ERRNO_OFF, "rtm_errno");
_Static_assert(sizeof(pid_t) == 4 && sizeof(int) == 4, "rtm_pid and rtm_seq are 32 bits");
_Static_assert(RTM_VERSION == NP_RTM_VERSION && RTM_GET == NP_RTM_GET, "RTM_");
_Static_assert(RTA_DST == 1 << NP_RTAX_DST && RTA_IFP == 1 << NP_RTAX_IFP &&
		       RTAX_MAX == NP_RTAX_MAX, "RTA_");
_Static_assert(AF_LINK == NP_AF_LINK, "AF_LINK");
_Static_assert(offsetof(struct sockaddr_dl, sdl_index) == NP_SDL_INDEX_OFF, "sdl_index");

/* ---- The route ------------------------------------------------------------ */

/* peer as the kernel reads it in a routing message: sa_len set, no port. */
static size_t route_dst(const struct sockaddr *peer, struct sockaddr_storage *out)
{
	memset(out, 0, sizeof(*out));
	if (peer->sa_family == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)out;

		memcpy(sin, peer, sizeof(*sin));
		sin->sin_len = sizeof(*sin);
		sin->sin_port = 0;
		return sizeof(*sin);
	}
	if (peer->sa_family == AF_INET6) {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)out;

		memcpy(sin6, peer, sizeof(*sin6));
		sin6->sin6_len = sizeof(*sin6);
		sin6->sin6_port = 0;
		return sizeof(*sin6);
	}
	return 0;
}

/* Its answer: the kernel sends it to every routing socket of peer's
 * family, among other messages; ours is the one with our pid and seq. */
static int route_answer(int fd, const struct np_rtm_form *form, int32_t seq)
{
	union {
		struct rt_msghdr h;
		unsigned char b[2048];
	} ans;
	const double deadline = np_now() + ROUTE_WAIT_S;
	const int32_t pid = (int32_t)getpid();

	for (int reads = 0; reads < ROUTE_READS; reads++) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		const double left = deadline - np_now();
		ssize_t n;
		int index;

		if (left <= 0 || poll(&pfd, 1, (int)(left * 1000) + 1) != 1)
			return 0;
		n = recv(fd, ans.b, sizeof(ans.b), MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			return 0;
		index = np_nic_rtm_ifindex(form, ans.b, (size_t)n, pid, seq);
		if (index >= 0)
			return index;
	}
	return 0;
}

int np_facts_be_route(const struct sockaddr *local, const struct sockaddr *peer)
{
	const struct np_rtm_form form = { sizeof(struct rt_msghdr), np_bsd_form()->sa_align };
	union {
		struct rt_msghdr h;
		unsigned char b[sizeof(struct rt_msghdr) + 2 * sizeof(struct sockaddr_storage)];
	} req;
	struct sockaddr_storage dst;
	struct sockaddr_dl ifp;
	size_t dlen = route_dst(peer, &dst), off;
	int fd, index = 0;

	/* The kernel's route lookup takes no source address. */
	(void)local;
	if (dlen == 0)
		return 0;
	fd = np_socket(PF_ROUTE, SOCK_RAW, peer->sa_family, 0);
	if (fd < 0)
		return 0;
	/* RTA_IFP with an empty link address asks for the interface's, as
	 * route(8) does.  The descriptor is the sequence number: unique
	 * among this process's routing sockets open at once (threads). */
	memset(&req, 0, sizeof(req));
	memset(&ifp, 0, sizeof(ifp));
	ifp.sdl_len = sizeof(ifp);
	ifp.sdl_family = AF_LINK;
	off = form.hdrlen;
	memcpy(req.b + off, &dst, dlen);
	off += np_nic_rtm_space(&form, dlen);
	memcpy(req.b + off, &ifp, sizeof(ifp));
	off += np_nic_rtm_space(&form, sizeof(ifp));
	req.h.rtm_msglen = (u_short)off;
	req.h.rtm_version = RTM_VERSION;
	req.h.rtm_type = RTM_GET;
	req.h.rtm_addrs = RTA_DST | RTA_IFP;
	req.h.rtm_seq = fd;
	if (write(fd, req.b, off) == (ssize_t)off)
		index = route_answer(fd, &form, fd);
	close(fd);
	return index;
}

/* ---- The interface -------------------------------------------------------- */

static int media_mbps(int fd, const char name[IF_NAMESIZE])
{
	struct ifmediareq ifmr;

	_Static_assert(sizeof(ifmr.ifm_name) == IF_NAMESIZE, "ifm_name is IF_NAMESIZE");
	memset(&ifmr, 0, sizeof(ifmr));
	memcpy(ifmr.ifm_name, name, IF_NAMESIZE);
#ifdef SIOCGIFXMEDIA
	/* The extended subtypes (past 31), which SIOCGIFMEDIA says are
	 * IFM_OTHER on macOS. */
	if (ioctl(fd, SIOCGIFXMEDIA, &ifmr) == 0)
		return np_nic_ifmedia_mbps(np_bsd_form()->media, ifmr.ifm_status, ifmr.ifm_active);
#endif
	if (ioctl(fd, SIOCGIFMEDIA, &ifmr) == 0)
		return np_nic_ifmedia_mbps(np_bsd_form()->media, ifmr.ifm_status, ifmr.ifm_active);
	return -1;
}

/* The link's if_data in getifaddrs: its MTU, should SIOCGIFMTU have
 * failed, and its baud rate when the media word said no speed. */
static void read_if_data(const char name[IF_NAMESIZE], struct np_host_facts *f)
{
	struct ifaddrs *list, *i;

	if (getifaddrs(&list) < 0)
		return;
	for (i = list; i; i = i->ifa_next) {
		const struct if_data *d = i->ifa_data;
		uint64_t saturated;

		if (!d || !i->ifa_addr || i->ifa_addr->sa_family != AF_LINK ||
		    strncmp(i->ifa_name, name, IF_NAMESIZE) != 0)
			continue;
		if (f->mtu < 0)
			f->mtu = np_facts_count(d->ifi_mtu, NP_FACT_MAX_MTU);
		saturated = sizeof(d->ifi_baudrate) >= sizeof(uint64_t)
				    ? UINT64_MAX
				    : ((uint64_t)1 << (8 * sizeof(d->ifi_baudrate))) - 1;
		if (f->speed_mbps < 0)
			f->speed_mbps = np_nic_baud_mbps(d->ifi_baudrate, saturated);
		break;
	}
	freeifaddrs(list);
}

static void read_caps(int fd, const char name[IF_NAMESIZE], struct np_host_facts *f)
{
	/* The system's capability bits for each offload; 0: it has none. */
	int mask[NP_OFFLOADS] = { 0 };
	struct ifreq ifr;

	mask[NP_OFFLOAD_RX_CSUM] = IFCAP_RXCSUM;
	mask[NP_OFFLOAD_TX_CSUM] = IFCAP_TXCSUM;
#ifdef IFCAP_RXCSUM_IPV6
	mask[NP_OFFLOAD_RX_CSUM] |= IFCAP_RXCSUM_IPV6;
	mask[NP_OFFLOAD_TX_CSUM] |= IFCAP_TXCSUM_IPV6;
#endif
	mask[NP_OFFLOAD_TSO] = IFCAP_TSO4 | IFCAP_TSO6;
	mask[NP_OFFLOAD_LRO] = IFCAP_LRO;
	np_facts_ifreq(&ifr, name);
	if (ioctl(fd, SIOCGIFCAP, &ifr) == 0)
		np_nic_ifcap(ifr.ifr_curcap, mask, &f->offload_known, &f->offload_on);
}

void np_facts_be_interface(int fd, int index, const char name[IF_NAMESIZE],
			   struct np_host_facts *f)
{
	np_bsd_driver(index, f->driver, sizeof(f->driver));
	if (fd >= 0) {
		f->speed_mbps = media_mbps(fd, name);
		read_caps(fd, name, f);
	}
	read_if_data(name, f);
}

/* ---- The CPU -------------------------------------------------------------- */

void np_facts_be_cpu_model(char *out, size_t outlen)
{
	char buf[256];
	size_t len = sizeof(buf);
	const char *nul;

	/* A model longer than buf comes cut, with ENOMEM: enough. */
	if (sysctlbyname(np_bsd_form()->cpu_sysctl, buf, &len, NULL, 0) < 0 && errno != ENOMEM)
		len = 0;
	if (len > sizeof(buf))
		len = sizeof(buf);
	nul = memchr(buf, 0, len);
	np_nic_model_text(buf, nul ? (size_t)(nul - buf) : len, out, outlen);
}
