// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: builds the fixed result the renderer tests check,
 * with round numbers so expected values can be worked out by hand, and
 * reads back what was written.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"
#include "results/merge.h"
#include "results/metrics.h"
#include "results/migration.h"
#include "results/result_read.h"

#define GIB	(1ULL << 30)
#define ALL_T	(HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP | \
		 HMMBENCH_T_MEMMAP_INIT | HMMBENCH_T_MEMUNMAP | \
		 HMMBENCH_T_RELEASE)

static void fixture_meta(struct hb_meta *m)
{
	struct hb_host *h = &m->host;

	strcpy(h->machine, "x86_64");
	strcpy(h->kernel_release, "6.1.0-test");
	strcpy(h->kernel_version, "#1 SMP");
	strcpy(h->hostname, "testhost");
	strcpy(h->cpu_model, "Test CPU @ 1.00GHz");
	strcpy(h->cmdline, "console=ttyS0 quiet");
	strcpy(h->accel, "tcg");
	strcpy(h->qemu_version, "7.2.22");
	strcpy(h->date, "2025-01-02T03:04:05Z");
	strcpy(h->hmmbench_git, "v0.1.0-1-g0123abc");
	/* a TCG guest's: no cpufreq, no SMT, QEMU's microcode */
	strcpy(h->microcode, "0x1");
	strcpy(h->smt_control, "notsupported");
	h->smt_active = HB_TRI_NO;
	strcpy(h->thp_enabled, "always");
	strcpy(h->thp_defrag, "madvise");
	strcpy(h->clocksource, "hpet");
	strcpy(h->mitigations, "1 vulnerable (spec_store_bypass), 2 mitigated");
	h->cpus = 2;
	h->numa_nodes = 1;
	h->total_ram = 4 * GIB;
	m->info.size = sizeof(m->info);
	m->info.abi_version = HMMBENCH_ABI_VERSION;
	m->info.features = HMMBENCH_FEAT_PHASE_PROBE;
	strcpy(m->info.module_version, "0.1");
	strcpy(m->info.kernel_release, "6.1.192");
	m->info.page_size = 4096;
	m->info.struct_page_size = 64;
	m->info.size_align = 128ULL << 20;
	m->info.min_size = 128ULL << 20;
	m->info.max_size = 64 * GIB;
	m->info.budget = 2 * GIB;
	m->info.nr_nodes = 1;
}

/* memremap of iteration i: 58 ms cold, then 30, 26, 28, 30 ms. */
static const uint64_t memremap_ms[] = { 58, 30, 26, 28, 30 };

void fixture_result(struct hb_result *r)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->cfg.command = "run";
	r->cfg.workload = "chunk";
	r->cfg.sizes[0] = GIB;
	r->cfg.nr_sizes = 1;
	r->cfg.chunks = 1;
	r->cfg.warmup = 1;
	r->cfg.iters = 3;
	r->cfg.node = HMMBENCH_NODE_LOCAL;
	r->cfg.compound_size = 4096;
	r->cfg.label = "base";
	fixture_meta(&r->meta);
	for (i = 0; i < 5; i++) {
		struct hb_sample *s = hb_result_add(r);

		s->size = GIB;
		s->iter = i;
		s->kind = hb_iter_kind(&r->cfg, i);
		s->valid = i == 3 ? ALL_T & ~HMMBENCH_T_MEMMAP_INIT : ALL_T;
		s->phys_start = 0x100000000ULL * (i + 1);
		s->region_ns = 2000;
		s->memremap_ns = memremap_ms[i] * 1000000;
		s->memmap_init_ns = i == 3 ? 0 : 20000000;
		s->memunmap_ns = 50000000;
		s->release_ns = 1000 + i;
	}
	r->complete = true;
	r->wall_ns = 500000000;
}

