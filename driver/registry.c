// SPDX-License-Identifier: GPL-2.0
/*
 * The system-wide registry of live chunks, for the netlink dump: every
 * chunk of every descriptor, by an id that grows with creation order.  A
 * chunk reserves its id before it is measured, is published once its
 * MAP has succeeded, and leaves when it is unmapped.
 */
#include <linux/atomic.h>
#include <linux/skbuff.h>
#include <linux/xarray.h>

#include "registry.h"

/*
 * Published chunks by id, reserved (NULL) slots for chunks being made.
 * Its xa_lock protects the table and keeps every record in it alive: a
 * chunk is freed only after hb_registry_remove(), and dumps read records
 * under the lock.  It also protects hb_registry_next.
 */
static DEFINE_XARRAY_ALLOC1(hb_registry);
static u32 hb_registry_next;

/* Changes at each publish and remove; dumps flag a change mid-way. */
static atomic_t hb_registry_changes = ATOMIC_INIT(0);

/* Reserves an id for @live; 0 or -ENOMEM, -EBUSY (all ids in use). */
int hb_registry_reserve(struct hb_live *live)
{
	int ret;

	ret = xa_alloc_cyclic(&hb_registry, &live->id, NULL, xa_limit_32b,
			      &hb_registry_next, GFP_KERNEL);
	return ret < 0 ? ret : 0;
}

/* Storing into a reserved slot allocates nothing and cannot fail. */
void hb_registry_publish(struct hb_live *live)
{
	xa_store(&hb_registry, live->id, live, GFP_KERNEL);
	atomic_inc(&hb_registry_changes);
}

/* Frees @live's id; true when it had been published. */
bool hb_registry_remove(struct hb_live *live)
{
	if (!xa_erase(&hb_registry, live->id))
		return false;
	atomic_inc(&hb_registry_changes);
	return true;
}

/* Never 0, which a dump's sequence check would ignore. */
u32 hb_registry_gen(void)
{
	return atomic_read(&hb_registry_changes) | 1U << 31;
}

/*
 * Puts the published chunks from id *@next on into @skb with @fill, in id
 * order, until @fill fails (no room: the next message resumes there).
 * *@next ends after the last chunk put.  Returns how many were put, or
 * @fill's error when not even the first fitted.
 */
int hb_registry_fill(struct sk_buff *skb, unsigned long *next,
		     int (*fill)(struct sk_buff *skb,
				 const struct hb_live *live))
{
	struct hb_live *live;
	unsigned long id;
	int n = 0, ret = 0;

	xa_lock(&hb_registry);
	xa_for_each_start(&hb_registry, id, live, *next) {
		ret = fill(skb, live);
		if (ret)
			break;
		*next = id + 1;
		n++;
	}
	xa_unlock(&hb_registry);
	return n || !ret ? n : ret;
}
