/*
 * sweep_list.h - what a parsed --sweep is: the data alone, so that the
 * command line (opts.h) can hold one without the sweep's functions
 * (sweep.h, which parses and runs it).
 */
#ifndef NP_SWEEP_LIST_H
#define NP_SWEEP_LIST_H

#include <stdint.h>

/* Sizes in one sweep at most: 64 runs is already an afternoon at -l 10
 * with -i. */
#define NP_SWEEP_MAX 64

struct np_sweep_list {
	int n;                          /* 0: no sweep */
	int32_t size[NP_SWEEP_MAX];     /* bytes, in the order given */
};

#endif
