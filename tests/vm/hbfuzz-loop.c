// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz's threads: each call picked (its op, command and descriptor;
 * its struct from hbfuzz-gen*.c), written to the arena, sent, and
 * finished by hbfuzz-check*.c, with what must happen around it (a VERIFY
 * before an UNMAP, pages touched or snapped); descriptors closed and
 * opened again; the first calls in a child without CAP_SYS_ADMIN.
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
#include <sys/wait.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "guest.h"
#include "hbfuzz.h"

/* The size of each op's struct, and that size in the ABI's first version. */
static const uint32_t op_ksize[] = {
	sizeof(struct hmmbench_info), sizeof(struct hmmbench_map),
	sizeof(struct hmmbench_unmap), sizeof(struct hmmbench_verify),
	sizeof(struct hmmbench_roofline), sizeof(struct hmmbench_migrate),
	sizeof(struct hmmbench_fault_read), sizeof(struct hmmbench_mirror)
};
static const uint32_t op_ver0[] = {
	HMMBENCH_INFO_SIZE_VER0, HMMBENCH_MAP_SIZE_VER0,
	HMMBENCH_UNMAP_SIZE_VER0, HMMBENCH_VERIFY_SIZE_VER0,
	HMMBENCH_ROOFLINE_SIZE_VER0, HMMBENCH_MIGRATE_SIZE_VER0,
	HMMBENCH_FAULT_READ_SIZE_VER0, HMMBENCH_MIRROR_SIZE_VER0
};

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

static void finish(struct thread *t, struct call *c)
{
	switch (c->op) {
	case OP_MIGRATE:
		migrate_finish(t, c);
		break;
	case OP_FAULT_READ:
		fault_read_finish(t, c);
		break;
	case OP_MIRROR:
		mirror_finish(t, c);
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
		       r < 86 ? OP_ROOFLINE : r < 93 ? OP_MIGRATE :
		       r < 97 ? OP_FAULT_READ : OP_MIRROR;

	if (planned)
		kind = OP_MAP;
	c->ksize = op_ksize[kind];
	/* most MIGRATEs, FAULT_READs and MIRRORs meant to succeed */
	c->careful = (kind == OP_MIGRATE || kind == OP_FAULT_READ ||
		      kind == OP_MIRROR) &&
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
	case OP_MIRROR:
		gen_mirror(t, c);
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
	/* a snapshot MIRROR finds some of the pages lent (mirror_finish) */
	if (c->op == OP_MIRROR) {
		if (c->akind == AK_BUF)
			c->snapped = buf_pagemap(t, t->snap);
		return;
	}
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

void *fuzz_loop(void *arg)
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
void run_nocap(struct thread *t, uint64_t n)
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
