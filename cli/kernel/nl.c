// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the generic netlink client (libnl-genl-3) of the module's
 * "hmmbench" family - GET_INFO, the GET_CHUNKS dump and the events group
 * - and the parsers of what it sends, kept apart so that unit tests feed
 * them messages they built.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>

#include "kernel/host.h"
#include "kernel/nl.h"

/* A dump that a change interrupted is read again, this many times. */
#define HB_NL_DUMP_TRIES	5

/* Receive buffer for events: bursts of unmaps must not overrun it. */
#define HB_NL_RCVBUF		(1 << 20)

static struct nla_policy hb_nl_policy[HMMBENCH_A_MAX + 1] = {
	[HMMBENCH_A_ABI_VERSION] = { .type = NLA_U32 },
	[HMMBENCH_A_FEATURES] = { .type = NLA_U32 },
	[HMMBENCH_A_MODULE_VERSION] = { .type = NLA_STRING },
	[HMMBENCH_A_KERNEL_RELEASE] = { .type = NLA_STRING },
	[HMMBENCH_A_PAGE_SIZE] = { .type = NLA_U64 },
	[HMMBENCH_A_STRUCT_PAGE_SIZE] = { .type = NLA_U64 },
	[HMMBENCH_A_SIZE_ALIGN] = { .type = NLA_U64 },
	[HMMBENCH_A_MIN_SIZE] = { .type = NLA_U64 },
	[HMMBENCH_A_MAX_SIZE] = { .type = NLA_U64 },
	[HMMBENCH_A_BUDGET] = { .type = NLA_U64 },
	[HMMBENCH_A_MEM_AVAILABLE] = { .type = NLA_U64 },
	[HMMBENCH_A_RESERVE] = { .type = NLA_U64 },
	[HMMBENCH_A_LIVE_CHUNKS] = { .type = NLA_U32 },
	[HMMBENCH_A_NR_NODES] = { .type = NLA_U32 },
	[HMMBENCH_A_MAPS_TOTAL] = { .type = NLA_U64 },
	[HMMBENCH_A_CHUNKS] = { .type = NLA_NESTED },
	[HMMBENCH_A_CHUNK] = { .type = NLA_NESTED },
	[HMMBENCH_A_CALL] = { .type = NLA_NESTED },
	[HMMBENCH_A_PHYS_WINDOW_START] = { .type = NLA_U64 },
	[HMMBENCH_A_PHYS_WINDOW_END] = { .type = NLA_U64 },
};

static struct nla_policy hb_nl_chunk_policy[HMMBENCH_CHUNK_A_MAX + 1] = {
	[HMMBENCH_CHUNK_A_ID] = { .type = NLA_U32 },
	[HMMBENCH_CHUNK_A_HANDLE] = { .type = NLA_U32 },
	[HMMBENCH_CHUNK_A_OWNER_PID] = { .type = NLA_U32 },
	[HMMBENCH_CHUNK_A_OWNER_COMM] = { .type = NLA_STRING },
	[HMMBENCH_CHUNK_A_SIZE] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_NODE] = { .type = NLA_U32 },
	[HMMBENCH_CHUNK_A_PHYS_START] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_PHYS_END] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_CREATED_NS] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_VALID] = { .type = NLA_U32 },
	[HMMBENCH_CHUNK_A_REGION_NS] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_MEMREMAP_NS] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_MEMMAP_INIT_NS] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_MEMUNMAP_NS] = { .type = NLA_U64 },
	[HMMBENCH_CHUNK_A_RELEASE_NS] = { .type = NLA_U64 },
};

static struct nla_policy hb_nl_call_policy[HMMBENCH_CALL_A_MAX + 1] = {
	[HMMBENCH_CALL_A_SEQ] = { .type = NLA_U64 },
	[HMMBENCH_CALL_A_CALL] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_TYPE] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_FLAGS] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_VALID] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_PID] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_COMM] = { .type = NLA_STRING },
	[HMMBENCH_CALL_A_NODE] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_VMEMMAP_SHIFT] = { .type = NLA_U32 },
	[HMMBENCH_CALL_A_PAGES] = { .type = NLA_U64 },
	[HMMBENCH_CALL_A_INIT_PAGES] = { .type = NLA_U64 },
	[HMMBENCH_CALL_A_TOTAL_NS] = { .type = NLA_U64 },
	[HMMBENCH_CALL_A_MEMMAP_INIT_NS] = { .type = NLA_U64 },
};

