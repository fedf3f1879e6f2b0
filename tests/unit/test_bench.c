// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the measurement loop against the fake device -
 * iteration kinds, chunk and size order, interleaving, and that a signal
 * or an error always leaves nothing mapped and the samples kept - the
 * memmap digest read back after the iterations, in the JSON or not, and
 * what ends a run early: --until-ci on a quiet device, --iters on a noisy
 * one, --max-time on the fake's clock.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fake_dev.h"
#include "fixture.h"
#include "measure/bench.h"
#include "measure/verify.h"
#include "results/result_read.h"

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
	r.cfg.workload = "chunk";
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
	assert_int_equal(r.end, HB_END_INTERRUPTED);
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
	assert_int_equal(r.end, HB_END_ERROR);
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

/* The "memmaps" member of @r's JSON, compact; NULL when absent. */
static char *memmaps_json(void)
{
	char *text = fixture_render(HB_FMT_JSON, &r);
	char *m = fixture_json_member(text, "memmaps");

	free(text);
	return m;
}

static void verify_reads_one_more_chunk_per_size_after_the_loop(void **state)
{
	unsigned int i;
	char *m;

	(void)state;
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.nr_sizes = 2;
	r.cfg.verify = true;
	fake.verify.digest = 0x3f9a000000000001ULL;
	assert_int_equal(run(), 0);
	/* not a sample: 2 sizes of 4 iterations, 1 chunk each */
	assert_int_equal(r.nr_samples, 8);
	assert_int_equal(progress_calls, 8);
	assert_int_equal(fake.verifies, 2);
	assert_int_equal(fake.live, 0);
	/* every measured MAP and UNMAP came before: 16 calls, then 2 x 3 */
	assert_int_equal(fake.nr_calls, 16 + 6);
	for (i = 0; i < 16; i++)
		assert_true(fake.calls[i].cmd != HMMBENCH_IOC_VERIFY);
	assert_true(fake.calls[16].cmd == HMMBENCH_IOC_MAP);
	assert_int_equal(fake.calls[16].length, GIB);
	assert_true(fake.calls[17].cmd == HMMBENCH_IOC_VERIFY);
	assert_true(fake.calls[18].cmd == HMMBENCH_IOC_UNMAP);
	assert_int_equal(fake.calls[18].handle, fake.calls[17].handle);
	assert_int_equal(fake.calls[19].length, 2 * GIB);
	assert_true(r.memmap[1].valid);
	assert_int_equal(r.memmap[1].pages, 524288);
	m = memmaps_json();
	assert_string_equal(m,
			    "[{\"size\":1073741824,\"pages\":262144,\"digest\":\"0x3f9a000000000001\",\"layout\":\"0x000000000000abcd\",\"bad_pages\":0},"
			    "{\"size\":2147483648,\"pages\":524288,\"digest\":\"0x3f9a000000000001\",\"layout\":\"0x000000000000abcd\",\"bad_pages\":0}]");
	free(m);
	assert_true(r.complete);
}

static void no_verify_leaves_the_memmaps_out(void **state)
{
	(void)state;
	assert_int_equal(run(), 0);
	assert_int_equal(fake.verifies, 0);
	assert_false(r.memmap[0].valid);
	assert_null(memmaps_json());
}

static void memmaps_survive_a_round_trip_through_the_file(void **state)
{
	struct hb_input in;
	char err[256], *path;

	(void)state;
	r.cfg.verify = true;
	fake.verify.digest = 0xfedcba9876543210ULL;
	fake.verify.bad_pages = 7;
	assert_int_equal(run(), 0);
	path = fixture_json_file(&r);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	assert_true(in.r.memmap[0].valid);
	assert_true(in.r.memmap[0].digest == 0xfedcba9876543210ULL);
	assert_int_equal(in.r.memmap[0].layout, 0xabcd);
	assert_int_equal(in.r.memmap[0].pages, 262144);
	assert_int_equal(in.r.memmap[0].bad_pages, 7);
	assert_ptr_equal(hb_result_memmap(&in.r, GIB), &in.r.memmap[0]);
	assert_null(hb_result_memmap(&in.r, 2 * GIB));
	hb_input_free(&in);
	unlink(path);
	free(path);
}

