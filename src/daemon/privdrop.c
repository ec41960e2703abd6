/*
 * privdrop.c - user switch, capabilities, no_new_privs.
 *
 * The capability calls are the raw system calls, so no libcap is
 * needed; where the system lacks them, only the user switch is done.
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
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif
#if defined(HAVE_LINUX_CAPABILITY_H) && HAVE_DECL_SYS_CAPSET && HAVE_DECL_SYS_CAPGET
#include <linux/capability.h>
#include <sys/syscall.h>
#define HAVE_CAPS 1
#endif

#ifdef HAVE_CAPS
static int caps_get(struct __user_cap_data_struct d[2])
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };

	memset(d, 0, 2 * sizeof(*d));
	return (int)syscall(SYS_capget, &h, d);
}

/* Effective and permitted: CAP_NET_ADMIN if we may have it, nothing
 * else; nothing inheritable. */
static int caps_keep_net_admin(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	const uint32_t bit = 1u << CAP_NET_ADMIN;   /* < 32: the first word */
	bool have;

	if (caps_get(d) < 0)
		return -1;
	have = (d[0].permitted & bit) != 0;
	memset(d, 0, sizeof(d));
	if (have)
		d[0].effective = d[0].permitted = bit;
	return (int)syscall(SYS_capset, &h, d);
}
#endif

/* While root: no capability but CAP_NET_ADMIN can ever come back. */
static void empty_bounding_set(void)
{
#if HAVE_DECL_PR_CAPBSET_DROP && defined(HAVE_CAPS)
	for (int cap = 0; cap < 64; cap++)
		if (cap != CAP_NET_ADMIN && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 &&
		    errno == EINVAL)
			break;      /* past the kernel's last capability */
#endif
}

/* Not fatal: only zero-copy sends need it, and they say so themselves
 * when they fail; the log says it once, here. */
static void raise_memlock(uint64_t bytes)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_MEMLOCK, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur >= bytes)
		return;
	rl.rlim_cur = (rlim_t)bytes;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < bytes)
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
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
		up.rlim_cur = (rlim_t)want;
		up.rlim_max = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ? (rlim_t)want
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
#if HAVE_DECL_PR_SET_KEEPCAPS
	/* Keep the permitted set across setuid, to keep CAP_NET_ADMIN. */
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) < 0) {
		snprintf(why, whylen, "prctl PR_SET_KEEPCAPS: %s", strerror(errno));
		return -1;
	}
#endif
	if (setgroups(1, &pw->pw_gid) < 0 ||
	    setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) < 0 ||
	    setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid) < 0) {
		snprintf(why, whylen, "switching to user %s: %s", pw->pw_name, strerror(errno));
		return -1;
	}
#if HAVE_DECL_PR_SET_KEEPCAPS
	(void)prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
#endif
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
		empty_bounding_set();
		if (pw->pw_uid != 0 && become(pw, why, whylen) < 0)
			return -1;
	}
#ifdef HAVE_CAPS
	if (caps_keep_net_admin() < 0) {
		snprintf(why, whylen, "capset: %s", strerror(errno));
		return -1;
	}
#endif
#if HAVE_DECL_PR_SET_NO_NEW_PRIVS
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
		snprintf(why, whylen, "prctl PR_SET_NO_NEW_PRIVS: %s", strerror(errno));
		return -1;
	}
#endif
	return 0;
}
