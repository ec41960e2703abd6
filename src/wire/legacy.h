/*
 * legacy.h - netperf 2.7's legacy (non-omni) test messages, as bytes.
 *
 * A netperf built with --enable-omni=no asks for each test with a request
 * type of its own (DO_TCP_STREAM, DO_TCP_RR, ...) whose layout is a plain
 * C struct of 32-bit words, the whole message converted to big-endian
 * (netperf 2.7.1's nettest_bsd.h; doc/compatibility.md, "Legacy
 * requests").  This module maps those messages to
 * and from the omni structs of wire.h, so that netserver serves a legacy
 * request through exactly the path, checks and limits of a DO_OMNI one,
 * and netperf can run a test against a netserver that knows only these.
 * Like wire.c it does no I/O.
 */
#ifndef NP_LEGACY_H
#define NP_LEGACY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire/wire.h"

/* Request types; the response is request + 1, the results request + 2. */
enum np_legacy_type {
	NP_DO_TCP_STREAM = 10,
	NP_DO_TCP_RR = 13,
	NP_DO_UDP_STREAM = 16,
	NP_DO_UDP_RR = 19,
	NP_DO_TCP_CRR = 34,
	NP_DO_TCP_MAERTS = 94,
};

/* Whether type is one of the six legacy test requests. */
bool np_legacy_is_request(int32_t type);
/* The request type for the test an omni request describes; 0 if none. */
int32_t np_legacy_type_of(const struct np_omni_request *q);

/*
 * netserver: decode a legacy request into the omni request it stands for
 * (socket type, protocol, direction and flags implied by its type) and
 * range-check it with np_wire_check_request.  0, or an errno value with a
 * one-line reason in why[].
 */
int np_legacy_decode_request(const uint8_t *msg, struct np_omni_request *q,
			     char *why, size_t whylen);
/* The response and results to a request of type request_type. */
void np_legacy_encode_response(int32_t request_type,
			       const struct np_omni_response *r, uint8_t *msg);
void np_legacy_encode_results(int32_t request_type,
			      const struct np_omni_results *r, uint8_t *msg);

/*
 * netperf: the legacy request for the test q describes.  msg_size is the
 * client's send size, which DO_UDP_STREAM carries in place of a receive
 * size (0: q->receive_size).  0, or EPROTONOSUPPORT (no legacy request
 * for that test) or EINVAL (q asks what a legacy request cannot carry),
 * with why[].
 */
int np_legacy_encode_request(const struct np_omni_request *q, int32_t msg_size,
			     uint8_t *msg, char *why, size_t whylen);
/*
 * The response to the legacy request encoded from q.  Fields a legacy
 * response lacks (the sizes of an RR test, the widths) are those
 * netserver-ng would have answered for q.  A refusal (serv_errno != 0)
 * decodes without further checks.
 */
int np_legacy_decode_response(const uint8_t *msg, const struct np_omni_request *q,
			      struct np_omni_response *r, char *why, size_t whylen);
/*
 * The results of a request of type request_type.  The type word is not
 * checked (the reference sends a byte-swapped one).  msg_size (the
 * client's UDP_STREAM send size, 0 if unknown) recovers UDP_STREAM's byte
 * count past 2^32; buffer sizes a legacy reply lacks come from rsp (may be
 * NULL); transport_retrans is -1 (unknown).
 */
int np_legacy_decode_results(const uint8_t *msg, int32_t request_type, int32_t msg_size,
			     const struct np_omni_response *rsp,
			     struct np_omni_results *r, char *why, size_t whylen);

#endif
