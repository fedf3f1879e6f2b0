// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: results/migration.c - which order pages moved in
 * (THP only when every page moved in whole PMD folios; a split run is
 * mixed, never THP), the metrics of one MIGRATE worked out by hand, and
 * the summaries: the first iteration apart from the warm ones, counts
 * over the calls, fault percentiles and the handler's phase shares.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "results/fields.h"
#include "results/migration.h"

#define EPS	1e-9
#define GIB_PAGES	262144ULL	/* 4 KiB pages in 1 GiB */

static const char *label(uint64_t migrated, uint64_t thp, uint64_t ps)
{
	static char buf[128];

	return hb_mig_order_label(buf, sizeof(buf), migrated, thp, ps);
}

static void whole_pmd_folios_are_thp(void **state)
{
	(void)state;
	assert_int_equal(hb_mig_order(65536, 128, 512), HB_ORDER_THP);
	assert_string_equal(label(65536, 128, 4096), "THP");
	/* 64 KiB pages: a PMD holds 8192 of them (512 MiB) */
	assert_string_equal(label(16384, 2, 65536), "THP");
	assert_string_equal(hb_mig_order_key(HB_ORDER_THP), "thp");
}

static void no_thp_is_the_base_page_size(void **state)
{
	(void)state;
	assert_int_equal(hb_mig_order(65536, 0, 512), HB_ORDER_BASE);
	assert_string_equal(label(65536, 0, 4096), "4K");
	assert_string_equal(label(100, 0, 65536), "64K");
	assert_string_equal(hb_mig_order_key(HB_ORDER_BASE), "base");
}

/* THPs split on the way are base pages: the run is mixed, not THP. */
static void a_split_run_is_mixed_not_thp(void **state)
{
	(void)state;
	assert_int_equal(hb_mig_order(65536, 100, 512), HB_ORDER_MIXED);
	assert_string_equal(label(65536, 100, 4096),
			    "mixed (100 THP folios + 14336 4K pages)");
	assert_string_equal(label(513, 1, 4096),
			    "mixed (1 THP folio + 1 4K page)");
	/* one page short of whole folios */
	assert_int_equal(hb_mig_order(1023, 1, 512), HB_ORDER_MIXED);
	assert_string_equal(hb_mig_order_key(HB_ORDER_MIXED), "mixed");
}

static void nothing_moved_and_impossible_counts_are_said(void **state)
{
	(void)state;
	assert_int_equal(hb_mig_order(0, 0, 512), HB_ORDER_NONE);
	assert_string_equal(label(0, 0, 4096), "none moved");
	/* more pages in THPs than moved at all */
	assert_int_equal(hb_mig_order(1000, 2, 512), HB_ORDER_BAD);
	assert_int_equal(hb_mig_order(0, 1, 512), HB_ORDER_BAD);
	assert_string_equal(label(1000, 2, 4096),
			    "inconsistent (2 THP folios, 1000 pages)");
}

static void faults_are_labelled_by_the_folio_they_moved(void **state)
{
	char buf[128];

	(void)state;
	assert_string_equal(hb_mig_fault_order_label(buf, sizeof(buf), 0,
						     1024, 0, 4096), "4K");
	assert_string_equal(hb_mig_fault_order_label(buf, sizeof(buf), 2, 0,
						     0, 4096), "THP");
	assert_string_equal(hb_mig_fault_order_label(buf, sizeof(buf), 2,
						     1024, 0, 4096),
			    "mixed (2 THP + 1024 4K faults)");
	assert_string_equal(hb_mig_fault_order_label(buf, sizeof(buf), 0, 1,
						     3, 4096),
			    "mixed (0 THP + 1 4K + 3 of another order faults)");
	assert_int_equal(hb_mig_fault_order(0, 0, 0), HB_ORDER_NONE);
}

/*
 * Metric @id of call @c, a migration's only one, on pages of
 * @page_size: of the sample made of it.
 */
static bool call_metric(const struct hb_mig_call *c, uint64_t page_size,
			enum hb_metric_id id, double *v)
{
	struct hb_result r;
	bool ok;

