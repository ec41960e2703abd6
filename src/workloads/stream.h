/*
 * stream.h - the stream tests' loops (stream_tests.c) that a variant in a
 * file of its own reuses: a test that sends as TCP_STREAM or UDP_STREAM
 * does, and is served as one (np_test.served_as), is its descriptor and a
 * client of a few lines (tests/variant_tests.c).
 */
#ifndef NP_STREAM_H
#define NP_STREAM_H

#include "run/run.h"

/* netperf's side of a stream test: connect run->fd, send run->send_size
 * bytes per call (MSG_NOSIGNAL | flags; with MSG_DONTWAIT a full socket
 * is tried again) until the run's end or its count (-l -N), timed per
 * call with -j; then the end: TCP half-closes and waits for the
 * receiver's EOF, UDP sends three empty datagrams.  0, or -1 with
 * run->err set. */
int np_stream_send(struct np_run *run, int flags);

#endif
