/*
 * privsys_linux.c - Linux: capabilities by the raw system calls (no
 * libcap), the bounding set, PR_SET_KEEPCAPS across the switch,
 * setresuid, PR_SET_NO_NEW_PRIVS (privsys.h).  A Linux C library whose
 * headers lack one of these (configure's HAVE_ macros) skips that step.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "daemon/privsys.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
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

int np_privsys_prepare(char *why, size_t whylen)
{
#if HAVE_DECL_PR_CAPBSET_DROP && defined(HAVE_CAPS)
	/* No capability but CAP_NET_ADMIN can ever come back. */
	for (int cap = 0; cap < 64; cap++)
		if (cap != CAP_NET_ADMIN && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 &&
		    errno == EINVAL)
			break;      /* past the kernel's last capability */
#endif
	(void)why;
	(void)whylen;
	return 0;
}

int np_privsys_setids(uid_t uid, gid_t gid)
{
	int rc, err;

#if HAVE_DECL_PR_SET_KEEPCAPS
	/* Keep the permitted set across setuid, to keep CAP_NET_ADMIN. */
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) < 0)
		return -1;
#endif
	rc = setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0 ? -1 : 0;
	err = errno;
#if HAVE_DECL_PR_SET_KEEPCAPS
	(void)prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
#endif
	errno = err;
	return rc;
}

int np_privsys_seal(char *why, size_t whylen)
{
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
	(void)why;
	(void)whylen;
	return 0;
}

const char *np_privsys_unsealed(void)
{
#if HAVE_DECL_PR_SET_NO_NEW_PRIVS
	return NULL;
#else
	return "this C library's headers have no PR_SET_NO_NEW_PRIVS";
#endif
}
