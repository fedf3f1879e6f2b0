// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: text to paste under "Test results" in a patch cover letter -
 * the setup in two sentences, then for one size the first call beside
 * the warm mean with its 95 % interval and CV, for several one line per
 * size, the phase's share of the kernel's store bandwidth, what the
 * numbers mean, and the command lines that measured them.  At most 72
 * columns, plain ASCII apart from the ± sign.
 */
#include <math.h>
#include <string.h>

#include "fmt.h"
#include "render/renderers.h"
#include "render/rerun.h"
#include "render/roof.h"
#include "render/stopped.h"
#include "render/wrap.h"
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
 * The setup lines of a result: version, kernel, machine and what was
 * timed - a namespace's rebinds or DEVICE_PRIVATE chunks.
 */
static void hb_cover_setup(FILE *f, const struct hb_result *r)
{
	const struct hb_config *c = &r->cfg;
	const struct hb_host *h = &r->meta.host;
	char ram[32], cp[32], ns[160];

	fprintf(f, "hmmbench %s, Linux %s %s", HB_VERSION,
		r->meta.info.kernel_release, h->machine);
	if (h->cpu_model[0])
		fprintf(f, ", %s", h->cpu_model);
	fprintf(f, ",\n%u CPUs, %u NUMA node%s, %s RAM", h->cpus,
		h->numa_nodes, h->numa_nodes == 1 ? "" : "s",
		hb_size_human(h->total_ram, ram, sizeof(ram)));
	if (c->label)
		fprintf(f, ", label \"%s\"", c->label);
	if (c->ns_name) {
		fprintf(f, ".\n%s:\n",
			hb_cover_namespace(ns, sizeof(ns), c, ' '));
		fprintf(f, "the first %s, then the mean of %u rebinds.\n",
			c->first_bind_reconfigure ?
			"binding (ndctl create-namespace)" :
			"rebind of the run", c->iters);
		return;
	}
	fprintf(f, ".\nDEVICE_PRIVATE memremap_pages() and memunmap_pages()");
	if (hb_config_compound(c, cp, sizeof(cp)))
		fprintf(f, " of %s compound\npages", cp);
	fprintf(f, ", %u chunk%s at a\n"
		"time: the first call, then the mean of %u more%s.\n",
		c->chunks, c->chunks == 1 ? "" : "s", c->iters,
		c->warmup ? " after warm-up runs" : "");
}

/*
 * One metric: the first call and the mean in the units and decimals of
 * @ref_cold and @ref_warm, their whole's for a part.
 */
static void hb_cover_row(FILE *f, const struct hb_metric *m,
			 const struct hb_stats *cold,
			 const struct hb_stats *warm, double ref_cold,
			 double ref_warm)
{
	char first[32], mean[32], pm[32], cv[16], mpm[80];

	if (!warm->n && !cold->n)
		return;
	snprintf(mpm, sizeof(mpm), "%s ± %s",
		 hb_fmt_scaled(mean, sizeof(mean), m->unit, warm->mean,
			       ref_warm),
		 hb_fmt_scaled(pm, sizeof(pm), m->unit,
			       warm->mean_ci_hi - warm->mean, ref_warm));
	/* %27s: the ± sign takes two bytes but one column */
	fprintf(f, "  %-20s %12s %27s %7s\n", m->title,
		hb_fmt_scaled(first, sizeof(first), m->unit, cold->mean,
			      ref_cold), mpm,
		hb_fmt_percent(cv, sizeof(cv), warm->cv));
}

static void hb_cover_size(FILE *f, const struct hb_config *c,
			  const struct hb_summary *cold,
			  const struct hb_summary *warm)
{
	enum hb_metric_id id, whole = HB_M_MEMREMAP, ref;
	char sz[32];
	size_t mi;

	fprintf(f, "\n  %-20s %12s %27s %7s\n",
		hb_size_human(warm->size, sz, sizeof(sz)), "first",
		"mean ± 95% CI", "CV");
	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		id = hb_metric_order[mi];
		if (hb_metrics[id].title[0] != ' ')
			whole = id;
		if (!hb_metrics[id].cover || !hb_metric_applies(c, id))
			continue;
		/* a part takes its whole's decimals, in the same unit */
		ref = hb_metrics[id].unit == hb_metrics[whole].unit ? whole : id;
		hb_cover_row(f, &hb_metrics[id], &cold->st[id], &warm->st[id],
			     cold->st[ref].mean, warm->st[ref].mean);
	}
}

