#!/bin/sh
# cgops.sh OLD_BUILD NEW_BUILD [N]: user-space instructions per operation
# of two builds of netperf-ng, counted by callgrind (valgrind), each end
# apart: netperf, and netserver's session (its child, --trace-children).
# Each test runs a count of N and of 2N operations (-l -N), so that what
# a run costs once (start, control exchange, report) cancels out:
# per operation = (I(2N) - I(N)) / N.  The kernel's work is not counted;
# this is the data loops' own cost, which a change to them must not raise
# (DEVELOPERS.md: at most 3%).  Deterministic to a few instructions, so
# one run of each is enough, and a loaded machine does not matter.
#   bench/cgops.sh /tmp/old-tree . 20000
# UDP_STREAM's netserver column is left out: under valgrind the receiver
# drops datagrams, so its count of operations is not N.
set -eu
old=${1:?usage: cgops.sh OLD_BUILD NEW_BUILD [N]}
new=${2:?usage: cgops.sh OLD_BUILD NEW_BUILD [N]}
n=${3:-20000}
command -v valgrind >/dev/null 2>&1 || { echo "cgops.sh: valgrind is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
servers=
trap 'for p in $servers; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM

# total FILE: the instructions callgrind counted in FILE.
total() { sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$1" | head -n 1; }

start() {  # start NAME BUILD: netserver under callgrind; sets NAME_port
	mkdir -p "$tmp/$1"
	# Started by root, netserver serves as nobody: its session's file too.
	chmod 711 "$tmp"
	chmod 1777 "$tmp/$1"
	valgrind -q --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$tmp/$1/srv.%p" \
		"$2/src/netserver" -D -p 0 -L 127.0.0.1 >"$tmp/$1.out" 2>"$tmp/$1.log" &
	servers="$servers $!"
	p=
	for _ in $(seq 200); do
		p=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/$1.out")
		[ -n "$p" ] && break
		sleep 0.1
	done
	[ -n "$p" ] || { echo "cgops.sh: netserver of $2 did not start" >&2; exit 1; }
	eval "${1}_port=$p"
}
start old "$old"
start new "$new"

# run NAME BUILD COUNT TEST ARGS...: prints "CLIENT SERVER" instructions.
run() {
	name=$1 b=$2 count=$3 t=$4
	shift 4
	port=$(eval echo "\$${name}_port")
	ls "$tmp/$name" >"$tmp/before"
	valgrind -q --tool=callgrind --callgrind-out-file="$tmp/cli.out" \
		"$b/src/netperf" -H 127.0.0.1 -p "$port" -t "$t" -l "-$count" -P 0 -v 0 "$@" \
		>/dev/null 2>"$tmp/cli.err" || { echo "cgops.sh: $t failed: $(cat "$tmp/cli.err")" >&2; exit 1; }
	sleep 1   # the session's child writes its file as it exits
	s=0
	for f in $(ls "$tmp/$name" | grep -vxF -f "$tmp/before"); do
		v=$(total "$tmp/$name/$f")
		s=$((s + ${v:-0}))
	done
	echo "$(total "$tmp/cli.out") $s"
}

printf '%-22s %10s %10s %7s   %10s %10s %7s\n' test "old cli" "new cli" ratio "old srv" "new srv" ratio
# unit: bytes per operation for the stream tests' -l -N (N counts bytes).
for spec in "UDP_RR 1" "TCP_RR 1" "TCP_STREAM 4096 -- -m 4096" "UDP_STREAM 64 -- -m 64"; do
	# shellcheck disable=SC2086 # the spec splits on purpose
	set -- $spec
	t=$1 unit=$2
	shift 2
	args=$*
	for side in old new; do
		b=$(eval echo "\$$side")
		# shellcheck disable=SC2086 # args splits on purpose
		set -- $(run "$side" "$b" $((n * unit)) "$t" $args) \
			$(run "$side" "$b" $((2 * n * unit)) "$t" $args)
		eval "${side}_c=\$(( (\$3 - \$1) * 100 / n ))"
		eval "${side}_s=\$(( (\$4 - \$2) * 100 / n ))"
	done
	# shellcheck disable=SC2154 # set by eval above
	awk -v t="$t" -v oc="$old_c" -v nc="$new_c" -v os="$old_s" -v ns="$new_s" 'BEGIN {
		srv = sprintf("%10.2f %10.2f %7.3f", os / 100, ns / 100, os ? ns / os : 0)
		if (t == "UDP_STREAM")
			srv = sprintf("%10s %10s %7s", "-", "-", "-")
		printf "%-22s %10.2f %10.2f %7.3f   %s\n", t, oc / 100, nc / 100, nc / oc, srv }'
done
