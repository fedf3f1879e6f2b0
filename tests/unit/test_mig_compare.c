// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: migrations (hmmbench migrate) in compare and
 * merge - written to JSON, read back as compare and merge read them,
 * pooled and compared with the rules of a run's comparison.  Twice as
 * fast with THP as with 4K pages over 6 merged runs a side is detected,
 * and said to be THP against 4K; two sides drawn from one distribution
 * are not; one run a side is never tested; configurations that make the
 * times incomparable are refused in one sentence, a THP request that
 * differs is not.  Merge pools runs of one configuration only, and what
 * it writes reads back as it was.
 */
#include <errno.h>
#include <math.h>
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
#include "results/compare.h"
#include "results/config_match.h"
#include "results/merge.h"
#include "results/workload.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define RUNS	6

/* Run means of the warm to-device calls, in ms: 4K pages, then THP. */
static const double base_4k[RUNS] = { 10.0, 10.4, 9.7, 10.2, 9.9, 10.1 };
static const double thp_2x[RUNS] = { 5.1, 4.9, 5.0, 5.2, 4.8, 5.0 };
/* The same distribution as base_4k: another draw of it. */
static const double same_4k[RUNS] = { 10.3, 9.8, 10.0, 10.5, 9.6, 10.1 };

static void free_inputs(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
}

static char *render(const struct hb_comparison *c, enum hb_format fmt)
{
	char *t = fixture_render_compare(fmt, false, c);

	assert_non_null(t);
	return t;
}

/* The row of @metric and @kind, which must be there. */
static const struct hb_cmp_row *row_of(const struct hb_comparison *c,
				       enum hb_metric_id metric,
				       enum hb_kind kind)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].metric == metric && c->rows[i].kind == kind)
			return &c->rows[i];
	fail_msg("no %s %s row", hb_metrics[metric].key, hb_kind_name(kind));
	return NULL;
}

/* Whether a note of @c holds @text. */
static bool noted(const struct hb_comparison *c, const char *text)
{
	size_t i;

	for (i = 0; i < c->nr_notes; i++)
		if (strstr(c->notes[i], text))
			return true;
	return false;
}

/* base = 6 runs of 4K pages, new = 6 of THP, twice as fast. */
static void thp_against_4k_twice_as_fast_is_detected(void **state)
{
	static const enum hb_metric_id tested[] = {
		HB_M_TO_DEVICE, HB_M_TO_SYSTEM, HB_M_FAULT, HB_M_TOUCH,
	};
	const struct hb_cmp_row *row;
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512], *t, *m, *p;
	size_t i;

	(void)state;
	fixture_mig_merged(&in[0], false, base_4k, RUNS, 0, "4k.json");
	fixture_mig_merged(&in[1], true, thp_2x, RUNS, 10, "thp.json");
	/* --no-thp against --thp is a comparison, not a mismatch */
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	row = row_of(&c, HB_M_TO_DEVICE, HB_WARM);
	assert_true(row->by_run);
	assert_int_equal(row->na, RUNS);
	assert_int_equal(row->nb, RUNS);
	assert_true(row->primary);
	/* 10.05 ms against 5.0 ms */
	assert_true(fabs(row->rel - 100.0 * (5.0 / 10.05 - 1)) < 1e-6);
	assert_string_equal(row->order[0], "4K");
	assert_string_equal(row->order[1], "THP");
	assert_true(hb_cmp_orders_differ(row));
	for (i = 0; i < N(tested); i++) {
		row = row_of(&c, tested[i], HB_WARM);
		assert_true(row->tested);
		assert_true(row->significant);
		assert_true(row->rel < -45.0 && row->rel > -55.0);
		/* 8 tests: four metrics, first and warm */
		assert_int_equal(row->holm_m, 8);
	}
	/* the rate is the time rescaled: shown, never tested */
	row = row_of(&c, HB_M_TO_DEVICE_RATE, HB_WARM);
	assert_false(row->tested);
	assert_true(row->rel > 95.0 && row->rel < 105.0);
	assert_true(noted(&c, "4 MiB warm: pages moved, base -> new: to-device 4K -> THP, to-system 4K -> THP, fault 4K -> THP; the sides moved different page orders: a comparison of THP with 4K"));

	t = render(&c, HB_FMT_JSON);
	m = fixture_json_member(t, "comparisons");
	assert_non_null(strstr(m, "\"metric\":\"to_device_total_ns\",\"unit\":\"ns\",\"order\":[\"4K\",\"THP\"],\"order_class\":[\"base\",\"thp\"],\"orders_differ\":true,"));
	assert_non_null(strstr(m, "\"test_unit\":\"run\""));
	free(m);
	free(t);
	t = render(&c, HB_FMT_CSV);
	assert_non_null(strstr(t, ",4194304,warm,to_device_total_ns,ns,18,18,"));
	assert_non_null(strstr(t, ",true,true,run,6,6,"));
	assert_non_null(strstr(t, ",ns,4K,THP\n"));
	free(t);
	t = render(&c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\nto-device "));
	assert_non_null(strstr(t, "pages moved, base -> new: to-device 4K -> THP"));
	assert_non_null(strstr(t, "a comparison of THP with 4K"));
	free(t);
	t = render(&c, HB_FMT_COVER);
	assert_non_null(strstr(t, "\nMIGRATE to-device, kernel time per call, 4K -> THP:\n"));
	/* one sentence, wherever the lines break it */
	for (p = t; (p = strchr(p, '\n')); p++)
		if (p > t && p[1] && p[1] != '\n' && p[-1] != '\n')
			*p = ' ';
	assert_non_null(strstr(t, "asked for: base pages (--no-thp) in 4k.json, THP (--thp) in thp.json."));
	assert_null(strstr(t, "not tested"));
	free(t);
	hb_comparison_free(&c);
	free_inputs(in, 2);
}

