/*
 * kcall.h - the data loops' send and receive, straight to the kernel.
 *
 * Why not send(2) and recv(2): the C library's wrappers are cancellation
 * points, and once a process has a second thread (each run has its watch,
 * clock.h) glibc turns asynchronous cancellation on and off around every
 * call: about 60 instructions a call, which more than doubled the
 * user-space cost of a UDP_RR transaction.  netperf-ng never cancels a
 * thread, so the data loops make the system call themselves: inline on
 * x86-64 Linux, through syscall(2) on other Linux machines, and through
 * the C library elsewhere.  Same arguments, results and errno as send(2)
 * and recv(2).
 */
#ifndef NP_KCALL_H
#define NP_KCALL_H

#include <errno.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>

#if defined(__linux__) && defined(__x86_64__) && defined(__GNUC__) && \
	HAVE_DECL_SYS_SENDTO && HAVE_DECL_SYS_RECVFROM
#include <sys/syscall.h>

/* The x86-64 Linux system call convention: number in rax, arguments in
 * rdi, rsi, rdx, r10, r8, r9; rcx and r11 are clobbered; -4095..-1 is
 * -errno. */
static inline long np_kcall6(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline ssize_t np_kcall_result(long r)
{
	if ((unsigned long)r > (unsigned long)-4096L) {
		errno = (int)-r;
		return -1;
	}
	return (ssize_t)r;
}

static inline ssize_t np_send(int fd, const void *buf, size_t len, int flags)
{
	return np_kcall_result(np_kcall6(SYS_sendto, fd, (long)buf, (long)len, flags, 0, 0));
}

static inline ssize_t np_recv(int fd, void *buf, size_t len, int flags)
{
	return np_kcall_result(np_kcall6(SYS_recvfrom, fd, (long)buf, (long)len, flags, 0, 0));
}

#elif defined(HAVE_SYSCALL) && HAVE_DECL_SYS_SENDTO && HAVE_DECL_SYS_RECVFROM
#include <sys/syscall.h>
#include <unistd.h>

static inline ssize_t np_send(int fd, const void *buf, size_t len, int flags)
{
	return syscall(SYS_sendto, fd, buf, len, flags, NULL, 0);
}

static inline ssize_t np_recv(int fd, void *buf, size_t len, int flags)
{
	return syscall(SYS_recvfrom, fd, buf, len, flags, NULL, NULL);
}

#else
#define np_send send
#define np_recv recv
#endif

#endif
