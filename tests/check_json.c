/*
 * check_json.c - unit tests for json.c: -J's object rendered from fixed
 * reports, parsed back with jansson and checked member by member (the
 * layout doc/json.md describes; tests/json.test validates real runs
 * against the schema).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L	/* open_memstream */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "base/version.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "cli/say.h"
#include "report/json.h"
#include "report/report.h"
#include "stats/hist.h"
#include "run/test.h"

/* An iteration's figures, its placement unknown (as from netserver 2.7.1). */
#define ITER(el, tput, bps, tps, lc, rc) \
	((struct np_iteration){ .elapsed = (el), .throughput = (tput), .bits_per_s = (bps), \
				.trans_per_s = (tps), .lcpu = (lc), .rcpu = (rc), \
				.local_at = NP_PLACEMENT_UNKNOWN, \
				.remote_at = NP_PLACEMENT_UNKNOWN, .shared = -1 })

static void assert_near(double got, double want)
{
	ck_assert_msg(fabs(got - want) <= 1e-9 * (fabs(want) > 1 ? fabs(want) : 1),
		      "got %.15g, want %.15g", got, want);
}

/* A TCP_STREAM run as np_client_run leaves it: one iteration of 2 s,
 * 2.5e9 bytes received by netserver, in 10^6bits/s. */
static struct np_opts opts;
static struct np_plan plan;

static struct np_report base(void)
{
	struct np_report r;
	struct np_result *s = &r.res;

	memset(&r, 0, sizeof(r));
	memset(&opts, 0, sizeof(opts));
	memset(&plan, 0, sizeof(plan));
	r.o = plan.o = &opts;
	r.plan = &plan;
	opts.test = plan.test = &np_test_tcp_stream;
	r.unit = 'm';
	r.command_line = "netperf -J -H 192.0.2.1 -l 2";
	r.uuid = "c5b6c1a2-1111-4222-8333-444455556666";
	r.ctl_host = "192.0.2.1";
	opts.port = 12865;
	opts.family = AF_UNSPEC;
	plan.lname = "0.0.0.0";
	strcpy(plan.laddr, "0.0.0.0");
	plan.family = AF_INET;
	plan.rname = "192.0.2.1";
	strcpy(plan.raddr, "192.0.2.1");
	opts.length = 2;
	opts.iter_max = opts.iter_min = 1;
	opts.flows = 1;
	opts.lsndbuf = opts.lrcvbuf = opts.rsndbuf = -1;
	opts.rrcvbuf = 65536;
	opts.req_size = opts.rsp_size = 1;
	r.sysname = "Linux";
	r.release = "6.1.0-test";
	r.version = "#1 SMP";
	r.machine = "x86_64";
	r.local_cpus = 4;
	s->elapsed = 2.0;
	s->local.bytes_sent = 2600000000u;
	s->local.send_calls = 158692;
	s->remote.bytes_recv = 2500000000u;
	s->remote.recv_calls = 20000;
	s->throughput = 10000;     /* 10^6bits/s */
	s->bits_per_s = 1e10;
	s->send_pps = s->recv_pps = s->loss_pct = -1;
	s->lss = 16384;
	s->lss_end = 4194304;
	s->lsr = s->lsr_end = 131072;
	s->rss = s->rss_end = -1;
	s->rsr = 65536;
	s->rsr_end = 131072;
	s->send_size = 16384;
	s->rrecv_size = 131072;
	s->rsend_size = -1;
	s->mss = 1448;
	s->ltransport_retrans = 3;
	s->rtransport_retrans = -1;
	strcpy(s->lcong, "cubic");
	s->dport = 40000;
	s->lcpu = s->rcpu = s->lsd = s->rsd = -1;
	s->lcpu_method = s->rcpu_method = 'U';
	s->lcpu_more = s->rcpu_more = NP_UNMEASURED_CPU;
	s->iterations = 1;
	s->conf_level_used = -1;
	s->iter[0] = ITER(2.0, 10000, 1e10, 0, -1, -1);
	s->tput_spread = (struct np_spread){ 10000, 0, 0, 0 };
	s->lcpu_spread = s->rcpu_spread = (struct np_spread){ -1, 0, 0, 0 };
	return r;
}

