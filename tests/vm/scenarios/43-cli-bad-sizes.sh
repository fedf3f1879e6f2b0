# SPDX-License-Identifier: GPL-2.0
# Bad sizes exit non-zero with one sentence on stderr (usage errors may add
# argp's pointer to --help) and leave no trace; those the module refuses
# name its section size and what its budget allows.

# expect STATUS PATTERN ARGS...: the exit status and a word of the sentence.
expect() {
	want=$1 pattern=$2
	shift 2
	hmmbench "$@" >/tmp/out 2>/tmp/err
	rc=$?
	echo "hmmbench $*: exit $rc: $(cat /tmp/err)"
	[ $rc = "$want" ] || { echo "expected exit $want"; exit 1; }
	head -n 1 /tmp/err | grep -qi -- "$pattern" ||
		{ echo "expected '$pattern' in the first line"; exit 1; }
	[ "$(grep -vc "^Try 'hmmbench [a-z]* --help'" /tmp/err)" = 1 ] ||
		{ echo "expected one sentence"; exit 1; }
	[ ! -s /tmp/out ] || { echo "stdout not empty"; exit 1; }
}

expect 2 size --size 12Q
expect 2 "a chunk of 0 bytes maps no memory" --size 0
expect 2 size --size 64XB
expect 2 size --size 99999999999T
expect 1 "multiples of 128 MiB" --size 100M
expect 1 memory --size 1024T
# spelt as perf bench and memparse take them: the module judges the size
expect 1 "multiples of 128 MiB" --size 100MiB
expect 1 memory --size 1024TB
expect 2 sizes sweep --sizes 8G..1G
if grep hmmbench /proc/iomem; then
	echo "region left behind"
	exit 1
fi