const char *hb_nl_pgmap_name(uint32_t type)
{
	static const char *const names[HMMBENCH_PGMAP_NR] = {
		[HMMBENCH_PGMAP_PRIVATE] = "private",
		[HMMBENCH_PGMAP_COHERENT] = "coherent",
		[HMMBENCH_PGMAP_FS_DAX] = "fsdax",
		[HMMBENCH_PGMAP_GENERIC] = "generic",
		[HMMBENCH_PGMAP_P2PDMA] = "p2pdma",
	};

	return type < HMMBENCH_PGMAP_NR && names[type] ? names[type] : "?";
}

/* A libnl error (negative NLE_*) as a negative errno. */
static int hb_nl_errno(int nlerr)
{
	switch (nlerr < 0 ? -nlerr : nlerr) {
	case 0:
		return 0;
	case NLE_PERM:
		return -EPERM;
	case NLE_NOACCESS:
		return -EACCES;
	case NLE_OBJ_NOTFOUND:
		return -ENOENT;
	case NLE_NOMEM:
		return -ENOMEM;
	case NLE_INTR:
		return -EINTR;
	case NLE_AGAIN:
		return -EAGAIN;
	case NLE_INVAL:
		return -EINVAL;
	case NLE_OPNOTSUPP:
		return -EOPNOTSUPP;
	case NLE_AF_NOSUPPORT:
	case NLE_PROTO_MISMATCH:
		return -EAFNOSUPPORT;
	case NLE_MSG_TRUNC:
	case NLE_MSG_TOOSHORT:
	case NLE_MSGTYPE_NOSUPPORT:
	case NLE_PARSE_ERR:
	case NLE_SEQ_MISMATCH:
		return -EPROTO;
	default:
		return -EIO;
	}
}

static uint32_t hb_nl_u32(struct nlattr **tb, int type)
{
	return tb[type] ? nla_get_u32(tb[type]) : 0;
}

static uint64_t hb_nl_u64(struct nlattr **tb, int type)
{
	return tb[type] ? nla_get_u64(tb[type]) : 0;
}

/* The reply to INFO into @info; -EPROTO when it is malformed. */
static int hb_nl_parse_info(struct nl_msg *msg, struct hmmbench_info *info)
{
	struct nlattr *tb[HMMBENCH_A_MAX + 1];

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, HMMBENCH_A_MAX, hb_nl_policy))
		return -EPROTO;
	if (!tb[HMMBENCH_A_ABI_VERSION] || !tb[HMMBENCH_A_MODULE_VERSION])
		return -EPROTO;
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	info->abi_version = hb_nl_u32(tb, HMMBENCH_A_ABI_VERSION);
	info->features = hb_nl_u32(tb, HMMBENCH_A_FEATURES);
	nla_strlcpy(info->module_version, tb[HMMBENCH_A_MODULE_VERSION],
		    sizeof(info->module_version));
	if (tb[HMMBENCH_A_KERNEL_RELEASE])
		nla_strlcpy(info->kernel_release, tb[HMMBENCH_A_KERNEL_RELEASE],
			    sizeof(info->kernel_release));
	info->page_size = hb_nl_u64(tb, HMMBENCH_A_PAGE_SIZE);
	info->struct_page_size = hb_nl_u64(tb, HMMBENCH_A_STRUCT_PAGE_SIZE);
	info->size_align = hb_nl_u64(tb, HMMBENCH_A_SIZE_ALIGN);
	info->min_size = hb_nl_u64(tb, HMMBENCH_A_MIN_SIZE);
	info->max_size = hb_nl_u64(tb, HMMBENCH_A_MAX_SIZE);
	info->budget = hb_nl_u64(tb, HMMBENCH_A_BUDGET);
	info->mem_available = hb_nl_u64(tb, HMMBENCH_A_MEM_AVAILABLE);
	info->reserve = hb_nl_u64(tb, HMMBENCH_A_RESERVE);
	info->live_chunks = hb_nl_u32(tb, HMMBENCH_A_LIVE_CHUNKS);
	info->nr_nodes = hb_nl_u32(tb, HMMBENCH_A_NR_NODES);
	info->maps_total = hb_nl_u64(tb, HMMBENCH_A_MAPS_TOTAL);
	info->phys_window_start = hb_nl_u64(tb, HMMBENCH_A_PHYS_WINDOW_START);
	info->phys_window_end = hb_nl_u64(tb, HMMBENCH_A_PHYS_WINDOW_END);
	return 0;
}

