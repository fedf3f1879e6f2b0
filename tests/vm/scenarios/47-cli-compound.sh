# SPDX-License-Identifier: GPL-2.0
# --compound maps 2M and 1G compound pages (1G pages span memory
# sections) and records the size in the results; sizes the kernel or
# the CLI refuse get one sentence and leave no trace.

fail() {
	echo "$*"
	exit 1
}

# run COMPOUND SHIFT: one JSON run; its configuration says SHIFT and the
# compound size, and it measured every iteration.
run() {
	hmmbench run --size 1G --iters 2 --compound "$1" -q --format json \
		>/tmp/c.json || fail "hmmbench run --compound $1 failed"
	grep -q "\"vmemmap_shift\":$2," /tmp/c.json ||
		fail "--compound $1: vmemmap_shift is not $2"
	grep -q "\"compound_size\":$3\$" /tmp/c.json ||
		fail "--compound $1: compound_size is not $3"
	[ "$(grep -c '"memremap_ns":[1-9]' /tmp/c.json)" = 3 ] ||
		fail "--compound $1: not 3 measured samples"
	echo "--compound $1: vmemmap_shift $2, 3 samples"
}

# refused STATUS PATTERN ARGS...: the exit status and one sentence.
refused() {
	want=$1 pattern=$2
	shift 2
	hmmbench run -q "$@" >/tmp/out 2>/tmp/err
	rc=$?
	echo "hmmbench run $*: exit $rc: $(head -n 1 /tmp/err)"
	[ $rc = "$want" ] || fail "expected exit $want"
	head -n 1 /tmp/err | grep -q -- "$pattern" ||
		fail "expected '$pattern' in the first line"
	[ "$(grep -vc "^Try 'hmmbench [a-z]* --help'" /tmp/err)" = 1 ] ||
		fail "expected one sentence"
}

run 2M 9 2097152
run 1G 18 1073741824
run 4K 0 4096
hmmbench run --size 1G --iters 1 --compound 2M --format csv -q |
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "compound_size") c = i }
		NR > 1 { v = $c } END { exit !(c && v == 2097152) }' ||
	fail "CSV has no compound_size 2097152"
refused 2 "power of two" --size 1G --compound 3M
refused 1 "not a whole number of 1G compound pages" --size 1536M --compound 1G
refused 1 "refuses 2G compound pages" --size 2G --compound 2G
if grep hmmbench /proc/iomem; then
	fail "region left behind"
fi
exit 0
