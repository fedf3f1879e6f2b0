# SPDX-License-Identifier: GPL-2.0
# hbfuzz: 100 000 seeded ioctl calls from three threads, checked against
# the errno contract of uapi/linux/hmmbench.h.  HB_FUZZ_SEED sets the seed
# (an exact replay needs one thread: hbfuzz --seed S --calls N); the
# summary line goes to /host/fuzz for the host's report.
hbfuzz --calls "${HB_FUZZ_CALLS:-100000}" --threads 3 --seconds 1200 \
	${HB_FUZZ_SEED:+--seed "$HB_FUZZ_SEED"} >/tmp/fuzz.out 2>&1
rc=$?
cat /tmp/fuzz.out
if grep -q " /host " /proc/mounts; then
	grep '^hbfuzz: ' /tmp/fuzz.out | tail -n 1 >/host/fuzz
fi
exit $rc
