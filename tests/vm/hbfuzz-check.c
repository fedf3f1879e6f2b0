// SPDX-License-Identifier: GPL-2.0
/*
 * What comes back from hbfuzz's INFO, MAP, UNMAP, VERIFY and ROOFLINE
 * calls: the (out) fields read back, the bytes that must stay, the
 * module's counts against the chunks the fuzzer knows, VERIFY's
 * invariants, and the bookkeeping of each call's handles once it
 * returned.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

/* Copies back what the kernel wrote; false if it cannot be read. */
bool read_back(const struct thread *t, const struct call *c,
	       void *dst)
{
	uint64_t n = MIN(c->ksize, c->usize);

	memset(dst, 0, c->ksize);
	if (!range_ok(t, c->ptr, n, P_RO))
		return false;
	memcpy(dst, (void *)c->ptr, n);
	return true;
}

/* Bytes past the kernel's struct must stay as the caller left them. */
void check_tail(const struct thread *t, const struct call *c)
{
	uint64_t i, end = MIN(c->usize, 2 * PAGE);
	const unsigned char *p = (const unsigned char *)c->ptr;

	for (i = c->ksize; i < end; i++) {
		if (prot_at(t, c->ptr + i) == P_NONE)
			continue;
		if (p[i]) {
			violation(t, c, "byte %llu past the struct written",
				  (unsigned long long)i);
			return;
		}
	}
}

static long long tracked_live(void)
{
	long long n = 0;
	int i;

	for (i = 0; i < NR_FDS; i++)
		if (fds[i].fd >= 0)
			n += fds[i].live.n;
	return n + live_skew;
}

/*
 * With one thread the fuzzer knows every chunk: the module's counts must
 * match.  After a report the difference is kept, so it is reported once.
 */
static void check_counts(const struct thread *t, const struct call *c,
			 const struct hmmbench_info *info)
{
	long long live = tracked_live();
	unsigned long long made = maps_base + atomic_load(&stats->maps) +
				  maps_skew;

	if (env.threads > 1)
		return;
	if (info->live_chunks != live) {
		violation(t, c, "live_chunks %u, expected %lld",
			  info->live_chunks, live);
		live_skew += info->live_chunks - live;
	}
	if (info->maps_total != made) {
		violation(t, c, "maps_total %llu, expected %llu",
			  (unsigned long long)info->maps_total, made);
		maps_skew += info->maps_total - made;
	}
}

/* One thread: asks the module for its counts after a call that matters. */
static bool probe(const struct thread *t, const struct call *c,
		  struct hmmbench_info *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	if (env.threads > 1)
		return false;
	if (ioctl(fds[0].fd, HMMBENCH_IOC_INFO, info)) {
		violation(t, c, "INFO probe: %s", strerror(errno));
		return false;
	}
	return true;
}

void probe_counts(const struct thread *t, const struct call *c)
{
	struct hmmbench_info info;

	if (probe(t, c, &info))
		check_counts(t, c, &info);
}

/* A MAP that failed must not have made (and destroyed) a chunk. */
static void probe_failed_map(const struct thread *t, const struct call *c)
{
	unsigned long long made = maps_base + atomic_load(&stats->maps) +
				  maps_skew;
	struct hmmbench_info info;

	if (!probe(t, c, &info))
		return;
	if (info.maps_total == made + 1) {
		violation(t, c, "MAP failed with %s after making a chunk",
			  oc_name[oc_of(c->err)]);
		maps_skew++;
	}
	check_counts(t, c, &info);
}

/*
 * An UNMAP of a live handle refused with EFAULT must leave the chunk: the
 * handle is still this thread's, so unmapping it again tells.
 */
