/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what a run, sweep, rebind or migrate produces - its
 * configuration, the metadata of where it ran, and every raw sample (and
 * of a migration, the records they are made of) - before any statistics
 * or rendering.  Renderers take a const struct hb_result.
 */
#ifndef HB_RESULT_H
#define HB_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "kernel/host.h"
#include "results/mig_records.h"

#define HB_MAX_SWEEP	64	/* sizes in one sweep */

/* Which part of a run a sample belongs to. */
enum hb_kind {
	HB_COLD,	/* first iteration of a size: reported apart */
	HB_WARMUP,	/* --warmup: recorded, excluded from statistics */
	HB_WARM,	/* the measured iterations */
};

/*
 * Valid bits of the times hmmbench itself measures, beside the kernel's
 * HMMBENCH_T_* in a sample's valid.
 */
#define HB_T_BIND	(1U << 16)	/* write() to the driver's bind file */
#define HB_T_UNBIND	(1U << 17)	/* write() to its unbind file */
/*
 * A migration's samples (hmmbench migrate, read back for compare and
 * merge): the kernel's total of a MIGRATE TO_DEVICE or TO_SYSTEM call,
 * or of a CPU fault's handler, and the fault's touch as hmmbench timed
 * it.
 */
#define HB_T_TO_DEVICE	(1U << 18)
#define HB_T_TO_SYSTEM	(1U << 19)
#define HB_T_FAULT	(1U << 20)
#define HB_T_TOUCH	(1U << 21)
/* A mirror's sample: the reply of one MIRROR over the whole range. */
#define HB_T_MIRROR	(1U << 22)
/* and the percentiles of its batches' times, where the module gave them */
#define HB_T_BATCHES	(1U << 23)

struct hb_config {
	const char *command;	/* "run", "sweep", "rebind", "migrate", "mirror" */
	/*
	 * What makes the calls: "chunk" (the module's DEVICE_PRIVATE
	 * chunks), "fsdax" or "devdax" (a pmem namespace's driver bind),
	 * "migrate" (a migration's MIGRATE calls and faults, mig_read.h),
	 * "mirror" (MIRROR calls, one per iteration over one range).
	 */
	const char *workload;
	/* rebind: the namespace and how it is set up; else NULL and 0 */
	const char *ns_name;	/* namespace0.0 */
	const char *nd_map;	/* fsdax: "mem" or "dev" */
	uint64_t nd_align;	/* bytes */
	const char *nd_driver;	/* nd_pmem, dax_pmem */
	const char *nd_device;	/* the device bound: pfn0.1, dax0.1 */
	/* rebind: the first bind was the one --reconfigure made */
	bool first_bind_reconfigure;
	uint64_t sizes[HB_MAX_SWEEP];
	size_t nr_sizes;
	unsigned int chunks;	/* chunks mapped at once per iteration */
	unsigned int iters;	/* warm iterations */
	unsigned int warmup;	/* excluded iterations after the cold one */
	int node;		/* HMMBENCH_NODE_LOCAL or a node id */
	bool interleave;	/* sweep sizes round-robin per iteration */
	const char *label;	/* NULL when not given */
	unsigned int vmemmap_shift;	/* log2 pages per compound page */
	uint64_t compound_size;	/* bytes per (compound) page; 0: unknown */
	bool verify;		/* VERIFY a chunk of each size after it */
	/*
	 * --until-ci: stop once the 95 % interval of the warm memremap mean
	 * is narrower than +-this % of it, iters being the most; 0: off.
	 */
	double until_ci;
	uint64_t max_time_ns;	/* --max-time: no step starts after; 0: off */
	/*
	 * migrate (workload "migrate"): THP asked for, pages per
	 * migrate_vma_setup() (0: the kernel's) and the directions timed,
	 * mig_records.h's HB_MIG_BIT()s; else false, 0 and 0.
	 */
	bool thp;
	uint64_t batch;
	unsigned int dirs;
	uint64_t chunk_size;	/* migrate: the chunk lent as device memory */
	/*
	 * mirror (workload "mirror"): the state its buffer was built in
	 * ("4k", "thp", "none", "zero", "lent"), what MIRROR faults in
	 * ("none", "read", "write"), and --invalidate: ranges a second
	 * thread invalidates per second while it runs (0: none); batch
	 * above is its pages per hmm_range_fault(); else NULL and 0.
	 */
	const char *mirror_state;
	const char *mirror_fault;
	uint64_t invalidate;
};

/* Why the measurement loop ended. */
enum hb_end {
	HB_END_ITERS,		/* every iteration ran */
	HB_END_CI,		/* --until-ci: the interval got narrow enough */
	HB_END_MAX_TIME,	/* --max-time ran out */
	HB_END_INTERRUPTED,	/* a signal: incomplete */
	HB_END_ERROR,		/* a failed request: incomplete */
	HB_NR_ENDS,
};

