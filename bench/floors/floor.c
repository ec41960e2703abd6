/*
 * floor.c - the fastest loop the kernel allows for each of netperf-ng's
 * figures, both ends in one program on loopback (127.0.0.1, ephemeral
 * ports): the sender (or client) in the parent, the receiver (or server)
 * in a forked child.  Not part of the build: see README.md.
 *
 *   floor [-l SECS] [-m SIZE] [-b BATCH] [-T LCPU,RCPU] FLOOR...
 *
 * FLOOR is udp_send, udp_sendmmsg, pingpong_udp, pingpong_tcp, tcp_write
 * or all.  Each prints one line: the figure and its unit.
 *
 * The loops make one system call per message (per batch for sendmmsg and
 * recvmmsg), and nothing else: no clock reads (SIGALRM sets a flag), no
 * allocation, no stdio.  Every socket has a 1 s SO_RCVTIMEO and
 * SO_SNDTIMEO, and the child a deadline of its own, so neither end waits
 * for ever if the other dies.
 *
 * A floor is a line of floors[]: the child's end (serve) and the parent's
 * loop; drive() does the rest for all of them alike: the sockets, the
 * fork, the timer, the end, the reaping and the line.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_BATCH 1024
#define UDP_MAX 65507

static volatile sig_atomic_t stop;
static unsigned secs = 3;
static size_t msize;		/* 0: each floor's own default */
static unsigned batch = 64;
static pid_t parent;		/* in the child: the parent it started with */
static int status;		/* exit status: 1 once any floor failed */
static int cpu[2] = { -1, -1 };	/* -T: the parent's and the child's CPU */

static void on_alarm(int sig)
{
	(void)sig;
	stop = 1;
}

static void die(const char *what)
{
	fprintf(stderr, "floor: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* stop = 1 in s seconds.  No SA_RESTART: a blocked call returns EINTR. */
static void set_timer(unsigned s)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) < 0)
		die("sigaction");
	stop = 0;
	alarm(s);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In the child, after a receive timed out or was interrupted: give up? */
static int gone(void)
{
	return stop || getppid() != parent;
}

/* -T: bind this process to CPU c (c < 0: leave it where it is). */
static void pin(int c)
{
	cpu_set_t set;

	if (c < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(c, &set);
	if (sched_setaffinity(0, sizeof set, &set) < 0)
		die("sched_setaffinity");
}

static void timeouts(int fd)
{
	struct timeval tv = { 1, 0 };

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) < 0)
		die("SO_RCVTIMEO");
}

/* A socket bound to 127.0.0.1 and an ephemeral port. */
static int bound(int type)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0)
		die("socket");
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0)
		die("bind");
	timeouts(fd);
	return fd;
}

static void connect_to(int fd, int peer)
{
	struct sockaddr_in a;
	socklen_t len = sizeof a;

	if (getsockname(peer, (struct sockaddr *)&a, &len) < 0)
		die("getsockname");
	if (connect(fd, (struct sockaddr *)&a, len) < 0)
		die("connect");
}

/* Two UDP sockets, each connected to the other. */
static void udp_pair(int fd[2])
{
	fd[0] = bound(SOCK_DGRAM);
	fd[1] = bound(SOCK_DGRAM);
	connect_to(fd[0], fd[1]);
	connect_to(fd[1], fd[0]);
}

