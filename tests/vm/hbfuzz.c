// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz: a seeded fuzzer of the /dev/hmmbench ioctls, run in the VM.  It
 * sends random and near-miss commands, declared sizes around every
 * boundary, random fields, bad pointers and handles, from several
 * descriptors and threads, and checks every errno it can judge against
 * the contract of uapi/linux/hmmbench.h; VERIFY reads back chunks it is
 * about to unmap, whose struct pages must break no invariant (but those
 * lent out), and ROOFLINE's timings, its copy's among them, must agree
 * with its valid bits.
 * Each thread lends a buffer of its own to its chunks with MIGRATE and
 * brings it back with MIGRATE, by touching it, or by unmapping or closing
 * the chunk; the counts must add up, the pagemap must agree, the data
 * must survive, and FAULT_READ must return sane records of the faults.
 * One thread replays with --seed.
 *
 * usage: hbfuzz [--seed S] [--calls N] [--seconds T] [--threads K]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "guest.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define OFFSETOFEND(type, member) \
	(offsetof(type, member) + sizeof(((type *)0)->member))
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))
#define PAGE		4096UL

#define MAX_THREADS	4
#define NR_PRIV		2	/* private descriptors per thread */
#define NR_FDS		(1 + MAX_THREADS * NR_PRIV)
#define LIVE_CAP	3	/* chunks per descriptor, mapped or mapping */
#define MAX_HANDLES	16
#define NR_GONE		8
#define MAX_NODES	1024	/* the largest MAX_NUMNODES a kernel has */
#define MAX_REPORTS	100	/* violations shown */
#define MAX_META	32	/* chunks a descriptor remembers */
#define POKE_SLOTS	16

/*
 * Each thread lends a buffer of its own, a PMD of private anonymous
 * memory holding a known pattern, with a hole after it.  Only its thread
 * migrates it or touches it, so /proc/self/pagemap tells that thread
 * exactly where each page is: home, or lent to the chunk whose physical
 * range holds the pfn of its device-private entry.
 */
#define BUF_SIZE	(2UL << 20)
#define BUF_PAGES	(BUF_SIZE / PAGE)
#define PMD_PAGES	(PAGE / 8)
#define WORDS		(PAGE / 8)
#define FAULT_SIZE	sizeof(struct hmmbench_fault)
/* The records a FAULT_READ may take at once, then a PROT_NONE page */
#define RECS_SIZE	(HMMBENCH_FAULT_READ_MAX * FAULT_SIZE)
#define RECS_PREFILL	16384	/* record bytes marked before a read */
#define RECS_MARK	0xa5
/*
 * MIGRATE's ranges end at most at TASK_SIZE: 2^47 - a page on x86-64
 * with 4-level tables, up to 2^56 with 5 levels; on arm64 from 2^36
 * (16K pages, 36-bit VA; 2^39 for the test kernel's 4K pages) to 2^52.
 * In between, EINVAL or what comes next.
 */
#ifdef __aarch64__
#define TASK_LO		((1ULL << 36) - PAGE)
#else
#define TASK_LO		((1ULL << 47) - PAGE)
#endif
#define TASK_HI		(1ULL << 56)
#define PM_PRESENT	(1ULL << 63)
#define PM_SWAP		(1ULL << 62)
#define PM_FRAME	((1ULL << 55) - 1)
#define PM_SWP_SHIFT	5	/* MAX_SWAPFILES_SHIFT: type bits */

/* Outcomes of a call, as bits of the set the contract allows. */
enum {
	OC_OK, OC_ENOTTY, OC_EFAULT, OC_EINVAL, OC_E2BIG, OC_EOPNOTSUPP, OC_EPERM,
	OC_ENOMEM, OC_ENOSPC, OC_ENOENT, OC_EINTR, OC_EBUSY, OC_OTHER, OC_NR
};
#define OB(x)	(1U << (x))

static const int oc_errno[OC_NR] = {
	0, ENOTTY, EFAULT, EINVAL, E2BIG, EOPNOTSUPP, EPERM, ENOMEM, ENOSPC,
	ENOENT, EINTR, EBUSY, -1
};
static const char *const oc_name[OC_NR] = {
	"0", "ENOTTY", "EFAULT", "EINVAL", "E2BIG", "EOPNOTSUPP", "EPERM",
	"ENOMEM", "ENOSPC", "ENOENT", "EINTR", "EBUSY", "other"
};

/*
 * Each thread's structs live in seven pages whose protections the checks
 * know: a struct sits in writable memory, in or across a read-only page,
 * or ends just before a PROT_NONE page or an unmapped hole.  The read-only
 * page is a memfd page also mapped writable elsewhere, where the fuzzer
 * fills it: mprotect() takes tens of milliseconds on the debug kernel.
 */
enum prot { P_NONE, P_RO, P_RW };
enum { A_RW0, A_RW1, A_RO, A_RW3, A_GUARD, A_RW5, A_HOLE, ARENA_PAGES };
static const enum prot arena_prot[ARENA_PAGES] = {
	P_RW, P_RW, P_RO, P_RW, P_NONE, P_RW, P_NONE
};

/*
 * The known ops, each with its command (canon_cmd[], whose number the
 * driver dispatches on); OP_BOGUS counts them.
 */
enum op {
	OP_INFO, OP_MAP, OP_UNMAP, OP_VERIFY, OP_ROOFLINE, OP_MIGRATE,
	OP_FAULT_READ, OP_BOGUS
};
static const char *const op_name[] = {
	"INFO", "MAP", "UNMAP", "VERIFY", "ROOFLINE", "MIGRATE", "FAULT_READ",
	"unknown"
};
static const unsigned long canon_cmd[] = {
	HMMBENCH_IOC_INFO, HMMBENCH_IOC_MAP, HMMBENCH_IOC_UNMAP,
	HMMBENCH_IOC_VERIFY, HMMBENCH_IOC_ROOFLINE, HMMBENCH_IOC_MIGRATE,
	HMMBENCH_IOC_FAULT_READ
};
static const uint32_t op_ksize[] = {
	sizeof(struct hmmbench_info), sizeof(struct hmmbench_map),
	sizeof(struct hmmbench_unmap), sizeof(struct hmmbench_verify),
	sizeof(struct hmmbench_roofline), sizeof(struct hmmbench_migrate),
	sizeof(struct hmmbench_fault_read)
};
static const uint32_t op_ver0[] = {
	HMMBENCH_INFO_SIZE_VER0, HMMBENCH_MAP_SIZE_VER0,
	HMMBENCH_UNMAP_SIZE_VER0, HMMBENCH_VERIFY_SIZE_VER0,
	HMMBENCH_ROOFLINE_SIZE_VER0, HMMBENCH_MIGRATE_SIZE_VER0,
	HMMBENCH_FAULT_READ_SIZE_VER0
};

/*
 * The (out) fields: the only bytes written back, and cleared first, each
 * run up to the declared size.  A struct that grew (in) fields after its
 * first (out) ones has a second run after them (ROOFLINE's copy_ns); an
 * empty run is { 0, 0 }.
 */
#define OUT_RUNS	2
#define OUT(type, first, last) \
	{ offsetof(type, first), OFFSETOFEND(type, last) }
static const struct {
	uint32_t start, end;
} op_out[][OUT_RUNS] = {
	{ OUT(struct hmmbench_info, abi_version, phys_window_end) },
	{ OUT(struct hmmbench_map, handle, memmap_init_ns) },
	{ OUT(struct hmmbench_unmap, valid, release_ns) },
	{ OUT(struct hmmbench_verify, checks_nr, vmemmap_shift) },
	{ OUT(struct hmmbench_roofline, valid, nt_ns),
	  OUT(struct hmmbench_roofline, copy_ns, copy_ns) },
	{ OUT(struct hmmbench_migrate, calls, skip_busy) },
	{ OUT(struct hmmbench_fault_read, nr, dropped) },
};

enum place { PL_RW, PL_RO, PL_RW_RO, PL_RO_RW, PL_GUARD, PL_HOLE, PL_BAD };
static const char *const place_name[] = {
	"rw", "ro", "rw|ro", "ro|rw", "rw|guard", "rw|hole", "bad"
};

struct thread {
	int id;
	bool nocap;		/* runs without CAP_SYS_ADMIN */
	uint64_t rng;
	uint64_t end;		/* stops before this call index */
	char *arena;
	char *ro_alias;		/* the read-only page, writable */
	char *buf;		/* BUF_SIZE, PMD-aligned, a hole after it */
	bool thp;		/* MADV_HUGEPAGE: a PMD folio when it can be */
	uint64_t pat;		/* the buffer's word i is pattern(t, i) */
	char *recs;		/* RECS_SIZE writable, then PROT_NONE */
	uint64_t snap[BUF_PAGES];	/* the buffer's pagemap before */
	uint64_t now[BUF_PAGES];	/* and after it */
	pthread_t tid;
};

union image {
	struct hmmbench_info info;
	struct hmmbench_map map;
	struct hmmbench_unmap unmap;
	struct hmmbench_verify verify;
	struct hmmbench_roofline roof;
	struct hmmbench_migrate mig;
	struct hmmbench_fault_read fread;
	unsigned char b[sizeof(struct hmmbench_verify)];
};

/*
 * A chunk the fuzzer mapped: its physical pages, and whether a MIGRATE
 * may have lent them (VERIFY's invariants are of pages never lent).
 */
struct chunk_meta {
	uint32_t h;
	uint32_t shift;
	uint64_t pfn, npages;
	bool lent;
	bool lent_thp;		/* HMMBENCH_MIGRATE_THP: PMD folios too */
};

struct hset {
	uint32_t h[MAX_HANDLES];
	int n;
};

/*
 * One open /dev/hmmbench and what the fuzzer knows of its chunks.  Its
 * private descriptors are used by one thread; the lock is there for the
 * shared one and for other threads reading handles to misuse.
 */
struct hb_fd {
	pthread_mutex_t lock;
	int fd;
	int inflight;		/* planned MAPs running */
	unsigned long gen;	/* planned MAPs started */
	struct hset live;	/* mapped, nobody unmapping */
	struct hset busy;	/* being unmapped by the thread that took it */
	struct hset maybe;	/* raced with a guess: live or not */
	uint32_t gone[NR_GONE];	/* recently unmapped */
	unsigned int nr_gone;
	uint32_t guess[MAX_THREADS];	/* handle each thread guesses, or 0 */
	/*
	 * A poke: a MIGRATE or FAULT_READ of a handle another thread has
	 * claimed, which finds nothing (ENOENT), or the chunk when the
	 * claim's call is not running, hiding it from that call meanwhile.
	 */
	uint32_t poke[MAX_THREADS];	/* busy handle each thread pokes */
	unsigned long pokes[POKE_SLOTS];	/* started, by handle */
	struct chunk_meta meta[MAX_META];
};

struct call {
	uint64_t index;
	struct hb_fd *hf;
	enum op op;
	unsigned long cmd;
	enum place place;
	uintptr_t ptr;
	uint32_t ksize;		/* sizeof the struct the command takes */
	uint32_t usize;		/* the declared size */
	long nz;		/* offset of a non-zero tail byte, or -1 */
	union image img;
	unsigned int expect;	/* OB() set the contract allows */
	int err;
	bool planned;		/* MAP meant to succeed, counted in flight */
	bool may_map;		/* MAP the driver may make a chunk for */
	bool claim;		/* UNMAP (VERIFY) of a live handle it took */
	bool maybe;		/* UNMAP of a handle that may be live */
	bool may_find;		/* guess a racing MAP may satisfy */
	bool shared;		/* UNMAP guess another thread guessed too */
	unsigned long gen;	/* planned MAPs started when the guess did */
	int inflight;		/* planned MAPs running when the guess did */
	/* MIGRATE and FAULT_READ */
	enum { H_GUESS, H_CLAIM, H_POKE } mode;
	bool careful;		/* meant to succeed: claim, good fields */
	int akind;		/* MIGRATE: what addr and length cover */
	unsigned int found;	/* outcomes once the chunk is found */
	bool has_meta;		/* claim: meta is the chunk's */
	struct chunk_meta meta;
	bool poked;		/* claim: a poke of it may have raced */
	unsigned long pokes;	/* claim: its pokes[] at the claim */
	bool snapped;		/* t->snap holds the pagemap before */
	bool destroyed;		/* UNMAP: the claimed chunk is gone */
	uint32_t marked;	/* FAULT_READ: record slots marked RECS_MARK */
	uint64_t touched[16];	/* FAULT_READ: pages faulted home before */
	uint32_t ntouched;
};

/* Counters in shared memory, so that the CAP_SYS_ADMIN-less child adds. */
struct stats {
	atomic_ullong next;	/* index of the next call */
	atomic_ullong calls, maps, unmaps, verifies, roofs, copies, violations,
		      opens, closes;
	atomic_ullong migrates, moved, thp, freads, records, touches, faulted,
		      homed, evicted, lent_verifies, lent_bad, pokes, pokes_hidden;
	atomic_ullong outcomes[OC_NR];
};

