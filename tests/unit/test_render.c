// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: every output of a result, byte for byte, through
 * render.h.  Fixed results (a run, a sweep, merged runs, merge itself,
 * info, two migrations and a merged one) are rendered in every format
 * they have and checked against the files in golden/ (golden.c); saved
 * ones read back render the same.  Comparisons are
 * test_render_compare.c's.
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
#include "results/workload.h"

static char *render_wide(const struct hb_result *r)
{
	char *t = fixture_render_as(HB_FMT_TABLE, true, r);

	assert_non_null(t);
	return t;
}

/*
 * @r in every result format, as golden/@stem.<format>, and its --wide
 * table as golden/@stem.wide; the table fits 80 columns, the cover 72.
 */
static void golden_result(const char *stem, const struct hb_result *r)
{
	char name[64], *t;
	size_t fmt, w;

	for (fmt = 0; fmt < N(formats); fmt++) {
		snprintf(name, sizeof(name), "%s.%s", stem, formats[fmt]);
		t = fixture_render(fmt, r);
		w = t ? widest(t) : 0;
		/* written first, so that a line too wide can be seen */
		golden(name, t);
		if (fmt == HB_FMT_TABLE)
			assert_in_range(w, 40, 80);
		if (fmt == HB_FMT_COVER)
			assert_in_range(w, 40, 72);
	}
	snprintf(name, sizeof(name), "%s.wide", stem);
	golden(name, render_wide(r));
}

static char *render_info(enum hb_format fmt, const struct hb_meta *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_info(f, fmt, m), 0);
	fclose(f);
	return buf;
}

static void golden_info(const char *stem, const struct hb_meta *m)
{
	char name[64];

	snprintf(name, sizeof(name), "%s.table", stem);
	golden(name, render_info(HB_FMT_TABLE, m));
	snprintf(name, sizeof(name), "%s.json", stem);
	golden(name, render_info(HB_FMT_JSON, m));
}

/* The roofline of @size: 16 MiB of struct page per GiB, @plain_ns, @nt_ns. */
static void set_roof(struct hb_result *r, size_t i, uint64_t plain_ns,
		     uint64_t nt_ns)
{
	struct hb_roof *rf = &r->meta.roof[i];

	rf->size = r->cfg.sizes[i];
	rf->bytes = rf->size / 4096 * 64;
	rf->valid = HMMBENCH_R_PLAIN | (nt_ns ? HMMBENCH_R_NT : 0);
	rf->plain_ns = plain_ns;
	rf->nt_ns = nt_ns;
}

/*
 * A sweep of 1 and 4 GiB, interleaved, two chunks on node 1, stopped
 * after two warm iterations; 4 GiB never has its phase probed.  The
 * label needs CSV quoting, the module is not fresh and has a feature
 * this CLI has no name for.
 */
static void sweep_result(struct hb_result *r)
{
	const uint32_t all = HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP |
			     HMMBENCH_T_MEMMAP_INIT | HMMBENCH_T_MEMUNMAP |
			     HMMBENCH_T_RELEASE;
	unsigned int iter, si, chunk;

	fixture_result(r);
	hb_result_free(r);
	r->cfg.command = "sweep";
	r->cfg.workload = "chunk";
	r->cfg.sizes[0] = GIB;
	r->cfg.sizes[1] = 4 * GIB;
	r->cfg.nr_sizes = 2;
	r->cfg.chunks = 2;
	r->cfg.warmup = 0;
	r->cfg.iters = 5;
	r->cfg.node = 1;
	r->cfg.interleave = true;
	r->cfg.label = "patched, \"v2\"";
	r->meta.info.features |= HMMBENCH_FEAT_VMEMMAP_SHIFT | (1U << 15);
	r->meta.info.maps_total = 12;
	r->meta.info.nr_nodes = 2;
	r->meta.host.numa_nodes = 2;
	for (iter = 0; iter < 3; iter++)
		for (si = 0; si < 2; si++)
			for (chunk = 0; chunk < 2; chunk++)
				add_sample(r, r->cfg.sizes[si], iter, chunk,
					   si ? all & ~HMMBENCH_T_MEMMAP_INIT :
						all);
	/* 1 GiB as on arm64, without non-temporal stores; 4 GiB never */
	set_roof(r, 0, 2000000, 0);
	r->complete = false;
	r->stop_reason = "interrupted";
	r->wall_ns = 2100000000;
}

