#!/bin/sh
# bench/compare.sh [BUILD_DIR] - netperf-ng beside netperf 2.7 (REF=dir),
# iperf3, sockperf and the plain-C floors (bench/floors), on loopback,
# interleaved round by round, with the same message sizes on every side.
#
#   ROUNDS=9     rounds; each runs every tool of every row once, back to back
#   SECS=3       seconds per run
#   REF=DIR      a netperf 2.7 build: DIR/netperf and DIR/netserver
#                (optional: without it the REF columns are skipped)
#   ONLY=LIST    rows to run, comma-separated: udp64,udp_rr,tcp_rr,tcp_stream
#
# BUILD_DIR (default: the tree this script is in) holds src/netperf and
# src/netserver.  Prints, per row, each tool's median figure, the medians
# of the per-round ratios, and the four targets as PASS/FAIL.  See
# bench/README.md, section "compare.sh" (the targets are listed there).  Not part of `make check`.
set -u
set -f	# the tools' argument strings below are split on blanks, never globbed

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
ROUNDS=${ROUNDS:-9}
SECS=${SECS:-3}
REF=${REF:-}
ONLY=${ONLY:-udp64,udp_rr,tcp_rr,tcp_stream}

say() { echo "compare: $*" >&2; }

case $ROUNDS$SECS in
*[!0-9]*) say "ROUNDS and SECS are whole numbers"; exit 2 ;;
esac
[ "$ROUNDS" -ge 1 ] && [ "$SECS" -ge 1 ] || { say "ROUNDS and SECS are at least 1"; exit 2; }
for row in $(echo "$ONLY" | tr ',' ' '); do
	case $row in
	udp64|udp_rr|tcp_rr|tcp_stream) ;;
	*) say "ONLY: no row '$row' (rows: udp64,udp_rr,tcp_rr,tcp_stream)"; exit 2 ;;
	esac
done
want() { case ",$ONLY," in *",$1,"*) return 0 ;; esac; return 1; }

ng=$build/src/netperf
ngs=$build/src/netserver
for t in "$ng" "$ngs"; do
	[ -x "$t" ] || { say "$t: not built (build netperf-ng first, or give BUILD_DIR)"; exit 2; }
done
command -v python3 >/dev/null 2>&1 || { say "python3 missing (it finds free ports and reads iperf3's JSON)"; exit 2; }

# What else is here: each missing tool costs its columns, with one line.
ref=
if [ -n "$REF" ]; then
	[ -x "$REF/netperf" ] || [ ! -x "$REF/usr/bin/netperf" ] || REF=$REF/usr/bin
	if [ -x "$REF/netperf" ] && [ -x "$REF/netserver" ]; then
		ref=$REF
	else
		say "REF=$REF: no netperf and netserver there: REF columns skipped"
	fi
fi
has() {
	command -v "$1" >/dev/null 2>&1 && return 0
	say "$1 missing ($2): its columns skipped"
	return 1
}
iperf=; has iperf3 "apt-get install iperf3" && iperf=iperf3
sockperf=; has sockperf "apt-get install sockperf" && sockperf=sockperf
timer=/usr/bin/time
[ -x $timer ] || { timer=; say "/usr/bin/time missing (apt-get install time): no CPU figures"; }
floor=
if make -s -C "$here/floors" >/dev/null 2>"${TMPDIR:-/tmp}/compare-make.$$"; then
	floor=$here/floors/floor
else
	say "make -C bench/floors failed: floor columns skipped"
	sed 's/^/  /' "${TMPDIR:-/tmp}/compare-make.$$" >&2
fi
rm -f "${TMPDIR:-/tmp}/compare-make.$$"

