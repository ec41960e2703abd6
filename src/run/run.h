/*
 * run.h - one data phase, on either side: struct np_run, what its loops
 * count, and the calls every test's loops share (test.c holds the
 * descriptors and their lookups, run.c these).
 *
 * The data loops' fast path allocates nothing, prints nothing and reads
 * no clock, except for latency figures when asked (-j: two reads per
 * transaction, np_run_latency_*).  Their slow paths do read it (a wait
 * past its wake period, a connection's deadline: np_run_io_error), and a
 * -D tick's interim line is printed from the loop's thread, by the
 * run's on_tick, which np_run_stopped's slow path calls.
 */
#ifndef NP_RUN_H
#define NP_RUN_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

#include "base/clock.h"
#include "stats/hist.h"

struct np_sockopts;
struct np_peers;
struct np_proof;
struct np_test;

/* A test's own options at most: the extension's parameter words. */
#define NP_TEST_OPTIONS 8


/* What one side counted during a data phase. */
struct np_counters {
	uint64_t bytes_sent;
	uint64_t send_calls;
	uint64_t bytes_recv;
	uint64_t recv_calls;   /* excludes the end-of-test EOF / empty datagram */
	uint64_t trans;
	uint64_t failed_sends; /* ENOBUFS and the like, UDP only */
	uint64_t timeouts;     /* client UDP_RR -e: responses given up on */
	/* netperf-ng's own counts; netserver-ng sends its side's in the
	 * results' extension words (doc/extension.md).  0 where the option
	 * that counts them is off. */
	uint64_t syscalls;     /* --batch/--gso: data system calls made, when
				* one carries several datagrams (the calls
				* above count datagrams then) */
	uint64_t zc_sends;     /* --zerocopy: sends whose completion came */
	uint64_t zc_copied;    /* of them, those the kernel copied anyway
				* (SO_EE_CODE_ZEROCOPY_COPIED) */
	uint32_t poll;         /* --busy-poll: NP_POLL_* bits (below) */
};

/* --busy-poll: what one side did and saw (np_counters.poll). */
enum {
	NP_POLL_SPIN = 1u << 0,     /* receives spun in user space */
	NP_POLL_SOCKOPT = 1u << 1,  /* SO_BUSY_POLL was set */
	NP_POLL_PREFER = 1u << 2,   /* SO_PREFER_BUSY_POLL was set */
	NP_POLL_NAPI = 1u << 3,     /* data came through a NAPI device
				     * (SO_INCOMING_NAPI_ID not 0): the
				     * socket option could act */
	NP_POLL_DENIED = 1u << 4,   /* a socket option was refused (EPERM:
				     * no CAP_NET_ADMIN) */
};

