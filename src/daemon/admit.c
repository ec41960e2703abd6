/*
 * admit.c - prefixes, the keyed hash, the rate limiter and the
 * admission table.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/admit.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "wire/wire.h"

void np_prefix_of(const struct sockaddr *sa, struct np_prefix *p)
{
	memset(p, 0, sizeof(*p));
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)sa;

		p->b[0] = 4;
		memcpy(&p->b[1], &a->sin_addr, 4);
	} else if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)(const void *)sa;

		if (IN6_IS_ADDR_V4MAPPED(&a->sin6_addr)) {
			p->b[0] = 4;
			memcpy(&p->b[1], &a->sin6_addr.s6_addr[12], 4);
		} else {
			p->b[0] = 6;
			memcpy(&p->b[1], a->sin6_addr.s6_addr, 8);
		}
	}
}

/* Prefix lengths by kind: the client's own, then each network level. */
static const uint8_t bits4[NP_LEVELS] = { 32, 0, 24 };
static const uint8_t bits6[NP_LEVELS] = { 64, 56, 48 };

void np_prefix_string(const struct np_prefix *p, char *buf, size_t len)
{
	char addr[INET6_ADDRSTRLEN] = "?";
	uint8_t full[16] = { 0 };
	const unsigned fam = p->b[0] & 15u, level = p->b[0] >> 4;

	if (level >= NP_LEVELS) {
		snprintf(buf, len, "?");
	} else if (fam == 4 && bits4[level]) {
		inet_ntop(AF_INET, &p->b[1], addr, sizeof(addr));
		snprintf(buf, len, "%s/%u", addr, (unsigned)bits4[level]);
	} else if (fam == 6) {
		memcpy(full, &p->b[1], 8);
		inet_ntop(AF_INET6, full, addr, sizeof(addr));
		snprintf(buf, len, "%s/%u", addr, (unsigned)bits6[level]);
	} else {
		snprintf(buf, len, "?");
	}
}

bool np_prefix_widen(const struct np_prefix *p, enum np_level level, struct np_prefix *out)
{
	const unsigned fam = p->b[0] & 15u;
	const unsigned bits = fam == 4 ? bits4[level] : fam == 6 ? bits6[level] : 0;

	memset(out, 0, sizeof(*out));
	if (bits == 0 || (p->b[0] >> 4) != NP_LEVEL_HOST)
		return false;
	out->b[0] = (uint8_t)(fam | (unsigned)level << 4);
	memcpy(&out->b[1], &p->b[1], bits / 8);   /* every length is whole bytes */
	return true;
}

/* SipHash-2-4 (Aumasson and Bernstein), from its paper's description. */
static uint64_t rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

static void sip_round(uint64_t v[4])
{
	v[0] += v[1]; v[1] = rotl(v[1], 13); v[1] ^= v[0]; v[0] = rotl(v[0], 32);
	v[2] += v[3]; v[3] = rotl(v[3], 16); v[3] ^= v[2];
	v[0] += v[3]; v[3] = rotl(v[3], 21); v[3] ^= v[0];
	v[2] += v[1]; v[1] = rotl(v[1], 17); v[1] ^= v[2]; v[2] = rotl(v[2], 32);
}

