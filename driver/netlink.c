// SPDX-License-Identifier: GPL-2.0
/*
 * The generic netlink family "hmmbench" (uapi/linux/hmmbench.h): INFO for
 * anyone, the dump of every live chunk for CAP_SYS_ADMIN, and an event
 * per chunk mapped or unmapped on the "events" multicast group.
 */
#include <linux/capability.h>
#include <linux/irq_work.h>
#include <linux/netlink.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>

#include "compat.h"
#include "info.h"
#include "netlink.h"
#include "registry.h"
#include "watch.h"

/* Requests carry no attributes: strict parsing refuses every one. */
static const struct nla_policy hb_nl_policy[HMMBENCH_A_MAX + 1] = {
	[HMMBENCH_A_UNSPEC ... HMMBENCH_A_MAX] = { .type = NLA_REJECT },
};

enum {
	HB_NL_MCGRP_EVENTS,
};

static const struct genl_multicast_group hb_nl_mcgrps[] = {
	[HB_NL_MCGRP_EVENTS] = {
		.name = HMMBENCH_GENL_MCGRP_EVENTS,
		.flags = HB_MCAST_CAP_SYS_ADMIN,
	},
};

static struct genl_family hb_nl_family;

static int hb_nl_put_u64(struct sk_buff *skb, int type, u64 v, int pad)
{
	return nla_put_u64_64bit(skb, type, v, pad);
}

static int hb_nl_put_info(struct sk_buff *skb, const struct hmmbench_info *hi)
{
	if (nla_put_u32(skb, HMMBENCH_A_ABI_VERSION, hi->abi_version) ||
	    nla_put_u32(skb, HMMBENCH_A_FEATURES, hi->features) ||
	    nla_put_string(skb, HMMBENCH_A_MODULE_VERSION, hi->module_version) ||
	    nla_put_string(skb, HMMBENCH_A_KERNEL_RELEASE, hi->kernel_release) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_PAGE_SIZE, hi->page_size,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_STRUCT_PAGE_SIZE,
			  hi->struct_page_size, HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_SIZE_ALIGN, hi->size_align,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_MIN_SIZE, hi->min_size,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_MAX_SIZE, hi->max_size,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_BUDGET, hi->budget, HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_MEM_AVAILABLE, hi->mem_available,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_RESERVE, hi->reserve,
			  HMMBENCH_A_PAD) ||
	    nla_put_u32(skb, HMMBENCH_A_LIVE_CHUNKS, hi->live_chunks) ||
	    nla_put_u32(skb, HMMBENCH_A_NR_NODES, hi->nr_nodes) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_MAPS_TOTAL, hi->maps_total,
			  HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_PHYS_WINDOW_START,
			  hi->phys_window_start, HMMBENCH_A_PAD) ||
	    hb_nl_put_u64(skb, HMMBENCH_A_PHYS_WINDOW_END,
			  hi->phys_window_end, HMMBENCH_A_PAD))
		return -EMSGSIZE;
	return 0;
}

static int hb_nl_get_info(struct sk_buff *skb, struct genl_info *gi)
{
	struct hmmbench_info hi = {};
	struct sk_buff *msg;
	void *hdr;

	hb_info_fill(&hi);
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, gi, &hb_nl_family, 0,
				HMMBENCH_CMD_GET_INFO);
	if (!hdr || hb_nl_put_info(msg, &hi)) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, gi);
}

/* The timings measured, by their HMMBENCH_T_* bit; @unmap may be NULL. */
static int hb_nl_put_times(struct sk_buff *skb, const struct hb_live *live,
			   const struct hb_unmap_times *unmap)
{
	u32 valid = live->valid | (unmap ? unmap->valid : 0);
	const struct {
		u32 bit;
		int type;
		u64 ns;
	} t[] = {
		{ HMMBENCH_T_REGION, HMMBENCH_CHUNK_A_REGION_NS,
		  live->region_ns },
		{ HMMBENCH_T_MEMREMAP, HMMBENCH_CHUNK_A_MEMREMAP_NS,
		  live->memremap_ns },
		{ HMMBENCH_T_MEMMAP_INIT, HMMBENCH_CHUNK_A_MEMMAP_INIT_NS,
		  live->memmap_init_ns },
		{ HMMBENCH_T_MEMUNMAP, HMMBENCH_CHUNK_A_MEMUNMAP_NS,
		  unmap ? unmap->memunmap_ns : 0 },
		{ HMMBENCH_T_RELEASE, HMMBENCH_CHUNK_A_RELEASE_NS,
		  unmap ? unmap->release_ns : 0 },
	};
	size_t i;

	if (nla_put_u32(skb, HMMBENCH_CHUNK_A_VALID, valid))
		return -EMSGSIZE;
	for (i = 0; i < ARRAY_SIZE(t); i++)
		if ((valid & t[i].bit) &&
		    hb_nl_put_u64(skb, t[i].type, t[i].ns, HMMBENCH_CHUNK_A_PAD))
			return -EMSGSIZE;
	return 0;
}

