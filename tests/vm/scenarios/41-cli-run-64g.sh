# SPDX-License-Identifier: GPL-2.0
# The main job, hmmbench --size 64G --iters 10, completes and prints its
# table and cover text.
set -e
hmmbench --size 64G --iters 10 -q >cli-64g.txt
cat cli-64g.txt
grep -q '64 GiB\|64G' cli-64g.txt
