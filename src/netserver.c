/*
 * netserver.c - the daemon: listen on IPv4 and IPv6, give up root, fork
 * one process per control connection (so a misbehaving session cannot
 * touch another), reap them, and admit new ones only within the limits
 * (admit.h): sessions in all and per client prefix, connections per
 * second, wrong passphrases.  A refused client is told why, with a
 * serv_errno, rather than meeting a bare close.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "dataaddr.h"
#include "admit.h"
#include "log.h"
#include "opts.h"
#include "privdrop.h"
#include "session.h"
#include "sock.h"
#include "units.h"
#include "wire.h"

#define MAX_LISTENERS NP_MAX_LISTEN
#define LISTEN_BACKLOG 1024
/* Refused connections kept open for a moment, so that the refusal is
 * read before the close: more at once are closed bare (a flood). */
#define MAX_REFUSALS 64
#define REFUSAL_LINGER_S 2.0

struct child {
	pid_t pid;                   /* 0 = free slot */
	struct np_prefix prefix;     /* the client's, for the limits */
};

struct refusal {
	int fd;                      /* -1 = free slot */
	double until;
};

struct server {
	int fds[MAX_LISTENERS];
	int nfds;
	uint16_t port;               /* the real one, after binding port 0 */
	struct np_limits limits;
	struct child children[NS_MAX_SESSIONS_CAP];
	struct refusal refusals[MAX_REFUSALS];
	struct np_data_rules data;
	struct np_session_rules rules;
};

static volatile sig_atomic_t child_exited;

static void on_sigchld(int sig)
{
	(void)sig;
	child_exited = 1;
}

static int listen_on(struct server *sv, const struct sockaddr *sa, socklen_t len,
		     bool dual_stack, char *why, size_t whylen)
{
	struct sockaddr_storage ss;
	socklen_t slen = sizeof(ss);
	char addr[INET6_ADDRSTRLEN];
	int fd, one = 1;

	memcpy(&ss, sa, len);
	np_addr_set_port((struct sockaddr *)&ss, sv->port);
	np_addr_string(sa, addr, sizeof(addr));
	fd = socket(sa->sa_family, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP);
	if (fd < 0) {
		snprintf(why, whylen, "socket for %s: %s", addr, strerror(errno));
		return -1;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (sa->sa_family == AF_INET6) {
		int v6only = dual_stack ? 0 : 1;

		(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, sizeof(v6only));
	}
	if (bind(fd, (struct sockaddr *)&ss, len) < 0 || listen(fd, LISTEN_BACKLOG) < 0) {
		snprintf(why, whylen, "listen on %s port %u: %s", addr, (unsigned)sv->port,
			 strerror(errno));
		close(fd);
		return -1;
	}
	if (sv->port == 0 && getsockname(fd, (struct sockaddr *)&ss, &slen) == 0)
		sv->port = np_addr_port((struct sockaddr *)&ss);
	sv->fds[sv->nfds++] = fd;
	return 0;
}

/* -L: every address the name resolves to, which are then also the only
 * addresses data sockets may bind to; otherwise the wildcard of each
 * family asked for.  Without -4/-6 the IPv6 socket is dual-stack, and
 * the IPv4 bind that then fails is expected. */
static int open_listeners(struct server *sv, const struct ns_opts *o, char *why,
			  size_t whylen)
{
	struct addrinfo *res, *ai;

	if (o->listen_host) {
		if (np_resolve(o->listen_host, 0, o->family, SOCK_STREAM, true, &res, why,
			       whylen) < 0)
			return -1;
		for (ai = res; ai && sv->nfds < MAX_LISTENERS; ai = ai->ai_next) {
			if (listen_on(sv, ai->ai_addr, ai->ai_addrlen, false, why, whylen) < 0)
				continue;
			memcpy(&sv->data.listen[sv->data.nlisten].ss, ai->ai_addr, ai->ai_addrlen);
			sv->data.listen[sv->data.nlisten++].len = ai->ai_addrlen;
		}
		freeaddrinfo(res);
		return sv->nfds > 0 ? 0 : -1;
	}
	if (o->family != AF_INET) {
		struct sockaddr_in6 any6 = { .sin6_family = AF_INET6, .sin6_addr = IN6ADDR_ANY_INIT };

		(void)listen_on(sv, (struct sockaddr *)&any6, sizeof(any6),
				o->family == AF_UNSPEC, why, whylen);
	}
	if (o->family != AF_INET6) {
		struct sockaddr_in any4 = { .sin_family = AF_INET,
					    .sin_addr.s_addr = htonl(INADDR_ANY) };
		char ignored[128];

		if (sv->nfds > 0)
			(void)listen_on(sv, (struct sockaddr *)&any4, sizeof(any4), false,
					ignored, sizeof(ignored));
		else
			(void)listen_on(sv, (struct sockaddr *)&any4, sizeof(any4), false,
					why, whylen);
	}
	return sv->nfds > 0 ? 0 : -1;
}

static int daemonize(void)
{
	pid_t pid = fork();
	int null;

	if (pid < 0)
		return -1;
	if (pid > 0)
		_exit(0);
	if (setsid() < 0 || chdir("/") < 0)
		return -1;
	null = open("/dev/null", O_RDWR);
	if (null < 0)
		return -1;
	dup2(null, STDIN_FILENO);
	dup2(null, STDOUT_FILENO);
	dup2(null, STDERR_FILENO);
	if (null > STDERR_FILENO)
		close(null);
	return 0;
}

static void reap(struct server *sv)
{
	const double now = np_now();
	pid_t pid;
	int status;

	child_exited = 0;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (int i = 0; i < NS_MAX_SESSIONS_CAP; i++) {
			struct child *c = &sv->children[i];

			if (c->pid != pid)
				continue;
			np_limits_release(&sv->limits, &c->prefix,
					  WIFEXITED(status) &&
					  WEXITSTATUS(status) == NP_SESSION_BAD_PASSPHRASE, now);
			c->pid = 0;
			break;
		}
	}
}

