# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The harness suite: vm/run itself (streams, exit status, shared
# folders, kernel reports, time-outs, accelerators, module options),
# the driver's build, style and patch series, bench's smoke run, and
# the guest run of every scenario on the default test kernel; and
# suite_vm, all that tests/check vm runs.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}" "${results:?}" "${lanes:?}"

DEFAULT_KERNEL=$(. "$vm/lib.sh" && echo "$HB_DEFAULT_KERNEL")

# The harness tests need little guest memory, and 1 GiB boots faster than
# the default 4 GiB that the scenarios need.
small_vm() {
	"$vm/run" --mem 1G "$@"
}

# vm_version [KERNEL [RUN-ARGS...]]: the guest runs that Debian kernel
# (default 6.1).
vm_version() {
	local k=${1:-6.1} out
	out=$(small_vm --kernel "$k" "${@:2}" -- cat /proc/version) || return 1
	echo "$out"
	[[ $out == "Linux version $k."* ]]
}

vm_streams() {
	local out err
	out=$(small_vm "$@" -- sh -c 'echo to-stdout; echo to-stderr >&2' \
		2>"$results/streams.err") || return 1
	err=$(cat "$results/streams.err")
	[ "$out" = to-stdout ] && [[ $err == *to-stderr* ]] &&
		[[ $err != *to-stdout* ]]
}

vm_false() {
	local rc=0
	small_vm "$@" -- sh -c 'exit 3' || rc=$?
	echo "exit status $rc"
	[ $rc = 3 ]
}

# vm_share [--share-cached]: what the guest writes in the shared
# directory is the host's after the run; with --share-cached, written
# through the guest's cache (9p cache=loose), which the mount shows (6.1
# as "loose", 7.x as "cache=0xf").
vm_share() {
	local d opt=${1:---share} want=no rc=0
	d=$(mktemp -d)
	[ "$opt" = --share ] || want=yes
	small_vm "$opt" "$d" -- sh -c '
		c=no
		! grep -Eq " /host 9p .*,(loose|cache=)" /proc/mounts || c=yes
		[ "$c" = "$1" ] && echo ok > /host/f' sh "$want" || rc=$?
	[ $rc = 0 ] && [ "$(cat "$d/f")" = ok ]
	rc=$?
	rm -rf "$d"
	return $rc
}

# With an NVDIMM the guest keeps ACPI for PCI, but its interrupts come
# from the BIOS table: ACPI's _PRT can time out on the emulated KASAN
# kernel and leave the shared directory's virtio device without one.
vm_share_pmem() {
	local d rc=0
	d=$(mktemp -d)
	small_vm --pmem 1G --share "$d" -- sh -c '
		! dmesg | grep -q "Using ACPI for IRQ routing" &&
		[ -e /dev/pmem0 ] && echo ok > /host/f' || rc=$?
	[ $rc = 0 ] && [ "$(cat "$d/f")" = ok ]
	rc=$?
	rm -rf "$d"
	return $rc
}

vm_panic() {
	local rc=0
	small_vm --no-load --timeout 120 -- \
		sh -c 'echo c > /proc/sysrq-trigger' 2>"$results/panic.err" ||
		rc=$?
	cat "$results/panic.err"
	[ $rc != 0 ] && grep -q 'Kernel panic' "$results/panic.err"
}

# lkdtm provokes a kernel report ($1); the run must fail and show it ($2).
vm_provoke() {
	local rc=0
	small_vm --no-load --timeout 120 -- \
		sh -c "echo $1 > /sys/kernel/debug/provoke-crash/DIRECT" \
		2>"$results/provoke.err" || rc=$?
	cat "$results/provoke.err"
	[ $rc != 0 ] && grep -q "$2" "$results/provoke.err"
}

vm_timeout() {
	local rc=0
	small_vm --no-load --timeout 10 -- sleep 1000 || rc=$?
	echo "exit status $rc"
	[ $rc = 124 ]
}

