# SPDX-License-Identifier: GPL-2.0
# With an NVDIMM (vm/run --pmem): hmmbench verify --namespace reads
# the struct pages of the namespace as fsdax map=mem, fsdax map=dev and
# devdax align=2M.  Every invariant holds; it reads exactly the pages the
# bind's memmap_init_zone_device() says it initialised, from the first
# one past the altmap's (map=dev), in the pgmap's kind and compound
# order.  A verify beside rebinds reads the pages whole or finds the
# namespace unbound.
# On the template-init kernel the three loops of memmap_init_mode write
# the same digest.  The digests go to /host/verify-digests.
# shellcheck source=pmem-lib.sh
. /scenarios/pmem-lib.sh
knob=/sys/kernel/debug/memmap_init_mode
nsdir=/sys/bus/nd/devices/$ns
start0=$(($(cat $nsdir/resource)))
size=$(($(cat $nsdir/size)))

# field NAME: a number or string of /tmp/v.json, one line a field.
field() {
	sed -n "s/^ *\"$1\": *\"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" \
		/tmp/v.json | head -n 1
}

# verify_ns SETUP KIND SHIFT PAGES: verify --namespace, and what it read.
verify_ns() {
	hmmbench verify --namespace $ns --format json -o /tmp/v.json ||
		fail "$1: verify --namespace exited $?: $(cat /tmp/v.json)"
	[ "$(field holds)" = true ] || fail "$1: an invariant is broken"
	[ "$(field pgmap_type)" = "$2" ] && [ "$(field vmemmap_shift)" = "$3" ] ||
		fail "$1: pgmap $(field pgmap_type), shift $(field vmemmap_shift)"
	[ "$(field pages)" = "$4" ] ||
		fail "$1: read $(field pages) pages, the bind initialised $4"
	skipped=$(field skipped_pages)
	[ "$(($(field start)))" = $((start0 + skipped * 4096)) ] ||
		fail "$1: read from $(field start), not past $skipped pages"
	digest=$(field digest)
}

seen=$(dmesg | wc -l)
for setup in "fsdax --map mem" "fsdax --map dev" "devdax --align 2M"; do
	# shellcheck disable=SC2086
	ndctl create-namespace -f -e $ns -m $setup >/dev/null 2>/tmp/ns.err ||
		fail "ndctl create-namespace -m $setup failed: $(cat /tmp/ns.err)"
	pages=$(printk_since "$seen" | tail -n 1)
	pages=${pages% *}
	seen=$(dmesg | wc -l)
	case $setup in
	fsdax*) kind=fsdax shift=0 ;;
	*) kind=generic shift=9 ;;
	esac
	verify_ns "$setup" $kind $shift "$pages"
	case $setup in
	*mem) [ "$skipped" = 0 ] ;;
	*) [ "$skipped" -gt 0 ] && [ $((skipped + pages)) = $((size / 4096)) ] ;;
	esac || fail "$setup: $skipped pages skipped, $pages read, of $((size / 4096))"
	line="$setup: $pages pages past $skipped, digest $digest"
	if [ -e $knob ]; then
		for m in 1 2; do
			echo $m >$knob
			ndctl disable-namespace $ns >/dev/null 2>&1 &&
				ndctl enable-namespace $ns >/dev/null 2>&1 ||
				{ echo 0 >$knob; fail "$setup: rebind in mode $m failed"; }
			d0=$digest
			verify_ns "$setup, memmap_init_mode $m" $kind $shift "$pages"
			[ "$digest" = "$d0" ] ||
				{ echo 0 >$knob; fail "$setup: mode $m wrote digest $digest, mode 0 $d0"; }
		done
		echo 0 >$knob
		line="$line in memmap_init_mode 0, 1 and 2"
	fi
	echo "$line"
	[ ! -d /host ] || echo "$size $setup $digest" >>/host/verify-digests
done

# Beside rebinds, a verify reads the namespace whole (an unbind waits for
# it) or says in one sentence that it finds no struct pages (sysfs may
# show the namespace half rebound); it never reads broken pages or fails
# in the kernel.
ok=0 gone=0 i=0
( while [ ! -e /tmp/stop ]; do
	hmmbench verify --namespace $ns >/tmp/vr.out 2>&1
	rc=$?
	if [ $rc = 0 ]; then
		echo ok
	elif [ $rc = 1 ] && [ "$(wc -l </tmp/vr.out)" -eq 1 ] &&
	     ! grep -Eq 'break an invariant|failed:' /tmp/vr.out; then
		echo "gone: $(cat /tmp/vr.out)"
	else
		echo "bad: $(cat /tmp/vr.out)"
	fi
done ) >/tmp/race.out &
racer=$!
while [ $i -lt 5 ]; do
	i=$((i + 1))
	ndctl disable-namespace $ns >/dev/null 2>&1 &&
		ndctl enable-namespace $ns >/dev/null 2>&1 ||
		{ touch /tmp/stop; wait $racer; fail "rebind $i beside verify failed"; }
done
touch /tmp/stop
wait $racer
rm -f /tmp/stop
ok=$(grep -c '^ok' /tmp/race.out)
gone=$(grep -c '^gone' /tmp/race.out)
! grep '^bad' /tmp/race.out || fail "verify failed beside a rebind"
[ "$ok" -gt 0 ] || fail "no verify read the namespace beside 5 rebinds"
echo "beside 5 rebinds: $ok verifies read the namespace, $gone found it unbound:"
sed -n 's/^gone: hmmbench: //p' /tmp/race.out | sed 's/([^)]*)//g' | sort | uniq -c

printk_off
ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1 ||
	fail "cannot put $ns back in mode $mode0"
