// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: `hmmbench merge` - the boots of one side of an A/B
 * run pooled into one result: samples concatenated with their run, the
 * iteration counts summed, summaries recomputed over the pool, sources
 * listed with their boot ids, the boots counted, the memmap digest
 * carried when all agree, and the merged JSON read back.
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
#include <json-c/json.h>

#include "fixture.h"
#include "results/config_match.h"
#include "results/merge.h"
#include "results/runid.h"

static const double boot1_ms[] = { 26.0, 28.0, 30.0 };
static const double boot2_ms[] = { 32.0, 34.0, 36.0 };

static void load(struct hb_input *in, struct hb_result *r)
{
	char err[512], *path = fixture_json_file(r);

	assert_non_null(path);
	assert_int_equal(hb_input_load(in, path, err, sizeof(err)), 0);
	unlink(path);
	in->path = path;
	hb_result_free(r);
}

static void two_boots(struct hb_input *in, double cold2)
{
	struct hb_result r;

	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	load(&in[0], &r);
	fixture_series(&r, "base", cold2, boot2_ms, 3);
	load(&in[1], &r);
}

static void free_inputs(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free((char *)in[i].path);
		hb_input_free(&in[i]);
	}
}

static void samples_are_concatenated_with_their_run(void **state)
{
	struct hb_input in[2];
	struct hb_result m;

	(void)state;
	two_boots(in, 62.0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_int_equal(m.nr_samples, 8);
	assert_int_equal(m.samples[0].run, 0);
	assert_int_equal(m.samples[4].run, 1);
	assert_int_equal(m.samples[4].kind, HB_COLD);
	assert_int_equal(m.samples[5].memremap_ns, 32000000);
	assert_int_equal(m.cfg.iters, 6);
	assert_int_equal(m.nr_sources, 2);
	assert_string_equal(m.sources[1].file, in[1].path);
	assert_int_equal(hb_result_runs(&m), 2);
	hb_result_free(&m);
	free_inputs(in, 2);
}

static void summaries_are_recomputed_over_the_pool(void **state)
{
	struct hb_summary *sum;
	struct hb_input in[2];
	struct hb_result m;
	size_t nr;

	(void)state;
	two_boots(in, 62.0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_int_equal(hb_summarize(&m, &sum, &nr), 0);
	/* cold: 58 and 62 ms, one per boot, now testable */
	assert_int_equal(sum[0].st[HB_M_MEMREMAP].n, 2);
	assert_true(sum[0].st[HB_M_MEMREMAP].mean == 60e6);
	/* warm: 26..36 ms, mean 31 ms, median 31 ms */
	assert_int_equal(sum[1].st[HB_M_MEMREMAP].n, 6);
	assert_true(sum[1].st[HB_M_MEMREMAP].mean == 31e6);
	assert_true(sum[1].st[HB_M_MEMREMAP].median == 31e6);
	free(sum);
	hb_result_free(&m);
	free_inputs(in, 2);
}

static void merged_json_reads_back_with_sources(void **state)
{
	struct hb_input in[2], back;
	struct hb_result m;
	char *path;

	(void)state;
	two_boots(in, 62.0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	path = fixture_json_file(&m);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&back, path, path, 0), 0);
	assert_int_equal(back.r.nr_samples, 8);
	assert_int_equal(back.r.nr_sources, 2);
	assert_int_equal(back.r.samples[7].run, 1);
	assert_int_equal(json_object_get_int(hb_json_path(back.doc,
		"configuration.cold_iterations")), 2);
	assert_string_equal(back.r.cfg.label, "base");
	unlink(path);
	free(path);
	hb_input_free(&back);
	hb_result_free(&m);
	free_inputs(in, 2);
}

#define BOOT_A	"3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43"
#define BOOT_B	"9d0e4b21-7c3a-4f58-b2e6-1a9c5d7f3e80"

/* Runs of @n inputs, the boot id of run i in @ids[i] (NULL: none). */
static void runs_in_boots(struct hb_input *in, const char *const *ids,
			  size_t n)
{
	struct hb_result r;
	size_t i;

	for (i = 0; i < n; i++) {
		fixture_series(&r, "base", 58.0, boot1_ms, 3);
		snprintf(r.meta.host.boot_id, sizeof(r.meta.host.boot_id),
			 "%s", ids[i] ? ids[i] : "");
		load(&in[i], &r);
	}
}

static void runs_sharing_a_boot_id_count_as_one_boot(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_B, BOOT_A };
	struct hb_input in[3], back;
	struct hb_result m;
	char *path;

	(void)state;
	runs_in_boots(in, ids, 3);
	assert_int_equal(hb_merge(in, 3, &m), 0);
	assert_int_equal(hb_result_runs(&m), 3);
	assert_int_equal(hb_result_boots(&m), 2);
	path = fixture_json_file(&m);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&back, path, path, 0), 0);
	assert_int_equal(hb_result_runs(&back.r), 3);
	assert_int_equal(hb_result_boots(&back.r), 2);
	assert_string_equal(back.r.sources[1].boot_id, BOOT_B);
	assert_string_equal(back.r.sources[2].boot_id, BOOT_A);
	unlink(path);
	free(path);
	hb_input_free(&back);
	hb_result_free(&m);
	free_inputs(in, 3);
}

