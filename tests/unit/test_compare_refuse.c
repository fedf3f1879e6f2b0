// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: what `hmmbench compare` refuses to compare, and
 * the sentence that says why - another page size, accelerator, workload
 * or architecture, no size in common, struct pages that differ - what
 * --force compares anyway, what is no difference at all, and the memmap
 * digests of both sides in each format.
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

#include "compare_pair.h"
#include "fixture.h"
#include "results/compare_read.h"
#include "results/compare.h"
#include "stats/power.h"

static void page_size_mismatch_is_refused_naming_the_field(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	b.meta.info.page_size = 65536;
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "differ in page size (4096 against 65536)"));
	assert_non_null(strstr(p.err, "--force"));
	pair_free(&p);
}

static void kvm_against_tcg_is_refused(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	strcpy(b.meta.host.accel, "kvm");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "accelerator (kvm, tcg, icount, none) (\"tcg\" against \"kvm\")"));
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	strcpy(b.meta.host.accel, "kvm");
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.forced);
	pair_free(&p);
}

/* @r as a rebind of a 4 GiB fsdax namespace with struct pages in @map. */
static void as_rebind(struct hb_result *r, const char *map)
{
	r->cfg.command = "rebind";
	r->cfg.workload = "fsdax";
	r->cfg.ns_name = "namespace0.0";
	r->cfg.nd_map = map;
	r->cfg.nd_align = 2ULL << 20;
	r->cfg.nd_driver = "nd_pmem";
}

/*
 * Rebinds with the struct pages elsewhere, or of a namespace against
 * chunks, are not the same measurement: refused, naming the field.
 */
static void other_workload_is_refused(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	as_rebind(&a, "dev");
	as_rebind(&b, "mem");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "struct page location (--map) (\"dev\" against \"mem\")"));
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	as_rebind(&b, "dev");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "workload (\"chunk\" against \"fsdax\")"));
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	as_rebind(&a, "dev");
	as_rebind(&b, "dev");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, 0);
	pair_free(&p);
}

/* An arm64 result against an x86_64 one: refused unless forced. */
static void other_architecture_is_refused(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	strcpy(b.meta.host.machine, "aarch64");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "architecture (uname -m) (\"x86_64\" against \"aarch64\")"));
	assert_non_null(strstr(p.err, "--force"));
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	strcpy(b.meta.host.machine, "aarch64");
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.forced);
	pair_free(&p);
}

/* A file from before the field existed matches either accelerator. */
static void unrecorded_accelerator_is_not_a_mismatch(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	b.meta.host.accel[0] = 0;
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, 0);
	assert_false(p.c.forced);
	pair_free(&p);
}

/* Each side of an A/B normally ran in a boot of its own. */
static void other_boot_id_is_not_a_mismatch(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	strcpy(a.meta.host.boot_id, "3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43");
	strcpy(b.meta.host.boot_id, "9d0e4b21-7c3a-4f58-b2e6-1a9c5d7f3e80");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, 0);
	assert_false(p.c.forced);
	pair_free(&p);
}

static void chunk_mismatch_is_compared_with_force(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	b.cfg.chunks = 2;
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.forced);
	assert_true(has_note(&p.c, "chunk count (--chunks): 1 in "));
	assert_true(row_of(&p.c, HB_WARM, HB_M_MEMREMAP)->rel < -50.0);
	pair_free(&p);
}

/*
 * A mirror of base pages against one of THPs: refused, as another walk,
 * unless --force, which compares them and says that they differ.
 */
static void mirror_state_mismatch_is_compared_with_force(void **state)
{
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_mirror(&a, "4k", 1.0);
	fixture_mirror(&b, "thp", 0.5);
	strcpy(b.meta.run_id, "0123456789abcdef0123456789abcdef");
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, "differ in buffer state (--state) (\"4k\" against \"thp\")"));
	pair_free(&p);
	fixture_mirror(&a, "4k", 1.0);
	fixture_mirror(&b, "thp", 0.5);
	strcpy(b.meta.run_id, "0123456789abcdef0123456789abcdef");
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.forced);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MIR_TOTAL)->rel < -49.0);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MIR_FAULT)->rel < -49.0);
	pair_free(&p);
}

static void no_size_in_common_is_refused(void **state)
{
	struct hb_result a, b;
	struct pair p;
	size_t i;

	(void)state;
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	b.cfg.sizes[0] = 2ULL << 30;
	for (i = 0; i < b.nr_samples; i++)
		b.samples[i].size = 2ULL << 30;
	pair_compare(&p, &a, &b, false);
	assert_int_equal(p.ret, -EINVAL);
	assert_non_null(strstr(p.err, " have no size measured in both (1G against 2G): nothing to compare"));
	pair_free(&p);
}

/* @r's 1 GiB memmap as hmmbench run records it. */
static void with_memmap(struct hb_result *r, uint64_t digest,
			uint64_t layout)
{
	r->memmap[0] = (struct hb_memmap){
		.valid = true, .pages = 262144, .digest = digest,
		.layout = layout,
	};
}

/* A base and new 1 GiB series with the memmap digests and layouts given. */
static void pair_memmaps(struct pair *p, uint64_t da, uint64_t la,
			 uint64_t db, uint64_t lb, bool force)
{
	struct hb_result a, b;

	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	if (la)
		with_memmap(&a, da, la);
	if (lb)
		with_memmap(&b, db, lb);
	pair_compare(p, &a, &b, force);
}

