# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the VM harness scripts: messages, the build cache
# location and the Debian kernel source it unpacks.

HB_VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# depmod -b and modinfo of a file need no root, but live in /usr/sbin,
# which an ordinary user's PATH lacks on Debian.
case :$PATH: in
*:/usr/sbin:*) ;;
*) PATH=$PATH:/usr/sbin:/sbin ;;
esac
HB_TOP=$(cd "$HB_VM_DIR/.." && pwd)
HB_CACHE=${HMMBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hmmbench}
# The Debian kernel sources the harness builds; the first is the default.
HB_KERNELS="6.1 6.12 7.2"
# Those Debian 12 does not package come from Debian unstable (hb_sid_debs).
HB_SID_KERNELS="7.2"
# Debian's other flavours of those, as debian-VERSION-FLAVOUR
HB_SID_FLAVOURS="rt cloud"
HB_DEFAULT_KERNEL=6.1
# "template" is the default one with the series of patches/template-init/:
# three memmap init loops in one binary, chosen at run time;
# "template-VERSION" another Debian kernel with its series.
HB_TEMPLATE_KERNEL=6.1

die() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

note() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

# hb_value OPTION VALUE...: VALUE, the argument of OPTION (called with
# the rest of the command line), or a sentence that it needs one, and
# where to look (HB_VALUE_HINT, default the script's --help).
hb_value() {
	[ $# -ge 2 ] && [ -n "$2" ] ||
		die "$1 needs a value: ${HB_VALUE_HINT:-see ${0##*/} --help}"
	printf '%s' "$2"
}

# hb_locked FILE COMMAND [ARG...]: COMMAND in a subshell holding FILE's
# lock, so that two scripts (make check builds kernels in the background
# while its suites run) never fetch or unpack the same files at once;
# its status.
hb_locked() {
	local lock=$1
	shift
	mkdir -p "$(dirname "$lock")"
	( flock 9 && "$@" ) 9>"$lock"
}

# hb_dkms_version: the module's version as dkms.conf states it (the
# Makefile's DKMS_VERSION reads it so too).
hb_dkms_version() {
	sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$HB_TOP/dkms.conf"
}

# hb_host_arch: this machine's architecture, by the kernel's name for it
# (x86_64, arm64).
hb_host_arch() {
	case $(uname -m) in
	aarch64|arm64) echo arm64 ;;
	*) uname -m ;;
	esac
}

# hb_tsc_khz: this machine's TSC rate in kHz (vm/tsc-khz.c, built into
# the cache); nothing on a machine that is not x86_64.
hb_tsc_khz() {
	local bin=$HB_CACHE/tsc-khz

	[ "$(hb_host_arch)" = x86_64 ] || return 0
	if [ ! "$bin" -nt "$HB_VM_DIR/tsc-khz.c" ]; then
		mkdir -p "$HB_CACHE"
		gcc -O2 -Wall -Wextra -Werror -o "$bin.$$" "$HB_VM_DIR/tsc-khz.c" &&
			mv "$bin.$$" "$bin" || die "cannot build $bin"
	fi
	"$bin"
}

# hb_arch ARCH: the guest architecture (x86_64 or arm64; empty: the
# host's).  Sets HB_ARCH, HB_CROSS (CROSS_COMPILE for the kernel and the
# guest's programs, empty for the host's own architecture), HB_KIMAGE (the
# kernel image's make target and path in the objtree), HB_QEMU and
# HB_DEBARCH (Debian's name, for the guest's busybox).
hb_arch() {
	HB_ARCH=${1:-$(hb_host_arch)}
	case $HB_ARCH in
	x86_64) HB_TRIPLET=x86_64-linux-gnu HB_DEBARCH=amd64
		HB_KIMAGE=bzImage HB_KIMAGE_PATH=arch/x86/boot/bzImage
		HB_QEMU=qemu-system-x86_64 ;;
	arm64) HB_TRIPLET=aarch64-linux-gnu HB_DEBARCH=arm64
		HB_KIMAGE=Image HB_KIMAGE_PATH=arch/arm64/boot/Image
		HB_QEMU=qemu-system-aarch64 ;;
	*) die "--arch takes x86_64 or arm64, not '$HB_ARCH'" ;;
	esac
	# A stand-in QEMU, for the tests of the harness.
	HB_QEMU=${HMMBENCH_QEMU:-$HB_QEMU}
	HB_CROSS=
	if [ "$HB_ARCH" != "$(hb_host_arch)" ]; then
		HB_CROSS=$HB_TRIPLET-
		command -v "${HB_CROSS}gcc" >/dev/null ||
			die "${HB_CROSS}gcc not found: run 'make deps ARCH=$HB_ARCH'"
	fi
}

# hb_kmake ARG...: make for the guest architecture, as hb_arch set it; the
# host's own builds get no ARCH, as they always had.  With HB_KCC set,
# that compiler command (ccache's, for a user's tree).
hb_kmake() {
	local cc=()

	[ -z "${HB_KCC-}" ] || cc=(CC="$HB_KCC")
	if [ -n "$HB_CROSS" ]; then
		make ARCH="$HB_ARCH" CROSS_COMPILE="$HB_CROSS" "${cc[@]}" "$@"
	else
		make "${cc[@]}" "$@"
	fi
}

