/*
 * check_metrics.c - unit tests for metrics.c: the figures netperf derives
 * from counters, on values worked out by hand.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report/metrics.h"

#define TOL 1e-9

static void assert_near(double got, double want)
{
	ck_assert_msg(fabs(got - want) <= TOL * (fabs(want) > 1 ? fabs(want) : 1),
		      "got %.12g, want %.12g", got, want);
}

static struct np_result report(double elapsed)
{
	struct np_result s;

	memset(&s, 0, sizeof(s));
	s.elapsed = elapsed;
	s.lcpu = s.rcpu = -1;
	return s;
}

START_TEST(test_rate)
{
	assert_near(np_metrics_rate(100, 4), 25);
	assert_near(np_metrics_rate(100, 0), 0);
	assert_near(np_metrics_rate(100, -1), 0);
}
END_TEST

/* TCP_STREAM: the headline is what netserver received, in 10^6 bits. */
START_TEST(test_stream_send)
{
	struct np_result s = report(2.0);

	s.local.bytes_sent = 2600000000u;
	s.remote.bytes_recv = 2500000000u;
	np_metrics_derive(&np_test_tcp_stream, 'm', 0, &s);
	assert_near(s.throughput, 2500000000.0 * 8 / 2 / 1e6);     /* 10000 */
	assert_near(s.local_tput, 2600000000.0 * 8 / 2 / 1e6);
	assert_near(s.remote_tput, s.throughput);
	assert_near(s.bits_per_s, 1e10);                /* -J's fixed unit */
	assert_near(s.trans_per_s, 0);
	assert_near(s.lsd, -1);
	assert_near(s.rsd, -1);
	/* G: 2^30 bytes. */
	np_metrics_derive(&np_test_tcp_stream, 'G', 0, &s);
	assert_near(s.throughput, 2500000000.0 / 2 / 1073741824.0);
	assert_near(s.bits_per_s, 1e10);                /* whatever -f says */
}
END_TEST

/* TCP_MAERTS: what netperf itself received. */
START_TEST(test_stream_receive)
{
	struct np_result s = report(4.0);

	s.local.bytes_recv = 4000000;
	s.remote.bytes_sent = 9999999;
	np_metrics_derive(&np_test_tcp_maerts, 'k', 0, &s);
	assert_near(s.throughput, 4000000.0 * 8 / 4 / 1e3);       /* 8000 */
	assert_near(s.bits_per_s, 8e6);
}
END_TEST

/* RR: transactions per second, the round trip with burst + 1 in flight,
 * and with a bit unit the bytes both ways netserver counted. */
START_TEST(test_rr)
{
	struct np_result s = report(2.0);

	s.local.trans = 20000;
	s.local.bytes_sent = 20000 * 64;
	s.local.bytes_recv = 20000 * 128;
	s.remote.bytes_recv = 20000 * 64;
	s.remote.bytes_sent = 20000 * 128;
	np_metrics_derive(&np_test_udp_rr, 'x', 0, &s);
	assert_near(s.throughput, 10000);
	assert_near(s.trans_rate, 10000);
	assert_near(s.transaction_rate, 10000);
	assert_near(s.trans_per_s, 10000);
	assert_near(s.bits_per_s, 10000.0 * (64 + 128) * 8);   /* both ways, 'x' or not */
	assert_near(s.rt_latency, 100);            /* us */
	assert_near(s.tput_out, 10000.0 * 64 * 8 / 1e6);
	assert_near(s.tput_in, 10000.0 * 128 * 8 / 1e6);
	np_metrics_derive(&np_test_udp_rr, 'x', 3, &s);
	assert_near(s.rt_latency, 400);            /* four in flight */
	np_metrics_derive(&np_test_tcp_crr, 'x', 3, &s);
	assert_near(s.rt_latency, 100);            /* TCP_CRR: no burst */
	np_metrics_derive(&np_test_tcp_rr, 'm', 0, &s);
	assert_near(s.throughput, 10000.0 * (64 + 128) * 8 / 1e6);
}
END_TEST

