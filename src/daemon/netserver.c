/*
 * netserver.c - the daemon: listen on IPv4 and IPv6, give up root, fork
 * one process per control connection (so a misbehaving session cannot
 * touch another), reap them, and admit new ones only within the limits
 * (admit.h): sessions in all, per client prefix and per network around
 * it, connections per second, wrong passphrases (judged here, before any
 * fork: gate.h; the connections still proving theirs are a pool of their
 * own, unproven.h).  A refused client is told why, with a serv_errno and,
 * to a netperf-ng, the reason in text (refusal.h), rather than meeting a
 * bare close.  The budgets every session draws on (budget.h) are made
 * here, and what a dead session held is taken back.
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

#include "base/clock.h"
#include "base/random.h"
#include "base/sock.h"
#include "base/sockfd.h"
#include "base/stdfds.h"
#include "base/units.h"
#include "cli/opts.h"
#include "daemon/admit.h"
#include "daemon/budget.h"
#include "daemon/gate.h"
#include "daemon/log.h"
#include "daemon/privdrop.h"
#include "base/fdlimit.h"
#include "daemon/refusal.h"
#include "daemon/session.h"
#include "daemon/unproven.h"
#include "host/cpu.h"
#include "run/dataaddr.h"
#include "wire/wire.h"

#define MAX_LISTENERS NP_MAX_LISTEN
#define LISTEN_BACKLOG 1024
/* File descriptors the daemon needs besides -Z's pool: listeners,
 * refused connections held, and a margin for its own files (the log,
 * /proc, /dev/urandom, the one it accepts before judging it). */
#define FD_RESERVE (MAX_LISTENERS + NP_REFUSALS + 64)
/* accept() out of file descriptors or memory: the connection stays in
 * the backlog and the listener stays readable; a pause, not a spin. */
#define ACCEPT_PAUSE_S 0.1
/* Connections accepted a listener per wake-up, at most: a poll over
 * every held connection costs as much as many accepts, and a backlog
 * drained one a wake-up overflows under a flood (about 1000 a second
 * with 1024 held), dropping honest clients' handshakes too. */
#define ACCEPT_BATCH 64
/* Unproven connections dropped are told in one log line a second at
 * most, however many a flood makes. */
#define DROPS_EVERY_S 1.0

_Static_assert(NS_MAX_UNPROVEN_CAP == NP_UNPROVEN_CAP, "one cap for --max-unproven");

struct child {
	pid_t pid;                   /* 0 = free slot */
	struct np_prefix prefix;     /* the client's, for the limits */
};

/* -Z's connections dropped unproven since the last line about them. */
struct drops {
	int evicted[NP_UNPROVEN_ALL + 1];   /* for a newcomer: by the share that was full */
	int late;                           /* past --passphrase-timeout */
	struct np_prefix last;              /* the last evicted one's crowd */
	double next;                        /* no line before this */
};

