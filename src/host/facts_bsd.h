/*
 * facts_bsd.h - what facts_bsd.c (the host facts backend of FreeBSD and
 * macOS: PF_ROUTE, getifaddrs, SIOCGIFMEDIA, SIOCGIFCAP, sysctl) asks of
 * its system's own file, facts_freebsd.c or facts_darwin.c: the few
 * things their kernels write or name differently.
 */
#ifndef NP_FACTS_BSD_H
#define NP_FACTS_BSD_H

#include <stdbool.h>
#include <stddef.h>

#include "host/facts_bsd_parse.h"

struct np_bsd_form {
	const char *cpu_sysctl;         /* the CPU model's sysctl name */
	size_t sa_align;                /* a routing message's sockaddrs are rounded to */
	enum np_ifmedia_form media;     /* how the media word numbers its subtypes */
};

const struct np_bsd_form *np_bsd_form(void);

/* The driver of interface index, into out (outlen bytes); false when the
 * system does not say. */
bool np_bsd_driver(int index, char *out, size_t outlen);

#endif
