# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the VM harness scripts: messages, the build cache
# location and the Debian kernel source it unpacks.

HB_VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HB_TOP=$(cd "$HB_VM_DIR/../.." && pwd)
HB_CACHE=${HMMBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hmmbench}
HB_DEBIAN_SRC=/usr/src/linux-source-6.1.tar.xz

die() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

note() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

hb_jobs() {
	nproc 2>/dev/null || echo 2
}

# Unpack Debian's linux-source-6.1 once into the cache; prints its path.
# The tree is unpacked beside its final name and renamed into place, so an
# interrupted unpack never looks complete.
hb_debian_tree() {
	local ver dst tmp

	[ -r "$HB_DEBIAN_SRC" ] ||
		die "$HB_DEBIAN_SRC not found: install it with 'make deps' (package linux-source-6.1)"
	ver=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null) || ver=unknown
	dst=$HB_CACHE/src/linux-source-6.1_$ver
	if [ ! -d "$dst" ]; then
		note "unpacking $HB_DEBIAN_SRC"
		mkdir -p "$HB_CACHE/src"
		tmp=$(mktemp -d "$HB_CACHE/src/.unpack.XXXXXX")
		tar -xJf "$HB_DEBIAN_SRC" -C "$tmp" ||
			{ rm -rf "$tmp"; die "cannot unpack $HB_DEBIAN_SRC"; }
		mv "$tmp/linux-source-6.1" "$dst"
		rmdir "$tmp"
	fi
	printf '%s\n' "$dst"
}

# Succeeds when hmmbench.ko can be built for and loaded into the running
# kernel; otherwise prints why not.
hb_host_can_run() {
	local rel build config

	rel=$(uname -r)
	build=/lib/modules/$rel/build
	config=$build/.config
	[ -r "$config" ] || config=/boot/config-$rel
	if [ ! -d "$build" ]; then
		echo "no headers for the running kernel $rel ($build)"
	elif [ ! -r "$config" ] || ! grep -qx 'CONFIG_DEVICE_PRIVATE=y' "$config"; then
		echo "the running kernel $rel is built without CONFIG_DEVICE_PRIVATE"
	elif ! grep -qx 'CONFIG_MODULES=y' "$config"; then
		echo "the running kernel $rel cannot load modules"
	elif [ "$(id -u)" != 0 ]; then
		echo "loading a module needs root"
	else
		return 0
	fi
	return 1
}