static bool unmap_again(const struct thread *t, struct call *c)
{
	struct hmmbench_unmap u = {
		.size = sizeof(u),
		.handle = c->img.unmap.handle,
	};
	int err = ioctl(c->hf->fd, HMMBENCH_IOC_UNMAP, &u) ? errno : 0;
	bool poked;

	pthread_mutex_lock(&c->hf->lock);
	poked = claim_poked(c->hf, c, u.handle);
	pthread_mutex_unlock(&c->hf->lock);
	/* a poke may hide the chunk, if it is still there */
	if (err == ENOENT && poked) {
		c->poked = true;
		return false;
	}
	if (err == ENOENT)
		violation(t, c, "UNMAP failed with EFAULT but destroyed the chunk");
	else if (err)
		violation(t, c, "UNMAP of the chunk kept: %s", strerror(err));
	else
		atomic_fetch_add(&stats->unmaps, 1);
	return err == 0 || err == ENOENT;
}

void check_info_out(const struct thread *t, const struct call *c)
{
	struct hmmbench_info i;

	if (!read_back(t, c, &i))
		return;
	if (i.abi_version != HMMBENCH_ABI_VERSION || i.page_size != PAGE ||
	    i.size_align != kinfo.align || !i.nr_nodes ||
	    !memchr(i.module_version, 0, sizeof(i.module_version)) ||
	    !memchr(i.kernel_release, 0, sizeof(i.kernel_release)))
		violation(t, c, "INFO returned abi %u page %llu align %llu nodes %u",
			  i.abi_version, (unsigned long long)i.page_size,
			  (unsigned long long)i.size_align, i.nr_nodes);
	check_counts(t, c, &i);
}

/* The timings of a MAP agree with its valid bits. */
static void check_map_out(const struct thread *t, const struct call *c,
			  const struct hmmbench_map *m)
{
	const uint32_t known = HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP |
			       HMMBENCH_T_MEMMAP_INIT;
	bool bad = m->valid & ~known;

	if (!(m->valid & HMMBENCH_T_REGION) && m->region_ns)
		bad = true;
	if (!(m->valid & HMMBENCH_T_MEMREMAP) && m->memremap_ns)
		bad = true;
	if (!(m->valid & HMMBENCH_T_MEMMAP_INIT) && m->memmap_init_ns)
		bad = true;
	if ((m->valid & HMMBENCH_T_MEMMAP_INIT) &&
	    (m->valid & HMMBENCH_T_MEMREMAP) &&
	    m->memmap_init_ns > m->memremap_ns)
		bad = true;
	if (bad)
		violation(t, c, "valid %#x region %llu memremap %llu memmap_init %llu ns",
			  m->valid, (unsigned long long)m->region_ns,
			  (unsigned long long)m->memremap_ns,
			  (unsigned long long)m->memmap_init_ns);
}

static void check_unmap_out(const struct thread *t, const struct call *c)
{
	const uint32_t known = HMMBENCH_T_MEMUNMAP | HMMBENCH_T_RELEASE;
	struct hmmbench_unmap u;
	bool bad;

	if (!read_back(t, c, &u))
		return;
	bad = u.valid & ~known;
	if (!(u.valid & HMMBENCH_T_MEMUNMAP) && u.memunmap_ns)
		bad = true;
	if (!(u.valid & HMMBENCH_T_RELEASE) && u.release_ns)
		bad = true;
	if (bad)
		violation(t, c, "valid %#x memunmap %llu release %llu ns",
			  u.valid, (unsigned long long)u.memunmap_ns,
			  (unsigned long long)u.release_ns);
}

/*
 * Whether the chunk at @start may have lent pages: one the fuzzer knows
 * that did, or one it does not know once any has.
 */
static bool phys_lent(uint64_t start)
{
	bool found = false, lent = false;
	int i, j;

	for (i = 0; i < NR_FDS; i++) {
		struct hb_fd *hf = &fds[i];

		pthread_mutex_lock(&hf->lock);
		for (j = 0; j < MAX_META; j++) {
			const struct chunk_meta *m = &hf->meta[j];

			if (!m->h || m->pfn != start / PAGE ||
			    !(hset_has(&hf->live, m->h) ||
			      hset_has(&hf->busy, m->h) ||
			      hset_has(&hf->maybe, m->h)))
				continue;
			found = true;
			lent |= m->lent;
		}
		pthread_mutex_unlock(&hf->lock);
	}
	return lent || (!found && atomic_load(&any_lent));
}

