/*
 * check_evloop_poll.c - the event loop's cases (evloop_cases.h) on the
 * poll(2) backend, linked alone (Makefile.am): the fallback of every
 * system configure finds neither epoll nor kqueue on, tested here too.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "evloop_cases.h"

int main(void)
{
	if (strcmp(np_evloop_backend(), "poll") != 0) {
		fprintf(stderr, "check_evloop_poll: linked with %s, not poll\n", np_evloop_backend());
		return EXIT_FAILURE;
	}
	return evloop_run("evloop_poll");
}
