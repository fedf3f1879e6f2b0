# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# make series and make bisect on the template-init series split as the
# upstream series is (tests/fixtures/series-7.2), each commit built over
# the 7.2 test kernel and counted under icount, and a bisect under TCG
# replayed from the boots of a real one.  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}" "${vm:?}" "${results:?}"

SERIES_TREE=$results/series-tree
# compound pages, so that both template steps (heads, tails) count
SERIES_ARGS=(--size 128M --compound 2M --iters 2 --no-verify)
SERIES_APPEND=memmap_init_mode=template_nt

# series_rev N: the fixture's commit N (0: Debian's files, 1: the switch,
# 2: head pages, 3: a comment, 4: compound tails, 5: the non-temporal
# copy, 6: the template by default, 7: a test-only regression).
series_rev() {
	git -C "$SERIES_TREE" rev-list --reverse series | sed -n "$(($1 + 1))p"
}

# series_prebuild: (vm_prebuild) the fixture made and every commit built
# over the 7.2 test kernel in one go, before any guest boots that kernel.
series_prebuild() {
	"$top/tests/fixtures/series-7.2/make-tree" "$SERIES_TREE" &&
		"$vm/series" --tree "$SERIES_TREE" --range "$(series_rev 0)..series" \
			--over 7.2 --build-only --out "$results/series-build" \
			-- "${SERIES_ARGS[@]}"
}

# series_steps: make series on the fixture, the template with
# non-temporal stores asked for on the command line: the switch, the
# comment and the default that the command line already asks for are
# exactly no change of the warm memmap_init phase; heads,
# tails and the regression an exact change, the way the steps go; the
# non-temporal copy an exact change too (more instructions: icount sees
# no cache); the steps' ratios multiply to the whole series'; and a cover
# paragraph is written for each commit that changed the figure.
series_steps() {
	local out=$results/series i a b steps=() want
	local -a expect=(none zero less zero less more zero more)

	[ -d "$SERIES_TREE/.git" ] || "$top/tests/fixtures/series-7.2/make-tree" "$SERIES_TREE" || return 1
	HMMBENCH_ACCEL=icount "$vm/series" --tree "$SERIES_TREE" \
		--range "$(series_rev 0)..series" --over 7.2 \
		--append "$SERIES_APPEND" --out "$out" -- "${SERIES_ARGS[@]}" \
		>"$out.txt" || return 1
	cat "$out.txt"
	for i in 1 2 3 4 5 6 7; do
		a=$(series_rev $((i - 1))) b=$(series_rev $i)
		"$top/cli/hmmbench" compare -q --format json "$out/$a.json" \
			"$out/$b.json" >"$out/step-$i.json" || return 1
		case ${expect[i]} in
		# the same count within compare's exactness (1e-4): a call's count
		# may differ by an instruction
		zero) want='.exact and (.significant | not)' ;;
		less) want='.exact and .significant and .change_percent < 0' ;;
		more) want='.exact and .significant and .change_percent > 0' ;;
		esac
		json_true "$out/step-$i.json" "[.comparisons[]
			| select(.kind == \"warm\" and .metric == \"memmap_init_ns\")
			| $want] == [true]" || { echo "step $i: not ${expect[i]}"; return 1; }
		steps+=("$out/step-$i.json")
	done
	# (new/base) of each step, multiplied, against the tip's over the base
	jq -s -e '[.[] | .comparisons[]
		| select(.kind == "warm" and .metric == "memmap_init_ns")
		| .new.mean / .base.mean] | reduce .[] as $r (1; . * $r)' \
		"${steps[@]}" >"$out/product" || return 1
	"$top/cli/hmmbench" compare -q --format json "$out/$(series_rev 0).json" \
		"$out/$(series_rev 7).json" >"$out/whole.json" || return 1
	json_true "$out/whole.json" "[.comparisons[]
		| select(.kind == \"warm\" and .metric == \"memmap_init_ns\")
		| (.new.mean / .base.mean - $(cat "$out/product")) | fabs < 1e-9] == [true]" ||
		return 1
	# a paragraph for heads, tails, the copy and the regression, and the series
	[ "$(grep -c '^== ' "$out.txt")" = 5 ] && grep -q '^== the series' "$out.txt"
}

