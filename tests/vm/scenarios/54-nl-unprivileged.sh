# SPDX-License-Identifier: GPL-2.0
# An unprivileged user (nobody) gets one sentence and exit 1 from list
# (CAP_SYS_ADMIN), hold (/dev/hmmbench is 0600) and, on kernels with
# GENL_MCAST_CAP_SYS_ADMIN, monitor.
# shellcheck source=nl-lib.sh
. /scenarios/nl-lib.sh
hold_start 1
trap 'kill -INT $holder; wait $holder' EXIT

# as_nobody EXPECT PATTERN ARGS...
as_nobody() {
	want=$1 pattern=$2
	shift 2
	hbnobody hmmbench "$@" >/tmp/out 2>/tmp/err
	rc=$?
	echo "nobody: hmmbench $*: exit $rc: $(cat /tmp/err) $(cat /tmp/out)"
	[ $rc = "$want" ] || { echo "expected exit $want"; exit 1; }
	[ -z "$pattern" ] || grep -q -- "$pattern" /tmp/err ||
		{ echo "expected '$pattern'"; exit 1; }
}

as_nobody 1 CAP_SYS_ADMIN list
as_nobody 1 CAP_SYS_ADMIN list --format json
as_nobody 1 CAP_SYS_ADMIN monitor --count 1
as_nobody 1 "" hold --size 128M
