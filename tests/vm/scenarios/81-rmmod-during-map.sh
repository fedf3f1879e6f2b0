# SPDX-License-Identifier: GPL-2.0
# rmmod is refused while a MAP is running, and works once its process has
# exited and released the chunk.
hmmbench --size 32G --iters 1 -q >/dev/null &
pid=$!
# The region appears as soon as the MAP has started.
i=0
until grep -q hmmbench /proc/iomem; do
	i=$((i + 1))
	[ $i -lt 500 ] || { echo "no MAP seen in /proc/iomem"; exit 1; }
	sleep 0.01
done
if rmmod hmmbench; then
	echo "rmmod succeeded during a MAP"
	exit 1
fi
echo "rmmod refused during the MAP"
wait $pid || { echo "hmmbench failed"; exit 1; }
rmmod hmmbench || exit 1
! grep -q hmmbench /proc/iomem || { echo "region left behind"; exit 1; }
insmod /lib/modules/hmmbench.ko || exit 1
test -c /dev/hmmbench
