#!/bin/bash
# compare-kernels.sh - the classic netperf + ministat workflow: RUNS runs
# of one test, one figure per line, ready for ministat(1).  netperf's
# -P 0 -v 0 prints that figure alone: the throughput (10^6bits/s) of
# TCP_STREAM and TCP_MAERTS, the transaction rate of the _RR tests and
# TCP_CRR (UDP_STREAM's is the send rate, as in netperf: see
# udp-packet-rates.sh for what arrived).
#
#   ./compare-kernels.sh -H 198.18.0.2 -n 10 > before.txt   (boot the other kernel)
#   ./compare-kernels.sh -H 198.18.0.2 -n 10 > after.txt
#   ministat before.txt after.txt
#
# Two settings that need no reboot (two hosts, two netservers, two
# message sizes) are better compared with ab-compare.sh, which alternates
# their runs and runs ministat itself.
#
# It stops at the first failed run, with netperf's exit status, so that a
# half-written file is never mistaken for a result.  NETPERF names the
# netperf to run (default: netperf on the PATH).
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-n RUNS] [-t TEST] -H HOST"
}
bad_usage() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}

host='' port=12865 len=10 runs=10 test=TCP_STREAM
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:n:t:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	n) runs=$OPTARG ;;
	t) test=$OPTARG ;;
	h) usage; exit 0 ;;
	:) bad_usage "-$OPTARG needs a value" ;;
	*) bad_usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || bad_usage "unexpected argument: $1"
[ -n "$host" ] || bad_usage "-H HOST is required"
case $runs in
'' | *[!0-9]* | 0) bad_usage "-n wants a positive count, not '$runs'" ;;
esac

for ((i = 1; i <= runs; i++)); do
	rc=0
	out=$("$netperf" -P 0 -v 0 -H "$host" -p "$port" -t "$test" -l "$len") || rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "$prog: run $i of $runs: netperf exited with status $rc" >&2
		exit "$rc"
	fi
	# -v 0 prints %7.2f: a figure under 1000 (a 1 GbE link) leads with blanks.
	out=${out#"${out%%[! ]*}"}
	fig=${out%% *}
	case $fig in
	'' | *[!0-9.]*)
		echo "$prog: run $i of $runs: netperf printed '$out', not one figure" >&2
		exit 1
		;;
	esac
	printf '%s\n' "$fig"
done