	memset(&r, 0, sizeof(r));
	hb_mig_config_init(&r.cfg);
	r.cfg.sizes[0] = 1ULL << 30;
	r.meta.info.page_size = page_size;
	*hb_mig_add_call(&r) = *c;
	assert_int_equal(hb_mig_samples(&r), 0);
	ok = hb_metric_get(&hb_metrics[id], &r.samples[0], &r.meta, v);
	hb_result_free(&r);
	return ok;
}

/* 1 GiB in 250 ms of the kernel's, 10 us more as the process saw it. */
static void metrics_of_a_call_follow_from_its_reply(void **state)
{
	struct hb_mig_call c = {
		.wall_ns = 250010000,
		.m = {
			.migrated = GIB_PAGES, .total_ns = 250000000,
			.setup_ns = 25000000, .alloc_ns = 50000000,
			.copy_ns = 100000000, .pages_ns = 25000000,
			.finalize_ns = 20000000,
		},
	};
	double v;

	(void)state;
	assert_true(call_metric(&c, 4096, HB_M_CALL_RATE, &v));
	assert_float_equal(v, 4.0, EPS);
	assert_true(call_metric(&c, 4096, HB_M_CALL_PP, &v));
	assert_float_equal(v, 250e6 / GIB_PAGES, EPS);
	assert_true(call_metric(&c, 4096, HB_M_CALL_COPY, &v));
	assert_float_equal(v, 40.0, EPS);
	assert_true(call_metric(&c, 4096, HB_M_CALL_FINALIZE, &v));
	assert_float_equal(v, 8.0, EPS);
	/* 100 - 10 - 20 - 40 - 10 - 8 */
	assert_true(call_metric(&c, 4096, HB_M_CALL_OTHER, &v));
	assert_float_equal(v, 12.0, EPS);
	assert_true(call_metric(&c, 4096, HB_M_CALL_OVERHEAD, &v));
	assert_float_equal(v, 10000, EPS);
	/* 64 KiB pages: the same count is 16 times the bytes */
	assert_true(call_metric(&c, 65536, HB_M_CALL_RATE, &v));
	assert_float_equal(v, 64.0, EPS);
	assert_string_equal(hb_metrics[HB_M_CALL_RATE].key, "gib_per_s");
	assert_string_equal(hb_unit_name(hb_metrics[HB_M_CALL_RATE].unit),
			    "GiB/s");
}

static void nothing_moved_has_no_rate(void **state)
{
	struct hb_mig_call c = { .m = { .total_ns = 1000 } };
	double v;

	(void)state;
	assert_false(call_metric(&c, 4096, HB_M_CALL_RATE, &v));
	assert_false(call_metric(&c, 4096, HB_M_CALL_PP, &v));
	c.m.total_ns = 0;
	c.m.migrated = 1;
	assert_false(call_metric(&c, 4096, HB_M_CALL_RATE, &v));
	assert_false(call_metric(&c, 4096, HB_M_CALL_SETUP, &v));
	assert_true(call_metric(&c, 4096, HB_M_CALL_TOTAL, &v));
	assert_float_equal(v, 0, EPS);
}

/*
 * Each count and phase is read from its own member of the reply, and
 * keyed as JSON names it: distinct values expose a row that points at
 * another member.
 */
static void every_count_and_phase_is_its_own_member(void **state)
{
	const struct hmmbench_migrate m = {
		.calls = 1, .requested = 2, .collected = 3, .migrated = 4,
		.thp = 5, .split = 6, .skip_uncollected = 7,
		.skip_nomem = 8, .skip_busy = 9, .total_ns = 1000,
		.setup_ns = 10, .alloc_ns = 20, .copy_ns = 30,
		.pages_ns = 40, .finalize_ns = 50,
	};
	const struct hb_mig_call c = { .m = m };
	double v;
	size_t i;

	(void)state;
	for (i = 0; i < HB_MC_NR; i++)
		assert_int_equal(hb_mig_count(&m, i), i + 1);
	assert_string_equal(hb_mig_count_fields.f[HB_MC_CALLS].key, "calls");
	assert_string_equal(hb_mig_count_fields.f[HB_MC_SKIP_BUSY].key,
			    "skip_busy");
	for (i = HB_M_CALL_SETUP; i <= HB_M_CALL_FINALIZE; i++) {
		assert_true(call_metric(&c, 4096, i, &v));
		assert_float_equal(v, (i - HB_M_CALL_SETUP + 1), EPS);
	}
	assert_true(call_metric(&c, 4096, HB_M_CALL_OTHER, &v));
	assert_float_equal(v, 85.0, EPS);
	assert_string_equal(hb_mig_phase_name(0), "setup");
	assert_string_equal(hb_mig_phase_name(4), "finalize");
	assert_string_equal(hb_mig_phase_name(HB_MIG_NR_PHASES), "other");
	assert_string_equal(hb_fault_phase_fields.f[2].key, "copy_ns");
}

