# SPDX-License-Identifier: GPL-2.0
# On a kernel without CONFIG_DEVICE_PRIVATE (a distribution's): INFO says
# so, a MAP fails with EOPNOTSUPP before memremap_pages() could WARN, and
# run and verify end with the sentence that names the missing option and
# a non-zero status.  The guest checks the kernel log after it.
hmmbench info >/tmp/info.txt || { echo "hmmbench info failed"; exit 1; }
if ! grep -q '^  features .*no_device_private' /tmp/info.txt; then
	echo "this kernel has DEVICE_PRIVATE"
	exit 77
fi
want="is built without CONFIG_DEVICE_PRIVATE, so it has no device-private memory to map"

for cmd in "run --size 128M --iters 1" "verify --size 128M"; do
	# shellcheck disable=SC2086
	if hmmbench $cmd >/tmp/out.txt 2>/tmp/err.txt; then
		echo "hmmbench $cmd succeeded on a kernel without DEVICE_PRIVATE"
		exit 1
	fi
	grep -q "$want" /tmp/err.txt || {
		echo "hmmbench $cmd did not say why:"
		cat /tmp/err.txt
		exit 1
	}
	[ "$(wc -l </tmp/err.txt)" = 1 ] || {
		echo "hmmbench $cmd said more than one sentence:"
		cat /tmp/err.txt
		exit 1
	}
	echo "$cmd: $(cat /tmp/err.txt)"
done
# The module is still usable: INFO again, and no chunk is left behind.
hmmbench info >/dev/null || { echo "INFO failed after the refused MAPs"; exit 1; }
! grep -q hmmbench /proc/iomem || { echo "a range is left in /proc/iomem"; exit 1; }
