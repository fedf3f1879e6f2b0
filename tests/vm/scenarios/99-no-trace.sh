# SPDX-License-Identifier: GPL-2.0
# After every scenario: no hmmbench region in /proc/iomem and no WARN, BUG,
# oops or leak report in the kernel log.
if grep hmmbench /proc/iomem; then
	echo "hmmbench regions left in /proc/iomem"
	exit 1
fi
if dmesg | grep -E 'WARNING:|BUG:|Oops|Call Trace:|unreferenced object|KASAN'; then
	echo "the kernel log has reports"
	exit 1
fi
echo "iomem and kernel log clean"
