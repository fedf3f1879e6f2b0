/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the one field list of the samples.  Every metric the table,
 * CSV, JSON, cover and gobench outputs show is a row here - for one the
 * kernel measures, also its valid bit and where it is in the ioctl reply
 * and in a sample, which the loop and the reader take it by - and its
 * summaries (cold and warm, per size) are computed from it, so the
 * formats cannot disagree.
 */
#ifndef HB_METRICS_H
#define HB_METRICS_H

#include <limits.h>

#include "fmt.h"
#include "results/result.h"
#include "results/workload.h"
#include "stats/stats.h"

/* The ioctl whose reply carries a kernel-measured metric. */
enum hb_reply {
	HB_REPLY_MAP,		/* struct hmmbench_map */
	HB_REPLY_UNMAP,		/* struct hmmbench_unmap */
	HB_REPLY_MIRROR,	/* struct hmmbench_mirror */
	HB_REPLY_NONE,		/* timed by hmmbench itself */
};

struct hb_metric {
	const char *key;	/* CSV column and JSON member: stable */
	const char *title;	/* table and cover row: not stable */
	enum hb_unit unit;
	bool raw;		/* in the ioctl reply and the sample */
	/* a time the kernel measured, raw or the difference of two raw */
	bool measured;		/* ones: an integer, tested by compare */
	bool cover;		/* shown in the cover-letter text */
	/* "the average <phrase> ...": compare's cover text; NULL: left out */
	const char *phrase;
	/* Go benchmark unit: no spaces; ns in the numerator for benchstat */
	const char *gounit;
	/* raw: its valid bit, its member of a sample and of the reply */
	uint32_t bit;		/* HMMBENCH_T_* */
	size_t offset;		/* in struct hb_sample */
	enum hb_reply reply;
	size_t reply_offset;	/* in the reply's struct */
	/* derived: computed from the sample; false when it cannot be */
	bool (*derive)(const struct hb_sample *s, const struct hb_meta *m,
		       double *v);
	/* the workloads it is one of: HB_WL_BIT()s (workload.h) */
	unsigned int workloads;
	/*
	 * A migration's: what moved, "to-device", "to-system" or "fault";
	 * its samples record the order their pages moved in.  NULL for
	 * every other workload's.
	 */
	const char *moved;
	/*
	 * A metric of a migration's calls of either direction, or of its
	 * faults: the groups of samples (HB_MIG_BIT()s) it describes, whose
	 * summaries show it (a call's summarized by direction,
	 * hb_summarize()); compare compares the calls' totals by direction
	 * and the faults' times instead.  0: every sample's.
	 */
	unsigned int groups;
	/*
	 * A part of another row's time, or the extreme of one: not added
	 * to the kernel time a table's last line sums (hb_kernel_ns())
	 */
	bool inner;
	/*
	 * A count of what a call found, not a figure: the table's heading
	 * says it, no row shows it
	 */
	bool tally;
	/*
	 * Kept by every machine format and tested by compare, but no row
	 * of the human table or cover: a phase, whose share is its row
	 */
	bool hidden;
	/*
	 * The figure of its workloads: the time a size's block of the table
	 * and the cover is in, and what gobench leads with
	 */
	bool headline;
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
	HB_M_MEMREMAP_REST,	/* CSV columns are only added at the end */
	HB_M_ROOF_PLAIN,	/* first after CSV v1's compound_size column */
	HB_M_ROOF_NT,
	HB_M_BIND,		/* rebind: first after CSV v1's pages column */
	HB_M_UNBIND,
	/* migrate's, which has a CSV of its own: no result's columns */
	HB_M_TO_DEVICE,		/* MIGRATE TO_DEVICE, the kernel's total */
	HB_M_TO_SYSTEM,		/* a MIGRATE TO_SYSTEM */
	HB_M_FAULT,		/* a CPU fault's handler, migrate_to_ram() */
	HB_M_TOUCH,		/* the touch that faulted, hmmbench's time */
	HB_M_TO_DEVICE_RATE,	/* bytes moved per second of the total */
	HB_M_TO_SYSTEM_RATE,
	/* a MIGRATE call's, of either direction (grouped), in this order */
	HB_M_CALL_RATE,		/* GiB moved per second of the total */
	HB_M_CALL_PP,		/* the total per 4 KiB moved */
	HB_M_CALL_TOTAL,	/* the kernel's total */
	HB_M_CALL_SETUP,	/* the phases' shares of it, and the rest's */
	HB_M_CALL_ALLOC,
	HB_M_CALL_COPY,
	HB_M_CALL_PAGES,
	HB_M_CALL_FINALIZE,
	HB_M_CALL_OTHER,
	HB_M_CALL_COPY_RATE,	/* GiB moved per second of the copy phase */
	HB_M_CALL_WALL,		/* the ioctl, as hmmbench timed it */
	HB_M_CALL_OVERHEAD,	/* the wall time less the kernel's total */
	HB_M_FAULT_OUTSIDE,	/* a fault's touch less its handler (grouped) */
	/* a mirror's: its MIRROR reply, then what is derived from it */
	HB_M_MIR_TOTAL,		/* the batches, each whole */
	HB_M_MIR_FAULT,		/* in hmm_range_fault() */
	HB_M_MIR_UPDATE,	/* the device's page-table update */
	HB_M_MIR_RETRY,		/* attempts that were retried */
	HB_M_MIR_INVALIDATE,	/* the notifier's invalidate callbacks */
	HB_M_MIR_CALL_MIN,	/* the fastest batch */
	HB_M_MIR_CALL_MAX,	/* the slowest */
	HB_M_MIR_WALL,		/* the ioctl, as hmmbench timed it */
	HB_M_MIR_CALLS,		/* counts: batches */
	HB_M_MIR_RETRY_BUSY,	/* hmm_range_fault() said -EBUSY */
	HB_M_MIR_RETRY_SEQ,	/* mmu_interval_read_retry() said retry */
	HB_M_MIR_INVALIDATIONS,
	HB_M_MIR_PAGES,		/* pages in the range, and of them: */
	HB_M_MIR_VALID,
	HB_M_MIR_WRITABLE,
	HB_M_MIR_PMD,
	HB_M_MIR_ZERO,
	HB_M_MIR_DEVICE_PRIVATE,
	HB_M_MIR_ERROR,
	HB_M_MIR_REST,		/* the total less its timed phases */
	HB_M_MIR_PP,		/* the total per 4 KiB of range */
	HB_M_MIR_RATE,		/* GiB of range per second of the total */
	HB_M_MIR_BATCH,		/* the total per batch */
	HB_M_MIR_RETRIES,	/* retries per batch */
	HB_M_MIR_OVERHEAD,	/* the wall time less the kernel's total */
	HB_M_MIR_FAULT_SHARE,	/* the phases' shares of the total */
	HB_M_MIR_UPDATE_SHARE,
	HB_M_MIR_RETRY_SHARE,
	HB_M_MIR_REST_SHARE,
	HB_M_MIR_BATCH_P50,	/* the batches' percentiles (HB_T_BATCHES) */
	HB_M_MIR_BATCH_P90,
	HB_M_MIR_BATCH_P99,
	HB_M_MIR_MIN_PP,	/* a batch's times per 4 KiB of it: the table's */
	HB_M_MIR_P50_PP,
	HB_M_MIR_P90_PP,
	HB_M_MIR_P99_PP,
	HB_M_MIR_MAX_PP,
	HB_NR_METRICS
};

