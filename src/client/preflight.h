/*
 * preflight.h - netperf's checks of its fast-path options, before it
 * connects (preflight.c).
 */
#ifndef NP_PREFLIGHT_H
#define NP_PREFLIGHT_H

#include <stdio.h>

struct np_opts;

/*
 * netperf, before anything connects: what --batch and --gso allow here.
 * 0 to go on; 2 for a usage error (-m over the kernel's segment limit);
 * 1 where the build or the kernel lacks what the option needs.  One line
 * on err either way.  UDP_RR --batch without -b warns (one request is in
 * flight: nothing to batch).
 */
int np_preflight_check(const struct np_opts *o, FILE *err);

#endif
