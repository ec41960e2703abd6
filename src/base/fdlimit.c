/*
 * fdlimit.c - RLIMIT_NOFILE raised (fdlimit.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/fdlimit.h"

#include <sys/resource.h>

long np_fd_limit_raise(long want)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return -1;
	if (rl.rlim_cur == RLIM_INFINITY)
		return -1;
	if (rl.rlim_cur >= (rlim_t)want)
		return (long)rl.rlim_cur;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < (rlim_t)want) {
		/* Above the hard limit: only a privileged process may. */
		struct rlimit up = { (rlim_t)want, (rlim_t)want };

		if (setrlimit(RLIMIT_NOFILE, &up) == 0)
			return want;
	}
	rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < (rlim_t)want ? rl.rlim_max
										    : (rlim_t)want;
	(void)setrlimit(RLIMIT_NOFILE, &rl);
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return -1;
	return rl.rlim_cur == RLIM_INFINITY ? -1 : (long)rl.rlim_cur;
}
