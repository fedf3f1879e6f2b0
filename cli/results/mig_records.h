/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the records of a migration - what is timed, a MIGRATE call,
 * a fault, a fault phase - and how many phases and counts the module
 * gives each: what the field tables (fields.h) describe and a result
 * of workload "migrate" holds.
 */
#ifndef HB_MIG_RECORDS_H
#define HB_MIG_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

/* The JSON document of hmmbench migrate, which holds them. */
#define HB_MIG_SCHEMA	"hmmbench-migrate/1"

/* What is timed: the directions of --direction. */
enum hb_mig_dir {
	HB_MIG_TO_DEVICE,	/* MIGRATE TO_DEVICE of the whole buffer */
	HB_MIG_TO_SYSTEM,	/* MIGRATE TO_SYSTEM of it */
	HB_MIG_FAULT,		/* a CPU fault on one lent page */
	HB_MIG_NR_DIRS,
};

#define HB_MIG_BIT(dir)	(1U << (dir))
#define HB_MIG_ALL	((1U << HB_MIG_NR_DIRS) - 1)
/* The directions whose samples are MIGRATE calls. */
#define HB_MIG_CALLS	\
	(HB_MIG_BIT(HB_MIG_TO_DEVICE) | HB_MIG_BIT(HB_MIG_TO_SYSTEM))

/* Bytes from one touch of the fault phase to the next: 4 KiB. */
#define HB_MIG_TOUCH	4096

/* Base pages of a PMD-sized folio, page_size / 8 (512 with 4 KiB). */
static inline uint64_t hb_mig_pmd_pages(uint64_t page_size)
{
	return page_size / 8;
}

/* One MIGRATE: the kernel's reply and the wall time around it. */
struct hb_mig_call {
	unsigned int iter;	/* 0: the first iteration */
	unsigned int run;	/* merged migrations: index into sources */
	enum hb_mig_dir dir;	/* HB_MIG_TO_DEVICE or HB_MIG_TO_SYSTEM */
	uint64_t wall_ns;	/* the ioctl, as this process timed it */
	struct hmmbench_migrate m;
};

/* One fault: the touch as this process timed it, the kernel's record. */
struct hb_mig_fault {
	unsigned int iter;
	unsigned int run;
	uint64_t offset;	/* of the page touched, in the buffer */
	uint64_t touch_ns;	/* CLOCK_MONOTONIC before the touch */
	uint64_t user_ns;	/* the touch: a load and a store of a word */
	struct hmmbench_fault rec;
};

/* An iteration's fault phase: the lending, then the touches. */
struct hb_mig_touches {
	unsigned int iter;
	unsigned int run;
	struct hb_mig_call lend;	/* the TO_DEVICE before: no sample */
	uint64_t touches;	/* pages touched */
	uint64_t faults;	/* faults the module handled meanwhile */
	uint64_t dropped;	/* records it dropped meanwhile */
	uint64_t records;	/* records read after the first touch */
	uint64_t samples;	/* records matched to a touch: samples */
	uint64_t stale;		/* records read before it, left out */
};

/*
 * A migration's records, in the order measured (of a merged one, run by
 * run): the MIGRATE calls of to_device and to_system, one fault phase
 * per iteration that measured faults, and the fault samples in the order
 * of their touches.  A result of workload "migrate" holds them
 * (result.h), and its samples are made of them (mig_read.h).
 */
struct hb_mig_records {
	struct hb_mig_call *calls;
	size_t nr_calls, cap_calls;
	struct hb_mig_touches *phases;
	size_t nr_phases, cap_phases;
	struct hb_mig_fault *faults;
	size_t nr_faults, cap_faults;
	/*
	 * The result's meta.roof[0] holds ROOFLINE's copy of its size, for
	 * the copy phase; when it was not measured, why, or "" for an older
	 * result
	 */
	char roof_skip[160];
};

/*
 * The phases the module times, in a call as in a fault: fields.h's
 * hb_mig_phase_fields and hb_fault_phase_fields, in this order.
 */
enum hb_mig_phase {
	HB_MP_SETUP,
	HB_MP_ALLOC,
	HB_MP_COPY,
	HB_MP_PAGES,
	HB_MP_FINALIZE,
	HB_MIG_NR_PHASES
};

/* The columns of a fault's row: fields.h's hb_mig_fault_fields. */
#define HB_MIG_FAULT_COLS	12

/* The counts of a call: indexes into fields.h's hb_mig_count_fields. */
enum hb_mig_count_id {
	HB_MC_CALLS,
	HB_MC_REQUESTED,
	HB_MC_COLLECTED,
	HB_MC_MIGRATED,
	HB_MC_THP,
	HB_MC_SPLIT,
	/* the pages skipped, and why: the last */
	HB_MC_SKIP_UNCOLLECTED,
	HB_MC_SKIP_NOMEM,
	HB_MC_SKIP_BUSY,
	HB_MC_NR
};

#endif /* HB_MIG_RECORDS_H */
