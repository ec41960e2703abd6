/*
 * tcpinfo_linux.c - Linux's struct tcp_info (TCP_INFO): tcpi_snd_mss,
 * tcpi_total_retrans (the connection's retransmitted segments).
 */
#include "config.h"

#include "base/tcpinfo.h"

#include <netinet/in.h>
#include <netinet/tcp.h>

static const struct np_tcpi_form linux_form = {
	NP_TCPI_FIELD(struct tcp_info, tcpi_snd_mss),
	NP_TCPI_FIELD(struct tcp_info, tcpi_total_retrans),
};

void np_sock_tcp_counts(int fd, struct np_tcp_counts *out)
{
	struct tcp_info ti;

	np_tcp_counts_from(&ti, np_tcpi_get(fd, TCP_INFO, &ti, sizeof(ti)), &linux_form, out);
}

void np_sock_dump_tcp_info(int fd, FILE *out)
{
	struct tcp_info ti;

	if (np_tcpi_get(fd, TCP_INFO, &ti, sizeof(ti)) == 0)
		return;
	/* netperf 2.7.1's layout, its "tpci_" typo included: flent reads it. */
	fprintf(out,
		"tcpi_rto %d tcpi_ato %d tcpi_pmtu %d tcpi_rcv_ssthresh %d\n"
		"tcpi_rtt %d tcpi_rttvar %d tcpi_snd_ssthresh %d tpci_snd_cwnd %d\n"
		"tcpi_reordering %d tcpi_total_retrans %d\n",
		(int)ti.tcpi_rto, (int)ti.tcpi_ato, (int)ti.tcpi_pmtu,
		(int)ti.tcpi_rcv_ssthresh, (int)ti.tcpi_rtt, (int)ti.tcpi_rttvar,
		(int)ti.tcpi_snd_ssthresh, (int)ti.tcpi_snd_cwnd, (int)ti.tcpi_reordering,
		(int)ti.tcpi_total_retrans);
}

const char *np_tcp_counts_unknown(void)
{
	return NULL;
}
