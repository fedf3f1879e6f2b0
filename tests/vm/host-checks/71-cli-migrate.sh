# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the files scenario 71-cli-migrate
# wrote (tests/vm/scenarios/71-cli-migrate.sh).  Sourced by
# tests/check; never copied into the guest.

# migrate_json_checks DIR [thp]: hmmbench migrate's JSON of 71-cli-migrate
# in DIR is complete, has 5 warm iterations a direction and says the
# order that moved: 4K without THP and, with "thp" (a kernel with device
# THP), THP in both directions and in faults; the module timed its own
# copy of the buffer's bytes (the roofline) and the copy phase has a
# throughput to set against it.
migrate_json_checks() {
	local f=$1/migrate-4k.json d
	json_true "$f" ".roofline.copy_bytes == .configuration.size and
		.roofline.copy_ns > 0 and .roofline.copy_gib_per_s > 0" || return 1
	for d in to_device to_system; do
		json_true "$f" ".schema == \"hmmbench-migrate/1\" and .complete and
			.summaries.$d.warm.n == 5 and
			.summaries.$d.warm.order == \"4K\" and
			.summaries.$d.warm.metrics.copy_gib_per_s.mean > 0" || return 1
	done
	[ "${2:-}" = thp ] || return 0
	f=$1/migrate-thp.json
	for d in to_device to_system fault; do
		json_true "$f" ".complete and .summaries.$d.warm.order == \"THP\"" ||
			return 1
	done
}

# migrate_agrees_with_kernel DIR: where the kernel's own
# benchmark_thp_migration (hmm-benchmark.txt, the same boot) sees THP
# move 16 MiB at least 20 % faster than base pages in a direction,
# hmmbench migrate's warm median sees THP faster in that direction too:
# the median of every warm call of 72-migrate-ab's rounds, each side
# merged by migrate_ab (one run a side, 71-cli-migrate's, once saw THP
# no faster to the system under a loaded host).  Its Sys->Dev time
# includes test_hmm's read-back of the buffer, so only the sign is
# compared, never the size.
migrate_agrees_with_kernel() {
	local dir=$1 line dir_name kimp hb4 hbthp checked=0
	[ -s "$dir/hmm-benchmark.txt" ] || { echo "no hmm-benchmark.txt in $dir"; return 1; }
	for line in "Sys->Dev Migration:to_device" "Dev->Sys Migration:to_system"; do
		dir_name=${line#*:}
		kimp=$(sed -n '/Eight THP Size/,/D->S Throughput/p' "$dir/hmm-benchmark.txt" |
			awk -F'|' -v r="${line%%:*}" 'index($1, r) == 1 {
				gsub(/[ %]/, "", $4); print $4 }')
		[ -n "$kimp" ] || { echo "no ${line%%:*} line at 16 MiB in hmm-benchmark.txt"; return 1; }
		hb4=$(jq ".summaries.$dir_name.warm.metrics.total_ns.median" "$dir/migrate-4k.merged.json")
		hbthp=$(jq ".summaries.$dir_name.warm.metrics.total_ns.median" "$dir/migrate-thp.merged.json")
		echo "# $dir_name, 16 MiB: kernel's benchmark THP ${kimp}% faster; hmmbench median THP $((${hbthp%.*} / 1000)) us, 4K $((${hb4%.*} / 1000)) us"
		if awk -v k="$kimp" 'BEGIN { exit !(k >= 20) }'; then
			checked=$((checked + 1))
			awk -v a="$hbthp" -v b="$hb4" 'BEGIN { exit !(a < b) }' ||
				{ echo "the kernel's benchmark sees THP faster $dir_name, hmmbench does not"; return 1; }
		fi
	done
	echo "# $checked of 2 directions had a clear THP gain in the kernel's benchmark to agree with"
}
