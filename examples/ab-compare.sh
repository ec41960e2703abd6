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
# --plot FILE.png draws the two samples with gnuplot: every run as a
# dot, the median as a bar, the mean with its 95 % confidence interval
# (Student's t), and ministat's verdict ("Difference at 95.0% confidence
# ..." or "No difference proven at 95.0% confidence") in the title.
# --plot-size WIDTHxHEIGHT sets its pixels (900x560); --plot-script FILE
# keeps the gnuplot script, the figures in it (gnuplot FILE draws it
# again).  Without gnuplot --plot stops it before the first run.
#
#   ./ab-compare.sh -H 198.18.0.2 -n 10 -t TCP_RR -b '-- -r 1024,1024' --plot rr.png
#
# It stops at the first failed run, with netperf's exit status.  Else
# its status is ministat's (0, or 127 when ministat is not installed: the
# files stay, and the plot says there is no verdict); 1 when gnuplot
# fails.  NETPERF names the netperf to run, MINISTAT the ministat, GNUPLOT
# the gnuplot (defaults: netperf, ministat and gnuplot on the PATH).
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
ministat=${MINISTAT:-ministat}
gnuplot=${GNUPLOT:-gnuplot}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-n RUNS] [-t TEST] [-o DIR] -H HOST [-a ARGS] [-b ARGS]"
	echo "       [--plot PNG [--plot-size WIDTHxHEIGHT] [--plot-script FILE]]"
}
bad_usage() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}

host='' port=12865 len=10 runs=10 test=TCP_STREAM dir='' a_args='' b_args=''
plot='' plot_size='' plot_script=''
[ "${1-}" != --help ] || { usage; exit 0; }

# The long options (--plot, --plot-size, --plot-script) come out of the
# arguments first; getopts reads the rest.  The word after an option
# that takes a value is that value, whatever it looks like (-a --plot).
# long_value NAME WORD NEXT...: the value of --NAME, from WORD
# (--NAME=VALUE) or the word after it; sets $value and $used (the words
# taken).
long_value() {
	local name=$1 word=$2
	shift 2
	case $word in
	--"$name"=*) value=${word#--"$name"=} used=1 ;;
	*)
		[ $# -gt 0 ] || bad_usage "--$name needs a value"
		value=$1 used=2
		;;
	esac
	[ -n "$value" ] || bad_usage "--$name needs a value"
}
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--plot | --plot=*) long_value plot "$@"; plot=$value ;;
	--plot-size | --plot-size=*) long_value plot-size "$@"; plot_size=$value ;;
	--plot-script | --plot-script=*) long_value plot-script "$@"; plot_script=$value ;;
	--) args+=("$@"); break ;;
	--*) bad_usage "unknown option $1" ;;
	-[Hplntoab])
		args+=("$1")
		[ $# -lt 2 ] || { args+=("$2"); shift; }
		used=1
		;;
	*) args+=("$1"); used=1 ;;
	esac
	shift "$used"
done
set -- "${args[@]}"
if [ -z "$plot" ]; then
	[ -z "$plot_size" ] || bad_usage "--plot-size goes with --plot"
	[ -z "$plot_script" ] || bad_usage "--plot-script goes with --plot"
fi
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
if [ -n "$plot" ]; then
	: "${plot_size:=900x560}"
	[[ $plot_size =~ ^([1-9][0-9]{1,4})x([1-9][0-9]{1,4})$ ]] ||
		bad_usage "--plot-size wants WIDTHxHEIGHT in pixels (900x560), not '$plot_size'"
	command -v "$gnuplot" >/dev/null 2>&1 ||
		{ echo "$prog: $gnuplot is not installed (Debian: apt-get install gnuplot-nox): no --plot" >&2; exit 1; }
fi

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

# gq STRING: STRING as a gnuplot string constant (single quotes, in
# which only a quote is special: doubled).
gq() {
	local q="'"
	printf "'%s'" "${1//$q/$q$q}"
}

# stats FILE: n, mean, standard deviation, median and the half width of
# the mean's 95 % confidence interval (Student's t, n - 1 degrees of
# freedom) of the figures in FILE, one per line.
stats() {
	sort -g "$1" | awk '
	{ v[NR] = $1; sum += $1 }
	END {
		n = NR
		mean = sum / n
		for (i = 1; i <= n; i++) ss += (v[i] - mean) ^ 2
		sd = sqrt(ss / (n - 1))
		median = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
		# t(0.975, df): a table to 30, then the Cornish-Fisher series
		# (within 1e-7 of the exact quantile from 31 on).
		split("12.7062 4.3027 3.1824 2.7764 2.5706 2.4469 2.3646 2.3060 " \
			"2.2622 2.2281 2.2010 2.1788 2.1604 2.1448 2.1314 2.1199 2.1098 " \
			"2.1009 2.0930 2.0860 2.0796 2.0739 2.0687 2.0639 2.0595 2.0555 " \
			"2.0518 2.0484 2.0452 2.0423", tab, " ")
		df = n - 1
		if (df <= 30) {
			t = tab[df]
		} else {
			z = 1.959963985
			t = z + (z^3 + z) / (4 * df) + (5 * z^5 + 16 * z^3 + 3 * z) / (96 * df^2) \
				+ (3 * z^7 + 19 * z^5 + 17 * z^3 - 15 * z) / (384 * df^3) \
				+ (79 * z^9 + 776 * z^7 + 1482 * z^5 - 1920 * z^3 - 945 * z) / (92160 * df^4)
		}
		printf "%d %.10g %.10g %.10g %.10g\n", n, mean, sd, median, t * sd / sqrt(n)
	}'
}

