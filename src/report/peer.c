/*
 * peer.c - netserver's figures against what they can mean (peer.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/peer.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>

#include "cli/say.h"
#include "host/cpu.h"
#include "host/facts.h"
#include "wire/wire.h"

/* A percentage of the machine's CPU: 0..100, and a rounding's worth. */
#define PCT_MAX 101.0
/* netserver's own clock against netperf's window: its rate may differ a
 * little (NTP slews at most 500 ppm), and each reads its clock once. */
#define WINDOW(w) ((w) * 1.001 + 0.01)
/* CPUs' worth a host's processes can take, with room for the clock
 * ticks /proc rounds each process's time to. */
#define CPUS_WORTH(n) ((n) * 1.25 + 0.25)

#ifdef __GNUC__
__attribute__((format(printf, 5, 6)))
#endif
static void unknown(unsigned *warned, unsigned bit, FILE *err, const char *field,
		    const char *fmt, ...)
{
	char why[200];
	va_list ap;

	if (*warned & bit)
		return;
	*warned |= bit;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	np_warn(err, "netserver's %s %s is unknown", field, why);
}

/* A count, no faster than per_s a second of the window. */
static int count_ok(const char *field, uint64_t v, double per_s, double window, FILE *err)
{
	if ((double)v <= per_s * WINDOW(window))
		return 0;
	return np_fail(err, "bad results from netserver: %s %" PRIu64 " in %.3g s cannot be "
		       "true (more than %.3g a second)", field, v, window, per_s);
}

/* The counts the report is made of: refused when they cannot be. */
static int counts(const struct np_peer_bounds *b, const struct np_result *s, FILE *err)
{
	const struct np_counters *m = &s->remote;
	/* netperf counts a message once it is all sent: a test that ends in
	 * the middle of one has sent a part more than it counted. */
	const double sent = (double)s->local.bytes_sent * (b->udp ? 2 : 1) + NP_MAX_TCP_MSG;

	if ((double)m->bytes_recv > sent)
		return np_fail(err, "bad results from netserver: bytes_received %" PRIu64
			       " is more than netperf sent (%" PRIu64 " bytes)%s", m->bytes_recv,
			       s->local.bytes_sent, b->udp ? " twice over" : "");
	if (count_ok("bytes_received", m->bytes_recv, NP_PEER_BYTES_S, b->window, err) ||
	    count_ok("bytes_sent", m->bytes_sent, NP_PEER_BYTES_S, b->window, err) ||
	    count_ok("recv_calls", m->recv_calls, NP_PEER_CALLS_S, b->window, err) ||
	    count_ok("send_calls", m->send_calls, NP_PEER_CALLS_S, b->window, err) ||
	    count_ok("trans_received", m->trans, NP_PEER_CALLS_S, b->window, err) ||
	    count_ok("failed_sends", m->failed_sends, NP_PEER_CALLS_S, b->window, err) ||
	    count_ok("syscalls", m->syscalls, NP_PEER_CALLS_S, b->window, err) ||
	    count_ok("zc_sends", m->zc_sends, NP_PEER_CALLS_S, b->window, err))
		return -1;
	return 0;
}

static bool pct_ok(double v)
{
	return isfinite(v) && v >= 0 && v <= PCT_MAX;
}

/* The parts netserver's method has no counter for came as 0 (FreeBSD's
 * iowait, say): unknown, as this side's own would be (host/cpu.h). */
static void lacking(char method, struct np_result_cpu *c)
{
	const unsigned has = np_cpu_letter_has(method);

	if (!(has & NP_CPU_HAS_IOWAIT))
		c->iowait = NP_CPU_UNKNOWN;
	if (!(has & NP_CPU_HAS_IRQ))
		c->irq = NP_CPU_UNKNOWN;
	if (!(has & NP_CPU_HAS_SOFTIRQ))
		c->swintr = NP_CPU_UNKNOWN;
}

