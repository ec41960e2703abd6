/*
 * facts_freebsd.c - what FreeBSD's kernel does its own way, for
 * facts_bsd.c (facts_bsd.h): the CPU model is sysctl hw.model, a routing
 * message's sockaddrs are rounded to sizeof(long) (net/route.h's
 * SA_SIZE), the media subtypes are numbered as its net/if_media.h has
 * them, and the interface MIB names each interface's driver and unit
 * (net/if_mib.h's IFDATA_DRIVERNAME: "em0" for an em(4) renamed "wan").
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_bsd.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/sysctl.h>
#include <net/if.h>
#include <net/if_mib.h>

#include "host/facts_be.h"

const struct np_bsd_form *np_bsd_form(void)
{
	static const struct np_bsd_form form = {
		.cpu_sysctl = "hw.model",
		.sa_align = sizeof(long),
		.media = NP_IFMEDIA_FREEBSD,
	};

	return &form;
}

bool np_bsd_driver(int index, char *out, size_t outlen)
{
	int mib[] = { CTL_NET, PF_LINK, NETLINK_GENERIC, IFMIB_IFDATA, index, IFDATA_DRIVERNAME };
	char name[64];
	size_t len = sizeof(name);

	if (sysctl(mib, sizeof(mib) / sizeof(mib[0]), name, &len, NULL, 0) < 0)
		return false;
	return np_nic_driver_unit(name, len <= sizeof(name) ? len : sizeof(name), out, outlen);
}

const char *np_facts_be_lacks(void)
{
	return "queues, firmware and bus: FreeBSD has no general way to ask "
	       "(its drivers keep them under dev.DRIVER.UNIT); GSO and GRO are Linux's";
}