static void rebind_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	rebind_result(&r);
	golden_result("rebind", &r);
	hb_result_free(&r);
}

static void run_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	fixture_result(&r);
	r.meta.info.features |= HMMBENCH_FEAT_ROOFLINE;
	set_roof(&r, 0, 2000000, 1500000);
	golden_result("run", &r);
	golden_info("info", &r.meta);
	hb_result_free(&r);
}

/*
 * The run under QEMU's icount: every format in instructions, no
 * bandwidth of them nor share of one, and the unit fields say so.
 */
static void icount_run_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	fixture_result(&r);
	strcpy(r.meta.host.accel, "icount");
	r.meta.info.features |= HMMBENCH_FEAT_ROOFLINE;
	set_roof(&r, 0, 2000000, 1500000);
	golden_result("run-icount", &r);
	hb_result_free(&r);
}

static void sweep_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	sweep_result(&r);
	golden_result("sweep", &r);
	golden_info("info-sweep", &r.meta);
	hb_result_free(&r);
}

static void merged_runs_in_every_format(void **state)
{
	static const double runs_ms[] = { 30.0, 34.0, 31.0 };
	struct hb_result r;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_ms, 3, 4);
	golden_result("merged", &r);
	hb_result_free(&r);
}

/* One MIGRATE of @pages pages in @ms, @thp of them THPs, @split split. */
static void mig_call(struct hb_mig_call *c, unsigned int iter,
		     enum hb_mig_dir dir, uint64_t pages, double ms,
		     uint64_t thp, uint64_t split)
{
	uint64_t total = ms * 1e6;

	c->iter = iter;
	c->dir = dir;
	c->wall_ns = total + 20000 + 1000 * iter;
	c->m.size = sizeof(c->m);
	c->m.direction = dir == HB_MIG_TO_DEVICE ? HMMBENCH_MIGRATE_TO_DEVICE :
						   HMMBENCH_MIGRATE_TO_SYSTEM;
	c->m.length = pages * 4096;
	c->m.calls = (pages + 511) / 512;
	c->m.total_ns = total;
	c->m.setup_ns = total / 10;
	c->m.alloc_ns = total / 100 * 15;
	c->m.copy_ns = total / 2;
	c->m.pages_ns = total / 10;
	c->m.finalize_ns = total / 10;
	c->m.requested = pages;
	c->m.collected = pages;
	c->m.migrated = pages;
	c->m.thp = thp;
	c->m.split = split;
}

/* The fault phase of @iter: @n faults of @order, @samples of them read. */
static void mig_faults(struct hb_result *r, unsigned int iter,
		       uint64_t pages, unsigned int n, unsigned int samples,
		       uint32_t order)
{
	struct hb_mig_touches *t = hb_mig_add_phase(r);
	unsigned int j;

	assert_non_null(t);
	t->iter = iter;
	mig_call(&t->lend, iter, HB_MIG_TO_DEVICE, pages, 3.0, order ?
		 pages / 512 : 0, 0);
	t->touches = pages;
	t->faults = n;
	t->records = samples + (iter == 1);
	t->samples = samples;
	t->dropped = n - samples;
	t->stale = iter == 1 ? 2 : 0;
	for (j = 0; j < samples; j++) {
		struct hb_mig_fault *f = hb_mig_add_fault(r);
		uint64_t user = (order ? 900000 : 9000) + 1000 * j +
				(iter ? 0 : 400000);

		assert_non_null(f);
		f->iter = iter;
		f->offset = (uint64_t)j * (4096ULL << order);
		f->touch_ns = 5000000000ULL * (iter + 1) + 1000000 * j;
		f->user_ns = user;
		f->rec.size = sizeof(f->rec);
		f->rec.order = order;
		f->rec.pages = 1U << order;
		f->rec.addr = 0x7f0000000000ULL + f->offset;
		f->rec.start_ns = f->touch_ns + 1500;
		f->rec.total_ns = user - 3000;
		f->rec.setup_ns = f->rec.total_ns / 20;
		f->rec.alloc_ns = f->rec.total_ns / 10;
		f->rec.copy_ns = f->rec.total_ns / 10 * 7;
		f->rec.pages_ns = f->rec.total_ns / 20;
		f->rec.finalize_ns = f->rec.total_ns / 20;
	}
}