# hb_busybox: the static busybox the guest runs, for HB_ARCH: the host's
# own, or Debian's busybox-static for that architecture, unpacked once
# into the cache (apt-get download needs the architecture added, which
# 'make deps ARCH=arm64' does).
hb_busybox() {
	local dir=$HB_CACHE/busybox-$HB_DEBARCH tmp

	if [ -z "$HB_CROSS" ]; then
		echo /bin/busybox
		return
	fi
	if [ ! -x "$dir/bin/busybox" ]; then
		note "fetching busybox-static:$HB_DEBARCH"
		mkdir -p "$HB_CACHE"
		tmp=$(mktemp -d "$HB_CACHE/.busybox.XXXXXX")
		(cd "$tmp" && apt-get download -q "busybox-static:$HB_DEBARCH" >/dev/null 2>&1 &&
			dpkg-deb -x busybox-static_*.deb root) ||
			{ rm -rf "$tmp"; die "cannot fetch busybox-static:$HB_DEBARCH: run 'make deps ARCH=$HB_ARCH'"; }
		rm -rf "$dir"
		mv "$tmp/root" "$dir"
		rm -rf "$tmp"
	fi
	echo "$dir/bin/busybox"
}

hb_jobs() {
	nproc 2>/dev/null || echo 2
}

# hb_distro: this machine's distribution, as /etc/os-release names it.
hb_distro() {
	local name=

	[ ! -r /etc/os-release ] ||
		name=$(. /etc/os-release && echo "${PRETTY_NAME:-${NAME:-}}")
	echo "${name:-this distribution}"
}

# hb_apt_lists: succeeds when apt has package lists to look in (an
# apt-get update has run).
hb_apt_lists() {
	local lists=/var/lib/apt/lists/

	eval "$(apt-config shell lists Dir::State::lists/d 2>/dev/null)"
	compgen -G "${lists}*_Packages*" >/dev/null
}

# hb_pkg_installed PKG
hb_pkg_installed() {
	[[ $(dpkg-query -W -f '${Status}' "$1" 2>/dev/null) = *" ok installed" ]]
}

# hb_pkg_available PKG: succeeds when PKG is installed or apt has a
# candidate for it, or when apt has no lists to tell; otherwise prints
# that this distribution has no such package (apt-cache policy shows
# nothing, or no candidate, for it).
hb_pkg_available() {
	local policy

	hb_pkg_installed "$1" && return 0
	hb_apt_lists || return 0
	# read whole: grep -q would leave apt-cache writing to a closed pipe
	policy=$(apt-cache policy "$1" 2>/dev/null)
	grep -q '^  Candidate: [^(]' <<<"$policy" && return 0
	echo "$(hb_distro) has no package $1"
	return 1
}

# hb_kernel_why KERNEL: succeeds when the kernel KERNEL (a name that
# hb_kernel_args takes, or a Debian version) can be had here; otherwise
# prints why not.  Debian 12's sources are packages of the distribution,
# and so is Debian 12's own kernel (with gen_init_cpio from 6.1's
# source); those of HB_SID_KERNELS, and Debian unstable's own kernels,
# come from Debian unstable's archive (hb_sid_debs); a source tree is
# the user's.
hb_kernel_why() {
	local v=$1

	case $v in
	default|'') v=$HB_DEFAULT_KERNEL ;;
	template) v=$HB_TEMPLATE_KERNEL ;;
	template-*) v=${v#template-} ;;
	debian) v=6.1 ;;
	debian-*) return 0 ;;
	esac
	[[ " $HB_KERNELS " = *" $v "* ]] || return 0
	[[ " $HB_SID_KERNELS " != *" $v "* ]] || return 0
	[ ! -r "/usr/src/linux-source-$v.tar.xz" ] || return 0
	hb_pkg_available "linux-source-$v"
}

# hb_sid_apt COMMAND ARG...: apt-get or apt-cache COMMAND on Debian
# unstable's package lists, kept in the cache beside a sources list of
# their own: the machine's apt sources are not touched.  The guest's
# architecture (hb_arch) is listed beside the machine's, in these lists
# only.
hb_sid_apt() {
	local dir=$HB_CACHE/sid cmd=$1 archs=()
	shift

	[ -z "${HB_DEBARCH-}" ] ||
		archs=(-o "APT::Architectures::=$(dpkg --print-architecture)"
			-o "APT::Architectures::=$HB_DEBARCH")
	mkdir -p "$dir/lists/partial" "$dir/debs"
	[ -f "$dir/sources.list" ] ||
		echo "deb ${HMMBENCH_SID_MIRROR:-http://deb.debian.org/debian} sid main" \
			>"$dir/sources.list"
	"$cmd" -q "${archs[@]}" -o Dir::Etc::sourcelist="$dir/sources.list" \
		-o Dir::Etc::sourceparts=/dev/null -o Dir::State::Lists="$dir/lists" \
		-o APT::Get::List-Cleanup=0 "$@"
}

# hb_sid_missing PACKAGE[:ARCH]...: those of the PACKAGEs whose .deb the
# cache does not hold, a line each.
hb_sid_missing() {
	local dir=$HB_CACHE/sid/debs p

	for p in "$@"; do
		compgen -G "$dir/${p%%:*}_*_${p#*:}.deb" >/dev/null ||
			compgen -G "$dir/${p}_*.deb" >/dev/null || printf '%s\n' "$p"
	done
}

