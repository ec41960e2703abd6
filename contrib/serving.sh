# serving.sh - sourced by contrib/deb/check.sh and contrib/container/check.sh:
# a netserver started with -p 0 (its start-up line in $work/srv.out, its
# log in $work/srv.log), then TCP_STREAM and UDP_RR against it.  The
# sourcing script defines fail and $work.

# served_by WHAT NETPERF...: wait for the port (10 s), run both tests with
# NETPERF (a command and its words), one line each; fail naming WHAT.
served_by() {
	_what=$1
	shift
	port=
	for _ in $(seq 100); do
		port=$(sed -n "s/.* port '\([0-9]*\)'.*/\1/p" "$work/srv.out" 2>/dev/null)
		[ -z "$port" ] || break
		sleep 0.1
	done
	[ -n "$port" ] || fail "$_what did not start: $(cat "$work/srv.out" "$work/srv.log")"
	for t in TCP_STREAM UDP_RR; do
		timeout 60 "$@" -H 127.0.0.1 -p "$port" -t "$t" -l 1 -P 0 >"$work/np" 2>&1 ||
			fail "$t against $_what: $(cat "$work/np")"
		echo "$t against $_what: $(head -1 "$work/np")"
	done
}