static struct {
	uint64_t seed, calls, seconds;
	unsigned int threads;
} env = { .calls = 100000, .threads = 1 };

/* What the module and the machine reported at the start. */
static struct {
	uint64_t align, max_size;
	uint64_t budget;		/* twice this is never to be had */
	uint64_t struct_page;		/* sizeof(struct page) */
	uint32_t section_order;		/* PFN_kinfo.section_order */
	uint32_t pud_order;		/* PUD_SHIFT - PAGE_SHIFT */
	uint32_t features, nr_nodes;
	uint64_t phys_lo, phys_hi;	/* lengths in between may be EINVAL */
	unsigned char online[MAX_NODES / 8];
	int first_node;
} kinfo;

static struct stats *stats;
static struct hb_fd fds[NR_FDS];
/* /proc/self/pagemap with pfns (CAP_SYS_ADMIN), or -1 */
static int pagemap_fd = -1;
static char *bufs[MAX_THREADS];	/* every thread's buffer */
static atomic_bool any_lent;	/* a MIGRATE may have lent pages */
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t deadline;
/* One thread only: maps_total at the start, corrections after a report. */
static uint64_t maps_base;
static long long live_skew, maps_skew;

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hbfuzz: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rnd(struct thread *t)
{
	return splitmix(&t->rng);
}

static uint64_t below(struct thread *t, uint64_t n)
{
	return n ? rnd(t) % n : 0;
}

static bool chance(struct thread *t, unsigned int per_mille)
{
	return below(t, 1000) < per_mille;
}

static void random_bytes(struct thread *t, void *buf, size_t n)
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

static int oc_of(int err)
{
	int i;

	for (i = 0; i < OC_OTHER; i++)
		if (oc_errno[i] == err)
			return i;
	return OC_OTHER;
}

static void oc_format(unsigned int set, char *buf, size_t n)
{
	size_t pos = 0;
	int i;

	pos += snprintf(buf, n, "{");
	for (i = 0; i < OC_NR && pos < n; i++)
		if (set & OB(i))
			pos += snprintf(buf + pos, n - pos, "%s%s",
					pos > 1 ? ", " : "", oc_name[i]);
	if (pos < n)
		snprintf(buf + pos, n - pos, "}");
}

static enum prot prot_at(const struct thread *t, uintptr_t a)
{
	uintptr_t base = (uintptr_t)t->arena;

	if (a < base || a - base >= ARENA_PAGES * PAGE)
		return P_NONE;
	return arena_prot[(a - base) / PAGE];
}

/* Whether every byte of [@a, @a + @n) is mapped at least @need. */
static bool range_ok(const struct thread *t, uintptr_t a, uint64_t n,
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

static void arena_new(struct thread *t)
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
static bool hole_unmapped(const struct thread *t)
{
	unsigned char v;

	return mincore(t->arena + A_HOLE * PAGE, PAGE, &v) && errno == ENOMEM;
}

static uint64_t pattern(const struct thread *t, uint64_t word)
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
static void buf_new(struct thread *t)
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
static bool unmapped(uintptr_t a)
{
	unsigned char v;

	return mincore((void *)a, PAGE, &v) && errno == ENOMEM;
}

/* The pagemap entries of the buffer's pages into @pme; false without. */
static bool buf_pagemap(const struct thread *t, uint64_t *pme)
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
static void buf_refresh(struct thread *t)
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
static bool lent_to(uint64_t e, const struct chunk_meta *m)
{
	uint64_t pfn = (e & PM_FRAME) >> PM_SWP_SHIFT;

	return (e & PM_SWAP) && !(e & PM_PRESENT) && pfn >= m->pfn &&
	       pfn - m->pfn < m->npages;
}

static uint64_t count_lent(const uint64_t *pme, uint64_t first, uint64_t n,
			   const struct chunk_meta *m)
{
	uint64_t i, k = 0;

	for (i = first; i < first + n; i++)
		k += lent_to(pme[i], m);
	return k;
}

static uint64_t buf_word(const struct thread *t, uint64_t pg, long w)
{
	return ((const uint64_t *)(t->buf + pg * PAGE))[w];
}

/* The first word of buffer page @pg that lost its value, or -1. */
static long page_bad_word(const struct thread *t, uint64_t pg)
{
	const uint64_t *w = (const uint64_t *)(t->buf + pg * PAGE);
	uint64_t i;

	for (i = 0; i < WORDS; i++)
		if (w[i] != pattern(t, pg * WORDS + i))
			return i;
	return -1;
}

/* Where the fuzzer writes the byte at @a: the alias of the read-only page. */
static unsigned char *fill_ptr(const struct thread *t, uintptr_t a)
{
	uintptr_t ro = (uintptr_t)t->arena + A_RO * PAGE;

	if (a >= ro && a < ro + PAGE)
		return (unsigned char *)t->ro_alias + (a - ro);
	return (unsigned char *)a;
}

static bool hset_has(const struct hset *s, uint32_t h)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->h[i] == h)
			return true;
	return false;
}

static void hset_add(struct hset *s, uint32_t h)
{
	if (s->n < MAX_HANDLES && !hset_has(s, h))
		s->h[s->n++] = h;
}

/*
 * A handle a thread unmaps may be issued again before that thread is
 * done, and claimed by another: busy keeps one entry per claim.
 */
static void hset_add_claim(struct hset *s, uint32_t h)
{
	if (s->n < MAX_HANDLES)
		s->h[s->n++] = h;
}

static bool hset_del(struct hset *s, uint32_t h)
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

static bool guessed(const struct hb_fd *hf, uint32_t h)
{
	int i;

	for (i = 0; i < MAX_THREADS; i++)
		if (hf->guess[i] == h)
			return true;
	return false;
}

static int fd_chunks(const struct hb_fd *hf)
{
	return hf->live.n + hf->busy.n + hf->maybe.n + hf->inflight;
}

/* The descriptor's record of chunk @h (its lock held), or NULL. */
static struct chunk_meta *meta_find(struct hb_fd *hf, uint32_t h)
{
	int i;

	for (i = 0; h && i < MAX_META; i++)
		if (hf->meta[i].h == h)
			return &hf->meta[i];
	return NULL;
}

