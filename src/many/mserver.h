/*
 * mserver.h - netserver's side of a many-flows run's data: its data
 * sockets (threads x ports of them: TCP listeners, or UDP sockets), and
 * T threads, each an event loop over the sockets it owns (socket j is
 * thread j mod T's) and the connections they accept.  Nothing is served
 * to a connection, nor a datagram's source, before its hello carries
 * the run's token (wire/many.h); a connection that has not proven itself
 * within NP_MANY_HELLO_S seconds is closed.  The control connection is
 * the session's (daemon/session_many.c).
 */
#ifndef NP_MSERVER_H
#define NP_MSERVER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "wire/many.h"

#define NP_MANY_HELLO_S 2

struct np_many_server;

/* The run q asks, its sockets bound to local's address (its port
 * ignored; port_min..port_max when not 0), its threads started; only
 * peer's address (the control connection's: run/dataaddr.h's
 * np_addr_same) may connect or send.  r has the ports.  NULL with errno
 * and the reason in why. */
struct np_many_server *np_many_server_new(const struct np_many_req *q,
					  const struct sockaddr *peer,
					  const struct sockaddr *local, socklen_t len,
					  uint16_t port_min, uint16_t port_max,
					  struct np_many_reply *r, char *why, size_t whylen);
/* Flows whose hello came (TCP_CRR: every flow, as each of its
 * connections proves itself). */
uint32_t np_many_server_joined(struct np_many_server *s);
/* A stream's end waits at most this long for what the client sent
 * (NP_NG_MANY_END's count), a UDP stream's only while datagrams come. */
#define NP_MANY_SETTLE_MS 2000
#define NP_MANY_QUIET_MS 20
/* A data phase starts (TCP_MAERTS: the sends begin), or ends (they
 * stop); the counts since the last of the two in c.  At a stream's end,
 * sent is the bytes the client sent since GO (0: do not wait).  0, or -1
 * when a thread did not answer within timeout_ms. */
int np_many_server_sync(struct np_many_server *s, int running, uint64_t sent,
			struct np_many_counts *c, int timeout_ms);
/* Stops the threads, closes every socket, frees the rest. */
void np_many_server_free(struct np_many_server *s);

#endif
