// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: gnuplot scripts for a result's trace or sweep, a migration
 * and a comparison, data inline as datablocks, so that one pipe to
 * gnuplot draws them.  Times are in ms (millions of instructions under
 * icount), sizes in GiB on a log2 axis; a value that was not measured is
 * '-', which gnuplot skips.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/plot.h"
#include "results/metrics.h"
#include "results/workload.h"
#include "stats/quantile.h"

#define HB_GIB	(1024.0 * 1024 * 1024)

/* The units of the axes: times, or the instructions icount counted. */
struct hb_plot_units {
	const char *ms, *us, *ns;
};

static const struct hb_plot_units *hb_plot_units(const struct hb_meta *m)
{
	static const struct hb_plot_units time = { "ms", "us", "ns" };
	static const struct hb_plot_units instr = {
		"M instr", "K instr", "instr",
	};

	return hb_meta_icount(m) ? &instr : &time;
}

enum hb_plot_term hb_plot_term_of(const char *path)
{
	static const char *const ext[] = {
		[HB_PLOT_PNG] = ".png", [HB_PLOT_SVG] = ".svg",
		[HB_PLOT_PDF] = ".pdf",
	};
	size_t n = strlen(path);
	int t;

	for (t = 0; t < HB_PLOT_UNKNOWN; t++)
		if (n > 4 && !strcasecmp(path + n - 4, ext[t]))
			return t;
	return HB_PLOT_UNKNOWN;
}

/* @s as a gnuplot single-quoted string: '' stands for a quote. */
static void hb_plot_quote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

/* Terminal, output and the settings every plot shares. */
static void hb_plot_head(FILE *f, const struct hb_plot_opts *o)
{
	/* pdfcairo counts its size in inches; at 100 pixels an inch */
	if (o->term == HB_PLOT_PDF)
		fprintf(f, "set terminal pdfcairo size %.2fin,%.2fin noenhanced font ',10'\n",
			o->width / 100.0, o->height / 100.0);
	else
		fprintf(f, "set terminal %s size %u,%u noenhanced font ',10'\n",
			o->term == HB_PLOT_SVG ? "svg" : "pngcairo",
			o->width, o->height);
	fputs("set output ", f);
	hb_plot_quote(f, o->output);
	fputs("\nset datafile missing '-'\nset grid\nset key top left\n", f);
}

/* "set title '...'" naming the kernel and label of @r. */
static void hb_plot_title(FILE *f, const char *what, const struct hb_result *r)
{
	char title[256];

	snprintf(title, sizeof(title), "hmmbench %s: Linux %s%s%s", what,
		 r->meta.info.kernel_release, r->cfg.label ? ", " : "",
		 r->cfg.label ? r->cfg.label : "");
	fputs("set title ", f);
	hb_plot_quote(f, title);
	fputc('\n', f);
}

/* qsort()'s order of doubles, ascending. */
static int hb_plot_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* A number, or '-' when there is none. */
static void hb_plot_num(FILE *f, double v)
{
	if (isnan(v))
		fputs(" -", f);
	else
		fprintf(f, " %.6g", v);
}

/* mean, lo, hi of @st scaled by @k; an unknown interval is [mean, mean]. */
static void hb_plot_mean_ci(FILE *f, const struct hb_stats *st, double k)
{
	bool ci = !isnan(st->mean_ci_lo);

	hb_plot_num(f, st->mean * k);
	hb_plot_num(f, (ci ? st->mean_ci_lo : st->mean) * k);
	hb_plot_num(f, (ci ? st->mean_ci_hi : st->mean) * k);
}

/*
 * Datablock $@name: "call value" for each sample of @size (every size
 * when 0) and @kind mask that has metric @mi, value scaled by @k.
 */
