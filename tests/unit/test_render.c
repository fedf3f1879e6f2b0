// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: every output, byte for byte, through render.h.
 * Fixed results (a run, a sweep, merged runs, merge itself, info, two
 * migrations and a merged one) and comparisons (two single runs, two
 * merged sides, three inputs with notes, THP against 4K migrations) are
 * rendered in every format they have and checked against the files in
 * golden/; saved ones read back render the same.  What
 * was rendered is also written to build/unit/golden, so a failure is one
 * diff away; `make golden` makes it the new expectation.
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
#include "results/compare_read.h"
#include "results/compare.h"
#include "results/merge.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define GIB	(1ULL << 30)

static const char *const formats[] = {
	[HB_FMT_TABLE] = "table", [HB_FMT_CSV] = "csv",
	[HB_FMT_JSON] = "json", [HB_FMT_COVER] = "cover",
	[HB_FMT_GOBENCH] = "gobench",
};

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

static void spill(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* Fails naming the first line where @got and @want part. */
static void report(const char *name, const char *got, const char *want)
{
	size_t i, line = 1, start = 0;

	for (i = 0; got[i] && got[i] == want[i]; i++) {
		if (got[i] == '\n') {
			line++;
			start = i + 1;
		}
	}
	fail_msg("%s differs at line %zu:\n  got:  %.100s\n  want: %.100s\n(diff -r tests/unit/golden build/unit/golden)",
		 name, line, got + start, want + start);
}

/*
 * Whether @name is JSON and @got means what @want does: json-c's layout
 * differs between versions (0.16 spreads an empty array over two lines,
 * 0.17 and later write "[]"), its meaning does not.
 */
static bool same_json(const char *name, const char *got, const char *want)
{
	size_t n = strlen(name);
	struct json_object *a, *b;
	bool same;

	if (n < 5 || strcmp(name + n - 5, ".json"))
		return false;
	a = json_tokener_parse(got);
	b = json_tokener_parse(want);
	same = a && b && json_object_equal(a, b);
	json_object_put(a);
	json_object_put(b);
	return same;
}

/* Checks @text (freed here) against golden/@name. */
static void golden(const char *name, char *text)
{
	char path[4096], *want;

	assert_non_null(text);
	spill(GOLDEN_OUT, name, text);
	if (getenv("HB_GOLDEN_UPDATE"))
		spill(GOLDEN_DIR, name, text);
	snprintf(path, sizeof(path), "%s/%s", GOLDEN_DIR, name);
	want = fixture_slurp(path);
	if (!want)
		fail_msg("no golden/%s: make -C tests/unit golden writes it",
			 name);
	if (strcmp(text, want) && !same_json(name, text, want))
		report(name, text, want);
	free(want);
	free(text);
}

/* Columns of the longest line of @text: UTF-8 continuation bytes add none. */
static size_t widest(const char *text)
{
	size_t w = 0, col = 0;
	const char *p;

	for (p = text; *p; p++) {
		if (*p == '\n') {
			col = 0;
			continue;
		}
		col += ((unsigned char)*p & 0xc0) != 0x80;
		if (col > w)
			w = col;
	}
	return w;
}

static char *render_wide(const struct hb_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_as(f, HB_FMT_TABLE, true, r), 0);
	fclose(f);
	return buf;
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

/* Appends one sample of @size, iteration @iter, chunk @chunk. */
static void add_sample(struct hb_result *r, uint64_t size, unsigned int iter,
		       unsigned int chunk, uint32_t valid)
{
	struct hb_sample *s = hb_result_add(r);
	uint64_t gib = size / GIB;

	assert_non_null(s);
	s->size = size;
	s->iter = iter;
	s->chunk = chunk;
	s->kind = hb_iter_kind(&r->cfg, iter);
	s->valid = valid;
	s->phys_start = 0x200000000ULL + size * chunk;
	s->region_ns = 1500 + 10 * iter;
	s->memremap_ns = gib * (iter ? 27000000 + 700000 * (iter % 3) :
				       61000000) + 1000 * chunk;
	s->memmap_init_ns = gib * (20000000 + 300000 * iter);
	s->memunmap_ns = gib * (48000000 + 100000 * iter);
	s->release_ns = 900 + iter;
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

/*
 * hmmbench rebind --reconfigure --mode devdax --align 2M --iters 4 of a
 * 4 GiB namespace: the bind ndctl made first, with no unbind before it
 * and no write timed by hmmbench, then four rebinds.
 */
static void rebind_result(struct hb_result *r)
{
	unsigned int iter;

	fixture_result(r);
	hb_result_free(r);
	r->cfg.command = "rebind";
	r->cfg.workload = "devdax";
	r->cfg.ns_name = "namespace0.0";
	r->cfg.nd_align = 2ULL << 20;
	r->cfg.nd_driver = "dax_pmem";
	r->cfg.nd_device = "dax0.0";
	r->cfg.first_bind_reconfigure = true;
	r->cfg.sizes[0] = 4 * GIB;
	r->cfg.warmup = 0;
	r->cfg.iters = 4;
	r->cfg.vmemmap_shift = 9;
	r->cfg.compound_size = 2ULL << 20;
	r->cfg.label = "base";
	for (iter = 0; iter < 5; iter++) {
		struct hb_sample *s = hb_result_add(r);

		assert_non_null(s);
		s->size = 4 * GIB;
		s->iter = iter;
		s->kind = hb_iter_kind(&r->cfg, iter);
		s->phys_start = 0x140000000ULL + (2ULL << 20);
		s->pages = 1031680;
		s->valid = HMMBENCH_T_MEMREMAP | HMMBENCH_T_MEMMAP_INIT;
		s->memremap_ns = iter ? 150000000 + 2000000 * iter : 324000000;
		s->memmap_init_ns = iter ? 120000000 + 1500000 * iter :
					   296000000;
		if (!iter)
			continue;
		s->valid |= HMMBENCH_T_MEMUNMAP | HB_T_BIND | HB_T_UNBIND;
		s->memunmap_ns = 58000000 + 100000 * iter;
		s->bind_ns = s->memremap_ns + 9000000;
		s->unbind_ns = s->memunmap_ns + 4000000;
	}
	r->wall_ns = 1900000000;
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
static void mig_faults(struct hb_mig_result *r, unsigned int iter,
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
static void mig_meta(struct hb_mig_result *r)
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
static void migrate_thp_result(struct hb_mig_result *r)
{
	static const double dev_ms[] = { 8.0, 6.0, 6.2, 6.1 };
	static const double sys_ms[] = { 7.0, 5.0, 5.1, 5.3 };
	unsigned int it;

	memset(r, 0, sizeof(*r));
	mig_meta(r);
	r->cfg.size = 16ULL << 20;
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
	r->complete = true;
	r->wall_ns = 512000000;
	/* ROOFLINE copied the 16 MiB in 2.5 ms: 6.25 GiB/s */
	r->meta.roof[0] = (struct hb_roof){
		.size = r->cfg.chunk_size,
		.valid = HMMBENCH_R_PLAIN | HMMBENCH_R_COPY,
		.bytes = 2 << 20,
		.plain_ns = 200000,
		.copy_bytes = r->cfg.size,
		.copy_ns = 2500000,
	};
}

/*
 * hmmbench migrate --size 64K --iters 2 --no-thp --direction
 * to-device,fault, interrupted in its last iteration's faults; the
 * module dropped 3 records of the second.
 */
static void migrate_4k_result(struct hb_mig_result *r)
{
	static const double dev_ms[] = { 0.09, 0.05, 0.06 };
	unsigned int it;

	memset(r, 0, sizeof(*r));
	mig_meta(r);
	r->meta.info.features &= ~HMMBENCH_FEAT_MIGRATE_THP;
	r->meta.command_line = NULL;
	r->cfg.size = 64ULL << 10;
	r->cfg.chunk_size = 128ULL << 20;
	r->cfg.iters = 2;
	r->cfg.dirs = HB_MIG_BIT(HB_MIG_TO_DEVICE) | HB_MIG_BIT(HB_MIG_FAULT);
	for (it = 0; it < 3; it++) {
		mig_call(hb_mig_add_call(r), it, HB_MIG_TO_DEVICE, 16,
			 dev_ms[it], 0, 0);
		mig_faults(r, it, 16, it == 2 ? 5 : 16,
			   it == 1 ? 13 : it == 2 ? 5 : 16, 0);
	}
	r->complete = false;
	r->stop_reason = "interrupted";
	r->wall_ns = 3000000;
}

static char *render_migration(enum hb_format fmt,
			      const struct hb_mig_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_migration(f, fmt, r), 0);
	fclose(f);
	return buf;
}

/* @r as golden/@stem.table, .csv and .json; the table fits 80 columns. */
static void golden_migration(const char *stem, const struct hb_mig_result *r)
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
	struct hb_mig_result r;

	(void)state;
	migrate_thp_result(&r);
	golden_migration("migrate", &r);
	hb_mig_result_free(&r);
	migrate_4k_result(&r);
	golden_migration("migrate-4k", &r);
	hb_mig_result_free(&r);
}

/* The summaries JSON writes are what the samples give, by hand. */
static void migrate_json_summarizes_per_direction(void **state)
{
	struct hb_mig_result r;
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
	hb_mig_result_free(&r);
}

static void free_inputs(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
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

static char *render_compare(enum hb_format fmt, const struct hb_comparison *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_compare_as(f, fmt, false, c), 0);
	fclose(f);
	return buf;
}

static char *render_compare_wide(const struct hb_comparison *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_compare_as(f, HB_FMT_TABLE, true, c), 0);
	fclose(f);
	return buf;
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
	struct hb_mig_result r;
	char *t, *m;

	(void)state;
	migrate_thp_result(&r);
	t = render_migration(HB_FMT_JSON, &r);
	m = fixture_json_member(t, "roofline.copy_gib_per_s");
	assert_float_equal(atof(m), 6.25, 1e-9);
	free(m);
	free(t);

	memset(&r.meta.roof[0], 0, sizeof(r.meta.roof[0]));
	snprintf(r.roof_skip, sizeof(r.roof_skip), "%s", why);
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
	hb_mig_result_free(&r);
}

/*
 * What a call skipped, and why, in the table's heading of a direction:
 * each skip by its range over the warm calls, in the order of the reply.
 */
static void migrate_skips_say_why(void **state)
{
	struct hb_mig_result r;
	char *t, *p;

	(void)state;
	migrate_4k_result(&r);
	r.calls[1].m.skip_nomem = 3;
	r.calls[1].m.migrated -= 3;
	r.calls[2].m.skip_busy = 1;
	r.calls[2].m.migrated -= 1;
	t = render_migration(HB_FMT_TABLE, &r);
	/* the heading as one line, whatever the wrapping */
	for (p = strstr(t, "\n  "); p; p = strstr(p, "\n  ")) {
		*p = ' ';
		memmove(p + 1, p + 3, strlen(p + 3) + 1);
	}
	assert_non_null(strstr(t, "per call 13-15 of 16 pages moved, skipped 0 not collected, 0-3 without a destination page, 0-1 busy\n"));
	free(t);
	hb_mig_result_free(&r);
}

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

/* Three runs of hmmbench migrate merged, as merge writes them. */
static void merged_migration_in_every_format(void **state)
{
	static const double ms[] = { 5.0, 6.0, 5.5 };
	struct hb_input in;

	(void)state;
	fixture_mig_merged(&in, true, ms, N(ms), 40, "merged.json");
	golden_migration("migrate-merged", in.mig);
	hb_input_free(&in);
}

/* golden/@stem.json read back as hmmbench show reads it. */
static struct json_object *saved(const char *stem)
{
	struct json_object *doc;
	char path[4096], err[512];

	snprintf(path, sizeof(path), "%s/%s.json", GOLDEN_DIR, stem);
	if (hb_json_load(path, &doc, err, sizeof(err)))
		fail_msg("%s", err);
	return doc;
}

/* @text (freed here) is golden/@stem.@fmt byte for byte. */
static void same_as_golden(const char *stem, size_t fmt, char *text)
{
	char path[4096], *want;

	snprintf(path, sizeof(path), "%s/%s.%s", GOLDEN_DIR, stem,
		 formats[fmt]);
	want = fixture_slurp(path);
	assert_non_null(want);
	assert_non_null(text);
	if (strcmp(text, want) && !same_json(path, text, want))
		report(path, text, want);
	free(want);
	free(text);
}

/* A saved run, sweep or merged result shows as it rendered when made. */
static void show_renders_saved_results_as_measured(void **state)
{
	static const char *const stems[] = {
		"run", "sweep", "merged", "rebind", "run-icount",
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
		assert_non_null(in.mig);
		for (k = 0; k < N(fmts); k++) {
			t = render_migration(fmts[k], in.mig);
			same_as_golden(stems[i], fmts[k], t);
		}
		hb_input_free(&in);
	}
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
		cmocka_unit_test(run_in_every_format),
		cmocka_unit_test(icount_run_in_every_format),
		cmocka_unit_test(sweep_in_every_format),
		cmocka_unit_test(rebind_in_every_format),
		cmocka_unit_test(merged_runs_in_every_format),
		cmocka_unit_test(merge_of_two_boots),
		cmocka_unit_test(compare_of_two_single_runs),
		cmocka_unit_test(compare_of_merged_runs),
		cmocka_unit_test(compare_of_the_same_kernel),
		cmocka_unit_test(compare_of_runs_in_one_boot),
		cmocka_unit_test(compare_of_three_with_notes),
		cmocka_unit_test(compare_of_icount_runs),
		cmocka_unit_test(compare_forced_across_accelerators),
		cmocka_unit_test(compare_across_environments),
		cmocka_unit_test(compare_of_rebinds),
		cmocka_unit_test(show_renders_saved_results_as_measured),
		cmocka_unit_test(show_renders_saved_comparisons_as_compared),
		cmocka_unit_test(show_renders_a_comparison_without_configurations),
		cmocka_unit_test(show_renders_a_comparison_without_environments),
		cmocka_unit_test(cover_of_merged_rebinds_counts_per_run),
		cmocka_unit_test(show_refuses_a_result_as_a_comparison),
		cmocka_unit_test(migrate_in_every_format),
		cmocka_unit_test(migrate_json_summarizes_per_direction),
		cmocka_unit_test(merged_migration_in_every_format),
		cmocka_unit_test(migrate_roofline_or_why_not),
		cmocka_unit_test(migrate_skips_say_why),
		cmocka_unit_test(compare_of_migrations_thp_against_4k),
		cmocka_unit_test(show_renders_saved_migrations_as_migrate_did),
	};

	return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