struct server {
	int fds[MAX_LISTENERS];
	int nfds;
	uint16_t port;               /* the real one, after binding port 0 */
	struct np_limits limits;
	struct child children[NS_MAX_SESSIONS_CAP];
	struct np_refusal refusals[NP_REFUSALS];
	/* -Z: connections whose passphrase has not arrived whole yet, no
	 * sessions until it has; gates[i] is the pool's entry i. */
	struct np_unproven pool;
	struct np_gate gates[NP_UNPROVEN_CAP];
	struct drops drops;
	double accept_after;         /* ACCEPT_PAUSE_S after accept ran out */
	const char *passphrase;
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
	/* Non-blocking: accept takes a batch until the backlog is empty. */
	fd = np_socket(sa->sa_family, SOCK_STREAM, IPPROTO_TCP, NP_SOCK_NONBLOCK);
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
			np_limits_release(&sv->limits, &c->prefix, false, now);
			np_budget_reclaim(sv->rules.budget, i);
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
 * this one socket stays open.  Its passphrase, if any, was judged by the
 * parent; cell is its share of the daemon's budgets. */
static void serve_child(struct server *sv, int fd, const struct sockaddr *peer, int cell)
{
	char addr[INET6_ADDRSTRLEN], ctx[96];
	struct np_session_rules rules = sv->rules;

	for (int i = 0; i < sv->nfds; i++)
		close(sv->fds[i]);
	for (int i = 0; i < NP_REFUSALS; i++)
		if (sv->refusals[i].in.fd >= 0)
			close(sv->refusals[i].in.fd);
	for (int i = 0; i < sv->pool.set.max; i++)
		if (sv->gates[i].fd >= 0 && sv->gates[i].fd != fd)
			close(sv->gates[i].fd);
	signal(SIGCHLD, SIG_DFL);
	np_addr_string(peer, addr, sizeof(addr));
	snprintf(ctx, sizeof(ctx), "client %s port %u", addr, (unsigned)np_addr_port(peer));
	np_log_set_context(ctx);
	np_log(NP_LOG_DEBUG, "connected");
	rules.cell = cell;
	_exit(np_session_run(fd, &rules));
}

/* Refuse fd (now the refusals' to close) with serv_errno for why, in
 * the log and to the client (refusal.h); first: its first message, if
 * the daemon has read it (-Z); ng_only: no answer but to a netperf-ng. */
static void refuse_fd(struct server *sv, int fd, int32_t serv_errno, const char *why,
		      bool ng_only, const char *who, const uint8_t *first)
{
	np_log(NP_LOG_ERR, "refusing a session from %s: %s", who, why);
	np_refusal_add(sv->refusals, fd, serv_errno, why, ng_only, first, np_now());
}

/* A refusal by the admission rules (admit.h), which say why. */
static void refuse_conn(struct server *sv, int fd, enum np_admit why, const char *who,
			const uint8_t *first)
{
	char reason[NP_REFUSAL_LEN + 1];

	np_admit_reason(&sv->limits, why, reason, sizeof(reason));
	refuse_fd(sv, fd, np_admit_errno(why), reason, false, who, first);
}

/* Fork the session's process, which serves fd; the parent's copy is
 * closed, or, if no process can be had, the admission given back and a
 * netperf-ng client told why (any other meets the close it always met). */
static void start_session(struct server *sv, int fd, const struct sockaddr *peer,
			  const struct np_prefix *prefix, const char *who, const uint8_t *first)
{
	struct child *slot = free_slot(sv);
	char why[96];
	pid_t pid;

	/* Sessions are admitted, never more than --max-sessions <=
	 * NS_MAX_SESSIONS_CAP: a slot is free. */
	if (!slot) {
		np_limits_release(&sv->limits, prefix, false, np_now());
		refuse_fd(sv, fd, NP_REFUSE_SESSIONS, "no child slot free (a bug)", true, who,
			  first);
		return;
	}
	pid = fork();
	if (pid == 0)
		serve_child(sv, fd, peer, (int)(slot - sv->children));
	if (pid < 0) {
		const int err = errno;

		np_limits_release(&sv->limits, prefix, false, np_now());
		snprintf(why, sizeof(why), "no process for the session: fork: %s", strerror(err));
		refuse_fd(sv, fd, err, why, true, who, first);
		return;
	}
	slot->pid = pid;
	slot->prefix = *prefix;
	close(fd);
}

/* Gate i is free again; its connection is closed or passed on. */
static void release_gate(struct server *sv, int i)
{
	sv->gates[i].fd = -1;
	np_unproven_remove(&sv->pool, i);
}

static void drop_gate(struct server *sv, int i)
{
	close(sv->gates[i].fd);
	release_gate(sv, i);
}

/* The oldest unproven connection of a full share (level) or of the full
 * pool makes room for a newcomer. */
static void evict(struct server *sv, int i, int level)
{
	char addr[INET6_ADDRSTRLEN];

	np_addr_string((struct sockaddr *)&sv->gates[i].peer, addr, sizeof(addr));
	np_log(NP_LOG_DEBUG, "client %s: no passphrase yet, dropped for a newcomer", addr);
	sv->drops.evicted[level]++;
	sv->drops.last = sv->pool.e[i].at[level < NP_LEVELS ? level : NP_LEVEL_HOST];
	drop_gate(sv, i);
}

/* What the pool dropped, in one line at most every DROPS_EVERY_S. */
static void log_drops(struct server *sv, double now)
{
	struct drops *d = &sv->drops;
	int shares = 0, evicted;
	char net[64], where[96];

	for (int k = 0; k < NP_LEVELS; k++)
		shares += d->evicted[k];
	evicted = shares + d->evicted[NP_UNPROVEN_ALL];
	if (now < d->next || (evicted == 0 && d->late == 0))
		return;
	where[0] = '\0';
	if (evicted) {
		np_prefix_string(&d->last, net, sizeof(net));
		snprintf(where, sizeof(where), "; the last from %s", net);
	}
	np_log(NP_LOG_ERR, "-Z: dropped %d connection(s) without a passphrase: %d after %.0f s "
	       "(--passphrase-timeout), %d to make room for newcomers (%d with --max-unproven "
	       "%d full, %d with a share full%s)", evicted + d->late, d->late,
	       sv->pool.set.timeout, evicted, d->evicted[NP_UNPROVEN_ALL], sv->pool.set.max,
	       shares, where);
	memset(d, 0, sizeof(*d));
	d->next = now + DROPS_EVERY_S;
}

/* -Z: hold the connection until its passphrase has arrived, in the pool
 * of unproven connections; the oldest goes if the newcomer finds no room. */
static void hold(struct server *sv, int fd, const struct sockaddr_storage *peer,
		 const struct np_prefix *prefix, double now)
{
	int level, i = np_unproven_victim(&sv->pool, prefix, &level);
	char addr[INET6_ADDRSTRLEN];

	if (i >= 0)
		evict(sv, i, level);
	i = np_unproven_add(&sv->pool, prefix, now);
	if (i < 0 || fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
		np_addr_string((const struct sockaddr *)peer, addr, sizeof(addr));
		np_log(NP_LOG_ERR, "holding a connection from %s: %s", addr,
		       i < 0 ? "no room (a bug)" : strerror(errno));
		if (i >= 0)
			np_unproven_remove(&sv->pool, i);
		close(fd);
		return;
	}
	sv->gates[i] = (struct np_gate){ .fd = fd, .peer = *peer, .prefix = *prefix };
}

/* One connection from the backlog, admitted, held or refused; false
 * when there was none (or accept failed). */
static bool accept_one(struct server *sv, int lfd)
{
	struct sockaddr_storage peer;
	socklen_t plen = sizeof(peer);
	int fd = accept(lfd, (struct sockaddr *)&peer, &plen);
	char addr[INET6_ADDRSTRLEN];
	struct np_prefix prefix;
	enum np_admit verdict;
	const double now = np_now();

	if (fd < 0) {
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
			np_log(NP_LOG_ERR, "accept: %s: accepting again in %.0f ms", strerror(errno),
			       ACCEPT_PAUSE_S * 1000);
			sv->accept_after = now + ACCEPT_PAUSE_S;
		} else if (errno != EINTR && errno != EAGAIN && errno != ECONNABORTED) {
			np_log(NP_LOG_ERR, "accept: %s", strerror(errno));
		}
		return false;
	}
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	np_addr_unmap((struct sockaddr *)&peer);
	np_addr_string((struct sockaddr *)&peer, addr, sizeof(addr));
	np_prefix_of((struct sockaddr *)&peer, &prefix);
	/* With -Z a connection meets the session limits only once its
	 * passphrase is proven (judge); the rate and the wrong guesses now. */
	verdict = sv->passphrase ? np_limits_connect(&sv->limits, &prefix, now)
		  : np_limits_admit(&sv->limits, &prefix, now);
	if (verdict != NP_ADMIT_OK) {
		refuse_conn(sv, fd, verdict, addr, NULL);
		return true;
	}
	if (sv->passphrase) {
		hold(sv, fd, &peer, &prefix, now);
		return true;
	}
	(void)fcntl(fd, F_SETFL, 0);   /* not the listener's O_NONBLOCK, where inherited */
	start_session(sv, fd, (struct sockaddr *)&peer, &prefix, addr, NULL);
	return true;
}