static void hb_plot_calls(FILE *f, const char *name,
			  const struct hb_result *r, uint64_t size,
			  unsigned int kinds, enum hb_metric_id mi, double k)
{
	const struct hb_sample *s;
	size_t i;
	double v;

	fprintf(f, "$%s << EOD\n", name);
	for (i = 0; i < r->nr_samples; i++) {
		s = &r->samples[i];
		if ((size && s->size != size) || !(kinds & (1U << s->kind)) ||
		    !hb_metric_get(&hb_metrics[mi], s, &r->meta, &v))
			continue;
		fprintf(f, "%zu %.6g\n", i + 1, v * k);
	}
	fputs("EOD\n", f);
}

#define HB_ALL_KINDS	((1U << HB_COLD) | (1U << HB_WARMUP) | (1U << HB_WARM))

/* One size: memremap, its two parts and memunmap per call, in ms. */
static void hb_plot_trace_one(FILE *f, const struct hb_result *r)
{
	/* the workload's figure first, then its parts */
	static const enum hb_metric_id chunk[] = {
		HB_M_MEMREMAP, HB_M_MEMMAP_INIT, HB_M_MEMREMAP_REST,
		HB_M_MEMUNMAP,
	}, mirror[] = {
		HB_M_MIR_TOTAL, HB_M_MIR_FAULT, HB_M_MIR_UPDATE, HB_M_MIR_REST,
	};
	const enum hb_metric_id *ids = hb_config_mirror(&r->cfg) ? mirror :
								   chunk;
	char name[32];
	size_t i;

	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "m%zu", i);
		hb_plot_calls(f, name, r, 0, HB_ALL_KINDS, ids[i], 1e-6);
	}
	hb_plot_calls(f, "first", r, 0, 1U << HB_COLD, ids[0], 1e-6);
	fprintf(f, "set ylabel '%s per call'\nplot", hb_plot_units(&r->meta)->ms);
	for (i = 0; i < 4; i++) {
		fprintf(f, "%s $m%zu using 1:2 with linespoints pt 7 ps 0.5 title ",
			i ? ", \\\n    " : " ", i);
		hb_plot_quote(f, hb_metric_name(ids[i]));
	}
	fputs(", \\\n    $first using 1:2 with points pt 6 ps 2 lc rgb 'red' title 'first call'\n",
	      f);
}

/* Several sizes: memremap per 4 KiB per call, one line per size. */
static void hb_plot_trace_sizes(FILE *f, const struct hb_result *r)
{
	char name[32], title[32];
	size_t k;

	for (k = 0; k < r->cfg.nr_sizes; k++) {
		snprintf(name, sizeof(name), "s%zu", k);
		hb_plot_calls(f, name, r, r->cfg.sizes[k], HB_ALL_KINDS,
			      HB_M_MEMREMAP_PP, 1.0);
	}
	fprintf(f, "set ylabel 'memremap, %s per 4 KiB'\nplot",
		hb_plot_units(&r->meta)->ns);
	for (k = 0; k < r->cfg.nr_sizes; k++) {
		fprintf(f, "%s $s%zu using 1:2 with linespoints pt 7 ps 0.5 title ",
			k ? ", \\\n    " : " ", k);
		hb_plot_quote(f, hb_size_human(r->cfg.sizes[k], title,
					       sizeof(title)));
	}
	fputc('\n', f);
}

static void hb_plot_trace(FILE *f, const struct hb_result *r,
			  const struct hb_plot_opts *o)
{
	char sz[32], what[96];

	hb_plot_head(f, o);
	snprintf(what, sizeof(what), "%s%s%s%s, every call",
		 r->cfg.nr_sizes == 1 ?
		 hb_size_human(r->cfg.sizes[0], sz, sizeof(sz)) : "sweep",
		 r->cfg.ns_name || r->cfg.mirror_state ? " " : "",
		 r->cfg.ns_name || r->cfg.mirror_state ? r->cfg.workload : "",
		 r->cfg.mirror_state ? " of a buffer" : "");
	hb_plot_title(f, what, r);
	fputs("set xlabel 'call, in the order measured'\nset key below\n", f);
	if (r->nr_samples <= 30)
		fputs("set xtics 1\n", f);
	if (r->cfg.nr_sizes == 1)
		hb_plot_trace_one(f, r);
	else
		hb_plot_trace_sizes(f, r);
}