/* One data phase, on either side. */
struct np_run {
	const struct np_test *test;
	int fd;                /* client: data socket; server: listening/bound socket */
	int conn;              /* server TCP: the accepted connection, left open */
	struct sockaddr_storage peer;  /* client: where netserver's data socket is */
	socklen_t peer_len;
	const struct np_sockopts *sopts; /* client CRR: options for each new socket */
	/* Client CRR: where each new socket binds (the data socket's local
	 * address, len 0 = nowhere), ports from port_min..port_max in turn
	 * (-- -p, or with -- -P netperf 2.7.1's 5000..65535; 0 = any),
	 * port_next the next (0: from port_min), never port_skip (the
	 * server's data port, as 2.7.1 skips it). */
	struct sockaddr_storage local;
	socklen_t local_len;
	uint16_t port_min, port_max, port_next, port_skip;
	int32_t send_size;     /* bytes per send (stream) */
	int32_t recv_size;     /* bytes per recv (stream) */
	int32_t req_size;      /* request/response sizes (RR) */
	int32_t rsp_size;
	int burst;             /* client RR: requests sent ahead (-b) */
	double rr_timeout;     /* client UDP_RR -e: seconds before a request
				* counts as lost and the next goes out; 0 = wait */
	int file_fd;           /* client TCP_SENDFILE: the file sent from */
	int64_t count;         /* -l -N: bytes or transactions to do; 0 = timed */
	bool timed;            /* a timer ends the test (else only count/peer) */
	double length;         /* server: the test's seconds, 0 = counted */
	double pad;            /* server: seconds the end timer runs past
				* length (netperf's PAD_TIME); 0 once a loop
				* re-arms it for the length alone */
	double linger;         /* server connect_each: seconds it may go on serving
				* after the timer, while connections come */
	double idle_tail;      /* seconds of closing silence, off elapsed */
	double deadline;       /* np_now() by which a transaction that must
				* outlive the timer ends; 0 = none */
	struct np_events *ev;  /* the flags the loop reads: watch->ev, or none */
	struct np_watch *watch;  /* the run's watch (clock.h): end, ticks, peer */
	/* -D: called from the loop's thread, off its fast path (through
	 * np_run_stopped), when tick n (the watch's number, clock.h) is
	 * due; it prints the interim line there (client/interim.c).  run->c is
	 * current then. */
	void (*on_tick)(struct np_run *run, int n);
	void *tick_ctx;
	/* netperf's progress line (client/progress.c), likewise when its
	 * watch drew a frame: it only publishes the counter for the next
	 * one, which the watch's thread draws. */
	void (*on_progress)(struct np_run *run);
	void *progress_ctx;
	char *sbuf;            /* send_size/req/rsp bytes, "netperf\0" repeated */
	char *rbuf;            /* at least recv_size/rsp/req bytes */
	size_t rbuf_len;
	/* The test's own options (np_test.options), in their order, defaults
	 * filled in: client, from the command line; server, from the
	 * request's extension words, or the defaults without them. */
	int32_t params[NP_TEST_OPTIONS];
	struct np_counters c;
	struct np_hist *hist;  /* client -j: round-trip (stream: data call) times,
				* NULL = not kept */
	uint64_t *sent_at;     /* -j: send times of the requests in flight, */
	unsigned ring_size;    /* a ring of burst + 1 */
	unsigned ring_head, ring_count;
	/* Server: who may connect or send (NULL = anyone), what else came. */
	const struct np_peers *peers;
	uint64_t strangers;    /* connections and datagrams dropped */
	struct sockaddr_storage stranger;  /* the first of them */
	/* Server, --data-peer declared (dataaddr.h, proof.h): the proof a
	 * declared address gave, whose echo sent again is no request (NULL:
	 * none asked); rsp_cap, one that could not prove itself: no UDP
	 * response larger than the datagram it answers. */
	const struct np_proof *proof;
	bool rsp_cap;
	/* Server UDP_CRR: the allowed peer's datagrams left unanswered (not
	 * a request's size, to a multicast address, or an answering socket
	 * that could not bind or connect there). */
	uint64_t dropped;
	/* Client connect_each TCP (TCP_CRR, TCP_CC): the first connection's
	 * MSS, read before it closed, as netperf 2.7.1 reads it; its socket
	 * is gone by the run's end.  0 = none read. */
	int mss;
	/* Blocked calls return after wake_s (NP_WAKE_MS) without progress;
	 * how long nothing has moved is kept off the fast path. */
	double wake_s;
	uint64_t quiet_mark;   /* the counters' sum when quiet_since was set */
	double quiet_since;
	bool legacy;           /* the peer speaks netperf's legacy requests:
				* server: the client holds the data
				* connection until the results, so no EOF of
				* its is waited for; client UDP_RR: no end
				* markers (an old netserver takes an empty
				* datagram for a failed request) */
	int err;               /* errno of the failure that ended the run, or 0 */
	const char *err_what;  /* the call that failed: "send", "recv", ... */
	char err_text[96];     /* err_what when it is made at run time
				* (np_run_open_bound: the option that failed) */
};

/* The slow path of np_run_stopped: handle a tick, report a stop. */
bool np_run_events(struct np_run *run);

/* Whether the loop must end: one plain load in the common case. */
static inline bool np_run_stopped(struct np_run *run)
{
	return atomic_load_explicit(&run->ev->pending, memory_order_relaxed) &&
	       np_run_events(run);
}

/* Shared by the data loops of every family. */
void np_run_fill(char *buf, size_t len);