/* Render, check it is one line, parse it back. */
static json_t *render(const struct np_report *r, const struct np_json_run *x)
{
	static const struct np_json_run none = { .flows = NULL };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	json_error_t e;
	json_t *o;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(np_json_print(f, r, x ? x : &none), 0);
	fclose(f);
	ck_assert_msg(len > 2 && buf[len - 1] == '\n' && memchr(buf, '\n', len - 1) == NULL,
		      "not one line: %s", buf);
	o = json_loads(buf, JSON_REJECT_DUPLICATES, &e);
	ck_assert_msg(o != NULL, "not JSON (%s at %d): %s", e.text, e.position, buf);
	ck_assert(json_is_object(o));
	free(buf);
	return o;
}

/* The member at a path of keys ("result.udp.loss_percent"); NULL when
 * one is missing. */
static json_t *at(json_t *o, const char *path)
{
	char key[128];

	while (o && *path) {
		size_t n = strcspn(path, ".");

		ck_assert(n < sizeof(key));
		memcpy(key, path, n);
		key[n] = '\0';
		o = json_object_get(o, key);
		path += n + (path[n] == '.');
	}
	return o;
}

static double num_at(json_t *o, const char *path)
{
	json_t *v = at(o, path);

	ck_assert_msg(json_is_number(v), "%s is not a number", path);
	return json_number_value(v);
}

static long long int_at(json_t *o, const char *path)
{
	json_t *v = at(o, path);

	ck_assert_msg(json_is_integer(v), "%s is not an integer", path);
	return json_integer_value(v);
}

static const char *str_at(json_t *o, const char *path)
{
	json_t *v = at(o, path);

	ck_assert_msg(json_is_string(v), "%s is not a string", path);
	return json_string_value(v);
}

static void null_at(json_t *o, const char *path)
{
	ck_assert_msg(json_is_null(at(o, path)), "%s is not null", path);
}

/* Settings, hosts, the result in fixed units, nulls for -1. */
START_TEST(test_stream)
{
	struct np_report r = base();
	json_t *o = render(&r, NULL);

	ck_assert_int_eq(int_at(o, "json_version"), NP_JSON_VERSION);
	ck_assert_str_eq(str_at(o, "test"), "TCP_STREAM");
	ck_assert_str_eq(str_at(o, "command_line"), "netperf -J -H 192.0.2.1 -l 2");
	ck_assert_str_eq(str_at(o, "headline"), "throughput_bits_per_second");
	ck_assert_ptr_null(at(o, "error"));
	ck_assert_int_eq(json_array_size(at(o, "warnings")), 0);
	/* Settings: what was asked; -1 is null. */
	ck_assert_str_eq(str_at(o, "settings.control.host"), "192.0.2.1");
	ck_assert_int_eq(int_at(o, "settings.control.port"), 12865);
	ck_assert_str_eq(str_at(o, "settings.control.family"), "AF_UNSPEC");
	ck_assert_str_eq(str_at(o, "settings.data.family"), "AF_INET");
	ck_assert_int_eq(int_at(o, "settings.length_s"), 2);
	null_at(o, "settings.length_bytes");
	null_at(o, "settings.request_size_bytes");   /* not a request/response test */
	null_at(o, "settings.socket_buffer_bytes.local_send");
	ck_assert_int_eq(int_at(o, "settings.socket_buffer_bytes.remote_recv"), 65536);
	null_at(o, "settings.confidence_level_percent");
	/* Hosts: ours in full, netserver's unknown. */
	ck_assert_str_eq(str_at(o, "local_host.release"), "6.1.0-test");
	ck_assert_int_eq(int_at(o, "local_host.cpu_count"), 4);
	ck_assert_str_eq(str_at(o, "local_host.netperf_ng_version"), PACKAGE_VERSION);
	ck_assert_str_eq(str_at(o, "local_host.netperf_compat_version"), NP_COMPAT_VERSION);
	null_at(o, "remote_host.release");
	null_at(o, "remote_host.cpu_count");
	null_at(o, "remote_host.netperf_ng_version");
	/* The result. */
	assert_near(num_at(o, "result.elapsed_s"), 2.0);
	assert_near(num_at(o, "result.throughput_bits_per_second"), 1e10);
	null_at(o, "result.transactions_per_second");
	ck_assert_int_eq(int_at(o, "result.counters.remote.bytes_received"), 2500000000LL);
	ck_assert_int_eq(int_at(o, "result.counters.local.send_calls"), 158692);
	ck_assert_int_eq(int_at(o, "result.message_size_bytes.local_send"), 16384);
	null_at(o, "result.message_size_bytes.remote_send");
	ck_assert_int_eq(int_at(o, "result.socket_buffer_bytes.local_send.final"), 4194304);
	null_at(o, "result.socket_buffer_bytes.remote_send.initial");
	ck_assert_int_eq(int_at(o, "result.data_ports.remote"), 40000);
	null_at(o, "result.data_ports.local");
	null_at(o, "result.cpu.local");
	null_at(o, "result.cpu.remote");
	ck_assert_int_eq(int_at(o, "result.tcp.mss_bytes"), 1448);
	ck_assert_int_eq(int_at(o, "result.tcp.local_retransmissions"), 3);
	null_at(o, "result.tcp.remote_retransmissions");
	ck_assert_str_eq(str_at(o, "result.tcp.local_congestion_control"), "cubic");
	null_at(o, "result.tcp.remote_congestion_control");
	null_at(o, "result.udp");
	null_at(o, "result.latency_us");
	/* One iteration, no confidence asked. */
	ck_assert_int_eq(json_array_size(at(o, "iterations")), 1);
	assert_near(num_at(json_array_get(at(o, "iterations"), 0), "throughput_bits_per_second"),
		    1e10);
	ck_assert_int_eq(int_at(o, "summary.n"), 1);
	assert_near(num_at(o, "summary.throughput_bits_per_second.mean"), 1e10);
	null_at(o, "summary.throughput_bits_per_second.stddev");
	null_at(o, "summary.throughput_bits_per_second.half_width");
	null_at(o, "summary.local_cpu_percent");
	null_at(o, "summary.confidence");
	null_at(o, "flows");
	null_at(o, "interim");
	json_decref(o);
}
END_TEST

