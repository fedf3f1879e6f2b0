// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the migration loop.  One chunk is the device memory for the
 * whole run.  Each iteration maps a new buffer, aligned to a PMD so that
 * a THP can back it, and fills it, outside any timing; then MIGRATE
 * TO_DEVICE and TO_SYSTEM move it to the chunk and back, each timed by
 * the kernel and by the clock around the ioctl; then one more TO_DEVICE
 * lends it again and every 4 KiB of it is touched in order, each touch
 * timed, the module's fault records read every window of touches and
 * matched to them by address.  The buffer's contents are checked after
 * each round trip, and it is unmapped at the end of its iteration; the
 * chunk is unmapped at the end, whatever happened.  Last, ROOFLINE times
 * the kernel copying as many bytes page by page, the copy phase's
 * ceiling.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "clock.h"
#include "fmt.h"
#include "kernel/explain.h"
#include "measure/migrate.h"
#include "measure/verify.h"

/* The loop's state: loop.r holds the migration's records. */
struct hb_mig_loop {
	struct hb_loop loop;
	uint32_t handle;		/* the chunk, 0 while none */
	uint8_t *buf;			/* this iteration's buffer, or NULL */
	size_t window;			/* touches per FAULT_READ */
	struct hb_mig_window *w;
	struct hmmbench_fault *recs;	/* HMMBENCH_FAULT_READ_MAX */
	struct hmmbench_fault_read last;	/* the last FAULT_READ's */
};

/* Writes the sentence for @err of @op, the first failure's only. */
static int hb_mig_fail(struct hb_mig_loop *l, enum hb_dev_op op, int err,
		       uint32_t direction)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	struct hb_dev_ctx ctx = {
		.path = l->loop.dev->path,
		.length = cfg->chunk_size,
		.node = HMMBENCH_NODE_LOCAL,
		.chunks = 1,
		.handle = l->handle,
		.bytes = cfg->sizes[0],
		.direction = direction,
		.batch = cfg->batch,
		.thp = cfg->thp,
		.info = &l->loop.dev->info,
	};

	return hb_loop_fail(&l->loop, op, err, &ctx);
}

static int hb_mig_nomem(struct hb_mig_loop *l)
{
	return hb_loop_failf(&l->loop, -ENOMEM, "out of memory for the samples");
}

/* splitmix64's finaliser: every input its own output. */
static uint64_t hb_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

uint64_t hb_mig_pattern(unsigned int iter, uint64_t offset)
{
	return hb_mix((offset >> 3) + (iter + 1ULL) * 0x9e3779b97f4a7c15ULL);
}

/* The buffer's alignment: a PMD's bytes (2 MiB with 4 KiB pages). */
static uint64_t hb_mig_align(const struct hb_mig_loop *l)
{
	uint64_t ps = l->loop.dev->info.page_size;

	return ps ? hb_mig_pmd_pages(ps) * ps : 2ULL << 20;
}

/* Maps cfg.size at a PMD boundary: THP or not as cfg.thp asks. */
static int hb_mig_buf_map(struct hb_mig_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;

	return hb_loop_buf_map(&l->loop, cfg->sizes[0], hb_mig_align(l),
			       cfg->thp, "migrate", &l->buf);
}

static void hb_mig_buf_unmap(struct hb_mig_loop *l)
{
	if (l->buf)
		munmap(l->buf, l->loop.r->cfg.sizes[0]);
	l->buf = NULL;
}

static void hb_mig_fill(struct hb_mig_loop *l, unsigned int iter)
{
	uint64_t *p = (uint64_t *)l->buf, i;

	for (i = 0; i < l->loop.r->cfg.sizes[0] / 8; i++)
		p[i] = hb_mig_pattern(iter, i * 8);
}

