/*
 * sock.c - socket helpers shared by netperf and netserver.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/sock.h"
#include "base/sockfd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int np_resolve(const char *host, uint16_t port, int family, int socktype,
	       bool passive, struct addrinfo **res, char *why, size_t whylen)
{
	struct addrinfo hints;
	char service[8];
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = family;
	hints.ai_socktype = socktype;
	hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : AI_ADDRCONFIG);
	snprintf(service, sizeof(service), "%u", (unsigned)port);
	rc = getaddrinfo(host, service, &hints, res);
	/* AI_ADDRCONFIG picks the families this host can reach, as netperf
	 * does ("localhost" is 127.0.0.1 where there is no global IPv6);
	 * but where only loopback is configured it hides everything. */
	if (rc != 0 && !passive) {
		hints.ai_flags &= ~AI_ADDRCONFIG;
		rc = getaddrinfo(host, service, &hints, res);
	}
	if (rc != 0) {
		snprintf(why, whylen, "%s", rc == EAI_SYSTEM ? strerror(errno)
							     : gai_strerror(rc));
		return -1;
	}
	return 0;
}

static int set_int(int fd, int level, int name, int value)
{
	return setsockopt(fd, level, name, &value, sizeof(value));
}

#if HAVE_DECL_SO_RCVBUFFORCE
#define SNDBUF_FORCE SO_SNDBUFFORCE
#define RCVBUF_FORCE SO_RCVBUFFORCE
#else
#define SNDBUF_FORCE (-1)
#define RCVBUF_FORCE (-1)
#endif

/* A socket buffer size; one the kernel capped (it reports twice what it
 * keeps) is forced past net.core.[rw]mem_max when asked and allowed. */
static int set_buf(int fd, int name, int force_name, int size, bool force)
{
	int got = 0;
	socklen_t len = sizeof(got);

	if (set_int(fd, SOL_SOCKET, name, size) < 0)
		return -1;
	if (!force || force_name < 0 || getsockopt(fd, SOL_SOCKET, name, &got, &len) < 0 ||
	    got / 2 >= size)
		return 0;
	/* EPERM without CAP_NET_ADMIN: the capped size stays (and shows). */
	(void)set_int(fd, SOL_SOCKET, force_name, size);
	return 0;
}

/* Options this system may lack: netperf asked for one, so its absence is
 * an error (ENOPROTOOPT) naming it, never a silent skip. */
#if !HAVE_DECL_TCP_CORK
#define TCP_CORK (-1)
#endif
#if !HAVE_DECL_TCP_MAXSEG
#define TCP_MAXSEG (-1)
#endif
#if !HAVE_DECL_TCP_FASTOPEN
#define TCP_FASTOPEN (-1)
#endif
#if !HAVE_DECL_TCP_FASTOPEN_CONNECT
#define TCP_FASTOPEN_CONNECT (-1)
#endif
#if !HAVE_DECL_TCP_DEFER_ACCEPT
#define TCP_DEFER_ACCEPT (-1)
#endif
#if !HAVE_DECL_SO_MAX_PACING_RATE
#define SO_MAX_PACING_RATE (-1)
#endif
#if !HAVE_DECL_IP_MTU_DISCOVER || !HAVE_DECL_IPV6_MTU_DISCOVER
#undef IP_MTU_DISCOVER
#undef IPV6_MTU_DISCOVER
#define IP_MTU_DISCOVER (-1)
#define IPV6_MTU_DISCOVER (-1)
#define IP_PMTUDISC_DO 0
#define IPV6_PMTUDISC_DO 0
#endif

static int set_opt(int fd, int level, int name, int value, const char *label,
		   const char **what)
{
	*what = label;
	if (name < 0) {
		errno = ENOPROTOOPT;
		return -1;
	}
	return set_int(fd, level, name, value);
}

/* A step of np_sock_open failed: label names the call, errno says why. */
static int failed(const char **what, const char *label)
{
	*what = label;
	return -1;
}

/* Each step of np_sock_open sets its share of o on fd, in this order
 * (the order the kernel sees them in never changed), and returns 0, or
 * -1 with errno set and *what naming the call that failed. */
typedef int open_step(int fd, const struct np_sockopts *o, const char **what);

