# SPDX-License-Identifier: GPL-2.0
# hmmbench migrate prints its table, and writes JSON, with THP and with
# base pages where the kernel has device THP; where the kernel built
# test_hmm.ko and hmm-tests (7.x), the kernel's own
# benchmark_thp_migration runs in the same boot, right after.  The host
# reads both (migrate_json_checks, in host-checks/): the runs are
# complete, label the order that moved, and see THP faster than 4K in each
# direction where the kernel's benchmark clearly does.
set -e
thp=$(hmmbench info --format json | grep -c '"migrate_thp"' || true)
hmmbench migrate --size 16M --iters 3 --no-thp
hmmbench migrate -q --size 16M --iters 5 --no-thp --format json -o migrate-4k.json
if [ "$thp" != 0 ]; then
	hmmbench migrate -q --size 16M --iters 5 --thp --format json \
		-o migrate-thp.json
fi
if [ ! -f /lib/modules/test_hmm.ko ] || [ ! -x /bin/hmm-tests ]; then
	echo "no test_hmm.ko and hmm-tests for this kernel: hmmbench migrate only"
	exit 0
fi
insmod /lib/modules/test_hmm.ko
rc=0
hmm-tests -t benchmark_thp_migration >hmm-benchmark.txt 2>&1 || rc=$?
rmmod test_hmm
grep -A 6 'Eight THP Size' hmm-benchmark.txt || true
[ $rc = 0 ] || { tail -n 20 hmm-benchmark.txt; echo "hmm-tests exited with status $rc"; exit 1; }
