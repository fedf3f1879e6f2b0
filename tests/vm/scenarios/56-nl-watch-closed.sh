# SPDX-License-Identifier: GPL-2.0
# A monitor hears the calls a watch window recorded while its descriptor
# was open, and not a call that returned after it was closed (hbtest
# watch-close-mid-call): one memremap and one memunmap event.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
monitor_start --format json
hbtest watch-close-mid-call || exit 1
# the events of the last call would be on their way by now
sleep 1
kill $monitor
wait $monitor
cat /tmp/mon.out
remaps=$(count '"event":"memremap"' /tmp/mon.out)
unmaps=$(count '"event":"memunmap"' /tmp/mon.out)
[ "$remaps" = 1 ] && [ "$unmaps" = 1 ] ||
	{ echo "$remaps memremap and $unmaps memunmap events, expected 1 and 1"; exit 1; }