/*
 * A fault's row, in the order of JSON's "fault_columns": each column its
 * own member, set and read back whole (an offset past 4 GiB too).
 */
static void every_fault_column_is_its_own_member(void **state)
{
	static const char *const keys[HB_MIG_FAULT_COLS] = {
		"offset", "order", "pages", "user_ns", "total_ns",
		"setup_ns", "alloc_ns", "copy_ns", "pages_ns",
		"finalize_ns", "touch_ns", "start_ns",
	};
	const struct hb_fields *t = &hb_mig_fault_fields;
	struct hb_mig_fault f = { 0 };
	size_t i;

	(void)state;
	assert_int_equal(t->n, HB_MIG_FAULT_COLS);
	for (i = 0; i < t->n; i++) {
		assert_string_equal(t->f[i].key, keys[i]);
		hb_field_set_uint(&t->f[i], &f, i ? i : 1ULL << 33);
	}
	assert_int_equal(f.offset, 1ULL << 33);
	assert_int_equal(f.rec.order, 1);
	assert_int_equal(f.rec.pages, 2);
	assert_int_equal(f.user_ns, 3);
	assert_int_equal(f.rec.total_ns, 4);
	assert_int_equal(f.rec.setup_ns, 5);
	assert_int_equal(f.rec.finalize_ns, 9);
	assert_int_equal(f.touch_ns, 10);
	assert_int_equal(f.rec.start_ns, 11);
	for (i = 1; i < t->n; i++)
		assert_int_equal(hb_field_uint(&t->f[i], &f), i);
	assert_string_equal(t->f[HB_MIG_FAULT_CSV - 1].key, "finalize_ns");
}

static void add_call(struct hb_result *r, unsigned int iter,
		     enum hb_mig_dir dir, uint64_t total, uint64_t thp,
		     uint64_t split)
{
	struct hb_mig_call *c = hb_mig_add_call(r);

	assert_non_null(c);
	c->iter = iter;
	c->dir = dir;
	c->wall_ns = total + 10000;
	c->m.requested = GIB_PAGES;
	c->m.collected = GIB_PAGES;
	c->m.migrated = GIB_PAGES;
	c->m.thp = thp;
	c->m.split = split;
	c->m.total_ns = total;
	c->m.setup_ns = total / 10;
}

static void add_fault(struct hb_result *r, unsigned int iter,
		      uint64_t user, uint32_t order)
{
	struct hb_mig_fault *f = hb_mig_add_fault(r);

	assert_non_null(f);
	f->iter = iter;
	f->user_ns = user;
	f->rec.order = order;
	f->rec.pages = 1U << order;
	f->rec.total_ns = 50;
	f->rec.setup_ns = 10;
	f->rec.alloc_ns = 10;
	f->rec.copy_ns = 10;
	f->rec.pages_ns = 10;
	f->rec.finalize_ns = 5;
}

static void add_phase(struct hb_result *r, unsigned int iter,
		      uint64_t touches, uint64_t faults, uint64_t records,
		      uint64_t samples, uint64_t dropped)
{
	struct hb_mig_touches *t = hb_mig_add_phase(r);

	assert_non_null(t);
	t->iter = iter;
	t->touches = touches;
	t->faults = faults;
	t->records = records;
	t->samples = samples;
	t->dropped = dropped;
}

/*
 * Three iterations of 1 GiB: to-device at 2 GiB/s first, then 4 and 5
 * GiB/s, the last with 12 of its THPs split; faults of 5 and 6 us
 * first, then 0.1 to 0.4 us, one of them a THP's.
 */