/* The headline's spread comes in the report's unit: -f K is KB/s, and
 * the object says bits/s all the same. */
START_TEST(test_units)
{
	struct np_report r = base();
	json_t *o;

	r.unit = 'K';
	r.res.tput_spread = (struct np_spread){ 1000, 10, 0, 0 };
	r.res.iterations = 2;
	r.res.iter[1] = r.res.iter[0];
	o = render(&r, NULL);
	assert_near(num_at(o, "summary.throughput_bits_per_second.mean"), 1000 * 8 * 1024.0);
	assert_near(num_at(o, "summary.throughput_bits_per_second.stddev"), 10 * 8 * 1024.0);
	ck_assert_str_eq(str_at(o, "settings.output_unit"), "K");
	json_decref(o);
	/* 'b' is bytes too (netperf's quirk): 8 bits each. */
	r.unit = 'b';
	o = render(&r, NULL);
	assert_near(num_at(o, "summary.throughput_bits_per_second.mean"), 8000);
	json_decref(o);
}
END_TEST

/* -i 3 -I 99,5 and CPU both ends: every iteration, the spreads, t and
 * the verdict; service demand per KB. */
START_TEST(test_confidence_cpu)
{
	struct np_report r = base();
	struct np_result *s = &r.res;
	json_t *o, *it;

	opts.confidence = true;
	opts.conf_level = 99;
	opts.conf_width = 5;
	opts.iter_max = opts.iter_min = 3;
	opts.local_cpu = opts.remote_cpu = true;
	s->iterations = 3;
	for (int i = 0; i < 3; i++)
		s->iter[i] = ITER(2.0, 9990 + 10.0 * i, 9.99e9 + 1e7 * i, 0, 20 + i, 30);
	s->conf_t = 9.925;
	s->conf_met = true;
	s->conf_tput = 1.146;
	s->tput_spread = (struct np_spread){ 10000, 10, 57.3, 0.573 };
	s->lcpu_spread = (struct np_spread){ 21, 1, 5.73, 27.3 };
	s->rcpu_spread = (struct np_spread){ 30, 0, 0, 0 };
	s->lcpu = 21;
	s->rcpu = 30;
	s->lsd = 0.5;
	s->rsd = 0.75;
	s->lcpu_method = s->rcpu_method = 'S';
	s->lcpu_more = (struct np_result_cpu){ 5, 10, 1, 2, 3, 60, 1, 4 };
	s->rcpu_more = (struct np_result_cpu){ 6, 20, 0, 1, 3, 90, 0, 8 };
	o = render(&r, NULL);
	ck_assert_int_eq(json_array_size(at(o, "iterations")), 3);
	it = json_array_get(at(o, "iterations"), 2);
	ck_assert_int_eq(int_at(it, "iteration"), 3);
	assert_near(num_at(it, "throughput_bits_per_second"), 1.001e10);
	assert_near(num_at(it, "local_cpu_percent"), 22);
	assert_near(num_at(it, "remote_cpu_percent"), 30);
	ck_assert_int_eq(int_at(o, "summary.n"), 3);
	assert_near(num_at(o, "summary.throughput_bits_per_second.mean"), 1e10);
	assert_near(num_at(o, "summary.throughput_bits_per_second.stddev"), 1e7);
	assert_near(num_at(o, "summary.throughput_bits_per_second.half_width"), 5.73e7);
	assert_near(num_at(o, "summary.throughput_bits_per_second.half_width_percent"), 0.573);
	assert_near(num_at(o, "summary.local_cpu_percent.half_width_percent"), 27.3);
	assert_near(num_at(o, "summary.remote_cpu_percent.mean"), 30);
	assert_near(num_at(o, "summary.confidence.level_percent"), 99);
	assert_near(num_at(o, "summary.confidence.t"), 9.925);
	assert_near(num_at(o, "summary.confidence.width_reached_percent"), 1.146);
	ck_assert(json_is_true(at(o, "summary.confidence.met")));
	assert_near(num_at(o, "result.cpu.local.utilization_percent"), 21);
	assert_near(num_at(o, "result.cpu.local.softirq_percent"), 3);
	ck_assert_int_eq(int_at(o, "result.cpu.local.peak_cpu_id"), 1);
	ck_assert_int_eq(int_at(o, "result.cpu.remote.cpu_count"), 8);
	ck_assert_str_eq(str_at(o, "result.cpu.remote.method"), "S");
	assert_near(num_at(o, "result.cpu.local.service_demand_us_per_kb"), 0.5);
	null_at(o, "result.cpu.local.service_demand_us_per_transaction");
	/* -C measured netserver's CPUs: its count is known. */
	ck_assert_int_eq(int_at(o, "remote_host.cpu_count"), 8);
	json_decref(o);
}
END_TEST

