// SPDX-License-Identifier: GPL-2.0
/*
 * Watch windows: kretprobes on memremap_pages(), memunmap_pages() and
 * memmap_init_zone_device() time the calls any task makes (a driver
 * binding a pmem namespace, say) while one descriptor has a window open.
 * Finished calls go to a ring that the window's owner reads and that the
 * netlink family takes its events from.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/memremap.h>
#include <linux/mmzone.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat.h"
#include "watch.h"

#ifdef CONFIG_KRETPROBES

#define HB_WATCH_RING	256	/* finished calls kept: a power of two */
#define HB_WATCH_TRACK	16	/* memremap_pages() calls followed at once */

/*
 * Test only, to make races happen.  The first memmap_init_zone_device()
 * a window times that returns after watch_test_hold_ms is set clears it
 * and waits, up to that many ms, for a call of a newer window to hold its
 * slot before it accounts its time.  WATCH's start and WATCH_READ sleep
 * watch_test_reply_ms before they write their reply.
 */
static unsigned int hb_watch_test_hold_ms;
module_param_named(watch_test_hold_ms, hb_watch_test_hold_ms, uint, 0600);
MODULE_PARM_DESC(watch_test_hold_ms,
		 "Test only: hold the next timed memmap_init phase until a newer window's call takes its slot, at most this many ms (default 0)");

static unsigned int hb_watch_test_reply_ms;
module_param_named(watch_test_reply_ms, hb_watch_test_reply_ms, uint, 0600);
MODULE_PARM_DESC(watch_test_reply_ms,
		 "Test only: sleep this many ms before WATCH and WATCH_READ reply (default 0)");

static void hb_watch_test_sleep(void)
{
	unsigned int ms = READ_ONCE(hb_watch_test_reply_ms);

	if (ms)
		msleep(ms);
}

/* A memremap_pages() in progress, for its memmap_init phase. */
struct hb_track {
	struct task_struct *task;	/* NULL: free */
	struct dev_pagemap *pgmap;
	u64 gen;
	u64 init_ns;
	u64 init_pages;
	u32 init_ranges;	/* memmap_init_zone_device() calls timed */
	int node;
};

/* What a probed call keeps between its entry and its return. */
struct hb_watch_ri {
	u64 gen;
	u64 start;
	int track;		/* memremap: its hb_tracks[] slot */
	struct hmmbench_call rec;
};

static bool hb_watch_registered;

/* Serialises starting, stopping and reading windows. */
static DEFINE_MUTEX(hb_watch_mutex);

/*
 * hb_watch_lock guards everything below.  The probes take it in their
 * int3 handlers, which run as NMIs do: where a spinlock_t is not allowed,
 * but where an arch spinlock taken with interrupts off is safe, as its
 * holders never enter a probed function under it and kprobes do not nest
 * on a CPU.  For the same reason the probes read the clock with
 * ktime_get_mono_fast_ns(), CLOCK_MONOTONIC's NMI-safe accessor, and
 * only notify the netlink family, which defers its work through irq_work.  Ring positions only grow: the owner reads from hb_watch_rd,
 * the events work from hb_watch_ev, calls are added at hb_watch_head.  A
 * window's generation tells its calls from those of an earlier window
 * that return late.
 */
static arch_spinlock_t hb_watch_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static const void *hb_watch_owner;	/* may read; NULL: nobody */
static bool hb_watch_open;		/* records calls */
static u32 hb_watch_types;
static u64 hb_watch_gen;
static u64 hb_watch_seq;
static u64 hb_watch_head, hb_watch_rd, hb_watch_ev;
static u64 hb_watch_other, hb_watch_dropped, hb_watch_untracked;
static u32 hb_watch_in_flight;
static struct hb_track hb_tracks[HB_WATCH_TRACK];
static struct hmmbench_call hb_ring[HB_WATCH_RING];

static unsigned long hb_watch_lock_irqsave(void)
{
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&hb_watch_lock);
	return flags;
}

static void hb_watch_unlock_irqrestore(unsigned long flags)
{
	arch_spin_unlock(&hb_watch_lock);
	local_irq_restore(flags);
}

/* nmissed of the probes when the window started */
static unsigned long hb_watch_missed0;
/* Told of each finished call, in the probe's atomic context. */
static void (*hb_watch_notify)(void);

bool hb_watch_next_event(struct hmmbench_call *rec)
{
	unsigned long flags;
	bool ret = false;

	flags = hb_watch_lock_irqsave();
	if (hb_watch_head - hb_watch_ev > HB_WATCH_RING)
		hb_watch_ev = hb_watch_head - HB_WATCH_RING;
	if (hb_watch_ev != hb_watch_head) {
		*rec = hb_ring[hb_watch_ev++ % HB_WATCH_RING];
		ret = true;
	}
	hb_watch_unlock_irqrestore(flags);
	return ret;
}

