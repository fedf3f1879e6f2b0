// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the measurement loop.  One step maps cfg.chunks chunks of one
 * size and unmaps them again, recording one raw sample per chunk.  The
 * loop stops cleanly on a signal or an error, always leaving nothing
 * mapped, so that what was measured can still be written out; between
 * steps, --until-ci and --max-time may end it early.  After the loop,
 * outside every timed step, the kernel's store bandwidth is measured for
 * each size (ROOFLINE), and one more chunk of each size may be read back
 * through VERIFY for the memmap digest.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "kernel/explain.h"
#include "measure/bench.h"
#include "measure/verify.h"
#include "results/metrics.h"
#include "stats/mean.h"
#include "stats/stats.h"

/* One step: the chunks it mapped, in order. */
struct hb_step {
	uint64_t size;
	unsigned int iter;
	uint32_t handles[HB_MAX_CHUNKS];
	size_t first;		/* index of its first sample */
	unsigned int mapped;
};

/* The measurement loop's state. */
struct hb_bench_loop {
	struct hb_loop loop;
	struct hb_step st;	/* the step in progress */
	struct hb_running warm;	/* the warm memremap times so far */
	unsigned int warm_iters;	/* warm steps done */
	enum hb_end end;	/* what ended the loop, when it ended */
};

/* Writes the sentence for the first failure of the run only. */
static int hb_fail(struct hb_bench_loop *l, enum hb_dev_op op, int err,
		   const struct hb_step *st, uint32_t handle)
{
	struct hb_dev_ctx ctx = {
		.path = l->loop.dev->path,
		.length = st->size,
		.node = l->loop.r->cfg.node,
		.chunks = 1,	/* the one that failed */
		.vmemmap_shift = l->loop.r->cfg.vmemmap_shift,
		.handle = handle,
		.info = &l->loop.dev->info,
	};

	if (l->loop.r->error[0])
		return err;
	/* The budget has moved since we started: explain with today's. */
	if (err == -ENOMEM)
		hb_dev_info(l->loop.dev);
	hb_dev_explain(l->loop.r->error, sizeof(l->loop.r->error), op, err,
		       &ctx);
	return err;
}

static void hb_fill_map(struct hb_sample *s, const struct hb_step *st,
			const struct hb_config *cfg,
			const struct hmmbench_map *map)
{
	s->size = st->size;
	s->iter = st->iter;
	s->chunk = st->mapped;
	s->kind = hb_iter_kind(cfg, st->iter);
	s->phys_start = map->phys_start;
	hb_metrics_take(s, HB_REPLY_MAP, map, map->valid);
}

static int hb_map_one(struct hb_bench_loop *l, struct hb_step *st)
{
	struct hmmbench_map map;
	struct hmmbench_unmap un;
	struct hb_sample *s;
	int ret;

	do
		ret = hb_dev_map(l->loop.dev, st->size, l->loop.r->cfg.node,
				 l->loop.r->cfg.vmemmap_shift, &map);
	while (ret == -EINTR && !*l->loop.stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	if (ret)
		return hb_fail(l, HB_OP_MAP, ret, st, 0);
	s = hb_result_add(l->loop.r);
	if (!s) {
		hb_dev_unmap(l->loop.dev, map.handle, &un);
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 "out of memory for the samples");
		return -ENOMEM;
	}
	hb_fill_map(s, st, &l->loop.r->cfg, &map);
	st->handles[st->mapped++] = map.handle;
	return 0;
}

/* Unmaps every chunk of the step, last first; returns the first error. */
static int hb_unmap_all(struct hb_bench_loop *l, struct hb_step *st)
{
	int ret = 0;

	while (st->mapped) {
		unsigned int c = --st->mapped;
		struct hb_sample *s = &l->loop.r->samples[st->first + c];
		struct hmmbench_unmap un;
		int err;

		err = hb_dev_unmap(l->loop.dev, st->handles[c], &un);
		if (err) {
			if (!ret)
				ret = hb_fail(l, HB_OP_UNMAP, err, st,
					      st->handles[c]);
			continue;
		}
		hb_metrics_take(s, HB_REPLY_UNMAP, &un, un.valid);
	}
	return ret;
}

static void hb_report(struct hb_bench_loop *l, const struct hb_step *st)
{
	struct hb_result *r = l->loop.r;

	hb_loop_report(&l->loop, st->size, st->iter,
		       hb_iter_kind(&r->cfg, st->iter), r->samples + st->first,
		       r->nr_samples - st->first);
}

static int hb_step_run(struct hb_bench_loop *l, uint64_t size,
		       unsigned int iter)
{
	struct hb_step *st = &l->st;
	int ret = 0, err;

	st->size = size;
	st->iter = iter;
	st->first = l->loop.r->nr_samples;
	st->mapped = 0;
	while (st->mapped < l->loop.r->cfg.chunks && !ret) {
		if (*l->loop.stop)
			ret = HB_STOPPED;
		else
			ret = hb_map_one(l, st);
	}
	err = hb_unmap_all(l, st);
	if (!ret)
		ret = err;
	if (!ret && *l->loop.stop)
		ret = HB_STOPPED;
	hb_report(l, st);
	return ret;
}