/* The metadata of the fixed run, on a module that migrates THPs. */
static void mig_meta(struct hb_result *r)
{
	struct hb_result run;

	fixture_result(&run);
	r->meta = run.meta;
	r->meta.info.features |= HMMBENCH_FEAT_MIGRATE |
				 HMMBENCH_FEAT_MIGRATE_THP;
	r->meta.command_line = "hmmbench migrate --size 16M --iters 3 --direction to-device,to-system,fault --thp --batch 0 --format json";
	hb_result_free(&run);
}

/*
 * hmmbench migrate --size 16M --iters 3 with THP: to-device moves its 8
 * THPs whole every time; to-system splits 2 of them in the last
 * iteration; every fault brings a THP home.
 */
static void migrate_thp_result(struct hb_result *r)
{
	static const double dev_ms[] = { 8.0, 6.0, 6.2, 6.1 };
	static const double sys_ms[] = { 7.0, 5.0, 5.1, 5.3 };
	unsigned int it;

	memset(r, 0, sizeof(*r));
	mig_meta(r);
	hb_mig_config_init(&r->cfg);
	r->cfg.sizes[0] = 16ULL << 20;
	r->cfg.chunk_size = 128ULL << 20;
	r->cfg.iters = 3;
	r->cfg.thp = true;
	r->cfg.dirs = HB_MIG_ALL;
	for (it = 0; it < 4; it++) {
		mig_call(hb_mig_add_call(r), it, HB_MIG_TO_DEVICE, 4096,
			 dev_ms[it], 8, 0);
		mig_call(hb_mig_add_call(r), it, HB_MIG_TO_SYSTEM, 4096,
			 sys_ms[it], it == 3 ? 6 : 8, it == 3 ? 2 : 0);
		mig_faults(r, it, 4096, 8, 8, 9);
	}
	assert_int_equal(hb_mig_samples(r), 0);
	r->complete = true;
	r->wall_ns = 512000000;
	/* ROOFLINE copied the 16 MiB in 2.5 ms: 6.25 GiB/s */
	r->meta.roof[0] = (struct hb_roof){
		.size = r->cfg.chunk_size,
		.valid = HMMBENCH_R_PLAIN | HMMBENCH_R_COPY,
		.bytes = 2 << 20,
		.plain_ns = 200000,
		.copy_bytes = r->cfg.sizes[0],
		.copy_ns = 2500000,
	};
}

/*
 * hmmbench migrate --size 64K --iters 2 --no-thp --direction
 * to-device,fault, interrupted in its last iteration's faults; the
 * module dropped 3 records of the second.
 */
static void migrate_4k_result(struct hb_result *r)
{
	static const double dev_ms[] = { 0.09, 0.05, 0.06 };
	unsigned int it;

	memset(r, 0, sizeof(*r));
	mig_meta(r);
	r->meta.info.features &= ~HMMBENCH_FEAT_MIGRATE_THP;
	r->meta.command_line = NULL;
	hb_mig_config_init(&r->cfg);
	r->cfg.sizes[0] = 64ULL << 10;
	r->cfg.chunk_size = 128ULL << 20;
	r->cfg.iters = 2;
	r->cfg.dirs = HB_MIG_BIT(HB_MIG_TO_DEVICE) | HB_MIG_BIT(HB_MIG_FAULT);
	for (it = 0; it < 3; it++) {
		mig_call(hb_mig_add_call(r), it, HB_MIG_TO_DEVICE, 16,
			 dev_ms[it], 0, 0);
		mig_faults(r, it, 16, it == 2 ? 5 : 16,
			   it == 1 ? 13 : it == 2 ? 5 : 16, 0);
	}
	assert_int_equal(hb_mig_samples(r), 0);
	r->complete = false;
	r->stop_reason = "interrupted";
	r->wall_ns = 3000000;
}

static char *render_migration(enum hb_format fmt,
			      const struct hb_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render(f, fmt, r), 0);
	fclose(f);
	return buf;
}

/* @r as golden/@stem.table, .csv and .json; the table fits 80 columns. */
static void golden_migration(const char *stem, const struct hb_result *r)
{
	static const enum hb_format fmts[] = {
		HB_FMT_TABLE, HB_FMT_CSV, HB_FMT_JSON,
	};
	struct json_object *doc;
	char name[64], *t;
	size_t i;

	for (i = 0; i < N(fmts); i++) {
		snprintf(name, sizeof(name), "%s.%s", stem, formats[fmts[i]]);
		t = render_migration(fmts[i], r);
		if (fmts[i] == HB_FMT_TABLE)
			assert_in_range(widest(t), 40, 80);
		if (fmts[i] == HB_FMT_JSON) {
			doc = json_tokener_parse(t);
			assert_non_null(doc);
			json_object_put(doc);
		}
		golden(name, t);
	}
}