tmp=$(mktemp -d)
pids=
cur=	# the tool running now, killed first on an interrupt
cleanup() {
	for p in $cur $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start NAME LOG CMD...: a server in the foreground of a background job.
start() {
	name=$1 log=$2
	shift 2
	"$@" >"$log" 2>&1 &
	pids="$pids $!"
	eval "pid_$name=$!"
}

ngport=$(free_port)
start ng "$tmp/ng-server.log" "$ngs" -D -p "$ngport" -L 127.0.0.1 --allow-option busy-poll
if [ -n "$ref" ]; then
	refport=$(free_port)
	# -D: in the foreground, so that its PID is the one to kill.
	start ref "$tmp/ref-server.log" "$ref/netserver" -D -p "$refport" -L 127.0.0.1
fi
if [ -n "$iperf" ]; then
	iport=$(free_port)
	start iperf "$tmp/iperf-server.log" iperf3 -s -B 127.0.0.1 -p "$iport"
fi
if [ -n "$sockperf" ]; then
	sport=$(free_port)
	start sockperf "$tmp/sockperf-server.log" sockperf server -i 127.0.0.1 -p "$sport"
fi
sleep 1
alive() { eval "kill -0 \"\$pid_$1\"" 2>/dev/null; }
alive ng || { say "netserver-ng did not start: $(tail -n 1 "$tmp/ng-server.log")"; exit 2; }
if [ -n "$ref" ] && ! alive ref; then
	say "REF netserver did not start ($(tail -n 1 "$tmp/ref-server.log")): REF columns skipped"
	ref=
fi
if [ -n "$iperf" ] && ! alive iperf; then
	say "iperf3 server did not start ($(tail -n 1 "$tmp/iperf-server.log")): iperf3 columns skipped"
	iperf=
fi
if [ -n "$sockperf" ] && ! alive sockperf; then
	say "sockperf server did not start ($(tail -n 1 "$tmp/sockperf-server.log")): sockperf columns skipped"
	sockperf=
fi

loadavg() { cut -d ' ' -f 1-3 /proc/loadavg; }
load0=$(loadavg)
echo "compare.sh: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), kernel $(uname -r)"
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) CPUs"
echo "rounds $ROUNDS of $SECS s; load average at start: $load0"
echo "ng:       $("$ng" -V 2>&1 | head -n 1) ($ng)"
[ -n "$ref" ] && echo "REF:      $("$ref/netperf" -V 2>&1 | grep . | head -n 1) ($ref)"
[ -n "$iperf" ] && echo "iperf3:   $(iperf3 -v 2>&1 | head -n 1)"
[ -n "$sockperf" ] && echo "sockperf: $(sockperf --version 2>&1 | sed -n 's/.*version */version /p' | head -n 1)"
[ -n "$floor" ] && echo "floors:   $floor"
awk -v l="${load0%% *}" 'BEGIN { exit !(l > 1.5) }' &&
	say "WARNING: load average $load0 at start: the machine is busy, the figures are not worth much"
echo

# timed CMD...: CMD's output (stdout and stderr) in $tmp/out; its user +
# system seconds in $cpu (empty without /usr/bin/time).  A run that hangs
# is killed after twice its time and 30 s more.
timed() {
	cpu=
	limit=$((2 * SECS + 30))
	# In the background, so that a signal's trap need not wait for it.
	if [ -n "$timer" ]; then
		timeout -k 5 "$limit" "$timer" -f '%U %S' -o "$tmp/time" "$@" >"$tmp/out" 2>&1 &
	else
		timeout -k 5 "$limit" "$@" >"$tmp/out" 2>&1 &
	fi
	cur=$!
	wait "$cur"
	rc=$?
	cur=
	[ -n "$timer" ] && [ $rc -eq 0 ] && cpu=$(awk 'NF == 2 { c = $1 + $2 } END { print c }' "$tmp/time")
	return $rc
}

# put KEY VALUE: one figure of this round; none when VALUE is not a number.
put() {
	case $2 in
	''|*[!0-9.e+-]*) return 1 ;;
	esac
	echo "$round $1 $2" >>"$tmp/results"
}

# failed KEY: one line for a run that gave no figure.
failed() {
	say "round $round: $1 gave no figure: $(grep . "$tmp/out" | tail -n 1)"
}