/* -C: netserver's CPU utilisation and what it is made of. */
static void cpu_util(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		     FILE *err)
{
	const struct np_result_cpu *c = &s->rcpu_more;
	const char *field = NULL;
	double v = 0;

	if (s->rcpu == -1.0) {         /* not measured (netperf's -1) */
		s->rcpu_method = 'U';
		s->rcpu_more = NP_UNMEASURED_CPU;
		return;
	}
	if (!pct_ok(v = s->rcpu))
		field = "cpu_util";
	else if (!pct_ok(v = c->user))
		field = "cpu_user";
	else if (!pct_ok(v = c->system))
		field = "cpu_system";
	else if (!pct_ok(v = c->iowait))
		field = "cpu_iowait";
	else if (!pct_ok(v = c->irq))
		field = "cpu_irq";
	else if (!pct_ok(v = c->swintr))
		field = "cpu_swintr";
	else if (!pct_ok(v = c->peak_util))
		field = "peak_cpu_util";
	if (field) {
		unknown(warned, NP_PEER_CPU_UTIL, err, field,
			"%g cannot be true (a share of the CPUs is 0 to 100 percent): its CPU "
			"utilisation", v);
	} else if (c->peak_id < -1 || (b->cpu_ids > 0 && c->peak_id >= b->cpu_ids)) {
		unknown(warned, NP_PEER_CPU_UTIL, err, "peak_cpu_id",
			"%d cannot be true (%s): its CPU utilisation", c->peak_id,
			c->peak_id < 0 ? "a CPU number is 0 or more"
				       : "this host's CPU numbers are below its count");
	} else if (b->cpus > 0 && c->count > b->cpus) {
		unknown(warned, NP_PEER_CPU_UTIL, err, "num_cpus",
			"%d cannot be true (the host has %d): its CPU utilisation", c->count,
			b->cpus);
	} else {
		lacking(s->rcpu_method, &s->rcpu_more);
		return;
	}
	s->rcpu = -1.0;
	s->rcpu_method = 'U';
	s->rcpu_more = NP_UNMEASURED_CPU;
}

/* Other processes' CPU time on netserver's host, and its session's own:
 * netserver's elapsed_time is their divisor. */
static void others(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		   FILE *err)
{
	struct np_others *o = &s->remote_others;
	const int cpus = b->cpus > 0 ? b->cpus : NP_FACT_MAX_CPUS;
	const double e = o->seconds;

	if (o->others_us < 0 && o->own_us < 0)
		return;
	if (e == 0) {                  /* it timed nothing: nothing to divide by */
		o->others_us = o->own_us = -1;
		return;
	}
	if (!(e > 0) || e > WINDOW(b->window)) {
		unknown(warned, NP_PEER_ELAPSED, err, "elapsed_time",
			"%g s cannot be true (netperf's request to its results took %.3g s): "
			"the other processes' CPU time on its host", e, b->window);
		o->others_us = o->own_us = -1;
		return;
	}
	if (o->others_us >= 0 && (double)o->others_us > e * 1e6 * CPUS_WORTH(cpus)) {
		unknown(warned, NP_PEER_OTHERS, err, "others_us",
			"%" PRId64 " us in %g s cannot be true (%.3g CPUs' worth on a host of %d "
			"CPUs%s): the other processes' CPU time on its host", o->others_us, e,
			(double)o->others_us / 1e6 / e, cpus, b->cpus > 0 ? "" : " at most");
		o->others_us = -1;
	}
	if (o->own_us >= 0 && (double)o->own_us > WINDOW(b->window) * 1e6 * CPUS_WORTH(cpus)) {
		unknown(warned, NP_PEER_OWN, err, "own_us",
			"%" PRId64 " us cannot be true (more than %d CPUs have in %.3g s): its "
			"session's CPU time", o->own_us, cpus, b->window);
		o->own_us = -1;
	}
}

static bool cpu_ok(int cpu, int ids)
{
	return cpu >= 0 && (ids <= 0 || cpu < ids);
}

/* Where netserver's data loop ran, and how often it moved. */
static void placement(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		      FILE *err)
{
	struct np_placement *a = &s->remote_at;
	const bool start_ok = cpu_ok(a->cpu_start, b->cpu_ids);
	const int bad = start_ok ? a->cpu_end : a->cpu_start;

	if (a->migrations > NP_PEER_MOVES_S * WINDOW(b->window)) {
		unknown(warned, NP_PEER_MIGRATIONS, err, "migrations",
			"%" PRId64 " in %.3g s cannot be true (more than one a microsecond): the count of its "
			"data loop's migrations", a->migrations, b->window);
		a->migrations = -1;
	}
	if (!a->known || (start_ok && cpu_ok(a->cpu_end, b->cpu_ids)))
		return;
	unknown(warned, NP_PEER_CPU, err, start_ok ? "cpu_end" : "cpu_start",
		"%d cannot be true (%s): where its data loop ran", bad,
		bad < 0 ? "a CPU number is 0 or more" : "this host's CPU numbers are below its count");
	*a = NP_PLACEMENT_UNKNOWN;
}

/* TCP's retransmissions on netserver's end: -1 unknown, else a count. */
static void retrans(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		    FILE *err)
{
	const int v = s->rtransport_retrans;

	if (v >= -1 && v <= NP_PEER_CALLS_S * WINDOW(b->window))
		return;
	unknown(warned, NP_PEER_RETRANS, err, "transport_retrans",
		"%d in %.3g s cannot be true (%s): its retransmissions", v, b->window,
		v < 0 ? "a count is 0 or more" : "more than one in 10 ns");
	s->rtransport_retrans = -1;
}

int np_peer_check(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		  FILE *err)
{
	if (counts(b, s, err) < 0)
		return -1;
	cpu_util(b, s, warned, err);
	retrans(b, s, warned, err);
	others(b, s, warned, err);
	placement(b, s, warned, err);
	return 0;
}
