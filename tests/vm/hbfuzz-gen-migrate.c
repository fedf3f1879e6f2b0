// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz's MIGRATE and FAULT_READ calls: batches around a PMD's pages,
 * ranges over the thread's buffer, past it or nowhere near, and record
 * arrays of every size that end before a PROT_NONE page.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

/* The pfn a random lent page of the buffer is lent to, or 0. */
static uint64_t lent_pfn(struct thread *t)
{
	uint64_t i, n = 0, pick[BUF_PAGES];

	if (!buf_pagemap(t, t->now))
		return 0;
	for (i = 0; i < BUF_PAGES; i++)
		if ((t->now[i] & (PM_SWAP | PM_PRESENT)) == PM_SWAP)
			pick[n++] = (t->now[i] & PM_FRAME) >> PM_SWP_SHIFT;
	return n ? pick[below(t, n)] : 0;
}

static uint32_t pick_batch(struct thread *t, bool thp, bool careful)
{
	static const uint32_t bad[] = {
		0, 1, 2, 7, 64, 511, 512, 513, 1000, 1024, 4096, 65535,
		HMMBENCH_MIGRATE_BATCH_MAX, HMMBENCH_MIGRATE_BATCH_MAX + 1,
		HMMBENCH_MIGRATE_BATCH_MAX + PMD_PAGES, 0x80000000, 0xffffffff
	};
	static const uint32_t good[] = {
		1, 64, PMD_PAGES, 4096, HMMBENCH_MIGRATE_BATCH_MAX
	};

	if (careful && thp)
		return PMD_PAGES * below(t, 5);
	if (careful && chance(t, 500))
		return 0;
	if (careful)
		return chance(t, 600) ? 1 + below(t, 2 * PMD_PAGES) :
		       good[below(t, ARRAY_SIZE(good))];
	/* around multiples of a PMD's pages, up to past the maximum */
	if (thp && chance(t, 300))
		return PMD_PAGES * below(t, 129) +
		       (chance(t, 300) ? 1 + below(t, PMD_PAGES - 1) : 0);
	if (chance(t, 300))
		return 0;
	if (chance(t, 100))
		return (uint32_t)rnd(t);
	return bad[below(t, ARRAY_SIZE(bad))];
}

/* Whether the driver takes the range of @m (maybe: up to TASK_HI). */
bool range_valid(const struct hmmbench_migrate *m)
{
	uint64_t end = m->addr + m->length;

	return m->length && !(m->addr % PAGE) && !(m->length % PAGE) &&
	       end >= m->addr && end <= TASK_HI;
}

/*
 * A range at an edge, as @c->akind asks: AK_OVER runs past the buffer's
 * end, AK_HOLE lies in the unmapped hole after it (a low one instead
 * when the hole is mapped now), AK_LOW below mmap_min_addr.  MIGRATE's
 * and MIRROR's alike.
 */
void edge_range(struct thread *t, struct call *c, __u64 *addr, __u64 *len)
{
	uintptr_t buf = (uintptr_t)t->buf, end = buf + BUF_SIZE;
	uint64_t s;

	switch (c->akind) {
	case AK_OVER:
		s = below(t, BUF_PAGES);
		*addr = buf + s * PAGE;
		*len = (BUF_PAGES - s + 1 + below(t, 8)) * PAGE;
		return;
	case AK_HOLE:
		*addr = end + below(t, 16) * PAGE;
		*len = (1 + below(t, 16)) * PAGE;
		if (unmapped(*addr))
			return;
		c->akind = AK_LOW;
		/* fall through */
	default:
		*addr = below(t, 8) * PAGE;
		*len = (1 + below(t, 64)) * PAGE;
	}
}

