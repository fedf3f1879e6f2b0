#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hmmbench unit tests: the command line's help and dispatch, on the built
# binary - each command's -h and --help on stdout with its own usage
# line, options and examples; messages that name hmmbench, not the path
# it was run by; usage errors that name the command; the output options
# every command shares; run as the default command; the messages of
# compare and of the VM scripts that the user meets first; and that the
# man page and the shell's completion say what the option tables do.
# TAP on stdout.
#
#   sh cli_help.sh PATH/TO/hmmbench

hb=$(cd "$(dirname "$1")" && pwd)/${1##*/}
here=$(cd "$(dirname "$0")" && pwd)
vm=$here/../../vm
golden=$here/golden
man=$here/../../man/hmmbench.1
completion=$here/../../completion/hmmbench
out=$(mktemp) err=$(mktemp) tmp=$(mktemp -d)
trap 'rm -rf "$out" "$err" "$tmp"' EXIT
n=0 failed=0

# check NAME COMMAND...: one TAP line, "ok" when COMMAND succeeds.
check() {
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		failed=1
	fi
}

# hb ARGS...: runs hmmbench, stdout in $out, stderr in $err, status in $rc.
hb() {
	"$hb" "$@" >"$out" 2>"$err"
	rc=$?
}

top_help_lists_every_command() {
	hb --help
	[ $rc = 0 ] && [ ! -s "$err" ] &&
		for c in run sweep rebind migrate info verify compare merge show \
			plot list monitor hold; do
			grep -q "^    $c " "$out" || return 1
		done
}

# usage_error CMD ARGS...: hmmbench ARGS is a usage error of one
# sentence, then "Try 'hmmbench CMD --help'", with nothing on stdout.
usage_error() {
	c=$1
	shift
	hb "$@"
	if ! { [ $rc = 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 2 ] &&
		head -n 1 "$err" | grep -q '^hmmbench: ' &&
		[ "$(tail -n 1 "$err")" = "Try 'hmmbench $c --help' for more information." ]; }; then
		echo "# hmmbench $*: $(cat "$err")"
		return 1
	fi
}

# Every usage error ends with the help of its command, in plain quotes:
# getopt's and argp's as much as hmmbench's own, while parsing or after.
every_usage_error_names_its_command() {
	usage_error run --bogus &&
	usage_error run --size &&
	usage_error show show -f xml &&
	usage_error show show --wide &&
	usage_error info info --format &&
	usage_error compare compare --alpha 2 a.json b.json &&
	usage_error compare compare a.json &&
	usage_error monitor monitor --count 0 &&
	usage_error rebind rebind &&
	usage_error plot plot x.json &&
	usage_error hold hold --size 1Q &&
	usage_error merge merge &&
	usage_error verify verify --namespace namespace0.0 --size 1G &&
	usage_error list list -q -v &&
	usage_error sweep sweep --interleave &&
	usage_error migrate migrate --thp --no-thp &&
	usage_error migrate migrate --direction sideways &&
	usage_error migrate migrate --batch 65537 &&
	usage_error migrate migrate --size 1000
}

# A stray argument is named with the command that takes none.
stray_argument_is_named_with_its_command() {
	for c in run sweep info verify list monitor hold migrate; do
		usage_error "$c" "$c" stray || return 1
		[ "$(head -n 1 "$err")" = "hmmbench: $c takes no arguments: 'stray'" ] ||
			{ echo "# $c: $(head -n 1 "$err")"; return 1; }
	done
	usage_error rebind rebind namespace0.0 namespace0.1 &&
		grep -q "^hmmbench: rebind takes one namespace: 'namespace0.1' is a second$" "$err"
}

# words: the words of stdin, one a line, sorted.
words() {
	tr -s '[:space:]' '\n' | sed '/^$/d' | sort
}

# has WORD LIST: LIST, a line a word, holds WORD.
has() {
	printf '%s\n' "$2" | grep -qxF -- "$1"
}

# "table, csv or json" of the words of $1.
said_list() {
	echo $1 | sed 's/ /, /g; s/\(.*\), /\1 or /'
}

# Every command that writes results or listings takes -f, -o and -q, and
# those with more to show -W and --wide, spelt alike; the human format
# is table, never text; a format it does not write is refused with one
# sentence, the same for every command, naming those it does.
output_options_are_one_vocabulary() {
	for c in run sweep rebind migrate info verify compare merge show list \
		monitor; do
		opts=$("$hb" "$c" --complete-options)
		for o in -f --format -o --output -q --quiet; do
			has "$o" "$opts" || { echo "# $c has no $o"; return 1; }
		done
		formats=$("$hb" "$c" --complete-formats)
		if has text "$formats" ||
		   { [ "$c" != merge ] && ! has table "$formats"; }; then
			echo "# $c writes $formats"
			return 1
		fi
		for f in xml text; do
			usage_error "$c" "$c" -f $f || return 1
			[ "$(head -n 1 "$err")" = "hmmbench: invalid --format '$f': $c writes $(said_list "$formats")" ] ||
				{ echo "# $c: $(head -n 1 "$err")"; return 1; }
		done
	done
	for c in run sweep rebind compare show; do
		opts=$("$hb" "$c" --complete-options)
		has -W "$opts" || return 1
		has --wide "$opts" || return 1
	done
	hb verify -f table --device /nonexistent/hmmbench
	[ $rc = 1 ] && grep -q 'not found' "$err"
}

# -o - is stdout, for every command that writes, and show writes to -o
# FILE as the others do.
output_dash_is_stdout() {
	here_was=$(pwd)
	cd "$tmp" || return 1
	hb show -o - "$golden/run.json"
	cd "$here_was" || return 1
	[ $rc = 0 ] && [ ! -e "$tmp/-" ] && cmp -s "$out" "$golden/run.table" ||
		return 1
	hb compare -q -f json -o - "$golden/run.json" "$golden/sweep.json"
	[ $rc != 2 ] && [ ! -e ./- ] || return 1
	hb show -f cover -o "$tmp/run.cover" "$golden/run.json"
	[ $rc = 0 ] && [ ! -s "$out" ] && cmp -s "$tmp/run.cover" "$golden/run.cover"
}

# fallback FUNCTION ARGS...: the completion's FUNCTION for a hmmbench it
# cannot run, which answers from its own lists, as words.
fallback() {
	bash -c '. "$1"; shift; COMP_WORDS=(/nonexistent/hmmbench); "$@"' \
		sh "$completion" "$@" | words
}

# The completion's own lists are this hmmbench's option tables: its
# commands, each command's options and formats.  monitor --format <TAB>
# offers monitor's formats, from the hmmbench typed.
completion_lists_are_the_option_tables() {
	[ "$("$hb" --complete-commands | words)" = "$(fallback _hmmbench_list_commands)" ] ||
		{ echo "# the commands differ"; return 1; }
	for c in $("$hb" --complete-commands); do
		[ "$("$hb" "$c" --complete-options | words)" = "$(fallback _hmmbench_options "$c")" ] ||
			{ echo "# the options of $c differ"; return 1; }
		[ "$("$hb" "$c" --complete-formats 2>/dev/null | words)" = "$(fallback _hmmbench_formats "$c")" ] ||
			{ echo "# the formats of $c differ"; return 1; }
	done
	got=$(bash -c '. "$1"; COMP_WORDS=("$2" monitor --format ""); COMP_CWORD=3
		_hmmbench; echo "${COMPREPLY[*]}"' sh "$completion" "$hb")
	[ "$got" = "table json" ] || { echo "# monitor --format <TAB>: $got"; return 1; }
}

# man_formats CMD: the formats the -f entry of CMD's section of the man
# page names, a line each.
man_formats() {
	sed -n "/^\.SS $1\$/,/^\.S[HS] /p" "$man" |
		sed -n '/^\.BI \\-f " format"/,/^\.[TS]/p' | sed '1d;$d' |
		grep -o -w 'table\|csv\|json\|cover\|gobench\|text'
}

# The man page names every option of every command, and the formats of
# each command's -f entry are those it writes.
man_page_says_what_the_tables_do() {
	for c in $("$hb" --complete-commands); do
		for o in $("$hb" "$c" --complete-options | grep -- '^--'); do
			grep -qF -- "$(echo "$o" | sed 's/-/\\-/g')" "$man" ||
				{ echo "# $c $o is not in the man page"; return 1; }
		done
		want=$("$hb" "$c" --complete-formats 2>/dev/null)
		got=$(man_formats "$c")
		[ -z "$got" ] || [ "$got" = "$want" ] ||
			{ echo "# $c: the man page says $got"; return 1; }
	done
}

# COMMAND USAGE OPTION NOT: its help is on stdout, starts with USAGE and
# lists OPTION and examples but not another command's option NOT.
command_help() {
	hb "$1" --help
	[ $rc = 0 ] && [ ! -s "$err" ] &&
		[ "$(head -n 1 "$out")" = "$2" ] &&
		grep -q -- "$3" "$out" && grep -q '^EXAMPLES:' "$out" &&
		! grep -q -- "$4" "$out" &&
		cp "$out" "$out.long" && hb "$1" -h &&
		cmp -s "$out" "$out.long" && rm -f "$out.long"
}

message_names_hmmbench_not_its_path() {
	hb --bogus
	[ $rc = 2 ] && head -n 1 "$err" | grep -q "^hmmbench: unrecognized option '--bogus'$"
}

run_is_the_default_command() {
	hb --size 64G --iters 10 --device /nonexistent/hmmbench
	[ $rc = 1 ] && grep -q '^hmmbench: /nonexistent/hmmbench not found' "$err"
}

unknown_command_is_a_usage_error() {
	hb frobnicate
	[ $rc = 2 ] && grep -q "unknown command 'frobnicate'" "$err"
}

# Results of 1 GiB and of 2 GiB only: nothing in common.
compare_with_no_size_in_common_fails() {
	sed 's/1073741824/2147483648/g' "$golden/run.json" >"$tmp/2g.json"
	hb compare "$golden/run.json" "$tmp/2g.json"
	[ $rc = 1 ] && [ ! -s "$out" ] &&
		grep -q "have no size measured in both (1G against 2G): nothing to compare$" "$err"
}

compare_of_gobench_text_says_it_is_text() {
	hb compare "$golden/run.gobench" "$golden/run.json"
	[ $rc = 1 ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "run.gobench: not a hmmbench result but text (a table, cover, CSV or gobench output?)" "$err"
}

# A program given as a result is called binary, in one sentence.
compare_of_a_binary_file_says_it_is_not_text() {
	hb compare /bin/true "$golden/run.json"
	[ $rc = 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "^hmmbench: /bin/true: not a hmmbench result but a binary file, not text: give the --format json output of run, sweep or merge$" "$err"
}

# Each note once, on stderr only, each line under 100 columns.
# another_run FILE: a copy of the run in FILE measured a day later, in
# $tmp/later.json: a run of its own.
another_run() {
	sed 's/"date":"2025-01-02T/"date":"2025-01-03T/' "$1" >"$tmp/later.json"
}

# Notes go to stderr once, each on a line of its own; two sides of one
# label are named by their files.
compare_notes_once_on_stderr() {
	cp "$golden/run.json" "$tmp/a.json"
	another_run "$golden/run.json"
	here_was=$(pwd)
	cd "$tmp" || return 1
	hb compare a.json later.json
	cd "$here_was" || return 1
	[ $rc = 0 ] && ! grep -q "one run each" "$out" &&
		[ "$(grep -c "one run each: no verdict" "$err")" = 1 ] &&
		grep -q "a.json and later.json are one run each" "$err" &&
		! awk 'length > 99 { bad = 1 } END { exit !bad }' "$err"
}

# A run counted twice, by merge or by compare, is refused with one
# sentence naming the files, even with --force: copies of one result,
# a merged result and one of its inputs, both sides of a comparison.
same_run_is_refused() {
	cp "$golden/run.json" "$tmp/copy.json"
	hb merge --force -o "$tmp/m.json" "$golden/run.json" "$tmp/copy.json"
	[ $rc = 1 ] && [ ! -e "$tmp/m.json" ] &&
	[ "$(cat "$err")" = "hmmbench: $golden/run.json and $tmp/copy.json hold the same run (measured 2025-01-02T03:04:05Z on testhost): merging would count it twice (--force does not change that)" ] || return 1
	another_run "$golden/run.json"
	hb merge -o "$tmp/m.json" "$golden/run.json" "$tmp/later.json"
	[ $rc = 0 ] || return 1
	hb merge -o "$tmp/m2.json" "$tmp/m.json" "$tmp/later.json"
	[ $rc = 1 ] && grep -q "^hmmbench: $tmp/m.json and $tmp/later.json hold the same run (measured 2025-01-03T03:04:05Z on testhost)" "$err" || return 1
	hb merge -o "$tmp/m3.json" "$tmp/m.json" "$tmp/m.json"
	[ $rc = 1 ] && grep -q "hold the same run" "$err" || return 1
	hb compare --force "$tmp/copy.json" "$golden/run.json"
	[ $rc = 1 ] && [ ! -s "$out" ] &&
	[ "$(cat "$err")" = "hmmbench: $tmp/copy.json and $golden/run.json hold the same run (measured 2025-01-02T03:04:05Z on testhost): a run compared with itself shows no change whatever the kernels do (--force does not change that)" ] || return 1
	hb compare "$tmp/m.json" "$golden/run.json"
	[ $rc = 1 ] && grep -q "hold the same run" "$err"
}

# help_doc FILE: the lines of a --help in FILE that hmmbench writes as
# they are (its doc before the options and after them), not the options
# that argp lays out.
help_doc() {
	awk '/^$/ && !blank { blank = 1; skip = 1 } /^EXAMPLES:$/ { skip = 0 }
		!skip' "$1"
}

# argp breaks a line of a command's doc that reaches its right margin,
# in the middle of a word if need be: each is as written, whatever the
# margin.
help_is_never_rewrapped() {
	for c in "" run sweep rebind migrate info verify compare merge show \
		plot list monitor hold; do
		"$hb" $c --help >"$out" 2>&1 &&
		ARGP_HELP_FMT=rmargin=500 "$hb" $c --help >"$err" 2>&1 || return 1
		help_doc "$out" >"$out.doc"
		help_doc "$err" >"$err.doc"
		cmp -s "$out.doc" "$err.doc" ||
			{ echo "# hmmbench $c --help:"; diff "$out.doc" "$err.doc" | sed 's/^/# /'; return 1; }
	done
	rm -f "$out.doc" "$err.doc"
}

# A merge of one file writes it, with a note on stderr that says so
# (none with -q).
merge_of_one_file_notes_it() {
	hb merge "$golden/run.json"
	[ $rc = 0 ] && grep -q '"schema":"hmmbench-result/1"' "$out" &&
	[ "$(cat "$err")" = "hmmbench: note: only one file to merge ($golden/run.json): the output holds the same runs, its statistics computed afresh; merge pools the runs (boots) of one kernel from several files" ] ||
		return 1
	hb merge -q "$golden/run.json"
	[ $rc = 0 ] && [ -s "$out" ] && [ ! -s "$err" ]
}

# A comparison given to compare (or merge) is named as one, with the
# command that prints it, in one sentence and nothing on stdout.
comparison_given_as_a_result_says_use_show() {
	for c in compare merge; do
		hb "$c" "$golden/compare.json" "$golden/run.json"
		[ $rc = 1 ] && [ ! -s "$out" ] &&
		[ "$(cat "$err")" = "hmmbench: $golden/compare.json is a comparison (hmmbench compare --format json): use hmmbench show to print it" ] ||
			{ echo "# $c: $(cat "$err")"; return 1; }
	done
}

# --size as people type it (64G, 64g, 64GB, 64GiB) passes the parser and
# reaches the device; 0 and garbage are usage errors of their own.
size_is_taken_as_people_type_it() {
	for s in 64G 64g 64GB 64GiB 64gib; do
		hb --size "$s" --device "$tmp/no-such-device"
		[ $rc = 1 ] && [ ! -s "$out" ] &&
		grep -q "^hmmbench: $tmp/no-such-device not found: load the module" "$err" ||
			{ echo "# --size $s: $(cat "$err")"; return 1; }
	done
	usage_error run --size 0 &&
	[ "$(head -n 1 "$err")" = "hmmbench: invalid --size '0': a chunk of 0 bytes maps no memory; give a size such as 1G or 64G" ] &&
	usage_error run --size 64X &&
	grep -q "expected a size such as 512M, 64G or 64GiB" "$err" &&
	usage_error sweep sweep --sizes 1GiB,64K &&
	grep -q "^hmmbench: invalid size '64K': less than a memory section; a chunk is a multiple of the kernel's memory section size" "$err"
}

# Without the module, info prints this machine's facts (status 0) and
# says on stderr what needs the module and how to load the one this
# source tree builds, by its path.
info_without_the_module_prints_this_machine() {
	top=$(cd "$here/../.." && pwd)
	hb info --device "$tmp/no-such-device"
	[ $rc = 0 ] && grep -q "^  not available " "$out" &&
		grep -q "^host$" "$out" && grep -q "^  machine  *$(uname -m)$" "$out" &&
		[ "$(wc -l <"$err")" = 1 ] &&
		grep -q "^hmmbench: $tmp/no-such-device not found, so only this machine's facts follow: .* need it loaded (.*sudo insmod $top/driver/hmmbench.ko)$" "$err" ||
		{ echo "# $(cat "$err")"; return 1; }
}

# Without -o, merge writes to stdout what -o would have written, each
# recording the command line that made it.
merge_without_output_writes_stdout() {
	another_run "$golden/run.json"
	hb merge -o "$tmp/merged.json" "$golden/run.json" "$tmp/later.json"
	[ $rc = 0 ] || return 1
	hb merge "$golden/run.json" "$tmp/later.json"
	[ $rc = 0 ] && [ ! -s "$err" ] || return 1
	grep -qF "\"command_line\":\"hmmbench merge --format json --output $tmp/merged.json $golden/run.json $tmp/later.json\"" "$tmp/merged.json" &&
	grep -qF "\"command_line\":\"hmmbench merge --format json $golden/run.json $tmp/later.json\"" "$out" &&
	[ "$(grep -v '"command_line":' "$out")" = "$(grep -v '"command_line":' "$tmp/merged.json")" ]
}

# The cover texts of a merge and of a comparison end with the command
# lines that made them, as recorded; results from before hmmbench
# recorded them say so.
cover_ends_with_the_command_lines() {
	cp "$golden/run.json" "$tmp/a.json"
	another_run "$golden/run.json"
	here_was=$(pwd)
	cd "$tmp" || return 1
	hb merge -o m.json a.json later.json
	hb show -f cover m.json
	cd "$here_was" || return 1
	if [ $rc != 0 ] || [ "$(tail -n 2 "$out")" != "  # 2 runs by a command that was not recorded
  hmmbench merge --format json --output m.json a.json later.json" ]; then
		echo "# $(tail -n 3 "$out")"
		return 1
	fi
	cd "$tmp" || return 1
	mv later.json b.json
	hb compare -q -f cover a.json b.json
	cd "$here_was" || return 1
	if [ $rc != 0 ] ||
	   [ "$(tail -n 1 "$out")" != "  hmmbench compare --alpha 0.05 --format cover --quiet a.json b.json" ] ||
	   [ "$(tr '\n' ' ' <"$out" | grep -o 'the command was not recorded' | wc -l)" != 2 ]; then
		echo "# $(tail -n 6 "$out")"
		return 1
	fi
}

# A result counted under icount says so in every human format and in
# JSON, and is never compared or merged with a timed one, --force or not.
icount_is_said_and_never_mixed() {
	sed 's/"accelerator":"[a-z]*"/"accelerator":"icount"/' \
		"$golden/run.json" >"$tmp/icount.json"
	another_run "$tmp/icount.json"
	note="Counted under QEMU's icount: the figures are instructions"
	hb show "$tmp/icount.json"
	# instructions where the times were, and no bandwidth of them
	[ $rc = 0 ] && grep -q "^$note" "$out" &&
		grep -q "^1 GiB, M instr  " "$out" &&
		grep -q "^memremap_pages  *58.0  *28.0  *± 5.0 " "$out" &&
		grep -q "^memremap instr/4KiB  " "$out" &&
		grep -q "under QEMU 7.2.22 icount" "$out" &&
		! grep -q "MiB/s\|GiB/s\|% of plain\|, ms \|roofline" "$out" ||
		return 1
	hb show -f cover "$tmp/icount.json"
	[ $rc = 0 ] && tr '\n' ' ' <"$out" | grep -q "$note" &&
		grep -q "^  1 GiB, M instr  " "$out" && ! grep -q "MiB/s\|, ms " "$out" ||
		return 1
	hb show -f json "$tmp/icount.json"
	[ $rc = 0 ] && grep -q '"time_unit":"instructions"' "$out" &&
		tr -d ' \n' <"$out" | grep -q '"key":"memremap_ns","unit":"instructions"' &&
		! grep -q 'memmap_init_bytes_per_s\|memmap_init_efficiency' "$out" ||
		return 1
	hb show -f gobench "$tmp/icount.json"
	[ $rc = 0 ] && grep -q ' instr/op ' "$out" && ! grep -q 'ns/op\|B/s' "$out" ||
		return 1
	hb show -f csv "$tmp/icount.json"
	[ $rc = 0 ] && head -n 1 "$out" | grep -q ',time_unit$' &&
		[ "$(tail -n +2 "$out" | grep -vc ',instructions$')" = 0 ] || return 1
	hb compare -f csv "$tmp/icount.json" "$tmp/later.json"
	[ $rc = 0 ] && [ "$(tail -n +2 "$out" | grep -vc ',instructions,,$')" = 0 ] &&
		grep -q ',warm,memremap_ns,instructions,' "$out" || return 1
	hb compare "$tmp/icount.json" "$tmp/later.json"
	[ $rc = 0 ] && grep -q "^$note" "$out" || return 1
	hb compare --force "$golden/run.json" "$tmp/later.json"
	[ $rc = 1 ] && [ ! -s "$out" ] &&
		grep -q "was timed and $tmp/later.json counted instructions (icount): instructions and time are not comparable (--force does not change that)$" "$err" ||
		return 1
	hb merge --force -o "$tmp/mixed.json" "$golden/run.json" "$tmp/later.json"
	[ $rc = 1 ] && [ ! -e "$tmp/mixed.json" ]
}

# as_user CMD...: CMD as an unprivileged user (nobody, when run as root).
as_user() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
	else
		"$@"
	fi
}

# The module builds against the running kernel's headers as any user;
# only loading it needs root, or sudo.  The user reads lib.sh from a copy: the
# checkout may be in a home only its owner can enter (root's).
host_build_needs_no_root() {
	mkdir -p "$tmp/build"
	cp "$vm/lib.sh" "$tmp/lib.sh"
	chmod 755 "$tmp" "$tmp/build"
	chmod 644 "$tmp/lib.sh"
	printf 'CONFIG_MODULES=y\nCONFIG_ZONE_DEVICE=y\nCONFIG_DEVICE_PRIVATE=y\n' \
		>"$tmp/build/.config"
	as_user bash -c ". '$tmp/lib.sh' && hb_host_can_build '$tmp/build'" ||
		return 1
	# one who may sudo without a prompt can load it too
	want="loading a module needs root (or sudo without a prompt: sudo -v first)"
	! as_user sudo -n true 2>/dev/null || want=
	[ "$(as_user bash -c ". '$tmp/lib.sh' && hb_host_can_run '$tmp/build'")" = \
		"$want" ] || return 1
	sed -i '/DEVICE_PRIVATE/d' "$tmp/build/.config"
	as_user bash -c ". '$tmp/lib.sh' && hb_host_can_build '$tmp/build'" |
		grep -q "has ZONE_DEVICE but not CONFIG_DEVICE_PRIVATE"
}

vm_run_help_is_on_stdout() {
	"$vm/run" --help >"$out" 2>"$err"
	[ $? = 0 ] && [ ! -s "$err" ] && grep -q -- '--kernel-tree DIR' "$out"
}

ab_without_new_says_how() {
	"$vm/ab" --new "" >"$out" 2>"$err"
	[ $? = 1 ] && grep -q "^ab: --new needs a value: make ab NEW=KERNEL" "$err"
}

# A kernel that is neither a Debian test kernel nor a directory is named
# before anything is built or booted, by ab, run and make run alike.
unknown_kernel_is_refused_by_name() {
	"$vm/ab" --new 5.4 >"$out" 2>"$err"
	[ $? = 2 ] && grep -q "kernel '5.4' is neither one of: default 6.1 6.12" "$err" &&
	"$vm/run" --kernel 5.4-rc1 -- true >"$out" 2>"$err"
	[ $? = 2 ] && grep -q "kernel '5.4-rc1' is neither" "$err" &&
	KERNEL=4.19 "$vm/main-job" --size 1G >"$out" 2>"$err"
	[ $? = 2 ] && grep -q "kernel '4.19' is neither" "$err"
}

show_of_a_comparison_renders_its_cover() {
	hb show --format cover "$golden/compare.json"
	[ $rc = 0 ] && cmp -s "$out" "$golden/compare.cover"
}

# A saved migration shows as hmmbench migrate printed it; the formats it
# has not are refused in one sentence.
show_of_a_migration_renders_it_as_measured() {
	hb show "$golden/migrate.json"
	[ $rc = 0 ] && cmp -s "$out" "$golden/migrate.table" || return 1
	hb show -f csv "$golden/migrate-4k.json"
	[ $rc = 0 ] && cmp -s "$out" "$golden/migrate-4k.csv" || return 1
	hb show -f cover "$golden/migrate.json"
	[ $rc = 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "^hmmbench: $golden/migrate.json is a migration (hmmbench migrate): show it as table, csv or json$" "$err"
}

# Two migrations compare (exit 0, the verdict fields in JSON); one of
# another --batch is refused in one sentence, exit 1; merge pools two and
# refuses a migration beside a run.
migrations_compare_and_merge() {
	another_run "$golden/migrate.json"
	hb compare -q -f json "$golden/migrate.json" "$tmp/later.json"
	[ $rc = 0 ] && [ ! -s "$err" ] &&
		grep -q '"metric":"to_device_total_ns"' "$out" &&
		grep -q '"significant":false' "$out" || return 1
	sed 's/"batch":0/"batch":64/' "$tmp/later.json" >"$tmp/batch.json"
	hb compare "$golden/migrate.json" "$tmp/batch.json"
	[ $rc = 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "differ in pages per batch (--batch) (0 against 64): their times are not comparable" "$err" ||
		return 1
	hb merge -o "$tmp/pool.json" "$golden/migrate.json" "$tmp/later.json"
	[ $rc = 0 ] && grep -q '"cold_iterations":2' "$tmp/pool.json" ||
		return 1
	hb merge "$golden/run.json" "$golden/migrate.json"
	[ $rc = 1 ] && [ ! -s "$out" ] &&
		grep -q "run.json is a result of run, sweep or rebind and .*migrate.json a migration (hmmbench migrate): merge pools runs of one command (--force does not change that)$" "$err"
}

show_two_files_as_json_is_refused() {
	hb show --format json "$golden/run.json" "$golden/sweep.json"
	[ $rc = 2 ] && [ ! -s "$out" ] &&
		grep -q "^hmmbench: --format json writes one document: give one file$" "$err"
}

# Every file is read before any is shown: one that cannot be shown, as
# the last, leaves stdout empty and gets one sentence.
show_reads_every_file_first() {
	hb show "$golden/run.json" "$tmp/missing.json"
	[ $rc = 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "^hmmbench: cannot read $tmp/missing.json: No such file or directory$" "$err" || return 1
	hb show "$golden/sweep.json" "$golden/run.table"
	[ $rc = 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] || return 1
	hb show --format gobench "$golden/run.json" "$golden/compare.json"
	[ $rc = 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "compare.json is a comparison: show it as table, csv, json or cover$" "$err"
}

plot_without_output_says_how() {
	hb plot "$golden/run.json"
	[ $rc = 2 ] && grep -q "^hmmbench: plot needs -o PICTURE.png (or .svg, .pdf) to write$" "$err"
}

# plot checks -o before gnuplot starts, never lets a picture reach
# standard output, draws by the extension and refuses any other, and
# leaves no file when it fails.
plot_writes_only_its_file() {
	hb plot -o "$tmp/no/such/dir/p.png" "$golden/run.json"
	[ $rc = 1 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" = 1 ] &&
		grep -q "cannot write $tmp/no/such/dir/p.png" "$err" || return 1
	hb plot -o "$tmp/p.jpg" "$golden/run.json"
	[ $rc = 2 ] && [ ! -e "$tmp/p.jpg" ] &&
		grep -q "^hmmbench: plot draws PNG, SVG or PDF, named by their extension: '$tmp/p.jpg' is none of .png, .svg and .pdf$" "$err" || return 1
	hb plot -o "$tmp/p.pdf" "$golden/run.json"
	[ $rc = 0 ] && [ ! -s "$out" ] &&
		[ "$(head -c 5 "$tmp/p.pdf")" = "%PDF-" ] || return 1
	hb plot -o "$tmp/p.svg" "$golden/sweep.json"
	[ $rc = 0 ] && grep -q "<svg" "$tmp/p.svg" || return 1
	hb plot -o "$tmp/p.png" "$golden/run.table"
	[ $rc = 1 ] && [ "$(wc -l <"$err")" = 1 ] || return 1
	for f in "$tmp"/*p.png*; do
		[ ! -e "$f" ] || return 1
	done
}

# run --until-ci ARG [--iters N], and the start of the one sentence on
# stderr: a usage error, before the device is even looked for.
until_ci_is_refused() {
	hb run --until-ci "$1" ${2:+--iters "$2"} --device /nonexistent/hmmbench
	[ $rc = 2 ] && [ ! -s "$out" ] && head -n 1 "$err" | grep -qF "hmmbench: $3"
}

max_time_is_refused() {
	hb run --max-time soon --device /nonexistent/hmmbench
	[ $rc = 2 ] && head -n 1 "$err" | grep -qF "hmmbench: invalid --max-time 'soon': expected a duration such as 90s"
}

verify_namespace_takes_no_chunk_options() {
	hb verify --namespace namespace0.0 --size 1G --device /nonexistent/hmmbench
	[ $rc = 2 ] && [ ! -s "$out" ] && head -n 1 "$err" | grep -qF "hmmbench: --namespace reads a namespace's own pages: --size, --compound and --node are for chunks"
}

# --reconfigure without --mode is a usage error before any namespace is
# looked for, so it is one on a machine without an NVDIMM too.
rebind_reconfigure_needs_mode() {
	hb rebind namespace9.9 --reconfigure --device /nonexistent/hmmbench
	[ $rc = 2 ] && [ ! -s "$out" ] && ! grep -q "not found" "$err" &&
		head -n 1 "$err" | grep -qF "hmmbench: --reconfigure needs --mode to know what to make: add --mode fsdax or devdax"
}

# The help of hmmbench itself names the options it takes before a
# command, and each does what it says.
top_help_names_its_own_options() {
	hb --help
	grep -q '^    -h, --help  ' "$out" && grep -q '^    --usage  ' "$out" &&
		grep -q '^    -V, --version  ' "$out" || return 1
	hb -V
	[ $rc = 0 ] && grep -q '^hmmbench [0-9]' "$out" || return 1
	hb --usage
	[ $rc = 0 ] && [ "$(cat "$out")" = "Usage: hmmbench [COMMAND] [OPTION...]" ]
}

# man_section NAME: the text of the man page's .SH or .SS NAME on one
# line, without requests and with "\-" as "-".
man_section() {
	sed -n "/^\.S[HS] $1\$/,/^\.S[HS] /p" "$man" | sed '1d;$d' |
		sed -e 's/^\.[A-Z]* *//' -e 's/\\-/-/g' | tr '\n' ' '
}

# The options a command's usage line asks for, outside [ ], are those
# its line of the man page's SYNOPSIS asks for: none for merge, which
# writes to stdout without -o, nor for hold, whose --size has a default.
man_synopsis_asks_what_usage_does() {
	hb --help
	for c in $(sed -n '/^COMMANDS:/,/^$/s/^ \{2,\}\([a-z][a-z-]*\) .*/\1/p' "$out"); do
		hb "$c" --usage
		want=$(sed 's/\[[^]]*\]//g' "$out" | grep -o -- ' --*[a-z][a-z-]*' | sort)
		got=$(man_section SYNOPSIS | sed 's/\[[^]]*\]//g; s/ br / \n/g' |
			grep "^hmmbench $c " | grep -o -- ' --*[a-z][a-z-]*' | sort)
		[ "$want" = "$got" ] ||
			{ echo "# $c: usage asks for '$want', the man page '$got'"; return 1; }
	done
	hb hold --help
	def=$(sed -n 's/^ *-s, --size=SIZE *Chunk length (default \([^)]*\)).*/\1/p' "$out")
	[ -n "$def" ] && man_section hold | grep -q "size Chunk length (default $def)"
}

# verify, interrupted, writes nothing: its help and the man page agree.
verify_interrupted_writes_nothing() {
	hb verify --help
	grep -q '130 interrupted (nothing written)' "$out" &&
		man_section verify | grep -q 'SIGTERM, it writes nothing and exits 130' &&
		man_section 'EXIT STATUS' | grep -q '130 Interrupted .* verify , which writes nothing'
}

# migrate's usage errors say what it takes, before any device is sought.
migrate_options_are_refused_by_name() {
	hb migrate --direction to-device,sideways --device /nonexistent/hmmbench
	[ $rc = 2 ] && [ ! -s "$out" ] &&
		head -n 1 "$err" | grep -qF "hmmbench: invalid --direction 'to-device,sideways': expected to-device, to-system or fault, or several of them comma-separated" || return 1
	hb migrate --thp --no-thp --device /nonexistent/hmmbench
	[ $rc = 2 ] && head -n 1 "$err" | grep -qF "hmmbench: --thp and --no-thp contradict each other: pick one" || return 1
	hb migrate --direction fault --device /nonexistent/hmmbench
	[ $rc = 1 ] && grep -q '^hmmbench: /nonexistent/hmmbench not found' "$err"
}

# rebind's --wide is said as rebind uses it: one size, no sweep.
rebind_help_says_what_wide_does() {
	command_help rebind "Usage: hmmbench rebind NAMESPACE [OPTION...]" \
		"--wide  *Table: min, max and the median's interval too" sweep &&
		man_section rebind | grep -q -- "--wide adds only min, max and the median's interval"
}

check top_help_lists_every_command top_help_lists_every_command
check every_usage_error_names_its_command every_usage_error_names_its_command
check stray_argument_is_named_with_its_command stray_argument_is_named_with_its_command
check output_options_are_one_vocabulary output_options_are_one_vocabulary
check output_dash_is_stdout output_dash_is_stdout
check completion_lists_are_the_option_tables completion_lists_are_the_option_tables
check man_page_says_what_the_tables_do man_page_says_what_the_tables_do
check run_help command_help run "Usage: hmmbench [run] [OPTION...]" --size --alpha
check sweep_help command_help sweep "Usage: hmmbench sweep --sizes LIST [OPTION...]" --interleave --alpha
check info_help command_help info "Usage: hmmbench info [OPTION...]" --device --iters
check verify_help command_help verify "Usage: hmmbench verify [OPTION...]" --compound --iters
check run_help_has_no_verify command_help run "Usage: hmmbench [run] [OPTION...]" --no-verify --alpha
check sweep_help_has_no_verify command_help sweep "Usage: hmmbench sweep --sizes LIST [OPTION...]" --no-verify --alpha
check compare_help command_help compare "Usage: hmmbench compare [OPTION...] BASE.json NEW.json..." --alpha --iters
check merge_help command_help merge "Usage: hmmbench merge [OPTION...] IN.json..." --force --alpha
check show_help command_help show "Usage: hmmbench show [OPTION...] FILE..." --format --alpha
check plot_help command_help plot "Usage: hmmbench plot [OPTION...] -o PICTURE.png FILE.json" --trace --alpha
check list_help command_help list "Usage: hmmbench list [OPTION...]" --format --iters
check monitor_help command_help monitor "Usage: hmmbench monitor [OPTION...]" --count --iters
check hold_help command_help hold "Usage: hmmbench hold [OPTION...]" --chunks --format
check migrate_help command_help migrate "Usage: hmmbench migrate [OPTION...]" --direction --chunks
check message_names_hmmbench_not_its_path message_names_hmmbench_not_its_path
check run_is_the_default_command run_is_the_default_command
check unknown_command_is_a_usage_error unknown_command_is_a_usage_error
check compare_with_no_size_in_common_fails compare_with_no_size_in_common_fails
check compare_of_gobench_text_says_it_is_text compare_of_gobench_text_says_it_is_text
check compare_of_a_binary_file_says_it_is_not_text compare_of_a_binary_file_says_it_is_not_text
check compare_notes_once_on_stderr compare_notes_once_on_stderr
check same_run_is_refused same_run_is_refused
check help_is_never_rewrapped help_is_never_rewrapped
check merge_of_one_file_notes_it merge_of_one_file_notes_it
check comparison_given_as_a_result_says_use_show comparison_given_as_a_result_says_use_show
check size_is_taken_as_people_type_it size_is_taken_as_people_type_it
check info_without_the_module_prints_this_machine info_without_the_module_prints_this_machine
check merge_without_output_writes_stdout merge_without_output_writes_stdout
check cover_ends_with_the_command_lines cover_ends_with_the_command_lines
check icount_is_said_and_never_mixed icount_is_said_and_never_mixed
check host_build_needs_no_root host_build_needs_no_root
check vm_run_help_is_on_stdout vm_run_help_is_on_stdout
check ab_without_new_says_how ab_without_new_says_how
check unknown_kernel_is_refused_by_name unknown_kernel_is_refused_by_name
check show_of_a_comparison_renders_its_cover show_of_a_comparison_renders_its_cover
check show_of_a_migration_renders_it_as_measured show_of_a_migration_renders_it_as_measured
check migrations_compare_and_merge migrations_compare_and_merge
check show_two_files_as_json_is_refused show_two_files_as_json_is_refused
check show_reads_every_file_first show_reads_every_file_first
check plot_without_output_says_how plot_without_output_says_how
check plot_writes_only_its_file plot_writes_only_its_file
check until_ci_0_is_refused until_ci_is_refused 0 "" "invalid --until-ci '0': expected a percentage above 0 and at most 100"
check until_ci_text_is_refused until_ci_is_refused two "" "invalid --until-ci 'two': expected a percentage"
check until_ci_needs_two_warm_samples until_ci_is_refused 2 1 "--until-ci needs at least 2 warm samples for an interval, but --iters 1 with --chunks 1 gives 1: raise --iters"
check max_time_is_refused max_time_is_refused
check verify_namespace_takes_no_chunk_options verify_namespace_takes_no_chunk_options
check rebind_reconfigure_needs_mode rebind_reconfigure_needs_mode
check migrate_options_are_refused_by_name migrate_options_are_refused_by_name
check top_help_names_its_own_options top_help_names_its_own_options
check man_synopsis_asks_what_usage_does man_synopsis_asks_what_usage_does
check verify_interrupted_writes_nothing verify_interrupted_writes_nothing
check rebind_help_says_what_wide_does rebind_help_says_what_wide_does
echo "1..$n"
[ $failed = 0 ] && echo "# ok - cli help" || echo "# not ok - cli help"
exit $failed
