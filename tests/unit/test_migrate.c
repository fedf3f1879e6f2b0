// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: measure/migrate.c, the loop of hmmbench migrate,
 * against the fake device, whose MIGRATE really takes the buffer's pages
 * away (mprotect) and whose faults really happen: which requests it
 * makes and in what order, every fault matched to its touch and only
 * those, FAULT_READ every window of touches, records dropped or stale,
 * and the chunk unmapped however the loop ends - a signal, a failed
 * request, a buffer that came back different.  And the matching rule
 * and the buffer's pattern alone.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake_dev.h"
#include "measure/migrate.h"

#define MIB	(1ULL << 20)
#define PAGES_4M	1024
#define ALL	HB_MIG_ALL
#define FAULT	HB_MIG_BIT(HB_MIG_FAULT)

static volatile sig_atomic_t stop;

static int setup(void **state)
{
	(void)state;
	fake_reset();
	fake.features |= HMMBENCH_FEAT_MIGRATE;
	fake.clock = true;
	fake.now_ns = 1000000;
	fake.fault_ns = 5000;
	stop = 0;
	return 0;
}

static void config(struct hb_result *r, uint64_t size,
		   unsigned int iters, unsigned int dirs, bool thp)
{
	memset(r, 0, sizeof(*r));
	hb_mig_config_init(&r->cfg);
	r->cfg.sizes[0] = size;
	r->cfg.chunk_size = 128 * MIB;
	r->cfg.iters = iters;
	r->cfg.dirs = dirs;
	r->cfg.thp = thp;
	r->meta.info.page_size = 4096;
}

/* hb_migrate_run() of @r on the fake. */
static int run(struct hb_result *r)
{
	struct hb_dev dev;
	int ret;

	assert_int_equal(hb_dev_open(&dev, NULL), 0);
	assert_int_equal(hb_dev_info(&dev), 0);
	ret = hb_migrate_run(&dev, r, &stop, NULL, NULL);
	hb_dev_close(&dev);
	return ret;
}

/* The requests of @cmd the fake was asked. */
static unsigned int asked(unsigned long cmd)
{
	unsigned int i, n = 0;

	for (i = 0; i < fake.nr_calls; i++)
		n += fake.calls[i].cmd == cmd;
	return n;
}

/* The chunk was mapped first, and unmapped before a last ROOFLINE. */
static void assert_chunk_unmapped_before_roofline(void)
{
	assert_true(fake.calls[1].cmd == HMMBENCH_IOC_MAP);
	assert_true(fake.calls[fake.nr_calls - 2].cmd == HMMBENCH_IOC_UNMAP);
	assert_true(fake.calls[fake.nr_calls - 1].cmd == HMMBENCH_IOC_ROOFLINE);
	assert_int_equal(fake.live, 0);
}

/* The chunk was mapped first and unmapped last, and nothing is left. */
static void assert_chunk_unmapped(void)
{
	assert_true(fake.calls[1].cmd == HMMBENCH_IOC_MAP);
	assert_int_equal(fake.calls[1].length, 128 * MIB);
	assert_true(fake.calls[fake.nr_calls - 1].cmd == HMMBENCH_IOC_UNMAP);
	assert_int_equal(fake.live, 0);
}

