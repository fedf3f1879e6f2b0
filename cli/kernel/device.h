/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the client of /dev/hmmbench - open, INFO, MAP, UNMAP, VERIFY,
 * ROOFLINE, WATCH with the uapi structs.  Functions return 0 or a
 * negative errno and never print; explain.h has the sentence for each.
 */
#ifndef HB_DEVICE_H
#define HB_DEVICE_H

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
 * non-temporal store times for that many bytes of struct page;
 * -EOPNOTSUPP without asking when dev->info lacks HMMBENCH_FEAT_ROOFLINE.
 */
int hb_dev_roofline(struct hb_dev *dev, uint64_t length, int node,
		    struct hmmbench_roofline *r);

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

/* Bytes of struct page a chunk of @length costs, per @info. */
uint64_t hb_dev_memmap_cost(const struct hmmbench_info *info,
			    uint64_t length);

#endif /* HB_DEVICE_H */