/*
 * What VERIFY read back from the struct pages of one chunk (verify.h):
 * the digest compares across kernels of the same layout.
 */
struct hb_memmap {
	bool valid;		/* false: not verified */
	uint64_t pages;
	uint64_t digest;
	uint64_t layout;
	uint64_t bad_pages;
};

/* One chunk's MAP and UNMAP. */
struct hb_sample {
	uint64_t size;
	unsigned int iter;	/* 0-based over cold, warmup and warm */
	unsigned int chunk;	/* 0-based within the iteration */
	unsigned int run;	/* merged results: index into sources */
	enum hb_kind kind;
	uint32_t valid;		/* HMMBENCH_T_* that were measured */
	uint64_t phys_start;
	/* struct pages initialised; 0: every page of size (a chunk) */
	uint64_t pages;
	uint64_t bind_ns;
	uint64_t unbind_ns;
	uint64_t region_ns;
	uint64_t memremap_ns;
	uint64_t memmap_init_ns;
	uint64_t memunmap_ns;
	uint64_t release_ns;
	/*
	 * A migration's: the kernel's total of the call or fault handler
	 * (HB_T_TO_DEVICE, _TO_SYSTEM or _FAULT), the touch (HB_T_TOUCH);
	 * pages is then the pages it moved, thp the PMD-sized folios among
	 * them that moved whole.
	 */
	uint64_t migrate_ns;
	uint64_t touch_ns;
	uint64_t thp;
	/*
	 * What a sample is one of besides its size: a migration's direction
	 * (enum hb_mig_dir, HB_MIG_FAULT for a fault); 0 for the others.
	 * A migration's call also keeps the kernel's phases of it
	 * (hb_mig_phase_fields' order) and its wall time.
	 */
	unsigned int group;
	uint64_t phase_ns[HB_MIG_NR_PHASES];
	uint64_t wall_ns;
	/* A mirror's (HB_T_MIRROR): the module's reply, as it gave it */
	struct hmmbench_mirror mirror;
	/*
	 * and (HB_T_BATCHES) its batches' p50, p90 and p99 (quantile.h's,
	 * to the nearest ns)
	 */
	uint64_t batch_ns[3];
};

/*
 * What ROOFLINE measured for chunks of one size, once per run after the
 * measurement loop: the kernel writing as many bytes as their struct
 * pages, on their node, with plain and with non-temporal stores; for
 * hmmbench migrate, also copying as many bytes as it migrates.
 */
struct hb_roof {
	uint64_t size;		/* chunk length; 0: not measured */
	uint32_t valid;		/* HMMBENCH_R_* */
	uint64_t bytes;		/* written by each store variant */
	uint64_t plain_ns;
	uint64_t nt_ns;
	uint64_t copy_bytes;	/* copied (HMMBENCH_R_COPY) */
	uint64_t copy_ns;
};

/* "content:" and 16 hex digits, or 32 hex digits, and the NUL */
#define HB_RUN_ID_SIZE	40

struct hb_meta {
	/* random, written when the run was measured; "" before they were */
	char run_id[HB_RUN_ID_SIZE];
	/* of the hmmbench that measured; "": this one (HB_VERSION) */
	char version[16];
	/*
	 * The command that made it, shell-quoted: run, sweep or rebind with
	 * every option, defaults filled in, or merge; NULL when not
	 * recorded (results from before it was).
	 */
	const char *command_line;
	struct hb_host host;
	struct hmmbench_info info;	/* from the module before measuring */
	struct hb_roof roof[HB_MAX_SWEEP];	/* of cfg.sizes[i] */
};

/* One input of a merged result (hmmbench merge). */
struct hb_source {
	const char *file;
	const char *date;
	const char *label;		/* NULL when none */
	const char *kernel_release;	/* uname -r where it ran */
	const char *hostname;
	const char *boot_id;		/* NULL when not recorded */
	char run_id[HB_RUN_ID_SIZE];	/* its identity (results/runid.h) */
	size_t nr_samples;
	bool complete;
	const char *command_line;	/* its, or NULL: hb_meta's */
};

struct hb_result {
	struct hb_config cfg;
	struct hb_meta meta;
	struct hb_sample *samples;
	size_t nr_samples;
	size_t cap_samples;
	bool complete;
	const char *stop_reason;	/* NULL, "interrupted" or "error" */
	enum hb_end end;
	char error[512];		/* the sentence when "error" */
	uint64_t wall_ns;		/* whole measurement loop */
	struct hb_memmap memmap[HB_MAX_SWEEP];	/* of cfg.sizes[i] */
	/* merged results only: the runs, malloc()ed; else NULL and 0 */
	struct hb_source *sources;
	size_t nr_sources;
	size_t nr_boots;	/* merged: distinct boots of the sources */
	/* workload "migrate": its records, which its samples are made of */
	struct hb_mig_records mig;
};

