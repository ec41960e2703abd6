#!/bin/bash
# ab-compare.sh - A against B, the netperf + ministat way: RUNS runs of
# each of two netperf configurations, alternated A B A B ... (whatever
# drifts on the machines meanwhile weighs on both alike), one figure per
# line into DIR/a and DIR/b, then `ministat -c 95 DIR/a DIR/b`: is the
# difference real at 95 % confidence?
#
#   ./ab-compare.sh -H 198.18.0.2 -n 10 -t TCP_RR -a '-- -r 1,1' -b '-- -r 1024,1024'
#   ./ab-compare.sh -H 198.18.0.2 -n 10 -a '-H 198.18.0.2' -b '-H 198.18.1.2'
#   ./ab-compare.sh -H 198.18.0.2 -p 12865 -n 10 -a '' -b '-p 12866' -o results
#
# Each run is `netperf -P 0 -v 0 -H HOST -p PORT -t TEST -l SECS` and then
# the words of -a (or -b), split at white space: a later -H, -p or -t
# there overrides the common one, and `-- -o FIELD` picks the figure
# (one field alone).  -P 0 -v 0 prints the headline figure: throughput,
# or the transaction rate of the _RR tests and TCP_CRR.  Every run must
# print exactly one number, or the script stops (so -c and -C, which add
# the CPU method letter, do not fit; nor a confidence warning of -i).
# Without -o DIR the files go to a new temporary directory, named at the
# end.  Two identical configurations (no -a, no -b) make an A/A test:
# ministat should find no difference.
#
# For two kernels (a reboot between A and B, so no alternation), see
# compare-kernels.sh.  The shell loop it replaces:
#
#   for i in $(seq 10); do
#       netperf -P 0 -v 0 -H host -t TCP_RR >>a
#       netperf -P 0 -v 0 -H host -t TCP_RR -- -r 1024,1024 >>b
#   done
#   ministat -c 95 a b
#
# It stops at the first failed run, with netperf's exit status.  Else
# its status is ministat's (0, or 127 when ministat is not installed: the
# files stay).  NETPERF names the netperf to run, MINISTAT the ministat
# (defaults: netperf and ministat on the PATH).
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
ministat=${MINISTAT:-ministat}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-n RUNS] [-t TEST] [-o DIR] -H HOST [-a ARGS] [-b ARGS]"
}
bad_usage() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}

host='' port=12865 len=10 runs=10 test=TCP_STREAM dir='' a_args='' b_args=''
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:n:t:o:a:b:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	n) runs=$OPTARG ;;
	t) test=$OPTARG ;;
	o) dir=$OPTARG ;;
	a) a_args=$OPTARG ;;
	b) b_args=$OPTARG ;;
	h) usage; exit 0 ;;
	:) bad_usage "-$OPTARG needs a value" ;;
	*) bad_usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || bad_usage "unexpected argument: $1"
[ -n "$host" ] || bad_usage "-H HOST is required"
case $runs in
'' | *[!0-9]*) bad_usage "-n wants a count, not '$runs'" ;;
esac
[ "$runs" -ge 3 ] || bad_usage "-n $runs: ministat needs 3 runs at least"

if [ -n "$dir" ]; then
	mkdir -p -- "$dir"
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/ab-compare.XXXXXX")
fi
: >"$dir/a"
: >"$dir/b"

common=(-P 0 -v 0 -H "$host" -p "$port" -t "$test" -l "$len")
read -ra a_words <<<"$a_args"
read -ra b_words <<<"$b_args"
echo "a: $netperf ${common[*]}${a_words[*]:+ ${a_words[*]}}"
echo "b: $netperf ${common[*]}${b_words[*]:+ ${b_words[*]}}"

# run I AB WORDS...: one netperf run, its figure appended to $dir/AB.
run() {
	local i=$1 ab=$2 out rc=0
	shift 2
	out=$("$netperf" "${common[@]}" "$@") || rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "$prog: run $i of $runs ($ab): netperf exited with status $rc" >&2
		exit "$rc"
	fi
	if ! [[ $out =~ ^\ *([0-9]+(\.[0-9]+)?)\ *$ ]]; then
		echo "$prog: run $i of $runs ($ab): netperf printed '$out', not one number" >&2
		exit 1
	fi
	printf '%s\n' "${BASH_REMATCH[1]}" >>"$dir/$ab"
}

for ((i = 1; i <= runs; i++)); do
	run "$i" a "${a_words[@]}"
	run "$i" b "${b_words[@]}"
done

if ! command -v "$ministat" >/dev/null 2>&1; then
	echo "$prog: $ministat is not installed (apt-get install ministat);" \
		"the figures are in $dir/a and $dir/b" >&2
	exit 127
fi
rc=0
"$ministat" -c 95 "$dir/a" "$dir/b" || rc=$?
echo "$prog: the figures are in $dir/a and $dir/b"
exit "$rc"
