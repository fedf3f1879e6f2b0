// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: statistics of a set of items an owner describes (sets.h).
 */
#include "stats/sets.h"

size_t hb_set_values(const struct hb_set *set, size_t id, double *buf)
{
	size_t i, n = 0;

	for (i = 0; i < set->nr_items; i++)
		if (set->in(set->ctx, i))
			n += set->value(set->ctx, i, id, &buf[n]);
	return n;
}

size_t hb_set_run_means(const struct hb_set *set, size_t id, double *buf)
{
	size_t run, i, k, n = 0;
	double v, sum;

	for (run = 0; run < set->nr_runs; run++) {
		for (i = k = 0, sum = 0.0; i < set->nr_items; i++) {
			if (set->run(set->ctx, i) == run &&
			    set->in(set->ctx, i) &&
			    set->value(set->ctx, i, id, &v)) {
				sum += v;
				k++;
			}
		}
		if (k)
			buf[n++] = sum / k;
	}
	return n;
}

void hb_set_items_per_run(const struct hb_set *set, size_t *lo, size_t *hi)
{
	size_t run, i, k;

	*lo = *hi = 0;
	for (run = 0; run < set->nr_runs; run++) {
		for (i = k = 0; i < set->nr_items; i++)
			k += set->run(set->ctx, i) == run &&
			     set->in(set->ctx, i);
		if (!k)
			continue;
		if (!*lo || k < *lo)
			*lo = k;
		if (k > *hi)
			*hi = k;
	}
}

int hb_set_stats(const struct hb_set *set, size_t nr_ids, double *buf,
		 struct hb_stats *st, struct hb_stats *run)
{
	size_t id;
	int ret;

	for (id = 0; id < nr_ids; id++) {
		ret = hb_stats_compute(buf, hb_set_values(set, id, buf),
				       &st[id]);
		if (!ret && run)
			ret = hb_stats_compute(buf,
					       hb_set_run_means(set, id, buf),
					       &run[id]);
		if (ret)
			return ret;
	}
	return 0;
}
