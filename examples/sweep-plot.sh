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
# default unit.
#
# The line rate, where it is known, is drawn for reference and the table
# gains the received rate as a percentage of it: -R MBIT[,MTU] gives it
# (Mbit/s, the MTU 1500 unless said), -I IFACE reads it from
# /sys/class/net/IFACE/speed and mtu (an interface without a speed, as
# loopback and veth, is plotted without).  For UDP_STREAM it is the
# datagrams per second the line carries at each size: a datagram takes
# its size + 28 bytes of IPv4 and UDP headers (48 for IPv6) + 38 of
# Ethernet (header, FCS, preamble and gap), a frame at least 84 bytes,
# and one over the MTU goes as IP fragments; for throughput it is the bit
# rate.
#
#   ./sweep-plot.sh -H 198.18.0.2 -I eth1                # eth1's speed and MTU
#   ./sweep-plot.sh -i run.txt -R 10000,9000 -o run.png  # 10 Gbit/s, jumbo frames
#
# Needs gnuplot (Debian: gnuplot-nox); it draws with pngcairo, or png
# where that is missing; -g WIDTHxHEIGHT sets the pixels (1100x650).
# NETPERF names the netperf to run, GNUPLOT the gnuplot (default: netperf
# and gnuplot on the PATH).  A failing netperf stops it with netperf's
# exit status, after plotting the sizes it completed.
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
gnuplot=${GNUPLOT:-gnuplot}
sysnet=${SYS_CLASS_NET:-/sys/class/net}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-t TEST] [-s SIZES] [-o PNG] [-T TITLE] -H HOST"
	echo "       $prog [-o PNG] [-T TITLE] -i SAVED_OUTPUT"
	echo "       (either with [-R MBIT[,MTU] | -I IFACE] [-g WxH])"
	echo "  -t TEST   UDP_STREAM (default), TCP_STREAM, TCP_MAERTS or TCP_SENDFILE"
	echo "  -s SIZES  netperf's --sweep list or range (64..65507*2 for UDP,"
	echo "            64..1M*4 for TCP)"
	echo "  -o PNG    where the plot goes (sweep.png)"
	echo "  -i FILE   plot a saved netperf --sweep output instead of running one (- = stdin)"
	echo "  -R MBIT[,MTU]  the line rate in Mbit/s (and the MTU, 1500), drawn for reference"
	echo "  -I IFACE  the line rate and MTU of IFACE (/sys/class/net/IFACE/speed, mtu)"
	echo "  -g WxH    the plot's size in pixels (1100x650)"
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
rate='' iface='' geometry=1100x650
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:t:s:o:T:i:R:I:g:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	t) test=$OPTARG ;;
	s) sizes=$OPTARG ;;
	o) png=$OPTARG ;;
	T) title=$OPTARG ;;
	i) saved=$OPTARG ;;
	R) rate=$OPTARG ;;
	I) iface=$OPTARG ;;
	g) geometry=$OPTARG ;;
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
[[ $geometry =~ ^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$ ]] ||
	bad_usage "-g wants WIDTHxHEIGHT in pixels (1100x650), not '$geometry'"
[ -z "$rate" ] || [ -z "$iface" ] || bad_usage "-R and -I: the line rate from one of them"

# The line rate: mbit (Mbit/s, empty when unknown) and mtu.
mbit='' mtu=1500
if [ -n "$rate" ]; then
	[[ $rate =~ ^([0-9]{1,9}(\.[0-9]+)?)(,([0-9]{1,5}))?$ ]] ||
		bad_usage "-R wants MBIT[,MTU] (10000 or 10000,9000), not '$rate'"
	mbit=${BASH_REMATCH[1]}
	mtu=${BASH_REMATCH[4]:-1500}
	awk -v r="$mbit" 'BEGIN { exit !(r > 0) }' || bad_usage "-R $rate: a line rate above 0 Mbit/s"
	if [ "$mtu" -lt 68 ] || [ "$mtu" -gt 65535 ]; then
		bad_usage "-R $rate: an MTU from 68 to 65535 bytes"
	fi
elif [ -n "$iface" ]; then
	case $iface in
	'' | . | .. | */*) bad_usage "-I wants an interface name, not '$iface'" ;;
	esac
	[ -d "$sysnet/$iface" ] || die "-I $iface: no such interface (no $sysnet/$iface)"
	speed=$(cat "$sysnet/$iface/speed" 2>/dev/null) || speed=''
	m=$(cat "$sysnet/$iface/mtu" 2>/dev/null) || m=''
	if [[ $m =~ ^[0-9]{1,5}$ ]] && [ "$m" -ge 68 ]; then mtu=$m; fi
	if [[ $speed =~ ^[0-9]{1,9}$ ]] && [ "$speed" -gt 0 ]; then
		mbit=$speed
	else
		echo "$prog: -I $iface: its line rate is not known ($sysnet/$iface/speed:" \
			"${speed:-unreadable}): plotted without it" >&2
	fi
fi
command -v "$gnuplot" >/dev/null 2>&1 ||
	die "gnuplot is not installed (Debian: apt-get install gnuplot-nox)"
term=png
if "$gnuplot" -e 'set terminal pngcairo' </dev/null >/dev/null 2>&1; then
	term=pngcairo
fi

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

# The test: from the sweep's title line, else -t's.
t=$(sed -n 's/^\([A-Z_]*\) size sweep: .*/\1/p' "$tmp/netperf.out" | head -n 1)
[ -n "$t" ] || t=$test
if [ -z "$title" ]; then
	title="$t: packets/s and Gb/s by message size (netperf --sweep)"
	[ -n "$saved" ] || title="$t to $host, $(uname -sr): packets/s and Gb/s by message size"
