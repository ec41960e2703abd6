/*
 * facts_darwin.c - what macOS's kernel (xnu) does its own way, for
 * facts_bsd.c (facts_bsd.h): the CPU model is sysctl
 * machdep.cpu.brand_string (its hw.model names the Mac, not the CPU), a
 * routing message's sockaddrs are rounded to 4 bytes (rtsock.c's
 * ROUNDUP32), and the media subtypes are numbered as xnu's
 * net/if_media.h has them.  No driver name: xnu's interface MIB has none
 * (IOKit's registry would, at the price of a framework).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_bsd.h"

#include <stdint.h>

#include "host/facts_be.h"

const struct np_bsd_form *np_bsd_form(void)
{
	static const struct np_bsd_form form = {
		.cpu_sysctl = "machdep.cpu.brand_string",
		.sa_align = sizeof(uint32_t),
		.media = NP_IFMEDIA_XNU,
	};

	return &form;
}

bool np_bsd_driver(int index, char *out, size_t outlen)
{
	(void)index;
	(void)out;
	(void)outlen;
	return false;
}

const char *np_facts_be_lacks(void)
{
	return "driver, queues, firmware and bus: macOS's interface MIB names none; "
	       "GSO and GRO are Linux's";
}
