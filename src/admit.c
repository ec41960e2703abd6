/*
 * admit.c - prefixes, the rate limiter and the admission table.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "admit.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "wire.h"

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

void np_prefix_string(const struct np_prefix *p, char *buf, size_t len)
{
	char addr[INET6_ADDRSTRLEN] = "?";
	uint8_t full[16] = { 0 };

	if (p->b[0] == 4) {
		inet_ntop(AF_INET, &p->b[1], addr, sizeof(addr));
		snprintf(buf, len, "%s/32", addr);
	} else if (p->b[0] == 6) {
		memcpy(full, &p->b[1], 8);
		inet_ntop(AF_INET6, full, addr, sizeof(addr));
		snprintf(buf, len, "%s/64", addr);
	} else {
		snprintf(buf, len, "?");
	}
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
	case NP_ADMIT_PREFIX_FULL: return NP_REFUSE_SESSIONS;
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
	}
	return "?";
}

void np_limits_init(struct np_limits *l, const struct np_limit_settings *set)
{
	memset(l, 0, sizeof(*l));
	l->set = *set;
}

static unsigned hash_prefix(const struct np_prefix *p)
{
	uint32_t h = 2166136261u;   /* FNV-1a */

	for (int i = 0; i < NP_PREFIX_BYTES; i++)
		h = (h ^ p->b[i]) * 16777619u;
	return h % NP_LIMIT_SLOTS;
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
	unsigned h = hash_prefix(p);
	struct np_limit_slot *victim = NULL;

	for (unsigned i = 0; i < NP_LIMIT_PROBE; i++) {
		struct np_limit_slot *s = &l->slot[(h + i) % NP_LIMIT_SLOTS];

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

enum np_admit np_limits_admit(struct np_limits *l, const struct np_prefix *p, double now)
{
	const struct np_limit_settings *set = &l->set;
	struct np_limit_slot *s = find(l, p, true, now);

	/* Every slot near this prefix's busy: as good as full. */
	if (!s)
		return NP_ADMIT_FULL;
	s->last = now;
	/* Wrong passphrases are paid for at a minute's pace. */
	if (!np_rate_allows(&s->auth, now, set->auth_failures / 60.0, set->auth_failures))
		return NP_ADMIT_AUTH;
	if (!np_rate_take(&s->conn, now, set->conn_rate, set->conn_burst))
		return NP_ADMIT_RATE;
	if (l->sessions >= set->max_sessions)
		return NP_ADMIT_FULL;
	if (s->sessions >= set->max_per_prefix)
		return NP_ADMIT_PREFIX_FULL;
	s->sessions++;
	l->sessions++;
	return NP_ADMIT_OK;
}

void np_limits_release(struct np_limits *l, const struct np_prefix *p, bool auth_failed,
		       double now)
{
	struct np_limit_slot *s = find(l, p, false, now);

	if (l->sessions > 0)
		l->sessions--;
	if (!s)
		return;
	if (s->sessions > 0)
		s->sessions--;
	if (auth_failed)
		np_rate_charge(&s->auth, now, l->set.auth_failures / 60.0);
}

int np_limits_sessions(const struct np_limits *l, const struct np_prefix *p)
{
	unsigned h = hash_prefix(p);

	for (unsigned i = 0; i < NP_LIMIT_PROBE; i++) {
		const struct np_limit_slot *s = &l->slot[(h + i) % NP_LIMIT_SLOTS];

		if (s->used && memcmp(&s->key, p, sizeof(*p)) == 0)
			return s->sessions;
	}
	return 0;
}
