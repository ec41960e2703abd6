# lib.sh - shared by the shell tests: start a netserver on a free loopback
# port, run netperf with a deadline, report SKIP/FAIL the automake way.
# Sourced with NETPERF, NETSERVER, TESTDATA, GOLDEN set by `make check`.

set -u
: "${NETPERF:?run me through make check}" "${NETSERVER:?}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/netperf-ng-test.XXXXXX")
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "# $*"; }

# The suite runs wherever the programs build.  What only Linux has is
# asked for by name, and a test that needs it skips where it is absent.
# need_tool NAME [PACKAGE]: NAME is a command here (ip, setpriv, unshare,
# systemd-analyze, ...).
need_tool() {
	command -v "$1" >/dev/null 2>&1 || skip "$1${2:+ ($2)} is not installed"
}
# need_linux_proc WHY: Linux's /proc (a process's stat, status and fd/,
# /proc/stat); WHY says what the test reads there.
need_linux_proc() {
	[ -r /proc/self/stat ] && [ -r /proc/self/status ] && [ -d /proc/self/fd ] &&
		[ -r /proc/stat ] || skip "no Linux /proc here: $1"
}
# Every test runs netperf under a deadline (coreutils; macOS lacks it).
need_tool timeout coreutils

# now: a wall-clock timestamp; since START: seconds from START to now.
# date's %N (nanoseconds) is GNU's; elsewhere python3's clock.
if [ "$(date +%N)" != N ]; then
	now() { date +%s.%N; }
else
	now() { "${PYTHON3:-python3}" -c 'import time; print("%.9f" % time.time())'; }
fi
since() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.3f\n", e - s }'; }

# child_pids PID: the PIDs of PID's children, one a line.  POSIX ps
# options: procps' --ppid is Linux's alone.
child_pids() { ps -A -o pid= -o ppid= | awk -v p="$1" '$2 == p { print $1 }'; }
# child_states PID: the state (ps's STAT: R, S, Z, ...) of each child.
child_states() { ps -A -o ppid= -o stat= | awk -v p="$1" '$1 == p { print $2 }'; }

# tcp_listens PORT: something listens on TCP PORT here, found without
# connecting to it (Linux: /proc/net/tcp and tcp6; elsewhere netstat).
# A definition in a variable: check_client's await.sh takes it too.
np_tcp_listens='tcp_listens() {
	if [ -r /proc/net/tcp ]; then
		awk -v p=":$(printf %04X "$1")" '"'"'$4 == "0A" && substr($2, length($2) - 4) == p { f = 1 }
			END { exit !f }'"'"' /proc/net/tcp /proc/net/tcp6 2>/dev/null
	else
		netstat -an 2>/dev/null | awk -v p="$1" '"'"'$NF == "LISTEN" && $4 ~ ("[.:]" p "$") { f = 1 }
			END { exit !f }'"'"'
	fi
}'
eval "$np_tcp_listens"