/*
 * What a data call's -1 means for its loop: the one answer every loop
 * takes, its error branch one call and a switch on the result.  err is
 * the call's errno, what its name in a failure ("send", "recv", ...).
 * Out of line: only failed calls come here.
 *
 *   EINTR: call again, unless the run has stopped (STOPPED) or passed
 *     run->deadline (FAILED with ETIMEDOUT).
 *   EAGAIN: a wake period (NP_WAKE_MS) without progress: call again
 *     while the test goes on; STOPPED when it has ended; FAILED when
 *     nothing has moved for NP_IDLE_TIMEOUT_S in a test no timer ends
 *     (or past run->deadline).
 *   anything else: FAILED, recorded as what and err (np_run_fail).
 *
 * The flags are what the callers' loops differ in, each for a reason.
 */
enum np_io {
	NP_IO_RETRY,        /* call again */
	NP_IO_LOST,         /* a datagram is lost and counted: go on */
	NP_IO_STOPPED,      /* the run has ended: a normal end */
	NP_IO_PEER_CLOSED,  /* NP_IO_PEER: the peer's socket is gone */
	NP_IO_FAILED,       /* run->err is set */
};
enum {
	/* UDP: ENOBUFS is a datagram the kernel dropped, as netperf counts
	 * it: c.failed_sends, NP_IO_LOST. */
	NP_IO_UDP = 1 << 0,
	/* EPIPE, ECONNRESET, ECONNREFUSED (UDP): NP_IO_PEER_CLOSED, which
	 * the caller takes for an end or a failure; without it they fail. */
	NP_IO_PEER = 1 << 1,
	/* A transaction cut by the end of the test is no failure: once the
	 * run has stopped, every error is STOPPED (request/response). */
	NP_IO_STOP_WINS = 1 << 2,
	/* The caller keeps its own time (MSG_DONTWAIT, or after the test):
	 * EINTR and EAGAIN are only "nothing came", NP_IO_RETRY. */
	NP_IO_OWN_TIME = 1 << 3,
	/* EAGAIN after data and NP_IDLE_TIMEOUT_S without more is STOPPED:
	 * the UDP_STREAM server whose end markers were all lost. */
	NP_IO_IDLE_ENDS = 1 << 4,
	/* Client UDP_RR -e: EAGAIN once run->rr_timeout has passed without
	 * the response is a lost transaction: c.timeouts, NP_IO_LOST. */
	NP_IO_EXPIRE = 1 << 5,
	/* accept(): ECONNABORTED, a connection gone before it was taken or
	 * a stranger's (np_run_accept_peer), is waited past like EINTR. */
	NP_IO_ACCEPT = 1 << 6,
};
/* The compiler lays the loops out for the calls that succeed. */
#if defined(__GNUC__)
#define NP_COLD __attribute__((cold))
#else
#define NP_COLD
#endif
NP_COLD enum np_io np_run_io_error(struct np_run *run, const char *what, int err,
				   unsigned flags);

/* Whether the client's control connection closed (server runs). */
bool np_run_peer_gone(struct np_run *run);
/* Record a failure; always returns -1. */
int np_run_fail(struct np_run *run, const char *what, int err);
/* netperf 2.7.1's local ports for a connection test (its test option -p's
 * default, client_port_min and client_port_max). */
#define NP_CRR_PORT_MIN 5000
#define NP_CRR_PORT_MAX 65535
/* Client TCP_CRR: bind a new socket to run->local, with the next port
 * of run->port_min..port_max when set (one in use, or port_skip, is
 * passed over).  0, or -1 with run->err set. */
int np_run_bind_local(struct np_run *run, int fd);
/* Client connect_each: a fresh socket with run->sopts' options, bound by
 * np_run_bind_local.  The descriptor, or -1 with run->err set (err_what
 * names the option that failed). */
int np_run_open_bound(struct np_run *run);
/* Client UDP_RR, UDP_CRR: -e shorter than the wake period makes fd's
 * receive wait that long (SO_RCVTIMEO), and run->wake_s with it.  0, or
 * -1 with run->err set. */
int np_run_expire_setup(struct np_run *run, int fd);
/*
 * Server connect_each (TCP_CRR, UDP_CRR).  netperf's TCP_CRR client sends
 * no end marker, and its netserver waits out a 4 s pad.  Once the test's
 * time is up we keep serving what still comes, for at most run->linger
 * seconds, and a pause of NP_LINGER_PAUSE_MS ends the test (its length
 * goes to run->idle_tail): the same count, seconds sooner.  The timer is
 * off by then, so nothing interrupts a transaction half done.
 *
 * serve(run, ctx) is called each time run->fd is readable: 0 go on, 1
 * the end, -1 failed.  np_run_linger returns 0 or -1.
 */