static struct child *free_slot(struct server *sv)
{
	for (int i = 0; i < NS_MAX_SESSIONS_CAP; i++)
		if (sv->children[i].pid == 0)
			return &sv->children[i];
	return NULL;
}

/* The child: serve one client, then exit.  Nothing of the parent's but
 * this one socket stays open. */
static void serve_child(struct server *sv, int fd, const struct sockaddr *peer)
{
	char addr[INET6_ADDRSTRLEN], ctx[96];

	for (int i = 0; i < sv->nfds; i++)
		close(sv->fds[i]);
	for (int i = 0; i < MAX_REFUSALS; i++)
		if (sv->refusals[i].fd >= 0)
			close(sv->refusals[i].fd);
	signal(SIGCHLD, SIG_DFL);
	np_addr_string(peer, addr, sizeof(addr));
	snprintf(ctx, sizeof(ctx), "client %s port %u", addr, (unsigned)np_addr_port(peer));
	np_log_set_context(ctx);
	np_log(NP_LOG_DEBUG, "connected");
	_exit(np_session_run(fd, &sv->rules));
}

/* Answer the client's first request with the refusal, then close once it
 * has read it (or after REFUSAL_LINGER_S): closing with its request
 * unread would reset the connection and could lose our answer. */
static void refuse_conn(struct server *sv, int fd, enum np_admit why, const char *who)
{
	uint8_t msg[NP_MSG_SIZE];

	np_log(NP_LOG_ERR, "refusing a session from %s: %s", who, np_admit_text(why));
	np_wire_encode_reply(NP_OMNI_RESPONSE, np_admit_errno(why), msg);
	if (fcntl(fd, F_SETFL, O_NONBLOCK) < 0 ||
	    send(fd, msg, sizeof(msg), MSG_NOSIGNAL) != (ssize_t)sizeof(msg) ||
	    shutdown(fd, SHUT_WR) < 0) {
		close(fd);
		return;
	}
	for (int i = 0; i < MAX_REFUSALS; i++) {
		if (sv->refusals[i].fd < 0) {
			sv->refusals[i].fd = fd;
			sv->refusals[i].until = np_now() + REFUSAL_LINGER_S;
			return;
		}
	}
	close(fd);
}

static void accept_one(struct server *sv, int lfd)
{
	struct sockaddr_storage peer;
	socklen_t plen = sizeof(peer);
	int fd = accept(lfd, (struct sockaddr *)&peer, &plen);
	char addr[INET6_ADDRSTRLEN];
	struct np_prefix prefix;
	enum np_admit verdict;
	struct child *slot;
	pid_t pid;

	if (fd < 0) {
		if (errno != EINTR && errno != EAGAIN && errno != ECONNABORTED)
			np_log(NP_LOG_ERR, "accept: %s", strerror(errno));
		return;
	}
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	np_addr_unmap((struct sockaddr *)&peer);
	np_addr_string((struct sockaddr *)&peer, addr, sizeof(addr));
	np_prefix_of((struct sockaddr *)&peer, &prefix);
	slot = free_slot(sv);
	verdict = slot ? np_limits_admit(&sv->limits, &prefix, np_now()) : NP_ADMIT_FULL;
	if (verdict != NP_ADMIT_OK) {
		refuse_conn(sv, fd, verdict, addr);
		return;
	}
	pid = fork();
	if (pid == 0)
		serve_child(sv, fd, (struct sockaddr *)&peer);
	if (pid < 0) {
		np_log(NP_LOG_ERR, "fork: %s", strerror(errno));
		np_limits_release(&sv->limits, &prefix, false, np_now());
	} else {
		slot->pid = pid;
		slot->prefix = prefix;
	}
	close(fd);
}

/* Take what a refused client sends; close on its EOF or our deadline.
 * A few reads per wake-up: a client that keeps sending cannot hold the
 * daemon here, only its own connection until the deadline. */
