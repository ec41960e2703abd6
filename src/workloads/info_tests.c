/*
 * info_tests.c - netperf 2.7.1's tests that move no data and print one
 * fact: LOC_CPU and REM_CPU (the CPU rate its looper methods calibrated;
 * /proc/stat needs none, so 100), and UUID.  Scripts call them, so they
 * print what 2.7.1 prints: a bare figure.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/sock.h"
#include "cli/opts.h"
#include "client/client.h"
#include "host/cpu.h"
#include "report/test_view.h"
#include "run/test.h"
#include "wire/control.h"
#include "wire/wire.h"

/* What /proc/stat "calibrates" to: netperf 2.7.1 prints 100 too. */
#define PROCSTAT_RATE 100.0

static void cpu_rate_line(FILE *out, const struct np_opts *o, double rate, int ncpus,
			  const char *where)
{
	fprintf(out, "%g\n", rate);
	if (o->verbosity > 1)
		fprintf(out, "\nThere %s %d %s %s\n", ncpus > 1 ? "are" : "is", ncpus, where,
			ncpus > 1 ? "cpus" : "cpu");
}

static int loc_cpu(const struct np_opts *o, FILE *out, FILE *err)
{
	(void)err;
	cpu_rate_line(out, o, PROCSTAT_RATE, o->ncpus ? o->ncpus : np_cpu_count(), "local");
	return 0;
}

/* One CPU_CALIBRATE exchange on a control connection. */
static int rem_cpu(const struct np_opts *o, FILE *out, FILE *err)
{
	const char *host = o->host ? o->host : o->family == AF_INET6 ? "::1" : "localhost";
	uint8_t msg[NP_MSG_SIZE];
	struct np_addr peer;
	char why[512];
	float rate;
	int32_t ncpus;
	int fd, rc = 1;

	fd = np_ctl_connect(host, o->port, o->family, o->local_host, o->local_port,
			    NP_CONNECT_TIMEOUT_MS, &peer, why, sizeof(why));
	if (fd < 0) {
		fprintf(err, "netperf: %s\n", why);
		return 1;
	}
	if (o->passphrase) {
		np_wire_encode_passphrase(o->passphrase, msg);
		if (np_ctl_send(fd, msg, NP_SEND_TIMEOUT_MS) < 0)
			goto fail;
	}
	np_wire_encode_reply(NP_CPU_CALIBRATE, -1, msg);
	if (np_ctl_send(fd, msg, NP_SEND_TIMEOUT_MS) < 0)
		goto fail;
	switch (np_ctl_recv(fd, msg, NP_RESPONSE_TIMEOUT_MS, NULL)) {
	case 1:
		break;
	case 0:
		errno = ECONNRESET;
		/* fall through */
	default:
		goto fail;
	}
	if (np_wire_type(msg) != NP_CPU_CALIBRATE) {
		fprintf(err, "netperf: REM_CPU: netserver answered with message type %d\n",
			(int)np_wire_type(msg));
		goto out;
	}
	np_wire_decode_cpu_calibrate_reply(msg, &rate, &ncpus);
	/* From the network: a rate and a count that make sense, or nothing. */
	if (!isfinite(rate) || rate < 0 || ncpus < 1 || ncpus > 65536) {
		fprintf(err, "netperf: REM_CPU: netserver's reply makes no sense "
			"(rate %g, %d CPUs)\n", (double)rate, (int)ncpus);
		goto out;
	}
	cpu_rate_line(out, o, rate, ncpus, "remote");
	rc = 0;
	goto out;
fail:
	fprintf(err, "netperf: REM_CPU: control connection to %s: %s\n", host, strerror(errno));
out:
	close(fd);
	return rc;
}

static int uuid(const struct np_opts *o, FILE *out, FILE *err)
{
	char u[37];

	if (o->uuid) {
		fprintf(out, "%s\n", o->uuid);
		return 0;
	}
	np_client_uuid(u);
	if (!u[0]) {
		fprintf(err, "netperf: UUID: no randomness from /dev/urandom\n");
		return 1;
	}
	fprintf(out, "%s\n", u);
	return 0;
}

const struct np_test np_test_loc_cpu = { .name = "LOC_CPU", .no_connection = true };
const struct np_test_view np_view_loc_cpu = { .test = &np_test_loc_cpu, .command = loc_cpu };
const struct np_test np_test_rem_cpu = { .name = "REM_CPU", .no_connection = true };
const struct np_test_view np_view_rem_cpu = { .test = &np_test_rem_cpu, .command = rem_cpu };
const struct np_test np_test_uuid = { .name = "UUID", .no_connection = true };
const struct np_test_view np_view_uuid = { .test = &np_test_uuid, .command = uuid };
/* A name only: -- -t/-T/-d choose the test (opts.c). */
const struct np_test np_test_omni = { .name = "OMNI", .omni = true };
