# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The unit suite: the cmocka tests of tests/unit and the command-line
# checks (make -C tests/unit check), tallied.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${results:?}"

suite_unit() {
	echo "# unit tests"
	# built on every core: the tests then run one after the other
	make -s -j"$(nproc)" -C "$top/tests/unit" check | tee "$results/unit.tap"
	local rc=${PIPESTATUS[0]}
	tally "$results/unit.tap"
	if [ "$rc" != 0 ] && ! grep -q '^not ok' "$results/unit.tap"; then
		echo "not ok - unit tests did not build or run"
		failed=$((failed + 1))
	fi
}
