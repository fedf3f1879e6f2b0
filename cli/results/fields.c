// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the field tables.  Their order is the order of FORMATS.md:
 * the JSON writer, the info table and the reader all walk them, so a row
 * added here is written, shown, read back and, when it says so, checked
 * by compare and merge.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/hmmbench.h>

#include "results/fields.h"
#include "results/result.h"

/* Member @m of struct @st, key @k; compare and merge need it equal. */
#define HB_MATCHED(st, k, m, t, mt, ti)					\
	{ .key = k, .title = ti, .type = t, .offset = offsetof(st, m),	\
	  .size = sizeof(((st *)0)->m), .match = mt }
#define HB_FIELD(st, k, m, t)	HB_MATCHED(st, k, m, t, HB_MATCH_NONE, NULL)
/* Member @m of struct @st, key @k, left out while "" or NULL. */
#define HB_OPTIONAL(st, k, m, t)					\
	{ .key = k, .type = t, .offset = offsetof(st, m),		\
	  .size = sizeof(((st *)0)->m), .optional = true }
/* Both: left out while unknown (0 too), and matched when known. */
#define HB_OPT_MATCHED(st, k, m, t, mt, ti)				\
	{ .key = k, .title = ti, .type = t, .offset = offsetof(st, m),	\
	  .size = sizeof(((st *)0)->m), .match = mt, .optional = true }
#define HB_ARRAY_LEN(rows)	(sizeof(rows) / sizeof(rows[0]))
#define HB_TABLE(rows)	{ rows, HB_ARRAY_LEN(rows) }

#define HB_INFO(k, m, t)	HB_FIELD(struct hmmbench_info, k, m, t)
static const struct hb_field hb_module_rows[] = {
	HB_INFO("version", module_version, HB_F_CHARS),
	HB_INFO("abi_version", abi_version, HB_F_U32),
	HB_INFO("features", features, HB_F_FEATURES),
	HB_INFO("kernel_release", kernel_release, HB_F_CHARS),
	HB_MATCHED(struct hmmbench_info, "page_size", page_size, HB_F_U64,
		   HB_MATCH_ALWAYS, "page size"),
	HB_MATCHED(struct hmmbench_info, "struct_page_size",
		   struct_page_size, HB_F_U64, HB_MATCH_ALWAYS,
		   "struct page size"),
	HB_INFO("size_align", size_align, HB_F_BYTES),
	HB_INFO("min_size", min_size, HB_F_BYTES),
	HB_INFO("max_size", max_size, HB_F_BYTES),
	HB_INFO("budget", budget, HB_F_BYTES),
	HB_INFO("mem_available", mem_available, HB_F_BYTES),
	HB_INFO("reserve", reserve, HB_F_BYTES),
	HB_INFO("live_chunks", live_chunks, HB_F_U32),
	HB_INFO("nr_nodes", nr_nodes, HB_F_U32),
	HB_INFO("maps_total", maps_total, HB_F_U64),
	/* phys_window_start and phys_window_end, which follows it */
	{ .key = "phys_window", .type = HB_F_WINDOW, .optional = true,
	  .offset = offsetof(struct hmmbench_info, phys_window_start),
	  .size = 2 * sizeof(__u64) },
};

#define HB_HOST(k, m, t)	HB_FIELD(struct hb_host, k, m, t)
#define HB_ENV(k, m, t)		HB_OPTIONAL(struct hb_host, k, m, t)
/* the environment, in metadata.host and in compare's inputs */
#define HB_ENV_ROWS							\
	HB_ENV("microcode", microcode, HB_F_CHARS),			\
	HB_ENV("cpufreq_governor", governor, HB_F_CHARS),		\
	HB_ENV("boost", boost, HB_F_TRI),				\
	HB_ENV("smt_control", smt_control, HB_F_CHARS),			\
	HB_ENV("smt_active", smt_active, HB_F_TRI),			\
	HB_ENV("thp_enabled", thp_enabled, HB_F_CHARS),			\
	HB_ENV("thp_defrag", thp_defrag, HB_F_CHARS),			\
	HB_ENV("clocksource", clocksource, HB_F_CHARS),			\
	HB_ENV("mitigations", mitigations, HB_F_CHARS)

