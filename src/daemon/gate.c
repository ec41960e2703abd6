/*
 * gate.c - the first message of a held connection, read a piece at a
 * time as it arrives (gate.h).  netserver.c judges it.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/gate.h"

#include <errno.h>

enum np_gate_read np_gate_read(struct np_gate *g)
{
	/* A few reads per wake-up: the daemon serves everyone else meanwhile. */
	for (int i = 0; i < 4 && g->got < sizeof(g->msg); i++) {
		ssize_t n = recv(g->fd, g->msg + g->got, sizeof(g->msg) - g->got, MSG_DONTWAIT);

		if (n == 0)
			return NP_GATE_CLOSED;
		if (n < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return NP_GATE_WAIT;
			if (errno == EINTR)
				continue;
			return NP_GATE_CLOSED;
		}
		g->got += (size_t)n;
	}
	return g->got == sizeof(g->msg) ? NP_GATE_MESSAGE : NP_GATE_WAIT;
}