# series_rebind: make series of another workload, rebind: the devdax
# namespace of an NVDIMM (2M alignment, compound pages) bound on the
# comment commit and on the compound tails', with the template asked for
# on the command line.  A bind's count varies by about 0.1 % (interrupts
# and RCU work land inside it), so the series runs 4 rounds, not 2, and
# compare's tests find the tails' template a significant fall of the
# binds' warm memmap_init phase, as it is an exact one of a chunk's.
series_rebind() {
	local out=$results/series-rebind r3 r4

	r3=$(series_rev 3) r4=$(series_rev 4)
	HMMBENCH_ACCEL=icount "$vm/series" --tree "$SERIES_TREE" \
		--range "$r3..$r4" --over "7.2@$(series_rev 0)" --pmem 1G \
		--append "$SERIES_APPEND" --out "$out" -- rebind namespace0.0 \
		--reconfigure --mode devdax --align 2M --iters 2 >"$out.txt" ||
		return 1
	cat "$out.txt"
	"$top/cli/hmmbench" compare -q --format json "$out/$r3.json" \
		"$out/$r4.json" >"$out/step.json" &&
	json_true "$out/step.json" '[.comparisons[]
		| select(.kind == "warm" and .metric == "memmap_init_ns")
		| .significant and .change_percent < 0] == [true]'
}

# series_migrate: make series of migrations over the same two commits,
# which change no migration: the headline figure (the warm MIGRATE
# to-device calls) shows no significant change, "~", and the cover text
# has the series' paragraph alone.
series_migrate() {
	local out=$results/series-migrate r3 r4

	r3=$(series_rev 3) r4=$(series_rev 4)
	HMMBENCH_ACCEL=icount "$vm/series" --tree "$SERIES_TREE" \
		--range "$r3..$r4" --over "7.2@$(series_rev 0)" --out "$out" \
		-- migrate --size 64M --iters 2 >"$out.txt" || return 1
	cat "$out.txt"
	grep -q '^commit  .* to_device_total_ns ' "$out.txt" &&
		grep -Eq "^${r4:0:12}  .* [0-9]+ +~ +~  [0-9]+ s$" "$out.txt" &&
		[ "$(grep -c '^== ' "$out.txt")" = 1 ] &&
		grep -q '^== the series' "$out.txt"
}

# bisect_default: make bisect from Debian's files to the commit that makes
# the template the default, nothing on the command line, finds that
# commit, and leaves the tree, its branch and its worktrees as they were.
bisect_default() {
	local out=$results/bisect-default head

	head=$(git -C "$SERIES_TREE" rev-parse HEAD)
	HMMBENCH_ACCEL=icount "$vm/bisect" --tree "$SERIES_TREE" \
		--good "$(series_rev 0)" --bad "$(series_rev 6)" --over 7.2 \
		--out "$out" -- "${SERIES_ARGS[@]}" >"$out.txt" || return 1
	cat "$out.txt"
	grep -qx "first new commit: $(git -C "$SERIES_TREE" log -1 --format='%h %s' --abbrev=12 "$(series_rev 6)")" "$out.txt" &&
	[ "$(git -C "$SERIES_TREE" rev-parse HEAD)" = "$head" ] &&
	[ "$(git -C "$SERIES_TREE" symbolic-ref HEAD)" = refs/heads/series ] &&
	[ -z "$(git -C "$SERIES_TREE" status --porcelain)" ] &&
	[ "$(git -C "$SERIES_TREE" worktree list | wc -l)" = 1 ] &&
	! git -C "$SERIES_TREE" bisect log >/dev/null 2>&1
}

# bisect_regression: make bisect between the non-temporal copy and the
# tip, in the series' configuration, finds the test-only regression from
# the series' results, measuring nothing again.
bisect_regression() {
	local out=$results/series

	HMMBENCH_ACCEL=icount "$vm/bisect" --tree "$SERIES_TREE" \
		--good "$(series_rev 5)" --bad series \
		--over "7.2@$(series_rev 0)" --append "$SERIES_APPEND" \
		--out "$out" -- "${SERIES_ARGS[@]}" >"$out-bisect.txt" 2>"$out-bisect.err" ||
		{ cat "$out-bisect.err"; return 1; }
	cat "$out-bisect.txt"
	grep -qx "first new commit: $(git -C "$SERIES_TREE" log -1 --format='%h %s' --abbrev=12 "$(series_rev 7)")" "$out-bisect.txt" &&
	! grep -Eq 'building|accelerator' "$out-bisect.err"
}