/* Whether the buffer holds iteration @iter's pattern after @what. */
static int hb_mig_check(struct hb_mig_loop *l, unsigned int iter,
			const char *what)
{
	const uint64_t *p = (const uint64_t *)l->buf;
	uint64_t i;

	for (i = 0; i < l->loop.r->cfg.sizes[0] / 8; i++) {
		if (p[i] == hb_mig_pattern(iter, i * 8))
			continue;
		return hb_loop_failf(&l->loop, -EIO, "iteration %u: after %s the buffer holds 0x%016" PRIx64 " at offset %" PRIu64 " (0x%" PRIx64 ") where 0x%016" PRIx64 " was written: the migration lost or corrupted data",
				    iter, what, p[i], i * 8, i * 8,
				    hb_mig_pattern(iter, i * 8));
	}
	return 0;
}

/* MIGRATE of the buffer to HMMBENCH_MIGRATE_TO_* @direction into @c. */
static int hb_mig_call(struct hb_mig_loop *l, uint32_t direction,
		       struct hb_mig_call *c)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	struct hb_mig_req req = {
		.handle = l->handle,
		.direction = direction,
		.addr = (uintptr_t)l->buf,
		.length = cfg->sizes[0],
		.batch = cfg->batch,
		.thp = cfg->thp,
	};
	uint64_t t0;
	int ret;

	do {
		t0 = hb_now_ns();
		ret = hb_dev_migrate(l->loop.dev, &req, &c->m);
		c->wall_ns = hb_now_ns() - t0;
	} while (ret == -EINTR && !*l->loop.stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	return ret ? hb_mig_fail(l, HB_OP_MIGRATE, ret, direction) : 0;
}

/*
 * To the device and back, each a sample when cfg.dirs has it, else not
 * kept; then the check of what came back.
 */
static int hb_mig_round_trip(struct hb_mig_loop *l, unsigned int iter)
{
	static const uint32_t how[] = {
		[HB_MIG_TO_DEVICE] = HMMBENCH_MIGRATE_TO_DEVICE,
		[HB_MIG_TO_SYSTEM] = HMMBENCH_MIGRATE_TO_SYSTEM,
	};
	struct hb_result *r = l->loop.r;
	struct hb_mig_call scratch, *c;
	enum hb_mig_dir d;
	int ret;

	if (!(r->cfg.dirs & (HB_MIG_BIT(HB_MIG_TO_DEVICE) |
			     HB_MIG_BIT(HB_MIG_TO_SYSTEM))))
		return 0;
	for (d = HB_MIG_TO_DEVICE; d <= HB_MIG_TO_SYSTEM; d++) {
		if (*l->loop.stop)
			return HB_STOPPED;
		c = r->cfg.dirs & HB_MIG_BIT(d) ? hb_mig_add_call(r) : &scratch;
		if (!c)
			return hb_mig_nomem(l);
		c->iter = iter;
		c->dir = d;
		ret = hb_mig_call(l, how[d], c);
		if (ret) {
			if (c != &scratch)
				r->mig.nr_calls--;
			return ret;
		}
	}
	return hb_mig_check(l, iter, "to-device and to-system");
}

int hb_mig_match(struct hb_result *r, struct hb_mig_touches *t,
		 struct hb_mig_window *w, const struct hmmbench_fault *recs,
		 size_t nr)
{
	struct hb_mig_fault *f;
	uint64_t off, k;
	size_t i;

	for (i = 0; i < nr; i++) {
		t->records++;
		off = recs[i].addr - w->base;
		if (recs[i].addr < w->base || off % HB_MIG_TOUCH)
			continue;
		k = off / HB_MIG_TOUCH;
		if (k < w->first || k - w->first >= w->n ||
		    w->matched[k - w->first])
			continue;
		k -= w->first;
		f = hb_mig_add_fault(r);
		if (!f)
			return -ENOMEM;
		w->matched[k] = true;
		f->iter = t->iter;
		f->offset = off;
		f->touch_ns = w->touch_ns[k];
		f->user_ns = w->user_ns[k];
		f->rec = recs[i];
		t->samples++;
	}
	return 0;
}

/*
 * Takes every fault record the module holds: matched to the touches of
 * @w, or with no @w (before the first touch) counted as stale.
 */
static int hb_mig_drain(struct hb_mig_loop *l, struct hb_mig_touches *t,
			struct hb_mig_window *w)
{
	struct hmmbench_fault_read fr;
	uint32_t nr;
	int ret;

