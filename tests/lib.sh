# lib.sh - shared by the shell tests: start a netserver on a free loopback
# port, run netperf with a deadline, report SKIP/FAIL the automake way.
# Sourced with NETPERF, NETSERVER, TESTDATA, GOLDEN set by `make check`.

set -u
: "${NETPERF:?run me through make check}" "${NETSERVER:?}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/netperf-ng-test.XXXXXX")
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "# $*"; }

# start_server NAME [netserver options...]: netserver -D on a free port
# (-p 0); sets NAME_pid and NAME_port.  Its log is $tmp/NAME.log.
start_server() {
	name=$1
	shift
	"$NETSERVER" -D -p 0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.log" &
	eval "${name}_pid=$!"
	pids="$pids $!"
	i=0
	while [ $i -lt 100 ]; do
		port=$(sed -n "s/^Starting netserver .* port '\([0-9]*\)'.*/\1/p" "$tmp/$name.out")
		if [ -n "$port" ]; then
			eval "${name}_port=$port"
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	cat "$tmp/$name.out" "$tmp/$name.log"
	fail "netserver $* did not start"
}

# np [netperf args...]: netperf with a hard deadline; output in $tmp/out,
# $tmp/err, status in $rc.
np() {
	rc=0
	timeout 60 "$NETPERF" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ "$rc" -ne 124 ] || fail "netperf $* hung (killed after 60 s)"
}

# expect_layout GOLDEN_NAME: $tmp/out has the layout of that capture.
expect_layout() {
	"${PYTHON3:-python3}" "$TESTDATA/../layout.py" "$TESTDATA/golden/$1.stdout" "$tmp/out" ||
		{ cat "$tmp/out"; fail "layout differs from netperf 2.7.1's $1"; }
}

have_python() {
	command -v "${PYTHON3:-python3}" >/dev/null 2>&1
}