static void a_module_without_verify_gets_the_note_and_no_object(void **state)
{
	char note[256] = "";

	(void)state;
	fake.features = HMMBENCH_FEAT_PHASE_PROBE;
	hb_dev_info(&dev);
	r.cfg.verify = hb_verify_wanted(&dev.info, false, note, sizeof(note));
	assert_false(r.cfg.verify);
	assert_string_equal(note, "the module does not support verify (no HMMBENCH_FEAT_VERIFY): the memmap digest is not recorded; load a newer module for it, or pass --no-verify");
	assert_int_equal(run(), 0);
	assert_int_equal(fake.verifies, 0);
	assert_null(memmaps_json());
	/* asked to skip it, there is nothing to say */
	note[0] = '\0';
	fake.features |= HMMBENCH_FEAT_VERIFY;
	hb_dev_info(&dev);
	assert_false(hb_verify_wanted(&dev.info, true, note, sizeof(note)));
	assert_string_equal(note, "");
	assert_true(hb_verify_wanted(&dev.info, false, note, sizeof(note)));
}

static void bad_pages_give_one_warning_and_the_run_stands(void **state)
{
	char buf[256];

	(void)state;
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.sizes[2] = 4 * GIB;
	r.cfg.nr_sizes = 3;
	r.cfg.iters = 1;
	r.cfg.verify = true;
	assert_int_equal(run(), 0);
	assert_null(hb_memmap_warning(&r, buf, sizeof(buf)));
	r.memmap[1].bad_pages = 262143;
	r.memmap[2].bad_pages = 1;
	assert_string_equal(hb_memmap_warning(&r, buf, sizeof(buf)),
			    "warning: 262143 of 524288 struct pages of a 2 GiB chunk break an invariant and 1 more size: hmmbench verify --size 2G shows which");
	r.cfg.vmemmap_shift = 9;
	r.cfg.compound_size = 2ULL << 20;
	r.memmap[2].bad_pages = 0;
	assert_string_equal(hb_memmap_warning(&r, buf, sizeof(buf)),
			    "warning: 262143 of 524288 struct pages of a 2 GiB chunk break an invariant: hmmbench verify --size 2G --compound 2M shows which");
	assert_true(r.complete);
}

static void verify_error_unmaps_the_chunk_and_explains(void **state)
{
	(void)state;
	r.cfg.verify = true;
	fake.fail_cmd = HMMBENCH_IOC_VERIFY;
	fake.fail_errno = EIO;
	assert_true(run() == -EIO);
	assert_int_equal(fake.live, 0);
	assert_int_equal(r.nr_samples, 4);
	assert_false(r.memmap[0].valid);
	assert_string_equal(r.error, "verifying chunk 5 failed: Input/output error");
}

static void signal_before_verify_stops_without_mapping(void **state)
{
	(void)state;
	r.cfg.verify = true;
	fake.stop = &stop;
	fake.stop_after_maps = 4;
	assert_int_equal(run(), HB_STOPPED);
	assert_int_equal(fake.maps, 4);
	assert_int_equal(fake.verifies, 0);
	assert_int_equal(fake.live, 0);
	assert_false(r.complete);
}

/*
 * A quiet device: memremap 2621440 + 1000 k ns on the k-th MAP.  Two warm
 * calls have the interval 12.706 * 707 / sqrt(2) = 6353 ns, 0.24 % of
 * their mean; three, 4.303 * 1000 / sqrt(3) = 2484 ns, 0.095 %: --until-ci
 * 0.1 stops there, with --iters 50 to spare.  The warmup call counts for
 * nothing.
 */
static void quiet_device_stops_on_the_interval(void **state)
{
	(void)state;
	r.cfg.warmup = 1;
	r.cfg.iters = 50;
	r.cfg.until_ci = 0.1;
	assert_int_equal(run(), 0);
	assert_int_equal(r.end, HB_END_CI);
	assert_int_equal(r.cfg.iters, 3);
	assert_int_equal(r.nr_samples, 1 + 1 + 3);
	assert_true(r.complete);
	assert_null(r.stop_reason);
	assert_int_equal(fake.live, 0);
}

/* Every second call twice as slow: the interval stays near +-30 %. */
static void noisy_device_stops_on_iters(void **state)
{
	(void)state;
	fake.jitter_ns = 2621440;
	r.cfg.iters = 8;
	r.cfg.until_ci = 1.0;
	assert_int_equal(run(), 0);
	assert_int_equal(r.end, HB_END_ITERS);
	assert_int_equal(r.cfg.iters, 8);
	assert_int_equal(r.nr_samples, 1 + 8);
	assert_true(r.complete);
}

