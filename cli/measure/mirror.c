// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the mirror loop.  Each iteration maps a new buffer at a PMD
 * boundary and builds its state outside any timing - written with base
 * pages or THPs, left untouched, read so that it maps the zero page, or
 * written and lent to the chunk with MIGRATE - then mirrors all of it
 * with one MIRROR, timed by the module phase by phase and by the clock
 * around the ioctl.  A mirror reads the page tables and never writes the
 * memory, so a written buffer is checked afterwards.  With --invalidate,
 * a second thread changes the protection of one PMD-sized part of the
 * buffer after another (adding PROT_EXEC and taking it away again, which
 * keeps the data and write permission) while MIRROR runs: each change
 * invalidates that part, as reclaim or a migration would, and a batch it
 * races is retried.  The chunk of --state lent is unmapped at the end,
 * whatever happened.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "clock.h"
#include "kernel/explain.h"
#include "measure/migrate.h"
#include "measure/mirror.h"
#include "measure/verify.h"
#include "results/metrics.h"
#include "results/migration.h"
#include "stats/quantile.h"

const char *const hb_mir_state_names[HB_MIR_NR_STATES] = {
	[HB_MIR_4K] = "4k",
	[HB_MIR_THP] = "thp",
	[HB_MIR_NONE] = "none",
	[HB_MIR_ZERO] = "zero",
	[HB_MIR_LENT] = "lent",
};

const char *const hb_mir_fault_names[3] = { "none", "read", "write" };

enum hb_mir_state hb_mir_state_named(const char *name)
{
	enum hb_mir_state st;

	for (st = 0; st < HB_MIR_NR_STATES; st++)
		if (name && !strcmp(name, hb_mir_state_names[st]))
			break;
	return st;
}

int hb_mir_fault_flags(const char *name)
{
	static const int flags[3] = {
		0, HMMBENCH_MIRROR_FAULT,
		HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE,
	};
	size_t i;

	for (i = 0; i < 3; i++)
		if (name && !strcmp(name, hb_mir_fault_names[i]))
			return flags[i];
	return -1;
}

/* The second thread's: what it invalidates, how often, and its end. */
struct hb_mir_inval {
	pthread_t thread;
	bool running;
	uint8_t *buf;
	uint64_t size, part;	/* the buffer, and each part it changes */
	uint64_t per_s;		/* changes a second */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;		/* under lock: stop now */
	int err;		/* the errno of a failed mprotect(), or 0 */
};

/* The loop's state. */
struct hb_mir_loop {
	struct hb_loop loop;
	enum hb_mir_state state;
	int flags;			/* HMMBENCH_MIRROR_* */
	uint64_t pmd;			/* bytes of a PMD */
	uint32_t handle;		/* --state lent's chunk, 0 while none */
	uint8_t *buf;			/* this iteration's buffer, or NULL */
	uint64_t *times;		/* each batch's, where the module
					 * gives them; else NULL */
	uint64_t nr_times;
	double *sorted;			/* their copy, for the percentiles */
	struct hb_mir_inval inval;
};

/* The sentence for @err of @op, the first failure's only. */
static int hb_mir_fail(struct hb_mir_loop *l, enum hb_dev_op op, int err)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	struct hb_dev_ctx ctx = {
		.path = l->loop.dev->path,
		.handle = l->handle,
		.bytes = cfg->sizes[0],
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.batch = cfg->batch,
		.info = &l->loop.dev->info,
	};

	return hb_loop_fail(&l->loop, op, err, &ctx);
}

static void hb_mir_buf_unmap(struct hb_mir_loop *l)
{
	if (l->buf)
		munmap(l->buf, l->loop.r->cfg.sizes[0]);
	l->buf = NULL;
}

