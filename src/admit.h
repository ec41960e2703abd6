/*
 * admit.h - netserver's fair-share rules, as pure functions of their
 * inputs (the time is passed in, so they are unit-tested without
 * waiting): the address prefix a client counts under, a rate limiter,
 * and the table that admits or refuses each new control connection.
 *
 * A client is counted by its prefix, not its address: /32 for IPv4 and
 * /64 for IPv6, since anyone holding one IPv6 address holds its whole
 * /64, and would otherwise fill every slot alone.
 */
#ifndef NP_ADMIT_H
#define NP_ADMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* The address family, then the first 4 (IPv4) or 8 (IPv6) address bytes. */
#define NP_PREFIX_BYTES 9

struct np_prefix {
	uint8_t b[NP_PREFIX_BYTES];
};

/* An IPv4-mapped IPv6 address counts as the IPv4 one. */
void np_prefix_of(const struct sockaddr *sa, struct np_prefix *p);
/* "192.0.2.7/32", "2001:db8:1:2::/64". */
void np_prefix_string(const struct np_prefix *p, char *buf, size_t len);

/*
 * A rate limiter (the generic cell rate algorithm): up to burst events at
 * once, then rate per second.  One number of state: the time at which
 * the limiter would be back to empty if nothing more happened.
 */
struct np_rate {
	double tat;
};

/* Take one event if the limit allows it; rate <= 0 means no limit. */
bool np_rate_take(struct np_rate *r, double now, double rate, double burst);
/* Whether an event would be allowed now, without taking it. */
bool np_rate_allows(const struct np_rate *r, double now, double rate, double burst);
/* Count one event whatever the limit says (a failure already happened). */
void np_rate_charge(struct np_rate *r, double now, double rate);

/* Bytes a test commits a session to: the socket buffers asked (<= 0:
 * the system's default, not counted) and the message buffers. */
uint64_t np_session_bytes(int32_t sndbuf, int32_t rcvbuf, size_t sbuf, size_t rbuf);

/* What netserver's admission rules decided about a new connection. */
enum np_admit {
	NP_ADMIT_OK = 0,
	NP_ADMIT_FULL,          /* --max-sessions sessions run already */
	NP_ADMIT_PREFIX_FULL,   /* --max-per-prefix from this prefix run already */
	NP_ADMIT_RATE,          /* --conn-rate: too many new connections */
	NP_ADMIT_AUTH,          /* --max-auth-failures: too many wrong passphrases */
};

/* The serv_errno a refusal is answered with (wire.h) and its log text. */
int np_admit_errno(enum np_admit a);
const char *np_admit_text(enum np_admit a);

struct np_limit_settings {
	int max_sessions;           /* in all */
	int max_per_prefix;         /* from one /32 or /64 */
	double conn_rate;           /* new control connections per second per prefix, 0 = any */
	double conn_burst;
	double auth_failures;       /* wrong passphrases per minute per prefix, 0 = any */
};

#define NP_LIMIT_SLOTS 8192      /* prefixes remembered; > any --max-sessions */
#define NP_LIMIT_PROBE 64        /* slots searched for a prefix */
#define NP_MAX_SESSIONS_CAP 4096

struct np_limit_slot {
	struct np_prefix key;
	bool used;
	int sessions;
	struct np_rate conn;
	struct np_rate auth;
	double last;               /* last connection from this prefix */
};

struct np_limits {
	struct np_limit_settings set;
	int sessions;
	struct np_limit_slot slot[NP_LIMIT_SLOTS];
};

void np_limits_init(struct np_limits *l, const struct np_limit_settings *set);
/* A connection from p at time now: OK counts it as a session (release it
 * when the session ends), anything else says why it is refused. */
enum np_admit np_limits_admit(struct np_limits *l, const struct np_prefix *p, double now);
/* A session from p ended; auth_failed when it gave a wrong passphrase. */
void np_limits_release(struct np_limits *l, const struct np_prefix *p, bool auth_failed,
		       double now);
/* Sessions running from p. */
int np_limits_sessions(const struct np_limits *l, const struct np_prefix *p);

#endif