static const struct hb_field hb_host_rows[] = {
	HB_HOST("hostname", hostname, HB_F_CHARS),
	HB_MATCHED(struct hb_host, "machine", machine, HB_F_CHARS,
		   HB_MATCH_ALWAYS, "architecture (uname -m)"),
	HB_HOST("cpu_model", cpu_model, HB_F_CHARS),
	HB_HOST("cpu_count", cpus, HB_F_U32),
	HB_HOST("numa_nodes", numa_nodes, HB_F_U32),
	HB_HOST("total_ram", total_ram, HB_F_BYTES),
	HB_MATCHED(struct hb_host, "kernel_release", kernel_release,
		   HB_F_CHARS, HB_MATCH_MERGE, "kernel release"),
	HB_MATCHED(struct hb_host, "kernel_version", kernel_version,
		   HB_F_CHARS, HB_MATCH_MERGE, "kernel build (uname -v)"),
	HB_HOST("kernel_cmdline", cmdline, HB_F_CHARS),
	HB_OPTIONAL(struct hb_host, "boot_id", boot_id, HB_F_CHARS),
	HB_MATCHED(struct hb_host, "accelerator", accel, HB_F_CHARS,
		   HB_MATCH_ALWAYS, "accelerator (kvm, tcg, icount, none)"),
	HB_HOST("qemu_version", qemu_version, HB_F_CHARS),
	HB_ENV_ROWS,
	HB_HOST("hmmbench_git", hmmbench_git, HB_F_CHARS),
};

static const struct hb_field hb_env_rows[] = {
	HB_ENV_ROWS,
};

#define HB_SOURCE(k, m, t)	HB_FIELD(struct hb_source, k, m, t)
static const struct hb_field hb_source_rows[] = {
	HB_SOURCE("file", file, HB_F_STRING),
	HB_SOURCE("date", date, HB_F_STRING),
	HB_SOURCE("label", label, HB_F_STRING),
	HB_SOURCE("kernel_release", kernel_release, HB_F_STRING),
	HB_SOURCE("hostname", hostname, HB_F_STRING),
	HB_OPTIONAL(struct hb_source, "boot_id", boot_id, HB_F_STRING),
	HB_OPTIONAL(struct hb_source, "run_id", run_id, HB_F_CHARS),
	HB_SOURCE("samples", nr_samples, HB_F_COUNT),
	HB_SOURCE("complete", complete, HB_F_BOOL),
	HB_OPTIONAL(struct hb_source, "command_line", command_line,
		    HB_F_STRING),
};