/* With -Z, few enough that those accepted after a newcomer before its
 * passphrase is judged (at the next wake-up, before any accept) cannot
 * fill its share and push it out (np_unproven_batch). */
static int accept_batch(const struct server *sv)
{
	return sv->passphrase ? np_unproven_batch(&sv->pool, sv->nfds, ACCEPT_BATCH)
	       : ACCEPT_BATCH;
}

/* A proven connection: a session if the session limits allow it, else
 * refused (its PASSPHRASE read: the request comes next). */
static void admit_proven(struct server *sv, struct np_gate *g, const char *addr, double now)
{
	const enum np_admit verdict = np_limits_session(&sv->limits, &g->prefix, now);

	if (verdict != NP_ADMIT_OK) {
		refuse_conn(sv, g->fd, verdict, addr, g->msg);
		return;
	}
	(void)fcntl(g->fd, F_SETFL, 0);
	start_session(sv, g->fd, (struct sockaddr *)&g->peer, &g->prefix, addr, g->msg);
}

/* A held connection's first message, or its end: a guess is judged only
 * while the client's limits allow one, and a wrong one is counted at
 * once; a right one makes a session if the session limits allow it.
 * Netserver 2.7.1 closes on a wrong passphrase, and so do we. */
static void judge(struct server *sv, int i, bool readable, double now)
{
	struct np_gate *g = &sv->gates[i];
	char addr[INET6_ADDRSTRLEN];
	enum np_gate_read r = readable ? np_gate_read(g) : NP_GATE_WAIT;

	if (r == NP_GATE_WAIT && now < np_unproven_deadline(&sv->pool, i))
		return;
	np_addr_string((struct sockaddr *)&g->peer, addr, sizeof(addr));
	/* Refused, its first message goes with it: the request, or a
	 * PASSPHRASE, after which the request comes. */
	if (r == NP_GATE_MESSAGE && !np_limits_auth_allowed(&sv->limits, &g->prefix, now)) {
		refuse_conn(sv, g->fd, NP_ADMIT_AUTH, addr, g->msg);
		release_gate(sv, i);
		return;
	}
	if (r == NP_GATE_MESSAGE && np_wire_passphrase_matches(g->msg, sv->passphrase)) {
		admit_proven(sv, g, addr, now);
		release_gate(sv, i);
		return;
	}
	if (r == NP_GATE_MESSAGE) {
		np_limits_auth_failed(&sv->limits, &g->prefix, now);
		np_log(NP_LOG_ERR, "client %s: %s, closing", addr,
		       np_wire_type(g->msg) == NP_PASSPHRASE ? "wrong passphrase"
		       : "first message is not the passphrase");
	} else if (r == NP_GATE_CLOSED) {
		np_log(NP_LOG_DEBUG, "client %s: closed before its passphrase", addr);
	} else {
		np_log(NP_LOG_DEBUG, "client %s: no passphrase in time, closing", addr);
		sv->drops.late++;
	}
	drop_gate(sv, i);
}

