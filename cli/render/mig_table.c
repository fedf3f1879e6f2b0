// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: a migration's records in the one table (table.c), in 80
 * columns: what its first lines say it moved, the order pages moved in
 * and the counts of a call above each direction's rows, the copy phase
 * against the roofline under them, then the faults: the percentiles of
 * the latency the process saw and of the kernel's handler, with the
 * handler's phases.  Then what the rows mean and what went wrong.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "render/renderers.h"
#include "render/tables.h"
#include "render/wrap.h"
#include "results/fields.h"

#define HB_TITLE_W	21	/* the fault rows' titles */

/* "to-device, to-system and fault" of cfg.dirs. */
static const char *hb_mig_dirs_str(unsigned int dirs, char *buf, size_t len)
{
	size_t used = 0, left = __builtin_popcount(dirs & HB_MIG_ALL);
	enum hb_mig_dir d;

	buf[0] = '\0';
	for (d = 0; d < HB_MIG_NR_DIRS && used < len; d++) {
		if (!(dirs & HB_MIG_BIT(d)))
			continue;
		left--;
		used += snprintf(buf + used, len - used, "%s%s",
				 hb_mig_dir_option(d),
				 !left ? "" : left == 1 ? " and " : ", ");
	}
	return buf;
}

/* hb_size_human() that the wrapping keeps on one line: "128 MiB". */
static const char *hb_mig_size(uint64_t bytes, char *buf, size_t len)
{
	char *sp;

	hb_size_human(bytes, buf, len);
	sp = strchr(buf, ' ');
	if (sp)
		*sp = HB_NBSP;
	return buf;
}

size_t hb_mig_table_what(const struct hb_result *r, char *what, size_t wlen,
			 char *extras, size_t elen)
{
	const struct hb_config *c = &r->cfg;
	uint64_t ps = r->meta.info.page_size;
	char sz[32], ch[32], dirs[64], batch[64];
	int n;

	if (c->batch)
		snprintf(batch, sizeof(batch), "%" PRIu64 " pages", c->batch);
	else
		snprintf(batch, sizeof(batch), "%" PRIu64 " pages (the kernel's default)",
			 hb_mig_pmd_pages(ps));
	snprintf(what, wlen, "%s of %s, %u first + %u warm iteration%s",
		 hb_mig_dirs_str(c->dirs, dirs, sizeof(dirs)),
		 hb_mig_size(c->sizes[0], sz, sizeof(sz)), hb_result_runs(r),
		 c->iters, c->iters == 1 ? "" : "s");
	n = snprintf(extras, elen, ", %s, batches of %s, a %s chunk as device memory",
		     c->thp ? "THP asked for" : "base pages (--no-thp)", batch,
		     hb_mig_size(c->chunk_size, ch, sizeof(ch)));
	return n > 0 ? (size_t)n : 0;
}

/* "65536", or "65024-65536" when the calls differ. */
static const char *hb_mig_range_str(char *buf, size_t len,
				    const struct hb_mig_range *rg)
{
	if (rg->min == rg->max)
		snprintf(buf, len, "%" PRIu64, rg->min);
	else
		snprintf(buf, len, "%" PRIu64 "-%" PRIu64, rg->min, rg->max);
	return buf;
}

/*
 * The order the calls of @s moved pages in: per call when every call
 * moved the same, else over all of them.
 */
static const char *hb_mig_table_order(char *buf, size_t len,
				      const struct hb_mig_summary *s,
				      uint64_t page_size)
{
	const struct hb_mig_range *mg = &s->count[HB_MC_MIGRATED];
	const struct hb_mig_range *thp = &s->count[HB_MC_THP];
	char label[96];
	size_t used;

	if (mg->min == mg->max && thp->min == thp->max)
		return hb_mig_order_label(buf, len, mg->min, thp->min,
					  page_size);
	hb_mig_order_label(label, sizeof(label), mg->total, thp->total,
			   page_size);
	used = snprintf(buf, len, "%s", label);
	if (hb_mig_order(mg->total, thp->total, hb_mig_pmd_pages(page_size)) ==
	    HB_ORDER_MIXED && used < len)
		snprintf(buf + used, len - used, " over %zu calls", s->n);
	return buf;
}

/*
 * "none skipped", or what a call skipped, and why: "skipped 0 not
 * collected, 3 without a destination page, 0 busy".
 */
