/*
 * mconn.h - one data socket of a many-flows run, on either end, as byte
 * counts: no allocation, no clock, no lock, no stdio (the data path).
 *
 * A request/response flow is the same on both ends: for every in_unit
 * bytes (a datagram, on UDP) that arrive, out_unit bytes are queued to
 * go back; the client starts with its burst of requests queued.  A
 * stream's sender writes whenever it may, its receiver reads and counts.
 */
#ifndef NP_MCONN_H
#define NP_MCONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum np_mconn_mode {
	NP_MC_PINGPONG,        /* request/response */
	NP_MC_SEND,            /* a stream's sender */
	NP_MC_RECV,            /* a stream's receiver */
};

struct np_mconn {
	int fd;
	uint32_t flow;         /* the flow's index, 0 first */
	uint32_t in_unit, out_unit;
	uint32_t in_part;      /* bytes of the unit being read */
	uint64_t out_left;     /* bytes (a datagram's: out_unit each) queued */
	uint64_t units;        /* units completed: responses, requests */
	uint64_t bytes_in, bytes_out, calls_in, calls_out;
	uint8_t mode;          /* enum np_mconn_mode */
	bool dgram;            /* a connected UDP socket */
	bool reply;            /* pingpong: queue out_unit per unit in */
	uint8_t mask;          /* what the loop watches (NP_EV_*) */
	uint8_t state;         /* the owner's (connecting, hello, ...) */
	uint32_t aux;          /* the owner's */
};

/* One receive into buf; the units it completed (0 for a partial one,
 * nothing ready, or a datagram of another size than in_unit), or -1: the
 * peer closed (errno 0) or an error (errno). */
int np_mconn_read(struct np_mconn *c, uint8_t *buf, size_t len);

/* Sends what is queued (a sender: len bytes; a datagram socket: up to
 * burst datagrams) without blocking; 0, or -1 with errno. */
int np_mconn_write(struct np_mconn *c, const uint8_t *buf, size_t len, int burst);

/* Whether the connection has bytes to send (so the loop should watch
 * for room). */
static inline bool np_mconn_wants_write(const struct np_mconn *c)
{
	return c->mode == NP_MC_SEND || c->out_left > 0;
}



/* A non-blocking, close-on-exec data socket with the run's options
 * (sizes <= 0: the system's; nodelay: TCP only); -1 with errno. */
int np_mconn_socket(int family, int type, int sndbuf, int rcvbuf, bool nodelay);

/* A thread's message buffer for these sizes: the largest, and 64 KiB at
 * least (a stream's receive). */
size_t np_mconn_buflen(int32_t req, int32_t rsp, int32_t send, int32_t recv);

struct np_evloop;
/* loop watches c's socket for mask from now on (0: not at all; c->mask
 * is what it watched): 0, or -1 with errno (the loop's). */
int np_mconn_watch(struct np_evloop *loop, struct np_mconn *c, unsigned mask);
#endif