/* Two draws of one distribution, 6 runs a side: nothing is found. */
static void one_distribution_twice_is_silent(void **state)
{
	struct hb_input in[2];
	struct hb_comparison c;
	size_t i, tested = 0;
	char err[512], *t;

	(void)state;
	fixture_mig_merged(&in[0], false, base_4k, RUNS, 0, "a.json");
	fixture_mig_merged(&in[1], false, same_4k, RUNS, 10, "b.json");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	for (i = 0; i < c.nr_rows; i++) {
		assert_false(c.rows[i].significant);
		assert_false(hb_cmp_orders_differ(&c.rows[i]));
		assert_string_equal(c.rows[i].order[0], "4K");
		tested += c.rows[i].tested;
	}
	assert_int_equal(tested, 8);
	/* what it could have missed: about 4 % */
	assert_true(row_of(&c, HB_M_TO_DEVICE, HB_WARM)->mde < 10.0);
	assert_false(noted(&c, "different page orders"));
	t = render(&c, HB_FMT_COVER);
	assert_non_null(strstr(t, "\nMIGRATE to-device, kernel time per call, 4K: no detectable change\n(< ±"));
	assert_non_null(strstr(t, "base pages (--no-thp) asked for."));
	free(t);
	t = render(&c, HB_FMT_JSON);
	assert_null(strstr(t, "\"significant\":true"));
	assert_non_null(strstr(t, "\"orders_differ\":false"));
	free(t);
	hb_comparison_free(&c);
	free_inputs(in, 2);
}

/* One run a side: the change is shown, nothing tested, and it says so. */
static void one_run_a_side_is_not_tested(void **state)
{
	struct hb_result r;
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512], *t;
	size_t i;

	(void)state;
	fixture_mig_run(&r, false, 10.0, 0);
	fixture_mig_input(&in[0], &r, "4k.json");
	fixture_mig_run(&r, true, 5.0, 1);
	fixture_mig_input(&in[1], &r, "thp.json");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	for (i = 0; i < c.nr_rows; i++) {
		assert_false(c.rows[i].tested);
		assert_false(c.rows[i].significant);
		assert_false(c.rows[i].by_run);
	}
	assert_true(fabs(row_of(&c, HB_M_TO_DEVICE, HB_WARM)->rel + 50.0) <
		    1e-9);
	assert_true(noted(&c, "4k.json and thp.json are one run each: no verdict; merge several runs a side (hmmbench merge)"));
	assert_true(noted(&c, "the sides moved different page orders"));
	t = render(&c, HB_FMT_COVER);
	assert_non_null(strstr(t, "claim nothing"));
	assert_non_null(strstr(t, " -50.0%? "));
	assert_null(strstr(t, "(-50.0%)"));
	free(t);
	t = render(&c, HB_FMT_JSON);
	assert_null(strstr(t, "\"tested\":true"));
	free(t);
	hb_comparison_free(&c);
	free_inputs(in, 2);
}