/* The timing of @type into *@ns when @bit is valid and it is there. */
static int hb_nl_time(struct nlattr **tb, uint32_t valid, uint32_t bit,
		      int type, uint64_t *ns)
{
	if (!(valid & bit))
		return 0;
	if (!tb[type])
		return -EPROTO;
	*ns = nla_get_u64(tb[type]);
	return 0;
}

static int hb_nl_parse_times(struct nlattr **tb, struct hb_nl_chunk *c)
{
	c->valid = nla_get_u32(tb[HMMBENCH_CHUNK_A_VALID]);
	if (hb_nl_time(tb, c->valid, HMMBENCH_T_REGION,
		       HMMBENCH_CHUNK_A_REGION_NS, &c->region_ns) ||
	    hb_nl_time(tb, c->valid, HMMBENCH_T_MEMREMAP,
		       HMMBENCH_CHUNK_A_MEMREMAP_NS, &c->memremap_ns) ||
	    hb_nl_time(tb, c->valid, HMMBENCH_T_MEMMAP_INIT,
		       HMMBENCH_CHUNK_A_MEMMAP_INIT_NS, &c->memmap_init_ns) ||
	    hb_nl_time(tb, c->valid, HMMBENCH_T_MEMUNMAP,
		       HMMBENCH_CHUNK_A_MEMUNMAP_NS, &c->memunmap_ns) ||
	    hb_nl_time(tb, c->valid, HMMBENCH_T_RELEASE,
		       HMMBENCH_CHUNK_A_RELEASE_NS, &c->release_ns))
		return -EPROTO;
	return 0;
}

/* One chunk nest; the id, size and valid bits are required. */
static int hb_nl_parse_chunk(struct nlattr *nest, struct hb_nl_chunk *c)
{
	struct nlattr *tb[HMMBENCH_CHUNK_A_MAX + 1];

	if (nla_parse_nested(tb, HMMBENCH_CHUNK_A_MAX, nest,
			     hb_nl_chunk_policy))
		return -EPROTO;
	if (!tb[HMMBENCH_CHUNK_A_ID] || !tb[HMMBENCH_CHUNK_A_SIZE] ||
	    !tb[HMMBENCH_CHUNK_A_VALID])
		return -EPROTO;
	memset(c, 0, sizeof(*c));
	c->id = nla_get_u32(tb[HMMBENCH_CHUNK_A_ID]);
	c->handle = hb_nl_u32(tb, HMMBENCH_CHUNK_A_HANDLE);
	c->pid = hb_nl_u32(tb, HMMBENCH_CHUNK_A_OWNER_PID);
	if (tb[HMMBENCH_CHUNK_A_OWNER_COMM])
		nla_strlcpy(c->comm, tb[HMMBENCH_CHUNK_A_OWNER_COMM],
			    sizeof(c->comm));
	c->size = nla_get_u64(tb[HMMBENCH_CHUNK_A_SIZE]);
	c->node = hb_nl_u32(tb, HMMBENCH_CHUNK_A_NODE);
	c->has_phys = tb[HMMBENCH_CHUNK_A_PHYS_START] &&
		      tb[HMMBENCH_CHUNK_A_PHYS_END];
	c->phys_start = hb_nl_u64(tb, HMMBENCH_CHUNK_A_PHYS_START);
	c->phys_end = hb_nl_u64(tb, HMMBENCH_CHUNK_A_PHYS_END);
	c->created_ns = hb_nl_u64(tb, HMMBENCH_CHUNK_A_CREATED_NS);
	return hb_nl_parse_times(tb, c);
}