/* Records a chunk MAP made, over its handle's old record or a stale one. */
static void meta_set(struct hb_fd *hf, uint32_t h, uint32_t shift,
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
static void claim_note(struct hb_fd *hf, struct call *c, uint32_t h)
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
static bool claim_poked(const struct hb_fd *hf, const struct call *c,
			uint32_t h)
{
	return c->poked || poking(hf, h) ||
	       hf->pokes[h % POKE_SLOTS] != c->pokes;
}

/*
 * Gives a claimed chunk that still exists back (lock held): live, or
 * maybe live while a poke may still find it and then hide it.
 */
static void claim_return(struct hb_fd *hf, uint32_t h)
{
	if (poking(hf, h))
		hset_add(&hf->maybe, h);
	else
		hset_add(&hf->live, h);
}

static void fd_open(struct hb_fd *hf)
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
static void fd_close(struct hb_fd *hf)
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

static int describe_ptr(const struct thread *t, const struct call *c,
			char *buf, size_t n)
{
	uintptr_t base = (uintptr_t)t->arena;

	if (c->place == PL_BAD)
		return snprintf(buf, n, "%#lx (unmapped)", (unsigned long)c->ptr);
	return snprintf(buf, n, "arena+%#lx (%s)",
			(unsigned long)(c->ptr - base), place_name[c->place]);
}

static const char *const akind_name[] = {
	"buffer", "buffer and hole", "hole", "low", "unmapped", "junk"
};

static const char *mode_name(const struct call *c)
{
	switch (c->mode) {
	case H_CLAIM:
		return c->has_meta && c->meta.shift ? "live, vmemmap_shift" :
		       "live";
	case H_POKE:
		return "claimed by another thread";
	default:
		return c->may_find ? "guess" : "no chunk";
	}
}

static int describe_fields(const struct call *c, char *buf, size_t n)
{
	const union image *i = &c->img;

	switch (c->op) {
	case OP_INFO:
		return snprintf(buf, n, " flags %#x", i->info.flags);
	case OP_MAP:
		return snprintf(buf, n,
				" flags %#x length %#llx node %d vmemmap_shift %u __reserved %#llx%s",
				i->map.flags,
				(unsigned long long)i->map.length,
				i->map.node, i->map.vmemmap_shift,
				(unsigned long long)i->map.__reserved,
				c->planned ? " (planned)" : "");
	case OP_UNMAP:
		return snprintf(buf, n, " flags %#x handle %u (%s)",
				i->unmap.flags, i->unmap.handle,
				c->claim ? "live" : c->maybe ? "maybe live" :
				"not live");
	case OP_VERIFY:
		return snprintf(buf, n, " flags %#x handle %u (%s)",
				i->verify.flags, i->verify.handle,
				c->claim ? "live, claimed for UNMAP" :
				"not live");
	case OP_ROOFLINE:
		return snprintf(buf, n,
				" flags %#x length %#llx node %d __reserved %#llx %#llx copy_length %#llx",
				i->roof.flags,
				(unsigned long long)i->roof.length,
				i->roof.node,
				(unsigned long long)i->roof.__reserved[0],
				(unsigned long long)i->roof.__reserved[1],
				(unsigned long long)i->roof.copy_length);
	case OP_MIGRATE:
		return snprintf(buf, n,
				" flags %#x handle %u (%s) direction %u addr %#llx length %#llx (%s) batch %u __reserved %#llx %#llx",
				i->mig.flags, i->mig.handle, mode_name(c),
				i->mig.direction,
				(unsigned long long)i->mig.addr,
				(unsigned long long)i->mig.length,
				akind_name[c->akind], i->mig.batch,
				(unsigned long long)i->mig.__reserved[0],
				(unsigned long long)i->mig.__reserved[1]);
	case OP_FAULT_READ:
		return snprintf(buf, n,
				" flags %#x handle %u (%s) rec_size %u records %#llx nr %u capacity %u faults %llu dropped %llu",
				i->fread.flags, i->fread.handle, mode_name(c),
				i->fread.rec_size,
				(unsigned long long)i->fread.records,
				i->fread.nr, i->fread.capacity,
				(unsigned long long)i->fread.faults,
				(unsigned long long)i->fread.dropped);
	default:
		return 0;
	}
}

static void describe(const struct thread *t, const struct call *c,
		     char *buf, size_t n)
{
	int pos;

	pos = snprintf(buf, n, "%s cmd %#x fd #%ld%s size %u ptr ",
		       op_name[c->op], (unsigned int)c->cmd,
		       (long)(c->hf - fds), c->hf == fds ? " (shared)" : "",
		       c->usize);
	pos += describe_ptr(t, c, buf + pos, n - pos);
	if (c->nz >= 0)
		pos += snprintf(buf + pos, n - pos, " tail byte %ld non-zero",
				c->nz);
	describe_fields(c, buf + pos, n - pos);
}

/*
 * Reports a contract violation of call @c (NULL: between calls).  A
 * broken driver fails thousands of calls: the first few say enough.
 */
static void violation(const struct thread *t, const struct call *c,
		      const char *fmt, ...)
{
	unsigned long long n = atomic_fetch_add(&stats->violations, 1);
	char what[512] = "between calls";
	va_list ap;

	if (n == MAX_REPORTS)
		fprintf(stderr, "hbfuzz: more violations are counted, not shown\n");
	if (n >= MAX_REPORTS)
		return;
	if (c)
		describe(t, c, what, sizeof(what));
	pthread_mutex_lock(&print_lock);
	fprintf(stderr, "hbfuzz: FAIL seed %llu call %llu thread %d%s: %s: ",
		(unsigned long long)env.seed,
		(unsigned long long)(c ? c->index : 0), t->id,
		t->nocap ? " (no CAP_SYS_ADMIN)" : "", what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&print_lock);
}

/* VFS handles these types' commands before any driver sees them. */
static bool vfs_type(unsigned int type)
{
	return type == 0x00 || type == 'T' || type == 'X' || type == 'f' ||
	       type == 0x94;
}

/* A command the driver dispatches to @op, with any direction and size. */
static unsigned long real_cmd(struct thread *t, enum op op)
{
	unsigned long cmd = canon_cmd[op];

	if (chance(t, 200))
		cmd = _IOC(below(t, 4), HMMBENCH_IOC_MAGIC, _IOC_NR(cmd),
			   below(t, 1 << _IOC_SIZEBITS));
	/* The kernel takes the low 32 bits of the command. */
	if (chance(t, 30))
		cmd |= rnd(t) << 32;
	return cmd;
}

/*
 * The first command number the driver does not know.  WATCH (5) and
 * WATCH_READ (6) are known but not fuzzed here: their errnos depend on
 * which descriptor holds the one window, which hbtest's watch-race
 * hammers from several threads instead.
 */
#define FIRST_UNKNOWN_NR	(_IOC_NR(HMMBENCH_IOC_FAULT_READ) + 1)

/* A command the driver must refuse with ENOTTY, often a near miss. */
static unsigned long bogus_cmd(struct thread *t, enum op op)
{
	static const unsigned char near[] = {
		0xba, 0xbc, 0x3b, 0xbf, 0xb3, 0xab, 'H'
	};
	unsigned int size = _IOC_SIZE(canon_cmd[op]);
	unsigned long cmd;

	switch (below(t, 4)) {
	case 0:
		return _IOC(_IOC_READ | _IOC_WRITE,
			    near[below(t, ARRAY_SIZE(near))],
			    _IOC_NR(canon_cmd[op]), size);
	case 1:
		return _IOC(below(t, 4), HMMBENCH_IOC_MAGIC,
			    FIRST_UNKNOWN_NR + below(t, 256 - FIRST_UNKNOWN_NR),
			    size);
	case 2:
		return canon_cmd[op] ^ (1UL << (_IOC_TYPESHIFT + below(t, 8)));
	default:
		cmd = (uint32_t)rnd(t);
		if (_IOC_TYPE(cmd) == HMMBENCH_IOC_MAGIC ||
		    vfs_type(_IOC_TYPE(cmd)))
			cmd ^= 1UL << _IOC_TYPESHIFT;
		return cmd;
	}
}

/*
 * A declared size: mostly the kernel's, else around every boundary; a
 * struct that grew since its first version also gets the sizes in
 * between, which cover its new fields in part or not at all.
 */
static uint32_t pick_size(struct thread *t, uint32_t ksize, uint32_t ver0)
{
	const uint32_t sizes[] = {
		0, 1, 3, 4, 8, ver0 - 1, ver0, ksize + 1, ksize + 4,
		ksize + 8, ksize + 8, ksize + 64, PAGE - 1, PAGE, PAGE,
		PAGE + 1, 2 * PAGE, 0xfff00000, 0x80000000, 0xffffffff
	};

	if (chance(t, 550))
		return ksize;
	if (ksize > ver0 && chance(t, 200)) {
		if (chance(t, 300))
			return ver0;
		return ver0 + 8 * below(t, (ksize - ver0) / 8 + 1) -
		       (chance(t, 200) ? below(t, 8) : 0);
	}
	if (chance(t, 100))
		return below(t, PAGE + 64);
	return sizes[below(t, ARRAY_SIZE(sizes))];
}

/* How far before a page boundary a struct starts. */
static uint64_t pick_k(struct thread *t, const struct call *c)
{
	const uint64_t ks[] = {
		1, 2, 3, 4, 8, c->ksize - 1, c->ksize, c->ksize, c->ksize + 8,
		MIN(c->usize, PAGE)
	};
	uint64_t k;

	if (chance(t, 300))
		k = 1 + below(t, c->ksize + 16);
	else
		k = ks[below(t, ARRAY_SIZE(ks))];
	return MAX(k, 1);
}

static uintptr_t bad_ptr(struct thread *t)
{
	static const uint64_t bad[] = {
		0, 1, 8, 0xfff, 0x1000, 0xfffc,
		0xffff888000000000ULL, 0xffffffff81000000ULL,
		0xffffffffff600000ULL, 0xfffffffffffffffcULL,
		0xffffffffffffffffULL, 0x8000000000000000ULL,
		0x0000800000000000ULL, 0x00007ffffffff000ULL,
	};

	switch (below(t, 4)) {
	case 0:
		return (uintptr_t)t->arena + A_GUARD * PAGE + below(t, PAGE);
	case 1:
		if (hole_unmapped(t))
			return (uintptr_t)t->arena + A_HOLE * PAGE +
			       below(t, PAGE);
		/* fall through */
	default:
		return bad[below(t, ARRAY_SIZE(bad))];
	}
}

/* Where the struct goes; a planned MAP's mostly in writable memory. */
static void place(struct thread *t, struct call *c, bool planned)
{
	uintptr_t a = (uintptr_t)t->arena;
	unsigned int r = planned && chance(t, 800) ? 0 : below(t, 100);
	uint64_t off;

	if (r >= 82 && r < 88 && !hole_unmapped(t))
		r = 80;
	if (r < 50) {
		off = below(t, PAGE);
		c->place = PL_RW;
		c->ptr = a + (chance(t, 700) ? off & ~7UL : off);
	} else if (r < 58) {
		c->place = PL_RO;
		c->ptr = a + A_RO * PAGE +
			 (below(t, PAGE - c->ksize + 1) & ~7UL);
	} else if (r < 66) {
		c->place = PL_RW_RO;
		c->ptr = a + A_RO * PAGE - 1 - below(t, c->ksize + 8);
	} else if (r < 72) {
		c->place = PL_RO_RW;
		c->ptr = a + A_RW3 * PAGE - 1 - below(t, c->ksize + 8);
	} else if (r < 82) {
		c->place = PL_GUARD;
		c->ptr = a + A_GUARD * PAGE - pick_k(t, c);
	} else if (r < 88) {
		c->place = PL_HOLE;
		c->ptr = a + A_HOLE * PAGE - pick_k(t, c);
	} else {
		c->place = PL_BAD;
		c->ptr = bad_ptr(t);
	}
}

/* Bytes past the struct: zero, or one non-zero byte where it can go. */
static void pick_tail(struct thread *t, struct call *c)
{
	uint64_t end = MIN(c->usize, 2 * PAGE);
	long nz;

	if (c->place == PL_BAD || end <= c->ksize || chance(t, 500))
		return;
	nz = c->ksize + below(t, end - c->ksize);
	if (prot_at(t, c->ptr + nz) != P_NONE)
		c->nz = nz;
}

static uint32_t pick_flags(struct thread *t)
{
	if (chance(t, 850))
		return 0;
	return chance(t, 500) ? 1U << below(t, 32) : (uint32_t)rnd(t);
}

/* An aligned length the budget refuses but the address space allows. */
static uint64_t over_budget(struct thread *t)
{
	uint64_t a = kinfo.align;
	uint64_t lo = (2 * kinfo.max_size / a + 1) * a;
	uint64_t hi = kinfo.phys_lo / a * a;

	if (lo > hi)
		return 0;
	return lo + below(t, (hi - lo) / a + 1) * a;
}

static uint64_t pick_length(struct thread *t)
{
	uint64_t a = kinfo.align;
	const uint64_t lens[] = {
		0, 1, PAGE, a / 2, a - PAGE, a + PAGE, a, 2 * a, 4 * a,
		1ULL << 30, 64ULL << 30, kinfo.max_size, kinfo.max_size + a,
		(1ULL << 40) - a, 1ULL << 40, 1ULL << 46, 1ULL << 52,
		1ULL << 63, -a, ~0ULL
	};
	unsigned int r = below(t, 100);

	if (r < 15)
		return rnd(t);
	if (r < 30)
		return rnd(t) & -a;
	if (r < 50 && over_budget(t))
		return over_budget(t);
	return lens[below(t, ARRAY_SIZE(lens))];
}

static int32_t pick_node(struct thread *t)
{
	const int32_t nodes[] = {
		0, 1, 2, -2, INT32_MIN, INT32_MAX, 63, 64, 1023, 1024,
		(int32_t)kinfo.nr_nodes, (int32_t)kinfo.nr_nodes - 1
	};

	if (chance(t, 700))
		return HMMBENCH_NODE_LOCAL;
	if (chance(t, 200))
		return (int32_t)rnd(t);
	return nodes[below(t, ARRAY_SIZE(nodes))];
}

/*
 * Never 1: Linux 6.1 gives an order-1 compound head no order (its
 * memmap_init_compound() prepares the head at the third page), which
 * VERIFY rightly reports; hbtest's verify-order-1 covers that case.
 */
static uint32_t pick_shift(struct thread *t)
{
	const uint32_t shifts[] = {
		2, 9, kinfo.section_order, kinfo.section_order + 1,
		kinfo.pud_order, kinfo.pud_order + 1, 31, 32, 63, 64,
		0xffffffff
	};

	if (chance(t, 800))
		return 0;
	if (chance(t, 200))
		return (uint32_t)rnd(t);
	return shifts[below(t, ARRAY_SIZE(shifts))];
}

static void gen_info(struct thread *t, struct call *c)
{
	random_bytes(t, &c->img.info, sizeof(c->img.info));
	c->img.info.size = c->usize;
	c->img.info.flags = pick_flags(t);
}

static void gen_map(struct thread *t, struct call *c)
{
	struct hmmbench_map *m = &c->img.map;

	random_bytes(t, m, sizeof(*m));
	m->size = c->usize;
	m->flags = pick_flags(t);
	m->length = pick_length(t);
	m->node = pick_node(t);
	m->vmemmap_shift = pick_shift(t);
	m->__reserved = chance(t, 850) ? 0 : rnd(t) | 1;
}

/* A small MAP that should succeed: 1 to 4 sections, a good node. */
static void gen_planned(struct thread *t, struct call *c)
{
	struct hmmbench_map *m = &c->img.map;
	bool shift = kinfo.features & HMMBENCH_FEAT_VMEMMAP_SHIFT;

	random_bytes(t, m, sizeof(*m));
	m->size = c->usize;
	m->flags = 0;
	m->length = (1 + below(t, 4)) * kinfo.align;
	m->node = chance(t, 800) ? HMMBENCH_NODE_LOCAL : kinfo.first_node;
	m->vmemmap_shift = shift && chance(t, 150) ?
			   2 + below(t, kinfo.section_order - 1) : 0;	/* not 1 */
	m->__reserved = 0;
}

/* Makes one field of @m invalid, so that the driver maps nothing. */
static void spoil_map(struct thread *t, struct hmmbench_map *m)
{
	switch (below(t, 5)) {
	case 0:
		m->flags |= 1U << below(t, 32);
		break;
	case 1:
		m->__reserved |= 1ULL << below(t, 64);
		break;
	case 2:
		m->length = chance(t, 500) ? 0 : m->length | PAGE;
		break;
	case 3:
		m->node = -2 - (int32_t)below(t, 1000);
		break;
	default:
		m->vmemmap_shift = kinfo.pud_order + 1 + below(t, 100);
		break;
	}
}

/* A live handle of another descriptor, or a small number. */
static uint32_t other_fd_handle(struct thread *t, const struct hb_fd *not)
{
	struct hb_fd *o = &fds[below(t, NR_FDS)];
	uint32_t h = 0;

	if (o != not) {
		pthread_mutex_lock(&o->lock);
		if (o->fd >= 0 && o->live.n)
			h = o->live.h[below(t, o->live.n)];
		pthread_mutex_unlock(&o->lock);
	}
	return h ? h : 1 + below(t, 8);
}

static uint32_t gone_handle(struct thread *t, struct hb_fd *hf)
{
	uint32_t h;

	pthread_mutex_lock(&hf->lock);
	h = hf->nr_gone ?
	    hf->gone[below(t, MIN(hf->nr_gone, NR_GONE))] : 0;
	pthread_mutex_unlock(&hf->lock);
	return h ? h : 1 + below(t, 8);
}

static uint32_t guess_value(struct thread *t, struct hb_fd *hf)
{
	static const uint32_t huge[] = {
		0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 1U << 20
	};

	switch (below(t, 6)) {
	case 0:
		return 0;
	case 1:
	case 2:
		return 1 + below(t, 8);
	case 3:
		return chance(t, 500) ? huge[below(t, ARRAY_SIZE(huge))] :
					(uint32_t)rnd(t);
	case 4:
		return other_fd_handle(t, hf);
	default:
		return gone_handle(t, hf);
	}
}

/*
 * Chooses the UNMAP handle: a live one this thread takes over (a claim),
 * or a guess, which other threads' MAPs may make valid while it runs.
 */
static void unmap_pick(struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	bool want_live = chance(t, 400);
	uint32_t h = guess_value(t, hf);
	uint64_t r = rnd(t);

	pthread_mutex_lock(&hf->lock);
	if (want_live && hf->live.n)
		h = hf->live.h[r % hf->live.n];
	else if (want_live && hf->maybe.n)
		h = hf->maybe.h[r % hf->maybe.n];
	if (h && hset_del(&hf->live, h)) {
		hset_add_claim(&hf->busy, h);
		claim_note(hf, c, h);
	} else if (h && hset_has(&hf->busy, h)) {
		h = 0;
	} else if (h) {
		c->maybe = hset_has(&hf->maybe, h);
		c->shared = guessed(hf, h);
		hf->guess[t->id] = h;
		c->gen = hf->gen;
		c->inflight = hf->inflight;
	}
	pthread_mutex_unlock(&hf->lock);
	c->img.unmap.handle = h;
}

static void gen_unmap(struct thread *t, struct call *c)
{
	random_bytes(t, &c->img.unmap, sizeof(c->img.unmap));
	c->img.unmap.size = c->usize;
	c->img.unmap.flags = pick_flags(t);
	if (c->op == OP_UNMAP)
		unmap_pick(t, c);
	else
		c->img.unmap.handle = guess_value(t, c->hf);
}

/*
 * Chooses the VERIFY handle of a call of its own: 0, or a guess that no
 * chunk of the descriptor can have.  A VERIFY hides the chunk it reads
 * from UNMAP, so it must never find one that another thread may claim:
 * a guess stands only while no MAP on the descriptor runs and the handle
 * is neither live, being unmapped nor maybe live, and it is recorded so
 * that a MAP that issues it meanwhile makes it maybe live, never live.
 */
static uint32_t safe_guess(struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	uint32_t h = guess_value(t, hf);

	pthread_mutex_lock(&hf->lock);
	if (hf->inflight || hset_has(&hf->live, h) ||
	    hset_has(&hf->busy, h) || hset_has(&hf->maybe, h))
		h = 0;
	if (h) {
		hf->guess[t->id] = h;
		c->gen = hf->gen;
	}
	pthread_mutex_unlock(&hf->lock);
	return h;
}

static void verify_pick(struct thread *t, struct call *c)
{
	c->img.verify.handle = safe_guess(t, c);
}

static void gen_verify(struct thread *t, struct call *c)
{
	random_bytes(t, &c->img.verify, sizeof(c->img.verify));
	c->img.verify.size = c->usize;
	c->img.verify.flags = pick_flags(t);
	if (c->op == OP_VERIFY)
		verify_pick(t, c);
	else
		c->img.verify.handle = guess_value(t, c->hf);
	/* Mostly the pgmap of no address, or a chunk's while it lives */
	if (c->op == OP_VERIFY && chance(t, 100)) {
		c->img.verify.flags = HMMBENCH_VERIFY_PHYS;
		c->img.verify.handle = chance(t, 900) ? 0 : c->img.verify.handle;
		c->img.verify.phys = chance(t, 500) ? rnd(t) :
				     rnd(t) % (kinfo.phys_hi + 1);
	}
}

/*
 * A live handle of the descriptor this call takes for itself (a claim):
 * the chunk holding @pfn if one does, else one without vmemmap_shift if
 * @no_shift asks, else any; 0 if there is none.
 */
static uint32_t claim_pick(struct thread *t, struct call *c, bool no_shift,
			   uint64_t pfn)
{
	struct hb_fd *hf = c->hf;
	uint32_t cand[MAX_HANDLES], h = 0;
	uint64_t r = rnd(t);
	int i, n = 0;

	pthread_mutex_lock(&hf->lock);
	for (i = 0; i < hf->live.n; i++) {
		uint32_t x = hf->live.h[i];
		struct chunk_meta *m = meta_find(hf, x);

		if (pfn && m && pfn >= m->pfn && pfn - m->pfn < m->npages) {
			h = x;
			break;
		}
		if (!no_shift || (m && !m->shift))
			cand[n++] = x;
	}
	if (!h && n)
		h = cand[r % n];
	if (h) {
		hset_del(&hf->live, h);
		hset_add_claim(&hf->busy, h);
		claim_note(hf, c, h);
		c->mode = H_CLAIM;
	}
	pthread_mutex_unlock(&hf->lock);
	return h;
}

/* A handle another thread has claimed, poked at; 0 if there is none. */
static uint32_t poke_pick(struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	uint64_t r = rnd(t);
	uint32_t h = 0;

	pthread_mutex_lock(&hf->lock);
	if (hf->busy.n) {
		h = hf->busy.h[r % hf->busy.n];
		/* a MAP that issues it again makes it maybe live */
		hf->guess[t->id] = h;
		hf->poke[t->id] = h;
		hf->pokes[h % POKE_SLOTS]++;
		c->mode = H_POKE;
	}
	pthread_mutex_unlock(&hf->lock);
	return h;
}

/*
 * The handle of a MIGRATE or FAULT_READ: a claim, a poke or a guess; any
 * number for an unknown command, which looks no handle up.
 */
static uint32_t pick_handle(struct thread *t, struct call *c, bool no_shift,
			    uint64_t pfn)
{
	unsigned int claim = c->careful ? 850 : 300;
	unsigned int r = below(t, 1000);
	uint32_t h = 0;

	c->mode = H_GUESS;
	if (c->op == OP_BOGUS)
		return guess_value(t, c->hf);
	if (r < claim)
		h = claim_pick(t, c, no_shift, pfn);
	else if (r < claim + 100)
		h = poke_pick(t, c);
	return h ? h : safe_guess(t, c);
}

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

/* What a MIGRATE's range covers, for what it gives once the chunk is found */
enum { AK_BUF, AK_OVER, AK_HOLE, AK_LOW, AK_UNMAPPED, AK_JUNK };

/* Whether the driver takes the range of @m (maybe: up to TASK_HI). */
static bool range_valid(const struct hmmbench_migrate *m)
{
	uint64_t end = m->addr + m->length;

	return m->length && !(m->addr % PAGE) && !(m->length % PAGE) &&
	       end >= m->addr && end <= TASK_HI;
}

/* A range the driver refuses, or nearly. */
static void junk_range(struct thread *t, struct hmmbench_migrate *m)
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
		s = below(t, BUF_PAGES);
		m->addr = buf + s * PAGE;
		m->length = (BUF_PAGES - s + 1 + below(t, 8)) * PAGE;
		break;
	case AK_HOLE:
		m->addr = end + below(t, 16) * PAGE;
		m->length = (1 + below(t, 16)) * PAGE;
		if (unmapped(m->addr))
			break;
		c->akind = AK_LOW;
		/* fall through */
	case AK_LOW:
		/* below mmap_min_addr */
		m->addr = below(t, 8) * PAGE;
		m->length = (1 + below(t, 64)) * PAGE;
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

static void gen_migrate(struct thread *t, struct call *c)
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

static void gen_fault_read(struct thread *t, struct call *c)
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

/* ROOFLINE's flags: HMMBENCH_ROOFLINE_COPY in nearly half the calls. */
static uint32_t pick_roof_flags(struct thread *t)
{
	unsigned int r = below(t, 100);

	if (r < 40)
		return HMMBENCH_ROOFLINE_COPY;
	if (r < 45)
		return HMMBENCH_ROOFLINE_COPY | 1U << (1 + below(t, 31));
	return pick_flags(t);
}

/* A valid copy_length whose two buffers exceed twice the budget, or 0. */
static uint64_t copy_over_budget(struct thread *t)
{
	uint64_t lo = (kinfo.budget / PAGE + 1) * PAGE;
	uint64_t hi = kinfo.phys_lo / PAGE * PAGE;

	if (lo > hi)
		return 0;
	return lo + below(t, MIN((hi - lo) / PAGE + 1, 1ULL << 20)) * PAGE;
}

/*
 * ROOFLINE's copy_length.  With HMMBENCH_ROOFLINE_COPY, mostly a few
 * pages to 4 MiB, which the driver allocates twice and copies: each call
 * stays short under emulation.  Else the edges: zero, unaligned, over the
 * budget but valid (ENOMEM before any allocation), past the largest
 * chunk.  Without the flag, mostly 0.
 */
static uint64_t pick_copy_length(struct thread *t, bool copy)
{
	const uint64_t lens[] = {
		0, 1, PAGE / 2, PAGE - 1, PAGE + 1, 2 * PAGE + 8,
		(2ULL << 20) + 512, kinfo.phys_lo / PAGE * PAGE + PAGE,
		(kinfo.phys_hi + PAGE) / PAGE * PAGE, 1ULL << 63, -PAGE,
		~0ULL
	};
	unsigned int r = below(t, 100);

	if (!copy && chance(t, 900))
		return 0;
	if (copy && r < 40)
		return (1 + below(t, 16)) * PAGE;
	if (copy && r < 60)
		return (1 + below(t, 1024)) * PAGE;
	if (copy && r < 65)
		return ((1 + below(t, 2)) << 21) + (chance(t, 500) ? PAGE : 0);
	if (r < 75 && copy_over_budget(t))
		return copy_over_budget(t);
	if (r < 80)
		return rnd(t);
	if (r < 85)
		return rnd(t) & -PAGE;
	return lens[below(t, ARRAY_SIZE(lens))];
}

/*
 * ROOFLINE writes a buffer as large as the struct pages of its length:
 * lengths it would accept above eight sections become one to four, so
 * that the calls stay short; those over the budget stay, for ENOMEM.
 */
static void gen_roofline(struct thread *t, struct call *c)
{
	struct hmmbench_roofline *r = &c->img.roof;

	random_bytes(t, r, sizeof(*r));
	r->size = c->usize;
	r->flags = pick_roof_flags(t);
	r->length = pick_length(t);
	if (r->length > 8 * kinfo.align && r->length <= kinfo.max_size)
		r->length = (1 + below(t, 4)) * kinfo.align;
	r->node = pick_node(t);
	r->__reserved[0] = chance(t, 900) ? 0 : rnd(t) | 1;
	r->__reserved[1] = chance(t, 900) ? 0 : rnd(t) | 1;
	r->copy_length = pick_copy_length(t,
					  r->flags & HMMBENCH_ROOFLINE_COPY);
}

/* The struct as the kernel sees it after copying @c->usize bytes in. */
static void kview(const struct call *c, void *dst)
{
	memset(dst, 0, c->ksize);
	memcpy(dst, c->img.b, MIN(c->usize, c->ksize));
}

/* The size-prefixed copy-in every struct goes through; 0 if it passes. */
static unsigned int expect_copy_in(const struct thread *t,
				   const struct call *c, uint32_t ver0)
{
	bool readable;

	if (!range_ok(t, c->ptr, sizeof(uint32_t), P_RO))
		return OB(OC_EFAULT);
	if (c->usize < ver0)
		return OB(OC_EINVAL);
	if (c->usize > PAGE)
		return OB(OC_E2BIG);
	readable = range_ok(t, c->ptr, c->usize, P_RO);
	if (!readable)
		return OB(OC_EFAULT) | (c->nz >= 0 ? OB(OC_E2BIG) : 0);
	return c->nz >= 0 ? OB(OC_E2BIG) : 0;
}

/* Whether the (out) fields the caller declared are writable. */
static bool out_ok(const struct thread *t, const struct call *c)
{
	uint32_t start, end;
	int i;

	for (i = 0; i < OUT_RUNS; i++) {
		start = op_out[c->op][i].start;
		end = MIN(op_out[c->op][i].end, c->usize);
		if (end > start &&
		    !range_ok(t, c->ptr + start, end - start, P_RW))
			return false;
	}
	return true;
}

/* Whether byte @off of the struct is an (out) byte the caller declared. */
static bool out_byte(const struct call *c, uint32_t off)
{
	int i;

	for (i = 0; i < OUT_RUNS; i++)
		if (off >= op_out[c->op][i].start &&
		    off < MIN(op_out[c->op][i].end, c->usize))
			return true;
	return false;
}

static unsigned int expect_info(const struct thread *t, struct call *c)
{
	struct hmmbench_info info;
	unsigned int x = expect_copy_in(t, c, HMMBENCH_INFO_SIZE_VER0);

	if (x)
		return x;
	kview(c, &info);
	if (info.flags)
		return OB(OC_EINVAL);
	return out_ok(t, c) ? OB(OC_OK) : OB(OC_EFAULT);
}

static bool node_online(int32_t node)
{
	return node >= 0 && node < MAX_NODES &&
	       kinfo.online[node / 8] & (1U << (node % 8));
}

/* The EINVAL and EOPNOTSUPP bits the fields of @m call for. */
static unsigned int map_field_errors(const struct hmmbench_map *m)
{
	unsigned int x = 0;

	if (m->flags || m->__reserved)
		x |= OB(OC_EINVAL);
	if (!m->length || m->length % kinfo.align ||
	    m->length > kinfo.phys_hi)
		x |= OB(OC_EINVAL);
	if (m->node != HMMBENCH_NODE_LOCAL && !node_online(m->node))
		x |= OB(OC_EINVAL);
	if (m->vmemmap_shift &&
	    !(kinfo.features & HMMBENCH_FEAT_VMEMMAP_SHIFT))
		x |= OB(OC_EOPNOTSUPP);
	if (m->vmemmap_shift > kinfo.pud_order ||
	    m->length % ((uint64_t)PAGE << m->vmemmap_shift))
		x |= OB(OC_EINVAL);
	return x;
}

/*
 * MAP: the copy-in, the fields, and the (out) fields, which must be
 * writable before a chunk is made (probe_failed_map() looks).
 */
static unsigned int expect_map_cap(const struct thread *t, struct call *c)
{
	struct hmmbench_map m;
	unsigned int x;

	c->may_map = false;
	x = expect_copy_in(t, c, HMMBENCH_MAP_SIZE_VER0);
	if (x)
		return x;
	kview(c, &m);
	x = map_field_errors(&m);
	if (x)
		return x;
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	c->may_map = m.length <= 2 * kinfo.max_size;
	x = OB(OC_ENOMEM) | OB(OC_ENOSPC);
	if (m.length > kinfo.phys_lo)
		x |= OB(OC_EINVAL);
	if (c->may_map)
		x |= OB(OC_OK);
	return x;
}

/* Without CAP_SYS_ADMIN, EPERM before anything else. */
static unsigned int expect_map(const struct thread *t, struct call *c)
{
	unsigned int x = expect_map_cap(t, c);

	return t->nocap ? OB(OC_EPERM) : x;
}

/*
 * UNMAP: EPERM, copy-in, flags, (out) fields writable, then the handle.
 * A guess is ENOENT unless a MAP ran meanwhile on the descriptor.
 */
static unsigned int expect_unmap(const struct thread *t, struct call *c)
{
	struct hmmbench_unmap u;
	unsigned int x;

	c->may_find = false;
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_UNMAP_SIZE_VER0);
	if (x)
		return x;
	kview(c, &u);
	if (u.flags)
		return OB(OC_EINVAL);
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	if (c->claim) {
		c->found = OB(OC_OK);
		return OB(OC_OK);
	}
	c->may_find = u.handle != 0;
	if (c->may_find && (c->maybe || c->inflight))
		return OB(OC_ENOENT) | OB(OC_OK);
	return OB(OC_ENOENT);
}

