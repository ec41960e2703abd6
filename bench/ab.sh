#!/bin/sh
# ab.sh OLD_BUILD NEW_BUILD [PAIRS] [SECONDS]: two builds of netperf-ng
# (each its own netperf and netserver, on loopback), interleaved pair by
# pair, so that both see the same machine.  For each test prints both
# medians and the median of the per-pair ratios new/old.
#   bench/ab.sh /tmp/old-tree . 9 3
# ARGS adds netperf options to every run (ARGS="-T 0,1": both ends pinned
# apart, so that the scheduler's placement, which moves a loopback _RR
# rate several times, is the same for both builds).
set -eu
old=${1:?usage: ab.sh OLD_BUILD NEW_BUILD [PAIRS] [SECONDS]}
new=${2:?usage: ab.sh OLD_BUILD NEW_BUILD [PAIRS] [SECONDS]}
pairs=${3:-7}
secs=${4:-3}
tmp=$(mktemp -d)
servers=
trap 'for p in $servers; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM

start() {  # start NAME BUILD: a netserver on a free port; sets NAME_port
	"$2/src/netserver" -D -p 0 -L 127.0.0.1 >"$tmp/$1.out" 2>"$tmp/$1.log" &
	servers="$servers $!"
	for _ in $(seq 100); do
		p=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/$1.out")
		[ -n "$p" ] && break
		sleep 0.05
	done
	[ -n "$p" ] || { echo "ab.sh: netserver of $2 did not start" >&2; exit 1; }
	eval "${1}_port=$p"
}
start old "$old"
start new "$new"

# rate BUILD PORT TEST ARGS...: the figure netperf -P 0 -v 0 prints.
rate() {
	b=$1 p=$2 t=$3
	shift 3
	# shellcheck disable=SC2086 # ARGS splits on purpose
	"$b/src/netperf" -H 127.0.0.1 -p "$p" -t "$t" -l "$secs" -P 0 -v 0 ${ARGS:-} "$@" | awk 'NF { v = $1 } END { print v }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-24s %14s %14s %8s\n' test old new ratio
for spec in "UDP_RR" "TCP_RR" "TCP_STREAM" "UDP_STREAM -- -m 64" "TCP_SENDFILE"; do
	case " ${ONLY:-${spec%% *}} " in *" ${spec%% *} "*) ;; *) continue ;; esac
	: >"$tmp/o"
	: >"$tmp/n"
	: >"$tmp/r"
	i=0
	while [ $i -lt "$pairs" ]; do
		# shellcheck disable=SC2086 # the spec splits on purpose
		if [ $((i % 2)) -eq 0 ]; then
			o=$(rate "$old" "$old_port" $spec)
			n=$(rate "$new" "$new_port" $spec)
		else
			n=$(rate "$new" "$new_port" $spec)
			o=$(rate "$old" "$old_port" $spec)
		fi
		echo "$o" >>"$tmp/o"
		echo "$n" >>"$tmp/n"
		awk -v o="$o" -v n="$n" 'BEGIN { print n / o }' >>"$tmp/r"
		i=$((i + 1))
	done
	printf '%-24s %14.2f %14.2f %8.3f\n' "$spec" "$(median <"$tmp/o")" "$(median <"$tmp/n")" \
		"$(median <"$tmp/r")"
done