static int hb_nl_chunks_add(struct hb_nl_chunks *list,
			    const struct hb_nl_chunk *c)
{
	struct hb_nl_chunk *v;

	if (list->n == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 64;

		v = realloc(list->v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		list->v = v;
		list->cap = cap;
	}
	list->v[list->n++] = *c;
	return 0;
}

void hb_nl_chunks_free(struct hb_nl_chunks *list)
{
	free(list->v);
	memset(list, 0, sizeof(*list));
}

int hb_nl_parse_chunks(struct nl_msg *msg, struct hb_nl_chunks *list)
{
	struct nlattr *tb[HMMBENCH_A_MAX + 1];
	struct hb_nl_chunk c;
	struct nlattr *pos;
	int rem, ret;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, HMMBENCH_A_MAX, hb_nl_policy))
		return -EPROTO;
	if (!tb[HMMBENCH_A_CHUNKS])
		return -EPROTO;
	list->messages++;
	nla_for_each_nested(pos, tb[HMMBENCH_A_CHUNKS], rem) {
		ret = hb_nl_parse_chunk(pos, &c);
		if (!ret)
			ret = hb_nl_chunks_add(list, &c);
		if (ret)
			return ret;
	}
	return 0;
}

/* One call nest; its seq, call, type, valid and total time are required. */
static int hb_nl_parse_call(struct nlattr *nest, struct hmmbench_call *c)
{
	struct nlattr *tb[HMMBENCH_CALL_A_MAX + 1];

	if (nla_parse_nested(tb, HMMBENCH_CALL_A_MAX, nest,
			     hb_nl_call_policy))
		return -EPROTO;
	if (!tb[HMMBENCH_CALL_A_SEQ] || !tb[HMMBENCH_CALL_A_CALL] ||
	    !tb[HMMBENCH_CALL_A_TYPE] || !tb[HMMBENCH_CALL_A_VALID] ||
	    !tb[HMMBENCH_CALL_A_TOTAL_NS])
		return -EPROTO;
	memset(c, 0, sizeof(*c));
	c->seq = nla_get_u64(tb[HMMBENCH_CALL_A_SEQ]);
	c->call = nla_get_u32(tb[HMMBENCH_CALL_A_CALL]);
	c->type = nla_get_u32(tb[HMMBENCH_CALL_A_TYPE]);
	c->flags = hb_nl_u32(tb, HMMBENCH_CALL_A_FLAGS);
	c->valid = nla_get_u32(tb[HMMBENCH_CALL_A_VALID]);
	c->pid = hb_nl_u32(tb, HMMBENCH_CALL_A_PID);
	if (tb[HMMBENCH_CALL_A_COMM])
		nla_strlcpy(c->comm, tb[HMMBENCH_CALL_A_COMM],
			    sizeof(c->comm));
	c->node = tb[HMMBENCH_CALL_A_NODE] ?
		  (int32_t)nla_get_u32(tb[HMMBENCH_CALL_A_NODE]) : -1;
	c->vmemmap_shift = hb_nl_u32(tb, HMMBENCH_CALL_A_VMEMMAP_SHIFT);
	c->pages = hb_nl_u64(tb, HMMBENCH_CALL_A_PAGES);
	c->init_pages = hb_nl_u64(tb, HMMBENCH_CALL_A_INIT_PAGES);
	c->total_ns = nla_get_u64(tb[HMMBENCH_CALL_A_TOTAL_NS]);
	if (c->valid & HMMBENCH_T_MEMMAP_INIT) {
		if (!tb[HMMBENCH_CALL_A_MEMMAP_INIT_NS])
			return -EPROTO;
		c->memmap_init_ns =
			nla_get_u64(tb[HMMBENCH_CALL_A_MEMMAP_INIT_NS]);
	}
	return 0;
}