static void runs_without_a_boot_id_are_a_boot_each(void **state)
{
	static const char *const ids[] = { BOOT_A, NULL, NULL };
	struct hb_input in[3];
	struct hb_result m;

	(void)state;
	runs_in_boots(in, ids, 3);
	assert_int_equal(hb_merge(in, 3, &m), 0);
	assert_null(m.sources[1].boot_id);
	assert_int_equal(hb_result_boots(&m), 3);
	hb_result_free(&m);
	free_inputs(in, 3);
}

/* A merged input brings the boot ids of its runs. */
static void merging_a_merge_keeps_its_boots(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_A, BOOT_A };
	struct hb_input in[3], two[2];
	struct hb_result m, all;

	(void)state;
	runs_in_boots(in, ids, 3);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	load(&two[0], &m);
	two[1] = in[2];
	assert_int_equal(hb_merge(two, 2, &all), 0);
	assert_int_equal(hb_result_runs(&all), 3);
	assert_int_equal(hb_result_boots(&all), 1);
	hb_result_free(&all);
	free_inputs(two, 1);
	free_inputs(in, 3);
}

static void sample_of_a_run_not_listed_is_refused(void **state)
{
	static const double runs_ms[] = { 30.0, 31.0 };
	struct hb_input back;
	struct hb_result r;
	char err[512], *path;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_ms, 2, 3);
	r.samples[5].run = 2;
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&back, path, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, ": sample 5 belongs to run 2 of 2: is the file damaged?"));
	unlink(path);
	free(path);
	hb_result_free(&r);
}

static void different_kernel_build_is_refused(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	load(&in[0], &r);
	fixture_series(&r, "new", 58.0, boot2_ms, 3);
	strcpy(r.meta.host.kernel_release, "6.1.0-patched");
	load(&in[1], &r);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 1);
	assert_string_equal(mm[0].field, "kernel release");
	/* compare expects exactly this difference */
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, false, mm), 0);
	free_inputs(in, 2);
}

/* Two boots whose 1 GiB memmaps have these digests (layout 0 for none). */
static void two_boots_memmap(struct hb_input *in, uint64_t d1, uint64_t l1,
			     uint64_t d2, uint64_t l2)
{
	struct hb_result r;

	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	r.memmap[0] = (struct hb_memmap){
		.valid = l1 != 0, .pages = 262144, .digest = d1, .layout = l1,
	};
	load(&in[0], &r);
	fixture_series(&r, "base", 58.0, boot2_ms, 3);
	r.memmap[0] = (struct hb_memmap){
		.valid = l2 != 0, .pages = 262144, .digest = d2, .layout = l2,
	};
	load(&in[1], &r);
}

static void an_agreed_memmap_is_carried_through(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in[2], back;
	struct hb_result m;
	char err[256], *path;

	(void)state;
	two_boots_memmap(in, 0x3f9a, 0xabcd, 0x3f9a, 0xabcd);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_true(m.memmap[0].valid);
	assert_int_equal(m.memmap[0].digest, 0x3f9a);
	path = fixture_json_file(&m);
	assert_int_equal(hb_input_load(&back, path, err, sizeof(err)), 0);
	assert_true(back.r.memmap[0].valid);
	assert_int_equal(back.r.memmap[0].digest, 0x3f9a);
	assert_int_equal(back.r.memmap[0].layout, 0xabcd);
	assert_int_equal(back.r.memmap[0].pages, 262144);
	hb_input_free(&back);
	unlink(path);
	free(path);
	hb_result_free(&m);
	free_inputs(in, 2);
}

