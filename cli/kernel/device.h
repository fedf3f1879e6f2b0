/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the client of /dev/hmmbench - open, INFO, MAP, UNMAP, VERIFY,
 * ROOFLINE, WATCH, MIGRATE, FAULT_READ and MIRROR with the uapi structs.
 * Functions return 0 or a negative errno and never print; explain.h has
 * the sentence for each.
 */
#ifndef HB_DEVICE_H
#define HB_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

struct hb_dev {
	int fd;
	const char *path;
	struct hmmbench_info info;	/* from the last hb_dev_info() */
};

int hb_dev_open(struct hb_dev *dev, const char *path);
void hb_dev_close(struct hb_dev *dev);

/* INFO into dev->info, refusing a module whose ABI is not ours. */
int hb_dev_info(struct hb_dev *dev);

int hb_dev_map(struct hb_dev *dev, uint64_t length, int node,
	       unsigned int vmemmap_shift, struct hmmbench_map *map);
int hb_dev_unmap(struct hb_dev *dev, uint32_t handle,
		 struct hmmbench_unmap *unmap);

/*
 * VERIFY of chunk @handle into @v; -EOPNOTSUPP without asking when
 * dev->info lacks HMMBENCH_FEAT_VERIFY.
 */
int hb_dev_verify(struct hb_dev *dev, uint32_t handle,
		  struct hmmbench_verify *v);

/*
 * VERIFY of the live pgmap that covers physical address @phys (a bound
 * pmem namespace's) into @v; -EOPNOTSUPP without asking when dev->info
 * lacks HMMBENCH_FEAT_VERIFY_PHYS.
 */
int hb_dev_verify_phys(struct hb_dev *dev, uint64_t phys,
		       struct hmmbench_verify *v);

/*
 * ROOFLINE for chunks of @length on @node into @r: the kernel's plain and
 * non-temporal store times for that many bytes of struct page, and with a
 * @copy_length, its time to copy that many bytes page by page;
 * -EOPNOTSUPP without asking when dev->info lacks HMMBENCH_FEAT_ROOFLINE
 * (or HMMBENCH_FEAT_ROOFLINE_COPY for a copy).
 */
int hb_dev_roofline(struct hb_dev *dev, uint64_t length, int node,
		    uint64_t copy_length, struct hmmbench_roofline *r);

/*
 * Starts a window recording the calls on pgmaps of the kinds in @types
 * (HMMBENCH_PGMAP_BIT()s) made by any task; -EOPNOTSUPP without asking
 * when dev->info lacks HMMBENCH_FEAT_WATCH.
 */
int hb_dev_watch_start(struct hb_dev *dev, uint32_t types);
int hb_dev_watch_stop(struct hb_dev *dev);

/*
 * Takes at most @nr of the window's finished calls into @calls; the
 * reply, with the count in r->nr, in *@r.
 */
int hb_dev_watch_read(struct hb_dev *dev, struct hmmbench_call *calls,
		      uint32_t nr, struct hmmbench_watch_read *r);

/* What one MIGRATE asks for. */
struct hb_mig_req {
	uint32_t handle;	/* the chunk whose pages are the device's */
	uint32_t direction;	/* HMMBENCH_MIGRATE_TO_DEVICE or _TO_SYSTEM */
	uint64_t addr;		/* this process's memory, page-aligned */
	uint64_t length;	/* bytes, whole pages */
	uint32_t batch;		/* pages per migrate_vma_setup(), 0: the
				 * kernel's default */
	bool thp;		/* HMMBENCH_MIGRATE_THP: whole PMD folios */
};

/*
 * MIGRATE as @req asks, the reply in *@m; -EOPNOTSUPP without asking
 * when dev->info lacks HMMBENCH_FEAT_MIGRATE, or for @req->thp
 * HMMBENCH_FEAT_MIGRATE_THP.
 */
int hb_dev_migrate(struct hb_dev *dev, const struct hb_mig_req *req,
		   struct hmmbench_migrate *m);

/*
 * Takes at most @nr (capped at HMMBENCH_FAULT_READ_MAX) of the fault
 * records of chunk @handle into @recs, oldest first; the reply, with the
 * count in r->nr, in *@r.  -EOPNOTSUPP without asking when dev->info
 * lacks HMMBENCH_FEAT_MIGRATE.
 */
int hb_dev_fault_read(struct hb_dev *dev, uint32_t handle,
		      struct hmmbench_fault *recs, uint32_t nr,
		      struct hmmbench_fault_read *r);

/* What one MIRROR asks for. */
struct hb_mirror_req {
	uint32_t flags;		/* HMMBENCH_MIRROR_FAULT, _WRITE */
	uint32_t handle;	/* 0, or the chunk whose lent pages are its own */
	uint32_t batch;		/* pages per hmm_range_fault(), 0: 64 */
	uint64_t addr;		/* this process's memory, page-aligned */
	uint64_t length;	/* bytes, whole pages */
	uint64_t *times;	/* each batch's time, or NULL: not asked */
	uint64_t nr_times;	/* the room of times */
};

/*
 * MIRROR as @req asks, the reply in *@m; -EOPNOTSUPP without asking when
 * dev->info lacks HMMBENCH_FEAT_MIRROR, or for times
 * HMMBENCH_FEAT_MIRROR_TIMES.
 */
int hb_dev_mirror(struct hb_dev *dev, const struct hb_mirror_req *req,
		  struct hmmbench_mirror *m);

/* Bytes of struct page a chunk of @length costs, per @info. */
uint64_t hb_dev_memmap_cost(const struct hmmbench_info *info,
			    uint64_t length);

#endif /* HB_DEVICE_H */
