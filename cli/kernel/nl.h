/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the client of the module's generic netlink family, through
 * libnl-genl-3 - GET_INFO, the dump of every live chunk, and the events
 * group - and the parsers of its messages.  Functions return 0 or a
 * negative errno and never print; hb_nl_explain() has the sentence.
 */
#ifndef HB_NL_H
#define HB_NL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

struct nl_msg;
struct nl_sock;

/* One chunk, as a dump or an event carries it. */
struct hb_nl_chunk {
	uint32_t id;
	uint32_t handle;
	uint32_t pid;
	char comm[32];
	uint64_t size;
	uint32_t node;
	bool has_phys;		/* dumps only */
	uint64_t phys_start;
	uint64_t phys_end;	/* inclusive */
	uint64_t created_ns;	/* CLOCK_REALTIME */
	uint32_t valid;		/* HMMBENCH_T_* of the timings below */
	uint64_t region_ns;
	uint64_t memremap_ns;
	uint64_t memmap_init_ns;
	uint64_t memunmap_ns;	/* unmapped events only */
	uint64_t release_ns;	/* unmapped events only */
};

/* Every live chunk, in id order, and how many messages the dump took. */
struct hb_nl_chunks {
	struct hb_nl_chunk *v;
	size_t n;
	size_t cap;
	unsigned int messages;
};

/*
 * A chunk mapped or unmapped, or (@is_call) a memremap_pages() or
 * memunmap_pages() call that a watch window recorded: @call, without its
 * physical address.
 */
struct hb_nl_event {
	bool is_call;
	bool mapped;		/* else unmapped */
	struct hb_nl_chunk chunk;
	struct hmmbench_call call;
};

/* "private", "coherent", "fsdax", "generic" (device DAX), "p2pdma", "?" */
const char *hb_nl_pgmap_name(uint32_t type);

struct hb_nl {
	struct nl_sock *sock;
	int family;
};

enum hb_nl_op {
	HB_NL_OP_OPEN,
	HB_NL_OP_INFO,
	HB_NL_OP_LIST,
	HB_NL_OP_MONITOR,
};

/* Parsers of one received message; -EPROTO when it is malformed. */
int hb_nl_parse_chunks(struct nl_msg *msg, struct hb_nl_chunks *list);
int hb_nl_parse_event(struct nl_msg *msg, struct hb_nl_event *ev);
void hb_nl_chunks_free(struct hb_nl_chunks *list);

/* Connects and resolves the family: -ENOENT when the module is absent. */
int hb_nl_open(struct hb_nl *nl);
void hb_nl_close(struct hb_nl *nl);

int hb_nl_info(struct hb_nl *nl, struct hmmbench_info *info);

/* The whole dump, again from the start if it was interrupted. */
int hb_nl_chunks(struct hb_nl *nl, struct hb_nl_chunks *list);

/*
 * Joins the events group (-EPERM without CAP_SYS_ADMIN on kernels that
 * restrict it) and makes the socket non-blocking for hb_nl_events().
 */
int hb_nl_subscribe(struct hb_nl *nl);

/* The descriptor to poll for events. */
int hb_nl_fd(const struct hb_nl *nl);

/*
 * Receives what is queued and calls @fn for each event until it returns
 * non-zero; returns 0 when nothing more is queued, 1 when @fn stopped,
 * or a negative errno (-ENOBUFS: events were lost).
 */
int hb_nl_events(struct hb_nl *nl,
		 int (*fn)(const struct hb_nl_event *ev, void *arg),
		 void *arg);

/* One sentence saying what failed and what to do; returns @buf. */
const char *hb_nl_explain(char *buf, size_t len, enum hb_nl_op op, int err);

#endif /* HB_NL_H */
