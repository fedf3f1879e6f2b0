// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz's MIRROR calls: the thread's buffer (where its pages may be lent
 * to a chunk it claims, which then owns them), past it into the hole
 * after it or in no mapping at all, and ranges the driver refuses; every
 * mode (snapshot, fault for read, for write) and batches around test_hmm's
 * 64 up to past the maximum; times into the records array, with room for
 * every batch or for fewer, before its PROT_NONE page, read-only, or
 * junk.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

/* Whether the driver takes the range of @m (maybe: up to TASK_HI). */
bool mirror_range_valid(const struct hmmbench_mirror *m)
{
	uint64_t end = m->addr + m->length;

	return m->length && !(m->addr % PAGE) && !(m->length % PAGE) &&
	       end >= m->addr && end <= TASK_HI &&
	       m->length / PAGE <= HMMBENCH_MIRROR_PAGES_MAX;
}

static uint32_t pick_mirror_batch(struct thread *t, bool careful)
{
	static const uint32_t edges[] = {
		0, 1, 2, 63, 64, 65, PMD_PAGES, PMD_PAGES + 1, 65535,
		HMMBENCH_MIRROR_BATCH_MAX, HMMBENCH_MIRROR_BATCH_MAX + 1,
		0x80000000, 0xffffffff
	};

	if (careful)
		return chance(t, 500) ? 0 : 1 + below(t, 2 * PMD_PAGES);
	if (chance(t, 100))
		return (uint32_t)rnd(t);
	return edges[below(t, ARRAY_SIZE(edges))];
}

static uint32_t pick_mirror_flags(struct thread *t, bool careful)
{
	static const uint32_t modes[] = {
		0, HMMBENCH_MIRROR_FAULT,
		HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE
	};
	uint32_t times = chance(t, 300) ? HMMBENCH_MIRROR_TIMES : 0;

	if (careful || chance(t, 800))
		return modes[below(t, ARRAY_SIZE(modes))] | times;
	return chance(t, 300) ? HMMBENCH_MIRROR_WRITE : pick_flags(t);
}

uint64_t mirror_batches(const struct hmmbench_mirror *m)
{
	uint64_t n = m->length / PAGE, b = m->batch ? m->batch : 64;

	b = MIN(b, n);
	return b ? (n + b - 1) / b : 0;
}

/*
 * Where the times go and their room: without HMMBENCH_MIRROR_TIMES
 * nothing (but now and then junk); with it, for a careful call the
 * records array with room for every batch, else also room for one
 * fewer, a few batches before the PROT_NONE page, the read-only page,
 * no array or junk.
 */
static void pick_mirror_times(struct thread *t, struct call *c,
			      struct hmmbench_mirror *m)
{
	uint64_t n = mirror_batches(m), room = RECS_SIZE / 8;

	m->times = m->nr_times = 0;
	if (!(m->flags & HMMBENCH_MIRROR_TIMES)) {
		if (!c->careful && chance(t, 50))
			m->times = (uintptr_t)t->recs;
		if (!c->careful && chance(t, 50))
			m->nr_times = 1 + below(t, 64);
		return;
	}
	m->times = (uintptr_t)t->recs;
	m->nr_times = n <= room ? room : n;
	if (c->careful)
		return;
	switch (below(t, 8)) {
	case 0:
		m->nr_times = n ? n - 1 : 0;
		break;
	case 1:
		m->times = (uintptr_t)t->recs + RECS_SIZE - 8 * MIN(n, 4);
		break;
	case 2:
		m->times = (uintptr_t)t->arena + A_RO * PAGE;
		break;
	case 3:
		m->times = 0;
		break;
	case 4:
		m->times = bad_ptr(t);
		break;
	default:
		break;
	}
}

/*
 * A range the driver refuses, or one it takes whose first page is in no
 * mapping (a few pages from it: the table and the walk stay short), or
 * else a low one.
 */
static void mirror_junk(struct thread *t, struct call *c,
			struct hmmbench_mirror *m)
{
	struct hmmbench_migrate j;

	junk_range(t, &j);
	m->addr = j.addr;
	m->length = j.length;
	if (!mirror_range_valid(m))
		return;
	if (unmapped(m->addr)) {
		c->akind = AK_UNMAPPED;
		m->length = (1 + below(t, 64)) * PAGE;
		if (m->addr + m->length > TASK_LO)
			m->addr = TASK_LO - m->length;
		if (unmapped(m->addr))
			return;
	}
	c->akind = AK_LOW;
	m->addr = below(t, 8) * PAGE;
	m->length = (1 + below(t, 64)) * PAGE;
}

/*
 * The range: mostly the buffer for a careful call; else past it, in the
 * hole after it, below mmap_min_addr, or junk.  A range the driver would
 * take over memory the fuzzer cannot vouch for becomes a low one.
 */
static void pick_mirror_range(struct thread *t, struct call *c,
			      struct hmmbench_mirror *m)
{
	uintptr_t buf = (uintptr_t)t->buf, end = buf + BUF_SIZE;
	unsigned int r = below(t, 100), cut = c->careful ? 85 : 35;
	uint64_t s, n;

	c->akind = r < cut ? AK_BUF : r < cut + 5 ? AK_OVER :
		   r < cut + 10 ? AK_HOLE : r < cut + 15 ? AK_LOW : AK_JUNK;
	if (c->akind == AK_OVER && !unmapped(end))
		c->akind = AK_LOW;
	switch (c->akind) {
	case AK_BUF:
		s = chance(t, 300) ? 0 : below(t, BUF_PAGES);
		n = s ? 1 + below(t, BUF_PAGES - s) : BUF_PAGES;
		m->addr = buf + s * PAGE;
		m->length = n * PAGE;
		break;
	case AK_OVER:
	case AK_HOLE:
	case AK_LOW:
		edge_range(t, c, &m->addr, &m->length);
		break;
	default:
		mirror_junk(t, c, m);
		break;
	}
}

void gen_mirror(struct thread *t, struct call *c)
{
	struct hmmbench_mirror *m = &c->img.mir;

	random_bytes(t, m, sizeof(*m));
	m->size = c->usize;
	m->flags = pick_mirror_flags(t, c->careful);
	m->batch = pick_mirror_batch(t, c->careful);
	/* mostly no device; else a chunk, which may own pages of the buffer */
	c->mode = H_GUESS;
	m->handle = 0;
	if (c->op == OP_BOGUS || chance(t, c->careful ? 400 : 200))
		m->handle = pick_handle(t, c, false, 0);
	pick_mirror_range(t, c, m);
	pick_mirror_times(t, c, m);
}
