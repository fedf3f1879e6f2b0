// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: text to paste under "Test results" in a patch cover letter -
 * the setup (the machine and its environment, what was timed), then for one size the first call beside
 * the warm mean with its 95 % interval and CV, for several one line per
 * size, the phase's share of the kernel's store bandwidth, what the
 * numbers mean, and the command lines that measured them.  At most 72
 * columns, plain ASCII apart from the ± sign.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/renderers.h"
#include "render/rerun.h"
#include "render/roof.h"
#include "render/stopped.h"
#include "render/wrap.h"
#include "results/env.h"
#include "version.h"

#define HB_COVER_COLS	72

const char *hb_cover_namespace(char *buf, size_t len,
			       const struct hb_config *c, char space)
{
	char sz[32], al[32], *p;

	hb_size_human(c->sizes[0], sz, sizeof(sz));
	for (p = sz; *p; p++)
		if (*p == ' ')
			*p = space;
	snprintf(buf, len, "%s rebinds of a %s %s namespace (%s%s%salign%c%s)",
		 c->nd_driver ? c->nd_driver : "driver", sz,
		 c->workload ? c->workload : "pmem",
		 c->nd_map ? "map=" : "", c->nd_map ? c->nd_map : "",
		 c->nd_map ? ", " : "", space,
		 hb_size_str(c->nd_align, al, sizeof(al)));
	return buf;
}

/*
 * What the calls of @r were: "the first call, then the mean of 3 more",
 * or of a merged result "3 runs (3 boots) of the first call and 4 more:
 * each run counts once, by the mean of its calls"; \x1f keeps a number
 * with its noun.
 */
static void hb_cover_calls(FILE *m, const struct hb_result *r,
			   const char *first, const char *more)
{
	const struct hb_config *c = &r->cfg;
	unsigned int runs = hb_result_runs(r), boots = hb_result_boots(r);

	if (!r->nr_sources) {
		fprintf(m, "the first %s, then the mean of %u %s%s.", first,
			c->iters, more, c->warmup ? " after warm-up runs" : "");
		return;
	}
	fprintf(m, "%u\x1fruns (%u\x1f%s) merged, each of the first %s and ",
		runs, boots, boots == 1 ? "boot" : "boots", first);
	if (c->iters % runs)
		fprintf(m, "more (%u\x1fin all)", c->iters);
	else
		fprintf(m, "%u\x1f%s", c->iters / runs, more);
	fprintf(m, "%s: each run counts once, by the mean of its calls.",
		c->warmup ? " after warm-up runs" : "");
}

/*
 * The setup of a result, wrapped for an email: version, kernel, machine,
 * where it ran, its environment and what that means, and what was
 * timed - a namespace's rebinds, DEVICE_PRIVATE chunks or a mirror's
 * calls - over how many runs.
 */
