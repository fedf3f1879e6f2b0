// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: a comparison as text for a patch cover letter - the setup
 * and whether the sides allow a verdict (cmp_cover_setup.c), then per
 * kind of call, warm first, one line per size for each metric, the
 * primary one first, each kind's means in one unit: "1 GiB  118.1 ms
 * ±1% -> 55.5 ms ±1%  -53.0% [-53.8%, -52.2%]  p=7.4e-24", under a "~" the smallest change it could
 * have missed, whether the struct pages are the same, and the command
 * lines that made both sides and the comparison.  72 columns, plain
 * ASCII but for the sign "±".
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_cover_setup.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"
#include "render/rerun.h"
#include "render/wrap.h"
#include "results/workload.h"

/*
 * Metric @id's phrase, "memremap time"; under icount (@icount) its
 * instructions, "memremap instructions".
 */
static const char *hb_cover_phrase(char *buf, size_t len, enum hb_metric_id id,
				   bool icount)
{
	const char *p = hb_metrics[id].phrase, *t = strstr(p, "time");

	if (!icount || !t)
		return p;
	snprintf(buf, len, "%.*sinstructions%s", (int)(t - p), p, t + 4);
	return buf;
}

/* The cells of one line of the cover: a size, base -> new, the change. */
struct hb_cover_cells {
	char sz[32], a[48], acv[16], b[48], bcv[16], ch[32], ci[48], p[32];
};

/* Widths of the cells of a metric's lines, to align them. */
struct hb_cover_w {
	int sz, a, acv, b, bcv, ch, ci;
};