/* Both ends of one TCP connection, set up before the fork. */
static void tcp_pair(int fd[2])
{
	int l = bound(SOCK_STREAM), one = 1;

	if (listen(l, 1) < 0)
		die("listen");
	fd[0] = bound(SOCK_STREAM);
	connect_to(fd[0], l);
	fd[1] = accept4(l, NULL, NULL, SOCK_CLOEXEC);
	if (fd[1] < 0)
		die("accept");
	close(l);
	timeouts(fd[1]);
	if (setsockopt(fd[0], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0 ||
	    setsockopt(fd[1], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0)
		die("TCP_NODELAY");
}

struct child {
	pid_t pid;
	int rd;			/* the child's count comes back on this pipe */
};

/* Fork; the child runs serve(fd[1]) and writes back what it returns. */
static struct child spawn(int fd[2], uint64_t (*serve)(int))
{
	struct child c;
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		die("pipe");
	parent = getpid();
	c.pid = fork();
	if (c.pid < 0)
		die("fork");
	if (c.pid == 0) {
		uint64_t n;

		close(p[0]);
		close(fd[0]);
		pin(cpu[1]);
		set_timer(secs + 10);	/* if the end never comes */
		n = serve(fd[1]);
		_exit(write(p[1], &n, sizeof n) == sizeof n ? 0 : 1);
	}
	close(p[1]);
	close(fd[1]);
	c.rd = p[0];
	return c;
}

/*
 * The child's count.  For UDP (udp >= 0) a zero-length datagram is the
 * end: sent every 5 ms until the count arrives, as loopback may drop one.
 * Then the child is reaped; one that says nothing in 5 s is killed.
 */
static uint64_t collect(struct child c, int udp)
{
	struct pollfd pf = { c.rd, POLLIN, 0 };
	uint64_t n = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		if (udp >= 0)
			(void)send(udp, "", 0, 0);
		if (poll(&pf, 1, 5) > 0)
			break;
	}
	if (i == 1000) {
		fprintf(stderr, "floor: the child said nothing in 5 s: killed\n");
		kill(c.pid, SIGKILL);
		status = 1;
	}
	if (read(c.rd, &n, sizeof n) != sizeof n)
		n = 0;
	close(c.rd);
	while (waitpid(c.pid, NULL, 0) < 0 && errno == EINTR)
		;
	return n;
}

static void failed(const char *floor, const char *call, int err)
{
	if (err) {
		fprintf(stderr, "floor: %s: %s: %s\n", floor, call, strerror(err));
		status = 1;
	}
}

static const char *size_str(size_t m)
{
	static char s[32];

	if (m >= 1048576 && m % 1048576 == 0)
		snprintf(s, sizeof s, "%zu MiB", m / 1048576);
	else if (m >= 1024 && m % 1024 == 0)
		snprintf(s, sizeof s, "%zu KiB", m / 1024);
	else
		snprintf(s, sizeof s, "%zu B", m);
	return s;
}

static char *buf;		/* the messages; set up before each fork */
static size_t m;		/* this floor's message size */
static struct mmsghdr mh[MAX_BATCH];
static struct iovec iov[MAX_BATCH];

/* ---- receivers and servers (the child) ---- */

static uint64_t udp_sink(int fd)
{
	uint64_t n = 0;

	for (;;) {
		ssize_t r = recv(fd, buf, m, 0);

		if (r > 0)
			n++;
		else if (r == 0)
			break;	/* the end */
		else if (errno != EINTR && errno != EAGAIN)
			break;
		else if (gone())
			break;
	}
	return n;
}

/* Point mh[0..batch) at buf, each message stride bytes past the last. */
static void mmsg_setup(size_t stride)
{
	unsigned i;

	for (i = 0; i < batch; i++) {
		iov[i].iov_base = buf + (size_t)i * stride;
		iov[i].iov_len = m;
		memset(&mh[i], 0, sizeof mh[i]);
		mh[i].msg_hdr.msg_iov = &iov[i];
		mh[i].msg_hdr.msg_iovlen = 1;
	}
}

static uint64_t mmsg_sink(int fd)
{
	uint64_t n = 0;
	unsigned i;

	mmsg_setup(m);
	for (;;) {
		int r = recvmmsg(fd, mh, batch, MSG_WAITFORONE, NULL);

		if (r > 0) {
			if (mh[r - 1].msg_len == 0) {	/* the end came in */
				for (i = 0; i < (unsigned)r && mh[i].msg_len; i++)
					n++;
				break;
			}
			n += r;
		} else if (r == 0 || (errno != EINTR && errno != EAGAIN))
			break;
		else if (gone())
			break;
	}
	return n;
}

static uint64_t udp_echo(int fd)
{
	uint64_t n = 0;

	for (;;) {
		ssize_t r = recv(fd, buf, m, 0);

		if (r > 0) {
			if (send(fd, buf, r, 0) == r)
				n++;
			else if (errno != EINTR && errno != ENOBUFS)
				break;
		} else if (r == 0)
			break;
		else if (errno != EINTR && errno != EAGAIN)
			break;
		else if (gone())
			break;
	}
	return n;
}

/* 0: all m bytes; 1: end of file before any; -1: error (errno) or stop. */
static int recv_all(int fd, char *p, size_t len, int patient)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = recv(fd, p + got, len - got, 0);

		if (r > 0)
			got += r;
		else if (r == 0) {
			errno = EPIPE;
			return got ? -1 : 1;
		} else if (errno == EINTR && !stop)
			continue;
		else if (errno == EAGAIN && patient && !gone())
			continue;
		else
			return -1;
	}
	return 0;
}

