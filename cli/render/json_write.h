/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the JSON writing helpers every JSON renderer shares - values
 * through json-c, NULL (null) for what is unknown, fixed decimals, rows
 * of integers on one line, and one metric's statistics as both result
 * and comparison write them.
 */
#ifndef HB_JSON_WRITE_H
#define HB_JSON_WRITE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "fmt.h"
#include "stats/stats.h"

void hb_jadd(struct json_object *o, const char *key, struct json_object *v);

/* JSON values: NULL (null) for a NULL string or a NAN number. */
struct json_object *hb_jstr(const char *s);
struct json_object *hb_jint(uint64_t v);
struct json_object *hb_jbool(bool v);
/* @prec decimals, and never a signed zero ("-0.0000" is "0.0000") */
struct json_object *hb_jnum(double v, int prec);
struct json_object *hb_jhex(uint64_t v);	/* "0x" and 16 hex digits */

/* [lo, hi] with @prec decimals, or NULL when either is NAN. */
struct json_object *hb_jpair(double lo, double hi, int prec);

/*
 * An array of the @n integers of @v that writes itself on one line
 * ("[4096, 0, 1]") in a pretty-printed document: one record a line.
 */
struct json_object *hb_jrow(const uint64_t *v, size_t n);

/* One metric's statistics, as in hmmbench-result/1 summaries. */
struct json_object *hb_stats_json(const struct hb_stats *st,
				  enum hb_unit unit);

/* The same with @prec decimals for the values of the metric's unit. */
struct json_object *hb_stats_json_prec(const struct hb_stats *st, int prec);

/*
 * Writes @o pretty-printed with a final newline and drops it; -ENOMEM
 * when @o is NULL, as json-c returns without memory.
 */
int hb_json_write(FILE *f, struct json_object *o);

#endif /* HB_JSON_WRITE_H */
