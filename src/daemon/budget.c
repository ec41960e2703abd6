/*
 * budget.c - the daemon-wide budgets in shared memory (budget.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/budget.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/mman.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

/* Processes share these: only lock-free atomics work across them. */
#if ATOMIC_LLONG_LOCK_FREE == 2 && ATOMIC_INT_LOCK_FREE == 2 && defined(MAP_ANONYMOUS)
#define HAVE_SHARED_BUDGET 1
#endif

#ifdef HAVE_SHARED_BUDGET
struct cell {
	_Atomic unsigned long long bytes;
	_Atomic int spinning;
	/* A many-flows run's flows, and its client's networks' keys. */
	_Atomic unsigned long long key[NP_FLOW_LEVELS];
	_Atomic int flows;
};

struct np_budget {
	unsigned long long max_bytes;
	int max_spinning;
	int cells;
	_Atomic unsigned long long bytes;
	_Atomic int spinning;
	struct cell cell[];
};

struct np_budget *np_budget_create(int cells, uint64_t max_bytes, int max_spinning)
{
	const size_t len = offsetof(struct np_budget, cell) + (size_t)cells * sizeof(struct cell);
	struct np_budget *b = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
				   -1, 0);

	if (b == MAP_FAILED)
		return NULL;
	b->max_bytes = max_bytes;
	b->max_spinning = max_spinning;
	b->cells = cells;
	atomic_init(&b->bytes, 0);
	atomic_init(&b->spinning, 0);
	for (int i = 0; i < cells; i++) {
		atomic_init(&b->cell[i].bytes, 0);
		atomic_init(&b->cell[i].spinning, 0);
		atomic_init(&b->cell[i].flows, 0);
		for (int l = 0; l < NP_FLOW_LEVELS; l++)
			atomic_init(&b->cell[i].key[l], 0);
	}
	return b;
}

static bool cell_ok(const struct np_budget *b, int cell)
{
	return b && cell >= 0 && cell < b->cells;
}

/* The total first, then the cell: a session killed in between leaks
 * what it took until the daemon restarts, never more than one test's. */
bool np_budget_take_bytes(struct np_budget *b, int cell, uint64_t n, uint64_t *in_use)
{
	unsigned long long have;

	if (!cell_ok(b, cell))
		return true;
	have = atomic_load(&b->bytes);
	do {
		*in_use = have;
		if (n > b->max_bytes || have > b->max_bytes - n)
			return false;
	} while (!atomic_compare_exchange_weak(&b->bytes, &have, have + n));
	atomic_fetch_add(&b->cell[cell].bytes, n);
	return true;
}

void np_budget_give_bytes(struct np_budget *b, int cell)
{
	if (cell_ok(b, cell))
		atomic_fetch_sub(&b->bytes, atomic_exchange(&b->cell[cell].bytes, 0));
}

bool np_budget_take_spin(struct np_budget *b, int cell)
{
	int have;

	if (!cell_ok(b, cell))
		return true;
	have = atomic_load(&b->spinning);
	do {
		if (have >= b->max_spinning)
			return false;
	} while (!atomic_compare_exchange_weak(&b->spinning, &have, have + 1));
	atomic_fetch_add(&b->cell[cell].spinning, 1);
	return true;
}

void np_budget_give_spin(struct np_budget *b, int cell)
{
	if (cell_ok(b, cell))
		atomic_fetch_sub(&b->spinning, atomic_exchange(&b->cell[cell].spinning, 0));
}

/* Claim first, then count (every access sequentially consistent): of
 * two sessions that claim at once, each sees the other's claim or the
 * other sees its own, so the two never both pass a limit that only one
 * fits; both may be refused, which is the safe side. */
int np_budget_take_flows(struct np_budget *b, int cell, const uint64_t key[NP_FLOW_LEVELS],
			 int n, const int max[NP_FLOW_LEVELS], int *in_use)
{
	if (!cell_ok(b, cell))
		return -1;
	for (int l = 0; l < NP_FLOW_LEVELS; l++)
		atomic_store(&b->cell[cell].key[l], key[l]);
	atomic_store(&b->cell[cell].flows, n);
	for (int l = 0; l < NP_FLOW_LEVELS; l++) {
		int sum = 0;

		if (key[l] == 0)
			continue;
		for (int i = 0; i < b->cells; i++)
			if (atomic_load(&b->cell[i].key[l]) == key[l])
				sum += atomic_load(&b->cell[i].flows);
		if (sum > max[l]) {
			atomic_store(&b->cell[cell].flows, 0);
			*in_use = sum - n;
			return l;
		}
	}
	return -1;
}

void np_budget_give_flows(struct np_budget *b, int cell)
{
	if (cell_ok(b, cell))
		atomic_store(&b->cell[cell].flows, 0);
}

void np_budget_reclaim(struct np_budget *b, int cell)
{
	np_budget_give_bytes(b, cell);
	np_budget_give_spin(b, cell);
	np_budget_give_flows(b, cell);
}
#else
struct np_budget *np_budget_create(int cells, uint64_t max_bytes, int max_spinning)
{
	(void)cells;
	(void)max_bytes;
	(void)max_spinning;
	errno = ENOSYS;
	return NULL;
}

bool np_budget_take_bytes(struct np_budget *b, int cell, uint64_t n, uint64_t *in_use)
{
	(void)b;
	(void)cell;
	(void)n;
	*in_use = 0;
	return true;
}

void np_budget_give_bytes(struct np_budget *b, int cell)
{
	(void)b;
	(void)cell;
}

bool np_budget_take_spin(struct np_budget *b, int cell)
{
	(void)b;
	(void)cell;
	return true;
}

void np_budget_give_spin(struct np_budget *b, int cell)
{
	(void)b;
	(void)cell;
}

int np_budget_take_flows(struct np_budget *b, int cell, const uint64_t key[NP_FLOW_LEVELS],
			 int n, const int max[NP_FLOW_LEVELS], int *in_use)
{
	(void)b;
	(void)cell;
	(void)key;
	(void)n;
	(void)max;
	*in_use = 0;
	return -1;
}

void np_budget_give_flows(struct np_budget *b, int cell)
{
	(void)b;
	(void)cell;
}

void np_budget_reclaim(struct np_budget *b, int cell)
{
	(void)b;
	(void)cell;
}
#endif
