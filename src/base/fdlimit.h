/*
 * fdlimit.h - the process's file-descriptor limit (RLIMIT_NOFILE) raised
 * to what thousands of flows need: the soft limit up to the hard one,
 * and the hard one too where the process may (root, up to the system's
 * ceiling, Linux's fs.nr_open).
 */
#ifndef NP_FDLIMIT_H
#define NP_FDLIMIT_H

/* Raises the soft limit to want descriptors where it can; the limit in
 * force afterwards (-1: unlimited). */
long np_fd_limit_raise(long want);

#endif
