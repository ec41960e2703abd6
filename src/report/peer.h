/*
 * peer.h - netserver's figures against what they can mean (netperf(1),
 * "Figures from netserver").
 *
 * The decoder (wire.c) refuses what no message may hold; what a figure
 * can mean depends on the run, which only netperf knows: its own clock
 * around the test, its own counters, the host's CPUs.  So after the
 * results are in a struct np_result and before anything derives from
 * them, each figure netserver sent is held against that.  A figure that
 * cannot be true is never printed as it came, nor as 0:
 *
 *  - a count the run's headline and tables are made of (bytes, calls,
 *    transactions) refuses the results, with one line naming the field,
 *    as a CPU count past any host's does (exchange.c): there is no
 *    figure to report without it;
 *  - a figure that describes the run (netserver's CPU utilisation, its
 *    retransmissions, where its data loop ran and its migrations, the
 *    other processes on its host) becomes unknown (-1, null in -J, "?" or
 *    left out in the text, as for a netserver that does not say), with a
 *    warning naming the field, once per connection.
 */
#ifndef NP_PEER_H
#define NP_PEER_H

#include <stdbool.h>
#include <stdio.h>

#include "report/result.h"

/* What netperf knows for itself of one iteration. */
struct np_peer_bounds {
	/* Seconds from sending the request to having the results: whatever
	 * netserver timed for this test lies inside. */
	double window;
	/* netserver's host's CPUs online, and the number every CPU there is
	 * below: netperf's own on one host (equal boot ids); on another host
	 * its facts' count when known and no CPU number (0 unknown). */
	int cpus, cpu_ids;
	bool udp;              /* datagrams: a path may duplicate some */
};

/* Bits of *warned: each field is warned of once per connection. */
enum np_peer_field {
	NP_PEER_CPU_UTIL = 1u << 0,
	NP_PEER_ELAPSED = 1u << 1,
	NP_PEER_OTHERS = 1u << 2,
	NP_PEER_OWN = 1u << 3,
	NP_PEER_CPU = 1u << 4,
	NP_PEER_MIGRATIONS = 1u << 5,
	NP_PEER_SESSION = 1u << 6,   /* its session not found here (client/flow.c) */
	NP_PEER_RETRANS = 1u << 7,
};

/* A count past what the run allows: no more bytes than netperf put on
 * the wire (twice that for datagrams, which a path may duplicate), and
 * none faster than NP_PEER_BYTES_S bytes or NP_PEER_CALLS_S calls a
 * second of the window. */
#define NP_PEER_BYTES_S 1e12   /* 8 Tb/s */
#define NP_PEER_CALLS_S 1e8    /* one per 10 ns */
/* Migrations: a move takes the scheduler a microsecond at least. */
#define NP_PEER_MOVES_S 1e6

/* Check s's remote figures against b: -1 (the line said on err) when a
 * count cannot be true; else 0, with each figure that cannot be made
 * unknown in s and a warning on err the first time its field does. */
int np_peer_check(const struct np_peer_bounds *b, struct np_result *s, unsigned *warned,
		  FILE *err);

#endif
