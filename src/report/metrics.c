/*
 * metrics.c - rates, service demand and confidence from counters.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/metrics.h"

#include <math.h>
#include <string.h>

#include "base/units.h"
#include "report/test_view.h"
#include "wire/wire.h"

double np_metrics_rate(double amount, double seconds)
{
	return seconds > 0 ? amount / seconds : 0.0;
}

double np_metrics_service_demand(char unit, const struct np_counters *local,
				 double elapsed, double util, int ncpus)
{
	double work = unit == 'x' ? (double)local->trans
		    : (double)(local->bytes_sent + local->bytes_recv) / 1024.0;
	double per_sec = np_metrics_rate(work, elapsed);

	if (util < 0 || per_sec <= 0)
		return -1.0;
	return util * 10000.0 / per_sec * ncpus;
}

void np_metrics_derive_rr(const struct np_test *t, char unit, int burst, struct np_result *s)
{
	const double el = s->elapsed;
	const double bytes = (double)(s->remote.bytes_recv + s->remote.bytes_sent);
	/* -v 2's per-direction rates: 10^6bits/s under 'x'. */
	const char u = unit == 'x' ? 'm' : unit;

	s->trans_rate = np_metrics_rate((double)s->local.trans, el);
	s->throughput = unit == 'x' ? s->trans_rate
				    : np_unit_rate(np_metrics_rate(bytes, el), unit);
	s->tput_out = np_unit_rate(np_metrics_rate((double)s->local.bytes_sent, el), u);
	s->tput_in = np_unit_rate(np_metrics_rate((double)s->local.bytes_recv, el), u);
	s->bits_per_s = 8.0 * np_metrics_rate(bytes, el);
	s->rt_latency = s->trans_rate > 0 ? 1e6 / s->trans_rate *
			(1 + (t->connect_each ? 0 : burst)) : 0;
}

void np_metrics_derive_send(const struct np_test *t, char unit, int burst, struct np_result *s)
{
	(void)t;
	(void)burst;
	/* netperf sends: the headline is what netserver received. */
	s->throughput = np_unit_rate(np_metrics_rate((double)s->remote.bytes_recv, s->elapsed),
				     unit);
	s->local_tput = np_unit_rate(np_metrics_rate((double)s->local.bytes_sent, s->elapsed),
				     unit);
	s->remote_tput = s->throughput;
	s->bits_per_s = 8.0 * np_metrics_rate((double)s->remote.bytes_recv, s->elapsed);
	if (t->sock_type == SOCK_DGRAM) {
		s->send_pps = np_metrics_rate((double)s->local.send_calls, s->elapsed);
		s->recv_pps = np_metrics_rate((double)s->remote.recv_calls, s->elapsed);
		s->loss_pct = np_metrics_loss(&s->local, &s->remote);
	}
}

void np_metrics_derive_receive(const struct np_test *t, char unit, int burst,
			       struct np_result *s)
{
	(void)t;
	(void)burst;
	s->throughput = np_unit_rate(np_metrics_rate((double)s->local.bytes_recv, s->elapsed),
				     unit);
	s->bits_per_s = 8.0 * np_metrics_rate((double)s->local.bytes_recv, s->elapsed);
}

double np_metrics_loss(const struct np_counters *local, const struct np_counters *remote)
{
	if (!local->send_calls)
		return 0.0;
	return 100.0 * ((double)local->send_calls - (double)remote->recv_calls) /
	       (double)local->send_calls;
}

void np_metrics_derive(const struct np_test *t, char unit, int burst, struct np_result *s)
{
	const struct np_test_view *v = np_test_view(t);

	s->trans_rate = s->rt_latency = s->bits_per_s = 0;
	s->send_pps = s->recv_pps = s->loss_pct = -1;
	if (v && v->derive)
		v->derive(t, unit, burst, s);
	s->lsd = np_metrics_service_demand(unit, &s->local, s->elapsed, s->lcpu,
					   s->lcpu_more.count);
	s->rsd = np_metrics_service_demand(unit, &s->local, s->elapsed, s->rcpu,
					   s->rcpu_more.count);
	s->transaction_rate = s->trans_per_s = s->trans_rate;
}

static void add_counters(struct np_counters *a, const struct np_counters *b)
{
	a->bytes_sent += b->bytes_sent;
	a->send_calls += b->send_calls;
	a->bytes_recv += b->bytes_recv;
	a->recv_calls += b->recv_calls;
	a->trans += b->trans;
	a->failed_sends += b->failed_sends;
	a->timeouts += b->timeouts;
	a->syscalls += b->syscalls;
	a->zc_sends += b->zc_sends;
	a->zc_copied += b->zc_copied;
	a->poll |= b->poll;
}