static const char *hb_mig_skips(char *buf, size_t len,
				const struct hb_mig_summary *s)
{
	const struct hb_fields *t = &hb_mig_count_fields;
	size_t id, used;
	char rg[44];

	for (id = HB_MC_SKIP_UNCOLLECTED; id < HB_MC_NR; id++)
		if (s->count[id].max)
			break;
	if (id == HB_MC_NR) {
		snprintf(buf, len, "none skipped");
		return buf;
	}
	used = snprintf(buf, len, "skipped");
	for (id = HB_MC_SKIP_UNCOLLECTED; id < HB_MC_NR && used < len; id++)
		used += snprintf(buf + used, len - used, "%s %s %s",
				 id == HB_MC_SKIP_UNCOLLECTED ? "" : ",",
				 hb_mig_range_str(rg, sizeof(rg),
						  &s->count[id]),
				 t->f[id].title);
	return buf;
}

/*
 * "to-device: THP; per call 65536 of 65536 pages moved, 128 THP folios
 * whole, 0 split, none skipped"
 */
void hb_mig_table_heading(FILE *f, const struct hb_result *r,
			  enum hb_mig_dir d, const struct hb_mig_summaries *ms)
{
	const struct hb_mig_summary *s = ms->call[d][HB_MIG_WARM].n ?
		&ms->call[d][HB_MIG_WARM] : &ms->call[d][HB_MIG_FIRST];
	uint64_t ps = r->meta.info.page_size;
	char order[128], mg[48], rq[48], a[48], b[48], thp[128] = "";
	char skip[256];

	if (r->cfg.thp || s->count[HB_MC_THP].max)
		snprintf(thp, sizeof(thp), ", %s THP folios whole, %s split",
			 hb_mig_range_str(a, sizeof(a), &s->count[HB_MC_THP]),
			 hb_mig_range_str(b, sizeof(b),
					  &s->count[HB_MC_SPLIT]));
	hb_wrapf(f, "  ", HB_TABLE_COLS, "%s: %s; per call %s of %s pages moved%s, %s",
		 hb_mig_dir_option(d),
		 hb_mig_table_order(order, sizeof(order), s, ps),
		 hb_mig_range_str(mg, sizeof(mg), &s->count[HB_MC_MIGRATED]),
		 hb_mig_range_str(rq, sizeof(rq), &s->count[HB_MC_REQUESTED]),
		 thp, hb_mig_skips(skip, sizeof(skip), s));
}

/*
 * The copy phase against ROOFLINE's copy of as many bytes: "copy against
 * the roofline: 78.7% of the kernel's copy_highpage() of 16 MiB outside
 * any migration (ROOFLINE: 2.91 GiB/s)", or why it was not measured.
 */
void hb_mig_table_roof(FILE *f, const struct hb_result *r,
		       const struct hb_summary *first,
		       const struct hb_summary *warm)
{
	const struct hb_stats *st = &warm->st[HB_M_CALL_COPY_RATE];
	const struct hb_roof *rf = &r->meta.roof[0];
	char sz[32];
	double bps;

	/* a rate of instructions means nothing */
	if (hb_meta_icount(&r->meta))
		return;
	if (!hb_roof_rate(rf, HMMBENCH_R_COPY, &bps)) {
		if (r->mig.roof_skip[0])
			hb_wrapf(f, "  ", HB_TABLE_COLS, "copy against the roofline: not measured: %s.",
				 r->mig.roof_skip);
		return;
	}
	if (isnan(st->mean))
		st = &first->st[HB_M_CALL_COPY_RATE];
	if (isnan(st->mean))
		return;
	hb_wrapf(f, "  ", HB_TABLE_COLS, "copy against the roofline: %.1f%% of the kernel's copy_highpage() of %s outside any migration (ROOFLINE: %.2f GiB/s%s)%s",
		 100 * st->mean * (1ULL << 30) / bps,
		 hb_mig_size(rf->copy_bytes, sz, sizeof(sz)),
		 bps / (1ULL << 30),
		 r->nr_sources ? ", of the first run merged" : "",
		 hb_meta_emulated(&r->meta) ?
		 "; under emulation, which says little about hardware" : "");
}

/*
 * One latency's percentiles, in @u's one unit with the decimals of its
 * median, or the share of a phase alone.
 */
static void hb_mig_pct_row(FILE *f, const struct hb_cols *u, enum hb_unit unit,
			   const char *title, const struct hb_pcts *p,
			   double share)
{
	char a[32] = "", b[32] = "", c[32] = "", m[32] = "", sh[16] = "";
	char line[224];
	size_t n;

	if (p) {
		hb_fmt_cells(a, sizeof(a), u, unit, p->p50, p->p50);
		hb_fmt_cells(b, sizeof(b), u, unit, p->p90, p->p50);
		hb_fmt_cells(c, sizeof(c), u, unit, p->p99, p->p50);
		hb_fmt_cells(m, sizeof(m), u, unit, p->max, p->p50);
	}
	if (!isnan(share))
		snprintf(sh, sizeof(sh), "%.1f%%", share);
	snprintf(line, sizeof(line), "%-*s %11s %11s %11s %11s %7s",
		 HB_TITLE_W, title, a, b, c, m, hb_fmt_unsigned_zero(sh));
	for (n = strlen(line); n && line[n - 1] == ' '; n--)
		;
	fprintf(f, "%.*s\n", (int)n, line);
}