/*
 * One chunk's attributes: the physical range only when @phys (dumps), the
 * UNMAP timings only with @unmap (unmapped events).
 */
static int hb_nl_put_chunk(struct sk_buff *skb, const struct hb_live *live,
			   bool phys, const struct hb_unmap_times *unmap)
{
	const int pad = HMMBENCH_CHUNK_A_PAD;

	if (nla_put_u32(skb, HMMBENCH_CHUNK_A_ID, live->id) ||
	    nla_put_u32(skb, HMMBENCH_CHUNK_A_HANDLE, live->handle) ||
	    nla_put_u32(skb, HMMBENCH_CHUNK_A_OWNER_PID, live->tgid) ||
	    nla_put_string(skb, HMMBENCH_CHUNK_A_OWNER_COMM, live->comm) ||
	    hb_nl_put_u64(skb, HMMBENCH_CHUNK_A_SIZE, live->size, pad) ||
	    nla_put_u32(skb, HMMBENCH_CHUNK_A_NODE, live->node) ||
	    hb_nl_put_u64(skb, HMMBENCH_CHUNK_A_CREATED_NS, live->created_ns,
			  pad))
		return -EMSGSIZE;
	if (phys &&
	    (hb_nl_put_u64(skb, HMMBENCH_CHUNK_A_PHYS_START, live->phys_start,
			   pad) ||
	     hb_nl_put_u64(skb, HMMBENCH_CHUNK_A_PHYS_END, live->phys_end,
			   pad)))
		return -EMSGSIZE;
	return hb_nl_put_times(skb, live, unmap);
}

/* One nest of the dump's HMMBENCH_A_CHUNKS; the skb unchanged if full. */
static int hb_nl_fill_chunk(struct sk_buff *skb, const struct hb_live *live)
{
	struct nlattr *nest = nla_nest_start(skb, 0);

	if (!nest)
		return -EMSGSIZE;
	if (hb_nl_put_chunk(skb, live, true, NULL)) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

/* The dump shows physical addresses and who holds memory. */
static int hb_nl_chunks_start(struct netlink_callback *cb)
{
	if (!netlink_capable(cb->skb, CAP_SYS_ADMIN))
		return -EPERM;
	return 0;
}

/*
 * One message of the dump: the chunks from cb->args[0] (the id to resume
 * at) that fit.  No lock is held between messages.
 */
static int hb_nl_get_chunks(struct sk_buff *skb, struct netlink_callback *cb)
{
	unsigned long next = cb->args[0];
	struct nlattr *nest;
	void *hdr;
	int n;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &hb_nl_family, NLM_F_MULTI, HMMBENCH_CMD_GET_CHUNKS);
	if (!hdr)
		return -EMSGSIZE;
	cb->seq = hb_registry_gen();
	genl_dump_check_consistent(cb, hdr);
	nest = nla_nest_start(skb, HMMBENCH_A_CHUNKS);
	if (!nest) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	n = hb_registry_fill(skb, &next, hb_nl_fill_chunk);
	cb->args[0] = next;
	if (n <= 0) {
		genlmsg_cancel(skb, hdr);
		return n;
	}
	nla_nest_end(skb, nest);
	genlmsg_end(skb, hdr);
	return skb->len;
}

static const struct genl_ops hb_nl_ops[] = {
	{
		.cmd = HMMBENCH_CMD_GET_INFO,
		.doit = hb_nl_get_info,
	},
	{
		.cmd = HMMBENCH_CMD_GET_CHUNKS,
		.start = hb_nl_chunks_start,
		.dumpit = hb_nl_get_chunks,
	},
};

static struct genl_family hb_nl_family = {
	.name = HMMBENCH_GENL_NAME,
	.version = HMMBENCH_GENL_VERSION,
	.maxattr = HMMBENCH_A_MAX,
	.policy = hb_nl_policy,
	.module = THIS_MODULE,
	.ops = hb_nl_ops,
	.n_ops = ARRAY_SIZE(hb_nl_ops),
	.mcgrps = hb_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(hb_nl_mcgrps),
};

