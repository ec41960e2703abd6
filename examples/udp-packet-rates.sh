#!/bin/bash
# udp-packet-rates.sh - UDP_STREAM for message sizes from 64 bytes to the
# largest IPv4 datagram: the rate netperf sent, the rate netserver
# received (10^6bits/s) and the datagrams per second that arrived.  The
# figures come from netperf's output selectors (-- -o), one CSV line per
# run with -P 0.
#
#   ./udp-packet-rates.sh -H 198.18.0.2                  # all sizes, 5 s each
#   ./udp-packet-rates.sh -H 198.18.0.2 -l 10 64 1472    # just these sizes
#
# It stops at the first failed run, with netperf's exit status.  NETPERF
# names the netperf to run (default: netperf on the PATH).
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] -H HOST [SIZE...]"
}
bad_usage() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}

host='' port=12865 len=5
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	h) usage; exit 0 ;;
	:) bad_usage "-$OPTARG needs a value" ;;
	*) bad_usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$host" ] || bad_usage "-H HOST is required"
[ $# -gt 0 ] || set -- 64 128 256 512 1024 1472 8192 32768 65507

printf '%8s %14s %14s %14s\n' size sent_mbps received_mbps received_pps
for m in "$@"; do
	rc=0
	out=$("$netperf" -P 0 -H "$host" -p "$port" -t UDP_STREAM -l "$len" -- -m "$m" \
		-o LOCAL_SEND_THROUGHPUT,REMOTE_RECV_THROUGHPUT,REMOTE_RECV_CALLS,ELAPSED_TIME) || rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "$prog: -m $m: netperf exited with status $rc" >&2
		exit "$rc"
	fi
	IFS=, read -r sent received calls elapsed <<<"$out"
	case $sent,$received,$calls,$elapsed in
	*[!0-9.,]* | *,,* | ,* | *,)
		echo "$prog: -m $m: netperf printed '$out', not four figures" >&2
		exit 1
		;;
	esac
	printf '%8d %14s %14s %14.0f\n' "$m" "$sent" "$received" \
		"$(awk -v c="$calls" -v t="$elapsed" 'BEGIN { print (t > 0 ? c / t : 0) }')"
done
