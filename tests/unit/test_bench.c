// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the measurement loop against the fake device -
 * iteration kinds, chunk and size order, interleaving, and that a signal
 * or an error always leaves nothing mapped and the samples kept.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bench.h"
#include "fake_dev.h"

#define GIB	(1ULL << 30)

static struct hb_dev dev;
static struct hb_result r;
static volatile sig_atomic_t stop;
static unsigned int progress_calls;
static struct hb_progress last;

static int setup(void **state)
{
	(void)state;
	fake_reset();
	stop = 0;
	progress_calls = 0;
	memset(&r, 0, sizeof(r));
	r.cfg.command = "run";
	r.cfg.sizes[0] = GIB;
	r.cfg.nr_sizes = 1;
	r.cfg.chunks = 1;
	r.cfg.iters = 3;
	r.cfg.node = HMMBENCH_NODE_LOCAL;
	if (hb_dev_open(&dev, NULL) || hb_dev_info(&dev))
		return -1;
	r.meta.info = dev.info;
	fake.nr_calls = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	hb_dev_close(&dev);
	hb_result_free(&r);
	return 0;
}

static void on_progress(const struct hb_progress *p, void *arg)
{
	(void)arg;
	progress_calls++;
	last = *p;
}

static int run(void)
{
	return hb_bench_run(&dev, &r, &stop, on_progress, NULL);
}

static void cold_then_warmup_then_warm_iterations(void **state)
{
	static const enum hb_kind want[] = {
		HB_COLD, HB_WARMUP, HB_WARMUP, HB_WARM, HB_WARM, HB_WARM,
	};
	size_t i;

	(void)state;
	r.cfg.warmup = 2;
	assert_int_equal(run(), 0);
	assert_int_equal(r.nr_samples, 6);
	for (i = 0; i < 6; i++) {
		assert_int_equal(r.samples[i].kind, want[i]);
		assert_int_equal(r.samples[i].iter, i);
	}
	assert_true(r.complete);
	assert_null(r.stop_reason);
	assert_int_equal(fake.live, 0);
}

static void every_timing_of_a_sample_is_kept(void **state)
{
	const struct hb_sample *s;

	(void)state;
	assert_int_equal(run(), 0);
	s = &r.samples[1];
	assert_int_equal(s->valid, HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP |
			 HMMBENCH_T_MEMMAP_INIT | HMMBENCH_T_MEMUNMAP |
			 HMMBENCH_T_RELEASE);
	assert_int_equal(s->region_ns, 1000);
	assert_int_equal(s->memremap_ns, 262144 * 10 + 1000);
	assert_int_equal(s->memmap_init_ns, (262144 * 10 + 1000) / 10 * 9);
	assert_int_equal(s->memunmap_ns, 2000000 + 2);	/* handle 2 */
	assert_int_equal(s->release_ns, 500);
	assert_int_equal(s->phys_start, 0x1000000000ULL);
}

static void all_chunks_are_mapped_before_any_is_unmapped(void **state)
{
	size_t i;

	(void)state;
	r.cfg.chunks = 3;
	r.cfg.iters = 1;
	assert_int_equal(run(), 0);
	assert_int_equal(fake.max_live, 3);
	for (i = 0; i < 3; i++)
		assert_true(fake.calls[i].cmd == HMMBENCH_IOC_MAP);
	for (i = 3; i < 6; i++)
		assert_true(fake.calls[i].cmd == HMMBENCH_IOC_UNMAP);
	/* Unmap timings land on the sample of their own chunk. */
	for (i = 0; i < 3; i++) {
		assert_int_equal(r.samples[i].chunk, i);
		assert_int_equal(r.samples[i].memunmap_ns, 2000000 + i + 1);
	}
	assert_int_equal(r.nr_samples, 6);
}

static void sweep_runs_each_size_to_the_end_in_turn(void **state)
{
	static const uint64_t want[] = { GIB, GIB, 2 * GIB, 2 * GIB };
	size_t i;

	(void)state;
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.nr_sizes = 2;
	r.cfg.iters = 1;
	assert_int_equal(run(), 0);
	for (i = 0; i < 4; i++)
		assert_int_equal(fake.calls[2 * i].length, want[i]);
	assert_int_equal(r.samples[2].kind, HB_COLD);
}

