// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: builds the rows and notes of a comparison.  Samples are
 * matched by size, kind and metric; cold samples only when both sides
 * have them; memmap digests by size.  The verdict of each row lives in
 * compare_verdict.c, the warnings on them in compare_notes.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "results/compare.h"
#include "results/compare_internal.h"
#include "results/workload.h"

/* How the note of a difference --force overrode ends. */
#define HB_FORCED_END	" (--force)"

static struct hb_cmp_row *hb_cmp_add(struct hb_comparison *c)
{
	struct hb_cmp_row *rows;

	rows = realloc(c->rows, (c->nr_rows + 1) * sizeof(*rows));
	if (!rows)
		return NULL;
	c->rows = rows;
	memset(&rows[c->nr_rows], 0, sizeof(*rows));
	return &rows[c->nr_rows++];
}

/* Whether every run of @r was measured in the boot @boot_id. */
static bool hb_cmp_in_boot(const struct hb_result *r, const char *boot_id)
{
	return hb_result_boots(r) == 1 && *boot_id &&
	       !strcmp(r->meta.host.boot_id, boot_id);
}

enum hb_cmp_boots hb_cmp_boots(const struct hb_comparison *c)
{
	const char *boot_id = c->in[0].r.meta.host.boot_id;
	bool each = true, one = true;
	size_t i;

	for (i = 0; i < c->nr_in; i++) {
		each &= hb_result_boots(&c->in[i].r) ==
			hb_result_runs(&c->in[i].r);
		one &= hb_cmp_in_boot(&c->in[i].r, boot_id);
	}
	if (each)
		return HB_CMP_BOOT_EACH;
	return one ? HB_CMP_ONE_BOOT : HB_CMP_SHARED;
}

/*
 * The order the pages of the samples of @r of @size, @kind and metric @mi
 * moved in, into side @side of @row.
 */
static void hb_cmp_order(const struct hb_result *r, uint64_t size,
			 enum hb_kind kind, size_t mi, struct hb_cmp_row *row,
			 int side)
{
	uint64_t pages = 0, thp = 0, ps = r->meta.info.page_size;
	size_t i;
	double v;

	for (i = 0; i < r->nr_samples; i++) {
		if (!hb_metric_value(r, &r->samples[i], size, kind, mi, &v))
			continue;
		pages += r->samples[i].pages;
		thp += r->samples[i].thp;
	}
	row->order_class[side] = hb_mig_order(pages, thp,
					      hb_mig_pmd_pages(ps));
	hb_mig_order_label(row->order[side], sizeof(row->order[side]), pages,
			   thp, ps);
}

/*
 * Scratch space for one metric's values on each side, and the measured
 * metrics of the current size that only the base ([0]) or only the new
 * result ([1]) has, a flag per metric.
 */
struct hb_cmp_buf {
	double *a, *b;
	bool only[2][HB_NR_METRICS];
};

static int hb_cmp_metric(struct hb_comparison *c, size_t file,
			 uint64_t size, enum hb_kind kind, size_t mi,
			 struct hb_cmp_buf *buf)
{
	const struct hb_result *ra = &c->in[0].r, *rb = &c->in[file].r;
	struct hb_cmp_row *row;
	size_t na, nb;

	/* a call's own metrics: compared by their totals, by direction */
	if (hb_metrics[mi].groups)
		return 0;
	na = hb_metric_values(ra, size, kind, mi, buf->a);
	nb = hb_metric_values(rb, size, kind, mi, buf->b);
	if (!na && !nb)
		return 0;
	if (!na || !nb) {
		if (hb_metrics[mi].measured)
			buf->only[!na][mi] = true;
		return 0;
	}
	row = hb_cmp_add(c);
	if (!row || hb_stats_compute(buf->a, na, &row->a) ||
	    hb_stats_compute(buf->b, nb, &row->b))
		return -ENOMEM;
	row->file = file;
	row->size = size;
	row->kind = kind;
	row->metric = mi;
	row->by_run = hb_result_runs(ra) >= 2 && hb_result_runs(rb) >= 2;
	if (hb_metrics[mi].moved) {
		hb_cmp_order(ra, size, kind, mi, row, 0);
		hb_cmp_order(rb, size, kind, mi, row, 1);
	}
	if (row->by_run) {
		na = hb_run_means(ra, size, kind, mi, buf->a);
		nb = hb_run_means(rb, size, kind, mi, buf->b);
	}
	hb_cmp_test(row, buf->a, na, buf->b, nb,
		    hb_meta_icount(&ra->meta) && hb_meta_icount(&rb->meta));
	return 0;
}


