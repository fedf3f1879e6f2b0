/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench internals shared by the module's files: chunk lifecycle,
 * phase probe and the character device.
 */
#ifndef _HB_H
#define _HB_H

#include <linux/types.h>
#include <linux/xarray.h>
#include <linux/hmmbench.h>

#define HB_VERSION "0.1.0"

/* Chunks of one open /dev/hmmbench, by handle; the xarray lock guards it. */
struct hb_file {
	struct xarray chunks;
};

struct hb_chunk;

/* chunk.c */
extern unsigned int hb_reserve_mb;
u64 hb_size_align(void);
u64 hb_reserve_bytes(void);
u64 hb_mem_available(void);
u64 hb_budget_bytes(void);
u32 hb_live_chunks(void);
u64 hb_maps_total(void);
int hb_chunk_map(struct hmmbench_map *map, struct hb_chunk **chunkp);
void hb_chunk_unmap(struct hb_chunk *chunk, struct hmmbench_unmap *unmap);

/* probe.c */
int hb_probe_init(void);
void hb_probe_exit(void);
bool hb_probe_active(void);
void hb_probe_begin(void);
bool hb_probe_end(u64 *ns);

/* dev.c */
int hb_dev_init(void);
void hb_dev_exit(void);

#endif /* _HB_H */
