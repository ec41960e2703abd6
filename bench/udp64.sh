#!/bin/sh
# bench/udp64.sh [BUILD_DIR] - UDP_STREAM of 64-byte datagrams, netperf-ng
# against iperf3 (-u -l 64 -b 0), on loopback, placed four ways: both
# ends on one CPU (-T 0,0 / -A 0,0), apart both ways (0,1 and 1,0), and
# where the scheduler puts them.  Each round runs every pair back to
# back.  For each tool and placement: the datagrams sent and received per
# second (medians over the rounds), and the CPU time and context switches
# of the whole machine per 1000 datagrams received (perf stat -a's
# software counters, when perf is installed: both ends, softirqs
# included; so run it on a quiet machine).  Then the median of the
# per-round ratios ng/iperf3 of the datagrams received, per placement.
# Besides the plain netperf-ng (what netperf 2.7.1 measures), a row
# "ng-spin" with -- --busy-poll: netserver spins on its receives rather
# than sleeping, so the sender never pays for waking it.
#
#   ROUNDS=7 SECS=3 bench/udp64.sh
#
# netperf-ng's figures are its netserver's receive calls and its own send
# calls over the elapsed time (-o REMOTE_RECV_CALLS,LOCAL_SEND_CALLS,
# ELAPSED_TIME); iperf3's come from its -J: the sender's packets and the
# receiver's packets less those lost.  Needs python3 (iperf3's JSON) and
# two online CPUs.  Not part of `make check`.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
ROUNDS=${ROUNDS:-7}
SECS=${SECS:-3}
NP=$build/src/netperf
NS=$build/src/netserver
[ -x "$NP" ] && [ -x "$NS" ] || { echo "udp64.sh: no netperf/netserver in $build/src" >&2; exit 2; }
command -v iperf3 >/dev/null 2>&1 || { echo "udp64.sh: iperf3 is not installed" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "udp64.sh: python3 is needed" >&2; exit 2; }
[ "$(nproc)" -ge 2 ] || { echo "udp64.sh: two CPUs are needed" >&2; exit 2; }
perf=
perf stat -e task-clock true >/dev/null 2>&1 && perf=perf
[ -n "$perf" ] || echo "udp64.sh: perf not usable: no task-clock or context-switch columns" >&2

tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

"$NS" -D -p 0 -L 127.0.0.1 --allow-option busy-poll >"$tmp/ns.out" 2>"$tmp/ns.log" &
pids="$pids $!"
nsport=
for _ in $(seq 100); do
	nsport=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/ns.out")
	[ -n "$nsport" ] && break
	sleep 0.05
done
[ -n "$nsport" ] || { echo "udp64.sh: netserver did not start" >&2; exit 1; }
ipport=$(freeport)
iperf3 -s -p "$ipport" -B 127.0.0.1 >"$tmp/ip.log" 2>&1 &
pids="$pids $!"
sleep 0.5

# counters FILE: "task-clock-ms context-switches" from perf stat -x, output.
counters() {
	awk -F, '$3 == "task-clock" { t = $1 } $3 == "context-switches" { c = $1 } END { print (t == "" ? "-" : t), (c == "" ? "-" : c) }' "$1"
}
# wrap CMD...: under perf stat when there is perf, its counters to $tmp/ps.
wrap() {
	if [ -n "$perf" ]; then
		perf stat -a -x, -o "$tmp/ps" -e task-clock,context-switches -- "$@"
	else
		: >"$tmp/ps"
		"$@"
	fi
}

# ng PLACE [TEST OPTION]: "sent/s received/s task-ms cs" of one
# netperf-ng run.
ng() {
	pin=
	[ "$1" = free ] || pin="-T $1"
	# shellcheck disable=SC2086 # pin is one option or none
	wrap "$NP" -H 127.0.0.1 -p "$nsport" -t UDP_STREAM -l "$SECS" $pin -P 0 -- -m 64 ${2:-} \
		-o LOCAL_SEND_CALLS,REMOTE_RECV_CALLS,ELAPSED_TIME >"$tmp/ng.out" 2>"$tmp/ng.err" ||
		{ echo "udp64.sh: netperf-ng $1: $(head -n 1 "$tmp/ng.err")" >&2; echo "- - - -"; return; }
	tail -n 1 "$tmp/ng.out" | awk -F, -v c="$(counters "$tmp/ps")" '{ printf "%.0f %.0f %s\n", $1 / $3, $2 / $3, c }'
}
# ip PLACE: the same for iperf3.
ip() {
	pin=
	[ "$1" = free ] || pin="-A $1"
	# shellcheck disable=SC2086
	wrap iperf3 -c 127.0.0.1 -p "$ipport" -u -l 64 -b 0 -t "$SECS" $pin -J >"$tmp/ip.json" 2>"$tmp/ip.err" ||
		{ echo "udp64.sh: iperf3 $1: $(head -n 1 "$tmp/ip.err")" >&2; echo "- - - -"; return; }
	python3 - "$tmp/ip.json" "$(counters "$tmp/ps")" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["end"]["sum"]
secs = s["seconds"]
print("%.0f %.0f %s" % (s["packets"] / secs, (s["packets"] - s["lost_packets"]) / secs, sys.argv[2]))
PY
}

places="0,0 0,1 1,0 free"
r=0
while [ $r -lt "$ROUNDS" ]; do
	for p in $places; do
		echo "$p $(ng "$p")" >>"$tmp/ng.all"
		echo "$p $(ng "$p" --busy-poll)" >>"$tmp/spin.all"
		echo "$p $(ip "$p")" >>"$tmp/ip.all"
	done
	r=$((r + 1))
done

median() { grep -v '^-$' | sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "UDP_STREAM 64 B, $ROUNDS rounds x $SECS s, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-10s %12s %12s %10s %10s\n' place tool "sent/s" "recv/s" "ms/1k-recv" "cs/1k-recv"
for p in $places; do
	for tool in ng spin ip; do
		f=$tmp/$tool.all
		s=$(awk -v p="$p" '$1 == p { print $2 }' "$f" | median)
		v=$(awk -v p="$p" '$1 == p { print $3 }' "$f" | median)
		t=$(awk -v p="$p" '$1 == p && $4 != "-" && $3 > 0 { print $4 / ($3 * '"$SECS"') * 1000 }' "$f" | median)
		c=$(awk -v p="$p" '$1 == p && $5 != "-" && $3 > 0 { print $5 / ($3 * '"$SECS"') * 1000 }' "$f" | median)
		case $tool in ng) name=netperf-ng ;; spin) name=ng-spin ;; *) name=iperf3 ;; esac
		printf '%-6s %-10s %12s %12s %10s %10s\n' "$p" "$name" "$s" "$v" "$t" "$c"
	done
	# per-round ratios of the datagrams received
	paste "$tmp/ng.all" "$tmp/ip.all" | awk -v p="$p" '$1 == p && $3 != "-" && $8 != "-" && $8 > 0 { print $3 / $8 }' | median |
		awk -v p="$p" '{ printf "%-6s ng/iperf3 received: %s\n", p, $1 }'
	paste "$tmp/spin.all" "$tmp/ip.all" | awk -v p="$p" '$1 == p && $3 != "-" && $8 != "-" && $8 > 0 { print $3 / $8 }' | median |
		awk -v p="$p" '{ printf "%-6s ng-spin/iperf3 received: %s\n", p, $1 }'
done
