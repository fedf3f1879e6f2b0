// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: `hmmbench compare` end to end but for the process -
 * synthetic results written to temporary JSON files, read back, compared
 * and rendered.  The 10 + 10 memremap times (117-120 ms against 55-57 ms)
 * are those of test_twosample.c: a change of -53.0 %, whose interval
 * on the ratio scale is [-53.53 %, -52.46 %] (tests/unit/ratio_ref.py).
 * Welch p-values of run means are from ratio_ref.py too (mpmath's
 * incomplete beta for the t tail), and agree with scipy's where the
 * comments say so; Holm's adjustment is worked out by hand from them.
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
#include "results/compare_read.h"
#include "results/compare.h"
#include "stats/power.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

static const double base_ms[] = {
	117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5, 118.6,
};
static const double new_ms[] = {
	55.1, 54.8, 56.2, 55.7, 54.3, 55.9, 56.8, 55.4, 54.9, 56.1,
};
static const double few_ms[] = { 30.0, 30.5, 29.5 };
/* mean 101.7 ms, sample CV 22.8 % */
static const double noisy_ms[] = { 100, 130, 80, 120, 70, 110 };

/* Two inputs read back from files, and their comparison. */
struct pair {
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512];
	int ret;
};

static void load(struct hb_input *in, const struct hb_result *r)
{
	char err[512];
	char *path = fixture_json_file(r);

	assert_non_null(path);
	assert_int_equal(hb_input_load(in, path, err, sizeof(err)), 0);
	unlink(path);
	/* the path outlives the file: keep it for messages */
	in->path = path;
}

static void pair_compare(struct pair *p, struct hb_result *a,
			 struct hb_result *b, bool force)
{
	load(&p->in[0], a);
	load(&p->in[1], b);
	hb_result_free(a);
	hb_result_free(b);
	p->ret = hb_compare(p->in, 2, 0.05, force, &p->c, p->err,
			    sizeof(p->err));
}

static void pair_free(struct pair *p)
{
	size_t i;

	if (!p->ret)
		hb_comparison_free(&p->c);
	for (i = 0; i < 2; i++) {
		free((char *)p->in[i].path);
		hb_input_free(&p->in[i]);
	}
}

static void pair_of(struct pair *p, const double *a, size_t na,
		    const double *b, size_t nb)
{
	struct hb_result ra, rb;

	fixture_series(&ra, "base", 58.0, a, na);
	fixture_series(&rb, "new", 58.0, b, nb);
	pair_compare(p, &ra, &rb, false);
	assert_int_equal(p->ret, 0);
}

/*
 * Four merged runs a side, five samples each.  The run means differ from
 * boot to boot by more than the samples within a run do: pooled, the 20
 * + 20 samples look significantly slower on the new side (scipy: Welch p
 * = 0.00146), yet the run means overlap (Welch t = 1.4, p = 0.211251,
 * exact Mann-Whitney p = 0.2).  The shifted side is 40 ms faster in every
 * run (Welch t = -15.4919, p = 4.57627e-06; Mann-Whitney p = 2/70).
 */
static const double runs_base_ms[] = { 100, 106, 98, 104 };
static const double runs_new_ms[] = { 105, 109, 101, 107 };
static const double runs_fast_ms[] = { 60, 66, 58, 64 };
#define RUNS		4
#define PER_RUN		5

static void pair_runs(struct pair *p, const double *a, const double *b)
{
	struct hb_result ra, rb;

	fixture_runs(&ra, "base", 58.0, a, RUNS, PER_RUN);
	fixture_runs(&rb, "new", 58.0, b, RUNS, PER_RUN);
	pair_compare(p, &ra, &rb, false);
	assert_int_equal(p->ret, 0);
}

static const struct hb_cmp_row *row_of(const struct hb_comparison *c,
				       enum hb_kind kind,
				       enum hb_metric_id metric)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].kind == kind && c->rows[i].metric == metric)
			return &c->rows[i];
	fail_msg("no row for kind %d metric %d", kind, metric);
	return NULL;
}

static bool has_note(const struct hb_comparison *c, const char *part)
{
	size_t i;

	for (i = 0; i < c->nr_notes; i++)
		if (strstr(c->notes[i], part))
			return true;
	for (i = 0; i < c->nr_notes; i++)
		print_message("# note: %s\n", c->notes[i]);
	return false;
}

/* Renders and joins wrapped lines, so phrases can be searched whole. */
static char *render(const struct hb_comparison *c, enum hb_format fmt)
{
	char *buf = NULL, *p;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(hb_render_compare_as(f, fmt, false, c), 0);
	fclose(f);
	if (fmt == HB_FMT_COVER)
		for (p = buf; *p; p++)
			if (*p == '\n')
				*p = ' ';
	return buf;
}

/* A part of a comparison rendered in a format. */
struct rendered {
	enum hb_format fmt;
	const char *part;
};