static int hb_nl_put_event(struct sk_buff *skb, const struct hb_live *live,
			   const struct hb_unmap_times *unmap)
{
	struct nlattr *nest = nla_nest_start(skb, HMMBENCH_A_CHUNK);

	if (!nest || hb_nl_put_chunk(skb, live, false, unmap))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * A message for the events group, or NULL when nobody listens or there is
 * no memory; a message that cannot be allocated is dropped, as the
 * group's listeners would see with any overrun.
 */
static struct sk_buff *hb_nl_event_new(u8 cmd, void **hdr)
{
	struct sk_buff *skb;

	if (!genl_has_listeners(&hb_nl_family, &init_net, HB_NL_MCGRP_EVENTS))
		return NULL;
	skb = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!skb)
		return NULL;
	*hdr = genlmsg_put(skb, 0, 0, &hb_nl_family, 0, cmd);
	if (!*hdr) {
		nlmsg_free(skb);
		return NULL;
	}
	return skb;
}

/* Sends a message from hb_nl_event_new(), or frees it when @err. */
static void hb_nl_event_send(struct sk_buff *skb, void *hdr, int err)
{
	if (err) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	genlmsg_multicast(&hb_nl_family, skb, 0, HB_NL_MCGRP_EVENTS,
			  GFP_KERNEL);
}

/*
 * Tells the events group that @live was mapped (@unmap NULL) or unmapped
 * with the timings in @unmap.  Called after the measured section.
 */
void hb_nl_event(u8 cmd, const struct hb_live *live,
		 const struct hb_unmap_times *unmap)
{
	struct sk_buff *skb;
	void *hdr;

	skb = hb_nl_event_new(cmd, &hdr);
	if (skb)
		hb_nl_event_send(skb, hdr, hb_nl_put_event(skb, live, unmap));
}

static int hb_nl_put_call(struct sk_buff *skb, const struct hmmbench_call *c)
{
	struct nlattr *nest = nla_nest_start(skb, HMMBENCH_A_CALL);

	if (!nest ||
	    nla_put_u64_64bit(skb, HMMBENCH_CALL_A_SEQ, c->seq,
			      HMMBENCH_CALL_A_PAD) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_CALL, c->call) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_TYPE, c->type) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_FLAGS, c->flags) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_VALID, c->valid) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_PID, c->pid) ||
	    nla_put_string(skb, HMMBENCH_CALL_A_COMM, c->comm) ||
	    (c->node >= 0 &&
	     nla_put_u32(skb, HMMBENCH_CALL_A_NODE, c->node)) ||
	    nla_put_u32(skb, HMMBENCH_CALL_A_VMEMMAP_SHIFT, c->vmemmap_shift) ||
	    nla_put_u64_64bit(skb, HMMBENCH_CALL_A_PAGES, c->pages,
			      HMMBENCH_CALL_A_PAD) ||
	    nla_put_u64_64bit(skb, HMMBENCH_CALL_A_INIT_PAGES, c->init_pages,
			      HMMBENCH_CALL_A_PAD) ||
	    nla_put_u64_64bit(skb, HMMBENCH_CALL_A_TOTAL_NS, c->total_ns,
			      HMMBENCH_CALL_A_PAD) ||
	    ((c->valid & HMMBENCH_T_MEMMAP_INIT) &&
	     nla_put_u64_64bit(skb, HMMBENCH_CALL_A_MEMMAP_INIT_NS,
			       c->memmap_init_ns, HMMBENCH_CALL_A_PAD)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* Tells the events group about the calls a watch window recorded. */
static void hb_nl_calls_work(struct work_struct *work)
{
	struct hmmbench_call rec;
	struct sk_buff *skb;
	void *hdr;

	while (hb_watch_next_event(&rec)) {
		skb = hb_nl_event_new(HMMBENCH_CMD_PGMAP_CALL, &hdr);
		if (skb)
			hb_nl_event_send(skb, hdr, hb_nl_put_call(skb, &rec));
	}
}

static DECLARE_WORK(hb_nl_calls, hb_nl_calls_work);

/* In hard interrupt context: the work may be queued from here. */
static void hb_nl_calls_kick(struct irq_work *work)
{
	schedule_work(&hb_nl_calls);
}

static DEFINE_IRQ_WORK(hb_nl_calls_irq, hb_nl_calls_kick);

/* From the watch probes, which run as NMIs do: irq_work is safe there. */
void hb_nl_calls_notify(void)
{
	irq_work_queue(&hb_nl_calls_irq);
}

int hb_nl_init(void)
{
	return genl_register_family(&hb_nl_family);
}

void hb_nl_exit(void)
{
	irq_work_sync(&hb_nl_calls_irq);
	cancel_work_sync(&hb_nl_calls);
	genl_unregister_family(&hb_nl_family);
}