/* A CPU figure over the flows that measured it (util >= 0): their mean,
 * and the CPU count of the first of them. */
struct cpu_mean {
	double total;
	int n, count;
};

static void cpu_mean_add(struct cpu_mean *m, double util, int count)
{
	if (util < 0)
		return;
	if (m->n++ == 0)
		m->count = count;
	m->total += util;
}

void np_metrics_sum(const struct np_result *flows, int n, char unit, struct np_result *sum)
{
	double elapsed = 0, rtt = 0;
	struct cpu_mean lcpu = { 0, 0, 0 }, rcpu = { 0, 0, 0 };

	*sum = flows[0];
	memset(&sum->local, 0, sizeof(sum->local));
	memset(&sum->remote, 0, sizeof(sum->remote));
	sum->throughput = sum->local_tput = sum->remote_tput = 0;
	sum->trans_rate = sum->tput_out = sum->tput_in = 0;
	sum->bits_per_s = 0;
	if (sum->send_pps >= 0)
		sum->send_pps = sum->recv_pps = 0;
	for (int i = 0; i < n; i++) {
		const struct np_result *f = &flows[i];

		add_counters(&sum->local, &f->local);
		add_counters(&sum->remote, &f->remote);
		sum->throughput += f->throughput;
		sum->local_tput += f->local_tput;
		sum->remote_tput += f->remote_tput;
		sum->trans_rate += f->trans_rate;
		sum->bits_per_s += f->bits_per_s;
		if (sum->send_pps >= 0) {
			sum->send_pps += f->send_pps;
			sum->recv_pps += f->recv_pps;
		}
		sum->tput_out += f->tput_out;
		sum->tput_in += f->tput_in;
		elapsed += f->elapsed;
		rtt += f->rt_latency;
		cpu_mean_add(&lcpu, f->lcpu, f->lcpu_more.count);
		cpu_mean_add(&rcpu, f->rcpu, f->rcpu_more.count);
	}
	sum->elapsed = elapsed / n;
	sum->rt_latency = rtt / n;
	sum->transaction_rate = sum->trans_per_s = sum->trans_rate;
	if (sum->loss_pct >= 0)
		sum->loss_pct = np_metrics_loss(&sum->local, &sum->remote);
	sum->lcpu = lcpu.n ? lcpu.total / lcpu.n : -1.0;
	sum->rcpu = rcpu.n ? rcpu.total / rcpu.n : -1.0;
	if (lcpu.n)
		sum->lcpu_more.count = lcpu.count;
	if (rcpu.n)
		sum->rcpu_more.count = rcpu.count;
	sum->lsd = np_metrics_service_demand(unit, &sum->local, sum->elapsed, sum->lcpu,
					     sum->lcpu_more.count);
	sum->rsd = np_metrics_service_demand(unit, &sum->local, sum->elapsed, sum->rcpu,
					     sum->rcpu_more.count);
}

/* One iteration's row of the tally.  Other processes' CPU: on one host
 * each end sees the other end as another process, which it is not.
 * netperf's own time, its own to say, comes off netserver's figure;
 * netserver's session was left out of netperf's by the probe itself, when
 * it is the process netserver says (client/flow.c), never by what netserver
 * says it took. */
static void iteration_of(const struct np_result *s, struct np_iteration *it)
{
	const bool one_host = np_boot_id_same(&s->local_boot, &s->remote_boot);

	*it = (struct np_iteration){
		.elapsed = s->elapsed, .throughput = s->throughput,
		.bits_per_s = s->bits_per_s, .trans_per_s = s->trans_per_s,
		.lcpu = s->lcpu, .rcpu = s->rcpu,
		.local_at = s->local_at, .remote_at = s->remote_at, .shared = s->shared_cpu,
		.lothers = np_others_cpus(&s->local_others, -1),
		.rothers = np_others_cpus(&s->remote_others, one_host ? s->local_others.own_us : -1),
	};
	const struct np_other_top *top = np_others_busiest(&s->local_others, 0);

	if (top) {
		memcpy(it->lothers_top, top->name, sizeof(it->lothers_top));
		it->lothers_top_pid = top->pid;
		it->lothers_top_cpus = s->local_others.seconds > 0
				       ? (double)top->us / 1e6 / s->local_others.seconds : 0;
	}
}

