/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: why a request to /dev/hmmbench failed, or would fail, in one
 * sentence that tells the user what to do: the request and what it asked
 * for, the check of a MAP against the module's INFO before anything is
 * measured, and the sentence for every errno.  Nothing here prints.
 */
#ifndef HB_EXPLAIN_H
#define HB_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

/* The request that failed, named in its sentence. */
enum hb_dev_op {
	HB_OP_OPEN,
	HB_OP_INFO,
	HB_OP_MAP,
	HB_OP_UNMAP,
	HB_OP_VERIFY,
	HB_OP_ROOFLINE,
	HB_OP_WATCH,		/* start or stop a window */
	HB_OP_WATCH_READ,
	HB_OP_MIGRATE,
	HB_OP_FAULT_READ,
	HB_OP_MIRROR,
};

/* What was being asked when an operation failed, for the message. */
struct hb_dev_ctx {
	const char *path;
	uint64_t length;	/* MAP: chunk length */
	int node;		/* MAP: node or HMMBENCH_NODE_LOCAL */
	unsigned int chunks;	/* MAP: chunks mapped at once */
	unsigned int vmemmap_shift;	/* MAP: log2 pages per compound page */
	uint32_t handle;	/* UNMAP, VERIFY, MIGRATE, FAULT_READ */
	uint64_t bytes;		/* ROOFLINE: the buffer's size;
				 * MIGRATE, MIRROR: the range's */
	uint32_t direction;	/* MIGRATE: HMMBENCH_MIGRATE_TO_* */
	uint32_t batch;		/* MIGRATE, MIRROR: --batch, 0: the
				 * kernel's (MIRROR's: 64) */
	bool thp;		/* MIGRATE: --thp */
	const struct hmmbench_info *info;	/* NULL when unknown */
};

/*
 * What the module would answer a MAP of @ctx->chunks chunks of
 * @ctx->length on @ctx->node, judged from @ctx->info alone: 0, -EINVAL
 * (unaligned, under the minimum, node not online) or -ENOMEM (over the
 * budget or the largest chunk), so that the CLI refuses before
 * measuring anything.
 */
int hb_dev_check(const struct hb_dev_ctx *ctx);

/* One sentence saying what failed and what to do; returns @buf. */
const char *hb_dev_explain(char *buf, size_t len, enum hb_dev_op op, int err,
			   const struct hb_dev_ctx *ctx);

#endif /* HB_EXPLAIN_H */
