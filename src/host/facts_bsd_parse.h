/*
 * facts_bsd_parse.h - the BSDs' forms of the host facts, read without
 * their headers so that they are built on every system and unit-tested
 * on Linux (tests/check_nic.c): a routing socket's answer to RTM_GET
 * (which interface the route leaves by), SIOCGIFMEDIA's media word (the
 * link's speed), if_data's baud rate, SIOCGIFCAP's capabilities (the
 * offloads) and FreeBSD's driver name.  facts_bsd.c feeds them what the
 * kernel wrote; its _Static_asserts hold the numbers below to the
 * system's own headers when it is built there.
 */
#ifndef NP_FACTS_BSD_PARSE_H
#define NP_FACTS_BSD_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host/facts.h"

/* A routing message's header (struct rt_msghdr, net/route.h): these
 * members sit at the same offsets on FreeBSD and macOS, in the host's
 * byte order; what follows them differs, and so does the header's size
 * (struct np_rtm_form). */
#define NP_RTM_MSGLEN_OFF 0     /* u_short rtm_msglen */
#define NP_RTM_VERSION_OFF 2    /* u_char rtm_version */
#define NP_RTM_TYPE_OFF 3       /* u_char rtm_type */
#define NP_RTM_INDEX_OFF 4      /* u_short rtm_index: the route's interface */
#define NP_RTM_ADDRS_OFF 12     /* int rtm_addrs: which sockaddrs follow */
#define NP_RTM_PID_OFF 16       /* pid_t rtm_pid */
#define NP_RTM_SEQ_OFF 20       /* int rtm_seq */
#define NP_RTM_ERRNO_OFF 24     /* int rtm_errno */
#define NP_RTM_VERSION 5        /* RTM_VERSION */
#define NP_RTM_GET 4            /* RTM_GET */
#define NP_RTAX_DST 0           /* rtm_addrs' bits: 1 << RTAX_... */
#define NP_RTAX_IFP 4           /* the interface's link address */
#define NP_RTAX_MAX 8
#define NP_AF_LINK 18           /* sys/socket.h, both */
#define NP_SDL_INDEX_OFF 2      /* u_short sdl_index in struct sockaddr_dl */

/* How a kernel lays a routing message out: the header's size, and the
 * multiple each sockaddr after it is rounded up to (FreeBSD's SA_SIZE:
 * sizeof(long); macOS's ROUNDUP32: 4). */
struct np_rtm_form {
	size_t hdrlen;
	size_t align;
};

/* The room a sockaddr of sa_len bytes takes in a routing message (a zero
 * length takes align, as the kernels have it). */
size_t np_nic_rtm_space(const struct np_rtm_form *form, size_t sa_len);

/* The interface of the kernel's answer msg (len bytes, as read from the
 * routing socket) to our RTM_GET (pid, seq): the index in its RTA_IFP
 * sockaddr_dl, else rtm_index.  0: it is the answer, and names no
 * interface (no route, a malformed message); -1: it is not the answer
 * (another process's message, a notice): read the next. */
int np_nic_rtm_ifindex(const struct np_rtm_form *form, const void *msg, size_t len,
		       int32_t pid, int32_t seq);

/* How a system numbers the media subtypes of net/if_media.h: FreeBSD's
 * and macOS's agree up to 17, then each goes its own way, and each keeps
 * the subtypes past 31 in different bits of the word. */
enum np_ifmedia_form {
	NP_IFMEDIA_FREEBSD,
	NP_IFMEDIA_XNU,
};

/* The link's speed in Mb/s from struct ifmediareq's ifm_status and
 * ifm_active; -1 when the link is down, the medium is not Ethernet (a
 * radio's rate is not its throughput), or the subtype names no speed
 * (autoselect, none, other, unknown). */
int np_nic_ifmedia_mbps(enum np_ifmedia_form form, int status, int active);

/* if_data's ifi_baudrate (bit/s) in Mb/s, rounded; -1 for 0 (not said)
 * and for saturated, the all-ones of the field's width (macOS puts a
 * rate past 4 Gb/s so into its 32 bits). */
int np_nic_baud_mbps(uint64_t bps, uint64_t saturated);

/* The offloads in SIOCGIFCAP's enabled capabilities (ifr_curcap): each
 * offload whose mask (the system's IFCAP_ bits for it) is non-zero is
 * known, and on when cur has any of them. */
void np_nic_ifcap(int cur, const int mask[NP_OFFLOADS], unsigned *known, unsigned *on);

/* A driver's name from the name of its instance (FreeBSD's
 * IFDATA_DRIVERNAME, "em0"; len bytes, not necessarily terminated): the
 * unit's digits dropped, cleaned as np_text_clean does.  False (out "")
 * when nothing is left. */
bool np_nic_driver_unit(const char *name, size_t len, char *out, size_t outlen);

#endif