void np_tally_add(struct np_tally *t, const struct np_confidence_rule *rule,
		  const struct np_result *s)
{
	if (t->tput.n < NP_ITERATIONS_MAX)
		iteration_of(s, &t->iter[t->tput.n]);
	np_stats_add(&t->bps, s->bits_per_s);
	np_stats_add(&t->tps, s->trans_per_s);
	np_stats_add(&t->tput, s->throughput);
	np_stats_add(&t->elapsed, s->elapsed);
	np_stats_add(&t->lcpu, s->lcpu);
	np_stats_add(&t->rcpu, s->rcpu);
	np_stats_add(&t->lsd, s->lsd);
	np_stats_add(&t->rsd, s->rsd);
	if (!rule->on)
		return;
	t->half_tput = np_stats_half_width(&t->tput, rule->level);
	t->half_lcpu = np_stats_half_width(&t->lcpu, rule->level);
	t->half_rcpu = np_stats_half_width(&t->rcpu, rule->level);
	/* An unmeasured side is a constant -1: it never stands in the way. */
	t->met = np_stats_confident(&t->tput, rule->level, rule->width) &&
		 (rule->result_only ||
		  (np_stats_confident(&t->lcpu, rule->level, rule->width) &&
		   np_stats_confident(&t->rcpu, rule->level, rule->width)));
}

/* The spread of one figure: the interval's half-width is netperf's,
 * t sqrt(var / (n - 1)) with the population variance, which is the
 * sample standard deviation over sqrt(n). */
static struct np_spread spread(const struct np_stats *s, double t, double half_rel)
{
	struct np_spread sp = { np_stats_mean(s), 0, 0, 0 };

	if (s->n < 2)
		return sp;
	sp.stddev = sqrt(np_stats_var(s) * s->n / (s->n - 1));
	if (t > 0) {
		sp.half = t * sqrt(np_stats_var(s) / (s->n - 1));
		sp.half_pct = 100.0 * fabs(half_rel);
	}
	return sp;
}

void np_tally_fill(const struct np_tally *t, const struct np_confidence_rule *rule,
		   struct np_result *r)
{
	const unsigned n = t->tput.n;

	r->conf_t = rule->on && n >= 2 ? np_student_t(rule->level, n - 1) : 0;
	memcpy(r->iter, t->iter, sizeof(r->iter));
	r->tput_spread = spread(&t->tput, r->conf_t, t->half_tput);
	r->lcpu_spread = spread(&t->lcpu, r->conf_t, t->half_lcpu);
	r->rcpu_spread = spread(&t->rcpu, r->conf_t, t->half_rcpu);
	r->bits_per_s = np_stats_mean(&t->bps);
	r->trans_per_s = np_stats_mean(&t->tps);

	r->conf_met = t->met;
	r->conf_tput = 100.0 * 2.0 * t->half_tput;
	r->conf_lcpu = 100.0 * 2.0 * fabs(t->half_lcpu);
	r->conf_rcpu = 100.0 * 2.0 * fabs(t->half_rcpu);
	r->conf_level_used = rule->on ? rule->level : -1;
	r->iterations = (int)t->tput.n;

	r->elapsed = np_stats_mean(&t->elapsed);
	r->throughput = np_stats_mean(&t->tput);
	r->lcpu = np_stats_mean(&t->lcpu);
	r->rcpu = np_stats_mean(&t->rcpu);
	r->lsd = np_stats_mean(&t->lsd);
	r->rsd = np_stats_mean(&t->rsd);
}

void np_metrics_latency(const struct np_hist *h, struct np_result *s)
{
	if (!h->count)
		return;
	s->hist = h;
	s->latency = true;
	s->lat_min = (int)(h->min / 1000);
	s->lat_max = (int)(h->max / 1000);
	s->lat_p50 = (int)(np_hist_percentile(h, 50) / 1000);
	s->lat_p90 = (int)(np_hist_percentile(h, 90) / 1000);
	s->lat_p99 = (int)(np_hist_percentile(h, 99) / 1000);
	s->lat_p999 = (int)(np_hist_percentile(h, 99.9) / 1000);
	s->lat_p9999 = (int)(np_hist_percentile(h, 99.99) / 1000);
	s->lat_mean = np_hist_mean_us(h);
	s->lat_stddev = np_hist_stddev_us(h);
}