static void hb_cover_setup(FILE *f, const struct hb_result *r)
{
	const struct hb_config *c = &r->cfg;
	const struct hb_host *h = &r->meta.host;
	const char *note = hb_meta_emulation_note(&r->meta);
	char ram[32], cp[32], ns[160], where[96], env[1024];
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	fprintf(m, "hmmbench %s, Linux %s %s %s", HB_VERSION,
		r->meta.info.kernel_release, h->machine,
		hb_host_where(h, where, sizeof(where)));
	if (h->cpu_model[0])
		fprintf(m, ", %s", h->cpu_model);
	hb_size_human(h->total_ram, ram, sizeof(ram));
	fprintf(m, ", %u\x1f" "CPU%s, %u\x1fNUMA\x1fnode%s, %s RAM", h->cpus,
		h->cpus == 1 ? "" : "s", h->numa_nodes,
		h->numa_nodes == 1 ? "" : "s", hb_nbsp(ram));
	if (c->label)
		fprintf(m, ", label \"%s\"", c->label);
	fputs(".", m);
	if (hb_env_line(h, env, sizeof(env), HB_NBSP))
		fprintf(m, " Environment: %s.", hb_nbsp_units(env));
	if (note)
		fprintf(m, " %s", note);
	fclose(m);
	hb_wrap(f, text, "", HB_COVER_COLS);
	free(text);
	text = NULL;
	m = open_memstream(&text, &len);
	if (!m)
		return;
	if (c->ns_name) {
		fprintf(m, "%s: ", hb_cover_namespace(ns, sizeof(ns), c, ' '));
		hb_cover_calls(m, r, c->first_bind_reconfigure ?
			       "binding (ndctl create-namespace)" :
			       "rebind of the run", "rebinds");
	} else if (hb_config_mirror(c)) {
		fprintf(m, "MIRROR (hmm_range_fault() in batches of %" PRIu64 " pages) of a %s buffer, --state %s, --fault %s",
			c->batch, hb_size_human(c->sizes[0], cp, sizeof(cp)),
			c->mirror_state, c->mirror_fault);
		if (c->invalidate)
			fprintf(m, ", invalidated %" PRIu64 " times a second",
				c->invalidate);
		fputs(": ", m);
		hb_cover_calls(m, r, "call", "more");
	} else {
		fprintf(m, "DEVICE_PRIVATE memremap_pages() and memunmap_pages()");
		if (hb_config_compound(c, cp, sizeof(cp)))
			fprintf(m, " of %s compound pages", cp);
		fprintf(m, ", %u\x1f" "chunk%s at a time: ", c->chunks,
			c->chunks == 1 ? "" : "s");
		hb_cover_calls(m, r, "call", "more");
	}
	fclose(m);
	hb_wrap(f, text, "", HB_COVER_COLS);
	free(text);
}

/*
 * One metric: the first call and the mean in @u's units, with the
 * decimals of @ref_cold and @ref_warm, their whole's for a part.
 */
static void hb_cover_row(FILE *f, const struct hb_cols *u, enum hb_unit unit,
			 const char *title, const struct hb_stats *cold,
			 const struct hb_stats *warm, double ref_cold,
			 double ref_warm)
{
	char first[32], mean[32], pm[32], cv[16], mpm[80];

	if (!warm->n && !cold->n)
		return;
	snprintf(mpm, sizeof(mpm), "%s ± %s",
		 hb_fmt_cells(mean, sizeof(mean), u, unit, warm->mean,
			     ref_warm),
		 hb_fmt_cells(pm, sizeof(pm), u, unit,
			     warm->mean_ci_hi - warm->mean, ref_warm));
	/* %27s: the ± sign takes two bytes but one column */
	fprintf(f, "  %-20s %12s %27s %7s\n", title,
		hb_fmt_cells(first, sizeof(first), u, unit, cold->mean,
			    ref_cold), mpm,
		hb_fmt_percent(cv, sizeof(cv), warm->cv));
}

/* Whether metric @id is a row of @r's cover text. */
static bool hb_cover_has(const struct hb_result *r, enum hb_metric_id id)
{
	return hb_metrics[id].cover && !hb_metrics[id].hidden &&
	       hb_metric_shown(&r->cfg, &r->meta, id);
}

