/*
 * tcpinfo_darwin.c - macOS's struct tcp_connection_info
 * (TCP_CONNECTION_INFO, netinet/tcp.h): tcpi_maxseg (t_maxseg),
 * tcpi_txretransmitpackets (the connection's retransmitted packets).
 * No DUMP_TCP_INFO lines: netperf 2.7.1 prints Linux's fields only.
 */
#include "config.h"

#include "base/tcpinfo.h"

#include <netinet/in.h>
#include <netinet/tcp.h>

static const struct np_tcpi_form darwin_form = {
	NP_TCPI_FIELD(struct tcp_connection_info, tcpi_maxseg),
	NP_TCPI_FIELD(struct tcp_connection_info, tcpi_txretransmitpackets),
};

void np_sock_tcp_counts(int fd, struct np_tcp_counts *out)
{
	struct tcp_connection_info ti;

	np_tcp_counts_from(&ti, np_tcpi_get(fd, TCP_CONNECTION_INFO, &ti, sizeof(ti)), &darwin_form, out);
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
