# SPDX-License-Identifier: GPL-2.0
# Progress in the VM: with HMMBENCH_PROGRESS=1, which vm/run sets
# when the host's stderr is a terminal, a run shows the elapsed and the
# remaining time on stderr while stdout stays pure JSON; without it, the
# guest's stderr (a pipe) gets no progress.
set -e
HMMBENCH_PROGRESS=1 hmmbench --size 128M --iters 3 --format json \
	>/tmp/p.json 2>/tmp/p.err
grep -q 'elapsed, about .* left' /tmp/p.err || { echo "no progress"; exit 1; }
[ "$(head -c 1 /tmp/p.json)" = "{" ] || { echo "stdout not JSON"; exit 1; }
if grep -q elapsed /tmp/p.json; then
	echo "progress in stdout"
	exit 1
fi
HMMBENCH_PROGRESS='' hmmbench --size 128M --iters 3 --format json \
	>/tmp/q.json 2>/tmp/q.err
if grep -q elapsed /tmp/q.err; then
	echo "progress on a pipe"
	exit 1
fi
rm -f /tmp/p.json /tmp/p.err /tmp/q.json /tmp/q.err
