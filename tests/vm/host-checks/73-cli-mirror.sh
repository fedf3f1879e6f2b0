# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the host checks, with jq, of the files scenario 73-cli-mirror
# wrote (tests/vm/scenarios/73-cli-mirror.sh).  Sourced by tests/check;
# never copied into the guest.

# mirror_found DIR STATE JQ: DIR/mirror-STATE.json is a complete mirror
# result with 3 warm samples, and JQ holds of every sample's counts.
mirror_found() {
	json_true "$1/mirror-$2.json" ".schema == \"hmmbench-result/1\" and
		.complete and .configuration.workload == \"mirror\" and
		([.samples[] | select(.kind == \"warm\")] | length) == 3 and
		all(.samples[]; .mirror_pages == 4096 * (.size / 16777216) and
			.mirror_error == 0 and ($3))"
}

# mirror_json_checks DIR: what each state left was what MIRROR found;
# where THP was on in the guest (DIR/mirror-thp-on), thp's pages were in
# PMDs, else in none; the run with the invalidating thread, held open by
# the module's test delay, counted invalidations.
mirror_json_checks() {
	local pmd='.mirror_pmd == 0'
	[ -e "$1/mirror-thp-on" ] && pmd='.mirror_pmd > 0'
	mirror_found "$1" 4k '.mirror_valid == .mirror_pages and
		.mirror_writable == .mirror_pages and .mirror_pmd == 0' &&
	mirror_found "$1" thp ".mirror_valid == .mirror_pages and $pmd" &&
	mirror_found "$1" none '.mirror_valid == 0' &&
	mirror_found "$1" zero '.mirror_zero == .mirror_pages and
		.mirror_writable == 0' &&
	mirror_found "$1" lent '.mirror_device_private == .mirror_pages' &&
	mirror_found "$1" none-read '.mirror_zero == .mirror_pages' &&
	mirror_found "$1" 4k-write '.mirror_writable == .mirror_pages and
		.mirror_calls == 8' &&
	mirror_found "$1" invalidate 'true' &&
	json_true "$1/mirror-invalidate.json" \
		'[.samples[].mirror_invalidations] | add > 0'
}
