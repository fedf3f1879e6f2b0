# SPDX-License-Identifier: GPL-2.0
# Shared by the pmem scenarios (16 to 19); sourced, not run.  Skips
# (77) without an NVDIMM namespace, ndctl or dynamic debug; otherwise
# turns on memmap_init_zone_device()'s pr_debug and notes the
# namespace's mode in $mode0 for fail() to restore.
ns=namespace0.0
if [ ! -e /sys/bus/nd/devices/$ns ] || ! command -v ndctl >/dev/null; then
	echo "no NVDIMM namespace (vm/run --pmem SIZE) or no ndctl"
	exit 77
fi
# shellcheck source=printk-lib.sh
. /scenarios/printk-lib.sh
if ! printk_on; then
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
	printk_off
	ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1
	exit 1
}