# hb_sid_fetch PACKAGE[:ARCH]...: those the cache lacks downloaded into
# it (another script may have fetched them while this one waited).
hb_sid_fetch() {
	local missing=()

	mapfile -t missing < <(hb_sid_missing "$@")
	[ ${#missing[@]} -gt 0 ] || return 0
	note "fetching ${missing[*]} from Debian unstable"
	hb_sid_apt apt-get update >/dev/null 2>&1 ||
		die "cannot read Debian unstable's package lists (${HMMBENCH_SID_MIRROR:-http://deb.debian.org/debian})"
	(cd "$HB_CACHE/sid/debs" && hb_sid_apt apt-get download "${missing[@]}" \
		>/dev/null 2>&1) ||
		die "cannot download ${missing[*]} from Debian unstable"
}

# hb_sid_debs PACKAGE[:ARCH]...: Debian unstable's PACKAGEs, downloaded
# once into the cache; prints the path of each .deb, in order.  A package
# the cache holds is not looked up again, so a cached kernel stays the
# one it was.
hb_sid_debs() {
	local dir=$HB_CACHE/sid/debs p f

	[ -z "$(hb_sid_missing "$@")" ] ||
		hb_locked "$HB_CACHE/sid/fetch.lock" hb_sid_fetch "$@" || exit 1
	for p in "$@"; do
		if [[ $p = *:* ]]; then
			f=$(compgen -G "$dir/${p%%:*}_*_${p#*:}.deb" | sort -V | tail -n 1)
		else
			f=$(compgen -G "$dir/${p}_*.deb" | sort -V | tail -n 1)
		fi
		[ -n "$f" ] || die "$p is not in the cache after its download"
		printf '%s\n' "$f"
	done
}

# hb_debian_tree [VERSION]: unpack Debian's linux-source-VERSION (default
# HB_DEFAULT_KERNEL) once into the cache; prints its path.  Debian 12's
# are installed packages, those of HB_SID_KERNELS come from unstable.  The
# tree is unpacked beside its final name and renamed into place, so an
# interrupted unpack never looks complete.
hb_debian_tree() {
	local v=${1:-$HB_DEFAULT_KERNEL} ver dst tarball deb='' why

	tarball=/usr/src/linux-source-$v.tar.xz
	if [[ " $HB_SID_KERNELS " = *" $v "* ]]; then
		deb=$(hb_sid_debs "linux-source-$v") || exit 1
		ver=$(dpkg-deb -f "$deb" Version)
	else
		[ -r "$tarball" ] || {
			why=$(hb_kernel_why "$v") ||
				die "$why: the $v test kernel cannot be built here"
			die "$tarball not found: install it with 'make deps' (package linux-source-$v)"
		}
		ver=$(dpkg-query -W -f '${Version}' "linux-source-$v" 2>/dev/null) || ver=unknown
	fi
	dst=$HB_CACHE/src/linux-source-${v}_$ver
	[ -d "$dst" ] ||
		hb_locked "$dst.lock" hb_unpack_source "$v" "$dst" "$deb" ||
		exit 1
	printf '%s\n' "$dst"
}

# hb_unpack_source VERSION DST DEB: linux-source-VERSION unpacked as DST,
# from DEB or, without one, from the installed package's tarball; unless
# another script did while this one waited.
hb_unpack_source() {
	local v=$1 dst=$2 deb=$3 tmp

	[ ! -d "$dst" ] || return 0
	note "unpacking linux-source-$v ${dst##*_}"
	tmp=$(mktemp -d "$HB_CACHE/src/.unpack.XXXXXX")
	if [ -n "$deb" ]; then
		dpkg-deb --fsys-tarfile "$deb" |
			tar -xO "./usr/src/linux-source-$v.tar.xz" | tar -xJ -C "$tmp"
	else
		tar -xJf "/usr/src/linux-source-$v.tar.xz" -C "$tmp"
	fi || { rm -rf "$tmp"; die "cannot unpack linux-source-$v"; }
	mv "$tmp/linux-source-$v" "$dst"
	rmdir "$tmp"
}

# hb_debian_tree_cached [VERSION]: the path hb_debian_tree prints, when
# the cache holds that tree unpacked already; fails, fetching and
# unpacking nothing, when it does not.
hb_debian_tree_cached() {
	local v=${1:-$HB_DEFAULT_KERNEL} ver deb

	if [[ " $HB_SID_KERNELS " = *" $v "* ]]; then
		deb=$(compgen -G "$HB_CACHE/sid/debs/linux-source-${v}_*.deb" |
			sort -V | tail -n 1)
		[ -n "$deb" ] && ver=$(dpkg-deb -f "$deb" Version) || return 1
	else
		ver=$(dpkg-query -W -f '${Version}' "linux-source-$v" 2>/dev/null) || ver=unknown
	fi
	[ -d "$HB_CACHE/src/linux-source-${v}_$ver" ] || return 1
	printf '%s\n' "$HB_CACHE/src/linux-source-${v}_$ver"
}

# hb_series_name VERSION SERIES: SERIES-HASH, the suffix of the patched
# tree's name, the hash of its patches; fails when there are none.
hb_series_name() {
	local dir=$HB_VM_DIR/patches/$2/$1

	compgen -G "$dir/*.patch" >/dev/null || return 1
	printf '%s-%s\n' "$2" "$(cat "$dir"/*.patch | sha256sum | cut -c1-12)"
}

# hb_patched_tree VERSION SERIES: Debian's VERSION tree with the patches of
# patches/SERIES/VERSION/ applied, in the cache beside the tree (a copy of
# hard links; patched files get their own); prints its path.  The path
# names a hash of the series, so a changed series is a new tree.
hb_patched_tree() {
	local v=$1 series=$2 src dir dst tmp p f

	src=$(hb_debian_tree "$v")
	dir=$HB_VM_DIR/patches/$series/$v
	dst=$src+$(hb_series_name "$v" "$series") || die "no $series patches for $v in $dir"
	if [ ! -d "$dst" ]; then
		note "applying $series to $(basename "$src")"
		tmp=$(mktemp -d "$HB_CACHE/src/.patch.XXXXXX")
		rmdir "$tmp"
		cp -al "$src" "$tmp"
		for p in "$dir"/*.patch; do
			# patch(1) may write in place: unshare what it touches
			for f in $(hb_patch_files "$p"); do
				[ -f "$tmp/$f" ] && cp "$tmp/$f" "$tmp/$f.unshared" &&
					mv "$tmp/$f.unshared" "$tmp/$f"
			done
			patch -d "$tmp" -p1 -s --no-backup-if-mismatch <"$p" ||
				{ rm -rf "$tmp"; die "${p##*/} does not apply to $v"; }
		done
		mv "$tmp" "$dst"
	fi
	printf '%s\n' "$dst"
}

# hb_patched_tree_cached VERSION SERIES: the path hb_patched_tree prints,
# when the cache holds that tree already; fails, making nothing, when it
# does not.
hb_patched_tree_cached() {
	local src name

	src=$(hb_debian_tree_cached "$1") && name=$(hb_series_name "$1" "$2") &&
		[ -d "$src+$name" ] || return 1
	printf '%s\n' "$src+$name"
}

# hb_patch_files PATCH...: the files the patches change, once each.
hb_patch_files() {
	sed -n 's|^+++ b/||p' "$@" | sort -u
}

# hb_series_files VERSION SERIES: the files the series changes.
hb_series_files() {
	hb_patch_files "$HB_VM_DIR/patches/$2/$1"/*.patch
}

# hb_distro_kernel [VERSION[-FLAVOUR]]: Debian's own kernel, as a
# distribution ships it, for HB_ARCH (Debian 12's for x86_64 only).
# Without VERSION Debian 12's (ZONE_DEVICE,
# libnvdimm, no DEVICE_PRIVATE): the linux-image package of the installed
# linux-headers-amd64's ABI, built against those headers.  With 7.2 Debian
# unstable's (DEVICE_PRIVATE too, and HMM_MIRROR), built against a tree
# hb_distro_kdir prepares; 7.2-rt its PREEMPT_RT flavour (rt-amd64),
# 7.2-cloud its cloud-amd64.  The image and its modules are unpacked once
# into the cache, with their modules.dep, and gen_init_cpio, built from
# the kernel's source (Debian 12's: 6.1's), packs the initramfs.  Sets HB_DISTRO_ABI,
# HB_DISTRO_KDIR (the module's build tree), HB_DISTRO_ROOT (the unpacked
# packages), HB_DISTRO_IMAGE and HB_DISTRO_CPIO.
hb_distro_kernel() {
	local v=${1-} ver src debs=() d flavour=$HB_DEBARCH arch=''

	case $v in
	*-*)	flavour=${v#*-}-$HB_DEBARCH v=${v%%-*}
		[[ " $HB_SID_FLAVOURS " = *" ${flavour%-"$HB_DEBARCH"} "* ]] ||
			die "Debian has no flavour ${flavour%-"$HB_DEBARCH"} of its $v kernel here: one of $HB_SID_FLAVOURS" ;;
	esac
	[ "$HB_ARCH" = x86_64 ] || [ -n "$v" ] ||
		die "Debian 12's own kernel is the x86_64 one here: no --arch $HB_ARCH"
	[ -z "$HB_CROSS" ] || arch=:$HB_DEBARCH
	if [ -z "$v" ]; then
		d=$(hb_kernel_why debian) ||
			die "$d: Debian 12's own kernel cannot be booted here"
	fi
	if [ -n "$v" ]; then
		d=$(hb_sid_debs "linux-image-$flavour$arch") || exit 1
		HB_DISTRO_ABI=$(dpkg-deb -f "$d" Depends |
			sed -n "s/.*linux-image-\([^ ,]*-$flavour\).*/\1/p")
		[[ $HB_DISTRO_ABI = "$v".* ]] ||
			die "Debian unstable's kernel is ${HB_DISTRO_ABI:-unknown} now, not $v: remove $d to look again"
		mapfile -t debs < <(hb_sid_debs "linux-binary-$HB_DISTRO_ABI$arch" \
			"linux-modules-$HB_DISTRO_ABI$arch" \
			"linux-headers-$HB_DISTRO_ABI$arch") ||
			exit 1
		ver=$(dpkg-deb -f "${debs[0]}" Version)
	else
		HB_DISTRO_ABI=$(dpkg-query -W -f '${Depends}' linux-headers-amd64 2>/dev/null |
			sed -n 's/.*linux-headers-\([^ ,]*-amd64\).*/\1/p')
		[ -n "$HB_DISTRO_ABI" ] ||
			die "linux-headers-amd64 is not installed: run 'make deps'"
		HB_DISTRO_KDIR=/usr/src/linux-headers-$HB_DISTRO_ABI
		[ -f "$HB_DISTRO_KDIR/Makefile" ] ||
			die "$HB_DISTRO_KDIR is missing: run 'make deps'"
		ver=$(dpkg-query -W -f '${Version}' "linux-headers-$HB_DISTRO_ABI")
	fi
	HB_DISTRO_ROOT=$HB_CACHE/distro/linux-image-${HB_DISTRO_ABI}_$ver
	# the source for hb_distro_kdir unpacks meanwhile, on another core
	[ -z "$v" ] || hb_debian_tree "$v" >/dev/null &
	# two scripts may boot the same kernel at once (make check's lanes):
	# the second waits for the first one's unpack, then uses it
	[ -f "$HB_DISTRO_ROOT/.complete" ] ||
		hb_locked "$HB_DISTRO_ROOT.lock" hb_distro_unpack "$v" "$ver" \
			"${debs[@]}" || exit 1
	wait
	HB_DISTRO_IMAGE=$HB_DISTRO_ROOT/boot/vmlinuz-$HB_DISTRO_ABI
	[ -f "$HB_DISTRO_IMAGE" ] ||
		HB_DISTRO_IMAGE=$HB_DISTRO_ROOT/lib/modules/$HB_DISTRO_ABI/vmlinuz
	[ -z "$v" ] || HB_DISTRO_KDIR=$(hb_distro_kdir "$v") || exit 1
	HB_DISTRO_CPIO=$HB_CACHE/distro/gen_init_cpio
	if [ ! -x "$HB_DISTRO_CPIO" ]; then
		src=$(hb_debian_tree "${v:-6.1}")
		gcc -O2 -o "$HB_DISTRO_CPIO.tmp" "$src/usr/gen_init_cpio.c" &&
			mv "$HB_DISTRO_CPIO.tmp" "$HB_DISTRO_CPIO" ||
			die "cannot build gen_init_cpio"
	fi
}

# hb_distro_unpack VERSION VER [DEB...], for hb_distro_kernel: its
# linux-image packages (Debian 12's, VER of apt's, without DEBs)
# unpacked into HB_DISTRO_ROOT, with their modules depmod'ed, unless an
# unpack it waited for has done so.
hb_distro_unpack() {
	local v=$1 ver=$2 tmp d debs

	shift 2
	debs=("$@")
	[ ! -f "$HB_DISTRO_ROOT/.complete" ] || return 0
	note "unpacking linux-image-$HB_DISTRO_ABI $ver"
	mkdir -p "$HB_CACHE/distro"
	tmp=$(mktemp -d "$HB_CACHE/distro/.image.XXXXXX")
	if [ -z "$v" ]; then
		(cd "$tmp" && apt-get download -q \
			"linux-image-$HB_DISTRO_ABI=$ver" >/dev/null 2>&1) &&
			debs=("$tmp"/linux-image-*.deb)
	fi
	for d in "${debs[@]}"; do
		dpkg-deb -x "$d" "$tmp/root" || break
	done
	# Debian 12's depmod reads /lib/modules only
	if [ -d "$tmp/root/usr/lib/modules" ]; then
		mkdir -p "$tmp/root/lib"
		mv "$tmp/root/usr/lib/modules" "$tmp/root/lib/"
	fi
	depmod -b "$tmp/root" "$HB_DISTRO_ABI" 2>/dev/null ||
		{ rm -rf "$tmp"; die "cannot unpack linux-image-$HB_DISTRO_ABI $ver from the Debian archive"; }
	rm -rf "$HB_DISTRO_ROOT"
	mv "$tmp/root" "$HB_DISTRO_ROOT"
	rm -rf "$tmp"
	touch "$HB_DISTRO_ROOT/.complete"
}

# hb_distro_kdir VERSION, after hb_distro_kernel: a tree to build modules
# for Debian unstable's kernel, as DKMS builds them against its headers:
# that kernel's configuration, release and Module.symvers.  Its headers
# package is of no use here: its host programs need a newer C library
# than Debian 12's, and its configuration a newer compiler.  So Debian's
# linux-source-VERSION is configured with that configuration for this
# machine's compiler (hb_distro_config_drift says what that changes) and
# prepared for modules; vermagic, which holds no compiler, comes out the
# same (no MODVERSIONS in Debian's config).  Prints its path.
hb_distro_kdir() {
	local v=$1 src hdr out log key

	src=$(hb_debian_tree "$v") || exit 1
	hdr=$HB_DISTRO_ROOT/usr/src/linux-headers-$HB_DISTRO_ABI
	key=$( { cat "$hdr/.config" "$hdr/Module.symvers"
		"${HB_CROSS}gcc" --version | head -n 1
		pahole --version 2>/dev/null; } |
		sha256sum | cut -c1-16)
	out=$HB_CACHE/kernel/$(basename "$src")-$HB_DISTRO_ABI-modules-$key
	[ ! -f "$out/.hmmbench-complete" ] || { echo "$out"; return; }
	mkdir -p "$out"
	exec 7>"$out.lock"
	flock 7
	if [ ! -f "$out/.hmmbench-complete" ]; then
		log=$out/build.log
		note "preparing $(basename "$out") for modules (log: $log)"
		cp "$hdr/.config" "$out/.config"
		{ hb_kmake -C "$src" O="$out" KERNELRELEASE="$HB_DISTRO_ABI" \
			olddefconfig &&
		  hb_kmake -C "$src" O="$out" KERNELRELEASE="$HB_DISTRO_ABI" \
			-j"$(hb_jobs)" modules_prepare; } >"$log" 2>&1 ||
			{ tail -n 30 "$log" >&2; die "preparing $out failed, see $log"; }
		[ "$(cat "$out/include/config/kernel.release")" = "$HB_DISTRO_ABI" ] ||
			die "$out was prepared for another release than $HB_DISTRO_ABI"
		cp "$hdr/Module.symvers" "$out/Module.symvers"
		touch "$out/.hmmbench-complete"
	fi
	exec 7>&-
	echo "$out"
}

# hb_distro_config_drift KDIR: the options whose values differ between
# the configuration Debian built its kernel with and KDIR's, one
# "CONFIG_X: DEBIAN -> OURS" a line.
hb_distro_config_drift() {
	local hdr=$HB_DISTRO_ROOT/usr/src/linux-headers-$HB_DISTRO_ABI

	{ diff <(grep '^CONFIG_' "$hdr/.config" | sort) \
	       <(grep '^CONFIG_' "$1/.config" | sort) || true; } |
		awk '/^[<>] CONFIG_/ {
			split(substr($0, 3), kv, "=")
			if ($1 == "<") a[kv[1]] = substr($0, 3 + length(kv[1]) + 1)
			else b[kv[1]] = substr($0, 3 + length(kv[1]) + 1)
			k[kv[1]] = 1
		}
		END { for (o in k) printf "%s: %s -> %s\n", o,
			(o in a) ? a[o] : "unset", (o in b) ? b[o] : "unset" }' |
		sort
}

