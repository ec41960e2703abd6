/*
 * report.c - netperf 2.7.1's output, byte for byte in layout.
 *
 * The format strings are netperf's own (its nettest_bsd.c and
 * nettest_omni.c; tests/data/golden holds real 2.7.1 runs): scripts cut
 * columns out of this text, so trailing blanks and
 * widths are part of the interface.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/notes.h"
#include "report/report.h"

#include <stdlib.h>

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "base/units.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "host/facts.h"
#include "report/fields.h"
#include "report/selectors.h"
#include "report/test_view.h"
#include "report/unknown.h"
#include "report/variance.h"

/* netperf passes sizeof(char *) as the inet_ntop buffer size, so only
 * addresses of up to 7 characters are shown: "0.0.0.0", "::1", "::". */
static const char *short_addr(const char *addr)
{
	return addr && strlen(addr) <= 7 ? addr : "";
}

/* -B: appended to the figure, only when headers are off (netperf). */
static const char *brand(const struct np_report *r)
{
	return !r->headers && r->brand ? r->brand : "";
}

/* "99" as 2.7.1 names its levels, "99.9" for one it lacks. */
static void level_text(char *buf, size_t len, double level)
{
	snprintf(buf, len, level == (int)level ? "%.0f" : "%g", level);
}

void np_report_banner(FILE *out, const struct np_report *r)
{
	char level[16];
	const struct np_opts *o = r->o;
	const struct np_plan *p = r->plan;

	fprintf(out, "%s from %s (%s) port %u %s to %s (%s) port %u %s",
		p->title[0] ? p->title : o->test->title, p->lname, short_addr(p->laddr),
		(unsigned)o->data_lport, np_family_name(p->family), p->rname,
		short_addr(p->raddr), (unsigned)o->data_rport, np_family_name(p->family));
	if (o->confidence) {
		level_text(level, sizeof(level), o->conf_level);
		fprintf(out, " : +/-%.3f%% @ %2s%% conf. %s", o->conf_width / 2.0, level,
			o->result_only ? " on result only" : "");
	}
	if (o->no_control)
		fputs(" : no control", out);
	if (o->nodelay)
		fputs(" : nodelay", out);
	if (o->test->first_burst)
		fprintf(out, " : first burst %d", o->burst);
	if (o->lcpu_bind >= 0 || o->rcpu_bind >= 0)
		fputs(" : cpu bind", out);
	np_report_banner_notes(out, r);
	fputc('\n', out);
}

void np_report_confidence_warning(FILE *out, const struct np_report *r)
{
	fprintf(out,
		"!!! WARNING\n"
		"!!! Desired confidence was not achieved within the specified iterations.\n"
		"!!! This implies that there was variability in the test environment that\n"
		"!!! must be investigated before going further.\n"
		"!!! Confidence intervals: Throughput      : %4.3f%%\n"
		"!!!                       Local CPU util  : %4.3f%%\n"
		"!!!                       Remote CPU util : %4.3f%%\n",
		r->res.conf_tput, r->res.conf_lcpu, r->res.conf_rcpu);
	/* 2.7.1's lines unchanged; then what netperf-ng measured that
	 * differed between the iterations. */
	np_variance_lines(out, r);
	fputc('\n', out);
}

void np_report_begin(FILE *out, const struct np_report *r)
{
	if (r->headers)
		np_report_banner(out, r);
	fflush(out);
}

static void spread_line(FILE *out, const char *name, const struct np_spread *s,
			const char *unit, const char *level, int n, double t)
{
	fprintf(out, "%-12s %.3f +/- %.3f %s (%s%% confidence, n %d, t %.3f)\n", name, s->mean,
		s->half, unit, level, n, t);
}

static const char *shared_text(int shared)
{
	return shared < 0 ? "?" : shared ? "yes" : "no";
}

/* -v 2 with -i/-I: after all that netperf 2.7.1 prints, each iteration's
 * figures, then each mean with the half-width of its interval. */
