# SPDX-License-Identifier: GPL-2.0
# The kernel's own HMM selftest, hmm-tests (its migrations to and from
# device-private memory, 4K and THP, among them), passes against the
# kernel's test_hmm.ko while hmmbench.ko is loaded and a process holds
# hmmbench chunks: two drivers' device-private pagemaps side by side.
# The benchmark, whose times mean nothing here, is left out.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
if [ ! -f /lib/modules/test_hmm.ko ] || [ ! -x /bin/hmm-tests ]; then
	echo "no test_hmm.ko and hmm-tests for this kernel (the x86_64 test kernels from 6.3 have them)"
	exit 77
fi
hold_start 2
insmod /lib/modules/test_hmm.ko
rc=0
hmm-tests -T benchmark_thp_migration >/tmp/hmm-tests.out 2>&1 || rc=$?
grep -E '^(not ok|# (Totals|FAILED|PASSED))' /tmp/hmm-tests.out || true
rmmod test_hmm
[ "$(hmmbench list --format json | grep -c '"id":')" = 2 ] ||
	{ echo "hmmbench's chunks changed under hmm-tests"; exit 1; }
kill -TERM $holder
wait $holder
if [ $rc != 0 ]; then
	tail -n 40 /tmp/hmm-tests.out
	echo "hmm-tests exited with status $rc"
	exit 1
fi
