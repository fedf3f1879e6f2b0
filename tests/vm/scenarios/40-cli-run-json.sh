# SPDX-License-Identifier: GPL-2.0
# hmmbench --size 1G --iters 5 --format json -o FILE succeeds; the host
# checks the file (5 warm samples per metric and a separate cold one) in
# tests/check's cli_json_checks.
set -e
hmmbench --size 1G --iters 5 --format json -o cli-1g.json
test -s cli-1g.json