# wait_until SECONDS CMD...: run CMD every 0.05 s until it succeeds; false
# when it has not within SECONDS.  For waiting on something that happens
# (a port printed, a process started or gone): deadlines are generous, as
# a loaded machine can stall any process for a while.
wait_until() {
	_wu_end=$(($(date +%s) + $1 + 1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$_wu_end" ] || return 1
		sleep 0.05
	done
}

# retry N FUNCTION [ARGS...]: FUNCTION runs one timed attempt.  It calls
# fail itself for anything that is not about time (exit status, format,
# invariants) and returns 1 with $why set when only a time judgement
# missed (a wall time, an elapsed time, a tick count).  A time judgement
# passes when one of N attempts meets it; a single slow run on a loaded
# machine is no failure.
retry() {
	_rt_n=$1
	shift
	_rt_i=1
	while :; do
		why=
		"$@" && return 0
		[ "$_rt_i" -lt "$_rt_n" ] || fail "${why:-$1 failed} (each of $_rt_n attempts missed)"
		note "attempt $_rt_i: ${why:-$1 failed}; again"
		_rt_i=$((_rt_i + 1))
	done
}

# start_server NAME [netserver options...]: netserver -D on a free port
# (-p 0); sets NAME_pid and NAME_port.  Its log is $tmp/NAME.log, every
# line of it (--log-rate 0, unless the options say otherwise): tests read
# it.
server_port() {
	port=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$1")
	[ -n "$port" ]
}
# server_ready OUT PID: the start-up line is in OUT, or PID has exited.
server_ready() {
	server_port "$1" || ! kill -0 "$2" 2>/dev/null
}
start_server() {
	name=$1
	shift
	"$NETSERVER" -D -p 0 --log-rate 0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.log" &
	eval "${name}_pid=$!"
	pids="$pids $!"
	wait_until 30 server_ready "$tmp/$name.out" $! || true
	if server_port "$tmp/$name.out"; then
		eval "${name}_port=$port"
		return 0
	fi
	cat "$tmp/$name.out" "$tmp/$name.log"
	fail "netserver $* did not start"
}

# np [netperf args...]: netperf with a hard deadline; output in $tmp/out,
# $tmp/err, status in $rc.
np() {
	rc=0
	timeout 60 "$NETPERF" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ "$rc" -ne 124 ] || fail "netperf $* hung (killed after 60 s)"
}

# expect_layout GOLDEN_NAME: $tmp/out has the layout of that capture.
expect_layout() {
	"${PYTHON3:-python3}" "$TESTDATA/../layout.py" "$TESTDATA/golden/$1.stdout" "$tmp/out" ||
		{ cat "$tmp/out"; fail "layout differs from netperf 2.7.1's $1"; }
}

have_python() {
	command -v "${PYTHON3:-python3}" >/dev/null 2>&1
}

# free_ports N: prints P such that ports P .. P+N-1 are free now for TCP
# and UDP on 127.0.0.1, chosen below the kernel's ephemeral range: other
# tests running at the same time (TCP_CRR opens thousands of connections)
# take their ports from that range, so nothing else takes these between
# here and their use.  Needs python3.
free_ports() {
	"${PYTHON3:-python3}" - "$1" <<'EOF'
import random, socket, sys
n = int(sys.argv[1])
try:
    lo = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError):
    lo = 32768
top = lo if lo > 11000 + n else 65536
for _ in range(500):
    p = random.randrange(10000, top - n)
    try:
        for q in range(p, p + n):
            for t in (socket.SOCK_STREAM, socket.SOCK_DGRAM):
                s = socket.socket(socket.AF_INET, t)
                try:
                    s.bind(("127.0.0.1", q))
                finally:
                    s.close()
    except OSError:
        continue
    print(p)
    sys.exit(0)
sys.exit(1)
EOF
}

# check_server ARGS...: `refpeer.py check-server ARGS`; the output of the
# run that counts is in $tmp/check.  Some of refpeer.py's checks judge a
# wall time on a single run, and refpeer.py is not ours to change.  So: a
# FAIL line about anything else fails at once; when every FAIL line is one
# of those below, the whole check-server runs again, at most 3 runs, and
# one full run must pass.  refpeer.py's texts, one per line:
#  - Checker.run:        "took X s, limit Y s"
#  - Checker.concurrent: 'two concurrent TCP_RR -l 2' and only "X s" (over 3.5 s)
#  - ClientData.early:   "... X s before the end of the test" (0.1 s early)
#  - ClientData.crr:     "server did not close a TCP_CRR connection within 2 s ..."
# Deadlines of 5 s and more (no reply, no close) mean a hang: not retried.
# Nor is "results came X s after the data phase": netserver ends a UDP
# test half a second after its last datagram even when all of the end
# markers are lost.
refpeer_time_fails() {
	cat <<'EOF'
^FAIL .* took [0-9.]+ s, limit [0-9.]+ s$
^FAIL two concurrent TCP_RR -l 2 +[0-9]+\.[0-9]+ s$
^FAIL .* [0-9]+\.[0-9]+ s before the end of the test$
^FAIL .* server did not close a TCP_CRR connection within 2 s of its response \(reference netperf waits for that FIN\)$
EOF
}
check_server() {
	refpeer_time_fails >"$tmp/time-fails"
	refpeer_runs check-server "$@"
}

