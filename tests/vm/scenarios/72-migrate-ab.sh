# SPDX-License-Identifier: GPL-2.0
# A switch inside one kernel for the statistics of hmmbench compare on
# migrate results: rounds of 16 MiB runs with base pages (two runs a
# round, A and A') and with THP, interleaved in one boot.  The host
# (migrate_ab_detected and migrate_aa_silent, in host-checks/) merges each
# side's runs and compares them: THP against 4K must be detected, 4K
# against 4K must not.  HB_MIGRATE_ROUNDS sets the rounds (default 12).
set -e
if ! hmmbench info --format json | grep -q '"migrate_thp"'; then
	echo "no device THP on this kernel (needs 6.19 and THP): nothing to switch"
	exit 77
fi
rounds=${HB_MIGRATE_ROUNDS:-12}
mkdir -p migrate-ab
i=1
while [ "$i" -le "$rounds" ]; do
	for side in 4k thp 4k-again; do
		case $side in
		thp) order=--thp ;;
		*) order=--no-thp ;;
		esac
		hmmbench migrate -q --size 16M --iters 5 "$order" \
			--direction to-device,to-system --format json \
			-o "migrate-ab/$side-$i.json"
	done
	i=$((i + 1))
done
echo "$rounds rounds of 4K, THP and 4K again"
