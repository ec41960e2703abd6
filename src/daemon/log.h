/*
 * log.h - netserver's log: stderr in the foreground, syslog when it runs
 * as a daemon.  Every line names the process and, inside a session, the
 * client it serves.  A rate limit shared by the daemon and all its
 * session processes bounds what a flood of bad clients can write; what
 * it drops is counted and the count logged with the next line let through.
 */
#ifndef NP_LOG_H
#define NP_LOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

enum np_log_level { NP_LOG_ERR = 0, NP_LOG_INFO = 1, NP_LOG_DEBUG = 2 };

/* verbosity: lines above it are dropped; use_syslog after daemonizing. */
void np_log_init(const char *ident, int verbosity, int use_syslog);
/* At most lines_per_s on average, burst at once (lines_per_s <= 0: no
 * limit).  Call before forking: the state is shared with the children.
 * 0, or -1 with errno when the shared memory cannot be had. */
int np_log_limit(double lines_per_s, double burst);
/* If lines were suppressed and the limit lets one through: say how many
 * (the daemon calls it now and then, so a flood's end gets its count). */
void np_log_flush_suppressed(void);
/* A prefix for the lines of one session, e.g. "127.0.0.1 port 40412". */
void np_log_set_context(const char *context);

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void np_log(enum np_log_level level, const char *fmt, ...);

/* The limiter itself (a lock-free cell rate algorithm on one atomic word
 * of nanoseconds), for the tests: whether an event at now may pass. */
bool np_log_gate_take(_Atomic uint64_t *tat, uint64_t now_ns, uint64_t interval_ns,
		      uint64_t tau_ns);

#endif