# accel_choice KVM-DEV ARGS -- EXPECTED: vm/run --dry-run with
# HMMBENCH_KVM_DEV standing in for /dev/kvm picks EXPECTED (kvm or tcg),
# says so on stderr, and its QEMU command has that accelerator's options
# and not the other's.
accel_choice() {
	local dev=$1 want=$2 out err
	shift 2
	out=$(HMMBENCH_KVM_DEV=$dev "$vm/run" --dry-run "$@" -- true \
		2>"$results/accel.err") || { cat "$results/accel.err"; return 1; }
	err=$(cat "$results/accel.err")
	echo "$err"; echo "$out"
	grep -Eq "accelerator: $want( |\$)" <<<"$err" || return 1
	if [ "$want" = kvm ]; then
		grep -q -- '-accel kvm -cpu host ' <<<"$out" &&
		! grep -q -- '-accel tcg' <<<"$out"
	else
		grep -q -- '-accel tcg ' <<<"$out" &&
		! grep -q -- 'kvm' <<<"$out"
	fi
}

# accel_refused KVM-DEV MESSAGE: --accel kvm fails before booting and
# says why.
accel_refused() {
	local rc=0
	HMMBENCH_KVM_DEV=$1 "$vm/run" --accel kvm --dry-run -- true \
		>"$results/accel.out" 2>&1 || rc=$?
	cat "$results/accel.out"
	[ $rc != 0 ] && grep -q -- "$2" "$results/accel.out" &&
		! grep -q qemu-system "$results/accel.out"
}

# --accel icount: single-threaded TCG counting instructions, one vCPU;
# two are refused before anything boots.
accel_icount() {
	local out rc=0
	out=$(HMMBENCH_ACCEL='' "$vm/run" --accel icount --dry-run -- true \
		2>"$results/accel.err") || { cat "$results/accel.err"; return 1; }
	cat "$results/accel.err"; echo "$out"
	grep -q "accelerator: icount " "$results/accel.err" &&
		grep -qF -- '-accel tcg\,thread=single -icount shift=0\,sleep=off ' <<<"$out" &&
		grep -q -- '-smp 1 ' <<<"$out" || return 1
	"$vm/run" --accel icount --cpus 2 --dry-run -- true \
		>"$results/accel.out" 2>&1 || rc=$?
	cat "$results/accel.out"
	[ $rc != 0 ] && grep -q "runs one vCPU" "$results/accel.out"
}

accel_checks() {
	local f
	f=$(mktemp)
	accel_choice /nonexistent/kvm tcg &&
	accel_choice /dev/null kvm &&
	accel_choice /dev/null tcg --accel tcg &&
	accel_choice "$f" tcg &&
	accel_refused /nonexistent/kvm "does not exist" &&
	accel_refused "$f" "not a character device" &&
	accel_icount
	local rc=$?
	rm -f "$f"
	return $rc
}

# standin_run DIR MODE: one run of a guest command that prints the
# accelerator it was told it runs under, on the stand-in QEMU whose KVM
# acts as MODE (tests/vm/qemu-standin), with DIR/kvm, a character device
# that opens, as /dev/kvm.  The stand-in's calls go to DIR/log.
standin_run() {
	HMMBENCH_ACCEL='' HMMBENCH_ONE_THREAD='' HMMBENCH_KVM_DEV=$1/kvm HMMBENCH_QEMU=$top/tests/vm/qemu-standin \
	HMMBENCH_STANDIN_KVM=$2 HMMBENCH_STANDIN_LOG=$1/log HB_KVM_SILENT_S=10 \
		small_vm --no-load -- sh -c 'echo "$HMMBENCH_VM_ACCEL"'
}

# standin_gap LOG FROM TO: seconds between the FROMth and TOth calls.
standin_gap() {
	awk -v a="$2" -v b="$3" 'NR == a { t = $1 } NR == b { print $1 - t }' "$1"
}

