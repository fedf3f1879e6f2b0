// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz: a seeded fuzzer of the /dev/hmmbench ioctls, run in the VM.  It
 * sends random and near-miss commands, declared sizes around every
 * boundary, random fields, bad pointers and handles, from several
 * descriptors and threads, and checks every errno it can judge against
 * the contract of uapi/linux/hmmbench.h; VERIFY reads back chunks it is
 * about to unmap, whose struct pages must break no invariant, and
 * ROOFLINE's timings must agree with its valid bits.  One thread
 * replays with --seed.
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

/* The known ops are numbered as their commands; OP_BOGUS counts them. */
enum op { OP_INFO, OP_MAP, OP_UNMAP, OP_VERIFY, OP_ROOFLINE, OP_BOGUS };
static const char *const op_name[] = {
	"INFO", "MAP", "UNMAP", "VERIFY", "ROOFLINE", "unknown"
};
static const unsigned long canon_cmd[] = {
	HMMBENCH_IOC_INFO, HMMBENCH_IOC_MAP, HMMBENCH_IOC_UNMAP,
	HMMBENCH_IOC_VERIFY, HMMBENCH_IOC_ROOFLINE
};
static const uint32_t op_ksize[] = {
	sizeof(struct hmmbench_info), sizeof(struct hmmbench_map),
	sizeof(struct hmmbench_unmap), sizeof(struct hmmbench_verify),
	sizeof(struct hmmbench_roofline)
};
static const uint32_t op_ver0[] = {
	HMMBENCH_INFO_SIZE_VER0, HMMBENCH_MAP_SIZE_VER0,
	HMMBENCH_UNMAP_SIZE_VER0, HMMBENCH_VERIFY_SIZE_VER0,
	HMMBENCH_ROOFLINE_SIZE_VER0
};

/* The (out) fields: the only bytes written back, and cleared first. */
static const struct {
	uint32_t start, end;
} op_out[] = {
	{ offsetof(struct hmmbench_info, abi_version),
	  OFFSETOFEND(struct hmmbench_info, phys_window_end) },
	{ offsetof(struct hmmbench_map, handle),
	  OFFSETOFEND(struct hmmbench_map, memmap_init_ns) },
	{ offsetof(struct hmmbench_unmap, valid),
	  OFFSETOFEND(struct hmmbench_unmap, release_ns) },
	{ offsetof(struct hmmbench_verify, checks_nr),
	  OFFSETOFEND(struct hmmbench_verify, vmemmap_shift) },
	{ offsetof(struct hmmbench_roofline, valid),
	  OFFSETOFEND(struct hmmbench_roofline, nt_ns) },
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
	pthread_t tid;
};

union image {
	struct hmmbench_info info;
	struct hmmbench_map map;
	struct hmmbench_unmap unmap;
	struct hmmbench_verify verify;
	struct hmmbench_roofline roof;
	unsigned char b[sizeof(struct hmmbench_verify)];
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
};

/* Counters in shared memory, so that the CAP_SYS_ADMIN-less child adds. */
struct stats {
	atomic_ullong next;	/* index of the next call */
	atomic_ullong calls, maps, unmaps, verifies, roofs, violations, opens,
		      closes;
	atomic_ullong outcomes[OC_NR];
};

static struct {
	uint64_t seed, calls, seconds;
	unsigned int threads;
} env = { .calls = 100000, .threads = 1 };

/* What the module and the machine reported at the start. */
static struct {
	uint64_t align, max_size;
	uint32_t section_order;		/* PFN_kinfo.section_order */
	uint32_t pud_order;		/* PUD_SHIFT - PAGE_SHIFT */
	uint32_t features, nr_nodes;
	uint64_t phys_lo, phys_hi;	/* lengths in between may be EINVAL */
	unsigned char online[MAX_NODES / 8];
	int first_node;
} kinfo;

static struct stats *stats;
static struct hb_fd fds[NR_FDS];
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
				" flags %#x length %#llx node %d __reserved %#llx %#llx",
				i->roof.flags,
				(unsigned long long)i->roof.length,
				i->roof.node,
				(unsigned long long)i->roof.__reserved[0],
				(unsigned long long)i->roof.__reserved[1]);
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
		cmd = _IOC(below(t, 4), HMMBENCH_IOC_MAGIC, op,
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
			    near[below(t, ARRAY_SIZE(near))], op, size);
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

