# SPDX-License-Identifier: GPL-2.0
# On the template-init kernel: the three loops of memmap_init_zone_device()
# (memmap_init_mode 0, 1, 2) write struct pages with one digest, for base
# and 2M compound pages, and verify catches the test-only template that
# keeps a wrong refcount.  The digests go to /host/verify-digests.

knob=/sys/kernel/debug/memmap_init_mode
bad=/sys/kernel/debug/memmap_init_test_bad_template
if [ ! -e $knob ]; then
	echo "not the template-init kernel: no $knob"
	exit 77
fi

fail() {
	echo 0 >$knob
	echo N >$bad
	echo "$*"
	exit 1
}

# verify MODE COMPOUND: the digest of a 1 GiB chunk in that mode.
verify() {
	echo "$1" >$knob || fail "cannot set $knob to $1"
	hmmbench verify --size 1G --compound "$2" --format json -o /tmp/v.json ||
		fail "mode $1, --compound $2: an invariant is broken"
	sed -n 's/.*"digest": *"\(0x[0-9a-f]*\)".*/\1/p' /tmp/v.json
}

for c in 4K 2M; do
	d0=$(verify 0 $c) d1=$(verify 1 $c) d2=$(verify 2 $c)
	echo "--compound $c: loop $d0, template $d1, template_nt $d2"
	[ -n "$d0" ] && [ "$d0" = "$d1" ] && [ "$d0" = "$d2" ] ||
		fail "the loops write different struct pages"
	[ ! -d /host ] || echo "1G $c $d0" >>/host/verify-digests
done

# The broken template: every page but the first has refcount 1.
echo 1 >$knob
echo Y >$bad
hmmbench verify --size 1G --format json -o /tmp/v.json
rc=$?
hmmbench verify --size 1G >/tmp/v.txt
echo N >$bad
echo 0 >$knob
[ $rc = 1 ] || fail "verify of the broken template exited $rc, not 1"
tr -d ' \n' </tmp/v.json | grep -q '"refcount":{"count":262143,' ||
	fail "refcount is not broken on 262143 pages: $(cat /tmp/v.json)"
tr -d ' \n' </tmp/v.json | grep -q '"bad_pages":262143,' ||
	fail "not 262143 bad pages"
grep -q '^  refcount  *262143 pages, first pfns ' /tmp/v.txt ||
	fail "the text does not name the refcount: $(cat /tmp/v.txt)"
echo "broken template: $(grep refcount /tmp/v.txt)"
exit 0
