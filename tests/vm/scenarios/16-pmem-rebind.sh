# SPDX-License-Identifier: GPL-2.0
# With an NVDIMM (vm/run --pmem): its namespace is reconfigured with
# ndctl as fsdax map=mem, fsdax map=dev and devdax align=2M, and rebound
# (ndctl disable-namespace, enable-namespace) three times in each mode;
# every bind initialises the namespace's struct pages, which the kernel's
# own pr_debug in memmap_init_zone_device() reports, page count included.
# The namespace ends in the mode it was found in.
# shellcheck source=pmem-lib.sh
. /scenarios/pmem-lib.sh
size0=$(ndctl list -n $ns | json size)
echo "$ns: mode $mode0, $size0 bytes"

# binds: into $b, the pr_debug lines since the last call, one a line:
# "PAGES MS".
seen=$(dmesg | wc -l)
binds() {
	b=$(printk_since "$seen")
	seen=$(dmesg | wc -l)
}

for setup in "fsdax --map mem" "fsdax --map dev" "devdax --align 2M"; do
	# shellcheck disable=SC2086
	ndctl create-namespace -f -e $ns -m $setup >/tmp/ns.json 2>/tmp/ns.err ||
		fail "ndctl create-namespace -m $setup failed: $(cat /tmp/ns.err)"
	binds
	first=$b
	[ "$(echo "$first" | wc -l)" = 1 ] && [ -n "$first" ] ||
		fail "$setup: the first bind printed '$first', not one line"
	pages=${first% *}
	i=0
	while [ $i -lt 3 ]; do
		i=$((i + 1))
		ndctl disable-namespace $ns >/dev/null 2>&1 ||
			fail "$setup: disable-namespace $i failed"
		ndctl enable-namespace $ns >/dev/null 2>&1 ||
			fail "$setup: enable-namespace $i failed"
		binds
		[ "${b% *}" = "$pages" ] ||
			fail "$setup: rebind $i initialised '$b', not $pages pages"
		ms="$ms ${b#* }"
	done
	echo "$setup: $pages pages; first bind ${first#* } ms, rebinds$ms ms"
	ms=
done

printk_off
ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1 ||
	fail "cannot put $ns back in mode $mode0"
[ "$(ndctl list -n $ns | json mode)" = "$mode0" ] ||
	fail "$ns is not back in mode $mode0"
