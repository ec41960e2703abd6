#!/bin/sh
# bench/placement.sh [BUILD_DIR] - whether a gap between netperf-ng and
# netperf 2.7 (REF=dir) is the code or where the scheduler put the two
# ends.  On loopback netperf and its netserver session either share a CPU
# or run on two, and a request/response test's rate differs several
# times between the two (a wake-up across CPUs costs tens of
# microseconds on a VM); a run that is not pinned lands on either.
#
# Each round runs, interleaved, both builds' TESTS pinned three ways
# (-T 0,0: one CPU; -T 0,1 and -T 1,0: two) and unpinned; an unpinned run
# is sampled every 0.2 s from its second half-second on (the CPU each end
# last ran on, /proc/PID/stat field 39) and classed "shared" (the two on
# one CPU in most samples) or "apart".  Printed: each build's median per
# placement and class, how often each class came, and the medians of the
# per-round ratios ng/REF per placement.  When the pinned ratios are near
# 1 and the unpinned one is not, the gap is the mix of classes.
#
#   ROUNDS=7 SECS=3 REF=DIR TESTS="UDP_RR TCP_STREAM:-m:128K" bench/placement.sh
#
# A test is NAME[:test option:value...].  Needs python3 for free ports.
# Not part of `make check`.
set -u
set -f

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/..}
ROUNDS=${ROUNDS:-7}
SECS=${SECS:-3}
REF=${REF:-}
TESTS=${TESTS:-UDP_RR TCP_STREAM:-m:128K}

say() { echo "placement: $*" >&2; }
case $ROUNDS$SECS in
*[!0-9]*) say "ROUNDS and SECS are whole numbers"; exit 2 ;;
esac
ng=$build/src/netperf ngs=$build/src/netserver
[ -x "$ng" ] && [ -x "$ngs" ] || { say "$build: netperf-ng is not built"; exit 2; }
[ -x "$REF/netperf" ] || [ ! -x "$REF/usr/bin/netperf" ] || REF=$REF/usr/bin
[ -n "$REF" ] && [ -x "$REF/netperf" ] && [ -x "$REF/netserver" ] ||
	{ say "REF=DIR with netperf 2.7's netperf and netserver is needed"; exit 2; }
[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] || { say "needs two CPUs"; exit 2; }

tmp=$(mktemp -d)
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
nsport=$(free_port) rsport=$(free_port)
"$ngs" -D -p "$nsport" -L 127.0.0.1 >/dev/null 2>&1 &
ngs_pid=$!
"$REF/netserver" -D -p "$rsport" -L 127.0.0.1 >/dev/null 2>&1 &
rs_pid=$!
pids="$ngs_pid $rs_pid"
sleep 1

cpu_of() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $37 }'; }
# The netserver session serving this run: the daemon's child.
session_of() {
	for f in /proc/[0-9]*/stat; do
		[ "$(sed 's/.*) //' "$f" 2>/dev/null | awk '{ print $2 }')" = "$1" ] || continue
		f=${f#/proc/}
		echo "${f%/stat}"
		return
	done
}

# run TOOL TEST PLACE: one run; prints "FIGURE CLASS".
run() {
	tool=$1 test=$2 place=$3
	if [ "$tool" = ng ]; then bin=$ng port=$nsport daemon=$ngs_pid
	else bin=$REF/netperf port=$rsport daemon=$rs_pid; fi
	name=${test%%:*} opts=
	[ "$name" = "$test" ] || opts=$(echo "${test#*:}" | tr ':' ' ')
	pin=
	[ "$place" = any ] || pin="-T $place"
	# shellcheck disable=SC2086
	"$bin" -H 127.0.0.1 -p "$port" -t "$name" -l "$SECS" -P 0 $pin -- $opts \
		>"$tmp/out" 2>/dev/null &
	np=$!
	shared=0 apart=0
	if [ "$place" = any ]; then
		sleep 0.5
		srv=$(session_of "$daemon")
		i=0
		while [ "$i" -lt $((SECS * 5 - 5)) ] && [ -n "$srv" ]; do
			a=$(cpu_of "$np") b=$(cpu_of "$srv")
			[ -n "$a" ] && [ -n "$b" ] || break
			if [ "$a" = "$b" ]; then shared=$((shared + 1)); else apart=$((apart + 1)); fi
			sleep 0.2
			i=$((i + 1))
		done
	fi
	wait "$np"
	fig=$(awk 'NF >= 5 { v = $NF } END { print v + 0 }' "$tmp/out")
	if [ "$place" != any ]; then
		cls=$place
	elif [ "$shared" -gt "$apart" ]; then
		cls=shared
	else
		cls=apart
	fi
	echo "$fig $cls"
}

say "$(date -u '+%F %T') UTC, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg); REF: $("$REF/netperf" -V)"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for test in $TESTS; do
		for place in 0,0 0,1 1,0 any; do
			for tool in ng ref; do
				echo "$r $test $place $tool $(run "$tool" "$test" "$place")" >>"$tmp/runs"
			done
		done
	done
	say "round $r of $ROUNDS done"
	r=$((r + 1))
done
say "load at the end $(cut -d' ' -f1-3 /proc/loadavg)"

# Medians per test, build and class; per-round ratios per placement.
awk '
function median(list,   n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
		t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	key = $2 SUBSEP $6 SUBSEP $4
	vals[key] = vals[key] " " $5; count[key]++
	tests[$2] = 1; classes[$6] = 1
	fig[$1, $2, $3, $4] = $5
	rounds = $1 > rounds ? $1 : rounds
}
END {
	for (t in tests) {
		printf "%s\n", t
		for (c in classes) for (b = 0; b < 2; b++) {
			tool = b ? "ref" : "ng"
			k = t SUBSEP c SUBSEP tool
			if (count[k]) printf "  %-4s %-7s %12.2f  [%d runs]\n", tool, c, median(vals[k]), count[k]
		}
		split("0,0 0,1 1,0 any", pl, " ")
		for (p = 1; p <= 4; p++) {
			list = ""
			for (r = 1; r <= rounds; r++)
				if (fig[r, t, pl[p], "ref"] > 0)
					list = list " " fig[r, t, pl[p], "ng"] / fig[r, t, pl[p], "ref"]
			if (list != "") printf "  ng/REF -T %-4s %6.3f  (median of per-round ratios)\n", pl[p], median(list)
		}
	}
}' "$tmp/runs"
