// SPDX-License-Identifier: GPL-2.0
/*
 * What hbfuzz's threads know and keep: the options, what the module
 * reported and the counters they share, the random stream of each, its
 * arena of pages whose protections the checks know, its buffer lent to
 * chunks (with the pagemap that says where each page is), and the
 * descriptors with their handles, chunks, claims and pokes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

struct env env = { .calls = 100000, .threads = 1 };
struct kinfo kinfo;

struct stats *stats;
struct hb_fd fds[NR_FDS];
/* /proc/self/pagemap with pfns (CAP_SYS_ADMIN), or -1 */
int pagemap_fd = -1;
char *bufs[MAX_THREADS];	/* every thread's buffer */
atomic_bool any_lent;	/* a MIGRATE may have lent pages */
pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
uint64_t deadline;
/* One thread only: maps_total at the start, corrections after a report. */
uint64_t maps_base;
long long live_skew, maps_skew;

static const enum prot arena_prot[ARENA_PAGES] = {
	P_RW, P_RW, P_RO, P_RW, P_NONE, P_RW, P_NONE
};

void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hbfuzz: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t rnd(struct thread *t)
{
	return splitmix(&t->rng);
}

uint64_t below(struct thread *t, uint64_t n)
{
	return n ? rnd(t) % n : 0;
}

bool chance(struct thread *t, unsigned int per_mille)
{
	return below(t, 1000) < per_mille;
}

void random_bytes(struct thread *t, void *buf, size_t n)
{
	unsigned char *p = buf;
	uint64_t v;

	for (; n >= 8; n -= 8, p += 8) {
		v = rnd(t);
		memcpy(p, &v, 8);
	}
	v = rnd(t);
	memcpy(p, &v, n);
}

enum prot prot_at(const struct thread *t, uintptr_t a)
{
	uintptr_t base = (uintptr_t)t->arena;

	if (a < base || a - base >= ARENA_PAGES * PAGE)
		return P_NONE;
	return arena_prot[(a - base) / PAGE];
}

/* Whether every byte of [@a, @a + @n) is mapped at least @need. */
bool range_ok(const struct thread *t, uintptr_t a, uint64_t n,
	      enum prot need)
{
	uintptr_t p, last = a + n - 1;

	if (!n)
		return true;
	if (last < a)
		return false;
	for (p = a & ~(PAGE - 1); p <= last; p += PAGE)
		if (prot_at(t, p) < need)
			return false;
	return true;
}

void arena_new(struct thread *t)
{
	int fd = memfd_create("hbfuzz", MFD_CLOEXEC);
	char *a = mmap(NULL, ARENA_PAGES * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (fd < 0 || a == MAP_FAILED || ftruncate(fd, PAGE))
		die("arena: %s", strerror(errno));
	t->ro_alias = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
			   fd, 0);
	if (t->ro_alias == MAP_FAILED ||
	    mmap(a + A_RO * PAGE, PAGE, PROT_READ, MAP_SHARED | MAP_FIXED,
		 fd, 0) == MAP_FAILED ||
	    mprotect(a + A_GUARD * PAGE, PAGE, PROT_NONE) ||
	    munmap(a + A_HOLE * PAGE, PAGE))
		die("arena: %s", strerror(errno));
	close(fd);
	t->arena = a;
}

/* The hole is ours only as long as nothing else got mapped there. */
bool hole_unmapped(const struct thread *t)
{
	unsigned char v;

	return mincore(t->arena + A_HOLE * PAGE, PAGE, &v) && errno == ENOMEM;
}

uint64_t pattern(const struct thread *t, uint64_t word)
{
	return (word * 0x9e3779b97f4a7c15ULL) ^ t->pat;
}

/*
 * Fills the empty buffer with its pattern: a THP where the thread asks
 * for one and the kernel has it.  Then khugepaged leaves it alone: it
 * would bring lent pages home behind the thread's back, to collapse the
 * range (it swaps in device-private entries as it does swapped ones).
 */
