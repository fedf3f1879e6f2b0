# SPDX-License-Identifier: GPL-2.0
# hmmbench monitor --count 6 receives exactly the events of a concurrent
# run of 3 calls (first + 2 warm), in order, with the run's pid, sizes and
# timings equal to those in the run's JSON.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
monitor_start --count 6 --format json
hmmbench --size 128M --iters 2 --format json -o /tmp/run.json -q &
run=$!
wait $run
wait $monitor
cat /tmp/mon.out
[ "$(wc -l </tmp/mon.out)" = 6 ] || { echo "not 6 events"; exit 1; }
[ "$(grep -o '"event":"[a-z]*"' /tmp/mon.out | tr '\n' ' ')" = \
  '"event":"mapped" "event":"unmapped" "event":"mapped" "event":"unmapped" "event":"mapped" "event":"unmapped" ' ] ||
	{ echo "events out of order"; exit 1; }
[ "$(count "\"pid\":$run," /tmp/mon.out)" = 6 ] ||
	{ echo "events not all from the run's pid $run"; exit 1; }
[ "$(count '"size":134217728,' /tmp/mon.out)" = 6 ] || exit 1
grep '"event":"mapped"' /tmp/mon.out >/tmp/mapped
grep '"event":"unmapped"' /tmp/mon.out >/tmp/unmapped
for key in region_ns memremap_ns memmap_init_ns memunmap_ns release_ns; do
	case $key in
	mem*unmap*|release*) events=/tmp/unmapped ;;
	*) events=/tmp/mapped ;;
	esac
	values $key /tmp/run.json >/tmp/want
	values $key $events >/tmp/got
	cmp -s /tmp/want /tmp/got ||
		{ echo "$key: run $(cat /tmp/want | tr '\n' ' '), events $(cat /tmp/got | tr '\n' ' ')"; exit 1; }
	echo "$key: $(tr '\n' ' ' </tmp/got)"
done