/* Service demand: util% * 10000 / work per second * CPUs. */
START_TEST(test_service_demand)
{
	struct np_counters c = { .bytes_sent = 1024 * 1000, .trans = 500 };

	/* 1000 KB in 1 s at 50 % of 4 CPUs: 2000 us per KB. */
	assert_near(np_metrics_service_demand('m', &c, 1.0, 50, 4), 2000);
	/* 500 transactions in 2 s at 25 % of 2 CPUs: 2000 us each. */
	assert_near(np_metrics_service_demand('x', &c, 2.0, 25, 2), 2000);
	assert_near(np_metrics_service_demand('m', &c, 1.0, -1, 4), -1);
	assert_near(np_metrics_service_demand('m', &c, 0, 50, 4), -1);
	c.bytes_sent = 0;
	assert_near(np_metrics_service_demand('m', &c, 1.0, 50, 4), -1);
}
END_TEST

START_TEST(test_derive_cpu)
{
	struct np_result s = report(1.0);

	s.local.bytes_sent = 1024 * 1000;
	s.remote.bytes_recv = 1024 * 1000;
	s.lcpu = 10;
	s.lcpu_more.count = 8;
	s.rcpu = 20;
	s.rcpu_more.count = 2;
	np_metrics_derive(&np_test_tcp_stream, 'm', 0, &s);
	assert_near(s.lsd, 10 * 10000.0 / 1000 * 8);
	assert_near(s.rsd, 20 * 10000.0 / 1000 * 2);
}
END_TEST

/* Means over iterations, and netperf's rule: met when the throughput's
 * interval (and, without -r, both CPU figures') is within the width. */
START_TEST(test_tally)
{
	const double tput[] = { 100, 100.1, 99.9 };
	const struct np_confidence_rule rule = { true, 99, 5, false };
	const struct np_confidence_rule off = { false, 99, 5, false };
	struct np_tally t, u;
	struct np_result s = report(1.0), r;

	memset(&t, 0, sizeof(t));
	memset(&u, 0, sizeof(u));
	for (int i = 0; i < 3; i++) {
		s.throughput = tput[i];
		s.elapsed = 1.0 + i;
		np_tally_add(&t, &rule, &s);
		np_tally_add(&u, &off, &s);
	}
	memset(&r, 0, sizeof(r));
	np_tally_fill(&t, &rule, &r);
	assert_near(r.throughput, 100);
	assert_near(r.elapsed, 2);
	assert_near(r.lcpu, -1);
	ck_assert_int_eq(r.iterations, 3);
	ck_assert(r.conf_met);
	assert_near(r.conf_level_used, 99);
	/* Full width 2 t sqrt(var / (n - 1)) / mean, in percent, with the
	 * population variance 0.02 / 3 and t(99 %, 2) = 9.925: 1.146 %. */
	ck_assert_msg(fabs(r.conf_tput - 200 * 9.925 * sqrt(0.02 / 3 / 2) / 100) < 0.001,
		      "width %.6f", r.conf_tput);
	/* {99, 100, 101} is 11.5 % wide: not met at 5 %. */
	memset(&t, 0, sizeof(t));
	for (int i = 0; i < 3; i++) {
		s.throughput = 99 + i;
		np_tally_add(&t, &rule, &s);
	}
	ck_assert(!t.met);
	np_tally_fill(&u, &off, &r);
	assert_near(r.conf_level_used, -1);
	ck_assert(!r.conf_met);
}
END_TEST

/* -J's figures: each iteration kept in order, each figure's mean,
 * sample deviation and interval (t * s / sqrt(n), netperf's half-width),
 * and the fixed-unit means. */
