// SPDX-License-Identifier: GPL-2.0
/*
 * VERIFY: reads back every struct page of a chunk, or of another driver's
 * live pgmap (a bound pmem namespace), checks the invariants
 * memremap_pages() establishes and reduces the pages to a digest that
 * compares across boots: the pointers that legitimately differ from boot
 * to boot are replaced by what they point to.
 */
#include <linux/err.h>
#include <linux/memremap.h>
#include <linux/mm.h>
#include <linux/page-flags.h>
#include <linux/page_ref.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "compat.h"
#include "verify.h"
#include "watch.h"

/*
 * What a normalised word holds instead of a pointer: below any kernel
 * address, and unlike the small numbers and poison values struct pages
 * hold.
 */
#define HB_WORD(what)		(0x484d4d4200000000ULL | (what))
#define HB_WORD_PGMAP		HB_WORD(1)	/* the chunk's dev_pagemap */
#define HB_WORD_SELF		HB_WORD(2)	/* the word's own address */
#define HB_WORD_HEAD		HB_WORD(3)	/* compound head, tail bit set */
#define HB_WORD_ELSEWHERE	HB_WORD(4)	/* any other kernel address */
/* another word of the same struct page: a list head of its own */
#define HB_WORD_INSIDE(word)	HB_WORD(0x100 | (word))

#define HB_WORDS (sizeof(struct page) / sizeof(unsigned long))

/* The first word is the flags, never a pointer. */
static_assert(offsetof(struct page, flags) == 0);
static_assert(sizeof(struct page) % sizeof(unsigned long) == 0);

/* The pages VERIFY reads: compound pages start at @start. */
struct hb_verify_span {
	const struct dev_pagemap *pgmap;
	unsigned long start;
	unsigned long end;
	int nid;
	unsigned int shift;
};

struct hb_verify_pos {
	unsigned long pfn;
	struct page *page;
	struct page *head;	/* NULL for base pages */
};

/*
 * Whether @word points into the kernel: its image or direct map, vmalloc
 * space or the memmap.  Counts and small fields packed into one word can
 * have the top bits of a kernel address (the first tail page of a
 * compound page holds a mapcount of -1 beside its order), so the range
 * alone does not decide.
 */
static bool hb_kernel_address(unsigned long word)
{
	unsigned long memmap = (unsigned long)vmemmap;
	unsigned long memmap_end = (unsigned long)(vmemmap +
		(1UL << (MAX_PHYSMEM_BITS - PAGE_SHIFT)));

	if (word < PAGE_OFFSET || IS_ERR_VALUE(word))
		return false;
	return virt_addr_valid((void *)word) || is_vmalloc_addr((void *)word) ||
	       (word >= memmap && word < memmap_end);
}

static void hb_verify_note(struct hmmbench_verify *v, unsigned int check,
			   unsigned long pfn)
{
	struct hmmbench_check *c = &v->checks[check];

	if (c->count < HMMBENCH_CHECK_PFNS)
		c->pfn[c->count] = pfn;
	c->count++;
}

/*
 * Copies the page into @w, replacing each pointer by what it points to;
 * returns whether a word points anywhere else.
 */
static bool hb_normalise(const struct hb_verify_pos *pos,
			 const struct dev_pagemap *pgmap,
			 unsigned long w[HB_WORDS])
{
	unsigned long self = (unsigned long)pos->page;
	unsigned long head = (unsigned long)pos->head + 1;
	bool elsewhere = false;
	unsigned int i;

	memcpy(w, pos->page, sizeof(struct page));
	for (i = 1; i < HB_WORDS; i++) {
		if (w[i] == (unsigned long)pgmap) {
			w[i] = HB_WORD_PGMAP;
		} else if (w[i] == self + i * sizeof(unsigned long)) {
			w[i] = HB_WORD_SELF;
		} else if (w[i] - self < sizeof(struct page) &&
			   IS_ALIGNED(w[i], sizeof(unsigned long))) {
			w[i] = HB_WORD_INSIDE((w[i] - self) /
					      sizeof(unsigned long));
		} else if (pos->head && pos->head != pos->page &&
			   w[i] == head) {
			w[i] = HB_WORD_HEAD;
		} else if (hb_kernel_address(w[i])) {
			w[i] = HB_WORD_ELSEWHERE;
			elsewhere = true;
		}
	}
	return elsewhere;
}

/* Whether the page's compound state is what vmemmap_shift makes it. */
static bool hb_compound_ok(const struct hb_verify_pos *pos,
			   unsigned int shift)
{
	struct page *page = pos->page;

	if (!pos->head)
		return !PageHead(page) && !PageTail(page);
	if (page == pos->head)
		return PageHead(page) && compound_order(page) == shift;
	return PageTail(page) && compound_head(page) == pos->head;
}

/* Checks one page and counts the invariants it breaks. */
static void hb_verify_page(const struct hb_verify_pos *pos,
			   const struct hb_verify_span *span,
			   struct hmmbench_verify *v,
			   unsigned long w[HB_WORDS])
{
	const struct dev_pagemap *pgmap = span->pgmap;
	struct page *page = pos->page;
	bool tail = pos->head && pos->head != page;
	u64 before = v->bad_pages;
	bool bad[HMMBENCH_CHECK_NR] = {
		[HMMBENCH_CHECK_REFCOUNT] = page_ref_count(page) !=
					    (tail ? 0 : hb_free_refcount(pgmap)),
		[HMMBENCH_CHECK_MAPCOUNT] = atomic_read(&page->_mapcount) != -1,
		[HMMBENCH_CHECK_ZONE] = page_zonenum(page) != ZONE_DEVICE,
		[HMMBENCH_CHECK_NODE] = page_to_nid(page) != span->nid,
		[HMMBENCH_CHECK_COMPOUND] = !hb_compound_ok(pos, span->shift),
	};
	unsigned int i;

	/*
	 * A tail page's pgmap word holds its compound head; a page outside
	 * ZONE_DEVICE has no pgmap to read.
	 */
	if (!tail)
		bad[HMMBENCH_CHECK_PGMAP] = bad[HMMBENCH_CHECK_ZONE] ||
					    hb_page_pgmap(page) != pgmap;
	bad[HMMBENCH_CHECK_POINTER] = hb_normalise(pos, pgmap, w);

	for (i = 0; i < HMMBENCH_CHECK_NR; i++) {
		if (!bad[i])
			continue;
		hb_verify_note(v, i, pos->pfn);
		if (v->bad_pages == before)
			v->bad_pages++;
	}
}