/*
 * Says once what VERIFY finds in a chunk that lent pages: not judged,
 * the contract's invariants are those of pages never handed out.
 */
static void note_lent_verify(const struct call *c,
			     const struct hmmbench_verify *v, long long lent)
{
	static atomic_bool said[2];
	bool thp = c->meta.lent_thp;
	int i;

	atomic_fetch_add(&stats->lent_bad, 1);
	if (atomic_exchange(&said[thp], true))
		return;
	pthread_mutex_lock(&print_lock);
	printf("hbfuzz: note: call %llu: VERIFY of a chunk that lent pages%s (%lld of this thread's lent to it before): %llu of %llu pages bad; by check:",
	       (unsigned long long)c->index,
	       thp ? ", PMD folios too" : "", lent,
	       (unsigned long long)v->bad_pages, (unsigned long long)v->pages);
	for (i = 0; i < HMMBENCH_CHECK_NR; i++)
		printf(" %llu (pfn %#llx)", (unsigned long long)v->checks[i].count,
		       (unsigned long long)v->checks[i].pfn[0]);
	printf("\n");
	pthread_mutex_unlock(&print_lock);
}

/*
 * What VERIFY read back from a chunk the fuzzer mapped: every struct page
 * of a chunk that was only mapped must keep every invariant, so a count
 * here is a bug of the kernel or the module.  Chunks are 1 to 4 sections.
 */
static void check_verify_out(const struct thread *t, const struct call *c)
{
	const uint64_t section = kinfo.align / PAGE;
	struct hmmbench_verify v;
	uint32_t i, j;

	if (!read_back(t, c, &v) || c->usize < sizeof(v))
		return;
	if (v.checks_nr != HMMBENCH_CHECK_NR)
		violation(t, c, "checks_nr %u, expected %u", v.checks_nr,
			  HMMBENCH_CHECK_NR);
	/* A random phys may also land in a pmem namespace's pgmap */
	if (c->img.verify.flags && v.type != HMMBENCH_PGMAP_PRIVATE)
		return;
	if (!v.pages || v.pages % section || v.pages > 4 * section)
		violation(t, c, "pages %llu, expected 1 to 4 sections of %llu",
			  (unsigned long long)v.pages,
			  (unsigned long long)section);
	/* Pages lent out are not as memremap_pages() left them */
	if (c->img.verify.flags ? phys_lent(v.start) :
	    c->has_meta && c->meta.lent) {
		long long lent = -1;
		bool mine;

		atomic_fetch_add(&stats->lent_verifies, 1);
		if (c->claim && c->snapped)
			lent = count_lent(t->snap, 0, BUF_PAGES, &c->meta);
		if (v.bad_pages)
			note_lent_verify(c, &v, lent);
		/*
		 * Pages lent and freed back are as MAP left them again: on a
		 * chunk only this thread lends to (its own descriptor's, or
		 * any with one thread), no more are bad than it has lent.
		 * Not so a PMD-sized device folio's: its pages keep their
		 * compound head and order when it is freed (the module sets
		 * them up again when it hands the page out).
		 */
		mine = lent >= 0 && (env.threads == 1 || c->hf != fds);
		if (mine && !c->meta.lent_thp && v.bad_pages > (uint64_t)lent)
			violation(t, c, "%llu of %llu struct pages bad, %lld lent before",
				  (unsigned long long)v.bad_pages,
				  (unsigned long long)v.pages, lent);
		/* free pages have no references; zone, node, pgmap stay */
		for (i = 0; i < HMMBENCH_CHECK_NR; i++) {
			uint64_t n = v.checks[i].count;

			if (i == HMMBENCH_CHECK_COMPOUND ||
			    i == HMMBENCH_CHECK_POINTER || !n ||
			    ((i == HMMBENCH_CHECK_REFCOUNT ||
			      i == HMMBENCH_CHECK_MAPCOUNT) &&
			     (!mine || n <= (uint64_t)lent)))
				continue;
			violation(t, c, "check %u: %llu pages break it, %lld lent before, pfns %#llx %#llx",
				  i, (unsigned long long)n, lent,
				  (unsigned long long)v.checks[i].pfn[0],
				  (unsigned long long)v.checks[i].pfn[1]);
		}
		return;
	}
	if (v.bad_pages)
		violation(t, c, "%llu of %llu struct pages bad",
			  (unsigned long long)v.bad_pages,
			  (unsigned long long)v.pages);
	for (i = 0; i < HMMBENCH_CHECK_SLOTS; i++) {
		const struct hmmbench_check *k = &v.checks[i];

		for (j = 0; j < HMMBENCH_CHECK_PFNS; j++)
			if (k->pfn[j] && (i >= HMMBENCH_CHECK_NR ||
					  j >= k->count))
				break;
		if (!k->count && j == HMMBENCH_CHECK_PFNS)
			continue;
		violation(t, c, "check %u: %llu pages break it, pfns %#llx %#llx %#llx %#llx",
			  i, (unsigned long long)k->count,
			  (unsigned long long)k->pfn[0],
			  (unsigned long long)k->pfn[1],
			  (unsigned long long)k->pfn[2],
			  (unsigned long long)k->pfn[3]);
	}
}