/* A wait until the earliest of deadline and the timeout so far. */
static int sooner(int timeout, double deadline, double now)
{
	const int ms = (int)((deadline - now) * 1000) + 1;

	return ms < timeout ? (ms > 0 ? ms : 0) : timeout;
}

static int serve(struct server *sv)
{
	static struct pollfd pfd[MAX_LISTENERS + NP_REFUSALS + NP_UNPROVEN_CAP];
	static struct np_refusal *owner[NP_REFUSALS];
	static int held[NP_UNPROVEN_CAP];
	const int batch = accept_batch(sv);

	for (;;) {
		int n, err, nr = 0, ng = 0, timeout = 1000;
		double now = np_now();
		/* Out of file descriptors a moment ago: the listeners wait. */
		const bool pause = now < sv->accept_after;

		if (pause)
			timeout = sooner(timeout, sv->accept_after, now);
		for (int i = 0; i < sv->nfds; i++)
			pfd[i] = (struct pollfd){ .fd = pause ? -1 : sv->fds[i], .events = POLLIN };
		for (int i = 0; i < NP_REFUSALS; i++) {
			struct np_refusal *r = &sv->refusals[i];

			if (r->in.fd < 0)
				continue;
			timeout = sooner(timeout, np_refusal_deadline(r), now);
			pfd[sv->nfds + nr] = (struct pollfd){ .fd = r->in.fd, .events = POLLIN };
			owner[nr++] = r;
		}
		for (int i = 0; sv->passphrase && i < sv->pool.set.max; i++) {
			if (sv->gates[i].fd < 0)
				continue;
			timeout = sooner(timeout, np_unproven_deadline(&sv->pool, i), now);
			pfd[sv->nfds + nr + ng] = (struct pollfd){ .fd = sv->gates[i].fd,
								   .events = POLLIN };
			held[ng++] = i;
		}
		/* The timeout bounds how long an exited child stays a zombie
		 * should its SIGCHLD slip in just before poll(). */
		n = poll(pfd, (nfds_t)(sv->nfds + nr + ng), timeout);
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
			np_refusal_step(owner[i], pfd[sv->nfds + i].revents != 0, now);
		/* Passphrases that have arrived are judged before anyone new
		 * is accepted (accept_batch), so a crowd of newcomers cannot
		 * push a client out of the pool between its message's arrival
		 * and its judgement (unproven.h). */
		for (int i = 0; i < ng; i++)
			judge(sv, held[i], pfd[sv->nfds + nr + i].revents != 0, now);
		for (int i = 0; i < sv->nfds; i++)
			for (int k = 0; k < batch && (pfd[i].revents & POLLIN) &&
			     now >= sv->accept_after && accept_one(sv, pfd[i].fd); k++)
				;
		log_drops(sv, now);
		np_log_flush_suppressed();
	}
}