/*
 * What the digest depends on besides the values of the words: two kernels
 * with the same layout write the same words for the same struct pages.
 */
static u64 hb_layout(void)
{
	static const siphash_key_t key;
	const u64 facts[] = {
		PAGE_SHIFT, sizeof(struct page),
		offsetof(struct page, _mapcount),
		offsetof(struct page, _refcount),
		ZONES_PGSHIFT, ZONES_WIDTH, NODES_PGSHIFT, NODES_WIDTH,
		ZONE_DEVICE, __NR_PAGEFLAGS, PG_reserved, PG_head,
	};

	return siphash(facts, sizeof(facts), &key);
}

/*
 * Reads @span into @v: 0, -EINTR when a fatal signal stopped the reading,
 * or -EBUSY where a section's memmap is not there (yet: a pgmap is found
 * before memremap_pages() has added its memory).
 */
static int hb_span_verify(const struct hb_verify_span *span,
			  struct hmmbench_verify *v)
{
	unsigned long nr = 1UL << span->shift;
	unsigned long w[HB_WORDS];
	struct hb_verify_pos pos;
	siphash_key_t key = {};

	v->checks_nr = HMMBENCH_CHECK_NR;
	v->layout = hb_layout();
	v->start = PFN_PHYS(span->start);
	v->type = hb_pgmap_type(span->pgmap);
	v->vmemmap_shift = span->shift;
	for (pos.pfn = span->start; pos.pfn < span->end; pos.pfn++) {
		if ((pos.pfn == span->start ||
		     !(pos.pfn % PAGES_PER_SUBSECTION)) && !pfn_valid(pos.pfn))
			return -EBUSY;
		pos.page = pfn_to_page(pos.pfn);
		if (pos.pfn == span->start +
			       round_down(pos.pfn - span->start, nr))
			pos.head = span->shift ? pos.page : NULL;
		hb_verify_page(&pos, span, v, w);
		/* Each page's words, chained to all the pages before it */
		key.key[0] = siphash(w, sizeof(w), &key);
		v->pages++;
		if (!(v->pages % PAGES_PER_SECTION)) {
			if (fatal_signal_pending(current))
				return -EINTR;
			cond_resched();
		}
	}
	v->digest = key.key[0];
	return 0;
}

/**
 * hb_memmap_verify - checks and digests the struct pages of a chunk
 * @pgmap: the chunk's dev_pagemap, mapped: no one may change its pages
 * @nid: the node its struct pages were initialised for
 * @shift: its vmemmap_shift
 * @v: gets the (out) fields of VERIFY, which must be zero
 *
 * Return: 0, or -EINTR when a fatal signal stopped the reading.
 */
int hb_memmap_verify(const struct dev_pagemap *pgmap, int nid,
		     unsigned int shift, struct hmmbench_verify *v)
{
	const struct hb_verify_span span = {
		.pgmap = pgmap,
		.start = PHYS_PFN(pgmap->range.start),
		.end = PHYS_PFN(pgmap->range.end + 1),
		.nid = nid,
		.shift = shift,
	};

	return hb_span_verify(&span, v);
}

/**
 * hb_pgmap_verify - checks and digests the struct pages of any live pgmap
 * @phys: a physical address in it
 * @v: gets the (out) fields of VERIFY, which must be zero
 *
 * Reads the range of the pgmap that holds @phys, from the first page
 * memmap_init_zone_device() initialises (past the altmap's pages, which
 * only range 0 has), holding a reference that makes memunmap_pages()
 * wait.  The caller holds the measured section (hb_measure_begin()),
 * which our own UNMAP enters before it waits for that reference.
 *
 * Return: 0, -ENOENT when no live pgmap covers @phys, -EBUSY while its
 * memmap is being added, -EINTR on a fatal signal.
 */
int hb_pgmap_verify(u64 phys, struct hmmbench_verify *v)
{
	struct hb_verify_span span = {};
	struct dev_pagemap *pgmap;
	const struct range *r;
	int i, ret;

	pgmap = hb_get_dev_pagemap(PHYS_PFN(phys));
	if (!pgmap)
		return -ENOENT;
	ret = -ENOENT;
	for (i = 0; i < pgmap->nr_range; i++) {
		r = &pgmap->ranges[i];
		if (phys < r->start || phys > r->end)
			continue;
		span.pgmap = pgmap;
		span.start = PHYS_PFN(r->start);
		span.end = PHYS_PFN(r->end + 1);
		if (i == 0) {
			v->skipped = hb_altmap_pages(pgmap);
			span.start += v->skipped;
		}
		span.shift = hb_pgmap_shift(pgmap);
		break;
	}
	if (!span.pgmap)
		goto put;
	ret = 0;
	if (span.start >= span.end)
		goto put;
	ret = -EBUSY;
	if (!pfn_valid(span.start))
		goto put;
	span.nid = page_to_nid(pfn_to_page(span.start));
	ret = hb_span_verify(&span, v);
put:
	put_dev_pagemap(pgmap);
	return ret;
}