/* UDP_STREAM: the headline is what netserver received; packets and
 * rates both ways, and the loss. */
START_TEST(test_udp_stream)
{
	struct np_report r = base();
	struct np_result *s = &r.res;
	json_t *o;

	opts.test = &np_test_udp_stream;
	s->local.send_calls = 1000;
	s->remote.recv_calls = 900;
	s->send_pps = 500;
	s->recv_pps = 450;
	s->loss_pct = 10;
	s->local_tput = 4;        /* 10^6bits/s sent */
	o = render(&r, NULL);
	ck_assert_int_eq(int_at(o, "result.udp.packets_sent"), 1000);
	ck_assert_int_eq(int_at(o, "result.udp.packets_received"), 900);
	assert_near(num_at(o, "result.udp.packets_per_second_sent"), 500);
	assert_near(num_at(o, "result.udp.packets_per_second_received"), 450);
	assert_near(num_at(o, "result.udp.loss_percent"), 10);
	assert_near(num_at(o, "result.udp.sent_bits_per_second"), 4e6);
	null_at(o, "result.tcp");
	json_decref(o);
}
END_TEST

/* UDP_RR -j: transactions/s is the headline; latency in microseconds
 * and the non-empty buckets, which add up to the count. */
START_TEST(test_rr_latency)
{
	struct np_report r = base();
	struct np_result *s = &r.res;
	struct np_hist *h = malloc(sizeof(*h));
	json_t *o, *buckets;
	uint64_t total = 0;
	size_t i;
	json_t *b;

	ck_assert_ptr_nonnull(h);
	np_hist_init(h);
	for (int k = 1; k <= 1000; k++)
		np_hist_add(h, (uint64_t)k * 1000);      /* 1..1000 us */
	opts.test = &np_test_udp_rr;
	r.unit = 'x';
	opts.req_size = 64;
	opts.rsp_size = 128;
	opts.burst = 3;
	opts.latency = true;
	s->throughput = s->trans_per_s = 25000;
	s->bits_per_s = 25000 * 192 * 8.0;
	s->tput_spread = (struct np_spread){ 25000, 0, 0, 0 };
	s->iter[0] = ITER(2.0, 25000, 25000 * 192 * 8.0, 25000, -1, -1);
	s->latency = true;
	s->hist = h;
	s->lat_mean = np_hist_mean_us(h);
	s->lat_stddev = np_hist_stddev_us(h);
	o = render(&r, NULL);
	ck_assert_str_eq(str_at(o, "headline"), "transactions_per_second");
	assert_near(num_at(o, "result.transactions_per_second"), 25000);
	assert_near(num_at(o, "summary.transactions_per_second.mean"), 25000);
	ck_assert_ptr_null(at(o, "summary.throughput_bits_per_second"));
	assert_near(num_at(json_array_get(at(o, "iterations"), 0), "transactions_per_second"),
		    25000);
	assert_near(num_at(o, "result.throughput_bits_per_second"), 25000 * 192 * 8.0);
	ck_assert_int_eq(int_at(o, "settings.request_size_bytes"), 64);
	ck_assert_int_eq(int_at(o, "settings.response_size_bytes"), 128);
	ck_assert_int_eq(int_at(o, "settings.burst"), 3);
	null_at(o, "result.udp");
	null_at(o, "result.tcp");
	ck_assert_int_eq(int_at(o, "result.latency_us.count"), 1000);
	assert_near(num_at(o, "result.latency_us.min"), 1);
	assert_near(num_at(o, "result.latency_us.max"), 1000);
	assert_near(num_at(o, "result.latency_us.mean"), 500.5);
	assert_near(num_at(o, "result.latency_us.p50"), np_hist_percentile(h, 50) / 1000.0);
	assert_near(num_at(o, "result.latency_us.p99_9"), np_hist_percentile(h, 99.9) / 1000.0);
	assert_near(num_at(o, "result.latency_us.p99_99"),
		    np_hist_percentile(h, 99.99) / 1000.0);
	ck_assert(num_at(o, "result.latency_us.p90") <= 900 &&
		  num_at(o, "result.latency_us.p90") > 900 * (1 - 1.0 / 128));
	buckets = at(o, "result.latency_us.histogram_ns.buckets");
	ck_assert(json_array_size(buckets) > 100);
	json_array_foreach(buckets, i, b) {
		json_int_t low, width, n;

		ck_assert_int_eq(json_unpack(b, "[III]", &low, &width, &n), 0);
		ck_assert(n > 0 && width >= 1 && low >= 1000 && low <= 1000000);
		total += (uint64_t)n;
	}
	ck_assert_uint_eq(total, 1000);
	json_decref(o);
	free(h);
}
END_TEST

