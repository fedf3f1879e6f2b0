# SPDX-License-Identifier: GPL-2.0
# The module is loaded and /dev/hmmbench is a character device, mode 0600.
set -e
grep -q '^hmmbench ' /proc/modules
test -c /dev/hmmbench
mode=$(stat -c %a /dev/hmmbench)
echo "mode $mode"
test "$mode" = 600