extern const struct hb_metric hb_metrics[HB_NR_METRICS];

/* The order people read them in: a part under its whole, derived last. */
extern const enum hb_metric_id hb_metric_order[HB_NR_METRICS];

/*
 * Whether metric @mi is one of @c's workload (hb_workload_of()): the
 * driver's bind and unbind are a namespace's, the region's request and
 * release and the roofline's efficiencies the module's chunks', those
 * that say what moved a migration's, which has no other; the others are
 * the chunks' and the namespaces'.
 */
bool hb_metric_applies(const struct hb_config *c, size_t mi);

/*
 * Whether metric @mi is one of @c's workload (hb_metric_applies()) that
 * means something where @m was measured: under QEMU's icount a bandwidth
 * or a share of one does not, instructions being no time (a share of a
 * total time does).  The human, JSON and gobench formats show these; CSV
 * keeps every column.
 */
bool hb_metric_shown(const struct hb_config *c, const struct hb_meta *m,
		     size_t mi);

/* The figure of @c's workload (struct hb_metric's headline). */
enum hb_metric_id hb_headline(const struct hb_config *c);

/* The unit of metric @mi in a result of @m: instructions under icount. */
enum hb_unit hb_metric_unit(size_t mi, const struct hb_meta *m);

/*
 * The title of metric @mi's rows: "memremap ns/4KiB", and under icount
 * (@icount) "memremap instr/4KiB"; in @buf when it differs.
 */
