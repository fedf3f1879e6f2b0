// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the field tables - every row fits the member it
 * names, rows that must match say what to call them, keys are unique,
 * every field of a result survives being written and read back, and a
 * field added later (vmemmap_shift) reads from older files as 0.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"
#include "results/config_match.h"
#include "results/fields.h"
#include "results/result_read.h"

static const struct hb_fields *const tables[] = {
	&hb_module_fields, &hb_host_fields, &hb_env_fields, &hb_source_fields,
	&hb_config_fields,
};

static size_t type_size(enum hb_ftype type)
{
	switch (type) {
	case HB_F_STRING:
		return sizeof(const char *);
	case HB_F_U32:
	case HB_F_FEATURES:
		return sizeof(uint32_t);
	case HB_F_U64:
	case HB_F_BYTES:
		return sizeof(uint64_t);
	case HB_F_COUNT:
		return sizeof(size_t);
	case HB_F_BOOL:
		return sizeof(bool);
	case HB_F_NODE:
		return sizeof(int);
	case HB_F_WINDOW:
		return 2 * sizeof(uint64_t);
	case HB_F_SIZES:
	case HB_F_RUNS:
		return sizeof(struct hb_config);
	case HB_F_PERCENT:
		return sizeof(double);
	case HB_F_DIRS:
		return sizeof(unsigned int);
	case HB_F_TRI:
		return sizeof(enum hb_tri);
	default:
		return 0;
	}
}

static void every_row_fits_its_member(void **state)
{
	const struct hb_field *f;
	size_t t, i;

	(void)state;
	for (t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		for (i = 0; i < tables[t]->n; i++) {
			f = &tables[t]->f[i];
			if (f->type == HB_F_CHARS)
				assert_true(f->size > 1);
			else if (f->size != type_size(f->type))
				fail_msg("%s: member of %zu bytes, type wants %zu",
					 f->key, f->size, type_size(f->type));
		}
	}
}

static void matched_rows_have_a_title_and_keys_are_unique(void **state)
{
	const struct hb_fields *tb;
	size_t t, i, j;

	(void)state;
	for (t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		tb = tables[t];
		for (i = 0; i < tb->n; i++) {
			if (tb->f[i].match != HB_MATCH_NONE)
				assert_non_null(tb->f[i].title);
			for (j = 0; j < i; j++)
				assert_string_not_equal(tb->f[i].key,
							tb->f[j].key);
		}
	}
}

/*
 * The environment's rows are rows of the host's, same key and member,
 * and left out while unknown.
 */
static void environment_rows_are_optional_host_rows(void **state)
{
	const struct hb_field *e, *h;
	size_t i, j;

	(void)state;
	for (i = 0; i < hb_env_fields.n; i++) {
		e = &hb_env_fields.f[i];
		assert_true(e->optional);
		for (j = 0; j < hb_host_fields.n; j++)
			if (!strcmp(hb_host_fields.f[j].key, e->key))
				break;
		assert_true(j < hb_host_fields.n);
		h = &hb_host_fields.f[j];
		assert_int_equal(h->offset, e->offset);
		assert_int_equal(h->type, e->type);
		assert_true(h->optional);
	}
}

/* Every field of @t reads back as it was written. */
static void assert_same(const struct hb_fields *t, const void *a,
			const void *b)
{
	char ta[2048], tb[2048];
	size_t i;

	for (i = 0; i < t->n; i++) {
		hb_field_text(ta, sizeof(ta), &t->f[i], a);
		hb_field_text(tb, sizeof(tb), &t->f[i], b);
		if (strcmp(ta, tb))
			fail_msg("%s: wrote %s, read %s", t->f[i].key, ta, tb);
	}
}