/* The columns @s takes: a UTF-8 character (±) takes one. */
static int hb_cover_cols(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void hb_cover_fit(int *w, const char *s)
{
	if (hb_cover_cols(s) > *w)
		*w = hb_cover_cols(s);
}

/* The cells of @row, in @u's units. */
static void hb_cover_cells(struct hb_cover_cells *cl,
			   const struct hb_comparison *c,
			   const struct hb_cmp_row *row,
			   const struct hb_cols *u)
{
	enum hb_unit unit = hb_unit_counted(hb_metrics[row->metric].unit,
					    hb_comparison_icount(c));
	char p[24];

	hb_size_human(row->size, cl->sz, sizeof(cl->sz));
	hb_fmt_cols(cl->a, sizeof(cl->a), u, unit, row->w.mean_a,
		    row->w.mean_a);
	hb_fmt_cols(cl->b, sizeof(cl->b), u, unit, row->w.mean_b,
		    row->w.mean_a);
	hb_cmp_fmt_cv(cl->acv, sizeof(cl->acv), row, 0);
	hb_cmp_fmt_cv(cl->bcv, sizeof(cl->bcv), row, 1);
	hb_cmp_fmt_change(cl->ch, sizeof(cl->ch), row);
	cl->ci[0] = cl->p[0] = '\0';
	/* an exact change needs no interval, nor a p */
	if (row->exact)
		snprintf(cl->ci, sizeof(cl->ci), "exact");
	else if (row->interval)
		hb_cmp_fmt_ci(cl->ci, sizeof(cl->ci), row);
	if (row->tested && !row->exact)
		snprintf(cl->p, sizeof(cl->p), "p=%s",
			 hb_cmp_fmt_p(p, sizeof(p), row->p_holm));
}

static void hb_cover_w_fit(struct hb_cover_w *w,
			   const struct hb_cover_cells *cl)
{
	hb_cover_fit(&w->sz, cl->sz);
	hb_cover_fit(&w->a, cl->a);
	hb_cover_fit(&w->acv, cl->acv);
	hb_cover_fit(&w->b, cl->b);
	hb_cover_fit(&w->bcv, cl->bcv);
	hb_cover_fit(&w->ch, cl->ch);
	hb_cover_fit(&w->ci, cl->ci);
}

/* @s padded to @w columns, on the left (@left) or the right. */
static void hb_cover_pad(FILE *m, const char *s, int w, bool left)
{
	int pad = w - hb_cover_cols(s);

	if (left)
		fprintf(m, "%s%*s", s, pad > 0 ? pad : 0, "");
	else
		fprintf(m, "%*s%s", pad > 0 ? pad : 0, "", s);
}

/*
 * "  1 GiB  118.1 ms ±1% -> 55.5 ms ±1%  -53.0% [-53.8%, -52.2%]  p=7e-24",
 * aligned by @w; p on a line of its own when the line would be wider
 * than the cover; under a "~" what it could have missed (@unseen).
 */
static void hb_cover_line(FILE *f, const struct hb_cmp_row *row,
			  const struct hb_cover_cells *cl,
			  const struct hb_cover_w *w, bool unseen)
{
	char *text = NULL, buf[160];
	size_t len = 0, n;
	FILE *m = open_memstream(&text, &len);
	int cols;

	if (!m)
		return;
	fputs("  ", m);
	hb_cover_pad(m, cl->sz, w->sz, false);
	fputs("  ", m);
	hb_cover_pad(m, cl->a, w->a, false);
	if (w->acv) {
		fputc(' ', m);
		hb_cover_pad(m, cl->acv, w->acv, true);
	}
	fputs(" -> ", m);
	hb_cover_pad(m, cl->b, w->b, false);
	if (w->bcv) {
		fputc(' ', m);
		hb_cover_pad(m, cl->bcv, w->bcv, true);
	}
	fputs("  ", m);
	hb_cover_pad(m, cl->ch, w->ch, false);
	if (w->ci) {
		fputc(' ', m);
		hb_cover_pad(m, cl->ci, w->ci, true);
	}
	fclose(m);
	n = strlen(text);
	while (n && text[n - 1] == ' ')
		n--;
	text[n] = '\0';
	cols = hb_cover_cols(text);
	if (!cl->p[0])
		fprintf(f, "%s\n", text);
	else if (cols + 2 + (int)strlen(cl->p) <= HB_COVER_COLS)
		fprintf(f, "%s  %s\n", text, cl->p);
	else
		/* under the change */
		fprintf(f, "%s\n%*s%s\n", text, 2 + w->sz + 2 + w->a +
			(w->acv ? 1 + w->acv : 0) + 4 + w->b +
			(w->bcv ? 1 + w->bcv : 0) + 2, "", cl->p);
	free(text);
	if (unseen && hb_cmp_fmt_unseen(buf, sizeof(buf), row))
		fprintf(f, "%*s(%s)\n", w->sz + 4, "", buf);
}

static bool hb_cover_match(const struct hb_cmp_row *row, size_t file,
			   enum hb_kind kind, enum hb_metric_id id)
{
	return row->file == file && row->kind == kind && row->metric == id;
}

/*
 * The @n rows of metric @id of new input @file for calls of @kind, all
 * "~": "no detectable change at any size (< ±7.9%)", the largest of
 * their effects, which every size would have detected; "no change could
 * have been detected with 2 runs a side" when one of them could see none.
 */
static const char *hb_cover_same(char *buf, size_t len,
				 const struct hb_comparison *c, size_t file,
				 enum hb_kind kind, enum hb_metric_id id,
				 size_t n)
{
	const struct hb_cmp_row *r, *end = &c->rows[c->nr_rows];
	const char *any = n > 1 ? " at any size" : "";
	double max = NAN;
	char mde[32];

	for (r = c->rows; r < end; r++) {
		if (!hb_cover_match(r, file, kind, id) || r->significant)
			continue;
		if (r->mde_none)
			return hb_cmp_fmt_unseen(buf, len, r);
		max = fmax(max, r->mde);
	}
	if (isnan(max))
		snprintf(buf, len, "no detectable change%s", any);
	else
		snprintf(buf, len, "no detectable change%s (<\x1f%s)",
			 any, hb_cmp_fmt_mde(mde, sizeof(mde), max));
	return buf;
}

/*
 * The heading of metric @id's lines: its phrase, and of a migration's
 * the order its pages moved in, "THP", or "4K -> THP" when they differ.
 */
static const char *hb_cover_heading(char *buf, size_t len,
				    const struct hb_comparison *c,
				    size_t file, enum hb_kind kind,
				    enum hb_metric_id id)
{
	const struct hb_cmp_row *r, *end = &c->rows[c->nr_rows];
	char ph[128];
	const char *phrase = hb_cover_phrase(ph, sizeof(ph), id,
					     hb_comparison_icount(c));

	for (r = c->rows; r < end; r++)
		if (hb_cover_match(r, file, kind, id) && r->order[0][0])
			break;
	if (r == end)
		snprintf(buf, len, "%s", phrase);
	else if (!strcmp(r->order[0], r->order[1]))
		snprintf(buf, len, "%s, %s", phrase, r->order[0]);
	else
		snprintf(buf, len, "%s, %s -> %s", phrase,
			 r->order[0], r->order[1]);
	return buf;
}

/* Whether @row is one the cover shows for new input @file and @kind. */
static bool hb_cover_shows(const struct hb_cmp_row *row, size_t file,
			   enum hb_kind kind)
{
	return row->file == file && row->kind == kind &&
	       hb_metrics[row->metric].phrase;
}

/*
 * The lines of new input @file for calls of @kind, one section: one unit
 * for its means, into @u, and the widths that align its cells, into @w.
 */
static void hb_cover_section(const struct hb_comparison *c, size_t file,
			     enum hb_kind kind, struct hb_cols *u,
			     struct hb_cover_w *w)
{
	const struct hb_cmp_row *r, *end = &c->rows[c->nr_rows];
	bool icount = hb_comparison_icount(c);
	struct hb_cover_cells cl;
	enum hb_unit unit;

	hb_cols_init(u);
	memset(w, 0, sizeof(*w));
	for (r = c->rows; r < end; r++) {
		if (!hb_cover_shows(r, file, kind))
			continue;
		unit = hb_unit_counted(hb_metrics[r->metric].unit, icount);
		hb_cols_add(u, unit, r->w.mean_a);
		hb_cols_add(u, unit, r->w.mean_b);
	}
	for (r = c->rows; r < end; r++) {
		if (!hb_cover_shows(r, file, kind))
			continue;
		hb_cover_cells(&cl, c, r, u);
		hb_cover_w_fit(w, &cl);
	}
}

/*
 * Metric @id of new input @file for calls of @kind: a heading, then a
 * line per size, in the section's units (@u) and widths (@w); a metric
 * with no detectable change at any size says so in its heading, and
 * still shows its sizes.
 */
static void hb_cover_metric(FILE *f, const struct hb_comparison *c,
			    size_t file, enum hb_kind kind, enum hb_metric_id id,
			    const struct hb_cols *u, const struct hb_cover_w *w)
{
	const struct hb_cmp_row *r, *end = &c->rows[c->nr_rows];
	struct hb_cover_cells cl;
	size_t n = 0, same = 0;
	char buf[128], head[448];

	for (r = c->rows; r < end; r++) {
		if (!hb_cover_match(r, file, kind, id))
			continue;
		n++;
		same += r->tested && !r->significant;
	}
	if (!n)
		return;
	hb_cover_heading(head, sizeof(head), c, file, kind, id);
	if (same == n)
		hb_wrapf(f, "", HB_COVER_COLS, "%s: %s:", head,
			 hb_cover_same(buf, sizeof(buf), c, file, kind, id,
				       n));
	else
		hb_wrapf(f, "", HB_COVER_COLS, "%s:", head);
	for (r = c->rows; r < end; r++) {
		if (!hb_cover_match(r, file, kind, id))
			continue;
		hb_cover_cells(&cl, c, r, u);
		hb_cover_line(f, r, &cl, w, same != n);
	}
}

/* The primary metric of @file's rows of @kind: the phase if any has it. */
static enum hb_metric_id hb_cover_primary(const struct hb_comparison *c,
					  size_t file, enum hb_kind kind)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].file == file && c->rows[i].kind == kind &&
		    c->rows[i].primary)
			return c->rows[i].metric;
	return hb_headline(&c->in[0].r.cfg);
}

