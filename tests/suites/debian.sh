# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The Debian suites: Debian's own kernels (Debian 12's, unstable's 7.2
# on x86_64 and arm64, its PREEMPT_RT flavour) and the distro suite
# that runs their guests two at a time.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}" "${results:?}" "${lanes:?}"

# Debian's own kernels, their guests two at a time: now, or with the
# rest of what suite_vm queues.
suite_distro() {
	local own=0

	[ "$lanes" = 1 ] || { lanes=1; own=1; }
	suite_debian_arm64
	if [ "$(. "$vm/lib.sh" && hb_host_arch)" = x86_64 ]; then
		suite_debian
		suite_debian_newest
		suite_debian_rt
	fi
	[ $own = 0 ] || { run_queued; lanes=0; }
}

# guest_built KDIR [MAKE-ARG...]: the module for KDIR and the guest's
# programs, built now, so that the guest's vm/run finds them made.
guest_built() {
	local kdir=$1
	shift
	env -u ARCH -u CROSS_COMPILE -u MAKEFLAGS \
		make -s -C "$top" KDIR="$kdir" "$@" guest >/dev/null
}

# Debian unstable's own arm64 7.2 kernel, as an arm64 machine runs it
# (DEVICE_PRIVATE, THP migration, 4 KiB pages): the module, cross-built
# against its configuration, builds clean and matches its vermagic; in the
# guest hmmbench run, info, verify, migration with THP, netlink and the
# fuzzer (20 000 calls: one host thread runs this guest's two vCPUs; the
# 6.1 guest makes 100 000, the debug guest 30 000).  No NVDIMM: QEMU's virt
# machine has one only through ACPI, which a kernel booted without UEFI
# firmware does not have.
suite_debian_arm64() {
	local kdir v=debian-$OTHER_KERNEL-arm64

	echo "# VM: Debian's own arm64 $OTHER_KERNEL kernel (emulated)"
	kdir=$(. "$vm/lib.sh" && hb_arch arm64 &&
		hb_distro_kernel "$OTHER_KERNEL" && echo "$HB_DISTRO_KDIR") ||
		{ echo "not ok - Debian's arm64 $OTHER_KERNEL kernel"; failed=$((failed + 1)); return; }
	make -s -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}" clean >/dev/null
	host_test "driver-builds-without-warnings-$v" \
		no_warnings make -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}"
	keep_module "$kdir"
	host_test "driver-vermagic-is-the-kernels-$v" vermagic_matches \
		"$top/driver/hmmbench.ko" "$OTHER_KERNEL" arm64
	make -s -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}" clean >/dev/null
	guest_built "$kdir" "${ARM64_CROSS[@]}"
	later guest_check "vm-$v" --arch arm64 --kernel "debian-$OTHER_KERNEL" \
		--timeout 1800 -- HB_FUZZ_CALLS=20000 \
		10-module-loaded 40-cli-run-json 45-cli-info \
		48-cli-verify 50-nl-list-hold 52-nl-monitor-run 55-nl-driver \
		60-fuzz migrate-features migrate-round-trip-thp \
		migrate-fault-thp migrate-unmap-lent \
		migrate-thp-hole-nearly-full 90-unload
}

# Debian's distribution kernel (linux-image-amd64, ZONE_DEVICE without
# DEVICE_PRIVATE): the module builds clean against its headers, loads,
# says so in INFO and refuses MAP with a sentence, where memremap_pages()
# would WARN; hmmbench rebind reconfigures an emulated NVDIMM's namespace
# and rebinds it in fsdax and devdax modes, and the probe's times agree
# with the kernel's pr_debug.  ndctl's own rebinds and verify of
# namespaces run on the 6.1 test kernel, of the same source.
suite_debian() {
	local kdir why

	why=$(kernel_why debian) || {
		skip_part "vm-debian: Debian 12's distribution kernel" "$why"
		return
	}
	echo "# VM: Debian's distribution kernel (no DEVICE_PRIVATE)"
	kdir=$(. "$vm/lib.sh" && hb_arch x86_64 && hb_distro_kernel &&
		echo "$HB_DISTRO_KDIR") ||
		{ echo "not ok - Debian's distribution kernel"; failed=$((failed + 1)); return; }
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test driver-builds-without-warnings-debian \
		no_warnings make -C "$top/driver" KDIR="$kdir"
	keep_module "$kdir"
	host_test driver-sparse-clean-debian \
		no_warnings make -C "$top/driver" KDIR="$kdir" sparse
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	guest_built "$kdir"
	later debian_guest "$kdir"
}

# debian_guest KDIR: suite_debian's guest, and what it wrote.
debian_guest() {
	guest_check vm-debian --kernel debian --mem 1G --pmem 4G \
		--timeout 900 -- 10-module-loaded 15-no-device-private \
		17-cli-rebind 45-cli-info 90-unload
	host_test rebind-probe-agrees-with-printk-debian rebind_checks \
		"$results/vm-debian" "$1/.config"
}