static void different_memmap_digests_are_refused(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in[2];
	struct hb_result m;
	char buf[64];

	(void)state;
	two_boots_memmap(in, 0x1111, 0xabcd, 0x2222, 0xabcd);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 1);
	assert_string_equal(hb_mismatch_field(&mm[0], buf, sizeof(buf)),
			    "memmap digest at 1 GiB");
	assert_string_equal(mm[0].base, "0x0000000000001111");
	assert_string_equal(mm[0].other, "0x0000000000002222");
	/* --force merges them, and the digest describes neither */
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_false(m.memmap[0].valid);
	hb_result_free(&m);
	free_inputs(in, 2);
	/* one kernel build has one layout: merge refuses two */
	two_boots_memmap(in, 0x1111, 0xabcd, 0x1111, 0xabce);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 1);
	assert_string_equal(hb_mismatch_field(&mm[0], buf, sizeof(buf)),
			    "memmap layout at 1 GiB");
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, false, mm), 0);
	free_inputs(in, 2);
}

/* Runs of two architectures are not pooled. */
static void other_architectures_are_refused(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in[2];
	struct hb_result r;
	char buf[64];

	(void)state;
	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	load(&in[0], &r);
	fixture_series(&r, "base", 58.0, boot2_ms, 3);
	strcpy(r.meta.host.machine, "aarch64");
	load(&in[1], &r);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 1);
	assert_string_equal(hb_mismatch_field(&mm[0], buf, sizeof(buf)),
			    "architecture (uname -m)");
	assert_string_equal(mm[0].base, "\"x86_64\"");
	assert_string_equal(mm[0].other, "\"aarch64\"");
	free_inputs(in, 2);
}

static void a_run_without_memmap_leaves_the_merge_without(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in[2];
	struct hb_result m;

	(void)state;
	two_boots_memmap(in, 0x1111, 0xabcd, 0, 0);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_false(m.memmap[0].valid);
	hb_result_free(&m);
	free_inputs(in, 2);
}

/*
 * What ended the loop is the first run's, unless a run is incomplete:
 * then that one's, as its stop_reason.
 */
/*
 * The merged host keeps a fact of the environment only when every run
 * knew it the same: runs under two governors claim neither, a run that
 * did not know the clocksource leaves it unknown; what all share stays.
 */
static void merge_keeps_the_environment_its_runs_share(void **state)
{
	struct hb_input in[3];
	struct hb_result r, m;
	char *text, *v;

	(void)state;
	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	strcpy(r.meta.host.governor, "performance");
	load(&in[0], &r);
	fixture_series(&r, "base", 59.0, boot2_ms, 3);
	strcpy(r.meta.host.governor, "powersave");
	load(&in[1], &r);
	fixture_series(&r, "base", 60.0, boot1_ms, 3);
	strcpy(r.meta.host.governor, "performance");
	r.meta.host.clocksource[0] = '\0';
	load(&in[2], &r);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_string_equal(m.meta.host.governor, "");
	assert_string_equal(m.meta.host.clocksource, "hpet");
	hb_result_free(&m);
	assert_int_equal(hb_merge(in + 1, 2, &m), 0);
	assert_string_equal(m.meta.host.clocksource, "");
	assert_string_equal(m.meta.host.thp_enabled, "always");
	assert_string_equal(m.meta.host.mitigations,
			    "1 vulnerable (spec_store_bypass), 2 mitigated");
	text = fixture_render(HB_FMT_JSON, &m);
	v = fixture_json_member(text, "metadata.host.clocksource");
	assert_null(v);
	v = fixture_json_member(text, "metadata.host.smt_active");
	assert_string_equal(v, "false");
	free(v);
	free(text);
	hb_result_free(&m);
	free_inputs(in, 3);
}

