/*
 * sigint.h - Ctrl-C during a run: the first ends the data phase early
 * (the test is then reported as usual), a second kills netperf
 * (SA_RESETHAND).  The handler only sets a flag and makes a pipe
 * readable, which the run's watch reads.
 */
#ifndef NP_SIGINT_H
#define NP_SIGINT_H

#include <stdbool.h>

/* The handler's pipe, opened once per process: 0, or -1 with errno. */
int np_sigint_open(void);
/* Catch SIGINT (on), or give it back its default. */
void np_sigint_catch(bool on);
/* The pipe's end the watch reads (-1 before np_sigint_open). */
int np_sigint_fd(void);
/* Ctrl-C came. */
bool np_interrupted(void);

#endif