	do {
		ret = hb_dev_fault_read(l->loop.dev, l->handle, l->recs,
					HMMBENCH_FAULT_READ_MAX, &fr);
		if (ret == -EINTR && *l->loop.stop)
			return HB_STOPPED;
		if (ret)
			return hb_mig_fail(l, HB_OP_FAULT_READ, ret, 0);
		l->last = fr;
		nr = fr.nr < HMMBENCH_FAULT_READ_MAX ? fr.nr :
						       HMMBENCH_FAULT_READ_MAX;
		if (fr.capacity && fr.capacity < l->window)
			l->window = fr.capacity;
		if (!w)
			t->stale += nr;
		else if (hb_mig_match(l->loop.r, t, w, l->recs, nr))
			return hb_mig_nomem(l);
	} while (nr == HMMBENCH_FAULT_READ_MAX);
	return 0;
}

/*
 * Touches the pages of @w in order, a load and a store of the word at
 * each one's start, each timed by the clock around it.
 */
static void hb_mig_touch(uint8_t *buf, struct hb_mig_window *w)
{
	volatile uint64_t *word;
	uint64_t t0, t1;
	size_t i;

	for (i = 0; i < w->n; i++) {
		word = (volatile uint64_t *)(buf + (w->first + i) *
					     HB_MIG_TOUCH);
		t0 = hb_now_ns();
		__asm__ __volatile__("" ::: "memory");
		*word = *word;
		__asm__ __volatile__("" ::: "memory");
		t1 = hb_now_ns();
		w->touch_ns[i] = t0;
		w->user_ns[i] = t1 - t0;
		w->matched[i] = false;
	}
}

/* Every 4 KiB of the buffer touched, a window at a time. */
static int hb_mig_touch_all(struct hb_mig_loop *l, struct hb_mig_touches *t)
{
	uint64_t touches = l->loop.r->cfg.sizes[0] / HB_MIG_TOUCH;
	struct hb_mig_window *w = l->w;
	int ret = 0;

	w->base = (uintptr_t)l->buf;
	w->n = 0;
	for (w->first = 0; w->first < touches && !ret; w->first += w->n) {
		if (*l->loop.stop)
			return HB_STOPPED;
		w->n = touches - w->first < l->window ?
		       touches - w->first : l->window;
		hb_mig_touch(l->buf, w);
		t->touches += w->n;
		ret = hb_mig_drain(l, t, w);
	}
	return ret;
}

/*
 * Lends the buffer to the chunk again (no sample), leaves out the
 * records of faults before the first touch, touches every page and
 * checks what came home.
 */
static int hb_mig_fault_phase(struct hb_mig_loop *l, unsigned int iter)
{
	struct hb_mig_touches *t;
	uint64_t faults, dropped;
	int ret;

	if (*l->loop.stop)
		return HB_STOPPED;
	t = hb_mig_add_phase(l->loop.r);
	if (!t)
		return hb_mig_nomem(l);
	t->iter = iter;
	t->lend.iter = iter;
	t->lend.dir = HB_MIG_TO_DEVICE;
	ret = hb_mig_call(l, HMMBENCH_MIGRATE_TO_DEVICE, &t->lend);
	if (ret) {
		l->loop.r->mig.nr_phases--;
		return ret;
	}
	ret = hb_mig_drain(l, t, NULL);
	faults = l->last.faults;
	dropped = l->last.dropped;
	if (!ret)
		ret = hb_mig_touch_all(l, t);
	t->faults = l->last.faults - faults;
	t->dropped = l->last.dropped - dropped;
	return ret ? ret : hb_mig_check(l, iter, "the faults");
}

static int hb_mig_iteration(struct hb_mig_loop *l, unsigned int iter)
{
	int ret;

	ret = hb_mig_buf_map(l);
	if (ret)
		return ret;
	hb_mig_fill(l, iter);
	ret = hb_mig_round_trip(l, iter);
	if (!ret && (l->loop.r->cfg.dirs & HB_MIG_BIT(HB_MIG_FAULT)))
		ret = hb_mig_fault_phase(l, iter);
	hb_mig_buf_unmap(l);
	if (!ret && *l->loop.stop)
		ret = HB_STOPPED;
	hb_loop_report(&l->loop, l->loop.r->cfg.sizes[0], iter,
		       hb_mig_kind(iter), NULL, 0);
	return ret;
}

