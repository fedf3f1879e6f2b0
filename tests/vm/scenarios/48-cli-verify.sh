# SPDX-License-Identifier: GPL-2.0
# hmmbench verify reads back the struct pages of 1 GiB chunks of base and
# 2M compound pages: every invariant holds and the digest is the one run
# records for the same chunk.  The digests go to /host/verify-digests for
# the host to compare across kernels.

fail() {
	echo "$*"
	exit 1
}

# digest FILE: the digest a verify or run JSON holds.
digest() {
	sed -n 's/.*"digest": *"\(0x[0-9a-f]*\)".*/\1/p' "$1" | head -n 1
}

for c in 4K 2M; do
	hmmbench verify --size 1G --compound $c >/tmp/v.txt ||
		fail "verify --compound $c: $(cat /tmp/v.txt)"
	grep -q '^all 7 invariants hold on 262144 pages$' /tmp/v.txt ||
		fail "verify --compound $c said: $(cat /tmp/v.txt)"
	hmmbench verify --size 1G --compound $c --format json -o /tmp/v.json ||
		fail "verify --compound $c --format json failed"
	d=$(digest /tmp/v.json)
	[ -n "$d" ] || fail "no digest in $(cat /tmp/v.json)"
	hmmbench run --size 1G --iters 1 --compound $c -q --format json \
		-o /tmp/r.json || fail "run --compound $c failed"
	[ "$(digest /tmp/r.json)" = "$d" ] ||
		fail "run recorded $(digest /tmp/r.json), verify said $d"
	echo "--compound $c: every invariant holds, digest $d"
	[ ! -d /host ] || echo "1G $c $d" >>/host/verify-digests
done
hmmbench run --size 512M --iters 1 --no-verify -q --format json \
	-o /tmp/r.json || fail "run --no-verify failed"
! grep -q '"memmaps"' /tmp/r.json || fail "run --no-verify verified"
exit 0