/* A range the driver refuses, or nearly (MIRROR's too). */
void junk_range(struct thread *t, struct hmmbench_migrate *m)
{
	static const uint64_t high[] = {
		1ULL << 47, 1ULL << 48, 1ULL << 52, TASK_HI - PAGE, TASK_HI,
		0xffff800000000000ULL, 0xffffffffff600000ULL, -PAGE
	};
	uintptr_t buf = (uintptr_t)t->buf;

	switch (below(t, 9)) {
	case 0:
		m->addr = buf + 1 + below(t, PAGE - 1);
		m->length = PAGE * (1 + below(t, BUF_PAGES));
		break;
	case 1:
		m->addr = buf;
		m->length = PAGE * below(t, BUF_PAGES) + 1 + below(t, PAGE - 1);
		break;
	case 2:
		m->addr = buf + PAGE * below(t, BUF_PAGES);
		m->length = 0;
		break;
	case 3:
		/* wraps past the top of the address space */
		m->addr = buf + PAGE * below(t, BUF_PAGES);
		m->length = chance(t, 500) ? -m->addr + PAGE * below(t, 4) :
			    -PAGE;
		break;
	case 4:
		/* about TASK_SIZE on either kind of x86-64 page tables */
		m->addr = (chance(t, 500) ? TASK_LO : TASK_HI - PAGE) -
			  PAGE * below(t, 3);
		m->length = PAGE * (1 + below(t, 4));
		break;
	case 5:
		m->addr = high[below(t, ARRAY_SIZE(high))];
		m->length = PAGE * (1 + below(t, 16));
		break;
	case 6:
		m->addr = (rnd(t) >> below(t, 24)) & ~(PAGE - 1);
		m->length = PAGE * (1 + below(t, BUF_PAGES));
		break;
	case 7:
		m->addr = buf;
		m->length = chance(t, 500) ? TASK_HI :
			    1ULL << (40 + below(t, 24));
		break;
	default:
		m->addr = rnd(t);
		m->length = rnd(t);
		break;
	}
}

/*
 * The range: the buffer only for a claim, which alone may lend it; else
 * ranges whose first page is in no mapping (vma_lookup() fails: EFAULT
 * before anything moves) or that the driver refuses.  A range the
 * driver would take over memory the fuzzer cannot vouch for becomes a
 * low one.
 */
static void pick_range(struct thread *t, struct call *c,
		       struct hmmbench_migrate *m)
{
	static const unsigned int careful[] = { 85, 92, 95, 97, 100 };
	static const unsigned int rough[] = { 35, 45, 55, 65, 100 };
	static const unsigned int other[] = { 0, 0, 20, 40, 100 };
	const unsigned int *cut = c->mode != H_CLAIM ? other :
				  c->careful ? careful : rough;
	uintptr_t buf = (uintptr_t)t->buf, end = buf + BUF_SIZE;
	unsigned int r = below(t, 100);
	uint64_t s, n;

	c->akind = 0;
	while (c->akind < AK_JUNK && r >= cut[c->akind])
		c->akind++;
	if (c->akind == AK_OVER && !unmapped(end))
		c->akind = AK_LOW;
	switch (c->akind) {
	case AK_BUF:
		/*
		 * the whole PMD now and then, with THP mostly (always when
		 * careful: a few pages are EINVAL there); else a few pages
		 */
		if (chance(t, !(m->flags & HMMBENCH_MIGRATE_THP) ? 100 :
			      c->careful ? 1000 : 700)) {
			s = 0;
			n = BUF_PAGES;
		} else {
			s = below(t, BUF_PAGES);
			n = 1 + below(t, MIN(BUF_PAGES / 4, BUF_PAGES - s));
		}
		m->addr = buf + s * PAGE;
		m->length = n * PAGE;
		break;
	case AK_OVER:
	case AK_HOLE:
	case AK_LOW:
		edge_range(t, c, &m->addr, &m->length);
		break;
	default:
		junk_range(t, m);
		if (!range_valid(m))
			break;
		if (unmapped(m->addr)) {
			c->akind = AK_UNMAPPED;
			break;
		}
		c->akind = AK_LOW;
		m->addr = below(t, 8) * PAGE;
		if (m->length > TASK_LO)
			m->length = (1 + below(t, 64)) * PAGE;
		break;
	}
}