START_TEST(test_tally_iterations)
{
	const double tput[] = { 100, 100.1, 99.9 }, cpu[] = { 10, 11, 12 };
	const struct np_confidence_rule rule = { true, 99, 5, false };
	const struct np_confidence_rule off = { false, 99, 5, false };
	const double t2 = np_student_t(99, 2);
	struct np_tally t, u;
	struct np_result s = report(1.0), r;

	memset(&t, 0, sizeof(t));
	memset(&u, 0, sizeof(u));
	for (int i = 0; i < 3; i++) {
		s.elapsed = 1.0 + i;
		s.throughput = tput[i];
		s.bits_per_s = tput[i] * 1e6;
		s.trans_per_s = 7 + i;
		s.lcpu = cpu[i];
		np_tally_add(&t, &rule, &s);
		np_tally_add(&u, &off, &s);
	}
	memset(&r, 0, sizeof(r));
	np_tally_fill(&t, &rule, &r);
	for (int i = 0; i < 3; i++) {
		assert_near(r.iter[i].elapsed, 1.0 + i);
		assert_near(r.iter[i].throughput, tput[i]);
		assert_near(r.iter[i].bits_per_s, tput[i] * 1e6);
		assert_near(r.iter[i].trans_per_s, 7 + i);
		assert_near(r.iter[i].lcpu, cpu[i]);
		assert_near(r.iter[i].rcpu, -1);
	}
	assert_near(r.bits_per_s, 100e6);
	assert_near(r.trans_per_s, 8);
	assert_near(r.conf_t, t2);
	assert_near(r.conf_t, 9.924843200918);          /* t(99 %, 2 df) */
	/* Throughput {100, 100.1, 99.9}: s = 0.1. */
	assert_near(r.tput_spread.mean, 100);
	assert_near(r.tput_spread.stddev, 0.1);
	assert_near(r.tput_spread.half, t2 * 0.1 / sqrt(3));
	assert_near(r.tput_spread.half_pct, 100 * t2 * 0.1 / sqrt(3) / 100);
	assert_near(2 * r.tput_spread.half_pct, r.conf_tput);   /* the WARNING's full width */
	/* CPU {10, 11, 12}: s = 1; its interval is 2.866 wide around 11. */
	assert_near(r.lcpu_spread.mean, 11);
	assert_near(r.lcpu_spread.stddev, 1);
	assert_near(r.lcpu_spread.half, t2 / sqrt(3));
	assert_near(r.lcpu_spread.half_pct, 100 * t2 / sqrt(3) / 11);
	/* Unmeasured: a constant -1, no spread. */
	assert_near(r.rcpu_spread.mean, -1);
	assert_near(r.rcpu_spread.stddev, 0);
	assert_near(r.rcpu_spread.half, 0);
	/* Without -i/-I: the deviation all the same, no interval. */
	np_tally_fill(&u, &off, &r);
	assert_near(r.conf_t, 0);
	assert_near(r.tput_spread.stddev, 0.1);
	assert_near(r.tput_spread.half, 0);
	assert_near(r.tput_spread.half_pct, 0);
	/* One iteration: no deviation either. */
	memset(&u, 0, sizeof(u));
	np_tally_add(&u, &rule, &s);
	np_tally_fill(&u, &rule, &r);
	assert_near(r.conf_t, 0);
	assert_near(r.tput_spread.mean, 99.9);
	assert_near(r.tput_spread.stddev, 0);
	/* Past NP_ITERATIONS_MAX the figures still count; the first are kept. */
	memset(&u, 0, sizeof(u));
	for (int i = 0; i < NP_ITERATIONS_MAX + 2; i++) {
		s.throughput = i;
		np_tally_add(&u, &off, &s);
	}
	np_tally_fill(&u, &off, &r);
	ck_assert_int_eq(r.iterations, NP_ITERATIONS_MAX + 2);
	assert_near(r.iter[NP_ITERATIONS_MAX - 1].throughput, NP_ITERATIONS_MAX - 1);
	assert_near(r.tput_spread.mean, (NP_ITERATIONS_MAX + 1) / 2.0);
}
END_TEST

/* Other processes' CPU in each iteration's row: on two hosts each end's
 * figure as it came; on one host, the other end's own time (its session
 * seen from here, or netperf seen from netserver) is not "another
 * process"; the busiest is never the other end's session. */
