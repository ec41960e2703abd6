/*
 * variant_tests.c - NG_UDP_DONTWAIT, a variant of UDP_STREAM that exists
 * for the test suite (built only into tests/netperf-selftest and
 * tests/netserver-selftest; tests/selftest.test runs it): the proof that a
 * variant is a file of its own.  netperf sends as UDP_STREAM does, each
 * datagram with MSG_DONTWAIT, through UDP_STREAM's own loop; netserver
 * runs UDP_STREAM for it.  Its one option, --busy-poll, is UDP_STREAM's
 * (netserver's receives spin): it travels in UDP_STREAM's words, the
 * others at their defaults; --batch is not its own (its loop sends one
 * datagram a call).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <netinet/in.h>
#include <sys/socket.h>

#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "workloads/stream.h"

static int dontwait_client(struct np_run *run)
{
	return np_stream_send(run, MSG_DONTWAIT);
}

static const struct np_reqfield *const dontwait_options[] = { &np_field_busy_poll, NULL };

const struct np_test np_test_udp_dontwait = {
	.name = "NG_UDP_DONTWAIT",
	.title = "NETPERF-NG UDP STREAM MSG_DONTWAIT TEST",
	.sock_type = SOCK_DGRAM,
	.protocol = IPPROTO_UDP,
	.direction = NP_DIR_RECV,
	.served_as = &np_test_udp_stream,
	.options = dontwait_options,
	.client_run = dontwait_client,
};
const struct np_test_view np_view_udp_dontwait = {
	.test = &np_test_udp_dontwait,
	.derive = np_metrics_derive_send,
	.print_table = np_report_udp_stream_table,
	.print_brief = np_report_udp_stream_brief,
};
