/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the workloads a result can hold, each described once - what
 * its --size is of, what its samples are called, and what compare and
 * its outputs tell a reader of one run a side - for compare and the
 * renderers to read instead of asking which workload a result is.  The
 * metrics that are a workload's say so in their row (metrics.h).  A new
 * workload is a row here and its metrics' rows.
 */
#ifndef HB_WORKLOAD_H
#define HB_WORKLOAD_H

#include "results/fields.h"
#include "results/result.h"

enum hb_workload_id {
	HB_WL_CHUNK,	/* run, sweep: the module's DEVICE_PRIVATE chunks */
	HB_WL_BIND,	/* rebind: a pmem namespace's driver bind */
	HB_WL_MIGRATE,	/* migrate: MIGRATE calls and CPU faults */
	HB_WL_MIRROR,	/* mirror: MIRROR calls over one range */
	HB_NR_WORKLOADS
};

#define HB_WL_BIT(id)	(1U << (id))

struct hb_workload {
	enum hb_workload_id id;
	/* what --size is of, in a plot's axis: "chunk", "namespace" */
	const char *sized;
	/* its samples, counted: "12 calls", "12 calls and faults" */
	const char *samples;
	/* what the line under a table's rows counts: "samples", "calls" */
	const char *counted;
	/*
	 * Its results hold a migration's records (result.h's mig), whose
	 * own summaries (migration.h) its outputs show beside the samples'
	 */
	bool records;
	/* what the cover's averages are of: "rebinds" */
	const char *averaged;
	/* what gives a verdict when a side is one run, in compare's note */
	const char *verdict;
	/* the table's note on the rows of one run a side, not tested */
	const char *untested;
	/* the cover's paragraph on them */
	const char *single;
	/* the JSON document of its results: its schema (FORMATS.md) */
	const char *schema;
	/* the fields of that document's configuration, as written */
	const struct hb_fields *config;
	/*
	 * That document's metadata has the label, null when none was
	 * given (else only a given one: hmmbench-migrate/1 had none before
	 * migrate took --label), and its head says why the loop ended in
	 * stopped_by
	 */
	bool labelled;
	bool stopped_by;
	/*
	 * The groups its samples are summarized in, HB_MIG_BIT()s of a
	 * sample's group: a migration's calls by direction; 0: one group
	 * of every sample
	 */
	unsigned int groups;
	/* what such a document is, to whom gives another */
	const char *document;
};

/*
 * The workload of @c: a migration's (workload "migrate"), a mirror's
 * ("mirror"), a namespace's binds (ns_name set), else the module's
 * chunks.
 */
const struct hb_workload *hb_workload_of(const struct hb_config *c);

#endif /* HB_WORKLOAD_H */