static void merge_ends_as_its_first_run_or_an_incomplete_one(void **state)
{
	struct hb_input in[2];
	struct hb_result m;

	(void)state;
	two_boots(in, 62.0);
	in[0].r.end = HB_END_CI;
	in[1].r.end = HB_END_ITERS;
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_int_equal(m.end, HB_END_CI);
	hb_result_free(&m);
	in[1].r.end = HB_END_INTERRUPTED;
	in[1].r.complete = false;
	in[1].r.stop_reason = "interrupted";
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_int_equal(m.end, HB_END_INTERRUPTED);
	assert_false(m.complete);
	hb_result_free(&m);
	free_inputs(in, 2);
}

/*
 * A run without a recorded id is known by its contents: the same in its
 * own file and as a source of a merged one, so that a merge holding it
 * and the file itself are seen to overlap, also in a merge of merges.
 * A recorded id is kept through a merge.
 */
static void a_run_is_one_run_in_its_file_and_in_a_merge(void **state)
{
	char id[HB_RUNID_LEN], err[512];
	struct hb_input in[2], both[2];
	struct hb_result m;

	(void)state;
	two_boots(in, 62.0);
	assert_int_equal(hb_merge(in, 2, &m), 0);
	hb_runid_of(&in[1].r, 0, id);
	assert_non_null(strstr(id, "content:"));
	assert_string_equal(m.sources[1].run_id, id);
	hb_runid_of(&in[0].r, 0, id);
	assert_string_equal(m.sources[0].run_id, id);
	assert_string_not_equal(m.sources[0].run_id, m.sources[1].run_id);
	assert_int_equal(hb_runid_check(in, 2, false, "why", err,
					sizeof(err)), 0);

	/* the merge and its second input */
	both[0].path = "m.json";
	both[0].r = m;
	both[1] = in[1];
	assert_int_equal(hb_runid_check(both, 2, false, "why", err,
					sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "m.json and "));
	assert_non_null(strstr(err, "hold the same run (measured "));
	assert_non_null(strstr(err, "): why"));
	/* compare's sides: the base against each new one */
	assert_int_equal(hb_runid_check(both, 2, true, "why", err,
					sizeof(err)), -EINVAL);
	hb_result_free(&m);

	/* an id recorded at measurement names the run */
	snprintf(in[0].r.meta.run_id, sizeof(in[0].r.meta.run_id), "%s",
		 "0123456789abcdef0123456789abcdef");
	assert_int_equal(hb_merge(in, 2, &m), 0);
	assert_string_equal(m.sources[0].run_id,
			    "0123456789abcdef0123456789abcdef");
	hb_result_free(&m);
	free_inputs(in, 2);
}

/* Two new runs get two ids, of 32 hex digits. */
static void new_run_ids_differ(void **state)
{
	char a[HB_RUNID_LEN], b[HB_RUNID_LEN];

	(void)state;
	hb_runid_new(a);
	hb_runid_new(b);
	assert_int_equal(strlen(a), 32);
	assert_int_equal(strspn(a, "0123456789abcdef"), 32);
	assert_string_not_equal(a, b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(samples_are_concatenated_with_their_run),
		cmocka_unit_test(summaries_are_recomputed_over_the_pool),
		cmocka_unit_test(merged_json_reads_back_with_sources),
		cmocka_unit_test(runs_sharing_a_boot_id_count_as_one_boot),
		cmocka_unit_test(runs_without_a_boot_id_are_a_boot_each),
		cmocka_unit_test(merging_a_merge_keeps_its_boots),
		cmocka_unit_test(sample_of_a_run_not_listed_is_refused),
		cmocka_unit_test(different_kernel_build_is_refused),
		cmocka_unit_test(an_agreed_memmap_is_carried_through),
		cmocka_unit_test(different_memmap_digests_are_refused),
		cmocka_unit_test(other_architectures_are_refused),
		cmocka_unit_test(a_run_without_memmap_leaves_the_merge_without),
		cmocka_unit_test(merge_keeps_the_environment_its_runs_share),
		cmocka_unit_test(merge_ends_as_its_first_run_or_an_incomplete_one),
		cmocka_unit_test(a_run_is_one_run_in_its_file_and_in_a_merge),
		cmocka_unit_test(new_run_ids_differ),
	};

	return cmocka_run_group_tests_name("merge", tests, NULL, NULL);
}
