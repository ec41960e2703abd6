#!/bin/bash
# bench/scale.sh [big] - netperf-ng's many-flow mode (--flows N --threads T)
# beside neper (github.com/google/neper) on loopback.
#
#   NEPER=/tmp/neper-src bench/scale.sh          # the table, 3 rounds
#   ROUNDS=5 LEN=5 VERBOSE=1 NEPER=DIR bench/scale.sh
#   CASES="TCP_RR:200 UDP_RR:1000" THREADS=4 NEPER=DIR bench/scale.sh
#   bench/scale.sh big                           # netperf-ng alone, 10k/30k flows
#
# The table: each round runs every case once with each tool, back to back
# (netperf-ng first in odd rounds, neper first in even ones), and reads
# each run's rate and the whole machine's CPU busy time over the run
# (/proc/stat: user + nice + system + irq + softirq; both ends run here).
# Printed per case: each tool's median rate, the median of the per-round
# rate ratios ng/neper, each tool's median CPU per transaction (per MB
# moved for TCP_STREAM) and the median of the per-round CPU ratios.
#
# big: netperf-ng alone, TCP_RR over 10000 flows and TCP_CRR over 30000
# (BIG_CASES), each once, its full report (-P 1 -v 1, with its set-up
# time), the client's wall time and the peak resident memory of netperf
# and of netserver (its own and its session children's, sampled every
# 0.2 s).
#
#   CASES="TCP_RR:200 TCP_RR:1000 UDP_RR:1000 TCP_CRR:1000 TCP_STREAM:100"
#               TEST:FLOWS, space- or comma-separated; TEST is TCP_RR,
#               TCP_CRR, UDP_RR or TCP_STREAM
#   ROUNDS=3    rounds
#   LEN=3       seconds per run (-l)
#   THREADS=n   threads on each side (default: the online CPUs); neper -T
#   NG_THREADS  netperf-ng's --threads (default THREADS; "none": no
#               --threads at all, for a build without it, whose --flows
#               then run as that build runs them)
#   NEPER=DIR   a neper build: DIR/tcp_rr, tcp_crr, udp_rr, tcp_stream
#               (without it the neper columns are skipped, said on stderr)
#   BUILD=DIR   netperf-ng's build tree (default: this tree): src/netperf,
#               src/netserver
#   NS_ARGS     netserver's limits, raised so that many flows are served
#               (the defaults are below); replace them if the options change
#   TIMEOUT     seconds a run may take before it is killed (LEN + 120;
#               big: LEN + 300)
#   CRR_CLOSE=rst  how TCP_CRR's connections end, the same on both: rst
#               (a reset, no TIME_WAIT: neper's default, netperf-ng
#               --rst-close) or fin (neper --time-wait, netperf-ng's
#               default)
#   VERBOSE=1   a line per round and run
#   BIG_CASES="TCP_RR:10000 TCP_CRR:30000"   the big mode's cases
#
# Exit 0: every run gave its figure; 1: some run did not (each named on
# stderr; its cells are "-"); 2: nothing could be run (a setting, the
# build, netserver).  Not part of `make check`.  See bench/README.md,
# section "scale.sh".
set -u

here=$(cd "$(dirname "$0")" && pwd)
say() { echo "scale: $*" >&2; }
die() { say "$*"; exit 2; }

mode=table
case ${1:-} in
'') ;;
big) mode=big ;;
-h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
*) die "usage: bench/scale.sh [big] (the settings are environment variables: bench/scale.sh -h)" ;;
esac

BUILD=${BUILD:-$here/..}
ROUNDS=${ROUNDS:-3}
LEN=${LEN:-3}
THREADS=${THREADS:-$(getconf _NPROCESSORS_ONLN)}
NG_THREADS=${NG_THREADS:-$THREADS}
NEPER=${NEPER:-}
VERBOSE=${VERBOSE:-0}
CRR_CLOSE=${CRR_CLOSE:-rst}
CASES=${CASES:-TCP_RR:200 TCP_RR:1000 UDP_RR:1000 TCP_CRR:1000 TCP_STREAM:100}
BIG_CASES=${BIG_CASES:-TCP_RR:10000 TCP_CRR:30000}
# netserver's defaults admit 512 sessions, 64 from one address, 16 new
# control connections a second from it, 128 MiB of socket buffers a
# session: all far below thousands of flows from 127.0.0.1.
NS_ARGS=${NS_ARGS:---max-sessions 4096 --max-per-prefix 4096 --max-per-site 4096 --max-per-net 4096 --conn-rate 0 --max-session-memory 256G --max-memory 256G}
if [ $mode = big ]; then TIMEOUT=${TIMEOUT:-$((LEN + 300))}; else TIMEOUT=${TIMEOUT:-$((LEN + 120))}; fi