const char *hb_metric_title(size_t mi, bool icount, char *buf, size_t len);

/* The title of metric @mi without the indent the table gives a part. */
const char *hb_metric_name(size_t mi);

/* Every group of samples, in struct hb_summary. */
#define HB_ALL_GROUPS	UINT_MAX

/*
 * Statistics of one metric set: one size, cold or warm samples, of one
 * group of a workload whose samples fall in groups (workload.h).
 */
struct hb_summary {
	uint64_t size;
	unsigned int group;	/* a migration's direction, or HB_ALL_GROUPS */
	enum hb_kind kind;	/* HB_COLD or HB_WARM */
	struct hb_stats st[HB_NR_METRICS];	/* over the samples */
	/*
	 * A result merged from several runs (by_run): the statistics of
	 * each run's mean of a metric, n being the runs that have it, which
	 * the table and cover text show, as compare tests them; and the
	 * fewest and most samples of this size and kind a run has.
	 */
	bool by_run;
	struct hb_stats run[HB_NR_METRICS];
	size_t calls_lo, calls_hi;
};

/* What the table and cover text of @s show: its runs', or its samples'. */
static inline const struct hb_stats *hb_summary_shown(
	const struct hb_summary *s)
{
	return s->by_run ? s->run : s->st;
}

/*
 * Metric @m of @s into *@v; false when @s did not measure it (its valid
 * bit is clear) or it cannot be derived: never a silent zero.
 */
bool hb_metric_get(const struct hb_metric *m, const struct hb_sample *s,
		   const struct hb_meta *meta, double *v);

/*
 * Metric @m of @s as the machine formats (CSV, JSON, gobench) write it:
 * a whole number when the kernel measured it, else hb_fmt_precision()
 * decimals; its value in *@v.  NULL when hb_metric_get() has none.
 */
const char *hb_metric_text(char *buf, size_t len, const struct hb_metric *m,
			   const struct hb_sample *s,
			   const struct hb_meta *meta, double *v);

/* Sets raw metric @m of @s to @ns, measured. */
void hb_metric_set(const struct hb_metric *m, struct hb_sample *s,
		   uint64_t ns);

/*
 * Copies into @s every raw metric that @reply (a struct hmmbench_map or
 * hmmbench_unmap, as @kind says) carries, with those of its @valid bits.
 */
void hb_metrics_take(struct hb_sample *s, enum hb_reply kind,
		     const void *reply, uint32_t valid);

/*
 * Two summaries per configured size and group of its workload's (one
 * group of every sample, for a workload without them), cold then warm,
 * in the order of cfg.sizes, then of the groups; by run too when @r
 * merges several; *@out is malloc()ed.  Returns 0 or -ENOMEM.
 */
int hb_summarize(const struct hb_result *r, struct hb_summary **out,
		 size_t *nr);

/*
 * The summary of @size, group @group and @kind in @sum's @nr; NULL when
 * there is none.
 */
const struct hb_summary *hb_summary_find(const struct hb_summary *sum,
					 size_t nr, uint64_t size,
					 unsigned int group, enum hb_kind kind);

/* Whether metric @mi is one that the summaries of @group show. */
bool hb_metric_of_group(size_t mi, unsigned int group);

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

/*
 * The mean of each run's values of metric @mi at @size and @kind, in run
 * order, into @buf (room for r->nr_samples); runs without such a value
 * are left out.  Returns how many.
 */
size_t hb_run_means(const struct hb_result *r, uint64_t size,
		    enum hb_kind kind, size_t mi, double *buf);

/* Sum of every kernel-timed phase of every sample, in ns. */
uint64_t hb_kernel_ns(const struct hb_result *r);

#endif /* HB_METRICS_H */
