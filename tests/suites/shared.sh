# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Helpers more than one suite uses: a kernel this machine cannot have,
# the module kept for a guest, warnings of a build, a JSON file's
# filter, the struct pages two kernels wrote.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}" "${results:?}"

# kernel_why KERNEL: why that kernel cannot be had here (hb_kernel_why).
kernel_why() {
	(. "$vm/lib.sh" && hb_kernel_why "$1")
}

# keep_module KDIR: the module driver/ has just been built for KDIR,
# kept where make guest keeps a kernel's (the Makefile's GUEST_KO), so
# that the guest's build (guest_built, vm/run) takes it as made instead
# of building it again.
keep_module() {
	local d

	d=$top/build/module/$(basename "${1%/}")
	[ -f "$top/driver/hmmbench.ko" ] || return 0
	mkdir -p "$d" && cp "$top/driver/hmmbench.ko" "$d/hmmbench.ko"
}

# Warnings from the module build or sparse fail the test.
no_warnings() {
	local out
	out=$("$@" 2>&1) || { echo "$out"; return 1; }
	echo "$out"
	! grep -Eq 'warning:|error:|WARNING:' <<<"$out"
}

# jq FILE FILTER: the filter must print true.
json_true() {
	[ -s "$1" ] || { echo "$1 missing"; return 1; }
	[ "$(jq -e "$2" "$1")" = true ] || { echo "$1: $2 is not true"; return 1; }
}

# The stock kernel and the template-init kernel write the same struct
# pages: the digests 48-cli-verify and 49-verify-template recorded of
# chunks agree, and so do those 18-verify-namespace recorded of a 4 GiB
# namespace as fsdax map=mem, map=dev and devdax 2M.
# verify_digests_agree [SUFFIX]: of the guest runs vmSUFFIX and
# vmSUFFIX-template.
verify_digests_agree() {
	local a=$results/vm${1-}/verify-digests
	local b=$results/vm${1-}-template/verify-digests

	[ -s "$a" ] && [ -s "$b" ] || { echo "no digests in $a or $b"; return 1; }
	diff "$a" "$b" || { echo "the digests differ"; return 1; }
}
