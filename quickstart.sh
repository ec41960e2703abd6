#!/bin/sh
# quickstart.sh - build netperf-ng from a fresh clone and show it working.
#
#   ./quickstart.sh          install what is missing, build, run TCP_STREAM,
#                            UDP_STREAM and UDP_RR against a local netserver
#   ./quickstart.sh check    the same build, then the whole test suite
#
# Dependencies come from Debian's archive (apt-get) when they are missing.
set -eu

cd "$(dirname "$0")"
mode=${1:-demo}
case $mode in
demo|check) ;;
*) echo "usage: $0 [check]" >&2; exit 2 ;;
esac

# Debian package -> a file that shows it is installed.
need="autoconf:/usr/bin/autoconf automake:/usr/bin/automake libtool:/usr/bin/libtoolize
pkg-config:/usr/bin/pkg-config check:/usr/include/check.h gcc:/usr/bin/gcc
make:/usr/bin/make python3:/usr/bin/python3 iproute2:/usr/sbin/ip procps:/usr/bin/pkill
libjansson-dev:/usr/include/jansson.h"
missing=
for pair in $need; do
	pkg=${pair%%:*} file=${pair#*:}
	[ -e "$file" ] || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
	echo "quickstart: installing$missing"
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -q
	# shellcheck disable=SC2086 # word splitting is wanted here
	$sudo apt-get install -y -q $missing
fi

if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ]; then
	autoreconf -fi
fi
if [ ! -f Makefile ] || [ configure -nt Makefile ]; then
	./configure --enable-werror
fi
jobs=$(nproc 2>/dev/null || echo 2)
make -j"$jobs"

if [ "$mode" = check ]; then
	make -j"$jobs" check
	exit
fi

# A netserver on a free loopback port (-p 0), stopped when we leave.
log=$(mktemp)
./src/netserver -D -p 0 -L 127.0.0.1 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$log"' EXIT INT TERM
port=
for _ in $(seq 50); do
	port=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$log")
	[ -n "$port" ] && break
	sleep 0.1
done
if [ -z "$port" ]; then
	echo "quickstart: netserver did not start:" >&2
	cat "$log" >&2
	exit 1
fi
for test in TCP_STREAM UDP_STREAM UDP_RR; do
	./src/netperf -H 127.0.0.1 -p "$port" -t "$test" -l 2
	echo
done
