# SPDX-License-Identifier: GPL-2.0
# Shared by the scenarios that hold chunks or listen to netlink events
# (17-cli-rebind and the *-nl-* ones); sourced, not run.

# hold_start N: a background `hmmbench hold` of N 128 MiB chunks; sets
# $holder to its pid once every chunk is mapped.  The output files go
# first: the shell truncates them only once the job has started, and an
# earlier holder's "holding" must not pass for this one's.
hold_start() {
	rm -f /tmp/hold.out /tmp/hold.err
	hmmbench hold --size 128M --chunks "$1" >/tmp/hold.out 2>/tmp/hold.err &
	holder=$!
	i=0
	until grep -q holding /tmp/hold.out 2>/dev/null; do
		kill -0 $holder 2>/dev/null ||
			{ echo "hold exited: $(cat /tmp/hold.err)"; exit 1; }
		i=$((i + 1))
		[ $i -lt 6000 ] || { echo "hold never ready"; exit 1; }
		sleep 0.1
	done
}

# monitor_start ARGS...: a background `hmmbench monitor ARGS` writing to
# /tmp/mon.out; sets $monitor once it listens (not an earlier monitor:
# see hold_start).
monitor_start() {
	rm -f /tmp/mon.out /tmp/mon.err
	hmmbench monitor "$@" >/tmp/mon.out 2>/tmp/mon.err &
	monitor=$!
	i=0
	until grep -q listening /tmp/mon.err 2>/dev/null; do
		kill -0 $monitor 2>/dev/null ||
			{ echo "monitor exited: $(cat /tmp/mon.err)"; exit 1; }
		i=$((i + 1))
		[ $i -lt 600 ] || { echo "monitor never listened"; exit 1; }
		sleep 0.1
	done
}

# count PATTERN FILE: lines of FILE matching PATTERN.
count() {
	grep -c -- "$1" "$2"
}

# values KEY FILE: the integer values of "KEY" in FILE, one a line.
values() {
	grep -o "\"$1\": *[0-9][0-9]*" "$2" | sed 's/.*: *//'
}