static void drain_refusal(struct refusal *r, bool readable, double now)
{
	char sink[NP_MSG_SIZE];
	ssize_t n = 1;

	for (int i = 0; readable && i < 16 && (n = recv(r->fd, sink, sizeof(sink), 0)) > 0; i++)
		;
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) ||
	    now >= r->until) {
		close(r->fd);
		r->fd = -1;
	}
}

static int serve(struct server *sv)
{
	struct pollfd pfd[MAX_LISTENERS + MAX_REFUSALS];
	struct refusal *owner[MAX_REFUSALS];

	for (;;) {
		int n, err, nr = 0, timeout = 1000;
		double now = np_now();

		for (int i = 0; i < sv->nfds; i++)
			pfd[i] = (struct pollfd){ .fd = sv->fds[i], .events = POLLIN };
		for (int i = 0; i < MAX_REFUSALS; i++) {
			struct refusal *r = &sv->refusals[i];
			int ms;

			if (r->fd < 0)
				continue;
			ms = (int)((r->until - now) * 1000) + 1;
			timeout = ms < timeout ? (ms > 0 ? ms : 0) : timeout;
			pfd[sv->nfds + nr] = (struct pollfd){ .fd = r->fd, .events = POLLIN };
			owner[nr++] = r;
		}
		/* The timeout bounds how long an exited child stays a zombie
		 * should its SIGCHLD slip in just before poll(). */
		n = poll(pfd, (nfds_t)(sv->nfds + nr), timeout);
		err = errno;
		if (child_exited || n == 0)
			reap(sv);
		if (n < 0) {
			if (err == EINTR)
				continue;
			np_log(NP_LOG_ERR, "poll: %s", strerror(err));
			return 1;
		}
		now = np_now();
		for (int i = 0; i < nr; i++)
			drain_refusal(owner[i], pfd[sv->nfds + i].revents != 0, now);
		for (int i = 0; i < sv->nfds; i++)
			if (pfd[i].revents & POLLIN)
				accept_one(sv, pfd[i].fd);
		np_log_flush_suppressed();
	}
}

/* The command line's limits, for the admission table and the sessions. */
static void apply_limits(struct server *sv, const struct ns_opts *o)
{
	const struct np_limit_settings set = {
		.max_sessions = o->max_sessions,
		.max_per_prefix = o->max_per_prefix,
		.conn_rate = o->conn_rate,
		.conn_burst = o->conn_burst,
		.auth_failures = o->passphrase ? o->auth_failures : 0,
	};

	np_limits_init(&sv->limits, &set);
	for (int i = 0; i < MAX_REFUSALS; i++)
		sv->refusals[i].fd = -1;
	sv->data.peer = o->data_peer_declared ? NP_DATA_PEER_DECLARED : NP_DATA_PEER_CONTROL;
	sv->data.port_min = o->data_port_min;
	sv->data.port_max = o->data_port_max;
	sv->data.family = o->family;
	sv->rules = (struct np_session_rules){
		.data = &sv->data,
		.passphrase = o->passphrase,
		.max_test_s = o->max_test_s,
		.max_memory = o->max_memory,
		.control_timeout_s = o->control_timeout_s,
		.refuse_options = o->refuse_options,
	};
}

int main(int argc, char **argv)
{
	struct ns_opts o;
	static struct server sv;
	struct sigaction sa;
	char why[256] = "no address to listen on";

	switch (ns_opts_parse(argc, argv, &o, stdout, stderr)) {
	case NP_OPTS_DONE:
		return 0;
	case NP_OPTS_USAGE:
		return 2;
	case NP_OPTS_RUN:
		break;
	}
	np_log_init("netserver", o.verbosity, 0);
	apply_limits(&sv, &o);
	sv.port = o.port;
	if (open_listeners(&sv, &o, why, sizeof(why)) < 0) {
		fprintf(stderr, "netserver: %s\n", why);
		return 1;
	}
	/* The port is bound: root is no longer needed. */
	if (np_priv_drop(o.user, NP_DEFAULT_MEMLOCK, why, sizeof(why)) < 0) {
		fprintf(stderr, "netserver: %s\n", why);
		return 1;
	}
	if (np_log_limit(o.log_rate, o.log_rate * 10) < 0) {
		fprintf(stderr, "netserver: log rate limit: %s\n", strerror(errno));
		return 1;
	}
	printf("Starting netserver with host '%s' port '%u' and family %s\n",
	       o.listen_host ? o.listen_host : "IN(6)ADDR_ANY", (unsigned)sv.port,
	       np_family_name(o.family));
	fflush(stdout);

	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigchld;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, NULL);

	if (!o.foreground) {
		if (daemonize() < 0) {
			fprintf(stderr, "netserver: daemonize: %s\n", strerror(errno));
			return 1;
		}
		np_log_init("netserver", o.verbosity, 1);
	}
	return serve(&sv);
}
