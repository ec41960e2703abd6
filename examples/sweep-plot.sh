#!/bin/bash
# sweep-plot.sh - packets per second and Gb/s against message size, as a
# PNG: one `netperf -- --sweep` (one run per size, one table), plotted by
# gnuplot the way the pktgen tables in kernel mailing-list threads show a
# NIC: log-2 size axis, packets/s on the left axis, Gb/s on the right.
# It prints the table it plots (size, packets/s sent and received, loss,
# Gb/s) on stdout.
#
#   ./sweep-plot.sh -H 198.18.0.2                       # UDP, 64..65507 bytes
#   ./sweep-plot.sh -H 198.18.0.2 -t TCP_STREAM -s 64..1M*4 -o tcp.png
#   netperf -H 198.18.0.2 -t UDP_STREAM -- --sweep 64,1472 >run.txt
#   ./sweep-plot.sh -i run.txt -o run.png                # a saved output
#
# A saved output is netperf's sweep table, with or without its titles
# (-P 0); without them its throughput is read as 10^6bits/s, netperf's
# default unit.  Needs gnuplot (Debian: gnuplot-nox).  NETPERF names the
# netperf to run (default: netperf on the PATH).  A failing netperf stops
# it with netperf's exit status, after plotting the sizes it completed.
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-t TEST] [-s SIZES] [-o PNG] [-T TITLE] -H HOST"
	echo "       $prog [-o PNG] [-T TITLE] -i SAVED_OUTPUT"
	echo "  -t TEST   UDP_STREAM (default), TCP_STREAM, TCP_MAERTS or TCP_SENDFILE"
	echo "  -s SIZES  netperf's --sweep list or range (64..65507*2 for UDP,"
	echo "            64..1M*4 for TCP)"
	echo "  -o PNG    where the plot goes (sweep.png)"
	echo "  -i FILE   plot a saved netperf --sweep output instead of running one (- = stdin)"
}
bad_usage() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}
die() {
	echo "$prog: $*" >&2
	exit 1
}

host='' port=12865 len=5 test=UDP_STREAM sizes='' png=sweep.png title='' saved=''
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:t:s:o:T:i:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	t) test=$OPTARG ;;
	s) sizes=$OPTARG ;;
	o) png=$OPTARG ;;
	T) title=$OPTARG ;;
	i) saved=$OPTARG ;;
	h) usage; exit 0 ;;
	:) bad_usage "-$OPTARG needs a value" ;;
	*) bad_usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || bad_usage "unexpected argument '$1'"
if [ -z "$saved" ]; then
	[ -n "$host" ] || bad_usage "-H HOST is required (or -i SAVED_OUTPUT)"
	case $test in
	UDP_STREAM) : "${sizes:=64..65507*2}" ;;
	TCP_STREAM | TCP_MAERTS | TCP_SENDFILE) : "${sizes:=64..1M*4}" ;;
	*) bad_usage "-t $test: a stream test (UDP_STREAM, TCP_STREAM, TCP_MAERTS, TCP_SENDFILE)" ;;
	esac
elif [ -n "$host" ]; then
	bad_usage "-i reads a saved output: no -H"
fi
[ -n "$png" ] || bad_usage "-o needs a file name"
command -v gnuplot >/dev/null 2>&1 ||
	die "gnuplot is not installed (Debian: apt-get install gnuplot-nox)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sweep-plot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The netperf output: run now (in 10^6bits/s, whose two decimals keep
# small rates), or the saved one.
rc=0
if [ -z "$saved" ]; then
	"$netperf" -H "$host" -p "$port" -l "$len" -t "$test" -f m -- --sweep "$sizes" \
		>"$tmp/netperf.out" || rc=$?
elif [ "$saved" = - ]; then
	cat >"$tmp/netperf.out"
else
	[ -r "$saved" ] || die "$saved: cannot read it"
	cp -- "$saved" "$tmp/netperf.out"
fi

# The table's rows: size, elapsed, sent/s, received/s, loss (or -),
# throughput [, CPU columns]; everything else (banner, titles, a
# confidence warning) is text.  The throughput unit is in the titles'
# last row; without titles it is netperf's default, 10^6bits/sec.
unit=$(awk '$1 == "bytes" && $2 == "secs." {
	for (i = 3; i <= NF; i++) if ($i ~ /\/sec$/) { print $i; exit }
}' "$tmp/netperf.out")
case ${unit:-10^6bits/sec} in
10^9bits/sec) scale=1 ;;
10^6bits/sec) scale=1e-3 ;;
10^3bits/sec) scale=1e-6 ;;
10^0bits/sec) scale=1e-9 ;;
GBytes/sec) scale=8.589934592 ;;
MBytes/sec) scale=0.008388608 ;;
KBytes/sec) scale=0.000008192 ;;
Bytes/sec) scale=8e-9 ;;
*) die "throughput in $unit: not a stream test's sweep" ;;
esac
awk -v scale="$scale" '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9.]+$/ && $3 ~ /^[0-9.]+$/ && NF >= 6 {
	printf "%s %s %s %s %.6f\n", $1, $3, $4, $5, $6 * scale
}' "$tmp/netperf.out" >"$tmp/rows"
if [ ! -s "$tmp/rows" ]; then
	[ "$rc" -eq 0 ] || die "netperf exited with status $rc before any size completed"
	die "no sweep rows in the output (is it the table of netperf -- --sweep?)"
fi

if [ -z "$title" ]; then
	t=$(sed -n 's/^\([A-Z_]*\) size sweep: .*/\1/p' "$tmp/netperf.out" | head -n 1)
	[ -n "$t" ] || t=$test
	title="$t: packets/s and Gb/s by message size (netperf --sweep)"
	[ -n "$saved" ] || title="$t to $host, $(uname -sr): packets/s and Gb/s by message size"
fi

printf '%8s %14s %14s %8s %10s\n' size pps_sent pps_received loss_% Gb/s
awk '{ printf "%8d %14.0f %14.0f %8s %10.3f\n", $1, $2, $3, $4, $5 }' "$tmp/rows"

# gnuplot reads the title and the PNG's name from files: no quoting of
# them in its script.
printf '%s' "$title" >"$tmp/title"
printf '%s' "$png" >"$tmp/png"
gnuplot <<EOF || die "gnuplot failed"
set terminal pngcairo size 1100,650 font ",10"
set output system("cat '$tmp/png'")
set title system("cat '$tmp/title'") noenhanced
set logscale x 2
set format x "%.0f"
set xlabel "message size (bytes)"
set ylabel "packets/s"
set y2label "Gb/s"
set ytics nomirror
set y2tics
set yrange [0:*]
set y2range [0:*]
set grid xtics ytics
set key top left box opaque
plot "$tmp/rows" using 1:2 with linespoints lw 2 pt 7 axes x1y1 title "packets/s sent", \\
     "$tmp/rows" using 1:3 with linespoints lw 2 pt 5 axes x1y1 title "packets/s received", \\
     "$tmp/rows" using 1:5 with linespoints lw 2 pt 9 dt 2 axes x1y2 title "Gb/s received"
EOF
echo "plot: $png"
if [ "$rc" -ne 0 ]; then
	echo "$prog: netperf exited with status $rc (the plot has the sizes it completed)" >&2
	exit "$rc"
fi