# bisect_timed: a bisect under TCG replayed from the boots of a real one
# (tests/fixtures/series-7.2/bisect-tcg.tar.xz: GOOD's, BAD's and each
# step's results, one a boot, as vm/bisect kept them, of run --size 1G
# --iters 3 --no-verify): compare's tests against both ends call each
# step; the comment commit, between the two after 12 boots, is skipped
# with its reason; the commit that makes the template the default is
# found; nothing is built or booted.
bisect_timed() {
	local out=$results/bisect-timed r3 r6

	r3=$(series_rev 3) r6=$(series_rev 6)
	rm -rf "$out" && mkdir -p "$out" &&
		tar -xJf "$top/tests/fixtures/series-7.2/bisect-tcg.tar.xz" \
			-C "$out" || return 1
	HMMBENCH_ACCEL=tcg "$vm/bisect" --tree "$SERIES_TREE" \
		--good "$(series_rev 0)" --bad "$r6" --over 7.2 --out "$out" \
		-- --size 1G --iters 3 --no-verify >"$out.txt" 2>"$out.err" ||
		{ cat "$out.err"; return 1; }
	cat "$out.txt"
	grep -qx "first new commit: $(git -C "$SERIES_TREE" log -1 --format='%h %s' --abbrev=12 "$r6")" "$out.txt" &&
		grep -Eq "^  ${r3:0:12} .* skip 12 boots: against good [-+][0-9.]+ % \(p [0-9.e-]+\), against bad " "$out.txt" &&
		[ "$(grep -Ec ' old +(6|12) boots: against good ' "$out.txt")" = 2 ] &&
		! grep -Eq 'building|accelerator' "$out.err"
}

# series_refused: bad input is one sentence before anything is built: a
# directory outside git, a dirty tree, an empty range, a merge, more
# commits than --max, GOOD after BAD, files over a test kernel that are
# not its source's, a bound of boots under icount (where one decides) and
# one below ROUNDS.
series_refused() {
	local t r0 r2 r7 rc=0

	t=$(mktemp -d) || return 1
	r0=$(series_rev 0) r2=$(series_rev 2) r7=$(series_rev 7)
	mkdir "$t/plain"
	git clone -q "$SERIES_TREE" "$t/dirty" && echo >>"$t/dirty/Makefile" &&
	git clone -q "$SERIES_TREE" "$t/merge" &&
	git -C "$t/merge" checkout -q -b side "$r2" &&
	git -C "$t/merge" -c user.name=t -c user.email=t@t commit -q --allow-empty -m side &&
	git -C "$t/merge" checkout -q series &&
	git -C "$t/merge" -c user.name=t -c user.email=t@t merge -q --no-edit side &&
	refused "is not a git tree" "$vm/series" --tree "$t/plain" --range a..b &&
	refused "uncommitted changes" "$vm/series" --tree "$t/dirty" --range "$r0..$r7" &&
	refused "holds no commit" "$vm/series" --tree "$SERIES_TREE" --range "$r7..$r7" &&
	refused "holds merges" "$vm/series" --tree "$t/merge" --range "$r0..series" &&
	refused "more than --max 3" "$vm/series" --tree "$SERIES_TREE" --range "$r0..$r7" --max 3 &&
	refused "is not an ancestor" "$vm/bisect" --tree "$SERIES_TREE" --good "$r7" --bad "$r0" &&
	refused "is not Debian's 7.2 source's" "$vm/series" --tree "$SERIES_TREE" --range "$r2..$r7" --over 7.2 &&
	refused "is for timed bisects" env HMMBENCH_ACCEL=icount "$vm/bisect" --tree "$SERIES_TREE" --good "$r0" --bad "$r7" --max-rounds 4 &&
	refused "no smaller than --rounds (6)" env HMMBENCH_ACCEL=tcg "$vm/bisect" --tree "$SERIES_TREE" --good "$r0" --bad "$r7" --max-rounds 3 ||
		rc=1
	rm -rf "$t"
	return $rc
}

# refused PATTERN COMMAND...: COMMAND fails with one line matching PATTERN.
refused() {
	local pattern=$1 err
	shift
	if err=$("$@" 2>&1 >/dev/null); then
		echo "$* succeeded"
		return 1
	fi
	echo "$err"
	[ "$(wc -l <<<"$err")" = 1 ] && grep -q -- "$pattern" <<<"$err"
}

# series_part: the series, then the bisects, one lane part (they share
# the fixture and the series' results).
series_part() {
	echo "# VM: make series and make bisect on the split template-init series"
	host_test series-steps-exact-and-multiply-to-the-series series_steps
	host_test series-of-rebinds-sees-the-tails-template series_rebind
	host_test series-of-migrations-sees-no-change-where-none-is series_migrate
	host_test bisect-finds-the-commit-that-makes-the-template-default \
		bisect_default
	host_test bisect-finds-a-regression-from-the-series-results \
		bisect_regression
	host_test bisect-under-tcg-decides-by-compares-tests-against-both-ends \
		bisect_timed
	host_test series-and-bisect-refuse-bad-input-in-one-sentence \
		series_refused
}
