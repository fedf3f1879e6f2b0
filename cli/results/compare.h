/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: `hmmbench compare` without the I/O - pairs the samples of a
 * baseline and each newer result by size, kind (cold or warm) and metric,
 * gives each pair its change and interval, tests the measured metrics,
 * decides significance over all of them at once, and collects the notes
 * a reader must see.
 *
 * A verdict needs several runs (boots) a side: samples of one boot share
 * that boot's memory layout and host state, so they are not independent
 * of each other, and testing them one by one would read a difference
 * between boots as a difference between kernels.  Each run then counts
 * once, by the mean of its samples.  With one run on either side the
 * change and its within-run interval are shown, and nothing is tested.
 */
#ifndef HB_COMPARE_H
#define HB_COMPARE_H

#include "stats/twosample.h"
#include "results/config_match.h"
#include "results/metrics.h"
#include "results/migration.h"
#include "results/result_read.h"

/*
 * The JSON document of a comparison, and its significance rule: its
 * writer (render/cmp_json.c) and reader (compare_read.c) agree on them.
 */
#define HB_COMPARE_SCHEMA	"hmmbench-compare/2"
#define HB_COMPARE_RULE		"holm_welch_and_mann_whitney"

/* Below this many units (samples or runs) a side, the tests lack power. */
#define HB_CMP_MIN_N		6
/* Above this coefficient of variation a side is called noisy. */
#define HB_CMP_MAX_CV		0.10

/*
 * Instructions counted under QEMU's icount whose units of one side all
 * lie within this fraction of their mean are one value, measured exactly
 * (runs there have differed by at most 6.4e-5): a change between two
 * such sides is exact and needs no test.  Times never are: times that
 * agree only tell of a coarse clock.
 */
#define HB_CMP_EXACT		1e-4

#define HB_CMP_WARN_FEW		(1U << 0)	/* n < HB_CMP_MIN_N */
#define HB_CMP_WARN_CV		(1U << 1)	/* CV > HB_CMP_MAX_CV */

/* Room for the order a side's pages moved in: "mixed (...)" */
#define HB_CMP_ORDER_LEN	96

/* One metric of one size and kind, base against one new result. */
struct hb_cmp_row {
	size_t file;		/* index of the new input, from 1 */
	uint64_t size;
	enum hb_kind kind;	/* HB_COLD or HB_WARM */
	enum hb_metric_id metric;
	struct hb_stats a, b;	/* base, new: over the samples */
	bool by_run;		/* units are run means: both sides merged */
	size_t na, nb;		/* units: samples, or runs */
	double rel;		/* 100 * (w.mean_b - w.mean_a) / w.mean_a */
	struct hb_welch w;	/* unit means, 95 % interval of the change */
	struct hb_mwu u;
	enum hb_cmp_status wst, ust;
	bool interval;		/* 2 units a side: w.rel_lo/hi are set */
	bool tested;		/* a measured metric, by_run, 2 runs a side */
	/*
	 * Tested, both sides counted under icount, and the units of each
	 * side agree within HB_CMP_EXACT: the change is exact, significant
	 * when the means differ by more than that, with no p (p_holm NAN,
	 * holm_m 0) and no mde.
	 */
	bool exact;
	bool primary;		/* the metric the cover text leads with */
	double p_holm;		/* Holm-adjusted p; NAN when untested */
	size_t holm_m;		/* tests in its family (this new input) */
	bool significant;	/* see hb_compare() */
	/*
	 * Tested and not significant: the smallest change, in % of the base
	 * mean, the rule detects with 80 % power (see hb_compare()), and
	 * Welch's test alone; NAN otherwise, or when both sides are
	 * constant.  mde_none: the runs are too few for the rank test to
	 * reach alpha, so no change could have been detected (mde NAN).
	 */
	double mde;
	double mde_welch;
	bool mde_none;
	unsigned int warn;	/* HB_CMP_WARN_* */
	/*
	 * A migration's row (hb_metric.moved): the order the pages of each
	 * side's samples moved in, base then new, as hb_mig_order_label()
	 * says it ("THP", "4K", "mixed (...)"), and its class; "" and
	 * HB_ORDER_NONE in any other row.
	 */
	char order[2][HB_CMP_ORDER_LEN];
	enum hb_mig_order order_class[2];
};

/* The memmaps base and one new input both recorded of one size. */
struct hb_cmp_memmap {
	size_t file;		/* index of the new input, from 1 */
	uint64_t size;
	enum hb_memmap_match match;	/* never HB_MEMMAP_UNKNOWN */
	struct hb_memmap a, b;	/* base, new */
};