static void three_iterations(struct hb_result *r)
{
	memset(r, 0, sizeof(*r));
	hb_mig_config_init(&r->cfg);
	r->cfg.sizes[0] = 1ULL << 30;
	r->cfg.iters = 2;
	r->cfg.thp = true;
	r->cfg.dirs = HB_MIG_ALL;
	r->meta.info.page_size = 4096;
	add_call(r, 0, HB_MIG_TO_DEVICE, 500000000, 512, 0);
	add_call(r, 0, HB_MIG_TO_SYSTEM, 400000000, 512, 0);
	add_phase(r, 0, 2, 2, 3, 2, 0);
	add_fault(r, 0, 5000, 0);
	add_fault(r, 0, 6000, 0);
	add_call(r, 1, HB_MIG_TO_DEVICE, 250000000, 512, 0);
	add_call(r, 1, HB_MIG_TO_SYSTEM, 200000000, 512, 0);
	add_phase(r, 1, 4, 5, 4, 4, 1);
	add_fault(r, 1, 300, 0);
	add_fault(r, 1, 100, 9);
	add_fault(r, 1, 400, 0);
	add_fault(r, 1, 200, 0);
	add_call(r, 2, HB_MIG_TO_DEVICE, 200000000, 500, 12);
	add_call(r, 2, HB_MIG_TO_SYSTEM, 200000000, 500, 0);
	assert_int_equal(hb_mig_samples(r), 0);
}

/*
 * The statistics of @r's calls of direction @d and kind @k, from the
 * summaries of its samples (*@sum, which the caller frees).
 */
static const struct hb_stats *call_stats(const struct hb_result *r,
					 enum hb_mig_dir d, enum hb_kind k,
					 struct hb_summary **sum)
{
	const struct hb_summary *found;
	size_t nr;

	assert_int_equal(hb_summarize(r, sum, &nr), 0);
	found = hb_summary_find(*sum, nr, r->cfg.sizes[0], d, k);
	assert_non_null(found);
	return found->st;
}

static void summaries_keep_the_first_iteration_apart(void **state)
{
	const struct hb_mig_summary *first, *warm;
	struct hb_mig_summaries *s = malloc(sizeof(*s));
	const struct hb_stats *fst, *wst, *sst;
	struct hb_summary *sum[3];
	struct hb_result r;
	size_t i;

	(void)state;
	assert_non_null(s);
	three_iterations(&r);
	assert_int_equal(hb_mig_iterations(&r), 3);
	assert_int_equal(hb_mig_summarize(&r, s), 0);
	first = &s->call[HB_MIG_TO_DEVICE][HB_MIG_FIRST];
	warm = &s->call[HB_MIG_TO_DEVICE][HB_MIG_WARM];
	fst = call_stats(&r, HB_MIG_TO_DEVICE, HB_COLD, &sum[0]);
	wst = call_stats(&r, HB_MIG_TO_DEVICE, HB_WARM, &sum[1]);
	sst = call_stats(&r, HB_MIG_TO_SYSTEM, HB_WARM, &sum[2]);
	assert_int_equal(first->n, 1);
	assert_float_equal(fst[HB_M_CALL_RATE].mean, 2.0, EPS);
	assert_int_equal(warm->n, 2);
	assert_float_equal(wst[HB_M_CALL_RATE].mean, 4.5, EPS);
	assert_float_equal(wst[HB_M_CALL_RATE].min, 4.0, EPS);
	assert_float_equal(wst[HB_M_CALL_SETUP].mean, 10.0, EPS);
	assert_float_equal(wst[HB_M_CALL_OVERHEAD].mean, 10000, EPS);
	assert_false(isnan(wst[HB_M_CALL_RATE].mean_ci_hi));
	assert_int_equal(warm->count[HB_MC_THP].min, 500);
	assert_int_equal(warm->count[HB_MC_THP].max, 512);
	assert_int_equal(warm->count[HB_MC_THP].total, 1012);
	assert_int_equal(warm->count[HB_MC_SPLIT].total, 12);
	assert_int_equal(hb_mig_order(warm->count[HB_MC_MIGRATED].total,
				      warm->count[HB_MC_THP].total, 512),
			 HB_ORDER_MIXED);
	assert_int_equal(s->call[HB_MIG_TO_SYSTEM][HB_MIG_WARM].n, 2);
	assert_float_equal(sst[HB_M_CALL_RATE].mean, 5.0, EPS);
	for (i = 0; i < 3; i++)
		free(sum[i]);
	hb_result_free(&r);
	free(s);
}