static void loop_times_each_direction_and_samples_every_fault(void **state)
{
	const struct hb_mig_fault *f;
	struct hb_result r;
	unsigned int i;

	(void)state;
	config(&r, 4 * MIB, 2, ALL, false);
	assert_int_equal(run(&r), 0);
	assert_true(r.complete);
	assert_null(r.stop_reason);
	assert_string_equal(r.error, "");
	assert_chunk_unmapped();
	/* per iteration: to-device, to-system, the lending */
	assert_int_equal(asked(HMMBENCH_IOC_MIGRATE), 9);
	for (i = 0; i < fake.nr_calls; i++) {
		if (fake.calls[i].cmd != HMMBENCH_IOC_MIGRATE)
			continue;
		assert_int_equal(fake.calls[i].handle, 1);
		assert_int_equal(fake.calls[i].length, 4 * MIB);
		assert_int_equal(fake.calls[i].addr % (2 * MIB), 0);
		assert_int_equal(fake.calls[i].flags, 0);
	}
	/* before the first touch, then after the 1024 touches */
	assert_int_equal(asked(HMMBENCH_IOC_FAULT_READ), 6);
	assert_int_equal(r.mig.nr_calls, 6);
	for (i = 0; i < r.mig.nr_calls; i++) {
		assert_int_equal(r.mig.calls[i].iter, i / 2);
		assert_int_equal(r.mig.calls[i].dir, i % 2 ? HB_MIG_TO_SYSTEM :
							 HB_MIG_TO_DEVICE);
		assert_int_equal(r.mig.calls[i].m.migrated, PAGES_4M);
		assert_int_equal(r.mig.calls[i].wall_ns,
				 r.mig.calls[i].m.total_ns + 5000);
	}
	assert_int_equal(r.mig.nr_phases, 3);
	for (i = 0; i < r.mig.nr_phases; i++) {
		assert_int_equal(r.mig.phases[i].iter, i);
		assert_int_equal(r.mig.phases[i].lend.m.migrated, PAGES_4M);
		assert_int_equal(r.mig.phases[i].touches, PAGES_4M);
		assert_int_equal(r.mig.phases[i].faults, PAGES_4M);
		assert_int_equal(r.mig.phases[i].records, PAGES_4M);
		assert_int_equal(r.mig.phases[i].samples, PAGES_4M);
		assert_int_equal(r.mig.phases[i].stale, 0);
		assert_int_equal(r.mig.phases[i].dropped, 0);
	}
	assert_int_equal(r.mig.nr_faults, 3 * PAGES_4M);
	for (i = 0; i < r.mig.nr_faults; i++) {
		f = &r.mig.faults[i];
		assert_int_equal(f->iter, i / PAGES_4M);
		assert_int_equal(f->offset, (i % PAGES_4M) * 4096ULL);
		assert_int_equal(f->rec.order, 0);
		/* the touch around the handler, by the fake's clock */
		assert_int_equal(f->user_ns, 5000);
		assert_int_equal(f->rec.start_ns, f->touch_ns + 1000);
	}
	hb_result_free(&r);
}

/* A THP comes home whole at its first touch: its other touches are no samples. */
static void loop_with_thp_samples_only_the_touches_that_faulted(void **state)
{
	struct hb_result r;
	unsigned int i;

	(void)state;
	fake.features |= HMMBENCH_FEAT_MIGRATE_THP;
	fake.mig_thp = true;
	config(&r, 4 * MIB, 1, ALL, true);
	assert_int_equal(run(&r), 0);
	for (i = 0; i < fake.nr_calls; i++)
		if (fake.calls[i].cmd == HMMBENCH_IOC_MIGRATE)
			assert_int_equal(fake.calls[i].flags,
					 HMMBENCH_MIGRATE_THP);
	assert_int_equal(r.mig.calls[0].m.thp, 2);
	assert_int_equal(r.mig.nr_phases, 2);
	assert_int_equal(r.mig.phases[1].touches, PAGES_4M);
	assert_int_equal(r.mig.phases[1].faults, 2);
	assert_int_equal(r.mig.phases[1].samples, 2);
	assert_int_equal(r.mig.nr_faults, 4);
	assert_int_equal(r.mig.faults[3].offset, 2 * MIB);
	assert_int_equal(r.mig.faults[3].rec.order, 9);
	assert_int_equal(r.mig.faults[3].rec.pages, 512);
	hb_result_free(&r);
}

/* 4096 touches: FAULT_READ after every 2048, or the module's capacity. */
static void loop_reads_the_faults_every_window(void **state)
{
	struct hb_result r;

	(void)state;
	config(&r, 16 * MIB, 1, FAULT, false);
	assert_int_equal(run(&r), 0);
	assert_int_equal(r.mig.nr_calls, 0);
	assert_int_equal(asked(HMMBENCH_IOC_MIGRATE), 2);
	assert_int_equal(asked(HMMBENCH_IOC_FAULT_READ), 2 * (1 + 2));
	assert_int_equal(r.mig.nr_faults, 2 * 4096);
	hb_result_free(&r);

	setup(NULL);
	fake.fault_capacity = 1000;
	config(&r, 16 * MIB, 1, FAULT, false);
	assert_int_equal(run(&r), 0);
	assert_int_equal(asked(HMMBENCH_IOC_FAULT_READ), 2 * (1 + 5));
	assert_int_equal(r.mig.nr_faults, 2 * 4096);
	assert_int_equal(r.mig.phases[1].dropped, 0);
	hb_result_free(&r);
}

