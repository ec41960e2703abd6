/*
 * sock.h - sockets: name resolution (IPv4 and IPv6 on one path), data
 * socket set-up with netperf's options, connect with a deadline.
 * Helpers return 0/-1 and write the reason into a caller's buffer.
 */
#ifndef NP_SOCK_H
#define NP_SOCK_H

#include <netdb.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>

/* Seconds a data phase may go without progress before the run fails
 * (count-based tests; a timed test waits for its end instead). */
#define NP_IDLE_TIMEOUT_S 30
/* The longest a data-socket call blocks (SO_RCVTIMEO/SO_SNDTIMEO) before
 * its loop looks at the run's flags again: how late a loop blocked on a
 * silent peer sees the end of its test.  Not shorter: every blocking
 * call arms a kernel timer this far out, and one this near becomes the
 * CPU's next timer event, reprogrammed at each idle entry (20 ms cost
 * netserver 5 % of its UDP_RR rate in a VM; 250 ms and 30 s, nothing
 * measurable). */
#define NP_WAKE_MS 250

struct np_sockopts {
	int family;            /* AF_INET or AF_INET6 */
	int type;              /* SOCK_STREAM or SOCK_DGRAM */
	int protocol;          /* IPPROTO_TCP or IPPROTO_UDP */
	int sndbuf;            /* SO_SNDBUF request, <= 0 = system default */
	int rcvbuf;
	bool nodelay;          /* TCP_NODELAY */
	bool dontroute;        /* SO_DONTROUTE (netperf's UDP_STREAM) */
	bool recverr;          /* IP_RECVERR: report ENOBUFS/ICMP errors */
	bool keepalive;
	bool reuseaddr;        /* SO_REUSEADDR: TCP only (a UDP port shared
				* with another service would steal its traffic) */
	const char *cong;      /* TCP_CONGESTION name, NULL = leave */
	bool force_bufs;       /* sizes above net.core.[rw]mem_max: forced with
				* SO_*BUFFORCE where CAP_NET_ADMIN allows
				* (netserver), else left at the kernel's cap */
	bool cong_strict;      /* a congestion control not set fails the open
				* (netserver: never a silent change) */
	int priority;          /* SO_PRIORITY, -1 = leave */
	int tos;               /* IP_TOS / IPV6_TCLASS, -1 = leave */
	bool cork;             /* TCP_CORK */
	bool mtu_do;           /* IP_MTU_DISCOVER IP_PMTUDISC_DO: no fragments */
	bool fastopen;         /* TCP Fast Open: the client's connect() carries
				* data; a listener takes such connections */
	bool defer_accept;     /* listener: TCP_DEFER_ACCEPT */
	int maxseg;            /* TCP_MAXSEG, 0 = leave */
	int64_t max_pacing;    /* SO_MAX_PACING_RATE bytes/s, 0 = leave */
	int wake_ms;           /* SO_RCVTIMEO/SO_SNDTIMEO, 0 = none */
};

/* A resolved address, printable. */
struct np_addr {
	struct sockaddr_storage ss;
	socklen_t len;
};

/* getaddrinfo, with AI_ADDRCONFIG when that finds anything (so names
 * resolve as netperf resolves them) and without it otherwise (a host
 * with only loopback addresses); family AF_UNSPEC, AF_INET or AF_INET6;
 * host NULL = the wildcard. */
int np_resolve(const char *host, uint16_t port, int family, int socktype,
	       bool passive, struct addrinfo **res, char *why, size_t whylen);

/* socket() plus every option in o; -1 with why filled on failure.  An
 * option this system lacks fails with ENOPROTOOPT, named in why. */
int np_sock_open(const struct np_sockopts *o, char *why, size_t whylen);

/* What a listener needs of o (Fast Open, deferred accept), after bind. */
int np_sock_listener(int fd, const struct np_sockopts *o, char *why, size_t whylen);

/* What IP_TOS / IPV6_TCLASS reads back, or -1. */
int np_sock_tos(int fd, int family);

/* A control connection whose peer vanished (no FIN, no reset: a dead
 * host, a pulled cable) errors out within about seconds: keepalive
 * probes and TCP_USER_TIMEOUT where the system has them.  Best effort. */
void np_sock_liveness(int fd, int seconds);

/* Non-blocking connect bounded by timeout_ms; the socket stays blocking
 * afterwards.  0, or -1 with errno set (ETIMEDOUT on the deadline). */
int np_sock_connect(int fd, const struct sockaddr *sa, socklen_t len,
		    int timeout_ms);

/* What the kernel really gave: SO_SNDBUF / SO_RCVBUF. */
void np_sock_bufsizes(int fd, int *snd, int *rcv);

/* The congestion-control name into buf (empty where unknown). */
void np_sock_cong(int fd, char *buf, size_t len);

/* Numeric address and port of a sockaddr. */
void np_addr_string(const struct sockaddr *sa, char *buf, size_t len);
uint16_t np_addr_port(const struct sockaddr *sa);
/* An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket
 * sees of IPv4 peers) becomes the plain IPv4 one, in place. */
void np_addr_unmap(struct sockaddr *sa);
void np_addr_set_port(struct sockaddr *sa, uint16_t port);

#endif