/*
 * VERIFY: EPERM, copy-in, flags (HMMBENCH_VERIFY_PHYS needs handle 0 and
 * a size with phys), EOPNOTSUPP without the feature, (out) fields
 * writable, then the handle.  A guess is ENOENT unless a MAP ran
 * meanwhile (verify_finish() allows success then).  A random phys lies
 * in no pgmap, or in a chunk or namespace, which VERIFY reads (EBUSY while
 * a MAP is adding it).
 */
static unsigned int expect_verify(const struct thread *t, struct call *c)
{
	struct hmmbench_verify v;
	unsigned int x;
	bool phys;

	c->may_find = false;
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_VERIFY_SIZE_VER0);
	if (x)
		return x;
	kview(c, &v);
	phys = v.flags == HMMBENCH_VERIFY_PHYS;
	if (v.flags && (!phys || v.handle ||
			c->usize < HMMBENCH_VERIFY_SIZE_VER1))
		return OB(OC_EINVAL);
	if (!phys && !(kinfo.features & HMMBENCH_FEAT_VERIFY))
		return OB(OC_EOPNOTSUPP);
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	if (phys)
		return OB(OC_ENOENT) | OB(OC_OK) | OB(OC_EBUSY);
	if (c->claim) {
		c->found = OB(OC_OK);
		return OB(OC_OK);
	}
	c->may_find = v.handle != 0;
	return OB(OC_ENOENT);
}

