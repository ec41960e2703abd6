#!/bin/bash
# interim-plot.sh - netperf's figure over time, as a PNG: one run of
# `netperf ... -D INTERVAL` (or a saved output of one), its interim
# figures plotted against the seconds since the run began, with their
# time-weighted mean, so a slow start, a stall or a rate that drifts is
# seen at a glance.
#
#   ./interim-plot.sh -H 198.18.0.2 -l 30 -D 0.5 -o tcp.png
#   ./interim-plot.sh -o rr.png -- -H 198.18.0.2 -t TCP_RR -l 60 -D 1 -- -r 64,64
#   netperf -H 198.18.0.2 -l 30 -D 0.5 >run.txt 2>&1
#   ./interim-plot.sh -i run.txt -o run.png               # a saved output
#
# The words after -- go to netperf as they are, after the ones -H, -p,
# -l, -t and -D make (so a later -H there overrides -H's).  Without a -D
# in either, -D 1.  netperf's output passes through as it comes.
#
# It reads every form -D takes: netperf 2.7.1's "Interim result: X UNITS
# over Y seconds ending at Z" lines (on stdout or stderr), their CSV rows
# with -- -o, their NETPERF_INTERIM_RESULT[n]= lines with -- -k, and -J's
# "interim" member (with jq; each iteration a line of its own).  Needs
# gnuplot (Debian: gnuplot-nox): pngcairo, or png where that is missing;
# -g WIDTHxHEIGHT sets the pixels (1000x520).  NETPERF names the netperf
# to run, GNUPLOT the gnuplot, JQ the jq (default: those on the PATH).
# A failing netperf stops it with netperf's exit status, after plotting
# the figures it printed.
set -euo pipefail

prog=${0##*/}
netperf=${NETPERF:-netperf}
gnuplot=${GNUPLOT:-gnuplot}
jq=${JQ:-jq}
usage() {
	echo "usage: $prog [-p PORT] [-l SECS] [-t TEST] [-D SECS] [-o PNG] [-T TITLE] [-g WxH] -H HOST [-- NETPERF_ARGS...]"
	echo "       $prog [-o PNG] [-T TITLE] [-g WxH] -- -H HOST NETPERF_ARGS..."
	echo "       $prog [-o PNG] [-T TITLE] [-g WxH] -i SAVED_OUTPUT"
	echo "  -D SECS   seconds between interim figures (1, unless NETPERF_ARGS has a -D)"
	echo "  -o PNG    where the plot goes (interim.png)"
	echo "  -i FILE   plot a saved output of netperf -D instead of running one (- = stdin)"
	echo "  -g WxH    the plot's size in pixels (1000x520)"
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

host='' port='' len='' test='' interval='' png=interim.png title='' saved='' geometry=1000x520
[ "${1-}" != --help ] || { usage; exit 0; }
while getopts ':H:p:l:t:D:o:T:g:i:h' opt; do
	case $opt in
	H) host=$OPTARG ;;
	p) port=$OPTARG ;;
	l) len=$OPTARG ;;
	t) test=$OPTARG ;;
	D) interval=$OPTARG ;;
	o) png=$OPTARG ;;
	T) title=$OPTARG ;;
	g) geometry=$OPTARG ;;
	i) saved=$OPTARG ;;
	h) usage; exit 0 ;;
	:) bad_usage "-$OPTARG needs a value" ;;
	*) bad_usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
# What is left: the words after -- (getopts took the --), for netperf.
extra=("$@")

# The global options among the words for netperf (before their own --):
# is there a -H, a -D?
extra_has() {
	local w
	for w in ${extra[@]+"${extra[@]}"}; do
		[ "$w" != -- ] || return 1
		case $w in "$1"*) return 0 ;; esac
	done
	return 1
}