/* An error: the message, no result, what completed; the settings. */
START_TEST(test_error)
{
	struct np_report r = base();
	const char *warn[] = { "1 of 9 requests timed out after 1 s (-e) and were sent again" };
	const struct np_json_run x = {
		.error = "connect to 192.0.2.1 port 12865: Connection refused",
		.warnings = warn, .nwarnings = 1 };
	json_t *o;

	memset(&r.res, 0, sizeof(r.res));
	r.plan = NULL;   /* the run failed before the data connection's plan */
	o = render(&r, &x);
	ck_assert_str_eq(str_at(o, "error"), "connect to 192.0.2.1 port 12865: Connection refused");
	ck_assert_str_eq(json_string_value(json_array_get(at(o, "warnings"), 0)), warn[0]);
	null_at(o, "result");
	null_at(o, "summary");
	ck_assert_int_eq(json_array_size(at(o, "iterations")), 0);
	null_at(o, "settings.data.family");
	null_at(o, "settings.data.remote_address");
	ck_assert_str_eq(str_at(o, "settings.control.host"), "192.0.2.1");
	json_decref(o);
}
END_TEST

/* --flows 2: each flow's result, numbered from 1; the result is the SUM. */
START_TEST(test_flows)
{
	struct np_report r = base();
	struct np_result f[2] = { r.res, r.res };
	const struct np_json_run x = { .flows = f, .nflows = 2 };
	json_t *o, *a;

	f[0].bits_per_s = 4e9;
	f[1].bits_per_s = 6e9;
	opts.flows = 2;
	o = render(&r, &x);
	a = at(o, "flows");
	ck_assert_int_eq(json_array_size(a), 2);
	ck_assert_int_eq(int_at(json_array_get(a, 1), "flow"), 2);
	assert_near(num_at(json_array_get(a, 0), "throughput_bits_per_second"), 4e9);
	assert_near(num_at(json_array_get(a, 1), "throughput_bits_per_second"), 6e9);
	assert_near(num_at(o, "result.throughput_bits_per_second"), 1e10);
	ck_assert_int_eq(int_at(o, "settings.flows"), 2);
	json_decref(o);
}
END_TEST