/*
 * Records the handle of a successful MAP; returns why it breaks the
 * contract, or NULL.  If a guess of the handle runs, or raced before,
 * the chunk may be gone already: it is only maybe live.
 */
static const char *map_record(struct hb_fd *hf, const struct call *c,
			      const struct hmmbench_map *m)
{
	uint32_t h = m->handle;

	if (!h)
		return "handle 0 returned";
	if (hset_has(&hf->live, h))
		return "a live handle returned again";
	meta_set(hf, h, c->img.map.vmemmap_shift, m->phys_start,
		 c->img.map.length);
	if (guessed(hf, h) || hset_has(&hf->maybe, h))
		hset_add(&hf->maybe, h);
	else
		hset_add(&hf->live, h);
	return NULL;
}

void map_finish(const struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	struct hmmbench_map m = { 0 };
	const char *bad = NULL;
	bool got = !c->err && read_back(t, c, &m);

	pthread_mutex_lock(&hf->lock);
	if (c->planned && !t->nocap)
		hf->inflight--;
	if (got)
		bad = map_record(hf, c, &m);
	pthread_mutex_unlock(&hf->lock);
	judge(t, c);
	if (!c->err)
		atomic_fetch_add(&stats->maps, 1);
	if (bad)
		violation(t, c, "%s (handle %u)", bad, m.handle);
	if (got)
		check_map_out(t, c, &m);
	if (!c->err)
		probe_counts(t, c);
	else if (c->may_map)
		probe_failed_map(t, c);
}

/*
 * Settles a guess.  If a planned MAP ran meanwhile it may have issued the
 * handle: success is allowed and the handle's fate is unknown (maybe).
 * Otherwise success or ENOENT means no chunk has that handle now, unless
 * another thread guessed it meanwhile: a VERIFY hides the chunk it reads.
 */
static void unmap_settle_guess(struct hb_fd *hf, struct call *c, uint32_t h)
{
	bool raced = c->inflight || hf->gen != c->gen;

	if (c->may_find && (c->maybe || raced))
		c->expect |= OB(OC_OK);
	if (c->err && c->err != ENOENT)
		return;
	if (raced && !c->err)
		hset_add(&hf->maybe, h);
	else if (!raced && !c->shared && !guessed(hf, h))
		hset_del(&hf->maybe, h);
}