static void migrate_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	migrate_thp_result(&r);
	golden_migration("migrate", &r);
	hb_result_free(&r);
	migrate_4k_result(&r);
	golden_migration("migrate-4k", &r);
	hb_result_free(&r);
}

/* The summaries JSON writes are what the samples give, by hand. */
static void migrate_json_summarizes_per_direction(void **state)
{
	struct hb_result r;
	char *t, *m;

	(void)state;
	migrate_thp_result(&r);
	t = render_migration(HB_FMT_JSON, &r);
	m = fixture_json_member(t, "configuration.workload");
	assert_string_equal(m, "\"migrate\"");
	free(m);
	/* 16 MiB in 6.0, 6.2 and 6.1 ms: 2.5625 GiB/s on average */
	m = fixture_json_member(t, "summaries.to_device.warm.metrics.gib_per_s.mean");
	assert_non_null(m);
	assert_float_equal(atof(m), (1 / 0.0060 + 1 / 0.0062 + 1 / 0.0061) /
			   3 / 64, 5e-5);
	free(m);
	m = fixture_json_member(t, "summaries.to_device.warm.order");
	assert_string_equal(m, "\"THP\"");
	free(m);
	m = fixture_json_member(t, "summaries.to_system.warm.order_class");
	assert_string_equal(m, "\"mixed\"");
	free(m);
	m = fixture_json_member(t, "summaries.fault.warm.order");
	assert_string_equal(m, "\"THP\"");
	free(m);
	m = fixture_json_member(t, "summaries.fault.warm.user_ns.p50");
	assert_float_equal(atof(m), 903500, 1e-9);
	free(m);
	m = fixture_json_member(t, "metadata.module.kernel_release");
	assert_string_equal(m, "\"6.1.192\"");
	free(m);
	free(t);
	hb_result_free(&r);
}

static void merge_of_two_boots(void **state)
{
	static const double boot1_ms[] = { 26.0, 28.0, 30.0 };
	static const double boot2_ms[] = { 32.0, 34.0, 36.0 };
	struct hb_input in[2];
	struct hb_result r;

	(void)state;
	fixture_series(&r, "base", 58.0, boot1_ms, 3);
	fixture_input(&in[0], &r, "boot-1.json");
	fixture_series(&r, "base", 62.0, boot2_ms, 3);
	r.complete = false;
	r.stop_reason = "interrupted";
	fixture_input(&in[1], &r, "boot-2.json");
	assert_int_equal(hb_merge(in, 2, &r), 0);
	golden("merge.json", fixture_render(HB_FMT_JSON, &r));
	hb_result_free(&r);
	free_inputs(in, 2);
}

/*
 * hmmbench migrate --no-thp against --thp, 6 runs a side merged: THP
 * twice as fast everywhere, and every format says it is THP against 4K.
 */
/*
 * The copy phase against ROOFLINE's copy, in JSON and the table; without
 * one, the reason in both.
 */
static void migrate_roofline_or_why_not(void **state)
{
	static const char why[] = "the module could not get two 16 MiB buffers of free 2 MiB blocks (over its budget, or memory too fragmented)";
	struct hb_result r;
	char *t, *m;

	(void)state;
	migrate_thp_result(&r);
	t = render_migration(HB_FMT_JSON, &r);
	m = fixture_json_member(t, "roofline.copy_gib_per_s");
	assert_float_equal(atof(m), 6.25, 1e-9);
	free(m);
	free(t);

	memset(&r.meta.roof[0], 0, sizeof(r.meta.roof[0]));
	snprintf(r.mig.roof_skip, sizeof(r.mig.roof_skip), "%s", why);
	t = render_migration(HB_FMT_JSON, &r);
	m = fixture_json_member(t, "roofline.not_measured");
	assert_non_null(strstr(m, why));
	free(m);
	free(t);
	t = render_migration(HB_FMT_TABLE, &r);
	m = strstr(t, "copy against the roofline: not measured: the module could not get two");
	assert_non_null(m);
	assert_non_null(strstr(m + 1, "copy against the roofline: not measured"));
	assert_null(strstr(t, "ROOFLINE:"));
	free(t);
	hb_result_free(&r);
}

