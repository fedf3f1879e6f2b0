# SPDX-License-Identifier: GPL-2.0
# With an NVDIMM (vm/run --pmem): a watch window restarted while the
# bind of an fsdax namespace is at the end of its memmap_init phase does
# not credit that phase to the chunk MAP that takes the bind's slot in the
# new window (hbtest watch-restart-mid-init, which the module's test hold
# makes interleave every time).  The namespace ends in the mode it was
# found in.
# shellcheck source=pmem-lib.sh
. /scenarios/pmem-lib.sh
printk_off
ndctl create-namespace -f -e $ns -m fsdax --map mem >/dev/null 2>/tmp/ns.err ||
	fail "ndctl create-namespace -m fsdax --map mem failed: $(cat /tmp/ns.err)"
ndctl disable-namespace $ns >/dev/null 2>&1 || fail "disable-namespace failed"
hbtest watch-restart-mid-init
st=$?
[ -e /dev/pmem0 ] || ndctl enable-namespace $ns >/dev/null 2>&1
ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1 ||
	fail "cannot put $ns back in mode $mode0"
exit $st
