# SPDX-License-Identifier: GPL-2.0
# With an NVDIMM (vm/run --pmem): hmmbench rebind reconfigures the
# namespace as fsdax map=mem, fsdax map=dev and devdax align=2M and
# rebinds it three times in each mode, into rebind-MODE.json; the kernel's
# own pr_debug lines of those binds go beside them into rebind-MODE.printk
# ("PAGES MS" a line), which the host holds the probe's times against
# (rebind_checks in host-checks/17-cli-rebind.sh), and the clocks at the
# start and end of the run into rebind-MODE.clock.  hmmbench monitor sees
# the calls of a rebind with the times the rebind recorded.  Then what a
# user can get wrong, each with its sentence: a missing or malformed
# namespace, a mode change without --reconfigure, a namespace held open,
# no root.  Then SIGINT and SIGTERM land while the namespace is unbound
# (HMMBENCH_TEST_UNBOUND_MS holds it so), and it must be bound after.  The
# namespace ends in the mode it was found in.
# shellcheck source=pmem-lib.sh
. /scenarios/pmem-lib.sh

# bound: the namespace has its block or char device, so a driver holds it.
bound() {
	ndctl list -n $ns | grep -Eq '"(blockdev|chardev)"'
}

for setup in "fsdax --map mem" "fsdax --map dev" "devdax --align 2M"; do
	tag=$(echo "$setup" | tr -d ' -')
	seen=$(dmesg | wc -l)
	clocks >"rebind-$tag.clock"
	# shellcheck disable=SC2086
	hmmbench rebind $ns --reconfigure --mode $setup --iters 3 -q \
		--format json -o "rebind-$tag.json" 2>"rebind-$tag.err" ||
		fail "rebind --mode $setup failed: $(cat "rebind-$tag.err")"
	clocks >>"rebind-$tag.clock"
	printk_since "$seen" >"rebind-$tag.printk"
	[ "$(wc -l <"rebind-$tag.printk")" = 4 ] ||
		fail "$setup: $(wc -l <"rebind-$tag.printk") pr_debug lines for 4 binds"
	bound || fail "$setup: $ns is not bound after the run"
	echo "$setup: $(tr '\n' ' ' <"rebind-$tag.printk")"
done

# hmmbench monitor sees the calls of a rebind run (two rebinds after the
# first: three memunmap and memremap pairs of device DAX), with the times
# the run recorded.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
monitor_start --count 6 --format json
hmmbench rebind $ns --iters 2 -q --format json -o /tmp/rb-mon.json ||
	fail "rebind with a monitor failed"
wait $monitor
[ "$(grep -o '"event":"[a-z]*","seq":[0-9]*,"type":"[a-z]*"' /tmp/mon.out | tr '\n' ' ')" = \
  '"event":"memunmap","seq":1,"type":"generic" "event":"memremap","seq":2,"type":"generic" "event":"memunmap","seq":3,"type":"generic" "event":"memremap","seq":4,"type":"generic" "event":"memunmap","seq":5,"type":"generic" "event":"memremap","seq":6,"type":"generic" ' ] ||
	fail "monitor saw: $(cat /tmp/mon.out)"
values memremap_ns /tmp/rb-mon.json >/tmp/want
grep '"event":"memremap"' /tmp/mon.out >/tmp/remaps
values total_ns /tmp/remaps >/tmp/got
cmp -s /tmp/want /tmp/got ||
	fail "memremap: run $(tr '\n' ' ' </tmp/want), events $(tr '\n' ' ' </tmp/got)"
echo "monitor: 6 calls, memremap times as the run's"

# expect STATUS WORDS -- CMD...: CMD exits with STATUS and its stderr has
# WORDS.
expect() {
	st=$1 words=$2
	shift 3
	"$@" >/tmp/out 2>/tmp/err
	rc=$?
	[ $rc = "$st" ] && grep -qF -- "$words" /tmp/err ||
		fail "'$*' gave status $rc and '$(cat /tmp/err)', expected $st and '$words'"
	echo "ok: $*: $(cat /tmp/err)"
}

expect 1 "namespace9.9 not found" -- hmmbench rebind namespace9.9
expect 1 "is not a namespace name" -- hmmbench rebind pfn0.0
expect 1 "destroys the data on its" -- \
	hmmbench rebind $ns --mode fsdax --map mem
expect 2 "--map is fsdax's" -- hmmbench rebind $ns --mode devdax --map dev
expect 1 "needs root" -- hbnobody /bin/hmmbench rebind $ns
dax=$(ndctl list -n $ns | json chardev)
# shellcheck disable=SC2217 # sleep only holds the device open
sleep 600 </dev/"$dax" &
holder=$!
# The shell opens the device before it execs sleep: wait for the exec.
i=0
while [ "$(cat /proc/$holder/comm)" != sleep ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
expect 1 "sleep (pid $holder)" -- hmmbench rebind $ns --iters 1
kill $holder
wait $holder 2>/dev/null
bound || fail "$ns is not bound after the refusals"

# A signal while unbound: the rebind in progress ends bound, and what was
# measured is written, marked incomplete (status 130).
for sig in INT TERM; do
	HMMBENCH_TEST_UNBOUND_MS=1500 hmmbench rebind $ns --iters 20 -q \
		--format json -o "rebind-sig$sig.json" 2>/tmp/err &
	pid=$!
	sleep 6
	kill -$sig $pid
	wait $pid
	rc=$?
	[ $rc = 130 ] || fail "SIG$sig: status $rc: $(cat /tmp/err)"
	bound || fail "SIG$sig left $ns unbound"
	echo "SIG$sig: status 130, $ns bound"
done

printk_off
ndctl create-namespace -f -e $ns -m "$mode0" >/dev/null 2>&1 ||
	fail "cannot make $ns $mode0 again"
