# SPDX-License-Identifier: GPL-2.0
# With 320 live chunks the dump is complete, in id order, and spans
# several netlink messages.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
hold_start 320
hmmbench list --format json -v >/tmp/list.json 2>/tmp/list.err
cat /tmp/list.err
n=$(count '"id":' /tmp/list.json)
[ "$n" = 320 ] || { echo "$n chunks listed, 320 held"; exit 1; }
values id /tmp/list.json >/tmp/ids
sort -n -u /tmp/ids >/tmp/sorted
cmp -s /tmp/sorted /tmp/ids ||
	{ echo "ids not unique and in order"; exit 1; }
msgs=$(sed -n 's/.* in \([0-9]*\) netlink message.*/\1/p' /tmp/list.err)
echo "320 chunks in $msgs messages"
[ "$msgs" -gt 1 ] || { echo "the dump fitted in one message"; exit 1; }
hmmbench list | head -n 4
kill -TERM $holder
wait $holder