/* Counts the step just run when it was warm. */
static void hb_loop_count(struct hb_bench_loop *l)
{
	const struct hb_step *st = &l->st;
	const struct hb_sample *s;

	if (hb_iter_kind(&l->loop.r->cfg, st->iter) != HB_WARM)
		return;
	l->warm_iters++;
	for (s = &l->loop.r->samples[st->first];
	     s < &l->loop.r->samples[l->loop.r->nr_samples]; s++)
		if (s->valid & HMMBENCH_T_MEMREMAP)
			hb_running_add(&l->warm, s->memremap_ns);
}

/*
 * Whether the step just run ends the loop: the 95 % interval of the warm
 * memremap mean within +-cfg.until_ci % of it, or cfg.max_time_ns gone
 * by; which, in l->end.
 */
static bool hb_loop_ends(struct hb_bench_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	const struct hb_running *w = &l->warm;

	hb_loop_count(l);
	if (cfg->until_ci > 0.0 && w->n >= 2 &&
	    hb_mean_ci_half(w->n, sqrt(hb_running_variance(w))) <
	    cfg->until_ci / 100 * w->mean)
		l->end = HB_END_CI;
	else if (cfg->max_time_ns &&
		 hb_now_ns() - l->loop.start_ns >= cfg->max_time_ns)
		l->end = HB_END_MAX_TIME;
	return l->end != HB_END_ITERS;
}

/* Sizes one after the other, or (interleaved) taking turns. */
static int hb_loop_all(struct hb_bench_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	unsigned int iters = 1 + cfg->warmup + cfg->iters, a, b;
	size_t outer = cfg->interleave ? iters : cfg->nr_sizes;
	size_t inner = cfg->interleave ? cfg->nr_sizes : iters;
	int ret;

	for (a = 0; a < outer; a++) {
		for (b = 0; b < inner; b++) {
			size_t si = cfg->interleave ? b : a;
			unsigned int it = cfg->interleave ? a : b;

			ret = hb_step_run(l, cfg->sizes[si], it);
			if (ret || hb_loop_ends(l))
				return ret;
		}
	}
	return 0;
}

/*
 * The kernel's store bandwidth for the struct pages of each size, once per
 * run, after the loop: the first MAP stays the first thing the module
 * does after loading, and no chunk is mapped while the buffer exists.  A
 * module without ROOFLINE leaves it unmeasured.
 */
static int hb_roof_all(struct hb_bench_loop *l)
{
	struct hb_result *r = l->loop.r;
	struct hmmbench_roofline rl;
	struct hb_dev_ctx ctx = {
		.path = l->loop.dev->path,
		.node = r->cfg.node,
		.info = &l->loop.dev->info,
	};
	struct hb_roof *rf;
	size_t k;
	int ret;

	for (k = 0; k < r->cfg.nr_sizes; k++) {
		if (*l->loop.stop)
			return HB_STOPPED;
		ret = hb_dev_roofline(l->loop.dev, r->cfg.sizes[k], r->cfg.node,
				      0, &rl);
		if (ret == -EOPNOTSUPP)
			return 0;
		if (ret == -EINTR)
			return HB_STOPPED;
		if (ret) {
			ctx.length = r->cfg.sizes[k];
			ctx.bytes = hb_dev_memmap_cost(&l->loop.dev->info,
						       ctx.length);
			hb_dev_explain(r->error, sizeof(r->error),
				       HB_OP_ROOFLINE, ret, &ctx);
			return ret;
		}
		rf = &r->meta.roof[k];
		rf->size = r->cfg.sizes[k];
		rf->valid = rl.valid;
		rf->bytes = rl.bytes;
		rf->plain_ns = rl.plain_ns;
		rf->nt_ns = rl.nt_ns;
	}
	return 0;
}

/* The memmap of each size, when cfg.verify asks for it; not a sample. */
static int hb_verify_all(struct hb_bench_loop *l)
{
	struct hb_result *r = l->loop.r;
	struct hmmbench_verify v;
	size_t k;
	int ret;

	for (k = 0; k < r->cfg.nr_sizes && r->cfg.verify; k++) {
		if (*l->loop.stop)
			return HB_STOPPED;
		ret = hb_verify_chunk(l->loop.dev, &r->cfg, r->cfg.sizes[k],
				      l->loop.stop, &v, r->error,
				      sizeof(r->error));
		if (ret)
			return ret;
		hb_memmap_from(&r->memmap[k], &v);
	}
	return 0;
}

int hb_bench_run(struct hb_dev *dev, struct hb_result *r,
		 volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg)
{
	struct hb_bench_loop l = {
		.loop = {
			.dev = dev,
			.r = r,
			.stop = stop,
			.fn = fn,
			.arg = arg,
			.start_ns = hb_now_ns(),
			.steps = r->cfg.nr_sizes *
				 (1 + (size_t)r->cfg.warmup + r->cfg.iters),
		},
	};
	int ret;

	r->error[0] = '\0';
	ret = hb_loop_all(&l);
	r->wall_ns = hb_now_ns() - l.loop.start_ns;
	/* ended early on purpose: the warm iterations are those run */
	if (l.end != HB_END_ITERS)
		r->cfg.iters = l.warm_iters;
	if (!ret)
		ret = hb_roof_all(&l);
	if (!ret)
		ret = hb_verify_all(&l);
	hb_loop_end(r, ret, l.end);
	return ret;
}
