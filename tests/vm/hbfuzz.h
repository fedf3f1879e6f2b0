/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What hbfuzz's files share: its limits, the outcomes and ops of the
 * contract, the state of a thread, a descriptor and a call, the counters,
 * the options and what the module reported, and what each file gives the
 * others (listed by file).
 */
#ifndef _HB_HBFUZZ_H
#define _HB_HBFUZZ_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "guest.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
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
extern const char *const oc_name[OC_NR];

/*
 * Each thread's structs live in seven pages whose protections the checks
 * know: a struct sits in writable memory, in or across a read-only page,
 * or ends just before a PROT_NONE page or an unmapped hole.  The read-only
 * page is a memfd page also mapped writable elsewhere, where the fuzzer
 * fills it: mprotect() takes tens of milliseconds on the debug kernel.
 */
enum prot { P_NONE, P_RO, P_RW };
enum { A_RW0, A_RW1, A_RO, A_RW3, A_GUARD, A_RW5, A_HOLE, ARENA_PAGES };

/*
 * The known ops, each with its command (canon_cmd[], whose number the
 * driver dispatches on); OP_BOGUS counts them.
 */
enum op {
	OP_INFO, OP_MAP, OP_UNMAP, OP_VERIFY, OP_ROOFLINE, OP_MIGRATE,
	OP_FAULT_READ, OP_MIRROR, OP_BOGUS
};

enum place { PL_RW, PL_RO, PL_RW_RO, PL_RO_RW, PL_GUARD, PL_HOLE, PL_BAD };

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
	struct hmmbench_mirror mir;
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
	/* MIGRATE, FAULT_READ and MIRROR */
	enum { H_GUESS, H_CLAIM, H_POKE } mode;
	bool careful;		/* meant to succeed: claim, good fields */
	int akind;		/* MIGRATE, MIRROR: what addr and length
				 * cover
				 */
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
	atomic_ullong mirrors, mirrored, mirror_retries, mirror_devpriv;
	atomic_ullong outcomes[OC_NR];
};

struct env {
	uint64_t seed, calls, seconds;
	unsigned int threads;
};
extern struct env env;

/* What the module and the machine reported at the start. */
struct kinfo {
	uint64_t align, max_size;
	uint64_t budget;		/* twice this is never to be had */
	uint64_t struct_page;		/* sizeof(struct page) */
	uint32_t section_order;		/* PFN_kinfo.section_order */
	uint32_t pud_order;		/* PUD_SHIFT - PAGE_SHIFT */
	uint32_t features, nr_nodes;
	uint64_t phys_lo, phys_hi;	/* lengths in between may be EINVAL */
	unsigned char online[MAX_NODES / 8];
	int first_node;
};
extern struct kinfo kinfo;

extern struct stats *stats;
extern struct hb_fd fds[NR_FDS];
/* /proc/self/pagemap with pfns (CAP_SYS_ADMIN), or -1 */
extern int pagemap_fd;
extern char *bufs[MAX_THREADS];	/* every thread's buffer */
extern atomic_bool any_lent;	/* a MIGRATE may have lent pages */
extern pthread_mutex_t print_lock;
extern uint64_t deadline;
/* One thread only: maps_total at the start, corrections after a report. */
extern uint64_t maps_base;
extern long long live_skew, maps_skew;

/* What a MIGRATE's range covers, for what it gives once the chunk is found */
enum { AK_BUF, AK_OVER, AK_HOLE, AK_LOW, AK_UNMAPPED, AK_JUNK };

/* hbfuzz-state.c */
void die(const char *fmt, ...);
uint64_t rnd(struct thread *t);
uint64_t below(struct thread *t, uint64_t n);
bool chance(struct thread *t, unsigned int per_mille);
void random_bytes(struct thread *t, void *buf, size_t n);
enum prot prot_at(const struct thread *t, uintptr_t a);
bool range_ok(const struct thread *t, uintptr_t a, uint64_t n,
	      enum prot need);
void arena_new(struct thread *t);
bool hole_unmapped(const struct thread *t);
uint64_t pattern(const struct thread *t, uint64_t word);
void buf_new(struct thread *t);
bool unmapped(uintptr_t a);
bool buf_pagemap(const struct thread *t, uint64_t *pme);
void buf_refresh(struct thread *t);
bool lent_to(uint64_t e, const struct chunk_meta *m);
uint64_t count_lent(const uint64_t *pme, uint64_t first, uint64_t n,
		    const struct chunk_meta *m);