/* The HMMBENCH_PGMAP_* of a kernel memory_type, 0 for one it does not know. */
u32 hb_pgmap_type(const struct dev_pagemap *pgmap)
{
	switch (pgmap->type) {
	case MEMORY_DEVICE_PRIVATE:
		return HMMBENCH_PGMAP_PRIVATE;
	case MEMORY_DEVICE_COHERENT:
		return HMMBENCH_PGMAP_COHERENT;
	case MEMORY_DEVICE_FS_DAX:
		return HMMBENCH_PGMAP_FS_DAX;
	case MEMORY_DEVICE_GENERIC:
		return HMMBENCH_PGMAP_GENERIC;
	case MEMORY_DEVICE_PCI_P2PDMA:
		return HMMBENCH_PGMAP_P2PDMA;
	default:
		return 0;
	}
}

/*
 * The record of a call on @pgmap, from its entry; false (and counted
 * apart) when the window did not ask for its kind.  Under the lock.
 */
static bool hb_watch_enter(struct hb_watch_ri *ri, u32 call,
			   struct dev_pagemap *pgmap)
{
	struct hmmbench_call *rec = &ri->rec;
	int i;

	memset(rec, 0, sizeof(*rec));
	rec->type = hb_pgmap_type(pgmap);
	if (!(hb_watch_types & HMMBENCH_PGMAP_BIT(rec->type))) {
		hb_watch_other++;
		return false;
	}
	rec->size = sizeof(*rec);
	rec->call = call;
	if (pgmap->flags & PGMAP_ALTMAP_VALID)
		rec->flags |= HMMBENCH_CALL_ALTMAP;
	rec->pid = task_tgid_nr(current);
	rec->node = NUMA_NO_NODE;
	rec->vmemmap_shift = hb_get_vmemmap_shift(pgmap);
	/* memremap_pages() recounts nr_range as it maps: read it first. */
	rec->nr_range = pgmap->nr_range;
	for (i = 0; i < pgmap->nr_range; i++)
		rec->pages += PHYS_PFN(range_len(&pgmap->ranges[i]));
	if (pgmap->nr_range > 0)
		rec->phys_start = pgmap->ranges[0].start;
	strscpy_pad(rec->comm, current->comm, sizeof(rec->comm));
	ri->gen = hb_watch_gen;
	ri->track = -1;
	hb_watch_in_flight++;
	return true;
}

/* Adds a finished call to the ring; under the lock. */
static void hb_watch_push(struct hmmbench_call *rec)
{
	if (hb_watch_head - hb_watch_rd >= HB_WATCH_RING) {
		hb_watch_dropped++;
		return;
	}
	rec->seq = ++hb_watch_seq;
	hb_ring[hb_watch_head % HB_WATCH_RING] = *rec;
	hb_watch_head++;
}

/* A returning call's times; @now is read first thing in its handler. */
static void hb_watch_stamp(struct hb_watch_ri *w, u64 now, u32 valid)
{
	w->rec.start_ns = w->start;
	w->rec.total_ns = now - w->start;
	w->rec.valid = valid;
}

/*
 * A call of this window returned: into the ring, unless its descriptor
 * has been closed.  Under the lock.
 */
static void hb_watch_returned(struct hb_watch_ri *w)
{
	if (w->gen != hb_watch_gen)
		return;
	hb_watch_in_flight--;
	if (hb_watch_owner)
		hb_watch_push(&w->rec);
}

static int hb_remap_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct dev_pagemap *pgmap = (void *)regs_get_kernel_argument(regs, 0);
	struct hb_watch_ri *w = (void *)ri->data;
	unsigned long irqflags;
	int i, ret = 1;

	irqflags = hb_watch_lock_irqsave();
	if (!hb_watch_open ||
	    !hb_watch_enter(w, HMMBENCH_CALL_MEMREMAP, pgmap))
		goto out;
	for (i = 0; i < HB_WATCH_TRACK && hb_tracks[i].task; i++)
		;
	if (i == HB_WATCH_TRACK) {
		hb_watch_in_flight--;
		hb_watch_untracked++;
		goto out;
	}
	hb_tracks[i] = (struct hb_track){ .task = current, .pgmap = pgmap,
					  .gen = hb_watch_gen,
					  .node = NUMA_NO_NODE };
	w->track = i;
	ret = 0;