/* $sweep: per size, the warm means with their intervals, in ms and ns. */
static void hb_plot_sweep_data(FILE *f, const struct hb_summary *sum,
			       size_t nr)
{
	const struct hb_stats *w;
	size_t i;

	fputs("$sweep << EOD\n", f);
	for (i = 0; i + 1 < nr; i += 2) {
		w = sum[i + 1].st;
		fprintf(f, "%.6g", sum[i].size / HB_GIB);
		hb_plot_mean_ci(f, &w[HB_M_MEMREMAP], 1e-6);
		hb_plot_mean_ci(f, &w[HB_M_MEMMAP_INIT], 1e-6);
		hb_plot_mean_ci(f, &w[HB_M_MEMUNMAP], 1e-6);
		hb_plot_num(f, sum[i].st[HB_M_MEMREMAP].mean * 1e-6);
		hb_plot_mean_ci(f, &w[HB_M_MEMREMAP_PP], 1.0);
		hb_plot_mean_ci(f, &w[HB_M_MEMMAP_INIT_PP], 1.0);
		fputc('\n', f);
	}
	fputs("EOD\n", f);
}

static const char hb_plot_sweep_script[] =
	"set multiplot layout 1,2\n"
	"set logscale x 2\n"
	"set xlabel 'chunk size (GiB)'\n"
	"set logscale y 10\n"
	"set ylabel '%s per call (mean of the warm calls, 95%% CI)'\n"
	"plot $sweep using 1:2:3:4 with yerrorlines pt 7 title 'memremap_pages', \\\n"
	"    '' using 1:5:6:7 with yerrorlines pt 7 title 'memmap_init phase', \\\n"
	"    '' using 1:8:9:10 with yerrorlines pt 7 title 'memunmap_pages', \\\n"
	"    '' using 1:11 with points pt 6 ps 1.5 lc rgb 'red' title 'first call, memremap'\n"
	"unset logscale y\n"
	"set yrange [0:*]\n"
	"set ylabel '%s per 4 KiB of device memory'\n"
	"plot $sweep using 1:12:13:14 with yerrorlines pt 7 title 'memremap_pages', \\\n"
	"    '' using 1:15:16:17 with yerrorlines pt 7 title 'memmap_init phase'\n"
	"unset multiplot\n";

static int hb_plot_sweep(FILE *f, const struct hb_result *r,
			 const struct hb_plot_opts *o)
{
	struct hb_summary *sum;
	size_t nr;
	int ret = hb_summarize(r, &sum, &nr);

	if (ret)
		return ret;
	hb_plot_head(f, o);
	hb_plot_title(f, "sweep", r);
	hb_plot_sweep_data(f, sum, nr);
	fprintf(f, hb_plot_sweep_script, hb_plot_units(&r->meta)->ms,
		hb_plot_units(&r->meta)->ns);
	free(sum);
	return 0;
}

/*
 * The metric every input can be drawn by: the primary one of the first
 * new input's warm rows (the memmap_init phase, or a migration's
 * to-device) when each new input has rows of it, else memremap.
 */
static enum hb_metric_id hb_plot_compare_metric(const struct hb_comparison *c)
{
	enum hb_metric_id id = HB_M_MEMREMAP;
	size_t file, i;
	bool has;

	for (i = 0; i < c->nr_rows; i++) {
		if (c->rows[i].file == 1 && c->rows[i].kind == HB_WARM &&
		    c->rows[i].primary) {
			id = c->rows[i].metric;
			break;
		}
	}
	for (file = 1; file < c->nr_in; file++) {
		for (i = 0, has = false; i < c->nr_rows && !has; i++)
			has = c->rows[i].file == file &&
			      c->rows[i].metric == id;
		if (!has)
			return HB_M_MEMREMAP;
	}
	return id;
}