static void buf_fill(struct thread *t)
{
	uint64_t *w = (uint64_t *)t->buf, i;

	madvise(t->buf, BUF_SIZE, t->thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	for (i = 0; i < BUF_SIZE / 8; i++)
		w[i] = pattern(t, i);
	/* a tinyconfig kernel without ADVISE_SYSCALLS (arm64) has no THP */
	if (madvise(t->buf, BUF_SIZE, MADV_NOHUGEPAGE) && errno != ENOSYS)
		die("madvise: %s", strerror(errno));
}

/*
 * The buffer (THP or base pages, as the seed says) filled with its
 * pattern, and the array FAULT_READ writes records to.
 */
void buf_new(struct thread *t)
{
	char *p = mmap(NULL, 3 * BUF_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		die("buffer: %s", strerror(errno));
	a = (char *)(((uintptr_t)p + BUF_SIZE - 1) & ~(BUF_SIZE - 1));
	if ((a > p && munmap(p, a - p)) ||
	    munmap(a + BUF_SIZE, p + 3 * BUF_SIZE - (a + BUF_SIZE)))
		die("buffer: %s", strerror(errno));
	t->buf = a;
	t->pat = rnd(t);
	t->thp = chance(t, 500);
	buf_fill(t);

	p = mmap(NULL, RECS_SIZE + PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p + RECS_SIZE, PAGE, PROT_NONE))
		die("records: %s", strerror(errno));
	t->recs = p;
}

/* Whether the page at @a is in no mapping (mincore() says ENOMEM). */
bool unmapped(uintptr_t a)
{
	unsigned char v;

	return mincore((void *)a, PAGE, &v) && errno == ENOMEM;
}

/* The pagemap entries of the buffer's pages into @pme; false without. */
bool buf_pagemap(const struct thread *t, uint64_t *pme)
{
	if (pagemap_fd < 0 || t->nocap)
		return false;
	return pread(pagemap_fd, pme, BUF_PAGES * 8,
		     (uintptr_t)t->buf / PAGE * 8) == (ssize_t)(BUF_PAGES * 8);
}

/*
 * Now and then, with every page home, the buffer starts afresh: a THP
 * again where the thread asks for one (lent pages come home as base
 * pages, unless whole device folios moved).
 */
void buf_refresh(struct thread *t)
{
	uint64_t i;

	if (!buf_pagemap(t, t->now))
		return;
	for (i = 0; i < BUF_PAGES; i++)
		if (!(t->now[i] & PM_PRESENT))
			return;
	if (madvise(t->buf, BUF_SIZE, MADV_DONTNEED)) {
		if (errno == ENOSYS)	/* no madvise(): keep the buffer */
			return;
		die("madvise: %s", strerror(errno));
	}
	buf_fill(t);
}

/* Whether pagemap entry @e is a device-private page of chunk @m. */
bool lent_to(uint64_t e, const struct chunk_meta *m)
{
	uint64_t pfn = (e & PM_FRAME) >> PM_SWP_SHIFT;

	return (e & PM_SWAP) && !(e & PM_PRESENT) && pfn >= m->pfn &&
	       pfn - m->pfn < m->npages;
}

uint64_t count_lent(const uint64_t *pme, uint64_t first, uint64_t n,
		    const struct chunk_meta *m)
{
	uint64_t i, k = 0;

	for (i = first; i < first + n; i++)
		k += lent_to(pme[i], m);
	return k;
}

uint64_t buf_word(const struct thread *t, uint64_t pg, long w)
{
	return ((const uint64_t *)(t->buf + pg * PAGE))[w];
}

/* The first word of buffer page @pg that lost its value, or -1. */
long page_bad_word(const struct thread *t, uint64_t pg)
{
	const uint64_t *w = (const uint64_t *)(t->buf + pg * PAGE);
	uint64_t i;

	for (i = 0; i < WORDS; i++)
		if (w[i] != pattern(t, pg * WORDS + i))
			return i;
	return -1;
}

/* Where the fuzzer writes the byte at @a: the alias of the read-only page. */
unsigned char *fill_ptr(const struct thread *t, uintptr_t a)
{
	uintptr_t ro = (uintptr_t)t->arena + A_RO * PAGE;

	if (a >= ro && a < ro + PAGE)
		return (unsigned char *)t->ro_alias + (a - ro);
	return (unsigned char *)a;
}

bool hset_has(const struct hset *s, uint32_t h)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->h[i] == h)
			return true;
	return false;
}

void hset_add(struct hset *s, uint32_t h)
{
	if (s->n < MAX_HANDLES && !hset_has(s, h))
		s->h[s->n++] = h;
}