#define HB_CONFIG(k, m, t)	HB_FIELD(struct hb_result, k, m, t)
static const struct hb_field hb_config_rows[] = {
	HB_CONFIG("command", cfg.command, HB_F_STRING),
	HB_MATCHED(struct hb_result, "workload", cfg.workload, HB_F_STRING,
		   HB_MATCH_ALWAYS, "workload"),
	HB_OPTIONAL(struct hb_result, "namespace", cfg.ns_name, HB_F_STRING),
	HB_OPT_MATCHED(struct hb_result, "map", cfg.nd_map, HB_F_STRING,
		       HB_MATCH_ALWAYS, "struct page location (--map)"),
	HB_OPT_MATCHED(struct hb_result, "align", cfg.nd_align, HB_F_BYTES,
		       HB_MATCH_ALWAYS, "namespace alignment (--align)"),
	HB_OPT_MATCHED(struct hb_result, "driver", cfg.nd_driver,
		       HB_F_STRING, HB_MATCH_ALWAYS, "driver"),
	HB_OPTIONAL(struct hb_result, "device", cfg.nd_device, HB_F_STRING),
	HB_OPTIONAL(struct hb_result, "first_bind_reconfigure",
		    cfg.first_bind_reconfigure, HB_F_BOOL),
	HB_MATCHED(struct hb_result, "sizes", cfg, HB_F_SIZES,
		   HB_MATCH_MERGE, "sizes"),
	HB_MATCHED(struct hb_result, "chunks", cfg.chunks, HB_F_U32,
		   HB_MATCH_ALWAYS, "chunk count (--chunks)"),
	HB_CONFIG("cold_iterations", cfg, HB_F_RUNS),
	HB_CONFIG("warmup_iterations", cfg.warmup, HB_F_U32),
	HB_CONFIG("iterations", cfg.iters, HB_F_U32),
	HB_OPTIONAL(struct hb_result, "until_ci_percent", cfg.until_ci,
		    HB_F_PERCENT),
	HB_OPTIONAL(struct hb_result, "max_time_ns", cfg.max_time_ns,
		    HB_F_U64),
	HB_MATCHED(struct hb_result, "node", cfg.node, HB_F_NODE,
		   HB_MATCH_ALWAYS, "NUMA node (--node)"),
	HB_CONFIG("interleave", cfg.interleave, HB_F_BOOL),
	HB_MATCHED(struct hb_result, "vmemmap_shift", cfg.vmemmap_shift,
		   HB_F_U32, HB_MATCH_ALWAYS, "vmemmap shift (--compound)"),
	HB_CONFIG("compound_size", cfg.compound_size, HB_F_BYTES),
	/* migrate's: --no-thp against --thp compares, never pools */
	HB_OPT_MATCHED(struct hb_result, "thp", cfg.thp, HB_F_BOOL,
		       HB_MATCH_MERGE, "THP request (--thp, --no-thp)"),
	HB_OPT_MATCHED(struct hb_result, "batch", cfg.batch, HB_F_U64,
		       HB_MATCH_ALWAYS,
		       "pages per batch (--batch)"),
	HB_OPT_MATCHED(struct hb_result, "directions", cfg.dirs, HB_F_DIRS,
		       HB_MATCH_MERGE, "directions (--direction)"),
	/* mirror's: what its buffer was and what it asked of MIRROR */
	HB_OPT_MATCHED(struct hb_result, "state", cfg.mirror_state,
		       HB_F_STRING, HB_MATCH_ALWAYS, "buffer state (--state)"),
	HB_OPT_MATCHED(struct hb_result, "fault", cfg.mirror_fault,
		       HB_F_STRING, HB_MATCH_ALWAYS, "fault mode (--fault)"),
	HB_OPT_MATCHED(struct hb_result, "invalidate", cfg.invalidate,
		       HB_F_U64, HB_MATCH_ALWAYS,
		       "invalidations per second (--invalidate)"),
};

/* What a migration's pages are: a PMD's base pages, and a touch. */
static uint64_t hb_mig_pmd_of(const void *base)
{
	const struct hb_result *r = base;

	return hb_mig_pmd_pages(r->meta.info.page_size);
}

static uint64_t hb_mig_touch_of(const void *base)
{
	(void)base;
	return HB_MIG_TOUCH;
}

/* Written, not read: the schema says it, or the metadata holds it. */
#define HB_IMPLIED(k, m, t)						\
	{ .key = k, .type = t, .offset = offsetof(struct hb_result, m),	\
	  .size = sizeof(((struct hb_result *)0)->m), .implied = true }
#define HB_DERIVED(k, fn)						\
	{ .key = k, .type = HB_F_DERIVED, .implied = true, .derive = fn }
static const struct hb_field hb_mig_config_rows[] = {
	HB_IMPLIED("command", cfg.command, HB_F_STRING),
	HB_IMPLIED("workload", cfg.workload, HB_F_STRING),
	HB_CONFIG("size", cfg.sizes[0], HB_F_U64),
	HB_CONFIG("chunk_size", cfg.chunk_size, HB_F_U64),
	HB_CONFIG("cold_iterations", cfg, HB_F_RUNS),
	HB_CONFIG("iterations", cfg.iters, HB_F_U32),
	HB_CONFIG("thp", cfg.thp, HB_F_BOOL),
	HB_CONFIG("batch", cfg.batch, HB_F_U64),
	HB_CONFIG("directions", cfg.dirs, HB_F_DIRS),
	HB_IMPLIED("page_size", meta.info.page_size, HB_F_U64),
	HB_DERIVED("pmd_pages", hb_mig_pmd_of),
	HB_DERIVED("touch_size", hb_mig_touch_of),
};

