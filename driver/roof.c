// SPDX-License-Identifier: GPL-2.0
/*
 * ROOFLINE: how fast this kernel writes as many bytes as a chunk's memmap,
 * on the chunk's node, with plain stores and, where the architecture has
 * them, non-temporal ones: what memmap initialisation could reach if it
 * did nothing but store.  On request, also how fast it copies pages with
 * the primitive MIGRATE's copy phase uses.  Timed like the chunk phases,
 * with ktime_get_ns().
 */
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "budget.h"
#include "chunk.h"
#include "compat.h"
#include "roof.h"

/*
 * The buffer is made of PMD-order blocks of the node, written through the
 * direct map.  The memmap lives in the vmemmap, which huge pages map, and
 * so is the direct map; vmalloc() would map the buffer with 4 KiB PTEs
 * and add TLB misses the memmap does not have.
 */
#define HB_ROOF_ORDER	(PMD_SHIFT - PAGE_SHIFT)
#define HB_ROOF_BLOCK	(PAGE_SIZE << HB_ROOF_ORDER)

struct hb_roof_buf {
	struct page **blocks;
	unsigned long nr;	/* blocks allocated */
	u64 bytes;		/* of them, the buffer's */
};

static void hb_roof_free(struct hb_roof_buf *b)
{
	while (b->nr)
		__free_pages(b->blocks[--b->nr], HB_ROOF_ORDER);
	kvfree(b->blocks);
	b->blocks = NULL;
}

/* -ENOMEM when the node has not enough free PMD-sized blocks. */
static int hb_roof_alloc(struct hb_roof_buf *b, int nid)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOWARN | __GFP_NORETRY |
		    __GFP_THISNODE;
	unsigned long want = DIV_ROUND_UP_ULL(b->bytes, HB_ROOF_BLOCK);
	struct page *p;

	b->nr = 0;
	b->blocks = kvmalloc_array(want, sizeof(*b->blocks), GFP_KERNEL);
	if (!b->blocks)
		return -ENOMEM;
	while (b->nr < want) {
		p = alloc_pages_node(nid, gfp, HB_ROOF_ORDER);
		if (!p) {
			hb_roof_free(b);
			return -ENOMEM;
		}
		b->blocks[b->nr++] = p;
		cond_resched();
	}
	return 0;
}

/* The bytes of block @i that belong to the buffer. */
static size_t hb_roof_len(const struct hb_roof_buf *b, unsigned long i)
{
	return min_t(u64, HB_ROOF_BLOCK, b->bytes - (u64)i * HB_ROOF_BLOCK);
}

static u64 hb_roof_plain(const struct hb_roof_buf *b)
{
	unsigned long i;
	u64 t0;

	t0 = ktime_get_ns();
	for (i = 0; i < b->nr; i++)
		memset(page_address(b->blocks[i]), 0, hb_roof_len(b, i));
	return ktime_get_ns() - t0;
}

#ifdef HB_HAVE_NT_STORES
/*
 * memcpy_flushcache() copies; its source is the zero page, which stays in
 * the cache, so what is timed is the stores.
 */
static u64 hb_roof_nt(const struct hb_roof_buf *b)
{
	const void *zero = page_address(ZERO_PAGE(0));
	unsigned long i;
	size_t off, len;
	void *dst;
	u64 t0;

	t0 = ktime_get_ns();
	for (i = 0; i < b->nr; i++) {
		dst = page_address(b->blocks[i]);
		len = hb_roof_len(b, i);
		for (off = 0; off < len; off += PAGE_SIZE)
			memcpy_flushcache(dst + off, zero,
					  min_t(size_t, PAGE_SIZE, len - off));
	}
	/* SFENCE: the non-temporal stores are done before t1 is read */
	wmb();
	return ktime_get_ns() - t0;
}
#endif

/* Page @k of the buffer @b. */
static struct page *hb_roof_page(const struct hb_roof_buf *b, unsigned long k)
{
	return b->blocks[k >> HB_ROOF_ORDER] +
	       (k & ((1UL << HB_ROOF_ORDER) - 1));
}

