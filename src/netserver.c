/*
 * netserver.c - the daemon: listen on IPv4 and IPv6, fork one process per
 * control connection (so a misbehaving session cannot touch another),
 * reap them, cap how many run at once.
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

#include "log.h"
#include "opts.h"
#include "session.h"
#include "sock.h"

#define MAX_LISTENERS 16
#define LISTEN_BACKLOG 1024
/* Sessions at once, in all and from one address: a single host cannot
 * take every slot. */
#define MAX_SESSIONS 512
#define MAX_PER_CLIENT 128

struct child {
	pid_t pid;                   /* 0 = free slot */
	char addr[INET6_ADDRSTRLEN]; /* the client's address */
};

struct server {
	int fds[MAX_LISTENERS];
	int nfds;
	uint16_t port;       /* the real one, after binding port 0 */
	int sessions;        /* children alive */
	struct child children[MAX_SESSIONS];
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

/* -L: every address the name resolves to; otherwise the wildcard of each
 * family asked for.  Without -4/-6 the IPv6 socket is dual-stack, and the
 * IPv4 bind that then fails is expected. */
static int open_listeners(struct server *sv, const struct ns_opts *o, char *why,
			  size_t whylen)
{
	struct addrinfo *res, *ai;

	if (o->listen_host) {
		if (np_resolve(o->listen_host, 0, o->family, SOCK_STREAM, true, &res, why,
			       whylen) < 0)
			return -1;
		for (ai = res; ai && sv->nfds < MAX_LISTENERS; ai = ai->ai_next)
			(void)listen_on(sv, ai->ai_addr, ai->ai_addrlen, false, why, whylen);
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
	pid_t pid;
	int status;

	child_exited = 0;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (int i = 0; i < MAX_SESSIONS; i++) {
			if (sv->children[i].pid == pid) {
				sv->children[i].pid = 0;
				sv->sessions--;
				break;
			}
		}
	}
}

static int sessions_from(const struct server *sv, const char *addr)
{
	int n = 0;

	for (int i = 0; i < MAX_SESSIONS; i++)
		if (sv->children[i].pid && strcmp(sv->children[i].addr, addr) == 0)
			n++;
	return n;
}

static struct child *free_slot(struct server *sv)
{
	for (int i = 0; i < MAX_SESSIONS; i++)
		if (sv->children[i].pid == 0)
			return &sv->children[i];
	return NULL;
}

/* The child: serve one client, then exit.  Nothing of the parent's but
 * this one socket stays open. */
static void serve_child(struct server *sv, int fd, const struct sockaddr *peer,
			const char *passphrase)
{
	char addr[INET6_ADDRSTRLEN], ctx[96];
	int one = 1, rc;

	for (int i = 0; i < sv->nfds; i++)
		close(sv->fds[i]);
	signal(SIGCHLD, SIG_DFL);
	np_addr_string(peer, addr, sizeof(addr));
	snprintf(ctx, sizeof(ctx), "client %s port %u", addr, (unsigned)np_addr_port(peer));
	np_log_set_context(ctx);
	(void)setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
	np_log(NP_LOG_DEBUG, "connected");
	rc = np_session_run(fd, passphrase);
	close(fd);
	np_log(NP_LOG_DEBUG, "session ended");
	_exit(rc == 0 ? 0 : 1);
}

static void accept_one(struct server *sv, int lfd, const char *passphrase)
{
	struct sockaddr_storage peer;
	socklen_t plen = sizeof(peer);
	int fd = accept(lfd, (struct sockaddr *)&peer, &plen);
	char addr[INET6_ADDRSTRLEN];
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
	slot = free_slot(sv);
	if (slot == NULL || sessions_from(sv, addr) >= MAX_PER_CLIENT) {
		np_log(NP_LOG_ERR, "refusing a session from %s: %d running, %d of them from there",
		       addr, sv->sessions, sessions_from(sv, addr));
		close(fd);
		return;
	}
	pid = fork();
	if (pid == 0)
		serve_child(sv, fd, (struct sockaddr *)&peer, passphrase);
	if (pid < 0) {
		np_log(NP_LOG_ERR, "fork: %s", strerror(errno));
	} else {
		slot->pid = pid;
		snprintf(slot->addr, sizeof(slot->addr), "%s", addr);
		sv->sessions++;
	}
	close(fd);
}

static int serve(struct server *sv, const char *passphrase)
{
	struct pollfd pfd[MAX_LISTENERS];

	for (int i = 0; i < sv->nfds; i++)
		pfd[i] = (struct pollfd){ .fd = sv->fds[i], .events = POLLIN };
	for (;;) {
		/* The timeout bounds how long an exited child stays a zombie
		 * should its SIGCHLD slip in just before poll(). */
		int n = poll(pfd, (nfds_t)sv->nfds, 1000);
		int err = errno;

		if (child_exited || n == 0)
			reap(sv);
		if (n < 0) {
			if (err == EINTR)
				continue;
			np_log(NP_LOG_ERR, "poll: %s", strerror(err));
			return 1;
		}
		for (int i = 0; i < sv->nfds && n > 0; i++)
			if (pfd[i].revents & POLLIN)
				accept_one(sv, pfd[i].fd, passphrase);
	}
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
	sv.port = o.port;
	if (open_listeners(&sv, &o, why, sizeof(why)) < 0) {
		fprintf(stderr, "netserver: %s\n", why);
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
	return serve(&sv, o.passphrase);
}