/* Lends the written buffer to the chunk: its pages become the device's. */
static int hb_mir_lend(struct hb_mir_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	struct hb_mig_req req = {
		.handle = l->handle,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.addr = (uintptr_t)l->buf,
		.length = cfg->sizes[0],
	};
	struct hmmbench_migrate m;
	int ret;

	do
		ret = hb_dev_migrate(l->loop.dev, &req, &m);
	while (ret == -EINTR && !*l->loop.stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	return ret ? hb_mir_fail(l, HB_OP_MIGRATE, ret) : 0;
}

/* Builds iteration @iter's buffer in the state asked for. */
static int hb_mir_build(struct hb_mir_loop *l, unsigned int iter)
{
	uint64_t size = l->loop.r->cfg.sizes[0], off;
	uint64_t ps = l->loop.dev->info.page_size;
	int ret;

	ret = hb_loop_buf_map(&l->loop, size, l->pmd, l->state == HB_MIR_THP,
			      "mirror", &l->buf);
	if (ret)
		return ret;
	switch (l->state) {
	case HB_MIR_NONE:
		return 0;
	case HB_MIR_ZERO:
		for (off = 0; off < size; off += ps)
			(void)((volatile const uint8_t *)l->buf)[off];
		return 0;
	default:
		memset(l->buf, 0x5a, size);
		for (off = 0; off < size; off += ps)
			*(uint64_t *)(l->buf + off) = hb_mig_pattern(iter, off);
		return l->state == HB_MIR_LENT ? hb_mir_lend(l) : 0;
	}
}

/*
 * Whether a written buffer, not lent, still holds what iteration @iter
 * wrote: mirroring reads page tables and must not change memory.
 */
static int hb_mir_check(struct hb_mir_loop *l, unsigned int iter)
{
	uint64_t size = l->loop.r->cfg.sizes[0], off, w, want;
	uint64_t ps = l->loop.dev->info.page_size;

	if (l->state != HB_MIR_4K && l->state != HB_MIR_THP)
		return 0;
	for (off = 0; off < size; off += ps) {
		w = *(const uint64_t *)(l->buf + off);
		want = hb_mig_pattern(iter, off);
		if (w != want)
			return hb_loop_failf(&l->loop, -EIO, "iteration %u: after MIRROR the buffer holds 0x%016" PRIx64 " at offset %" PRIu64 " where 0x%016" PRIx64 " was written: mirroring changed memory",
					     iter, w, off, want);
	}
	return 0;
}

/* Waits @ns, or less when told to stop; whether to go on. */
static bool hb_mir_inval_wait(struct hb_mir_inval *v, uint64_t ns)
{
	struct timespec until;
	bool done;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ns / 1000000000ULL;
	until.tv_nsec += ns % 1000000000ULL;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&v->lock);
	while (!v->done &&
	       pthread_cond_timedwait(&v->cond, &v->lock, &until) != ETIMEDOUT)
		;
	done = v->done;
	pthread_mutex_unlock(&v->lock);
	return !done;
}

/*
 * The second thread: per_s times a second, the next part of the buffer
 * gains PROT_EXEC and loses it again.  Signals are the main thread's.
 */
static void *hb_mir_inval_thread(void *arg)
{
	struct hb_mir_inval *v = arg;
	uint64_t parts = v->size / v->part, k = 0;
	uint8_t *p;
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	do {
		p = v->buf + (k++ % parts) * v->part;
		if (mprotect(p, v->part, PROT_READ | PROT_WRITE | PROT_EXEC) ||
		    mprotect(p, v->part, PROT_READ | PROT_WRITE)) {
			v->err = errno;
			break;
		}
	} while (hb_mir_inval_wait(v, 1000000000ULL / v->per_s));
	return NULL;
}

static int hb_mir_inval_start(struct hb_mir_loop *l)
{
	struct hb_mir_inval *v = &l->inval;
	uint64_t size = l->loop.r->cfg.sizes[0];
	int err;

	if (!l->loop.r->cfg.invalidate)
		return 0;
	v->buf = l->buf;
	v->size = size;
	v->part = size < l->pmd ? size : l->pmd;
	v->per_s = l->loop.r->cfg.invalidate;
	v->done = false;
	v->err = 0;
	err = pthread_create(&v->thread, NULL, hb_mir_inval_thread, v);
	if (err)
		return hb_loop_failf(&l->loop, -err, "cannot start the thread that invalidates: %s",
				    strerror(err));
	v->running = true;
	return 0;
}

static int hb_mir_inval_stop(struct hb_mir_loop *l)
{
	struct hb_mir_inval *v = &l->inval;

	if (!v->running)
		return 0;
	pthread_mutex_lock(&v->lock);
	v->done = true;
	pthread_cond_signal(&v->cond);
	pthread_mutex_unlock(&v->lock);
	pthread_join(v->thread, NULL);
	v->running = false;
	if (v->err)
		return hb_loop_failf(&l->loop, -v->err, "the thread that invalidates could not change the buffer's protection: %s",
				    strerror(v->err));
	return 0;
}

/* The percentiles of the @n batches of sample @s, from their times. */
static int hb_mir_batches(struct hb_mir_loop *l, struct hb_sample *s,
			  uint64_t n)
{
	struct hb_pcts p;
	uint64_t i;

	if (!l->times || !n || n > l->nr_times)
		return 0;
	for (i = 0; i < n; i++)
		l->sorted[i] = l->times[i];
	if (hb_pcts_compute(l->sorted, n, &p))
		return hb_loop_failf(&l->loop, -ENOMEM, "out of memory for the batches' percentiles");
	s->batch_ns[0] = llround(p.p50);
	s->batch_ns[1] = llround(p.p90);
	s->batch_ns[2] = llround(p.p99);
	s->valid |= HB_T_BATCHES;
	return 0;
}

