#!/bin/sh
# build.sh DIR [DEB]: netperf-ng's OCI image, offline: no registry, no base
# image.  The files DEB installs (netperf, netserver, the man pages and the
# docs; by default DIR's netperf-ng_VERSION_ARCH.deb, built here from the
# tree when it is missing) and the libraries the two programs load, from
# this machine, in one layer; /etc/passwd and /etc/group name the
# unprivileged user 65534 it runs as.  No shell: the entrypoint is
# netserver -D, port 12865; netperf runs with --entrypoint /usr/bin/netperf.
# Writes DIR/netperf-ng-VERSION.oci.tar (oci-archive: podman load, skopeo).
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 DIR [DEB]" >&2; exit 2; }
dir=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^AC_INIT(\[netperf-ng\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
arch=$(dpkg --print-architecture)
deb=${2:-$dir/netperf-ng_${version}_$arch.deb}
for tool in buildah dpkg-deb ldd; do
	command -v "$tool" >/dev/null || { echo "build.sh: $tool is needed (apt-get install buildah dpkg-dev libc-bin)" >&2; exit 1; }
done
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [ ! -f "$deb" ]; then
	# A copy of the tree as it is (a git checkout's untracked files too),
	# so that the package build's clean step leaves the tree alone; the
	# package build writes next to the copy, inside the temporary directory.
	src=$(mktemp -d)
	trap 'rm -rf "$src"' EXIT
	mkdir "$src/tree"
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$top" && git ls-files -co --exclude-standard | tar -cf - -T -) | tar -xf - -C "$src/tree"
	else
		cp -a "$top/." "$src/tree"
	fi
	(cd "$src/tree" && dpkg-buildpackage -us -uc -b >"$dir/dpkg-buildpackage.log" 2>&1) ||
		{ tail -20 "$dir/dpkg-buildpackage.log" >&2; echo "build.sh: dpkg-buildpackage failed" >&2; exit 1; }
	cp "$src/netperf-ng_${version}_$arch.deb" "$deb"
	rm -rf "$src"
	trap - EXIT
fi

ctr=$(buildah from scratch)
trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
root=$(buildah mount "$ctr")
dpkg-deb -x "$deb" "$root"
# The unit is the host's business, not the image's.
rm -rf "$root/lib/systemd"
rmdir "$root/lib" 2>/dev/null || true
# Each library the programs load, where the dynamic loader looks for it.
for lib in $(ldd "$root/usr/bin/netperf" "$root/usr/bin/netserver" |
	     sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p' | sort -u); do
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done
mkdir -p "$root/etc" "$root/tmp"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
buildah umount "$ctr" >/dev/null
buildah config --user 65534:65534 --port 12865/tcp \
	--entrypoint '["/usr/bin/netserver", "-D"]' --cmd '' \
	--label org.opencontainers.image.title=netperf-ng \
	--label org.opencontainers.image.version="$version" "$ctr"
rm -f "$dir/netperf-ng-$version.oci.tar"
buildah commit -q --format oci "$ctr" "oci-archive:$dir/netperf-ng-$version.oci.tar:netperf-ng:$version" >/dev/null
echo "$dir/netperf-ng-$version.oci.tar"
