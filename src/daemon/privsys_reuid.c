/*
 * privsys_reuid.c - POSIX's setregid and setreuid where there is no
 * setresuid (macOS): with both ids set by root, the saved id follows
 * the effective one, so root cannot come back (privdrop.c checks that
 * it cannot).  No call refuses new privileges there (privsys.h).
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
	return setregid(gid, gid) < 0 || setreuid(uid, uid) < 0 ? -1 : 0;
}

int np_privsys_seal(char *why, size_t whylen)
{
	(void)why;
	(void)whylen;
	return 0;
}

const char *np_privsys_unsealed(void)
{
	return "this system has no no-new-privileges call";
}