struct hb_comparison {
	const struct hb_input *in;	/* in[0] is the baseline */
	size_t nr_in;
	double alpha;
	bool forced;			/* mismatches were overridden */
	struct hb_cmp_row *rows;
	size_t nr_rows;
	char **notes;			/* sentences for stderr and output */
	size_t nr_notes;
	struct hb_cmp_memmap *memmaps;	/* per new input and size */
	size_t nr_memmaps;
	/*
	 * The compare that made it, shell-quoted, and the version and git
	 * describe of its hmmbench, which its caller records; NULL when not
	 * recorded (the version: this hmmbench's).
	 */
	const char *command_line;
	const char *version;
	const char *hmmbench_git;
};

/*
 * Compares in[1..nr_in-1] each against in[0].  Configurations must match
 * (config_match.h); when they do not and !@force, returns -EINVAL with a
 * sentence naming the first differing field in @err.  With @force the
 * differences become notes.  So do memmap digests of one layout, whose
 * difference means the struct pages differ; memmaps of different
 * layouts get a note that they cannot be compared.
 *
 * Only the metrics the kernel measures are tested, and only when both
 * sides merge several runs; derived ones (per page, bandwidth) are the
 * same data rescaled.  The tested rows of one new input are one family:
 * a change is significant when Welch's p, Holm-adjusted over that
 * family, is below @alpha, and the Mann-Whitney p is too (the t-test
 * alone is misled by one outlier; requiring the rank test as well only
 * removes findings, so Holm on Welch keeps the family-wise error rate).
 * When both sides are constant Welch cannot run and the rank test's p
 * takes its place.  The primary metric of a size and kind is the
 * memmap_init phase when both sides probed it, else memremap; of a
 * migration, to-device, else to-system, else the fault handler.  A
 * migration's rows say the order each side's pages moved in; a note says
 * so where the sides moved different ones (THP against 4K, say), which
 * is a comparison, not a mismatch.  So is an environment (results/env.h)
 * that differs: a note names the facts each new input knows differently
 * from the base.
 *
 * A tested row that is not significant gets its minimum detectable
 * effect (power.h): the shift of the new side's mean, relative to the
 * base mean, that the rule detects with 80 % power given the row's unit
 * counts and variances.  Welch's level is @alpha / m, m the tests of the
 * family: Holm's first step, which a row whose change is that large
 * takes, its p being the family's smallest, and the strictest any row
 * faces, so the effect is never smaller than Holm requires.  The rank
 * test keeps @alpha, as in the verdict.
 *
 * Returns 0, -EINVAL or -ENOMEM; free @c with hb_comparison_free().
 */
int hb_compare(const struct hb_input *in, size_t nr_in, double alpha,
	       bool force, struct hb_comparison *c, char *err, size_t len);
void hb_comparison_free(struct hb_comparison *c);

/*
 * Whether the sides of @row moved pages in orders of different classes:
 * THP on one, base pages or a mix on the other.
 */
bool hb_cmp_orders_differ(const struct hb_cmp_row *row);

/*
 * What the rows [@first, @end) of one new input, size and kind say moved,
 * base -> new, by direction: "to-device 4K -> THP, fault THP" (one order
 * where both sides moved the same), then, when a direction's differ,
 * "; the sides moved different page orders: a comparison of THP with
 * 4K".  NULL when none of them is a migration's row.
 */
const char *hb_cmp_moved(char *buf, size_t len, const struct hb_cmp_row *first,
			 const struct hb_cmp_row *end);

/* How the runs of a comparison's inputs relate to boots. */
enum hb_cmp_boots {
	HB_CMP_BOOT_EACH,	/* every run is a boot of its own */
	HB_CMP_ONE_BOOT,	/* every run of every input in one same boot */
	HB_CMP_SHARED,		/* else: some runs shared a boot */
};

enum hb_cmp_boots hb_cmp_boots(const struct hb_comparison *c);

/*
 * The coefficient of variation of the units of side @side (0 base, 1
 * new) of @row: of the run means when by_run, else of the samples; NAN
 * with fewer than 2 units, or when a comparison read back did not record
 * it.
 */
double hb_cmp_unit_cv(const struct hb_cmp_row *row, int side);

/*
 * Whether note @note of a comparison is one of a difference --force
 * overrode, which ends in " (--force)"; its length without that end in
 * *@len.
 */
bool hb_cmp_note_forced(const char *note, size_t *len);

/* Whether a row of @c is exact (hb_cmp_row.exact). */
bool hb_cmp_any_exact(const struct hb_comparison *c);

/* Whether an input of @c counted instructions (hb_meta_icount()). */
bool hb_comparison_icount(const struct hb_comparison *c);

/*
 * The label of in[@i], or its file name when it has none or shares it
 * with another input.
 */
const char *hb_cmp_name(const struct hb_comparison *c, size_t i);

#endif /* HB_COMPARE_H */
