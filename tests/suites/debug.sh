# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The debug suite: the newest kernel's debug build (KASAN, kmemleak,
# lockdep) and what runs on it.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}"

# The newest kernel, in its debug build (KASAN, kmemleak, lockdep): the
# module builds clean against it, and every scenario that exercises the
# kernel passes on it but those that need more guest memory than it boots
# with in reasonable time (64 GiB chunks, which suite_newest runs on its
# bench build).  A cold
# run has time for one debug kernel, and the newest is where a debug run
# finds the most; 6.12 is built on demand only (vm/run --kernel
# 6.12).
OTHER_KERNEL=7.2

suite_other_kernel() {
	debug_build || return
	debug_guest
}

# debug_build: the debug kernel built, and the module built clean against
# it; fails when the kernel does not build.
debug_build() {
	local kdir

	echo "# VM: the $OTHER_KERNEL debug kernel (KASAN, kmemleak, lockdep)"
	kdir=$("$vm/build-kernel" --kernel $OTHER_KERNEL --debug) ||
		{ echo "not ok - $OTHER_KERNEL debug kernel build"; failed=$((failed + 1)); return 1; }
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test "driver-builds-without-warnings-$OTHER_KERNEL" \
		no_warnings make -C "$top/driver" KDIR="$kdir"
	keep_module "$kdir"
	host_test "driver-sparse-clean-$OTHER_KERNEL" \
		no_warnings make -C "$top/driver" KDIR="$kdir" sparse
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	guest_built "$kdir"
	# a module that did not build fails its guest: vm/run builds it again
	return 0
}

# debug_guest: the debug kernel's guest.  It needs nothing else of the
# host while it runs (debug_build made its module), so suite_vm runs it
# beside other work.
debug_guest() {
	echo "# VM: the $OTHER_KERNEL debug kernel's scenarios"
	# The 64 GiB scenarios, hmm-tests beside hmmbench and migrate's timed
	# ones (the CLI beside the kernel's benchmark, THP against 4K) run
	# on the bench build; the hbmigrate cases cover the same paths here.
	# The CLI's own scenarios (its JSON, sweeps, sizes, signals, info,
	# progress, --compound, rebind and verify) run on the 6.1 guest and
	# on Debian's 7.2: what they ask of the kernel, the driver-* cases and
	# 18-verify-namespace ask here directly.  16-pmem-rebind (ndctl and
	# the kernel's own pr_debug, no module) runs on the other kernels, and
	# mirror-peer, which times test_hmm beside MIRROR, on the bench build.
	# The fuzzer makes 30 000 calls: under KASAN and TCG, 100 000 took 74
	# s.  A boot of this kernel takes a minute under TCG: it boots once.
	guest_check "vm-$OTHER_KERNEL-debug" --kernel $OTHER_KERNEL --debug \
		--mem 2G --pmem 2G --timeout 1800 -- HB_FUZZ_CALLS=30000 \
		--skip 16-pmem-rebind,mirror-peer,41-cli-run-64g,driver-map-two-64g-chunks,driver-map-64g-twice,70-hmm-tests-beside,71-cli-migrate,72-migrate-ab,73-cli-mirror,74-mirror-ab,40-cli-run-json,42-cli-sweep,43-cli-bad-sizes,44-cli-interrupt,45-cli-info,46-cli-progress,47-cli-compound,17-cli-rebind,48-cli-verify
}
