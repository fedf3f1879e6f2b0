// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the summaries of a result's samples (metrics.h declares
 * them) - per size and, for a workload whose samples fall in groups, per
 * group, cold and warm, by run too when it merges several - and the
 * values of one metric they are made of, as compare takes them.  The
 * samples of one size, kind and group are a set of stats/sets.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "results/metrics.h"
#include "results/workload.h"
#include "stats/sets.h"

/* The samples of one size, kind and group, as a set (stats/sets.h). */
struct hb_sample_set {
	const struct hb_result *r;
	uint64_t size;
	enum hb_kind kind;
	unsigned int group;	/* or HB_ALL_GROUPS */
};

static bool hb_sample_in(const void *ctx, size_t i)
{
	const struct hb_sample_set *ss = ctx;
	const struct hb_sample *s = &ss->r->samples[i];

	return s->size == ss->size && s->kind == ss->kind &&
	       (ss->group == HB_ALL_GROUPS || s->group == ss->group);
}

static size_t hb_sample_run(const void *ctx, size_t i)
{
	const struct hb_sample_set *ss = ctx;

	return ss->r->samples[i].run;
}

static bool hb_sample_value(const void *ctx, size_t i, size_t mi, double *v)
{
	const struct hb_sample_set *ss = ctx;

	return hb_metric_get(&hb_metrics[mi], &ss->r->samples[i],
			     &ss->r->meta, v);
}

static struct hb_set hb_sample_set(const struct hb_sample_set *ss)
{
	return (struct hb_set){
		.ctx = ss,
		.nr_items = ss->r->nr_samples,
		.nr_runs = ss->r->nr_sources,
		.in = hb_sample_in,
		.run = hb_sample_run,
		.value = hb_sample_value,
	};
}

size_t hb_metric_values(const struct hb_result *r, uint64_t size,
			enum hb_kind kind, size_t mi, double *buf)
{
	struct hb_sample_set ss = { r, size, kind, HB_ALL_GROUPS };
	struct hb_set set = hb_sample_set(&ss);

	return hb_set_values(&set, mi, buf);
}

size_t hb_run_means(const struct hb_result *r, uint64_t size,
		    enum hb_kind kind, size_t mi, double *buf)
{
	struct hb_sample_set ss = { r, size, kind, HB_ALL_GROUPS };
	struct hb_set set = hb_sample_set(&ss);

	return hb_set_run_means(&set, mi, buf);
}

static int hb_summarize_one(const struct hb_result *r, double *buf,
			    struct hb_summary *sum)
{
	struct hb_sample_set ss = { r, sum->size, sum->kind, sum->group };
	struct hb_set set = hb_sample_set(&ss);

	sum->by_run = r->nr_sources >= 2;
	if (sum->by_run)
		hb_set_items_per_run(&set, &sum->calls_lo, &sum->calls_hi);
	return hb_set_stats(&set, HB_NR_METRICS, buf, sum->st,
			    sum->by_run ? sum->run : NULL);
}

/*
 * The groups of @r's summaries, each an HB_MIG_BIT() of @groups, into
 * @group; one, HB_ALL_GROUPS, when its workload has none.
 */
static size_t hb_summary_groups(const struct hb_result *r,
				unsigned int *group)
{
	unsigned int groups = hb_workload_of(&r->cfg)->groups, g;
	size_t n = 0;

	if (!groups) {
		group[0] = HB_ALL_GROUPS;
		return 1;
	}
	for (g = 0; g < HB_MIG_NR_DIRS; g++)
		if (groups & HB_MIG_BIT(g))
			group[n++] = g;
	return n;
}

int hb_summarize(const struct hb_result *r, struct hb_summary **out,
		 size_t *nr)
{
	unsigned int group[HB_MIG_NR_DIRS];
	size_t groups = hb_summary_groups(r, group);
	size_t i, n = 2 * groups * r->cfg.nr_sizes;
	struct hb_summary *sum = calloc(n ? n : 1, sizeof(*sum));
	double *buf = malloc((r->nr_samples + 1) * sizeof(*buf));
	int ret = 0;

	if (!sum || !buf) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n && !ret; i++) {
		sum[i].size = r->cfg.sizes[i / (2 * groups)];
		sum[i].group = group[i / 2 % groups];
		sum[i].kind = i % 2 ? HB_WARM : HB_COLD;
		ret = hb_summarize_one(r, buf, &sum[i]);
	}
out:
	free(buf);
	if (ret) {
		free(sum);
		return ret;
	}
	*out = sum;
	*nr = n;
	return 0;
}

const struct hb_summary *hb_summary_find(const struct hb_summary *sum,
					 size_t nr, uint64_t size,
					 unsigned int group, enum hb_kind kind)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (sum[i].size == size && sum[i].group == group &&
		    sum[i].kind == kind)
			return &sum[i];
	return NULL;
}
