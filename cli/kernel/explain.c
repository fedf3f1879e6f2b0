// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the errors of /dev/hmmbench's requests.  hb_dev_check() says
 * from the module's INFO alone what it would answer a MAP, so that the
 * CLI refuses before measuring; hb_dev_explain() turns every errno of
 * every request into one sentence that says what to do.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "kernel/device.h"
#include "kernel/explain.h"
#include "kernel/host.h"

#define HB_REBUILD_HINT \
	"rebuild and reload driver/hmmbench.ko from the same tree as this hmmbench"

/* Bytes per compound page of 2^@vmemmap_shift pages; 0 on overflow. */
static uint64_t hb_dev_compound_size(const struct hmmbench_info *info,
				     unsigned int vmemmap_shift)
{
	if (vmemmap_shift >= 64 || info->page_size > UINT64_MAX >> vmemmap_shift)
		return 0;
	return info->page_size << vmemmap_shift;
}

int hb_dev_check(const struct hb_dev_ctx *ctx)
{
	const struct hmmbench_info *i = ctx->info;
	uint64_t n = ctx->chunks > 1 ? ctx->chunks : 1;
	uint64_t cp;

	if (i->size_align && ctx->length % i->size_align)
		return -EINVAL;
	if (ctx->length < i->min_size)
		return -EINVAL;
	if (ctx->vmemmap_shift &&
	    !(i->features & HMMBENCH_FEAT_VMEMMAP_SHIFT))
		return -EOPNOTSUPP;
	cp = hb_dev_compound_size(i, ctx->vmemmap_shift);
	if (ctx->vmemmap_shift && (!cp || ctx->length % cp))
		return -EINVAL;
	if (ctx->node != HMMBENCH_NODE_LOCAL &&
	    (ctx->node < 0 || (unsigned int)ctx->node >= i->nr_nodes))
		return -EINVAL;
	if (i->max_size && ctx->length > i->max_size)
		return -ENOMEM;
	if (n * hb_dev_memmap_cost(i, ctx->length) > i->budget)
		return -ENOMEM;
	return 0;
}

static const char *hb_op_name(enum hb_dev_op op)
{
	switch (op) {
	case HB_OP_OPEN:
		return "open";
	case HB_OP_INFO:
		return "INFO";
	case HB_OP_MAP:
		return "MAP";
	case HB_OP_VERIFY:
		return "VERIFY";
	case HB_OP_ROOFLINE:
		return "ROOFLINE";
	case HB_OP_WATCH:
		return "WATCH";
	case HB_OP_WATCH_READ:
		return "WATCH_READ";
	case HB_OP_MIGRATE:
		return "MIGRATE";
	case HB_OP_FAULT_READ:
		return "FAULT_READ";
	case HB_OP_MIRROR:
		return "MIRROR";
	default:
		return "UNMAP";
	}
}

/* Errors that mean the same for every request; NULL when not one. */
static const char *hb_explain_common(char *buf, size_t len,
				     enum hb_dev_op op, int err,
				     const struct hb_dev_ctx *ctx)
{
	const char *name = hb_op_name(op);

	switch (err) {
	case ENOTTY:
		snprintf(buf, len,
			 "%s does not understand the hmmbench %s request: it is not the hmmbench module or a different version; "
			 HB_REBUILD_HINT, ctx->path, name);
		return buf;
	case E2BIG:
		snprintf(buf, len,
			 "the hmmbench module is older than this hmmbench and refuses its %s request: "
			 HB_REBUILD_HINT, name);
		return buf;
	case EFAULT:
		snprintf(buf, len,
			 "the module could not access the %s request (bad address): this is a bug in hmmbench, please report it",
			 name);
		return buf;
	case EINTR:
		snprintf(buf, len,
			 "interrupted while waiting for another hmmbench measurement to finish: try again when it is done");
		return buf;
	case EPERM:
	case EACCES:
		if (op == HB_OP_OPEN)
			snprintf(buf, len,
				 "opening %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ...",
				 ctx->path);
		else if (op == HB_OP_ROOFLINE)
			snprintf(buf, len,
				 "timing the kernel's stores through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ...",
				 ctx->path);
		else if (op == HB_OP_WATCH || op == HB_OP_WATCH_READ)
			snprintf(buf, len,
				 "timing memremap_pages() calls through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench rebind ...",
				 ctx->path);
		else if (op == HB_OP_VERIFY)
			snprintf(buf, len,
				 "reading back struct pages through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench verify ...",
				 ctx->path);
		else if (op == HB_OP_MIGRATE || op == HB_OP_FAULT_READ)
			snprintf(buf, len,
				 "migrating pages through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench migrate ...",
				 ctx->path);
		else if (op == HB_OP_MIRROR)
			snprintf(buf, len,
				 "mirroring memory through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench mirror ...",
				 ctx->path);
		else
			snprintf(buf, len,
				 "creating and destroying chunks through %s needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ...",
				 ctx->path);
		return buf;
	}
	return NULL;
}

