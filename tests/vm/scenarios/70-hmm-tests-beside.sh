# SPDX-License-Identifier: GPL-2.0
# The kernel's own HMM selftest, hmm-tests (its migrations to and from
# device-private memory, 4K and THP, among them), passes against the
# kernel's test_hmm.ko while hmmbench.ko is loaded, a process holds
# hmmbench chunks, another migrates pages to and from a chunk of its own
# in a loop and a third faults pages in with hmm_range_fault() in a
# loop: two drivers' device-private pagemaps and interval notifiers side
# by side, lending and mirroring at once (hmm-tests' own read, write,
# snapshot and THP mirror tests among its).  The benchmark,
# whose times mean nothing here, is left out.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
if [ ! -f /lib/modules/test_hmm.ko ] || [ ! -x /bin/hmm-tests ]; then
	echo "no test_hmm.ko and hmm-tests for this kernel (the x86_64 test kernels from 6.3 have them)"
	exit 77
fi
hold_start 2
insmod /lib/modules/test_hmm.ko
: >/tmp/hmm-tests.beside
# beside NAME COMMAND...: COMMAND in a loop until hmm-tests is done, each
# pass or fail in /tmp/NAME.log; the loop's pid in /tmp/hmm-tests.beside.
beside() {
	log=/tmp/$1.log
	shift
	: >"$log"
	(
		while [ ! -e /tmp/hmm-tests.done ]; do
			"$@" >>"$log" 2>&1 && echo pass >>"$log" ||
				{ echo fail >>"$log"; break; }
		done
	) &
	echo $! >>/tmp/hmm-tests.beside
}
beside migrate hbmigrate round-trip-4k
if hmmbench info --format json | grep -q '"mirror"'; then
	beside mirror sh -c 'hbmirror fault-write && hbmirror fault-read-none'
fi
rc=0
hmm-tests -T benchmark_thp_migration >/tmp/hmm-tests.out 2>&1 || rc=$?
touch /tmp/hmm-tests.done
for pid in $(cat /tmp/hmm-tests.beside); do
	wait "$pid"
done
grep -E '^(not ok|# (Totals|FAILED|PASSED))' /tmp/hmm-tests.out || true
rmmod test_hmm
for log in /tmp/migrate.log /tmp/mirror.log; do
	[ -f $log ] || continue
	echo "hmmbench's $(basename $log .log) beside it: $(grep -c '^pass$' $log) passed"
	if grep -q '^fail$' $log; then
		cat $log
		echo "hmmbench's $(basename $log .log) failed beside test_hmm"
		exit 1
	fi
done
[ "$(hmmbench list --format json | grep -c '"id":')" = 2 ] ||
	{ echo "hmmbench's chunks changed under hmm-tests"; exit 1; }
kill -TERM $holder
wait $holder
if [ $rc != 0 ]; then
	tail -n 40 /tmp/hmm-tests.out
	echo "hmm-tests exited with status $rc"
	exit 1
fi