# hb_distro_modules MODULE:SYMBOL...: the .ko files of HB_DISTRO_ROOT
# that load each MODULE and what it needs, in load order, one per line;
# none for a MODULE whose CONFIG_SYMBOL the kernel has built in (Debian's
# packages carry no modules.builtin).
hb_distro_modules() {
	local m

	for m in "$@"; do
		grep -qx "CONFIG_${m#*:}=y" "$HB_DISTRO_KDIR/.config" && continue
		m=${m%%:*}
		modprobe -C /dev/null -d "$HB_DISTRO_ROOT" -S "$HB_DISTRO_ABI" \
			--show-depends "$m" ||
			die "no module $m in linux-image-$HB_DISTRO_ABI"
	done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }' |
		while read -r m; do
			# the guest's busybox insmod takes no compressed module
			case $m in
			*.ko.xz)
				[ -f "${m%.xz}" ] || xz -dkq "$m" ||
					die "cannot decompress $m"
				m=${m%.xz} ;;
			esac
			echo "$m"
		done
}

# hb_host_programs PROGRAM...: gen_init_cpio lines that put this host's
# PROGRAMs, the shared libraries they load and the dynamic loader into an
# initramfs of the same architecture (the distribution kernel's guest).
hb_host_programs() {
	local p path lib d dir

	for p in "$@"; do
		path=$(command -v "$p") || die "$p not found: run 'make deps'"
		echo "file /bin/$p $path 0755 0 0"
		ldd "$path" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }
			$1 ~ /^\// { print $1 }' | while read -r lib; do
			dir=
			for d in $(dirname "$lib" | tr / ' '); do
				dir=$dir/$d
				echo "dir $dir 0755 0 0"
			done
			echo "file $lib $(readlink -f "$lib") 0755 0 0"
		done
	done | awk '!seen[$0]++'
}

