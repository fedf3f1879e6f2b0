# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the file scenario 42-cli-sweep
# wrote (tests/vm/scenarios/42-cli-sweep.sh).  Sourced by tests/check;
# never copied into the guest.
# tests/check, which sources this file, sets these:
: "${results:?}"

cli_sweep_checks() {
	local f=$results/vm/cli-sweep.json
	json_true "$f" '[.summaries[] | select(.kind == "warm") | .size]
		== [1,2,4,8 | . * 1073741824]' &&
	json_true "$f" '[.summaries[] | select(.kind == "warm")
		| .metrics.memremap_ns.n == 3] | all'
}