/*
 * A second per MAP on the fake clock, --max-time 3.5 s: the cold call
 * ends at 1 s, the warm ones at 2, 3 and 4 s, after which none starts.
 */
static void max_time_stops_starting_iterations(void **state)
{
	(void)state;
	fake.clock = true;
	fake.map_ns = 1000000000;
	fake.jitter_ns = 2621440;
	r.cfg.iters = 100;
	r.cfg.until_ci = 1.0;
	r.cfg.max_time_ns = 3500000000ULL;
	assert_int_equal(run(), 0);
	assert_int_equal(r.end, HB_END_MAX_TIME);
	assert_int_equal(r.cfg.iters, 3);
	assert_int_equal(r.nr_samples, 1 + 3);
	assert_int_equal(r.wall_ns, 4000000000ULL);
	assert_true(r.complete);
	assert_int_equal(fake.live, 0);
}

/* A signal still ends the run incomplete, --iters kept as asked. */
static void signal_ends_a_run_until_ci_incomplete(void **state)
{
	(void)state;
	fake.jitter_ns = 2621440;
	fake.stop = &stop;
	fake.stop_after_maps = 4;
	r.cfg.iters = 50;
	r.cfg.until_ci = 1.0;
	assert_int_equal(run(), HB_STOPPED);
	assert_int_equal(r.end, HB_END_INTERRUPTED);
	assert_int_equal(r.cfg.iters, 50);
	assert_false(r.complete);
}

/* Whether @text (freed here) has @part, its lines joined. */
static bool says(char *text, const char *part)
{
	bool found;
	char *p;

	for (p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	found = strstr(text, part);
	free(text);
	return found;
}

/* What stopped a run is written, read back, and said in words. */
static void what_stopped_a_run_is_kept_and_said(void **state)
{
	struct hb_input in;
	char err[256], *path;

	(void)state;
	r.cfg.iters = 50;
	r.cfg.until_ci = 0.1;
	r.cfg.max_time_ns = 600000000000ULL;
	assert_int_equal(run(), 0);
	assert_true(says(fixture_render(HB_FMT_TABLE, &r), "Stopped after 3 warm iterations: the 95% CI of the warm memremap mean, ±0.095%, is within --until-ci 0.1%."));
	assert_true(says(fixture_render(HB_FMT_COVER, &r), "Stopped after 3 warm iterations: the 95% CI"));
	assert_true(says(fixture_render(HB_FMT_JSON, &r), "\"stopped_by\":\"ci_target\""));
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	unlink(path);
	free(path);
	assert_int_equal(in.r.end, HB_END_CI);
	assert_true(in.r.cfg.until_ci == 0.1);
	assert_int_equal(in.r.cfg.max_time_ns, 600000000000ULL);
	assert_int_equal(in.r.cfg.iters, 3);
	hb_input_free(&in);
}

/* Without either option nothing is said, and the file has neither. */
static void a_plain_run_says_nothing_of_stopping(void **state)
{
	(void)state;
	assert_int_equal(run(), 0);
	assert_int_equal(r.end, HB_END_ITERS);
	assert_false(says(fixture_render(HB_FMT_TABLE, &r), "Stopped"));
	assert_true(says(fixture_render(HB_FMT_JSON, &r), "\"stopped_by\":\"iterations\""));
	assert_false(says(fixture_render(HB_FMT_JSON, &r), "until_ci_percent"));
	assert_false(says(fixture_render(HB_FMT_JSON, &r), "max_time_ns"));
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
		T(verify_reads_one_more_chunk_per_size_after_the_loop),
		T(no_verify_leaves_the_memmaps_out),
		T(memmaps_survive_a_round_trip_through_the_file),
		T(a_module_without_verify_gets_the_note_and_no_object),
		T(bad_pages_give_one_warning_and_the_run_stands),
		T(verify_error_unmaps_the_chunk_and_explains),
		T(signal_before_verify_stops_without_mapping),
		T(quiet_device_stops_on_the_interval),
		T(noisy_device_stops_on_iters),
		T(max_time_stops_starting_iterations),
		T(signal_ends_a_run_until_ci_incomplete),
		T(what_stopped_a_run_is_kept_and_said),
		T(a_plain_run_says_nothing_of_stopping),
	};

	return cmocka_run_group_tests_name("bench", tests, NULL, NULL);
}