static int send_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t r = send(fd, p, len, MSG_NOSIGNAL);

		if (r > 0) {
			p += r;
			len -= r;
		} else if (errno != EINTR || stop)
			return -1;
	}
	return 0;
}

static uint64_t tcp_echo(int fd)
{
	uint64_t n = 0;

	while (recv_all(fd, buf, m, 1) == 0 && send_all(fd, buf, m) == 0)
		n++;
	return n;
}

static uint64_t tcp_sink(int fd)
{
	uint64_t n = 0;

	for (;;) {
		ssize_t r = recv(fd, buf, m, 0);

		if (r > 0)
			n += r;
		else if (r == 0)
			break;
		else if (errno != EINTR && errno != EAGAIN)
			break;
		else if (gone())
			break;
	}
	return n;
}

/*
 * ---- senders and clients (the parent) ----
 *
 * Each loop runs until stop, counting into *n; it returns 0, or the errno
 * that ended it early.  drive() does the rest.
 */

static int udp_send_loop(int fd, uint64_t *n)
{
	while (!stop) {
		if (send(fd, buf, m, 0) >= 0)
			++*n;
		else if (errno != EINTR && errno != ENOBUFS && errno != EAGAIN)
			return errno;
	}
	return 0;
}

static int udp_sendmmsg_loop(int fd, uint64_t *n)
{
	while (!stop) {
		int r = sendmmsg(fd, mh, batch, 0);

		if (r > 0)
			*n += r;
		else if (r < 0 && errno != EINTR && errno != ENOBUFS && errno != EAGAIN)
			return errno;
	}
	return 0;
}

