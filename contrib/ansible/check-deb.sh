#!/bin/sh
# check-deb.sh DEB [ROOT]: the role's netperf_ng_install=deb, for real.  A
# fresh Debian 12 (minbase with what Ansible and an ssh host need:
# python3, python3-apt, openssh-server), debootstrapped into a temporary
# directory or copied from ROOT, is the host: its own sshd runs chrooted
# in a network namespace at 198.18.8.2, the controller in a second one at
# 198.18.8.1.  Over ssh, netserver.yml copies DEB there and installs it
# (netperf_ng_deb; its dependencies fetched into apt's cache beforehand,
# as the host's namespace has no way out), and starts netserver from the
# package's /usr/bin, kept by its PID file (no systemd in a chroot).
# Checked: the package installed, netserver running inside the chroot and
# the host's namespace, the package's netperf from the controller's
# namespace measuring a TCP_STREAM to it, netserver.yml a second time
# changing nothing, stop.yml stopping it.  Needs root, ansible-playbook,
# ssh-keygen, debootstrap (without ROOT) and Debian's archive.  Exit 0 when
# every check held.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 DEB [ROOT]" >&2; exit 2; }
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "check-deb.sh: FAIL: $*" >&2; exit 1; }
[ -f "$deb" ] || fail "no such package: $deb"
[ "$(id -u)" -eq 0 ] || fail "needs root (a chroot, network namespaces)"
for t in ansible-playbook ssh-keygen ip; do
	command -v "$t" >/dev/null || fail "$t is needed (ansible-core, openssh-client, iproute2)"
