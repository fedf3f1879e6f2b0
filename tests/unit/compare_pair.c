// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: two results compared as `hmmbench compare` does it
 * but for the process - synthetic results written to temporary JSON
 * files, read back, compared and rendered - and the samples the compare
 * tests share.  The 10 + 10 memremap times (117-120 ms against 55-57 ms)
 * are those of test_twosample.c: a change of -53.0 %, whose interval
 * on the ratio scale is [-53.53 %, -52.46 %] (tests/unit/ratio_ref.py).
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

#include "compare_pair.h"
#include "fixture.h"

const double base_ms[] = {
	117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5, 118.6,
};
const double new_ms[] = {
	55.1, 54.8, 56.2, 55.7, 54.3, 55.9, 56.8, 55.4, 54.9, 56.1,
};
const double few_ms[] = { 30.0, 30.5, 29.5 };
/* mean 101.7 ms, sample CV 22.8 % */
const double noisy_ms[] = { 100, 130, 80, 120, 70, 110 };

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

void pair_compare(struct pair *p, struct hb_result *a, struct hb_result *b,
		  bool force)
{
	load(&p->in[0], a);
	load(&p->in[1], b);
	hb_result_free(a);
	hb_result_free(b);
	p->ret = hb_compare(p->in, 2, 0.05, force, &p->c, p->err,
			    sizeof(p->err));
}

void pair_free(struct pair *p)
{
	size_t i;

	if (!p->ret)
		hb_comparison_free(&p->c);
	for (i = 0; i < 2; i++) {
		free((char *)p->in[i].path);
		hb_input_free(&p->in[i]);
	}
}

void pair_of(struct pair *p, const double *a, size_t na, const double *b,
	     size_t nb)
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
const double runs_base_ms[] = { 100, 106, 98, 104 };
const double runs_new_ms[] = { 105, 109, 101, 107 };
const double runs_fast_ms[] = { 60, 66, 58, 64 };

void pair_runs(struct pair *p, const double *a, const double *b)
{
	struct hb_result ra, rb;

	fixture_runs(&ra, "base", 58.0, a, RUNS, PER_RUN);
	fixture_runs(&rb, "new", 58.0, b, RUNS, PER_RUN);
	pair_compare(p, &ra, &rb, false);
	assert_int_equal(p->ret, 0);
}

const struct hb_cmp_row *row_of(const struct hb_comparison *c,
				enum hb_kind kind, enum hb_metric_id metric)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].kind == kind && c->rows[i].metric == metric)
			return &c->rows[i];
	fail_msg("no row for kind %d metric %d", kind, metric);
	return NULL;
}

bool has_note(const struct hb_comparison *c, const char *part)
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
char *render(const struct hb_comparison *c, enum hb_format fmt)
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

/* @c rendered has each of @want (a cover text with its lines joined). */
void assert_renders(const struct hb_comparison *c, const struct rendered *want,
		    size_t n)
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