uint64_t buf_word(const struct thread *t, uint64_t pg, long w);
long page_bad_word(const struct thread *t, uint64_t pg);
unsigned char *fill_ptr(const struct thread *t, uintptr_t a);
bool hset_has(const struct hset *s, uint32_t h);
void hset_add(struct hset *s, uint32_t h);
void hset_add_claim(struct hset *s, uint32_t h);
bool hset_del(struct hset *s, uint32_t h);
bool guessed(const struct hb_fd *hf, uint32_t h);
int fd_chunks(const struct hb_fd *hf);
struct chunk_meta *meta_find(struct hb_fd *hf, uint32_t h);
void meta_set(struct hb_fd *hf, uint32_t h, uint32_t shift,
	      uint64_t phys, uint64_t length);
void claim_note(struct hb_fd *hf, struct call *c, uint32_t h);
bool claim_poked(const struct hb_fd *hf, const struct call *c,
		 uint32_t h);
void claim_return(struct hb_fd *hf, uint32_t h);
void fd_open(struct hb_fd *hf);
void fd_close(struct hb_fd *hf);

/* hbfuzz-contract.c */
int oc_of(int err);
void violation(const struct thread *t, const struct call *c,
	       const char *fmt, ...);
void kview(const struct call *c, void *dst);
bool out_byte(const struct call *c, uint32_t off);
uint64_t recs_room(const struct thread *t, uint64_t a);
unsigned int expect(const struct thread *t, struct call *c);
void judge(const struct thread *t, const struct call *c);

/* hbfuzz-gen.c */
unsigned long real_cmd(struct thread *t, enum op op);
unsigned long bogus_cmd(struct thread *t, enum op op);
uint32_t pick_size(struct thread *t, uint32_t ksize, uint32_t ver0);
uintptr_t bad_ptr(struct thread *t);
void place(struct thread *t, struct call *c, bool planned);
void pick_tail(struct thread *t, struct call *c);
uint32_t pick_flags(struct thread *t);
void gen_info(struct thread *t, struct call *c);
void gen_map(struct thread *t, struct call *c);
void gen_planned(struct thread *t, struct call *c);
void spoil_map(struct thread *t, struct hmmbench_map *m);
void gen_unmap(struct thread *t, struct call *c);
void gen_verify(struct thread *t, struct call *c);
uint32_t pick_handle(struct thread *t, struct call *c, bool no_shift,
		     uint64_t pfn);
void gen_roofline(struct thread *t, struct call *c);

/* hbfuzz-gen-migrate.c */
bool range_valid(const struct hmmbench_migrate *m);
void junk_range(struct thread *t, struct hmmbench_migrate *m);
void edge_range(struct thread *t, struct call *c, __u64 *addr, __u64 *len);
void gen_migrate(struct thread *t, struct call *c);
void gen_fault_read(struct thread *t, struct call *c);

/* hbfuzz-check.c */
bool read_back(const struct thread *t, const struct call *c,
	       void *dst);
void check_tail(const struct thread *t, const struct call *c);
void probe_counts(const struct thread *t, const struct call *c);
void check_info_out(const struct thread *t, const struct call *c);
void map_finish(const struct thread *t, struct call *c);
void unmap_finish(const struct thread *t, struct call *c);
void verify_finish(const struct thread *t, struct call *c);
void check_roofline_out(const struct thread *t, const struct call *c);

/* hbfuzz-gen-mirror.c */
bool mirror_range_valid(const struct hmmbench_mirror *m);
/* The batches of @m's range: what its times need room for. */
uint64_t mirror_batches(const struct hmmbench_mirror *m);
void gen_mirror(struct thread *t, struct call *c);

/* hbfuzz-check-migrate.c */
void settle_handle(const struct thread *t, struct call *c, uint32_t h);
void release_handle(struct call *c, uint32_t h);
bool check_page_home(const struct thread *t, const struct call *c,
		     uint64_t pg, uint64_t pme, const char *how);
void migrate_finish(struct thread *t, struct call *c);
void fault_read_finish(struct thread *t, struct call *c);
void check_home(struct thread *t, const struct call *c,
		const struct chunk_meta *ms, int n, const char *how);
void touch_pages(struct thread *t, uint64_t first, uint64_t n);

/* hbfuzz-check-mirror.c */
void mirror_finish(struct thread *t, struct call *c);

/* hbfuzz-loop.c */
void *fuzz_loop(void *arg);
void run_nocap(struct thread *t, uint64_t n);

#endif /* _HB_HBFUZZ_H */