static uint32_t pick_size(struct thread *t, uint32_t ksize, uint32_t ver0)
{
	const uint32_t sizes[] = {
		0, 1, 3, 4, 8, ver0 - 1, ver0, ksize + 1, ksize + 4,
		ksize + 8, ksize + 8, ksize + 64, PAGE - 1, PAGE, PAGE,
		PAGE + 1, 2 * PAGE, 0xfff00000, 0x80000000, 0xffffffff
	};

	if (chance(t, 550))
		return ksize;
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
		c->claim = true;
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
static void verify_pick(struct thread *t, struct call *c)
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
	c->img.verify.handle = h;
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
 * ROOFLINE writes a buffer as large as the struct pages of its length:
 * lengths it would accept above eight sections become one to four, so
 * that the calls stay short; those over the budget stay, for ENOMEM.
 */
static void gen_roofline(struct thread *t, struct call *c)
{
	struct hmmbench_roofline *r = &c->img.roof;

	random_bytes(t, r, sizeof(*r));
	r->size = c->usize;
	r->flags = pick_flags(t);
	r->length = pick_length(t);
	if (r->length > 8 * kinfo.align && r->length <= kinfo.max_size)
		r->length = (1 + below(t, 4)) * kinfo.align;
	r->node = pick_node(t);
	r->__reserved[0] = chance(t, 900) ? 0 : rnd(t) | 1;
	r->__reserved[1] = chance(t, 900) ? 0 : rnd(t) | 1;
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
	uint32_t start = op_out[c->op].start;
	uint32_t end = MIN(op_out[c->op].end, c->usize);

	return end <= start || range_ok(t, c->ptr + start, end - start, P_RW);
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
	if (c->claim)
		return OB(OC_OK);
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
	if (c->claim)
		return OB(OC_OK);
	c->may_find = v.handle != 0;
	return OB(OC_ENOENT);
}

/*
 * ROOFLINE: EPERM, copy-in, flags and reserved words, length and node as
 * MAP's, (out) fields writable; then it succeeds or finds no memory for
 * its buffer (over the budget, or no free PMD-sized blocks).
 */
static unsigned int expect_roofline(const struct thread *t, struct call *c)
{
	struct hmmbench_roofline r;
	unsigned int x;

	if (!(kinfo.features & HMMBENCH_FEAT_ROOFLINE))
		return OB(OC_ENOTTY);
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_ROOFLINE_SIZE_VER0);
	if (x)
		return x;
	kview(c, &r);
	if (r.flags || r.__reserved[0] || r.__reserved[1] || !r.length ||
	    r.length % kinfo.align || r.length > kinfo.phys_hi ||
	    (r.node != HMMBENCH_NODE_LOCAL && !node_online(r.node)))
		return OB(OC_EINVAL);
	if (!out_ok(t, c))
		return OB(OC_EFAULT);
	x = OB(OC_OK) | OB(OC_ENOMEM);
	if (r.length > kinfo.phys_lo)
		x |= OB(OC_EINVAL);
	return x;
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
static void unmap_again(const struct thread *t, const struct call *c)
{
	struct hmmbench_unmap u = {
		.size = sizeof(u),
		.handle = c->img.unmap.handle,
	};
	int err = ioctl(c->hf->fd, HMMBENCH_IOC_UNMAP, &u) ? errno : 0;

	if (err == ENOENT)
		violation(t, c, "UNMAP failed with EFAULT but destroyed the chunk");
	else if (err)
		violation(t, c, "UNMAP of the chunk kept: %s", strerror(err));
	else
		atomic_fetch_add(&stats->unmaps, 1);
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
static const char *map_record(struct hb_fd *hf, uint32_t h)
{
	if (!h)
		return "handle 0 returned";
	if (hset_has(&hf->live, h))
		return "a live handle returned again";
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
		bad = map_record(hf, m.handle);
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

	if (!c->claim && h) {
		pthread_mutex_lock(&hf->lock);
		hf->guess[t->id] = 0;
		unmap_settle_guess(hf, c, h);
		pthread_mutex_unlock(&hf->lock);
	}
	judge(t, c);
	if (!c->err) {
		atomic_fetch_add(&stats->unmaps, 1);
		check_unmap_out(t, c);
	}
	if (c->claim && c->err == EFAULT)
		unmap_again(t, c);

	pthread_mutex_lock(&hf->lock);
	if (c->claim) {
		hset_del(&hf->busy, h);
		/* Refused before the lookup, the chunk is still live. */
		if (c->err && c->err != ENOENT && c->err != EFAULT)
			hset_add(&hf->live, h);
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

	if (!c->claim && h) {
		pthread_mutex_lock(&hf->lock);
		hf->guess[t->id] = 0;
		if (c->may_find && (hf->inflight || hf->gen != c->gen))
			c->expect |= OB(OC_OK);
		pthread_mutex_unlock(&hf->lock);
	}
	judge(t, c);
	if (!c->err) {
		atomic_fetch_add(&stats->verifies, 1);
		check_verify_out(t, c);
	}
}

/* A ROOFLINE that succeeded timed plain stores, and only known kinds. */
static void check_roofline_out(const struct thread *t, const struct call *c)
{
	struct hmmbench_roofline r;

	if (!read_back(t, c, &r))
		return;
	if (!(r.valid & HMMBENCH_R_PLAIN) ||
	    r.valid & ~(HMMBENCH_R_PLAIN | HMMBENCH_R_NT) || !r.bytes ||
	    !r.plain_ns || (!(r.valid & HMMBENCH_R_NT) && r.nt_ns))
		violation(t, c, "ROOFLINE returned valid %#x bytes %llu plain %llu nt %llu",
			  r.valid, (unsigned long long)r.bytes,
			  (unsigned long long)r.plain_ns,
			  (unsigned long long)r.nt_ns);
}

static void finish(const struct thread *t, struct call *c)
{
	switch (c->op) {
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
	enum op kind = r < 27 ? OP_INFO : r < 60 ? OP_MAP :
		       r < 90 ? OP_UNMAP : r < 96 ? OP_VERIFY : OP_ROOFLINE;

	if (planned)
		kind = OP_MAP;
	c->ksize = op_ksize[kind];
	if (planned && chance(t, 800)) {
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
	};

	c.usize = chance(t, 700) ? c.ksize : c.ksize + below(t, 64) + 1;
	c.ptr = (uintptr_t)t->arena + (below(t, PAGE) & ~7UL);
	random_bytes(t, &c.img.verify, sizeof(c.img.verify));
	c.img.verify.size = c.usize;
	c.img.verify.flags = 0;
	c.img.verify.handle = u->img.unmap.handle;
	c.expect = expect(t, &c);
	arena_fill(t, &c);
	c.err = ioctl(c.hf->fd, c.cmd, (void *)c.ptr) ? errno : 0;
	atomic_fetch_add(&stats->calls, 1);
	finish(t, &c);
}

static void fuzz_one(struct thread *t, uint64_t index)
{
	struct call c = { .index = index, .nz = -1 };
	bool planned = chance(t, 4);
	enum op kind;
	int n;

	c.hf = pick_fd(t);
	kind = pick_cmd(t, &c, planned);
	place(t, &c, planned);
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
	arena_fill(t, &c);
	c.err = ioctl(c.hf->fd, c.cmd, (void *)c.ptr) ? errno : 0;
	atomic_fetch_add(&stats->calls, 1);
	finish(t, &c);
}

/* Now and then, closes one of the thread's descriptors or opens it. */
static void cycle_fds(struct thread *t)
{
	struct hb_fd *hf;

	if (!chance(t, 5))
		return;
	hf = &fds[1 + t->id * NR_PRIV + below(t, NR_PRIV)];
	if (hf->fd < 0) {
		fd_open(hf);
		return;
	}
	fd_close(hf);
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
	unsigned int i;

	for (i = 0; i < env.threads; i++) {
		th[i].id = i;
		th[i].rng = env.seed ^ (0x5851f42d4c957f2dULL * (i + 1));
		th[i].end = env.calls;
		arena_new(&th[i]);
	}
	*nocap = th[0];
	nocap->rng = env.seed ^ 0x2545f4914f6cdd1dULL;
	arena_new(nocap);
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

	setup_map();
	nocap_calls = MIN(env.calls / 50, 2000);
	if (nocap_calls)
		run_nocap(&nocap, nocap_calls);
	run_threads(th);

	leaks = check_no_trace();
	print_outcomes();
	printf("hbfuzz: %llu calls (seed %llu) in %llu s: %llu maps, %llu unmaps, %llu verifies, %llu rooflines, %llu contract violations\n",
	       (unsigned long long)atomic_load(&stats->calls),
	       (unsigned long long)env.seed,
	       (unsigned long long)((now_ns() - start + 500000000) / 1000000000),
	       (unsigned long long)atomic_load(&stats->maps),
	       (unsigned long long)atomic_load(&stats->unmaps),
	       (unsigned long long)atomic_load(&stats->verifies),
	       (unsigned long long)atomic_load(&stats->roofs),
	       (unsigned long long)atomic_load(&stats->violations));
	return atomic_load(&stats->violations) || leaks ? 1 : 0;
}
