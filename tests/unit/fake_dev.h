/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: a fake /dev/hmmbench behind open(), ioctl() and
 * close(), which the tests wrap with -Wl,--wrap.  It keeps chunk handles
 * like the driver, hands out deterministic timings, answers VERIFY with
 * the digest and broken invariants a test sets, ROOFLINE with stores of
 * 16 bytes per ns (plain) and 32 (non-temporal), and fails on request;
 * and a clock behind clock_gettime() that its MAPs move on.
 */
#ifndef HB_TEST_FAKE_DEV_H
#define HB_TEST_FAKE_DEV_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#define FAKE_FD		1000
#define FAKE_MAX_CALLS	256

struct fake_call {
	unsigned long cmd;
	uint32_t size;		/* the struct's size field */
	uint64_t length;	/* MAP, ROOFLINE */
	int32_t node;		/* MAP, ROOFLINE */
	uint32_t handle;	/* UNMAP, VERIFY */
	uint32_t flags;		/* VERIFY */
	uint64_t phys;		/* VERIFY */
};

struct fake_dev {
	int open_errno;		/* open() fails with this when non-zero */
	unsigned long fail_cmd;	/* this request fails ... */
	unsigned int fail_skip;	/* ... after this many successes ... */
	int fail_errno;		/* ... with this errno */
	uint32_t abi_version;	/* INFO reports this */
	uint32_t features;	/* ... and these HMMBENCH_FEAT_* bits */
	uint32_t map_valid;	/* timing bits MAP reports */
	uint32_t unmap_valid;	/* timing bits UNMAP reports */
	uint32_t roof_valid;	/* HMMBENCH_R_* bits ROOFLINE reports */
	bool zero_handle;	/* MAP returns handle 0 */
	unsigned int stop_after_maps;	/* set *stop after that many MAPs */
	volatile sig_atomic_t *stop;
	uint64_t jitter_ns;	/* added to every second MAP's memremap */
	/*
	 * While clock is set, clock_gettime() reads now_ns, which each MAP
	 * moves on by map_ns: the time a run takes, without waiting for it.
	 */
	bool clock;
	uint64_t now_ns;
	uint64_t map_ns;
	/*
	 * VERIFY copies checks_nr, digest, layout, bad_pages and checks
	 * from here; pages is the chunk's unless set here.  VERIFY_PHYS
	 * finds a pgmap at [start, start + (skipped + pages) pages) and
	 * copies start, skipped, type and vmemmap_shift too.
	 */
	struct hmmbench_verify verify;
	unsigned int verifies;
	unsigned int roofs;	/* ROOFLINEs answered */
	/* state */
	unsigned int live;	/* chunks mapped now */
	unsigned int max_live;
	unsigned int maps;
	unsigned int next_handle;
	bool live_handle[4096];
	uint64_t live_length[4096];
	struct fake_call calls[FAKE_MAX_CALLS];
	unsigned int nr_calls;
	int closed;
};

extern struct fake_dev fake;

/* Resets the fake to a healthy module with every timing measured. */
void fake_reset(void);

#endif /* HB_TEST_FAKE_DEV_H */
