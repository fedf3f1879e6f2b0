/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: a fake /dev/hmmbench behind open(), ioctl() and
 * close(), which the tests wrap with -Wl,--wrap.  It keeps chunk handles
 * like the driver, hands out deterministic timings, answers VERIFY with
 * the digest and broken invariants a test sets, ROOFLINE with stores of
 * 16 bytes per ns (plain) and 32 (non-temporal) and a copy of 8, and
 * fails on request;
 * and a clock behind clock_gettime() that its MAPs move on.  MIGRATE and
 * FAULT_READ work on the caller's real memory: lent pages are made
 * inaccessible, and a touch faults into a SIGSEGV handler that brings
 * them home and records the fault, as the driver's migrate_to_ram does.
 * MIRROR reads the caller's residency with mincore().
 */
#ifndef HB_TEST_FAKE_DEV_H
#define HB_TEST_FAKE_DEV_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#define FAKE_FD		1000
#define FAKE_MAX_CALLS	256
#define FAKE_FAULT_RING	8192	/* fault records kept, at most */

struct fake_call {
	unsigned long cmd;
	uint32_t size;		/* the struct's size field */
	uint64_t length;	/* MAP, ROOFLINE */
	int32_t node;		/* MAP, ROOFLINE */
	uint32_t handle;	/* UNMAP, VERIFY */
	uint32_t flags;		/* VERIFY, ROOFLINE, FAULT_READ */
	uint64_t copy_length;	/* ROOFLINE */
	uint64_t phys;		/* VERIFY */
	uint32_t direction;	/* MIGRATE */
	uint64_t addr;		/* MIGRATE, MIRROR */
	uint32_t batch;		/* MIGRATE, MIRROR */
	uint32_t rec_size;	/* FAULT_READ */
	uint32_t nr;		/* FAULT_READ: records asked for */
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
	/*
	 * MIGRATE takes 1000 ns and 10 per page to the device (8 home),
	 * 10 % of it in setup, 20 % alloc, 40 % copy, 10 % pages and 10 %
	 * finalize, and moves the clock on by that and 5 us.  TO_DEVICE
	 * lends every page of the range but its last mig_busy (and whole
	 * 2 MiB blocks as THP when mig_thp and the call asks for it);
	 * TO_SYSTEM brings every lent page home but mig_home_busy of them,
	 * and then flips the word at corrupt_offset + 1 when that is set.
	 * A fault brings home its page (its block, lent as THP), records
	 * 3 us in the handler and moves the clock on by fault_ns.
	 */
	bool mig_thp;
	uint64_t mig_busy;
	uint64_t mig_home_busy;
	uint64_t corrupt_offset;	/* + 1; 0: none */
	uint64_t fault_ns;
	unsigned int stop_after_migrates;	/* set *stop after that many */
	unsigned int migrates;
	/*
	 * The records FAULT_READ takes, oldest first: at most
	 * fault_capacity (0: FAKE_FAULT_RING), which its reply says unless
	 * hide_capacity; faults and dropped count since the reset.
	 */
	uint32_t fault_capacity;
	bool hide_capacity;
	struct hmmbench_fault ring[FAKE_FAULT_RING];
	unsigned int ring_count;
	uint64_t faults;
	uint64_t dropped;
	unsigned int fault_reads;
	/* MIRROR: what it finds besides residency (fake_mirror()) */
	bool mir_readonly;
	bool mir_pmd;
	uint64_t mir_zero;
	uint64_t mir_retries;
	unsigned int mirrors;
	/* what is lent: the range of the last TO_DEVICE, and its pages */
	uint64_t lent_addr;
	uint64_t lent_len;
	uint64_t lent_pages;
	bool lent_thp;
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

/* Queues the record of a fault at @addr of folio order @order. */
void fake_fault_push(uint64_t addr, uint32_t order);

#endif /* HB_TEST_FAKE_DEV_H */