# accel_fallback MODE WANT CALLS SENTENCE MAX-S: on the stand-in acting as
# MODE, two runs in turn both run under WANT, the first's stderr has
# SENTENCE, and the stand-in was called as CALLS lists (kvm, tcg: the first
# run's probe, its boot or boots, then the second run's boot, which reuses
# the verdict); the first run's last boot starts at most MAX-S seconds
# after its first call.
accel_fallback() {
	local mode=$1 want=$2 calls=$3 sentence=$4 max=$5 d out rc=0 n gap seen i
	d=$(mktemp -d)
	ln -s /dev/null "$d/kvm"
	for i in 1 2; do
		out=$(standin_run "$d" "$mode" 2>"$d/err$i") || rc=1
		echo "run $i: $out"
		cat "$d/err$i"
		[ "$out" = "$want" ] || rc=1
	done
	seen=$(awk '{ print $2 }' "$d/log" | tr '\n' ' ')
	echo "calls: $seen"
	[ "$seen" = "$calls " ] || rc=1
	grep -qF -- "$sentence" "$d/err1" || { echo "no '$sentence'"; rc=1; }
	[ "$(grep -c 'accelerator: ' "$d/err2")" = 1 ] || rc=1
	n=$(($(wc -l <"$d/log") - 1))
	gap=$(standin_gap "$d/log" 1 "$n")
	echo "first run: its last boot $gap s after its first call (at most $max)"
	awk -v g="$gap" -v m="$max" 'BEGIN { exit !(g <= m) }' || rc=1
	rm -rf "$d"
	return $rc
}

# A /dev/kvm that opens but cannot run the guest: QEMU aborts at once, or
# the guest stays silent (in the probe, or only in the run's own boot);
# each run ends in TCG, saying why, within the probe's bound, and the
# second run of a boot of this machine probes no more.  KVM that runs the
# guest keeps it.
accel_probe_checks() {
	local p
	p=$(. "$vm/lib.sh" && echo "$HB_KVM_PROBE_S")
	accel_fallback abort tcg "kvm tcg tcg" \
		"accelerator: tcg (software emulation: KVM is present but could not run the guest: QEMU exited with status 134: failed to set MSR 0x10a to 0x69)" 3 &&
	accel_fallback hang tcg "kvm tcg tcg" \
		"accelerator: tcg (software emulation: KVM is present but could not run the guest: the guest printed nothing in $p s under KVM)" $((p + 3)) &&
	accel_fallback hang-run tcg "kvm kvm tcg tcg" \
		"KVM ran the probe but not this guest (the guest printed nothing in 10 s under KVM): starting again" $((p + 10 + 3)) &&
	accel_fallback boot kvm "kvm kvm kvm" "accelerator: kvm" $((p + 3))
}

# Options from --module-opt and from hmmbench.NAME=VALUE in --append reach
# the module; one it does not have stops the run before booting.
module_opt_checks() {
	local out rc=0
	out=$(small_vm --module-opt reserve_mb=300 \
		--append "hmmbench.phase_probe=0" -- \
		cat /sys/module/hmmbench/parameters/reserve_mb \
		/sys/module/hmmbench/parameters/phase_probe) || return 1
	echo "$out"
	[ "$out" = "$(printf '300\nN')" ] || return 1
	small_vm --module-opt no_such_option=1 -- true \
		>"$results/modopt.out" 2>&1 || rc=$?
	cat "$results/modopt.out"
	[ $rc != 0 ] && grep -q "no option 'no_such_option'" "$results/modopt.out"
}