/* Why the roofline is missing, in r->roof_skip; the run stands. */
static int hb_mig_roof_skip(struct hb_mig_loop *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->loop.r->mig.roof_skip, sizeof(l->loop.r->mig.roof_skip), fmt, ap);
	va_end(ap);
	return 0;
}

/*
 * ROOFLINE's copy of cfg.size bytes into meta.roof[0], once, when the
 * chunk and the buffers are gone, so that its two buffers find the
 * memory they had.  No sample: a module or a machine that cannot time it
 * leaves the reason instead.
 */
static int hb_mig_roofline(struct hb_mig_loop *l)
{
	const struct hb_config *cfg = &l->loop.r->cfg;
	struct hb_roof *rf = &l->loop.r->meta.roof[0];
	struct hmmbench_roofline rl;
	char sz[32];
	int ret;

	ret = hb_dev_roofline(l->loop.dev, cfg->chunk_size, HMMBENCH_NODE_LOCAL,
			      cfg->sizes[0], &rl);
	hb_size_human(cfg->sizes[0], sz, sizeof(sz));
	switch (-ret) {
	case 0:
		break;
	case EOPNOTSUPP:
		return hb_mig_roof_skip(l, "the module cannot time a copy (no HMMBENCH_FEAT_ROOFLINE_COPY): it is older than this hmmbench");
	case ENOMEM:
		return hb_mig_roof_skip(l, "the module could not get two %s buffers of free 2 MiB blocks (over its budget, or memory too fragmented)",
					sz);
	case EINTR:
		return hb_mig_roof_skip(l, "interrupted before it was timed");
	default:
		return hb_mig_fail(l, HB_OP_ROOFLINE, ret, 0);
	}
	rf->size = cfg->chunk_size;
	rf->valid = rl.valid;
	rf->bytes = rl.bytes;
	rf->plain_ns = rl.plain_ns;
	rf->nt_ns = rl.nt_ns;
	rf->copy_bytes = rl.copy_length;
	rf->copy_ns = rl.copy_ns;
	return 0;
}

static int hb_mig_loop_all(struct hb_mig_loop *l)
{
	unsigned int iter;
	int ret = 0;

	for (iter = 0; iter <= l->loop.r->cfg.iters && !ret; iter++)
		ret = *l->loop.stop ? HB_STOPPED : hb_mig_iteration(l, iter);
	return ret;
}

int hb_migrate_run(struct hb_dev *dev, struct hb_result *r,
		   volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg)
{
	struct hb_mig_loop l = {
		.loop = {
			.dev = dev,
			.stop = stop,
			.fn = fn,
			.arg = arg,
			.r = r,
			.start_ns = hb_now_ns(),
			.steps = r->cfg.iters + 1,
		},
		.window = HB_MIG_WINDOW,
		.w = malloc(sizeof(struct hb_mig_window)),
		.recs = calloc(HMMBENCH_FAULT_READ_MAX,
			       sizeof(struct hmmbench_fault)),
	};
	int ret, err;

	r->error[0] = '\0';
	ret = !l.w || !l.recs ? hb_mig_nomem(&l) :
	      hb_loop_map_chunk(&l.loop, r->cfg.chunk_size, &l.handle);
	if (!ret) {
		ret = hb_mig_loop_all(&l);
		err = hb_loop_unmap_chunk(&l.loop, l.handle);
		if (!ret)
			ret = err;
	}
	r->wall_ns = hb_now_ns() - l.loop.start_ns;
	if (!ret)
		ret = hb_mig_roofline(&l);
	if (hb_mig_samples(r))
		ret = ret ?: hb_mig_nomem(&l);
	free(l.w);
	free(l.recs);
	hb_loop_end(r, ret, HB_END_ITERS);
	return ret;
}