out:
	hb_watch_unlock_irqrestore(irqflags);
	if (!ret)
		w->start = ktime_get_mono_fast_ns();
	return ret;
}

static int hb_remap_return(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	struct hb_watch_ri *w = (void *)ri->data;
	struct hb_track *t = &hb_tracks[w->track];
	u64 now = ktime_get_mono_fast_ns();
	unsigned long irqflags;

	hb_watch_stamp(w, now, HMMBENCH_T_MEMREMAP);
	if (IS_ERR((void *)regs_return_value(regs)))
		w->rec.flags |= HMMBENCH_CALL_FAILED;

	/*
	 * The phase is known when every range was timed: a window stopped
	 * between two ranges, or a probe out of instances, leaves some out.
	 */
	irqflags = hb_watch_lock_irqsave();
	if (t->gen == w->gen && t->task == current) {
		if (t->node != NUMA_NO_NODE &&
		    t->init_ranges == w->rec.nr_range) {
			w->rec.valid |= HMMBENCH_T_MEMMAP_INIT;
			w->rec.memmap_init_ns = t->init_ns;
			w->rec.init_pages = t->init_pages;
			w->rec.node = t->node;
		}
		t->task = NULL;
	}
	hb_watch_returned(w);
	hb_watch_unlock_irqrestore(irqflags);
	hb_watch_notify();
	return 0;
}

static struct kretprobe hb_remap_probe = {
	.kp.symbol_name = "memremap_pages",
	.entry_handler = hb_remap_entry,
	.handler = hb_remap_return,
	.data_size = sizeof(struct hb_watch_ri),
};

static int hb_unmap_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct dev_pagemap *pgmap = (void *)regs_get_kernel_argument(regs, 0);
	struct hb_watch_ri *w = (void *)ri->data;
	unsigned long irqflags;
	bool ours;

	irqflags = hb_watch_lock_irqsave();
	ours = hb_watch_open &&
	       hb_watch_enter(w, HMMBENCH_CALL_MEMUNMAP, pgmap);
	hb_watch_unlock_irqrestore(irqflags);
	if (!ours)
		return 1;
	w->start = ktime_get_mono_fast_ns();
	return 0;
}

static int hb_unmap_return(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	struct hb_watch_ri *w = (void *)ri->data;
	u64 now = ktime_get_mono_fast_ns();
	unsigned long irqflags;

	hb_watch_stamp(w, now, HMMBENCH_T_MEMUNMAP);
	irqflags = hb_watch_lock_irqsave();
	hb_watch_returned(w);
	hb_watch_unlock_irqrestore(irqflags);
	hb_watch_notify();
	return 0;
}

static struct kretprobe hb_unmap_probe = {
	.kp.symbol_name = "memunmap_pages",
	.entry_handler = hb_unmap_entry,
	.handler = hb_unmap_return,
	.data_size = sizeof(struct hb_watch_ri),
};

/*
 * The pages memmap_init_zone_device() initialises: with an altmap it
 * starts past the pages holding the memmap, at base_pfn plus
 * vmem_altmap_offset() (reserve + free), which 6.1 does not export.
 */
static u64 hb_init_pages(unsigned long start_pfn, unsigned long nr_pages,
			 struct dev_pagemap *pgmap)
{
	struct vmem_altmap *altmap = pgmap_altmap(pgmap);
	unsigned long first;

	if (!altmap)
		return nr_pages;
	first = altmap->base_pfn + altmap->reserve + altmap->free;
	return first < start_pfn + nr_pages ? start_pfn + nr_pages - first : 0;
}

static int hb_init_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct zone *zone = (void *)regs_get_kernel_argument(regs, 0);
	unsigned long start_pfn = regs_get_kernel_argument(regs, 1);
	unsigned long nr_pages = regs_get_kernel_argument(regs, 2);
	struct dev_pagemap *pgmap = (void *)regs_get_kernel_argument(regs, 3);
	struct hb_watch_ri *w = (void *)ri->data;
	unsigned long irqflags;
	int i;

	irqflags = hb_watch_lock_irqsave();
	for (i = 0; i < HB_WATCH_TRACK; i++) {
		struct hb_track *t = &hb_tracks[i];

		if (t->task == current && t->pgmap == pgmap &&
		    t->gen == hb_watch_gen) {
			t->init_pages += hb_init_pages(start_pfn, nr_pages,
						       pgmap);
			t->node = zone_to_nid(zone);
			break;
		}
	}
	w->gen = hb_watch_gen;
	hb_watch_unlock_irqrestore(irqflags);
	if (i == HB_WATCH_TRACK)
		return 1;	/* not inside a watched memremap_pages() */
	w->track = i;
	w->start = ktime_get_mono_fast_ns();
	return 0;
}