/* Whether the comparison's JSON has a "memmaps" member with @part. */
static bool json_memmaps_have(const struct hb_comparison *c,
			      const char *part)
{
	char *t = render(c, HB_FMT_JSON);
	char *m = fixture_json_member(t, "memmaps");
	bool ret = m && strstr(m, part);

	free(m);
	free(t);
	return ret;
}

static void different_memmap_digests_are_refused(void **state)
{
	struct pair p;
	char *err;

	(void)state;
	pair_memmaps(&p, 0x1111, 0xabcd, 0x2222, 0xabcd, false);
	assert_int_equal(p.ret, -EINVAL);
	err = strstr(p.err, ": the struct pages differ");
	assert_non_null(err);
	assert_string_equal(err, ": the struct pages differ: memmap digest 0x0000000000001111 (base) vs 0x0000000000002222 (new) at 1 GiB; run hmmbench verify on both kernels, or --force compares them anyway");
	pair_free(&p);
}

static void memmap_digests_are_compared_with_force(void **state)
{
	struct pair p;
	char *t;

	(void)state;
	pair_memmaps(&p, 0x1111, 0xabcd, 0x2222, 0xabcd, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.forced);
	assert_true(has_note(&p.c, "1 GiB: the struct pages differ: memmap digest 0x0000000000001111 in base, 0x0000000000002222 in new (--force)"));
	t = render(&p.c, HB_FMT_COVER);
	assert_null(strstr(t, "struct pages identical"));
	free(t);
	assert_true(json_memmaps_have(&p.c, "\"match\":\"different\",\"base\":{\"pages\":262144,\"digest\":\"0x0000000000001111\""));
	pair_free(&p);
}

static void equal_memmap_digests_are_in_the_cover_letter(void **state)
{
	struct hb_cmp_doc d;
	char *t, err[256];
	struct pair p;

	(void)state;
	pair_memmaps(&p, 0x3f9a, 0xabcd, 0x3f9a, 0xabcd, false);
	assert_int_equal(p.ret, 0);
	assert_false(p.c.forced);
	assert_int_equal(p.c.nr_memmaps, 1);
	assert_int_equal(p.c.memmaps[0].match, HB_MEMMAP_SAME);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, " struct pages identical before and after (hmmbench verify digest 0x0000000000003f9a over 262144 pages) "));
	free(t);
	/* show renders the saved comparison the same */
	t = render(&p.c, HB_FMT_JSON);
	assert_int_equal(hb_cmp_take(&d, "saved.json", json_tokener_parse(t),
				     err, sizeof(err)), 0);
	free(t);
	assert_int_equal(d.c.nr_memmaps, 1);
	assert_int_equal(d.c.memmaps[0].a.digest, 0x3f9a);
	assert_int_equal(d.c.memmaps[0].b.pages, 262144);
	t = render(&d.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "identical before and after (hmmbench verify digest 0x0000000000003f9a over 262144 pages)"));
	free(t);
	hb_cmp_doc_free(&d);
	assert_true(json_memmaps_have(&p.c, "{\"new_input\":1,\"size\":1073741824,\"match\":\"identical\","));
	pair_free(&p);
}

static void memmap_layouts_differing_are_noted(void **state)
{
	struct pair p;
	char *t;

	(void)state;
	pair_memmaps(&p, 0x1111, 0xabcd, 0x2222, 0xabce, false);
	assert_int_equal(p.ret, 0);
	assert_false(p.c.forced);
	assert_true(has_note(&p.c, "1 GiB: the memmaps cannot be compared: struct page layout 0x000000000000abcd in base, 0x000000000000abce in new"));
	t = render(&p.c, HB_FMT_COVER);
	assert_null(strstr(t, "struct pages identical"));
	free(t);
	assert_true(json_memmaps_have(&p.c, "\"match\":\"layouts_differ\""));
	pair_free(&p);
}

static void a_memmap_on_one_side_only_says_nothing(void **state)
{
	struct pair p;
	char *t;
	size_t i;

	(void)state;
	pair_memmaps(&p, 0x1111, 0xabcd, 0, 0, false);
	assert_int_equal(p.ret, 0);
	assert_false(p.c.forced);
	assert_int_equal(p.c.nr_memmaps, 0);
	for (i = 0; i < p.c.nr_notes; i++)
		assert_null(strstr(p.c.notes[i], "memmap"));
	t = render(&p.c, HB_FMT_COVER);
	assert_null(strstr(t, "struct pages"));
	free(t);
	assert_false(json_memmaps_have(&p.c, "match"));
	pair_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(page_size_mismatch_is_refused_naming_the_field),
		cmocka_unit_test(chunk_mismatch_is_compared_with_force),
		cmocka_unit_test(kvm_against_tcg_is_refused),
		cmocka_unit_test(unrecorded_accelerator_is_not_a_mismatch),
		cmocka_unit_test(other_architecture_is_refused),
		cmocka_unit_test(other_workload_is_refused),
		cmocka_unit_test(other_boot_id_is_not_a_mismatch),
		cmocka_unit_test(mirror_state_mismatch_is_compared_with_force),
		cmocka_unit_test(no_size_in_common_is_refused),
		cmocka_unit_test(different_memmap_digests_are_refused),
		cmocka_unit_test(memmap_digests_are_compared_with_force),
		cmocka_unit_test(equal_memmap_digests_are_in_the_cover_letter),
		cmocka_unit_test(memmap_layouts_differing_are_noted),
		cmocka_unit_test(a_memmap_on_one_side_only_says_nothing),
	};

	return cmocka_run_group_tests_name("compare_refuse", tests, NULL, NULL);
}

