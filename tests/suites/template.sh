# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The template-init kernel's suite and the comparisons of real runs
# (vm/ab, then hmmbench compare): A/A, A/B, --rounds auto,
# icount, rebinds; the ab_* functions other suites run on their
# kernels too.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}" "${results:?}"

# ab_1g DIR AB-OPTIONS...: vm/ab of 1 GiB chunks with those options,
# then its comparison as JSON in DIR/compare.json at significance level
# ALPHA.  With several rounds, compare tests the run means: ROUNDS values
# a side.
ab_1g() {
	local out=$results/$1
	shift
	"$vm/ab" "$@" --out "$out" -- --size 1G --iters 4 || return 1
	"$top/cli/hmmbench" compare --alpha "$ALPHA" --format json \
		"$out/base.json" "$out/new.json" >"$out/compare.json"
}

# --rounds auto stops at the first round whose runs could detect a change
# of --mde: 4 a side, the fewest with which the Mann-Whitney test can
# reach 5 %, for an --mde no spread reaches.
ab_rounds_auto() {
	"$vm/ab" --base default --new default --rounds auto --mde 1000 \
		--max-rounds 6 --mem 1G --out "$results/ab-auto" -- \
		--size 256M --iters 2 >/dev/null 2>"$results/ab-auto.err"
	cat "$results/ab-auto.err"
	grep -q 'round 3: no change detectable yet' "$results/ab-auto.err" &&
	grep -q 'round 4: a change of 1000 % would have been detected' \
		"$results/ab-auto.err" &&
	grep -q 'stopped after 4 rounds' "$results/ab-auto.err" &&
	[ "$(ls "$results"/ab-auto/new-[0-9]*.json | wc -l)" = 4 ]
}

# The same kernel twice: the warm memremap time shows no significant
# change.  5 + 5 runs at 1 %: the exact Mann-Whitney p can go as low as
# 2/252 = 0.0079, so the check can fail, but by chance in at most 0.8 %
# of runs (complete separation of the run means), and less with Welch.
# 1 GiB of guest memory holds a 1 GiB chunk's struct pages with room to
# spare.
ab_same_kernel() {
	ALPHA=0.01 ab_1g aa --base default --new default --rounds 5 --mem 1G &&
	json_true "$results/aa/compare.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "memremap_ns")
		| [.test_unit, .test_n, .tested, .significant]]
		== [["run", [5, 5], true, false]]'
}

# The template-init kernel's runtime switch: one boot, 10 runs a side of
# 1 GiB, memmap_init_mode set to BASE or NEW before each run (ABBA), so
# both sides run the same kernel binary and share the boot.
TEMPLATE_KNOB=/sys/kernel/debug/memmap_init_mode

# ab_switch DIR BASE NEW [AB-ARGS...]
ab_switch() {
	local dir=$1 base=$2 new=$3
	shift 3
	ab_1g "$dir" --kernel template --switch "$TEMPLATE_KNOB:$base:$new" \
		--rounds 10 --mem 2G "$@"
}

# switch_effect NAME: the warm changes of compare's JSON, for the TAP.
switch_effect() {
	jq -r '.comparisons[] | select(.kind == "warm" and
		(.metric == "memmap_init_ns" or .metric == "memunmap_ns"))
		| "# \(.metric): \(.change_percent * 10 | round / 10)%, " +
		  "p Holm \(.holm.p), \(if .significant then "significant"
		  else "not significant" end)"' \
		"$results/$1/compare.json" 2>/dev/null
}

# The template loop against the original in one boot: the warm
# memmap_init phase is significantly faster at 1 % (at ALPHA with
# ab_switch_template_at).  memunmap, which the series does not touch, is
# the negative control: reported, not tested.
# ab_switch_template DIR [AB-ARGS...]
ab_switch_template() {
	ab_switch_template_at 0.01 "$@"
}

# ab_switch_template_at ALPHA DIR [AB-ARGS...]
ab_switch_template_at() {
	local alpha=$1 dir=$2
	shift 2
	ALPHA=$alpha ab_switch "$dir" 0 1 "$@" &&
	json_true "$results/$dir/compare.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "memmap_init_ns")
		| [.test_unit, .significant, .change_percent < 0]]
		== [["run", true, true]]'
}

# Under icount (instructions counted, one vCPU), 3 runs a side of 256 MiB
# in one boot of the template kernel: the loop against itself is exactly
# no change of the warm memmap_init phase, and against the template loop
# an exact change, the same within 0.1 % on every run of the test; the
# exact rows claim no p.  ab_icount DIR BASE NEW CHANGE [AB-ARGS...]:
# CHANGE is the warm phase's change in %, to 0.1.
ab_icount() {
	local dir=$1 base=$2 new=$3 change=$4 out=$results/$1
	shift 4
	HMMBENCH_ACCEL=icount "$vm/ab" --kernel template \
		--switch "$TEMPLATE_KNOB:$base:$new" --rounds 3 --mem 1G \
		--out "$out" "$@" -- --size 256M --iters 3 --no-verify || return 1
	"$top/cli/hmmbench" compare --format json "$out/base.json" \
		"$out/new.json" >"$out/compare.json" || return 1
	json_true "$out/compare.json" "[.comparisons[]
		| select(.kind == \"warm\" and .metric == \"memmap_init_ns\")
		| [.exact, .significant == ($change != 0), .holm.p,
		   (.change_percent * 10 | round / 10)]]
		== [[true, true, null, $change]]"
}