/*
 * ROOFLINE's copy_length: with HMMBENCH_ROOFLINE_COPY, a size that covers
 * it and a non-zero multiple of the page size up to the largest chunk's
 * length (the window's, between phys_lo and phys_hi); without, 0.
 */
static bool roof_copy_bad(const struct call *c,
			  const struct hmmbench_roofline *r)
{
	if (!(r->flags & HMMBENCH_ROOFLINE_COPY))
		return r->copy_length;
	return c->usize < HMMBENCH_ROOFLINE_SIZE_VER1 || !r->copy_length ||
	       r->copy_length % PAGE || r->copy_length > kinfo.phys_hi;
}

/*
 * ROOFLINE: EPERM, copy-in, flags and reserved words, copy_length, length
 * and node as MAP's, (out) fields writable; then it succeeds or finds no
 * memory for its buffers (over the budget, or no free PMD-sized blocks).
 * The memmap's bytes and twice copy_length count against the budget:
 * twice the budget at the start cannot succeed.
 */
static unsigned int expect_roofline(const struct thread *t, struct call *c)
{
	struct hmmbench_roofline r;
	unsigned int x;
	uint64_t need;

	if (!(kinfo.features & HMMBENCH_FEAT_ROOFLINE))
		return OB(OC_ENOTTY);
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_ROOFLINE_SIZE_VER0);
	if (x)
		return x;
	kview(c, &r);
	if (r.flags & ~HMMBENCH_ROOFLINE_COPY || r.__reserved[0] ||
	    r.__reserved[1] || roof_copy_bad(c, &r) || !r.length ||
	    r.length % kinfo.align || r.length > kinfo.phys_hi ||
	    (r.node != HMMBENCH_NODE_LOCAL && !node_online(r.node)))
		return OB(OC_EINVAL);
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	x = OB(OC_ENOMEM);
	if (r.length > kinfo.phys_lo || r.copy_length > kinfo.phys_lo)
		x |= OB(OC_EINVAL);
	need = r.length / PAGE * kinfo.struct_page + 2 * r.copy_length;
	if (need <= 2 * kinfo.budget)
		x |= OB(OC_OK);
	return x;
}

/*
 * What a handle's lookup gives: a claim finds its chunk, a poke finds it
 * or not, a guess does not (unless a MAP raced: settle_handle()).
 */
static unsigned int expect_lookup(struct call *c, unsigned int found,
				  uint32_t h)
{
	c->found = found;
	c->may_find = c->mode == H_GUESS && h;
	switch (c->mode) {
	case H_CLAIM:
		return found;
	case H_POKE:
		return found | OB(OC_ENOENT);
	default:
		return OB(OC_ENOENT);
	}
}

/*
 * MIGRATE, in dev.c's order: EPERM; copy-in; flags and reserved words;
 * EOPNOTSUPP without the feature (or _THP for the flag); direction;
 * range (its end past TASK_SIZE, which lies between TASK_LO and TASK_HI);
 * batch; with THP, a range not PMD-aligned; (out) fields writable; the
 * handle; then vmemmap_shift (EINVAL) and the range itself: the buffer
 * moves (or not, ENOMEM), a range with a page in no mapping is EFAULT
 * before anything moves.
 */
static unsigned int expect_migrate(const struct thread *t, struct call *c)
{
	struct hmmbench_migrate m;
	unsigned int x, maybe = 0, found;

	c->found = 0;
	c->may_find = false;
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_MIGRATE_SIZE_VER0);
	if (x)
		return x;
	kview(c, &m);
	if (m.flags & ~HMMBENCH_MIGRATE_THP || m.__reserved[0] ||
	    m.__reserved[1])
		return OB(OC_EINVAL);
	if (!(kinfo.features & HMMBENCH_FEAT_MIGRATE) ||
	    (m.flags & HMMBENCH_MIGRATE_THP &&
	     !(kinfo.features & HMMBENCH_FEAT_MIGRATE_THP)))
		return OB(OC_EOPNOTSUPP);
	if (m.direction != HMMBENCH_MIGRATE_TO_DEVICE &&
	    m.direction != HMMBENCH_MIGRATE_TO_SYSTEM)
		return OB(OC_EINVAL);
	if (!range_valid(&m))
		return OB(OC_EINVAL);
	if (m.addr + m.length > TASK_LO)
		maybe = OB(OC_EINVAL);
	if (m.batch > HMMBENCH_MIGRATE_BATCH_MAX ||
	    (m.flags & HMMBENCH_MIGRATE_THP &&
	     (m.batch % PMD_PAGES || m.addr % (PMD_PAGES * PAGE) ||
	      m.length % (PMD_PAGES * PAGE))))
		return maybe | OB(OC_EINVAL);
	if (!out_ok(t, c))
		return maybe | OB(OC_EFAULT);
	/* the first MIGRATE of a chunk allocates its device bookkeeping */
	found = OB(OC_ENOMEM);
	found |= c->akind == AK_BUF ? OB(OC_OK) : OB(OC_EFAULT);
	if (c->mode != H_CLAIM || !c->has_meta)
		found |= OB(OC_EINVAL);
	else if (c->meta.shift)
		found = OB(OC_EINVAL);
	return maybe | expect_lookup(c, found, m.handle);
}

/* Bytes FAULT_READ may write from @a: the records array's, or none. */
static uint64_t recs_room(const struct thread *t, uint64_t a)
{
	uint64_t base = (uintptr_t)t->recs;

	return a >= base && a - base < RECS_SIZE ? base + RECS_SIZE - a : 0;
}

/*
 * FAULT_READ, in dev.c's order: copy-in; flags, the (out) counters (zero
 * coming in), rec_size and nr; EOPNOTSUPP without HMMBENCH_FEAT_MIGRATE;
 * (out) fields writable; the handle.  No CAP_SYS_ADMIN needed.  Records
 * are written only when there are some: an array that cannot hold nr
 * of them fails with EFAULT only if the chunk has more than it holds.
 */
static unsigned int expect_fault_read(const struct thread *t, struct call *c)
{
	struct hmmbench_fault_read r;
	unsigned int x, found = OB(OC_OK);

	c->found = 0;
	c->may_find = false;
	x = expect_copy_in(t, c, HMMBENCH_FAULT_READ_SIZE_VER0);
	if (x)
		return x;
	kview(c, &r);
	if (r.flags || r.capacity || r.faults || r.dropped ||
	    r.rec_size < HMMBENCH_FAULT_SIZE_VER0 || r.rec_size > PAGE ||
	    r.nr > HMMBENCH_FAULT_READ_MAX)
		return OB(OC_EINVAL);
	if (!(kinfo.features & HMMBENCH_FEAT_MIGRATE))
		return OB(OC_EOPNOTSUPP);
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	if ((uint64_t)r.nr * r.rec_size > recs_room(t, r.records))
		found |= OB(OC_EFAULT);
	return expect_lookup(c, found, r.handle);
}

static unsigned int expect(const struct thread *t, struct call *c)
{
	switch (c->op) {
	case OP_INFO:
		return expect_info(t, c);
	case OP_MAP:
		return expect_map(t, c);
	case OP_UNMAP:
		return expect_unmap(t, c);
	case OP_VERIFY:
		return expect_verify(t, c);
	case OP_ROOFLINE:
		return expect_roofline(t, c);
	case OP_MIGRATE:
		return expect_migrate(t, c);
	case OP_FAULT_READ:
		return expect_fault_read(t, c);
	default:
		return OB(OC_ENOTTY);
	}
}

/* Writes the struct and its declared tail where the arena has pages. */
static void arena_fill(const struct thread *t, const struct call *c)
{
	uint64_t n = MAX(c->ksize, MIN(c->usize, 2 * PAGE));
	uint64_t off, len, k;
	unsigned char *dst;
	uintptr_t a;

	if (c->place == PL_BAD)
		return;
	for (off = 0; off < n; off += len) {
		a = c->ptr + off;
		len = MIN(n - off, PAGE - a % PAGE);
		if (prot_at(t, a) == P_NONE)
			continue;
		dst = fill_ptr(t, a);
		k = off < c->ksize ? MIN(len, c->ksize - off) : 0;
		memcpy(dst, c->img.b + off, k);
		memset(dst + k, 0, len - k);
	}
	if (c->nz >= 0)
		*fill_ptr(t, c->ptr + c->nz) = 0x80 | (c->index & 0x7f);
}

