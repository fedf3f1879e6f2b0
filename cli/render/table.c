// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the human table of every workload.  First where it was
 * measured and what that means.  A run shows each size's metrics, the
 * first call beside the warm ones' mean, interval, median and CV (of a
 * merged result, over the runs' means), in 80 columns, the times of a
 * size in one unit its heading names; a migration shows each direction's
 * calls so, under what its records say of them (mig_table.c), then its
 * faults; a sweep shows one row per size, how it scales.  --wide shows
 * everything: min, max and the median's interval, a sweep's sizes one by
 * one, and a merged result's figures pooled over every call.  Then what
 * the columns mean, the kernel's store bandwidth for each size's struct
 * pages, and the memmap digest of each size.  Under icount,
 * instructions, and no bandwidth.  For people only; scripts use CSV or
 * JSON.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/renderers.h"
#include "render/roof.h"
#include "render/stopped.h"
#include "render/tables.h"
#include "render/wrap.h"

/*
 * What ran - a namespace's rebinds, a mirror's buffer, or chunks per
 * iteration - into @what, and how they were measured into @extras; the
 * length of @extras.
 */
static size_t hb_table_what(const struct hb_result *r, char *what,
			    size_t wlen, char *extras, size_t elen)
{
	const struct hb_config *c = &r->cfg;
	unsigned int runs = hb_result_runs(r);
	char cp[32], ns[160];
	size_t n = 0;

	if (hb_config_namespace(c, ns, sizeof(ns)))
		snprintf(what, wlen, "%s, %u first + %u rebind%s", ns,
			 runs, c->iters, c->iters == 1 ? "" : "s");
	else if (hb_config_mirror(c))
		snprintf(what, wlen, "%s buffer, --state %s, --fault %s, batches of %" PRIu64 " pages, %u first + %u warm iteration%s",
			 hb_size_human(c->sizes[0], cp, sizeof(cp)),
			 c->mirror_state, c->mirror_fault, c->batch, runs,
			 c->iters, c->iters == 1 ? "" : "s");
	else
		snprintf(what, wlen, "%u chunk%s per iteration, %u first + %u warm iteration%s",
			 c->chunks, c->chunks == 1 ? "" : "s", runs, c->iters,
			 c->iters == 1 ? "" : "s");
	extras[0] = '\0';
	if (c->warmup)
		n += snprintf(extras + n, elen - n,
			      " (+%u warmup, excluded)", c->warmup);
	if (c->invalidate)
		n += snprintf(extras + n, elen - n,
			      ", invalidating %" PRIu64 " times a second",
			      c->invalidate);
	if (c->interleave && n < elen)
		n += snprintf(extras + n, elen - n, ", sizes interleaved");
	if (hb_config_compound(c, cp, sizeof(cp)) && !c->ns_name && n < elen)
		n += snprintf(extras + n, elen - n, ", %s compound pages", cp);
	return n;
}

/*
 * The first lines: what ran and how it was measured (of a migration,
 * what its records say it moved), and its label, as every table starts.
 */
static void hb_table_header(FILE *f, const struct hb_result *r)
{
	char what[256], extras[256];
	size_t n;

	if (hb_workload_of(&r->cfg)->records)
		n = hb_mig_table_what(r, what, sizeof(what), extras,
				      sizeof(extras));
	else
		n = hb_table_what(r, what, sizeof(what), extras,
				  sizeof(extras));
	if (r->cfg.label && n < sizeof(extras))
		snprintf(extras + n, sizeof(extras) - n, ", label \"%s\"",
			 r->cfg.label);
	hb_table_head(f, r, what, extras);
}

/*
 * Whether the first call of @size was the first MAP since the module
 * was loaded (after boot, in the VM): the first size measured, by a
 * module that had made no mapping before.
 */
static bool hb_table_cold(const struct hb_result *r, uint64_t size)
{
	return !r->meta.info.maps_total && size == r->cfg.sizes[0] &&
	       hb_workload_of(&r->cfg)->id == HB_WL_CHUNK;
}