static void hb_cover_size(FILE *f, const struct hb_result *r,
			  const struct hb_summary *cs,
			  const struct hb_summary *ws)
{
	const struct hb_stats *cold = hb_summary_shown(cs);
	const struct hb_stats *warm = hb_summary_shown(ws);
	enum hb_metric_id id, whole = HB_M_MEMREMAP, ref;
	enum hb_unit unit;
	struct hb_cols u;
	char sz[32], t[40], head[64];
	size_t mi;

	hb_cols_init(&u);
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		id = hb_metric_order[mi];
		if (!hb_cover_has(r, id))
			continue;
		unit = hb_metric_unit(id, &r->meta);
		hb_cols_add(&u, unit, cold[id].mean);
		hb_cols_add(&u, unit, warm[id].mean);
	}
	/* the unit of every time below, which the cells leave out */
	snprintf(head, sizeof(head), "%s, %s",
		 hb_size_human(ws->size, sz, sizeof(sz)),
		 hb_col_unit(&u.u[hb_metric_unit(hb_headline(&r->cfg), &r->meta)]));
	fprintf(f, "\n  %-20s %12s %27s %7s\n", head, "first",
		ws->by_run ? "runs' mean ± 95% CI" : "mean ± 95% CI", "CV");
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		id = hb_metric_order[mi];
		if (hb_metrics[id].title[0] != ' ')
			whole = id;
		if (!hb_cover_has(r, id))
			continue;
		/* a part takes its whole's decimals, in the same unit */
		ref = hb_metrics[id].unit == hb_metrics[whole].unit ? whole : id;
		hb_cover_row(f, &u, hb_metric_unit(id, &r->meta),
			     hb_metric_title(id, hb_meta_icount(&r->meta), t,
					     sizeof(t)), &cold[id], &warm[id],
			     cold[ref].mean, warm[ref].mean);
	}
}

/* "The 64 GiB memremap_pages calls ran at two levels, ..." */
static void hb_cover_shapes(FILE *f, const struct hb_result *r,
			    const struct hb_summary *warm)
{
	const struct hb_metric *m;
	const struct hb_stats *st;
	char sz[32], what[160];
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		m = &hb_metrics[hb_metric_order[mi]];
		st = &warm->st[hb_metric_order[mi]];
		if (!m->measured || !m->cover || !hb_shape_odd(&st->shape))
			continue;
		hb_wrapf(f, "  ", HB_COVER_COLS, "%s %s: %s.",
			 hb_size_human(warm->size, sz, sizeof(sz)),
			 hb_metric_name(hb_metric_order[mi]),
			 hb_shape_str(what, sizeof(what), &st->shape,
				      st->median,
				      hb_metric_unit(hb_metric_order[mi],
						     &r->meta)));
	}
}

/* "28.1 ms ± 0.6 ms" in @u's unit, padded to @w columns, or "-". */
static void hb_cover_mean_pm(FILE *f, int w, const struct hb_cols *u,
			     const struct hb_stats *st, enum hb_unit unit)
{
	char m[32], pm[32], buf[80];

	if (isnan(st->mean))
		snprintf(buf, sizeof(buf), "-");
	else if (isnan(st->mean_ci_hi))
		snprintf(buf, sizeof(buf), "%s",
			 hb_fmt_cells(m, sizeof(m), u, unit, st->mean, NAN));
	else
		snprintf(buf, sizeof(buf), "%s ± %s",
			 hb_fmt_cells(m, sizeof(m), u, unit, st->mean, NAN),
			 hb_fmt_cells(pm, sizeof(pm), u, unit,
				     st->mean_ci_hi - st->mean, st->mean));
	/* the ± sign takes two bytes but one column */
	fprintf(f, " %*s", w + !!strstr(buf, "±"), buf);
}

/*
 * Several sizes: one line each, how memremap and its phase scale; each
 * column in one unit.
 */