/*
 * What a call skipped, and why, in the table's heading of a direction:
 * each skip by its range over the warm calls, in the order of the reply.
 */
static void migrate_skips_say_why(void **state)
{
	struct hb_result r;
	char *t, *p;

	(void)state;
	migrate_4k_result(&r);
	r.mig.calls[1].m.skip_nomem = 3;
	r.mig.calls[1].m.migrated -= 3;
	r.mig.calls[2].m.skip_busy = 1;
	r.mig.calls[2].m.migrated -= 1;
	t = render_migration(HB_FMT_TABLE, &r);
	/* the heading as one line, whatever the wrapping */
	for (p = strstr(t, "\n  "); p; p = strstr(p, "\n  ")) {
		*p = ' ';
		memmove(p + 1, p + 3, strlen(p + 3) + 1);
	}
	assert_non_null(strstr(t, "per call 13-15 of 16 pages moved, skipped 0 not collected, 0-3 without a destination page, 0-1 busy\n"));
	free(t);
	hb_result_free(&r);
}

/* Three runs of hmmbench migrate merged, as merge writes them. */
static void merged_migration_in_every_format(void **state)
{
	static const double ms[] = { 5.0, 6.0, 5.5 };
	struct hb_input in;

	(void)state;
	fixture_mig_merged(&in, true, ms, N(ms), 40, "merged.json");
	golden_migration("migrate-merged", &in.r);
	hb_input_free(&in);
}

static void mirror_in_every_format(void **state)
{
	struct hb_result r;

	(void)state;
	fixture_mirror(&r, "thp", 1.0);
	golden_result("mirror", &r);
	hb_result_free(&r);
}

/* A saved run, sweep or merged result shows as it rendered when made. */
static void show_renders_saved_results_as_measured(void **state)
{
	static const char *const stems[] = {
		"run", "sweep", "merged", "rebind", "run-icount", "mirror",
	};
	struct hb_input in;
	char err[512];
	size_t i, fmt;

	(void)state;
	for (i = 0; i < N(stems); i++) {
		assert_int_equal(hb_input_take(&in, stems[i], saved(stems[i]),
					       err, sizeof(err)), 0);
		for (fmt = 0; fmt < N(formats); fmt++)
			same_as_golden(stems[i], fmt,
				       fixture_render(fmt, &in.r));
		hb_input_free(&in);
	}
}

/*
 * A saved migration shows as hmmbench migrate (or merge) wrote it, in
 * every format it has: what JSON holds is all the table, CSV and JSON
 * need.
 */
static void show_renders_saved_migrations_as_migrate_did(void **state)
{
	static const char *const stems[] = {
		"migrate", "migrate-4k", "migrate-merged",
	};
	static const size_t fmts[] = { HB_FMT_TABLE, HB_FMT_CSV, HB_FMT_JSON };
	struct hb_input in;
	char err[512], *t;
	size_t i, k;

	(void)state;
	for (i = 0; i < N(stems); i++) {
		assert_int_equal(hb_input_take(&in, stems[i], saved(stems[i]),
					       err, sizeof(err)), 0);
		assert_int_equal(hb_workload_of(&in.r.cfg)->id, HB_WL_MIGRATE);
		for (k = 0; k < N(fmts); k++) {
			t = render_migration(fmts[k], &in.r);
			same_as_golden(stems[i], fmts[k], t);
		}
		hb_input_free(&in);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(run_in_every_format),
		cmocka_unit_test(icount_run_in_every_format),
		cmocka_unit_test(sweep_in_every_format),
		cmocka_unit_test(rebind_in_every_format),
		cmocka_unit_test(mirror_in_every_format),
		cmocka_unit_test(merged_runs_in_every_format),
		cmocka_unit_test(merge_of_two_boots),
		cmocka_unit_test(show_renders_saved_results_as_measured),
		cmocka_unit_test(migrate_in_every_format),
		cmocka_unit_test(migrate_json_summarizes_per_direction),
		cmocka_unit_test(merged_migration_in_every_format),
		cmocka_unit_test(migrate_roofline_or_why_not),
		cmocka_unit_test(migrate_skips_say_why),
		cmocka_unit_test(show_renders_saved_migrations_as_migrate_did),
	};

	return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}

