/*
 * mmsg.c - batched and segmented UDP (mmsg.h): the message vectors, the
 * UDP_SEGMENT/UDP_GRO socket options, the count of datagrams in a
 * coalesced receive, and the checks of the kernel's limits.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/mmsg.h"

#include <netinet/in.h>
#include <netinet/udp.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "base/sockfd.h"
#include "run/test.h"

#ifndef SOL_UDP
#define SOL_UDP IPPROTO_UDP
#endif

void np_mmsg_init(struct np_mmsg *m, void *buf, size_t len, unsigned n,
		  union np_mmsg_ctl *ctl)
{
	if (n < 1)
		n = 1;
	if (n > NP_MMSG_MAX)
		n = NP_MMSG_MAX;
	m->n = n;
	m->iov.iov_base = buf;
	m->iov.iov_len = len;
	m->ctl = ctl;
	memset(m->hdr, 0, sizeof(m->hdr[0]) * n);
	/* The kernel copies the iovec in and never writes it back: one
	 * serves every entry. */
	for (unsigned i = 0; i < n; i++) {
		m->hdr[i].msg_hdr.msg_iov = &m->iov;
		m->hdr[i].msg_hdr.msg_iovlen = 1;
		if (ctl) {
			m->hdr[i].msg_hdr.msg_control = ctl[i].buf;
			m->hdr[i].msg_hdr.msg_controllen = sizeof(ctl[i].buf);
		}
	}
}

uint64_t np_mmsg_datagrams(const struct msghdr *h, size_t len)
{
#if HAVE_DECL_UDP_GRO
	for (const struct cmsghdr *c = CMSG_FIRSTHDR(h); c; c = CMSG_NXTHDR((struct msghdr *)h, (struct cmsghdr *)c)) {
		int seg;

		if (c->cmsg_level != SOL_UDP || c->cmsg_type != UDP_GRO ||
		    c->cmsg_len < CMSG_LEN(sizeof(seg)))
			continue;
		memcpy(&seg, CMSG_DATA(c), sizeof(seg));
		return np_mmsg_segments(len, seg > 0 ? (uint64_t)seg : 0);
	}
#else
	(void)h;
	(void)len;
#endif
	return 1;
}

int np_gso_set(int fd, int size)
{
#ifdef NP_SELFTEST
	/* The test suite's own build can play a kernel without UDP_SEGMENT,
	 * so that tests/batch.test sees that error on every machine. */
	if (getenv("NP_SELFTEST_NO_UDP_SEGMENT")) {
		errno = ENOPROTOOPT;
		return -1;
	}
#endif
#if HAVE_DECL_UDP_SEGMENT
	return setsockopt(fd, SOL_UDP, UDP_SEGMENT, &size, sizeof(size));
#else
	(void)fd;
	(void)size;
	errno = ENOPROTOOPT;
	return -1;
#endif
}

int np_gro_set(int fd)
{
#if HAVE_DECL_UDP_GRO
	const int on = 1;

	return setsockopt(fd, SOL_UDP, UDP_GRO, &on, sizeof(on));
#else
	(void)fd;
	errno = ENOPROTOOPT;
	return -1;
#endif
}

/*
 * UDP_MAX_SEGMENTS is the kernel's own (include/linux/udp.h, not a user
 * header), and it changed (64, then 128).  So ask the kernel: one-byte
 * segments, 2^k + 1 of them in one send from a socket connected to
 * another of ours on the loopback, until it says EINVAL.  A few hundred
 * tiny datagrams, once, before the test.
 */
int np_gso_max_segments(void)
{
	/* Once a process: the kernel's constant (-i runs, --flows threads). */
	static _Atomic int known = -1;
	static const char zeros[258];
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	int rx, tx, limit = atomic_load(&known);

	if (limit >= 0)
		return limit;
	limit = 0;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	rx = np_socket(AF_INET, SOCK_DGRAM, 0, 0);
	tx = np_socket(AF_INET, SOCK_DGRAM, 0, 0);
	if (rx >= 0 && tx >= 0 && bind(rx, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    getsockname(rx, (struct sockaddr *)&a, &alen) == 0 &&
	    connect(tx, (struct sockaddr *)&a, alen) == 0 && np_gso_set(tx, 1) == 0) {
		for (size_t n = 64; n + 1 <= sizeof(zeros); n *= 2) {
			if (send(tx, zeros, n + 1, 0) < 0) {
				limit = errno == EINVAL ? (int)n : 0;
				break;
			}
			limit = (int)n * 2;   /* at least; more not asked */
		}
	}
	if (rx >= 0)
		close(rx);
	if (tx >= 0)
		close(tx);
	atomic_store(&known, limit);
	return limit;
}

/* The path MTU of a connected socket; 0 unknown. */
static int path_mtu(int fd, int family)
{
	int mtu = 0;
	socklen_t len = sizeof(mtu);

	(void)fd;      /* where the system has neither option */
	(void)len;
	if (family == AF_INET6) {
#ifdef IPV6_MTU
		if (getsockopt(fd, IPPROTO_IPV6, IPV6_MTU, &mtu, &len) < 0)
			mtu = 0;
#endif
	} else {
#ifdef IP_MTU
		if (getsockopt(fd, IPPROTO_IP, IP_MTU, &mtu, &len) < 0)
			mtu = 0;
#endif
	}
	return mtu > 0 ? mtu : 0;
}

int np_gso_client_setup(struct np_run *run, int gso, const char **what)
{
	/* err_what must outlive this call; each --flows thread its own. */
	static _Thread_local char why[256];
	const int family = run->peer.ss_family;
	const int hdr = (family == AF_INET6 ? 40 : 20) + 8;   /* IP and UDP */
	const int mtu = path_mtu(run->fd, family);
	const uint64_t segs = np_mmsg_segments((uint64_t)run->send_size, (uint64_t)gso);
	int limit;

	if (np_gso_set(run->fd, gso) < 0) {
		const int e = errno;

		snprintf(why, sizeof(why), "--gso: this kernel has no UDP_SEGMENT (setsockopt)");
		return np_run_fail(run, why, e);
	}
	if (mtu > 0 && gso + hdr > mtu) {
		snprintf(why, sizeof(why), "--gso %d: a segment is at most the path MTU less the "
			 "IP and UDP headers, %d - %d = %d bytes", gso, mtu, hdr, mtu - hdr);
		return np_run_fail(run, why, EMSGSIZE);
	}
	limit = np_gso_max_segments();
	if (limit > 0 && segs > (uint64_t)limit) {
		snprintf(why, sizeof(why), "--gso %d: a send of %d bytes (-m) is %llu segments; "
			 "this kernel takes at most %d per send", gso, (int)run->send_size,
			 (unsigned long long)segs, limit);
		return np_run_fail(run, why, EINVAL);
	}
	if (limit > 0)
		snprintf(why, sizeof(why), "send with --gso %d (the kernel takes at most %d segments "
			 "per send, each at most the path MTU less %d bytes of headers)", gso, limit,
			 hdr);
	else
		snprintf(why, sizeof(why), "send with --gso %d (the kernel takes at most 64 or 128 "
			 "segments per send, as its version, each at most the path MTU less %d "
			 "bytes of headers)", gso, hdr);
	*what = why;
	return 0;
}

