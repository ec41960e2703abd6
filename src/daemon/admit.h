/*
 * admit.h - netserver's fair-share rules, as pure functions of their
 * inputs (the time is passed in, so they are unit-tested without
 * waiting): the address prefix a client counts under, a rate limiter,
 * and the table that admits or refuses each new control connection.
 *
 * A client is counted by its prefix, not its address: /32 for IPv4 and
 * /64 for IPv6, since anyone holding one IPv6 address holds its whole
 * /64, and would otherwise fill every slot alone.  Its sessions and its
 * wrong passphrases also count against the networks around it (/56 and
 * /48; /24), each with a limit of its own, so that a site that holds
 * many /64s (a /56 is a home's usual allocation) still gets only a
 * share of the daemon.
 *
 * The table is found by a keyed hash (SipHash-2-4, a random key per
 * daemon): a client that cannot know the key cannot choose addresses
 * that crowd one neighbourhood of slots and lock out another client.
 */
#ifndef NP_ADMIT_H
#define NP_ADMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* The kind, then the first 4 (IPv4) or 8 (IPv6) address bytes, those
 * past the prefix length zero.  The kind is the family (4, 6) for a
 * client's own /32 or /64, and the family plus the network level times
 * 16 for the networks around it (np_prefix_widen). */
#define NP_PREFIX_BYTES 9

struct np_prefix {
	uint8_t b[NP_PREFIX_BYTES];
};

/* An IPv4-mapped IPv6 address counts as the IPv4 one. */
void np_prefix_of(const struct sockaddr *sa, struct np_prefix *p);
/* "192.0.2.7/32", "2001:db8:1:2::/64", "2001:db8:1::/48". */
void np_prefix_string(const struct np_prefix *p, char *buf, size_t len);

/* The networks a client's prefix counts against as well: IPv6 /56 and
 * /48, IPv4 /24.  NP_LEVEL_HOST is the client's own /64 or /32. */
enum np_level {
	NP_LEVEL_HOST = 0,
	NP_LEVEL_SITE,          /* IPv6 /56; IPv4 has none */
	NP_LEVEL_NET,           /* IPv6 /48, IPv4 /24 */
	NP_LEVELS
};

/* The level's network of a client's prefix; false when the family has
 * no such level (IPv4's site). */
bool np_prefix_widen(const struct np_prefix *p, enum np_level level, struct np_prefix *out);

/* SipHash-2-4 of data under a 16-byte key (the reference function). */
uint64_t np_siphash(const uint8_t key[16], const void *data, size_t len);

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

/* Bytes a test commits a session to: the socket buffers (<= 0: none)
 * and the message buffers.  netserver passes the socket buffers the
 * kernel gives (read back), which Linux makes twice the size asked. */
uint64_t np_session_bytes(int32_t sndbuf, int32_t rcvbuf, size_t sbuf, size_t rbuf);

/* What netserver's admission rules decided about a new connection. */
enum np_admit {
	NP_ADMIT_OK = 0,
	NP_ADMIT_FULL,          /* --max-sessions sessions run already */
	NP_ADMIT_PREFIX_FULL,   /* --max-per-prefix from this prefix run already */
	NP_ADMIT_RATE,          /* --conn-rate: too many new connections */
	NP_ADMIT_AUTH,          /* --max-auth-failures: too many wrong passphrases */
	NP_ADMIT_SITE_FULL,     /* --max-per-site from this /56 run already */
	NP_ADMIT_NET_FULL,      /* --max-per-net from this /48 or /24 run already */
	NP_ADMIT_TABLE,         /* no slot free near this prefix (the table) */
};

/* The serv_errno a refusal is answered with (wire.h) and its log text. */
int np_admit_errno(enum np_admit a);
const char *np_admit_text(enum np_admit a);

struct np_limit_settings {
	int max_sessions;           /* in all */
	int max_per_prefix;         /* from one /32 or /64 */
	int max_per_site;           /* from one /56; 0 = no limit of its own */
	int max_per_net;            /* from one /48 or /24; 0 = no limit of its own */
	double conn_rate;           /* new control connections per second per prefix, 0 = any */
	double conn_burst;
	/* Wrong passphrases per minute, 0 = any: from one prefix, and as
	 * many from all of each network around it together. */
	double auth_failures;
};

/* Prefixes remembered, clients' and networks' apart: each table four
 * times as large as the entries that running sessions pin in it, so a
 * neighbourhood of NP_LIMIT_PROBE slots is never all pinned by chance
 * (nor by choice: the hash is keyed). */
#define NP_LIMIT_SLOTS 16384
#define NP_NET_SLOTS 32768
#define NP_LIMIT_PROBE 64        /* slots searched for a prefix */
#define NP_MAX_SESSIONS_CAP 4096
#define NP_LIMIT_KEY_BYTES 16

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
	uint8_t key[NP_LIMIT_KEY_BYTES];
	int sessions;
	/* The last refusal's prefix (the client's, or the network whose
	 * limit applied) and the sessions it held, for its reason. */
	struct np_prefix refused;
	int refused_held;
	struct np_limit_slot slot[NP_LIMIT_SLOTS];   /* clients: /32, /64 */
	struct np_limit_slot net[NP_NET_SLOTS];      /* networks: /56, /48, /24 */
};

/* key: the hash's; netserver draws it at random, tests pass their own. */
void np_limits_init(struct np_limits *l, const struct np_limit_settings *set,
		    const uint8_t key[NP_LIMIT_KEY_BYTES]);
/* A connection from p at time now: OK counts it as a session (release it
 * when the session ends), anything else says why it is refused.  It is
 * np_limits_connect, then np_limits_session. */
enum np_admit np_limits_admit(struct np_limits *l, const struct np_prefix *p, double now);
/* The rules a new connection meets at accept: the table, wrong
 * passphrases (--max-auth-failures) and the rate (--conn-rate, taken):
 * OK, TABLE, AUTH or RATE.  With -Z this is all a connection meets
 * until its passphrase is proven (unproven.h). */
enum np_admit np_limits_connect(struct np_limits *l, const struct np_prefix *p, double now);
/* The session limits, in all and at each level: OK counts a session
 * from p; otherwise FULL, PREFIX_FULL, SITE_FULL, NET_FULL or TABLE. */
enum np_admit np_limits_session(struct np_limits *l, const struct np_prefix *p, double now);
/* A session from p ended; auth_failed when it gave a wrong passphrase
 * that np_limits_auth_failed has not already counted. */
void np_limits_release(struct np_limits *l, const struct np_prefix *p, bool auth_failed,
		       double now);
/* Whether a passphrase from p may be tried now (its prefix and every
 * network around it within --max-auth-failures), and counting a wrong
 * one at once, at the attempt. */
bool np_limits_auth_allowed(struct np_limits *l, const struct np_prefix *p, double now);
void np_limits_auth_failed(struct np_limits *l, const struct np_prefix *p, double now);
/* Sessions running from p (a client's prefix or a network). */
int np_limits_sessions(const struct np_limits *l, const struct np_prefix *p);
/* Why the last refusal a (of np_limits_connect, np_limits_session or
 * np_limits_auth_allowed: NP_ADMIT_AUTH) was made, in one line for the
 * log and for a netperf-ng client: the rule, and the prefix or network it
 * met ("--max-per-net reached (198.18.1.0/24 holds 128)"). */
void np_admit_reason(const struct np_limits *l, enum np_admit a, char *buf, size_t len);

#endif
