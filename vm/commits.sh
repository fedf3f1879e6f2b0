# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # the variables the scripts set, below
# What vm/series and vm/bisect share, sourced after lib.sh: the user's
# kernel tree checked, a worktree of it to build commits in, a commit
# built and measured, and a figure read from two commits' results.
# They set these first: out (the results), rounds, mem, pmem (vm/run's
# options, an array), append (the kernel command line's additions),
# metric (a key of compare, or empty), and over and anchor for a tree
# built over a test kernel (hb_commits_over).

# hb_commits_tree DIR: DIR as an absolute path, after the checks that
# need no build: a git tree of a Linux kernel without uncommitted changes.
hb_commits_tree() {
	local t=$1

	[ -d "$t" ] || die "$t is not a directory"
	t=$(cd "$t" && pwd)
	git -C "$t" rev-parse --git-dir >/dev/null 2>&1 ||
		die "$t is not a git tree: its commits are what is measured"
	[ -f "$t/Makefile" ] && [ -d "$t/mm" ] ||
		die "$t does not look like a Linux source tree"
	[ -z "$(git -C "$t" status --porcelain --untracked-files=no)" ] ||
		die "$t has uncommitted changes, which no commit holds: commit or stash them first"
	printf '%s\n' "$t"
}

# hb_commits_rev TREE REV: REV's commit id, or a sentence.
hb_commits_rev() {
	git -C "$1" rev-parse -q --verify "$2^{commit}" ||
		die "$2 is not a commit of $1"
}

# hb_commits_rounds COMMAND: rounds checked, or its default: under icount
# 2 runs of hmmbench run (compare calls a change exact when both runs of
# each side count the same), 4 of the other commands, whose counts need
# not repeat exactly (a rebind's vary by about 0.1 %: interrupts and RCU
# work land inside a bind), for compare's tests; timed, 6, compare's
# fewest runs for a verdict.
hb_commits_rounds() {
	if [ -z "$rounds" ]; then
		rounds=6
		[ "$HMMBENCH_ACCEL" != icount ] || { [ "$1" = run ] && rounds=2 || rounds=4; }
	fi
	[[ $rounds =~ ^[1-9][0-9]*$ ]] ||
		die "--rounds takes a positive number, not '$rounds'"
}