START_TEST(test_tally_others)
{
	const struct np_confidence_rule off = { false, 99, 5, false };
	struct np_tally t;
	struct np_result s = report(1.0), r;
	struct np_others *l = &s.local_others, *rm = &s.remote_others;

	*l = (struct np_others){ .others_us = 1500000, .own_us = 400000, .seconds = 2.0,
				 .pid = 100 };
	l->top[0] = (struct np_other_top){ "netserver", 200, 900000 };
	l->top[1] = (struct np_other_top){ "stress-ng", 300, 500000 };
	*rm = (struct np_others){ .others_us = 1000000, .own_us = 900000, .seconds = 2.0,
				  .pid = 200 };
	np_boot_id_parse("11111111-2222-3333-4444-555555555555", &s.local_boot);
	np_boot_id_parse("66666666-2222-3333-4444-555555555555", &s.remote_boot);
	memset(&t, 0, sizeof(t));
	np_tally_add(&t, &off, &s);          /* two hosts */
	s.remote_boot = s.local_boot;
	np_tally_add(&t, &off, &s);          /* one host */
	*rm = NP_OTHERS_UNKNOWN;
	np_tally_add(&t, &off, &s);          /* netserver 2.7.1: nothing from it */
	np_tally_fill(&t, &off, &r);
	assert_near(r.iter[0].lothers, 0.75);
	assert_near(r.iter[0].rothers, 0.5);
	ck_assert_str_eq(r.iter[0].lothers_top, "netserver");   /* another host's: a process here */
	/* One host: netperf's own time comes off netserver's figure.  Not
	 * the other way round: what netserver says its session took, or
	 * which pid it names, never takes anything off netperf's figure
	 * (a hostile one could name a spinner's pid and its time, and so
	 * hide the spinner).
	 * Leaving the session out is the probe's, which finds it by its pid
	 * and start (np_others_account; check_cpu). */
	assert_near(r.iter[1].lothers, 0.75);
	assert_near(r.iter[1].rothers, (1.0 - 0.4) / 2);
	ck_assert_str_eq(r.iter[1].lothers_top, "netserver");
	ck_assert_int_eq(r.iter[1].lothers_top_pid, 200);
	assert_near(r.iter[1].lothers_top_cpus, 0.45);
	assert_near(r.iter[2].lothers, 0.75);
	assert_near(r.iter[2].rothers, -1);
}
END_TEST

START_TEST(test_tally_cpu_blocks)
{
	const struct np_confidence_rule rule = { true, 95, 5, false };
	const struct np_confidence_rule only = { true, 95, 5, true };
	struct np_tally t, u;
	struct np_result s = report(1.0);
	const double cpu[] = { 10, 50, 90 };

	memset(&t, 0, sizeof(t));
	memset(&u, 0, sizeof(u));
	for (int i = 0; i < 3; i++) {
		s.throughput = 100;
		s.lcpu = cpu[i];
		np_tally_add(&t, &rule, &s);
		np_tally_add(&u, &only, &s);
	}
	ck_assert(!t.met);            /* the local CPU varies too much */
	ck_assert(u.met);             /* -r: the throughput alone */
}
END_TEST

/*
 * --flows: three flows' figures, worked by hand.  Rates are sums of
 * binary fractions, so the SUM's must be exact.  Local work: 2500 KB
 * sent and 500 KB received, 6000 transactions; elapsed 9.5, 10, 10.5
 * (mean 10 s).  Local CPU measured by flows 0 and 2 (20 % and 40 %),
 * remote CPU by none.
 */