static bool hb_plot_compare_row(const struct hb_cmp_row *row,
				enum hb_metric_id id)
{
	return row->kind == HB_WARM && row->metric == id;
}

/* $cN: per size, base and new means of the calls, and the change. */
static void hb_plot_compare_data(FILE *f, const struct hb_comparison *c,
				 size_t file, enum hb_metric_id id)
{
	const struct hb_cmp_row *row;
	size_t i;

	fprintf(f, "$c%zu << EOD\n", file);
	for (i = 0; i < c->nr_rows; i++) {
		row = &c->rows[i];
		if (row->file != file || !hb_plot_compare_row(row, id))
			continue;
		fprintf(f, "%.6g", row->size / HB_GIB);
		hb_plot_mean_ci(f, &row->a, 1e-6);
		hb_plot_mean_ci(f, &row->b, 1e-6);
		hb_plot_num(f, row->rel);
		hb_plot_num(f, row->interval ? row->w.rel_lo : row->rel);
		hb_plot_num(f, row->interval ? row->w.rel_hi : row->rel);
		fputc('\n', f);
	}
	fputs("EOD\n", f);
}

/* Plots the means of base and each new input, or each one's change. */
static void hb_plot_compare_plot(FILE *f, const struct hb_comparison *c,
				 bool change)
{
	const char *sep = "plot ";
	size_t file;

	if (!change) {
		fputs("plot $c1 using 1:2:3:4 with yerrorlines lt 1 pt 7 title ",
		      f);
		hb_plot_quote(f, hb_cmp_name(c, 0));
		sep = ", \\\n    ";
	}
	for (file = 1; file < c->nr_in; file++) {
		fprintf(f, "%s$c%zu using 1:%s with yerrorlines lt %zu pt 7 title ",
			sep, file, change ? "8:9:10" : "5:6:7", file + 1);
		hb_plot_quote(f, hb_cmp_name(c, file));
		sep = ", \\\n    ";
	}
	fputc('\n', f);
}

/* An x range around the sizes plotted, even when there is only one. */
static void hb_plot_compare_xrange(FILE *f, const struct hb_comparison *c,
				   enum hb_metric_id id)
{
	double lo = INFINITY, hi = 0.0, x;
	size_t i;

	for (i = 0; i < c->nr_rows; i++) {
		if (!hb_plot_compare_row(&c->rows[i], id))
			continue;
		x = c->rows[i].size / HB_GIB;
		lo = fmin(lo, x);
		hi = fmax(hi, x);
	}
	if (hi > 0.0)
		fprintf(f, "set xrange [%.6g:%.6g]\n", lo / 1.5, hi * 1.5);
}

int hb_plot_compare(FILE *f, const struct hb_comparison *c,
		    const struct hb_plot_opts *o)
{
	enum hb_metric_id id = hb_plot_compare_metric(c);
	char title[128];
	size_t file;

	hb_plot_head(f, o);
	hb_plot_compare_xrange(f, c, id);
	for (file = 1; file < c->nr_in; file++)
		hb_plot_compare_data(f, c, file, id);
	snprintf(title, sizeof(title), "hmmbench compare: %s, warm calls",
		 hb_metric_name(id));
	fputs("set multiplot layout 1,2 title ", f);
	hb_plot_quote(f, title);
	fprintf(f, "\nset logscale x 2\nset xlabel '%s size (GiB)'\n"
		"set ylabel '%s per call (mean of the calls, 95%% CI)'\n",
		hb_workload_of(&c->in[0].r.cfg)->sized,
		hb_plot_units(&c->in[0].r.meta)->ms);
	hb_plot_compare_plot(f, c, false);
	fputs("set ylabel 'change of the mean, % (95% CI)'\n"
	      "set xzeroaxis lt -1\n", f);
	hb_plot_compare_plot(f, c, true);
	fputs("unset multiplot\n", f);
	return 0;
}