# make bench SMOKE=1: the report has every figure, each target says met,
# missed or (an interval too wide) not shown, and no figure is missing
# (nan); speed is never asserted.
bench_smoke_checks() {
	local r=$top/build/bench/report.txt num='-?[0-9]+\.[0-9]+' t
	# as the docs show it
	make -s -C "$top" bench SMOKE=1 >/dev/null || return 1
	t='target (<|>=) [0-9.]+( %)?: (met|MISSED by [0-9.]+( %)?)$'
	local patterns=(
		"^hmmbench bench, .*accelerator [a-z]+, "
		"^  256 MiB +wall $num s, kernel $num s: overhead $num %; $t"
		"^  1 GiB +wall $num s, kernel $num s: overhead $num %; no target$"
		"^  off $num ms, on $num ms: [+-]$num % \[95 % CI [+-]$num %, [+-]$num %\]; ($t|target < 1 %: not shown: the 95 % CI reaches [+-]$num %$)"
		"^  256 MiB +warm CV $num % \(n 3\); no target$"
		"^  512 MiB +warm CV $num % \(n 3\); no target$"
		"^  1 GiB +warm CV $num % \(n 3\); $t"
		"^  between boots \(2 boots of the large size\): within-boot CV $num %, CV of the boot means $num %, between-boot part $num %$"
		"^  fit over 4 sizes: $num ns/page, intercept $num ms, R\^2 $num; $t"
		"^  to_device +64 MiB +(4K|THP|mixed .*): +$num ms, $num GiB/s, CV $num %, copy $num % \($num GiB/s, $num % of the kernel's copy at $num GiB/s\); ioctl overhead $num %; $t"
		"^  to_system +16 MiB +(4K|THP|mixed .*): +$num ms, $num GiB/s, CV $num %, copy $num % \($num GiB/s, $num % of the kernel's copy at $num GiB/s\); ioctl overhead $num %; no target$"
		"^  to_system +fit over 3 sizes: $num ns per 4 KiB page, R\^2 $num; $t"
		"^  fault: (4K|THP|mixed .*), [0-9]+ faults; handler p50 $num us, p99 $num us; the touch p50 $num us$"
		"^  4k +64 MiB +$num ms, $num ns/4KiB, $num GiB/s, hmm_range_fault $num %, CV $num %, 0 of 16384 pages in PMDs; ioctl overhead $num %; $t"
		"^  thp +16 MiB +$num ms, $num ns/4KiB, $num GiB/s, hmm_range_fault $num %, CV $num %, [0-9]+ of 4096 pages in PMDs; ioctl overhead $num %; no target$"
		"^  thp +fit over 3 sizes: $num ns per 4 KiB page, R\^2 $num; $t"
		"^  THP against 4K at 64 MiB: $num times the 4K warm total$"
	)
	local p size
	for p in "${patterns[@]}"; do
		grep -Eq "$p" "$r" || { echo "no line matching: $p"; cat "$r"; return 1; }
	done
	for size in "128 MiB" "256 MiB" "512 MiB" "1 GiB"; do
		grep -Eq "^  $size +memremap +$num ns/page, memmap_init phase +$num ns/page$" "$r" &&
		grep -Eq "^  $size +plain +$num GiB/s, phase at $num %; non-temporal ($num GiB/s, phase at $num %|not available on this architecture)$" "$r" ||
			{ echo "$size: no scaling or roofline line"; cat "$r"; return 1; }
	done
	! grep -qi 'nan' "$r" || { echo "a figure is missing (nan)"; cat "$r"; return 1; }
}

# The kernel patch series of vm/patches/SERIES/VERSION/ apply to
# their Debian tree and pass checkpatch.
patch_series_checks() {
	local dir v series src p bad=0
	for dir in "$vm"/patches/*/*/; do
		v=$(basename "$dir")
		series=$(basename "$(dirname "$dir")")
		src=$(. "$vm/lib.sh" && hb_debian_tree "$v") || return 1
		# The series applies in order to a copy (cached for the build)
		(. "$vm/lib.sh" && hb_patched_tree "$v" "$series" >/dev/null) ||
			{ echo "$series does not apply to $v"; bad=1; }
		for p in "$dir"*.patch; do
			"$src/scripts/checkpatch.pl" --no-tree -q "$p" ||
				{ echo "${p#"$vm"/}: checkpatch"; bad=1; }
		done
	done
	[ $bad = 0 ]
}

