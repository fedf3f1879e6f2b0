# SPDX-License-Identifier: GPL-2.0
# Shared by the pmem scenarios (16 to 19); sourced, not run.  Skips
# (77) without an NVDIMM namespace, ndctl or dynamic debug; otherwise
# turns on memmap_init_zone_device()'s pr_debug and notes the
# namespace's mode in $mode0 for fail() to restore.
ns=namespace0.0
if [ ! -e /sys/bus/nd/devices/$ns ] || ! command -v ndctl >/dev/null; then
	echo "no NVDIMM namespace (tests/vm/run --pmem SIZE) or no ndctl"
	exit 77
fi
control=/sys/kernel/debug/dynamic_debug/control
if ! echo 'func memmap_init_zone_device +p' >$control 2>/dev/null; then
	echo "no dynamic debug for memmap_init_zone_device()"
	exit 77
fi

# json FIELD: the value of "FIELD" in ndctl's JSON on stdin.
json() {
	sed -n "s/^ *\"$1\":\"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" | head -n 1
}

mode0=$(ndctl list -n $ns | json mode)

# fail MESSAGE: says it, turns the pr_debug off, puts the namespace back
# in its mode and fails the scenario.
fail() {
	echo "$*"
	echo 'func memmap_init_zone_device -p' >$control
	ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1
	exit 1
}

# printk_since N: the pr_debug lines after line N of dmesg, "PAGES MS".
printk_since() {
	dmesg | tail -n +$(($1 + 1)) |
		sed -n 's/.*memmap_init_zone_device initialised \([0-9]*\) pages in \([0-9]*\)ms.*/\1 \2/p'
}
