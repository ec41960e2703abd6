/*
 * log.h - netserver's log: stderr in the foreground, syslog when it runs
 * as a daemon.  Every line names the process and, inside a session, the
 * client it serves.
 */
#ifndef NP_LOG_H
#define NP_LOG_H

enum np_log_level { NP_LOG_ERR = 0, NP_LOG_INFO = 1, NP_LOG_DEBUG = 2 };

/* verbosity: lines above it are dropped; use_syslog after daemonizing. */
void np_log_init(const char *ident, int verbosity, int use_syslog);
/* A prefix for the lines of one session, e.g. "127.0.0.1 port 40412". */
void np_log_set_context(const char *context);

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void np_log(enum np_log_level level, const char *fmt, ...);

#endif