static const char *hb_explain_open(char *buf, size_t len, int err,
				   const struct hb_dev_ctx *ctx)
{
	switch (err) {
	case ENOENT:
		snprintf(buf, len,
			 "%s not found: load the module (%s) or run in the VM with vm/run -- hmmbench ...",
			 ctx->path, hb_host_module_load_cmd());
		break;
	case ENXIO:
	case ENODEV:
		snprintf(buf, len,
			 "%s exists but no driver answers it: reload the module (sudo rmmod hmmbench; %s)",
			 ctx->path, hb_host_module_load_cmd());
		break;
	default:
		snprintf(buf, len, "cannot open %s: %s", ctx->path,
			 strerror(err));
	}
	return buf;
}

static const char *hb_explain_info(char *buf, size_t len, int err,
				   const struct hb_dev_ctx *ctx)
{
	switch (err) {
	case EINVAL:
		snprintf(buf, len,
			 "the hmmbench module refused the INFO request as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT);
		break;
	case EPROTO:
		snprintf(buf, len,
			 "the hmmbench module speaks ABI version %u and this hmmbench speaks %u: "
			 HB_REBUILD_HINT,
			 ctx->info ? ctx->info->abi_version : 0,
			 HMMBENCH_ABI_VERSION);
		break;
	default:
		snprintf(buf, len, "asking %s for its INFO failed: %s",
			 ctx->path, strerror(err));
	}
	return buf;
}

/*
 * The chunks @i takes, @n at once: "multiples of 128 MiB (128M), the
 * memory section size, up to 64 GiB (64G), the most its memory budget
 * allows now".
 */
static const char *hb_chunk_rule(const struct hmmbench_info *i,
				 unsigned int n, char *buf, size_t len)
{
	uint64_t align = i->size_align ? i->size_align : i->min_size;
	uint64_t most = align ? i->max_size / n / align * align : 0;
	char al[48], lo[64], hi[48], each[32] = "";

	if (i->min_size > align)
		snprintf(lo, sizeof(lo), " from %s",
			 hb_size_limit(i->min_size, hi, sizeof(hi)));
	else
		snprintf(lo, sizeof(lo), ", the memory section size,");
	if (n > 1)
		snprintf(each, sizeof(each), " each for %u chunks", n);
	hb_size_limit(align, al, sizeof(al));
	if (most && most >= i->min_size)
		snprintf(buf, len,
			 "multiples of %s%s up to %s%s, the most its memory budget allows now",
			 al, lo, hb_size_limit(most, hi, sizeof(hi)), each);
	else
		snprintf(buf, len,
			 "multiples of %s%s%s but its memory budget allows none%s now",
			 al, lo, i->min_size > align ? "," : "", each);
	return buf;
}

static const char *hb_explain_enomem(char *buf, size_t len,
				     const struct hb_dev_ctx *ctx)
{
	const struct hmmbench_info *i = ctx->info;
	unsigned int n = ctx->chunks > 1 ? ctx->chunks : 1;
	char what[64], sz[32], cost[32], budget[32], avail[32], res[32],
	     rule[192];

	hb_size_str(ctx->length, sz, sizeof(sz));
	if (n > 1)
		snprintf(what, sizeof(what), "%u chunks of %s need", n, sz);
	else
		snprintf(what, sizeof(what), "a %s chunk needs", sz);
	if (!i || !i->page_size) {
		snprintf(buf, len,
			 "not enough memory: %s more struct pages than the module allows: use a smaller --size or fewer --chunks",
			 what);
		return buf;
	}
	snprintf(buf, len,
		 "%s %s of struct pages but the module's budget allows %s now (MemAvailable %s minus a reserve of %s), so it takes %s: use a smaller --size or fewer --chunks, or give the machine more memory (in the VM: vm/run --mem 8G ...)",
		 what,
		 hb_size_human(n * hb_dev_memmap_cost(i, ctx->length), cost,
			       sizeof(cost)),
		 hb_size_human(i->budget, budget, sizeof(budget)),
		 hb_size_human(i->mem_available, avail, sizeof(avail)),
		 hb_size_human(i->reserve, res, sizeof(res)),
		 hb_chunk_rule(i, n, rule, sizeof(rule)));
	return buf;
}

/* EINVAL for a MAP of compound pages. */
static const char *hb_explain_compound(char *buf, size_t len,
				       const struct hb_dev_ctx *ctx)
{
	uint64_t bytes = hb_dev_compound_size(ctx->info, ctx->vmemmap_shift);
	char sz[32], cp[32];

	hb_size_str(ctx->length, sz, sizeof(sz));
	if (!bytes)
		snprintf(buf, len,
			 "the module refused compound pages of 2^%u pages: use a smaller --compound",
			 ctx->vmemmap_shift);
	else if (ctx->length % bytes)
		snprintf(buf, len,
			 "--size %s is not a whole number of %s compound pages: use a multiple of %s, or a smaller --compound",
			 sz, hb_size_str(bytes, cp, sizeof(cp)), cp);
	else
		snprintf(buf, len,
			 "the kernel refuses %s compound pages: the largest it takes is a PUD (1G with 4K pages), as for device DAX, and from Linux 6.18 its largest folio; use a smaller --compound",
			 hb_size_str(bytes, cp, sizeof(cp)));
	return buf;
}

/* The physical window of @i, "0x40000000-0x403fffffff"; NULL if unknown. */
static const char *hb_window_str(const struct hmmbench_info *i, char *buf,
				 size_t len)
{
	if (!i || !i->phys_window_end)
		return NULL;
	return hb_phys_range_str(i->phys_window_start, i->phys_window_end,
				 buf, len);
}

static const char *hb_explain_einval(char *buf, size_t len,
				     const struct hb_dev_ctx *ctx)
{
	const struct hmmbench_info *i = ctx->info;
	char sz[32], al[48], win[48], rule[192];

	/* the module checks the size and the node before compound pages */
	hb_size_str(ctx->length, sz, sizeof(sz));
	if (hb_window_str(i, win, sizeof(win)) &&
	    ctx->length - 1 > i->phys_window_end - i->phys_window_start)
		snprintf(buf, len,
			 "%s is larger than the %s physical window chunks come from (%s, the addresses whose struct pages this kernel can map): use a smaller --size",
			 sz, hb_size_human(i->phys_window_end -
					   i->phys_window_start + 1,
					   al, sizeof(al)), win);
	else if (i && i->size_align && ctx->length % i->size_align)
		snprintf(buf, len,
			 "%s is not a chunk size this kernel takes: the module takes %s",
			 sz, hb_chunk_rule(i, 1, rule, sizeof(rule)));
	else if (i && ctx->length < i->min_size)
		snprintf(buf, len,
			 "%s is below the smallest chunk this kernel takes, %s: the module takes %s",
			 sz, hb_size_limit(i->min_size, al, sizeof(al)),
			 hb_chunk_rule(i, 1, rule, sizeof(rule)));
	else if (i && ctx->node != HMMBENCH_NODE_LOCAL &&
		 (ctx->node < 0 || (unsigned int)ctx->node >= i->nr_nodes))
		snprintf(buf, len,
			 "NUMA node %d is not online: this machine has %u online node(s); pick another --node or leave it out",
			 ctx->node, i->nr_nodes);
	else if (i && ctx->vmemmap_shift)
		return hb_explain_compound(buf, len, ctx);
	else
		snprintf(buf, len,
			 "the module refused a %s chunk as invalid (larger than the physical address space, or a node that is not online): use a smaller --size or another --node",
			 sz);
	return buf;
}

static const char *hb_explain_map(char *buf, size_t len, int err,
				  const struct hb_dev_ctx *ctx)
{
	char sz[32], win[48];

	hb_size_str(ctx->length, sz, sizeof(sz));
	switch (err) {
	case ENOMEM:
		return hb_explain_enomem(buf, len, ctx);
	case EINVAL:
		return hb_explain_einval(buf, len, ctx);
	case ENOSPC:
		if (hb_window_str(ctx->info, win, sizeof(win)))
			snprintf(buf, len,
				 "no free physical address range of %s is left in the window chunks come from (%s): use a smaller --size or fewer --chunks",
				 sz, win);
		else
			snprintf(buf, len,
				 "no free physical address range of %s is left for device memory: use a smaller --size or fewer --chunks",
				 sz);
		break;
	case EOPNOTSUPP:
		if (ctx->info && (ctx->info->features &
				  HMMBENCH_FEAT_NO_DEVICE_PRIVATE))
			snprintf(buf, len,
				 "this kernel (%s) is built without CONFIG_DEVICE_PRIVATE, so it has no device-private memory to map: boot one with it (make run does, in a VM)",
				 ctx->info->kernel_release);
		else if (ctx->vmemmap_shift)
			snprintf(buf, len,
				 "this kernel has no compound ZONE_DEVICE pages (dev_pagemap.vmemmap_shift, Linux 5.17 and later): leave out --compound");
		else
			snprintf(buf, len,
				 "the module cannot map a %s chunk the way it was asked on this kernel: see the features in hmmbench info",
				 sz);
		break;
	case EPROTO:
		snprintf(buf, len,
			 "the module returned chunk handle 0, which the ABI forbids: "
			 HB_REBUILD_HINT);
		break;
	default:
		snprintf(buf, len, "mapping a %s chunk failed: %s", sz,
			 strerror(err));
	}
	return buf;
}

/*
 * UNMAP and VERIFY name a chunk: @verb it ("unmap"), @doing it
 * ("unmapping"); @to says what it was sought for (" to verify").
 */
static const char *hb_explain_chunk(char *buf, size_t len, int err,
				    const struct hb_dev_ctx *ctx,
				    const char *verb, const char *doing,
				    const char *to)
{
	switch (err) {
	case ENOENT:
		snprintf(buf, len,
			 "the module knows no chunk %" PRIu32 "%s on this file descriptor: this is a bug in hmmbench, please report it",
			 ctx->handle, to);
		break;
	case EINVAL:
		snprintf(buf, len,
			 "the module refused to %s chunk %" PRIu32 " as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT, verb, ctx->handle);
		break;
	default:
		snprintf(buf, len, "%s chunk %" PRIu32 " failed: %s", doing,
			 ctx->handle, strerror(err));
	}
	return buf;
}

/* ENOTTY and EOPNOTSUPP come before the common sentences: too old. */
static const char *hb_explain_verify(char *buf, size_t len, int err,
				     const struct hb_dev_ctx *ctx)
{
	if (err != ENOTTY && err != EOPNOTSUPP)
		return hb_explain_chunk(buf, len, err, ctx, "verify",
					"verifying", " to verify");
	snprintf(buf, len,
		 "the hmmbench module behind %s does not support verify (no HMMBENCH_FEAT_VERIFY): load a newer one, built from the same tree as this hmmbench",
		 ctx->path);
	return buf;
}

static const char *hb_explain_roofline(char *buf, size_t len, int err,
				       const struct hb_dev_ctx *ctx)
{
	char sz[32], bytes[32];

	hb_size_str(ctx->length, sz, sizeof(sz));
	hb_size_human(ctx->bytes, bytes, sizeof(bytes));
	switch (err) {
	case ENOMEM:
		snprintf(buf, len,
			 "the module could not get a %s buffer of free 2 MiB blocks on the node to time the stores of a %s chunk's struct pages (over its budget, or memory too fragmented): free memory, or run with a smaller --size",
			 bytes, sz);
		break;
	case EINVAL:
		snprintf(buf, len,
			 "the module refused to time the stores of a %s chunk's struct pages as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT, sz);
		break;
	default:
		snprintf(buf, len,
			 "timing the stores of a %s chunk's struct pages failed: %s",
			 sz, strerror(err));
	}
	return buf;
}

/* ENOTTY and EOPNOTSUPP come before the common sentences: too old. */
static const char *hb_explain_watch(char *buf, size_t len, int err,
				    const struct hb_dev_ctx *ctx)
{
	switch (err) {
	case ENOTTY:
	case EOPNOTSUPP:
		snprintf(buf, len,
			 "the hmmbench module behind %s cannot time calls it does not make (no HMMBENCH_FEAT_WATCH): the kernel cannot probe memremap_pages() (it needs CONFIG_KRETPROBES), or the module is older than this hmmbench",
			 ctx->path);
		break;
	case EBUSY:
		snprintf(buf, len,
			 "another hmmbench is timing memremap_pages() calls (one watch window at a time): run this one when it is done");
		break;
	case ENOENT:
		snprintf(buf, len,
			 "the module has no watch window on this descriptor: this is a bug in hmmbench, please report it");
		break;
	default:
		snprintf(buf, len, "timing memremap_pages() calls failed: %s",
			 strerror(err));
	}
	return buf;
}

/*
 * ENOTTY and EOPNOTSUPP of MIGRATE and FAULT_READ, before the common
 * sentences: a kernel or module that cannot migrate, or not whole THPs.
 */
static const char *hb_explain_mig_unsupported(char *buf, size_t len,
					      const struct hb_dev_ctx *ctx)
{
	const struct hmmbench_info *i = ctx->info;

	if (i && (i->features & HMMBENCH_FEAT_NO_DEVICE_PRIVATE))
		snprintf(buf, len,
			 "this kernel (%s) is built without CONFIG_DEVICE_PRIVATE, so it has no device memory to migrate pages to: boot one with it (make run does, in a VM)",
			 i->kernel_release);
	else if (ctx->thp && i && (i->features & HMMBENCH_FEAT_MIGRATE))
		snprintf(buf, len,
			 "the hmmbench module behind %s cannot migrate whole PMD-sized folios on this kernel (no HMMBENCH_FEAT_MIGRATE_THP: that needs transparent huge pages and MIGRATE_VMA_SELECT_COMPOUND): leave out --thp, and hmmbench migrates base pages",
			 ctx->path);
	else
		snprintf(buf, len,
			 "the hmmbench module behind %s cannot migrate pages (no HMMBENCH_FEAT_MIGRATE): the kernel lacks device migration (CONFIG_DEVICE_PRIVATE and CONFIG_MIGRATION) or the module is older than this hmmbench; hmmbench info shows its features",
			 ctx->path);
	return buf;
}

/* "256M to the device" or "256M back to system memory". */
static const char *hb_mig_what(char *buf, size_t len,
			       const struct hb_dev_ctx *ctx)
{
	char sz[32];

	snprintf(buf, len, "%s %s", hb_size_str(ctx->bytes, sz, sizeof(sz)),
		 ctx->direction == HMMBENCH_MIGRATE_TO_SYSTEM ?
		 "back to system memory" : "to the device");
	return buf;
}

/* EINVAL of MIGRATE: --batch, or a module that does not match. */
static const char *hb_explain_mig_einval(char *buf, size_t len,
					 const struct hb_dev_ctx *ctx)
{
	const struct hmmbench_info *i = ctx->info;
	uint64_t pmd = i && i->page_size ? i->page_size / 8 : 0;
	char what[64];

	hb_mig_what(what, sizeof(what), ctx);
	if (ctx->thp && ctx->batch && pmd && ctx->batch % pmd)
		snprintf(buf, len,
			 "--batch %" PRIu32 " is not a multiple of a PMD's %" PRIu64 " pages, which migrating THPs needs: use a multiple of %" PRIu64 ", or --no-thp",
			 ctx->batch, pmd, pmd);
	else if (ctx->batch)
		snprintf(buf, len,
			 "the module refused to migrate %s with --batch %" PRIu32 " as invalid: leave out --batch for the kernel's default, or "
			 HB_REBUILD_HINT, what, ctx->batch);
	else
		snprintf(buf, len,
			 "the module refused to migrate %s as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT, what);
	return buf;
}

static const char *hb_explain_migrate(char *buf, size_t len, int err,
				      const struct hb_dev_ctx *ctx)
{
	char what[64];

	hb_mig_what(what, sizeof(what), ctx);
	switch (err) {
	case EINVAL:
		return hb_explain_mig_einval(buf, len, ctx);
	case ENOENT:
		snprintf(buf, len,
			 "the module knows no chunk %" PRIu32 " to migrate pages with on this file descriptor, or another thread is migrating or verifying it: this is a bug in hmmbench, please report it",
			 ctx->handle);
		break;
	case ENOMEM:
		snprintf(buf, len,
			 "the module ran out of memory for the device's bookkeeping while migrating %s: free memory, or use a smaller --size or --batch",
			 what);
		break;
	default:
		snprintf(buf, len, "migrating %s failed: %s", what,
			 strerror(err));
	}
	return buf;
}

static const char *hb_explain_fault_read(char *buf, size_t len, int err,
					 const struct hb_dev_ctx *ctx)
{
	switch (err) {
	case ENOENT:
		snprintf(buf, len,
			 "the module knows no chunk %" PRIu32 " whose faults to read on this file descriptor: this is a bug in hmmbench, please report it",
			 ctx->handle);
		break;
	case EINVAL:
		snprintf(buf, len,
			 "the module refused to hand out its fault records as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT);
		break;
	default:
		snprintf(buf, len,
			 "reading the fault records of chunk %" PRIu32 " failed: %s",
			 ctx->handle, strerror(err));
	}
	return buf;
}

/*
 * MIRROR's own errors, before the common sentences: EFAULT and EPERM are
 * what hmm_range_fault() returned, not a bad request.
 */
static const char *hb_explain_mirror(char *buf, size_t len, int err,
				     const struct hb_dev_ctx *ctx)
{
	char sz[32];

	hb_size_str(ctx->bytes, sz, sizeof(sz));
	switch (err) {
	case ENOTTY:
	case EOPNOTSUPP:
		snprintf(buf, len,
			 "the hmmbench module behind %s cannot mirror memory (no HMMBENCH_FEAT_MIRROR): the kernel lacks CONFIG_HMM_MIRROR (the test kernels get it with CONFIG_TEST_HMM) or the module is older than this hmmbench; hmmbench info shows its features",
			 ctx->path);
		break;
	case EFAULT:
		snprintf(buf, len,
			 "hmm_range_fault() could not make a page of the %s buffer valid (EFAULT): something unmapped part of it while it was mirrored",
			 sz);
		break;
	case EBUSY:
		snprintf(buf, len,
			 "invalidations kept a batch of the %s buffer from being mirrored for a second (EBUSY, as hmm_range_fault()'s callers give up): lower --invalidate",
			 sz);
		break;
	case EINVAL:
		snprintf(buf, len,
			 "the module refused to mirror %s with --batch %" PRIu32 " as invalid, so it does not match this hmmbench: "
			 HB_REBUILD_HINT, sz, ctx->batch);
		break;
	case ENOENT:
		snprintf(buf, len,
			 "the module knows no chunk %" PRIu32 " to mirror lent pages with on this file descriptor: this is a bug in hmmbench, please report it",
			 ctx->handle);
		break;
	case ENOMEM:
		snprintf(buf, len,
			 "the module could not have the device table for mirroring %s (8 bytes per page) within its budget: use a smaller --size",
			 sz);
		break;
	default:
		return NULL;
	}
	return buf;
}

const char *hb_dev_explain(char *buf, size_t len, enum hb_dev_op op, int err,
			   const struct hb_dev_ctx *ctx)
{
	struct hb_dev_ctx c = *ctx;
	char what_sz[32];

	if (!c.path)
		c.path = HMMBENCH_DEVICE;
	if (err < 0)
		err = -err;
	if (op == HB_OP_VERIFY && (err == ENOTTY || err == EOPNOTSUPP))
		return hb_explain_verify(buf, len, err, &c);
	if ((op == HB_OP_WATCH || op == HB_OP_WATCH_READ) &&
	    (err == ENOTTY || err == EOPNOTSUPP))
		return hb_explain_watch(buf, len, err, &c);
	if ((op == HB_OP_MIGRATE || op == HB_OP_FAULT_READ) &&
	    (err == ENOTTY || err == EOPNOTSUPP))
		return hb_explain_mig_unsupported(buf, len, &c);
	if (op == HB_OP_MIRROR && hb_explain_mirror(buf, len, err, &c))
		return buf;
	if (hb_explain_common(buf, len, op, err, &c))
		return buf;
	switch (op) {
	case HB_OP_OPEN:
		return hb_explain_open(buf, len, err, &c);
	case HB_OP_INFO:
		return hb_explain_info(buf, len, err, &c);
	case HB_OP_MAP:
		return hb_explain_map(buf, len, err, &c);
	case HB_OP_VERIFY:
		return hb_explain_verify(buf, len, err, &c);
	case HB_OP_ROOFLINE:
		return hb_explain_roofline(buf, len, err, &c);
	case HB_OP_WATCH:
	case HB_OP_WATCH_READ:
		return hb_explain_watch(buf, len, err, &c);
	case HB_OP_MIGRATE:
		return hb_explain_migrate(buf, len, err, &c);
	case HB_OP_FAULT_READ:
		return hb_explain_fault_read(buf, len, err, &c);
	case HB_OP_MIRROR:
		snprintf(buf, len, "mirroring the %s buffer failed: %s",
			 hb_size_str(c.bytes, what_sz, sizeof(what_sz)),
			 strerror(err));
		return buf;
	default:
		return hb_explain_chunk(buf, len, err, &c, "unmap",
					"unmapping", "");
	}
}