/* "The 64 GiB memremap_pages calls ran at two levels, ..." */
static void hb_cover_shapes(FILE *f, const struct hb_summary *warm)
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
				      st->median, m->unit));
	}
}

/* "28.1 ms ± 0.6 ms", padded to @w columns, or "-". */
static void hb_cover_mean_pm(FILE *f, int w, const struct hb_stats *st,
			     enum hb_unit unit)
{
	char m[32], pm[32], buf[80];

	if (isnan(st->mean))
		snprintf(buf, sizeof(buf), "-");
	else if (isnan(st->mean_ci_hi))
		snprintf(buf, sizeof(buf), "%s",
			 hb_fmt_human(m, sizeof(m), unit, st->mean));
	else
		snprintf(buf, sizeof(buf), "%s ± %s",
			 hb_fmt_human(m, sizeof(m), unit, st->mean),
			 hb_fmt_scaled(pm, sizeof(pm), unit,
				       st->mean_ci_hi - st->mean, st->mean));
	/* the ± sign takes two bytes but one column */
	fprintf(f, " %*s", w + !!strstr(buf, "±"), buf);
}

/* Several sizes: one line each, how memremap and its phase scale. */
static void hb_cover_sweep(FILE *f, const struct hb_summary *sum, size_t nr)
{
	const struct hb_stats *cold, *warm;
	char sz[32], pp[32], first[32];
	size_t i;

	fprintf(f, "\n  %-7s %19s %19s %11s\n", "", "", "", "memmap_init");
	fprintf(f, "  %-7s %19s %19s %11s %9s\n", "", "memremap",
		"memmap_init", "ns/4KiB", "first");
	for (i = 0; i + 1 < nr; i += 2) {
		cold = sum[i].st;
		warm = sum[i + 1].st;
		fprintf(f, "  %-7s", hb_size_human(sum[i].size, sz, sizeof(sz)));
		hb_cover_mean_pm(f, 19, &warm[HB_M_MEMREMAP], HB_UNIT_NS);
		hb_cover_mean_pm(f, 19, &warm[HB_M_MEMMAP_INIT], HB_UNIT_NS);
		if (isnan(warm[HB_M_MEMMAP_INIT_PP].mean))
			snprintf(pp, sizeof(pp), "-");
		else
			snprintf(pp, sizeof(pp), "%.1f",
				 warm[HB_M_MEMMAP_INIT_PP].mean);
		fprintf(f, " %11s %9s\n", pp,
			hb_fmt_human(first, sizeof(first), HB_UNIT_NS,
				     cold[HB_M_MEMREMAP].mean));
	}
}

void hb_render_cover(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr)
{
	char sz[32], stopped[256];
	size_t i;

	hb_cover_setup(f, r);
	if (hb_meta_icount(&r->meta))
		hb_wrap(f, HB_ICOUNT_NOTE, "", HB_COVER_COLS);
	if (r->cfg.nr_sizes > 1) {
		hb_cover_sweep(f, sum, nr);
		fputc('\n', f);
		hb_wrapf(f, "", HB_COVER_COLS, "Means of the calls after the first, ± their 95%% confidence interval (Student t). memmap_init ns/4KiB: per 4 KiB of device memory. first: memremap of the first call of a size, %s%s.",
			 r->meta.info.maps_total ? "none of them the first after loading the module" :
						   "the first after loading the module only for ",
			 r->meta.info.maps_total ? "" :
			 hb_size_human(r->cfg.sizes[0], sz, sizeof(sz)));
	} else {
		for (i = 0; i + 1 < nr; i += 2)
			hb_cover_size(f, &r->cfg, &sum[i], &sum[i + 1]);
		fputs("\n± is the 95% confidence interval of the mean (Student t).\n",
		      f);
	}
	hb_roof_write(f, r, sum, nr, "\n", HB_COVER_COLS);
	for (i = 0; i + 1 < nr; i += 2)
		hb_cover_shapes(f, &sum[i + 1]);
	if (hb_stopped_text(stopped, sizeof(stopped), r, sum, nr))
		hb_wrap(f, stopped, "", HB_COVER_COLS);
	if (!r->complete)
		fputs("These results are INCOMPLETE: the run was stopped early.\n",
		      f);
	hb_rerun_result(f, r, HB_COVER_COLS);
}
