// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the steps several measurement loops take (loop.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "clock.h"
#include "fmt.h"
#include "measure/loop.h"
#include "measure/verify.h"

int hb_loop_fail(struct hb_loop *l, enum hb_dev_op op, int err,
		 const struct hb_dev_ctx *ctx)
{
	struct hb_result *r = l->r;

	if (r->error[0])
		return err;
	/* The budget has moved since we started: explain with today's. */
	if (err == -ENOMEM && op == HB_OP_MAP)
		hb_dev_info(l->dev);
	hb_dev_explain(r->error, sizeof(r->error), op, err, ctx);
	return err;
}

int hb_loop_failf(struct hb_loop *l, int err, const char *fmt, ...)
{
	va_list ap;

	if (l->r->error[0])
		return err;
	va_start(ap, fmt);
	vsnprintf(l->r->error, sizeof(l->r->error), fmt, ap);
	va_end(ap);
	return err;
}

int hb_loop_buf_map(struct hb_loop *l, uint64_t size, uint64_t align,
		    bool thp, const char *what, uint8_t **buf)
{
	uint64_t head;
	uint8_t *p;
	char sz[32];

	p = mmap(NULL, size + align, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return hb_loop_failf(l, -errno, "cannot map a %s buffer to %s: %s: use a smaller --size",
				     hb_size_str(size, sz, sizeof(sz)), what,
				     strerror(errno));
	head = -(uintptr_t)p & (align - 1);
	if (head)
		munmap(p, head);
	if (align - head)
		munmap(p + head + size, align - head);
	*buf = p + head;
	/* without THP in the kernel, the buffer is of base pages anyway */
	madvise(*buf, size, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	return 0;
}

/* What a chunk's MAP and UNMAP ask, for their sentences. */
static struct hb_dev_ctx hb_loop_chunk_ctx(const struct hb_loop *l,
					   uint64_t length, uint32_t handle)
{
	return (struct hb_dev_ctx){
		.path = l->dev->path,
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
		.chunks = 1,
		.handle = handle,
		.info = &l->dev->info,
	};
}

int hb_loop_map_chunk(struct hb_loop *l, uint64_t length, uint32_t *handle)
{
	struct hb_dev_ctx ctx = hb_loop_chunk_ctx(l, length, 0);
	struct hmmbench_map map;
	int ret;

	do
		ret = hb_dev_map(l->dev, length, HMMBENCH_NODE_LOCAL, 0, &map);
	while (ret == -EINTR && !*l->stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	if (ret)
		return hb_loop_fail(l, HB_OP_MAP, ret, &ctx);
	*handle = map.handle;
	return 0;
}

int hb_loop_unmap_chunk(struct hb_loop *l, uint32_t handle)
{
	struct hb_dev_ctx ctx = hb_loop_chunk_ctx(l, 0, handle);
	struct hmmbench_unmap un;
	int ret = hb_dev_unmap(l->dev, handle, &un);

	return ret ? hb_loop_fail(l, HB_OP_UNMAP, ret, &ctx) : 0;
}

void hb_loop_report(struct hb_loop *l, uint64_t size, unsigned int iter,
		    enum hb_kind kind, const struct hb_sample *samples,
		    size_t nr)
{
	struct hb_progress p = {
		.step = ++l->step,
		.steps = l->steps,
		.size = size,
		.iter = iter,
		.kind = kind,
		.elapsed_ns = hb_now_ns() - l->start_ns,
		.samples = nr ? samples : NULL,
		.nr_samples = nr,
	};

	if (l->fn)
		l->fn(&p, l->arg);
}

void hb_loop_end(struct hb_result *r, int ret, enum hb_end end)
{
	r->complete = !ret;
	r->stop_reason = !ret ? NULL :
			 ret == HB_STOPPED ? "interrupted" : "error";
	r->end = !ret ? end : ret == HB_STOPPED ? HB_END_INTERRUPTED :
						  HB_END_ERROR;
}