static void three_flows(struct np_result f[3])
{
	static const struct np_counters local[3] = {
		{ 1024 * 500, 1, 1024 * 100, 2, 1000, 1, 0, 10, 4, 1, NP_POLL_SPIN },
		{ 1024 * 1000, 3, 1024 * 200, 4, 2000, 0, 2, 20, 5, 2, NP_POLL_NAPI },
		{ 1024 * 1000, 5, 1024 * 200, 6, 3000, 2, 1, 30, 6, 3, 0 },
	};
	static const struct np_counters remote[3] = {
		{ 100, 11, 200, 12, 13, 14, 15, 0, 0, 0, 0 },
		{ 300, 21, 400, 22, 23, 24, 25, 0, 0, 0, 0 },
		{ 500, 31, 600, 32, 33, 34, 35, 0, 0, 0, 0 },
	};
	static const double tput[3] = { 100.5, 200.25, 300.125 };
	static const double el[3] = { 9.5, 10.0, 10.5 };
	static const double rtt[3] = { 100, 200, 600 };
	static const double lcpu[3] = { 20, -1, 40 };

	for (int i = 0; i < 3; i++) {
		f[i] = report(el[i]);
		f[i].local = local[i];
		f[i].remote = remote[i];
		f[i].throughput = tput[i];
		f[i].local_tput = i + 1;
		f[i].remote_tput = i + 4;
		f[i].trans_rate = 100.0 * (i + 1);
		f[i].transaction_rate = f[i].trans_per_s = 100.0 * (i + 1);
		f[i].bits_per_s = 2.0 + 2 * i;
		f[i].tput_out = 0.5 / (1 << i);
		f[i].tput_in = 1.5 + i;
		f[i].rt_latency = rtt[i];
		f[i].lcpu = lcpu[i];
		f[i].lsd = f[i].rsd = 12345;   /* per-flow figures the SUM redoes */
		f[i].lcpu_more.count = i == 0 ? 4 : 8;
		f[i].rcpu_more.count = i == 0 ? 3 : 16;
		f[i].send_size = i == 0 ? 16384 : 1;
		f[i].mss = i == 0 ? 1448 : 9000;
		f[i].lss = i == 0 ? 87380 : 3;
		f[i].iterations = i == 0 ? 1 : 7;
		f[i].lcpu_method = i == 0 ? 'S' : 'U';
	}
}

static void assert_counters(const struct np_counters *c, uint64_t bytes_sent,
			    uint64_t send_calls, uint64_t bytes_recv, uint64_t recv_calls,
			    uint64_t trans, uint64_t failed_sends, uint64_t timeouts)
{
	ck_assert_uint_eq(c->bytes_sent, bytes_sent);
	ck_assert_uint_eq(c->send_calls, send_calls);
	ck_assert_uint_eq(c->bytes_recv, bytes_recv);
	ck_assert_uint_eq(c->recv_calls, recv_calls);
	ck_assert_uint_eq(c->trans, trans);
	ck_assert_uint_eq(c->failed_sends, failed_sends);
	ck_assert_uint_eq(c->timeouts, timeouts);
}

START_TEST(test_sum_flows)
{
	struct np_result f[3], s;

	three_flows(f);
	np_metrics_sum(f, 3, 'm', &s);
	/* Every counter adds up. */
	assert_counters(&s.local, 1024 * 2500, 9, 1024 * 500, 12, 6000, 3, 3);
	/* netperf-ng's own counts add up; the busy-poll bits of each flow
	 * all show. */
	ck_assert_uint_eq(s.local.syscalls, 60);
	ck_assert_uint_eq(s.local.zc_sends, 15);
	ck_assert_uint_eq(s.local.zc_copied, 6);
	ck_assert_uint_eq(s.local.poll, NP_POLL_SPIN | NP_POLL_NAPI);
	assert_counters(&s.remote, 900, 63, 1200, 66, 69, 72, 75);
	/* Every rate adds up, exactly. */
	ck_assert_double_eq(s.throughput, 600.875);
	ck_assert_double_eq(s.local_tput, 6);
	ck_assert_double_eq(s.remote_tput, 15);
	ck_assert_double_eq(s.trans_rate, 600);
	ck_assert_double_eq(s.transaction_rate, 600);
	ck_assert_double_eq(s.trans_per_s, 600);
	ck_assert_double_eq(s.bits_per_s, 12);
	ck_assert_double_eq(s.tput_out, 0.875);
	ck_assert_double_eq(s.tput_in, 7.5);
	/* Time and round trip: the means. */
	ck_assert_double_eq(s.elapsed, 10);
	ck_assert_double_eq(s.rt_latency, 300);
	/* CPU: the mean of the flows that measured it, -1 for none. */
	ck_assert_double_eq(s.lcpu, 30);
	ck_assert_double_eq(s.rcpu, -1);
	/* 3000 KB in 10 s at 30 % of flow 0's 4 CPUs: 30 * 10^4 / 300 * 4. */
	assert_near(s.lsd, 4000);
	assert_near(s.lsd, np_metrics_service_demand('m', &s.local, s.elapsed, s.lcpu,
						      s.lcpu_more.count));
	ck_assert_double_eq(s.rsd, -1);
	/* The rest is flow 0's. */
	ck_assert_int_eq(s.send_size, 16384);
	ck_assert_int_eq(s.mss, 1448);
	ck_assert_int_eq(s.lss, 87380);
	ck_assert_int_eq(s.iterations, 1);
	ck_assert_int_eq(s.lcpu_method, 'S');
	ck_assert_int_eq(s.lcpu_more.count, 4);
	ck_assert_int_eq(s.rcpu_more.count, 3);
	/* The flows themselves are left alone. */
	ck_assert_double_eq(f[1].throughput, 200.25);
	ck_assert_uint_eq(f[2].local.trans, 3000);
}
END_TEST