/* @r, or else @c, rendered in @fmt, @wide or not; NULL on failure. */
static char *fixture_rendered(enum hb_format fmt, bool wide,
			      const struct hb_result *r,
			      const struct hb_comparison *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (r ? hb_render_as(f, fmt, wide, r) :
		hb_render_compare_as(f, fmt, wide, c)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

char *fixture_render(enum hb_format fmt, const struct hb_result *r)
{
	return fixture_rendered(fmt, false, r, NULL);
}

char *fixture_render_as(enum hb_format fmt, bool wide,
			const struct hb_result *r)
{
	return fixture_rendered(fmt, wide, r, NULL);
}

char *fixture_render_compare(enum hb_format fmt, bool wide,
			     const struct hb_comparison *c)
{
	return fixture_rendered(fmt, wide, NULL, c);
}

static void fixture_sample(struct hb_result *r, unsigned int iter,
			   double ms)
{
	struct hb_sample *s = hb_result_add(r);

	s->size = GIB;
	s->iter = iter;
	s->kind = iter ? HB_WARM : HB_COLD;
	s->valid = ALL_T;
	s->phys_start = 0x100000000ULL;
	s->region_ns = 2000;
	s->memremap_ns = (uint64_t)(ms * 1e6 + 0.5);
	s->memmap_init_ns = (uint64_t)(ms * 0.9e6 + 0.5);
	s->memunmap_ns = 50000000 + 1000 * iter;
	s->release_ns = 1000;
}

/* A complete 1 GiB, 1-chunk run of @iters warm iterations, no samples. */
static void fixture_config(struct hb_result *r, const char *label,
			   size_t iters)
{
	memset(r, 0, sizeof(*r));
	r->cfg.command = "run";
	r->cfg.workload = "chunk";
	r->cfg.sizes[0] = GIB;
	r->cfg.nr_sizes = 1;
	r->cfg.chunks = 1;
	r->cfg.iters = iters;
	r->cfg.node = HMMBENCH_NODE_LOCAL;
	r->cfg.compound_size = 4096;
	r->cfg.label = label;
	fixture_meta(&r->meta);
	r->complete = true;
	r->wall_ns = 1000000000;
}

void fixture_series(struct hb_result *r, const char *label, double cold_ms,
		    const double *warm_ms, size_t n)
{
	size_t i;

	fixture_config(r, label, n);
	fixture_sample(r, 0, cold_ms);
	for (i = 0; i < n; i++)
		fixture_sample(r, i + 1, warm_ms[i]);
}

void fixture_runs(struct hb_result *r, const char *label, double cold_ms,
		  const double *run_ms, size_t runs, size_t per_run)
{
	static const char *const files[] = {
		"run-1.json", "run-2.json", "run-3.json", "run-4.json",
		"run-5.json", "run-6.json", "run-7.json", "run-8.json",
	};
	size_t k, j, first;

	fixture_config(r, label, runs * per_run);
	r->sources = calloc(runs, sizeof(*r->sources));
	if (!r->sources || runs > sizeof(files) / sizeof(files[0]))
		return;
	r->nr_sources = runs;
	for (k = 0; k < runs; k++) {
		first = r->nr_samples;
		fixture_sample(r, 0, cold_ms + k);
		for (j = 0; j < per_run; j++)
			fixture_sample(r, j + 1, run_ms[k] +
				       0.25 * (2.0 * j - (per_run - 1.0)));
		for (j = first; j < r->nr_samples; j++)
			r->samples[j].run = k;
		r->sources[k] = (struct hb_source){
			.file = files[k], .date = r->meta.host.date,
			.label = label, .hostname = r->meta.host.hostname,
			.kernel_release = r->meta.host.kernel_release,
			.nr_samples = r->nr_samples - first, .complete = true,
		};
	}
}

char *fixture_json_file(const struct hb_result *r)
{
	char *path = strdup("/tmp/hmmbench-test-XXXXXX");
	int fd = path ? mkstemp(path) : -1;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!f || hb_render(f, HB_FMT_JSON, r)) {
		if (f)
			fclose(f);
		free(path);
		return NULL;
	}
	fclose(f);
	return path;
}

char *fixture_text(enum hb_format fmt)
{
	struct hb_result r;
	char *text;

	fixture_result(&r);
	text = fixture_render(fmt, &r);
	hb_result_free(&r);
	return text;
}

void fixture_input(struct hb_input *in, struct hb_result *r,
		   const char *name)
{
	char err[512], *path = fixture_json_file(r);

	assert_non_null(path);
	assert_int_equal(hb_input_load(in, path, err, sizeof(err)), 0);
	unlink(path);
	free(path);
	in->path = name;
	hb_result_free(r);
}

int fixture_fresh_name(char *path, const char *tmpl)
{
	int fd;

	strcpy(path, tmpl);
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	unlink(path);
	return 0;
}

char *fixture_slurp(const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r"), *m;
	int c;

	if (!f)
		return NULL;
	m = open_memstream(&buf, &len);
	if (m) {
		while ((c = fgetc(f)) != EOF)
			fputc(c, m);
		fclose(m);
	}
	fclose(f);
	return buf;
}

char *fixture_json_member(const char *text, const char *path)
{
	struct json_object *doc = json_tokener_parse(text), *m;
	char *out = NULL;

	m = hb_json_path(doc, path);
	if (m)
		out = strdup(json_object_to_json_string_ext(m,
						JSON_C_TO_STRING_PLAIN));
	json_object_put(doc);
	return out;
}

#define MIG_SIZE	(4ULL << 20)
#define MIG_PAGES	(MIG_SIZE / 4096)

/* One MIGRATE of the whole buffer in @ms, of THPs or not. */
static void fixture_mig_call(struct hb_mig_call *c, unsigned int iter,
			     enum hb_mig_dir dir, bool thp, double ms)
{
	uint64_t total = (uint64_t)(ms * 1e6 + 0.5);

	c->iter = iter;
	c->dir = dir;
	c->wall_ns = total + 15000;
	c->m.size = sizeof(c->m);
	c->m.direction = dir == HB_MIG_TO_DEVICE ? HMMBENCH_MIGRATE_TO_DEVICE :
						   HMMBENCH_MIGRATE_TO_SYSTEM;
	c->m.calls = MIG_PAGES / 512;
	c->m.total_ns = total;
	c->m.setup_ns = total / 10;
	c->m.alloc_ns = total / 10;
	c->m.copy_ns = total / 2;
	c->m.pages_ns = total / 10;
	c->m.finalize_ns = total / 10;
	c->m.requested = MIG_PAGES;
	c->m.collected = MIG_PAGES;
	c->m.migrated = MIG_PAGES;
	c->m.thp = thp ? MIG_PAGES / 512 : 0;
}

/* Iteration @iter's fault phase: 2 samples of handlers around @ms / 40. */
static void fixture_mig_faults(struct hb_result *r, unsigned int iter,
			       bool thp, double ms)
{
	struct hb_mig_touches *t = hb_mig_add_phase(r);
	struct hb_mig_fault *f;
	unsigned int j;

	t->iter = iter;
	fixture_mig_call(&t->lend, iter, HB_MIG_TO_DEVICE, thp, ms);
	t->touches = MIG_PAGES;
	t->faults = thp ? MIG_PAGES / 512 : MIG_PAGES;
	t->dropped = t->faults - 2;
	t->records = t->samples = 2;
	for (j = 0; j < 2; j++) {
		f = hb_mig_add_fault(r);
		f->iter = iter;
		f->offset = j * (thp ? 2ULL << 20 : 4096);
		f->rec.size = sizeof(f->rec);
		f->rec.order = thp ? 9 : 0;
		f->rec.pages = thp ? 512 : 1;
		f->rec.total_ns = (uint64_t)(ms / 40 * 1e6 * (j ? 1.01 : 0.99) +
					     0.5);
		f->rec.setup_ns = f->rec.total_ns / 10;
		f->rec.alloc_ns = f->rec.total_ns / 10;
		f->rec.copy_ns = f->rec.total_ns / 2;
		f->rec.pages_ns = f->rec.total_ns / 10;
		f->rec.finalize_ns = f->rec.total_ns / 10;
		f->user_ns = f->rec.total_ns + 2000;
		f->touch_ns = 1000000000ULL * (iter + 1) + 100000 * j;
		f->rec.start_ns = f->touch_ns + 500;
	}
}

void fixture_migration(struct hb_result *r, bool thp, const double *ms,
		       size_t n, unsigned int k)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	fixture_meta(&r->meta);
	r->meta.info.features |= HMMBENCH_FEAT_MIGRATE |
				 HMMBENCH_FEAT_MIGRATE_THP;
	snprintf(r->meta.host.date, sizeof(r->meta.host.date),
		 "2025-02-%02uT03:04:05Z", k % 28 + 1);
	snprintf(r->meta.run_id, sizeof(r->meta.run_id), "%032x", k + 1);
	hb_mig_config_init(&r->cfg);
	r->cfg.sizes[0] = MIG_SIZE;
	r->cfg.chunk_size = 128ULL << 20;
	r->cfg.iters = n;
	r->cfg.thp = thp;
	r->cfg.dirs = HB_MIG_ALL;
	for (i = 0; i <= n; i++) {
		fixture_mig_call(hb_mig_add_call(r), i, HB_MIG_TO_DEVICE, thp,
				 ms[i]);
		fixture_mig_call(hb_mig_add_call(r), i, HB_MIG_TO_SYSTEM, thp,
				 0.8 * ms[i]);
		fixture_mig_faults(r, i, thp, ms[i]);
	}
	assert_int_equal(hb_mig_samples(r), 0);
	r->complete = true;
	r->wall_ns = 100000000;
}

