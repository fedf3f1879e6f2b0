# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host makes and checks of the runs scenario 72-migrate-ab
# wrote (tests/vm/scenarios/72-migrate-ab.sh): each side merged,
# compared, THP against 4K and 4K against 4K.  Sourced by tests/check;
# never copied into the guest.
# tests/check, which sources this file, sets these:
: "${top:?}"

# migrate_ab DIR: merges each side of 72-migrate-ab's rounds in
# DIR/migrate-ab (4K, THP, and 4K again) and compares at 1 %: 4K against
# THP into DIR/migrate-ab.json, 4K against 4K into DIR/migrate-aa.json.
migrate_ab() {
	local d=$1/migrate-ab hb=$top/cli/hmmbench
	"$hb" merge -q -o "$1/migrate-4k.merged.json" "$d"/4k-[0-9]*.json &&
	"$hb" merge -q -o "$1/migrate-thp.merged.json" "$d"/thp-[0-9]*.json &&
	"$hb" merge -q -o "$1/migrate-4k2.merged.json" "$d"/4k-again-[0-9]*.json &&
	"$hb" compare -q --alpha 0.01 --format json "$1/migrate-4k.merged.json" \
		"$1/migrate-thp.merged.json" >"$1/migrate-ab.json" &&
	"$hb" compare -q --alpha 0.01 --format json "$1/migrate-4k.merged.json" \
		"$1/migrate-4k2.merged.json" >"$1/migrate-aa.json"
}

# THP against 4K, the runs of each side merged: the warm kernel time per
# call, both ways, is significantly shorter with THP, and every row says
# that the sides moved different orders.
migrate_ab_detected() {
	migrate_ab "$1" &&
	json_true "$1/migrate-ab.json" '[.comparisons[]
		| select(.kind == "warm" and (.metric == "to_device_total_ns"
			or .metric == "to_system_total_ns"))
		| [.test_unit, .tested, .significant, .change_percent < 0,
		   .orders_differ]]
		== [["run", true, true, true, true], ["run", true, true, true, true]]'
}

# 4K against 4K, rounds interleaved with the THP runs: no significant
# change either way.
migrate_aa_silent() {
	json_true "$1/migrate-aa.json" '[.comparisons[]
		| select(.kind == "warm" and (.metric == "to_device_total_ns"
			or .metric == "to_system_total_ns"))
		| [.test_unit, .tested, .significant]]
		== [["run", true, false], ["run", true, false]]'
}