int hb_nl_parse_event(struct nl_msg *msg, struct hb_nl_event *ev)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[HMMBENCH_A_MAX + 1];
	uint8_t cmd;

	if (!genlmsg_valid_hdr(nlh, 0))
		return -EPROTO;
	cmd = genlmsg_hdr(nlh)->cmd;
	if (cmd != HMMBENCH_CMD_CHUNK_MAPPED &&
	    cmd != HMMBENCH_CMD_CHUNK_UNMAPPED &&
	    cmd != HMMBENCH_CMD_PGMAP_CALL)
		return -ENOMSG;
	if (genlmsg_parse(nlh, 0, tb, HMMBENCH_A_MAX, hb_nl_policy))
		return -EPROTO;
	memset(ev, 0, sizeof(*ev));
	if (cmd == HMMBENCH_CMD_PGMAP_CALL) {
		ev->is_call = true;
		if (!tb[HMMBENCH_A_CALL])
			return -EPROTO;
		return hb_nl_parse_call(tb[HMMBENCH_A_CALL], &ev->call);
	}
	if (!tb[HMMBENCH_A_CHUNK])
		return -EPROTO;
	ev->mapped = cmd == HMMBENCH_CMD_CHUNK_MAPPED;
	return hb_nl_parse_chunk(tb[HMMBENCH_A_CHUNK], &ev->chunk);
}

int hb_nl_open(struct hb_nl *nl)
{
	int ret;

	nl->sock = nl_socket_alloc();
	if (!nl->sock)
		return -ENOMEM;
	ret = genl_connect(nl->sock);
	if (ret < 0)
		goto err_free;
	nl_socket_disable_auto_ack(nl->sock);
	nl_socket_enable_msg_peek(nl->sock);
	ret = genl_ctrl_resolve(nl->sock, HMMBENCH_GENL_NAME);
	if (ret < 0)
		goto err_free;
	nl->family = ret;
	return 0;

err_free:
	nl_socket_free(nl->sock);
	nl->sock = NULL;
	return hb_nl_errno(ret);
}

void hb_nl_close(struct hb_nl *nl)
{
	nl_socket_free(nl->sock);
	nl->sock = NULL;
}

/* Sends @cmd and receives its answer, each message to @fn. */
static int hb_nl_request(struct hb_nl *nl, uint8_t cmd, int flags,
			 nl_recvmsg_msg_cb_t fn, void *arg)
{
	int ret;

	ret = nl_socket_modify_cb(nl->sock, NL_CB_VALID, NL_CB_CUSTOM, fn,
				  arg);
	if (ret >= 0)
		ret = genl_send_simple(nl->sock, nl->family, cmd,
				       HMMBENCH_GENL_VERSION, flags);
	if (ret >= 0)
		ret = nl_recvmsgs_default(nl->sock);
	return ret < 0 ? ret : 0;
}

struct hb_nl_reply {
	void *out;
	int err;
};

static int hb_nl_info_cb(struct nl_msg *msg, void *arg)
{
	struct hb_nl_reply *r = arg;

	r->err = hb_nl_parse_info(msg, r->out);
	return r->err ? NL_STOP : NL_OK;
}

int hb_nl_info(struct hb_nl *nl, struct hmmbench_info *info)
{
	struct hb_nl_reply r = { .out = info, .err = -EPROTO };
	int ret;

	ret = hb_nl_request(nl, HMMBENCH_CMD_GET_INFO, 0, hb_nl_info_cb, &r);
	return ret ? hb_nl_errno(ret) : r.err;
}

static int hb_nl_chunks_cb(struct nl_msg *msg, void *arg)
{
	struct hb_nl_reply *r = arg;

	r->err = hb_nl_parse_chunks(msg, r->out);
	return r->err ? NL_STOP : NL_OK;
}

int hb_nl_chunks(struct hb_nl *nl, struct hb_nl_chunks *list)
{
	struct hb_nl_reply r = { .out = list };
	int ret, tries;

	memset(list, 0, sizeof(*list));
	for (tries = 0; tries < HB_NL_DUMP_TRIES; tries++) {
		list->n = 0;
		list->messages = 0;
		r.err = 0;
		ret = hb_nl_request(nl, HMMBENCH_CMD_GET_CHUNKS, NLM_F_DUMP,
				    hb_nl_chunks_cb, &r);
		if (ret != -NLE_DUMP_INTR)
			break;
	}
	if (!ret)
		ret = r.err;
	else
		ret = ret == -NLE_DUMP_INTR ? -EAGAIN : hb_nl_errno(ret);
	if (ret)
		hb_nl_chunks_free(list);
	return ret;
}

