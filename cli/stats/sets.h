/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the statistics of a set of measured items, whatever they
 * are - a chunk size's samples of one kind, a migration direction's
 * calls of one kind - as their owner describes the set: which items are
 * in it, the run each came from and each metric's value.  Every
 * summary, compare's inputs and their means by run are taken this way,
 * so each is computed once, in the order measured.
 */
#ifndef HB_SETS_H
#define HB_SETS_H

#include <stdbool.h>
#include <stddef.h>

#include "stats/stats.h"

struct hb_set {
	const void *ctx;	/* the owner's, passed to each function */
	size_t nr_items;	/* items 0 .. nr_items - 1, some in the set */
	size_t nr_runs;		/* runs 0 .. nr_runs - 1 they come from */
	bool (*in)(const void *ctx, size_t i);
	size_t (*run)(const void *ctx, size_t i);
	/* metric @id of item @i into *@v; false when it has none */
	bool (*value)(const void *ctx, size_t i, size_t id, double *v);
};

/*
 * Metric @id of each item of @set that has it, in item order, into @buf
 * (room for nr_items); returns their count.
 */
size_t hb_set_values(const struct hb_set *set, size_t id, double *buf);

/*
 * The mean of each run's values of metric @id, in run order, into @buf
 * (room for nr_items), runs without one left out; returns their count.
 */
size_t hb_set_run_means(const struct hb_set *set, size_t id, double *buf);

/* The fewest and most items of @set a run has, of the runs with any. */
void hb_set_items_per_run(const struct hb_set *set, size_t *lo, size_t *hi);

/*
 * Statistics of metrics 0 .. @nr_ids - 1 over @set into @st[], and when
 * @run is not NULL, of their means by run into @run[]; @buf has room for
 * nr_items.  Returns 0 or -ENOMEM.
 */
int hb_set_stats(const struct hb_set *set, size_t nr_ids, double *buf,
		 struct hb_stats *st, struct hb_stats *run);

#endif /* HB_SETS_H */
