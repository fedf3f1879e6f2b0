# SPDX-License-Identifier: GPL-2.0
# Twenty load / map / unload cycles leave no region, no device and no
# module behind.  Runs after 90-unload, with the module unloaded.
i=0
while [ $i -lt 20 ]; do
	i=$((i + 1))
	insmod /lib/modules/hmmbench.ko || { echo "insmod $i failed"; exit 1; }
	hmmbench --size 128M --iters 1 -q >/dev/null ||
		{ echo "map in cycle $i failed"; exit 1; }
	rmmod hmmbench || { echo "rmmod $i failed"; exit 1; }
done
! grep -q '^hmmbench ' /proc/modules || { echo "module still loaded"; exit 1; }
test ! -e /dev/hmmbench || { echo "/dev/hmmbench still there"; exit 1; }
! grep -q hmmbench /proc/iomem || { echo "region left behind"; exit 1; }
echo "20 cycles"
