# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the files scenario 40-cli-run-json
# wrote (tests/vm/scenarios/40-cli-run-json.sh): the run's JSON, and
# the probe's phase against the kernel's pr_debug (printk_agrees, which
# 17-cli-rebind's checks use too).  Sourced by tests/check; never copied
# into the guest.
# tests/check, which sources this file, sets these:
: "${vm:?}" "${results:?}"

cli_json_checks() {
	local f=$results/vm/cli-1g.json
	json_true "$f" '.schema == "hmmbench-result/1" and .complete' &&
	json_true "$f" '[.samples[] | select(.kind == "warm")] | length == 5' &&
	json_true "$f" '[.samples[] | select(.kind == "cold")] | length == 1' &&
	json_true "$f" '[.samples[] | .memremap_ns > 0 and .memmap_init_ns > 0
		and .memmap_init_ns <= .memremap_ns and .memunmap_ns > 0]
		| all' &&
	json_true "$f" '[.summaries[] | select(.kind == "warm")
		| .metrics | to_entries[] | .value.n == 5] | all' &&
	json_true "$f" '[.summaries[] | select(.kind == "cold")
		| .metrics.memremap_ns.n] == [1]' &&
	json_true "$f" ".metadata.host.accelerator == \"$(run_accel)\"" &&
	json_true "$f" '.metadata.host.qemu_version | test("^[0-9]+[.]")'
}

# printk_agrees JSON PRINTK CLOCK KCONFIG: the samples of the results
# JSON against the kernel's own pr_debug lines of the same calls (PRINTK,
# "PAGES MS" a line), from the kernel of the .config KCONFIG, with the
# guest's clocks at the start and end (CLOCK); a line after the samples'
# (the map of run's verify) is not compared.  The struct pages
# initialised are the pr_debug's count, and the memmap_init phase agrees
# with its millisecond figure, which counts jiffies: never more than 3
# jiffies above the probe's, and no more than 3 jiffies plus 10 % below
# when jiffies kept time.  A tickless kernel (NO_HZ_COMMON) catches up on
# the ticks it lost; a periodic one does not, and an emulating host with
# more work than cores makes the guest lose some: there, the lower bound
# holds when CPU 0 accounted 95 % of the uptime or more over the run.
printk_agrees() {
	local json=$1 hz tickless=false p rate lower=true
	hz=$(sed -n 's/^CONFIG_HZ=//p' "$4")
	[ -n "$hz" ] || { echo "no CONFIG_HZ in $4"; return 1; }
	grep -q '^CONFIG_NO_HZ_COMMON=y' "$4" && tickless=true
	p=$(awk '{ printf "%s[%s,%s]", (NR > 1 ? "," : "["), $1, $2 }
		END { print "]" }' "$2")
	[ "$p" != "]" ] || { echo "$2: no pr_debug lines"; return 1; }
	# USER_HZ is 100 on x86_64
	rate=$(awk 'NR == 1 { t = $1; u = $2 }
		NR == 2 && $2 > u { printf "%.3f", ($1 - t) / 100 / ($2 - u) }' "$3")
	[ -n "$rate" ] || { echo "$3: no clocks"; return 1; }
	if ! $tickless && awk -v r="$rate" 'BEGIN { exit !(r < 0.95) }'; then
		echo "# ${json##*/}: the guest kept $rate of its ticks: only the upper bound is checked"
		lower=false
	fi
	# a run's samples give their size, a rebind's their pages
	jq -c --argjson p "$p" '[.samples[] | [.pages // (.size / 4096),
		(.memmap_init_ns / 1e6 * 10 | round / 10)]] as $s |
		[$s, $p]' "$json"
	json_true "$json" "$p as \$p | (3000 / $hz) as \$j |
		[.samples | to_entries[] | .key as \$i | .value |
		 (.memmap_init_ns / 1e6) as \$ms |
		 (.pages // (.size / 4096)) == \$p[\$i][0] and
		 \$p[\$i][1] <= \$ms + \$j and
		 ($lower | not or \$p[\$i][1] >= \$ms - \$j - \$ms / 10)] |
		length > 0 and length <= (\$p | length) and all"
}

# The accelerator vm/run picks on this machine.
run_accel() {
	# shellcheck source=vm/lib.sh
	(. "$vm/lib.sh" && hb_arch "" && hb_accel "${HMMBENCH_ACCEL:-auto}" &&
		echo "$hb_accel_name")
}
