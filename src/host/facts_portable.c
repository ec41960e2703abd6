/*
 * facts_portable.c - the host facts backend for a system configure does
 * not know (facts_be.h): nothing beyond what facts.c reads everywhere
 * (uname, the CPU count, the interface that holds the local address by
 * getifaddrs, its MTU by SIOCGIFMTU).  The route, the link's speed, the
 * driver, offloads, queues and the CPU model stay unknown: POSIX has no
 * way to ask for them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_be.h"

int np_facts_be_route(const struct sockaddr *local, const struct sockaddr *peer)
{
	(void)local;
	(void)peer;
	return 0;
}

void np_facts_be_interface(int fd, int index, const char name[IF_NAMESIZE],
			   struct np_host_facts *f)
{
	(void)fd;
	(void)index;
	(void)name;
	(void)f;
}

void np_facts_be_cpu_model(char *out, size_t outlen)
{
	if (outlen > 0)
		out[0] = '\0';
}

const char *np_facts_be_lacks(void)
{
	return "route, driver, link speed, offloads, queues and CPU model: this system "
	       "has no backend that reads them";
}