fi

# With a line rate, each row gains the datagrams per second the line
# carries at its size (UDP_STREAM; "-" for TCP) and the received rate as
# a percentage of the line's (of its packets/s for UDP, of its bits/s for
# TCP): $tmp/rows gets columns 6 and 7 (0 for TCP's packets/s).
if [ -n "$mbit" ]; then
	udp=0 hdr=20
	# UDP_STREAM, and a loss figure in the rows (a TCP sweep has "-").
	[ "$t" = UDP_STREAM ] && awk '$4 == "-" { exit 1 }' "$tmp/rows" && udp=1
	grep -q '^MIGRATED .* AF_INET6' "$tmp/netperf.out" && hdr=40
	awk -v udp="$udp" -v mbit="$mbit" -v mtu="$mtu" -v hdr="$hdr" '
	# wire(m): the bytes on an Ethernet line for one m-byte datagram:
	# IP + UDP headers, fragments of the MTU (an IPv6 fragment has an 8
	# byte fragment header more), each frame at least 46 bytes of
	# payload, and 38 bytes of Ethernet framing a frame (14 header, 4
	# FCS, 8 preamble, 12 interframe gap).
	function wire(m,   l, f, n, last, fh) {
		l = m + 8
		if (l + hdr <= mtu)
			return (l + hdr < 46 ? 46 : l + hdr) + 38
		fh = hdr == 40 ? 8 : 0
		f = int((mtu - hdr - fh) / 8) * 8
		n = int((l + f - 1) / f)
		last = l - (n - 1) * f + hdr + fh
		return (n - 1) * (f + hdr + fh + 38) + (last < 46 ? 46 : last) + 38
	}
	{
		if (udp) {
			pps = mbit * 1e6 / 8 / wire($1)
			pct = 100 * $3 / pps
		} else {
			pps = 0
			pct = 100 * $5 / (mbit / 1000)
		}
		printf "%s %.2f %.2f\n", $0, pps, pct
	}' "$tmp/rows" >"$tmp/rows.line"
	mv -- "$tmp/rows.line" "$tmp/rows"
	printf '%8s %14s %14s %8s %10s %14s %8s\n' size pps_sent pps_received loss_% Gb/s line_pps line_%
	awk '{ printf "%8d %14.0f %14.0f %8s %10.3f %14s %8.2f\n", $1, $2, $3, $4, $5,
		($6 > 0 ? sprintf("%.0f", $6) : "-"), $7 }' "$tmp/rows"
else
	printf '%8s %14s %14s %8s %10s\n' size pps_sent pps_received loss_% Gb/s
	awk '{ printf "%8d %14.0f %14.0f %8s %10.3f\n", $1, $2, $3, $4, $5 }' "$tmp/rows"
fi

# gnuplot reads the title and the PNG's name from files: no quoting of
# them in its script.
printf '%s' "$title" >"$tmp/title"
printf '%s' "$png" >"$tmp/png"
# The line rate's curves, after the plot's own: packets/s by size (UDP),
# and the bit rate.
line=''
if [ -n "$mbit" ]; then
	gbit=$(awk -v r="$mbit" 'BEGIN { printf "%.6g", r / 1000 }')
	[ "$udp" -eq 0 ] || line=", \\
     \"$tmp/rows\" using 1:6 with lines lw 2 dt 3 lc rgb \"#444444\" axes x1y1 title \"line rate: packets/s at $mbit Mbit/s, MTU $mtu\""
	line="$line, \\
     $gbit with lines lw 1 dt 4 lc rgb \"#aa0000\" axes x1y2 title \"line rate: $gbit Gb/s\""
fi
"$gnuplot" <<EOF || die "gnuplot failed"
set terminal $term size ${geometry%x*},${geometry#*x} font ",10"
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
     "$tmp/rows" using 1:5 with linespoints lw 2 pt 9 dt 2 axes x1y2 title "Gb/s received"$line
EOF
echo "plot: $png"
if [ "$rc" -ne 0 ]; then
	echo "$prog: netperf exited with status $rc (the plot has the sizes it completed)" >&2
	exit "$rc"
fi
