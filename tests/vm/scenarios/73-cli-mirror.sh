# SPDX-License-Identifier: GPL-2.0
# hmmbench mirror prints its table, and writes JSON, for every --state,
# for a read fault over a hole and a write fault in batches of 512, and
# with its thread invalidating parts of the buffer while it runs: the
# module's test delay holds each of the 64 batches open for 1 ms, so
# that the thread's changes (one every 20 ms; any of them makes the batch
# in flight retry, so they must be further apart than a batch takes)
# land while the notifier is in place, whatever the scheduler does.  The
# host reads them (mirror_json_checks, in host-checks/): each run is
# complete and found what its state left - every page valid and
# writable (4k), in PMDs (thp, where THP is on), nothing (none), the zero
# page (zero, and a read fault over a hole), the module's own
# device-private pages (lent) - and the invalidations were counted.
set -e
if ! hmmbench info --format json | grep -q '"mirror"'; then
	echo "the module cannot mirror on this kernel (no CONFIG_HMM_MIRROR)"
	exit 77
fi
hmmbench mirror --size 16M --iters 3 --state thp
for state in 4k thp none zero lent; do
	hmmbench mirror -q --size 16M --iters 3 --state $state \
		--format json -o "mirror-$state.json"
done
hmmbench mirror -q --size 16M --iters 3 --state none --fault read \
	--format json -o mirror-none-read.json
hmmbench mirror -q --size 16M --iters 3 --fault write --batch 512 \
	--format json -o mirror-4k-write.json
delay=/sys/module/hmmbench/parameters/mirror_test_delay_ms
echo 1 >$delay
rc=0
hmmbench mirror -q --size 16M --iters 3 --invalidate 50 \
	--format json -o mirror-invalidate.json || rc=$?
echo 0 >$delay
[ $rc = 0 ] || exit $rc
thp=/sys/kernel/mm/transparent_hugepage/enabled
if [ -r $thp ] && ! grep -q '\[never\]' $thp; then
	touch mirror-thp-on
fi
echo "every state mirrored"
