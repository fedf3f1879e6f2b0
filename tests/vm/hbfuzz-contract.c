// SPDX-License-Identifier: GPL-2.0
/*
 * The errno contract of uapi/linux/hmmbench.h as hbfuzz models it, per
 * ioctl: the ops, their structs and (out) fields, the outcomes a call may
 * have given where and how it was made, the judgement of what it got,
 * and the report of a call that breaks the contract.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

static const int oc_errno[OC_NR] = {
	0, ENOTTY, EFAULT, EINVAL, E2BIG, EOPNOTSUPP, EPERM, ENOMEM, ENOSPC,
	ENOENT, EINTR, EBUSY, -1
};
const char *const oc_name[OC_NR] = {
	"0", "ENOTTY", "EFAULT", "EINVAL", "E2BIG", "EOPNOTSUPP", "EPERM",
	"ENOMEM", "ENOSPC", "ENOENT", "EINTR", "EBUSY", "other"
};

static const char *const op_name[] = {
	"INFO", "MAP", "UNMAP", "VERIFY", "ROOFLINE", "MIGRATE", "FAULT_READ",
	"MIRROR", "unknown"
};

/*
 * The (out) fields: the only bytes written back, and cleared first, each
 * run up to the declared size.  A struct that grew (in) fields after its
 * first (out) ones has a second run after them (ROOFLINE's copy_ns); an
 * empty run is { 0, 0 }.
 */
#define OUT_RUNS	2
#define OFFSETOFEND(type, member) \
	(offsetof(type, member) + sizeof(((type *)0)->member))
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
	{ OUT(struct hmmbench_mirror, calls, error) },
};

static const char *const place_name[] = {
	"rw", "ro", "rw|ro", "ro|rw", "rw|guard", "rw|hole", "bad"
};

int oc_of(int err)
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
	case OP_MIRROR:
		return snprintf(buf, n,
				" flags %#x handle %u (%s) addr %#llx length %#llx (%s) batch %u times %#llx nr_times %llu",
				i->mir.flags, i->mir.handle,
				i->mir.handle ? mode_name(c) : "none",
				(unsigned long long)i->mir.addr,
				(unsigned long long)i->mir.length,
				akind_name[c->akind], i->mir.batch,
				(unsigned long long)i->mir.times,
				(unsigned long long)i->mir.nr_times);
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
void violation(const struct thread *t, const struct call *c,
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

/* The struct as the kernel sees it after copying @c->usize bytes in. */
void kview(const struct call *c, void *dst)
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
bool out_byte(const struct call *c, uint32_t off)
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
uint64_t recs_room(const struct thread *t, uint64_t a)
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

/*
 * MIRROR, in dev.c's order: EPERM; copy-in; flags (WRITE needs FAULT,
 * times and their room need TIMES); EOPNOTSUPP without
 * HMMBENCH_FEAT_MIRROR (or, for a handle, HMMBENCH_FEAT_MIGRATE); range
 * (its end past TASK_SIZE, which lies between TASK_LO and TASK_HI; its
 * pages up to the maximum); batch; with TIMES an array with room for
 * every batch; (out) fields writable; the handle, if any.  Then
 * hmm_range_fault()'s own: the buffer mirrors, a range with a page in no
 * mapping is found (snapshot) or EFAULT (faulting); the table may find
 * no memory, and invalidations may keep a batch from completing (EBUSY).
 * Times are written last: into the records array with room for them,
 * they are; anywhere else they may fail with EFAULT instead.
 */
static unsigned int expect_mirror(const struct thread *t, struct call *c)
{
	uint32_t fault = HMMBENCH_MIRROR_FAULT, write = HMMBENCH_MIRROR_WRITE;
	uint32_t times = HMMBENCH_MIRROR_TIMES;
	unsigned int x, maybe = 0, found;
	struct hmmbench_mirror m;

	c->found = 0;
	c->may_find = false;
	if (t->nocap)
		return OB(OC_EPERM);
	x = expect_copy_in(t, c, HMMBENCH_MIRROR_SIZE_VER0);
	if (x)
		return x;
	kview(c, &m);
	if (m.flags & ~(fault | write | times) ||
	    (!(m.flags & times) && (m.times || m.nr_times)) ||
	    (m.flags & write && !(m.flags & fault)))
		return OB(OC_EINVAL);
	if (!(kinfo.features & HMMBENCH_FEAT_MIRROR) ||
	    (m.handle && !(kinfo.features & HMMBENCH_FEAT_MIGRATE)))
		return OB(OC_EOPNOTSUPP);
	if (!mirror_range_valid(&m))
		return OB(OC_EINVAL);
	if (m.addr + m.length > TASK_LO)
		maybe = OB(OC_EINVAL);
	if (m.batch > HMMBENCH_MIRROR_BATCH_MAX)
		return maybe | OB(OC_EINVAL);
	if (m.flags & times && (!m.times || m.nr_times < mirror_batches(&m)))
		return maybe | OB(OC_EINVAL);
	if (!out_ok(t, c))
		return maybe | OB(OC_EFAULT);
	found = OB(OC_ENOMEM) | OB(OC_EBUSY);
	found |= c->akind == AK_BUF || !(m.flags & fault) ? OB(OC_OK) :
		 OB(OC_EFAULT);
	if (m.flags & times &&
	    recs_room(t, m.times) < 8 * mirror_batches(&m))
		found |= OB(OC_EFAULT);
	if (!m.handle) {
		c->found = found;
		return maybe | found;
	}
	return maybe | expect_lookup(c, found, m.handle);
}

unsigned int expect(const struct thread *t, struct call *c)
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
	case OP_MIRROR:
		return expect_mirror(t, c);
	default:
		return OB(OC_ENOTTY);
	}
}

void judge(const struct thread *t, const struct call *c)
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