static bool hb_cover_has(const struct hb_comparison *c, size_t file,
			 enum hb_kind kind)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].file == file && c->rows[i].kind == kind)
			return true;
	return false;
}

#define HB_COVER_HEAD	", base -> new, change [95% CI]:\n"

/* A migration's first iteration: of each run, on a new buffer. */
static void hb_cover_first_iter(FILE *f, const struct hb_comparison *c,
				size_t file)
{
	(void)c;
	(void)file;
	fprintf(f, "\nFirst iteration of each run%s(on a new buffer, to device pages not used before)\n",
		HB_COVER_HEAD);
}

static void hb_cover_first_mirror(FILE *f, const struct hb_comparison *c,
				  size_t file)
{
	(void)c;
	(void)file;
	fprintf(f, "\nFirst iteration of each run%s(on a new buffer, as every iteration)\n",
		HB_COVER_HEAD);
}

/*
 * A rebind's first: the binding ndctl made when it reconfigured the
 * namespace (the setup says so), or the run's first rebind.
 */
static void hb_cover_first_bind(FILE *f, const struct hb_comparison *c,
				size_t file)
{
	const struct hb_config *cfg = &c->in[0].r.cfg;

	(void)file;
	fprintf(f, "\nFirst %s of each run%s%s",
		cfg->first_bind_reconfigure ? "binding" : "rebind",
		HB_COVER_HEAD, hb_cmp_boots(c) != HB_CMP_BOOT_EACH ?
		"(runs shared a boot: not all are the first after boot)\n" :
		"");
}

