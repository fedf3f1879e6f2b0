// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the notes of a comparison, the sentences a reader must see
 * beside its rows: adding one, naming an input in it, and the warnings
 * on what was compared - an environment that differs, too few runs,
 * noisy sides, samples a mean misdescribes, pages moved in different
 * orders, and the roofline under emulation.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "results/compare.h"
#include "results/compare_internal.h"
#include "results/env.h"

int hb_note(struct hb_comparison *c, const char *fmt, ...)
{
	char **notes, *s;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return -ENOMEM;
	notes = realloc(c->notes, (c->nr_notes + 1) * sizeof(*notes));
	if (!notes) {
		free(s);
		return -ENOMEM;
	}
	c->notes = notes;
	c->notes[c->nr_notes++] = s;
	return 0;
}

const char *hb_cmp_name(const struct hb_comparison *c, size_t i)
{
	const char *label = c->in[i].r.cfg.label;
	size_t j;

	if (!label)
		return c->in[i].path;
	/* two sides of one label would read as one: name them by file */
	for (j = 0; j < c->nr_in; j++)
		if (j != i && c->in[j].r.cfg.label &&
		    !strcmp(c->in[j].r.cfg.label, label))
			return c->in[i].path;
	return label;
}

/* Appends ", @item" (or @item first) to @buf at @used; the new length. */
size_t hb_list_add(char *buf, size_t len, size_t used, const char *item)
{
	int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
			 item);

	return n < 0 || used + n >= len ? used : used + n;
}

/* "1 GiB warm" (and which new input, when there are several). */
static const char *hb_cmp_row_place(const struct hb_comparison *c,
				    const struct hb_cmp_row *row, char *buf,
				    size_t len)
{
	char sz[32];

	snprintf(buf, len, "%s%s%s %s",
		 c->nr_in > 2 ? hb_cmp_name(c, row->file) : "",
		 c->nr_in > 2 ? ": " : "",
		 hb_size_human(row->size, sz, sizeof(sz)),
		 hb_kind_name(row->kind));
	return buf;
}

static bool hb_cmp_first_of_group(const struct hb_comparison *c, size_t i)
{
	const struct hb_cmp_row *p, *r = &c->rows[i];

	if (!i)
		return true;
	p = &c->rows[i - 1];
	return p->file != r->file || p->size != r->size || p->kind != r->kind;
}

static int hb_cmp_warn_few(struct hb_comparison *c,
			   const struct hb_cmp_row *row)
{
	char w[160];

	hb_cmp_row_place(c, row, w, sizeof(w));
	if (!row->interval)
		return hb_note(c, "%s: %zu+%zu runs: too few to test",
			       w, row->na, row->nb);
	return hb_note(c, "%s: %zu+%zu runs, under %d a side: a real change can go undetected",
		       w, row->na, row->nb, HB_CMP_MIN_N);
}

/*
 * One note per size and kind whose measured metrics have a CV above
 * 10 %: the largest, where, and how many more.
 */
static int hb_cmp_warn_cv(struct hb_comparison *c, size_t first, size_t end)
{
	const struct hb_cmp_row *top = NULL, *r;
	double cv, max = 0.0;
	size_t more = 0;
	char w[160], pct[16], extra[32] = "";
	bool b = false;

	for (r = &c->rows[first]; r < &c->rows[end]; r++) {
		if (!(r->warn & HB_CMP_WARN_CV) || !hb_metrics[r->metric].measured)
			continue;
		more += top != NULL;
		cv = fmax(r->a.cv, r->b.cv);
		if (cv > max) {
			max = cv;
			top = r;
			b = r->b.cv >= r->a.cv;
		}
	}
	if (!top)
		return 0;
	if (more)
		snprintf(extra, sizeof(extra), " +%zu more", more);
	return hb_note(c, "%s: CV %s in %s (%s%s): small changes can hide",
		       hb_cmp_row_place(c, top, w, sizeof(w)),
		       hb_fmt_percent(pct, sizeof(pct), max),
		       hb_cmp_name(c, b ? top->file : 0),
		       hb_metric_name(top->metric), extra);
}

/*
 * The first row in [@first, @end) of a measured metric whose samples on
 * @side (0 base, 1 new) a mean misdescribes - two levels or outliers -
 * or NULL.
 */
static const struct hb_cmp_row *hb_cmp_odd(const struct hb_comparison *c,
					   size_t first, size_t end,
					   size_t side)
{
	const struct hb_cmp_row *r;

	for (r = &c->rows[first]; r < &c->rows[end]; r++)
		if (hb_metrics[r->metric].measured &&
		    hb_metrics[r->metric].cover && !r->exact &&
		    hb_shape_odd(side ? &r->b.shape : &r->a.shape))
			return r;
	return NULL;
}

/* Per side, one note on the shape of a size and kind's samples. */
static int hb_cmp_warn_shape(struct hb_comparison *c, size_t first,
			     size_t end)
{
	const struct hb_cmp_row *r;
	const struct hb_stats *st;
	char w[160], what[160];
	size_t side;
	int ret = 0;

	for (side = 0; side < 2 && !ret; side++) {
		r = hb_cmp_odd(c, first, end, side);
		if (!r)
			continue;
		st = side ? &r->b : &r->a;
		ret = hb_note(c, "%s %s, %s: %s",
			      hb_cmp_row_place(c, r, w, sizeof(w)),
			      hb_metric_name(r->metric),
			      hb_cmp_name(c, side ? r->file : 0),
			      hb_shape_str(what, sizeof(what), &st->shape,
					   st->median,
					   hb_metrics[r->metric].unit));
	}
	return ret;
}

