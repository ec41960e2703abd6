/*
 * test.c - the registry of tests: lookups by name and by request, and what
 * the rest of the code asks a descriptor.  What their data loops share is
 * run.c's.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/test.h"

#include <assert.h>
#include <string.h>
#include <strings.h>

#include "wire/wire.h"

const struct np_test *np_test_find(const char *name)
{
	for (const struct np_test *const *t = np_test_registry; *t; t++)
		if (strcasecmp((*t)->name, name) == 0)
			return *t;
	return NULL;
}

const struct np_test *np_test_for_request(int sock_type, int protocol, uint32_t direction,
					  bool connect, uint32_t ext_id)
{
	for (const struct np_test *const *t = np_test_registry; *t; t++) {
		const struct np_test *c = *t;

		if (c->served_as || !c->server_run || c->ext_id != ext_id)
			continue;
		if (ext_id || (c->sock_type == sock_type && c->protocol == protocol &&
			       c->direction == direction && c->wire_connect == connect))
			return c;
	}
	return NULL;
}

bool np_test_moves_data(const struct np_test *t)
{
	return !t->no_data;
}

/* Netserver receives (NP_DIR_RECV): the client's bytes open each
 * transaction, or the stream. */
bool np_test_client_sends_first(const struct np_test *t)
{
	return np_test_moves_data(t) && (t->direction & NP_DIR_RECV);
}

const char *np_test_direction_name(const struct np_test *t)
{
	const bool srv_xmit = t->direction & NP_DIR_XMIT;
	const bool srv_recv = t->direction & NP_DIR_RECV;

	if (srv_xmit && srv_recv)
		return t->connect_each ? "Connect|Send|Recv" : "Send|Recv";
	if (!srv_xmit && !srv_recv)
		return "Connection";
	return srv_xmit ? "Receive" : "Send";
}

const struct np_test *const *np_tests(void)
{
	return np_test_registry;
}

const struct np_test *np_test_served(const struct np_test *t)
{
	return t->served_as ? t->served_as : t;
}

int np_test_options(const struct np_test *t)
{
	const int n = np_reqfields_count(t->options);

	/* A variant's values travel in its served test's words, or nowhere. */
	for (int k = 0; k < n; k++)
		assert(np_reqfields_index(np_test_served(t)->options, t->options[k]) >= 0);
	return n;
}

void np_test_option_defaults(const struct np_test *t, int32_t out[NP_TEST_OPTIONS])
{
	np_reqfields_defaults(t->options, out);
}

int32_t np_test_param(const struct np_test *t, const int32_t v[NP_TEST_OPTIONS], const char *name)
{
	for (int k = 0; t->options && t->options[k]; k++)
		if (strcmp(t->options[k]->name, name) == 0)
			return v[k];
	return 0;
}

int32_t np_test_default_size(int bufsize, bool udp)
{
	const int32_t max = udp ? NP_UDP_MAX : NP_MAX_TCP_MSG;

	return bufsize <= 0 ? 4096 : bufsize > max ? max : bufsize;
}

int32_t np_test_default_width(int bufsize, int32_t size)
{
	int32_t w = size > 0 ? bufsize / size + 1 : 2;

	return w < 2 ? 2 : w;
}