# hb_mib SIZE: SIZE (such as 512M or 4G) in MiB.
hb_mib() {
	case $1 in
	*G) echo $((${1%G} * 1024)) ;;
	*M) echo "${1%M}" ;;
	*) die "not a size in M or G: '$1'" ;;
	esac
}

# hb_kernel_names: every kernel name --kernel takes, one per line:
# "default", the Debian versions of HB_KERNELS, those with the
# template-init series, and Debian's own kernels (docs/vm.md lists them).
hb_kernel_names() {
	local v f

	printf '%s\n' default $HB_KERNELS template \
		$(printf 'template-%s ' $HB_KERNELS) debian
	for v in $HB_SID_KERNELS; do
		echo "debian-$v"
		for f in $HB_SID_FLAVOURS; do
			echo "debian-$v-$f"
		done
	done
}

# hb_kernel_args KERNEL: the build-kernel and run options that select
# KERNEL, one per line: a name of hb_kernel_names, or the path of a
# source tree.
hb_kernel_args() {
	local k

	case $1 in
	default|'') echo --kernel; echo "$HB_DEFAULT_KERNEL"; return ;;
	esac
	for k in $(hb_kernel_names); do
		[ "$1" = "$k" ] && { echo --kernel; echo "$k"; return; }
	done
	[ -d "$1" ] || die "kernel '$1' is neither one of: $(hb_kernel_names | grep -vx 'template-.*' | tr '\n' ' ')template-VERSION nor a source directory"
	echo --kernel-tree
	(cd "$1" && pwd)
}