int hb_nl_subscribe(struct hb_nl *nl)
{
	int grp, ret;

	grp = genl_ctrl_resolve_grp(nl->sock, HMMBENCH_GENL_NAME,
				    HMMBENCH_GENL_MCGRP_EVENTS);
	if (grp < 0)
		return hb_nl_errno(grp);
	nl_socket_disable_seq_check(nl->sock);
	ret = nl_socket_set_buffer_size(nl->sock, HB_NL_RCVBUF, 0);
	if (ret >= 0)
		ret = nl_socket_add_membership(nl->sock, grp);
	if (ret >= 0)
		ret = nl_socket_set_nonblocking(nl->sock);
	return ret < 0 ? hb_nl_errno(ret) : 0;
}

int hb_nl_fd(const struct hb_nl *nl)
{
	return nl_socket_get_fd(nl->sock);
}

struct hb_nl_events_ctx {
	int (*fn)(const struct hb_nl_event *ev, void *arg);
	void *arg;
	int ret;
};

static int hb_nl_event_cb(struct nl_msg *msg, void *arg)
{
	struct hb_nl_events_ctx *ctx = arg;
	struct hb_nl_event ev;
	int ret;

	ret = hb_nl_parse_event(msg, &ev);
	if (ret == -ENOMSG)
		return NL_OK;	/* a command this version does not know */
	if (ret) {
		ctx->ret = ret;
		return NL_STOP;
	}
	if (ctx->fn(&ev, ctx->arg)) {
		ctx->ret = 1;
		return NL_STOP;
	}
	return NL_OK;
}

int hb_nl_events(struct hb_nl *nl,
		 int (*fn)(const struct hb_nl_event *ev, void *arg),
		 void *arg)
{
	struct hb_nl_events_ctx ctx = { .fn = fn, .arg = arg };
	int ret;

	ret = nl_socket_modify_cb(nl->sock, NL_CB_VALID, NL_CB_CUSTOM,
				  hb_nl_event_cb, &ctx);
	if (ret < 0)
		return hb_nl_errno(ret);
	while (!ctx.ret) {
		ret = nl_recvmsgs_default(nl->sock);
		if (ret == -NLE_AGAIN)
			return 0;
		if (ret == -NLE_NOMEM)
			return -ENOBUFS;	/* ENOBUFS: the queue overran */
		if (ret < 0)
			return hb_nl_errno(ret);
	}
	return ctx.ret;
}

static const char *hb_nl_what(enum hb_nl_op op)
{
	switch (op) {
	case HB_NL_OP_INFO:
		return "asking the hmmbench module for its information";
	case HB_NL_OP_LIST:
		return "listing the live chunks";
	case HB_NL_OP_MONITOR:
		return "receiving hmmbench events";
	default:
		return "connecting to the hmmbench module over generic netlink";
	}
}

const char *hb_nl_explain(char *buf, size_t len, enum hb_nl_op op, int err)
{
	switch (-err) {
	case ENOENT:
		snprintf(buf, len, "the hmmbench module is not loaded (generic netlink family '%s' not found): load it (%s)",
			 HMMBENCH_GENL_NAME, hb_host_module_load_cmd());
		break;
	case EPERM:
	case EACCES:
		snprintf(buf, len, "%s needs CAP_SYS_ADMIN: run it as root",
			 op == HB_NL_OP_LIST ?
			 "listing the chunks of every process" :
			 hb_nl_what(op));
		break;
	case EAFNOSUPPORT:
		snprintf(buf, len, "%s failed: this kernel has no generic netlink (CONFIG_NET)",
			 hb_nl_what(op));
		break;
	case ENOBUFS:
		snprintf(buf, len, "%s: events were lost because they came faster than they were read",
			 hb_nl_what(op));
		break;
	case EAGAIN:
		snprintf(buf, len, "%s failed: chunks kept changing during %d attempts; try again",
			 hb_nl_what(op), HB_NL_DUMP_TRIES);
		break;
	case EPROTO:
		snprintf(buf, len, "%s failed: the module sent a message this hmmbench does not understand (module and command from different versions?)",
			 hb_nl_what(op));
		break;
	default:
		snprintf(buf, len, "%s failed: %s", hb_nl_what(op),
			 strerror(-err));
		break;
	}
	return buf;
}