/* 'x': service demand per transaction, both sides. */
START_TEST(test_sum_flows_trans)
{
	struct np_result f[3], s;

	three_flows(f);
	f[0].rcpu = -1;
	f[1].rcpu = 10;
	f[2].rcpu = -1;
	np_metrics_sum(f, 3, 'x', &s);
	ck_assert_double_eq(s.lcpu, 30);
	ck_assert_double_eq(s.rcpu, 10);
	/* 6000 transactions in 10 s: 30 % of 4 CPUs is 30 * 10^4 / 600 * 4
	 * = 2000 us each; remote 10 % of the 16 CPUs of flow 1, the first
	 * (and only) flow that measured it: 10 * 10^4 / 600 * 16 = 2666.67. */
	assert_near(s.lsd, 2000);
	assert_near(s.rsd, 10.0 * 10000.0 / 600.0 * 16.0);
	ck_assert_int_eq(s.rcpu_more.count, 16);
	assert_near(s.lsd, np_metrics_service_demand('x', &s.local, s.elapsed, s.lcpu,
						      s.lcpu_more.count));
	assert_near(s.rsd, np_metrics_service_demand('x', &s.local, s.elapsed, s.rcpu,
						      s.rcpu_more.count));
	/* Nobody measured the local CPU: -1 and no service demand. */
	f[0].lcpu = f[2].lcpu = -1;
	np_metrics_sum(f, 3, 'x', &s);
	ck_assert_double_eq(s.lcpu, -1);
	ck_assert_double_eq(s.lsd, -1);
	/* 0 % is a measurement, not a missing one. */
	f[1].lcpu = 0;
	np_metrics_sum(f, 3, 'x', &s);
	ck_assert_double_eq(s.lcpu, 0);
	ck_assert_double_eq(s.lsd, 0);
	/* No work done: no service demand, whatever the CPU. */
	for (int i = 0; i < 3; i++)
		memset(&f[i].local, 0, sizeof(f[i].local));
	np_metrics_sum(f, 3, 'x', &s);
	ck_assert_double_eq(s.rcpu, 10);
	ck_assert_double_eq(s.rsd, -1);
}
END_TEST

