/*
 * bootid_freebsd.c - FreeBSD has no boot id: one is made of the host's
 * kern.hostuuid and kern.boottime (np_boot_id_derive).  A jail with a
 * hostuuid of its own (host.hostuuid) reads as another host; a clock
 * step (settimeofday, ntpd -g) moves kern.boottime, so two ends that
 * read it on either side of one read as two boots.
 */
#include "config.h"

#include "host/placement.h"

#include <string.h>
#include <sys/types.h>
#include <sys/sysctl.h>
#include <sys/time.h>

void np_boot_id_read(struct np_boot_id *id)
{
	char uuid[64 + 1];   /* HOSTUUIDLEN, sys/sys/jail.h */
	struct timeval boot;
	size_t ulen = sizeof(uuid) - 1, blen = sizeof(boot);

	memset(id, 0, sizeof(*id));
	if (sysctlbyname("kern.hostuuid", uuid, &ulen, NULL, 0) < 0 ||
	    sysctlbyname("kern.boottime", &boot, &blen, NULL, 0) < 0 || blen != sizeof(boot))
		return;
	uuid[ulen < sizeof(uuid) ? ulen : sizeof(uuid) - 1] = '\0';
	(void)np_boot_id_derive(uuid, (int64_t)boot.tv_sec, (int64_t)boot.tv_usec, id);
}

const char *np_boot_id_unknown(void)
{
	return NULL;
}