/*
 * Whether metric @id is a row of @r's blocks of @group: a count is
 * not.
 */
static bool hb_table_has(const struct hb_result *r, enum hb_metric_id id,
			 unsigned int group)
{
	return hb_metric_shown(&r->cfg, &r->meta, id) &&
	       hb_metric_of_group(id, group) &&
	       !hb_metrics[id].tally && !hb_metrics[id].hidden;
}

/* The marks of rows made of fewer samples than the table's n. */
static const char *const hb_table_marks[] = { "*", "**", "***" };
#define HB_NR_MARKS	(sizeof(hb_table_marks) / sizeof(hb_table_marks[0]))

/* The n of a size's table, and of each mark its rows got. */
struct hb_table_ns {
	size_t cold, warm;		/* samples (n) */
	size_t mark_cold[HB_NR_MARKS], mark_warm[HB_NR_MARKS];
	size_t nr_marks;
};

/* Whether @n samples are some, but fewer than @all. */
static bool hb_table_fewer(size_t n, size_t all)
{
	return n && n < all;
}

/* The mark of a row of @cold and @warm samples; "" at the table's n. */
static const char *hb_table_mark(struct hb_table_ns *ns,
				 const struct hb_stats *cold,
				 const struct hb_stats *warm)
{
	size_t i;

	if (!hb_table_fewer(cold->n, ns->cold) &&
	    !hb_table_fewer(warm->n, ns->warm))
		return "";
	for (i = 0; i < ns->nr_marks; i++)
		if (ns->mark_cold[i] == cold->n && ns->mark_warm[i] == warm->n)
			return hb_table_marks[i];
	if (i == HB_NR_MARKS)
		return hb_table_marks[HB_NR_MARKS - 1];
	ns->mark_cold[i] = cold->n;
	ns->mark_warm[i] = warm->n;
	ns->nr_marks++;
	return hb_table_marks[i];
}

/*
 * The line of metric @id: its title and mark, its unit, and its
 * reference value, which a part ("  rest of memremap") takes from its
 * whole above it in the same unit, so that its cells have their
 * column's decimals.
 */
static void hb_table_line(struct hb_table_line *ln, struct hb_table_ns *ns,
			  const struct hb_meta *m, enum hb_metric_id id,
			  enum hb_metric_id whole,
			  const struct hb_stats *cold,
			  const struct hb_stats *warm)
{
	const char *mark = hb_table_mark(ns, &cold[id], &warm[id]);
	char t[40];

	snprintf(ln->title, sizeof(ln->title), "%s%s%s",
		 hb_metric_title(id, hb_meta_icount(m), t, sizeof(t)),
		 *mark ? " " : "", mark);
	ln->unit = hb_metric_unit(id, m);
	if (id != whole && hb_metrics[id].unit == hb_metrics[whole].unit)
		id = whole;
	ln->ref = isnan(warm[id].mean) ? cold[id].mean : warm[id].mean;
}

/* Says what each mark of @ns stands for: the n of its rows. */
static void hb_table_mark_legend(FILE *f, const struct hb_table_ns *ns,
				 const char *first, const char *what)
{
	size_t i;

	for (i = 0; i < ns->nr_marks; i++)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "%s n = %zu %s, %zu warm: the %s that have every value the row needs.",
			 hb_table_marks[i], ns->mark_cold[i], first,
			 ns->mark_warm[i], what);
}

/*
 * The lines of a size's rows into @ln (HB_NR_METRICS of them, by
 * metric): titles, marks, units and the title column's width; and the
 * unit of each column, over every value the rows show.
 */
