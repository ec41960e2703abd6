#!/bin/sh
# udp-packet-rates.sh HOST - UDP_STREAM received throughput for message
# sizes from 64 bytes to the largest IPv4 datagram.  With -P 0 the 4-field
# line is netserver's receive line: field 4 is what arrived.
set -eu
host=${1:?usage: $0 HOST}
printf '%8s %14s %14s\n' size sent_mbps received_mbps
for m in 64 128 256 512 1024 1472 8192 32768 65507; do
	netperf -H "$host" -t UDP_STREAM -l 5 -P 0 -- -m "$m" |
		awk -v m="$m" 'NF == 6 { s = $6 } NF == 4 { printf "%8d %14s %14s\n", m, s, $4 }'
done