/* A module that says nothing of its capacity and keeps 100 records. */
static void loop_counts_the_records_the_module_dropped(void **state)
{
	struct hb_result r;

	(void)state;
	fake.fault_capacity = 100;
	fake.hide_capacity = true;
	config(&r, 4 * MIB, 1, FAULT, false);
	assert_int_equal(run(&r), 0);
	assert_int_equal(r.mig.phases[1].faults, PAGES_4M);
	assert_int_equal(r.mig.phases[1].records, 100);
	assert_int_equal(r.mig.phases[1].samples, 100);
	assert_int_equal(r.mig.phases[1].dropped, PAGES_4M - 100);
	assert_int_equal(r.mig.nr_faults, 2 * 100);
	hb_result_free(&r);
}

/*
 * Three pages stay on the device after to-system; the check faults them
 * home before any touch: stale records, no samples.
 */
static void loop_leaves_out_faults_before_the_first_touch(void **state)
{
	struct hb_result r;

	(void)state;
	fake.mig_home_busy = 3;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), 0);
	assert_true(r.complete);
	assert_int_equal(r.mig.calls[1].m.migrated, PAGES_4M - 3);
	assert_int_equal(r.mig.calls[1].m.skip_busy, 3);
	assert_int_equal(r.mig.phases[1].stale, 3);
	assert_int_equal(r.mig.phases[1].samples, PAGES_4M);
	assert_int_equal(r.mig.phases[1].faults, PAGES_4M);
	hb_result_free(&r);
}

static void loop_keeps_only_the_directions_asked_for(void **state)
{
	struct hb_result r;
	unsigned int i;

	(void)state;
	config(&r, 4 * MIB, 2, HB_MIG_BIT(HB_MIG_TO_SYSTEM), false);
	assert_int_equal(run(&r), 0);
	/* to-system needs the pages lent first: not a sample */
	assert_int_equal(asked(HMMBENCH_IOC_MIGRATE), 6);
	assert_int_equal(asked(HMMBENCH_IOC_FAULT_READ), 0);
	assert_int_equal(r.mig.nr_calls, 3);
	for (i = 0; i < r.mig.nr_calls; i++)
		assert_int_equal(r.mig.calls[i].dir, HB_MIG_TO_SYSTEM);
	assert_int_equal(r.mig.nr_phases, 0);
	hb_result_free(&r);
}

static void loop_stops_on_a_signal_and_unmaps_the_chunk(void **state)
{
	struct hb_result r;

	(void)state;
	fake.stop = &stop;
	fake.stop_after_migrates = 2;
	config(&r, 4 * MIB, 5, ALL, false);
	assert_int_equal(run(&r), HB_STOPPED);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "interrupted");
	assert_int_equal(r.mig.nr_calls, 2);
	assert_int_equal(r.mig.nr_phases, 0);
	assert_int_equal(asked(HMMBENCH_IOC_MIGRATE), 2);
	assert_chunk_unmapped();
	hb_result_free(&r);
}

static void loop_unmaps_the_chunk_when_a_migrate_fails(void **state)
{
	struct hb_result r;

	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_MIGRATE;
	fake.fail_skip = 1;
	fake.fail_errno = ENOMEM;
	config(&r, 4 * MIB, 2, ALL, false);
	assert_int_equal(run(&r), -ENOMEM);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "error");
	assert_string_equal(r.error, "the module ran out of memory for the device's bookkeeping while migrating 4M back to system memory: free memory, or use a smaller --size or --batch");
	/* the failed call is no sample */
	assert_int_equal(r.mig.nr_calls, 1);
	assert_chunk_unmapped();
	hb_result_free(&r);
}

static void loop_unmaps_the_chunk_when_fault_read_fails(void **state)
{
	struct hb_result r;

	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_FAULT_READ;
	fake.fail_skip = 1;
	fake.fail_errno = EIO;
	config(&r, 4 * MIB, 1, FAULT, false);
	assert_int_equal(run(&r), -EIO);
	assert_string_equal(r.error, "reading the fault records of chunk 1 failed: Input/output error");
	assert_chunk_unmapped();
	hb_result_free(&r);
}

