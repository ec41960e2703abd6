/*
 * netperf.c - the client: parse the command line, run the test, report.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <signal.h>
#include <stdio.h>

#include "client.h"
#include "opts.h"

int main(int argc, char **argv)
{
	struct np_opts o;

	switch (np_opts_parse(argc, argv, &o, stdout, stderr)) {
	case NP_OPTS_DONE:
		return 0;
	case NP_OPTS_USAGE:
		return 2;
	case NP_OPTS_RUN:
		break;
	}
	/* A peer that vanishes shows up as EPIPE, not as a dead netperf. */
	signal(SIGPIPE, SIG_IGN);
	return np_client_run(&o, stdout, stderr);
}