static uint64_t le64(const uint8_t *p, size_t n)
{
	uint64_t x = 0;

	for (size_t i = 0; i < n; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

static void sip_word(uint64_t v[4], uint64_t m)
{
	v[3] ^= m;
	sip_round(v);
	sip_round(v);
	v[0] ^= m;
}

uint64_t np_siphash(const uint8_t key[16], const void *data, size_t len)
{
	const uint8_t *in = data;
	const uint64_t k0 = le64(key, 8), k1 = le64(key + 8, 8);
	uint64_t v[4] = { k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull,
			  k0 ^ 0x6c7967656e657261ull, k1 ^ 0x7465646279746573ull };
	size_t i;

	for (i = 0; i + 8 <= len; i += 8)
		sip_word(v, le64(in + i, 8));
	sip_word(v, le64(in + i, len - i) | (uint64_t)(len & 0xff) << 56);
	v[2] ^= 0xff;
	for (int r = 0; r < 4; r++)
		sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/* The limiter allows an event while its backlog (tat - now) stays within
 * burst - 1 intervals; each event adds one interval. */
bool np_rate_allows(const struct np_rate *r, double now, double rate, double burst)
{
	double tat;

	if (rate <= 0)
		return true;
	tat = r->tat > now ? r->tat : now;
	return tat - now <= (burst - 1) / rate + 1e-9;
}

bool np_rate_take(struct np_rate *r, double now, double rate, double burst)
{
	if (!np_rate_allows(r, now, rate, burst))
		return false;
	np_rate_charge(r, now, rate);
	return true;
}

void np_rate_charge(struct np_rate *r, double now, double rate)
{
	if (rate <= 0)
		return;
	r->tat = (r->tat > now ? r->tat : now) + 1.0 / rate;
}

uint64_t np_session_bytes(int32_t sndbuf, int32_t rcvbuf, size_t sbuf, size_t rbuf)
{
	return (uint64_t)(sndbuf > 0 ? sndbuf : 0) + (uint64_t)(rcvbuf > 0 ? rcvbuf : 0) +
	       (uint64_t)sbuf + (uint64_t)rbuf;
}

int np_admit_errno(enum np_admit a)
{
	switch (a) {
	case NP_ADMIT_OK: return 0;
	case NP_ADMIT_FULL:
	case NP_ADMIT_PREFIX_FULL:
	case NP_ADMIT_SITE_FULL:
	case NP_ADMIT_NET_FULL:
	case NP_ADMIT_TABLE: return NP_REFUSE_SESSIONS;
	case NP_ADMIT_RATE: return NP_REFUSE_RATE;
	case NP_ADMIT_AUTH: return NP_REFUSE_AUTH;
	}
	return NP_REFUSE_SESSIONS;
}

const char *np_admit_text(enum np_admit a)
{
	switch (a) {
	case NP_ADMIT_OK: return "admitted";
	case NP_ADMIT_FULL: return "--max-sessions reached";
	case NP_ADMIT_PREFIX_FULL: return "--max-per-prefix reached";
	case NP_ADMIT_RATE: return "--conn-rate exceeded";
	case NP_ADMIT_AUTH: return "--max-auth-failures exceeded";
	case NP_ADMIT_SITE_FULL: return "--max-per-site reached";
	case NP_ADMIT_NET_FULL: return "--max-per-net reached";
	case NP_ADMIT_TABLE: return "no free slot near this prefix in the admission table";
	}
	return "?";
}

void np_limits_init(struct np_limits *l, const struct np_limit_settings *set,
		    const uint8_t key[NP_LIMIT_KEY_BYTES])
{
	memset(l, 0, sizeof(*l));
	l->set = *set;
	memcpy(l->key, key, sizeof(l->key));
}

/* One of the two tables: clients' prefixes, or the networks around them. */
_Static_assert((NP_LIMIT_SLOTS & (NP_LIMIT_SLOTS - 1)) == 0, "a power of two");
_Static_assert((NP_NET_SLOTS & (NP_NET_SLOTS - 1)) == 0, "a power of two");

struct table {
	struct np_limit_slot *slot;
	unsigned n;                  /* a power of two */
};

static struct table table_of(struct np_limits *l, const struct np_prefix *p)
{
	if ((p->b[0] >> 4) == NP_LEVEL_HOST)
		return (struct table){ l->slot, NP_LIMIT_SLOTS };
	return (struct table){ l->net, NP_NET_SLOTS };
}

static unsigned hash_prefix(const struct np_limits *l, const struct np_prefix *p,
			    unsigned n)
{
	return (unsigned)(np_siphash(l->key, p->b, sizeof(p->b)) & (n - 1));
}

/* A slot may be reused when no session runs from it; best one whose
 * limiters have recovered (forgetting it loses nothing), else the one
 * seen longest ago. */
static bool better_victim(const struct np_limit_slot *a, const struct np_limit_slot *b,
			  double now)
{
	bool ra = a->conn.tat <= now && a->auth.tat <= now;
	bool rb = b->conn.tat <= now && b->auth.tat <= now;

	if (ra != rb)
		return ra;
	return a->last < b->last;
}

static struct np_limit_slot *find(struct np_limits *l, const struct np_prefix *p,
				  bool create, double now)
{
	const struct table t = table_of(l, p);
	const unsigned h = hash_prefix(l, p, t.n);
	struct np_limit_slot *victim = NULL;

	for (unsigned i = 0; i < NP_LIMIT_PROBE; i++) {
		struct np_limit_slot *s = &t.slot[(h + i) & (t.n - 1)];

		if (s->used && memcmp(&s->key, p, sizeof(*p)) == 0)
			return s;
		if (!create)
			continue;
		if (!s->used) {
			if (!victim || victim->used)
				victim = s;
		} else if (s->sessions == 0 && (!victim || (victim->used &&
							    better_victim(s, victim, now)))) {
			victim = s;
		}
	}
	if (!victim)
		return NULL;
	memset(victim, 0, sizeof(*victim));
	victim->used = true;
	victim->key = *p;
	victim->last = now;
	return victim;
}

/* The client's slot and its networks' (NULL where the family has no
 * such level); false when one of them finds no room. */
static bool find_levels(struct np_limits *l, const struct np_prefix *p, bool create,
			double now, struct np_limit_slot *s[NP_LEVELS])
{
	for (int k = 0; k < NP_LEVELS; k++) {
		struct np_prefix w;

		s[k] = NULL;
		if (k == NP_LEVEL_HOST)
			w = *p;
		else if (!np_prefix_widen(p, (enum np_level)k, &w))
			continue;
		s[k] = find(l, &w, create, now);
		if (!s[k] && create) {
			l->refused = w;
			return false;
		}
	}
	return true;
}

static int level_limit(const struct np_limit_settings *set, int k)
{
	const int v = k == NP_LEVEL_HOST ? set->max_per_prefix
		      : k == NP_LEVEL_SITE ? set->max_per_site : set->max_per_net;

	return v > 0 ? v : set->max_sessions;
}

static const enum np_admit level_full[NP_LEVELS] = {
	NP_ADMIT_PREFIX_FULL, NP_ADMIT_SITE_FULL, NP_ADMIT_NET_FULL,
};

/* Whether every level allows a guess; if not, l->refused is the prefix
 * or network whose guesses ran out. */
static bool auth_allows(struct np_limits *l, struct np_limit_slot *const s[NP_LEVELS],
			double now)
{
	const double n = l->set.auth_failures;

	for (int k = 0; k < NP_LEVELS; k++) {
		if (s[k] && !np_rate_allows(&s[k]->auth, now, n / 60.0, n)) {
			l->refused = s[k]->key;
			return false;
		}
	}
	return true;
}

static void auth_charge(struct np_limit_slot *const s[NP_LEVELS], double now, double n)
{
	for (int k = 0; k < NP_LEVELS; k++)
		if (s[k])
			np_rate_charge(&s[k]->auth, now, n / 60.0);
}

/* The client's slots and its networks', found or made, seen now; false
 * when the table has no room near one of them (l->refused says which). */
static bool touch_levels(struct np_limits *l, const struct np_prefix *p, double now,
			 struct np_limit_slot *s[NP_LEVELS])
{
	l->refused = *p;
	l->refused_held = 0;
	/* Every slot near one of its prefixes pinned by sessions: the
	 * table's own limit, which no client can aim at (keyed hash). */
	if (!find_levels(l, p, true, now, s))
		return false;
	for (int k = 0; k < NP_LEVELS; k++)
		if (s[k])
			s[k]->last = now;
	return true;
}

enum np_admit np_limits_connect(struct np_limits *l, const struct np_prefix *p, double now)
{
	const struct np_limit_settings *set = &l->set;
	struct np_limit_slot *s[NP_LEVELS];

	if (!touch_levels(l, p, now, s))
		return NP_ADMIT_TABLE;
	/* Wrong passphrases are paid for at a minute's pace. */
	if (!auth_allows(l, s, now))
		return NP_ADMIT_AUTH;
	if (!np_rate_take(&s[NP_LEVEL_HOST]->conn, now, set->conn_rate, set->conn_burst))
		return NP_ADMIT_RATE;
	return NP_ADMIT_OK;
}

enum np_admit np_limits_session(struct np_limits *l, const struct np_prefix *p, double now)
{
	const struct np_limit_settings *set = &l->set;
	struct np_limit_slot *s[NP_LEVELS];

	if (!touch_levels(l, p, now, s))
		return NP_ADMIT_TABLE;
	if (l->sessions >= set->max_sessions) {
		l->refused_held = l->sessions;
		return NP_ADMIT_FULL;
	}
	for (int k = 0; k < NP_LEVELS; k++) {
		if (s[k] && s[k]->sessions >= level_limit(set, k)) {
			l->refused = s[k]->key;
			l->refused_held = s[k]->sessions;
			return level_full[k];
		}
	}
	for (int k = 0; k < NP_LEVELS; k++)
		if (s[k])
			s[k]->sessions++;
	l->sessions++;
	return NP_ADMIT_OK;
}

enum np_admit np_limits_admit(struct np_limits *l, const struct np_prefix *p, double now)
{
	const enum np_admit a = np_limits_connect(l, p, now);

	return a != NP_ADMIT_OK ? a : np_limits_session(l, p, now);
}

void np_limits_release(struct np_limits *l, const struct np_prefix *p, bool auth_failed,
		       double now)
{
	struct np_limit_slot *s[NP_LEVELS];

	if (l->sessions > 0)
		l->sessions--;
	(void)find_levels(l, p, false, now, s);
	for (int k = 0; k < NP_LEVELS; k++)
		if (s[k] && s[k]->sessions > 0)
			s[k]->sessions--;
	if (auth_failed)
		auth_charge(s, now, l->set.auth_failures);
}

bool np_limits_auth_allowed(struct np_limits *l, const struct np_prefix *p, double now)
{
	struct np_limit_slot *s[NP_LEVELS];

	(void)find_levels(l, p, false, now, s);
	return auth_allows(l, s, now);
}

void np_limits_auth_failed(struct np_limits *l, const struct np_prefix *p, double now)
{
	struct np_limit_slot *s[NP_LEVELS];

	(void)find_levels(l, p, false, now, s);
	auth_charge(s, now, l->set.auth_failures);
}

void np_admit_reason(const struct np_limits *l, enum np_admit a, char *buf, size_t len)
{
	char where[64];

	np_prefix_string(&l->refused, where, sizeof(where));
	if (a == NP_ADMIT_FULL)
		snprintf(buf, len, "%s (%d sessions run)", np_admit_text(a), l->refused_held);
	else if (a == NP_ADMIT_PREFIX_FULL || a == NP_ADMIT_SITE_FULL || a == NP_ADMIT_NET_FULL)
		snprintf(buf, len, "%s (%s holds %d)", np_admit_text(a), where, l->refused_held);
	else
		snprintf(buf, len, "%s (%s)", np_admit_text(a), where);
}

int np_limits_sessions(const struct np_limits *l, const struct np_prefix *p)
{
	const bool host = (p->b[0] >> 4) == NP_LEVEL_HOST;
	const struct np_limit_slot *slot = host ? l->slot : l->net;
	const unsigned n = host ? NP_LIMIT_SLOTS : NP_NET_SLOTS;
	const unsigned h = hash_prefix(l, p, n);

	for (unsigned i = 0; i < NP_LIMIT_PROBE; i++) {
		const struct np_limit_slot *s = &slot[(h + i) & (n - 1)];

		if (s->used && memcmp(&s->key, p, sizeof(*p)) == 0)
			return s->sessions;
	}
	return 0;
}