#define NP_LINGER_PAUSE_MS 500
typedef int (*np_linger_fn)(struct np_run *run, void *ctx);
int np_run_linger(struct np_run *run, np_linger_fn serve, void *ctx);
/* Client: connect run->fd to run->peer within the idle timeout. */
int np_run_connect(struct np_run *run);
/* Server TCP: accept one connection into run->conn.  Returns 1 with a
 * connection, 0 when the timer ended the test first, -1 on failure. */
int np_run_accept(struct np_run *run);
/* Server: the test's length counts from now (its first datagram or
 * connection): the client starts its clock after the response, which
 * the server's timer must not beat. */
void np_run_restart_timer(struct np_run *run);
/* Server: whether sa may talk to the data socket; a stranger is counted. */
bool np_run_peer_ok(struct np_run *run, const struct sockaddr *sa);
/* Server TCP: one accept(); a stranger's connection is closed and counted
 * and reads as -1/ECONNABORTED.  The descriptor, or -1 with errno. */
int np_run_accept_peer(struct np_run *run);

/*
 * Server UDP.  take() handles one datagram of n bytes in run->rbuf (n 0:
 * an end marker): 0 go on, 1 the test is over, -1 failed.
 *
 * np_run_udp_lock waits for the first datagram from an allowed peer and
 * connects the socket to it, so that the kernel drops everyone else's;
 * what the peer had queued behind it goes to take() too, strangers'
 * datagrams queued before the connect are dropped.  A timed test's end
 * timer then restarts for the test's length alone.  Returns take()'s
 * verdict, or 1 when the timer ended the test first.
 *
 * np_run_udp_tail follows a loop that the timer ended: the client's end
 * markers may all be lost (a full receive queue drops them first), so
 * NP_UDP_TAIL_QUIET_S without datagrams ends the test too, and the run
 * ends at most NP_UDP_TAIL_MAX_S later whatever comes.  0 or -1.
 */
typedef int (*np_take_fn)(struct np_run *run, ssize_t n);
/* For a take() that a fast loop calls directly too: no call per datagram
 * there, although its address is taken. */
#if defined(__GNUC__)
#define NP_HOT_INLINE inline __attribute__((always_inline))
#else
#define NP_HOT_INLINE inline
#endif
#define NP_UDP_TAIL_QUIET_S 0.5
#define NP_UDP_TAIL_MAX_S 4.0
int np_run_udp_lock(struct np_run *run, size_t len, np_take_fn take);
int np_run_udp_tail(struct np_run *run, size_t len, np_take_fn take);
/* Client UDP: the end of the data, as netperf 2.7 marks it: three
 * zero-length datagrams (one may be lost). */
void np_run_udp_end(struct np_run *run);
/* After our FIN: read and discard until the peer's EOF, at most
 * NP_IDLE_TIMEOUT_S seconds.  0, or -1 with run->err set. */
int np_run_drain(struct np_run *run, int fd);

/* -j: a transaction's round trip runs from its request's send to its
 * response; with -b several are in flight, so the send times wait in a
 * ring.  Two clock reads per transaction, and only when asked (-j, or a
 * latency output selector); stream loops then time each data call
 * (stream_tests.c).  Without, no loop's fast path reads the clock. */
static inline uint64_t np_run_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void np_run_latency_sent(struct np_run *run)
{
	if (run->hist && run->ring_count < run->ring_size)
		run->sent_at[(run->ring_head + run->ring_count++) % run->ring_size] =
			np_run_clock_ns();
}

/* The request just stamped did not go out after all. */
static inline void np_run_latency_unsent(struct np_run *run)
{
	if (run->hist && run->ring_count)
		run->ring_count--;
}

static inline void np_run_latency_done(struct np_run *run)
{
	if (run->hist && run->ring_count) {
		np_hist_add(run->hist, np_run_clock_ns() - run->sent_at[run->ring_head]);
		run->ring_head = (run->ring_head + 1) % run->ring_size;
		run->ring_count--;
	}
}

/* Whether -l -N's count has been reached by n units. */
static inline bool np_run_count_done(const struct np_run *run, uint64_t n)
{
	return run->count > 0 && n >= (uint64_t)run->count;
}

#endif