/* Compares one run of 4K pages with @r, changed; expects @want refused. */
static void refused(struct hb_result *r, const char *want)
{
	struct hb_result base;
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512] = "";

	fixture_mig_run(&base, false, 10.0, 20);
	fixture_mig_input(&in[0], &base, "base.json");
	fixture_mig_input(&in[1], r, "new.json");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 -EINVAL);
	if (!strstr(err, want))
		fail_msg("refused with \"%s\", not \"%s\"", err, want);
	/* one sentence */
	assert_null(strchr(err, '\n'));
	free_inputs(in, 2);
}

/* Drops every record of @r but those of the directions @dirs. */
static void keep_only(struct hb_result *r, unsigned int dirs)
{
	size_t i, n = 0;

	for (i = 0; i < r->mig.nr_calls; i++)
		if (dirs & HB_MIG_BIT(r->mig.calls[i].dir))
			r->mig.calls[n++] = r->mig.calls[i];
	r->mig.nr_calls = n;
	if (!(dirs & HB_MIG_BIT(HB_MIG_FAULT)))
		r->mig.nr_phases = r->mig.nr_faults = 0;
	r->cfg.dirs = dirs;
}

/* --batch, the page size and --size change what a time is of. */
static void incomparable_configurations_are_refused(void **state)
{
	struct hb_result r;

	(void)state;
	fixture_mig_run(&r, false, 10.0, 21);
	r.cfg.batch = 64;
	refused(&r, "base.json and new.json differ in pages per batch (--batch) (0 against 64): their times are not comparable; --force compares them anyway");
	fixture_mig_run(&r, false, 10.0, 21);
	r.meta.info.page_size = 65536;
	refused(&r, "differ in page size (4096 against 65536)");
	fixture_mig_run(&r, false, 10.0, 21);
	r.cfg.sizes[0] = 8ULL << 20;
	refused(&r, "base.json and new.json have no size measured in both (4M against 8M): nothing to compare");
}

/* Compares @a with @b (both freed here); expects @want refused. */
static void pair_refused(struct hb_input *in, const char *want)
{
	struct hb_comparison c;
	char err[512] = "";

	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 -EINVAL);
	if (!strstr(err, want))
		fail_msg("refused with \"%s\", not \"%s\"", err, want);
	free_inputs(in, 2);
}

/* to-device against fault: no direction in common. */
static void no_direction_in_common_is_refused(void **state)
{
	struct hb_result r;
	struct hb_input in[2];

	(void)state;
	fixture_mig_run(&r, false, 10.0, 22);
	keep_only(&r, HB_MIG_BIT(HB_MIG_TO_DEVICE));
	fixture_mig_input(&in[0], &r, "base.json");
	fixture_mig_run(&r, false, 10.0, 23);
	keep_only(&r, HB_MIG_BIT(HB_MIG_FAULT));
	fixture_mig_input(&in[1], &r, "new.json");
	pair_refused(in, "base.json and new.json measured nothing in common (to-device against fault handler, fault, the touch): nothing to compare");
}

static void a_migration_is_no_run(void **state)
{
	struct hb_result r;
	struct hb_result run;
	struct hb_input in[2];

	(void)state;
	fixture_result(&run);
	fixture_input(&in[0], &run, "run.json");
	fixture_mig_run(&r, false, 10.0, 24);
	fixture_mig_input(&in[1], &r, "new.json");
	pair_refused(in, "run.json and new.json differ in workload (\"chunk\" against \"migrate\")");
}

/* Directions of one side only are left out, and a note says which. */
static void directions_of_one_side_are_noted(void **state)
{
	struct hb_result r;
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512];
	size_t i;

	(void)state;
	fixture_mig_run(&r, false, 10.0, 30);
	fixture_mig_input(&in[0], &r, "base.json");
	fixture_mig_run(&r, false, 9.0, 31);
	keep_only(&r, HB_MIG_BIT(HB_MIG_TO_DEVICE));
	fixture_mig_input(&in[1], &r, "new.json");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	for (i = 0; i < c.nr_rows; i++)
		assert_true(c.rows[i].metric == HB_M_TO_DEVICE ||
			    c.rows[i].metric == HB_M_TO_DEVICE_RATE);
	assert_true(noted(&c, "4 MiB: to-system, fault handler, fault, the touch measured in base.json only: not compared"));
	hb_comparison_free(&c);
	free_inputs(in, 2);
}