static void hb_table_lines(struct hb_table_line *ln, struct hb_table_ns *ns,
			   struct hb_cols *u, const struct hb_result *r,
			   unsigned int group, const struct hb_stats *cold,
			   const struct hb_stats *warm, bool wide)
{
	enum hb_metric_id id, whole = HB_M_REGION;
	int width = 21;
	size_t mi;

	hb_cols_init(u);
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		id = hb_metric_order[mi];
		if (!hb_table_has(r, id, group))
			continue;
		if (hb_metrics[id].title[0] != ' ')
			whole = id;
		hb_table_line(&ln[id], ns, &r->meta, id, whole, cold, warm);
		if ((int)strlen(ln[id].title) > width)
			width = strlen(ln[id].title);
		hb_cols_add(u, ln[id].unit, cold[id].mean);
		hb_cols_add(u, ln[id].unit, warm[id].mean);
		hb_cols_add(u, ln[id].unit, warm[id].median);
		if (wide) {
			hb_cols_add(u, ln[id].unit, warm[id].min);
			hb_cols_add(u, ln[id].unit, warm[id].max);
		}
	}
	for (mi = 0; mi < HB_NR_METRICS; mi++)
		ln[mi].width = width;
}

/*
 * What the calls of a workload that counts found (a mirror's pages by
 * state, its batches and retries): "per call: 4096 pages, 4096 valid,
 * ...", each count of the warm calls (else the first) as a value or its
 * range over them.
 */
static void hb_table_tallies(FILE *f, const struct hb_result *r,
			     const struct hb_stats *cold,
			     const struct hb_stats *warm)
{
	char line[1024], v[64];
	const struct hb_stats *st;
	size_t mi, n = 0;
	enum hb_metric_id id;

	line[0] = '\0';
	for (mi = 0; mi < HB_NR_METRICS && n < sizeof(line); mi++) {
		id = hb_metric_order[mi];
		if (!hb_metrics[id].tally ||
		    hb_metrics[id].unit != HB_UNIT_COUNT ||
		    !hb_metric_shown(&r->cfg, &r->meta, id))
			continue;
		st = warm[id].n ? &warm[id] : &cold[id];
		if (!st->n)
			continue;
		if (st->min == st->max)
			snprintf(v, sizeof(v), "%.0f", st->min);
		else
			snprintf(v, sizeof(v), "%.0f-%.0f", st->min, st->max);
		n += snprintf(line + n, sizeof(line) - n, "%s%s %s",
			      n ? ", " : "", v, hb_metrics[id].title);
	}
	if (n)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "per call: %s", line);
}

/*
 * The rows of one size, or of a migration's direction (@ms its records'
 * summaries, else NULL): @cs and @ws its cold and warm summaries, over
 * the runs' means of a merged result (@by_run) or over the samples
 * (pooled: of a merged result, for --wide).
 */
static void hb_table_block(FILE *f, const struct hb_result *r,
			   const struct hb_summary *cs,
			   const struct hb_summary *ws, bool by_run,
			   bool wide, const struct hb_mig_summaries *ms)
{
	const char *first = hb_table_cold(r, ws->size) ? "cold" : "first";
	const char *counted = hb_workload_of(&r->cfg)->counted;
	const struct hb_stats *cold = by_run ? cs->run : cs->st;
	const struct hb_stats *warm = by_run ? ws->run : ws->st;
	struct hb_table_ns ns = { 0 };
	struct hb_table_line ln[HB_NR_METRICS];
	const char *mean = by_run ? "runs' mean" : "warm mean";
	const struct hb_table_runs runs = {
		cs->calls_lo, cs->calls_hi, ws->calls_lo, ws->calls_hi
	};
	enum hb_unit time = hb_metric_unit(hb_headline(&r->cfg), &r->meta);
	enum hb_metric_id id;
	struct hb_cols u;
	char sz[32], title[64];
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		ns.cold = cold[mi].n > ns.cold ? cold[mi].n : ns.cold;
		ns.warm = warm[mi].n > ns.warm ? warm[mi].n : ns.warm;
	}
	hb_table_lines(ln, &ns, &u, r, ws->group, cold, warm, wide);
	hb_size_human(ws->size, sz, sizeof(sz));
	fputc('\n', f);
	if (ms)
		hb_mig_table_heading(f, r, ws->group, ms);
	else
		hb_table_tallies(f, r, cold, warm);
	/* the unit of every time below, which the cells leave out */
	if (ms)
		snprintf(title, sizeof(title), "times in %s",
			 hb_col_unit(&u.u[time]));
	else
		snprintf(title, sizeof(title), "%s%s%s%s", sz,
			 r->nr_sources && !by_run ? ", pooled" : "",
			 u.u[time].hi ? ", " : "",
			 u.u[time].hi ? hb_col_unit(&u.u[time]) : "");
	if (wide)
		fprintf(f, "%-*s %11s %11s %12s %11s  %-25s %11s %11s %6s\n",
			ln[0].width, title, first, mean, "95% CI", "median",
			"median 95% CI", "min", "max", "CV");
	else
		hb_table_heading(f, ln[0].width, title, first, mean);
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		id = hb_metric_order[mi];
		if (hb_table_has(r, id, ws->group))
			(wide ? hb_table_row_wide : hb_table_row)(f, &u,
				&cold[id], &warm[id], &ln[id]);
	}
	hb_table_counts(f, ln[0].width, by_run ? "calls" : counted,
			ns.cold, ns.warm, by_run ? &runs : NULL);
	hb_table_mark_legend(f, &ns, first, by_run ? "runs" : counted);
	if (ms)
		hb_mig_table_roof(f, r, cs, ws);
}

