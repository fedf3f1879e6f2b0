// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz's calls: the command (real, near miss or unknown), the declared
 * size, where the struct sits in the arena and its tail, the fields of
 * INFO, MAP, UNMAP, VERIFY and ROOFLINE, and the handles guessed, claimed
 * or poked; hbfuzz-gen-migrate.c makes MIGRATE's and FAULT_READ's.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

static const unsigned long canon_cmd[] = {
	HMMBENCH_IOC_INFO, HMMBENCH_IOC_MAP, HMMBENCH_IOC_UNMAP,
	HMMBENCH_IOC_VERIFY, HMMBENCH_IOC_ROOFLINE, HMMBENCH_IOC_MIGRATE,
	HMMBENCH_IOC_FAULT_READ, HMMBENCH_IOC_MIRROR
};

/* VFS handles these types' commands before any driver sees them. */
static bool vfs_type(unsigned int type)
{
	return type == 0x00 || type == 'T' || type == 'X' || type == 'f' ||
	       type == 0x94;
}

/* A command the driver dispatches to @op, with any direction and size. */
unsigned long real_cmd(struct thread *t, enum op op)
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
#define FIRST_UNKNOWN_NR	(_IOC_NR(HMMBENCH_IOC_MIRROR) + 1)

/* A command the driver must refuse with ENOTTY, often a near miss. */
unsigned long bogus_cmd(struct thread *t, enum op op)
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
uint32_t pick_size(struct thread *t, uint32_t ksize, uint32_t ver0)
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

uintptr_t bad_ptr(struct thread *t)
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
void place(struct thread *t, struct call *c, bool planned)
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
void pick_tail(struct thread *t, struct call *c)
{
	uint64_t end = MIN(c->usize, 2 * PAGE);
	long nz;

	if (c->place == PL_BAD || end <= c->ksize || chance(t, 500))
		return;
	nz = c->ksize + below(t, end - c->ksize);
	if (prot_at(t, c->ptr + nz) != P_NONE)
		c->nz = nz;
}

uint32_t pick_flags(struct thread *t)
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

void gen_info(struct thread *t, struct call *c)
{
	random_bytes(t, &c->img.info, sizeof(c->img.info));
	c->img.info.size = c->usize;
	c->img.info.flags = pick_flags(t);
}

void gen_map(struct thread *t, struct call *c)
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
void gen_planned(struct thread *t, struct call *c)
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
void spoil_map(struct thread *t, struct hmmbench_map *m)
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

void gen_unmap(struct thread *t, struct call *c)
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

void gen_verify(struct thread *t, struct call *c)
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
 * The handle of a MIGRATE, FAULT_READ or MIRROR: a claim, a poke or a
 * guess; any
 * number for an unknown command, which looks no handle up.
 */
uint32_t pick_handle(struct thread *t, struct call *c, bool no_shift,
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
void gen_roofline(struct thread *t, struct call *c)
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
