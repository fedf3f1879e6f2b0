/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: every field of a result's module, host, merged-run and
 * configuration records, and of a migration's calls, phases, counts
 * and faults, described once - JSON key, type, place in its struct, and whether two
 * results must agree on it - for the JSON writer, the info table, the
 * reader, the configuration check and the summaries to walk.  A new
 * field of the module's INFO or of the configuration is one row.
 */
#ifndef HB_FIELDS_H
#define HB_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/mig_records.h"

enum hb_ftype {
	HB_F_CHARS,	/* char[]: "" when unknown */
	HB_F_STRING,	/* const char *: NULL (JSON null) when unknown */
	HB_F_U32,	/* __u32 or unsigned int */
	HB_F_U64,	/* __u64 */
	HB_F_BYTES,	/* __u64 amount of memory, also shown as "64 GiB" */
	HB_F_COUNT,	/* size_t */
	HB_F_BOOL,
	HB_F_FEATURES,	/* __u32 of HMMBENCH_FEAT_* bits, by name */
	HB_F_NODE,	/* int: JSON null for HMMBENCH_NODE_LOCAL */
	HB_F_WINDOW,	/* __u64 start, end (inclusive): [start, end]; optional,
			 * it is unknown while end is 0 */
	HB_F_SIZES,	/* at a struct hb_config: its sizes[] */
	HB_F_RUNS,	/* at a struct hb_result: hb_result_runs(), not read */
	HB_F_PERCENT,	/* double, 4 decimals */
	HB_F_DIRS,	/* unsigned int of mig_records.h's HB_MIG_BIT()s, as
			 * ["to_device", "fault"] */
	HB_F_TRI,	/* enum hb_tri: true or false; optional, absent while
			 * unknown */
	HB_F_DERIVED,	/* a number the row's derive() makes of its struct;
			 * implied */
};

/* Which results must agree on a field before compare or merge. */
enum hb_fmatch {
	HB_MATCH_NONE,
	HB_MATCH_ALWAYS,	/* compare and merge */
	HB_MATCH_MERGE,		/* merge only: what compare compares */
};

struct hb_field {
	const char *key;	/* JSON member, the info table's row */
	const char *title;	/* what messages call it, when matched; a
				 * phase's name; why a skip skipped */
	enum hb_ftype type;
	size_t offset;		/* in the struct the table describes */
	size_t size;		/* sizeof the member */
	enum hb_fmatch match;
	bool optional;		/* written and shown only when known (a
				   number: when not 0) */
	/*
	 * Written, never read back: what the document's schema implies, or
	 * what the reader has from elsewhere
	 */
	bool implied;
	uint64_t (*derive)(const void *base);	/* HB_F_DERIVED's */
};

/* The rows of one record, in the order every writer puts them. */
struct hb_fields {
	const struct hb_field *f;
	size_t n;
};

/* struct hmmbench_info: metadata.module, and info's module. */
extern const struct hb_fields hb_module_fields;
/* struct hb_host: metadata.host, and info's host. */
extern const struct hb_fields hb_host_fields;
/*
 * The rows of hb_host_fields that describe the environment (host.h):
 * microcode to mitigations, each optional; what compare's inputs carry
 * as their "environment".
 */
extern const struct hb_fields hb_env_fields;
/* struct hb_source: each of metadata.sources. */
extern const struct hb_fields hb_source_fields;
/* struct hb_result: configuration. */
extern const struct hb_fields hb_config_fields;
/*
 * struct hb_result: a migration's configuration (hmmbench-migrate/1), one
 * size, the page sizes it moves in and the touch of its fault phase.
 */
extern const struct hb_fields hb_mig_config_fields;
/*
 * struct hb_mig_call: a call of hmmbench migrate, its wall time, the
 * reply's total, its phases, then its counts (those of the three tables
 * below).
 */
extern const struct hb_fields hb_mig_call_fields;
/*
 * The phases the module times, HB_MIG_NR_PHASES of them in this order,
 * each titled by its name ("setup"): of struct hmmbench_migrate, and of
 * struct hmmbench_fault.
 */
extern const struct hb_fields hb_mig_phase_fields;
extern const struct hb_fields hb_fault_phase_fields;
/*
 * struct hmmbench_migrate's counts, indexed by enum hb_mig_count_id; the
 * skips, from HB_MC_SKIP_UNCOLLECTED on, titled by why ("busy").
 */
extern const struct hb_fields hb_mig_count_fields;
/*
 * struct hb_mig_touches: the counts of a fault phase but "unmatched",
 * which is records - samples.
 */
extern const struct hb_fields hb_mig_touch_fields;

/*
 * struct hb_mig_fault: a fault sample's row of HB_MIG_FAULT_COLS
 * integers, the columns JSON names in "fault_columns" - where it was
 * touched, the order and pages of what came home, the touch as this
 * process timed it, the kernel's record, then when the touch and the
 * handler began.  CSV has columns of the first HB_MIG_FAULT_CSV,
 * offset to finalize_ns.
 */
extern const struct hb_fields hb_mig_fault_fields;
#define HB_MIG_FAULT_CSV	(HB_MIG_FAULT_COLS - 2)

/* "to_device", "to_system" or "fault": JSON, CSV and
 * HB_F_DIRS. */
const char *hb_mig_dir_key(enum hb_mig_dir dir);
/* "to-device", "to-system" or "fault": --direction and the table. */
const char *hb_mig_dir_option(enum hb_mig_dir dir);

/* The member @f describes in @base. */
const void *hb_field_at(const struct hb_field *f, const void *base);
void *hb_field_in(const struct hb_field *f, void *base);

/*
 * Whether @f is optional and @base does not know it ("" or NULL, 0, an
 * HB_TRI_UNKNOWN).
 */
bool hb_field_absent(const struct hb_field *f, const void *base);

/* An HB_F_U32, _U64, _BYTES, _COUNT or _FEATURES member as a number. */
uint64_t hb_field_uint(const struct hb_field *f, const void *base);
void hb_field_set_uint(const struct hb_field *f, void *base, uint64_t n);

/*
 * @f of @base as JSON would write it on one line ("4096", "\"6.1.0\"",
 * "null", "[1073741824]"), for messages and for telling values apart.
 */
const char *hb_field_text(char *buf, size_t len, const struct hb_field *f,
			  const void *base);

#endif /* HB_FIELDS_H */
