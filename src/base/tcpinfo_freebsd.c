/*
 * tcpinfo_freebsd.c - FreeBSD's struct tcp_info (TCP_INFO, netinet/tcp.h):
 * tcpi_snd_mss (t_maxseg), tcpi_snd_rexmitpack (the connection's
 * retransmitted packets, t_sndrexmitpack).  No DUMP_TCP_INFO lines:
 * netperf 2.7.1 prints Linux's fields only.
 */
#include "config.h"

#include "base/tcpinfo.h"

#include <netinet/in.h>
#include <netinet/tcp.h>

static const struct np_tcpi_form freebsd_form = {
	NP_TCPI_FIELD(struct tcp_info, tcpi_snd_mss),
	NP_TCPI_FIELD(struct tcp_info, tcpi_snd_rexmitpack),
};

void np_sock_tcp_counts(int fd, struct np_tcp_counts *out)
{
	struct tcp_info ti;

	np_tcp_counts_from(&ti, np_tcpi_get(fd, TCP_INFO, &ti, sizeof(ti)), &freebsd_form, out);
}

void np_sock_dump_tcp_info(int fd, FILE *out)
{
	(void)fd;
	(void)out;
}

const char *np_tcp_counts_unknown(void)
{
	return NULL;
}