/* Whether @r has samples of @size and @kind at all. */
static bool hb_cmp_has(const struct hb_result *r, uint64_t size,
		       enum hb_kind kind)
{
	size_t i;

	for (i = 0; i < r->nr_samples; i++)
		if (r->samples[i].size == size && r->samples[i].kind == kind)
			return true;
	return false;
}

/* "1 GiB: memmap_init phase measured in base only: not compared" */
static int hb_cmp_one_sided(struct hb_comparison *c, size_t file,
			    uint64_t size, const struct hb_cmp_buf *buf)
{
	char sz[32], list[256];
	size_t side, mi, used;
	int ret = 0;

	hb_size_human(size, sz, sizeof(sz));
	for (side = 0; side < 2 && !ret; side++) {
		list[0] = '\0';
		for (mi = used = 0; mi < HB_NR_METRICS; mi++)
			if (buf->only[side][hb_metric_order[mi]])
				used = hb_list_add(list, sizeof(list), used,
						   hb_metric_name(hb_metric_order[mi]));
		if (used)
			ret = hb_note(c, "%s: %s measured in %s only: not compared",
				      sz, list, hb_cmp_name(c, side ? file : 0));
	}
	return ret;
}

static int hb_cmp_size(struct hb_comparison *c, size_t file, uint64_t size,
		       struct hb_cmp_buf *buf)
{
	static const enum hb_kind kinds[] = { HB_COLD, HB_WARM };
	size_t k, mi, first;
	int ret = 0;

	memset(buf->only, 0, sizeof(buf->only));
	for (k = 0; k < 2 && !ret; k++) {
		if (!hb_cmp_has(&c->in[0].r, size, kinds[k]) ||
		    !hb_cmp_has(&c->in[file].r, size, kinds[k]))
			continue;
		first = c->nr_rows;
		for (mi = 0; mi < HB_NR_METRICS && !ret; mi++)
			ret = hb_cmp_metric(c, file, size, kinds[k],
					    hb_metric_order[mi], buf);
		hb_cmp_primary(c, first, c->nr_rows);
	}
	return ret ?: hb_cmp_one_sided(c, file, size, buf);
}

static bool hb_cfg_has_size(const struct hb_config *cfg, uint64_t size)
{
	size_t i;

	for (i = 0; i < cfg->nr_sizes; i++)
		if (cfg->sizes[i] == size)
			return true;
	return false;
}

/* Sizes of in[@i] that @other lacks become notes. */
static int hb_cmp_only_in(struct hb_comparison *c, size_t i,
			  const struct hb_config *other)
{
	const struct hb_config *cfg = &c->in[i].r.cfg;
	char sz[32];
	size_t k;
	int ret = 0;

	for (k = 0; k < cfg->nr_sizes && !ret; k++) {
		if (hb_cfg_has_size(other, cfg->sizes[k]))
			continue;
		hb_size_human(cfg->sizes[k], sz, sizeof(sz));
		ret = hb_note(c, "%s: measured in %s only: not compared", sz,
			      hb_cmp_name(c, i));
	}
	return ret;
}

/* Sizes of either side missing from the other become notes. */
static int hb_cmp_unmatched(struct hb_comparison *c, size_t file)
{
	return hb_cmp_only_in(c, 0, &c->in[file].r.cfg) ?:
	       hb_cmp_only_in(c, file, &c->in[0].r.cfg);
}

/* A side of one run gets no verdict: says so, and how to get one. */
static int hb_cmp_single(struct hb_comparison *c, size_t file)
{
	bool a = hb_result_runs(&c->in[0].r) < 2;
	bool b = hb_result_runs(&c->in[file].r) < 2;
	const char *how = hb_workload_of(&c->in[0].r.cfg)->verdict;

	if (a && b)
		return hb_note(c, "%s and %s are one run each: %s",
			       hb_cmp_name(c, 0), hb_cmp_name(c, file), how);
	if (a || b)
		return hb_note(c, "%s is one run: %s",
			       hb_cmp_name(c, a ? 0 : file), how);
	return 0;
}

/*
 * Keeps the memmaps both sides recorded of @size; memmaps of different
 * layouts get a note.
 */
