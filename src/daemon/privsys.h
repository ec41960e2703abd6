/*
 * privsys.h - what privdrop.c asks of the system, one backend file per
 * kind (configure's "privilege drop" line):
 *   privsys_linux.c    capabilities (raw capset/capget, no libcap), the
 *                      bounding set, PR_SET_KEEPCAPS, setresuid,
 *                      PR_SET_NO_NEW_PRIVS;
 *   privsys_procctl.c  setresuid and procctl's PROC_NO_NEW_PRIVS_CTL
 *                      (FreeBSD with it);
 *   privsys_resuid.c   setresuid, nothing to seal with (FreeBSD without
 *                      procctl's no-new-privs);
 *   privsys_reuid.c    setregid and setreuid, nothing to seal with
 *                      (macOS: no setresuid, no no-new-privs).
 * privdrop.c holds the order and the checks; a backend only calls.
 */
#ifndef NP_PRIVSYS_H
#define NP_PRIVSYS_H

#include <stddef.h>
#include <sys/types.h>

/* While root, whatever user follows: what must be done then (Linux:
 * empty the bounding set but CAP_NET_ADMIN).  0, or -1 with one line
 * in why. */
int np_privsys_prepare(char *why, size_t whylen);

/* Real, effective and saved ids to gid and uid (Linux: keeping the
 * permitted capabilities across).  0, or -1 with errno. */
int np_privsys_setids(uid_t uid, gid_t gid);

/* After the switch: keep CAP_NET_ADMIN alone where there are
 * capabilities, and no new privileges from here on where the system
 * can promise it.  0, or -1 with one line in why. */
int np_privsys_seal(char *why, size_t whylen);

/* What np_privsys_seal can promise, for the log: NULL when it seals,
 * else why not ("macOS has no no-new-privileges"). */
const char *np_privsys_unsealed(void);

#endif
