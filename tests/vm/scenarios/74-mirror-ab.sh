# SPDX-License-Identifier: GPL-2.0
# A switch inside one kernel for the statistics of hmmbench compare on
# mirror results: rounds of 16 MiB snapshots of a written buffer with
# base pages (two runs a round, A and A') and with THP (a PMD walks 512
# pages in one step where 4K walks 512 PTEs), interleaved in one boot.
# The host (mirror_ab_detected and mirror_aa_silent, in host-checks/)
# merges each side's runs and compares them: THP against 4K must be
# detected, 4K against 4K must not.  HB_MIRROR_ROUNDS sets the rounds
# (default 12).
set -e
if ! hmmbench info --format json | grep -q '"mirror"'; then
	echo "the module cannot mirror on this kernel (no CONFIG_HMM_MIRROR)"
	exit 77
fi
thp=/sys/kernel/mm/transparent_hugepage/enabled
if [ ! -r $thp ] || grep -q '\[never\]' $thp; then
	echo "no THP on this kernel: nothing to switch"
	exit 77
fi
rounds=${HB_MIRROR_ROUNDS:-12}
mkdir -p mirror-ab
i=1
while [ "$i" -le "$rounds" ]; do
	for side in 4k thp 4k-again; do
		hmmbench mirror -q --size 16M --iters 5 --state "${side%-again}" \
			--format json -o "mirror-ab/$side-$i.json"
	done
	i=$((i + 1))
done
echo "$rounds rounds of 4K, THP and 4K again"
