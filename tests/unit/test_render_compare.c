// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: every output of a comparison, byte for byte,
 * through render.h.  Comparisons (two single runs, two merged sides,
 * three inputs with notes, rebinds, THP against 4K migrations and more)
 * are rendered in every format they have and checked against the files
 * in golden/ (golden.c); saved ones read back render the same.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"
#include "golden.h"
#include "results/compare_read.h"
#include "results/compare.h"
#include "results/merge.h"

/* Those of test_compare.c: a clear drop, and a noisy side. */
static const double base_ms[] = {
	117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5, 118.6,
};
static const double new_ms[] = {
	55.1, 54.8, 56.2, 55.7, 54.3, 55.9, 56.8, 55.4, 54.9, 56.1,
};
static const double noisy_ms[] = { 100, 130, 80, 120, 70, 110 };
static const double runs_base_ms[] = { 100, 106, 98, 104 };
static const double runs_fast_ms[] = { 60, 66, 58, 64 };

static char *render_compare(enum hb_format fmt, const struct hb_comparison *c)
{
	char *t = fixture_render_compare(fmt, false, c);

	assert_non_null(t);
	return t;
}

static char *render_compare_wide(const struct hb_comparison *c)
{
	char *t = fixture_render_compare(HB_FMT_TABLE, true, c);

	assert_non_null(t);
	return t;
}

/*
 * Compares @in and checks table, csv, json, cover and the --wide table;
 * the table fits 80 columns, the cover 72.
 */
static void golden_compare(const char *stem, struct hb_input *in, size_t n,
			   bool force)
{
	struct hb_comparison c;
	char name[64], err[512], *t;
	size_t fmt, w;

	assert_int_equal(hb_compare(in, n, 0.05, force, &c, err, sizeof(err)),
			 0);
	for (fmt = 0; fmt <= HB_FMT_COVER; fmt++) {
		snprintf(name, sizeof(name), "%s.%s", stem, formats[fmt]);
		t = render_compare(fmt, &c);
		w = widest(t);
		/* written first, so that a line too wide can be seen */
		golden(name, t);
		if (fmt == HB_FMT_TABLE)
			assert_in_range(w, 40, 80);
		if (fmt == HB_FMT_COVER)
			assert_in_range(w, 40, 72);
	}
	snprintf(name, sizeof(name), "%s.wide", stem);
	golden(name, render_compare_wide(&c));
	hb_comparison_free(&c);
	free_inputs(in, n);
}

static void compare_of_two_single_runs(void **state)
{
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_series(&r, "base", 58.0, base_ms, N(base_ms));
	fixture_input(&in[0], &r, "base.json");
	fixture_series(&r, "new", 31.0, new_ms, N(new_ms));
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare", in, 2, false);
}

static void compare_of_merged_runs(void **state)
{
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_base_ms, 4, 5);
	fixture_input(&in[0], &r, "base.json");
	fixture_runs(&r, "new", 40.0, runs_fast_ms, 4, 5);
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-runs", in, 2, false);
}

/*
 * The same kernel twice, six boots a side: nothing changes, and each
 * "~" says how large a change would have been seen.
 */
static void compare_of_the_same_kernel(void **state)
{
	static const double a_ms[] = { 100, 106, 98, 104, 101, 103 };
	static const double b_ms[] = { 102, 99, 105, 100, 104, 101 };
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_runs(&r, "base", 58.0, a_ms, N(a_ms), 5);
	fixture_input(&in[0], &r, "base.json");
	fixture_runs(&r, "new", 58.0, b_ms, N(b_ms), 5);
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-same", in, 2, false);
}

/* Merged runs of @label, all measured in the boot @boot_id. */
static void fixture_runs_in_boot(struct hb_result *r, const char *label,
				 double cold_ms, const double *run_ms,
				 const char *boot_id)
{
	size_t k;

	fixture_runs(r, label, cold_ms, run_ms, 4, 5);
	snprintf(r->meta.host.boot_id, sizeof(r->meta.host.boot_id), "%s",
		 boot_id);
	for (k = 0; k < r->nr_sources; k++)
		r->sources[k].boot_id = boot_id;
}