/*
 * copy_highpage() of every page of @src into @dst, of the same size.
 * Page k goes to page k + 1 (the last to the first): at the same offset
 * of PMD-aligned blocks, source and destination would share the slot of
 * a direct-mapped TLB, such as QEMU's TCG emulates, and evict each other
 * on every access, as the scattered pages of a migration seldom do.
 */
static u64 hb_roof_copy(const struct hb_roof_buf *dst,
			const struct hb_roof_buf *src)
{
	unsigned long k, n = src->bytes >> PAGE_SHIFT;
	u64 t0;

	t0 = ktime_get_ns();
	for (k = 0; k < n; k++) {
		copy_highpage(hb_roof_page(dst, (k + 1) % n),
			      hb_roof_page(src, k));
		if (!((k + 1) & ((1UL << HB_ROOF_ORDER) - 1)))
			cond_resched();
	}
	return ktime_get_ns() - t0;
}

/* Timed copies, of which the fastest is the roofline */
#define HB_ROOF_COPY_PASSES	3

/*
 * Times the copy of @r->copy_length bytes into @r->copy_ns.  The source
 * is written first, so that no page of it is unbacked in a hypervisor,
 * and an untimed copy maps the destination.  A roofline is the best the
 * kernel does: the fastest of the timed copies, which a host's or
 * another CPU's interruption can only slow down.
 */
static int hb_roofline_copy(struct hmmbench_roofline *r, int nid)
{
	struct hb_roof_buf src = { .bytes = r->copy_length };
	struct hb_roof_buf dst = { .bytes = r->copy_length };
	int i, ret;

	ret = hb_roof_alloc(&src, nid);
	if (ret)
		return ret;
	ret = hb_roof_alloc(&dst, nid);
	if (ret)
		goto out;
	hb_roof_plain(&src);
	hb_roof_copy(&dst, &src);
	r->copy_ns = U64_MAX;
	for (i = 0; i < HB_ROOF_COPY_PASSES; i++)
		r->copy_ns = min(r->copy_ns, hb_roof_copy(&dst, &src));
	r->valid |= HMMBENCH_R_COPY;
	hb_roof_free(&dst);
out:
	hb_roof_free(&src);
	return ret;
}

/* The measured part; called with the measure lock held. */
static int hb_roofline_locked(struct hmmbench_roofline *r, int nid)
{
	struct hb_roof_buf b = { .bytes = hb_memmap_cost(r->length) };
	u64 need = b.bytes;
	int ret;

	/* The buffers are memory like a chunk's struct pages */
	if (r->flags & HMMBENCH_ROOFLINE_COPY)
		need += 2 * r->copy_length;
	if (need > hb_budget_bytes())
		return -ENOMEM;
	ret = hb_roof_alloc(&b, nid);
	if (ret)
		return ret;

	/*
	 * An untimed pass first: both timed passes then find the buffer in
	 * the same state (mapped in every TLB it will be, evicted from the
	 * cache by the other pass), whichever comes first.
	 */
	hb_roof_plain(&b);
	r->bytes = b.bytes;
	r->plain_ns = hb_roof_plain(&b);
	r->valid = HMMBENCH_R_PLAIN;
#ifdef HB_HAVE_NT_STORES
	r->nt_ns = hb_roof_nt(&b);
	r->valid |= HMMBENCH_R_NT;
#endif
	hb_roof_free(&b);
	if (r->flags & HMMBENCH_ROOFLINE_COPY)
		return hb_roofline_copy(r, nid);
	return 0;
}

/*
 * Times plain and non-temporal stores of the memmap of a chunk of
 * @r->length on @r->node, and with HMMBENCH_ROOFLINE_COPY a copy of
 * @r->copy_length; the caller validated them.
 */
int hb_roofline(struct hmmbench_roofline *r)
{
	int nid = r->node == HMMBENCH_NODE_LOCAL ? numa_mem_id() : r->node;
	int ret;

	ret = hb_measure_begin();
	if (ret)
		return ret;
	ret = hb_roofline_locked(r, nid);
	hb_measure_end();
	return ret;
}