/* -D: the figures in bits/s whatever -f says, and the count dropped. */
START_TEST(test_interim)
{
	struct np_report r = base();
	const struct np_interim fig[2] = { { 1, 5000, 0.5, 1700000000.25 },
					   { 1, 3000, 0.25, 1700000000.5 } };
	json_t *o, *a;

	opts.interim = 0.5;
	r.res.interim = fig;
	r.res.ninterim = 2;
	r.res.interim_dropped = 7;
	o = render(&r, NULL);
	assert_near(num_at(o, "settings.interim_s"), 0.5);
	a = at(o, "interim.figures");
	ck_assert_int_eq(json_array_size(a), 2);
	assert_near(num_at(json_array_get(a, 0), "throughput_bits_per_second"), 5e9);
	assert_near(num_at(json_array_get(a, 1), "interval_s"), 0.25);
	assert_near(num_at(json_array_get(a, 1), "end_unix_s"), 1700000000.5);
	ck_assert_int_eq(int_at(json_array_get(a, 1), "iteration"), 1);
	ck_assert_int_eq(int_at(o, "interim.dropped"), 7);
	json_decref(o);
}
END_TEST

/* What JSON cannot hold: no NaN or infinity (null), no bytes that are
 * not UTF-8 ('?'); control characters escaped by jansson. */
START_TEST(test_hostile_values)
{
	struct np_report r = base();
	json_t *o;

	r.command_line = "netperf -B \xff\xfe\tx \"q\"";
	r.ctl_host = "h\xc3\xa9";   /* UTF-8 é stays */
	r.res.elapsed = NAN;
	r.res.bits_per_s = INFINITY;
	o = render(&r, NULL);
	ck_assert_str_eq(str_at(o, "command_line"), "netperf -B ??\tx \"q\"");
	ck_assert_str_eq(str_at(o, "settings.control.host"), "h\xc3\xa9");
	null_at(o, "result.elapsed_s");
	null_at(o, "result.throughput_bits_per_second");
	json_decref(o);
}
END_TEST

/* -J's error and warnings come from say.c's log: the first error, the
 * first NP_SAY_WARNINGS warnings, each cut to NP_SAY_LINE - 1 bytes,
 * nothing once the log is let go; stderr has every line all the same,
 * -d's too (never kept). */
START_TEST(test_msg_log)
{
	static struct np_say_log log;
	char long_line[NP_SAY_LINE + 100], *buf = NULL;
	size_t len = 0;
	FILE *err = open_memstream(&buf, &len);
	struct np_opts o;

	ck_assert_ptr_nonnull(err);
	memset(&o, 0, sizeof(o));
	o.debug = true;
	memset(long_line, 'w', sizeof(long_line) - 1);
	long_line[sizeof(long_line) - 1] = '\0';
	memset(&log, 0, sizeof(log));
	np_say_keep(&log);
	ck_assert_int_eq(np_fail(err, "first %d", 1), -1);
	np_fail(err, "second");
	np_debug(&o, err, "a step");
	np_warn(err, "%s", long_line);
	for (int i = 1; i < NP_SAY_WARNINGS + 3; i++)
		np_warn(err, "warning %d", i);
	np_say_keep(NULL);
	np_fail(err, "after");
	np_warn(err, "after");
	fclose(err);
	ck_assert_str_eq(log.error, "first 1");
	ck_assert_int_eq(log.nwarnings, NP_SAY_WARNINGS);
	ck_assert_uint_eq(strlen(log.warnings[0]), NP_SAY_LINE - 1);
	ck_assert_str_eq(log.warnings[1], "warning 1");
	ck_assert_str_eq(log.warnings[NP_SAY_WARNINGS - 1], "warning 15");
	ck_assert_ptr_nonnull(strstr(buf, "netperf: first 1\nnetperf: second\n"
				     "netperf: debug: a step\nnetperf: www"));
	ck_assert_ptr_nonnull(strstr(buf, "netperf: warning 18\nnetperf: after\nnetperf: after\n"));
	free(buf);
}
END_TEST