/* Both sides alternated in one boot, as tests/vm/ab --switch runs them. */
static void compare_of_runs_in_one_boot(void **state)
{
	static const char boot_id[] = "3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43";
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_runs_in_boot(&r, "base", 58.0, runs_base_ms, boot_id);
	fixture_input(&in[0], &r, "base.json");
	fixture_runs_in_boot(&r, "new", 40.0, runs_fast_ms, boot_id);
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-one-boot", in, 2, false);
}

/* Adds 2 GiB, with a cold and two warm samples, to a fixture series. */
static void add_2g(struct hb_result *r)
{
	unsigned int iter;

	r->cfg.sizes[r->cfg.nr_sizes++] = 2 * GIB;
	for (iter = 0; iter < 3; iter++)
		add_sample(r, 2 * GIB, iter, 0, r->samples[0].valid);
}

/*
 * Two merged sides counted under QEMU's icount, 4 runs each: memremap
 * and its parts are the same count in every run of a side, an exact
 * change; the region's calls vary from run to run, and are tested.
 */
static void compare_of_icount_runs(void **state)
{
	static const double base_runs[] = { 100, 100, 100, 100 };
	static const double new_runs[] = { 60, 60, 60, 60 };
	struct hb_input in[2];
	struct hb_result r;
	size_t i;

	(void)state;
	fixture_runs(&r, "base", 58.0, base_runs, 4, 5);
	strcpy(r.meta.host.accel, "icount");
	for (i = 0; i < r.nr_samples; i++)
		r.samples[i].region_ns += 100 * (r.samples[i].run % 2);
	fixture_input(&in[0], &r, "base.json");
	fixture_runs(&r, "new", 40.0, new_runs, 4, 5);
	strcpy(r.meta.host.accel, "icount");
	for (i = 0; i < r.nr_samples; i++)
		r.samples[i].region_ns += 100 * (r.samples[i].run % 2);
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-icount", in, 2, false);
}

/*
 * A KVM guest against QEMU's TCG, merged runs a side, compared with
 * --force: both first lines say where each side ran, and that the
 * comparison was forced across that.
 */
static void compare_forced_across_accelerators(void **state)
{
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_base_ms, 4, 5);
	strcpy(r.meta.host.accel, "kvm");
	fixture_input(&in[0], &r, "kvm.json");
	fixture_runs(&r, "new", 40.0, runs_fast_ms, 4, 5);
	fixture_input(&in[1], &r, "tcg.json");
	golden_compare("compare-forced", in, 2, true);
}

/* @h as a bare-metal machine's, its cpufreq governor @governor. */
static void bare_metal_host(struct hb_host *h, const char *governor)
{
	strcpy(h->accel, "none");
	h->qemu_version[0] = '\0';
	strcpy(h->cpu_model, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
	strcpy(h->microcode, "0x5003604");
	strcpy(h->governor, governor);
	h->boost = HB_TRI_YES;
	strcpy(h->smt_control, "on");
	h->smt_active = HB_TRI_YES;
	strcpy(h->clocksource, "tsc");
	strcpy(h->cmdline, "BOOT_IMAGE=/vmlinuz-6.1.0 root=/dev/sda1 ro quiet");
	strcpy(h->mitigations, "1 vulnerable (mds), 12 mitigated");
}

/*
 * Two kernels on one bare-metal machine, 4 boots a side, but the new
 * side with another governor, boost off and mitigations=off on its
 * command line: every format names the facts that differ and none that
 * does not, the kernel's file on the command line included.
 */
static void compare_across_environments(void **state)
{
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_base_ms, 4, 5);
	bare_metal_host(&r.meta.host, "performance");
	fixture_input(&in[0], &r, "base.json");
	fixture_runs(&r, "new", 40.0, runs_fast_ms, 4, 5);
	bare_metal_host(&r.meta.host, "powersave");
	r.meta.host.boost = HB_TRI_NO;
	strcpy(r.meta.host.cmdline,
	       "BOOT_IMAGE=/vmlinuz-6.1.0-template root=/dev/sda1 ro quiet mitigations=off");
	strcpy(r.meta.host.mitigations, "mitigations=off: 13 vulnerable");
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-env", in, 2, false);
}