static int pingpong_udp_loop(int fd, uint64_t *n)
{
	while (!stop) {
		ssize_t r;

		if (send(fd, buf, m, 0) < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		r = recv(fd, buf, m, 0);
		if (r == (ssize_t)m)
			++*n;
		else if (r < 0 && errno == EINTR)
			continue;
		else	/* EAGAIN: no reply in 1 s */
			return r < 0 ? errno : EPROTO;
	}
	return 0;
}

static int pingpong_tcp_loop(int fd, uint64_t *n)
{
	while (!stop) {
		if (send_all(fd, buf, m) || recv_all(fd, buf, m, 0))
			return stop ? 0 : errno;
		++*n;
	}
	return 0;
}

static int tcp_write_loop(int fd, uint64_t *n)
{
	while (!stop) {
		ssize_t r = send(fd, buf, m, MSG_NOSIGNAL);

		if (r > 0)
			*n += r;
		else if (errno != EINTR && errno != EAGAIN)
			return errno;
	}
	return 0;
}

enum unit { DATAGRAMS, TRANSACTIONS, GBITS };

static const struct floor {
	const char *name;	/* on the command line */
	const char *label;	/* on the result line and in errors */
	const char *call;	/* what failed, if the loop did */
	size_t size;		/* the default message size */
	int tcp;		/* a TCP connection, else a UDP pair */
	int batched;		/* sendmmsg: batch messages in buf and mh */
	enum unit unit;
	uint64_t (*serve)(int);	/* the child's end */
	int (*loop)(int, uint64_t *);	/* the parent's */
} floors[] = {
	{ "udp_send", "udp_send", "send", 64, 0, 0, DATAGRAMS,
	  udp_sink, udp_send_loop },
	{ "udp_sendmmsg", "udp_sendmmsg", "sendmmsg", 64, 0, 1, DATAGRAMS,
	  mmsg_sink, udp_sendmmsg_loop },
	{ "pingpong_udp", "pingpong udp", "send/recv", 1, 0, 0, TRANSACTIONS,
	  udp_echo, pingpong_udp_loop },
	{ "pingpong_tcp", "pingpong tcp", "send/recv", 1, 1, 0, TRANSACTIONS,
	  tcp_echo, pingpong_tcp_loop },
	{ "tcp_write", "tcp_write", "send", 1048576, 1, 0, GBITS,
	  tcp_sink, tcp_write_loop },
};
#define NFLOORS (sizeof floors / sizeof floors[0])

static void report(const struct floor *f, double el, uint64_t n, uint64_t got)
{
	printf("%s %s", f->label, size_str(m));
	if (f->batched)
		printf(" batch %u", batch);
	if (cpu[0] >= 0)
		printf(" CPUs %d,%d", cpu[0], cpu[1]);
	switch (f->unit) {
	case DATAGRAMS:
		printf(": %.0f datagrams/s sent, %.0f received\n", n / el, got / el);
		break;
	case TRANSACTIONS:
		printf(": %.0f transactions/s\n", n / el);
		break;
	case GBITS:
		printf(": %.2f Gbit/s sent, %.2f received\n",
		       n * 8 / el / 1e9, got * 8 / el / 1e9);
		break;
	}
}

/*
 * One floor: the pair of sockets, the child, secs of the parent's loop,
 * the end (a shutdown for TCP, zero-length datagrams for UDP), the child
 * reaped, the line printed.
 */
static void drive(const struct floor *f)
{
	int fd[2], err;
	uint64_t n = 0, got;
	struct child c;
	double t0, el;

	if (f->tcp)
		tcp_pair(fd);
	else
		udp_pair(fd);
	c = spawn(fd, f->serve);
	if (f->batched)
		mmsg_setup(0);	/* every message the same buf */
	set_timer(secs);
	t0 = now();
	err = f->loop(fd[0], &n);
	el = now() - t0;
	alarm(0);	/* an early end leaves it pending */
	if (f->tcp)
		shutdown(fd[0], SHUT_WR);
	got = collect(c, f->tcp ? -1 : fd[0]);
	close(fd[0]);
	report(f, el, n, got);
	failed(f->label, f->call, err);
}

static void run(const struct floor *f)
{
	m = msize ? msize : f->size;
	if (!f->tcp && m > UDP_MAX) {
		fprintf(stderr, "floor: %s: -m %zu: at most %d for UDP\n",
			f->name, m, UDP_MAX);
		status = 1;
		return;
	}
	buf = calloc(f->batched ? batch : 1, m);
	if (!buf)
		die("calloc");
	drive(f);
	fflush(stdout);
	free(buf);
	buf = NULL;
}

static void usage(void)
{
	size_t i;

	fprintf(stderr, "usage: floor [-l SECS] [-m SIZE] [-b BATCH] [-T LCPU,RCPU] FLOOR...\n"
		"FLOOR: all");
	for (i = 0; i < NFLOORS; i++)
		fprintf(stderr, ", %s", floors[i].name);
	fprintf(stderr, "\n");
	exit(2);
}

static unsigned long number(const char *s, unsigned long lo, unsigned long hi)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		usage();
	return v;
}

/* -T LCPU,RCPU (as netperf's -T): the parent's CPU, then the child's. */
static void cpus(char *s)
{
	char *comma = strchr(s, ',');

	if (!comma)
		usage();
	*comma = '\0';
	cpu[0] = number(s, 0, CPU_SETSIZE - 1);
	cpu[1] = number(comma + 1, 0, CPU_SETSIZE - 1);
}

int main(int argc, char **argv)
{
	int opt, a;
	size_t i;

	while ((opt = getopt(argc, argv, "l:m:b:T:h")) != -1) {
		switch (opt) {
		case 'l': secs = number(optarg, 1, 3600); break;
		case 'm': msize = number(optarg, 1, 1UL << 30); break;
		case 'b': batch = number(optarg, 1, MAX_BATCH); break;
		case 'T': cpus(optarg); break;
		default: usage();
		}
	}
	if (optind == argc)
		usage();
	for (a = optind; a < argc; a++) {
		for (i = 0; i < NFLOORS; i++)
			if (!strcmp(argv[a], "all") || !strcmp(argv[a], floors[i].name))
				break;
		if (i == NFLOORS)
			usage();
	}
	signal(SIGPIPE, SIG_IGN);
	pin(cpu[1]);	/* fails here, not in a child, if there is no such CPU */
	pin(cpu[0]);
	for (a = optind; a < argc; a++)
		for (i = 0; i < NFLOORS; i++)
			if (!strcmp(argv[a], "all") || !strcmp(argv[a], floors[i].name))
				run(&floors[i]);
	return status;
}
