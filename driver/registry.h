/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-wide registry of live chunks, which the netlink family dumps:
 * what it records of each chunk and how a chunk enters and leaves it.
 */
#ifndef _HB_REGISTRY_H
#define _HB_REGISTRY_H

#include <linux/sched.h>
#include <linux/types.h>

struct sk_buff;

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

int hb_registry_reserve(struct hb_live *live);
void hb_registry_publish(struct hb_live *live);
bool hb_registry_remove(struct hb_live *live);
u32 hb_registry_gen(void);
int hb_registry_fill(struct sk_buff *skb, unsigned long *next,
		     int (*fill)(struct sk_buff *skb,
				 const struct hb_live *live));

#endif /* _HB_REGISTRY_H */