for v in ROUNDS LEN THREADS TIMEOUT; do
	case ${!v} in
	''|*[!0-9]*) die "$v=${!v}: a whole number is needed" ;;
	esac
	[ "${!v}" -ge 1 ] || die "$v must be at least 1"
done
case $CRR_CLOSE in
rst|fin) ;;
*) die "CRR_CLOSE=$CRR_CLOSE: rst or fin" ;;
esac
case $NG_THREADS in
none) ;;
''|*[!0-9]*) die "NG_THREADS=$NG_THREADS: a whole number or none" ;;
esac
# check_cases LIST: each TEST:FLOWS known; prints the list one a line.
check_cases() {
	local c
	for c in $(echo "$1" | tr ',' ' '); do
		case $c in
		TCP_RR:[1-9]*|TCP_CRR:[1-9]*|UDP_RR:[1-9]*|TCP_STREAM:[1-9]*) ;;
		*) die "case '$c': TEST:FLOWS with TEST one of TCP_RR, TCP_CRR, UDP_RR, TCP_STREAM" ;;
		esac
		case ${c#*:} in *[!0-9]*) die "case '$c': FLOWS is a whole number" ;; esac
		echo "$c"
	done
}
if [ $mode = big ]; then cases=$(check_cases "$BIG_CASES") || exit 2
else cases=$(check_cases "$CASES") || exit 2; fi
[ -n "$cases" ] || die "no cases"

BUILD=$(cd "$BUILD" 2>/dev/null && pwd) || die "BUILD=${BUILD}: no such directory"
for t in timeout awk; do
	command -v $t >/dev/null 2>&1 || die "$t is needed (coreutils, awk)"
done
ng=$BUILD/src/netperf
ngs=$BUILD/src/netserver
for t in "$ng" "$ngs"; do
	[ -x "$t" ] || die "$t: not built (build netperf-ng first, or set BUILD=DIR)"
done
if [ "$NG_THREADS" != none ] && ! "$ng" -h 2>&1 | grep -q -- '--threads'; then
	die "$ng has no --threads (the many-flow mode): build one that has, or NG_THREADS=none to run its --flows without it"
fi
ng_threads=()
[ "$NG_THREADS" = none ] || ng_threads=(--threads "$NG_THREADS")
# TCP_CRR's close, the same for both tools.
ng_crr=() neper_crr=()
if [ "$CRR_CLOSE" = rst ]; then
	ng_crr=(--rst-close)
	case " $(echo "$cases" | tr '\n' ' ') " in
	*" TCP_CRR:"*)
		"$ng" -h 2>&1 | grep -q -- '--rst-close' ||
			die "$ng has no --rst-close: CRR_CLOSE=fin compares both tools' graceful close instead" ;;
	esac
else
	neper_crr=(--time-wait)
fi

# neper: optional; without it, how to get it, and netperf-ng alone.
neper=
if [ $mode = table ]; then
	missing=
	for b in tcp_rr tcp_crr udp_rr tcp_stream; do
		[ -n "$NEPER" ] && [ -x "$NEPER/$b" ] || missing="$missing $b"
	done
	if [ -z "$missing" ]; then
		neper=$NEPER
	else
		if [ -n "$NEPER" ]; then say "NEPER=$NEPER lacks:$missing"; else say "NEPER is not set"; fi
		say "neper columns skipped, netperf-ng runs alone.  To build neper (needs only a C compiler, libc and pthreads):"
		say "  git clone https://github.com/google/neper /tmp/neper-src && make -C /tmp/neper-src"
		say "  NEPER=/tmp/neper-src bench/scale.sh"
	fi
fi

# Many flows need many descriptors (a TCP_CRR flow may hold two at once,
# as netserver counts them): the hard limit raised to that if it is lower
# and this is root, the soft one up to the hard one.
maxf=$(echo "$cases" | awk -F: '$2 > m { m = $2 } END { print m + 0 }')
need=$((2 * maxf + 1024))
hard=$(ulimit -Hn)
if [ "$hard" != unlimited ] && [ "$hard" -lt "$need" ]; then
	ulimit -n "$need" 2>/dev/null ||
		say "the open files limit ($hard) is below $need and could not be raised (that needs root with CAP_SYS_RESOURCE): the largest cases may be refused"
fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null
nofile=$(ulimit -n)
read -r eph_lo eph_hi </proc/sys/net/ipv4/ip_local_port_range
hz=$(getconf CLK_TCK)

tmp=$(mktemp -d) || die "mktemp failed"
ns_pid='' cur='' sampler=''
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	local p
	for p in $sampler $cur $ns_pid; do kill "$p" 2>/dev/null; done
	for p in $sampler $cur $ns_pid; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# port_used PORT: some TCP or UDP socket here has it as its local port.
port_used() {
	local hex
	hex=$(printf ':%04X' "$1")
	awk -v h="$hex" 'FNR > 1 && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
		/proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6 2>/dev/null
}
# free_port [NOT]: a port no socket uses, outside the ephemeral range (so
# that thousands of flows' connections never take it), other than NOT.
free_port() {
	local lo hi p i
	if [ "$eph_lo" -gt 11024 ]; then lo=10000 hi=$((eph_lo - 1)); else lo=$((eph_hi + 1)) hi=65535; fi
	for i in $(seq 200); do
		p=$((lo + (RANDOM * 32768 + RANDOM) % (hi - lo + 1)))
		[ "$p" != "${1:-}" ] && ! port_used "$p" && { echo "$p"; return 0; }
	done
	return 1
}
# listening PORT: a TCP socket listens on it (state 0A).
listening() {
	local hex
	hex=$(printf ':%04X' "$1")
	awk -v h="$hex" 'FNR > 1 && $4 == "0A" && substr($2, length($2) - 4) == h { f = 1 } END { exit !f }' \
		/proc/net/tcp /proc/net/tcp6 2>/dev/null
}