/* One flow: its own figures back, as np_metrics_derive made them. */
START_TEST(test_sum_one_flow)
{
	struct np_result f = report(2.0), s;

	f.local.trans = 20000;
	f.local.bytes_sent = 20000 * 64;
	f.local.bytes_recv = 20000 * 128;
	f.remote.bytes_recv = 20000 * 64;
	f.remote.bytes_sent = 20000 * 128;
	f.remote.trans = 20000;
	f.local.send_calls = f.local.recv_calls = 20000;
	f.local.timeouts = 3;
	f.lcpu = 12.5;
	f.lcpu_more.count = 8;
	f.rcpu = 7;
	f.rcpu_more.count = 2;
	f.mss = 1448;
	for (int k = 0; k < 2; k++) {
		const char unit = "mx"[k];

		np_metrics_derive(&np_test_tcp_rr, unit, 1, &f);
		np_metrics_sum(&f, 1, unit, &s);
		ck_assert(memcmp(&s.local, &f.local, sizeof(s.local)) == 0);
		ck_assert(memcmp(&s.remote, &f.remote, sizeof(s.remote)) == 0);
		ck_assert_double_eq(s.throughput, f.throughput);
		ck_assert_double_eq(s.local_tput, f.local_tput);
		ck_assert_double_eq(s.remote_tput, f.remote_tput);
		ck_assert_double_eq(s.trans_rate, f.trans_rate);
		ck_assert_double_eq(s.transaction_rate, f.transaction_rate);
		ck_assert_double_eq(s.tput_out, f.tput_out);
		ck_assert_double_eq(s.tput_in, f.tput_in);
		ck_assert_double_eq(s.elapsed, f.elapsed);
		ck_assert_double_eq(s.rt_latency, f.rt_latency);
		ck_assert_double_eq(s.lcpu, f.lcpu);
		ck_assert_double_eq(s.rcpu, f.rcpu);
		ck_assert_double_eq(s.lsd, f.lsd);
		ck_assert_double_eq(s.rsd, f.rsd);
		ck_assert_int_eq(s.mss, 1448);
	}
	/* The figures by hand for 'x' (the last derived): 10000 Tr/s, two in
	 * flight, 12.5 % of 8 CPUs = 100 us/Tr, 7 % of 2 CPUs = 14 us/Tr. */
	assert_near(s.trans_rate, 10000);
	assert_near(s.rt_latency, 200);
	assert_near(s.lsd, 100);
	assert_near(s.rsd, 14);
}
END_TEST

/* -j: the figures in microseconds from nanosecond round trips.  min,
 * max, mean and deviation are exact; a percentile is its bucket's low
 * edge, less than 1/64 below the value. */
START_TEST(test_latency)
{
	struct np_hist *h = malloc(sizeof(*h));
	struct np_result s = report(1.0);

	ck_assert_ptr_nonnull(h);
	np_hist_init(h);
	np_metrics_latency(h, &s);
	ck_assert(!s.latency);
	for (int i = 1; i <= 100; i++)
		np_hist_add(h, (uint64_t)i * 1000);   /* 1..100 us */
	np_metrics_latency(h, &s);
	ck_assert(s.latency);
	ck_assert_int_eq(s.lat_min, 1);
	ck_assert_int_eq(s.lat_max, 100);
	ck_assert(s.lat_p50 >= 49 && s.lat_p50 <= 50);
	ck_assert(s.lat_p90 >= 88 && s.lat_p90 <= 90);
	ck_assert(s.lat_p99 >= 97 && s.lat_p99 <= 99);
	assert_near(s.lat_mean, 50.5);
	assert_near(s.lat_stddev, sqrt(101.0 * 100.0 / 12.0));  /* sample s.d. of 1..100 */
	free(h);
}
END_TEST

static Suite *metrics_suite(void)
{
	Suite *s = suite_create("metrics");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_rate);
	tcase_add_test(tc, test_stream_send);
	tcase_add_test(tc, test_stream_receive);
	tcase_add_test(tc, test_rr);
	tcase_add_test(tc, test_service_demand);
	tcase_add_test(tc, test_derive_cpu);
	tcase_add_test(tc, test_tally);
	tcase_add_test(tc, test_tally_iterations);
	tcase_add_test(tc, test_tally_others);
	tcase_add_test(tc, test_tally_cpu_blocks);
	tcase_add_test(tc, test_sum_flows);
	tcase_add_test(tc, test_sum_flows_trans);
	tcase_add_test(tc, test_sum_one_flow);
	tcase_add_test(tc, test_latency);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(metrics_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
