/*
 * errno_linux.h - an errno as the control protocol carries it: Linux's
 * number.  netperf 2.7.1 puts its host's errno into a reply's serv_errno
 * and prints strerror() of the number it gets; the netperf 2.7.1 that
 * meets netserver-ng runs on Linux, so that is the numbering the word
 * has (doc/protocol.md, "Refusals").  The numbers differ elsewhere
 * (ELOOP is 40 on Linux, 62 on FreeBSD and macOS, where 62 is Linux's
 * ETIME), so a netserver-ng on another system translates what it sends
 * and a netperf-ng there what it reads.  On Linux both are the identity.
 */
#ifndef NP_ERRNO_LINUX_H
#define NP_ERRNO_LINUX_H

#include <stdint.h>

/* The host's errno e as Linux numbers it: every errno name that Linux,
 * FreeBSD and macOS share; one outside those (a system's own) goes as
 * the host's number, which on Linux is Linux's. */
int32_t np_errno_to_linux(int e);

/* Linux's errno n as the host numbers it, for strerror(); one the table
 * lacks stays n. */
int np_errno_from_linux(int32_t n);

#endif
