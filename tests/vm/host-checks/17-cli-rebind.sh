# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the files scenario 17-cli-rebind
# wrote (tests/vm/scenarios/17-cli-rebind.sh).  Sourced by tests/check;
# never copied into the guest.

# rebind_checks DIR KCONFIG: the three modes 17-cli-rebind left in DIR.
# Each run has the first bind and three rebinds, whose phases agree with
# the kernel's pr_debug (printk_agrees).  The runs that a signal stopped
# are valid and incomplete.
rebind_checks() {
	local d=$1 tag mode map
	for tag in fsdaxmapmem:fsdax:mem fsdaxmapdev:fsdax:dev \
		devdaxalign2M:devdax:dev; do
		IFS=: read -r tag mode map <<<"$tag"
		json_true "$d/rebind-$tag.json" ".complete and
			.configuration.workload == \"$mode\" and
			.configuration.map == \"$map\" and
			.configuration.first_bind_reconfigure and
			([.samples[].kind] == [\"cold\", \"warm\", \"warm\", \"warm\"])" ||
			return 1
		printk_agrees "$d/rebind-$tag.json" "$d/rebind-$tag.printk" \
			"$d/rebind-$tag.clock" "$2" || return 1
	done
	for tag in sigINT sigTERM; do
		json_true "$d/rebind-$tag.json" '.complete == false and
			.stop_reason == "interrupted" and (.samples | length) > 0' ||
			return 1
	done
}