static char *render_mig(enum hb_format fmt, const struct hb_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render(f, fmt, r), 0);
	fclose(f);
	return buf;
}

/*
 * Three runs pooled: every iteration kept with its run, first ones
 * apart, and of the environment only what the runs share.
 */
static void merge_pools_iterations_run_by_run(void **state)
{
	const struct hb_summary *first;
	struct hb_summary *sum;
	struct hb_input parts[3], back;
	struct hb_result r, m;
	struct hb_mig_summaries s;
	char err[512], *path, *a, *b;
	size_t i, nr;

	(void)state;
	for (i = 0; i < 3; i++) {
		fixture_mig_run(&r, true, 5.0 + i, 40 + i);
		/* the last run's boost is not the others' */
		r.meta.host.boost = i < 2 ? HB_TRI_YES : HB_TRI_NO;
		fixture_mig_input(&parts[i], &r, "part.json");
	}
	assert_int_equal(hb_merge(parts, 3, &m), 0);
	assert_int_equal(m.meta.host.boost, HB_TRI_UNKNOWN);
	assert_string_equal(m.meta.host.clocksource, "hpet");
	assert_int_equal(m.nr_sources, 3);
	assert_int_equal(m.cfg.iters, 9);
	assert_int_equal(m.mig.nr_calls, 3 * 2 * 4);
	assert_int_equal(m.mig.nr_faults, 3 * 2 * 4);
	assert_int_equal(m.mig.calls[8].run, 1);
	assert_int_equal(m.mig.calls[8].iter, 0);
	assert_int_equal(m.mig.faults[m.mig.nr_faults - 1].run, 2);
	assert_string_equal(m.sources[1].run_id,
			    "0000000000000000000000000000002a");
	assert_int_equal(hb_mig_summarize(&m, &s), 0);
	/* the first iterations of three runs: 7.5, 9.0 and 10.5 ms */
	assert_int_equal(s.call[HB_MIG_TO_DEVICE][HB_MIG_FIRST].n, 3);
	assert_int_equal(hb_summarize(&m, &sum, &nr), 0);
	first = hb_summary_find(sum, nr, m.cfg.sizes[0], HB_MIG_TO_DEVICE,
				HB_COLD);
	assert_non_null(first);
	assert_true(fabs(first->st[HB_M_CALL_TOTAL].mean - 9.0e6) < 1);
	free(sum);
	assert_int_equal(s.call[HB_MIG_TO_DEVICE][HB_MIG_WARM].n, 9);
	assert_int_equal(s.fault[HB_MIG_WARM].n, 18);

	/* written and read back, it is the same migration */
	path = fixture_mig_json_file(&m);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&back, path, err, sizeof(err)), 0);
	unlink(path);
	free(path);
	assert_int_equal(hb_workload_of(&back.r.cfg)->id, HB_WL_MIGRATE);
	assert_int_equal(hb_result_runs(&back.r), 3);
	a = render_mig(HB_FMT_JSON, &m);
	b = render_mig(HB_FMT_JSON, &back.r);
	assert_string_equal(a, b);
	free(b);
	b = fixture_json_member(a, "configuration.cold_iterations");
	assert_string_equal(b, "3");
	free(b);
	b = fixture_json_member(a, "iterations");
	assert_non_null(strstr(b, "{\"iteration\":0,\"run\":2,\"kind\":\"cold\","));
	free(b);
	free(a);
	a = render_mig(HB_FMT_TABLE, &m);
	assert_non_null(strstr(a, ", 3 first + 9 warm"));
	assert_non_null(strstr(a, "hmmbench migrate: 3 runs merged (3 boots), "));
	assert_non_null(strstr(a, "\nruns (n)                        3           3\n"));
	free(a);
	hb_input_free(&back);
	hb_result_free(&m);
	free_inputs(parts, 3);
}