# hb_host_kernel_fits [BUILD]: succeeds when the running kernel's
# configuration (in its build tree BUILD, default its headers in
# /lib/modules, else in /boot) lets it load hmmbench.ko and map chunks,
# whether or not its headers are installed; otherwise prints why not.
hb_host_kernel_fits() {
	local rel build config

	rel=$(uname -r)
	build=${1:-/lib/modules/$rel/build}
	config=$build/.config
	[ -r "$config" ] || config=/boot/config-$rel
	if [ -r "$config" ] && grep -qx 'CONFIG_ZONE_DEVICE=y' "$config" &&
	     ! grep -qx 'CONFIG_DEVICE_PRIVATE=y' "$config"; then
		echo "the running kernel $rel has ZONE_DEVICE but not CONFIG_DEVICE_PRIVATE, as distributions build theirs: hmmbench.ko loads there, but has no device-private chunks to time"
	elif [ ! -r "$config" ] || ! grep -qx 'CONFIG_DEVICE_PRIVATE=y' "$config"; then
		echo "the running kernel $rel is built without CONFIG_DEVICE_PRIVATE"
	elif ! grep -qx 'CONFIG_MODULES=y' "$config"; then
		echo "the running kernel $rel cannot load modules"
	else
		return 0
	fi
	return 1
}