static void loop_without_a_chunk_asks_nothing_more(void **state)
{
	struct hb_result r;

	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_MAP;
	fake.fail_errno = ENOSPC;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), -ENOSPC);
	assert_non_null(strstr(r.error, "no free physical address range of 128M"));
	assert_int_equal(asked(HMMBENCH_IOC_MIGRATE), 0);
	assert_int_equal(asked(HMMBENCH_IOC_UNMAP), 0);
	hb_result_free(&r);
}

/*
 * ROOFLINE's copy of the buffer's bytes comes last, with the chunk gone,
 * on a chunk's length; the fake copies 8 bytes per ns.
 */
static void loop_times_the_roofline_copy_last(void **state)
{
	const struct fake_call *c;
	struct hb_result r;

	(void)state;
	fake.features |= HMMBENCH_FEAT_ROOFLINE | HMMBENCH_FEAT_ROOFLINE_COPY;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), 0);
	assert_true(r.complete);
	assert_int_equal(asked(HMMBENCH_IOC_ROOFLINE), 1);
	c = &fake.calls[fake.nr_calls - 1];
	assert_true(c->cmd == HMMBENCH_IOC_ROOFLINE);
	assert_true(fake.calls[fake.nr_calls - 2].cmd == HMMBENCH_IOC_UNMAP);
	assert_int_equal(c->flags, HMMBENCH_ROOFLINE_COPY);
	assert_int_equal(c->length, 128 * MIB);
	assert_int_equal(c->copy_length, 4 * MIB);
	assert_int_equal(r.meta.roof[0].copy_bytes, 4 * MIB);
	assert_int_equal(r.meta.roof[0].copy_ns, 4 * MIB / 8);
	assert_true(r.meta.roof[0].valid & HMMBENCH_R_COPY);
	assert_string_equal(r.mig.roof_skip, "");
	hb_result_free(&r);
}

/* A module that cannot copy, or finds no memory for it: the run stands. */
static void loop_without_the_roofline_copy_says_why(void **state)
{
	struct hb_result r;

	(void)state;
	fake.features |= HMMBENCH_FEAT_ROOFLINE;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), 0);
	assert_true(r.complete);
	assert_int_equal(asked(HMMBENCH_IOC_ROOFLINE), 0);
	assert_int_equal(r.meta.roof[0].valid, 0);
	assert_string_equal(r.mig.roof_skip, "the module cannot time a copy (no HMMBENCH_FEAT_ROOFLINE_COPY): it is older than this hmmbench");
	hb_result_free(&r);

	fake_reset();
	setup(NULL);
	fake.features |= HMMBENCH_FEAT_ROOFLINE | HMMBENCH_FEAT_ROOFLINE_COPY;
	fake.fail_cmd = HMMBENCH_IOC_ROOFLINE;
	fake.fail_errno = ENOMEM;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), 0);
	assert_true(r.complete);
	assert_string_equal(r.error, "");
	assert_string_equal(r.mig.roof_skip, "the module could not get two 4 MiB buffers of free 2 MiB blocks (over its budget, or memory too fragmented)");
	assert_chunk_unmapped_before_roofline();
	hb_result_free(&r);
}

/* Any other refusal is a mismatch with the module: the run fails. */
static void loop_fails_when_the_roofline_is_refused(void **state)
{
	struct hb_result r;

	(void)state;
	fake.features |= HMMBENCH_FEAT_ROOFLINE | HMMBENCH_FEAT_ROOFLINE_COPY;
	fake.fail_cmd = HMMBENCH_IOC_ROOFLINE;
	fake.fail_errno = EINVAL;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), -EINVAL);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "error");
	assert_non_null(strstr(r.error, "refused to time"));
	hb_result_free(&r);
}

/* The fake flips one bit of byte 8200 on the way home. */
static void loop_names_the_first_offset_that_came_back_different(void **state)
{
	struct hb_result r;

	(void)state;
	fake.corrupt_offset = 8200 + 1;
	config(&r, 4 * MIB, 1, ALL, false);
	assert_int_equal(run(&r), -EIO);
	assert_false(r.complete);
	assert_non_null(strstr(r.error, "iteration 0: after to-device and to-system the buffer holds 0x"));
	assert_non_null(strstr(r.error, " at offset 8200 (0x2008) where 0x"));
	assert_non_null(strstr(r.error, "was written: the migration lost or corrupted data"));
	assert_int_equal(r.mig.nr_phases, 0);
	assert_chunk_unmapped();
	hb_result_free(&r);
}