# np KEY KIND BIN PORT "GLOBAL ARGS" "TEST ARGS": a netperf run (ng or
# REF: both read -o selectors after --).  KIND: udp64 (datagrams/s
# received and sent), rr (transactions/s), tcp (Gbit/s, CPU s/GB).
np() {
	key=$1 kind=$2 bin=$3 port=$4 glob=$5 targs=$6
	case $kind in
	udp64) sel=THROUGHPUT,LOCAL_SEND_THROUGHPUT ;;
	*) sel=THROUGHPUT ;;
	esac
	if ! timed "$bin" -H 127.0.0.1 -p "$port" -l "$SECS" -P 0 $glob -- $targs -o "$sel"; then
		failed "$key"
		return
	fi
	line=$(grep -E '^[0-9.]+(,[0-9.]+)*$' "$tmp/out" | tail -n 1)
	case $kind in
	udp64)	# 10^6 bits/s of 64-byte messages: datagrams/s
		put "$key" "$(echo "$line" | awk -F, '{ printf "%.0f", $1 * 1e6 / 512 }')" || failed "$key"
		put "$key.sent" "$(echo "$line" | awk -F, '$2 != "" { printf "%.0f", $2 * 1e6 / 512 }')" ;;
	rr)	put "$key" "$line" || failed "$key" ;;
	tcp)	gbit=$(echo "$line" | awk '{ printf "%.3f", $1 / 1000 }')
		put "$key" "$gbit" || failed "$key"
		tcpcpu "$key" "$gbit" ;;
	esac
}

# tcpcpu KEY GBIT: the client's CPU seconds per GB moved.
tcpcpu() {
	[ -n "$cpu" ] || return 0
	put "$1.cpu" "$(awk -v g="$2" -v c="$cpu" -v s="$SECS" 'BEGIN { if (g > 0) printf "%.4f", c / (g * s / 8) }')"
}

# iperf KEY udp64|tcp ARGS: iperf3's receiver's figures, from -J.
iperf() {
	key=$1 kind=$2
	shift 2
	if ! timed iperf3 -c 127.0.0.1 -p "$iport" -t "$SECS" -J "$@"; then
		failed "$key"
		return
	fi
	# shellcheck disable=SC2046 # two numbers, split on purpose (set -f)
	set -- $(python3 - "$tmp/out" "$kind" <<'EOF'
import json, sys
end = json.load(open(sys.argv[1]))["end"]
r, s = end["sum_received"], end["sum_sent"]
if sys.argv[2] == "udp64":
    # the receiver's datagrams: those the sequence numbers say were sent,
    # less the ones that never came
    print("%.0f %.0f" % ((r["packets"] - r["lost_packets"]) / r["seconds"],
                         s["packets"] / s["seconds"]))
else:
    print("%.3f" % (r["bits_per_second"] / 1e9))
EOF
)
	put "$key" "${1:-}" || { failed "$key"; return; }
	case $kind in
	udp64) put "$key.sent" "${2:-}" ;;
	tcp) tcpcpu "$key" "$1" ;;
	esac
}

# sockperf_pp KEY: round trips/s of a ping-pong at sockperf's smallest
# message (14 bytes: its header): the messages received over the
# measured part of the run (the "[Valid Duration]" line, warm-up and
# cool-down excluded), which is 1e6 / (2 x its "avg-latency", half a
# round trip).
sockperf_pp() {
	if ! timed sockperf ping-pong -i 127.0.0.1 -p "$sport" -t "$SECS" -m 14 --mps=max; then
		failed "$1"
		return
	fi
	put "$1" "$(sed -n 's/.*\[Valid Duration\] RunTime=\([0-9.]*\) sec;.*ReceivedMessages=\([0-9]*\).*/\2 \1/p' "$tmp/out" |
		awk '$2 > 0 { printf "%.0f", $1 / $2 }')" || failed "$1"
}

