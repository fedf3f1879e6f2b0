# SPDX-License-Identifier: GPL-2.0
# The module unloads cleanly: gone from /proc/modules and /dev.
rmmod hmmbench || exit 1
if grep -q '^hmmbench ' /proc/modules; then
	echo "rmmod returned 0 and hmmbench is still in /proc/modules"
	exit 1
fi
if [ -e /dev/hmmbench ]; then
	echo "/dev/hmmbench is still there after rmmod"
	exit 1
fi