/* @c rendered has each of @want (a cover text with its lines joined). */
static void assert_renders(const struct hb_comparison *c,
			   const struct rendered *want, size_t n)
{
	size_t i;
	char *t;

	for (i = 0; i < n; i++) {
		t = render(c, want[i].fmt);
		if (!strstr(t, want[i].part))
			fail_msg("no \"%s\" in:\n%s", want[i].part, t);
		free(t);
	}
}

/* One run a side: the change and its within-run interval, no verdict. */
static void single_runs_show_the_change_without_a_verdict(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_false(row->by_run);
	assert_true(row->interval);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(isnan(row->p_holm));
	assert_true(fabs(row->rel + 52.99695225194717) < 1e-6);
	assert_true(fabs(row->w.rel_lo + 53.53142114450792) < 1e-6);
	assert_true(fabs(row->w.rel_hi + 52.456336044272625) < 1e-6);
	assert_int_equal(row->a.n, 10);
	assert_int_equal(row->b.n, 10);
	t = render(&p.c, HB_FMT_TABLE);
	/* untested: a "?" the legend explains, no parentheses */
	assert_non_null(strstr(t, " -53.0%?  [-53.5%, -52.5%] 10+10\n"));
	assert_non_null(strstr(t, "\nx%?: not tested."));
	assert_null(strstr(t, "(-53.0%)"));
	assert_null(strstr(t, " ~ "));
	free(t);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "One boot on a side: "));
	assert_non_null(strstr(t, "(make ab)"));
	assert_non_null(strstr(t, "118.1 ms ±1% -> 55.5 ms ±1%  -53.0%? [-53.5%, -52.5%]"));
	assert_null(strstr(t, "p="));
	free(t);
	pair_free(&p);
}

/*
 * The same runs on both sides: "~", and how large a change they would
 * have detected - hb_mde() of the row's runs and variances, Welch at
 * alpha over the family's 12 tests, relative to the base mean.
 */
static void identical_runs_show_tilde_and_no_detectable_change(void **state)
{
	static const double runs_base_ms[] = { 100, 106, 98, 104 };
	static const struct rendered want[] = {
		{ HB_FMT_TABLE,
		  "\nmemremap_pages        102.0 ±4%   102.0 ±4%       ~  [-6.0%, +6.4%]  4+4\n" },
		{ HB_FMT_TABLE,
		  "\n                    (a change under ±16.4% would not have been detected)\n  memmap_init phase " },
		/* a "~" keeps base, new and the bound in the cover */
		{ HB_FMT_COVER,
		  "time in memmap_init_zone_device(): no detectable change (< ±16.4%):   1 GiB   91.8 ms ±4% ->  91.8 ms ±4%  ~ [-6.0%, +6.4%]  p=1 " },
		{ HB_FMT_COVER,
		  "memremap time: no detectable change (< ±16.4%):   1 GiB  102.0 ms ±4% -> 102.0 ms ±4%  ~ [-6.0%, +6.4%]  p=1 " },
		{ HB_FMT_COVER,
		  "memunmap time: no detectable change:   1 GiB   50.0 ms ±0% ->  50.0 ms ±0%  ~ [0.0%, 0.0%]  p=1 " },
		{ HB_FMT_CSV,
		  ",warm,memremap_ns,ns,20,20,102000000.0,102000000.0,102000000.0,102000000.0,0.0000," },
		{ HB_FMT_CSV,
		  ",1,12,false,16.4" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct hb_mde m;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, 4, 5);
	fixture_runs(&rb, "new", 58.0, runs_base_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested);
	assert_false(row->significant);
	assert_true(row->p_holm == 1.0);
	assert_int_equal(hb_mde(4, row->w.var_a, 4, row->w.var_b, 0.05 / 12,
				0.05, &m), HB_MDE_OK);
	assert_true(row->mde == 100 * m.rule / 102e6);
	assert_true(row->mde_welch == 100 * m.welch / 102e6);
	assert_false(row->mde_none);
	assert_true(fabs(row->mde - 16.4) < 0.05);
	/* both sides constant: nothing to scale an effect by */
	assert_true(isnan(row_of(&p.c, HB_WARM, HB_M_MEMUNMAP)->mde));
	assert_renders(&p.c, want, N(want));
	pair_free(&p);
}

/*
 * Every run of a side has the same mean, and the sides differ: Welch has
 * no spread to test (its p is NAN), so the verdict rests on the rank
 * test - exact Mann-Whitney of 4 runs below 4 others, p = 2/70 - Holm-
 * adjusted over the family, never on Welch's missing p.
 */
static void constant_runs_on_each_side_rest_on_the_rank_test(void **state)
{
	static const double base_runs_ms[] = { 100, 100, 100, 100 };
	static const double new_runs_ms[] = { 60, 60, 60, 60 };
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, base_runs_ms, new_runs_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested);
	assert_int_equal(row->wst, HB_CMP_NO_SPREAD);
	assert_true(isnan(row->w.p));
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	assert_true(row->p_holm >= row->u.p);
	assert_true(row->p_holm <= row->holm_m * row->u.p);
	assert_true(row->p_holm < 1.0);
	pair_free(&p);
}

