// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the workloads a result can hold, described once.
 */
#include "results/mig_records.h"
#include "results/workload.h"

/* One boot a side: calls within one boot are not independent. */
#define HB_WL_BOOT_UNTESTED \
	"x%?: not tested.  Calls within one boot are not independent: a verdict needs several runs (boots) a side, merged (make ab)."
#define HB_WL_BOOT_SINGLE \
	"One boot on a side: calls within one boot are not independent of each other, so the changes below are not tested and claim nothing, and their intervals hold within that boot only. For a verdict, measure several boots a side, alternating (make ab), merge each side (hmmbench merge) and compare those."

#define HB_WL_RESULT_DOC	"a result of run, sweep or rebind"

static const struct hb_workload hb_workloads[HB_NR_WORKLOADS] = {
	[HB_WL_CHUNK] = {
		.id = HB_WL_CHUNK,
		.sized = "chunk",
		.samples = "calls",
		.counted = "samples",
		.averaged = "calls after the first",
		.verdict = "no verdict; make ab measures several",
		.untested = HB_WL_BOOT_UNTESTED,
		.single = HB_WL_BOOT_SINGLE,
		.schema = HB_RESULT_SCHEMA,
		.config = &hb_config_fields,
		.labelled = true,
		.stopped_by = true,
		.document = HB_WL_RESULT_DOC,
	},
	[HB_WL_BIND] = {
		.id = HB_WL_BIND,
		.sized = "namespace",
		.samples = "calls",
		.counted = "samples",
		.averaged = "rebinds",
		.verdict = "no verdict; make ab measures several",
		.untested = HB_WL_BOOT_UNTESTED,
		.single = HB_WL_BOOT_SINGLE,
		.schema = HB_RESULT_SCHEMA,
		.config = &hb_config_fields,
		.labelled = true,
		.stopped_by = true,
		.document = HB_WL_RESULT_DOC,
	},
	[HB_WL_MIGRATE] = {
		.id = HB_WL_MIGRATE,
		.sized = "buffer",
		.samples = "calls and faults",
		.counted = "calls",
		.records = true,
		.averaged = "iterations after the first",
		.verdict = "no verdict; merge several runs a side (hmmbench merge)",
		.untested = "x%?: not tested.  The calls and faults of one run are not independent: a verdict needs several runs a side, merged (hmmbench merge).",
		.schema = HB_MIG_SCHEMA,
		.config = &hb_mig_config_fields,
		.groups = HB_MIG_CALLS,
		.document = "a migration (hmmbench migrate)",
		.single = "One run on a side: the calls and faults of one run are not independent of each other, so the changes below are not tested and claim nothing, and their intervals hold within that run only. For a verdict, measure several runs a side, alternating, merge each side (hmmbench merge) and compare those.",
	},
	[HB_WL_MIRROR] = {
		.id = HB_WL_MIRROR,
		.sized = "range",
		.samples = "calls",
		.counted = "samples",
		.averaged = "calls after the first",
		.verdict = "no verdict; merge several runs a side (hmmbench merge)",
		.untested = "x%?: not tested.  The calls of one run are not independent: a verdict needs several runs a side, merged (hmmbench merge).",
		.single = "One run on a side: the calls of one run are not independent of each other, so the changes below are not tested and claim nothing, and their intervals hold within that run only. For a verdict, measure several runs a side, alternating, merge each side (hmmbench merge) and compare those.",
		.schema = HB_RESULT_SCHEMA,
		.config = &hb_config_fields,
		.labelled = true,
		.stopped_by = true,
		.document = "a mirror (hmmbench mirror)",
	},
};

const struct hb_workload *hb_workload_of(const struct hb_config *c)
{
	if (hb_config_migrate(c))
		return &hb_workloads[HB_WL_MIGRATE];
	if (hb_config_mirror(c))
		return &hb_workloads[HB_WL_MIRROR];
	return &hb_workloads[c->ns_name ? HB_WL_BIND : HB_WL_CHUNK];
}