/* Copies back what the kernel wrote; false if it cannot be read. */
static bool read_back(const struct thread *t, const struct call *c,
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
static void check_tail(const struct thread *t, const struct call *c)
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

static void judge(const struct thread *t, const struct call *c)
{
	char want[160];
	int x = oc_of(c->err);

	atomic_fetch_add(&stats->outcomes[x], 1);
	if (c->expect & OB(x))
		return;
	oc_format(c->expect, want, sizeof(want));
	violation(t, c, "got %s (%d), expected %s",
		  x == OC_OTHER ? strerror(c->err) : oc_name[x], c->err, want);
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

static void probe_counts(const struct thread *t, const struct call *c)
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

static void check_info_out(const struct thread *t, const struct call *c)
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

static void map_finish(const struct thread *t, struct call *c)
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

static void unmap_finish(const struct thread *t, struct call *c)
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
static void verify_finish(const struct thread *t, struct call *c)
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
static void check_roofline_out(const struct thread *t, const struct call *c)
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

/*
 * Settles the handle of a MIGRATE or FAULT_READ: a claim may have been
 * hidden by a poke, a poke ends, a guess may have found a chunk a MAP
 * made meanwhile (map_record() made it maybe live).
 */
static void settle_handle(const struct thread *t, struct call *c, uint32_t h)
{
	struct hb_fd *hf = c->hf;

	pthread_mutex_lock(&hf->lock);
	switch (c->mode) {
	case H_CLAIM:
		if (claim_poked(hf, c, h)) {
			c->poked = true;
			if (c->found)
				c->expect |= OB(OC_ENOENT);
		}
		break;
	case H_POKE:
		hf->poke[t->id] = 0;
		hf->guess[t->id] = 0;
		atomic_fetch_add(&stats->pokes, 1);
		if (c->found && c->err == ENOENT)
			atomic_fetch_add(&stats->pokes_hidden, 1);
		break;
	default:
		if (!h)
			break;
		hf->guess[t->id] = 0;
		if (c->may_find && (hf->inflight || hf->gen != c->gen))
			c->expect |= c->found;
		break;
	}
	pthread_mutex_unlock(&hf->lock);
}

/* A claimed chunk goes back: MIGRATE and FAULT_READ never destroy it. */
static void release_handle(struct call *c, uint32_t h)
{
	struct hb_fd *hf = c->hf;

	if (c->mode != H_CLAIM)
		return;
	pthread_mutex_lock(&hf->lock);
	hset_del(&hf->busy, h);
	claim_return(hf, h);
	pthread_mutex_unlock(&hf->lock);
}

/*
 * A page that came home: present, with its pattern.  Returns false after
 * reporting it.
 */
static bool check_page_home(const struct thread *t, const struct call *c,
			    uint64_t pg, uint64_t pme, const char *how)
{
	long w;

	if (!(pme & PM_PRESENT)) {
		violation(t, c, "buffer page %llu not home %s: pagemap %#llx",
			  (unsigned long long)pg, how,
			  (unsigned long long)pme);
		return false;
	}
	w = page_bad_word(t, pg);
	if (w < 0)
		return true;
	violation(t, c, "buffer page %llu came home %s with word %ld %#llx, expected %#llx",
		  (unsigned long long)pg, how, w,
		  (unsigned long long)buf_word(t, pg, w),
		  (unsigned long long)pattern(t, pg * WORDS + w));
	return false;
}

/*
 * A MIGRATE that succeeded: its counts add up (requested = collected +
 * skip_uncollected, collected = migrated + skip_nomem + skip_busy), its
 * phases fit in its total, and over the buffer, the pagemap before and
 * after agrees with migrated; the pages that came home kept their data.
 */
static void check_migrate_out(struct thread *t, const struct call *c,
			      const struct hmmbench_migrate *m)
{
	const struct hmmbench_migrate *in = &c->img.mig;
	bool thp = in->flags & HMMBENCH_MIGRATE_THP;
	uint64_t n = in->length / PAGE, b = in->batch ? in->batch : PMD_PAGES;
	uint64_t phases = m->setup_ns + m->alloc_ns + m->copy_ns +
			  m->pages_ns + m->finalize_ns;
	uint64_t first, before, after, i;

	if (m->requested != n ||
	    m->collected + m->skip_uncollected != m->requested ||
	    m->collected != m->migrated + m->skip_nomem + m->skip_busy ||
	    m->migrated > m->collected || m->thp * PMD_PAGES > m->migrated ||
	    (!thp && (m->thp || m->split)))
		violation(t, c, "counts: requested %llu collected %llu migrated %llu thp %llu split %llu skip_uncollected %llu skip_nomem %llu skip_busy %llu",
			  (unsigned long long)m->requested,
			  (unsigned long long)m->collected,
			  (unsigned long long)m->migrated,
			  (unsigned long long)m->thp,
			  (unsigned long long)m->split,
			  (unsigned long long)m->skip_uncollected,
			  (unsigned long long)m->skip_nomem,
			  (unsigned long long)m->skip_busy);
	/* the buffer is one mapping: a call per batch */
	if (c->akind == AK_BUF && m->calls != (n + b - 1) / b)
		violation(t, c, "%u migrate_vma_setup() calls for %llu pages in batches of %llu",
			  m->calls, (unsigned long long)n,
			  (unsigned long long)b);
	if (phases > m->total_ns)
		violation(t, c, "phases %llu ns (setup %llu alloc %llu copy %llu pages %llu finalize %llu) exceed total %llu ns",
			  (unsigned long long)phases,
			  (unsigned long long)m->setup_ns,
			  (unsigned long long)m->alloc_ns,
			  (unsigned long long)m->copy_ns,
			  (unsigned long long)m->pages_ns,
			  (unsigned long long)m->finalize_ns,
			  (unsigned long long)m->total_ns);
	if (!c->snapped || !buf_pagemap(t, t->now))
		return;
	first = (in->addr - (uintptr_t)t->buf) / PAGE;
	before = count_lent(t->snap, first, n, &c->meta);
	after = count_lent(t->now, first, n, &c->meta);
	if (in->direction == HMMBENCH_MIGRATE_TO_DEVICE ?
	    after != before + m->migrated :
	    after + m->migrated != before || m->collected > before)
		violation(t, c, "%llu of the range's pages were lent to the chunk before, %llu after, %llu migrated, %llu collected",
			  (unsigned long long)before,
			  (unsigned long long)after,
			  (unsigned long long)m->migrated,
			  (unsigned long long)m->collected);
	if (in->direction != HMMBENCH_MIGRATE_TO_SYSTEM)
		return;
	for (i = first; i < first + n; i++) {
		if (!lent_to(t->snap[i], &c->meta) ||
		    lent_to(t->now[i], &c->meta))
			continue;
		if (!check_page_home(t, c, i, t->now[i], "by MIGRATE"))
			break;
		atomic_fetch_add(&stats->homed, 1);
	}
}

static void migrate_finish(struct thread *t, struct call *c)
{
	uint32_t h = c->img.mig.handle;
	struct hmmbench_migrate m;

	settle_handle(t, c, h);
	judge(t, c);
	if (!c->err && read_back(t, c, &m)) {
		atomic_fetch_add(&stats->migrates, 1);
		atomic_fetch_add(&stats->moved, m.migrated);
		atomic_fetch_add(&stats->thp, m.thp);
		check_migrate_out(t, c, &m);
	}
	release_handle(c, h);
}

static bool in_buffers(uint64_t a)
{
	int i;

	for (i = 0; i < MAX_THREADS; i++)
		if (bufs[i] && a >= (uintptr_t)bufs[i] &&
		    a - (uintptr_t)bufs[i] < BUF_SIZE)
			return true;
	return false;
}

/* One record FAULT_READ wrote, @rec_size bytes at @p; false if bad. */
static bool check_record(const struct thread *t, const struct call *c,
			 const unsigned char *p, uint32_t rec_size, uint32_t i)
{
	bool thp = kinfo.features & HMMBENCH_FEAT_MIGRATE_THP;
	struct hmmbench_fault f;
	uint64_t phases;
	uint32_t j;

	memcpy(&f, p, sizeof(f));
	phases = f.setup_ns + f.alloc_ns + f.copy_ns + f.pages_ns +
		 f.finalize_ns;
	for (j = sizeof(f); j < rec_size && !p[j]; j++)
		;
	if (f.size == sizeof(f) && !f.__reserved && j == rec_size &&
	    (f.order == 0 || (thp && f.order == __builtin_ctz(PMD_PAGES))) &&
	    f.pages <= PMD_PAGES && (!f.order || f.pages == PMD_PAGES) &&
	    !(f.addr % PAGE) && in_buffers(f.addr) && phases <= f.total_ns &&
	    f.start_ns <= now_ns())
		return true;
	violation(t, c, "record %u: size %u order %u pages %u __reserved %u addr %#llx start %llu total %llu ns, phases %llu ns, byte %u of %u non-zero",
		  i, f.size, f.order, f.pages, f.__reserved,
		  (unsigned long long)f.addr, (unsigned long long)f.start_ns,
		  (unsigned long long)f.total_ns, (unsigned long long)phases,
		  j, rec_size);
	return false;
}

/*
 * A FAULT_READ that succeeded: no more records than asked, counters that
 * add up, sane records, and the slot after the last untouched.
 */
static void check_fault_read_out(const struct thread *t, const struct call *c,
				 const struct hmmbench_fault_read *r)
{
	const struct hmmbench_fault_read *in = &c->img.fread;
	const unsigned char *p = (const unsigned char *)(uintptr_t)in->records;
	uint64_t room = recs_room(t, in->records);
	uint32_t i, j;

	/* no capacity before the first MIGRATE makes the chunk a device */
	if (r->nr > in->nr || (!r->capacity && r->faults) ||
	    r->nr > r->capacity ||
	    r->dropped + r->nr > r->faults || r->rec_size != in->rec_size ||
	    r->records != in->records || r->handle != in->handle)
		violation(t, c, "returned nr %u capacity %u faults %llu dropped %llu (rec_size %u records %#llx handle %u)",
			  r->nr, r->capacity, (unsigned long long)r->faults,
			  (unsigned long long)r->dropped, r->rec_size,
			  (unsigned long long)r->records, r->handle);
	for (i = 0; i < r->nr && (uint64_t)(i + 1) * in->rec_size <= room; i++)
		if (!check_record(t, c, p + (uint64_t)i * in->rec_size,
				  in->rec_size, i))
			return;
	if (r->nr < c->marked && p[(uint64_t)r->nr * in->rec_size] != RECS_MARK)
		violation(t, c, "record %u written, %u returned", r->nr, r->nr);
	/*
	 * All the records taken, by the claim alone: the faults this thread
	 * made on the chunk's pages just before are among them (a PMD-sized
	 * fault moves the folio of the pages after it).
	 */
	if (!c->ntouched || c->poked || r->nr >= in->nr || r->dropped ||
	    (uint64_t)r->nr * in->rec_size > room)
		return;
	for (j = 0; j < c->ntouched; j++) {
		for (i = 0; i < r->nr; i++) {
			struct hmmbench_fault f;

			memcpy(&f, p + (uint64_t)i * in->rec_size, sizeof(f));
			/* BUF_SIZE is a PMD's */
			if (f.addr == c->touched[j] ||
			    (f.order &&
			     f.addr / BUF_SIZE == c->touched[j] / BUF_SIZE))
				break;
		}
		if (i == r->nr) {
			violation(t, c, "no record of the fault at %#llx, %u records taken",
				  (unsigned long long)c->touched[j], r->nr);
			return;
		}
	}
}

/*
 * FAULT_READ refused with EFAULT by a records array too small took no
 * record: read again, there must be one.  Nobody else reads the chunk
 * while the claim holds it, unless a poke did.
 */
static void fault_read_again(const struct thread *t, struct call *c)
{
	struct hmmbench_fault_read r = {
		.size = sizeof(r),
		.handle = c->img.fread.handle,
		.rec_size = FAULT_SIZE,
		.records = (uintptr_t)t->recs,
		.nr = HMMBENCH_FAULT_READ_MAX,
	};
	int err = ioctl(c->hf->fd, HMMBENCH_IOC_FAULT_READ, &r) ? errno : 0;
	bool poked;
	uint32_t i;

	atomic_fetch_add(&stats->calls, 1);
	pthread_mutex_lock(&c->hf->lock);
	poked = claim_poked(c->hf, c, r.handle);
	pthread_mutex_unlock(&c->hf->lock);
	if (poked)
		return;
	if (err) {
		violation(t, c, "FAULT_READ after EFAULT: %s", strerror(err));
		return;
	}
	if (!r.nr)
		violation(t, c, "FAULT_READ failed with EFAULT but took its records");
	atomic_fetch_add(&stats->records, r.nr);
	for (i = 0; i < r.nr; i++)
		if (!check_record(t, c,
				  (unsigned char *)t->recs + i * FAULT_SIZE,
				  FAULT_SIZE, i))
			break;
}

static void fault_read_finish(struct thread *t, struct call *c)
{
	uint32_t h = c->img.fread.handle;
	struct hmmbench_fault_read r;

	settle_handle(t, c, h);
	judge(t, c);
	if (!c->err && read_back(t, c, &r)) {
		atomic_fetch_add(&stats->freads, 1);
		atomic_fetch_add(&stats->records, r.nr);
		check_fault_read_out(t, c, &r);
	}
	if (c->mode == H_CLAIM && c->err == EFAULT &&
	    (c->found & OB(OC_EFAULT)) && !c->poked)
		fault_read_again(t, c);
	release_handle(c, h);
}

/*
 * After chunks @ms were destroyed (UNMAP, close), which bring lent pages
 * home first: no page of the buffer is lent to them any more, and those
 * that were (t->snap) are home with their data.
 */
static void check_home(struct thread *t, const struct call *c,
		       const struct chunk_meta *ms, int n, const char *how)
{
	uint64_t i;
	int j;

	if (!buf_pagemap(t, t->now))
		return;
	for (i = 0; i < BUF_PAGES; i++) {
		for (j = 0; j < n; j++) {
			if (lent_to(t->now[i], &ms[j])) {
				violation(t, c, "buffer page %llu still lent to a chunk destroyed %s: pagemap %#llx",
					  (unsigned long long)i, how,
					  (unsigned long long)t->now[i]);
				return;
			}
			if (!lent_to(t->snap[i], &ms[j]))
				continue;
			if (!check_page_home(t, c, i, t->now[i], how))
				return;
			atomic_fetch_add(&stats->evicted, 1);
		}
	}
}

/*
 * Touches @n pages of the buffer from @first: a write first, maybe,
 * then a read of every word.  Lent pages come home on the fault
 * (migrate_to_ram) with their data.
 */
static void touch_pages(struct thread *t, uint64_t first, uint64_t n)
{
	bool snap = buf_pagemap(t, t->snap), write = chance(t, 300);
	uint64_t i;
	long w;

	atomic_fetch_add(&stats->touches, 1);
	for (i = first; i < first + n; i++) {
		if (write)
			*(uint64_t *)(t->buf + i * PAGE) = pattern(t, i * WORDS);
		w = page_bad_word(t, i);
		if (w < 0)
			continue;
		violation(t, NULL, "buffer page %llu word %ld is %#llx after a touch, expected %#llx (pagemap before %#llx)",
			  (unsigned long long)i, w,
			  (unsigned long long)buf_word(t, i, w),
			  (unsigned long long)pattern(t, i * WORDS + w),
			  (unsigned long long)(snap ? t->snap[i] : 0));
		return;
	}
	if (!snap || !buf_pagemap(t, t->now))
		return;
	for (i = first; i < first + n; i++) {
		if ((t->snap[i] & (PM_SWAP | PM_PRESENT)) == PM_SWAP)
			atomic_fetch_add(&stats->faulted, 1);
		if (!(t->now[i] & PM_PRESENT)) {
			violation(t, NULL, "buffer page %llu not home after a touch: pagemap %#llx",
				  (unsigned long long)i,
				  (unsigned long long)t->now[i]);
			return;
		}
	}
}

static void finish(struct thread *t, struct call *c)
{
	switch (c->op) {
	case OP_MIGRATE:
		migrate_finish(t, c);
		break;
	case OP_FAULT_READ:
		fault_read_finish(t, c);
		break;
	case OP_MAP:
		map_finish(t, c);
		break;
	case OP_UNMAP:
		unmap_finish(t, c);
		break;
	case OP_VERIFY:
		verify_finish(t, c);
		break;
	default:
		judge(t, c);
		if (c->op == OP_INFO && !c->err)
			check_info_out(t, c);
		if (c->op == OP_ROOFLINE && !c->err) {
			atomic_fetch_add(&stats->roofs, 1);
			check_roofline_out(t, c);
		}
		break;
	}
	if (!c->err && c->usize > c->ksize && c->op != OP_BOGUS)
		check_tail(t, c);
}

static struct hb_fd *pick_fd(struct thread *t)
{
	struct hb_fd *hf;

	if (chance(t, 500))
		return &fds[0];
	hf = &fds[1 + t->id * NR_PRIV + below(t, NR_PRIV)];
	if (hf->fd < 0)
		fd_open(hf);
	return hf;
}

/* Reserves a planned MAP's place under the descriptor's chunk cap. */
static bool plan_map(struct thread *t, struct call *c)
{
	struct hb_fd *hf = c->hf;
	bool ok;

	if (t->nocap) {
		c->planned = true;
		return true;
	}
	pthread_mutex_lock(&hf->lock);
	ok = fd_chunks(hf) < LIVE_CAP;
	if (ok) {
		hf->inflight++;
		hf->gen++;
	}
	pthread_mutex_unlock(&hf->lock);
	c->planned = ok;
	return ok;
}

/*
 * Picks the command and what it dispatches to; the struct is @kind's.  A
 * planned MAP mostly declares the right size.
 */
static enum op pick_cmd(struct thread *t, struct call *c, bool planned)
{
	unsigned int r = below(t, 100);
	enum op kind = r < 22 ? OP_INFO : r < 50 ? OP_MAP :
		       r < 77 ? OP_UNMAP : r < 82 ? OP_VERIFY :
		       r < 86 ? OP_ROOFLINE : r < 95 ? OP_MIGRATE :
		       OP_FAULT_READ;

	if (planned)
		kind = OP_MAP;
	c->ksize = op_ksize[kind];
	/* most MIGRATEs and FAULT_READs of a chunk the thread claims */
	c->careful = (kind == OP_MIGRATE || kind == OP_FAULT_READ) &&
		     chance(t, 600);
	if ((planned || c->careful) && chance(t, 800)) {
		c->op = kind;
		c->cmd = real_cmd(t, kind);
		c->usize = c->ksize;
		return kind;
	}
	if (!planned && chance(t, 50)) {
		c->op = OP_BOGUS;
		c->cmd = bogus_cmd(t, kind);
	} else {
		c->op = kind;
		c->cmd = real_cmd(t, kind);
	}
	c->usize = pick_size(t, c->ksize, op_ver0[kind]);
	return kind;
}

static void gen_struct(struct thread *t, struct call *c, enum op kind,
		       bool planned)
{
	switch (kind) {
	case OP_INFO:
		gen_info(t, c);
		break;
	case OP_MAP:
		if (planned && plan_map(t, c))
			gen_planned(t, c);
		else
			gen_map(t, c);
		break;
	case OP_UNMAP:
		gen_unmap(t, c);
		break;
	case OP_ROOFLINE:
		gen_roofline(t, c);
		break;
	case OP_MIGRATE:
		gen_migrate(t, c);
		break;
	case OP_FAULT_READ:
		gen_fault_read(t, c);
		break;
	default:
		gen_verify(t, c);
		break;
	}
}

/*
 * VERIFY of the handle @u claimed, a valid struct in writable memory,
 * right before its UNMAP: the chunk is this thread's, nobody else can
 * unmap or verify it, so it must be found and pass every check.
 */
static void verify_claimed(struct thread *t, const struct call *u)
{
	struct call c = {
		.index = u->index, .hf = u->hf, .op = OP_VERIFY,
		.cmd = real_cmd(t, OP_VERIFY), .place = PL_RW, .nz = -1,
		.ksize = sizeof(struct hmmbench_verify), .claim = true,
		.has_meta = u->has_meta, .meta = u->meta, .poked = u->poked,
		.pokes = u->pokes,
	};

	c.usize = chance(t, 700) ? c.ksize : c.ksize + below(t, 64) + 1;
	c.ptr = (uintptr_t)t->arena + (below(t, PAGE) & ~7UL);
	random_bytes(t, &c.img.verify, sizeof(c.img.verify));
	c.img.verify.size = c.usize;
	c.img.verify.flags = 0;
	c.img.verify.handle = u->img.unmap.handle;
	c.expect = expect(t, &c);
	arena_fill(t, &c);
	/* before: pages only come home meanwhile, never leave */
	c.snapped = buf_pagemap(t, t->snap);
	c.err = ioctl(c.hf->fd, c.cmd, (void *)c.ptr) ? errno : 0;
	atomic_fetch_add(&stats->calls, 1);
	finish(t, &c);
}

/*
 * Before a MIGRATE that may lend the buffer to a chunk: the chunk's
 * struct pages will not be as MAP left them.
 */
static void note_lending(struct call *c)
{
	bool thp = c->img.mig.flags & HMMBENCH_MIGRATE_THP;
	struct chunk_meta *m;

	if (c->op != OP_MIGRATE || c->mode != H_CLAIM ||
	    c->img.mig.direction != HMMBENCH_MIGRATE_TO_DEVICE ||
	    !(c->found & (c->akind == AK_BUF ? OB(OC_OK) :
			  c->akind == AK_OVER ? OB(OC_EFAULT) : 0)))
		return;
	atomic_store(&any_lent, true);
	pthread_mutex_lock(&c->hf->lock);
	m = meta_find(c->hf, c->img.mig.handle);
	if (m) {
		m->lent = true;
		m->lent_thp |= thp;
	}
	c->meta.lent = true;
	c->meta.lent_thp |= thp;
	pthread_mutex_unlock(&c->hf->lock);
}

/* Marks the record slots a FAULT_READ may write, to see which it did. */
static void mark_records(const struct thread *t, struct call *c)
{
	const struct hmmbench_fault_read *r = &c->img.fread;
	uint64_t room = recs_room(t, r->records);
	uint64_t n;

	if (c->op != OP_FAULT_READ || !c->found || !r->rec_size ||
	    r->rec_size > PAGE)
		return;
	n = MIN(MIN(r->nr, room / r->rec_size), RECS_PREFILL / r->rec_size);
	memset((void *)(uintptr_t)r->records, RECS_MARK, n * r->rec_size);
	c->marked = n;
}

/*
 * The buffer's pagemap before a call that may move its pages: a MIGRATE
 * over the buffer, or an UNMAP, of a claimed chunk.
 */
static void snap_before(struct thread *t, struct call *c)
{
	if (c->mode != H_CLAIM && !c->claim)
		return;
	if (!c->has_meta || !c->found ||
	    (c->op == OP_MIGRATE && c->akind != AK_BUF) ||
	    (c->op != OP_MIGRATE && c->op != OP_UNMAP))
		return;
	c->snapped = buf_pagemap(t, t->snap);
}

/*
 * Before a FAULT_READ of a claimed chunk: faults home a few of the
 * buffer's pages lent to it, whose records it must then return.
 */
static void touch_lent(struct thread *t, struct call *c)
{
	uint64_t i, k, n = 0, pick[BUF_PAGES];

	if (c->op != OP_FAULT_READ || c->mode != H_CLAIM || !c->has_meta ||
	    !c->found || !chance(t, 700) || !buf_pagemap(t, t->snap))
		return;
	for (i = 0; i < BUF_PAGES; i++)
		if (lent_to(t->snap[i], &c->meta))
			pick[n++] = i;
	while (n && c->ntouched < ARRAY_SIZE(c->touched) && chance(t, 800)) {
		k = below(t, n);
		i = pick[k];
		pick[k] = pick[--n];
		c->touched[c->ntouched++] = (uintptr_t)t->buf + i * PAGE;
		atomic_fetch_add(&stats->faulted, 1);
		if (!check_page_home(t, c, i, PM_PRESENT, "by a fault"))
			break;
	}
}

/*
 * A descriptor of the thread's (the shared one or its own) with a chunk
 * it can claim and lend pages to, if it has one, else @hf.
 */
static struct hb_fd *claimable_fd(struct thread *t, struct hb_fd *hf)
{
	struct hb_fd *cand[1 + NR_PRIV];
	int i, n = 0;

	for (i = 0; i <= NR_PRIV; i++) {
		struct hb_fd *o = &fds[i ? 1 + t->id * NR_PRIV + i - 1 : 0];

		pthread_mutex_lock(&o->lock);
		if (o->fd >= 0 && o->live.n)
			cand[n++] = o;
		pthread_mutex_unlock(&o->lock);
	}
	return n ? cand[below(t, n)] : hf;
}

static void fuzz_one(struct thread *t, uint64_t index)
{
	struct call c = { .index = index, .nz = -1 };
	bool planned = chance(t, 4);
	enum op kind;
	int n;

	if (chance(t, 10)) {
		uint64_t first = below(t, BUF_PAGES);

		touch_pages(t, first, 1 + below(t, MIN(32, BUF_PAGES - first)));
	}
	if (t->thp && chance(t, 4))
		buf_refresh(t);
	c.hf = pick_fd(t);
	kind = pick_cmd(t, &c, planned);
	if (c.careful)
		c.hf = claimable_fd(t, c.hf);
	place(t, &c, planned || c.careful);
	pick_tail(t, &c);
	gen_struct(t, &c, kind, planned && c.op == OP_MAP);
	c.expect = expect(t, &c);
	for (n = 0; c.op == OP_MAP && c.may_map && !c.planned; n++) {
		if (n == 8)
			return;
		spoil_map(t, &c.img.map);
		c.expect = expect(t, &c);
	}
	if (c.op == OP_UNMAP && c.claim && chance(t, 500))
		verify_claimed(t, &c);
	note_lending(&c);
	mark_records(t, &c);
	arena_fill(t, &c);
	snap_before(t, &c);
	touch_lent(t, &c);
	c.err = ioctl(c.hf->fd, c.cmd, (void *)c.ptr) ? errno : 0;
	atomic_fetch_add(&stats->calls, 1);
	finish(t, &c);
	if (c.op == OP_UNMAP && c.snapped && c.destroyed)
		check_home(t, &c, &c.meta, 1, "by UNMAP");
}

/* Now and then, closes one of the thread's descriptors or opens it. */
static void cycle_fds(struct thread *t)
{
	struct chunk_meta ms[MAX_META];
	struct hb_fd *hf;
	int i, n = 0;
	bool snap;

	if (!chance(t, 5))
		return;
	hf = &fds[1 + t->id * NR_PRIV + below(t, NR_PRIV)];
	if (hf->fd < 0) {
		fd_open(hf);
		return;
	}
	/* its chunks, which are this thread's alone */
	pthread_mutex_lock(&hf->lock);
	for (i = 0; i < MAX_META; i++)
		if (hset_has(&hf->live, hf->meta[i].h) ||
		    hset_has(&hf->maybe, hf->meta[i].h))
			ms[n++] = hf->meta[i];
	pthread_mutex_unlock(&hf->lock);
	snap = n && buf_pagemap(t, t->snap);
	fd_close(hf);
	if (snap)
		check_home(t, NULL, ms, n, "by close");
	probe_counts(t, NULL);
}

static bool time_up(void)
{
	return deadline && now_ns() >= deadline;
}

static void *fuzz_loop(void *arg)
{
	struct thread *t = arg;
	uint64_t i;

	while (!time_up()) {
		i = atomic_fetch_add(&stats->next, 1);
		if (i >= t->end)
			break;
		cycle_fds(t);
		fuzz_one(t, i);
	}
	/* the pages still lent come home by faults, or by the last close */
	if (!t->nocap && chance(t, 500))
		touch_pages(t, 0, BUF_PAGES);
	return NULL;
}

/*
 * The first calls run in a child without CAP_SYS_ADMIN, on the shared
 * descriptor (with a live chunk) and its own: MAP and UNMAP must be EPERM
 * whatever their argument, and change nothing.
 */
static void run_nocap(struct thread *t, uint64_t n)
{
	int i, status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		if (drop_cap_sys_admin())
			die("cannot drop CAP_SYS_ADMIN: %s", strerror(errno));
		t->nocap = true;
		t->end = n;
		fuzz_loop(t);
		for (i = 1; i < NR_FDS; i++)
			fd_close(&fds[i]);
		fflush(stdout);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("the child without CAP_SYS_ADMIN failed (status %#x)",
		    status);
	atomic_store(&stats->next, n);
}

/* A chunk on the shared descriptor for the child to fail to unmap. */
static void setup_map(void)
{
	struct hmmbench_map m = {
		.size = sizeof(m),
		.length = kinfo.align,
		.node = HMMBENCH_NODE_LOCAL,
	};

	if (ioctl(fds[0].fd, HMMBENCH_IOC_MAP, &m) || !m.handle)
		return;
	meta_set(&fds[0], m.handle, 0, m.phys_start, m.length);
	hset_add(&fds[0].live, m.handle);
	atomic_fetch_add(&stats->maps, 1);
}

static void read_online_nodes(void)
{
	FILE *f = fopen("/sys/devices/system/node/online", "r");
	unsigned int a, b, n;
	char sep = 0;

	kinfo.first_node = 0;
	if (!f) {
		for (n = 0; n < kinfo.nr_nodes && n < MAX_NODES; n++)
			kinfo.online[n / 8] |= 1U << (n % 8);
		return;
	}
	kinfo.first_node = -1;
	while (fscanf(f, "%u", &a) == 1) {
		b = a;
		if (fscanf(f, "%c", &sep) != 1)
			sep = 0;
		if (sep == '-' && fscanf(f, "%u%c", &b, &sep) < 1)
			break;
		for (n = a; n <= b && n < MAX_NODES; n++)
			kinfo.online[n / 8] |= 1U << (n % 8);
		if (kinfo.first_node < 0)
			kinfo.first_node = a;
		if (sep != ',')
			break;
	}
	fclose(f);
	if (kinfo.first_node < 0)
		die("cannot parse /sys/devices/system/node/online");
}

/* Lengths above the physical address space are EINVAL. */
static void read_phys_bits(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned int bits = 0;
	char line[256], *p;

	while (f && fgets(line, sizeof(line), f)) {
		p = strchr(line, ':');
		if (!strncmp(line, "address sizes", 13) && p &&
		    sscanf(p + 1, "%u bits physical", &bits) == 1)
			break;
	}
	if (f)
		fclose(f);
	if (bits >= 32 && bits <= 52) {
		kinfo.phys_lo = kinfo.phys_hi = (1ULL << bits) - 1;
	} else {
		kinfo.phys_lo = (1ULL << 36) - 1;
		kinfo.phys_hi = (1ULL << 52) - 1;
	}
}

static void read_kinfo(void)
{
	struct hmmbench_info info = { .size = sizeof(info) };

	if (ioctl(fds[0].fd, HMMBENCH_IOC_INFO, &info))
		die("INFO: %s", strerror(errno));
	if (!info.size_align || info.size_align & (info.size_align - 1))
		die("INFO: size_align %llu is not a power of two",
		    (unsigned long long)info.size_align);
	kinfo.align = info.size_align;
	kinfo.section_order = __builtin_ctzll(info.size_align / info.page_size);
	/* 4-level tables: a page of 8-byte entries per level */
	kinfo.pud_order = 2 * (__builtin_ctzll(info.page_size) - 3);
	kinfo.max_size = info.max_size;
	kinfo.budget = info.budget;
	kinfo.struct_page = info.struct_page_size;
	kinfo.features = info.features;
	kinfo.nr_nodes = info.nr_nodes;
	maps_base = info.maps_total;
	live_skew = info.live_chunks;
	read_online_nodes();
	if (info.phys_window_end) {
		/* the module's own limit: the window's size */
		kinfo.phys_lo = info.phys_window_end -
				info.phys_window_start + 1;
		kinfo.phys_hi = kinfo.phys_lo;
	} else {
		read_phys_bits();
	}
}

static int iomem_regions(void)
{
	FILE *f = fopen("/proc/iomem", "r");
	char line[256];
	int n = 0;

	if (!f)
		die("/proc/iomem: %s", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "hmmbench"))
			n++;
	fclose(f);
	return n;
}

/* Closes every descriptor: no chunk may be left, nor its region. */
static int check_no_trace(void)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	int i, fd, regions, bad = 0;

	for (i = 0; i < NR_FDS; i++)
		fd_close(&fds[i]);
	fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0 || ioctl(fd, HMMBENCH_IOC_INFO, &info))
		die("INFO after closing: %s", strerror(errno));
	close(fd);
	if (info.live_chunks) {
		fprintf(stderr, "hbfuzz: FAIL seed %llu: %u chunks live after closing every descriptor\n",
			(unsigned long long)env.seed, info.live_chunks);
		bad = 1;
	}
	regions = iomem_regions();
	if (regions) {
		fprintf(stderr, "hbfuzz: FAIL seed %llu: %d hmmbench regions left in /proc/iomem\n",
			(unsigned long long)env.seed, regions);
		bad = 1;
	}
	return bad;
}

