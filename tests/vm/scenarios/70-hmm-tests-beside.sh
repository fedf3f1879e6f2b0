# SPDX-License-Identifier: GPL-2.0
# The kernel's own HMM selftest, hmm-tests (its migrations to and from
# device-private memory, 4K and THP, among them), passes against the
# kernel's test_hmm.ko while hmmbench.ko is loaded, a process holds
# hmmbench chunks and another migrates pages to and from a chunk of its
# own in a loop: two drivers' device-private pagemaps side by side, both
# lending pages at once.  The benchmark, whose times mean nothing here,
# is left out.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
if [ ! -f /lib/modules/test_hmm.ko ] || [ ! -x /bin/hmm-tests ]; then
	echo "no test_hmm.ko and hmm-tests for this kernel (the x86_64 test kernels from 6.3 have them)"
	exit 77
fi
hold_start 2
insmod /lib/modules/test_hmm.ko
: >/tmp/migrate.log
(
	while [ ! -e /tmp/hmm-tests.done ]; do
		hbmigrate round-trip-4k >>/tmp/migrate.log 2>&1 &&
			echo pass >>/tmp/migrate.log ||
			{ echo fail >>/tmp/migrate.log; break; }
	done
) &
loop=$!
rc=0
hmm-tests -T benchmark_thp_migration >/tmp/hmm-tests.out 2>&1 || rc=$?
touch /tmp/hmm-tests.done
wait $loop
grep -E '^(not ok|# (Totals|FAILED|PASSED))' /tmp/hmm-tests.out || true
rmmod test_hmm
echo "hmmbench's own round trips beside it: $(grep -c '^pass$' /tmp/migrate.log) passed"
if grep -q '^fail$' /tmp/migrate.log; then
	cat /tmp/migrate.log
	echo "an hmmbench migration failed beside test_hmm"
	exit 1
fi
[ "$(hmmbench list --format json | grep -c '"id":')" = 2 ] ||
	{ echo "hmmbench's chunks changed under hmm-tests"; exit 1; }
kill -TERM $holder
wait $holder
if [ $rc != 0 ]; then
	tail -n 40 /tmp/hmm-tests.out
	echo "hmm-tests exited with status $rc"
	exit 1
fi
