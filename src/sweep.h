/* sweep.h - placeholder, replaced by its issue-9 branch. */
#ifndef NP_SWEEP_H
#define NP_SWEEP_H
#endif
