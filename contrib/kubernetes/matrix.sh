#!/bin/sh
# matrix.sh [-n NAMESPACE] [--host-network] [--tests T1,T2] [--seconds S]
#           [--concurrency one|all] [--image IMAGE] OUTDIR
#
# netperf-ng between every pair of a cluster's nodes, with kubectl (and
# python3, the standard library only): netserver on every node
# (netserver.yaml, or netserver-hostnetwork.yaml with --host-network),
# then for each test and each node an Indexed Job on that node
# (matrix-job.yaml) whose pod K runs netperf -J against netserver pod K, in
# the order of the netserver pods' node names; a Service and EndpointSlice
# per netserver pod (server.yaml) give pod K the name netserver-R-K.  Each
# run's -J object, read from its pod's log, goes to
# OUTDIR/CLIENT__SERVER__TEST.json, and contrib/fleet/merge.py merges them
# into OUTDIR/matrix.{json,csv,png}: the client node a row, the server
# node a column.  The diagonal (client node = server node) is the same-node
# pairs, pod to pod within a node; every other cell crosses nodes, as
# k8s-netperf's same-node and across-node runs.
#
# --concurrency one (the default): one run at a time in the whole cluster,
# each Job after the last.  all: every node's Job for a test at once, node
# I's pod K against server (I + K) mod N (the names netserver-I-K), so at
# each step no two clients share a server; Jobs drift apart, so runs may
# overlap at the steps' edges: numbers under load, not clean ones.
#
# netserver asks for a passphrase (-Z), the Secret netserver-passphrase:
# made with a random one when the namespace has none, kept when it has.
# The Jobs' netperf send it (-Z, from the same Secret); the files hide it.
#
# A run that failed is a row with its error (netperf's own, or the
# stand-in k8s.py collect writes when a pod printed no -J object or never
# ran); each is named on stderr.  Exit status: 0 when every Job completed
# and the merge wrote its outputs, 1 when something failed, 2 on a bad
# command line.  The netserver DaemonSet stays (kubectl delete namespace
# NAMESPACE removes everything).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON3:-python3}
ns=netperf-ng
hostnet=false
tests=TCP_STREAM,TCP_RR
seconds=10
conc=one
image=
usage() { echo "usage: $0 [-n NAMESPACE] [--host-network] [--tests T1,T2] [--seconds S] [--concurrency one|all] [--image IMAGE] OUTDIR" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	-n) [ $# -ge 2 ] || usage; ns=$2; shift 2 ;;
	--host-network) hostnet=true; shift ;;
	--tests) [ $# -ge 2 ] || usage; tests=$2; shift 2 ;;
	--seconds) [ $# -ge 2 ] || usage; seconds=$2; shift 2 ;;
	--concurrency) [ $# -ge 2 ] || usage; conc=$2; shift 2 ;;
	--image) [ $# -ge 2 ] || usage; image=$2; shift 2 ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage
case $conc in one|all) ;; *) usage ;; esac
case $seconds in '' | *[!0-9]* | 0) echo "matrix.sh: --seconds: a whole number of seconds, at least 1" >&2; exit 2 ;; esac
case $tests in '' | *[!A-Z_,]*) echo "matrix.sh: --tests: netperf test names, comma-separated" >&2; exit 2 ;; esac
out=$1
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
say() { echo "matrix.sh: $*" >&2; }

# render FILE KEY=VALUE...: the manifest, into $work/rendered.yaml (one
# place: k8s.py render; NAMESPACE and IMAGE always).
render() {
	_f=$1
	shift
	set -- "$@" NAMESPACE="$ns"
	[ -z "$image" ] || set -- "$@" IMAGE="$image"
	"$py" "$here/k8s.py" render "$_f" "$@" >"$work/rendered.yaml"
}

ds=netserver.yaml
[ "$hostnet" = false ] || ds=netserver-hostnetwork.yaml
render "$here/$ds"
kubectl apply -f "$work/rendered.yaml" >&2
# netserver's passphrase (-Z), which the Jobs' netperf send too: the
# Secret netserver-passphrase, made here with a random one (never on a
# command line: from a file of this run's own, mode 0600) when the
# namespace has none; one already there is kept.  The DaemonSet's pods
# wait for it.
if ! kubectl -n "$ns" get secret netserver-passphrase -o name >/dev/null 2>&1; then
	(umask 077 && "$py" "$here/k8s.py" passphrase >"$work/passphrase")
	kubectl -n "$ns" create secret generic netserver-passphrase \
		--from-file=passphrase="$work/passphrase" >&2
	rm -f "$work/passphrase"
	say "made the Secret netserver-passphrase in $ns (a random passphrase)"
