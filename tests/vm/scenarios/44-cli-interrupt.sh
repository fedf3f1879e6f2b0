# SPDX-License-Identifier: GPL-2.0
# SIGINT during a run: exit 130, the JSON written is marked incomplete
# (cli_interrupt_checks, in host-checks/), and every chunk is unmapped.
hmmbench --size 1G --iters 100000 --chunks 2 --format json \
	-o cli-int.json &
pid=$!
sleep 4
kill -INT $pid
wait $pid
rc=$?
echo "exit status $rc"
[ $rc = 130 ] || exit 1
grep -q '"complete": *false' cli-int.json || { echo "not marked incomplete"; exit 1; }
grep -q '"stop_reason": *"interrupted"' cli-int.json || exit 1
if grep hmmbench /proc/iomem; then
	echo "region left behind"
	exit 1
fi