/* The hash's key: from the kernel's random source, else from what
 * differs between daemons (a weaker key, which the log admits). */
static void hash_key(uint8_t key[NP_LIMIT_KEY_BYTES])
{
	const double now = np_now();

	if (np_random_bytes(key, NP_LIMIT_KEY_BYTES) == 0)
		return;
	np_log(NP_LOG_ERR, "random bytes: %s; the admission table's key is guessable",
	       strerror(errno));
	memcpy(key, &now, sizeof(now));
	for (int i = 0; i < 4; i++)
		key[8 + i] = (uint8_t)((unsigned)getpid() >> (8 * i));
}

/* --max-memory's default: a quarter of the level at which the kernel
 * puts all of TCP under memory pressure (net.ipv4.tcp_mem's second
 * figure, in pages), so netserver's sessions alone never get it there;
 * 256 MiB where that cannot be read. */
static uint64_t default_max_memory(void)
{
	unsigned long long lo, pressure, hi;
	const long page = sysconf(_SC_PAGESIZE);
	FILE *f = fopen("/proc/sys/net/ipv4/tcp_mem", "r");
	int got = f ? fscanf(f, "%llu %llu %llu", &lo, &pressure, &hi) : 0;

	if (f)
		fclose(f);
	if (got != 3 || page <= 0 || pressure == 0)
		return (uint64_t)256 << 20;
	return (uint64_t)pressure * (uint64_t)page / 4;
}

/* -Z: --max-unproven, as far as RLIMIT_NOFILE can be raised for it
 * (while still root): every held connection is a descriptor. */
static int unproven_room(const struct ns_opts *o)
{
	const uint64_t want = (uint64_t)o->max_unproven + FD_RESERVE;
	const uint64_t have = np_raise_nofile(want);
	const int room = have >= want ? o->max_unproven
			 : have > FD_RESERVE + 16 ? (int)(have - FD_RESERVE) : 16;

	if (room < o->max_unproven)
		np_log(NP_LOG_ERR, "RLIMIT_NOFILE is %llu, which cannot be raised to %llu: "
		       "--max-unproven %d lowered to %d", (unsigned long long)have,
		       (unsigned long long)want, o->max_unproven, room);
	return room;
}