/*
 * The first calls of new input @file: only the first size's is the
 * first after boot, only from a module that had not mapped yet, and
 * only of the first run of a boot.
 */
static void hb_cover_first_call(FILE *f, const struct hb_comparison *c,
				size_t file)
{
	const struct hb_result *a = &c->in[0].r, *b = &c->in[file].r;

	if (hb_cmp_boots(c) != HB_CMP_BOOT_EACH)
		fprintf(f, "\nFirst call of each run%s(runs shared a boot: not all are the first after boot)\n",
			HB_COVER_HEAD);
	else if (a->meta.info.maps_total || b->meta.info.maps_total)
		fprintf(f, "\nFirst call of each size%s(none the first after loading the module)\n",
			HB_COVER_HEAD);
	else if (a->cfg.nr_sizes > 1 || b->cfg.nr_sizes > 1)
		fprintf(f, "\nFirst call of each size%s(only the first size's is the first after boot)\n",
			HB_COVER_HEAD);
	else
		fprintf(f, "\nFirst call after boot%s", HB_COVER_HEAD);
}

/* What the first calls of new input @file are, in its workload's words. */
static void (*const hb_cover_first[HB_NR_WORKLOADS])(FILE *f,
		const struct hb_comparison *c, size_t file) = {
	[HB_WL_CHUNK] = hb_cover_first_call,
	[HB_WL_BIND] = hb_cover_first_bind,
	[HB_WL_MIGRATE] = hb_cover_first_iter,
	[HB_WL_MIRROR] = hb_cover_first_mirror,
};

static void hb_cover_kind(FILE *f, const struct hb_comparison *c,
			  size_t file, enum hb_kind kind)
{
	enum hb_metric_id first = hb_cover_primary(c, file, kind);
	enum hb_workload_id wl = hb_workload_of(&c->in[0].r.cfg)->id;
	struct hb_cover_w w;
	struct hb_cols u;
	size_t mi;

	if (!hb_cover_has(c, file, kind))
		return;
	hb_cover_section(c, file, kind, &u, &w);
	if (kind == HB_COLD)
		hb_cover_first[wl](f, c, file);
	else
		fprintf(f, "\nAverage of the %s, base -> new, change [95%% CI]:\n",
			hb_workload_of(&c->in[0].r.cfg)->averaged);
	hb_cover_metric(f, c, file, kind, first, &u, &w);
	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metrics[hb_metric_order[mi]].phrase &&
		    hb_metric_order[mi] != first)
			hb_cover_metric(f, c, file, kind, hb_metric_order[mi],
					&u, &w);
}

/* The memmap of @size in new input @file, or NULL. */
static const struct hb_cmp_memmap *hb_cover_memmap(
	const struct hb_comparison *c, size_t file, uint64_t size)
{
	size_t i;

	for (i = 0; i < c->nr_memmaps; i++)
		if (c->memmaps[i].file == file && c->memmaps[i].size == size)
			return &c->memmaps[i];
	return NULL;
}

/*
 * "struct pages identical before and after": only when every size shown
 * for new input @file has a memmap digest both sides agree on.
 */
static void hb_cover_identical(FILE *f, const struct hb_comparison *c,
			       size_t file)
{
	const struct hb_cmp_memmap *m, *first = NULL;
	uint64_t pages = 0, last = 0;
	size_t i, sizes = 0;

	for (i = 0; i < c->nr_rows; i++) {
		if (c->rows[i].file != file || c->rows[i].size == last)
			continue;
		last = c->rows[i].size;
		m = hb_cover_memmap(c, file, last);
		if (!m || m->match != HB_MEMMAP_SAME)
			return;
		first = first ?: m;
		pages += m->a.pages;
		sizes++;
	}
	if (!first)
		return;
	fputc('\n', f);
	if (sizes == 1)
		hb_wrapf(f, "", HB_COVER_COLS, "struct pages identical before and after (hmmbench verify digest 0x%016" PRIx64 " over %" PRIu64 " pages)",
			 first->a.digest, pages);
	else
		hb_wrapf(f, "", HB_COVER_COLS, "struct pages identical before and after (hmmbench verify digests of %zu sizes over %" PRIu64 " pages)",
			 sizes, pages);
}