/* The address's reuse, the buffers, routing and keepalives. */
static int set_basics(int fd, const struct np_sockopts *o, const char **what)
{
	/* Fixed -P ports are reused across iterations while the last
	 * connection sits in TIME_WAIT. */
	if (o->reuseaddr && o->type == SOCK_STREAM &&
	    set_int(fd, SOL_SOCKET, SO_REUSEADDR, 1) < 0)
		return failed(what, "setsockopt SO_REUSEADDR");
	if (o->sndbuf > 0 && set_buf(fd, SO_SNDBUF, SNDBUF_FORCE, o->sndbuf, o->force_bufs) < 0)
		return failed(what, "setsockopt SO_SNDBUF");
	if (o->rcvbuf > 0 && set_buf(fd, SO_RCVBUF, RCVBUF_FORCE, o->rcvbuf, o->force_bufs) < 0)
		return failed(what, "setsockopt SO_RCVBUF");
	if (o->nodelay && o->protocol == IPPROTO_TCP &&
	    set_int(fd, IPPROTO_TCP, TCP_NODELAY, 1) < 0)
		return failed(what, "setsockopt TCP_NODELAY");
	if (o->dontroute && set_int(fd, SOL_SOCKET, SO_DONTROUTE, 1) < 0)
		return failed(what, "setsockopt SO_DONTROUTE");
	if (o->keepalive && set_int(fd, SOL_SOCKET, SO_KEEPALIVE, 1) < 0)
		return failed(what, "setsockopt SO_KEEPALIVE");
	if (o->recverr) {
#if HAVE_DECL_IP_RECVERR && HAVE_DECL_IPV6_RECVERR
		/* Best effort: without it ENOBUFS is silently dropped. */
		if (o->family == AF_INET6)
			(void)set_int(fd, IPPROTO_IPV6, IPV6_RECVERR, 1);
		else
			(void)set_int(fd, IPPROTO_IP, IP_RECVERR, 1);
#endif
	}
	return 0;
}

/* SO_PRIORITY is Linux's: elsewhere a priority asked for fails, named. */
#ifdef SO_PRIORITY
#define NP_SO_PRIORITY SO_PRIORITY
#else
#define NP_SO_PRIORITY (-1)
#endif

/* What marks and shapes the packets: priority, TOS, corking, path MTU
 * discovery, the MSS. */
static int set_packets(int fd, const struct np_sockopts *o, const char **what)
{
	/* Above 6 needs CAP_NET_ADMIN: EPERM tells the caller which. */
	if (o->priority >= 0 &&
	    (NP_SO_PRIORITY < 0 ? (errno = ENOPROTOOPT, -1)
				: set_int(fd, SOL_SOCKET, NP_SO_PRIORITY, o->priority)) < 0)
		return failed(what, "setsockopt SO_PRIORITY");
	if (o->tos >= 0 && (o->family == AF_INET6
			    ? set_int(fd, IPPROTO_IPV6, IPV6_TCLASS, o->tos)
			    : set_int(fd, IPPROTO_IP, IP_TOS, o->tos)) < 0)
		return failed(what, o->family == AF_INET6 ? "setsockopt IPV6_TCLASS"
							  : "setsockopt IP_TOS");
	if (o->cork && o->protocol == IPPROTO_TCP &&
	    set_opt(fd, IPPROTO_TCP, TCP_CORK, 1, "setsockopt TCP_CORK", what) < 0)
		return -1;
	if (o->mtu_do &&
	    (o->family == AF_INET6
	     ? set_opt(fd, IPPROTO_IPV6, IPV6_MTU_DISCOVER, IPV6_PMTUDISC_DO,
		       "setsockopt IPV6_MTU_DISCOVER", what)
	     : set_opt(fd, IPPROTO_IP, IP_MTU_DISCOVER, IP_PMTUDISC_DO,
		       "setsockopt IP_MTU_DISCOVER", what)) < 0)
		return -1;
	if (o->maxseg > 0 && o->protocol == IPPROTO_TCP &&
	    set_opt(fd, IPPROTO_TCP, TCP_MAXSEG, o->maxseg, "setsockopt TCP_MAXSEG", what) < 0)
		return -1;
	return 0;
}

/* The pace and the TCP connection's own: pacing, Fast Open, the
 * congestion control. */