static void fault_summaries_have_percentiles_and_shares(void **state)
{
	struct hb_mig_summaries *s = malloc(sizeof(*s));
	const struct hb_mig_fault_summary *w, *c;
	struct hb_result r;

	(void)state;
	assert_non_null(s);
	three_iterations(&r);
	assert_int_equal(hb_mig_summarize(&r, s), 0);
	w = &s->fault[HB_MIG_WARM];
	c = &s->fault[HB_MIG_FIRST];
	assert_int_equal(c->n, 2);
	assert_float_equal(c->user.p50, 5500, EPS);
	assert_int_equal(w->n, 4);
	/* 100, 200, 300, 400: type 7 */
	assert_float_equal(w->user.p50, 250, EPS);
	assert_float_equal(w->user.p90, 370, EPS);
	assert_float_equal(w->user.p99, 397, EPS);
	assert_float_equal(w->user.max, 400, EPS);
	assert_float_equal(w->handler.p50, 50, EPS);
	assert_float_equal(w->outside.p50, 200, EPS);
	/* 10 of 50 ns in each phase but finalize's 5: 10 % left over */
	assert_float_equal(w->share[0], 20.0, EPS);
	assert_float_equal(w->share[4], 10.0, EPS);
	assert_float_equal(w->share[HB_MIG_NR_PHASES], 10.0, EPS);
	assert_int_equal(w->thp, 1);
	assert_int_equal(w->base, 3);
	assert_int_equal(w->pages, 512 + 3);
	assert_int_equal(w->phases, 1);
	assert_int_equal(w->touches, 4);
	assert_int_equal(w->faults, 5);
	assert_int_equal(w->dropped, 1);
	assert_int_equal(c->records - c->n, 1);
	hb_result_free(&r);
	free(s);
}

static void a_result_without_faults_has_empty_summaries(void **state)
{
	struct hb_mig_summaries *s = malloc(sizeof(*s));
	struct hb_summary *sum;
	struct hb_result r;

	(void)state;
	assert_non_null(s);
	memset(&r, 0, sizeof(r));
	hb_mig_config_init(&r.cfg);
	r.cfg.dirs = HB_MIG_ALL;
	r.meta.info.page_size = 4096;
	assert_int_equal(hb_mig_iterations(&r), 0);
	assert_int_equal(hb_mig_summarize(&r, s), 0);
	assert_int_equal(s->fault[HB_MIG_WARM].n, 0);
	assert_true(isnan(s->fault[HB_MIG_WARM].user.p50));
	assert_true(isnan(s->fault[HB_MIG_WARM].share[0]));
	assert_int_equal(s->call[HB_MIG_TO_DEVICE][HB_MIG_WARM].n, 0);
	assert_true(isnan(call_stats(&r, HB_MIG_TO_DEVICE, HB_WARM,
				     &sum)[HB_M_CALL_TOTAL].mean));
	free(sum);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole_pmd_folios_are_thp),
		cmocka_unit_test(no_thp_is_the_base_page_size),
		cmocka_unit_test(a_split_run_is_mixed_not_thp),
		cmocka_unit_test(nothing_moved_and_impossible_counts_are_said),
		cmocka_unit_test(faults_are_labelled_by_the_folio_they_moved),
		cmocka_unit_test(metrics_of_a_call_follow_from_its_reply),
		cmocka_unit_test(nothing_moved_has_no_rate),
		cmocka_unit_test(every_count_and_phase_is_its_own_member),
		cmocka_unit_test(every_fault_column_is_its_own_member),
		cmocka_unit_test(summaries_keep_the_first_iteration_apart),
		cmocka_unit_test(fault_summaries_have_percentiles_and_shares),
		cmocka_unit_test(a_result_without_faults_has_empty_summaries),
	};

	return cmocka_run_group_tests_name("migration", tests, NULL, NULL);
}
