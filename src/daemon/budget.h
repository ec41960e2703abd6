/*
 * budget.h - netserver's daemon-wide budgets, which every session draws
 * on: bytes of buffers (--max-memory) and sessions spinning a CPU
 * (--max-spinning).  Sessions are processes, so the counts live in one
 * shared anonymous mapping made before the first fork, changed with
 * atomic operations only.  Each session also keeps what it holds in its
 * own cell, so that the daemon takes back what a session that died
 * without giving it back held.
 */
#ifndef NP_BUDGET_H
#define NP_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

struct np_budget;

/* The mapping for cells sessions (one per child slot); NULL with errno
 * when shared memory cannot be had (then no daemon-wide limit holds,
 * which the caller says). */
struct np_budget *np_budget_create(int cells, uint64_t max_bytes, int max_spinning);

/* A session (cell) takes n bytes: false, and *in_use set, when that
 * would put all sessions' bytes over the budget. */
bool np_budget_take_bytes(struct np_budget *b, int cell, uint64_t n, uint64_t *in_use);
/* A session gives back all the bytes it holds. */
void np_budget_give_bytes(struct np_budget *b, int cell);
/* One spinning session more, within the cap; and one less. */
bool np_budget_take_spin(struct np_budget *b, int cell);
void np_budget_give_spin(struct np_budget *b, int cell);
/* A many-flows run's n flows, from a client whose networks have these
 * keys (NP_FLOW_PREFIX: its /32 or /64, NP_FLOW_NET: its /24 or /48; 0:
 * none), within max flows of all sessions from each: -1 when taken, else
 * the level whose limit it would pass, *in_use what the others hold
 * there.  Without shared memory, always taken (the session's own
 * --max-flows still holds). */
enum { NP_FLOW_PREFIX, NP_FLOW_NET, NP_FLOW_LEVELS };
int np_budget_take_flows(struct np_budget *b, int cell, const uint64_t key[NP_FLOW_LEVELS],
			 int n, const int max[NP_FLOW_LEVELS], int *in_use);
void np_budget_give_flows(struct np_budget *b, int cell);
/* The daemon, once cell's session has exited: whatever it still held. */
void np_budget_reclaim(struct np_budget *b, int cell);

#endif
