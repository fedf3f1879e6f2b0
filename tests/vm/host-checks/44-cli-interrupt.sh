# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the file scenario 44-cli-interrupt
# wrote (tests/vm/scenarios/44-cli-interrupt.sh).  Sourced by
# tests/check; never copied into the guest.
# tests/check, which sources this file, sets these:
: "${results:?}"

cli_interrupt_checks() {
	json_true "$results/vm/cli-int.json" '.complete == false and
		.stop_reason == "interrupted" and (.samples | length) > 0'
}
