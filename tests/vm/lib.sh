# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the VM harness scripts: messages, the build cache
# location and the Debian kernel source it unpacks.

HB_VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HB_TOP=$(cd "$HB_VM_DIR/../.." && pwd)
HB_CACHE=${HMMBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hmmbench}
# The Debian kernel sources the harness builds; the first is the default.
HB_KERNELS="6.1 6.12"
HB_DEFAULT_KERNEL=6.1

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

# hb_debian_tree [VERSION]: unpack Debian's linux-source-VERSION (default
# HB_DEFAULT_KERNEL) once into the cache; prints its path.  The tree is
# unpacked beside its final name and renamed into place, so an interrupted
# unpack never looks complete.
hb_debian_tree() {
	local v=${1:-$HB_DEFAULT_KERNEL} ver dst tmp tarball

	tarball=/usr/src/linux-source-$v.tar.xz
	[ -r "$tarball" ] ||
		die "$tarball not found: install it with 'make deps' (package linux-source-$v)"
	ver=$(dpkg-query -W -f '${Version}' "linux-source-$v" 2>/dev/null) || ver=unknown
	dst=$HB_CACHE/src/linux-source-${v}_$ver
	if [ ! -d "$dst" ]; then
		note "unpacking $tarball"
		mkdir -p "$HB_CACHE/src"
		tmp=$(mktemp -d "$HB_CACHE/src/.unpack.XXXXXX")
		tar -xJf "$tarball" -C "$tmp" ||
			{ rm -rf "$tmp"; die "cannot unpack $tarball"; }
		mv "$tmp/linux-source-$v" "$dst"
		rmdir "$tmp"
	fi
	printf '%s\n' "$dst"
}

# hb_kernel_args KERNEL: the build-kernel and run options that select
# KERNEL, one per line: a Debian version from HB_KERNELS, "default", or
# the path of a source tree.
hb_kernel_args() {
	local k

	case $1 in
	default|'') echo --kernel; echo "$HB_DEFAULT_KERNEL"; return ;;
	esac
	for k in $HB_KERNELS; do
		[ "$1" = "$k" ] && { echo --kernel; echo "$k"; return; }
	done
	[ -d "$1" ] || die "kernel '$1' is neither one of: $HB_KERNELS, nor a source directory"
	echo --kernel-tree
	(cd "$1" && pwd)
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