/*
 * Under icount, runs of one side that count the same instructions are an
 * exact change: significant with 4 runs a side as with 3, out of the Holm
 * family, "exact" where the p would be; the same constant times, timed,
 * stay a test of the ranks.  Equal counts on both sides are no change.
 */
static void counted_constant_runs_are_an_exact_change(void **state)
{
	static const double base_runs_ms[] = { 100, 100, 100 };
	static const double new_runs_ms[] = { 60, 60, 60 };
	static const struct rendered want[] = {
		{ HB_FMT_TABLE, "exact: instructions counted" },
		{ HB_FMT_COVER, "100.0 M instr ±0% -> 60.0 M instr ±0%  -40.0% exact " },
		{ HB_FMT_TABLE, "\n1 GiB warm, M instr " },
		{ HB_FMT_JSON, "\"exact\":true" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, base_runs_ms, 3, PER_RUN);
	fixture_runs(&rb, "new", 58.0, new_runs_ms, 3, PER_RUN);
	snprintf(ra.meta.host.accel, sizeof(ra.meta.host.accel), "icount");
	snprintf(rb.meta.host.accel, sizeof(rb.meta.host.accel), "icount");
	pair_compare(&p, &ra, &rb, false);
	assert_int_equal(p.ret, 0);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && row->exact && row->significant);
	assert_true(isnan(row->p_holm));
	assert_int_equal(row->holm_m, 0);
	assert_true(isnan(row->mde));
	assert_true(fabs(row->rel + 40.0) < 1e-9);
	row = row_of(&p.c, HB_WARM, HB_M_MEMUNMAP);
	assert_true(row->exact && !row->significant);
	assert_renders(&p.c, want, N(want));
	pair_free(&p);

	fixture_runs(&ra, "base", 58.0, base_runs_ms, 3, PER_RUN);
	fixture_runs(&rb, "new", 58.0, new_runs_ms, 3, PER_RUN);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && !row->exact && !row->significant);
	pair_free(&p);
}

/*
 * Two runs a side: the rank test's p is at least 1/3, so no change
 * could have been detected, and no effect is claimed; three runs a side
 * cannot reach 0.05 either.
 */
static void two_runs_a_side_could_detect_no_change(void **state)
{
	static const double a_ms[] = { 100, 104, 98 };
	static const double b_ms[] = { 103, 99, 101, 102 };
	static const struct rendered two[] = {
		{ HB_FMT_TABLE,
		  "(no change could have been detected with 2 runs a side)\n" },
		{ HB_FMT_TABLE,
		  "\n(no change could have been detected): with so few runs the Mann-Whitney p" },
		{ HB_FMT_COVER,
		  "memremap time: no change could have been detected with 2 runs a side:   1 GiB  102.0 ms ±3% -> 101.0 ms ±3%  ~ [-12.2%, +11.6%]  p=1 " },
		{ HB_FMT_CSV,
		  ",1,12,false,," },
		{ HB_FMT_JSON,
		  "\"mde_percent\":null," },
		{ HB_FMT_JSON,
		  "\"mde_detectable\":false," },
	};
	static const struct rendered three[] = {
		{ HB_FMT_TABLE,
		  "(no change could have been detected with 3 + 4 runs)\n" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, a_ms, 2, 5);
	fixture_runs(&rb, "new", 58.0, b_ms, 2, 5);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && !row->significant);
	assert_true(row->mde_none);
	assert_true(isnan(row->mde));
	assert_true(row->mde_welch > 0.0);
	assert_renders(&p.c, two, N(two));
	pair_free(&p);
	fixture_runs(&ra, "base", 58.0, a_ms, 3, 5);
	fixture_runs(&rb, "new", 58.0, b_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	assert_renders(&p.c, three, N(three));
	pair_free(&p);
}

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

static void cold_and_warm_are_compared_apart(void **state)
{
	const struct hb_cmp_row *cold, *warm;
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 240.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 120.0, base_ms, N(base_ms));
	pair_compare(&p, &a, &b, false);
	cold = row_of(&p.c, HB_COLD, HB_M_MEMREMAP);
	warm = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_int_equal(cold->a.n, 1);
	assert_true(cold->a.mean == 240e6 && cold->b.mean == 120e6);
	assert_false(cold->tested);
	assert_true(cold->rel == -50.0);
	assert_int_equal(warm->a.n, 10);
	assert_false(warm->significant);
	assert_false(cold->interval);
	assert_true(has_note(&p.c, "base and new are one run each: no verdict"));
	pair_free(&p);
}


static void high_cv_warns(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_of(&p, noisy_ms, N(noisy_ms), base_ms, N(base_ms));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->warn & HB_CMP_WARN_CV);
	assert_false(row->warn & HB_CMP_WARN_FEW);
	assert_true(has_note(&p.c, "1 GiB warm: CV 22.8% in base (rest of memremap +2 more): small changes can hide"));
	pair_free(&p);
}