/* The command line's limits, for the admission table and the sessions. */
static void apply_limits(struct server *sv, const struct ns_opts *o)
{
	const struct np_limit_settings set = {
		.max_sessions = o->max_sessions,
		.max_per_prefix = o->max_per_prefix,
		.max_per_site = o->max_per_site,
		.max_per_net = o->max_per_net,
		.conn_rate = o->conn_rate,
		.conn_burst = o->conn_burst,
		.auth_failures = o->passphrase ? o->auth_failures : 0,
	};
	const uint64_t total = o->max_total_memory ? o->max_total_memory : default_max_memory();
	const int spinning = o->max_spinning >= 0 ? o->max_spinning
			     : np_cpu_count() / 2 > 0 ? np_cpu_count() / 2 : 1;
	uint8_t key[NP_LIMIT_KEY_BYTES];

	hash_key(key);
	np_limits_init(&sv->limits, &set, key);
	np_refusals_init(sv->refusals);
	np_unproven_init(&sv->pool, &(struct np_unproven_settings){
		.max = o->passphrase ? unproven_room(o) : 1,
		.per = { o->max_unproven_per_prefix, o->max_unproven_per_site,
			 o->max_unproven_per_net },
		.timeout = o->passphrase_timeout_s,
	});
	/* Only the pool's gates are ever touched (static: the rest stays
	 * unmapped). */
	for (int i = 0; i < sv->pool.set.max; i++)
		sv->gates[i].fd = -1;
	sv->passphrase = o->passphrase;
	sv->data.peer = o->data_peer_declared ? NP_DATA_PEER_DECLARED : NP_DATA_PEER_CONTROL;
	sv->data.port_min = o->data_port_min;
	sv->data.port_max = o->data_port_max;
	sv->data.family = o->family;
	sv->rules = (struct np_session_rules){
		.data = &sv->data,
		.max_test_s = o->max_test_s,
		.max_memory = o->max_memory,
		.max_flows = o->max_flows,
		.max_flows_prefix = o->max_flows_prefix,
		.max_flows_net = o->max_flows_net,
		.max_total_memory = total,
		.control_timeout_s = o->control_timeout_s,
		.refuse_options = o->refuse_options,
		.allow_options = o->allow_options,
		.host_facts = !o->no_host_facts,
		.budget = np_budget_create(NS_MAX_SESSIONS_CAP, total, spinning),
		.cell = -1,
	};
	if (!sv->rules.budget)
		np_log(NP_LOG_ERR, "no shared memory for --max-memory and --max-spinning (%s): "
		       "those two limits do not hold", strerror(errno));
	np_log(NP_LOG_DEBUG, "limits: %d sessions, %d per /32 or /64, %d per /56, %d per "
	       "/48 or /24; %llu bytes per test, %llu in all; %d spinning", o->max_sessions,
	       o->max_per_prefix, o->max_per_site, o->max_per_net,
	       (unsigned long long)o->max_memory, (unsigned long long)total, spinning);
	if (o->passphrase)
		np_log(NP_LOG_DEBUG, "-Z: %d connections without the passphrase, %d per /32 or "
		       "/64, %d per /56, %d per /48 or /24, each for %d s", sv->pool.set.max,
		       o->max_unproven_per_prefix, o->max_unproven_per_site,
		       o->max_unproven_per_net, o->passphrase_timeout_s);
}

int main(int argc, char **argv)
{
	struct ns_opts o;
	static struct server sv;
	struct sigaction sa;
	char why[256] = "no address to listen on";

	if (np_stdfds_open() < 0) {
		fprintf(stderr, "netserver: /dev/null for a closed stdin, stdout or stderr: %s\n",
			strerror(errno));
		return 1;
	}
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
	/* --max-flows' descriptors (a TCP_CRR flow may hold two), taken
	 * while root may still raise the hard limit. */
	(void)np_fd_limit_raise(2L * o.max_flows + 1024);
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
