/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the one field list.  Every metric the table, CSV, JSON and
 * cover outputs show is a row here, and its summaries (cold and warm,
 * per size) are computed from it, so the formats cannot disagree.
 */
#ifndef HB_METRICS_H
#define HB_METRICS_H

#include "fmt.h"
#include "result.h"
#include "stats.h"

struct hb_metric {
	const char *key;	/* CSV column and JSON member: stable */
	const char *title;	/* table and cover row: not stable */
	enum hb_unit unit;
	bool raw;		/* measured by the kernel (an integer) */
	bool cover;		/* shown in the cover-letter text */
	/* false when the sample did not measure it: never a silent zero */
	bool (*get)(const struct hb_sample *s, const struct hb_meta *m,
		    double *v);
	/* "the average <phrase> ...": compare's cover text; NULL: left out */
	const char *phrase;
	/* Go benchmark unit: no spaces; ns in the numerator for benchstat */
	const char *gounit;
};

/* Indexes into hb_metrics[], in output order. */
enum hb_metric_id {
	HB_M_REGION,
	HB_M_MEMREMAP,
	HB_M_MEMMAP_INIT,
	HB_M_MEMUNMAP,
	HB_M_RELEASE,
	HB_M_MEMREMAP_PP,
	HB_M_MEMMAP_INIT_PP,
	HB_M_MEMMAP_INIT_RATE,
	HB_NR_METRICS
};

extern const struct hb_metric hb_metrics[HB_NR_METRICS];

/* Statistics of one metric set: one size, cold or warm samples. */
struct hb_summary {
	uint64_t size;
	enum hb_kind kind;	/* HB_COLD or HB_WARM */
	struct hb_stats st[HB_NR_METRICS];
};

/*
 * Two summaries per configured size, cold then warm, in the order of
 * cfg.sizes; *@out is malloc()ed.  Returns 0 or -ENOMEM.
 */
int hb_summarize(const struct hb_result *r, struct hb_summary **out,
		 size_t *nr);

/*
 * Metric @mi of sample @s of @r into *@v, when @s is of @size and @kind
 * and has that metric; the filter behind hb_metric_values().
 */
bool hb_metric_value(const struct hb_result *r, const struct hb_sample *s,
		     uint64_t size, enum hb_kind kind, size_t mi, double *v);

/*
 * Values of metric @mi over the samples of @size and @kind, in the order
 * measured, into @buf (room for r->nr_samples); returns their count.
 */
size_t hb_metric_values(const struct hb_result *r, uint64_t size,
			enum hb_kind kind, size_t mi, double *buf);

/* Sum of every kernel-timed phase of every sample, in ns. */
uint64_t hb_kernel_ns(const struct hb_result *r);

#endif /* HB_METRICS_H */
