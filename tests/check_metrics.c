/*
 * check_metrics.c - unit tests for metrics.c: the figures netperf derives
 * from counters, on values worked out by hand.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

#define TOL 1e-9

static void assert_near(double got, double want)
{
	ck_assert_msg(fabs(got - want) <= TOL * (fabs(want) > 1 ? fabs(want) : 1),
		      "got %.12g, want %.12g", got, want);
}

static struct np_report report(double elapsed)
{
	struct np_report s;

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
	struct np_report s = report(2.0);

	s.local.bytes_sent = 2600000000u;
	s.remote.bytes_recv = 2500000000u;
	np_metrics_derive(&np_test_tcp_stream, 'm', 0, &s);
	assert_near(s.throughput, 2500000000.0 * 8 / 2 / 1e6);     /* 10000 */
	assert_near(s.local_tput, 2600000000.0 * 8 / 2 / 1e6);
	assert_near(s.remote_tput, s.throughput);
	assert_near(s.lsd, -1);
	assert_near(s.rsd, -1);
	/* G: 2^30 bytes. */
	np_metrics_derive(&np_test_tcp_stream, 'G', 0, &s);
	assert_near(s.throughput, 2500000000.0 / 2 / 1073741824.0);
}
END_TEST

/* TCP_MAERTS: what netperf itself received. */
START_TEST(test_stream_receive)
{
	struct np_report s = report(4.0);

	s.local.bytes_recv = 4000000;
	s.remote.bytes_sent = 9999999;
	np_metrics_derive(&np_test_tcp_maerts, 'k', 0, &s);
	assert_near(s.throughput, 4000000.0 * 8 / 4 / 1e3);       /* 8000 */
}
END_TEST

/* RR: transactions per second, the round trip with burst + 1 in flight,
 * and with a bit unit the bytes both ways netserver counted. */
START_TEST(test_rr)
{
	struct np_report s = report(2.0);

	s.local.trans = 20000;
	s.local.bytes_sent = 20000 * 64;
	s.local.bytes_recv = 20000 * 128;
	s.remote.bytes_recv = 20000 * 64;
	s.remote.bytes_sent = 20000 * 128;
	np_metrics_derive(&np_test_udp_rr, 'x', 0, &s);
	assert_near(s.throughput, 10000);
	assert_near(s.trans_rate, 10000);
	assert_near(s.transaction_rate, 10000);
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
	struct np_report s = report(1.0);

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
	struct np_report s = report(1.0), r;

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

START_TEST(test_tally_cpu_blocks)
{
	const struct np_confidence_rule rule = { true, 95, 5, false };
	const struct np_confidence_rule only = { true, 95, 5, true };
	struct np_tally t, u;
	struct np_report s = report(1.0);
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
	tcase_add_test(tc, test_tally_cpu_blocks);
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