static int set_flow(int fd, const struct np_sockopts *o, const char **what)
{
	if (o->max_pacing > 0) {
		/* A 64-bit rate since Linux 4.19; a 32-bit one is read alike
		 * up to 4 GB/s. */
		uint64_t rate = (uint64_t)o->max_pacing;

		if (SO_MAX_PACING_RATE < 0) {
			errno = ENOPROTOOPT;
			return failed(what, "setsockopt SO_MAX_PACING_RATE");
		}
		if (setsockopt(fd, SOL_SOCKET, SO_MAX_PACING_RATE, &rate, sizeof(rate)) < 0)
			return failed(what, "setsockopt SO_MAX_PACING_RATE");
	}
	/* The client's half of Fast Open: connect() sends the first data. */
	if (o->fastopen && o->protocol == IPPROTO_TCP &&
	    set_opt(fd, IPPROTO_TCP, TCP_FASTOPEN_CONNECT, 1, "setsockopt TCP_FASTOPEN_CONNECT",
		    what) < 0)
		return -1;
#if HAVE_DECL_TCP_CONGESTION
	/* netperf's way is best effort: an algorithm this kernel lacks, or
	 * one outside net.ipv4.tcp_allowed_congestion_control without
	 * CAP_NET_ADMIN (EPERM), leaves the default in place.  netserver
	 * asks for strictness. */
	if (o->cong && o->cong[0] && o->protocol == IPPROTO_TCP &&
	    setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, o->cong,
		       (socklen_t)strlen(o->cong)) < 0 && o->cong_strict)
		return failed(what, "setsockopt TCP_CONGESTION");
#endif
	return 0;
}

/* The wake period: a blocked data call returns after it. */
static int set_wake(int fd, const struct np_sockopts *o, const char **what)
{
	struct timeval tv = { .tv_sec = o->wake_ms / 1000,
			      .tv_usec = (suseconds_t)(o->wake_ms % 1000) * 1000 };

	if (o->wake_ms <= 0)
		return 0;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) < 0)
		return failed(what, "setsockopt SO_RCVTIMEO");
	return 0;
}

static open_step *const open_steps[] = { set_basics, set_packets, set_flow, set_wake };

int np_sock_open(const struct np_sockopts *o, char *why, size_t whylen)
{
	const char *what = "socket";
	int fd = np_socket(o->family, o->type, o->protocol, 0), err;

	for (size_t i = 0; fd >= 0 && i < sizeof(open_steps) / sizeof(open_steps[0]); i++) {
		if (open_steps[i](fd, o, &what) < 0) {
			err = errno;
			close(fd);
			errno = err;
			fd = -1;
		}
	}
	if (fd >= 0)
		return fd;
	err = errno;
	snprintf(why, whylen, "%s: %s", what, strerror(err));
	errno = err;
	return -1;
}

int np_sock_listener(int fd, const struct np_sockopts *o, char *why, size_t whylen)
{
	const char *what = NULL;

	if (o->protocol != IPPROTO_TCP)
		return 0;
	/* A queue of pending Fast Open requests, as netperf's 5. */
	if (o->fastopen &&
	    set_opt(fd, IPPROTO_TCP, TCP_FASTOPEN, 5, "setsockopt TCP_FASTOPEN", &what) < 0)
		goto fail;
	if (o->defer_accept &&
	    set_opt(fd, IPPROTO_TCP, TCP_DEFER_ACCEPT, 1, "setsockopt TCP_DEFER_ACCEPT", &what) < 0)
		goto fail;
	return 0;
fail:
	snprintf(why, whylen, "%s: %s", what, strerror(errno));
	return -1;
}

int np_sock_tos(int fd, int family)
{
	int v = -1;
	socklen_t len = sizeof(v);

	if ((family == AF_INET6 ? getsockopt(fd, IPPROTO_IPV6, IPV6_TCLASS, &v, &len)
				: getsockopt(fd, IPPROTO_IP, IP_TOS, &v, &len)) < 0)
		return -1;
	return v;
}

