/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench internals shared by the module's files: chunk lifecycle,
 * registry of live chunks, phase probe, generic netlink family and the
 * character device.
 */
#ifndef _HB_H
#define _HB_H

#include <linux/sched.h>
#include <linux/types.h>
#include <linux/xarray.h>
#include <linux/hmmbench.h>

struct sk_buff;

#define HB_VERSION "0.1.0"

/* Chunks of one open /dev/hmmbench, by handle; the xarray lock guards it. */
struct hb_file {
	struct xarray chunks;
};

struct hb_chunk;

/*
 * What the system-wide registry and the netlink family tell about a live
 * chunk: set once at MAP, before the chunk is published, and read-only
 * after.
 */
struct hb_live {
	u32 id;			/* in the registry, from 1 */
	u32 handle;		/* on the owner's descriptor */
	pid_t tgid;		/* the owner, initial PID namespace */
	char comm[TASK_COMM_LEN];
	u64 size;
	int node;
	u64 phys_start;
	u64 phys_end;		/* inclusive */
	u64 created_ns;		/* CLOCK_REALTIME */
	u32 valid;		/* HMMBENCH_T_* of the MAP timings */
	u64 region_ns;
	u64 memremap_ns;
	u64 memmap_init_ns;
};

/* The UNMAP timings an unmapped event carries. */
struct hb_unmap_times {
	u32 valid;
	u64 memunmap_ns;
	u64 release_ns;
};

/* chunk.c */
extern unsigned int hb_reserve_mb;
u64 hb_size_align(void);
u64 hb_reserve_bytes(void);
u64 hb_mem_available(void);
u64 hb_budget_bytes(void);
u32 hb_live_chunks(void);
u64 hb_maps_total(void);
int hb_chunk_map(struct hmmbench_map *map, struct hb_chunk **chunkp);
void hb_chunk_publish(struct hb_chunk *chunk);
void hb_chunk_unmap(struct hb_chunk *chunk, struct hmmbench_unmap *unmap);

/* registry.c */
int hb_registry_reserve(struct hb_live *live);
void hb_registry_publish(struct hb_live *live);
bool hb_registry_remove(struct hb_live *live);
u32 hb_registry_gen(void);
int hb_registry_fill(struct sk_buff *skb, unsigned long *next,
		     int (*fill)(struct sk_buff *skb,
				 const struct hb_live *live));

int hb_chunk_verify(struct hb_chunk *chunk, struct hmmbench_verify *v);

/* verify.c */
struct dev_pagemap;
int hb_memmap_verify(const struct dev_pagemap *pgmap, int nid,
		     unsigned int shift, struct hmmbench_verify *v);

/* probe.c */
int hb_probe_init(void);
void hb_probe_exit(void);
bool hb_probe_active(void);
void hb_probe_begin(void);
bool hb_probe_end(u64 *ns);

/* netlink.c */
int hb_nl_init(void);
void hb_nl_exit(void);
void hb_nl_event(u8 cmd, const struct hb_live *live,
		 const struct hb_unmap_times *unmap);

/* dev.c */
void hb_info_fill(struct hmmbench_info *info);
int hb_dev_init(void);
void hb_dev_exit(void);

#endif /* _HB_H */
