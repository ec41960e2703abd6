/*
 * preflight.c - what netperf checks of its fast-path options before it
 * connects: whether this system has what they need, and whether they
 * make sense together (--batch, --gso, --busy-poll, -b, the sizes).
 * The fast paths themselves are mmsg.c's.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/preflight.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/sockfd.h"
#include "base/units.h"
#include "cli/opts.h"
#include "cli/say.h"
#include "run/mmsg.h"

/* Whether this kernel takes UDP_SEGMENT at all: on a socket of our own,
 * before the test.  0, or -1 with errno. */
static int gso_probe(int size)
{
	int fd = np_socket(AF_INET, SOCK_DGRAM, 0, 0), rc, e;

	if (fd < 0)
		fd = np_socket(AF_INET6, SOCK_DGRAM, 0, 0);
	if (fd < 0)
		return -1;
	rc = np_gso_set(fd, size);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

int np_preflight_check(const struct np_opts *o, FILE *err)
{
	const int32_t *params = o->test_params;
	int32_t batch, gso;

	batch = np_test_param(o->test, params, "batch");
	gso = np_test_param(o->test, params, "gso");
	if (batch > 1 && !NP_HAVE_MMSG) {
		np_fail(err, "--batch: this system has no sendmmsg(2) and recvmmsg(2)");
		return 1;
	}
	/* UDP_RR's batched loops wait in recvmmsg: they do not spin. */
	if (batch > 1 && o->test->rr && np_test_param(o->test, params, "busy-poll")) {
		np_fail(err, "--busy-poll with --batch %d: %s's batched loops do not spin; "
			"give one or the other", (int)batch, o->test->name);
		return 2;
	}
	if (batch > 1 && o->test->rr && o->burst == 0)
		np_warn(err, "--batch %d has no effect without -b: one request is in flight",
			(int)batch);
	if (gso > 0) {
		int limit;
		uint64_t segs;

		if (!HAVE_DECL_UDP_SEGMENT) {
			np_fail(err, "--gso: this build has no UDP_SEGMENT (its system headers lack it)");
			return 1;
		}
		if (gso_probe(gso) < 0) {
			np_fail(err, "--gso: this kernel has no UDP_SEGMENT (setsockopt: %s)",
				strerror(errno));
			return 1;
		}
		/* -m given, or --sweep's sizes: the segment limit is known
		 * now, before any size runs (else the run checks it once the
		 * size is). */
		for (int i = 0; i < (o->sweep.n > 0 ? o->sweep.n : 1); i++) {
			const int32_t m = o->sweep.n > 0 ? o->sweep.size[i] : o->send_size;

			segs = np_mmsg_segments(m > 0 ? (uint64_t)m : 0, (uint64_t)gso);
			if (m > 0 && (limit = np_gso_max_segments()) > 0 && segs > (uint64_t)limit) {
				np_fail(err, "--gso %d: %s %d makes %llu segments per send; this "
					"kernel takes at most %d (UDP_MAX_SEGMENTS): a larger --gso "
					"or a smaller size", (int)gso,
					o->sweep.n > 0 ? "--sweep size" : "-m", (int)m,
					(unsigned long long)segs, limit);
				return 2;
			}
		}
	}
	return 0;
}