/* One MIRROR of the buffer, as a sample of iteration @iter. */
static int hb_mir_call(struct hb_mir_loop *l, unsigned int iter)
{
	struct hb_result *r = l->loop.r;
	struct hb_mirror_req req = {
		.flags = l->flags,
		.handle = l->state == HB_MIR_LENT ? l->handle : 0,
		.batch = r->cfg.batch,
		.addr = (uintptr_t)l->buf,
		.length = r->cfg.sizes[0],
		.times = l->times,
		.nr_times = l->nr_times,
	};
	struct hmmbench_mirror m;
	struct hb_sample *s;
	uint64_t t0, wall;
	int ret, err;

	ret = hb_mir_inval_start(l);
	if (ret)
		return ret;
	do {
		t0 = hb_now_ns();
		ret = hb_dev_mirror(l->loop.dev, &req, &m);
		wall = hb_now_ns() - t0;
	} while (ret == -EINTR && !*l->loop.stop);
	err = hb_mir_inval_stop(l);
	if (ret == -EINTR)
		return HB_STOPPED;
	if (ret)
		return hb_mir_fail(l, HB_OP_MIRROR, ret);
	if (err)
		return err;
	s = hb_result_add(r);
	if (!s)
		return hb_loop_failf(&l->loop, -ENOMEM, "out of memory for the samples");
	s->size = r->cfg.sizes[0];
	s->iter = iter;
	s->kind = hb_iter_kind(&r->cfg, iter);
	hb_metrics_take(s, HB_REPLY_MIRROR, &m, HB_T_MIRROR);
	s->wall_ns = wall;
	return hb_mir_batches(l, s, m.calls);
}

static int hb_mir_iteration(struct hb_mir_loop *l, unsigned int iter)
{
	struct hb_result *r = l->loop.r;
	size_t n = r->nr_samples;
	int ret;

	ret = hb_mir_build(l, iter);
	if (!ret)
		ret = hb_mir_call(l, iter);
	if (!ret)
		ret = hb_mir_check(l, iter);
	hb_mir_buf_unmap(l);
	if (!ret && *l->loop.stop)
		ret = HB_STOPPED;
	hb_loop_report(&l->loop, r->cfg.sizes[0], iter,
		       hb_iter_kind(&r->cfg, iter), r->samples + n,
		       r->nr_samples - n);
	return ret;
}

/*
 * Room for each batch's time, where the module gives them: the range's
 * pages over the batch, rounded up.
 */
static int hb_mir_times(struct hb_mir_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	uint64_t ps = l->loop.dev->info.page_size ?: 4096;
	uint64_t pages = cfg->sizes[0] / ps, b = cfg->batch ?: 64;

	if (!(l->loop.dev->info.features & HMMBENCH_FEAT_MIRROR_TIMES))
		return 0;
	b = b < pages ? b : pages;
	l->nr_times = b ? (pages + b - 1) / b : 0;
	l->times = calloc(l->nr_times ?: 1, sizeof(*l->times));
	l->sorted = calloc(l->nr_times ?: 1, sizeof(*l->sorted));
	if (!l->times || !l->sorted)
		return hb_loop_failf(&l->loop, -ENOMEM, "out of memory for the times of %" PRIu64 " batches",
				     l->nr_times);
	return 0;
}

int hb_mirror_run(struct hb_dev *dev, struct hb_result *r,
		  volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg)
{
	uint64_t ps = dev->info.page_size ? dev->info.page_size : 4096;
	struct hb_mir_loop l = {
		.loop = {
			.dev = dev,
			.stop = stop,
			.fn = fn,
			.arg = arg,
			.r = r,
			.start_ns = hb_now_ns(),
			.steps = r->cfg.iters + 1,
		},
		.state = hb_mir_state_named(r->cfg.mirror_state),
		.flags = hb_mir_fault_flags(r->cfg.mirror_fault),
		.pmd = hb_mig_pmd_pages(ps) * ps,
	};
	unsigned int iter;
	int ret = 0, err;

	pthread_mutex_init(&l.inval.lock, NULL);
	pthread_cond_init(&l.inval.cond, NULL);
	r->error[0] = '\0';
	ret = hb_mir_times(&l);
	if (!ret && l.state == HB_MIR_LENT)
		ret = hb_loop_map_chunk(&l.loop, r->cfg.chunk_size, &l.handle);
	for (iter = 0; iter <= r->cfg.iters && !ret; iter++)
		ret = *stop ? HB_STOPPED : hb_mir_iteration(&l, iter);
	if (l.handle) {
		err = hb_loop_unmap_chunk(&l.loop, l.handle);
		ret = ret ?: err;
	}
	r->wall_ns = hb_now_ns() - l.loop.start_ns;
	pthread_cond_destroy(&l.inval.cond);
	pthread_mutex_destroy(&l.inval.lock);
	free(l.times);
	free(l.sorted);
	hb_loop_end(r, ret, HB_END_ITERS);
	return ret;
}
