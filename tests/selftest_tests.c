/*
 * selftest_tests.c - NG_SELFTEST, a test that exists for the test suite:
 * the proof that a test is one file.  It is built only into
 * tests/netperf-selftest and tests/netserver-selftest (Makefile.am), and
 * tests/selftest.test runs it end to end.
 *
 * netperf sends messages on a TCP connection and netserver counts them,
 * as in TCP_STREAM, but with loops of its own; netperf 2.7.1 has no such
 * test, so it travels under an extension id (doc/extension.md), which a
 * netserver without it refuses.
 *
 * Its own option, --pattern B, shows a test's options reach netserver:
 * netperf fills every message with B, netserver checks every byte it
 * receives against its run->params[0], which is 110 unless the value came.
 *
 * Its descriptor's hooks: netserver reads in pieces of at most
 * SELFTEST_PIECE bytes (server_sizes), which netperf's REMOTE_RECV_SIZE
 * shows; the figures are TCP_STREAM's (derive).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "base/kcall.h"
#include "base/sock.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/test_view.h"
#include "run/reqfields.h"
#include "run/test.h"
#include "wire/wire.h"

/* --pattern: run->params[0].  A request field of the test suite's own
 * (netperf-ng's are src/run/reqfields.c's rows). */
static const struct np_reqfield pattern_field = {
	"pattern", "B", "the byte every message is filled\nwith; netserver checks each byte\nit receives",
	0, 255, 110, false, 0, 0
};
static const struct np_reqfield *const selftest_options[] = { &pattern_field, NULL };

/* netserver's receive size at most, whatever netperf's rule gives. */
#define SELFTEST_PIECE 1000

static void selftest_server_sizes(const struct np_omni_request *q, struct np_sizes *z)
{
	(void)q;
	if (z->recv_size <= 0 || z->recv_size > SELFTEST_PIECE)
		z->recv_size = SELFTEST_PIECE;
}

/* Send until the end, then half-close and wait for netserver's EOF. */
static int selftest_client(struct np_run *run)
{
	const size_t size = (size_t)run->send_size;

	memset(run->sbuf, run->params[0], size);
	if (np_run_connect(run) < 0)
		return -1;
	while (!np_run_stopped(run) && !np_run_count_done(run, run->c.bytes_sent)) {
		ssize_t n = np_send(run->fd, run->sbuf, size, MSG_NOSIGNAL);
		enum np_io io;

		if (n >= 0) {
			run->c.bytes_sent += (uint64_t)n;
			run->c.send_calls++;
			continue;
		}
		/* Once the test has ended, no error fails it. */
		if ((io = np_run_io_error(run, "send", errno, NP_IO_STOP_WINS)) != NP_IO_RETRY)
			return io == NP_IO_FAILED ? -1 : 0;
	}
	if (shutdown(run->fd, SHUT_WR) < 0)
		return np_run_fail(run, "shutdown", errno);
	return np_run_drain(run, run->fd);
}

static bool all_bytes_are(const char *p, size_t n, unsigned char b)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] != b)
			return false;
	return true;
}

/* Count what arrives until the client's EOF, each byte --pattern. */
static int selftest_server(struct np_run *run)
{
	const unsigned char pattern = (unsigned char)run->params[0];
	int rc = np_run_accept(run);

	if (rc <= 0)
		return rc;
	for (;;) {
		ssize_t n = np_recv(run->conn, run->rbuf, (size_t)run->recv_size, 0);
		enum np_io io;

		if (n > 0) {
			if (!all_bytes_are(run->rbuf, (size_t)n, pattern))
				return np_run_fail(run, "recv (a byte that is not --pattern)",
						   EBADMSG);
			run->c.bytes_recv += (uint64_t)n;
			run->c.recv_calls++;
			continue;
		}
		if (n == 0)
			return 0;
		/* A reset is the client going away: an end, as EOF is. */
		io = np_run_io_error(run, "recv", errno, NP_IO_PEER | NP_IO_STOP_WINS);
		if (io != NP_IO_RETRY)
			return io == NP_IO_FAILED ? -1 : 0;
	}
}

const struct np_test np_test_selftest = {
	.name = "NG_SELFTEST",
	.title = "NETPERF-NG SELF TEST",
	.sock_type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.direction = NP_DIR_RECV,
	.ext_id = 0x7e57,
	.options = selftest_options,
	.client_run = selftest_client,
	.server_run = selftest_server,
	.server_sizes = selftest_server_sizes,
};
const struct np_test_view np_view_selftest = {
	.test = &np_test_selftest,
	.derive = np_metrics_derive_send,
	.print_table = np_report_stream_table,
	.print_brief = np_report_stream_brief,
};