/*
 * The phases the module times, named alike in a MIGRATE's reply (struct
 * hmmbench_migrate) and a fault's record (struct hmmbench_fault), at
 * member @mb after @pre ("m." in a struct hb_mig_call); the title is
 * what the tables and the shares call each.
 */
#define HB_MIG_PHASE(st, pre, k, mb, ti)				\
	{ .key = k, .title = ti, .type = HB_F_U64,			\
	  .offset = offsetof(st, pre mb),				\
	  .size = sizeof(((st *)0)->pre mb) }
#define HB_MIG_PHASE_ROWS(st, pre)					\
	HB_MIG_PHASE(st, pre, "setup_ns", setup_ns, "setup"),		\
	HB_MIG_PHASE(st, pre, "alloc_ns", alloc_ns, "alloc"),		\
	HB_MIG_PHASE(st, pre, "copy_ns", copy_ns, "copy"),		\
	HB_MIG_PHASE(st, pre, "pages_ns", pages_ns, "pages"),		\
	HB_MIG_PHASE(st, pre, "finalize_ns", finalize_ns, "finalize")

/*
 * The counts of a MIGRATE's reply, in hb_mig_count_id's order; a skip's
 * title is why the table says its pages were skipped.
 */
#define HB_MIG_COUNT(st, pre, mb, t, ti)				\
	HB_MATCHED(st, #mb, pre mb, t, HB_MATCH_NONE, ti)
#define HB_MIG_COUNT_ROWS(st, pre)					\
	HB_MIG_COUNT(st, pre, calls, HB_F_U32, NULL),			\
	HB_MIG_COUNT(st, pre, requested, HB_F_U64, NULL),		\
	HB_MIG_COUNT(st, pre, collected, HB_F_U64, NULL),		\
	HB_MIG_COUNT(st, pre, migrated, HB_F_U64, NULL),		\
	HB_MIG_COUNT(st, pre, thp, HB_F_U64, NULL),			\
	HB_MIG_COUNT(st, pre, split, HB_F_U64, NULL),			\
	HB_MIG_COUNT(st, pre, skip_uncollected, HB_F_U64,		\
		     "not collected"),					\
	HB_MIG_COUNT(st, pre, skip_nomem, HB_F_U64,			\
		     "without a destination page"),			\
	HB_MIG_COUNT(st, pre, skip_busy, HB_F_U64, "busy")

static const struct hb_field hb_mig_phase_rows[] = {
	HB_MIG_PHASE_ROWS(struct hmmbench_migrate, ),
};

static const struct hb_field hb_fault_phase_rows[] = {
	HB_MIG_PHASE_ROWS(struct hmmbench_fault, ),
};

static const struct hb_field hb_mig_count_rows[] = {
	HB_MIG_COUNT_ROWS(struct hmmbench_migrate, ),
};

_Static_assert(HB_ARRAY_LEN(hb_mig_phase_rows) == HB_MIG_NR_PHASES,
	       "a phase row for each of HB_MIG_NR_PHASES");
_Static_assert(HB_ARRAY_LEN(hb_mig_count_rows) == HB_MC_NR,
	       "a count row for each of enum hb_mig_count_id");

/* a call of hmmbench migrate, and a fault phase's counts */
#define HB_MIG_CALL(k, m)	HB_FIELD(struct hb_mig_call, k, m, HB_F_U64)
static const struct hb_field hb_mig_call_rows[] = {
	HB_MIG_CALL("wall_ns", wall_ns),
	HB_MIG_CALL("total_ns", m.total_ns),
	HB_MIG_PHASE_ROWS(struct hb_mig_call, m.),
	HB_MIG_COUNT_ROWS(struct hb_mig_call, m.),
};

/*
 * a fault sample's row: JSON's "fault_columns", in order; CSV's fault
 * columns are the first HB_MIG_FAULT_CSV
 */
#define HB_MIG_FAULT(k, m, t)	HB_FIELD(struct hb_mig_fault, k, m, t)
static const struct hb_field hb_mig_fault_rows[] = {
	HB_MIG_FAULT("offset", offset, HB_F_U64),
	HB_MIG_FAULT("order", rec.order, HB_F_U32),
	HB_MIG_FAULT("pages", rec.pages, HB_F_U32),
	HB_MIG_FAULT("user_ns", user_ns, HB_F_U64),
	HB_MIG_FAULT("total_ns", rec.total_ns, HB_F_U64),
	HB_MIG_PHASE_ROWS(struct hb_mig_fault, rec.),
	HB_MIG_FAULT("touch_ns", touch_ns, HB_F_U64),
	HB_MIG_FAULT("start_ns", rec.start_ns, HB_F_U64),
};

_Static_assert(HB_ARRAY_LEN(hb_mig_fault_rows) == HB_MIG_FAULT_COLS,
	       "a fault row's HB_MIG_FAULT_COLS columns");

#define HB_MIG_TOUCHES(m)	HB_FIELD(struct hb_mig_touches, #m, m, HB_F_U64)
static const struct hb_field hb_mig_touch_rows[] = {
	HB_MIG_TOUCHES(touches),
	HB_MIG_TOUCHES(faults),
	HB_MIG_TOUCHES(dropped),
	HB_MIG_TOUCHES(records),
	HB_MIG_TOUCHES(stale),
};

const struct hb_fields hb_module_fields = HB_TABLE(hb_module_rows);
const struct hb_fields hb_host_fields = HB_TABLE(hb_host_rows);
const struct hb_fields hb_env_fields = HB_TABLE(hb_env_rows);
const struct hb_fields hb_source_fields = HB_TABLE(hb_source_rows);
const struct hb_fields hb_config_fields = HB_TABLE(hb_config_rows);
const struct hb_fields hb_mig_config_fields = HB_TABLE(hb_mig_config_rows);
const struct hb_fields hb_mig_call_fields = HB_TABLE(hb_mig_call_rows);
const struct hb_fields hb_mig_touch_fields = HB_TABLE(hb_mig_touch_rows);
const struct hb_fields hb_mig_fault_fields = HB_TABLE(hb_mig_fault_rows);
const struct hb_fields hb_mig_phase_fields = HB_TABLE(hb_mig_phase_rows);
const struct hb_fields hb_fault_phase_fields = HB_TABLE(hb_fault_phase_rows);
const struct hb_fields hb_mig_count_fields = HB_TABLE(hb_mig_count_rows);

static const char *const hb_mig_keys[HB_MIG_NR_DIRS] = {
	[HB_MIG_TO_DEVICE] = "to_device",
	[HB_MIG_TO_SYSTEM] = "to_system",
	[HB_MIG_FAULT] = "fault",
};

static const char *const hb_mig_options[HB_MIG_NR_DIRS] = {
	[HB_MIG_TO_DEVICE] = "to-device",
	[HB_MIG_TO_SYSTEM] = "to-system",
	[HB_MIG_FAULT] = "fault",
};

const char *hb_mig_dir_key(enum hb_mig_dir dir)
{
	return dir < HB_MIG_NR_DIRS ? hb_mig_keys[dir] : "?";
}

const char *hb_mig_dir_option(enum hb_mig_dir dir)
{
	return dir < HB_MIG_NR_DIRS ? hb_mig_options[dir] : "?";
}

const void *hb_field_at(const struct hb_field *f, const void *base)
{
	return (const char *)base + f->offset;
}

void *hb_field_in(const struct hb_field *f, void *base)
{
	return (char *)base + f->offset;
}

bool hb_field_absent(const struct hb_field *f, const void *base)
{
	const void *v = hb_field_at(f, base);

	if (!f->optional)
		return false;
	if (f->type == HB_F_STRING)
		return !*(const char *const *)v;
	if (f->type == HB_F_WINDOW)
		return !((const uint64_t *)v)[1];
	if (f->type == HB_F_PERCENT)
		return !*(const double *)v;
	if (f->type == HB_F_U64 || f->type == HB_F_BYTES)
		return !*(const uint64_t *)v;
	if (f->type == HB_F_BOOL)
		return !*(const bool *)v;
	if (f->type == HB_F_DIRS)
		return !*(const unsigned int *)v;
	if (f->type == HB_F_TRI)
		return *(const enum hb_tri *)v == HB_TRI_UNKNOWN;
	return f->type == HB_F_CHARS && !*(const char *)v;
}

uint64_t hb_field_uint(const struct hb_field *f, const void *base)
{
	const void *v = hb_field_at(f, base);

	switch (f->type) {
	case HB_F_DERIVED:
		return f->derive(base);
	case HB_F_U32:
	case HB_F_FEATURES:
	case HB_F_DIRS:
		return *(const uint32_t *)v;
	case HB_F_COUNT:
		return *(const size_t *)v;
	default:
		return *(const uint64_t *)v;
	}
}

void hb_field_set_uint(const struct hb_field *f, void *base, uint64_t n)
{
	void *v = hb_field_in(f, base);

	switch (f->type) {
	case HB_F_U32:
	case HB_F_FEATURES:
	case HB_F_DIRS:
		*(uint32_t *)v = n;
		break;
	case HB_F_COUNT:
		*(size_t *)v = n;
		break;
	default:
		*(uint64_t *)v = n;
	}
}

/* "[1073741824,4294967296]" */
static const char *hb_sizes_text(char *buf, size_t len,
				 const struct hb_config *c)
{
	size_t i, used = 1;
	int n;

	snprintf(buf, len, "[");
	for (i = 0; i < c->nr_sizes && used < len; i++) {
		n = snprintf(buf + used, len - used, "%s%" PRIu64,
			     i ? "," : "", c->sizes[i]);
		used += n > 0 ? n : 0;
	}
	if (used < len)
		snprintf(buf + used, len - used, "]");
	return buf;
}

/* "[\"to_device\",\"fault\"]" */
static const char *hb_dirs_text(char *buf, size_t len, unsigned int dirs)
{
	size_t used = 1;
	enum hb_mig_dir d;
	int n;

	snprintf(buf, len, "[");
	for (d = 0; d < HB_MIG_NR_DIRS && used < len; d++) {
		if (!(dirs & HB_MIG_BIT(d)))
			continue;
		n = snprintf(buf + used, len - used, "%s\"%s\"",
			     used > 1 ? "," : "", hb_mig_dir_key(d));
		used += n > 0 ? n : 0;
	}
	if (used < len)
		snprintf(buf + used, len - used, "]");
	return buf;
}

/* Quoted as JSON quotes a string, "null" for NULL. */
static const char *hb_string_text(char *buf, size_t len, const char *s)
{
	if (s)
		snprintf(buf, len, "\"%s\"", s);
	else
		snprintf(buf, len, "null");
	return buf;
}

const char *hb_field_text(char *buf, size_t len, const struct hb_field *f,
			  const void *base)
{
	const void *v = hb_field_at(f, base);
	int node;

	switch (f->type) {
	case HB_F_CHARS:
		return hb_string_text(buf, len, v);
	case HB_F_STRING:
		return hb_string_text(buf, len, *(const char *const *)v);
	case HB_F_BOOL:
		snprintf(buf, len, *(const bool *)v ? "true" : "false");
		return buf;
	case HB_F_TRI:
		snprintf(buf, len, "%s",
			 *(const enum hb_tri *)v == HB_TRI_YES ? "true" :
			 *(const enum hb_tri *)v == HB_TRI_NO ? "false" : "null");
		return buf;
	case HB_F_NODE:
		node = *(const int *)v;
		if (node == HMMBENCH_NODE_LOCAL)
			return hb_string_text(buf, len, NULL);
		snprintf(buf, len, "%d", node);
		return buf;
	case HB_F_SIZES:
		return hb_sizes_text(buf, len, v);
	case HB_F_WINDOW:
		snprintf(buf, len, "[%" PRIu64 ",%" PRIu64 "]",
			 ((const uint64_t *)v)[0], ((const uint64_t *)v)[1]);
		return buf;
	case HB_F_RUNS:
		snprintf(buf, len, "%u", hb_result_runs(base));
		return buf;
	case HB_F_PERCENT:
		snprintf(buf, len, "%g", *(const double *)v);
		return buf;
	case HB_F_DIRS:
		return hb_dirs_text(buf, len, hb_field_uint(f, base));
	default:
		snprintf(buf, len, "%" PRIu64, hb_field_uint(f, base));
		return buf;
	}
}