# draw VERDICT: the plot of $dir/a and $dir/b, VERDICT in its title.
draw() {
	local verdict=$1 gp ab k n mean sd median half words ylabel
	gp=$(mktemp "${TMPDIR:-/tmp}/ab-compare.gp.XXXXXX")
	ylabel='the figure of each run (netperf -P 0 -v 0)'
	if [[ " $a_args $b_args " != *" -t "* && " $a_args $b_args " != *" -f"* &&
		" $a_args $b_args " != *" -o "* ]]; then
		case $test in
		*_RR | *_CRR) ylabel='transactions/s' ;;
		*_STREAM | *_MAERTS | *_SENDFILE) ylabel='throughput (10^6bits/s)' ;;
		esac
	fi
	{
		echo "# ab-compare.sh's plot: gnuplot THIS_FILE draws it again."
		echo "# The runs are the figures of $dir/a and $dir/b."
		k=0
		for ab in a b; do
			k=$((k + 1))
			read -r n mean sd median half < <(stats "$dir/$ab")
			echo "\$runs_$ab << EOD"
			# x: the column, less a little and a jitter by run, so equal
			# figures stay apart.
			awk -v k="$k" '{ printf "%.3f %s\n", k - 0.12 + ((NR - 1) % 9 - 4) * 0.012, $1 }' "$dir/$ab"
			echo "EOD"
			echo "\$stats_$ab << EOD"
			echo "# x mean low high median  (n $n, stddev $sd, 95 % half width $half)"
			awk -v k="$k" -v m="$mean" -v h="$half" -v md="$median" \
				'BEGIN { printf "%.2f %.10g %.10g %.10g %.10g\n", k + 0.14, m, m - h, m + h, md }'
			echo "EOD"
		done
		printf 'set terminal %s size %s,%s font ",10"\n' "$term" "${plot_size%x*}" "${plot_size#*x}"
		printf 'set output %s\n' "$(gq "$plot")"
		printf 'set title %s . "\\n" . %s noenhanced\n' \
			"$(gq "A against B: $test to $host, $runs runs each, alternated, -l $len")" "$(gq "$verdict")"
		words=${a_args:-(the common arguments only)}
		printf 'set xtics (%s . "\\n" . %s 1, ' "$(gq "A")" "$(gq "$words")"
		words=${b_args:-(the common arguments only)}
		printf '%s . "\\n" . %s 2) noenhanced\n' "$(gq "B")" "$(gq "$words")"
		printf 'set ylabel %s noenhanced\n' "$(gq "$ylabel")"
		cat <<-'EOF'
			set xrange [0.5:2.5]
			set offsets 0, 0, graph 0.08, graph 0.08
			set grid ytics
			set bmargin 6
			set key at screen 0.5, character 1.5 center horizontal
			set bars 3
			plot $runs_a using 1:2 with points pt 7 ps 1.2 lc rgb "#1f77b4" title "every run", \
			     $runs_b using 1:2 with points pt 7 ps 1.2 lc rgb "#1f77b4" notitle, \
			     $stats_a using ($1 - 0.38):5:(0.24):(0) with vectors nohead lw 3 lc rgb "#333333" title "median", \
			     $stats_b using ($1 - 0.38):5:(0.24):(0) with vectors nohead lw 3 lc rgb "#333333" notitle, \
			     $stats_a using 1:2:3:4 with yerrorbars pt 5 ps 1.2 lw 2 lc rgb "#d62728" title "mean, 95% confidence interval", \
			     $stats_b using 1:2:3:4 with yerrorbars pt 5 ps 1.2 lw 2 lc rgb "#d62728" notitle
		EOF
	} >"$gp"
	[ -z "$plot_script" ] || cp -- "$gp" "$plot_script"
	if ! "$gnuplot" "$gp"; then
		rm -f -- "$gp"
		echo "$prog: gnuplot failed: no plot in $plot" >&2
		exit 1
	fi
	rm -f -- "$gp"
	echo "$prog: the plot is $plot"
}

# term: pngcairo where this gnuplot has it, else png.
term=png
if [ -n "$plot" ] && "$gnuplot" -e 'set terminal pngcairo' </dev/null >/dev/null 2>&1; then
	term=pngcairo
fi

if ! command -v "$ministat" >/dev/null 2>&1; then
	echo "$prog: $ministat is not installed (apt-get install ministat);" \
		"the figures are in $dir/a and $dir/b" >&2
	[ -z "$plot" ] || draw "no verdict: ministat is not installed"
	exit 127
fi
rc=0
if [ -z "$plot" ]; then
	"$ministat" -c 95 "$dir/a" "$dir/b" || rc=$?
else
	# ministat's report as ever, and its verdict for the title: the
	# verdict line, and after "Difference" the difference (B - A) and
	# its percentage of A.
	out=$("$ministat" -c 95 "$dir/a" "$dir/b") || rc=$?
	[ -z "$out" ] || printf '%s\n' "$out"
	verdict=$(printf '%s\n' "$out" | awk '
		/^(No difference proven|Difference) at [0-9.]+% confidence$/ { v = $0; d = /^Difference/; next }
		v != "" && d && NF {
			gsub(/^[ \t]+|[ \t]+$/, "")
			x = x (x == "" ? "" : /^\(/ ? " " : ", ") $0
		}
		END { if (v != "") print v (x == "" ? "" : ": B - A = " x) }')
	[ -n "$verdict" ] || verdict="no verdict: ministat exited with status $rc"
fi
echo "$prog: the figures are in $dir/a and $dir/b"
[ -z "$plot" ] || draw "$verdict"
exit "$rc"