busy() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8; exit }' /proc/stat; }
isnum() { case $1 in ''|*[!0-9.eE+-]*) return 1 ;; esac; awk -v v="$1" 'BEGIN { exit !(v + 0 > 0) }'; }
median() {
	grep -v '^-$' | sort -g | awk '{ v[NR] = $1 }
		END { if (!NR) print "-"; else printf "%.10g\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# netserver, once, in the foreground (-D) so that its PID is the one to kill.
# shellcheck disable=SC2086 # NS_ARGS splits on purpose
"$ngs" -D -p 0 -L 127.0.0.1 $NS_ARGS >"$tmp/ns.out" 2>"$tmp/ns.err" &
ns_pid=$!
ns_port=
for _ in $(seq 100); do
	ns_port=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/ns.out")
	[ -n "$ns_port" ] && break
	kill -0 "$ns_pid" 2>/dev/null || break
	sleep 0.05
done
if [ -z "$ns_port" ]; then
	say "netserver did not start ($ngs -D -p 0 -L 127.0.0.1 $NS_ARGS):"
	sed 's/^/  /' "$tmp/ns.err" >&2
	say "(if a limit option was refused, set NS_ARGS to what this netserver takes: $ngs -h)"
	exit 2
fi

loadavg() { cut -d ' ' -f 1-3 /proc/loadavg; }
runs_failed=0
load0=$(loadavg)
echo "scale.sh $mode: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), kernel $(uname -r)"
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(getconf _NPROCESSORS_ONLN) CPUs online"
echo "load average at start: $load0; open files limit $nofile; ephemeral ports $eph_lo-$eph_hi"
echo "netperf-ng: $("$ng" -V 2>&1 | grep . | head -n 1) ($ng), netserver on port $ns_port, threads ${NG_THREADS}"
[ -n "$neper" ] && echo "neper:      $("$neper/tcp_rr" -v 2>&1 | head -n 1) ($neper), threads $THREADS"
awk -v l="${load0%% *}" 'BEGIN { exit !(l > 1.5) }' &&
	say "WARNING: load average ${load0%% *} at the start: the machine is busy, the figures say little"

# ---------------------------------------------------------------- big mode
if [ $mode = big ]; then
	timer=/usr/bin/time
	if [ ! -x $timer ]; then
		timer=
		say "/usr/bin/time missing (apt-get install time): netperf's peak from /proc/PID/status VmHWM samples"
	fi
	# snap CLIENT_PID: one look at every process (/proc/PID/status):
	# netserver's own VmHWM, its descendants' largest VmHWM, their VmRSS
	# summed, their count, and the largest VmHWM in the client's tree (in
	# KiB).  One awk over them all, so that thousands of sessions cost one
	# process a sample.
	snap() {
		cat /proc/[0-9]*/status 2>/dev/null | awk -v ns="$ns_pid" -v cl="$1" '
			$1 == "Pid:" { p = $2; pid[p] = 1 }
			$1 == "PPid:" { pp[p] = $2 }
			$1 == "VmHWM:" { h[p] = $2 }
			$1 == "VmRSS:" { r[p] = $2 }
			END {
				in_ns[ns] = 1; in_cl[cl] = 1
				do { more = 0
					for (q in pid) {
						if (!(q in in_ns) && (pp[q] in in_ns)) { in_ns[q] = 1; more = 1 }
						if (!(q in in_cl) && (pp[q] in in_cl)) { in_cl[q] = 1; more = 1 }
					}
				} while (more)
				for (q in in_ns) if (q != ns && (q in pid)) {
					if (h[q] > child) child = h[q]; sum += r[q]; n++ }
				for (q in in_cl) if ((q in pid) && h[q] > cli) cli = h[q]
				printf "%d %d %d %d %d\n", h[ns], child, sum, n, cli
			}'
	}
	# sample CLIENT_PID OUT: every 0.2 s, the maxima of snap's figures so far.
	sample() {
		local own child sum n cli m=(0 0 0 0 0) v i
		while :; do
			read -r own child sum n cli < <(snap "$1")
			v=("${own:-0}" "${child:-0}" "${sum:-0}" "${n:-0}" "${cli:-0}")
			for i in 0 1 2 3 4; do [ "${v[i]}" -gt "${m[i]}" ] && m[i]=${v[i]}; done
			echo "${m[*]}" >"$2.new" && mv "$2.new" "$2"
			sleep 0.2
		done
	}
	for c in $cases; do
		t=${c%%:*} f=${c#*:}
		echo
		extra=()
		[ "$t" = TCP_CRR ] && extra=(${ng_crr[@]+"${ng_crr[@]}"})
		echo "== $t, --flows $f${ng_threads[*]:+ ${ng_threads[*]}}${extra[*]:+ ${extra[*]}}, -l $LEN"
		before=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$ns_pid/status")
		pre=()
		[ -n "$timer" ] && pre=("$timer" -f %M -o "$tmp/time.out")
		: >"$tmp/time.out"
		rm -f "$tmp/mem"
		t0=$(date +%s.%N)
		timeout -k 5 "$TIMEOUT" ${pre[@]+"${pre[@]}"} "$ng" -H 127.0.0.1 -p "$ns_port" -t "$t" -l "$LEN" \
			--flows "$f" ${ng_threads[@]+"${ng_threads[@]}"} -P 1 -v 1 ${extra[@]+"${extra[@]}"} &
		cur=$!
		sample "$cur" "$tmp/mem" &
		sampler=$!
		wait "$cur"
		rc=$?
		t1=$(date +%s.%N)
		cur=
		sleep 0.3	# a last sample or so of netserver's sessions winding down
		kill "$sampler" 2>/dev/null
		wait "$sampler" 2>/dev/null
		sampler=
		case $rc in
		0) ;;
		124|137) say "$t --flows $f: netperf killed after TIMEOUT=$TIMEOUT s"; runs_failed=$((runs_failed + 1)) ;;
		*) say "$t --flows $f: netperf exited $rc"; runs_failed=$((runs_failed + 1)) ;;
		esac
		own=0 child=0 sum=0 maxn=0 cli=0
		[ -s "$tmp/mem" ] && read -r own child sum maxn cli <"$tmp/mem"
		if [ -n "$timer" ] && isnum "$(tail -n 1 "$tmp/time.out")"; then
			np="$(tail -n 1 "$tmp/time.out") KiB (/usr/bin/time %M)"
		else
			np="$cli KiB (VmHWM, sampled)"
		fi
		awk -v a="$t0" -v b="$t1" -v rc="$rc" 'BEGIN { printf "client wall time: %.2f s (exit %s)\n", b - a, rc }'
		echo "peak resident memory: netperf $np"
		echo "  netserver: its own VmHWM $own KiB (${before:-0} KiB before this case; it counts the whole script),"
		echo "  its session processes: the largest one's VmHWM $child KiB; at most $maxn at once, their VmRSS"
		echo "  summed $sum KiB at most (pages they share, the program's and libc's, counted in each)"
	done
	echo
	echo "load average at end: $(loadavg)"
	[ "$runs_failed" -eq 0 ] || exit 1
	exit 0