static void single_runs_warn_that_boots_are_confounded(void **state)
{
	struct pair p;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	assert_true(has_note(&p.c, "base and new are one run each: no verdict; make ab measures several"));
	pair_free(&p);
}

static void runs_are_the_unit_when_both_sides_merge_several(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_new_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->by_run);
	assert_int_equal(row->na, RUNS);
	assert_int_equal(row->nb, RUNS);
	assert_int_equal(row->a.n, RUNS * PER_RUN);
	assert_true(fabs(row->w.t - 1.4) < 1e-9);
	assert_true(fabs(row->w.p - 0.2112514686424205) < 1e-9);
	assert_true(fabs(row->u.p - 0.2) < 1e-12);
	assert_true(row->tested);
	assert_false(row->significant);
	assert_true(row->warn & HB_CMP_WARN_FEW);
	assert_true(has_note(&p.c, "1 GiB warm: 4+4 runs, under 6 a side: a real change can go undetected"));
	assert_false(has_note(&p.c, "one run"));
	/* one cold sample per run: four a side, tested too */
	row = row_of(&p.c, HB_COLD, HB_M_MEMREMAP);
	assert_true(row->by_run && row->tested);
	assert_int_equal(row->na, RUNS);
	pair_free(&p);
}

#define BOOT_A	"3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43"
#define BOOT_B	"9d0e4b21-7c3a-4f58-b2e6-1a9c5d7f3e80"

/* Whether @line ends with @end. */
static bool ends_with(const char *line, const char *end)
{
	size_t n = strlen(line), m = strlen(end);

	return n >= m && !strcmp(line + n - m, end);
}

/* The columns of @line: a UTF-8 character (±) takes one. */
static size_t columns(const char *line)
{
	size_t n = 0;

	for (; *line; line++)
		n += ((unsigned char)*line & 0xc0) != 0x80;
	return n;
}

/*
 * An interval wider than its column's header widens the column, rather
 * than pushing the columns after it out of line: every row of a block
 * ends where its header does.
 */
static void wide_interval_keeps_the_columns_in_line(void **state)
{
	static const double slow_ms[] = { 100, 900, 160, 1900 };
	size_t rows = 0, header = 0;
	char *t, *line, *save;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, slow_ms);
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "  [+31.0%, +4195.2%]  4+4\n"));
	for (line = strtok_r(t, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (ends_with(line, "  runs"))
			header = columns(line);
		else if (ends_with(line, " 4+4") && ++rows)
			assert_int_equal(columns(line), header);
	}
	assert_int_equal(rows, 12);
	free(t);
	pair_free(&p);
}

static void runs_in_boots(struct hb_result *r, const char *label,
			  const double *run_ms, const char *const *ids)
{
	size_t k;

	fixture_runs(r, label, 58.0, run_ms, RUNS, PER_RUN);
	strcpy(r->meta.host.boot_id, ids[0]);
	for (k = 0; k < RUNS; k++)
		r->sources[k].boot_id = ids[k];
}

static void pair_in_boots(struct pair *p, const char *const *base_ids,
			  const char *const *new_ids)
{
	struct hb_result ra, rb;

	runs_in_boots(&ra, "base", runs_base_ms, base_ids);
	runs_in_boots(&rb, "new", runs_fast_ms, new_ids);
	pair_compare(p, &ra, &rb, false);
	assert_int_equal(p->ret, 0);
}

static void runs_of_two_boots_a_side_are_called_runs(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_A, BOOT_B, BOOT_B };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, ids, ids);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_SHARED);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 runs in 2 boots, 24 calls); new Linux 6.1.0-test (new, 4 runs in 2 boots, 24 calls)."));
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls.  Average"));
	assert_non_null(strstr(t, "p: Welch's t-test on the runs' means, Holm-adjusted"));
	assert_non_null(strstr(t, "First call of each run, base -> new, change [95% CI]: (runs shared a boot: not all are the first after boot)"));
	assert_null(strstr(t, "boots' means"));
	assert_null(strstr(t, "Each boot counts once"));
	free(t);
	/* a long path wraps the input's line, the rest indented under it */
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "label \"base\", 4\n      runs in 2 boots, 24 calls\n"));
	assert_null(strstr(t, "label \"base\", 4 runs in 2 boots"));
	free(t);
	pair_free(&p);
}

/* Each side in a boot of its own: not the same boot. */
static void sides_in_boots_of_their_own_do_not_alternate(void **state)
{
	static const char *const a[] = { BOOT_A, BOOT_A, BOOT_A, BOOT_A };
	static const char *const b[] = { BOOT_B, BOOT_B, BOOT_B, BOOT_B };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, a, b);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_SHARED);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 runs in 1 boot, 24 calls); new Linux 6.1.0-test (new, 4 runs in 1 boot, 24 calls)."));
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls.  Average"));
	free(t);
	pair_free(&p);
}

static void runs_of_both_sides_in_one_boot_alternate(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_A, BOOT_A, BOOT_A };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, ids, ids);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_ONE_BOOT);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls; the runs of both sides alternate within the same boot.  Average"));
	free(t);
	pair_free(&p);
}