/*
 * Base against two new results: one with other --chunks (compared by
 * --force) and no phase probe, one unlabelled, noisy, incomplete and
 * with a size the base lacks.
 */
static void compare_of_three_with_notes(void **state)
{
	struct hb_input in[3];
	struct hb_result r;
	size_t i;

	(void)state;
	fixture_series(&r, "base", 58.0, base_ms, N(base_ms));
	fixture_input(&in[0], &r, "base.json");
	fixture_series(&r, "new", 31.0, new_ms, N(new_ms));
	r.cfg.chunks = 2;
	for (i = 0; i < r.nr_samples; i++)
		r.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	fixture_input(&in[1], &r, "new.json");
	fixture_series(&r, NULL, 60.0, noisy_ms, N(noisy_ms));
	add_2g(&r);
	r.complete = false;
	r.stop_reason = "error";
	fixture_input(&in[2], &r, "noisy.json");
	golden_compare("compare-three", in, 3, true);
}

/*
 * The loop against the template loop, rebinding a devdax namespace: the
 * cover says what was timed (the binds of a namespace, not chunks).
 */
static void compare_of_rebinds(void **state)
{
	struct hb_input in[2];
	struct hb_result r;
	size_t i;

	(void)state;
	rebind_result(&r);
	fixture_input(&in[0], &r, "base.json");
	rebind_result(&r);
	r.cfg.label = "new";
	for (i = 0; i < r.nr_samples; i++) {
		struct hb_sample *s = &r.samples[i];
		uint64_t saved = s->memmap_init_ns * 6 / 10;

		s->memmap_init_ns -= saved;
		s->memremap_ns -= saved;
		if (s->valid & HB_T_BIND)
			s->bind_ns -= saved;
	}
	fixture_input(&in[1], &r, "new.json");
	golden_compare("compare-rebind", in, 2, false);
}

/* Run means of the warm to-device calls, in ms: 4K pages, THP. */
static const double mig_4k_ms[] = { 10.0, 10.4, 9.7, 10.2, 9.9, 10.1 };
static const double mig_thp_ms[] = { 5.1, 4.9, 5.0, 5.2, 4.8, 5.0 };

static void compare_of_migrations_thp_against_4k(void **state)
{
	struct hb_input in[2];

	(void)state;
	fixture_mig_merged(&in[0], false, mig_4k_ms, N(mig_4k_ms), 0,
			   "4k.json");
	fixture_mig_merged(&in[1], true, mig_thp_ms, N(mig_thp_ms), 10,
			   "thp.json");
	golden_compare("compare-migrate", in, 2, false);
}

/* A saved comparison shows as it rendered when compared. */
static void show_renders_saved_comparisons_as_compared(void **state)
{
	static const char *const stems[] = {
		"compare", "compare-runs", "compare-three", "compare-one-boot",
		"compare-same", "compare-rebind", "compare-migrate",
		"compare-icount", "compare-forced", "compare-env",
	};
	struct hb_cmp_doc d;
	char err[512];
	size_t i, fmt;

	(void)state;
	for (i = 0; i < N(stems); i++) {
		assert_int_equal(hb_cmp_take(&d, stems[i], saved(stems[i]),
					     err, sizeof(err)), 0);
		for (fmt = 0; fmt <= HB_FMT_COVER; fmt++)
			same_as_golden(stems[i], fmt, render_compare(fmt, &d.c));
		hb_cmp_doc_free(&d);
	}
}

/*
 * A comparison written before inputs carried their configuration reads
 * its sizes and chunks from the inputs' own members, as chunks.
 */
static void show_renders_a_comparison_without_configurations(void **state)
{
	static const size_t fmts[] = { HB_FMT_TABLE, HB_FMT_COVER };
	struct json_object *doc, *a;
	struct hb_cmp_doc d;
	char err[512];
	size_t i;

	(void)state;
	for (i = 0; i < N(fmts); i++) {
		doc = saved("compare");
		a = hb_json_path(doc, "inputs");
		json_object_object_del(json_object_array_get_idx(a, 0),
				       "configuration");
		json_object_object_del(json_object_array_get_idx(a, 1),
				       "configuration");
		assert_int_equal(hb_cmp_take(&d, "compare", doc, err,
					     sizeof(err)), 0);
		same_as_golden("compare", fmts[i],
			       render_compare(fmts[i], &d.c));
		hb_cmp_doc_free(&d);
	}
}