/*
 * A size: of a merged result by run, then with --wide pooled over its
 * samples too.
 */
static void hb_table_size(FILE *f, const struct hb_result *r,
			  const struct hb_summary *cold,
			  const struct hb_summary *warm, bool wide)
{
	hb_table_block(f, r, cold, warm, warm->by_run, wide, NULL);
	if (warm->by_run && wide)
		hb_table_block(f, r, cold, warm, false, wide, NULL);
}

/*
 * A migration's direction, when it was asked for: its calls' rows, or
 * that it measured none.
 */
static void hb_table_direction(FILE *f, const struct hb_result *r,
			       const struct hb_summary *cold,
			       const struct hb_summary *warm,
			       const struct hb_mig_summaries *ms)
{
	enum hb_mig_dir d = warm->group;

	if (!(r->cfg.dirs & HB_MIG_BIT(d)))
		return;
	if (!ms->call[d][HB_MIG_FIRST].n && !ms->call[d][HB_MIG_WARM].n)
		fprintf(f, "\n%s: not measured\n", hb_mig_dir_option(d));
	else
		hb_table_block(f, r, cold, warm, warm->by_run, false, ms);
}

/* "28.1 ms ± 0.6 ms" in @u's unit, or "-". */
static const char *hb_table_mean_pm(char *buf, size_t len,
				    const struct hb_cols *u, enum hb_unit unit,
				    const struct hb_stats *st)
{
	char m[32], pm[48];

	if (isnan(st->mean))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s %s",
			 hb_fmt_cells(m, sizeof(m), u, unit, st->mean, st->mean),
			 hb_table_pm(pm, sizeof(pm), u, unit, st, st->mean));
	return buf;
}

/* Per 4 KiB with one decimal, or "-". */
static const char *hb_table_pp(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f", v);
	return buf;
}

/* The columns of a sweep's table, each with its one unit. */
static const enum hb_metric_id hb_sweep_cols[] = {
	HB_M_MEMREMAP, HB_M_MEMMAP_INIT, HB_M_MEMUNMAP,
};

/*
 * A sweep: one row per size, the warm means (of a merged result, the
 * runs' means), how they scale; each column in one unit.
 */