/* Runs without boot ids are boots each, as make ab measures them. */
static void runs_without_boot_ids_are_called_boots(void **state)
{
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_BOOT_EACH);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 boots, 24 calls); new Linux 6.1.0-test (new, 4 boots, 24 calls)."));
	assert_non_null(strstr(t, "  Each boot counts once, by the mean of its calls.  Average"));
	assert_non_null(strstr(t, "p: Welch's t-test on the boots' means, Holm-adjusted"));
	assert_non_null(strstr(t, "First call after boot, base -> new"));
	free(t);
	pair_free(&p);
}

/*
 * The same samples, unmerged, as two runs of one boot each: tested one by
 * one they would claim a change (Welch p = 0.00146); they get none.
 */
static void same_samples_unmerged_get_no_verdict(void **state)
{
	double a[RUNS * PER_RUN], b[RUNS * PER_RUN];
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;
	size_t i;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	for (i = 0; i < RUNS * PER_RUN; i++) {
		a[i] = ra.samples[i / PER_RUN * (PER_RUN + 1) + i % PER_RUN + 1]
			.memremap_ns / 1e6;
		b[i] = rb.samples[i / PER_RUN * (PER_RUN + 1) + i % PER_RUN + 1]
			.memremap_ns / 1e6;
	}
	hb_result_free(&ra);
	hb_result_free(&rb);
	pair_of(&p, a, N(a), b, N(b));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_false(row->by_run);
	assert_int_equal(row->na, RUNS * PER_RUN);
	assert_true(fabs(row->w.p - 0.001460298667604421) < 1e-9);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(has_note(&p.c, "base and new are one run each: no verdict"));
	pair_free(&p);
}

static void a_shift_in_every_run_is_significant(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	/* Kept for a significant row, shown under "~" rows only */
	assert_true(row->mde > 0 && !row->mde_none);
	assert_true(fabs(row->w.p - 4.576265306179917e-06) < 1e-12);
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	/*
	 * Twelve tests: six measured metrics, cold and warm.  Both sides
	 * have the same cold calls, and the same region, memunmap and
	 * release times: nine p of 1.  Warm memremap, its phase (0.9 of it)
	 * and the rest (0.1 of it) have the same p, the three smallest:
	 * Holm gives max(12 p, 11 p, 10 p) = 12 p to each.
	 */
	assert_int_equal(row->holm_m, 12);
	assert_true(fabs(row->p_holm / (12 * 4.576265306179914e-06) - 1) <
		    1e-6);
	assert_true(row->significant);
	assert_true(fabs(row->rel + 40.0 / 102 * 100) < 1e-9);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "   1 GiB  102.0 ms ±4% -> 62.0 ms ±6%  -39.2% [-44.4%, -33.6%]  p=5.5e-05 "));
	assert_non_null(strstr(t, "Each boot counts once"));
	free(t);
	/* the table keeps each side's spread, Holm's p goes to --wide */
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\nmemremap_pages        102.0 ±4%    62.0 ±6%  -39.2%  [-44.4%, -33.6%]  4+4\n"));
	assert_non_null(strstr(t, "  95% CI           runs\n"));
	assert_null(strstr(t, "p Holm  "));
	free(t);
	t = render(&p.c, HB_FMT_CSV);
	assert_non_null(strstr(t, ",1073741824,warm,memremap_ns,ns,20,20,"));
	assert_non_null(strstr(t, ",true,true,run,4,4,5.49152e-05,12,false,"));
	assert_non_null(strstr(t, ",true,ns,,\n"));
	free(t);
	t = render(&p.c, HB_FMT_JSON);
	assert_non_null(strstr(t, "\"test_unit\":\"run\""));
	free(t);
	pair_free(&p);
}

/*
 * Run means 7-8 ms slower, fully separated: alone, Welch p = 0.0153
 * (ratio_ref.py) and Mann-Whitney p = 2/70 would both pass 0.05.  With
 * twelve tests the equal p of memremap, its phase and the rest become
 * max(12 p, 11 p, 10 p) = 12 p = 0.184.
 */
static void holm_keeps_a_lone_small_p_from_being_a_change(void **state)
{
	static const double near_ms[] = { 107, 112, 108, 113 };
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, near_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(fabs(row->w.p - 0.01531264630757108) < 1e-9);
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	assert_int_equal(row->holm_m, 12);
	assert_true(fabs(row->p_holm - 12 * 0.01531264630757108) < 1e-8);
	assert_false(row->significant);
	pair_free(&p);
}

/* Per page and bandwidth rows are memremap and the phase rescaled. */
static void derived_metrics_are_shown_never_tested(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP_PP);
	assert_true(row->interval);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(fabs(row->rel + 40.0 / 102 * 100) < 1e-9);
	row = row_of(&p.c, HB_WARM, HB_M_MEMMAP_INIT_RATE);
	assert_false(row->tested);
	pair_free(&p);
}

