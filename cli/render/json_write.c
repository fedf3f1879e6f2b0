// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: JSON values through json-c.  Numbers that are not integers
 * keep the text they were formatted to (json_object_new_double_s), so a
 * document always prints the same decimals.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include <json-c/printbuf.h>

#include "render/json_write.h"

/* Decimals of ratios (CV, coverage). */
#define HB_RATIO_PREC	6

void hb_jadd(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

struct json_object *hb_jstr(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

struct json_object *hb_jint(uint64_t v)
{
	return json_object_new_int64((int64_t)v);
}

struct json_object *hb_jbool(bool v)
{
	return json_object_new_boolean(v);
}

struct json_object *hb_jnum(double v, int prec)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL;
	snprintf(buf, sizeof(buf), "%.*f", prec, v);
	return json_object_new_double_s(v, hb_fmt_unsigned_zero(buf));
}

struct json_object *hb_jhex(uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "0x%016" PRIx64, v);
	return json_object_new_string(buf);
}

struct json_object *hb_jpair(double lo, double hi, int prec)
{
	struct json_object *a;

	if (isnan(lo) || isnan(hi))
		return NULL;
	a = json_object_new_array();
	json_object_array_add(a, hb_jnum(lo, prec));
	json_object_array_add(a, hb_jnum(hi, prec));
	return a;
}

/* json-c's serializer of an hb_jrow(): compact whatever the flags. */
static int hb_jrow_text(struct json_object *a, struct printbuf *pb,
			int level, int flags)
{
	size_t i, n = json_object_array_length(a);

	(void)level;
	(void)flags;
	printbuf_strappend(pb, "[");
	for (i = 0; i < n; i++)
		sprintbuf(pb, "%s%" PRId64, i ? ", " : "",
			  json_object_get_int64(json_object_array_get_idx(a,
									  i)));
	printbuf_strappend(pb, "]");
	return 0;
}

struct json_object *hb_jrow(const uint64_t *v, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, hb_jint(v[i]));
	json_object_set_serializer(a, hb_jrow_text, NULL, NULL);
	return a;
}

struct json_object *hb_stats_json(const struct hb_stats *st,
				  enum hb_unit unit)
{
	return hb_stats_json_prec(st, hb_fmt_precision(unit));
}

struct json_object *hb_stats_json_prec(const struct hb_stats *st, int p)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "n", hb_jint(st->n));
	hb_jadd(o, "mean", hb_jnum(st->mean, p));
	hb_jadd(o, "median", hb_jnum(st->median, p));
	hb_jadd(o, "min", hb_jnum(st->min, p));
	hb_jadd(o, "max", hb_jnum(st->max, p));
	hb_jadd(o, "stddev", hb_jnum(st->stddev, p));
	hb_jadd(o, "cv", hb_jnum(st->cv, HB_RATIO_PREC));
	hb_jadd(o, "mean_ci95", hb_jpair(st->mean_ci_lo, st->mean_ci_hi, p));
	hb_jadd(o, "median_ci95",
		hb_jpair(st->median_ci_lo, st->median_ci_hi, p));
	hb_jadd(o, "median_ci_level", hb_jnum(st->median_ci_level,
					      HB_RATIO_PREC));
	return o;
}

int hb_json_write(FILE *f, struct json_object *o)
{
	if (!o)
		return -ENOMEM;
	fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
					     JSON_C_TO_STRING_NOSLASHESCAPE),
	      f);
	fputc('\n', f);
	json_object_put(o);
	return 0;
}
