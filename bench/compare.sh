#!/bin/sh
# bench/compare.sh [BUILD_DIR] [ROUNDS] [SECONDS] - netperf-ng beside the
# peers Debian ships, in the same run, interleaved, on loopback:
#
#   TCP bulk:      netperf TCP_STREAM      vs iperf3 (TCP, one stream)
#   UDP ping-pong: netperf UDP_RR (1 byte) vs sockperf ping-pong (--mps=max)
#
# For each pair it prints the median figure of each tool, the client's
# CPU time (user + system, from /usr/bin/time) per unit of work, and the
# ratios ours / theirs.  Not part of `make check`: figures are machine
# dependent.  Needs iperf3 and sockperf (apt-get install iperf3 sockperf).
set -eu

build=${1:-.}
rounds=${2:-5}
secs=${3:-5}
netperf=$build/src/netperf
netserver=$build/src/netserver
for tool in "$netperf" "$netserver"; do
	[ -x "$tool" ] || { echo "bench: $tool not built" >&2; exit 2; }
done
for tool in iperf3 sockperf /usr/bin/time; do
	command -v "$tool" >/dev/null 2>&1 || { echo "bench: $tool missing (apt-get install iperf3 sockperf time)" >&2; exit 2; }
done

tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

"$netserver" -D -p 0 -L 127.0.0.1 >"$tmp/ns.out" 2>/dev/null &
pids="$pids $!"
ip=$(free_port)
iperf3 -s -B 127.0.0.1 -p "$ip" >/dev/null 2>&1 &
pids="$pids $!"
sp=$(free_port)
sockperf server -i 127.0.0.1 -p "$sp" >/dev/null 2>&1 &
pids="$pids $!"
sleep 1
np=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/ns.out")

# timed FILE CMD...: run CMD, its stdout in FILE, print "user+sys" seconds.
timed() {
	out=$1
	shift
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >"$out" 2>/dev/null
	awk '{ print $1 + $2 }' "$tmp/time"
}

for r in $(seq "$rounds"); do
	# netperf TCP_STREAM: throughput (10^6 bits/s) is field 5 with -P 0.
	cpu=$(timed "$tmp/o" "$netperf" -H 127.0.0.1 -p "$np" -t TCP_STREAM -l "$secs" -P 0)
	mbps=$(awk '{ print $5 }' "$tmp/o")
	echo "tcp ng $mbps $cpu" >>"$tmp/results"
	cpu=$(timed "$tmp/o" iperf3 -c 127.0.0.1 -p "$ip" -t "$secs" -J)
	mbps=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["end"]["sum_received"]["bits_per_second"] / 1e6)' "$tmp/o")
	echo "tcp peer $mbps $cpu" >>"$tmp/results"
	# netperf UDP_RR: transactions/s is field 6 of the first -P 0 line.
	cpu=$(timed "$tmp/o" "$netperf" -H 127.0.0.1 -p "$np" -t UDP_RR -l "$secs" -P 0)
	tps=$(awk 'NR == 1 { print $6 }' "$tmp/o")
	echo "udp ng $tps $cpu" >>"$tmp/results"
	# sockperf reports half the round trip ("avg-lat"); a transaction is
	# one round trip.
	cpu=$(timed "$tmp/o" sockperf ping-pong -i 127.0.0.1 -p "$sp" -t "$secs" --mps=max -m 14)
	tps=$(sed -n 's/.*Summary: Latency is \([0-9.]*\) usec.*/\1/p' "$tmp/o" | awk '{ print 1e6 / (2 * $1) }')
	echo "udp peer $tps $cpu" >>"$tmp/results"
	echo "bench: round $r of $rounds done" >&2
done

# Medians, CPU per unit of work (per GB moved, per million transactions),
# and ratios.
awk -v secs="$secs" '
function median(list, n,    i, j, t, a) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	fig[$1 " " $2] = fig[$1 " " $2] " " $3
	# CPU seconds per unit: per GB for TCP (Mbit/s * secs / 8000 = GB),
	# per million transactions for UDP.
	work = $1 == "tcp" ? $3 * secs / 8000 : $3 * secs / 1e6
	cpu[$1 " " $2] = cpu[$1 " " $2] " " ((work > 0) ? $4 / work : 0)
}
END {
	printf "%-26s %14s %14s %8s %16s %16s %8s\n", "test", "netperf-ng", "peer", "ratio",
	       "ng cpu s/unit", "peer cpu s/unit", "ratio"
	split("tcp udp", k, " ")
	name["tcp"] = "TCP bulk Mbit/s (iperf3)"
	name["udp"] = "UDP RR trans/s (sockperf)"
	for (i = 1; i <= 2; i++) {
		ng = median(fig[k[i] " ng"]); pe = median(fig[k[i] " peer"])
		nc = median(cpu[k[i] " ng"]); pc = median(cpu[k[i] " peer"])
		printf "%-26s %14.2f %14.2f %8.3f %16.4f %16.4f %8.3f\n", name[k[i]], ng, pe,
		       (pe > 0 ? ng / pe : 0), nc, pc, (pc > 0 ? nc / pc : 0)
	}
	print "(cpu s/unit: client user+system seconds per GB moved / per million transactions)"
}' "$tmp/results"
