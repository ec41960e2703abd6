/*
 * privsys_resuid.c - a system with setresuid but no way to refuse new
 * privileges (FreeBSD before procctl's PROC_NO_NEW_PRIVS_CTL): the
 * switch, and the log says what is not sealed (privsys.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/privsys.h"

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
	(void)why;
	(void)whylen;
	return 0;
}

const char *np_privsys_unsealed(void)
{
	return "this system has no procctl PROC_NO_NEW_PRIVS_CTL";
}
