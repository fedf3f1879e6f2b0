/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: two results compared as `hmmbench compare` does it
 * (compare_pair.c), and the samples the tests of compare share:
 * test_compare.c (rows and verdicts), test_compare_refuse.c (what is
 * refused, and --force) and test_compare_output.c (notes and formats).
 */
#ifndef HB_TEST_COMPARE_PAIR_H
#define HB_TEST_COMPARE_PAIR_H

#include <stdbool.h>
#include <stddef.h>

#include "render/render.h"
#include "results/compare.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* A clear drop, 10 + 10 warm samples; a few; a noisy side. */
extern const double base_ms[10], new_ms[10], few_ms[3], noisy_ms[6];

/* Merged runs: RUNS a side, PER_RUN samples each (compare_pair.c). */
#define RUNS		4
#define PER_RUN		5
extern const double runs_base_ms[RUNS], runs_new_ms[RUNS], runs_fast_ms[RUNS];

/* Two inputs read back from files, and their comparison. */
struct pair {
	struct hb_input in[2];
	struct hb_comparison c;
	char err[512];
	int ret;
};

/* A part of a comparison rendered in a format. */
struct rendered {
	enum hb_format fmt;
	const char *part;
};

/* Compares @a with @b (both freed here) as read back from files. */
void pair_compare(struct pair *p, struct hb_result *a, struct hb_result *b,
		  bool force);
void pair_free(struct pair *p);

/* One run a side: @na warm samples of @a against @nb of @b; compared. */
void pair_of(struct pair *p, const double *a, size_t na, const double *b,
	     size_t nb);

/* RUNS merged runs a side around the run means @a and @b; compared. */
void pair_runs(struct pair *p, const double *a, const double *b);

/* The row of @kind and @metric; fails the test when there is none. */
const struct hb_cmp_row *row_of(const struct hb_comparison *c,
				enum hb_kind kind, enum hb_metric_id metric);

/* Whether a note of @c has @part; prints the notes when none has. */
bool has_note(const struct hb_comparison *c, const char *part);

/* Renders and joins wrapped lines, so phrases can be searched whole. */
char *render(const struct hb_comparison *c, enum hb_format fmt);

/* @c rendered has each of @want (a cover text with its lines joined). */
void assert_renders(const struct hb_comparison *c, const struct rendered *want,
		    size_t n);

#endif
