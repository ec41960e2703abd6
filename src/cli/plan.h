/*
 * plan.h - netperf's options made a fixed plan: where the data connection
 * runs and with which socket options, the same for every iteration; the
 * report reads its ends from it (the banner, -o's fields, -J).
 */
#ifndef NP_PLAN_H
#define NP_PLAN_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/sock.h"
#include "cli/opts.h"

/* Where the data connection runs, fixed for all iterations. */
struct np_plan {
	const struct np_opts *o;
	const struct np_test *test;
	char unit;
	int family;
	struct np_addr remote;        /* netserver's data address (port set later) */
	struct np_addr local;         /* where our data socket binds */
	bool bind_local;
	const char *rname;            /* as the banner names them */
	const char *lname;
	char raddr[INET6_ADDRSTRLEN];
	char laddr[INET6_ADDRSTRLEN];
	struct np_sockopts so;
	char title[40];               /* -t omni's banner title */
};

/* The data connection's ends: the control peer unless -- -H/-L/-4/-6
 * say otherwise.  0, or -1 with the reason on err. */
int np_plan_make(struct np_plan *p, const struct np_opts *o, const char *ctl_host,
		 const struct np_addr *ctl_peer, FILE *err);

/* The unit the run reports in: -f, or the test's default; 'x' only for
 * request/response. */
char np_plan_unit(const struct np_opts *o);

/* netperf clears "routing allowed" for UDP_STREAM alone, unless -- -R. */
bool np_plan_routing_allowed(const struct np_opts *o, const struct np_test *t);

/* host (NULL: the wildcard) as one address of family (AF_UNSPEC: any);
 * 0, or -1 with "cannot resolve <role> ..." on err. */
int np_plan_resolve(const char *host, int family, int socktype, bool passive,
		    struct np_addr *a, FILE *err, const char *role);

/* "netperf -H host ...", as typed (what COMMAND_LINE shows). */
void np_plan_join_args(const struct np_opts *o, char *buf, size_t len);

#endif
