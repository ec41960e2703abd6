/*
 * sweep_list.h - --sweep on the command line: what a parsed one is, so
 * that the options (opts.h) can hold it, and its rules (sweep_list.c);
 * running it and its table are sweep.h's.
 */
#ifndef NP_SWEEP_LIST_H
#define NP_SWEEP_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct np_opts;
struct np_test;

/* Sizes in one sweep at most: 64 runs is already an afternoon at -l 10
 * with -i. */
#define NP_SWEEP_MAX 64

struct np_sweep_list {
	int n;                          /* 0: no sweep */
	int32_t size[NP_SWEEP_MAX];     /* bytes, in the order given */
};

/*
 * "64,128,1472", or a geometric range "64..65507*2" (from 64, times 2,
 * while below 65507, then 65507 itself), or a linear one "64..1514+128"
 * (64, 192, ... 1472, then 1514 itself), any of them in one list
 * ("64..1024*4,1472", "64..1514+128,9000").  A range's factor is a whole
 * number from 2 to 1024 (2 when "*F" is left out), its step a size from
 * 1 to max; a range has one or the other.  Each size has netperf's size
 * syntax ("16K") and lies within 1..max; NP_SWEEP_MAX sizes at most.
 * 0, or -1 with a reason in why ("abc: not a number", "an empty size",
 * "more than 64 sizes").
 */
int np_sweep_parse(const char *text, int32_t max, struct np_sweep_list *l, char *why,
		   size_t whylen);

/* NULL when t can run a sweep, else why not ("it has no data connection"). */
const char *np_sweep_refusal(const struct np_test *t);

/* The option a sweep of t sets, which the command line may not set too:
 * 'r' (request and response sizes) or 'm' (the send size). */
char np_sweep_option(const struct np_test *t);

/* Whether t is a stream whose sender is netserver (TCP_MAERTS): its
 * sweep sizes -m ,R. */
bool np_sweep_server_sends(const struct np_test *t);

/* o made one size's: -m for the side that sends a stream (-m ,R for
 * TCP_MAERTS, whose sender is netserver), -r size,size for a
 * request/response test.  The one size rule: the client measures each
 * size with it, and each size's row is printed from options it made. */
void np_sweep_apply(struct np_opts *o, int32_t size);

#endif
