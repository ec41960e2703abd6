/*
 * privdrop.c - user switch, capabilities, no_new_privs: the order and the
 * checks.  What each step is on this system is privsys.h's backend.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/privdrop.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#include "daemon/log.h"
#include "daemon/privsys.h"

/* Not fatal: only zero-copy sends need it, and they say so themselves
 * when they fail; the log says it once, here. */
static void raise_memlock(uint64_t bytes)
{
	struct rlimit rl;

	/* rlim_t is signed on some systems (FreeBSD): compared as
	 * uint64_t once RLIM_INFINITY is ruled out. */
	if (getrlimit(RLIMIT_MEMLOCK, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
	    (uint64_t)rl.rlim_cur >= bytes)
		return;
	rl.rlim_cur = (rlim_t)bytes;
	if (rl.rlim_max != RLIM_INFINITY && (uint64_t)rl.rlim_max < bytes)
		rl.rlim_max = (rlim_t)bytes;
	if (setrlimit(RLIMIT_MEMLOCK, &rl) < 0)
		np_log(NP_LOG_INFO, "raising RLIMIT_MEMLOCK to %llu bytes: %s (zero-copy "
		       "sends larger than the limit will fail)", (unsigned long long)bytes,
		       strerror(errno));
}

uint64_t np_raise_nofile(uint64_t want)
{
	struct rlimit rl, up;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 0;
	if (rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < want) {
		up.rlim_cur = (rlim_t)want;
		up.rlim_max = rl.rlim_max != RLIM_INFINITY && (uint64_t)rl.rlim_max < want
			      ? (rlim_t)want
			      : rl.rlim_max;
		/* Not root, or past fs.nr_open: as far as the hard limit goes. */
		if (setrlimit(RLIMIT_NOFILE, &up) < 0 && rl.rlim_max > rl.rlim_cur) {
			up.rlim_cur = rl.rlim_max;
			up.rlim_max = rl.rlim_max;
			(void)setrlimit(RLIMIT_NOFILE, &up);
		}
		if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
			return 0;
	}
	return rl.rlim_cur == RLIM_INFINITY ? UINT64_MAX : (uint64_t)rl.rlim_cur;
}

static int become(const struct passwd *pw, char *why, size_t whylen)
{
	if (setgroups(1, &pw->pw_gid) < 0 || np_privsys_setids(pw->pw_uid, pw->pw_gid) < 0) {
		snprintf(why, whylen, "switching to user %s: %s", pw->pw_name, strerror(errno));
		return -1;
	}
	if (pw->pw_uid != 0 && (setuid(0) == 0 || seteuid(0) == 0)) {
		snprintf(why, whylen, "switched to user %s but could become root again",
			 pw->pw_name);
		return -1;
	}
	return 0;
}

int np_priv_drop(const char *user, uint64_t memlock, char *why, size_t whylen)
{
	const bool root = geteuid() == 0;
	const char *name = user ? user : root ? NP_DEFAULT_USER : NULL;
	struct passwd *pw = NULL;

	if (name) {
		errno = 0;
		pw = getpwnam(name);
		if (pw == NULL) {
			snprintf(why, whylen, "-u %s: %s", name,
				 errno ? strerror(errno) : "no such user");
			return -1;
		}
		if (!root && pw->pw_uid != getuid()) {
			snprintf(why, whylen, "-u %s: only root can switch users", name);
			return -1;
		}
	}
	if (root) {
		raise_memlock(memlock);
		if (np_privsys_prepare(why, whylen) < 0)
			return -1;
		if (pw->pw_uid != 0 && become(pw, why, whylen) < 0)
			return -1;
	}
	if (np_privsys_seal(why, whylen) < 0)
		return -1;
	if (np_privsys_unsealed())
		np_log(NP_LOG_INFO, "privileges: not sealed against new ones (%s)",
		       np_privsys_unsealed());
	return 0;
}