/*
 * Every descriptor is closed: no page of any buffer is lent, and every
 * page kept its data.
 */
static void check_buffers(struct thread *th)
{
	unsigned int i;
	uint64_t pg;
	bool pm;

	for (i = 0; i < env.threads; i++) {
		struct thread *t = &th[i];

		pm = buf_pagemap(t, t->now);
		for (pg = 0; pg < BUF_PAGES; pg++) {
			if (pm && !(t->now[pg] & PM_PRESENT)) {
				violation(t, NULL, "buffer page %llu not home after every descriptor closed: pagemap %#llx",
					  (unsigned long long)pg,
					  (unsigned long long)t->now[pg]);
				break;
			}
			if (!check_page_home(t, NULL, pg, PM_PRESENT,
					     "by the last close"))
				break;
		}
	}
}

/* Whether the pagemap shows pfns (CAP_SYS_ADMIN): else no pfn checks. */
static void open_pagemap(const struct thread *t)
{
	uint64_t e = 0;

	pagemap_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (pagemap_fd >= 0 &&
	    pread(pagemap_fd, &e, 8, (uintptr_t)t->buf / PAGE * 8) == 8 &&
	    (e & PM_PRESENT) && (e & PM_FRAME))
		return;
	printf("hbfuzz: /proc/self/pagemap shows no pfns: lent pages are not followed\n");
	if (pagemap_fd >= 0)
		close(pagemap_fd);
	pagemap_fd = -1;
}

