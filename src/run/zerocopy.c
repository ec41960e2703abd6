/*
 * zerocopy.c - --zerocopy's set-up and its completions (zerocopy.h).
 * Nothing here runs per send: only when the window is full, on ENOBUFS
 * and at the end of the loop.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/zerocopy.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/sock.h"

#if NP_ZC_BUILT
#include <linux/errqueue.h>
#include <linux/capability.h>
#include <netinet/in.h>
#include <sys/syscall.h>

/* Their values are the kernel's ABI; older headers may lack the names. */
#if !HAVE_DECL_SO_EE_ORIGIN_ZEROCOPY
#define SO_EE_ORIGIN_ZEROCOPY 5
#endif
#if !HAVE_DECL_SO_EE_CODE_ZEROCOPY_COPIED
#define SO_EE_CODE_ZEROCOPY_COPIED 1
#endif

/* At most this much in flight whatever the limits say: more than any
 * socket send buffer holds, and a completion comes once the data left
 * that buffer (acknowledged, or delivered on loopback). */
#define ZC_MAX_BYTES (64u << 20)
/* What one send's notice costs in optmem, rounded up: an empty sk_buff
 * (SKB_TRUESIZE(0), about 600 bytes on x86-64). */
#define ZC_OPTMEM_PER_SEND 1024u
#define ERRQUEUE_CALL "--zerocopy: recvmsg MSG_ERRQUEUE"

/* CAP_IPC_LOCK lifts RLIMIT_MEMLOCK for pinned pages.  Asked of the
 * kernel directly: netperf does not link libcap. */
static bool has_ipc_lock(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d) < 0)
		return false;
	return (d[CAP_IPC_LOCK / 32].effective & (1u << (CAP_IPC_LOCK % 32))) != 0;
}

/* net.core.optmem_max, 0 when unknown (then the kernel's ENOBUFS alone
 * limits the sends in flight). */
static unsigned long optmem_max(void)
{
	char text[32];
	int fd = open("/proc/sys/net/core/optmem_max", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	return strtoul(text, NULL, 10);
}

int np_zc_start(struct np_run *run, struct np_zc *zc, int fd, size_t size)
{
	const uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	/* What the kernel pins and accounts per send (mm_account_pinned_pages):
	 * the pages the bytes span, plus two. */
	const uint64_t per_send = (size / page + 2) * page;
	uint64_t bytes = ZC_MAX_BYTES, window;
	unsigned long optmem = optmem_max();
	struct rlimit rl;
	int one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_ZEROCOPY, &one, sizeof(one)) < 0) {
		const int e = errno;

		/* 524: the kernel-internal ENOTSUPP, which older kernels let out. */
		return np_run_fail(run, e == ENOPROTOOPT || e == EOPNOTSUPP || e == 524
			? "--zerocopy: this kernel has no SO_ZEROCOPY (setsockopt)"
			: "--zerocopy: setsockopt SO_ZEROCOPY", e);
	}
	if (getrlimit(RLIMIT_MEMLOCK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    !has_ipc_lock()) {
		/* The limit is per user, and netserver on this host may be the
		 * same user: half of it. */
		if (per_send > rl.rlim_cur)
			return np_run_fail(run, "--zerocopy: one send pins more pages than "
					   "RLIMIT_MEMLOCK allows (raise ulimit -l or lower -m)",
					   ENOBUFS);
		if (rl.rlim_cur / 2 < bytes)
			bytes = rl.rlim_cur / 2;
	}
	window = bytes / per_send;
	if (optmem && optmem / ZC_OPTMEM_PER_SEND < window)
		window = optmem / ZC_OPTMEM_PER_SEND;
	*zc = (struct np_zc){ .window = window ? (uint32_t)window : 1u };
	zc->window_max = zc->window;
	return 0;
}

/* Completions queued now, until the queue is empty or (room) until the
 * window has room: the kernel merges adjacent ranges into one notice, so
 * one call usually takes them all and the empty queue's EAGAIN is a call
 * saved.  How many sends they covered, or -1 with errno set. */
static int64_t zc_read(struct np_run *run, struct np_zc *zc, int fd, bool room)
{
	int64_t got = 0;

	for (;;) {
		/* Room for the notice and the offender's address after it. */
		union {
			char buf[CMSG_SPACE(sizeof(struct sock_extended_err) +
					    sizeof(struct sockaddr_in6))];
			struct cmsghdr align;
		} ctl;
		struct msghdr m = { .msg_control = ctl.buf, .msg_controllen = sizeof(ctl.buf) };
		struct cmsghdr *cm;

		if (recvmsg(fd, &m, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return got;
			return -1;
		}
		for (cm = CMSG_FIRSTHDR(&m); cm; cm = CMSG_NXTHDR(&m, cm)) {
			const struct sock_extended_err *ee;
			uint32_t n;

			if (!((cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_RECVERR) ||
			      (cm->cmsg_level == SOL_IPV6 && cm->cmsg_type == IPV6_RECVERR)))
				continue;
			ee = (const struct sock_extended_err *)(const void *)CMSG_DATA(cm);
			if (ee->ee_origin != SO_EE_ORIGIN_ZEROCOPY || ee->ee_errno != 0)
				continue;
			/* ee_info..ee_data: the sends completed, inclusive, in
			 * the kernel's 32-bit numbering. */
			n = ee->ee_data - ee->ee_info + 1u;
			zc->done += n;
			run->c.zc_sends += n;
			if (ee->ee_code & SO_EE_CODE_ZEROCOPY_COPIED)
				run->c.zc_copied += n;
			got += n;
		}
		if (np_zc_inflight(zc) <= 0 || (room && !np_zc_full(zc)))
			return got;
	}
}

/* Until a completion can be read, at most ms: 1 when the socket says
 * POLLERR (completions queued, or a socket error pending: tcp_poll sets
 * it for either), 0 when nothing came in time, -1 when it reports no
 * error queue to read (closed both ways: POLLHUP), after a short pause
 * so that a caller waiting in a loop does not spin. */
static int zc_wait(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = 0 };

	if (poll(&p, 1, ms) <= 0)
		return 0;
	if (p.revents & POLLERR)
		return 1;
	(void)poll(NULL, 0, 1);
	return -1;
}

