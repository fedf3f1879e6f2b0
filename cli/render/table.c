// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the human table - per size, the cold iteration beside the
 * statistics of the warm ones, then a legend saying what the intervals
 * mean.  Read by people only; scripts use CSV or JSON.
 */
#include <inttypes.h>
#include <math.h>

#include "fmt.h"
#include "render/renderers.h"

/* Warm samples per metric (the largest, as metrics may be missing). */
static size_t hb_warm_n(const struct hb_summary *s)
{
	size_t mi, n = 0;

	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (s->st[mi].n > n)
			n = s->st[mi].n;
	return n;
}

static void hb_table_header(FILE *f, const struct hb_result *r)
{
	const struct hb_config *c = &r->cfg;
	const struct hb_host *h = &r->meta.host;
	char ram[32];

	fprintf(f, "hmmbench %s: %u chunk%s per iteration, %u cold + %u warm iteration%s",
		c->command, c->chunks, c->chunks == 1 ? "" : "s",
		hb_result_runs(r), c->iters, c->iters == 1 ? "" : "s");
	if (r->nr_sources)
		fprintf(f, " from %zu merged runs", r->nr_sources);
	if (c->warmup)
		fprintf(f, " (+%u warmup, excluded)", c->warmup);
	if (c->interleave)
		fputs(", sizes interleaved", f);
	if (c->label)
		fprintf(f, ", label \"%s\"", c->label);
	fprintf(f, "\nmodule %s on Linux %s %s, %u CPUs, %u NUMA node%s, %s RAM\n",
		r->meta.info.module_version, r->meta.info.kernel_release,
		h->machine, h->cpus, h->numa_nodes,
		h->numa_nodes == 1 ? "" : "s",
		hb_size_human(h->total_ram, ram, sizeof(ram)));
}

static void hb_table_row(FILE *f, const struct hb_metric *m,
			 const struct hb_stats *cold,
			 const struct hb_stats *warm)
{
	char c[32], mean[32], pm[32], med[32], lo[32], hi[32], mn[32],
	     mx[32], cv[16], ci[80] = "-";
	double ref = warm->mean;

	if (!isnan(warm->median_ci_lo))
		snprintf(ci, sizeof(ci), "[%s, %s]",
			 hb_fmt_scaled(lo, sizeof(lo), m->unit,
				       warm->median_ci_lo, ref),
			 hb_fmt_scaled(hi, sizeof(hi), m->unit,
				       warm->median_ci_hi, ref));
	fprintf(f, "%-22s %12s %12s ± %-11s %12s  %-25s %12s %12s %6s\n",
		m->title, hb_fmt_human(c, sizeof(c), m->unit, cold->mean),
		hb_fmt_scaled(mean, sizeof(mean), m->unit, warm->mean, ref),
		hb_fmt_scaled(pm, sizeof(pm), m->unit,
			      warm->mean_ci_hi - warm->mean, ref),
		hb_fmt_scaled(med, sizeof(med), m->unit, warm->median, ref),
		ci, hb_fmt_scaled(mn, sizeof(mn), m->unit, warm->min, ref),
		hb_fmt_scaled(mx, sizeof(mx), m->unit, warm->max, ref),
		hb_fmt_percent(cv, sizeof(cv), warm->cv));
}

static void hb_table_size(FILE *f, const struct hb_summary *cold,
			  const struct hb_summary *warm)
{
	char sz[32];
	size_t mi;

	fprintf(f, "\n%-22s %12s %12s   %-11s %12s  %-25s %12s %12s %6s\n",
		hb_size_human(warm->size, sz, sizeof(sz)), "cold",
		"warm mean", "CI95", "median", "median CI95", "min", "max",
		"CV");
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		enum hb_metric_id id = hb_metric_order[mi];

		hb_table_row(f, &hb_metrics[id], &cold->st[id], &warm->st[id]);
	}
	fprintf(f, "%-22s %12zu %12zu\n", "samples (n)", hb_warm_n(cold),
		hb_warm_n(warm));
}

/* Notes on the warm samples that a mean misdescribes. */
static void hb_table_shapes(FILE *f, const struct hb_summary *sum, size_t nr)
{
	const struct hb_metric *m;
	char sz[32], what[160];
	size_t i, mi;

	for (i = 0; i < nr; i++) {
		if (sum[i].kind != HB_WARM)
			continue;
		for (mi = 0; mi < HB_NR_METRICS; mi++) {
			const struct hb_stats *st = &sum[i].st[hb_metric_order[mi]];

			m = &hb_metrics[hb_metric_order[mi]];
			if (!m->measured || !m->cover || !hb_shape_odd(&st->shape))
				continue;
			fprintf(f, "note: %s warm %s: %s\n",
				hb_size_human(sum[i].size, sz, sizeof(sz)),
				hb_metric_name(hb_metric_order[mi]),
				hb_shape_str(what, sizeof(what), &st->shape,
					     st->median, m->unit));
		}
	}
}

static void hb_table_notes(FILE *f, const struct hb_result *r,
			   const struct hb_summary *sum, size_t nr)
{
	char wall[32], kern[32];
	size_t i;
	bool phase = false;

	for (i = 0; i < nr; i++)
		phase |= sum[i].st[HB_M_MEMMAP_INIT].n > 0;
	fputs("\n± is the half-width of the 95% confidence interval of the mean (Student t, n-1 degrees of freedom).\n"
	      "median CI95 is from order statistics (binomial ranks) and needs n >= 6; cold is the first iteration of each size.\n",
	      f);
	if (!phase)
		fputs("memmap_init phase: not measured - the module could not probe memmap_init_zone_device() on this kernel.\n",
		      f);
	if (r->nr_sources)
		fprintf(f, "note: pooled over %zu runs, the intervals take every sample as independent, but samples of one boot are not: the run-to-run spread is missing from them (hmmbench compare tests the run means).\n",
			r->nr_sources);
	if (r->meta.info.maps_total)
		fprintf(f, "note: the module had made %" PRIu64 " mappings before this run, so the cold iteration is not the first after loading it.\n",
			(uint64_t)r->meta.info.maps_total);
	hb_table_shapes(f, sum, nr);
	fprintf(f, "wall time %s (the measurement loop, not the whole command), kernel time %s (sum of the phases timed in the kernel)\n",
		hb_fmt_human(wall, sizeof(wall), HB_UNIT_NS, r->wall_ns),
		hb_fmt_human(kern, sizeof(kern), HB_UNIT_NS, hb_kernel_ns(r)));
	if (!r->complete)
		fprintf(f, "INCOMPLETE (%s): only %zu samples were measured.\n",
			r->stop_reason ? r->stop_reason : "stopped",
			r->nr_samples);
}

void hb_render_table(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr)
{
	size_t i;

	hb_table_header(f, r);
	for (i = 0; i + 1 < nr; i += 2)
		hb_table_size(f, &sum[i], &sum[i + 1]);
	hb_table_notes(f, r, sum, nr);
}