void np_sock_liveness(int fd, int seconds)
{
	(void)seconds;  /* where neither timing below exists: the defaults */
	(void)set_int(fd, SOL_SOCKET, SO_KEEPALIVE, 1);
#if HAVE_DECL_TCP_KEEPIDLE && HAVE_DECL_TCP_KEEPINTVL && HAVE_DECL_TCP_KEEPCNT
	{
		/* Probes start after a third of the time, four of them fill
		 * the rest. */
		int idle = seconds / 3 > 0 ? seconds / 3 : 1;
		int intvl = (seconds - idle) / 4 > 0 ? (seconds - idle) / 4 : 1;

		(void)set_int(fd, IPPROTO_TCP, TCP_KEEPIDLE, idle);
		(void)set_int(fd, IPPROTO_TCP, TCP_KEEPINTVL, intvl);
		(void)set_int(fd, IPPROTO_TCP, TCP_KEEPCNT, 4);
	}
#endif
#if HAVE_DECL_TCP_USER_TIMEOUT
	/* Also bounds data left unacknowledged. */
	(void)set_int(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, seconds * 1000);
#endif
}

static int ms_left(const struct timespec *end)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(end->tv_sec - now.tv_sec) * 1000 +
	     (end->tv_nsec - now.tv_nsec) / 1000000;
	return ms < 0 ? 0 : (int)ms;
}

int np_sock_connect(int fd, const struct sockaddr *sa, socklen_t len,
		    int timeout_ms)
{
	struct timespec end;
	int flags, err = 0, rc;
	socklen_t elen = sizeof(err);

	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += timeout_ms / 1000;
	end.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (end.tv_nsec >= 1000000000) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000;
	}
	rc = connect(fd, sa, len);
	if (rc < 0 && errno == EINPROGRESS) {
		struct pollfd p = { .fd = fd, .events = POLLOUT };

		for (;;) {
			int n = poll(&p, 1, ms_left(&end));

			if (n > 0)
				break;
			if (n == 0) {
				errno = ETIMEDOUT;
				return -1;
			}
			if (errno != EINTR)
				return -1;
		}
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) < 0)
			return -1;
		rc = err ? -1 : 0;
		errno = err;
	}
	if (rc < 0)
		return -1;
	if (fcntl(fd, F_SETFL, flags) < 0)
		return -1;
	return 0;
}

void np_sock_bufsizes(int fd, int *snd, int *rcv)
{
	socklen_t len = sizeof(int);

	if (snd && getsockopt(fd, SOL_SOCKET, SO_SNDBUF, snd, &len) < 0)
		*snd = -1;
	len = sizeof(int);
	if (rcv && getsockopt(fd, SOL_SOCKET, SO_RCVBUF, rcv, &len) < 0)
		*rcv = -1;
}

void np_sock_cong(int fd, char *buf, size_t len)
{
	buf[0] = '\0';
#if HAVE_DECL_TCP_CONGESTION
	{
		char name[32] = "";
		socklen_t nlen = sizeof(name) - 1;

		if (getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &nlen) == 0) {
			name[nlen < sizeof(name) ? nlen : sizeof(name) - 1] = '\0';
			snprintf(buf, len, "%s", name);
		}
	}
#else
	(void)fd;
	(void)len;
#endif
}

void np_addr_string(const struct sockaddr *sa, char *buf, size_t len)
{
	const void *a = NULL;

	if (sa->sa_family == AF_INET)
		a = &((const struct sockaddr_in *)(const void *)sa)->sin_addr;
	else if (sa->sa_family == AF_INET6)
		a = &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr;
	if (a == NULL || inet_ntop(sa->sa_family, a, buf, (socklen_t)len) == NULL)
		snprintf(buf, len, "?");
}

uint16_t np_addr_port(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)(const void *)sa)->sin_port);
	if (sa->sa_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)(const void *)sa)->sin6_port);
	return 0;
}

void np_addr_unmap(struct sockaddr *sa)
{
	const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)(void *)sa;
	struct sockaddr_in a4;

	if (sa->sa_family != AF_INET6 || !IN6_IS_ADDR_V4MAPPED(&a6->sin6_addr))
		return;
	memset(&a4, 0, sizeof(a4));
	a4.sin_family = AF_INET;
	a4.sin_port = a6->sin6_port;
	memcpy(&a4.sin_addr, &a6->sin6_addr.s6_addr[12], 4);
	memcpy(sa, &a4, sizeof(a4));
}

void np_addr_set_port(struct sockaddr *sa, uint16_t port)
{
	if (sa->sa_family == AF_INET)
		((struct sockaddr_in *)(void *)sa)->sin_port = htons(port);
	else if (sa->sa_family == AF_INET6)
		((struct sockaddr_in6 *)(void *)sa)->sin6_port = htons(port);
}
