/*
 * dataaddr.h - where netserver's data sockets bind and whom they talk to.
 *
 * A data socket binds only to an address netserver listens on (-L), in
 * --data-ports when that is given, and takes data only from the control
 * connection's peer: a third party can neither join a test nor turn
 * netserver into a reflector.  Labs whose data path runs between other
 * addresses than the control connection opt in with --data-peer
 * declared: the client's declared data address (netperf's test option
 * -L) is then accepted too, in either family.  Anyone may declare any
 * address, so a UDP test that answers to one other than the control
 * connection's peer first has that address prove it asked for the data
 * (np_data_proof_need; the handshake in proof.h); TCP's handshake
 * proves it already.
 *
 * np_data_plan is a pure function of its inputs, unit-tested.
 */
#ifndef NP_DATAADDR_H
#define NP_DATAADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "base/sock.h"

enum np_data_peer {
	NP_DATA_PEER_CONTROL,    /* only the control connection's peer address */
	NP_DATA_PEER_DECLARED,   /* also the client's declared data address */
};

#define NP_MAX_LISTEN 16

/* netserver's rules for the data sockets of every session. */
struct np_data_rules {
	enum np_data_peer peer;
	uint16_t port_min, port_max;     /* --data-ports; 0, 0 = any */
	int family;                      /* -4 / -6 / -L ,fam; AF_UNSPEC = both */
	int nlisten;                     /* -L addresses; 0 = the wildcards */
	struct np_addr listen[NP_MAX_LISTEN];
};

/* The addresses a data socket accepts a peer from (ports do not matter). */
struct np_peers {
	int n;
	struct sockaddr_storage addr[2];
};

/* What one request may use. */
struct np_data_plan {
	struct sockaddr_storage bind;    /* address, and the port asked (0 = pick) */
	socklen_t bind_len;
	struct np_peers peers;
	/* --data-peer declared: the declared data address (port 0; an IPv6
	 * link-local one with the bound address's scope), among the peers,
	 * when it is not the control connection's peer: nothing has proven
	 * that it asked for anything.  declared_len 0: none such. */
	struct sockaddr_storage declared;
	socklen_t declared_len;
};

/*
 * What a test may send to the data peers of plan before they prove they
 * asked for it.  Only a UDP test that answers (UDP_RR, UDP_CRR: udp_answers)
 * can be aimed at a third party: TCP's handshake proves the address, and
 * UDP_STREAM's server sends nothing.
 */
enum np_data_proof {
	NP_DATA_PROOF_NONE,     /* no unproven peer, or nothing sent to it */
	NP_DATA_PROOF_ASK,      /* the client echoes a cookie first (proof.h) */
	NP_DATA_PROOF_CAP,      /* a client that cannot, whose responses are no
				 * larger than its requests: each response at
				 * most the size of the datagram it answers */
	NP_DATA_PROOF_REFUSE,   /* ...larger: refused (NP_REFUSE_UNPROVEN) */
};

/* can_echo: the client proves its address (NP_EXT_CAP_DATA_PROOF);
 * req_size and rsp_size the test's; test its name, for why (the
 * refusal's reason and the cap's note). */
enum np_data_proof np_data_proof_need(const struct np_data_plan *plan, bool udp_answers,
				      bool can_echo, int32_t req_size, int32_t rsp_size,
				      const char *test, char *why, size_t whylen);

/*
 * Decide for one request.  ctl_local and ctl_peer are the control
 * connection's two ends; family is the data family asked (AF_INET or
 * AF_INET6); netserver_ip and netperf_ip are the request's address bytes
 * (network order, 16 bytes; all zero = not given); data_port the port
 * asked.  Returns 0, or the serv_errno to refuse with (wire.h's
 * NP_REFUSE_*) and why.
 */
int np_data_plan(const struct np_data_rules *r, const struct sockaddr *ctl_local,
		 const struct sockaddr *ctl_peer, int family, const uint8_t netserver_ip[16],
		 const uint8_t netperf_ip[16], uint32_t data_port, struct np_data_plan *plan,
		 char *why, size_t whylen);

/* Whether a and b are one peer, ports aside: the same address (an
 * IPv4-mapped IPv6 address counts as its IPv4 one), or two loopback
 * addresses (127.0.0.0/8, ::1), which only this host can send from. */
bool np_addr_same(const struct sockaddr *a, const struct sockaddr *b);

/* Whether sa's address (IPv4-mapped counts as IPv4) is one of peers. */
bool np_peers_allow(const struct np_peers *p, const struct sockaddr *sa);

/* Bind fd as planned: port 0 with --data-ports takes the first free port
 * of the range, starting at a point that seed varies.  0 or -1/errno. */
int np_data_bind(int fd, const struct np_data_plan *plan, const struct np_data_rules *r,
		 unsigned seed);

#endif