# refpeer_runs SUBCOMMAND ARGS...: `refpeer.py SUBCOMMAND ARGS` until one
# whole run passes; a run whose FAIL lines all match $tmp/time-fails is
# run again, at most 3 runs; any other failure fails at once.
refpeer_runs() {
	_rr_sub=$1
	shift
	_rr_i=1
	while :; do
		_rr_rc=0
		timeout 300 "${PYTHON3:-python3}" "$REFPEER" "$_rr_sub" "$@" >"$tmp/check" 2>&1 ||
			_rr_rc=$?
		if [ "$_rr_rc" -eq 0 ] && ! grep -q '^FAIL' "$tmp/check" &&
			grep -Eq '^[0-9]+ passed, 0 failed' "$tmp/check"; then
			return 0
		fi
		cat "$tmp/check"
		[ "$_rr_rc" -eq 1 ] || fail "refpeer.py $_rr_sub: exit $_rr_rc"
		grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed' "$tmp/check" ||
			fail "refpeer.py $_rr_sub: no summary line"
		if grep '^FAIL' "$tmp/check" | grep -Ev -f "$tmp/time-fails" >"$tmp/check.hard"; then
			fail "refpeer.py $_rr_sub: not a matter of time: $(cat "$tmp/check.hard")"
		fi
		[ "$_rr_i" -lt 3 ] || fail "refpeer.py $_rr_sub: time judgements missed in each of 3 runs"
		note "$_rr_sub run $_rr_i failed on time judgements only; again"
		_rr_i=$((_rr_i + 1))
	done
}

