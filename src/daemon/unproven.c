/*
 * unproven.c - the pool of connections still proving their passphrase:
 * its shares, and which connection goes when a newcomer finds no room.
 * Linear scans over at most --max-unproven entries: the daemon's poll
 * walks as many on every wake-up anyway.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/unproven.h"

#include <string.h>

void np_unproven_init(struct np_unproven *u, const struct np_unproven_settings *set)
{
	memset(u, 0, sizeof(*u));
	u->set = *set;
	if (u->set.max > NP_UNPROVEN_CAP)
		u->set.max = NP_UNPROVEN_CAP;
	if (u->set.max < 1)
		u->set.max = 1;
}

/* The prefix and its networks, as an entry keeps them. */
static void levels_of(const struct np_prefix *p, struct np_prefix at[NP_LEVELS])
{
	at[NP_LEVEL_HOST] = *p;
	for (int k = NP_LEVEL_HOST + 1; k < NP_LEVELS; k++)
		(void)np_prefix_widen(p, (enum np_level)k, &at[k]);   /* zero when none */
}

static bool is_set(const struct np_prefix *p)
{
	return p->b[0] != 0;
}

int np_unproven_victim(const struct np_unproven *u, const struct np_prefix *p, int *level)
{
	struct np_prefix at[NP_LEVELS];
	int count[NP_LEVELS] = { 0 }, oldest[NP_LEVELS], oldest_all = -1;

	levels_of(p, at);
	for (int k = 0; k < NP_LEVELS; k++)
		oldest[k] = -1;
	/* One pass: each level's count and oldest entry, and the pool's. */
	for (int i = 0; i < u->set.max; i++) {
		const struct np_unproven_entry *e = &u->e[i];

		if (!e->used)
			continue;
		if (oldest_all < 0 || e->seq < u->e[oldest_all].seq)
			oldest_all = i;
		for (int k = 0; k < NP_LEVELS; k++) {
			if (!is_set(&at[k]) || memcmp(&e->at[k], &at[k], sizeof(at[k])) != 0)
				continue;
			count[k]++;
			if (oldest[k] < 0 || e->seq < u->e[oldest[k]].seq)
				oldest[k] = i;
		}
	}
	/* The narrowest share that is full: dropping its oldest makes room
	 * at every level around it too, and in the pool. */
	for (int k = 0; k < NP_LEVELS; k++) {
		if (is_set(&at[k]) && u->set.per[k] > 0 && count[k] >= u->set.per[k] &&
		    oldest[k] >= 0) {
			*level = k;
			return oldest[k];
		}
	}
	*level = NP_UNPROVEN_ALL;
	return u->n >= u->set.max ? oldest_all : -1;
}

int np_unproven_add(struct np_unproven *u, const struct np_prefix *p, double now)
{
	int level;

	if (np_unproven_victim(u, p, &level) >= 0)
		return -1;
	for (int i = 0; i < u->set.max; i++) {
		struct np_unproven_entry *e = &u->e[i];

		if (e->used)
			continue;
		e->used = true;
		e->seq = u->next_seq++;
		e->since = now;
		levels_of(p, e->at);
		u->n++;
		return i;
	}
	return -1;
}

void np_unproven_remove(struct np_unproven *u, int i)
{
	if (i < 0 || i >= u->set.max || !u->e[i].used)
		return;
	memset(&u->e[i], 0, sizeof(u->e[i]));
	u->n--;
}

double np_unproven_deadline(const struct np_unproven *u, int i)
{
	return u->e[i].since + u->set.timeout;
}

int np_unproven_batch(const struct np_unproven *u, int listeners, int most)
{
	int least = u->set.max, b;

	for (int k = 0; k < NP_LEVELS; k++)
		if (u->set.per[k] > 0 && u->set.per[k] < least)
			least = u->set.per[k];
	b = least / (4 * (listeners > 0 ? listeners : 1));
	return b < 1 ? 1 : b > most ? most : b;
}

int np_unproven_count(const struct np_unproven *u, const struct np_prefix *p)
{
	const int k = p->b[0] >> 4;
	int n = 0;

	if (k >= NP_LEVELS)
		return 0;
	for (int i = 0; i < u->set.max; i++)
		if (u->e[i].used && memcmp(&u->e[i].at[k], p, sizeof(*p)) == 0)
			n++;
	return n;
}
