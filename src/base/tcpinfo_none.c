/*
 * tcpinfo_none.c - a system whose TCP says nothing this build can read
 * of a connection: its retransmits are unknown (never 0), its MSS is
 * TCP_MAXSEG's (np_sock_mss, in tcpinfo.c).
 */
#include "config.h"

#include "base/tcpinfo.h"

void np_sock_tcp_counts(int fd, struct np_tcp_counts *out)
{
	(void)fd;
	out->mss = out->retrans = -1;
}

void np_sock_dump_tcp_info(int fd, FILE *out)
{
	(void)fd;
	(void)out;
}

const char *np_tcp_counts_unknown(void)
{
	return "this system's TCP has no counters this build reads";
}
