# SPDX-License-Identifier: GPL-2.0
# hmmbench list shows exactly the chunks a background hold owns, with
# its pid, as a table and as JSON; once the holder exits, none.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
set -e
hold_start 3
hmmbench list
hmmbench list --format json >/tmp/list.json
n=$(count '"id":' /tmp/list.json)
[ "$n" = 3 ] || { echo "$n chunks listed, 3 held"; exit 1; }
[ "$(count "\"pid\": *$holder," /tmp/list.json)" = 3 ] ||
	{ echo "not every chunk has the holder's pid $holder"; exit 1; }
[ "$(count '"comm": *"hmmbench"' /tmp/list.json)" = 3 ] || exit 1
[ "$(count '"size": *134217728,' /tmp/list.json)" = 3 ] || exit 1
[ "$(values handle /tmp/list.json | tr '\n' ' ')" = "1 2 3 " ] ||
	{ echo "handles are not 1 2 3"; exit 1; }
[ "$(count '"phys_start": *[0-9]' /tmp/list.json)" = 3 ] || exit 1
kill -INT $holder
wait $holder
hmmbench list --format json >/tmp/list.json
[ "$(count '"id":' /tmp/list.json)" = 0 ] ||
	{ echo "chunks listed after the holder exited"; exit 1; }
hmmbench list
