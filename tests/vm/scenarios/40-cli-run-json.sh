# SPDX-License-Identifier: GPL-2.0
# hmmbench --size 1G --iters 5 --format json -o FILE succeeds; the host
# checks the file (5 warm samples per metric and a separate cold one) in
# cli_json_checks (tests/vm/host-checks/40-cli-run-json.sh).  Where the
# kernel has dynamic debug (Debian's), memmap_init_zone_device()'s own
# pr_debug lines of those six calls go beside it into cli-1g.printk
# ("PAGES MS" a line), and the clocks at the start and end into
# cli-1g.clock, for printk_agrees to hold the probe's phase against.
set -e
# shellcheck source=printk-lib.sh
. /scenarios/printk-lib.sh
printk=0
printk_on && printk=1
seen=$(dmesg | wc -l)
clocks >cli-1g.clock
hmmbench --size 1G --iters 5 --format json -o cli-1g.json
clocks >>cli-1g.clock
test -s cli-1g.json
if [ $printk = 1 ]; then
	printk_off
	printk_since "$seen" >cli-1g.printk
	echo "pr_debug: $(tr '\n' ' ' <cli-1g.printk)"
else
	rm -f cli-1g.clock
	echo "no dynamic debug for memmap_init_zone_device(): no pr_debug lines"
fi