/*
 * A handle a thread unmaps may be issued again before that thread is
 * done, and claimed by another: busy keeps one entry per claim.
 */
void hset_add_claim(struct hset *s, uint32_t h)
{
	if (s->n < MAX_HANDLES)
		s->h[s->n++] = h;
}

bool hset_del(struct hset *s, uint32_t h)
{
	int i;

	for (i = 0; i < s->n; i++) {
		if (s->h[i] == h) {
			s->h[i] = s->h[--s->n];
			return true;
		}
	}
	return false;
}

bool guessed(const struct hb_fd *hf, uint32_t h)
{
	int i;

	for (i = 0; i < MAX_THREADS; i++)
		if (hf->guess[i] == h)
			return true;
	return false;
}

int fd_chunks(const struct hb_fd *hf)
{
	return hf->live.n + hf->busy.n + hf->maybe.n + hf->inflight;
}

/* The descriptor's record of chunk @h (its lock held), or NULL. */
struct chunk_meta *meta_find(struct hb_fd *hf, uint32_t h)
{
	int i;

	for (i = 0; h && i < MAX_META; i++)
		if (hf->meta[i].h == h)
			return &hf->meta[i];
	return NULL;
}

/* Records a chunk MAP made, over its handle's old record or a stale one. */
void meta_set(struct hb_fd *hf, uint32_t h, uint32_t shift,
	      uint64_t phys, uint64_t length)
{
	struct chunk_meta *m = meta_find(hf, h);
	int i;

	for (i = 0; !m && i < MAX_META; i++) {
		uint32_t o = hf->meta[i].h;

		if (!o || (!hset_has(&hf->live, o) && !hset_has(&hf->busy, o) &&
			   !hset_has(&hf->maybe, o)))
			m = &hf->meta[i];
	}
	if (!m)
		return;
	m->h = h;
	m->shift = shift;
	m->pfn = phys / PAGE;
	m->npages = length / PAGE;
	m->lent = false;
	m->lent_thp = false;
}

static bool poking(const struct hb_fd *hf, uint32_t h)
{
	int i;

	for (i = 0; i < MAX_THREADS; i++)
		if (hf->poke[i] == h)
			return true;
	return false;
}

/*
 * Notes what a claim of @h needs later (the descriptor's lock held): the
 * chunk's record, and the pokes that may hide the chunk from its calls.
 */
void claim_note(struct hb_fd *hf, struct call *c, uint32_t h)
{
	struct chunk_meta *m = meta_find(hf, h);

	c->claim = true;
	c->has_meta = m != NULL;
	if (m)
		c->meta = *m;
	c->pokes = hf->pokes[h % POKE_SLOTS];
	c->poked = poking(hf, h);
}

/* Whether a poke of claimed @h raced with the claim (lock held). */
bool claim_poked(const struct hb_fd *hf, const struct call *c,
		 uint32_t h)
{
	return c->poked || poking(hf, h) ||
	       hf->pokes[h % POKE_SLOTS] != c->pokes;
}

/*
 * Gives a claimed chunk that still exists back (lock held): live, or
 * maybe live while a poke may still find it and then hide it.
 */
void claim_return(struct hb_fd *hf, uint32_t h)
{
	if (poking(hf, h))
		hset_add(&hf->maybe, h);
	else
		hset_add(&hf->live, h);
}

void fd_open(struct hb_fd *hf)
{
	int fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		die("%s: %s (is hmmbench.ko loaded?)", HMMBENCH_DEVICE,
		    strerror(errno));
	pthread_mutex_lock(&hf->lock);
	hf->fd = fd;
	pthread_mutex_unlock(&hf->lock);
	atomic_fetch_add(&stats->opens, 1);
}

/* Closing destroys every chunk of the descriptor. */
void fd_close(struct hb_fd *hf)
{
	int fd;

	pthread_mutex_lock(&hf->lock);
	fd = hf->fd;
	hf->fd = -1;
	hf->live.n = hf->busy.n = hf->maybe.n = 0;
	hf->nr_gone = 0;
	memset(hf->meta, 0, sizeof(hf->meta));
	pthread_mutex_unlock(&hf->lock);
	if (fd >= 0) {
		close(fd);
		atomic_fetch_add(&stats->closes, 1);
	}
}
