#!/bin/sh
# check.sh DEB [ROOT]: the package on a fresh Debian 12.  Into a minbase
# chroot (debootstrapped into a temporary directory, or a copy of ROOT, one
# made so before) with nothing else added: apt-get install ./DEB; netperf
# -V and netserver -V; a netserver started from the installed files serves
# a TCP_STREAM and a UDP_RR to the installed netperf; the unit is installed,
# not enabled; apt-get purge --autoremove leaves no file behind.  Then,
# with man-db (not in minbase), man -w finds both man pages.  Needs root
# and Debian's archive.  Exit 0 when every check held.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 DEB [ROOT]" >&2; exit 2; }
deb=$1
fail() { echo "check.sh: FAIL: $*" >&2; exit 1; }
. "$(dirname "$0")/../serving.sh"
work=$(mktemp -d)
root=$work/root
srv=
cleanup() {
	[ -z "$srv" ] || kill "$srv" 2>/dev/null || true
	umount "$root/proc" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
# Every file of the system but the package manager's own records.
files() {
	(cd "$root" && find . -xdev \( -path ./proc -o -path ./var/lib/apt -o -path ./var/cache \
		-o -path ./var/log -o -path ./var/lib/dpkg -o -path ./tmp \) -prune -o -print | sort)
}

if [ $# -eq 2 ]; then
	cp -a "$2" "$root"
else
	debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
		{ tail -5 "$work/debootstrap.log" >&2; fail "debootstrap"; }
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
in_root apt-get update -q >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get update in the chroot"; }
files >"$work/before"
cp "$deb" "$root/tmp/"
name=$(basename "$deb")
in_root apt-get install -y -q "/tmp/$name" >"$work/apt.log" 2>&1 ||
	{ tail -20 "$work/apt.log" >&2; fail "apt-get install ./$name"; }
echo "installed: $(in_root dpkg-query -W -f '${Package} ${Version} (${Installed-Size} KiB)' netperf-ng)"
in_root netperf -V >"$work/v" 2>&1 || fail "netperf -V: $(cat "$work/v")"
echo "netperf -V: $(head -1 "$work/v")"
in_root netserver -V >"$work/v" 2>&1 || fail "netserver -V: $(cat "$work/v")"
[ -f "$root/lib/systemd/system/netserver.service" ] || fail "no netserver.service installed"
[ ! -e "$root/etc/systemd/system/multi-user.target.wants/netserver.service" ] ||
	fail "the package enabled netserver.service"

# netserver from the installed files (root, as the unit's ExecStart would
# be: it drops to nobody itself), the installed netperf against it.
# chroot itself in the background (not through in_root, a function that
# would run in a subshell): $! is then netserver's own pid, to kill.
chroot "$root" /usr/bin/netserver -D -p 0 -L 127.0.0.1 >"$work/srv.out" 2>"$work/srv.log" &
srv=$!
served_by "the installed netserver" chroot "$root" netperf
kill "$srv"
wait "$srv" 2>/dev/null || true
srv=

in_root apt-get purge -y -q --autoremove netperf-ng >"$work/apt.log" 2>&1 ||
	{ tail -20 "$work/apt.log" >&2; fail "apt-get purge"; }
files >"$work/after"
if ! diff "$work/before" "$work/after" >"$work/diff"; then
	cat "$work/diff" >&2
	fail "purge left files behind (or took some)"
fi
echo "purge: no file left behind ($(wc -l <"$work/before") files compared)"

in_root apt-get install -y -q man-db "/tmp/$name" >"$work/apt.log" 2>&1 ||
	{ tail -20 "$work/apt.log" >&2; fail "apt-get install man-db ./$name"; }
for page in netperf netserver; do
	in_root man -w "$page" >"$work/man" 2>&1 || fail "man -w $page: $(cat "$work/man")"
	echo "man -w $page: $(cat "$work/man")"
done
echo "PASS: the package"