bool hb_cmp_orders_differ(const struct hb_cmp_row *row)
{
	return row->order[0][0] && row->order[1][0] &&
	       row->order_class[0] != row->order_class[1];
}

/* Appends "@dir @a -> @b" (or "@dir @a" when the same) at @used. */
static size_t hb_cmp_moved_one(char *buf, size_t len, size_t used,
			       const struct hb_cmp_row *row)
{
	char item[2 * HB_CMP_ORDER_LEN + 32];

	if (!strcmp(row->order[0], row->order[1]))
		snprintf(item, sizeof(item), "%s %s",
			 hb_metrics[row->metric].moved, row->order[0]);
	else
		snprintf(item, sizeof(item), "%s %s -> %s",
			 hb_metrics[row->metric].moved, row->order[0],
			 row->order[1]);
	return hb_list_add(buf, len, used, item);
}

/* Whether a row of [@first, @r) said what moved as @r does. */
static bool hb_cmp_moved_before(const struct hb_cmp_row *first,
				const struct hb_cmp_row *r)
{
	const struct hb_cmp_row *p;

	for (p = first; p < r; p++)
		if (p->order[0][0] && !strcmp(hb_metrics[p->metric].moved,
					      hb_metrics[r->metric].moved))
			return true;
	return false;
}

const char *hb_cmp_moved(char *buf, size_t len, const struct hb_cmp_row *first,
			 const struct hb_cmp_row *end)
{
	const struct hb_cmp_row *r, *odd = NULL;
	size_t used = 0;
	bool any = false;

	buf[0] = '\0';
	for (r = first; r < end; r++) {
		if (!r->order[0][0])
			continue;
		if (!odd && hb_cmp_orders_differ(r))
			odd = r;
		if (!hb_cmp_moved_before(first, r))
			used = hb_cmp_moved_one(buf, len, used, r);
		any = true;
	}
	if (!any)
		return NULL;
	if (odd && used < len)
		snprintf(buf + used, len - used, "; the sides moved different page orders: a comparison of %s with %s",
			 odd->order[1], odd->order[0]);
	return buf;
}

/* One note per size and kind whose sides moved different page orders. */
static int hb_cmp_warn_orders(struct hb_comparison *c, size_t first,
			      size_t end)
{
	char w[160], moved[512];
	size_t i;

	for (i = first; i < end; i++)
		if (hb_cmp_orders_differ(&c->rows[i]))
			break;
	if (i == end)
		return 0;
	return hb_note(c, "%s: pages moved, base -> new: %s",
		       hb_cmp_row_place(c, &c->rows[first], w, sizeof(w)),
		       hb_cmp_moved(moved, sizeof(moved), &c->rows[first],
				    &c->rows[end]));
}

/* The roofline's efficiency rows of a run under TCG say little. */
static int hb_cmp_warn_emulated(struct hb_comparison *c)
{
	bool roof = false, tcg = false;
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		roof |= c->rows[i].metric == HB_M_ROOF_PLAIN ||
			c->rows[i].metric == HB_M_ROOF_NT;
	for (i = 0; i < c->nr_in; i++)
		tcg |= hb_meta_emulated(&c->in[i].r.meta);
	if (!roof || !tcg)
		return 0;
	return hb_note(c, "memmap_init efficiency (--wide) under emulation (TCG) says little about hardware");
}

/*
 * One note per new input measured in another environment than the base:
 * the facts both know and say differently.
 */
static int hb_cmp_warn_env(struct hb_comparison *c, size_t file)
{
	struct hb_env_diff d[HB_NR_ENV];
	char *text = NULL, buf[1536];
	size_t n, i, len = 0;
	FILE *m;
	int ret;

	n = hb_env_diff(&c->in[0].r.meta.host, &c->in[file].r.meta.host, d);
	if (!n)
		return 0;
	m = open_memstream(&text, &len);
	if (!m)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		fprintf(m, "%s%s", i ? "; " : "",
			hb_env_diff_text(buf, sizeof(buf), &d[i],
					 hb_cmp_name(c, 0),
					 hb_cmp_name(c, file)));
	if (fclose(m))
		return -ENOMEM;
	ret = hb_note(c, "%s and %s ran in different environments: %s: a change may be theirs as much as the kernels'",
		      hb_cmp_name(c, 0), hb_cmp_name(c, file), text);
	free(text);
	return ret;
}

/*
 * Per new input, its environment where it differs from the base's; per
 * size and kind: too few runs once, one note for the noisy, one per side
 * for the shape of its samples and one for the orders pages moved in.
 */
int hb_cmp_warnings(struct hb_comparison *c)
{
	size_t i, end;
	int ret = hb_cmp_warn_emulated(c);

	for (i = 1; i < c->nr_in && !ret; i++)
		ret = hb_cmp_warn_env(c, i);
	for (i = 0; i < c->nr_rows && !ret; i = end) {
		for (end = i + 1; end < c->nr_rows; end++)
			if (hb_cmp_first_of_group(c, end))
				break;
		if (c->rows[i].warn & HB_CMP_WARN_FEW)
			ret = hb_cmp_warn_few(c, &c->rows[i]);
		if (!ret)
			ret = hb_cmp_warn_cv(c, i, end);
		if (!ret)
			ret = hb_cmp_warn_shape(c, i, end);
		if (!ret)
			ret = hb_cmp_warn_orders(c, i, end);
	}
	return ret;
}