static void iterations_block(FILE *out, const struct np_report *r)
{
	const struct np_result *s = &r->res;
	const int n = s->iterations < NP_ITERATIONS_MAX ? s->iterations : NP_ITERATIONS_MAX;
	const bool lcpu = s->lcpu_spread.mean >= 0 && s->lcpu_method != 'U';
	const bool rcpu = s->rcpu_spread.mean >= 0 && s->rcpu_method != 'U';
	char level[16], per_sec[24];

	if (!r->o->confidence || n < 1)
		return;
	level_text(level, sizeof(level), r->o->conf_level);
	snprintf(per_sec, sizeof(per_sec), "%s/s", np_unit_label(r->unit));
	fprintf(out, "\nIteration  Throughput%s%s  %-15s  %-15s  One CPU\n",
		lcpu ? "  Local CPU %" : "", rcpu ? "  Remote CPU %" : "", "netperf CPU",
		"netserver CPU");
	for (int i = 0; i < n; i++) {
		char la[32], ra[32];

		fprintf(out, "%9d  %10.2f", i + 1, s->iter[i].throughput);
		if (lcpu)
			fprintf(out, "  %11.2f", s->iter[i].lcpu);
		if (rcpu)
			fprintf(out, "  %12.2f", s->iter[i].rcpu);
		fprintf(out, "  %-15s  %-15s  %s\n",
			np_placement_text(&s->iter[i].local_at, la, sizeof(la)),
			np_placement_text(&s->iter[i].remote_at, ra, sizeof(ra)),
			shared_text(s->iter[i].shared));
	}
	spread_line(out, "Throughput", &s->tput_spread, per_sec, level, n, s->conf_t);
	if (lcpu)
		spread_line(out, "Local CPU", &s->lcpu_spread, "%", level, n, s->conf_t);
	if (rcpu)
		spread_line(out, "Remote CPU", &s->rcpu_spread, "%", level, n, s->conf_t);
}

/* One part of a facts line: the separator before it (none for the
 * first), then the part. */