/* memremap outside the phase: 0.1 of memremap in these fixtures. */
static void rest_of_memremap_is_tested_as_measured(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP_REST);
	assert_true(row->tested);
	assert_true(fabs(row->w.mean_a - 10.2e6) < 1e-3);
	assert_true(fabs(row->w.mean_b - 6.2e6) < 1e-3);
	assert_true(row->significant);
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\n  rest of memremap     10.2 ±4%     6.2 ±6%  -39.2% "));
	free(t);
	t = render(&p.c, HB_FMT_CSV);
	assert_non_null(strstr(t, ",warm,memremap_rest_ns,ns,20,20,10200000.0,6200000.0,"));
	free(t);
	pair_free(&p);
}

/* A new side switching between two levels is named in a note. */
static void two_levels_on_a_side_get_a_note(void **state)
{
	static const double levels_ms[] = {
		141, 138, 143, 201, 205, 140, 198, 139, 203, 142,
	};
	struct pair p;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), levels_ms, N(levels_ms));
	assert_true(has_note(&p.c, "1 GiB warm memremap_pages, new: two levels: 6 calls near 140.5 ms, 4 near 201.8 ms"));
	assert_false(has_note(&p.c, ", base: "));
	pair_free(&p);
}

/* The phase leads when both sides probed it, else memremap. */
static void primary_is_the_phase_when_probed_else_memremap(void **state)
{
	struct hb_result a, b;
	struct pair p;
	size_t i;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MEMMAP_INIT)->primary);
	assert_false(row_of(&p.c, HB_WARM, HB_M_MEMREMAP)->primary);
	assert_true(row_of(&p.c, HB_COLD, HB_M_MEMMAP_INIT)->primary);
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	for (i = 0; i < b.nr_samples; i++)
		b.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	pair_compare(&p, &a, &b, false);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MEMREMAP)->primary);
	assert_true(has_note(&p.c, "1 GiB: memmap_init phase, rest of memremap measured in base only: not compared"));
	pair_free(&p);
}

static void cover_lines_fit_in_an_email(void **state)
{
	char *buf = NULL, *line;
	size_t len = 0;
	struct pair p;
	FILE *f;

	(void)state;
	pair_of(&p, few_ms, N(few_ms), noisy_ms, N(noisy_ms));
	f = open_memstream(&buf, &len);
	hb_render_compare_as(f, HB_FMT_COVER, false, &p.c);
	fclose(f);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		assert_in_range(strlen(line), 0, 72);
	free(buf);
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

/*
 * Every note fits a line of stderr with its "hmmbench: warning: " under
 * 100 columns, and names metrics by the table's titles, not JSON keys.
 */
static void notes_are_short_and_use_titles(void **state)
{
	struct hb_result a, b;
	struct pair p;
	size_t i;

	(void)state;
	fixture_series(&a, "base", 58.0, noisy_ms, N(noisy_ms));
	fixture_series(&b, "new", 58.0, few_ms, N(few_ms));
	b.cfg.chunks = 2;
	b.complete = false;
	b.stop_reason = "interrupted";
	for (i = 0; i < b.nr_samples; i++)
		b.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.nr_notes >= 4);
	for (i = 0; i < p.c.nr_notes; i++) {
		if (strlen(p.c.notes[i]) >= 100 - strlen("hmmbench: warning: "))
			fail_msg("too long: %s", p.c.notes[i]);
		assert_null(strstr(p.c.notes[i], "_ns"));
	}
	pair_free(&p);
}

static void json_output_reads_back(void **state)
{
	struct json_object *doc, *rows, *o = NULL, *v;
	struct pair p;
	size_t i;
	char *t;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	t = render(&p.c, HB_FMT_JSON);
	doc = json_tokener_parse(t);
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(hb_json_path(doc, "schema")),
			    "hmmbench-compare/2");
	v = json_object_array_get_idx(hb_json_path(doc, "inputs"), 1);
	assert_string_equal(json_object_get_string(hb_json_path(v, "label")),
			    "new");
	rows = hb_json_path(doc, "comparisons");
	for (i = 0; i < json_object_array_length(rows); i++) {
		v = json_object_array_get_idx(rows, i);
		if (!strcmp(json_object_get_string(hb_json_path(v, "metric")), "memremap_ns") &&
		    !strcmp(json_object_get_string(hb_json_path(v, "kind")), "warm"))
			o = v;
	}
	assert_non_null(o);
	assert_false(json_object_get_boolean(hb_json_path(o, "tested")));
	assert_false(json_object_get_boolean(hb_json_path(o, "significant")));
	assert_false(json_object_get_boolean(hb_json_path(o, "primary")));
	assert_null(hb_json_path(o, "holm.p"));
	v = hb_json_path(o, "change_ci95_percent");
	assert_true(fabs(json_object_get_double(json_object_array_get_idx(v, 0)) + 53.5314) < 1e-4);
	assert_true(fabs(json_object_get_double(hb_json_path(o, "change_percent")) + 53.0) < 0.01);
	assert_int_equal(json_object_get_int(hb_json_path(o, "base.n")), 10);
	assert_string_equal(json_object_get_string(hb_json_path(o, "test_unit")),
			    "sample");
	v = hb_json_path(o, "test_n");
	assert_int_equal(json_object_array_length(v), 2);
	assert_int_equal(json_object_get_int(json_object_array_get_idx(v, 1)),
			 10);
	assert_null(hb_json_path(o, "mann_whitney.method"));
	json_object_put(doc);
	free(t);
	pair_free(&p);
}