static void hb_table_sweep(FILE *f, const struct hb_result *r,
			   const struct hb_summary *sum, size_t nr)
{
	char sz[32], remap[64], init[64], pp[32], ipp[32], unmap[32];
	char un[3][24];
	const char *per = hb_meta_icount(&r->meta) ? "instr/4KiB" : "ns/4KiB";
	int pw = strlen(per) > 8 ? (int)strlen(per) : 8;
	struct hb_cols u[3];
	const struct hb_stats *st;
	enum hb_unit unit = hb_metric_unit(HB_M_MEMREMAP, &r->meta);
	size_t i, k;

	for (k = 0; k < 3; k++) {
		hb_cols_init(&u[k]);
		for (i = 1; i < nr; i += 2)
			hb_cols_add(&u[k], unit,
				    hb_summary_shown(&sum[i])[hb_sweep_cols[k]].mean);
	}
	/* each time column's unit, each per-4-KiB column what it divides */
	for (k = 0; k < 3; k++)
		hb_col_heading(un[k], sizeof(un[k]), &u[k].u[unit]);
	fprintf(f, "\n%-7s %19s %19s %*s %11s %9s\n", "", un[0], un[1], pw,
		"memremap", "memmap_init", un[2]);
	fprintf(f, "%-7s %19s %19s %*s %11s %9s\n", "size", "memremap_pages",
		"memmap_init phase", pw, per, per, "memunmap");
	for (i = 1; i < nr; i += 2) {
		st = hb_summary_shown(&sum[i]);
		hb_table_mean_pm(remap, sizeof(remap), &u[0], unit,
				 &st[HB_M_MEMREMAP]);
		hb_table_mean_pm(init, sizeof(init), &u[1], unit,
				 &st[HB_M_MEMMAP_INIT]);
		/* the ± sign takes two bytes but one column */
		fprintf(f, "%-7s %*s %*s %*s %11s %9s\n",
			hb_size_human(sum[i].size, sz, sizeof(sz)),
			19 + !!strstr(remap, "±"), remap,
			19 + !!strstr(init, "±"), init, pw,
			hb_table_pp(pp, sizeof(pp), st[HB_M_MEMREMAP_PP].mean),
			hb_table_pp(ipp, sizeof(ipp),
				    st[HB_M_MEMMAP_INIT_PP].mean),
			hb_fmt_cells(unmap, sizeof(unmap), &u[2], unit,
				    st[HB_M_MEMUNMAP].mean, NAN));
	}
}

/* Notes on the warm samples that a mean misdescribes. */
static void hb_table_shapes(FILE *f, const struct hb_result *r,
			    const struct hb_summary *sum, size_t nr)
{
	const struct hb_metric *m;
	const struct hb_stats *st;
	char sz[32], what[160];
	size_t i, mi;

	for (i = 1; i < nr; i += 2) {
		for (mi = 0; mi < HB_NR_METRICS; mi++) {
			m = &hb_metrics[hb_metric_order[mi]];
			st = &sum[i].st[hb_metric_order[mi]];
			if (!m->measured || !m->cover ||
			    !hb_shape_odd(&st->shape))
				continue;
			hb_shape_str(what, sizeof(what), &st->shape,
				     st->median,
				     hb_metric_unit(hb_metric_order[mi],
						    &r->meta));
			hb_wrapf(f, "  ", HB_TABLE_COLS, "note: %s warm %s: %s",
				 hb_size_human(sum[i].size, sz, sizeof(sz)),
				 hb_metric_name(hb_metric_order[mi]),
				 hb_nbsp_units(what));
		}
	}
}

/* What a mirror's first call and rows are. */
#define HB_TABLE_MIRROR_LEGEND \
	"first: the first iteration, on a new buffer as every iteration is. " \
	"mirror, kernel total: MIRROR's batches, each from its first attempt to the end of its device update; " \
	"hmm_range_fault, device update (a store per page into the module's table, under its lock) and retried attempts: its parts; " \
	"rest of the call: mmu_interval_read_begin() and the locks around them. " \
	"invalidate callbacks: the notifier's, on any thread. " \
	"fastest batch, batch p50, p90, p99 and slowest batch: of each call's hmm_range_fault() batches, per 4 KiB of a batch. " \
	"retries per batch: -EBUSY and mmu_interval_read_retry() retries. " \
	"wall - kernel: the ioctl as this process timed it, less the kernel's total: the notifier's insertion and removal, the table's allocation and the system call."