# The harness itself, and the scenarios, on the default test kernel;
# fails when that kernel does not build.
suite_harness() {
	local kdir

	echo "# VM: the harness itself"
	kdir=$("$vm/build-kernel") || { echo "not ok - test kernel build"; failed=$((failed + 1)); return 1; }
	make -s -C "$top/driver" KDIR="$kdir" clean >/dev/null
	host_test driver-builds-without-warnings \
		no_warnings make -C "$top/driver" KDIR="$kdir"
	keep_module "$kdir"
	host_test driver-sparse-clean \
		no_warnings make -C "$top/driver" KDIR="$kdir" sparse
	host_test driver-checkpatch-clean make -C "$top" style
	host_test kernel-patch-series-apply-and-pass-checkpatch \
		patch_series_checks
	host_test vm-run-prints-guest-version vm_version
	host_test vm-run-separates-stdout-stderr vm_streams
	host_test vm-run-returns-exit-status vm_false
	host_test vm-run-share-writes-host-file vm_share
	host_test vm-run-share-cached-writes-host-file vm_share --share-cached
	host_test vm-run-pmem-irqs-from-bios-table vm_share_pmem
	host_test vm-run-reports-kernel-panic vm_panic
	host_test vm-run-reports-kernel-warning vm_provoke WARNING 'WARNING:'
	host_test vm-run-reports-kernel-oops vm_provoke EXCEPTION 'Oops'
	host_test vm-run-times-out vm_timeout
	host_test vm-run-accel-choice accel_checks
	host_test vm-run-module-options-reach-module module_opt_checks

	guest_built "$kdir"
	later harness_guest "$kdir"
}

# harness_guest KDIR: the scenarios on the default test kernel, and what
# the guest wrote; make bench SMOKE=1.  Nothing here is timed against
# anything else, so suite_vm runs it beside other guests.  A thread per
# vCPU even so: driver-verify-phys-race needs both vCPUs running at once.
harness_guest() {
	echo "# VM: scenarios in the guest"
	# The heaviest migration cases run on the 7.2 debug kernel and on
	# arm64, both 6.1-era and 7.x paths; here the rest of hbmigrate runs.
	HMMBENCH_ONE_THREAD=0 guest_check vm --pmem 4G --timeout 2400 -- \
		--skip migrate-kill-midway,migrate-unmap-fault-race,migrate-chunk-full,74-mirror-ab
	host_test rebind-probe-agrees-with-printk rebind_checks "$results/vm" \
		"$1/.config"
	host_test cli-json-has-5-warm-samples-and-1-cold cli_json_checks
	host_test cli-migrate-json-complete-and-labelled migrate_json_checks \
		"$results/vm"
	host_test cli-mirror-finds-what-each-state-left mirror_json_checks \
		"$results/vm"
	host_test cli-sweep-has-one-summary-per-size cli_sweep_checks
	host_test cli-interrupted-json-is-valid-and-incomplete cli_interrupt_checks
	host_test bench-smoke-prints-every-figure bench_smoke_checks
}

# The harness's check that takes two minutes of one core and needs
# nothing of the others: suite_vm runs it beside a guest.
harness_late() {
	local kdir

	kdir=$("$vm/build-kernel" --cached) ||
		{ echo "not ok - test kernel build"; failed=$((failed + 1)); return 1; }
	host_test driver-compat-paths-build "$top/tests/compat/build-fake" "$kdir"
}

# vm_prebuild: the test kernels suite_vm builds, in the order it needs
# them.  tests/check builds them so in the background from its start,
# and suite_vm's suites wait for each as they build it (build-kernel
# waits for a build in progress); a build that fails fails again there,
# where it is reported.
vm_prebuild() {
	# the machine part's root filesystem, beside the builds: mostly a
	# download and dpkg's unpacking (its part waits for it, under the
	# cache's lock, and reports what failed)
	[ "$(. "$vm/lib.sh" && hb_host_arch)" != x86_64 ] || [ "$(id -u)" != 0 ] ||
		"$vm/sid-root" >/dev/null 2>&1 &
	! kernel_why default >/dev/null || "$vm/build-kernel" >/dev/null
	"$vm/build-kernel" --kernel $OTHER_KERNEL --debug >/dev/null
	! kernel_why default >/dev/null ||
		"$vm/build-kernel" --arch arm64 >/dev/null
	"$vm/build-kernel" --kernel $OTHER_KERNEL >/dev/null
	# before any guest boots the 7.2 test kernel, in whose objtree each
	# of the series' commits is built
	[ "$(. "$vm/lib.sh" && hb_host_arch)" != x86_64 ] ||
		series_prebuild >/dev/null 2>&1 || true
}