/* A comparison saved before effects were reported shows a plain "~". */
static void saved_comparison_without_effects_reads_back(void **state)
{
	static const double same_ms[] = { 100, 106, 98, 104 };
	struct json_object *doc, *rows, *o;
	struct hb_result ra, rb;
	struct hb_cmp_doc d;
	struct pair p;
	size_t i;
	char *t;

	(void)state;
	fixture_runs(&ra, "base", 58.0, same_ms, 4, 5);
	fixture_runs(&rb, "new", 58.0, same_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	t = render(&p.c, HB_FMT_JSON);
	doc = json_tokener_parse(t);
	free(t);
	rows = hb_json_path(doc, "comparisons");
	for (i = 0; i < json_object_array_length(rows); i++) {
		o = json_object_array_get_idx(rows, i);
		json_object_object_del(o, "mde_percent");
		json_object_object_del(o, "mde_welch_percent");
		json_object_object_del(o, "mde_detectable");
	}
	assert_int_equal(hb_cmp_take(&d, "old.json", doc, p.err,
				     sizeof(p.err)), 0);
	for (i = 0; i < d.c.nr_rows; i++)
		assert_true(isnan(d.c.rows[i].mde) && !d.c.rows[i].mde_none);
	t = render(&d.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\nmemremap_pages        102.0 ±4%   102.0 ±4%       ~ "));
	free(t);
	hb_cmp_doc_free(&d);
	pair_free(&p);
}

/* @r again at 2 GiB, memremap and its phase times @scale. */
static void add_2g_runs(struct hb_result *r, double scale)
{
	size_t i, n = r->nr_samples;
	struct hb_sample s;

	r->cfg.sizes[r->cfg.nr_sizes++] = 2ULL << 30;
	for (i = 0; i < n; i++) {
		s = r->samples[i];
		s.size = 2ULL << 30;
		s.memremap_ns = s.memremap_ns * scale + 0.5;
		s.memmap_init_ns = s.memmap_init_ns * scale + 0.5;
		*hb_result_add(r) = s;
	}
}

/*
 * The cover text: a "~" size among changed ones says under its line
 * what it could have missed; every size "~", the largest of their
 * effects.
 */
static void cover_says_what_each_tilde_could_have_missed(void **state)
{
	static const struct rendered mixed[] = {
		{ HB_FMT_COVER,
		  "memremap time:   1 GiB  102.0 ms ±4% -> 105.5 ms ±3%       ~ [-2.5%, +9.7%]  p=1          (a change under ±18.7% would not have been detected)   2 GiB  102.0 ms ±4% ->  63.3 ms ±3%  -37.9% [-41.5%, -34.2%] " },
		{ HB_FMT_COVER,
		  "< x%: with these boots and their spread, a change that large" },
	};
	static const struct rendered same[] = {
		{ HB_FMT_COVER,
		  "memremap time: no detectable change at any size (< ±18.7%):   1 GiB  102.0 ms ±4% -> 105.5 ms ±3%  ~ [-2.5%, +9.7%]  p=1   2 GiB  102.0 ms ±4% -> 105.5 ms ±3%  ~ [-2.5%, +9.7%]  p=1 " },
	};
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	add_2g_runs(&ra, 1.0);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	add_2g_runs(&rb, 0.6);
	pair_compare(&p, &ra, &rb, false);
	assert_int_equal(p.ret, 0);
	assert_renders(&p.c, mixed, N(mixed));
	pair_free(&p);
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	add_2g_runs(&ra, 1.0);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	add_2g_runs(&rb, 1.0);
	pair_compare(&p, &ra, &rb, false);
	assert_renders(&p.c, same, N(same));
	pair_free(&p);
}

static void csv_has_one_row_per_kind_and_metric(void **state)
{
	struct pair p;
	char *t, *s;
	int lines = 0;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	t = render(&p.c, HB_FMT_CSV);
	for (s = t; *s; s++)
		lines += *s == '\n';
	/*
	 * header + (cold + warm) * every metric but the two rooflines, the
	 * driver's bind and unbind and a migration's, which chunks do not
	 * have
	 */
	assert_int_equal(lines, 1 + 2 * (HB_M_TO_DEVICE - 4));
	assert_non_null(strstr(t, ",1073741824,warm,memremap_ns,ns,10,10,"));
	assert_non_null(strstr(t, ",false,false,sample,10,10,,,false,,,,ns,,\n"));
	free(t);
	pair_free(&p);
}

/*
 * Means 30 ns apart in 100 ms (-0.00003 %) with an interval of about
 * +-0.01 %: the change and both ends of its interval round to zero, and
 * every format writes them unsigned, never "-0.0%" or "-0.0000".
 */
static void a_change_that_rounds_to_zero_has_no_sign(void **state)
{
	static const double a[] = {
		100.000, 100.010, 99.990, 100.005, 99.995, 100.000,
	};
	static const struct rendered want[] = {
		{ HB_FMT_TABLE,
		  "\nmemremap_pages        100.0 ±0%   100.0 ±0%   0.0%?  [0.0%, 0.0%]  6+6\n" },
		{ HB_FMT_COVER,
		  "memremap time:   1 GiB  100.0 ms ±0% -> 100.0 ms ±0%  0.0%? [0.0%, 0.0%] " },
		{ HB_FMT_CSV,
		  ",warm,memremap_ns,ns,6,6,100000000.0,99999970.0,100000000.0,99999970.0,0.0000," },
		{ HB_FMT_JSON, "\"change_percent\":0.0000," },
	};
	static const char *const signed_zero[] = {
		"-0.0%", "+0.0%", ",-0.0000,", ":-0.0000", "[-0.0000",
	};
	static const enum hb_format fmts[] = {
		HB_FMT_TABLE, HB_FMT_COVER, HB_FMT_CSV, HB_FMT_JSON,
	};
	double b[N(a)];
	struct pair p;
	size_t i, j;
	char *t;

	(void)state;
	for (i = 0; i < N(a); i++)
		b[i] = a[i] - 30e-6;
	pair_of(&p, a, N(a), b, N(b));
	assert_renders(&p.c, want, N(want));
	for (i = 0; i < N(fmts); i++) {
		t = render(&p.c, fmts[i]);
		for (j = 0; j < N(signed_zero); j++)
			if (strstr(t, signed_zero[j]))
				fail_msg("\"%s\" in:\n%s", signed_zero[j], t);
		free(t);
	}
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
		cmocka_unit_test(single_runs_show_the_change_without_a_verdict),
		cmocka_unit_test(identical_runs_show_tilde_and_no_detectable_change),
		cmocka_unit_test(constant_runs_on_each_side_rest_on_the_rank_test),
		cmocka_unit_test(counted_constant_runs_are_an_exact_change),
		cmocka_unit_test(two_runs_a_side_could_detect_no_change),
		cmocka_unit_test(page_size_mismatch_is_refused_naming_the_field),
		cmocka_unit_test(chunk_mismatch_is_compared_with_force),
		cmocka_unit_test(kvm_against_tcg_is_refused),
		cmocka_unit_test(unrecorded_accelerator_is_not_a_mismatch),
		cmocka_unit_test(other_architecture_is_refused),
		cmocka_unit_test(other_workload_is_refused),
		cmocka_unit_test(other_boot_id_is_not_a_mismatch),
		cmocka_unit_test(cold_and_warm_are_compared_apart),
		cmocka_unit_test(high_cv_warns),
		cmocka_unit_test(single_runs_warn_that_boots_are_confounded),
		cmocka_unit_test(runs_are_the_unit_when_both_sides_merge_several),
		cmocka_unit_test(wide_interval_keeps_the_columns_in_line),
		cmocka_unit_test(runs_of_two_boots_a_side_are_called_runs),
		cmocka_unit_test(sides_in_boots_of_their_own_do_not_alternate),
		cmocka_unit_test(runs_of_both_sides_in_one_boot_alternate),
		cmocka_unit_test(runs_without_boot_ids_are_called_boots),
		cmocka_unit_test(same_samples_unmerged_get_no_verdict),
		cmocka_unit_test(a_shift_in_every_run_is_significant),
		cmocka_unit_test(holm_keeps_a_lone_small_p_from_being_a_change),
		cmocka_unit_test(derived_metrics_are_shown_never_tested),
		cmocka_unit_test(primary_is_the_phase_when_probed_else_memremap),
		cmocka_unit_test(rest_of_memremap_is_tested_as_measured),
		cmocka_unit_test(two_levels_on_a_side_get_a_note),
		cmocka_unit_test(cover_lines_fit_in_an_email),
		cmocka_unit_test(no_size_in_common_is_refused),
		cmocka_unit_test(notes_are_short_and_use_titles),
		cmocka_unit_test(json_output_reads_back),
		cmocka_unit_test(saved_comparison_without_effects_reads_back),
		cmocka_unit_test(cover_says_what_each_tilde_could_have_missed),
		cmocka_unit_test(csv_has_one_row_per_kind_and_metric),
		cmocka_unit_test(a_change_that_rounds_to_zero_has_no_sign),
		cmocka_unit_test(different_memmap_digests_are_refused),
		cmocka_unit_test(memmap_digests_are_compared_with_force),
		cmocka_unit_test(equal_memmap_digests_are_in_the_cover_letter),
		cmocka_unit_test(memmap_layouts_differing_are_noted),
		cmocka_unit_test(a_memmap_on_one_side_only_says_nothing),
	};

	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
