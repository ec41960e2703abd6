/*
 * unproven.h - netserver -Z: the connections still proving their
 * passphrase, a pool of their own, as pure functions of their inputs
 * (the time is passed in, as in admit.h).
 *
 * A connection held for its passphrase is not a session: it takes no
 * slot of --max-sessions until its passphrase is proven, so connections
 * that never finish their passphrase (a slowloris, one byte a second)
 * cannot lock clients out of sessions.  The pool has a cap in all and a
 * share for each client prefix and each network around it (admit.h's
 * levels: /32 or /64, /56, /48 or /24), and each connection a deadline
 * counted from its accept, which no byte it sends moves.
 *
 * When a newcomer finds no room, the oldest connection goes: the oldest
 * of the newcomer's own prefix or network if that is at its share (so a
 * crowd only ever crowds itself out), else the oldest of the pool.  A
 * newcomer is then dropped only once the whole pool (or its share) has
 * been renewed after it; netserver judges a connection's passphrase as
 * soon as it has arrived, before it accepts anyone else, and accepts
 * few at a time (np_unproven_batch), and an honest client sends it at
 * once, so the crowd would have to open a share's worth of connections
 * in the moment its message takes to arrive.
 */
#ifndef NP_UNPROVEN_H
#define NP_UNPROVEN_H

#include <stdint.h>

#include "daemon/admit.h"

/* The most --max-unproven: every entry is one file descriptor held by
 * the daemon and one pollfd it watches. */
#define NP_UNPROVEN_CAP 4096

struct np_unproven_settings {
	int max;                    /* in all, 1..NP_UNPROVEN_CAP */
	int per[NP_LEVELS];         /* from one /32 or /64, /56, /48 or /24; 0 = no share of its own */
	double timeout;             /* seconds from the accept to the whole passphrase */
};

struct np_unproven_entry {
	bool used;
	uint64_t seq;               /* the order of arrival */
	double since;               /* accepted at */
	/* The client's prefix and its networks (np_prefix_widen); all zero
	 * where the family has no such level. */
	struct np_prefix at[NP_LEVELS];
};

struct np_unproven {
	struct np_unproven_settings set;
	int n;                      /* entries used */
	uint64_t next_seq;
	struct np_unproven_entry e[NP_UNPROVEN_CAP];   /* [0, set.max) */
};

/* Where the pool was full when a newcomer took a place. */
#define NP_UNPROVEN_ALL NP_LEVELS

void np_unproven_init(struct np_unproven *u, const struct np_unproven_settings *set);
/* The entry to drop so that a newcomer from p finds room, -1 when there
 * is room; *level is the level whose share is full, or NP_UNPROVEN_ALL
 * for the pool in all. */
int np_unproven_victim(const struct np_unproven *u, const struct np_prefix *p, int *level);
/* A newcomer from p at now: its entry's index, -1 when there is no room
 * (drop np_unproven_victim's first). */
int np_unproven_add(struct np_unproven *u, const struct np_prefix *p, double now);
void np_unproven_remove(struct np_unproven *u, int i);
/* When entry i's passphrase must have arrived whole. */
double np_unproven_deadline(const struct np_unproven *u, int i);
/* Entries from p: a client's prefix, or a network (np_prefix_widen). */
int np_unproven_count(const struct np_unproven *u, const struct np_prefix *p);
/* How many connections the daemon may accept from each of listeners
 * between two judgements of what has arrived (1..most): a quarter of
 * the smallest share or of the pool, all listeners together, so that
 * those accepted after a newcomer in one go can never push it out. */
int np_unproven_batch(const struct np_unproven *u, int listeners, int most);

#endif