/* What the columns mean, for what the table shows. */
static void hb_table_legend(FILE *f, const struct hb_result *r, bool sweep,
			    bool wide)
{
	const char *per = hb_meta_icount(&r->meta) ? "instr/4KiB" : "ns/4KiB";
	const char *first = hb_table_cold(r, r->cfg.sizes[0]) ? "cold" : "first";
	unsigned int runs = hb_result_runs(r);
	char sz[32];

	fputc('\n', f);
	if (r->nr_sources > 1)
		hb_wrapf(f, "", HB_TABLE_COLS, "Each run counts once, by the mean of its calls, as hmmbench compare tests them: %s is the mean of the %u runs' means, ± the half-width of its 95%% confidence interval (Student\x1ft, %u runs), median and CV are of the runs' means.%s%s%s",
			 sweep ? "each figure" : "runs' mean", runs, runs,
			 sweep ? "" : " ", sweep ? "" : first,
			 sweep ? "" : ": the mean of the runs' first calls.");
	else if (sweep)
		hb_wrap(f, "Means of the warm calls; ± is the half-width of their 95% confidence interval (Student\x1ft).",
			"", HB_TABLE_COLS);
	else
		hb_wrap(f, "± is the half-width of the 95% confidence interval of the warm mean (Student\x1ft).",
			"", HB_TABLE_COLS);
	if (sweep)
		hb_wrapf(f, "", HB_TABLE_COLS, "memremap %s, memmap_init %s: each per 4 KiB of device memory.",
			 per, per);
	if (r->cfg.ns_name)
		hb_wrap(f, r->cfg.first_bind_reconfigure ?
			"first: the bind of ndctl create-namespace (--reconfigure), the first of the namespace in its mode. Per 4 KiB: per struct page initialised." :
			"first: the first rebind of this run, apart from the others but not the first bind after boot (--reconfigure makes that one). Per 4 KiB: per struct page initialised.",
			"", HB_TABLE_COLS);
	else if (hb_config_mirror(&r->cfg))
		hb_wrap(f, HB_TABLE_MIRROR_LEGEND, "", HB_TABLE_COLS);
	else if (!r->meta.info.maps_total)
		hb_wrapf(f, "", HB_TABLE_COLS, "cold: the first call after the module was loaded (after boot, in the VM)%s%s.",
			 r->cfg.nr_sizes > 1 ? ", of the first size, " : "",
			 r->cfg.nr_sizes > 1 ? hb_size_human(r->cfg.sizes[0], sz, sizeof(sz)) : "");
	if (hb_workload_of(&r->cfg)->id == HB_WL_CHUNK &&
	    (r->cfg.nr_sizes > 1 || r->meta.info.maps_total))
		hb_wrap(f, "first: the first call of a size after other calls of the module: not cold, but apart from the warm ones.",
			"", HB_TABLE_COLS);
	if (wide)
		hb_wrap(f, "median 95% CI: from order statistics (binomial ranks); it needs n >= 6.",
			"", HB_TABLE_COLS);
	if (wide && r->nr_sources > 1)
		hb_wrapf(f, "", HB_TABLE_COLS, "pooled: over the %zu runs' samples taken as one, whose intervals take every sample as independent; but samples of one boot are not, and the run-to-run spread is missing from them.",
			 r->nr_sources);
	if (!wide)
		hb_wrap(f, sweep ? "--wide shows each size in full." :
			r->nr_sources > 1 ? "--wide adds min, max, the median's interval, and the figures pooled over every call." :
					   "--wide adds min, max and the median's interval.",
			"", HB_TABLE_COLS);
}