/*
 * A comparison written before inputs carried their environment shows no
 * environment, and no difference in it.
 */
static void show_renders_a_comparison_without_environments(void **state)
{
	static const size_t fmts[] = { HB_FMT_TABLE, HB_FMT_COVER };
	struct json_object *doc, *a, *o;
	struct hb_cmp_doc d;
	char err[512], *t;
	size_t i, k;

	(void)state;
	for (i = 0; i < N(fmts); i++) {
		doc = saved("compare-env");
		a = hb_json_path(doc, "inputs");
		for (k = 0; k < 2; k++) {
			o = json_object_array_get_idx(a, k);
			json_object_object_del(o, "environment");
			json_object_object_del(o, "kernel_cmdline");
		}
		json_object_object_del(doc, "environment");
		assert_int_equal(hb_cmp_take(&d, "compare-env", doc, err,
					     sizeof(err)), 0);
		t = render_compare(fmts[i], &d.c);
		assert_null(strstr(t, "nvironment"));
		assert_non_null(strstr(t, "4 boots"));
		free(t);
		hb_cmp_doc_free(&d);
	}
}

/*
 * Merged rebind results count the rebinds of all their runs: the cover
 * says how many each run had, or the total when runs differ.
 */
static void cover_of_merged_rebinds_counts_per_run(void **state)
{
	static const struct {
		int iters;
		const char *want;
	} cases[] = {
		{ 8, "then 4 rebinds." },
		{ 9, "then 9 rebinds over all 2 runs." },
	};
	struct json_object *doc, *in;
	struct hb_cmp_doc d;
	char err[512], *text;
	size_t i, k;

	(void)state;
	for (k = 0; k < N(cases); k++) {
		doc = saved("compare-rebind");
		for (i = 0; i < 2; i++) {
			in = json_object_array_get_idx(
				hb_json_path(doc, "inputs"), i);
			json_object_object_add(in, "runs",
					       json_object_new_int(2));
			json_object_object_add(
				hb_json_path(in, "configuration"), "iterations",
				json_object_new_int(cases[k].iters));
		}
		assert_int_equal(hb_cmp_take(&d, "rebinds", doc, err,
					     sizeof(err)), 0);
		text = render_compare(HB_FMT_COVER, &d.c);
		for (i = 0; text[i]; i++)
			if (text[i] == '\n')
				text[i] = ' ';
		if (!strstr(text, cases[k].want))
			fail_msg("no '%s' in: %s", cases[k].want, text);
		free(text);
		hb_cmp_doc_free(&d);
	}
}

static void show_refuses_a_result_as_a_comparison(void **state)
{
	struct hb_cmp_doc d;
	char err[512];

	(void)state;
	assert_int_equal(hb_cmp_take(&d, "run.json", saved("run"), err,
				     sizeof(err)), -EINVAL);
	assert_string_equal(err, "run.json: schema is 'hmmbench-result/1', not hmmbench-compare/2: give the --format json output of hmmbench compare");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(compare_of_two_single_runs),
		cmocka_unit_test(compare_of_merged_runs),
		cmocka_unit_test(compare_of_the_same_kernel),
		cmocka_unit_test(compare_of_runs_in_one_boot),
		cmocka_unit_test(compare_of_three_with_notes),
		cmocka_unit_test(compare_of_icount_runs),
		cmocka_unit_test(compare_forced_across_accelerators),
		cmocka_unit_test(compare_across_environments),
		cmocka_unit_test(compare_of_rebinds),
		cmocka_unit_test(show_renders_saved_comparisons_as_compared),
		cmocka_unit_test(show_renders_a_comparison_without_configurations),
		cmocka_unit_test(show_renders_a_comparison_without_environments),
		cmocka_unit_test(cover_of_merged_rebinds_counts_per_run),
		cmocka_unit_test(show_refuses_a_result_as_a_comparison),
		cmocka_unit_test(compare_of_migrations_thp_against_4k),
	};

	return cmocka_run_group_tests_name("render_compare", tests, NULL, NULL);
}