# The cover letter's main table, in one boot of the template kernel with
# an emulated 2 GiB NVDIMM: ROUNDS runs a side, each reconfiguring the
# namespace (the first binding) and rebinding it 6 times, with
# memmap_init_mode set to BASE or NEW before each (ABBA).  Both sides'
# last binds leave struct pages of one digest, which the cover text says.
# ab_rebind DIR BASE NEW ROUNDS REBIND-ARGS...
ab_rebind() {
	local dir=$1 base=$2 new=$3 rounds=$4 out=$results/$1
	shift 4
	"$vm/ab" --kernel template --switch "$TEMPLATE_KNOB:$base:$new" \
		--rounds "$rounds" --mem 1G --pmem 2G --out "$out" -- \
		rebind namespace0.0 --reconfigure "$@" --iters 6 || return 1
	"$top/cli/hmmbench" compare --alpha 0.01 --format json \
		"$out/base.json" "$out/new.json" >"$out/compare.json" || return 1
	"$top/cli/hmmbench" compare -q --alpha 0.01 --format cover \
		"$out/base.json" "$out/new.json" >"$out/cover.txt" || return 1
	# The cover text says what was timed.  Both sides' rebinds left the
	# same struct pages, and it says that too.
	tr '\n' ' ' <"$out/cover.txt" |
		grep -q 'rebinds of a 2 GiB [a-z]* namespace (.*), timed in the kernel' &&
		! grep -q DEVICE_PRIVATE "$out/cover.txt" &&
	json_true "$out/compare.json" '[.memmaps[].match] == ["identical"]' &&
		grep -q '^struct pages identical before and after (hmmbench verify digest' \
			"$out/cover.txt"
}

# The loop against the template loop: the warm memmap_init phase of the
# rebinds is significantly faster at 1 %.
ab_rebind_template() {
	ab_rebind "$@" &&
	json_true "$results/$1/compare.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "memmap_init_ns")
		| [.test_unit, .significant, .change_percent < 0]]
		== [["run", true, true]]'
}

# The loop against itself: no significant change of the warm memmap_init
# phase or memremap at 1 %.
ab_rebind_same() {
	ab_rebind "$@" &&
	json_true "$results/$1/compare.json" '[.comparisons[]
		| select(.kind == "warm" and (.metric == "memmap_init_ns"
			or .metric == "memremap_ns"))
		| [.test_unit, .tested, .significant]]
		== [["run", true, false], ["run", true, false]]'
}

# On arm64 the template kernel's template_nt (2) copies with memcpy(),
# as template (1) does: the same code on both sides, no significant
# change at 1 %, and the new side's label says why.
ab_switch_nt_arm64() {
	ALPHA=0.01 ab_switch tpl-nt-arm64 1 2 --arch arm64 &&
	json_true "$results/tpl-nt-arm64/compare.json" '[.comparisons[]
		| select(.kind == "warm" and (.metric == "memmap_init_ns"
			or .metric == "memremap_ns"))
		| [.test_unit, .tested, .significant]]
		== [["run", true, false], ["run", true, false]]' &&
	json_true "$results/tpl-nt-arm64/compare.json" '[.inputs[].label]
		| .[1] | test("memcpy\\(\\), no non-temporal stores on arm64")'
}

# The default template-init kernel's guest (queued: suite_vm checks its
# digests against the default test kernel's once both ran), and
# comparisons of real runs on it and on the default test kernel.
suite_template() {
	local kdir

	kdir=$("$vm/build-kernel" --kernel template) ||
		{ echo "not ok - template kernel build"; failed=$((failed + 1)); return; }
	guest_built "$kdir"
	later template_guest

	echo "# VM: comparisons of real runs"
	host_test ab-same-kernel-twice-no-significant-change ab_same_kernel
	# What the host's load cannot change runs beside other guests: the
	# exact counts of icount, and --rounds auto, whose --mde no spread
	# reaches.
	later host_test ab-rounds-auto-stops-once-a-change-is-detectable \
		ab_rounds_auto
	later host_test ab-icount-loop-against-itself-exactly-no-change \
		ab_icount icount-aa 0 0 0
	later host_test ab-icount-template-loop-exactly-41.6-percent-fewer \
		ab_icount icount-ab 0 1 -41.6
	# Drawn from eight make checks' rounds, 10 detected fsdax's change
	# in 100 of 100 draws and kept the loop against itself silent in 100
	# of 100; devdax's, 96 of 100 at 10 rounds, 100 of 100 at 14.
	host_test ab-rebind-fsdax-dev-template-significantly-faster \
		ab_rebind_template rb-fsdax 0 1 10 --mode fsdax --map dev
	switch_effect rb-fsdax
	host_test ab-rebind-devdax-2m-template-significantly-faster \
		ab_rebind_template rb-devdax 0 1 14 --mode devdax --align 2M
	switch_effect rb-devdax
	host_test ab-rebind-devdax-2m-loop-against-itself-no-significant-change \
		ab_rebind_same rb-aa 0 0 10 --mode devdax --align 2M
	switch_effect rb-aa
}

# template_guest: the template-init kernel's verify scenarios, which
# time nothing.
template_guest() {
	echo "# VM: the template-init kernel"
	guest_check vm-template --kernel template --pmem 4G --timeout 1200 -- \
		18-verify-namespace 49-verify-template driver-verify-base \
		driver-verify-compound
}
