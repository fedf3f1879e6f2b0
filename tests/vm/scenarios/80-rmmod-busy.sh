# SPDX-License-Identifier: GPL-2.0
# rmmod is refused while a descriptor is open and works after close;
# the module then loads again.
exec 3</dev/hmmbench
if rmmod hmmbench; then
	echo "rmmod succeeded with /dev/hmmbench open"
	exit 1
fi
exec 3<&-
rmmod hmmbench || exit 1
test ! -e /dev/hmmbench || { echo "/dev/hmmbench still there"; exit 1; }
insmod /lib/modules/hmmbench.ko || exit 1
test -c /dev/hmmbench
