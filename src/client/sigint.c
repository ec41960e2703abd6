/*
 * sigint.c - Ctrl-C during a run: a flag and a pipe the run's watch
 * reads, set by the handler.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "client/sigint.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;
static int sigint_pipe[2] = { -1, -1 };

static void on_sigint(int sig)
{
	int saved = errno;
	ssize_t r;

	(void)sig;
	interrupted = 1;
	/* A full pipe already says it: a failed write changes nothing. */
	r = write(sigint_pipe[1], "i", 1);
	(void)r;
	errno = saved;
}

int np_sigint_open(void)
{
	if (sigint_pipe[0] >= 0)
		return 0;
	if (pipe(sigint_pipe) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)fcntl(sigint_pipe[i], F_SETFD, FD_CLOEXEC);
		(void)fcntl(sigint_pipe[i], F_SETFL, O_NONBLOCK);
	}
	return 0;
}

void np_sigint_catch(bool on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on ? on_sigint : SIG_DFL;
	sa.sa_flags = on ? SA_RESETHAND : 0;
	sigaction(SIGINT, &sa, NULL);
}

int np_sigint_fd(void)
{
	return sigint_pipe[0];
}

bool np_interrupted(void)
{
	return interrupted != 0;
}