# hb_host_can_build [BUILD]: succeeds when hmmbench.ko can be built for
# the running kernel, in its build tree BUILD (default: its headers in
# /lib/modules), which needs no root; otherwise prints why not.
hb_host_can_build() {
	local build=${1:-/lib/modules/$(uname -r)/build}

	if [ ! -d "$build" ]; then
		echo "no headers for the running kernel $(uname -r) ($build)"
		return 1
	fi
	hb_host_kernel_fits "$@"
}

# hb_root_ok: succeeds when this script is root, or can be through sudo
# without a prompt (NOPASSWD, or a password sudo -v has cached).
hb_root_ok() {
	[ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null
}

# hb_host_can_run [BUILD]: succeeds when hmmbench.ko can also be loaded
# into the running kernel (hb_root_ok); otherwise prints why not.
hb_host_can_run() {
	hb_host_can_build "$@" || return 1
	if ! hb_root_ok; then
		echo "loading a module needs root (or sudo without a prompt: sudo -v first)"
		return 1
	fi
}

# hb_kvm_key DEV: what a verdict on KVM holds for: this machine's boot,
# the KVM device DEV, the QEMU binary and its version, and the guest
# architecture.
hb_kvm_key() {
	local dev=$1 qemu

	qemu=$(command -v "$HB_QEMU") || return 1
	printf '%s %s %s %s %s\n' "$(cat /proc/sys/kernel/random/boot_id)" \
		"$dev" "$(readlink -f "$qemu")" \
		"$("$HB_QEMU" --version | head -n 1 | tr ' ' _)" "$HB_ARCH"
}

# hb_kvm_verdict_file DEV: the file that keeps the verdict on KVM for
# DEV on this boot and QEMU, named by a hash of hb_kvm_key: "ok" or why KVM
# cannot run the guest on its first line, the key on its second.
hb_kvm_verdict_file() {
	local key

	key=$(hb_kvm_key "$1") || return 1
	echo "$HB_CACHE/accel/kvm-$(sha256sum <<<"$key" | cut -c1-16)"
}

# hb_kvm_verdict DEV: the cached verdict for DEV, if there is one.
hb_kvm_verdict() {
	local f

	f=$(hb_kvm_verdict_file "$1") && [ -s "$f" ] || return 1
	head -n 1 "$f"
}

# hb_kvm_remember DEV VERDICT: keeps VERDICT for DEV; written beside the
# file and renamed into place.
hb_kvm_remember() {
	local f tmp

	f=$(hb_kvm_verdict_file "$1") || return 1
	mkdir -p "${f%/*}"
	tmp=$(mktemp "$f.XXXXXX")
	{ echo "$2"; hb_kvm_key "$1"; } >"$tmp" && mv "$tmp" "$f"
}

# How long a guest under KVM may stay silent before KVM is judged unable
# to run it, in seconds.  Under KVM the kernel's first line comes in well
# under a second; a /dev/kvm that cannot run a normal guest has been seen
# to keep it in firmware forever.
HB_KVM_PROBE_S=${HB_KVM_PROBE_S:-8}
# The same for a whole run's boot, which has more to set up first.
HB_KVM_SILENT_S=${HB_KVM_SILENT_S:-30}

# QEMU's options for KVM; a probe adds the machine vm/run gives an
# arm64 guest under it.  Then the kernel command line that makes a
# probe's guest speak at once.
HB_KVM_OPTS="-accel kvm -cpu host"

hb_probe_opts() {
	echo "$HB_KVM_OPTS"
	[ "$HB_ARCH" != arm64 ] || echo "-machine virt,gic-version=host"
}

hb_probe_cmdline() {
	case $HB_ARCH in
	arm64) echo "console=ttyAMA0 earlycon=pl011,0x9000000 panic=-1" ;;
	*) echo "console=ttyS0 earlyprintk=serial,ttyS0 earlycon=uart8250,io,0x3f8 panic=-1" ;;
	esac
}

