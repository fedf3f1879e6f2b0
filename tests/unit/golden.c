// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: what the golden tests share - checking rendered
 * text against golden/ (and leaving it in build/unit/golden, so that a
 * failure is one diff away; HB_GOLDEN_UPDATE=1 makes it the new
 * expectation), reading a golden file back as hmmbench show does, and
 * the results that both test_render.c and test_render_compare.c render.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
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
#include "results/json_read.h"
#include "results/result_read.h"

const char *const formats[HB_NR_FORMATS] = {
	[HB_FMT_TABLE] = "table", [HB_FMT_CSV] = "csv",
	[HB_FMT_JSON] = "json", [HB_FMT_COVER] = "cover",
	[HB_FMT_GOBENCH] = "gobench",
};

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
void golden(const char *name, char *text)
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
size_t widest(const char *text)
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

/* Appends one sample of @size, iteration @iter, chunk @chunk. */
void add_sample(struct hb_result *r, uint64_t size, unsigned int iter,
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

/*
 * hmmbench rebind --reconfigure --mode devdax --align 2M --iters 4 of a
 * 4 GiB namespace: the bind ndctl made first, with no unbind before it
 * and no write timed by hmmbench, then four rebinds.
 */
void rebind_result(struct hb_result *r)
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

void free_inputs(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
}

/* golden/@stem.json read back as hmmbench show reads it. */
struct json_object *saved(const char *stem)
{
	struct json_object *doc;
	char path[4096], err[512];

	snprintf(path, sizeof(path), "%s/%s.json", GOLDEN_DIR, stem);
	if (hb_json_load(path, &doc, err, sizeof(err)))
		fail_msg("%s", err);
	return doc;
}

/* @text (freed here) is golden/@stem.@fmt byte for byte. */
void same_as_golden(const char *stem, size_t fmt, char *text)
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