if [ -n "$saved" ]; then
	[ -z "$host$port$len$test$interval" ] || bad_usage "-i reads a saved output: no -H, -p, -l, -t or -D"
	[ ${#extra[@]} -eq 0 ] || bad_usage "-i reads a saved output: no netperf arguments ('${extra[0]}')"
else
	[ -n "$host" ] || extra_has -H || bad_usage "-H HOST is required (or -i SAVED_OUTPUT)"
	if [ ${#extra[@]} -gt 0 ] && [ "${extra[0]}" != -- ] && [[ ${extra[0]} != -* ]]; then
		bad_usage "unexpected argument '${extra[0]}' (netperf's own go after --)"
	fi
fi
if [ -n "$interval" ]; then
	if ! [[ $interval =~ ^([0-9]{1,6}(\.[0-9]*)?|\.[0-9]+)$ ]] ||
		! awk -v d="$interval" 'BEGIN { exit !(d > 0) }'; then
		bad_usage "-D wants seconds above 0 (0.5), not '$interval'"
	fi
fi
[ -n "$png" ] || bad_usage "-o needs a file name"
[[ $geometry =~ ^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$ ]] ||
	bad_usage "-g wants WIDTHxHEIGHT in pixels (1000x520), not '$geometry'"
command -v "$gnuplot" >/dev/null 2>&1 ||
	die "gnuplot is not installed (Debian: apt-get install gnuplot-nox)"
term=png
if "$gnuplot" -e 'set terminal pngcairo' </dev/null >/dev/null 2>&1; then
	term=pngcairo
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/interim-plot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The output: run now (stdout and stderr each through as it comes, and
# kept), or the saved one.
rc=0
if [ -z "$saved" ]; then
	cmd=()
	[ -z "$host" ] || cmd+=(-H "$host")
	[ -z "$port" ] || cmd+=(-p "$port")
	[ -z "$len" ] || cmd+=(-l "$len")
	[ -z "$test" ] || cmd+=(-t "$test")
	if [ -n "$interval" ]; then
		cmd+=(-D "$interval")
	elif ! extra_has -D; then
		cmd+=(-D 1)
	fi
	cmd+=(${extra[@]+"${extra[@]}"})
	{ "$netperf" "${cmd[@]}" 2>&1 1>&3 3>&- | tee "$tmp/err" >&2; } 3>&1 | tee "$tmp/out" || rc=$?
	cat "$tmp/out" "$tmp/err" >"$tmp/all"
	json_in=$tmp/out
	[ -n "$title" ] || title="netperf ${cmd[*]}"
elif [ "$saved" = - ]; then
	cat >"$tmp/all"
	json_in=$tmp/all
else
	[ -r "$saved" ] || die "$saved: cannot read it"
	cp -- "$saved" "$tmp/all"
	json_in=$tmp/all
fi

# $tmp/figs: one figure a line, "END INTERVAL VALUE ITERATION" (END in
# seconds since 1970, ITERATION 0 where the output does not say), and
# $tmp/units its unit.
if grep -q '^{' "$json_in"; then
	command -v "$jq" >/dev/null 2>&1 ||
		die "jq is not installed (Debian: apt-get install jq): -J's interim figures need it"
	grep -m 1 '^{' "$json_in" >"$tmp/json"
	# shellcheck disable=SC2016 # jq's $h, not the shell's
	"$jq" -r '.headline as $h
		| if (.interim | type) != "object" then empty else .interim.figures[]
		| [.end_unix_s, .interval_s,
		   (if $h == "transactions_per_second" then .[$h] else .[$h] / 1e6 end),
		   .iteration] | @tsv end' "$tmp/json" >"$tmp/figs" 2>"$tmp/jq.err" ||
		die "-J output: jq cannot read it ($(head -n 1 "$tmp/jq.err"))"
	"$jq" -r 'if .headline == "transactions_per_second" then "Trans/s" else "10^6bits/s" end' \
		"$tmp/json" >"$tmp/units" 2>/dev/null || echo "10^6bits/s" >"$tmp/units"
	[ -n "$title" ] || title=$("$jq" -r '.command_line // empty' "$tmp/json" 2>/dev/null) || title=''
else
	awk -v units="$tmp/units" '
	function keep(v, u, i, e) {
		print e, i, v, 0
		if (!unit) { unit = u; print u > units }
	}
	# netperf 2.7.1: "Interim result: X UNITS over Y seconds ending at Z".
	/^Interim result: / {
		if ($3 ~ /^[0-9.]+$/ && $5 == "over" && $6 ~ /^[0-9.]+$/ && $10 ~ /^[0-9.]+$/)
			keep($3, $4, $6, $10)
		next
	}
	# -- -k: NETPERF_INTERIM_RESULT[n]=X, NETPERF_UNITS[n]=, _INTERVAL, _ENDING.
	/^NETPERF_(INTERIM_RESULT|UNITS|INTERVAL|ENDING)\[[0-9]+\]=/ {
		split($0, kv, "=")
		k = kv[1]; sub(/\[.*/, "", k)
		n = kv[1]; sub(/^[^[]*\[/, "", n); sub(/\]$/, "", n)
		val[k, n] = substr($0, length(kv[1]) + 2)
		if (k == "NETPERF_ENDING" && val["NETPERF_INTERIM_RESULT", n] != "")
			keep(val["NETPERF_INTERIM_RESULT", n], val["NETPERF_UNITS", n],
				val["NETPERF_INTERVAL", n], val["NETPERF_ENDING", n])
		next
	}
	# -- -o: "X,UNITS,Y,Z" (Z a wall-clock time).
	/^[0-9.]+,[^,]*\/s,[0-9.]+,[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]+(\.[0-9]*)?$/ {
		split($0, f, ",")
		keep(f[1], f[2], f[3], f[4])
	}' "$tmp/all" >"$tmp/figs"
fi
if [ ! -s "$tmp/figs" ]; then
	if [ "$rc" -ne 0 ]; then
		echo "$prog: netperf exited with status $rc before any interim figure" >&2
		exit "$rc"
	fi
	die "no interim figures in the output (netperf -D SECS prints them; -J keeps them in \"interim\")"
fi
units=$(head -n 1 "$tmp/units" 2>/dev/null) || units=''
[ -n "$units" ] || units='10^6bits/s'
if [ -z "$title" ]; then
	title=$(grep -m 1 -E '^(MIGRATED|[A-Z]+ ).* TEST from ' "$tmp/all" | cut -c 1-110) || title=''
	[ -n "$title" ] || title="interim figures of $saved"
fi

# The points: seconds since the first interval began, the figure; a
# blank line between iterations (where -J says which).  The summary:
# count, span, time-weighted mean, min, max.
awk -v summary="$tmp/summary" '
	NR == 1 { t0 = $1 - $2 }
	NR > 1 && $4 != it { print "" }
	{
		printf "%.3f %s\n", $1 - t0, $3
		it = $4; n++; w += $2; s += $2 * $3
		if (n == 1 || $3 < lo) lo = $3
		if (n == 1 || $3 > hi) hi = $3
		end = $1
	}
	END { printf "%d %.3f %.6g %.6g %.6g\n", n, end - t0, (w > 0 ? s / w : 0), lo, hi > summary }
' "$tmp/figs" >"$tmp/points"
read -r n span mean lo hi <"$tmp/summary"
summary="$n interim figures over $span s: mean $mean, min $lo, max $hi $units"

# gq STRING: STRING as a gnuplot string constant (single quotes, in
# which only a quote is special: doubled).
gq() {
	local q="'"
	printf "'%s'" "${1//$q/$q$q}"
}
# shellcheck disable=SC2016 # gnuplot's $points, not the shell's
{
	echo '$points << EOD'
	cat "$tmp/points"
	echo 'EOD'
	printf 'set terminal %s size %s,%s font ",10"\n' "$term" "${geometry%x*}" "${geometry#*x}"
	printf 'set output %s\n' "$(gq "$png")"
	printf 'set title %s . "\\n" . %s noenhanced\n' "$(gq "$title")" "$(gq "$summary")"
	printf 'set ylabel %s noenhanced\n' "$(gq "$units")"
	echo 'set xlabel "seconds since the start"'
	echo 'set yrange [0:*]'
	echo 'set xrange [0:*]'
	echo 'set grid xtics ytics'
	echo 'set key bottom right box opaque'
	printf 'plot $points using 1:2 with linespoints lw 2 pt 7 ps 0.8 title %s, \\\n' \
		"$(gq "interim figure (at the end of its interval)")"
	printf '     %s with lines lw 1 dt 2 lc rgb "#aa0000" title %s noenhanced\n' "$mean" \
		"$(gq "time-weighted mean $mean $units")"
} >"$tmp/plot.gp"
"$gnuplot" "$tmp/plot.gp" || die "gnuplot failed: no plot in $png"
echo "$prog: $summary"
echo "plot: $png"
if [ "$rc" -ne 0 ]; then
	echo "$prog: netperf exited with status $rc (the plot has the figures it printed)" >&2
	exit "$rc"
fi