fi
kubectl -n "$ns" rollout status daemonset/netserver --timeout=300s >&2
kubectl -n "$ns" get pods -l app.kubernetes.io/name=netserver -o json >"$work/pods.json"
"$py" "$here/k8s.py" servers "$work/pods.json" >"$work/servers"
n=$(wc -l <"$work/servers")
[ "$n" -gt 0 ] || { say "no ready netserver pod in namespace $ns"; exit 1; }
say "$n netserver pods: $(cut -d' ' -f1 "$work/servers" | paste -sd' ' -)"

# The names: netserver-R-K for K = 0..N-1, rotation R = 0 (one) or each
# client's position (all); server (R + K) mod N.
rots=0
[ "$conc" = one ] || rots=$(seq 0 $((n - 1)))
: >"$work/names.yaml"
for r in $rots; do
	k=0
	while [ "$k" -lt "$n" ]; do
		line=$(sed -n "$(((r + k) % n + 1))p" "$work/servers")
		# shellcheck disable=SC2086 # NODE IP FAMILY, one word each
		set -- $line
		render "$here/server.yaml" NAME="$("$py" "$here/k8s.py" name "$r" "$k")" \
			NODE="$1" IP="$2" FAMILY="$3"
		{ cat "$work/rendered.yaml"; echo ---; } >>"$work/names.yaml"
		k=$((k + 1))
	done
done
kubectl apply -f "$work/names.yaml" >&2

# Every pod's runs, the netserver pods' nodes; a deadline for the Job to
# finish in: each run's seconds, a minute each to start, two to schedule.
deadline=$((n * (seconds + 60) + 120))

# job_state JOB: Complete, Failed or nothing yet.
job_state() {
	kubectl -n "$ns" get job "$1" -o jsonpath='{.status.conditions[?(@.status=="True")].type}'
}
# finish JOB CLIENT ROTATION TEST: wait for JOB, its runs into $out, JOB gone.
finish() {
	_end=$(($(date +%s) + deadline + 60))
	while :; do
		_st=$(job_state "$1") || _st=
		case $_st in *Complete* | *Failed*) break ;; esac
		if [ "$(date +%s)" -ge "$_end" ]; then _st=timeout; break; fi
		sleep 2
	done
	case $_st in *Complete*) _st=Complete ;; *) say "job $1 ($2, $4): $_st"; status=1 ;; esac
	kubectl -n "$ns" get pods -l job-name="$1" -o json >"$work/jpods.json"
	rm -rf "$work/logs"
	mkdir "$work/logs"
	for _p in $("$py" "$here/k8s.py" pods "$work/jpods.json"); do
		kubectl -n "$ns" logs "$_p" >"$work/logs/$_p" 2>&1 || say "no log of pod $_p"
	done
	"$py" "$here/k8s.py" collect "$work/jpods.json" "$work/logs" "$work/servers" "$2" "$3" "$4" \
		"$n" "$_st" "$out"
	kubectl -n "$ns" delete job "$1" --wait=false >&2 || say "could not delete job $1"
}

for test in $(echo "$tests" | tr , ' '); do
	lower=$(echo "$test" | tr 'A-Z_' 'a-z-')
	jobs=
	i=0
	while [ "$i" -lt "$n" ]; do
		node=$(sed -n "$((i + 1))p" "$work/servers" | cut -d' ' -f1)
		r=0
		[ "$conc" = one ] || r=$i
		job=np-$i-$lower
		kubectl -n "$ns" delete job "$job" --ignore-not-found >&2
		render "$here/matrix-job.yaml" JOB="$job" NODE="$node" ROTATION="$r" SERVERS="$n" \
			TEST="$test" SECONDS="$seconds" DEADLINE="$deadline" HOST_NETWORK="$hostnet"
		kubectl apply -f "$work/rendered.yaml" >&2
		if [ "$conc" = one ]; then
			finish "$job" "$node" "$r" "$test"
		else
			jobs="$jobs $job:$node:$r"
		fi
		i=$((i + 1))
	done
	for j in $jobs; do
		finish "${j%%:*}" "$(echo "$j" | cut -d: -f2)" "${j##*:}" "$test"
	done
done

"$py" "$here/../fleet/merge.py" "$out" || status=1
exit "$status"