static void hb_mig_fault_heading(FILE *f, const struct hb_result *r,
				 const struct hb_mig_fault_summary *s)
{
	char order[96];

	hb_wrapf(f, "  ", HB_TABLE_COLS, "fault: %s; %" PRIu64 " touches of 4 KiB in %zu warm iteration%s took %" PRIu64 " faults, %zu of them samples (their records matched to a touch), %" PRIu64 " record%s dropped",
		 hb_mig_fault_order_label(order, sizeof(order), s->thp,
					  s->base, s->other,
					  r->meta.info.page_size),
		 s->touches, s->phases, s->phases == 1 ? "" : "s", s->faults,
		 s->n, s->dropped, s->dropped == 1 ? "" : "s");
}

void hb_mig_table_faults(FILE *f, const struct hb_result *r,
			 const struct hb_mig_summaries *s)
{
	const struct hb_mig_fault_summary *w = &s->fault[HB_MIG_WARM];
	const struct hb_mig_fault_summary *c = &s->fault[HB_MIG_FIRST];
	enum hb_unit unit = hb_unit_counted(HB_UNIT_NS,
					    hb_meta_icount(&r->meta));
	const struct hb_pcts *lat[] = { &w->user, &w->handler, &w->outside };
	char title[32], cu[32], ch[32], head[32];
	struct hb_cols u;
	size_t p;

	/* one unit for the latencies of a column */
	hb_cols_init(&u);
	for (p = 0; p < 3; p++) {
		hb_cols_add(&u, unit, lat[p]->p50);
		hb_cols_add(&u, unit, lat[p]->max);
	}
	fputc('\n', f);
	hb_mig_fault_heading(f, r, w);
	snprintf(head, sizeof(head), "times in %s", hb_col_unit(&u.u[unit]));
	fprintf(f, "%-*s %11s %11s %11s %11s %7s\n", HB_TITLE_W, head, "p50",
		"p90", "p99", "max", "share");
	hb_mig_pct_row(f, &u, unit, "user (the touch)", &w->user, NAN);
	hb_mig_pct_row(f, &u, unit, "handler", &w->handler, NAN);
	for (p = 0; p <= HB_MIG_NR_PHASES; p++) {
		snprintf(title, sizeof(title), "  %s", hb_mig_phase_name(p));
		hb_mig_pct_row(f, &u, unit, title, NULL, w->share[p]);
	}
	hb_mig_pct_row(f, &u, unit, "outside the handler", &w->outside, NAN);
	if (c->n)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "first iteration: %zu faults, p50 user %s, handler %s",
			 c->n, hb_fmt_human(cu, sizeof(cu), unit, c->user.p50),
			 hb_fmt_human(ch, sizeof(ch), unit, c->handler.p50));
}

void hb_mig_table_legend(FILE *f, const struct hb_result *r)
{
	unsigned int runs = hb_result_runs(r);

	fputc('\n', f);
	if (r->nr_sources > 1 &&
	    (r->cfg.dirs & (HB_MIG_BIT(HB_MIG_TO_DEVICE) |
			    HB_MIG_BIT(HB_MIG_TO_SYSTEM))))
		hb_wrapf(f, "", HB_TABLE_COLS, "Each run counts once, by the mean of its calls, as hmmbench compare tests them: runs' mean is the mean of the %u runs' means, ± the half-width of its 95%% confidence interval (Student\x1ft, %u runs), median and CV are of the runs' means; first: the mean of the runs' first iterations, on a buffer and device pages not used before.",
			 runs, runs);
	else if (r->cfg.dirs & (HB_MIG_BIT(HB_MIG_TO_DEVICE) |
				HB_MIG_BIT(HB_MIG_TO_SYSTEM)))
		hb_wrap(f, "± is the half-width of the 95% confidence interval of the warm mean (Student\x1ft); first: the first iteration, on a buffer and device pages not used before.",
			"", HB_TABLE_COLS);
	if (r->cfg.dirs & (HB_MIG_BIT(HB_MIG_TO_DEVICE) |
			   HB_MIG_BIT(HB_MIG_TO_SYSTEM)))
		hb_wrapf(f, "", HB_TABLE_COLS, "%s%s: the kernel's total per 4 KiB moved; setup, alloc, copy (a CPU copy: the device's memory is RAM), pages and finalize: their shares of the kernel's total, other: the loop around them; %swall - kernel: the ioctl as this process timed it, less the kernel's total.",
			 hb_meta_icount(&r->meta) ? "" :
			 "throughput: pages moved times the page size per second of the kernel's total, in GiB/s (2^30 bytes); ",
			 hb_meta_icount(&r->meta) ? "kernel instr/4KiB" : "kernel ns/4KiB",
			 hb_meta_icount(&r->meta) ? "" :
			 "copy throughput: pages moved times the page size per second of the copy phase; ");
	if (r->cfg.dirs & HB_MIG_BIT(HB_MIG_FAULT))
		hb_wrapf(f, "", HB_TABLE_COLS, "fault: the warm iterations' faults%s; user: the touch (a load and a store of one word) as this process timed it; handler: migrate_to_ram() as the module timed it, and its phases' shares of the handlers' time; outside the handler: the difference, the trap and the fault path around it. A touch that did not fault (its page came home with an earlier fault's THP) is no sample.",
			 r->nr_sources > 1 ? ", of every run taken as one" : "");
}