void gen_migrate(struct thread *t, struct call *c)
{
	struct hmmbench_migrate *m = &c->img.mig;
	bool thp = kinfo.features & HMMBENCH_FEAT_MIGRATE_THP;
	uint64_t pfn = 0;

	random_bytes(t, m, sizeof(*m));
	m->size = c->usize;
	if (c->careful) {
		m->flags = chance(t, thp ? 300 : 20) ? HMMBENCH_MIGRATE_THP : 0;
		m->direction = chance(t, 550) ? HMMBENCH_MIGRATE_TO_DEVICE :
			       HMMBENCH_MIGRATE_TO_SYSTEM;
		m->__reserved[0] = m->__reserved[1] = 0;
	} else {
		m->flags = chance(t, 600) ? 0 : chance(t, 500) ?
			   HMMBENCH_MIGRATE_THP : pick_flags(t);
		m->direction = chance(t, 800) ? 1 + below(t, 2) :
			       chance(t, 500) ? below(t, 5) : (uint32_t)rnd(t);
		m->__reserved[0] = chance(t, 900) ? 0 : rnd(t) | 1;
		m->__reserved[1] = chance(t, 900) ? 0 : rnd(t) | 1;
	}
	m->batch = pick_batch(t, m->flags & HMMBENCH_MIGRATE_THP, c->careful);
	/* the way back, mostly from a chunk that holds some of the buffer */
	if (c->careful && m->direction == HMMBENCH_MIGRATE_TO_SYSTEM)
		pfn = lent_pfn(t);
	m->handle = pick_handle(t, c, c->careful && chance(t, 950), pfn);
	pick_range(t, c, m);
}

/* Where FAULT_READ writes records: mostly the records array. */
static uint64_t pick_records(struct thread *t, uint32_t rec_size)
{
	uint64_t k;

	switch (below(t, 10)) {
	case 0:
	case 1:
	case 2:
	case 3:
		return (uintptr_t)t->recs + (below(t, RECS_SIZE) & ~7UL);
	case 4:
	case 5:
		/* a few records before the PROT_NONE page, the last cut */
		k = 1 + below(t, 4);
		return (uintptr_t)t->recs + RECS_SIZE -
		       MIN(RECS_SIZE, k * MIN(rec_size, PAGE)) +
		       (chance(t, 500) ? below(t, 64) : 0);
	case 6:
		return (uintptr_t)t->arena + A_RO * PAGE + below(t, PAGE / 2);
	case 7:
		return 0;
	default:
		return bad_ptr(t);
	}
}

static uint32_t pick_rec_size(struct thread *t)
{
	static const uint32_t sizes[] = {
		0, 1, 8, HMMBENCH_FAULT_SIZE_VER0 - 1, HMMBENCH_FAULT_SIZE_VER0,
		FAULT_SIZE + 1, FAULT_SIZE + 8, 128, PAGE - 1, PAGE, PAGE + 1,
		0xffffffff
	};

	if (chance(t, 500))
		return FAULT_SIZE;
	if (chance(t, 100))
		return (uint32_t)rnd(t);
	return sizes[below(t, ARRAY_SIZE(sizes))];
}

static uint32_t pick_nr(struct thread *t)
{
	static const uint32_t nrs[] = {
		0, 1, 2, 64, HMMBENCH_FAULT_READ_MAX - 1,
		HMMBENCH_FAULT_READ_MAX, HMMBENCH_FAULT_READ_MAX + 1, 65536,
		0xffffffff
	};

	if (chance(t, 500))
		return 1 + below(t, 64);
	if (chance(t, 100))
		return (uint32_t)rnd(t);
	return nrs[below(t, ARRAY_SIZE(nrs))];
}

void gen_fault_read(struct thread *t, struct call *c)
{
	struct hmmbench_fault_read *r = &c->img.fread;

	random_bytes(t, r, sizeof(*r));
	r->size = c->usize;
	if (c->careful) {
		r->flags = 0;
		r->capacity = 0;
		r->faults = r->dropped = 0;
		r->rec_size = chance(t, 800) ? FAULT_SIZE :
			      FAULT_SIZE + 8 * below(t, 8) + below(t, 8);
		r->nr = chance(t, 500) ? 1 + below(t, 64) :
			HMMBENCH_FAULT_READ_MAX;
		r->nr = MIN(r->nr, RECS_SIZE / r->rec_size);
		r->records = (uintptr_t)t->recs;
	} else {
		r->flags = pick_flags(t);
		r->capacity = chance(t, 900) ? 0 : (uint32_t)rnd(t) | 1;
		r->faults = chance(t, 900) ? 0 : rnd(t) | 1;
		r->dropped = chance(t, 900) ? 0 : rnd(t) | 1;
		r->rec_size = pick_rec_size(t);
		r->nr = pick_nr(t);
		r->records = pick_records(t, r->rec_size);
	}
	r->handle = pick_handle(t, c, false, c->careful ? lent_pfn(t) : 0);
}