/* Merge pools one THP request and one set of directions only. */
static void merge_refuses_what_compare_compares(void **state)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_result r;
	struct hb_input in[3];

	(void)state;
	fixture_mig_run(&r, false, 10.0, 50);
	fixture_mig_input(&in[0], &r, "4k.json");
	fixture_mig_run(&r, true, 5.0, 51);
	fixture_mig_input(&in[1], &r, "thp.json");
	fixture_mig_run(&r, false, 10.0, 52);
	keep_only(&r, HB_MIG_BIT(HB_MIG_TO_DEVICE) | HB_MIG_BIT(HB_MIG_FAULT));
	fixture_mig_input(&in[2], &r, "two.json");
	/* compare: no mismatch; merge: the THP request */
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, false, mm), 0);
	assert_int_equal(hb_config_diff(&in[0].r, &in[1].r, true, mm), 1);
	assert_string_equal(mm[0].field, "THP request (--thp, --no-thp)");
	assert_string_equal(mm[0].base, "false");
	assert_string_equal(mm[0].other, "true");
	assert_int_equal(hb_config_diff(&in[0].r, &in[2].r, false, mm), 0);
	assert_int_equal(hb_config_diff(&in[0].r, &in[2].r, true, mm), 1);
	assert_string_equal(mm[0].field, "directions (--direction)");
	assert_string_equal(mm[0].base,
			    "[\"to_device\",\"to_system\",\"fault\"]");
	assert_string_equal(mm[0].other, "[\"to_device\",\"fault\"]");
	free_inputs(in, 3);
}

/* Reads @json as a migration; expects it refused saying @want. */
static void damaged(const char *json, const char *want)
{
	char path[] = "/tmp/hmmbench-mig-XXXXXX", err[512] = "";
	struct hb_input in;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, json, strlen(json)), (ssize_t)strlen(json));
	close(fd);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), -EINVAL);
	unlink(path);
	if (!strstr(err, want))
		fail_msg("refused with \"%s\", not \"%s\"", err, want);
}

#define HEAD	"{\"schema\":\"hmmbench-migrate/1\",\"metadata\":{\"module\":{\"page_size\":4096}}," \
		"\"configuration\":{\"size\":4096,\"directions\":[\"to_device\"]},"

static void damaged_migrations_are_refused(void **state)
{
	(void)state;
	damaged(HEAD "\"iterations\":[]}", ": the iterations array is empty: is the file damaged?");
	damaged(HEAD "\"fault_columns\":[]}", ": there is no iterations array");
	damaged("{\"schema\":\"hmmbench-migrate/1\",\"iterations\":[{}]}",
		": the configuration has no size, directions or page size");
	damaged(HEAD "\"iterations\":[{\"iteration\":0,\"kind\":\"warm\"}]}",
		": iterations entry 0 has a kind other than its number's");
	damaged(HEAD "\"iterations\":[{\"iteration\":0,\"kind\":\"cold\",\"to_device\":{\"total_ns\":-5}}]}",
		": iterations entry 0 has no whole number in total_ns");
	damaged(HEAD "\"iterations\":[{\"iteration\":0,\"run\":1,\"kind\":\"cold\"}]}",
		": iterations entry 0 has a run that is none of its sources");
	damaged(HEAD "\"fault_columns\":[\"offset\",\"order\",\"pages\",\"user_ns\",\"total_ns\",\"setup_ns\",\"alloc_ns\",\"copy_ns\",\"pages_ns\",\"finalize_ns\",\"touch_ns\",\"start_ns\"],"
		"\"iterations\":[{\"iteration\":0,\"kind\":\"cold\",\"fault\":{\"lend\":{},\"samples\":[[0,0,1,\"x\",0,0,0,0,0,0,0,0]]}}]}",
		": iterations entry 0 has a fault sample whose column is no whole number: user_ns");
	damaged("{\"schema\":\"hmmbench-sweep/9\"}",
		": schema is 'hmmbench-sweep/9', not hmmbench-result/1 or hmmbench-migrate/1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(thp_against_4k_twice_as_fast_is_detected),
		cmocka_unit_test(one_distribution_twice_is_silent),
		cmocka_unit_test(one_run_a_side_is_not_tested),
		cmocka_unit_test(incomparable_configurations_are_refused),
		cmocka_unit_test(no_direction_in_common_is_refused),
		cmocka_unit_test(a_migration_is_no_run),
		cmocka_unit_test(directions_of_one_side_are_noted),
		cmocka_unit_test(merge_pools_iterations_run_by_run),
		cmocka_unit_test(merge_refuses_what_compare_compares),
		cmocka_unit_test(damaged_migrations_are_refused),
	};

	return cmocka_run_group_tests_name("migrate compare and merge", tests,
					   NULL, NULL);
}
