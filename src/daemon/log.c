/*
 * log.c - one line per event, to stderr or syslog, rate-limited.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

/* Shared by the daemon and its children (MAP_SHARED, set up before any
 * fork), so a thousand short sessions share one budget. */
struct log_gate {
	_Atomic uint64_t tat_ns;
	_Atomic uint64_t suppressed;
	uint64_t interval_ns;
	uint64_t tau_ns;
};

static struct {
	const char *ident;
	int verbosity;
	int use_syslog;
	struct log_gate *gate;     /* NULL = no limit */
	char context[96];
} log_state = { "netserver", 1, 0, NULL, "" };

void np_log_init(const char *ident, int verbosity, int use_syslog)
{
	log_state.ident = ident;
	log_state.verbosity = verbosity;
	log_state.use_syslog = use_syslog;
	if (use_syslog)
		openlog(ident, LOG_PID, LOG_DAEMON);
}

int np_log_limit(double lines_per_s, double burst)
{
	struct log_gate *g;

	if (lines_per_s <= 0)
		return 0;
	g = mmap(NULL, sizeof(*g), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (g == MAP_FAILED)
		return -1;
	atomic_init(&g->tat_ns, 0);
	atomic_init(&g->suppressed, 0);
	g->interval_ns = (uint64_t)(1e9 / lines_per_s);
	g->tau_ns = (uint64_t)((burst > 1 ? burst - 1 : 0) * 1e9 / lines_per_s);
	log_state.gate = g;
	return 0;
}

void np_log_set_context(const char *context)
{
	snprintf(log_state.context, sizeof(log_state.context), "%s", context);
}

bool np_log_gate_take(_Atomic uint64_t *tat, uint64_t now_ns, uint64_t interval_ns,
		      uint64_t tau_ns)
{
	uint64_t old = atomic_load(tat);

	for (;;) {
		uint64_t t = old > now_ns ? old : now_ns;

		if (t - now_ns > tau_ns)
			return false;
		if (atomic_compare_exchange_weak(tat, &old, t + interval_ns))
			return true;
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void emit(enum np_log_level level, const char *line)
{
	if (log_state.use_syslog) {
		syslog(level == NP_LOG_ERR ? LOG_ERR : level == NP_LOG_INFO ? LOG_INFO
									  : LOG_DEBUG,
		       "%s%s%s", log_state.context, log_state.context[0] ? ": " : "", line);
		return;
	}
	fprintf(stderr, "%s[%ld]: %s%s%s\n", log_state.ident, (long)getpid(),
		log_state.context, log_state.context[0] ? ": " : "", line);
}

static void report_lost(struct log_gate *g)
{
	uint64_t lost = atomic_exchange(&g->suppressed, 0);
	char line[96];

	if (lost) {
		snprintf(line, sizeof(line), "%llu log line(s) suppressed by --log-rate",
			 (unsigned long long)lost);
		emit(NP_LOG_ERR, line);
	}
}

/* Whether a line may pass; first the count of those that did not. */
static bool gate_pass(struct log_gate *g)
{
	if (!np_log_gate_take(&g->tat_ns, now_ns(), g->interval_ns, g->tau_ns)) {
		atomic_fetch_add(&g->suppressed, 1);
		return false;
	}
	report_lost(g);
	return true;
}

void np_log_flush_suppressed(void)
{
	struct log_gate *g = log_state.gate;

	if (g && atomic_load(&g->suppressed) != 0 &&
	    np_log_gate_take(&g->tat_ns, now_ns(), g->interval_ns, g->tau_ns))
		report_lost(g);
}

void np_log(enum np_log_level level, const char *fmt, ...)
{
	struct log_gate *g = log_state.gate;
	char line[512];
	va_list ap;
	int saved = errno;

	if ((int)level > log_state.verbosity)
		return;
	if (g && !gate_pass(g))
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	emit(level, line);
	errno = saved;
}
