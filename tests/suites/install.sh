# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The install suite: cli/'s layers (tests/layers), shellcheck of the
# shell scripts, what the docs name (tests/doc-refs) and the install
# checks (tests/install-check).  Sourced by tests/check.
# tests/check, which sources this file, sets these:
: "${top:?}"

# The shell scripts of tests/ and .ci/ (those that start with a shell's
# #! line, the scenarios, which the guest runs with sh, and the files
# tests/check sources) have no warning of shellcheck -S warning.
shellcheck_clean() {
	local f files=()
	while IFS= read -r f; do
		case $f in
		*/scenarios/*.sh | */tests/suites/*.sh | */host-checks/*.sh)
			files+=("$f") ;;
		*) head -n 1 "$f" | grep -Eq '^#!.*/(env (ba)?sh|(ba|da)?sh|busybox sh)$' &&
			files+=("$f") ;;
		esac
	done < <(find "$top/tests" "$top/vm" "$top/.ci" -type f)
	echo "${#files[@]} scripts"
	(cd "$top" && shellcheck -x -S warning "${files[@]}")
}

# make install, uninstall, modules_install and dkms in temporary trees,
# the man page, the completion and the recorded git describe; the
# include and call graphs of cli/ and driver/ (tests/layers); and what
# the docs name (tests/doc-refs).
suite_install() {
	echo "# install"
	host_test includes-follow-cli-layers-without-cycles "$top/tests/layers"
	host_test shell-scripts-pass-shellcheck shellcheck_clean
	tap_suite doc-refs "$top/tests/doc-refs"
	tap_suite install "$top/tests/install-check"
}
