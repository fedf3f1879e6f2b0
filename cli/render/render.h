/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the one way out - a result (a migration's too), a module
 * and host's info or a comparison, written in the --format the user
 * chose.  Renderers only
 * read what they are given, so the same input always renders to the same
 * bytes; FORMATS.md is the contract of the machine formats.
 */
#ifndef HB_RENDER_H
#define HB_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "measure/verify.h"
#include "results/compare.h"
#include "results/migration.h"
#include "results/result.h"

enum hb_format {
	HB_FMT_TABLE,
	HB_FMT_CSV,
	HB_FMT_JSON,
	HB_FMT_COVER,
	HB_FMT_GOBENCH,		/* run and sweep: Go benchmark format */
	HB_NR_FORMATS
};

/* "table", "csv", "json", "cover" or "gobench"; -EINVAL otherwise. */
int hb_format_parse(const char *s, enum hb_format *fmt);
const char *hb_format_name(enum hb_format fmt);

/*
 * Renders @r in @fmt to @f, from the summaries of its samples (and of a
 * migration, of its records too); 0, -ENOMEM or -EIO.  @wide: the table
 * shows every statistic, and a sweep every size in full (--wide).  A
 * migration (workload "migrate") renders as table, csv or json (schema
 * hmmbench-migrate/1); -EINVAL for a format it has not
 * (hb_render_has()).
 */
int hb_render_as(FILE *f, enum hb_format fmt, bool wide,
		 const struct hb_result *r);

/* Whether @r's workload renders in @fmt. */
bool hb_render_has(enum hb_format fmt, const struct hb_result *r);

/* The formats @r renders in, for a sentence: "table, csv or json". */
const char *hb_render_formats(const struct hb_result *r, char *buf,
			      size_t len);

/* hb_render_as() in 80 columns. */
int hb_render(FILE *f, enum hb_format fmt, const struct hb_result *r);

/* info: the module's INFO and the host facts, as table or JSON. */
int hb_render_info(FILE *f, enum hb_format fmt, const struct hb_meta *m);

/* verify: @rep as text (table) or JSON; 0, -ENOMEM or -EIO. */
int hb_render_verify(FILE *f, enum hb_format fmt,
		     const struct hb_verify_report *rep);

/*
 * Renders @c as table, csv, json or cover; 0, -EINVAL, -ENOMEM, -EIO.
 * @wide: the table adds the derived metrics, medians and both tests' p.
 */
int hb_render_compare_as(FILE *f, enum hb_format fmt, bool wide,
			 const struct hb_comparison *c);

#endif /* HB_RENDER_H */