/* watch_test_hold_ms; no sleeping here: the probe runs as an NMI does. */
static void hb_watch_test_hold(const struct hb_track *t, u64 gen)
{
	unsigned int ms = xchg(&hb_watch_test_hold_ms, 0);

	while (ms-- && (READ_ONCE(t->gen) == gen || !READ_ONCE(t->task)))
		mdelay(1);
}

static int hb_init_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct hb_watch_ri *w = (void *)ri->data;
	u64 elapsed = ktime_get_mono_fast_ns() - w->start;
	struct hb_track *t = &hb_tracks[w->track];
	unsigned long irqflags;

	if (unlikely(READ_ONCE(hb_watch_test_hold_ms)))
		hb_watch_test_hold(t, w->gen);

	/*
	 * A window started since the entry has cleared the slot, which
	 * another call may hold now: the time is ours only if it is not.
	 */
	irqflags = hb_watch_lock_irqsave();
	if (t->gen == w->gen && t->task == current) {
		t->init_ns += elapsed;
		t->init_ranges++;
	}
	hb_watch_unlock_irqrestore(irqflags);
	return 0;
}

static struct kretprobe hb_init_probe = {
	.kp.symbol_name = "memmap_init_zone_device",
	.entry_handler = hb_init_entry,
	.handler = hb_init_return,
	.data_size = sizeof(struct hb_watch_ri),
};

/*
 * Enabled in this order and disabled in the reverse one: the phase probe
 * is on whenever the call probes are.
 */
static struct kretprobe *hb_watch_probes[] = {
	&hb_init_probe, &hb_remap_probe, &hb_unmap_probe,
};

static unsigned long hb_watch_nmissed(void)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < ARRAY_SIZE(hb_watch_probes); i++)
		n += hb_watch_probes[i]->nmissed;
	return n;
}

static void hb_watch_disable(int n)
{
	while (n--)
		disable_kretprobe(hb_watch_probes[n]);
}

/*
 * The probes are enabled before the state is reset, so that a start that
 * fails leaves the records of the stopped window readable.  They do
 * nothing until the window opens.
 */
static int hb_watch_start_locked(const void *owner, u32 types)
{
	unsigned long flags;
	int i, ret;

	if (hb_watch_open)
		return -EBUSY;
	for (i = 0; i < ARRAY_SIZE(hb_watch_probes); i++) {
		ret = enable_kretprobe(hb_watch_probes[i]);
		if (ret) {
			hb_watch_disable(i);
			return ret;
		}
	}
	hb_watch_missed0 = hb_watch_nmissed();
	flags = hb_watch_lock_irqsave();
	hb_watch_gen++;
	memset(hb_tracks, 0, sizeof(hb_tracks));
	hb_watch_types = types;
	hb_watch_rd = hb_watch_head;
	hb_watch_ev = hb_watch_head;
	hb_watch_other = 0;
	hb_watch_dropped = 0;
	hb_watch_untracked = 0;
	hb_watch_in_flight = 0;
	hb_watch_seq = 0;
	hb_watch_owner = owner;
	hb_watch_open = true;
	hb_watch_unlock_irqrestore(flags);
	hb_watch_test_sleep();
	return 0;
}

/*
 * Calls running now still return into the ring: a disabled kretprobe
 * keeps the return probes it has set.
 */
static void hb_watch_stop_locked(void)
{
	unsigned long flags;

	hb_watch_disable(ARRAY_SIZE(hb_watch_probes));
	flags = hb_watch_lock_irqsave();
	hb_watch_open = false;
	hb_watch_unlock_irqrestore(flags);
}

int hb_watch(const void *owner, struct hmmbench_watch *w)
{
	int ret = 0;

	if (!hb_watch_registered)
		return -EOPNOTSUPP;
	mutex_lock(&hb_watch_mutex);
	if (!(w->flags & HMMBENCH_WATCH_STOP))
		ret = hb_watch_start_locked(owner, w->types);
	else if (hb_watch_owner == owner && hb_watch_open)
		hb_watch_stop_locked();
	else
		ret = -ENOENT;
	mutex_unlock(&hb_watch_mutex);
	w->capacity = HB_WATCH_RING;
	return ret;
}

/* The records to copy out, taken under the lock; how many there are. */
static u32 hb_watch_peek(struct hmmbench_call *buf, u32 nr,
			 struct hmmbench_watch_read *r)
{
	unsigned long flags;
	u32 n;

