# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host makes and checks of the runs scenario 74-mirror-ab
# wrote (tests/vm/scenarios/74-mirror-ab.sh): each side merged,
# compared, THP against 4K and 4K against 4K.  Sourced by tests/check;
# never copied into the guest.
# tests/check, which sources this file, sets these:
: "${top:?}"

# mirror_ab DIR: merges each side of 74-mirror-ab's rounds in
# DIR/mirror-ab (4K, THP, and 4K again) and compares at 1 %: 4K against
# THP into DIR/mirror-ab.json, 4K against 4K into DIR/mirror-aa.json.
mirror_ab() {
	local d=$1/mirror-ab hb=$top/cli/hmmbench
	"$hb" merge -q -o "$1/mirror-4k.merged.json" "$d"/4k-[0-9]*.json &&
	"$hb" merge -q -o "$1/mirror-4k2.merged.json" "$d"/4k-again-[0-9]*.json &&
	"$hb" merge -q -o "$1/mirror-thp.merged.json" "$d"/thp-[0-9]*.json &&
	"$hb" compare -q --alpha 0.01 --force --format json \
		"$1/mirror-4k.merged.json" "$1/mirror-thp.merged.json" \
		>"$1/mirror-ab.json" &&
	"$hb" compare -q --alpha 0.01 --format json "$1/mirror-4k.merged.json" \
		"$1/mirror-4k2.merged.json" >"$1/mirror-aa.json"
}

# THP against 4K, the runs of each side merged: the warm kernel total
# per call is significantly shorter with THP.  The two sides differ in
# --state, which compare refuses without --force: that difference is
# the switch.
mirror_ab_detected() {
	mirror_ab "$1" &&
	json_true "$1/mirror-ab.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "mirror_total_ns")
		| [.test_unit, .tested, .significant, .change_percent < 0]]
		== [["run", true, true, true]]'
}

# 4K against 4K, rounds interleaved with the THP runs: no significant
# change.
mirror_aa_silent() {
	json_true "$1/mirror-aa.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "mirror_total_ns")
		| [.test_unit, .tested, .significant]]
		== [["run", true, false]]'
}
