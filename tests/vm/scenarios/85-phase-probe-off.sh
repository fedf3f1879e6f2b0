# SPDX-License-Identifier: GPL-2.0
# Loaded with phase_probe=0, the module still maps and unmaps, and INFO and
# MAP say the memmap_init phase is not measured.
set -e
rmmod hmmbench
insmod /lib/modules/hmmbench.ko phase_probe=0
hbtest phase-probe-off
rmmod hmmbench
insmod /lib/modules/hmmbench.ko