	flags = hb_watch_lock_irqsave();
	n = min_t(u64, nr, hb_watch_head - hb_watch_rd);
	for (r->nr = 0; r->nr < n; r->nr++)
		buf[r->nr] = hb_ring[(hb_watch_rd + r->nr) % HB_WATCH_RING];
	r->in_flight = hb_watch_in_flight;
	r->other = hb_watch_other;
	r->dropped = hb_watch_dropped;
	r->missed = hb_watch_untracked;
	hb_watch_unlock_irqrestore(flags);
	r->missed += hb_watch_nmissed() - hb_watch_missed0;
	return n;
}

static int hb_watch_copy(struct hmmbench_watch_read *r,
			 const struct hmmbench_call *buf, u32 n)
{
	void __user *dst = u64_to_user_ptr(r->records);
	size_t len = min_t(size_t, r->rec_size, sizeof(*buf));
	u32 i;

	for (i = 0; i < n; i++, dst += r->rec_size) {
		if (copy_to_user(dst, &buf[i], len) ||
		    clear_user(dst + len, r->rec_size - len))
			return -EFAULT;
	}
	return 0;
}

int hb_watch_read(const void *owner, struct hmmbench_watch_read *r,
		  int (*reply)(const struct hmmbench_watch_read *r, void *arg),
		  void *arg)
{
	unsigned long flags;
	u32 nr = min_t(u32, r->nr, HB_WATCH_RING);
	struct hmmbench_call *buf;
	u32 n;
	int ret;

	buf = kmalloc_array(max_t(u32, nr, 1), sizeof(*buf), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&hb_watch_mutex);
	ret = -ENOENT;
	if (!hb_watch_registered || hb_watch_owner != owner)
		goto out;
	n = hb_watch_peek(buf, nr, r);
	ret = hb_watch_copy(r, buf, n);
	if (!ret) {
		hb_watch_test_sleep();
		ret = reply(r, arg);
	}
	if (ret)
		goto out;
	flags = hb_watch_lock_irqsave();
	hb_watch_rd += n;
	hb_watch_unlock_irqrestore(flags);
out:
	mutex_unlock(&hb_watch_mutex);
	kfree(buf);
	return ret;
}

void hb_watch_release(const void *owner)
{
	unsigned long flags;

	/*
	 * Nobody owns the window before its probes go: disabling them can
	 * wait for every CPU (stop_machine() on arm64), also for one inside
	 * a probed call, which must find no owner when it returns.
	 */
	mutex_lock(&hb_watch_mutex);
	if (hb_watch_registered && hb_watch_owner == owner) {
		flags = hb_watch_lock_irqsave();
		hb_watch_owner = NULL;
		hb_watch_unlock_irqrestore(flags);
		if (hb_watch_open)
			hb_watch_stop_locked();
	}
	mutex_unlock(&hb_watch_mutex);
}

bool hb_watch_active(void)
{
	return hb_watch_registered;
}

/*
 * The probes are registered disabled, so that nothing is probed outside
 * a window; a kernel where one of them cannot be leaves WATCH off.
 */
int hb_watch_init(void (*notify)(void))
{
	int i, ret;

	hb_watch_notify = notify;
	for (i = 0; i < ARRAY_SIZE(hb_watch_probes); i++)
		hb_watch_probes[i]->kp.flags = KPROBE_FLAG_DISABLED;
	ret = register_kretprobes(hb_watch_probes,
				  ARRAY_SIZE(hb_watch_probes));
	if (ret) {
		pr_info("memremap_pages() cannot be probed (%d): no watch windows\n",
			ret);
		return 0;
	}
	hb_watch_registered = true;
	return 0;
}

void hb_watch_exit(void)
{
	if (!hb_watch_registered)
		return;
	unregister_kretprobes(hb_watch_probes, ARRAY_SIZE(hb_watch_probes));
}

#else /* !CONFIG_KRETPROBES */

int hb_watch(const void *owner, struct hmmbench_watch *w)
{
	return -EOPNOTSUPP;
}

int hb_watch_read(const void *owner, struct hmmbench_watch_read *r,
		  int (*reply)(const struct hmmbench_watch_read *r, void *arg),
		  void *arg)
{
	return -ENOENT;
}

void hb_watch_release(const void *owner)
{
}

bool hb_watch_active(void)
{
	return false;
}

bool hb_watch_next_event(struct hmmbench_call *rec)
{
	return false;
}

int hb_watch_init(void (*notify)(void))
{
	return 0;
}

void hb_watch_exit(void)
{
}

#endif /* CONFIG_KRETPROBES */
