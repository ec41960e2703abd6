/*
 * privdrop.h - netserver gives up root once its port is bound.
 *
 * Started as root it serves as an unprivileged user (-u, "nobody" by
 * default), keeping the one capability a test may need: CAP_NET_ADMIN
 * (socket priority above 6, a congestion control outside the allowed
 * list; later busy-polling).  Whoever started it, it then holds no other
 * capability, cannot gain one back (an emptied bounding set where it
 * may empty it, PR_SET_NO_NEW_PRIVS), and RLIMIT_MEMLOCK is raised
 * first for zero-copy sends, whose pinned pages count against it.
 * RLIMIT_NOFILE is raised before that too, for -Z's connections held
 * by the daemon (unproven.h).
 */
#ifndef NP_PRIVDROP_H
#define NP_PRIVDROP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NP_DEFAULT_USER "nobody"
#define NP_DEFAULT_MEMLOCK (64u << 20)

/*
 * user: the -u name, NULL when not given (then "nobody" if we are root,
 * else whoever we are).  memlock: RLIMIT_MEMLOCK to raise to while root.
 * 0, or -1 with one line in why.
 */
int np_priv_drop(const char *user, uint64_t memlock, char *why, size_t whylen);

/* Raise RLIMIT_NOFILE's soft limit to want, and its hard limit too if it
 * may (root, before np_priv_drop); as far as it can otherwise.  The soft
 * limit in force after. */
uint64_t np_raise_nofile(uint64_t want);

#endif