char *fixture_mig_json_file(const struct hb_result *r)
{
	char *path = strdup("/tmp/hmmbench-test-XXXXXX");
	int fd = path ? mkstemp(path) : -1;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!f || hb_render(f, HB_FMT_JSON, r)) {
		if (f)
			fclose(f);
		free(path);
		return NULL;
	}
	fclose(f);
	return path;
}

void fixture_mig_input(struct hb_input *in, struct hb_result *r,
		       const char *name)
{
	char err[512], *path = fixture_mig_json_file(r);

	assert_non_null(path);
	if (hb_input_load(in, path, err, sizeof(err)))
		fail_msg("%s", err);
	unlink(path);
	free(path);
	in->path = name;
	hb_result_free(r);
}

void fixture_mig_run(struct hb_result *r, bool thp, double run_ms,
		     unsigned int k)
{
	const double ms[] = {
		1.5 * run_ms, run_ms - 0.1, run_ms, run_ms + 0.1,
	};

	fixture_migration(r, thp, ms, 3, k);
}

void fixture_mig_merged(struct hb_input *in, bool thp, const double *run_ms,
			size_t runs, unsigned int k, const char *name)
{
	static const char *const files[] = {
		"run-1.json", "run-2.json", "run-3.json", "run-4.json",
		"run-5.json", "run-6.json", "run-7.json", "run-8.json",
	};
	struct hb_input parts[8];
	struct hb_result r, m;
	size_t i;

	assert_true(runs <= 8);
	for (i = 0; i < runs; i++) {
		fixture_mig_run(&r, thp, run_ms[i], k + i);
		fixture_mig_input(&parts[i], &r, files[i]);
	}
	assert_int_equal(hb_merge(parts, runs, &m), 0);
	fixture_mig_input(in, &m, name);
	for (i = 0; i < runs; i++)
		hb_input_free(&parts[i]);
}

