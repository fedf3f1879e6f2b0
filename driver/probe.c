// SPDX-License-Identifier: GPL-2.0
/*
 * Phase probe: a kretprobe on memmap_init_zone_device() measures how much of
 * a memremap_pages() call is spent initialising struct pages.  Only calls
 * made by the task that is measuring (under the measure lock) are counted.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "compat.h"
#include "probe.h"

#ifdef CONFIG_KRETPROBES

static bool hb_phase_probe = true;
module_param_named(phase_probe, hb_phase_probe, bool, 0444);
MODULE_PARM_DESC(phase_probe,
		 "Time memmap_init_zone_device() with a kretprobe (default: on)");

static bool hb_probe_registered;

/* The task being measured; NULL outside hb_probe_begin()/hb_probe_end(). */
static struct task_struct *hb_probe_task;
/* Written by hb_probe_task only, read by it in hb_probe_end(). */
static u64 hb_probe_ns;
static unsigned int hb_probe_calls;
static unsigned long hb_probe_missed;

/*
 * The entry handler runs from the int3 handler, as NMIs do, where
 * ktime_get_ns() could spin on a timekeeping update it interrupted
 * (lockdep says so on 7.x): both ends read CLOCK_MONOTONIC through its
 * NMI-safe accessor.
 */
static int hb_probe_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	u64 *start = (u64 *)ri->data;

	if (READ_ONCE(hb_probe_task) != current)
		return 1;	/* not ours: no return probe */
	*start = ktime_get_mono_fast_ns();
	return 0;
}

static int hb_probe_return(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	u64 *start = (u64 *)ri->data;

	hb_probe_ns += ktime_get_mono_fast_ns() - *start;
	hb_probe_calls++;
	return 0;
}

static struct kretprobe hb_kretprobe = {
	.kp.symbol_name = "memmap_init_zone_device",
	.entry_handler = hb_probe_entry,
	.handler = hb_probe_return,
	.data_size = sizeof(u64),
};

int hb_probe_init(void)
{
	int ret;

	if (!hb_phase_probe) {
		pr_info("phase_probe=0: memmap_init phase is not timed\n");
		return 0;
	}
	if (!HB_MEMMAP_INIT_PROBED) {
		pr_info("this kernel initialises device-private struct pages outside memmap_init_zone_device(): that phase is not timed\n");
		return 0;
	}
	ret = register_kretprobe(&hb_kretprobe);
	if (ret) {
		pr_info("memmap_init_zone_device() cannot be probed (%d): that phase is not timed\n",
			ret);
		return 0;
	}
	hb_probe_registered = true;
	return 0;
}

void hb_probe_exit(void)
{
	if (hb_probe_registered)
		unregister_kretprobe(&hb_kretprobe);
}

bool hb_probe_active(void)
{
	return hb_probe_registered;
}

void hb_probe_begin(void)
{
	hb_probe_ns = 0;
	hb_probe_calls = 0;
	hb_probe_missed = hb_kretprobe.nmissed;
	WRITE_ONCE(hb_probe_task, current);
}

/*
 * Returns true and the time spent in the probed function when it ran and
 * every call was seen; a missed return probe makes the sum meaningless.
 */
bool hb_probe_end(u64 *ns)
{
	WRITE_ONCE(hb_probe_task, NULL);
	*ns = hb_probe_ns;
	return hb_probe_registered && hb_probe_calls &&
	       hb_kretprobe.nmissed == hb_probe_missed;
}

#else /* !CONFIG_KRETPROBES */

int hb_probe_init(void)
{
	pr_info("kernel built without CONFIG_KRETPROBES: memmap_init phase is not timed\n");
	return 0;
}

void hb_probe_exit(void)
{
}

bool hb_probe_active(void)
{
	return false;
}

void hb_probe_begin(void)
{
}

bool hb_probe_end(u64 *ns)
{
	*ns = 0;
	return false;
}

#endif /* CONFIG_KRETPROBES */