/* How the p-values were adjusted, and what a change must pass. */
static void hb_cover_rule(FILE *f, const struct hb_comparison *c)
{
	const char *units = hb_cmp_boots(c) == HB_CMP_BOOT_EACH ? "boots" :
								   "runs";
	bool mde = false, untested = false, spread = false;
	size_t i, m = 0;

	for (i = 0; i < c->nr_rows; i++) {
		if (c->rows[i].tested && c->rows[i].holm_m > m)
			m = c->rows[i].holm_m;
		mde |= !isnan(c->rows[i].mde) && !c->rows[i].significant;
		/* the cover shows the rows of a phrase */
		untested |= !c->rows[i].tested &&
			    hb_metrics[c->rows[i].metric].phrase;
		spread |= !isnan(hb_cmp_unit_cv(&c->rows[i], 0)) ||
			  !isnan(hb_cmp_unit_cv(&c->rows[i], 1));
	}
	fputc('\n', f);
	if (spread && m)
		hb_wrapf(f, "", HB_COVER_COLS, "Means of the %s' means, ± their coefficient of variation.",
			 units);
	else if (spread)
		hb_wrap(f, "Means of the calls, ± their coefficient of variation.",
			"", HB_COVER_COLS);
	if (m)
		hb_wrapf(f, "", HB_COVER_COLS, "~: no significant change. p: Welch's t-test on the %s' means, Holm-adjusted over the %zu tests of a comparison; a change also needs the Mann-Whitney p below %g. CI: of the ratio of the means.",
			 units, m, c->alpha);
	if (m && mde)
		hb_wrapf(f, "", HB_COVER_COLS, "< x%%: with these %s and their spread, a change that large passes that test 4 times in 5 (80%% power), even at Holm's strictest level.",
			 units);
	if (hb_cmp_any_exact(c))
		hb_wrap(f, "exact: instructions counted, and the runs of each side agree within 1 part in 10^4: the change is that of their means, exactly, and no test is needed.",
			"", HB_COVER_COLS);
	if (!m && untested)
		hb_wrap(f, "x%?: not tested. CI: of the ratio of the means, within each boot.",
			"", HB_COVER_COLS);
	else if (untested)
		hb_wrap(f, "x%?: not tested.", "", HB_COVER_COLS);
}

/* The first row of new input @file for calls of @kind, or NULL. */
static const struct hb_cmp_row *hb_cover_first_row(
	const struct hb_comparison *c, size_t file, enum hb_kind kind)
{
	const struct hb_cmp_row *r;

	for (r = c->rows; r < &c->rows[c->nr_rows]; r++)
		if (r->file == file && r->kind == kind)
			return r;
	return NULL;
}

/*
 * Of a migration, the orders new input @file's warm rows (else its
 * first's) moved pages in, and whether the sides moved different ones.
 */
static void hb_cover_moved(FILE *f, const struct hb_comparison *c,
			   size_t file)
{
	const struct hb_cmp_row *first, *end, *stop = &c->rows[c->nr_rows];
	char moved[512];

	first = hb_cover_first_row(c, file, HB_WARM) ?:
		hb_cover_first_row(c, file, HB_COLD);
	if (!first)
		return;
	end = first + 1;
	while (end < stop && end->file == file && end->kind == first->kind &&
	       end->size == first->size)
		end++;
	if (!hb_cmp_moved(moved, sizeof(moved), first, end))
		return;
	fputc('\n', f);
	hb_wrapf(f, "", HB_COVER_COLS, "Pages moved, base -> new: %s.", moved);
}

void hb_render_cmp_cover(FILE *f, const struct hb_comparison *c)
{
	size_t file;

	hb_cmp_cover_setup(f, c);
	hb_cover_units(f, c);
	for (file = 1; file < c->nr_in; file++) {
		if (c->nr_in > 2)
			fprintf(f, "\nWith %s:", hb_cmp_name(c, file));
		hb_cover_moved(f, c, file);
		/* the averages first, the first calls after boot below */
		hb_cover_kind(f, c, file, HB_WARM);
		hb_cover_kind(f, c, file, HB_COLD);
		hb_cover_identical(f, c, file);
	}
	if (!c->nr_rows)
		fputs("\nNothing to compare: no size measured on both sides.\n",
		      f);
	hb_cover_rule(f, c);
	hb_rerun_compare(f, c, HB_COVER_COLS);
}
