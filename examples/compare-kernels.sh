#!/bin/sh
# compare-kernels.sh HOST [RUNS] - the classic netperf + ministat workflow:
# run TCP_STREAM RUNS times, keep the throughput column, and print it one
# figure per line, ready for ministat(1).
#
#   ./compare-kernels.sh 198.18.0.2 10 > before.txt   (boot the other kernel)
#   ./compare-kernels.sh 198.18.0.2 10 > after.txt
#   ministat before.txt after.txt
set -eu
host=${1:?usage: $0 HOST [RUNS]}
runs=${2:-10}
for _ in $(seq "$runs"); do
	# -P 0: the data line only; field 5 is the throughput (10^6bits/s).
	netperf -H "$host" -t TCP_STREAM -l 10 -P 0 | awk '{ print $5 }'
done