# fl KEY ARGS: a floor's line: "...: N unit sent, M received" or ": N unit".
fl() {
	key=$1
	shift
	if ! timed "$floor" -l "$SECS" "$@"; then
		failed "$key"
		return
	fi
	# shellcheck disable=SC2046 # one or two numbers, split on purpose
	set -- $(sed -n 's/^[^:]*: \([0-9.]*\) [^ ,]*\( sent, \([0-9.]*\) received\)\{0,1\}$/\1 \3/p' "$tmp/out")
	if [ $# -eq 2 ]; then
		put "$key" "$2" || failed "$key"
		put "$key.sent" "$1"
	else
		put "$key" "${1:-}" || failed "$key"
	fi
}

# The rows: one run of every tool each, in this order, every round.
row_udp64() {
	np udp64.ng udp64 "$ng" "$ngport" "-t UDP_STREAM" "-m 64"
	np udp64.ng_batch udp64 "$ng" "$ngport" "-t UDP_STREAM" "-m 64 --batch 64"
	np udp64.ng_bbp udp64 "$ng" "$ngport" "-t UDP_STREAM" "-m 64 --batch 64 --busy-poll"
	[ -n "$ref" ] && np udp64.ref udp64 "$ref/netperf" "$refport" "-t UDP_STREAM" "-m 64"
	[ -n "$iperf" ] && iperf udp64.iperf3 udp64 -u -l 64 -b 0
	[ -n "$floor" ] && fl udp64.floor_send -m 64 udp_send
	[ -n "$floor" ] && fl udp64.floor_mmsg -m 64 -b 64 udp_sendmmsg
}
row_udp_rr() {
	np udp_rr.ng rr "$ng" "$ngport" "-t UDP_RR" "-r 1,1"
	np udp_rr.ng_pin rr "$ng" "$ngport" "-t UDP_RR -T 0,1" "-r 1,1"
	np udp_rr.ng_bp rr "$ng" "$ngport" "-t UDP_RR -T 0,1" "-r 1,1 --busy-poll"
	[ -n "$ref" ] && np udp_rr.ref rr "$ref/netperf" "$refport" "-t UDP_RR" "-r 1,1"
	[ -n "$ref" ] && np udp_rr.ref_pin rr "$ref/netperf" "$refport" "-t UDP_RR -T 0,1" "-r 1,1"
	[ -n "$sockperf" ] && sockperf_pp udp_rr.sockperf
	[ -n "$floor" ] && fl udp_rr.floor -m 1 pingpong_udp
	[ -n "$floor" ] && fl udp_rr.floor_pin -m 1 -T 0,1 pingpong_udp
}
row_tcp_rr() {
	np tcp_rr.ng rr "$ng" "$ngport" "-t TCP_RR" "-r 1,1"
	[ -n "$ref" ] && np tcp_rr.ref rr "$ref/netperf" "$refport" "-t TCP_RR" "-r 1,1"
	[ -n "$floor" ] && fl tcp_rr.floor -m 1 pingpong_tcp
}
row_tcp_stream() {
	for sz in 16K 128K 1M; do
		np tcp$sz.ng tcp "$ng" "$ngport" "-t TCP_STREAM" "-m $sz"
		[ -n "$ref" ] && np tcp$sz.ref tcp "$ref/netperf" "$refport" "-t TCP_STREAM" "-m $sz"
		[ -n "$iperf" ] && [ $sz != 1M ] && iperf tcp$sz.iperf3 tcp -l $sz
	done
	[ -n "$floor" ] && fl tcp1M.floor -m 1048576 tcp_write
	np tcp1M.ng_zc tcp "$ng" "$ngport" "-t TCP_STREAM" "-m 1M --zerocopy"
}

: >"$tmp/results"
round=1
while [ "$round" -le "$ROUNDS" ]; do
	for row in udp64 udp_rr tcp_rr tcp_stream; do
		want $row && row_$row
	done
	say "round $round of $ROUNDS done"
	round=$((round + 1))
done
load1=$(loadavg)

# What to print: "row TITLE", "fig KEY LABEL", "ratio NUM DEN NAME",
# "target ID NUM DEN MIN NAME"; awk takes medians over the rounds, and for
# a ratio the median of the per-round ratios NUM/DEN.
cat >"$tmp/spec" <<'EOF'
row	UDP_STREAM 64 B: datagrams/s received (sent)
fig	udp64.ng	ng -m 64
fig	udp64.ng_batch	ng -m 64 --batch 64
fig	udp64.ng_bbp	ng -m 64 --batch 64 --busy-poll
fig	udp64.ref	REF -m 64
fig	udp64.iperf3	iperf3 -u -l 64 -b 0
fig	udp64.floor_send	floor udp_send 64 B
fig	udp64.floor_mmsg	floor udp_sendmmsg 64 B batch 64
ratio	udp64.ng	udp64.ref	UDP64 ng default / REF default recv
ratio	udp64.ng_batch	udp64.ref	UDP64 ng --batch 64 / REF default recv
ratio	udp64.ng_bbp	udp64.ref	UDP64 ng --batch 64 --busy-poll / REF default recv
ratio	udp64.ng_bbp	udp64.floor_mmsg	UDP64 ng --batch 64 --busy-poll / udp_sendmmsg floor recv
ratio	udp64.ng	udp64.iperf3	UDP64 ng default / iperf3 recv
ratio	udp64.ng_batch	udp64.iperf3	UDP64 ng --batch 64 / iperf3 recv
ratio	udp64.ng	udp64.floor_send	UDP64 ng default / udp_send floor recv
ratio	udp64.ng_batch	udp64.floor_mmsg	UDP64 ng --batch 64 / udp_sendmmsg floor recv
ratio	udp64.ng.sent	udp64.ref.sent	UDP64 ng default / REF default sent
ratio	udp64.ng_batch.sent	udp64.ref.sent	UDP64 ng --batch 64 / REF default sent
row	UDP_RR 1 B: transactions/s (sockperf: 14 B round trips/s)
fig	udp_rr.ng	ng
fig	udp_rr.ng_pin	ng -T 0,1
fig	udp_rr.ng_bp	ng -T 0,1 -- --busy-poll
fig	udp_rr.ref	REF
fig	udp_rr.ref_pin	REF -T 0,1
fig	udp_rr.sockperf	sockperf ping-pong -m 14
fig	udp_rr.floor	floor pingpong_udp
fig	udp_rr.floor_pin	floor pingpong_udp -T 0,1
ratio	udp_rr.ng	udp_rr.ref	UDP_RR ng default / REF default
ratio	udp_rr.ng_pin	udp_rr.ref_pin	UDP_RR ng -T 0,1 / REF -T 0,1
ratio	udp_rr.ng_bp	udp_rr.ref	UDP_RR ng -T 0,1 --busy-poll / REF default
ratio	udp_rr.ng_bp	udp_rr.ref_pin	UDP_RR ng -T 0,1 --busy-poll / REF -T 0,1
ratio	udp_rr.ng	udp_rr.sockperf	UDP_RR ng default / sockperf
ratio	udp_rr.ng	udp_rr.floor	UDP_RR ng default / pingpong_udp floor
ratio	udp_rr.ng_bp	udp_rr.floor_pin	UDP_RR ng -T 0,1 --busy-poll / pingpong_udp floor -T 0,1
row	TCP_RR 1 B: transactions/s
fig	tcp_rr.ng	ng
fig	tcp_rr.ref	REF
fig	tcp_rr.floor	floor pingpong_tcp
ratio	tcp_rr.ng	tcp_rr.ref	TCP_RR ng / REF
ratio	tcp_rr.ng	tcp_rr.floor	TCP_RR ng / pingpong_tcp floor
row	TCP_STREAM: Gbit/s (client CPU s/GB)
fig	tcp16K.ng	ng -m 16K
fig	tcp16K.ref	REF -m 16K
fig	tcp16K.iperf3	iperf3 -l 16K
fig	tcp128K.ng	ng -m 128K
fig	tcp128K.ref	REF -m 128K
fig	tcp128K.iperf3	iperf3 -l 128K
fig	tcp1M.ng	ng -m 1M
fig	tcp1M.ng_zc	ng -m 1M --zerocopy
fig	tcp1M.ref	REF -m 1M
fig	tcp1M.floor	floor tcp_write 1 MiB
ratio	tcp16K.ng	tcp16K.ref	TCP_STREAM 16K ng / REF
ratio	tcp16K.ng	tcp16K.iperf3	TCP_STREAM 16K ng / iperf3
ratio	tcp128K.ng	tcp128K.ref	TCP_STREAM 128K ng / REF
ratio	tcp128K.ng	tcp128K.iperf3	TCP_STREAM 128K ng / iperf3
ratio	tcp1M.ng	tcp1M.ref	TCP_STREAM 1M ng / REF
ratio	tcp1M.ng_zc	tcp1M.ref	TCP_STREAM 1M ng --zerocopy / REF
ratio	tcp1M.ng	tcp1M.floor	TCP_STREAM 1M ng / tcp_write floor
ratio	tcp16K.ng.cpu	tcp16K.ref.cpu	TCP_STREAM 16K CPU s/GB ng / REF
ratio	tcp16K.ng.cpu	tcp16K.iperf3.cpu	TCP_STREAM 16K CPU s/GB ng / iperf3
ratio	tcp128K.ng.cpu	tcp128K.ref.cpu	TCP_STREAM 128K CPU s/GB ng / REF
ratio	tcp128K.ng.cpu	tcp128K.iperf3.cpu	TCP_STREAM 128K CPU s/GB ng / iperf3
ratio	tcp1M.ng.cpu	tcp1M.ref.cpu	TCP_STREAM 1M CPU s/GB ng / REF
ratio	tcp1M.ng_zc.cpu	tcp1M.ng.cpu	TCP_STREAM 1M CPU s/GB ng --zerocopy / ng
target	a	udp64.ng_batch	udp64.ref	1.5	UDP64 ng --batch 64 recv >= 1.5x REF default recv
target	a'	udp64.ng_bbp	udp64.ref	1.5	UDP64 ng --batch 64 --busy-poll recv >= 1.5x REF default recv (not the issue's wording: netserver spins)
target	b	udp64.ng_batch	udp64.floor_mmsg	0.9	UDP64 ng --batch 64 recv >= 0.9x udp_sendmmsg floor recv
target	c	udp_rr.ng_bp	udp_rr.ref	2	UDP_RR ng -T 0,1 --busy-poll >= 2x REF default
target	d	tcp1M.ng	tcp1M.floor	0.95	TCP_STREAM ng -m 1M >= 0.95x tcp_write floor
EOF