# hb_commits_results COMMAND...: OUT kept for COMMAND (with the
# architecture, accelerator, rounds and NVDIMM): the results of another
# go, those of a commit measured already stay and are not measured again.
hb_commits_results() {
	local command="$HB_ARCH $HMMBENCH_ACCEL $rounds ${pmem[*]} ${over:+over $over} append '$append' hmmbench $*"

	mkdir -p "$out"
	[ "$(cat "$out/command" 2>/dev/null)" != "$command" ] || return 0
	rm -f "$out"/*.json "$out"/*.build "$out"/*.config
	printf '%s\n' "$command" >"$out/command"
}

# hb_commits_over TREE TIP: the checks of a tree built over Debian's
# source $over, before anything is built: every commit from $anchor to
# TIP changes only .c files that $anchor holds as that source does, so
# that each commit is the test kernel with the files it changed laid over
# it (build-kernel --overlay).
hb_commits_over() {
	local debian st f

	debian=$(hb_debian_tree "$over")
	git -C "$1" merge-base --is-ancestor "$anchor" "$2" ||
		die "$anchor is not an ancestor of $2: the commits are built as the files they change against it"
	while IFS=$'\t' read -r st f; do
		[ -n "$f" ] || continue
		[ "$st" = M ] && [[ $f = *.c ]] ||
			die "$(hb_commit_short "$anchor")..$2 changes $f ($st), not only .c files that exist: a build over the $over test kernel takes those alone; build the tree itself (no OVER)"
		[ -f "$debian/$f" ] &&
			[ "$(git -C "$1" rev-parse "$anchor:$f")" = "$(git hash-object "$debian/$f")" ] ||
			die "$f at $(hb_commit_short "$anchor") is not Debian's $over source's: OVER needs the commit whose files are that source's (OVER=$over@REV)"
	done < <(git -C "$1" log --format= --name-status "$anchor..$2" | sort -u)
}

# hb_commits_worktree TREE REV: sets wt, a worktree of TREE in the cache
# checked out at REV, where each commit is checked out in turn: a checkout
# rewrites only the files a commit changes, so the one build directory
# build-kernel keeps for the worktree compiles only those.  It goes when
# the script exits, however it exits; the build directory stays.
hb_commits_worktree() {
	local how=()

	tree=$1
	wt=$HB_CACHE/commits/wt-$(printf '%s' "$tree" | sha256sum | cut -c1-12)
	hb_commits_unworktree
	mkdir -p "$(dirname "$wt")"
	# over a test kernel no commit is checked out: git show gives its files
	[ -z "$over" ] || how=(--no-checkout)
	git -C "$tree" worktree add -q "${how[@]}" --detach "$wt" "$2"
	trap hb_commits_unworktree EXIT
}

hb_commits_unworktree() {
	git -C "$tree" worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
	git -C "$tree" worktree prune
}

# hb_commit_short COMMIT: its short id and subject.
hb_commit_short() {
	git -C "$tree" log -1 --format='%h %s' --abbrev=12 "$1"
}

# hb_commit_kernel COMMIT: sets kernel, vm/run's and build-kernel's
# options for COMMIT: the worktree with COMMIT checked out, or over a
# test kernel the files COMMIT changed against $anchor, in a directory of
# their own (dir).
hb_commit_kernel() {
	local c=$1 f

	if [ -z "$over" ]; then
		git -C "$wt" checkout -q --detach "$c"
		kernel=(--kernel-tree "$wt")
		return
	fi
	# named by what it holds, so that a commit made again (rebased,
	# amended) finds its build
	dir=$HB_CACHE/commits/over/over-$over-$(git -C "$tree" diff --raw --abbrev=40 "$anchor" "$c" | sha256sum | cut -c1-12)
	rm -rf "$dir"
	mkdir -p "$dir"
	git -C "$tree" diff --name-only "$anchor" "$c" | while IFS= read -r f; do
		mkdir -p "$dir/$(dirname "$f")"
		git -C "$tree" show "$c:$f" >"$dir/$f"
	done
	kernel=(--kernel "$over" --overlay "$dir")
}

# hb_commits_build COMMIT...: over a test kernel, the commits not yet
# measured built in one go, the test kernel built back once after them
# (build-kernel --overlay, repeated); each one's seconds in
# OUT/COMMIT.build.  A failed build is left to hb_commit_measure.
hb_commits_build() {
	local c dirs=() todo=() kdirs i=0 dir kernel

	[ -n "$over" ] || return 0
	for c in "$@"; do
		[ ! -f "$out/$c.json" ] || continue
		hb_commit_kernel "$c"
		dirs+=(--overlay "$dir")
		todo+=("$c")
	done
	[ ${#todo[@]} -gt 0 ] || return 0
	note "${#todo[@]} of the commits to measure: their kernels, over the $over test kernel's objtree"
	kdirs=$("$HB_VM_DIR/build-kernel" --arch "$HB_ARCH" --kernel "$over" \
		"${dirs[@]}") || return 0
	while IFS= read -r dir; do
		cat "$dir/.hmmbench-seconds" 2>/dev/null >"$out/${todo[i]}.build" ||
			echo 0 >"$out/${todo[i]}.build"
		i=$((i + 1))
	done <<<"$kdirs"
}

# hb_commit_build COMMIT: COMMIT built, unless it was, and kernel set to
# boot it (hb_commit_kernel); the seconds it took in OUT/COMMIT.build and
# its configuration in OUT/COMMIT.config.  A commit that does not build
# fails, with "failed" in OUT/COMMIT.build.
hb_commit_build() {
	local c=$1 name t0 kdir

	[ "$(cat "$out/$c.build" 2>/dev/null)" != failed ] || return 1
	name=$(hb_commit_short "$c")
	hb_commit_kernel "$c"
	t0=$SECONDS
	if ! kdir=$("$HB_VM_DIR/build-kernel" --arch "$HB_ARCH" "${kernel[@]}"); then
		echo failed >"$out/$c.build"
		note "${name%% *} does not build"
		return 1
	fi
	cp "$kdir/.config" "$out/$c.config"
	# hb_commits_build timed those it built
	[ -s "$out/$c.build" ] && return 0
	echo $((SECONDS - t0)) >"$out/$c.build"
	note "${name%% *}: built in $(cat "$out/$c.build") s"
}

# hb_commit_boot COMMIT ROUND HMMBENCH-ARGS...: round ROUND of COMMIT
# measured in a boot (OUT/COMMIT-ROUND.json), unless it was.  Under
# icount, where a count repeats from run to run and from boot to boot,
# every round not measured yet is a run of that one boot.
hb_commit_boot() {
	local c=$1 r=$2 kernel dir label rs=() cmd=''
	shift 2

	[ ! -f "$out/$c-$r.json" ] || return 0
	hb_commit_build "$c" || return 1
	label=$(git -C "$tree" rev-parse --short=12 "$c")
	if [ "$HMMBENCH_ACCEL" = icount ]; then
		for r in $(seq "$rounds"); do
			[ -f "$out/$c-$r.json" ] || rs+=("$r")
		done
	else
		rs=("$r")
	fi
	for r in "${rs[@]}"; do
		cmd+="hmmbench $(printf '%q ' "$@")--label $label -q --format json -o $c-$r.json.tmp && "
	done
	"$HB_VM_DIR/run" --arch "$HB_ARCH" --mem "$mem" "${pmem[@]}" \
		"${kernel[@]}" ${append:+--append "$append"} --share "$out" -- \
		sh -c "${cmd}true" || return 1
	for r in "${rs[@]}"; do
		mv "$out/$c-$r.json.tmp" "$out/$c-$r.json"
	done
}

# hb_commit_merge COMMIT: its ROUNDS boots merged into OUT/COMMIT.json,
# once every round was measured.
hb_commit_merge() {
	local c=$1 r runs=()

	[ ! -f "$out/$c.json" ] || return 0
	for r in $(seq "$rounds"); do
		[ -f "$out/$c-$r.json" ] || return 1
		runs+=("$out/$c-$r.json")
	done
	"$HB_TOP/cli/hmmbench" merge -q -o "$out/$c.json.tmp" "${runs[@]}" &&
		mv "$out/$c.json.tmp" "$out/$c.json"
}

# hb_commit_measure COMMIT HMMBENCH-ARGS...: COMMIT built and measured in
# ROUNDS boots (OUT/COMMIT.json, the runs merged), unless it was.
hb_commit_measure() {
	local c=$1 r
	shift

	[ ! -f "$out/$c.json" ] || return 0
	for r in $(seq "$rounds"); do
		hb_commit_boot "$c" "$r" "$@" || return 1
	done
	hb_commit_merge "$c"
}

# hb_commits_row A B: compare's row of the figure from commit A to commit
# B, of the warm calls, tab-separated: metric, unit, size, A's mean, B's
# mean, change in %, exact, significant, Holm's p; "none" when the
# results have no such row.  The figure is METRIC, else memmap_init_ns
# where the command measures it, else the command's headline.
hb_commits_row() {
	"$HB_TOP/cli/hmmbench" compare -q --format json "$out/$1.json" \
		"$out/$2.json" |
		jq -r --arg m "$metric" '
		[.comparisons[] | select(.kind == "warm")] as $w
		| ($w | map(select(.metric ==
			(if $m == "" then "memmap_init_ns" else $m end)))) as $want
		| (if ($want | length) > 0 then $want
		   elif $m == "" then $w | map(select(.primary))
		   else [] end) as $rows
		| if ($rows | length) == 0 then "none"
		  else $rows[0] | [.metric, .unit, .size, .base.mean, .new.mean,
			.change_percent, .exact, .significant,
			(.holm.p // "-")] | @tsv end'
}

# hb_commits_change A B: the figure's change from A to B as a table
# shows it: "-12.3 %", "0 %" (exactly none), "~" (none significant).
hb_commits_change() {
	local r

	r=$(hb_commits_row "$1" "$2") && [ "$r" != none ] || { echo '?'; return; }
	awk -F'\t' '{
		if ($6 == "null" || $6 == "") { print "?"; exit }
		if ($8 != "true") { print ($7 == "true" ? "0 %" : "~"); exit }
		printf "%+.1f %%\n", $6 }' <<<"$r"
}
