# SPDX-License-Identifier: GPL-2.0
# A dump of 240 chunks (more than one message holds) paused after its
# first message: the holder is killed (its chunks leave the registry
# mid-dump), rmmod is refused while the dump runs, the dump then ends
# cleanly, and rmmod works after it.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
hold_start 240
hbnl dump-rmmod $holder || exit 1
wait $holder
rmmod hmmbench || exit 1
insmod /lib/modules/hmmbench.ko || exit 1
test -c /dev/hmmbench