# hb_guest_spoke CONSOLE PID SECONDS: succeeds once the kernel's first
# line is in the file CONSOLE; fails when the QEMU of PID exits first or
# SECONDS pass.
hb_guest_spoke() {
	local i

	for ((i = 0; i < $3 * 10; i++)); do
		grep -q Linux "$1" && return 0
		kill -0 "$2" 2>/dev/null || break
		sleep 0.1
	done
	grep -q Linux "$1"
}

# hb_kvm_probe IMAGE: boots IMAGE under KVM until its first kernel line
# on the serial console, for at most HB_KVM_PROBE_S seconds.  Prints "ok",
# or why KVM could not run it: QEMU's own error, or the silence.
hb_kvm_probe() {
	local dir pid rc=0 err

	dir=$(mktemp -d "${TMPDIR:-/tmp}/hmmbench-probe.XXXXXX")
	: >"$dir/console"
	# shellcheck disable=SC2046
	"$HB_QEMU" $(hb_probe_opts) -m 256M -smp 1 -no-reboot -display none \
		-nodefaults -monitor none -serial "file:$dir/console" \
		-kernel "$1" -append "$(hb_probe_cmdline)" \
		</dev/null >/dev/null 2>"$dir/err" &
	pid=$!
	if hb_guest_spoke "$dir/console" "$pid" "$HB_KVM_PROBE_S"; then
		echo ok
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	elif kill -0 "$pid" 2>/dev/null; then
		echo "the guest printed nothing in ${HB_KVM_PROBE_S} s under KVM"
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	else
		wait "$pid" || rc=$?
		err=$(sed -n 's/^[^ ]*qemu[^:]*: \(error: \)\{0,1\}//p' "$dir/err" |
			head -n 1)
		echo "QEMU exited with status $rc${err:+: $err}"
	fi
	rm -rf "$dir"
}

# hb_accel auto|kvm|tcg|icount [IMAGE], after hb_arch: sets hb_accel_name
# (kvm, tcg or
# icount: TCG on one thread whose guest clock counts instructions),
# hb_accel_opts (its QEMU options) and hb_accel_why (why KVM cannot be
# had, if it cannot; hb_accel_proven is 1 once KVM has run a guest), or
# dies when kvm was asked for and cannot be had.
# A /dev/kvm that opens can still be unable to run a normal guest: with
# IMAGE, KVM is first shown to boot it (hb_kvm_probe), once per boot of
# this machine and QEMU binary; without, the verdict of an earlier probe
# decides, or the device alone.  HMMBENCH_KVM_DEV stands in for
# /dev/kvm, so that tests can show both choices on a machine without KVM.
hb_accel() {
	local dev=${HMMBENCH_KVM_DEV:-/dev/kvm} verdict

	hb_accel_dev=$dev hb_accel_why= hb_accel_proven=0
	if [ "$HB_ARCH" != "$(hb_host_arch)" ]; then
		hb_accel_why="an $HB_ARCH guest on this $(hb_host_arch) machine"
	elif [ ! -e "$dev" ]; then
		hb_accel_why="$dev does not exist (no virtualisation extensions, or the kvm module is not loaded)"
	elif [ ! -c "$dev" ]; then
		hb_accel_why="$dev is not a character device"
	elif ! { : <>"$dev"; } 2>/dev/null; then
		hb_accel_why="$dev cannot be opened read-write by $(id -un) (add the user to its group)"
	fi
	case $1 in
	auto|kvm) ;;
	tcg) hb_accel_why="--accel tcg" ;;
	icount)
		# QEMU advances the guest clock 1 ns per guest instruction
		hb_accel_why="--accel icount"
		hb_accel_name=icount
		hb_accel_opts="-accel tcg,thread=single -icount shift=0,sleep=off"
		return ;;
	*) die "--accel takes kvm, tcg, icount or auto, not '$1'" ;;
	esac
	if [ -z "$hb_accel_why" ]; then
		verdict=$(hb_kvm_verdict "$dev") ||
			if [ -n "${2-}" ]; then
				verdict=$(hb_kvm_probe "$2")
				hb_kvm_remember "$dev" "$verdict"
			fi
		if [ "$verdict" = ok ]; then
			hb_accel_proven=1
		elif [ -n "$verdict" ]; then
			hb_accel_why="KVM is present but could not run the guest: $verdict"
		fi
	fi
	if [ -z "$hb_accel_why" ]; then
		hb_accel_name=kvm hb_accel_opts=$HB_KVM_OPTS
	elif [ "$1" = kvm ]; then
		die "--accel kvm: $hb_accel_why"
	else
		hb_accel_name=tcg hb_accel_opts="-accel tcg"
	fi
}

# hb_check_modopts KO OPT...: succeeds when every NAME=VALUE is an option
# of the module KO; insmod would only log an unknown one and go on.
hb_check_modopts() {
	local ko=$1 opt names
	shift

	names=$(modinfo -F parm "$ko" | cut -d: -f1 | sort -u)
	for opt in "$@"; do
		[[ $opt =~ ^[a-z_][a-z0-9_]*=[^[:space:]\']*$ ]] ||
			die "module option '$opt' is not NAME=VALUE"
		grep -qx -- "${opt%%=*}" <<<"$names" ||
			die "hmmbench.ko has no option '${opt%%=*}' (it has: $(echo $names | sed 's/ /, /g'))"
	done
}