/*
 * $@name: "iteration ms" of each call of direction @dir, the iterations
 * numbered from 1 in the order measured; only the first ones' with
 * @first.
 */
static void hb_plot_mig_calls(FILE *f, const char *name,
			      const struct hb_result *r,
			      enum hb_mig_dir dir, bool first)
{
	struct hb_mig_cursor cur = { 0 };
	struct hb_mig_iter it;
	size_t n = 0, i;

	fprintf(f, "$%s << EOD\n", name);
	while (hb_mig_next(r, &cur, &it)) {
		n++;
		for (i = it.call; i < it.call_end; i++)
			if (r->mig.calls[i].dir == dir && (!first || !it.iter))
				fprintf(f, "%zu %.6g\n", n,
					r->mig.calls[i].m.total_ns * 1e-6);
	}
	fputs("EOD\n", f);
}

/* "to-device (THP)": a direction and the order its warm calls moved. */
static const char *hb_plot_mig_title(char *buf, size_t len,
				     const struct hb_result *r,
				     const struct hb_mig_summaries *s,
				     enum hb_mig_dir d)
{
	const struct hb_mig_summary *w = &s->call[d][HB_MIG_WARM];
	char order[96];

	if (!w->n)
		w = &s->call[d][HB_MIG_FIRST];
	snprintf(buf, len, "%s (%s)", hb_mig_dir_option(d),
		 hb_mig_order_label(order, sizeof(order),
				    w->count[HB_MC_MIGRATED].total,
				    w->count[HB_MC_THP].total,
				    r->meta.info.page_size));
	return buf;
}

/* The calls' panel: kernel time per call, the first iterations marked. */
static void hb_plot_mig_trace(FILE *f, const struct hb_result *r,
			      const struct hb_mig_summaries *s)
{
	const char *sep = "plot";
	char name[16], title[128];
	enum hb_mig_dir d;

	for (d = HB_MIG_TO_DEVICE; d <= HB_MIG_TO_SYSTEM; d++) {
		snprintf(name, sizeof(name), "d%d", d);
		hb_plot_mig_calls(f, name, r, d, false);
		snprintf(name, sizeof(name), "f%d", d);
		hb_plot_mig_calls(f, name, r, d, true);
	}
	fprintf(f, "set xlabel 'iteration, in the order measured'\n"
		"set ylabel 'kernel time per MIGRATE (%s)'\n"
		"set yrange [0:*]\n", hb_plot_units(&r->meta)->ms);
	if (r->mig.nr_calls <= 60)
		fputs("set xtics 1\n", f);
	for (d = HB_MIG_TO_DEVICE; d <= HB_MIG_TO_SYSTEM; d++) {
		if (!s->call[d][HB_MIG_FIRST].n && !s->call[d][HB_MIG_WARM].n)
			continue;
		fprintf(f, "%s $d%d using 1:2 with linespoints pt 7 ps 0.5 title ",
			sep, d);
		hb_plot_quote(f, hb_plot_mig_title(title, sizeof(title), r, s,
						   d));
		fprintf(f, ", \\\n    $f%d using 1:2 with points pt 6 ps 2 lc rgb 'red' %s",
			d, *sep == 'p' ? "title 'first iteration'" : "notitle");
		sep = ", \\\n   ";
	}
	fputc('\n', f);
}

/* The latency a fault distribution is drawn of. */
static double hb_plot_mig_latency(const struct hb_mig_fault *flt, bool user)
{
	return user ? (double)flt->user_ns : (double)flt->rec.total_ns;
}

/*
 * $@name: the distribution of the faults of kind @warm, "us fraction" at
 * every half per cent, the handler's or the touch's (@user).
 */