static void every_field_reads_back_as_written(void **state)
{
	static const double runs_ms[] = { 30.0, 34.0 };
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in;
	struct hb_result r;
	char err[512], *path;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_ms, 2, 3);
	r.cfg.node = 1;
	r.cfg.interleave = true;
	r.cfg.until_ci = 2.5;
	r.cfg.max_time_ns = 600000000000ULL;
	r.meta.info.features |= 1U << 9;
	r.meta.info.maps_total = 7;
	r.meta.info.phys_window_start = 1ULL << 30;
	r.meta.info.phys_window_end = (1ULL << 38) + (1ULL << 30) - 1;
	strcpy(r.meta.host.governor, "schedutil");
	r.meta.host.boost = HB_TRI_YES;
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	assert_same(&hb_module_fields, &r.meta.info, &in.r.meta.info);
	assert_same(&hb_host_fields, &r.meta.host, &in.r.meta.host);
	assert_same(&hb_config_fields, &r, &in.r);
	assert_int_equal(in.r.nr_sources, 2);
	assert_same(&hb_source_fields, &r.sources[1], &in.r.sources[1]);
	assert_int_equal(hb_config_diff(&r, &in.r, true, mm), 0);
	unlink(path);
	free(path);
	hb_input_free(&in);
	hb_result_free(&r);
}

/*
 * Writes @r, drops configuration.@drop (unless NULL) from the file as an
 * older hmmbench would not have written it, and reads it back.
 */
static void reload(struct hb_input *in, const struct hb_result *r,
		   const char *drop)
{
	struct json_object *doc;
	char err[512], *path = fixture_json_file(r);

	assert_non_null(path);
	doc = json_object_from_file(path);
	assert_non_null(doc);
	if (drop)
		json_object_object_del(json_object_object_get(doc,
							      "configuration"),
				       drop);
	assert_int_equal(json_object_to_file(path, doc), 0);
	json_object_put(doc);
	assert_int_equal(hb_input_load(in, path, err, sizeof(err)), 0);
	unlink(path);
	free(path);
}

/* vmemmap_shift came with one row: older files still compare. */
static void field_an_older_file_lacks_reads_as_its_default(void **state)
{
	static const double warm_ms[] = { 26.0, 28.0, 30.0 };
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in;
	struct hb_result r;

	(void)state;
	fixture_series(&r, "base", 58.0, warm_ms, 3);
	reload(&in, &r, "vmemmap_shift");
	assert_int_equal(in.r.cfg.vmemmap_shift, 0);
	assert_int_equal(hb_config_diff(&r, &in.r, true, mm), 0);
	hb_input_free(&in);
	hb_result_free(&r);
}

static void other_vmemmap_shift_is_a_mismatch_read_back(void **state)
{
	static const double warm_ms[] = { 26.0, 28.0, 30.0 };
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	struct hb_input in;
	struct hb_result a, b;

	(void)state;
	fixture_series(&a, "base", 58.0, warm_ms, 3);
	fixture_series(&b, "new", 58.0, warm_ms, 3);
	b.cfg.vmemmap_shift = 9;
	reload(&in, &b, NULL);
	assert_int_equal(in.r.cfg.vmemmap_shift, 9);
	assert_int_equal(hb_config_diff(&a, &in.r, false, mm), 1);
	assert_string_equal(mm[0].field, "vmemmap shift (--compound)");
	assert_string_equal(mm[0].base, "0");
	assert_string_equal(mm[0].other, "9");
	hb_input_free(&in);
	hb_result_free(&a);
	hb_result_free(&b);
}

/* A module older than the window leaves it out, and it reads as 0, 0. */
static void window_unknown_is_left_out_and_reads_back_unknown(void **state)
{
	static const double warm_ms[] = { 26.0, 28.0, 30.0 };
	struct hb_input in;
	struct hb_result r;

	(void)state;
	fixture_series(&r, "base", 58.0, warm_ms, 3);
	r.meta.info.phys_window_start = 4096;
	r.meta.info.phys_window_end = 0;
	assert_true(hb_field_absent(&hb_module_fields.f[hb_module_fields.n - 1],
				    &r.meta.info));
	reload(&in, &r, NULL);
	assert_true(in.r.meta.info.phys_window_start == 0 &&
		    in.r.meta.info.phys_window_end == 0);
	hb_input_free(&in);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_row_fits_its_member),
		cmocka_unit_test(environment_rows_are_optional_host_rows),
		cmocka_unit_test(matched_rows_have_a_title_and_keys_are_unique),
		cmocka_unit_test(every_field_reads_back_as_written),
		cmocka_unit_test(field_an_older_file_lacks_reads_as_its_default),
		cmocka_unit_test(other_vmemmap_shift_is_a_mismatch_read_back),
		cmocka_unit_test(window_unknown_is_left_out_and_reads_back_unknown),
	};

	return cmocka_run_group_tests_name("fields", tests, NULL, NULL);
}
