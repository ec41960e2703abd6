/*
 * tcpinfo.h - what the kernel's TCP says of a connection: the MSS it
 * uses and the segments it retransmitted.  Each system has its form:
 * Linux's struct tcp_info (TCP_INFO; tcpinfo_linux.c), FreeBSD's
 * struct tcp_info (tcpinfo_freebsd.c), macOS's struct
 * tcp_connection_info (TCP_CONNECTION_INFO; tcpinfo_darwin.c); where
 * there is none (tcpinfo_none.c) the retransmits are unknown, never 0.
 * configure picks the backend.  Off the data path: read at a loop's end.
 */
#ifndef NP_TCPINFO_H
#define NP_TCPINFO_H

#include <stddef.h>
#include <stdio.h>

/* -1: unknown. */
struct np_tcp_counts {
	int mss;               /* bytes of data a segment carries */
	int retrans;           /* segments sent again, the connection's life */
};

/* The kernel's counters of a TCP socket (unknown where it says none). */
void np_sock_tcp_counts(int fd, struct np_tcp_counts *out);

/* The TCP MSS the kernel used on a connected socket (after its close
 * too, where the system says), else TCP_MAXSEG's, or -1. */
int np_sock_mss(int fd);

/* The connection's retransmitted segments, or -1 where unknown. */
int np_sock_retrans(int fd);

/* netperf 2.7.1's DUMP_TCP_INFO lines for a TCP socket, on out (Linux's
 * fields, as 2.7.1; nothing elsewhere). */
void np_sock_dump_tcp_info(int fd, FILE *out);

/* Why this system's retransmits are unknown, for the notes; NULL where
 * the backend reads them. */
const char *np_tcp_counts_unknown(void);

/* Where a counter sits in a system's form: its offset and width (4 or
 * 8 bytes, this host's byte order); width 0: the form has none. */
struct np_tcpi_field {
	size_t off, width;
};
#define NP_TCPI_FIELD(type, member) { offsetof(type, member), sizeof(((type *)0)->member) }

struct np_tcpi_form {
	struct np_tcpi_field mss, retrans;
};

/* For a backend: getsockopt(fd, IPPROTO_TCP, opt) into buf (size bytes,
 * zeroed first): the bytes the kernel filled, 0 on failure. */
size_t np_tcpi_get(int fd, int opt, void *buf, size_t size);

/* The counters out of len bytes of a form as getsockopt returned them:
 * a field the bytes do not reach (an older kernel's shorter form), or
 * that is beyond an int, is unknown; so is an MSS of 0. */
void np_tcp_counts_from(const void *buf, size_t len, const struct np_tcpi_form *form,
			struct np_tcp_counts *out);

#endif
