# SPDX-License-Identifier: GPL-2.0
# After a holder of 4 chunks is killed, list is empty and an unmapped
# event arrived for each of its chunks, as text; monitor without --count
# exits 0 on SIGINT.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
monitor_start --count 8
hold_start 4
kill -KILL $holder
wait $holder || true
wait $monitor
cat /tmp/mon.out
[ "$(count "^mapped .* pid $holder hmmbench" /tmp/mon.out)" = 4 ] || exit 1
[ "$(count "^unmapped .* pid $holder hmmbench" /tmp/mon.out)" = 4 ] || exit 1
grep '^mapped' /tmp/mon.out | sed 's/.* id \([0-9]*\) .*/\1/' | sort -n >/tmp/m
grep '^unmapped' /tmp/mon.out | sed 's/.* id \([0-9]*\) .*/\1/' | sort -n >/tmp/u
cmp -s /tmp/m /tmp/u || { echo "unmapped ids differ"; exit 1; }
hmmbench list --format json >/tmp/list.json
[ "$(count '"id":' /tmp/list.json)" = 0 ] ||
	{ echo "chunks listed after the holder was killed"; exit 1; }
# Without --count, monitor runs until SIGINT and then exits 0.
monitor_start
kill -INT $monitor
rc=0
wait $monitor || rc=$?
[ $rc = 0 ] || { echo "monitor exited $rc on SIGINT"; exit 1; }
