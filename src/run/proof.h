/*
 * proof.h - a declared data address proves that it asked for the data.
 *
 * netserver --data-peer declared accepts data from the address a client
 * declares in its request (dataaddr.h), and anyone may declare any
 * address: a UDP test that answers (UDP_RR, UDP_CRR) with responses
 * larger than its requests would send a third party what datagrams
 * forged from its address ask for.  So before such a test's data phase,
 * netserver sends a random cookie from its data socket to the declared
 * address and port, and the client echoes it from there: only a host
 * that receives at that address can.  The control connection proves
 * nothing here (the one who asks may be the attacker).
 *
 *   netserver -> declared address:port   COOKIE  (again after 0.5, 1.5,
 *                                                 3.5 s without an echo)
 *   declared address -> netserver        ECHO    (again each second
 *                                                 without the ACK)
 *   netserver -> the echo's sender       ACK     (the data phase may start)
 *
 * Every datagram is NP_PROOF_LEN bytes: the extension's magic, the kind,
 * the cookie.  netserver answers an echo with one ACK of the same size,
 * and sends at most NP_PROOF_SENDS cookies a test (96 bytes, against the
 * request's 656 and a TCP handshake): none of it amplifies.  Either side
 * gives up after NP_PROOF_TIMEOUT_MS; netserver drops the test then.
 *
 * Once netserver has acknowledged, it is in its data loop: an echo sent
 * again (its ACK was slow) is not a request there (np_proof_late_echo)
 * and gets no second ACK, which would reach the client's data loop.  The
 * exchange is set-up: it runs before the timed data phase, and no data
 * loop calls anything here but np_proof_late_echo, before its first
 * request.
 */
#ifndef NP_PROOF_H
#define NP_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#define NP_PROOF_LEN 24
#define NP_PROOF_COOKIE_LEN 16
#define NP_PROOF_TIMEOUT_MS 5000
#define NP_PROOF_SENDS 4

enum np_proof_kind {
	NP_PROOF_COOKIE = 1,   /* netserver's: the cookie to echo */
	NP_PROOF_ECHO = 2,     /* the declared address's: the cookie back */
	NP_PROOF_ACK = 3,      /* netserver's: proven, the data may flow */
};

/* One test's proof: its cookie, and where it goes. */
struct np_proof {
	uint8_t cookie[NP_PROOF_COOKIE_LEN];
	struct sockaddr_storage to;    /* the declared address and port */
	socklen_t to_len;
};

/* A fresh random cookie for a proof to to.  0, or -1 with errno. */
int np_proof_new(struct np_proof *p, const struct sockaddr *to, socklen_t to_len);

/* One datagram of the exchange. */
void np_proof_encode(uint8_t out[NP_PROOF_LEN], enum np_proof_kind kind,
		     const uint8_t cookie[NP_PROOF_COOKIE_LEN]);
/* Whether buf (n bytes) is that datagram, with that cookie; the cookie
 * is compared in constant time. */
bool np_proof_is(const void *buf, size_t n, enum np_proof_kind kind,
		 const uint8_t cookie[NP_PROOF_COOKIE_LEN]);
/* Whether buf is a COOKIE datagram; its cookie into cookie. */
bool np_proof_cookie_of(const void *buf, size_t n, uint8_t cookie[NP_PROOF_COOKIE_LEN]);

/*
 * netserver: the exchange on its data socket fd (bound, not connected),
 * watching the control connection ctl (a client gone, or one that talks
 * out of turn, ends it).  0 once the declared address echoed the cookie
 * (and was acknowledged), or -1 with why.  *ignored counts the datagrams
 * read meanwhile that were not the echo (forged requests among them):
 * none is answered.
 */
int np_proof_server(const struct np_proof *p, int fd, int ctl, uint64_t *ignored, char *why,
		    size_t whylen);

/*
 * netperf: on its data socket fd (bound to its declared address), take
 * netserver's cookie from server (its data address and port), echo it
 * there, wait for the ACK.  ctl: the control connection, whose close says
 * netserver gave up (-1: none).  0, or -1 with why.
 */
int np_proof_client(int fd, const struct sockaddr *server, socklen_t server_len, int ctl,
		    char *why, size_t whylen);

/* netserver's UDP loops, before their first request: an echo the client
 * sent again is not a request (p NULL: no proof was asked). */
static inline bool np_proof_late_echo(const struct np_proof *p, const void *buf, ssize_t n)
{
	return p && n == NP_PROOF_LEN && np_proof_is(buf, (size_t)n, NP_PROOF_ECHO, p->cookie);
}

#endif