static int hb_cmp_memmap(struct hb_comparison *c, size_t file,
			 uint64_t size)
{
	const struct hb_result *a = &c->in[0].r, *b = &c->in[file].r;
	enum hb_memmap_match m = hb_memmap_match(a, b, size);
	struct hb_cmp_memmap *mm;
	char sz[32];

	if (m == HB_MEMMAP_UNKNOWN)
		return 0;
	mm = realloc(c->memmaps, (c->nr_memmaps + 1) * sizeof(*mm));
	if (!mm)
		return -ENOMEM;
	c->memmaps = mm;
	mm = &c->memmaps[c->nr_memmaps++];
	mm->file = file;
	mm->size = size;
	mm->match = m;
	mm->a = *hb_result_memmap(a, size);
	mm->b = *hb_result_memmap(b, size);
	if (m != HB_MEMMAP_LAYOUT)
		return 0;
	return hb_note(c, "%s: the memmaps cannot be compared: struct page layout 0x%016" PRIx64 " in %s, 0x%016" PRIx64 " in %s",
		       hb_size_human(size, sz, sizeof(sz)), mm->a.layout,
		       hb_cmp_name(c, 0), mm->b.layout, hb_cmp_name(c, file));
}

static int hb_cmp_file(struct hb_comparison *c, size_t file,
		       struct hb_cmp_buf *buf)
{
	const struct hb_config *cfg = &c->in[0].r.cfg;
	size_t i;
	int ret = hb_cmp_unmatched(c, file);

	for (i = 0; i < cfg->nr_sizes && !ret; i++)
		if (hb_cfg_has_size(&c->in[file].r.cfg, cfg->sizes[i]))
			ret = hb_cmp_size(c, file, cfg->sizes[i], buf) ?:
			      hb_cmp_memmap(c, file, cfg->sizes[i]);
	if (!ret)
		ret = hb_cmp_family(c, file);
	if (!ret)
		ret = hb_cmp_single(c, file);
	if (!ret && !c->in[file].r.complete)
		ret = hb_note(c, "%s is incomplete (%s): compared what it has",
			      hb_cmp_name(c, file),
			      c->in[file].r.stop_reason ?: "stopped early");
	return ret;
}

/* "the struct pages differ: memmap digest 0x... (base) vs 0x... (new)" */
static int hb_cmp_refuse_memmap(const struct hb_comparison *c, size_t file,
				const struct hb_mismatch *mm, char *err,
				size_t len)
{
	char sz[32];

	snprintf(err, len, "%s and %s: the struct pages differ: memmap digest %s (%s) vs %s (%s) at %s; run hmmbench verify on both kernels, or --force compares them anyway",
		 c->in[0].path, c->in[file].path, mm->base, hb_cmp_name(c, 0),
		 mm->other, hb_cmp_name(c, file),
		 hb_size_human(mm->size, sz, sizeof(sz)));
	return -EINVAL;
}

/* The note of a difference --force overrode. */
static int hb_cmp_forced(struct hb_comparison *c, size_t file,
			 const struct hb_mismatch *mm)
{
	char sz[32];

	if (mm->size)
		return hb_note(c, "%s: the struct pages differ: memmap digest %s in %s, %s in %s" HB_FORCED_END,
			       hb_size_human(mm->size, sz, sizeof(sz)),
			       mm->base, hb_cmp_name(c, 0), mm->other,
			       hb_cmp_name(c, file));
	return hb_note(c, "%s: %s in %s, %s in %s" HB_FORCED_END, mm->field,
		       mm->base, hb_cmp_name(c, 0), mm->other,
		       hb_cmp_name(c, file));
}

/* Refuses, or with --force notes, every configuration difference. */
static int hb_cmp_configs(struct hb_comparison *c, bool force, char *err,
			  size_t len)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	size_t file, i, n;
	int ret = 0;

	for (file = 1; file < c->nr_in && !ret; file++) {
		n = hb_config_diff(&c->in[0].r, &c->in[file].r, false,
				   mm);
		if (n && !force && mm[0].size)
			return hb_cmp_refuse_memmap(c, file, mm, err, len);
		if (n && !force) {
			snprintf(err, len, "%s and %s differ in %s (%s against %s): their times are not comparable; --force compares them anyway",
				 c->in[0].path, c->in[file].path, mm[0].field,
				 mm[0].base, mm[0].other);
			return -EINVAL;
		}
		for (i = 0; i < n && !ret; i++)
			ret = hb_cmp_forced(c, file, &mm[i]);
		c->forced |= n > 0;
	}
	return ret;
}

static size_t hb_cmp_max_samples(const struct hb_input *in, size_t nr_in)
{
	size_t i, n = 1;

	for (i = 0; i < nr_in; i++)
		if (in[i].r.nr_samples > n)
			n = in[i].r.nr_samples;
	return n;
}

/* Whether new input @file has a row: a size and kind in common. */
static bool hb_cmp_any(const struct hb_comparison *c, size_t file)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].file == file)
			return true;
	return false;
}

