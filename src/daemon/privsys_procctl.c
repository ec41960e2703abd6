/*
 * privsys_procctl.c - FreeBSD with procctl(2)'s PROC_NO_NEW_PRIVS_CTL:
 * setresuid, then no new privileges (no set-user-ID gains) for good
 * (privsys.h).  No capabilities to keep: above-default socket options
 * need root there, which netserver no longer is.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/privsys.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/procctl.h>
#include <unistd.h>

int np_privsys_prepare(char *why, size_t whylen)
{
	(void)why;
	(void)whylen;
	return 0;
}

int np_privsys_setids(uid_t uid, gid_t gid)
{
	return setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0 ? -1 : 0;
}

int np_privsys_seal(char *why, size_t whylen)
{
	int on = PROC_NO_NEW_PRIVS_ENABLE;

	if (procctl(P_PID, getpid(), PROC_NO_NEW_PRIVS_CTL, &on) < 0) {
		snprintf(why, whylen, "procctl PROC_NO_NEW_PRIVS_CTL: %s", strerror(errno));
		return -1;
	}
	return 0;
}

const char *np_privsys_unsealed(void)
{
	return NULL;
}
