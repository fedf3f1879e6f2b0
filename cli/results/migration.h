/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what is made of a migration's records (a result of workload
 * "migrate": every MIGRATE hmmbench migrate timed and every CPU fault it
 * matched to a touch) short of writing them out: the samples made of
 * them, the order pages actually moved in, and the summaries of each
 * direction, the first iteration apart from the warm ones.
 */
#ifndef HB_MIGRATION_H
#define HB_MIGRATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "results/fields.h"
#include "results/metrics.h"
#include "results/mig_records.h"
#include "results/result.h"
#include "stats/quantile.h"
#include "stats/stats.h"

/*
 * @c zeroed, then what every migration's configuration says: command and
 * workload "migrate", one size (cfg.sizes[0], the buffer) of one chunk
 * on the local node; the caller fills in the rest.
 */
void hb_mig_config_init(struct hb_config *c);

/* Appends a zeroed record and returns it, or NULL without memory. */
struct hb_mig_call *hb_mig_add_call(struct hb_result *r);
struct hb_mig_touches *hb_mig_add_phase(struct hb_result *r);
struct hb_mig_fault *hb_mig_add_fault(struct hb_result *r);

/*
 * Iterations @r has records of: one more than the last one's number (of
 * its last run, when merged).
 */
unsigned int hb_mig_iterations(const struct hb_result *r);

/* Where the records of the next iteration start, walking a result. */
struct hb_mig_cursor {
	size_t call, phase, fault;
};

/* The records of one iteration: [call, call_end) of calls, and so on. */
struct hb_mig_iter {
	unsigned int run;	/* of a merged migration, else 0 */
	unsigned int iter;	/* 0: the run's first */
	size_t call, call_end;
	size_t phase, phase_end;
	size_t fault, fault_end;
};

/*
 * The next iteration of @r from @cur, the first of the records not
 * walked yet, into @it, and @cur past it; false when every record was.
 */
bool hb_mig_next(const struct hb_result *r, struct hb_mig_cursor *cur,
		 struct hb_mig_iter *it);

/* HB_COLD for the first iteration (0), HB_WARM for the others. */
enum hb_kind hb_mig_kind(unsigned int iter);

/* The order pages moved in, as far as a call's counts tell. */
enum hb_mig_order {
	HB_ORDER_NONE,		/* nothing moved */
	HB_ORDER_BASE,		/* base pages only */
	HB_ORDER_THP,		/* whole PMD-sized folios only */
	HB_ORDER_MIXED,		/* some of each */
	HB_ORDER_BAD,		/* more pages in THPs than moved at all */
};

/*
 * The order of @migrated pages of which @thp PMD-sized folios of
 * @pmd_pages each moved whole: THP only when every page moved so.
 */
enum hb_mig_order hb_mig_order(uint64_t migrated, uint64_t thp,
			       uint64_t pmd_pages);

/* "none", "base", "thp", "mixed" or "inconsistent": JSON's order_class. */
const char *hb_mig_order_key(enum hb_mig_order o);

/*
 * What the table and JSON call that order: "THP", "4K" (the base page
 * size), "mixed (3 THP folios + 512 4K pages)", "none moved", or
 * "inconsistent (3 THP folios, 1000 pages)".
 */
const char *hb_mig_order_label(char *buf, size_t len, uint64_t migrated,
			       uint64_t thp, uint64_t page_size);

/*
 * The same for faults, by the folio each brought home: @thp of a PMD's
 * order, @base of order 0, @other of another: "THP", "4K", "mixed (2 THP
 * + 1024 4K faults)", "none".
 */
enum hb_mig_order hb_mig_fault_order(uint64_t thp, uint64_t base,
				     uint64_t other);
const char *hb_mig_fault_order_label(char *buf, size_t len, uint64_t thp,
				     uint64_t base, uint64_t other,
				     uint64_t page_size);

/*
 * "setup", "alloc" ... of phase @p; "other", the total less the phases,
 * for HB_MIG_NR_PHASES.
 */
const char *hb_mig_phase_name(size_t p);

/*
 * Adds to @r, a migration whose records are complete, the samples of
 * its records, in the order measured: one per MIGRATE call (HB_T_TO_DEVICE
 * or HB_T_TO_SYSTEM: the kernel's total and phases, the wall time, the
 * pages moved and the THPs among them; its group the direction) and per
 * fault (HB_T_FAULT, the handler, and HB_T_TOUCH, the touch; group
 * HB_MIG_FAULT), of size cfg.sizes[0], an iteration's calls before its
 * faults.  Statistics, compare and merge take them as any workload's
 * samples.  0 or -ENOMEM.
 */
int hb_mig_samples(struct hb_result *r);

uint64_t hb_mig_count(const struct hmmbench_migrate *m,
		      enum hb_mig_count_id id);

/* A count over the calls of a summary. */
struct hb_mig_range {
	uint64_t min;
	uint64_t max;
	uint64_t total;
};

/* The summaries of one iteration kind: the first, or the warm ones. */
#define HB_MIG_FIRST	0
#define HB_MIG_WARM	1

/*
 * The counts of one direction's calls of one kind; their samples' are
 * the summaries of that direction's group (hb_summarize()).
 */
struct hb_mig_summary {
	size_t n;			/* calls */
	struct hb_mig_range count[HB_MC_NR];
};

/* The faults of one kind. */
struct hb_mig_fault_summary {
	size_t n;			/* fault samples */
	struct hb_pcts user;		/* user_ns */
	struct hb_pcts handler;		/* the record's total_ns */
	struct hb_pcts outside;		/* user_ns - total_ns */
	/* % of the handlers' time summed, by phase; the last: the rest */
	double share[HB_MIG_NR_PHASES + 1];
	uint64_t thp, base, other;	/* samples by the folio moved */
	uint64_t pages;			/* pages they brought home */
	size_t phases;			/* iterations behind them */
	uint64_t touches, faults, dropped, records, stale;	/* summed */
};

struct hb_mig_summaries {
	/* [HB_MIG_TO_DEVICE or _TO_SYSTEM][HB_MIG_FIRST or _WARM] */
	struct hb_mig_summary call[2][2];
	struct hb_mig_fault_summary fault[2];
};

/* Every summary of @r into @s; 0 or -ENOMEM. */
int hb_mig_summarize(const struct hb_result *r,
		     struct hb_mig_summaries *s);

/*
 * The same into *@s, malloc()ed, which the caller frees; 0, or -ENOMEM
 * with *@s NULL.
 */
int hb_mig_summaries_new(const struct hb_result *r,
			 struct hb_mig_summaries **s);

#endif /* HB_MIGRATION_H */