/*
 * One MIRROR reply of 4096 pages (in PMDs when @thp) in 64 batches,
 * @total_ns whole, 60 % of it in hmm_range_fault() and 20 % in the
 * update; with @retries retried after an invalidation.
 */
static void mirror_sample(struct hb_result *r, unsigned int iter,
			  uint64_t total_ns, uint64_t retries, bool thp)
{
	struct hb_sample *s = hb_result_add(r);
	struct hmmbench_mirror m = {
		.calls = 64,
		.total_ns = total_ns,
		.fault_ns = total_ns / 5 * 3,
		.update_ns = total_ns / 5,
		.retry_ns = 15000 * retries,
		.retry_seq = retries,
		.invalidations = 2 * retries,
		.invalidate_ns = 4000 * retries,
		.call_min_ns = total_ns / 64 - 1000,
		.call_max_ns = total_ns / 64 + 5000,
		.pages = 4096,
		.valid = 4096,
		.writable = 4096,
		.pmd = thp ? 4096 : 0,
	};

	assert_non_null(s);
	s->size = 16ULL << 20;
	s->iter = iter;
	s->kind = hb_iter_kind(&r->cfg, iter);
	hb_metrics_take(s, HB_REPLY_MIRROR, &m, HB_T_MIRROR);
	s->wall_ns = total_ns + 30000;
	s->batch_ns[0] = total_ns / 64 - 200;
	s->batch_ns[1] = total_ns / 64 + 1000;
	s->batch_ns[2] = total_ns / 64 + 4000;
	s->valid |= HB_T_BATCHES;
}

void fixture_mirror(struct hb_result *r, const char *state, double scale)
{
	bool thp = !strcmp(state, "thp");
	struct hb_result run;

	memset(r, 0, sizeof(*r));
	fixture_result(&run);
	r->meta = run.meta;
	hb_result_free(&run);
	r->meta.info.features |= HMMBENCH_FEAT_MIRROR;
	r->meta.command_line = thp ? "hmmbench mirror --size 16M --iters 3 --state thp --fault none --batch 64 --format json" :
				     "hmmbench mirror --size 16M --iters 3 --state 4k --fault none --batch 64 --format json";
	r->cfg.command = "mirror";
	r->cfg.workload = "mirror";
	r->cfg.sizes[0] = 16ULL << 20;
	r->cfg.nr_sizes = 1;
	r->cfg.chunks = 1;
	r->cfg.iters = 3;
	r->cfg.node = HMMBENCH_NODE_LOCAL;
	r->cfg.mirror_state = state;
	r->cfg.mirror_fault = "none";
	r->cfg.batch = 64;
	mirror_sample(r, 0, 2000000 * scale, 0, thp);
	mirror_sample(r, 1, 1000000 * scale, 0, thp);
	mirror_sample(r, 2, 1020000 * scale, 1, thp);
	mirror_sample(r, 3, 990000 * scale, 0, thp);
	r->complete = true;
	r->wall_ns = 90000000;
}
