/*
 * netperf.c - the client: parse the command line, run the test, report.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/stdfds.h"
#include "cli/opts.h"
#include "client/client.h"
#include "report/selectors.h"

int main(int argc, char **argv)
{
	struct np_opts o;

	if (np_stdfds_open() < 0) {
		fprintf(stderr, "netperf: /dev/null for a closed stdin, stdout or stderr: %s\n",
			strerror(errno));
		return 1;
	}
	switch (np_opts_parse(argc, argv, &o, stdout, stderr)) {
	case NP_OPTS_DONE:
		return 0;
	case NP_OPTS_USAGE:
		return 2;
	case NP_OPTS_RUN:
		break;
	}
	/* -o/-O/-k: a bad name or a missing file is a usage error before
	 * anything connects. */
	if (o.selecting) {
		switch (np_sel_choose(o.sel_value, o.sel_style, o.test,
				      o.local_cpu || o.remote_cpu, &o.selection, stdout, stderr)) {
		case 1:
			return 0;
		case -1:
			return 2;
		}
		if (np_sel_wants_latency(&o.selection))
			o.latency = true;
	}
	/* SIGPIPE keeps (or gets back, if whoever started us ignored it)
	 * its default action: a reader that goes away (`netperf | head`)
	 * ends netperf quietly, as it ends any Unix filter, rather than
	 * with "writing the report: Broken pipe".  Sockets do not need it
	 * ignored: every send on a stream socket (the control connection,
	 * the TCP data loops) passes MSG_NOSIGNAL and sees EPIPE instead;
	 * UDP sockets never raise SIGPIPE. */
	signal(SIGPIPE, SIG_DFL);
	return np_client_run(&o, stdout, stderr);
}
