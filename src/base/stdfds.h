/*
 * stdfds.h - descriptors 0, 1 and 2 open before anything else is.
 */
#ifndef NP_STDFDS_H
#define NP_STDFDS_H

/* /dev/null onto each of 0, 1 and 2 that is closed: a program started
 * with one closed (`2>&-`) would otherwise hand its number to the next
 * socket or pipe it opens, and its error lines, its report or netperf's
 * progress line would go in there.  Opened the wrong way round (1 and 2
 * for reading, 0 for writing), so that they still act closed: a write to
 * them fails with EBADF as it did, and is not lost in silence.  Call
 * first in main.  0, or -1 with errno (no /dev/null). */
int np_stdfds_open(void);

#endif