# Debian unstable's own 7.2 kernel (DEVICE_PRIVATE, dynamic debug), as a
# user's machine runs it: the module, built as DKMS builds it, builds
# clean, matches the kernel's vermagic, and differs from Debian's
# configuration only in what the compiler decides; in the guest the main
# job, verify, rebinds of an emulated NVDIMM and netlink run (the fuzzer
# on Debian's arm64 build of the same kernel), and the memmap_init phase
# agrees with the kernel's own pr_debug, for chunks and for rebinds.
suite_debian_newest() {
	local kdir v=debian-$OTHER_KERNEL

	echo "# VM: Debian's own $OTHER_KERNEL kernel"
	kdir=$(. "$vm/lib.sh" && hb_arch x86_64 &&
		hb_distro_kernel "$OTHER_KERNEL" && echo "$HB_DISTRO_KDIR") ||
		{ echo "not ok - Debian's $OTHER_KERNEL kernel"; failed=$((failed + 1)); return; }
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test "driver-builds-without-warnings-$v" \
		no_warnings make -C "$top/driver" KDIR="$kdir"
	keep_module "$kdir"
	host_test "driver-sparse-clean-$v" \
		no_warnings make -C "$top/driver" KDIR="$kdir" sparse
	host_test "driver-vermagic-is-the-kernels-$v" vermagic_matches \
		"$top/driver/hmmbench.ko"
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test "distro-config-differs-only-by-toolchain-$v" config_drift \
		"$kdir"
	guest_built "$kdir"
	later debian_newest_guest "$kdir"
}

# debian_newest_guest KDIR: suite_debian_newest's guest, and what it
# wrote.
debian_newest_guest() {
	local kdir=$1 v=debian-$OTHER_KERNEL

	guest_check "vm-$v" --kernel $v --pmem 4G --timeout 1800 -- \
		10-module-loaded 16-pmem-rebind 17-cli-rebind 18-verify-namespace \
		40-cli-run-json 45-cli-info 48-cli-verify \
		50-nl-list-hold 52-nl-monitor-run 55-nl-driver \
		migrate-features migrate-round-trip-thp migrate-fault-thp \
		migrate-unmap-lent 'mirror-*' 73-cli-mirror 90-unload
	host_test "cli-mirror-finds-what-each-state-left-$v" \
		mirror_json_checks "$results/vm-$v"
	host_test "run-probe-agrees-with-printk-$v" printk_agrees \
		"$results/vm-$v/cli-1g.json" "$results/vm-$v/cli-1g.printk" \
		"$results/vm-$v/cli-1g.clock" "$kdir/.config"
	host_test "rebind-probe-agrees-with-printk-$v" rebind_checks \
		"$results/vm-$v" "$kdir/.config"
}

# Debian unstable's PREEMPT_RT flavour of its 7.2 kernel, where spinlocks
# sleep and interrupts run in threads: the module builds clean against it
# and matches its vermagic, and the driver's and migration's cases run
# there once (the 64 GiB ones run on the bench build; THP ones skip, as
# PREEMPT_RT has no THP).  Debian builds it without DEBUG_ATOMIC_SLEEP, so
# a spinlock taken in atomic context shows where it does sleep ("BUG:
# scheduling while atomic"), which fails the case that provoked it.
suite_debian_rt() {
	local kdir v=debian-$OTHER_KERNEL-rt

	echo "# VM: Debian's own $OTHER_KERNEL PREEMPT_RT kernel"
	kdir=$(. "$vm/lib.sh" && hb_arch x86_64 &&
		hb_distro_kernel "$OTHER_KERNEL-rt" && echo "$HB_DISTRO_KDIR") ||
		{ echo "not ok - Debian's $OTHER_KERNEL-rt kernel"; failed=$((failed + 1)); return; }
	host_test "distro-kernel-is-preempt-rt-$v" \
		grep -qx CONFIG_PREEMPT_RT=y "$kdir/.config"
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test "driver-builds-without-warnings-$v" \
		no_warnings make -C "$top/driver" KDIR="$kdir"
	keep_module "$kdir"
	host_test "driver-vermagic-is-the-kernels-$v" vermagic_matches \
		"$top/driver/hmmbench.ko" "$OTHER_KERNEL-rt"
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	guest_built "$kdir"
	later guest_check "vm-$v" --kernel $v --timeout 1800 -- \
		--skip driver-map-two-64g-chunks,driver-map-64g-twice \
		10-module-loaded 'driver-*' 'migrate-*' 'mirror-*' 90-unload
}

# vermagic_matches KO [KERNEL [ARCH]]: KO's vermagic is that of the
# modules of Debian's kernel (hb_distro_kernel's, of KERNEL: default
# OTHER_KERNEL; for ARCH: default x86_64).
vermagic_matches() {
	local theirs ours
	theirs=$(. "$vm/lib.sh" && hb_arch "${3:-x86_64}" &&
		hb_distro_kernel "${2:-$OTHER_KERNEL}" 2>/dev/null &&
		modinfo -F vermagic "$(find "$HB_DISTRO_ROOT/lib/modules" \
			-name 'nd_pmem.ko*' | head -n 1)")
	ours=$(modinfo -F vermagic "$1")
	echo "# Debian's: $theirs; ours: $ours"
	[ -n "$ours" ] && [ "$ours" = "$theirs" ]
}

# config_drift KDIR: every option whose value differs between Debian's
# configuration and KDIR's is the compiler's, assembler's, linker's,
# pahole's or Rust's to decide (their versions and what they support),
# or a Rust driver that goes with Rust; none changes a structure the
# module shares with the kernel.
config_drift() {
	local drift bad
	drift=$(. "$vm/lib.sh" && hb_arch x86_64 &&
		hb_distro_kernel "$OTHER_KERNEL" 2>/dev/null &&
		hb_distro_config_drift "$1") || return 1
	sed 's/^/# /' <<<"$drift"
	bad=$(cut -d: -f1 <<<"$drift" | grep -Ev '^CONFIG_((CC|GCC|AS|LD|PAHOLE|RUSTC|BINDGEN)_[A-Z0-9_]+|RUST|RUST_[A-Z_]+|[A-Z0-9_]+_RUST_[A-Z_]+|AMCC_QT2025_PHY|DRM_PANIC_SCREEN_QR_[A-Z_]+|OPENSSL_SUPPORTS_[A-Z_]+)$')
	[ -z "$bad" ] || { echo "options that are not the toolchain's: $bad"; return 1; }
}
