// SPDX-License-Identifier: GPL-2.0
/*
 * VERIFY: reads back every struct page of a chunk, checks the invariants
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

#define HB_WORDS (sizeof(struct page) / sizeof(unsigned long))

/* The first word is the flags, never a pointer. */
static_assert(offsetof(struct page, flags) == 0);
static_assert(sizeof(struct page) % sizeof(unsigned long) == 0);

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
			   const struct dev_pagemap *pgmap, int nid,
			   unsigned int shift, struct hmmbench_verify *v,
			   unsigned long w[HB_WORDS])
{
	struct page *page = pos->page;
	u64 before = v->bad_pages;
	bool bad[HMMBENCH_CHECK_NR] = {
		[HMMBENCH_CHECK_REFCOUNT] = page_ref_count(page) != 0,
		[HMMBENCH_CHECK_MAPCOUNT] = atomic_read(&page->_mapcount) != -1,
		[HMMBENCH_CHECK_ZONE] = page_zonenum(page) != ZONE_DEVICE,
		[HMMBENCH_CHECK_NODE] = page_to_nid(page) != nid,
		[HMMBENCH_CHECK_COMPOUND] = !hb_compound_ok(pos, shift),
	};
	unsigned int i;

	/*
	 * A tail page's pgmap word holds its compound head; a page outside
	 * ZONE_DEVICE has no pgmap to read.
	 */
	if (!pos->head || pos->head == page)
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
	unsigned long start = PHYS_PFN(pgmap->range.start);
	unsigned long end = PHYS_PFN(pgmap->range.end + 1);
	unsigned long nr = 1UL << shift;
	unsigned long w[HB_WORDS];
	struct hb_verify_pos pos;
	siphash_key_t key = {};

	v->checks_nr = HMMBENCH_CHECK_NR;
	v->layout = hb_layout();
	for (pos.pfn = start; pos.pfn < end; pos.pfn++) {
		pos.page = pfn_to_page(pos.pfn);
		if (pos.pfn == start + round_down(pos.pfn - start, nr))
			pos.head = shift ? pos.page : NULL;
		hb_verify_page(&pos, pgmap, nid, shift, v, w);
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
