# SPDX-License-Identifier: GPL-2.0
# The kernel's own clock of memmap_init_zone_device(): its pr_debug line,
# turned on with dynamic debug, and the guest's clocks that tell whether
# jiffies kept time.  Sourced by the scenarios that record them; not run.
control=/sys/kernel/debug/dynamic_debug/control

# printk_on: turns the pr_debug on; fails without dynamic debug for it.
printk_on() {
	echo 'func memmap_init_zone_device +p' >$control 2>/dev/null
}

printk_off() {
	echo 'func memmap_init_zone_device -p' >$control
}

# printk_since N: the pr_debug lines after line N of dmesg, "PAGES MS".
printk_since() {
	dmesg | tail -n +$(($1 + 1)) |
		sed -n 's/.*memmap_init_zone_device initialised \([0-9]*\) pages in \([0-9]*\)ms.*/\1 \2/p'
}

# clocks: "TICKS SECONDS": the ticks CPU 0 has accounted (/proc/stat,
# in USER_HZ) and the uptime (CLOCK_BOOTTIME).  Over a run they tell the
# share of ticks the guest lost, and with them jiffies, the pr_debug's
# clock, when the emulating host had more work than cores.
clocks() {
	awk '/^cpu0 / { for (i = 2; i <= NF; i++) t += $i }
		END { printf "%d ", t }' /proc/stat
	cut -d' ' -f1 /proc/uptime
}