static int hb_plot_mig_dist(FILE *f, const char *name,
			    const struct hb_result *r, bool warm,
			    bool user)
{
	double *v = malloc((r->mig.nr_faults + 1) * sizeof(*v)), x;
	size_t i, n = 0;
	int q;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < r->mig.nr_faults; i++)
		if ((hb_mig_kind(r->mig.faults[i].iter) == HB_WARM) == warm)
			v[n++] = hb_plot_mig_latency(&r->mig.faults[i], user);
	qsort(v, n, sizeof(*v), hb_plot_cmp_double);
	fprintf(f, "$%s << EOD\n", name);
	for (q = 0; n && q <= 200; q++) {
		x = hb_quantile_sorted(v, n, q / 200.0) * 1e-3;
		if (x > 0)
			fprintf(f, "%.6g %.4g\n", x, q / 200.0);
	}
	fputs("EOD\n", f);
	free(v);
	return 0;
}

/* The faults' panel: the distribution of the latencies, log x. */
static int hb_plot_mig_faults(FILE *f, const struct hb_result *r,
			      const struct hb_mig_summaries *s)
{
	bool warm = s->fault[HB_MIG_WARM].n > 0;
	char title[96], order[96];
	const struct hb_mig_fault_summary *fs = &s->fault[warm];

	if (hb_plot_mig_dist(f, "handler", r, warm, false) ||
	    hb_plot_mig_dist(f, "touch", r, warm, true))
		return -ENOMEM;
	snprintf(title, sizeof(title), "%s faults (%s), share at most",
		 warm ? "warm" : "first iteration's",
		 hb_mig_fault_order_label(order, sizeof(order), fs->thp,
					  fs->base, fs->other,
					  r->meta.info.page_size));
	fprintf(f, "set xlabel 'latency per fault (%s)'\nset ylabel ",
		hb_plot_units(&r->meta)->us);
	hb_plot_quote(f, title);
	fputs("\nset xtics autofreq\nset logscale x 10\nset yrange [0:1]\n"
	      "plot $handler using 1:2 with lines lw 2 title 'handler, migrate_to_ram()', \\\n"
	      "    $touch using 1:2 with lines lw 2 title 'the touch, as the process saw it'\n",
	      f);
	return 0;
}

/*
 * Migration @r: a panel of its MIGRATE calls, one of its faults, as it
 * has them; -ENODATA when it has neither.
 */
static int hb_plot_migration(FILE *f, const struct hb_result *r,
			     const struct hb_plot_opts *o)
{
	bool calls = r->mig.nr_calls > 0, faults = r->mig.nr_faults > 0;
	struct hb_mig_summaries *s;
	char sz[32], title[256];
	int ret;

	ret = hb_mig_summaries_new(r, &s);
	if (!ret && !calls && !faults)
		ret = -ENODATA;
	if (ret)
		goto out;
	hb_plot_head(f, o);
	snprintf(title, sizeof(title), "hmmbench migrate: %s, Linux %s%s",
		 hb_size_human(r->cfg.sizes[0], sz, sizeof(sz)),
		 r->meta.info.kernel_release,
		 r->nr_sources ? ", runs merged" : "");
	fprintf(f, "set multiplot layout 1,%d title ", calls + faults);
	hb_plot_quote(f, title);
	fputs("\nset key below\n", f);
	if (calls)
		hb_plot_mig_trace(f, r, s);
	if (faults)
		ret = hb_plot_mig_faults(f, r, s);
	fputs("unset multiplot\n", f);
out:
	free(s);
	return ret;
}

/* @r's samples: a sweep's sizes, or one size's calls in order. */
static int hb_plot_samples(FILE *f, const struct hb_result *r,
			   const struct hb_plot_opts *o)
{
	if (r->cfg.nr_sizes > 1 && !o->trace)
		return hb_plot_sweep(f, r, o);
	hb_plot_trace(f, r, o);
	return 0;
}

int hb_plot_result(FILE *f, const struct hb_result *r,
		   const struct hb_plot_opts *o)
{
	/* a migration's records: its calls in order, its faults' latencies */
	if (hb_workload_of(&r->cfg)->records)
		return hb_plot_migration(f, r, o);
	return hb_plot_samples(f, r, o);
}