static void hb_cover_sweep(FILE *f, const struct hb_result *r,
			   const struct hb_summary *sum, size_t nr)
{
	enum hb_unit unit = hb_metric_unit(HB_M_MEMREMAP, &r->meta);
	const struct hb_stats *cold, *warm;
	char sz[32], pp[32], first[32], un[3][24];
	struct hb_cols u[3];
	size_t i, k;

	for (k = 0; k < 3; k++)
		hb_cols_init(&u[k]);
	for (i = 0; i + 1 < nr; i += 2) {
		hb_cols_add(&u[0], unit,
			    hb_summary_shown(&sum[i + 1])[HB_M_MEMREMAP].mean);
		hb_cols_add(&u[1], unit,
			    hb_summary_shown(&sum[i + 1])[HB_M_MEMMAP_INIT].mean);
		hb_cols_add(&u[2], unit,
			    hb_summary_shown(&sum[i])[HB_M_MEMREMAP].mean);
	}
	/* each time column's unit, which its cells leave out */
	for (k = 0; k < 3; k++)
		hb_col_heading(un[k], sizeof(un[k]), &u[k].u[unit]);
	fprintf(f, "\n  %-7s %19s %19s %11s %9s\n", "", un[0], un[1],
		"memmap_init", un[2]);
	fprintf(f, "  %-7s %19s %19s %11s %9s\n", "", "memremap",
		"memmap_init", hb_meta_icount(&r->meta) ? "instr/4KiB" :
							  "ns/4KiB", "first");
	for (i = 0; i + 1 < nr; i += 2) {
		cold = hb_summary_shown(&sum[i]);
		warm = hb_summary_shown(&sum[i + 1]);
		fprintf(f, "  %-7s", hb_size_human(sum[i].size, sz, sizeof(sz)));
		hb_cover_mean_pm(f, 19, &u[0], &warm[HB_M_MEMREMAP], unit);
		hb_cover_mean_pm(f, 19, &u[1], &warm[HB_M_MEMMAP_INIT], unit);
		if (isnan(warm[HB_M_MEMMAP_INIT_PP].mean))
			snprintf(pp, sizeof(pp), "-");
		else
			snprintf(pp, sizeof(pp), "%.1f",
				 warm[HB_M_MEMMAP_INIT_PP].mean);
		fprintf(f, " %11s %9s\n", pp,
			hb_fmt_cells(first, sizeof(first), &u[2], unit,
				    cold[HB_M_MEMREMAP].mean, NAN));
	}
}

void hb_render_cover(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr)
{
	unsigned int runs = hb_result_runs(r);
	char sz[32], stopped[256];
	size_t i;

	hb_cover_setup(f, r);
	if (r->cfg.nr_sizes > 1) {
		hb_cover_sweep(f, r, sum, nr);
		fputc('\n', f);
		if (r->nr_sources > 1)
			hb_wrapf(f, "", HB_COVER_COLS, "Means of the %u runs' means of the calls after the first, ± their 95%% confidence interval over the runs (Student\x1ft).",
				 runs);
		else
			hb_wrap(f, "Means of the calls after the first, ± their 95% confidence interval (Student\x1ft).",
				"", HB_COVER_COLS);
		hb_wrapf(f, "", HB_COVER_COLS, "memmap_init %s: per 4 KiB of device memory. first: memremap of the first call of a size, %s%s.",
			 hb_meta_icount(&r->meta) ? "instr/4KiB" : "ns/4KiB",
			 r->meta.info.maps_total ? "none of them the first after loading the module" :
						   "the first after loading the module only for ",
			 r->meta.info.maps_total ? "" :
			 hb_size_human(r->cfg.sizes[0], sz, sizeof(sz)));
	} else {
		for (i = 0; i + 1 < nr; i += 2)
			hb_cover_size(f, r, &sum[i], &sum[i + 1]);
		fputc('\n', f);
		if (r->nr_sources > 1)
			hb_wrapf(f, "", HB_COVER_COLS, "first: the mean of the runs' first calls. ± is the 95%% confidence interval of the mean of the %u runs' means (Student\x1ft), CV their coefficient of variation.",
				 runs);
		else
			hb_wrap(f, "± is the 95% confidence interval of the mean (Student\x1ft).",
				"", HB_COVER_COLS);
	}
	hb_roof_write(f, r, sum, nr, "\n", HB_COVER_COLS);
	for (i = 0; i + 1 < nr; i += 2)
		hb_cover_shapes(f, r, &sum[i + 1]);
	if (hb_stopped_text(stopped, sizeof(stopped), r, sum, nr))
		hb_wrap(f, stopped, "", HB_COVER_COLS);
	if (!r->complete)
		fputs("These results are INCOMPLETE: the run was stopped early.\n",
		      f);
	hb_rerun_result(f, r, HB_COVER_COLS);
}
