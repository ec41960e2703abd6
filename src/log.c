/*
 * log.c - one line per event, to stderr or syslog.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>
#include <unistd.h>

static struct {
	const char *ident;
	int verbosity;
	int use_syslog;
	char context[96];
} log_state = { "netserver", 1, 0, "" };

void np_log_init(const char *ident, int verbosity, int use_syslog)
{
	log_state.ident = ident;
	log_state.verbosity = verbosity;
	log_state.use_syslog = use_syslog;
	if (use_syslog)
		openlog(ident, LOG_PID, LOG_DAEMON);
}

void np_log_set_context(const char *context)
{
	snprintf(log_state.context, sizeof(log_state.context), "%s", context);
}

void np_log(enum np_log_level level, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if ((int)level > log_state.verbosity)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (log_state.use_syslog) {
		syslog(level == NP_LOG_ERR ? LOG_ERR : level == NP_LOG_INFO ? LOG_INFO
									  : LOG_DEBUG,
		       "%s%s%s", log_state.context, log_state.context[0] ? ": " : "", line);
		return;
	}
	fprintf(stderr, "%s[%ld]: %s%s%s\n", log_state.ident, (long)getpid(),
		log_state.context, log_state.context[0] ? ": " : "", line);
}