/* grow: completions undo an earlier ENOBUFS's shrinking of the window,
 * in steps (the pages held elsewhere may have come back); not right
 * after one, which would undo it at once. */
static int reap(struct np_run *run, struct np_zc *zc, int fd, bool grow)
{
	double since = 0;
	int w = 0;

	for (;;) {
		int64_t n = zc_read(run, zc, fd, true);

		if (n < 0)
			return np_run_fail(run, ERRQUEUE_CALL, errno);
		if (grow && n > 0 && zc->window < zc->window_max)
			zc->window = zc->window_max - zc->window < zc->window ? zc->window_max
									     : 2 * zc->window;
		if (!np_zc_full(zc) || np_run_stopped(run))
			return 0;
		/* POLLERR with nothing queued: a socket error, which the next
		 * send reports. */
		if (n == 0 && w > 0)
			return 0;
		/* As the plain loop: a timer ends a timed test, however long
		 * the receiver pauses; only an untimed one gives up. */
		if (n > 0 || since == 0)
			since = np_now();
		else if (!run->timed && np_now() - since >= NP_IDLE_TIMEOUT_S)
			return np_run_fail(run, "--zerocopy: waiting for send completions",
					   ETIMEDOUT);
		/* A socket closed both ways: the send that follows says why. */
		if ((w = zc_wait(fd, NP_WAKE_MS)) < 0)
			return 0;
	}
}

int np_zc_reap(struct np_run *run, struct np_zc *zc, int fd)
{
	return reap(run, zc, fd, true);
}

int np_zc_nobufs(struct np_run *run, struct np_zc *zc, int fd)
{
	int32_t inflight;

	if (zc_read(run, zc, fd, false) < 0)
		return np_run_fail(run, ERRQUEUE_CALL, errno);
	inflight = np_zc_inflight(zc);
	if (inflight <= 0) {
		/* RLIMIT_MEMLOCK counts the user's pinned pages, other
		 * processes' and flows' too: theirs come back in time.  Past
		 * NP_IDLE_TIMEOUT_S without a send, they do not. */
		const double now = np_now();

		if (zc->stuck_since == 0 || zc->stuck_at != zc->sent) {
			zc->stuck_since = now;
			zc->stuck_at = zc->sent;
		} else if (now - zc->stuck_since >= NP_IDLE_TIMEOUT_S) {
			return np_run_fail(run, "--zerocopy: send, with none of this connection's "
					   "in flight (RLIMIT_MEMLOCK is the user's, shared with "
					   "its other processes; or net.core.optmem_max)", ENOBUFS);
		}
		(void)poll(NULL, 0, 1);
		return 0;
	}
	/* The kernel's limit, whatever ours said: no more in flight than it
	 * took, so that ENOBUFS does not cost a failed call per window. */
	if ((uint32_t)inflight < zc->window)
		zc->window = (uint32_t)inflight;
	return reap(run, zc, fd, false);
}

void np_zc_finish(struct np_run *run, struct np_zc *zc, int fd)
{
	double since = np_now();
	int w = 0;

	while (np_zc_inflight(zc) > 0) {
		int64_t n = zc_read(run, zc, fd, false);

		/* Counts short (send_calls > zc_sends), not a failed
		 * measurement; so is a socket error (POLLERR, nothing
		 * queued): what it freed was queued before it. */
		if (n < 0 || (n == 0 && w > 0))
			return;
		if (n > 0)
			since = np_now();
		else if (np_now() - since >= NP_IDLE_TIMEOUT_S || np_run_peer_gone(run))
			return;
		if (np_zc_inflight(zc) > 0)
			w = zc_wait(fd, NP_WAKE_MS);
	}
}

#else /* !NP_ZC_BUILT */

int np_zc_start(struct np_run *run, struct np_zc *zc, int fd, size_t size)
{
	(void)zc;
	(void)fd;
	(void)size;
	return np_run_fail(run, "--zerocopy: this build has no MSG_ZEROCOPY "
			   "(setsockopt SO_ZEROCOPY)", ENOPROTOOPT);
}

int np_zc_reap(struct np_run *run, struct np_zc *zc, int fd)
{
	(void)run;
	(void)zc;
	(void)fd;
	return 0;
}

int np_zc_nobufs(struct np_run *run, struct np_zc *zc, int fd)
{
	(void)zc;
	(void)fd;
	return np_run_fail(run, "send", ENOBUFS);
}

void np_zc_finish(struct np_run *run, struct np_zc *zc, int fd)
{
	(void)run;
	(void)zc;
	(void)fd;
}

#endif