#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static void fact_part(FILE *out, const char **sep, const char *fmt, ...)
{
	va_list ap;

	fputs(*sep, out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	*sep = ", ";
}

/* One side's interface: "lo: driver loopback, MTU 65536, offloads on:
 * rx-csum tx-csum tso gso gro; off: lro, 1 rx/1 tx queues", what is
 * known of it. */
static void interface_line(FILE *out, const char *side, const struct np_host_facts *h)
{
	const char *sep = ": ";

	if (!h->known || !h->ifname[0]) {
		fprintf(out, "%s interface: unknown\n", side);
		return;
	}
	fprintf(out, "%s interface %s", side, h->ifname);
	if (h->driver[0])
		fact_part(out, &sep, "driver %s%s%s%s%s%s%s", h->driver,
			  h->driver_version[0] ? " " : "", h->driver_version,
			  h->firmware[0] ? " firmware " : "", h->firmware,
			  h->bus[0] ? " at " : "", h->bus);
	if (h->mtu > 0)
		fact_part(out, &sep, "MTU %d", h->mtu);
	if (h->speed_mbps > 0)
		fact_part(out, &sep, "%d Mb/s", h->speed_mbps);
	if (h->offload_known) {
		const char *word = " on:";

		fact_part(out, &sep, "offloads");
		for (int pass = 0; pass < 2; pass++, word = "; off:") {
			const unsigned want = pass ? h->offload_known & ~h->offload_on : h->offload_on;

			if (!want)
				continue;
			fputs(word + (pass && !h->offload_on ? 1 : 0), out);
			for (int o = 0; o < NP_OFFLOADS; o++)
				if (want & (1u << o))
					fprintf(out, " %s", np_nic_offload_name((enum np_offload)o));
		}
	}
	if (h->rx_queues > 0 && h->tx_queues > 0)
		fact_part(out, &sep, "%d rx/%d tx queues", h->rx_queues, h->tx_queues);
	fputc('\n', out);
}

/* One side's host: "Linux 6.1.0 x86_64, 8 CPUs, Intel(R) Xeon(R) ...". */
static void system_line(FILE *out, const char *side, const struct np_host_facts *h)
{
	const char *sep = " ";

	fprintf(out, "%s system:", side);
	if (!h->known || (!h->sysname[0] && h->cpu_count < 1 && !h->cpu_model[0])) {
		fputs(" unknown\n", out);
		return;
	}
	if (h->sysname[0])
		fact_part(out, &sep, "%s%s%s%s%s", h->sysname, h->release[0] ? " " : "",
			  h->release, h->machine[0] ? " " : "", h->machine);
	if (h->cpu_count > 0)
		fact_part(out, &sep, "%d CPU%s", h->cpu_count, h->cpu_count == 1 ? "" : "s");
	if (h->cpu_model[0])
		fact_part(out, &sep, "%s", h->cpu_model);
	fputc('\n', out);
}

/* Where the (last iteration's) data loops ran. */
static void placement_line(FILE *out, const struct np_result *s)
{
	char la[32], ra[32];

	fprintf(out, "Data loops ran on: netperf CPU %s, netserver CPU %s; one CPU: %s\n",
		np_placement_text(&s->local_at, la, sizeof(la)),
		np_placement_text(&s->remote_at, ra, sizeof(ra)), shared_text(s->shared_cpu));
}

void np_report_host_facts(FILE *out, const struct np_report *r)
{
	fputc('\n', out);
	interface_line(out, "Local", &r->res.local_host);
	system_line(out, "Local", &r->res.local_host);
	interface_line(out, "Remote", &r->res.remote_host);
	system_line(out, "Remote", &r->res.remote_host);
	placement_line(out, &r->res);
	np_unknown_notes(out, r, 2);
}

static void selection_histogram(FILE *out, const struct np_report *r);

/* ---- The body: the classic tables, or -o/-O/-k's fields ------------------ */

/* The test's printers: a test with a data phase has them (check_opts). */
static const struct np_test_view *view(const struct np_report *r)
{
	return np_test_view(r->o->test);
}

static void table_body(FILE *out, const struct np_report *r)
{
	if (r->o->confidence && !r->res.conf_met)
		np_report_confidence_warning(out, r);
	if (r->verbosity == 0)
		view(r)->print_brief(out, r);
	else if (r->verbosity <= 2)
		view(r)->print_table(out, r);
	if (r->verbosity >= 1)
		np_report_notes(out, r);
	/* After all that 2.7.1 prints at -v 2: the iterations, then what
	 * the data ran on. */
	if (r->verbosity == 2) {
		iterations_block(out, r);
		np_report_host_facts(out, r);
	}
	fflush(out);
}

/* -o/-O/-k replace the tables and the WARNING block, as in netperf
 * 2.7.1's nettest_omni.c. */
static void fields_body(FILE *out, const struct np_report *r)
{
	np_sel_print(out, np_report_selection(r), r);
	selection_histogram(out, r);
	fflush(out);
}

char *np_report_render(np_report_printer print, const struct np_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	print(f, r);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

void np_report_prefixed(FILE *out, const char *prefix, const char *text)
{
	while (text && *text) {
		const size_t len = strcspn(text, "\n");

		if (len > 0)
			fprintf(out, "%s%.*s\n", prefix, (int)len, text);
		text += len + (text[len] == '\n');
	}
}

static void print_table(FILE *out, const struct np_report *r)
{
	view(r)->print_table(out, r);
}

static void print_selection(FILE *out, const struct np_report *r)
{
	np_sel_print(out, np_report_selection(r), r);
}

/* The SUM's data line: "SUM" over its first field, right-aligned in the
 * field's width where it fits. */
static void print_sum_line(FILE *out, const char *data)
{
	size_t lead = strspn(data, " "), end = lead + strcspn(data + lead, " \n");

	if (end >= 3)
		fprintf(out, "%*s%s", (int)end, "SUM", data + end);
	else
		fprintf(out, "SUM%s", data + end);
}

/* The SUM's selected fields, then each flow's: rows without titles, or
 * keys with a FLOWn_ prefix. */
static void fields_flows(FILE *out, const struct np_report *sum, const struct np_result *flows,
			 int n)
{
	np_sel_print(out, np_report_selection(sum), sum);
	for (int i = 0; i < n; i++) {
		struct np_report f = *sum;
		char prefix[24], *text;

		f.res = flows[i];
		f.headers = false;
		text = np_report_render(print_selection, &f);
		np_sel_prefix(np_report_selection(sum), "FLOW", i + 1, prefix, sizeof(prefix));
		np_report_prefixed(out, prefix, text);
		free(text);
	}
	fflush(out);
}

/* A many-flows run: the flows' spread and the set-up, under the SUM. */
static void many_block(FILE *out, const struct np_report *r)
{
	const struct np_many_figures *m = &r->res.many;
	const char *unit = np_unit_label(r->unit);

	if (!m->present)
		return;
	fprintf(out, "\n%d flows on %d threads, set up in %.3f s (not in the rates)\n",
		m->flows, m->threads, m->setup_s);
	fprintf(out, "Per-flow rate (%s/s): min %.2f  p10 %.2f  median %.2f  p90 %.2f  max %.2f\n", unit,
		m->rate_min, m->rate_p10, m->rate_p50, m->rate_p90, m->rate_max);
	fprintf(out, "Jain's fairness index %.4f\n", m->jain);
	if (r->res.latency)
		fprintf(out, "Transaction time (us): p50 %d  p90 %d  p99 %d  max %d\n",
			r->res.lat_p50, r->res.lat_p90, r->res.lat_p99, r->res.lat_max);
	if (m->conn)
		fprintf(out, "connect() time (us): p50 %.1f  p90 %.1f  p99 %.1f  max %.1f\n",
			m->conn_p50, m->conn_p90, m->conn_p99, m->conn_max);
	if (m->unproven)
		fprintf(out, "netserver turned away %llu connections or datagrams without the "
			"run's token\n", (unsigned long long)m->unproven);
}

static void table_flows(FILE *out, const struct np_report *sum, const struct np_result *flows,
			int n)
{
	struct np_report a = *sum;
	char *full, *data, *extra;
	size_t flen, dlen;

	if (sum->o->confidence && !sum->res.conf_met)
		np_report_confidence_warning(out, sum);
	if (sum->verbosity == 0) {
		view(sum)->print_brief(out, sum);
		fflush(out);
		return;
	}
	/* The column titles are what -P 1 adds to the -P 0 lines. */
	a.verbosity = 1;
	full = np_report_render(print_table, &a);
	a.headers = false;
	a.brand = sum->headers ? NULL : sum->brand;
	data = np_report_render(print_table, &a);
	a.verbosity = sum->verbosity;
	a.headers = sum->headers;
	extra = sum->verbosity > 1 ? np_report_render(print_table, &a) : NULL;
	if (!full || !data) {
		table_body(out, sum);
		goto out;
	}
	flen = strlen(full);
	dlen = strlen(data);
	if (flen >= dlen && strcmp(full + flen - dlen, data) == 0)
		fwrite(full, 1, flen - dlen, out);
	for (int i = 0; i < n; i++) {
		struct np_report f = a;
		char *line;

		f.res = flows[i];
		f.verbosity = 1;
		f.headers = false;
		f.brand = a.brand;
		line = np_report_render(print_table, &f);
		if (line)
			fputs(line, out);
		free(line);
	}
	print_sum_line(out, data);
	many_block(out, sum);
	/* -v 2's blocks: what it prints beyond -v 1's table, then what the
	 * data ran on (the first flow's ends). */
	if (extra && strncmp(extra, full, flen) == 0)
		fputs(extra + flen, out);
	np_report_notes(out, sum);     /* the SUM's counts */
	if (sum->verbosity == 2) {
		iterations_block(out, sum);
		np_report_host_facts(out, sum);
	}
out:
	free(full);
	free(data);
	free(extra);
	fflush(out);
}

void np_report_print(FILE *out, const struct np_report *r)
{
	np_report_begin(out, r);
	np_report_body(out, r);
}

static void table_interim(FILE *out, const struct np_report *r, const struct np_interim_line *l)
{
	(void)r;
	np_interim_text(out, l);
}

static void fields_interim(FILE *out, const struct np_report *r, const struct np_interim_line *l)
{
	np_sel_interim(out, np_report_selection(r), l);
}

/* What the body is, chosen once per report from its settings: each entry
 * point below asks body_of and nothing else. */
struct body {
	void (*one)(FILE *out, const struct np_report *r);
	void (*flows)(FILE *out, const struct np_report *sum, const struct np_result *flows, int n);
	void (*interim)(FILE *out, const struct np_report *r, const struct np_interim_line *l);
};

static const struct body tables = { table_body, table_flows, table_interim };
static const struct body fields = { fields_body, fields_flows, fields_interim };

static const struct body *body_of(const struct np_report *r)
{
	return np_report_selection(r) ? &fields : &tables;
}

void np_report_body(FILE *out, const struct np_report *r)
{
	body_of(r)->one(out, r);
}

void np_report_flows_body(FILE *out, const struct np_report *sum,
			  const struct np_result *flows, int n)
{
	body_of(sum)->flows(out, sum, flows, n);
}

void np_report_interim(FILE *out, const struct np_report *r, int n, double rate,
		       double seconds, const struct timespec *ending)
{
	const struct np_interim_line l = { n, rate, np_unit_label(r->unit), seconds,
					   (long)ending->tv_sec, ending->tv_nsec / 1000000 };

	body_of(r)->interim(out, r, &l);
	fflush(out);
}

/* A figure of the output fields (fields.h) where a classic table shows
 * one of theirs. */
static struct np_value figure(const struct np_report *r, const char *name)
{
	struct np_value v;

	np_field_value(name, r, &v);
	return v;
}

/* -v 0 with CPU prints a service demand instead of the rate: the local
 * one when -c measured it, else the remote one. */
static bool brief_local(const struct np_report *r)
{
	return r->res.lcpu_method != 'U';
}

static double brief_sd(const struct np_report *r)
{
	return brief_local(r) ? r->res.lsd : r->res.rsd;
}

/* -j (or a latency selector) at -v 2: netperf 2.7.1's histogram block
 * as its --enable-histogram build prints it, rows and widths and the
 * title each test gives it (leading blank lines and all), so that scripts
 * that read it (PerfKitBenchmarker) keep working.  Nothing when no
 * histogram was kept. */
static void histogram_block(FILE *out, const struct np_report *r, const char *title)
{
	static const char *const names[NP_HIST_DECADES] = {
		"UNIT_USEC     ", "TEN_USEC      ", "HUNDRED_USEC  ", "UNIT_MSEC     ",
		"TEN_MSEC      ", "HUNDRED_MSEC  ", "UNIT_SEC      ", "TEN_SEC       ",
	};
	const struct np_hist *h = r->res.hist;
	uint64_t rows[NP_HIST_DECADES][10], over;

	if (!h || r->verbosity < 2)
		return;
	np_hist_decades(h, rows, &over);
	fputs(title, out);
	for (int k = 0; k < NP_HIST_DECADES; k++) {
		fputs(names[k], out);
		for (int j = 0; j < 10; j++)
			fprintf(out, ": %4" PRIu64, rows[k][j]);
		fputc('\n', out);
	}
	fprintf(out, ">100_SECS: %" PRIu64 "\n", over);
	fprintf(out, "HIST_TOTAL:      %" PRIu64 "\n", h->count);
}

/* After -o/-O/-k's output, 2.7.1 titles the block by the direction. */
static void selection_histogram(FILE *out, const struct np_report *r)
{
	static const struct { const char *dir, *what; } names[] = {
		{ "Send", "send" }, { "Receive", "recv" }, { "Send|Recv", "request/response" },
		{ "Connect|Send|Recv", "connect/request/response/close" },
		{ "Connection", "connect/close" },
	};
	const char *dir = np_test_direction_name(r->o->test), *what = "request/response";
	char title[80];

	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (strcmp(dir, names[k].dir) == 0)
			what = names[k].what;

	snprintf(title, sizeof(title), "\nHistogram of %s times\n", what);
	histogram_block(out, r, title);
}

static void mss_block(FILE *out, const struct np_report *r)
{
	fprintf(out, "\nMaximum\nSegment\nSize (bytes)\n%6d\n", r->res.mss);
}

void np_report_mss_table(FILE *out, const struct np_report *r)
{
	if (r->headers)
		fputs("Maximum\nSegment\nSize (bytes)\n\n", out);
	fprintf(out, "%6d\n", r->res.mss);
}

void np_report_mss_brief(FILE *out, const struct np_report *r)
{
	fprintf(out, "%d\n", r->res.mss);
}

static const char stream_titles[] =
	"Recv   Send    Send                          \n"
	"Socket Socket  Message  Elapsed              \n"
	"Size   Size    Size     Time     Throughput  \n"
	"bytes  bytes   bytes    secs.    %s/sec  \n\n";

/* With -c/-C.  The second row names each CPU column's direction:
 * "Send Recv" for TCP_STREAM, "Recv Send" for TCP_MAERTS. */
static const char stream_cpu_titles[] =
	"Recv   Send    Send                          Utilization       Service Demand\n"
	"Socket Socket  Message  Elapsed              %s     %s     %s    %s\n"
	"Size   Size    Size     Time     Throughput  local    remote   local   remote\n"
	"bytes  bytes   bytes    secs.    %-8.8s/s  %% %c      %% %c      us/KB   us/KB\n\n";

/* TCP_STREAM and TCP_MAERTS print one table; only the side that sends
 * differs: the socket columns, the -v 2 words and whose figures. */
struct stream_view {
	int sock1, sock2, msg;          /* the three size columns */
	const char *ops1, *ops2;        /* "Sends"/"Recvs" in the -v 2 title */
	const char *dir1, *dir2;        /* "Send"/"Recv": -v 2 and CPU titles */
	const char *hist_title;         /* histogram_block's */
	/* -v 2's figures, output fields: the local side's bytes, its bytes
	 * per call and calls; the remote side's bytes per call and calls. */
	const char *bytes1, *per1, *calls1, *per2, *calls2;
};

static void stream_table(FILE *out, const struct np_report *r, const struct stream_view *v)
{
	if (!np_report_cpu(r)) {
		if (r->headers)
			fprintf(out, stream_titles, np_unit_label(r->unit));
		fprintf(out, "%6d %6d %6d    %-6.2f   %7.2f   %s\n", v->sock1, v->sock2,
			v->msg, r->res.elapsed, r->res.throughput, brand(r));
	} else {
		if (r->headers)
			fprintf(out, stream_cpu_titles, v->dir1, v->dir2, v->dir1, v->dir2,
				np_unit_label(r->unit), r->res.lcpu_method, r->res.rcpu_method);
		fprintf(out, "%6d %6d %6d    %-6.2f     %7.2f   %-6.2f   %-6.2f   %-6.3f  %-6.3f %s\n",
			v->sock1, v->sock2, v->msg, r->res.elapsed, r->res.throughput,
			r->res.lcpu, r->res.rcpu, r->res.lsd, r->res.rsd, brand(r));
	}
	if (r->verbosity < 2)
		return;
	fprintf(out, "\nAlignment      Offset         %-8.8s %-8.8s    %s   %-8.8s %s\n",
		"Bytes", "Bytes", v->ops1, "Bytes", v->ops2);
	fprintf(out, "Local  Remote  Local  Remote  Xfered   Per                 Per\n"
		"%-4s   %-4s    %-4s   %-4s             %s (avg)          %s (avg)\n",
		v->dir1, v->dir2, v->dir1, v->dir2, v->dir1, v->dir2);
	fprintf(out, "%5d   %5d  %5d   %5d %6" PRIu64 "  %6.2f    %6" PRIu64 "   %6.2f %6" PRIu64 "\n",
		8, 8, 0, 0, figure(r, v->bytes1).u, figure(r, v->per1).d, figure(r, v->calls1).u,
		figure(r, v->per2).d, figure(r, v->calls2).u);
	mss_block(out, r);
	histogram_block(out, r, v->hist_title);
}

void np_report_stream_table(FILE *out, const struct np_report *r)
{
	const struct stream_view v = {
		r->res.rsr, r->res.lss, r->res.send_size, "Sends", "Recvs", "Send", "Recv",
		"\n\nHistogram of time spent in send() call.\n", "LOCAL_BYTES_SENT",
		"LOCAL_BYTES_PER_SEND", "LOCAL_SEND_CALLS", "REMOTE_BYTES_PER_RECV",
		"REMOTE_RECV_CALLS",
	};

	stream_table(out, r, &v);
}

/* TCP_STREAM, TCP_MAERTS, TCP_RR and UDP_RR: the rate, or with CPU the
 * service demand and its method letter, then the brand slot. */
void np_report_stream_brief(FILE *out, const struct np_report *r)
{
	if (np_report_cpu(r))
		fprintf(out, "%6.3f %c %s\n", brief_sd(r),
			brief_local(r) ? r->res.lcpu_method : r->res.rcpu_method, brand(r));
	else
		fprintf(out, "%7.2f %s\n", r->res.throughput, brand(r));
}

void np_report_maerts_table(FILE *out, const struct np_report *r)
{
	/* With CPU columns netperf prints TCP_STREAM's remote-recv and
	 * local-send socket sizes here, not the MAERTS ones. */
	const struct stream_view v = {
		np_report_cpu(r) ? r->res.rsr : r->res.lsr, np_report_cpu(r) ? r->res.lss : r->res.rss, r->res.rsend_size,
		"Recvs", "Sends", "Recv", "Send", "\n\nHistogram of time spent in recv() call.\n",
		"LOCAL_BYTES_RECVD", "LOCAL_BYTES_PER_RECV", "LOCAL_RECV_CALLS",
		"REMOTE_BYTES_PER_SEND", "REMOTE_SEND_CALLS",
	};

	stream_table(out, r, &v);
}

/* With CPU each row ends in its side's utilisation and service demand,
 * and the rates lose a decimal. */
static void udp_cpu_cells(FILE *out, const struct np_report *r, double cpu, double sd)
{
	if (np_report_cpu(r))
		fprintf(out, "     %-6.2f   %-6.3f", cpu, sd);
}

void np_report_udp_stream_table(FILE *out, const struct np_report *r)
{
	const int prec = np_report_cpu(r) ? 1 : 2;

	if (r->headers && !np_report_cpu(r))
		fprintf(out,
			"Socket  Message  Elapsed      Messages                \n"
			"Size    Size     Time         Okay Errors   Throughput\n"
			"bytes   bytes    secs            #      #   %s/sec\n\n",
			np_unit_label(r->unit));
	else if (r->headers)
		fprintf(out,
			"Socket  Message  Elapsed      Messages                   CPU      Service\n"
			"Size    Size     Time         Okay Errors   Throughput   Util     Demand\n"
			"bytes   bytes    secs            #      #   %s/sec %% %c%c     us/KB\n\n",
			np_unit_label(r->unit), r->res.lcpu_method, r->res.rcpu_method);
	fprintf(out, "%6d  %6d   %-7.2f   %7" PRIu64 " %6d    %7.*f", r->res.lss,
		r->res.send_size, r->res.elapsed, r->res.local.send_calls,
		(int)r->res.local.failed_sends, prec, r->res.local_tput);
	udp_cpu_cells(out, r, r->res.lcpu, r->res.lsd);
	fprintf(out, "\n%6d           %-7.2f   %7" PRIu64 "           %7.*f", r->res.rsr,
		r->res.elapsed, r->res.remote.recv_calls, prec, r->res.remote_tput);
	udp_cpu_cells(out, r, r->res.rcpu, r->res.rsd);
	fputs("\n\n", out);
	histogram_block(out, r, "\nHistogram of time spent in send() call\n");
}

/* netperf prints the send rate here, not the received one; with CPU the
 * letter is the local method even when the figure is the remote one. */
void np_report_udp_stream_brief(FILE *out, const struct np_report *r)
{
	if (np_report_cpu(r))
		fprintf(out, "%6.2f %c\n", brief_sd(r), r->res.lcpu_method);
	else
		fprintf(out, "%7.2f\n", r->res.local_tput);
}

static void rr_titles(FILE *out, char unit)
{
	if (unit == 'x')
		fputs("Local /Remote\n"
		      "Socket Size   Request  Resp.   Elapsed  Trans.\n"
		      "Send   Recv   Size     Size    Time     Rate         \n"
		      "bytes  Bytes  bytes    bytes   secs.    per sec   \n\n", out);
	else
		fprintf(out,
			"Local /Remote\n"
			"Socket Size   Request  Resp.   Elapsed  \n"
			"Send   Recv   Size     Size    Time     Throughput \n"
			"bytes  Bytes  bytes    bytes   secs.    %s/sec   \n\n",
			np_unit_label(unit));
}

/* The RR family's CPU titles, method letters in lm and rm.  TCP_CRR's
 * bare "%      %" is the 'x' title with blanks for the letters. */
static void rr_cpu_titles(FILE *out, char unit, char lm, char rm)
{
	if (unit == 'x')
		fprintf(out,
			"Local /Remote\n"
			"Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem\n"
			"Send   Recv   Size    Size   Time    Rate     local  remote local   remote\n"
			"bytes  bytes  bytes   bytes  secs.   per sec  %% %c    %% %c    us/Tr   us/Tr\n\n",
			lm, rm);
	else
		fprintf(out,
			"Local /Remote\n"
			"Socket Size   Request Resp.  Elapsed Tput     CPU    CPU    S.dem   S.dem\n"
			"Send   Recv   Size    Size   Time    %-8.8s local  remote local   remote\n"
			"bytes  bytes  bytes   bytes  secs.   per sec  %% %c    %% %c    us/KB   us/KB\n\n",
			np_unit_label(unit), lm, rm);
}

/* TCP_RR, UDP_RR and TCP_CRR differ only in line 1's format and in the
 * CPU title.  Both line formats take the brand last (TCP_CRR's ignore
 * it): plain lss, lsr, req, rsp, elapsed, rate; CPU adds the four CPU
 * figures before it. */
struct rr_view {
	const char *line1, *cpu_line1;
	char title_unit;                /* picks the titles (TCP_CRR: always 'x') */
	char lm, rm;                    /* its method letters */
};

static void rr_rows(FILE *out, const struct np_report *r, const struct rr_view *v)
{
	if (!np_report_cpu(r)) {
		if (r->headers)
			rr_titles(out, v->title_unit);
		fprintf(out, v->line1, r->res.lss, r->res.lsr, r->o->req_size, r->o->rsp_size,
			r->res.elapsed, r->res.throughput, brand(r));
	} else {
		if (r->headers)
			rr_cpu_titles(out, v->title_unit, v->lm, v->rm);
		fprintf(out, v->cpu_line1, r->res.lss, r->res.lsr, r->o->req_size, r->o->rsp_size,
			r->res.elapsed, r->res.throughput, r->res.lcpu, r->res.rcpu, r->res.lsd, r->res.rsd, brand(r));
	}
	fprintf(out, "%-6d %-6d\n", r->res.rss, r->res.rsr);
}

/* -v 2, request/response: after everything netperf 2.7.1 prints (its
 * histogram block with -j), the mean round trip and half of it, the
 * one-way estimate that lat_udp and lat_tcp report. */
static void rr_extras(FILE *out, const struct np_report *r, const char *hist_title)
{
	histogram_block(out, r, hist_title);
	fprintf(out, "\nRound-trip latency: %.3f usec mean, one-way estimate %.3f usec\n",
		r->res.rt_latency, r->res.rt_latency / 2.0);
}

void np_report_rr_table(FILE *out, const struct np_report *r)
{
	const bool tcp = r->o->test->sock_type == SOCK_STREAM;
	/* TCP_RR's CPU line has one blank fewer after the rate. */
	const struct rr_view v = {
		"%-6d %-6d %-6d   %-6d  %-6.2f   %7.2f   %s\n",
		tcp ? "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f  %-6.2f %-6.2f %-6.3f  %-6.3f %s\n"
		    : "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f   %-6.2f %-6.2f %-6.3f  %-6.3f %s\n",
		r->unit, r->res.lcpu_method, r->res.rcpu_method,
	};
	const double rate = r->res.trans_rate;

	rr_rows(out, r, &v);
	if (r->verbosity < 2)
		return;
	if (!tcp) {
		rr_extras(out, r, "\nHistogram of request/reponse times.\n");
		return;
	}
	fprintf(out, "Alignment      Offset         RoundTrip  Trans    Throughput\n"
		"Local  Remote  Local  Remote  Latency    Rate     %-8.8s/s\n"
		"Send   Recv    Send   Recv    usec/Tran  per sec  Outbound   Inbound\n",
		np_unit_label(r->unit == 'x' ? 'm' : r->unit));
	/* netperf passes the remote offset where the remote alignment
	 * belongs, so that column reads 0. */
	fprintf(out, "%5d  %5d   %5d  %5d   %-6.3f   %-6.3f %-6.3f    %-6.3f\n",
		8, 0, 0, 0, rate > 0 ? 1e6 / rate : 0.0, rate, r->res.tput_out, r->res.tput_in);
	rr_extras(out, r, "\nHistogram of request/response times\n");
}

void np_report_rr_brief(FILE *out, const struct np_report *r)
{
	np_report_stream_brief(out, r);
}

/* No brand anywhere; the titles are always the 'x' ones (whatever -f
 * says), the CPU one without method letters. */
void np_report_crr_table(FILE *out, const struct np_report *r)
{
	static const struct rr_view v = {
		"%-6d %-6d %-6d   %-6d  %-6.2f   %7.2f   \n",
		"%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f   %-6.2f %-6.2f %-6.3f  %-6.3f\n",
		'x', ' ', ' ',
	};

	rr_rows(out, r, &v);
	if (r->verbosity < 2)
		return;
	fprintf(out, "\nAlignment      Offset\nLocal  Remote  Local  Remote\n"
		"Send   Recv    Send   Recv\n%5d  %5d   %5d  %5d\n", 8, 8, 0, 0);
	rr_extras(out, r, "\nHistogram of request/response times\n");
}

/* With CPU, the service demand without a method letter. */
void np_report_crr_brief(FILE *out, const struct np_report *r)
{
	if (np_report_cpu(r))
		fprintf(out, "%6.3f\n", brief_sd(r));
	else
		fprintf(out, "%7.2f\n", r->res.throughput);
}