done
work=$(mktemp -d)
root=$work/root
ctl=npng-deb$$-ctl
host=npng-deb$$-host
cleanup() {
	for n in "$ctl" "$host"; do
		for p in $(ip netns pids "$n" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
	done
	sleep 0.2
	umount "$root/proc" 2>/dev/null || true
	ip netns del "$ctl" 2>/dev/null || true
	ip netns del "$host" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }

if [ $# -eq 2 ]; then
	cp -a "$2" "$root"
else
	debootstrap --variant=minbase --include=python3,python3-apt,openssh-server bookworm "$root" \
		http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
		{ tail -5 "$work/debootstrap.log" >&2; fail "debootstrap"; }
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
in_root apt-get update -q >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get update in the chroot"; }
in_root apt-get install -y -q python3 python3-apt openssh-server >"$work/apt.log" 2>&1 ||
	{ tail -20 "$work/apt.log" >&2; fail "python3, python3-apt, openssh-server in the chroot"; }
# The package's dependencies into apt's cache, while the chroot can still
# reach the archive; the package itself arrives by Ansible.
cp "$deb" "$root/tmp/"
in_root apt-get install -y -q --download-only "/tmp/$(basename "$deb")" >"$work/apt.log" 2>&1 ||
	{ tail -20 "$work/apt.log" >&2; fail "apt-get install --download-only (the dependencies)"; }
rm -f "$root/tmp/$(basename "$deb")"
in_root dpkg-query -W netperf-ng >/dev/null 2>&1 && fail "netperf-ng is installed before the role ran"

ip netns add "$ctl"
ip netns add "$host"
ip link add "dc$$" netns "$ctl" type veth peer name "dh$$" netns "$host"
for n in "$ctl" "$host"; do ip -n "$n" link set lo up; done
ip -n "$ctl" addr add 198.18.8.1/24 dev "dc$$"
ip -n "$host" addr add 198.18.8.2/24 dev "dh$$"
ip -n "$ctl" link set "dc$$" up
ip -n "$host" link set "dh$$" up
ip -n "$ctl" route get 198.18.8.2 | grep -q "dev dc$$" || fail "198.18.8.2 does not route into the test's veth"

mkdir -p "$root/run/sshd" "$root/root/.ssh"
ssh-keygen -q -t ed25519 -N '' -f "$work/id" || fail "ssh-keygen"
cp "$work/id.pub" "$root/root/.ssh/authorized_keys"
chmod 700 "$root/root/.ssh"
chmod 600 "$root/root/.ssh/authorized_keys"
in_root ssh-keygen -A >/dev/null
cat >"$root/etc/ssh/sshd_check.conf" <<EOF
ListenAddress 198.18.8.2
HostKey /etc/ssh/ssh_host_ed25519_key
PidFile /run/sshd-check.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
Subsystem sftp /usr/lib/openssh/sftp-server
LogLevel ERROR
EOF
ip netns exec "$host" chroot "$root" /usr/sbin/sshd -D -e -f /etc/ssh/sshd_check.conf 2>"$work/sshd.log" &
i=0
until ip netns exec "$ctl" ssh -o BatchMode=yes -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no \
	-o LogLevel=ERROR -o ConnectTimeout=5 -i "$work/id" root@198.18.8.2 true 2>/dev/null; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || { cat "$work/sshd.log" >&2; fail "no ssh into the chroot's sshd"; }
	sleep 0.2
done

cat >"$work/hosts.ini" <<EOF
[netperf_hosts]
deb ansible_host=198.18.8.2
[netperf_hosts:vars]
ansible_connection=ssh
ansible_user=root
ansible_ssh_private_key_file=$work/id
ansible_ssh_common_args='-o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no'
ansible_python_interpreter=/usr/bin/python3
EOF
mkdir -p "$work/home" "$work/local"
cat >"$work/ansible.cfg" <<EOF
[defaults]
host_key_checking = False
retry_files_enabled = False
local_tmp = $work/local
[ssh_connection]
pipelining = True
control_path_dir = $work/cp
EOF
play() {
	_pl=$1
	shift
	rc=0
	(cd "$work" && PYTHONDONTWRITEBYTECODE=1 ANSIBLE_CONFIG=$work/ansible.cfg ANSIBLE_HOME=$work/home \
		ANSIBLE_NOCOLOR=1 timeout 600 ip netns exec "$ctl" ansible-playbook -i hosts.ini "$@") \
		>"$work/$_pl.log" 2>&1 || rc=$?
}

play install "$here/netserver.yml" -e netperf_ng_install=deb -e netperf_ng_deb="$deb"
[ "$rc" -eq 0 ] || { tail -n 40 "$work/install.log" >&2; fail "netserver.yml, netperf_ng_install=deb: exit $rc"; }
echo "installed by the role: $(in_root dpkg-query -W -f '${Package} ${Version}' netperf-ng)"
pid=$(cat "$root/run/netperf-ng/netserver.pid" 2>/dev/null) || fail "no PID file in the chroot's /run/netperf-ng"
ip netns pids "$host" | grep -qx "$pid" || fail "netserver $pid is not in the host's namespace"
[ "$(readlink "/proc/$pid/root")" = "$root" ] || fail "netserver $pid does not run in the chroot"
[ "$(readlink "/proc/$pid/exe")" = "$root/usr/bin/netserver" ] ||
	fail "netserver $pid runs $(readlink "/proc/$pid/exe"), not the package's"
out=$(ip netns exec "$ctl" chroot "$root" /usr/bin/netperf -H 198.18.8.2 -l 1 -P 0 -v 0 2>&1) ||
	fail "the package's netperf to it: $out"
awk -v v="$out" 'BEGIN { exit !(v + 0 > 0) }' || fail "TCP_STREAM gave '$out', not a rate"
echo "TCP_STREAM to the role's netserver: $out 10^6bits/s"

play again "$here/netserver.yml" -e netperf_ng_install=deb -e netperf_ng_deb="$deb"
[ "$rc" -eq 0 ] || { tail -n 40 "$work/again.log" >&2; fail "netserver.yml a second time: exit $rc"; }
grep -q 'changed=0' "$work/again.log" || { tail -n 40 "$work/again.log" >&2; fail "netserver.yml a second time changed something"; }
[ "$(cat "$root/run/netperf-ng/netserver.pid")" = "$pid" ] || fail "netserver.yml a second time started another netserver"

play stop "$here/stop.yml" -e netperf_ng_install=deb -e netperf_ng_deb="$deb"
[ "$rc" -eq 0 ] || { tail -n 40 "$work/stop.log" >&2; fail "stop.yml: exit $rc"; }
[ ! -e "/proc/$pid" ] || [ "$(cat "/proc/$pid/comm" 2>/dev/null)" != netserver ] || fail "netserver $pid still runs"
[ ! -e "$root/run/netperf-ng/netserver.pid" ] || fail "stop.yml left the PID file"
echo "PASS: the role with netperf_ng_install=deb"