/* "unknown": each figure null for a reason holds it, under its key; a
 * known one has none; a netserver that is not netperf-ng is named. */
START_TEST(test_unknown)
{
	struct np_report r = base();
	struct np_result *s = &r.res;
	json_t *o, *u;

	opts.local_cpu = opts.remote_cpu = true;
	r.lacks = (struct np_lacks){ .cpu = "this system has no kern.cp_times",
				     .cpu_source = "sysctl kern.cp_times",
				     .place_moves = "FreeBSD has no per-thread migration count",
				     .tcp = "no TCP counters here" };
	s->rcpu = 10;
	s->rcpu_method = 'S';
	s->local_at = (struct np_placement){ true, 0, 0, -1 };
	s->remote_at = (struct np_placement){ true, 1, 1, 0 };
	s->local_boot = s->remote_boot = (struct np_boot_id){ true, { 7 } };
	s->shared_cpu = 0;
	s->local_host.known = s->remote_host.known = true;
	s->ltransport_retrans = -1;
	s->rtransport_retrans = 0;
	s->local_others = s->remote_others = NP_OTHERS_UNKNOWN;
	s->local_others.others_us = s->remote_others.others_us = 0;
	o = render(&r, NULL);
	u = at(o, "unknown");
	ck_assert(json_is_object(u));
	ck_assert_str_eq(str_at(o, "unknown.local_cpu_utilization"),
			 "this system has no kern.cp_times");
	ck_assert_str_eq(str_at(o, "unknown.local_migrations"),
			 "FreeBSD has no per-thread migration count");
	ck_assert_str_eq(str_at(o, "unknown.local_retransmissions"), "no TCP counters here");
	ck_assert_int_eq(json_object_size(u), 3);
	null_at(o, "result.tcp.local_retransmissions");
	json_decref(o);

	/* netserver 2.7.1: what it never sends; -J's figures null. */
	s->remote_host.known = false;
	s->remote_at = NP_PLACEMENT_UNKNOWN;
	s->remote_others.others_us = -1;
	s->rtransport_retrans = -1;
	o = render(&r, NULL);
	ck_assert_ptr_nonnull(strstr(str_at(o, "unknown.remote_data_cpu"), "not netperf-ng"));
	ck_assert_ptr_nonnull(strstr(str_at(o, "unknown.remote_host"), "not netperf-ng"));
	ck_assert_ptr_nonnull(strstr(str_at(o, "unknown.remote_other_cpus"), "not netperf-ng"));
	ck_assert_str_eq(str_at(o, "unknown.remote_retransmissions"),
			 "netserver did not say why");
	ck_assert_int_eq(json_object_size(at(o, "unknown")), 7);
	json_decref(o);

	/* Everything known (Linux): an empty object. */
	r = base();
	opts.local_cpu = true;
	r.lacks = (struct np_lacks){ .cpu_source = "/proc/stat" };
	r.res.lcpu = 5;
	r.res.lcpu_method = 'S';
	r.res.local_at = r.res.remote_at = (struct np_placement){ true, 0, 0, 0 };
	r.res.local_boot = r.res.remote_boot = (struct np_boot_id){ true, { 7 } };
	r.res.shared_cpu = 1;
	r.res.local_host.known = r.res.remote_host.known = true;
	r.res.local_others = r.res.remote_others = NP_OTHERS_UNKNOWN;
	r.res.local_others.others_us = r.res.remote_others.others_us = 0;
	r.res.rtransport_retrans = 0;
	o = render(&r, NULL);
	ck_assert_int_eq(json_object_size(at(o, "unknown")), 0);
	json_decref(o);

	/* A failed run has no figures to explain. */
	r.res.lcpu_method = 'U';
	o = render(&r, &(struct np_json_run){ .error = "it failed" });
	ck_assert_int_eq(json_object_size(at(o, "unknown")), 0);
	json_decref(o);
}
END_TEST

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_stream);
	tcase_add_test(tc, test_units);
	tcase_add_test(tc, test_confidence_cpu);
	tcase_add_test(tc, test_udp_stream);
	tcase_add_test(tc, test_rr_latency);
	tcase_add_test(tc, test_error);
	tcase_add_test(tc, test_flows);
	tcase_add_test(tc, test_interim);
	tcase_add_test(tc, test_hostile_values);
	tcase_add_test(tc, test_msg_log);
	tcase_add_test(tc, test_unknown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(json_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