/* Whether a sample of @r has metric @mi. */
static bool hb_cmp_has_metric(const struct hb_result *r, size_t mi)
{
	size_t i;
	double v;

	for (i = 0; i < r->nr_samples; i++)
		if (hb_metric_get(&hb_metrics[mi], &r->samples[i], &r->meta,
				  &v))
			return true;
	return false;
}

/* "to-device, to-system": the measured metrics @r has values of. */
static const char *hb_cmp_measured(const struct hb_result *r, char *buf,
				   size_t len)
{
	size_t k, mi, used = 0;

	buf[0] = '\0';
	for (k = 0; k < HB_NR_METRICS; k++) {
		mi = hb_metric_order[k];
		if (hb_metrics[mi].measured && hb_cmp_has_metric(r, mi))
			used = hb_list_add(buf, len, used, hb_metric_name(mi));
	}
	return buf;
}

/* Refuses a pair with nothing in common, naming what each measured. */
static int hb_cmp_nothing(const struct hb_comparison *c, size_t file,
			  char *err, size_t len)
{
	const struct hb_config *a = &c->in[0].r.cfg, *b = &c->in[file].r.cfg;
	char sa[32], sb[32], ma[160], mb[160];
	size_t i = 0;

	while (i < a->nr_sizes && !hb_cfg_has_size(b, a->sizes[i]))
		i++;
	if (i < a->nr_sizes) {
		snprintf(err, len, "%s and %s measured nothing in common (%s against %s): nothing to compare",
			 c->in[0].path, c->in[file].path,
			 hb_cmp_measured(&c->in[0].r, ma, sizeof(ma)),
			 hb_cmp_measured(&c->in[file].r, mb, sizeof(mb)));
		return -EINVAL;
	}
	snprintf(err, len, "%s and %s have no size measured in both (%s%s against %s%s): nothing to compare",
		 c->in[0].path, c->in[file].path,
		 hb_size_str(a->sizes[0], sa, sizeof(sa)),
		 a->nr_sizes > 1 ? "..." : "",
		 hb_size_str(b->sizes[0], sb, sizeof(sb)),
		 b->nr_sizes > 1 ? "..." : "");
	return -EINVAL;
}

int hb_compare(const struct hb_input *in, size_t nr_in, double alpha,
	       bool force, struct hb_comparison *c, char *err, size_t len)
{
	size_t n = hb_cmp_max_samples(in, nr_in), file;
	struct hb_cmp_buf buf = {
		malloc(n * sizeof(double)), malloc(n * sizeof(double)), { { 0 } },
	};
	int ret;

	memset(c, 0, sizeof(*c));
	c->in = in;
	c->nr_in = nr_in;
	c->alpha = alpha;
	ret = buf.a && buf.b ? hb_cmp_configs(c, force, err, len) : -ENOMEM;
	for (file = 1; file < nr_in && !ret; file++) {
		ret = hb_cmp_file(c, file, &buf);
		if (!ret && !hb_cmp_any(c, file))
			ret = hb_cmp_nothing(c, file, err, len);
	}
	if (!ret)
		ret = hb_cmp_warnings(c);
	free(buf.a);
	free(buf.b);
	if (ret == -ENOMEM)
		snprintf(err, len, "out of memory");
	if (ret)
		hb_comparison_free(c);
	return ret;
}

void hb_comparison_free(struct hb_comparison *c)
{
	size_t i;

	for (i = 0; i < c->nr_notes; i++)
		free(c->notes[i]);
	free(c->notes);
	free(c->rows);
	free(c->memmaps);
	c->notes = NULL;
	c->rows = NULL;
	c->memmaps = NULL;
	c->nr_notes = c->nr_rows = c->nr_memmaps = 0;
}

bool hb_comparison_icount(const struct hb_comparison *c)
{
	size_t i;

	for (i = 0; i < c->nr_in; i++)
		if (hb_meta_icount(&c->in[i].r.meta))
			return true;
	return false;
}

double hb_cmp_unit_cv(const struct hb_cmp_row *row, int side)
{
	double var = side ? row->w.var_b : row->w.var_a;
	double mean = side ? row->w.mean_b : row->w.mean_a;
	size_t n = side ? row->nb : row->na;

	if (n < 2 || isnan(var) || !(mean != 0.0))
		return NAN;
	return sqrt(var) / fabs(mean);
}

bool hb_cmp_note_forced(const char *note, size_t *len)
{
	size_t n = strlen(note), k = strlen(HB_FORCED_END);

	if (n < k || strcmp(note + n - k, HB_FORCED_END))
		return false;
	*len = n - k;
	return true;
}

bool hb_cmp_any_exact(const struct hb_comparison *c)
{
	size_t i;

	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].exact)
			return true;
	return false;
}