static struct hmmbench_fault rec_at(uint64_t addr)
{
	return (struct hmmbench_fault){
		.size = sizeof(struct hmmbench_fault), .addr = addr,
		.total_ns = 3000,
	};
}

/*
 * A window of touches 2048 to 4095 of a buffer at 1 GiB: a record of a
 * touch of it is a sample, once; any other record is not.
 */
static void match_takes_each_touch_of_the_window_once(void **state)
{
	static struct hb_mig_window w;
	const uint64_t base = 1ULL << 30;
	struct hb_mig_touches t = { .iter = 4 };
	struct hb_result r = { 0 };
	const struct hmmbench_fault recs[] = {
		rec_at(base + 2048 * 4096ULL),	/* the window's first */
		rec_at(base + 2048 * 4096ULL),	/* the same page again */
		rec_at(base + 10 * 4096ULL),	/* an earlier window's */
		rec_at(base + 2048 * 4096ULL + 8),	/* not a page */
		rec_at(base - 4096),		/* below the buffer */
		rec_at(base + 4096 * 4096ULL),	/* past the window */
		rec_at(base + 4095 * 4096ULL),	/* the window's last */
	};
	size_t i;

	(void)state;
	w.base = base;
	w.first = 2048;
	w.n = 2048;
	for (i = 0; i < w.n; i++) {
		w.touch_ns[i] = 1000000 + i;
		w.user_ns[i] = 100 + i;
		w.matched[i] = false;
	}
	assert_int_equal(hb_mig_match(&r, &t, &w, recs, 7), 0);
	assert_int_equal(t.records, 7);
	assert_int_equal(t.samples, 2);
	assert_int_equal(r.mig.nr_faults, 2);
	assert_int_equal(r.mig.faults[0].iter, 4);
	assert_int_equal(r.mig.faults[0].offset, 2048 * 4096ULL);
	assert_int_equal(r.mig.faults[0].user_ns, 100);
	assert_int_equal(r.mig.faults[0].touch_ns, 1000000);
	assert_int_equal(r.mig.faults[0].rec.total_ns, 3000);
	assert_int_equal(r.mig.faults[1].offset, 4095 * 4096ULL);
	assert_int_equal(r.mig.faults[1].user_ns, 100 + 2047);
	hb_result_free(&r);
}

static void pattern_depends_on_iteration_and_offset(void **state)
{
	(void)state;
	assert_true(hb_mig_pattern(0, 0) != hb_mig_pattern(0, 8));
	assert_true(hb_mig_pattern(0, 0) != hb_mig_pattern(1, 0));
	assert_true(hb_mig_pattern(1, 8) != hb_mig_pattern(0, 16));
	assert_true(hb_mig_pattern(0, 0) != 0);
	assert_true(hb_mig_pattern(3, 4096) == hb_mig_pattern(3, 4096));
}

#define T(f)	cmocka_unit_test_setup(f, setup)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(loop_times_each_direction_and_samples_every_fault),
		T(loop_with_thp_samples_only_the_touches_that_faulted),
		T(loop_reads_the_faults_every_window),
		T(loop_counts_the_records_the_module_dropped),
		T(loop_leaves_out_faults_before_the_first_touch),
		T(loop_keeps_only_the_directions_asked_for),
		T(loop_stops_on_a_signal_and_unmaps_the_chunk),
		T(loop_unmaps_the_chunk_when_a_migrate_fails),
		T(loop_unmaps_the_chunk_when_fault_read_fails),
		T(loop_without_a_chunk_asks_nothing_more),
		T(loop_names_the_first_offset_that_came_back_different),
		T(loop_times_the_roofline_copy_last),
		T(loop_without_the_roofline_copy_says_why),
		T(loop_fails_when_the_roofline_is_refused),
		T(match_takes_each_touch_of_the_window_once),
		T(pattern_depends_on_iteration_and_offset),
	};

	return cmocka_run_group_tests_name("migrate", tests, NULL, NULL);
}
