# SPDX-License-Identifier: GPL-2.0
# A sweep over 1G..8G succeeds; the host checks one summary per size
# (cli_sweep_checks, in host-checks/).
set -e
hmmbench sweep --sizes 1G..8G --iters 3 --interleave --format json \
	-o cli-sweep.json
test -s cli-sweep.json
