/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: renderers of a result (human table, CSV, JSON, cover-letter
 * text, Go benchmark lines) and of the info subcommand.  They only read what they are given:
 * the same result always renders to the same bytes.
 */
#ifndef HB_OUTPUT_H
#define HB_OUTPUT_H

#include <stdio.h>

#include <json-c/json.h>

#include "metrics.h"

enum hb_format {
	HB_FMT_TABLE,
	HB_FMT_CSV,
	HB_FMT_JSON,
	HB_FMT_COVER,
	HB_FMT_GOBENCH,		/* run and sweep: Go benchmark format */
};

#define HB_RESULT_SCHEMA	"hmmbench-result/1"
#define HB_INFO_SCHEMA		"hmmbench-info/1"

/* "table", "csv", "json", "cover" or "gobench"; -EINVAL otherwise. */
int hb_format_parse(const char *s, enum hb_format *fmt);

/* Renders @r in @fmt to @f; 0, -ENOMEM or -EIO. */
int hb_render(FILE *f, enum hb_format fmt, const struct hb_result *r);

void hb_render_table(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr);
void hb_render_csv(FILE *f, const struct hb_result *r);
void hb_render_cover(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr);
void hb_render_gobench(FILE *f, const struct hb_result *r);

/* The JSON document of a result; the caller puts it. */
struct json_object *hb_result_json(const struct hb_result *r,
				   const struct hb_summary *sum, size_t nr);

/* info: the module's INFO and the host facts, as text or JSON. */
struct json_object *hb_info_json(const struct hb_meta *m);
int hb_render_info(FILE *f, enum hb_format fmt, const struct hb_meta *m);

/* Shared by the renderers. */
void hb_put_json(FILE *f, struct json_object *obj);
void hb_jadd(struct json_object *o, const char *key, struct json_object *v);
/* One metric's statistics, as in hmmbench-result/1 summaries. */
struct json_object *hb_stats_json(const struct hb_stats *st,
				  enum hb_unit unit);
/* JSON values: NULL (null) for a NULL string or a NAN number. */
struct json_object *hb_jstr(const char *s);
struct json_object *hb_jint(uint64_t v);
struct json_object *hb_jnum(double v, int prec);	/* @prec decimals */
/* [lo, hi] with @prec decimals, or NULL when either is NAN. */
struct json_object *hb_jpair(double lo, double hi, int prec);
/* RFC 4180: quotes a field holding a comma, quote or line break. */
void hb_csv_string(FILE *f, const char *s);
const char *hb_feature_name(unsigned int bit);

#endif /* HB_OUTPUT_H */
