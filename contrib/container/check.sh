#!/bin/sh
# check.sh OCI_TAR [NETPERF]: the image build.sh wrote, checked as an image:
# its archive unpacked the way a runtime does (index, manifest, config,
# layers in order), then the root file system and the configuration
# checked -- the two programs start, the user is not root, no shell, no
# setuid or setgid file, the entrypoint is netserver -D on 12865 -- and a
# netserver run from that root file system (chroot, as user 65534, with
# /proc as a container has it) serves a TCP_STREAM and a UDP_RR to NETPERF
# outside it (default: netperf on PATH).  Where podman can run the image
# it does so too; where it cannot, that part says why and is skipped.
# Needs root (chroot, mount).  Exit 0 when every check held.
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 OCI_TAR [NETPERF]" >&2; exit 2; }
tarball=$1
netperf=${2:-netperf}
fail() { echo "check.sh: FAIL: $*" >&2; exit 1; }
. "$(dirname "$0")/../serving.sh"
work=$(mktemp -d)
srv=
image=
cleanup() {
	[ -z "$srv" ] || kill "$srv" 2>/dev/null || true
	if [ -n "$image" ]; then
		podman rm -f "netperf-ng-check-$$" >/dev/null 2>&1 || true
		podman rmi -f "$image" >/dev/null 2>&1 || true
	fi
	umount "$work/root/proc" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
root=$work/root

# Unpack: the OCI layout's own pointers, nothing assumed about names.
python3 - "$tarball" "$work" <<'PY'
import json, os, sys, tarfile
src, work = sys.argv[1], sys.argv[2]
oci = os.path.join(work, "oci")
with tarfile.open(src) as t:
    t.extractall(oci)
def blob(digest):
    algo, hexd = digest.split(":")
    return os.path.join(oci, "blobs", algo, hexd)
index = json.load(open(os.path.join(oci, "index.json")))
manifest = json.load(open(blob(index["manifests"][0]["digest"])))
config = json.load(open(blob(manifest["config"]["digest"])))
root = os.path.join(work, "root")
os.makedirs(root)
size = 0
for layer in manifest["layers"]:
    size += layer["size"]
    with tarfile.open(blob(layer["digest"])) as t:
        t.extractall(root)
json.dump(config.get("config", {}), open(os.path.join(work, "config.json"), "w"))
print("image: %d layer(s), %d bytes in its layers" % (len(manifest["layers"]), size))
PY
python3 - "$work/config.json" <<'PY' || fail "the image's configuration: $(cat "$work/config.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c.get("User") == "65534:65534", c.get("User")
assert c.get("Entrypoint") == ["/usr/bin/netserver", "-D"], c.get("Entrypoint")
assert "12865/tcp" in c.get("ExposedPorts", {}), c.get("ExposedPorts")
PY
echo "root file system: $(du -sk "$root" | cut -f1) KiB"
for f in /usr/bin/netperf /usr/bin/netserver; do
	[ -x "$root$f" ] || fail "no $f in the image"
done
for sh in /bin/sh /usr/bin/sh /bin/bash /usr/bin/bash /bin/dash; do
	[ ! -e "$root$sh" ] || fail "the image holds a shell: $sh"
done
found=$(find "$root" -xdev \( -perm -4000 -o -perm -2000 \) -print)
[ -z "$found" ] || fail "setuid or setgid files: $found"
grep -q '^nobody:x:65534:65534:' "$root/etc/passwd" || fail "no user 65534 in /etc/passwd"
chroot --userspec=65534:65534 "$root" /usr/bin/netperf -V >"$work/v" 2>&1 || fail "netperf -V: $(cat "$work/v")"
chroot --userspec=65534:65534 "$root" /usr/bin/netserver -V >"$work/v" 2>&1 || fail "netserver -V: $(cat "$work/v")"
echo "programs start: $(head -1 "$work/v")"

# A netserver from the image, as the image runs it.
mkdir -p "$root/proc"
mount -t proc proc "$root/proc"
chroot --userspec=65534:65534 "$root" /usr/bin/netserver -D -p 0 -L 127.0.0.1 >"$work/srv.out" 2>"$work/srv.log" &
srv=$!
served_by "the image's netserver" "$netperf"
kill "$srv"
wait "$srv" 2>/dev/null || true
srv=

# podman, where it can run containers here.
if ! command -v podman >/dev/null 2>&1; then
	echo "SKIP: podman run: podman is not installed"
elif ! podman load -q -i "$tarball" >"$work/load" 2>&1; then
	echo "SKIP: podman run: podman load failed: $(tail -1 "$work/load")"
elif ! image=$(sed -n 's/^Loaded image[^:]*: *//p' "$work/load") || [ -z "$image" ]; then
	echo "SKIP: podman run: podman load named no image: $(cat "$work/load")"
elif ! podman run --rm --network host --entrypoint /usr/bin/netperf "$image" -V >"$work/run" 2>&1; then
	echo "SKIP: podman run: this machine cannot run containers: $(tail -1 "$work/run")"
else
	echo "podman run: netperf -V in the image: $(head -1 "$work/run")"
	# In the foreground, in the background: its start-up line comes here.
	podman run --rm --name "netperf-ng-check-$$" --network host "$image" -p 0 -L 127.0.0.1 \
		>"$work/srv.out" 2>"$work/srv.log" &
	srv=$!
	served_by "podman's netserver" "$netperf"
	podman rm -f "netperf-ng-check-$$" >/dev/null 2>&1 || true
	wait "$srv" 2>/dev/null || true
	srv=
fi
echo "PASS: the image"