/* What the order of the warm calls says against what was asked. */
static void hb_mig_thp_notes(FILE *f, const struct hb_result *r,
			     const struct hb_mig_summaries *s)
{
	uint64_t pmd = hb_mig_pmd_pages(r->meta.info.page_size);
	const struct hb_mig_summary *w;
	enum hb_mig_dir d;

	for (d = HB_MIG_TO_DEVICE; d <= HB_MIG_TO_SYSTEM && r->cfg.thp; d++) {
		w = &s->call[d][HB_MIG_WARM];
		if (!w->n)
			continue;
		if (hb_mig_order(w->count[HB_MC_MIGRATED].total,
				 w->count[HB_MC_THP].total, pmd) ==
		    HB_ORDER_BASE)
			hb_wrapf(f, "  ", HB_TABLE_COLS, "note: THP was asked for, but %s moved base pages only: the buffer had no transparent huge pages (see /sys/kernel/mm/transparent_hugepage/enabled) or the kernel split them.",
				 hb_mig_dir_option(d));
		if (w->count[HB_MC_SPLIT].total)
			hb_wrapf(f, "  ", HB_TABLE_COLS, "note: %s split %" PRIu64 " THP folios into base pages: no PMD-sized destination could be had for them.",
				 hb_mig_dir_option(d),
				 (uint64_t)w->count[HB_MC_SPLIT].total);
	}
}

static void hb_mig_fault_notes(FILE *f, const struct hb_mig_summaries *s)
{
	uint64_t dropped = 0, unmatched = 0;
	int k;

	for (k = HB_MIG_FIRST; k <= HB_MIG_WARM; k++) {
		dropped += s->fault[k].dropped;
		unmatched += s->fault[k].records - s->fault[k].n;
	}
	if (dropped)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "note: the module dropped %" PRIu64 " fault record%s before %s read: %s no sample%s.",
			 dropped, dropped == 1 ? "" : "s",
			 dropped == 1 ? "it was" : "they were",
			 dropped == 1 ? "that fault is" : "those faults are",
			 dropped == 1 ? "" : "s");
	if (unmatched)
		hb_wrapf(f, "  ", HB_TABLE_COLS, "note: %" PRIu64 " fault record%s matched no touch (another process's fault, or a page faulting twice): no sample%s.",
			 unmatched, unmatched == 1 ? "" : "s",
			 unmatched == 1 ? "" : "s");
}

void hb_mig_table_notes(FILE *f, const struct hb_result *r,
			const struct hb_mig_summaries *s)
{
	char wall[32];

	hb_mig_thp_notes(f, r, s);
	hb_mig_fault_notes(f, s);
	hb_wrapf(f, "", HB_TABLE_COLS, "wall time %s (the whole measurement: buffers filled and checked, the chunk mapped and unmapped)",
		 hb_fmt_human(wall, sizeof(wall),
			      hb_unit_counted(HB_UNIT_NS,
					      hb_meta_icount(&r->meta)),
			      r->wall_ns));
	if (!r->complete && r->nr_sources)
		hb_wrapf(f, "", HB_TABLE_COLS, "INCOMPLETE (%s): a run merged here stopped early; what it measured until then is kept.",
			 r->stop_reason ? r->stop_reason : "stopped");
	else if (!r->complete && hb_mig_iterations(r))
		hb_wrapf(f, "", HB_TABLE_COLS, "INCOMPLETE (%s): stopped in iteration %u of 0 to %u; what it measured until then is kept.",
			 r->stop_reason ? r->stop_reason : "stopped",
			 hb_mig_iterations(r) - 1, r->cfg.iters);
	else if (!r->complete)
		hb_wrapf(f, "", HB_TABLE_COLS, "INCOMPLETE (%s): stopped before the first iteration.",
			 r->stop_reason ? r->stop_reason : "stopped");
}