# check_client ARGS... -- CMD...: `refpeer.py check-client ARGS -- CMD`,
# the output of the run that counts in $tmp/check.  Two of its judgements
# are about time on a single run: "the client took X s for a N s test",
# and "no figure near the X the server measured" (refpeer.py's server, in
# Python, times its own side; on a loaded machine its clock starts late
# and it measures a rate several times the real one).  Only when every
# FAIL is one of those is the whole check-client run again, at most 3
# runs.  Each client command first waits until refpeer.py's server
# listens ({port}): check-client gives its server thread 0.3 s to start.
refpeer_client_time_fails() {
	cat <<'EOF'
^FAIL [A-Z_]+ +the client took [0-9.]+ s for a [0-9]+ s test$
^FAIL [A-Z_]+ +no figure near the [0-9.]+ (trans/s|Mbit/s) the server measured in the output$
EOF
}
check_client() {
	printf '%s\n' "$np_tcp_listens" >"$tmp/await.sh"
	cat >>"$tmp/await.sh" <<'EOF'
# await.sh PORT CMD...: wait (up to 30 s) until TCP PORT listens, then run CMD.
port=$1
shift
i=0
until tcp_listens "$port" || [ $i -ge 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
exec "$@"
EOF
	refpeer_client_time_fails >"$tmp/time-fails"
	# The same arguments, with the wait put in front of the command.
	_cc_n=$#
	_cc_seen=
	for _cc_a in "$@"; do
		set -- "$@" "$_cc_a"
		if [ "$_cc_a" = -- ] && [ -z "$_cc_seen" ]; then
			set -- "$@" sh "$tmp/await.sh" '{port}'
			_cc_seen=1
		fi
	done
	shift "$_cc_n"
	[ -n "$_cc_seen" ] || fail "check_client: no -- before the client command"
	refpeer_runs check-client "$@"
}

# start_refpeer NAME [ADDRESS]: refpeer.py's server (netserver 2.7.1 on
# the wire) on a free port of ADDRESS (127.0.0.1); sets NAME_port.  Needs
# python3.
start_refpeer() {
	_sr_port=$(free_ports 1) || fail "no free port for refpeer.py"
	"${PYTHON3:-python3}" "$REFPEER" server --host "${2:-127.0.0.1}" --port "$_sr_port" \
		>"$tmp/$1.out" 2>&1 &
	pids="$pids $!"
	wait_until 30 grep -q 'listening' "$tmp/$1.out" ||
		fail "refpeer.py server did not start: $(cat "$tmp/$1.out")"
	eval "$1_port=$_sr_port"
}

# daemon_pid ARGV...: the PID of the process whose command line is
# exactly ARGV (a daemon that detached, which only its command line
# finds); empty when there is none.  Without Linux's /proc, ps's (whose
# words are joined by blanks).
daemon_pid() {
	if [ ! -r /proc/self/cmdline ]; then
		ps -A -ww -o pid= -o args= | awk -v w="$*" '{ p = $1; sub(/^ *[0-9]+ /, "") } $0 == w { print p }'
		return
	fi
	_dp_want="$* "
	for _dp_f in /proc/[0-9]*/cmdline; do
		[ "$(tr '\0' ' ' <"$_dp_f" 2>/dev/null)" = "$_dp_want" ] || continue
		_dp_pid=${_dp_f#/proc/}
		echo "${_dp_pid%/cmdline}"
	done
}

# veth_pair: two hosts on one machine, network namespaces $a and $b
# joined by a veth pair (va$$ in $a, vb$$ in $b): 198.18.0.1 and
# 198.18.0.2 (RFC 2544's benchmarking range), with $v6 set when
# 2001:2::1 and 2001:2::2 could be added too.  Both go at exit.  Skips
# without root or where namespaces do not work.
veth_pair() {
	[ "$(id -u)" -eq 0 ] || skip "network namespaces need root"
	need_tool ip iproute2
	a=npng-a-$$
	b=npng-b-$$
	trap 'cleanup; ip netns del "$a" 2>/dev/null; ip netns del "$b" 2>/dev/null' EXIT
	ip netns add "$a" 2>"$tmp/ns.err" || skip "cannot create a network namespace: $(cat "$tmp/ns.err")"
	# `ip netns exec` remounts /sys and needs / to be a mount point,
	# which a chroot's / often is not: try it before relying on it.
	ip netns exec "$a" true 2>"$tmp/ns.err" ||
		skip "ip netns exec does not work here: $(tr '\n' ' ' <"$tmp/ns.err")"
	ip netns add "$b" || fail "second namespace"
	ip link add "va$$" netns "$a" type veth peer name "vb$$" netns "$b" ||
		skip "cannot create a veth pair"
	ip -n "$a" link set lo up
	ip -n "$b" link set lo up
	ip -n "$a" addr add 198.18.0.1/24 dev "va$$"
	ip -n "$b" addr add 198.18.0.2/24 dev "vb$$"
	v6=yes
	ip -n "$a" addr add 2001:2::1/64 dev "va$$" nodad 2>/dev/null || v6=
	ip -n "$b" addr add 2001:2::2/64 dev "vb$$" nodad 2>/dev/null || v6=
	ip -n "$a" link set "va$$" up
	ip -n "$b" link set "vb$$" up
	# Both ends up, with carrier (the kernel reports that asynchronously).
	wait_until 20 veth_up ||
		fail "veth pair not up: $(ip -n "$a" -o link show "va$$"; ip -n "$b" -o link show "vb$$")"
}
veth_up() {
	ip -n "$a" -o link show "va$$" | grep -q 'LOWER_UP.* state UP' &&
		ip -n "$b" -o link show "vb$$" | grep -q 'LOWER_UP.* state UP'
}