void unmap_finish(const struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	uint32_t h = c->img.unmap.handle;
	bool gone;

	pthread_mutex_lock(&hf->lock);
	if (!c->claim && h) {
		hf->guess[t->id] = 0;
		unmap_settle_guess(hf, c, h);
	}
	/* a poke may hide the chunk from the claim's lookup */
	if (c->claim && claim_poked(hf, c, h)) {
		c->poked = true;
		if (c->found)
			c->expect |= OB(OC_ENOENT);
	}
	pthread_mutex_unlock(&hf->lock);
	judge(t, c);
	if (!c->err) {
		atomic_fetch_add(&stats->unmaps, 1);
		check_unmap_out(t, c);
	}
	gone = !c->err;
	if (c->claim && c->err == EFAULT)
		gone = unmap_again(t, c);
	c->destroyed = c->claim && gone;

	pthread_mutex_lock(&hf->lock);
	if (c->claim) {
		hset_del(&hf->busy, h);
		/* Refused before the lookup, the chunk is still live. */
		if (c->err && c->err != ENOENT && c->err != EFAULT)
			hset_add(&hf->live, h);
		/* Hidden by a poke, it may still be there */
		else if (c->err && !gone && c->poked)
			hset_add(&hf->maybe, h);
	}
	if (!c->err || (c->claim && c->err == EFAULT))
		hf->gone[hf->nr_gone++ % NR_GONE] = h;
	pthread_mutex_unlock(&hf->lock);
	if (c->claim || !c->err)
		probe_counts(t, c);
}

/*
 * A guess found a chunk only if a MAP ran meanwhile; the handle is maybe
 * live then already (map_record() saw the guess).
 */
void verify_finish(const struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	uint32_t h = c->img.verify.handle;

	/* a guess gen_verify() turned into handle 0 was registered too */
	if (!c->claim) {
		pthread_mutex_lock(&hf->lock);
		hf->guess[t->id] = 0;
		if (h && c->may_find && (hf->inflight || hf->gen != c->gen))
			c->expect |= OB(OC_OK);
		pthread_mutex_unlock(&hf->lock);
	}
	if (c->claim) {
		pthread_mutex_lock(&hf->lock);
		if (c->found && claim_poked(hf, c, h))
			c->expect |= OB(OC_ENOENT);
		pthread_mutex_unlock(&hf->lock);
	}
	judge(t, c);
	if (!c->err) {
		atomic_fetch_add(&stats->verifies, 1);
		check_verify_out(t, c);
	}
}

/*
 * Every byte of the struct but the (out) ones the caller declared is as
 * the caller left it: the (in) fields, and the fields a smaller size did
 * not cover, (out) ones included.
 */
static void check_kept(const struct thread *t, const struct call *c)
{
	const unsigned char *p = (const unsigned char *)c->ptr;
	uint32_t i;

	if (c->place == PL_BAD)
		return;
	for (i = 0; i < c->ksize; i++) {
		if (out_byte(c, i) || prot_at(t, c->ptr + i) == P_NONE)
			continue;
		if (p[i] != c->img.b[i]) {
			violation(t, c, "byte %u of the struct (size %u) written: %#x, was %#x",
				  i, c->usize, p[i], c->img.b[i]);
			return;
		}
	}
}

/*
 * A ROOFLINE that succeeded timed plain stores of the memmap's bytes, and
 * only known kinds; the copy exactly when HMMBENCH_ROOFLINE_COPY asked
 * for it (whose size covers copy_ns), else copy_ns stays 0.  Nothing
 * else of the struct is written.
 */
void check_roofline_out(const struct thread *t, const struct call *c)
{
	const uint32_t known = HMMBENCH_R_PLAIN | HMMBENCH_R_NT |
			       HMMBENCH_R_COPY;
	struct hmmbench_roofline in, r;
	bool copy, timed;

	kview(c, &in);
	copy = in.flags & HMMBENCH_ROOFLINE_COPY;
	if (!read_back(t, c, &r))
		return;
	timed = r.valid & HMMBENCH_R_COPY;
	if (!(r.valid & HMMBENCH_R_PLAIN) || r.valid & ~known ||
	    r.bytes != in.length / PAGE * kinfo.struct_page ||
	    !r.plain_ns || (!(r.valid & HMMBENCH_R_NT) && r.nt_ns) ||
	    timed != copy || (timed ? !r.copy_ns : r.copy_ns != 0))
		violation(t, c, "ROOFLINE returned valid %#x bytes %llu plain %llu nt %llu copy %llu",
			  r.valid, (unsigned long long)r.bytes,
			  (unsigned long long)r.plain_ns,
			  (unsigned long long)r.nt_ns,
			  (unsigned long long)r.copy_ns);
	if (timed)
		atomic_fetch_add(&stats->copies, 1);
	check_kept(t, c);
}