/* Kind of iteration @iter under @cfg. */
enum hb_kind hb_iter_kind(const struct hb_config *cfg, unsigned int iter);
const char *hb_kind_name(enum hb_kind kind);

/* "iterations", "ci_target", "max_time", "interrupted" or "error". */
const char *hb_end_name(enum hb_end end);
/* The end named @name, or HB_NR_ENDS. */
enum hb_end hb_end_named(const char *name);

/*
 * The compound page size of --compound, "2M" (or "2^9-page" from a file
 * that did not record the size); NULL for base pages.
 */
const char *hb_config_compound(const struct hb_config *c, char *buf,
			       size_t len);

/*
 * "namespace0.0, 4 GiB devdax (align 2M), dax_pmem binding dax0.0" for
 * a rebind; NULL for the module's chunks.
 */
const char *hb_config_namespace(const struct hb_config *c, char *buf,
				size_t len);

/* Whether @c is a migration's (hmmbench migrate, workload "migrate"). */
bool hb_config_migrate(const struct hb_config *c);

/* Whether @c is a mirror's (hmmbench mirror, workload "mirror"). */
bool hb_config_mirror(const struct hb_config *c);

/* "phase_probe" for HMMBENCH_FEAT_PHASE_PROBE's @bit, ...; NULL: none. */
const char *hb_feature_name(unsigned int bit);

/* The JSON document of a result: its writer and reader agree on it. */
#define HB_RESULT_SCHEMA	"hmmbench-result/1"

/* Appends a zeroed sample and returns it, or NULL without memory. */
struct hb_sample *hb_result_add(struct hb_result *r);

/* Frees the samples and sources (not the strings they point to). */
void hb_result_free(struct hb_result *r);

/* The verified memmap of @size in @r, or NULL. */
const struct hb_memmap *hb_result_memmap(const struct hb_result *r,
					 uint64_t size);

/* The roofline of chunks of @size in @m, or NULL when none was measured. */
const struct hb_roof *hb_meta_roof(const struct hb_meta *m, uint64_t size);

/*
 * Bytes per second of the stores (or the copy) of @rf that HMMBENCH_R_*
 * @bit names into *@bps; false when they were not measured.
 */
bool hb_roof_rate(const struct hb_roof *rf, uint32_t bit, double *bps);

/*
 * Whether @m was measured under emulation (QEMU's TCG, icount too), where
 * a store bandwidth and a ratio to it tell little about hardware.
 */
bool hb_meta_emulated(const struct hb_meta *m);

/*
 * Whether @m was measured under QEMU's icount (vm/run --accel
 * icount), whose guest clock counts instructions: every "ns" of the
 * result is an instruction the guest executed, not time.
 */
bool hb_meta_icount(const struct hb_meta *m);

/* The version of the hmmbench that measured @m: recorded, or this one. */
const char *hb_meta_version(const struct hb_meta *m);

/*
 * What a "ns" of a result stands for, as the CSV formats name it:
 * "instructions" under icount, else "ns".
 */
static inline const char *hb_time_unit(bool icount)
{
	return icount ? "instructions" : "ns";
}

/*
 * What every human format says of a result hb_meta_icount() holds,
 * beside its figures in instructions.
 */
#define HB_ICOUNT_NOTE \
	"Counted under QEMU's icount: the figures are instructions the guest executed, not times, and bandwidths are left out; a call that waits (memunmap_pages waits for an RCU grace period) also counts the clock's jump over the guest's idle time to the timer that wakes it, so it moves with whatever ran before it."

/* What the table and cover of a result measured under TCG say of it. */
#define HB_TCG_NOTE \
	"Emulated by QEMU's TCG: compare ratios within this run, not absolute times, which say little about hardware."

/*
 * Where @h was measured, as every human format says it in its first
 * lines: "on bare metal", "in a KVM guest" ("in a QEMU 7.2.22 KVM
 * guest"), "under QEMU 7.2.22 TCG", "under QEMU 7.2.22 icount", "in a
 * Hyper-V guest" (QEMU's version when its harness recorded it), or in
 * parentheses "(accelerator not recorded)".  Spaces are \x1f, which the
 * wrapping keeps (wrap.h).
 */
const char *hb_host_where(const struct hb_host *h, char *buf, size_t len);

/*
 * The sentence on what @m's figures mean where they were measured:
 * HB_ICOUNT_NOTE, HB_TCG_NOTE, or NULL for a machine that ran them.
 */
const char *hb_meta_emulation_note(const struct hb_meta *m);

/* Cold iterations behind @r: one per merged run, else 1. */
unsigned int hb_result_runs(const struct hb_result *r);

/*
 * Boots the runs of @r were measured in: nr_boots of a merged result, else
 * one per run.
 */
unsigned int hb_result_boots(const struct hb_result *r);

/*
 * Distinct boot ids among @src[0..@n); a source without one is a boot of
 * its own.
 */
size_t hb_sources_boots(const struct hb_source *src, size_t n);

#endif /* HB_RESULT_H */
