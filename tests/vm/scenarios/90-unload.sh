# SPDX-License-Identifier: GPL-2.0
# The module unloads cleanly: gone from /proc/modules and /dev.
set -e
rmmod hmmbench
! grep -q '^hmmbench ' /proc/modules
test ! -e /dev/hmmbench