fi

# ---------------------------------------------------------------- the table
# Each run sets res_rate and res_cpu (the machine's busy seconds over the
# run), or leaves them empty after a line on stderr naming the run.
res_rate='' res_cpu=''
ng_run() {
	local t=$1 f=$2 c0 c1 rc rate extra=()
	res_rate='' res_cpu=''
	case $t in
	TCP_STREAM) extra=(-- -m 16K) ;;
	TCP_CRR) extra=(${ng_crr[@]+"${ng_crr[@]}"}) ;;
	esac
	c0=$(busy)
	# In the background, so that a signal's trap runs at once (wait
	# returns) and kills it.
	timeout -k 5 "$TIMEOUT" "$ng" -H 127.0.0.1 -p "$ns_port" -t "$t" -l "$LEN" --flows "$f" \
		${ng_threads[@]+"${ng_threads[@]}"} -P 0 -v 0 ${extra[@]+"${extra[@]}"} \
		>"$tmp/ng.out" 2>"$tmp/ng.err" &
	cur=$!
	wait "$cur"
	rc=$?
	cur=''
	c1=$(busy)
	rate=$(awk 'NF { v = $1 } END { print v }' "$tmp/ng.out")
	if [ $rc -ne 0 ] || ! isnum "$rate"; then
		say "netperf-ng $t --flows $f: exit $rc, no rate: $(grep . "$tmp/ng.err" | tail -n 1)"
		runs_failed=$((runs_failed + 1))
		return
	fi
	res_rate=$rate res_cpu=$(awk -v c=$((c1 - c0)) -v hz="$hz" 'BEGIN { print c / hz }')
}
neper_bin() {
	case $1 in
	TCP_RR) echo tcp_rr ;; TCP_CRR) echo tcp_crr ;; UDP_RR) echo udp_rr ;; TCP_STREAM) echo tcp_stream ;;
	esac
}
neper_run() {
	local t=$1 f=$2 bin cport dport spid c0 c1 rc src rate extra=()
	res_rate='' res_cpu=''
	bin=$neper/$(neper_bin "$t")
	case $t in
	TCP_STREAM) extra=(-B 16384) ;;
	TCP_CRR) extra=(${neper_crr[@]+"${neper_crr[@]}"}) ;;
	esac
	if ! cport=$(free_port) || ! dport=$(free_port "$cport"); then
		say "neper $t: no free port found"
		runs_failed=$((runs_failed + 1))
		return
	fi
	# Its server serves one client and exits; --logtostderr: no log files.
	timeout -k 5 "$TIMEOUT" "$bin" -T "$THREADS" -F "$f" -l "$LEN" -C "$cport" -P "$dport" \
		--logtostderr ${extra[@]+"${extra[@]}"} >"$tmp/nsrv.out" 2>"$tmp/nsrv.err" &
	spid=$!
	cur=$spid
	for _ in $(seq 100); do
		listening "$cport" && break
		kill -0 "$spid" 2>/dev/null || break
		sleep 0.05
	done
	if ! listening "$cport"; then
		say "neper $t server did not listen on $cport: $(grep . "$tmp/nsrv.err" | tail -n 1)"
		kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null; cur=
		runs_failed=$((runs_failed + 1))
		return
	fi
	c0=$(busy)
	timeout -k 5 "$TIMEOUT" "$bin" -c -H 127.0.0.1 -T "$THREADS" -F "$f" -l "$LEN" -C "$cport" -P "$dport" \
		--logtostderr ${extra[@]+"${extra[@]}"} >"$tmp/ncli.out" 2>"$tmp/ncli.err" &
	cur="$spid $!"
	wait "$!"
	rc=$?
	wait "$spid"	# bounded by its own timeout
	src=$?
	c1=$(busy)
	cur=
	if [ "$t" = TCP_STREAM ]; then
		# The server reads, and prints throughput= in throughput_units
		# (Mbit/s = 10^6 bits/s by default); the client only gets it
		# back as remote_throughput= in bits/s.
		rate=$(awk -F= '$1 == "throughput" { v = $2 } $1 == "throughput_units" { u = $2 }
			END { if (u == "Mbit/s") print v }' "$tmp/nsrv.out")
		isnum "$rate" || rate=$(awk -F= '$1 == "remote_throughput" { v = $2 } END { if (v != "") print v / 1e6 }' "$tmp/ncli.out")
	else
		rate=$(awk -F= '$1 == "throughput" { v = $2 } END { print v }' "$tmp/ncli.out")
	fi
	if [ $rc -ne 0 ] || [ $src -ne 0 ] || ! isnum "$rate"; then
		say "neper $t -F $f: client exit $rc, server exit $src, no rate: $(grep -h '^[EF]' "$tmp/ncli.err" "$tmp/nsrv.err" | tail -n 1)"
		runs_failed=$((runs_failed + 1))
		return
	fi
	res_rate=$rate res_cpu=$(awk -v c=$((c1 - c0)) -v hz="$hz" 'BEGIN { print c / hz }')
}
# per_unit TEST RATE CPU_S: CPU per transaction in microseconds, or, for
# TCP_STREAM (RATE in 10^6 bits/s), CPU per MB (10^6 bytes) in ms.
per_unit() {
	awk -v t="$1" -v r="$2" -v c="$3" -v l="$LEN" 'BEGIN {
		if (t == "TCP_STREAM") printf "%.6g\n", c / (r * l / 8) * 1e3
		else printf "%.6g\n", c / (r * l) * 1e6 }'
}
ratio() { if [ "$1" = - ] || [ "$2" = - ]; then echo -; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6g\n", a / b }'; fi; }
key() { echo "$1" | tr ':' '_'; }

for c in $cases; do
	for s in ngr ngc nr nc rr cr; do : >"$tmp/$(key "$c").$s"; done
done
echo "rounds $ROUNDS of $LEN s, cases: $(echo "$cases" | tr '\n' ' ')"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for c in $cases; do
		t=${c%%:*} f=${c#*:} k=$tmp/$(key "$c")
		ngr=- ngc=- ngcpu=- nr=- nc=- ncpu=-
		order="ng neper"	# odd rounds: netperf-ng first; even rounds: neper first
		[ $((r % 2)) -eq 0 ] && order="neper ng"
		for tool in $order; do
			if [ "$tool" = ng ]; then
				ng_run "$t" "$f"
				[ -n "$res_rate" ] && ngr=$res_rate ngcpu=$res_cpu ngc=$(per_unit "$t" "$res_rate" "$res_cpu")
			elif [ -n "$neper" ]; then
				neper_run "$t" "$f"
				[ -n "$res_rate" ] && nr=$res_rate ncpu=$res_cpu nc=$(per_unit "$t" "$res_rate" "$res_cpu")
			fi
		done
		echo "$ngr" >>"$k.ngr"; echo "$ngc" >>"$k.ngc"
		echo "$nr" >>"$k.nr"; echo "$nc" >>"$k.nc"
		ratio "$ngr" "$nr" >>"$k.rr"; ratio "$ngc" "$nc" >>"$k.cr"
		if [ "$VERBOSE" = 1 ]; then
			[ "$t" = TCP_STREAM ] && u="ms CPU/MB" || u="us CPU/tr"
			echo "round $r $c: ng $ngr (${ngcpu} s busy, $ngc $u), neper $nr (${ncpu} s busy, $nc $u)"
		fi
	done
	r=$((r + 1))
done

echo
echo "Medians of $ROUNDS rounds; ratios are medians of the per-round ratios ng/neper."
echo "Rates: transactions/s (TCP_STREAM: 10^6 bits/s, 16 KiB sends on both); CPU: the machine's busy"
echo "time over the run per transaction in microseconds (TCP_STREAM: per 10^6 bytes in ms)."
fmt() { if [ "$1" = - ]; then echo -; else awk -v v="$1" -v d="$2" 'BEGIN { printf "%." d "f\n", v }'; fi; }
printf '%-17s %13s %13s %9s %10s %10s %9s\n' case "ng rate" "neper rate" "rate ng/n" "ng cpu" "neper cpu" "cpu ng/n"
for c in $cases; do
	k=$tmp/$(key "$c")
	printf '%-17s %13s %13s %9s %10s %10s %9s\n' "$c" \
		"$(fmt "$(median <"$k.ngr")" 2)" "$(fmt "$(median <"$k.nr")" 2)" "$(fmt "$(median <"$k.rr")" 3)" \
		"$(fmt "$(median <"$k.ngc")" 3)" "$(fmt "$(median <"$k.nc")" 3)" "$(fmt "$(median <"$k.cr")" 3)"
done
echo "load average at end: $(loadavg)"
[ "$runs_failed" -eq 0 ] || { say "$runs_failed runs gave no figure (each named above)"; exit 1; }
exit 0