# template_prebuild ARM64: the template-init kernels of 6.1 and, when
# ARM64 is 1, of arm64's 6.1, each built over its stock kernel's objtree
# and that built back.  suite_vm runs it while it waits for vm_prebuild,
# once that has built the 7.2 kernel: nothing else uses those objtrees
# then, and the series' builds over the 7.2 kernel's leave a core idle
# over a quarter of the time (else the timed suites would build them
# first, on a core and a half).  Cached, they take no time; the suites
# ask for them again and report what failed.
template_prebuild() {
	renice -n 10 -p $BASHPID
	"$vm/build-kernel" --kernel $OTHER_KERNEL
	if kernel_why default && kernel_why template; then
		"$vm/build-kernel" --kernel template
	fi
	if [ "$1" = 1 ]; then
		"$vm/build-kernel" --arch arm64 --kernel template &&
			(. "$vm/lib.sh" && hb_arch arm64 && hb_busybox)
	fi
} >/dev/null 2>&1

# On a distribution without the default test kernel's source the parts
# that need it are skipped, saying why, and the others run.  The suites
# whose comparisons are timed (arm64's template, newest, template) run
# alone, once the kernels vm_prebuild builds are built; every guest that
# times nothing a test asserts on (or whose figure is icount's exact
# count) is queued and runs at the end, two at a time (run_queued), the
# longest first: the scenarios on the default kernel and the debug
# kernel's (about four and six minutes), then the docs' lines for a
# user's own machine and the docs' command lines (about five each), make
# series, and the driver's compat builds, so that no long part is left to
# run alone at the end.
suite_vm() {
	local why arm64=0 tpid

	lanes=1
	if why=$(kernel_why default); then
		suite_harness || return
	else
		skip_part "vm: the harness and the scenarios on the $DEFAULT_KERNEL test kernel" "$why"
	fi
	! debug_build || later debug_guest
	# the next longest, each on the first lane free
	later doc_machine
	later doc_commands
	# make series and make bisect, over the 7.2 kernel vm_prebuild built
	[ "$(. "$vm/lib.sh" && hb_host_arch)" != x86_64 ] || later series_part
	! kernel_why default >/dev/null || later harness_late
	arm64_build && { arm64=1; later arm64_guest; }
	suite_distro
	# what follows times comparisons: on a quiet machine
	template_prebuild $arm64 &
	tpid=$!
	prebuilt
	wait $tpid
	[ $arm64 = 0 ] || arm64_template
	[ "$(. "$vm/lib.sh" && hb_host_arch)" != x86_64 ] || suite_newest
	if why=$(kernel_why default) && why=$(kernel_why template); then
		suite_template
	else
		skip_part "vm-template: the template-init kernel, and comparisons of real runs on it and on the $DEFAULT_KERNEL test kernel" "$why"
	fi
	# bounds of a few seconds on its runs: last, beside the shortest
	# parts (beside make series it came within 0.44 s of one)
	! kernel_why default >/dev/null ||
		later host_test vm-run-kvm-that-cannot-run-the-guest-falls-back-to-tcg \
			accel_probe_checks
	run_queued
	lanes=0
	! kernel_why default >/dev/null || ! kernel_why template >/dev/null ||
		host_test verify-stock-and-template-kernels-write-the-same-struct-pages \
			verify_digests_agree
	reliability_line
}

# doc_commands: the command lines of README.md and docs/.
doc_commands() {
	echo "# the command lines of README.md and docs/"
	tap_suite doc-commands "$top/tests/doc-commands" make vm hmmbench host
}

# doc_machine: the lines for a user's own machine, on Debian unstable's
# userspace and kernel (about 6 minutes on a lane; make check-machine
# runs it alone); vm_prebuild makes its root filesystem.
doc_machine() {
	echo "# the lines for a user's own machine, on Debian unstable"
	tap_suite doc-commands-machine "$top/tests/doc-commands" machine
}