/* The memmap digest of each size that was verified, and its verdict. */
static void hb_table_memmaps(FILE *f, const struct hb_result *r)
{
	const struct hb_memmap *m;
	char sz[32], bad[96];
	size_t i;

	for (i = 0; i < r->cfg.nr_sizes; i++) {
		m = &r->memmap[i];
		if (!m->valid)
			continue;
		if (m->bad_pages)
			snprintf(bad, sizeof(bad), "%" PRIu64 " break an invariant (hmmbench verify shows which)",
				 m->bad_pages);
		hb_wrapf(f, "", HB_TABLE_COLS, "memmap of %s: digest 0x%016" PRIx64 ", layout 0x%016" PRIx64 ", %" PRIu64 " pages, %s",
			 hb_size_human(r->cfg.sizes[i], sz, sizeof(sz)),
			 m->digest, m->layout, m->pages,
			 m->bad_pages ? bad : "all invariants hold");
	}
}

static void hb_table_notes(FILE *f, const struct hb_result *r,
			   const struct hb_summary *sum, size_t nr)
{
	enum hb_unit unit = hb_metric_unit(HB_M_MEMREMAP, &r->meta);
	char wall[32], kern[32], stopped[256];
	size_t i;
	bool phase = false;

	for (i = 0; i < nr; i++)
		phase |= sum[i].st[HB_M_MEMMAP_INIT].n > 0;
	if (!phase && hb_metric_applies(&r->cfg, HB_M_MEMMAP_INIT))
		hb_wrap(f, "memmap_init phase: not measured - the module could not probe memmap_init_zone_device() on this kernel.",
			"", HB_TABLE_COLS);
	if (r->meta.info.maps_total &&
	    hb_workload_of(&r->cfg)->id == HB_WL_CHUNK)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "note: the module had made %" PRIu64 " mappings before this run, so no call is the first after loading it.",
			 (uint64_t)r->meta.info.maps_total);
	hb_table_shapes(f, r, sum, nr);
	hb_roof_write(f, r, sum, nr, "", HB_TABLE_COLS);
	hb_table_memmaps(f, r);
	hb_wrapf(f, "", HB_TABLE_COLS, "wall time %s (the measurement loop, not the whole command), kernel time %s (sum of the phases timed in the kernel)",
		 hb_fmt_human(wall, sizeof(wall), unit, r->wall_ns),
		 hb_fmt_human(kern, sizeof(kern), unit, hb_kernel_ns(r)));
	if (hb_stopped_text(stopped, sizeof(stopped), r, sum, nr))
		hb_wrap(f, stopped, "", HB_TABLE_COLS);
	if (!r->complete)
		hb_wrapf(f, "", HB_TABLE_COLS, "INCOMPLETE (%s): only %zu samples were measured.",
			 r->stop_reason ? r->stop_reason : "stopped",
			 r->nr_samples);
}

/* A migration's rows by direction, faults, legend and notes. */
static int hb_table_migration(FILE *f, const struct hb_result *r,
			      const struct hb_summary *sum, size_t nr)
{
	struct hb_mig_summaries *ms;
	size_t i;
	int ret;

	ret = hb_mig_summaries_new(r, &ms);
	if (ret)
		return ret;
	for (i = 0; i + 1 < nr; i += 2)
		hb_table_direction(f, r, &sum[i], &sum[i + 1], ms);
	if (r->cfg.dirs & HB_MIG_BIT(HB_MIG_FAULT))
		hb_mig_table_faults(f, r, ms);
	hb_mig_table_legend(f, r);
	hb_mig_table_notes(f, r, ms);
	free(ms);
	return 0;
}

int hb_render_table(FILE *f, const struct hb_result *r,
		    const struct hb_summary *sum, size_t nr, bool wide)
{
	bool sweep = r->cfg.nr_sizes > 1;
	size_t i;

	hb_table_header(f, r);
	if (hb_workload_of(&r->cfg)->records)
		return hb_table_migration(f, r, sum, nr);
	if (sweep)
		hb_table_sweep(f, r, sum, nr);
	for (i = 0; i + 1 < nr && (wide || !sweep); i += 2)
		hb_table_size(f, r, &sum[i], &sum[i + 1], wide);
	hb_table_legend(f, r, sweep, wide);
	hb_table_notes(f, r, sum, nr);
	return 0;
}