static void print_outcomes(void)
{
	int i;

	printf("hbfuzz: outcomes:");
	for (i = 0; i < OC_NR; i++)
		if (atomic_load(&stats->outcomes[i]))
			printf(" %s %llu", oc_name[i],
			       (unsigned long long)atomic_load(&stats->outcomes[i]));
	printf("; %llu descriptors opened, %llu closed\n",
	       (unsigned long long)atomic_load(&stats->opens),
	       (unsigned long long)atomic_load(&stats->closes));
}

static void run_threads(struct thread *th)
{
	unsigned int i;

	if (env.threads == 1) {
		fuzz_loop(&th[0]);
		return;
	}
	for (i = 0; i < env.threads; i++)
		if (pthread_create(&th[i].tid, NULL, fuzz_loop, &th[i]))
			die("pthread_create failed");
	for (i = 0; i < env.threads; i++)
		pthread_join(th[i].tid, NULL);
}

static void init_threads(struct thread *th, struct thread *nocap)
{
	char *arena, *ro_alias;
	unsigned int i;

	for (i = 0; i < env.threads; i++) {
		th[i].id = i;
		th[i].rng = env.seed ^ (0x5851f42d4c957f2dULL * (i + 1));
		th[i].end = env.calls;
		arena_new(&th[i]);
	}
	arena_new(nocap);
	arena = nocap->arena;
	ro_alias = nocap->ro_alias;
	/* after the arenas, whose small mappings would fill their holes */
	for (i = 0; i < env.threads; i++) {
		buf_new(&th[i]);
		bufs[i] = th[i].buf;
	}
	/* the child without CAP_SYS_ADMIN has thread 0's buffer, a copy */
	*nocap = th[0];
	nocap->rng = env.seed ^ 0x2545f4914f6cdd1dULL;
	nocap->arena = arena;
	nocap->ro_alias = ro_alias;
}

static void init_fds(void)
{
	int i;

	stats = mmap(NULL, sizeof(*stats), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (stats == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	for (i = 0; i < NR_FDS; i++) {
		pthread_mutex_init(&fds[i].lock, NULL);
		fds[i].fd = -1;
	}
	fd_open(&fds[0]);
}

static uint64_t parse_num(const char *opt, const char *s, uint64_t min,
			  uint64_t max)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (*s < '0' || *s > '9' || errno || *end || v < min || v > max) {
		fprintf(stderr, "hbfuzz: %s takes a number from %llu to %llu, not '%s'\n",
			opt, (unsigned long long)min,
			(unsigned long long)max, s);
		exit(2);
	}
	return v;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: hbfuzz [--seed S] [--calls N] [--seconds T] [--threads K]\n"
		"  --seed S     replay the calls of seed S (one thread, same --calls)\n"
		"  --calls N    stop after N calls (default 100000)\n"
		"  --seconds T  stop after T seconds (default: no limit)\n"
		"  --threads K  K threads (1 to 4) share one descriptor\n");
	exit(2);
}

static void parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "calls", required_argument, NULL, 'n' },
		{ "seconds", required_argument, NULL, 't' },
		{ "threads", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	bool seeded = false;
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			env.seed = parse_num("--seed", optarg, 0, UINT64_MAX);
			seeded = true;
			break;
		case 'n':
			env.calls = parse_num("--calls", optarg, 1, 1000000000);
			break;
		case 't':
			env.seconds = parse_num("--seconds", optarg, 1, 604800);
			break;
		case 'j':
			env.threads = parse_num("--threads", optarg, 1,
						MAX_THREADS);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (!seeded && getrandom(&env.seed, sizeof(env.seed), 0) !=
	    sizeof(env.seed))
		env.seed = now_ns() ^ getpid();
}

int main(int argc, char **argv)
{
	struct thread th[MAX_THREADS] = { 0 }, nocap;
	uint64_t start, nocap_calls;
	int leaks;

	parse_args(argc, argv);
	init_fds();
	read_kinfo();
	printf("hbfuzz: seed %llu, %llu calls, %u thread%s%s\n",
	       (unsigned long long)env.seed, (unsigned long long)env.calls,
	       env.threads, env.threads > 1 ? "s" : "",
	       env.threads > 1 ? " (--seed replays one thread only)" : "");
	start = now_ns();
	deadline = env.seconds ? start + env.seconds * 1000000000ULL : 0;
	init_threads(th, &nocap);
	open_pagemap(&th[0]);

	setup_map();
	nocap_calls = MIN(env.calls / 50, 2000);
	if (nocap_calls)
		run_nocap(&nocap, nocap_calls);
	run_threads(th);

	leaks = check_no_trace();
	check_buffers(th);
	print_outcomes();
	printf("hbfuzz: %llu migrates moved %llu pages (%llu PMD folios whole), %llu fault reads took %llu records, %llu of %llu pokes of claimed chunks got ENOENT; buffer pages seen home: %llu after MIGRATE, %llu after UNMAP or close, %llu faulted by %llu touches; %llu verifies of chunks that lent pages (%llu found pages lent, or left of PMD folios)\n",
	       (unsigned long long)atomic_load(&stats->migrates),
	       (unsigned long long)atomic_load(&stats->moved),
	       (unsigned long long)atomic_load(&stats->thp),
	       (unsigned long long)atomic_load(&stats->freads),
	       (unsigned long long)atomic_load(&stats->records),
	       (unsigned long long)atomic_load(&stats->pokes_hidden),
	       (unsigned long long)atomic_load(&stats->pokes),
	       (unsigned long long)atomic_load(&stats->homed),
	       (unsigned long long)atomic_load(&stats->evicted),
	       (unsigned long long)atomic_load(&stats->faulted),
	       (unsigned long long)atomic_load(&stats->touches),
	       (unsigned long long)atomic_load(&stats->lent_verifies),
	       (unsigned long long)atomic_load(&stats->lent_bad));
	printf("hbfuzz: %llu calls (seed %llu) in %llu s: %llu maps, %llu unmaps, %llu verifies, %llu rooflines (%llu copies), %llu migrates, %llu fault reads, %llu contract violations\n",
	       (unsigned long long)atomic_load(&stats->calls),
	       (unsigned long long)env.seed,
	       (unsigned long long)((now_ns() - start + 500000000) / 1000000000),
	       (unsigned long long)atomic_load(&stats->maps),
	       (unsigned long long)atomic_load(&stats->unmaps),
	       (unsigned long long)atomic_load(&stats->verifies),
	       (unsigned long long)atomic_load(&stats->roofs),
	       (unsigned long long)atomic_load(&stats->copies),
	       (unsigned long long)atomic_load(&stats->migrates),
	       (unsigned long long)atomic_load(&stats->freads),
	       (unsigned long long)atomic_load(&stats->violations));
	return atomic_load(&stats->violations) || leaks ? 1 : 0;
}