static void interleave_alternates_sizes_inside_each_iteration(void **state)
{
	static const uint64_t want[] = { GIB, 2 * GIB, GIB, 2 * GIB };
	size_t i;

	(void)state;
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.nr_sizes = 2;
	r.cfg.iters = 1;
	r.cfg.interleave = true;
	assert_int_equal(run(), 0);
	for (i = 0; i < 4; i++)
		assert_int_equal(fake.calls[2 * i].length, want[i]);
	/* Each size still gets its own cold iteration. */
	assert_int_equal(r.samples[0].kind, HB_COLD);
	assert_int_equal(r.samples[1].kind, HB_COLD);
	assert_int_equal(r.samples[2].kind, HB_WARM);
}

static void signal_stops_after_the_step_and_unmaps_all(void **state)
{
	(void)state;
	r.cfg.chunks = 2;
	fake.stop = &stop;
	fake.stop_after_maps = 3;	/* during the second iteration */
	assert_int_equal(run(), HB_STOPPED);
	assert_int_equal(fake.live, 0);
	assert_int_equal(fake.maps, 3);
	assert_int_equal(r.nr_samples, 3);
	assert_true(r.samples[2].valid & HMMBENCH_T_MEMUNMAP);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "interrupted");
	assert_string_equal(r.error, "");
}

static void map_error_mid_step_unmaps_and_explains(void **state)
{
	(void)state;
	r.cfg.chunks = 3;
	fake.fail_cmd = HMMBENCH_IOC_MAP;
	fake.fail_skip = 1;
	fake.fail_errno = ENOSPC;
	assert_int_equal(run(), -ENOSPC);
	assert_int_equal(fake.live, 0);
	assert_int_equal(r.nr_samples, 1);
	assert_true(r.samples[0].valid & HMMBENCH_T_RELEASE);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "error");
	assert_non_null(strstr(r.error, "no free physical address range of 1G"));
}

static void enomem_is_explained_with_a_fresh_budget(void **state)
{
	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_MAP;
	fake.fail_errno = ENOMEM;
	assert_int_equal(run(), -ENOMEM);
	assert_true(fake.calls[1].cmd == HMMBENCH_IOC_INFO);
	assert_non_null(strstr(r.error, "budget allows 1 GiB now"));
}

static void unmap_error_is_reported_and_stops(void **state)
{
	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_UNMAP;
	fake.fail_errno = EIO;
	assert_int_equal(run(), -EIO);
	assert_string_equal(r.error, "unmapping chunk 1 failed: Input/output error");
	assert_int_equal(r.nr_samples, 1);
	assert_false(r.samples[0].valid & HMMBENCH_T_MEMUNMAP);
}

static void unmeasured_phase_is_not_marked_valid(void **state)
{
	(void)state;
	fake.map_valid = HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP;
	assert_int_equal(run(), 0);
	assert_false(r.samples[0].valid & HMMBENCH_T_MEMMAP_INIT);
	assert_true(r.samples[0].valid & HMMBENCH_T_MEMREMAP);
}

static void progress_is_reported_once_per_step(void **state)
{
	(void)state;
	r.cfg.warmup = 1;
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.nr_sizes = 2;
	assert_int_equal(run(), 0);
	assert_int_equal(progress_calls, 2 * (1 + 1 + 3));
	assert_int_equal(last.step, last.steps);
	assert_int_equal(last.nr_samples, 1);
	assert_int_equal(last.size, 2 * GIB);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(cold_then_warmup_then_warm_iterations),
		T(every_timing_of_a_sample_is_kept),
		T(all_chunks_are_mapped_before_any_is_unmapped),
		T(sweep_runs_each_size_to_the_end_in_turn),
		T(interleave_alternates_sizes_inside_each_iteration),
		T(signal_stops_after_the_step_and_unmaps_all),
		T(map_error_mid_step_unmaps_and_explains),
		T(enomem_is_explained_with_a_fresh_budget),
		T(unmap_error_is_reported_and_stops),
		T(unmeasured_phase_is_not_marked_valid),
		T(progress_is_reported_once_per_step),
	};

	return cmocka_run_group_tests_name("bench", tests, NULL, NULL);
}
