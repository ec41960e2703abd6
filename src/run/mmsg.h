/*
 * mmsg.h - batched and segmented UDP (--batch, --gso): many datagrams per
 * system call, through sendmmsg(2)/recvmmsg(2) and the kernel's UDP
 * segmentation (UDP_SEGMENT on send, UDP_GRO on receive).
 *
 * The data loops that use these are in stream_tests.c and rr_tests.c;
 * this module holds what they share: the message vectors (fixed arrays,
 * nothing allocated), the system calls themselves, the count of
 * datagrams a coalesced receive holds, and the checks that turn the
 * kernel's limits into one clear line before a test starts.
 */
#ifndef NP_MMSG_H
#define NP_MMSG_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>

#include "base/kcall.h"

struct np_run;

/* --batch's maximum (the options' max): the vectors are this long. */
#define NP_MMSG_MAX 1024

#if defined(HAVE_SENDMMSG) && defined(HAVE_RECVMMSG)
#define NP_HAVE_MMSG 1
typedef struct mmsghdr np_mmsghdr;
#else
#define NP_HAVE_MMSG 0
/* The C library has no sendmmsg: the same layout, so that the loops
 * build; every call fails with ENOSYS (np_preflight_check stops first). */
typedef struct {
	struct msghdr msg_hdr;
	unsigned int msg_len;
} np_mmsghdr;
#endif

/* One UDP_GRO control message (an int: the segment size), aligned. */
union np_mmsg_ctl {
	struct cmsghdr align;
	char buf[CMSG_SPACE(sizeof(int))];
};

/*
 * A vector of n messages that all point at one buffer through one iovec:
 * a stream's contents are never looked at, and a request/response test
 * checks only lengths, so one buffer serves every entry and the memory
 * stays that of the plain loop.  With ctl, each entry has its own
 * control buffer (UDP_GRO's segment size).
 */
struct np_mmsg {
	unsigned n;
	struct iovec iov;
	union np_mmsg_ctl *ctl;
	np_mmsghdr hdr[NP_MMSG_MAX];
};

/* n entries (1..NP_MMSG_MAX) of len bytes at buf; ctl NULL or n
 * entries. */
void np_mmsg_init(struct np_mmsg *m, void *buf, size_t len, unsigned n,
		  union np_mmsg_ctl *ctl);

/* sendmmsg(2) and recvmmsg(2) (no timeout: the socket's own wakes, as
 * every data call), straight to the kernel where kcall.h does that (its
 * condition for np_kcall6), for the same reason: the C library's
 * wrappers are cancellation points. */
#if NP_HAVE_MMSG && defined(__linux__) && defined(__x86_64__) && defined(__GNUC__) && \
	HAVE_DECL_SYS_SENDTO && HAVE_DECL_SYS_RECVFROM && defined(SYS_sendmmsg) && \
	defined(SYS_recvmmsg)
static inline int np_sendmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	return (int)np_kcall_result(np_kcall6(SYS_sendmmsg, fd, (long)v, (long)n, flags, 0, 0));
}

static inline int np_recvmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	return (int)np_kcall_result(np_kcall6(SYS_recvmmsg, fd, (long)v, (long)n, flags, 0, 0));
}
#elif NP_HAVE_MMSG
static inline int np_sendmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	return sendmmsg(fd, v, n, flags);
}

static inline int np_recvmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	return recvmmsg(fd, v, n, flags, NULL);
}
#else
static inline int np_sendmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	(void)fd, (void)v, (void)n, (void)flags;
	errno = ENOSYS;
	return -1;
}

static inline int np_recvmmsg(int fd, np_mmsghdr *v, unsigned n, int flags)
{
	return np_sendmmsg(fd, v, n, flags);
}
#endif

#ifndef MSG_WAITFORONE
#define MSG_WAITFORONE 0x10000
#endif

/* Datagrams of at most seg bytes that len bytes make (at least 1). */
static inline uint64_t np_mmsg_segments(uint64_t len, uint64_t seg)
{
	return seg > 0 && len > seg ? (len + seg - 1) / seg : 1;
}

/* How many datagrams one received message of len bytes holds: by the
 * segment size of its UDP_GRO control message, else one. */
uint64_t np_mmsg_datagrams(const struct msghdr *h, size_t len);

/* The most segments one UDP_SEGMENT send may carry on this kernel
 * (UDP_MAX_SEGMENTS: 64 in Linux 6.1, 128 in later kernels), found by
 * trying on the loopback; 0 when that cannot be told. */
int np_gso_max_segments(void);

/* Sender: UDP_SEGMENT size on fd.  0, or -1 with errno (ENOPROTOOPT
 * where the build or the kernel lacks it). */
int np_gso_set(int fd, int size);
/* Receiver: UDP_GRO on fd.  0, or -1 with errno. */
int np_gro_set(int fd);

/*
 * Client UDP_STREAM --gso, on its connected socket: set UDP_SEGMENT and
 * check the send size and the path MTU against the kernel's limits.
 * 0 with *what set to the send's name for np_run_io_error (it says the
 * limits, for a send the kernel still refuses), or -1 with run->err set
 * and run->err_what one line that says what was wrong.  The text lives
 * in thread-local storage: each --flows thread has its own.
 */
int np_gso_client_setup(struct np_run *run, int gso, const char **what);


#endif
