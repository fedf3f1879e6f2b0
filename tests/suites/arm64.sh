# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The arm64 suite: the 6.1 kernel and its template-init port on arm64,
# cross-built and emulated.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}"

# The 6.1 kernel on arm64, cross-built and emulated: the module builds
# clean against it, and the scenarios pass there, among them chunks that
# fill the physical window (the linear map's 256 GiB with VA_BITS 39; 8
# GiB of guest memory hold their struct pages).  6.1 is the arm64 kernel
# whose own search for a free range would go beyond the vmemmap.
ARM64_CROSS=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)

suite_arm64() {
	arm64_build || return
	arm64_template
	arm64_guest
}

# arm64_build: the arm64 kernel built, the module clean against it, the
# harness's own checks of an arm64 guest queued (arm64_harness); fails
# when the kernel cannot be built here (skipped, saying why) or does not
# build.
arm64_build() {
	local kdir why

	why=$(kernel_why default) || {
		skip_part "vm-arm64: the arm64 $DEFAULT_KERNEL and template-init kernels" "$why"
		return 1
	}
	echo "# VM: the arm64 6.1 kernel (cross-built, emulated)"
	kdir=$("$vm/build-kernel" --arch arm64) ||
		{ echo "not ok - arm64 kernel build"; failed=$((failed + 1)); return 1; }
	make -s -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}" clean >/dev/null
	host_test driver-builds-without-warnings-arm64 \
		no_warnings make -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}"
	keep_module "$kdir"
	host_test driver-sparse-clean-arm64 \
		no_warnings make -C "$top/driver" KDIR="$kdir" \
		"${ARM64_CROSS[@]}" sparse
	make -s -C "$top/driver" KDIR="$kdir" "${ARM64_CROSS[@]}" clean >/dev/null
	later arm64_harness "$kdir"
	guest_built "$kdir" "${ARM64_CROSS[@]}"
	# a module that did not build fails its guest: vm/run builds it again
	return 0
}

# arm64_harness KDIR: vm/run boots arm64 guests, and make on an arm64
# host builds for arm64 (in a copy of the tree); nothing timed, so
# suite_vm runs it beside other work, a thread per vCPU as vm/run does
# by default (accel_choice looks for its options).
arm64_harness() {
	local -x HMMBENCH_ONE_THREAD=0

	host_test vm-run-prints-guest-version-arm64 vm_version 6.1 --arch arm64
	[ "$(. "$vm/lib.sh" && hb_host_arch)" = arm64 ] ||
		host_test vm-run-arm64-guest-emulated-on-this-host accel_choice \
			/dev/null tcg --arch arm64
	host_test vm-run-separates-stdout-stderr-arm64 vm_streams --arch arm64
	host_test vm-run-returns-exit-status-arm64 vm_false --arch arm64
	host_test make-on-an-arm64-host-builds-for-arm64 \
		"$top/tests/native-arm64" "$1"
}

# arm64_guest: the scenarios on the arm64 6.1 kernel, and what the
# template-init kernel's verify found against what this one's did.  It
# needs nothing else of the host while it runs (arm64_build made its
# module), so suite_vm runs it beside other work.
arm64_guest() {
	echo "# VM: the arm64 6.1 kernel's scenarios"
	# hbmigrate's cases run here; hmmbench migrate's own scenario, the
	# same C on another architecture, runs on the x86_64 guests only;
	# info, the run's JSON, netlink and the fuzzer on Debian's arm64 7.2;
	# of the CLI's own scenarios, those whose limits are the
	# architecture's (sizes, verify): 64 GiB chunks run as driver-* cases;
	# netlink's many-holders and rmmod-during-dump, which ask nothing of
	# the architecture, on the x86_64 guests.  A thread per vCPU even
	# beside another guest: driver-verify-phys-race found no unmapped
	# chunk in 210 cycles with both vCPUs on one host thread.
	HMMBENCH_ONE_THREAD=0 guest_check vm-arm64 --arch arm64 --mem 8G \
		--timeout 3600 -- \
		--skip 51-nl-list-many,82-nl-rmmod-during-dump,71-cli-migrate,73-cli-mirror,74-mirror-ab,40-cli-run-json,45-cli-info,50-nl-list-hold,52-nl-monitor-run,55-nl-driver,60-fuzz,41-cli-run-64g,42-cli-sweep,44-cli-interrupt,46-cli-progress,47-cli-compound
	host_test verify-stock-and-template-kernels-agree-arm64 \
		verify_digests_agree -arm64
}

# arm64_template: the template-init port on arm64, verified, and its
# loop detected against the stock one, timed and counted.
arm64_template() {
	echo "# VM: the arm64 template-init kernel"
	guest_check vm-arm64-template --arch arm64 --kernel template \
		--mem 2G --timeout 1200 -- \
		49-verify-template driver-verify-base driver-verify-compound
	host_test ab-template-loop-significantly-faster-arm64 \
		ab_switch_template tpl-ab-arm64 --arch arm64
	switch_effect tpl-ab-arm64
	later host_test ab-icount-template-loop-exactly-59.2-percent-fewer-arm64 \
		ab_icount icount-ab-arm64 0 1 -59.2 --arch arm64
	host_test ab-template-nt-is-memcpy-on-arm64-no-significant-change \
		ab_switch_nt_arm64
	switch_effect tpl-nt-arm64
}