awk -F '\t' -v rounds="$ROUNDS" '
function median(list,    a, n, i, j, t) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j] + 0 < a[j - 1] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function num(x) { return x >= 100 ? sprintf("%.0f", x) : sprintf("%.3f", x) }
# ratios NUM DEN: the per-round ratios, blank-separated; n in nr
function ratios(a, b,    r, l) {
	l = ""; nr = 0
	for (r = 1; r <= rounds; r++)
		if ((r, a) in v && (r, b) in v && v[r, b] > 0) {
			l = l " " v[r, a] / v[r, b]; nr++
		}
	return l
}
FNR == NR { spec[++ns] = $0; next }
{ split($0, f, " "); v[f[1], f[2]] = f[3]; vals[f[2]] = vals[f[2]] " " f[3]; cnt[f[2]]++ }
END {
	for (i = 1; i <= ns; i++) {
		split(spec[i], s, "\t")
		if (s[1] == "row") {
			title = s[2]; shown = 0; rh = 0
		} else if (s[1] == "fig" && s[2] in cnt) {
			if (!shown++) printf "\n%s\n", title
			extra = ""
			if ((s[2] ".sent") in cnt) extra = sprintf("  (sent %s)", num(median(vals[s[2] ".sent"])))
			if ((s[2] ".cpu") in cnt) extra = sprintf("  (CPU %.3f s/GB)", median(vals[s[2] ".cpu"]))
			printf "  %-34s %12s%s  [%d runs]\n", s[3], num(median(vals[s[2]])), extra, cnt[s[2]]
		} else if (s[1] == "ratio") {
			l = ratios(s[2], s[3])
			if (nr) {
				if (!rh++) printf "  medians of per-round ratios:\n"
				printf "    %-62s %7.3f  [%d rounds]\n", s[4], median(l), nr
			}
		} else if (s[1] == "target") {
			if (!thdr++) printf "\nIssue 9 targets\n"
			l = ratios(s[3], s[4])
			if (!nr)
				printf "  n/a  (%s) %s: no figures (row not run, or a tool missing)\n", s[2], s[6]
			else {
				m = median(l)
				printf "  %s (%s) %s: %.3f\n", (m >= s[5] ? "PASS" : "FAIL"), s[2], s[6], m
			}
		}
	}
}' "$tmp/spec" "$tmp/results"

echo
echo "load average at end: $load1"
awk -v l="${load1%% *}" 'BEGIN { exit !(l > 1.5) }' &&
	say "WARNING: load average $load1 at end: the machine was busy during the run"
exit 0
