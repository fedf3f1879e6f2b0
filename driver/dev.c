// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/hmmbench: the misc device, its per-open chunk table and the ioctl
 * dispatch (copy in, validate, call a typed helper, copy out).
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "budget.h"
#include "chunk.h"
#include "compat.h"
#include "dev.h"
#include "info.h"
#include "migrate.h"
#include "mirror.h"
#include "roof.h"
#include "verify.h"
#include "watch.h"

static_assert(sizeof(struct hmmbench_info) >= HMMBENCH_INFO_SIZE_VER0);
static_assert(sizeof(struct hmmbench_map) >= HMMBENCH_MAP_SIZE_VER0);
static_assert(sizeof(struct hmmbench_unmap) >= HMMBENCH_UNMAP_SIZE_VER0);
static_assert(sizeof(struct hmmbench_verify) >= HMMBENCH_VERIFY_SIZE_VER0);
static_assert(offsetofend(struct hmmbench_verify, phys) ==
	      HMMBENCH_VERIFY_SIZE_VER1);
static_assert(sizeof(struct hmmbench_roofline) >=
	      HMMBENCH_ROOFLINE_SIZE_VER1);
static_assert(sizeof(struct hmmbench_watch) >= HMMBENCH_WATCH_SIZE_VER0);
static_assert(sizeof(struct hmmbench_watch_read) >=
	      HMMBENCH_WATCH_READ_SIZE_VER0);
static_assert(sizeof(struct hmmbench_call) >= HMMBENCH_CALL_SIZE_VER0);
static_assert(sizeof(struct hmmbench_migrate) >= HMMBENCH_MIGRATE_SIZE_VER0);
static_assert(sizeof(struct hmmbench_fault_read) >=
	      HMMBENCH_FAULT_READ_SIZE_VER0);
static_assert(sizeof(struct hmmbench_fault) >= HMMBENCH_FAULT_SIZE_VER0);
static_assert(sizeof(struct hmmbench_mirror) >= HMMBENCH_MIRROR_SIZE_VER0);

/* Records one WATCH_READ takes at most */
#define HB_WATCH_READ_MAX	4096

/* Chunks of one open /dev/hmmbench, by handle; the xarray lock guards it. */
struct hb_file {
	struct xarray chunks;
};

/*
 * Copies a size-prefixed struct in and returns 0 or a negative errno: a
 * size below @min_size is -EINVAL; one above the page size, or larger than
 * @ksize with non-zero bytes this module does not know, is -E2BIG.  The
 * size the caller declared is stored in *@usize.
 */
static int hb_copy_in(void *karg, size_t ksize, size_t min_size,
		      void __user *uarg, u32 *usize)
{
	if (get_user(*usize, (u32 __user *)uarg))
		return -EFAULT;
	if (*usize < min_size)
		return -EINVAL;
	if (*usize > PAGE_SIZE)
		return -E2BIG;
	return copy_struct_from_user(karg, ksize, uarg, *usize);
}

/*
 * The (out) fields of a struct: bytes [start, end), of which the caller
 * gets those below the size it declared.  Only these are written back, so
 * clearing them first tests exactly the bytes the result will need.
 */
struct hb_out_range {
	size_t start;
	size_t end;
};

#define HB_OUT(type, first, last) \
	((struct hb_out_range){ offsetof(type, first), offsetofend(type, last) })
#define HB_INFO_OUT HB_OUT(struct hmmbench_info, abi_version, phys_window_end)
#define HB_MAP_OUT HB_OUT(struct hmmbench_map, handle, memmap_init_ns)
#define HB_UNMAP_OUT HB_OUT(struct hmmbench_unmap, valid, release_ns)
#define HB_VERIFY_OUT HB_OUT(struct hmmbench_verify, checks_nr, vmemmap_shift)
#define HB_ROOF_OUT HB_OUT(struct hmmbench_roofline, valid, nt_ns)
#define HB_ROOF_COPY_OUT HB_OUT(struct hmmbench_roofline, copy_ns, copy_ns)
#define HB_WATCH_OUT HB_OUT(struct hmmbench_watch, capacity, capacity)
#define HB_WREAD_OUT HB_OUT(struct hmmbench_watch_read, nr, missed)
#define HB_MIGRATE_OUT HB_OUT(struct hmmbench_migrate, calls, skip_busy)
#define HB_FREAD_OUT HB_OUT(struct hmmbench_fault_read, nr, dropped)
#define HB_MIRROR_OUT HB_OUT(struct hmmbench_mirror, calls, error)

static int hb_copy_out(void __user *uarg, const void *karg,
		       struct hb_out_range out, u32 usize)
{
	size_t end = min_t(size_t, out.end, usize);

	return copy_to_user(uarg + out.start, karg + out.start,
			    end - out.start) ? -EFAULT : 0;
}

/* Zeroes the (out) fields: a struct the caller cannot write is refused. */
static int hb_clear_out(void __user *uarg, struct hb_out_range out,
			u32 usize)
{
	size_t end = min_t(size_t, out.end, usize);

	return clear_user(uarg + out.start, end - out.start) ? -EFAULT : 0;
}

/*
 * What every request does before its own work, as each describes it:
 * refused without CAP_SYS_ADMIN when @admin; its struct copied in
 * (hb_copy_in(): @ksize bytes, declared no smaller than @min_size);
 * its (in) fields checked; its (out) fields cleared in the caller's
 * struct, so that one the caller cannot write is refused before any
 * work, and, when @zero (the request adds to them), in ours.
 */
struct hb_request {
	bool admin;
	bool zero;
	size_t ksize;
	u32 min_size;
	int (*check)(const void *karg, u32 usize);
	struct hb_out_range out;
};

static int hb_request_in(const struct hb_request *rq, void *karg,
			 void __user *uarg, u32 *usize)
{
	int ret;

	if (rq->admin && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = hb_copy_in(karg, rq->ksize, rq->min_size, uarg, usize);
	if (ret)
		return ret;
	ret = rq->check(karg, *usize);
	if (ret)
		return ret;
	ret = hb_clear_out(uarg, rq->out, *usize);
	if (ret)
		return ret;
	if (rq->zero)
		memset(karg + rq->out.start, 0, rq->out.end - rq->out.start);
	return 0;
}

static int hb_check_info(const void *karg, u32 usize)
{
	const struct hmmbench_info *info = karg;

	return info->flags ? -EINVAL : 0;
}

static const struct hb_request hb_info_request = {
	.zero = true,
	.ksize = sizeof(struct hmmbench_info),
	.min_size = HMMBENCH_INFO_SIZE_VER0,
	.check = hb_check_info,
	.out = HB_INFO_OUT,
};

static int hb_ioctl_info(void __user *uarg)
{
	struct hmmbench_info info;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_info_request, &info, uarg, &usize);
	if (ret)
		return ret;
	hb_info_fill(&info);
	return hb_copy_out(uarg, &info, HB_INFO_OUT, usize);
}

/* A chunk length and node, as MAP and ROOFLINE take them. */
static int hb_check_length_node(u64 length, s32 node)
{
	if (!length || !IS_ALIGNED(length, hb_size_align()))
		return -EINVAL;
	if (length > hb_length_max())
		return -EINVAL;
	if (node != HMMBENCH_NODE_LOCAL &&
	    (node < 0 || node >= MAX_NUMNODES || !node_online(node)))
		return -EINVAL;
	return 0;
}

static int hb_check_map(const void *karg, u32 usize)
{
	const struct hmmbench_map *map = karg;
	int ret;

	if (map->flags || map->__reserved)
		return -EINVAL;
	ret = hb_check_length_node(map->length, map->node);
	if (ret)
		return ret;
	if (map->vmemmap_shift) {
		if (!HB_FEAT_VMEMMAP_SHIFT)
			return -EOPNOTSUPP;
		if (map->vmemmap_shift > hb_vmemmap_shift_max())
			return -EINVAL;
		/* memunmap_pages() counts whole compound pages */
		if (!IS_ALIGNED(map->length, PAGE_SIZE << map->vmemmap_shift))
			return -EINVAL;
	}
	return 0;
}

static const struct hb_request hb_map_request = {
	.admin = true,
	.ksize = sizeof(struct hmmbench_map),
	.min_size = HMMBENCH_MAP_SIZE_VER0,
	.check = hb_check_map,
	.out = HB_MAP_OUT,
};

/*
 * The chunk's handle is reserved first and the chunk published under it
 * only once the result has reached the caller: until then an UNMAP of that
 * handle finds nothing, so the error path always owns what it unwinds.
 */
static int hb_ioctl_map(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_map map;
	struct hb_chunk *chunk;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_map_request, &map, uarg, &usize);
	if (ret)
		return ret;
	ret = xa_alloc(&hf->chunks, &map.handle, NULL, xa_limit_31b,
		       GFP_KERNEL);
	if (ret)
		return ret;
	ret = hb_chunk_map(&map, &chunk);
	if (ret)
		goto err_release_handle;
	ret = hb_copy_out(uarg, &map, HB_MAP_OUT, usize);
	if (ret)
		goto err_unmap;
	/*
	 * System-wide first: once the handle is stored, another thread may
	 * UNMAP and free the chunk.  Storing into a reserved slot allocates
	 * nothing and cannot fail.
	 */
	hb_chunk_publish(chunk);
	xa_store(&hf->chunks, map.handle, chunk, GFP_KERNEL);
	return 0;

err_unmap:
	hb_chunk_release(chunk);
err_release_handle:
	xa_release(&hf->chunks, map.handle);
	return ret;
}

/*
 * Lends the chunk named @handle to one call (VERIFY, MIGRATE, UNMAP): its
 * slot stays reserved, so another call finds nothing (ENOENT) and no MAP
 * reuses the handle until hb_return_chunk() or xa_release().
 */
static struct hb_chunk *hb_borrow_chunk(struct hb_file *hf, u32 handle)
{
	struct hb_chunk *chunk;

	xa_lock(&hf->chunks);
	chunk = xa_load(&hf->chunks, handle);
	/* NULL in an allocating xarray reserves; replacing allocates nothing */
	if (chunk)
		__xa_store(&hf->chunks, handle, NULL, GFP_ATOMIC);
	xa_unlock(&hf->chunks);
	return chunk;
}

static void hb_return_chunk(struct hb_file *hf, u32 handle,
			    struct hb_chunk *chunk)
{
	xa_store(&hf->chunks, handle, chunk, GFP_KERNEL);
}

static int hb_check_unmap(const void *karg, u32 usize)
{
	const struct hmmbench_unmap *unmap = karg;

	return unmap->flags ? -EINVAL : 0;
}

static const struct hb_request hb_unmap_request = {
	.admin = true,
	.ksize = sizeof(struct hmmbench_unmap),
	.min_size = HMMBENCH_UNMAP_SIZE_VER0,
	.check = hb_check_unmap,
	.out = HB_UNMAP_OUT,
};

/*
 * The chunk is borrowed, not taken, while its lent pages come home: if
 * they cannot, it goes back under its handle, which no MAP took meanwhile.
 */
static int hb_ioctl_unmap(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_unmap unmap;
	struct hb_chunk *chunk;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_unmap_request, &unmap, uarg, &usize);
	if (ret)
		return ret;
	chunk = hb_borrow_chunk(hf, unmap.handle);
	if (!chunk)
		return -ENOENT;
	ret = hb_chunk_unmap(chunk, &unmap);
	if (ret) {
		hb_return_chunk(hf, unmap.handle, chunk);
		return ret;
	}
	xa_release(&hf->chunks, unmap.handle);
	return hb_copy_out(uarg, &unmap, HB_UNMAP_OUT, usize);
}

static int hb_check_verify(const void *karg, u32 usize)
{
	const struct hmmbench_verify *v = karg;

	if (v->flags & ~HMMBENCH_VERIFY_PHYS)
		return -EINVAL;
	if ((v->flags & HMMBENCH_VERIFY_PHYS) &&
	    (v->handle || usize < HMMBENCH_VERIFY_SIZE_VER1))
		return -EINVAL;
	if (!(v->flags & HMMBENCH_VERIFY_PHYS) && !HB_FEAT_VERIFY)
		return -EOPNOTSUPP;
	return 0;
}

static const struct hb_request hb_verify_request = {
	.admin = true,
	.zero = true,
	.ksize = sizeof(struct hmmbench_verify),
	.min_size = HMMBENCH_VERIFY_SIZE_VER0,
	.check = hb_check_verify,
	.out = HB_VERIFY_OUT,
};

static int hb_ioctl_verify(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_verify *v;
	struct hb_chunk *chunk;
	u32 usize;
	int ret;

	v = kmalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	ret = hb_request_in(&hb_verify_request, v, uarg, &usize);
	if (ret)
		goto out;
	if (v->flags & HMMBENCH_VERIFY_PHYS) {
		ret = hb_measure_begin();
		if (ret)
			goto out;
		ret = hb_pgmap_verify(v->phys, v);
		hb_measure_end();
		goto copy_out;
	}
	chunk = hb_borrow_chunk(hf, v->handle);
	ret = -ENOENT;
	if (!chunk)
		goto out;
	ret = hb_chunk_verify(chunk, v);
	hb_return_chunk(hf, v->handle, chunk);
copy_out:
	if (!ret)
		ret = hb_copy_out(uarg, v, HB_VERIFY_OUT, usize);
out:
	kfree(v);
	return ret;
}

static int hb_check_roofline(const void *karg, u32 usize)
{
	const struct hmmbench_roofline *r = karg;

	if (r->flags & ~HMMBENCH_ROOFLINE_COPY ||
	    memchr_inv(r->__reserved, 0, sizeof(r->__reserved)))
		return -EINVAL;
	if (r->flags & HMMBENCH_ROOFLINE_COPY) {
		if (usize < HMMBENCH_ROOFLINE_SIZE_VER1 || !r->copy_length ||
		    !PAGE_ALIGNED(r->copy_length) ||
		    r->copy_length > hb_length_max())
			return -EINVAL;
	} else if (r->copy_length) {
		return -EINVAL;
	}
	return hb_check_length_node(r->length, r->node);
}

/*
 * The copy's time, an (out) field after (in) ones that only a caller's
 * struct of HMMBENCH_ROOFLINE_SIZE_VER1 has, hb_ioctl_roofline() clears
 * itself.
 */
static const struct hb_request hb_roofline_request = {
	.admin = true,
	.zero = true,
	.ksize = sizeof(struct hmmbench_roofline),
	.min_size = HMMBENCH_ROOFLINE_SIZE_VER0,
	.check = hb_check_roofline,
	.out = HB_ROOF_OUT,
};

static int hb_ioctl_roofline(void __user *uarg)
{
	struct hmmbench_roofline r;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_roofline_request, &r, uarg, &usize);
	if (!ret && usize > HB_ROOF_COPY_OUT.start)
		ret = hb_clear_out(uarg, HB_ROOF_COPY_OUT, usize);
	if (ret)
		return ret;
	r.copy_ns = 0;
	ret = hb_roofline(&r);
	if (ret)
		return ret;
	ret = hb_copy_out(uarg, &r, HB_ROOF_OUT, usize);
	if (!ret && usize > HB_ROOF_COPY_OUT.start)
		ret = hb_copy_out(uarg, &r, HB_ROOF_COPY_OUT, usize);
	return ret;
}

static int hb_check_watch(const void *karg, u32 usize)
{
	const struct hmmbench_watch *w = karg;

	if (w->flags & ~HMMBENCH_WATCH_STOP)
		return -EINVAL;
	if (w->flags & HMMBENCH_WATCH_STOP ? w->types :
	    !w->types || (w->types & ~HMMBENCH_PGMAP_ALL))
		return -EINVAL;
	return 0;
}

static const struct hb_request hb_watch_request = {
	.admin = true,
	.ksize = sizeof(struct hmmbench_watch),
	.min_size = HMMBENCH_WATCH_SIZE_VER0,
	.check = hb_check_watch,
	.out = HB_WATCH_OUT,
};

static int hb_ioctl_watch(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_watch w;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_watch_request, &w, uarg, &usize);
	if (ret)
		return ret;
	ret = hb_watch(hf, &w);
	if (ret)
		return ret;
	ret = hb_copy_out(uarg, &w, HB_WATCH_OUT, usize);
	if (ret && !(w.flags & HMMBENCH_WATCH_STOP)) {
		/* not left open where the caller cannot know it is */
		w.flags = HMMBENCH_WATCH_STOP;
		hb_watch(hf, &w);
	}
	return ret;
}

/* Where WATCH_READ writes its reply. */
struct hb_wread_reply {
	void __user *uarg;
	u32 usize;
};

static int hb_wread_reply(const struct hmmbench_watch_read *r, void *arg)
{
	struct hb_wread_reply *to = arg;

	return hb_copy_out(to->uarg, r, HB_WREAD_OUT, to->usize);
}

/* Its (out) fields zero but nr, the records asked for and then read. */
static int hb_check_watch_read(const void *karg, u32 usize)
{
	const struct hmmbench_watch_read *r = karg;

	if (r->flags || r->in_flight || r->__reserved || r->other ||
	    r->dropped || r->missed)
		return -EINVAL;
	if (r->rec_size < HMMBENCH_CALL_SIZE_VER0 || r->rec_size > PAGE_SIZE ||
	    r->nr > HB_WATCH_READ_MAX)
		return -EINVAL;
	return 0;
}

static const struct hb_request hb_watch_read_request = {
	.ksize = sizeof(struct hmmbench_watch_read),
	.min_size = HMMBENCH_WATCH_READ_SIZE_VER0,
	.check = hb_check_watch_read,
	.out = HB_WREAD_OUT,
};

static int hb_ioctl_watch_read(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_watch_read r;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_watch_read_request, &r, uarg, &usize);
	if (ret)
		return ret;
	return hb_watch_read(hf, &r, hb_wread_reply,
			     &(struct hb_wread_reply){ uarg, usize });
}

/*
 * A range of the caller's address space MIGRATE and MIRROR take: whole
 * pages, at least one, below TASK_SIZE without wrapping.
 */
static bool hb_user_range_ok(u64 addr, u64 length)
{
	return length && PAGE_ALIGNED(addr) && PAGE_ALIGNED(length) &&
	       addr + length >= addr && addr + length <= TASK_SIZE;
}

/* Pages of a PMD: HMMBENCH_MIGRATE_THP moves whole ones */
#define HB_PMD_PAGES	(PAGE_SIZE / sizeof(u64))

static int hb_check_migrate(const void *karg, u32 usize)
{
	const struct hmmbench_migrate *m = karg;

	if (m->flags & ~HMMBENCH_MIGRATE_THP ||
	    memchr_inv(m->__reserved, 0, sizeof(m->__reserved)))
		return -EINVAL;
	if (!HB_FEAT_MIGRATE ||
	    (m->flags & HMMBENCH_MIGRATE_THP && !HB_FEAT_MIGRATE_THP))
		return -EOPNOTSUPP;
	if (m->direction != HMMBENCH_MIGRATE_TO_DEVICE &&
	    m->direction != HMMBENCH_MIGRATE_TO_SYSTEM)
		return -EINVAL;
	if (!hb_user_range_ok(m->addr, m->length))
		return -EINVAL;
	if (m->batch > HMMBENCH_MIGRATE_BATCH_MAX)
		return -EINVAL;
	/* a call that straddles a PMD would have the kernel split its THP */
	if (m->flags & HMMBENCH_MIGRATE_THP &&
	    (m->batch % HB_PMD_PAGES ||
	     !IS_ALIGNED(m->addr, HB_PMD_PAGES * PAGE_SIZE) ||
	     !IS_ALIGNED(m->length, HB_PMD_PAGES * PAGE_SIZE)))
		return -EINVAL;
	return 0;
}

static const struct hb_request hb_migrate_request = {
	.admin = true,
	.zero = true,
	.ksize = sizeof(struct hmmbench_migrate),
	.min_size = HMMBENCH_MIGRATE_SIZE_VER0,
	.check = hb_check_migrate,
	.out = HB_MIGRATE_OUT,
};

static int hb_ioctl_migrate(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_migrate m;
	struct hb_chunk *chunk;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_migrate_request, &m, uarg, &usize);
	if (ret)
		return ret;
	chunk = hb_borrow_chunk(hf, m.handle);
	if (!chunk)
		return -ENOENT;
	ret = hb_chunk_migrate(chunk, &m);
	hb_return_chunk(hf, m.handle, chunk);
	/* what moved before an error stopped the calls is reported with it */
	if (m.calls) {
		int out = hb_copy_out(uarg, &m, HB_MIGRATE_OUT, usize);

		ret = ret ?: out;
	}
	return ret;
}

/* Copies @n records out, @rec_size bytes apart, each zero-padded. */
static int hb_fault_copy_out(const struct hmmbench_fault_read *r,
			     const struct hmmbench_fault *recs, u32 n)
{
	size_t len = min_t(size_t, r->rec_size, sizeof(*recs));
	void __user *dst = u64_to_user_ptr(r->records);
	u32 i;

	for (i = 0; i < n; i++, dst += r->rec_size) {
		if (copy_to_user(dst, &recs[i], len) ||
		    clear_user(dst + len, r->rec_size - len))
			return -EFAULT;
	}
	return 0;
}

/* Its (out) fields zero but nr, the records asked for and then read. */
static int hb_check_fault_read(const void *karg, u32 usize)
{
	const struct hmmbench_fault_read *r = karg;

	if (r->flags || r->capacity || r->faults || r->dropped ||
	    r->rec_size < HMMBENCH_FAULT_SIZE_VER0 || r->rec_size > PAGE_SIZE ||
	    r->nr > HMMBENCH_FAULT_READ_MAX)
		return -EINVAL;
	if (!HB_FEAT_MIGRATE)
		return -EOPNOTSUPP;
	return 0;
}

static const struct hb_request hb_fault_read_request = {
	.ksize = sizeof(struct hmmbench_fault_read),
	.min_size = HMMBENCH_FAULT_READ_SIZE_VER0,
	.check = hb_check_fault_read,
	.out = HB_FREAD_OUT,
};

static int hb_ioctl_fault_read(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_fault_read r;
	struct hmmbench_fault *recs;
	struct hb_devmem *dm;
	struct hb_chunk *chunk;
	u32 usize;
	int ret, n = 0;

	ret = hb_request_in(&hb_fault_read_request, &r, uarg, &usize);
	if (ret)
		return ret;
	recs = kvcalloc(max_t(u32, r.nr, 1), sizeof(*recs), GFP_KERNEL);
	if (!recs)
		return -ENOMEM;
	chunk = hb_borrow_chunk(hf, r.handle);
	ret = -ENOENT;
	if (!chunk)
		goto out;
	dm = hb_chunk_devmem(chunk);
	if (dm)
		n = hb_devmem_fault_take(dm, recs, r.nr, &r);
	r.nr = n;
	ret = hb_fault_copy_out(&r, recs, n);
	if (!ret)
		ret = hb_copy_out(uarg, &r, HB_FREAD_OUT, usize);
	if (!ret && n)
		hb_devmem_fault_commit(dm, n);
	hb_return_chunk(hf, r.handle, chunk);
out:
	kvfree(recs);
	return ret;
}

static int hb_check_mirror(const void *karg, u32 usize)
{
	const struct hmmbench_mirror *m = karg;

	if (m->flags & ~(HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE |
			 HMMBENCH_MIRROR_TIMES))
		return -EINVAL;
	if (!(m->flags & HMMBENCH_MIRROR_TIMES) && (m->times || m->nr_times))
		return -EINVAL;
	if (m->flags & HMMBENCH_MIRROR_WRITE &&
	    !(m->flags & HMMBENCH_MIRROR_FAULT))
		return -EINVAL;
	if (!HB_FEAT_MIRROR || (m->handle && !HB_FEAT_MIGRATE))
		return -EOPNOTSUPP;
	if (!hb_user_range_ok(m->addr, m->length) ||
	    m->length >> PAGE_SHIFT > HMMBENCH_MIRROR_PAGES_MAX)
		return -EINVAL;
	if (m->batch > HMMBENCH_MIRROR_BATCH_MAX)
		return -EINVAL;
	if (m->flags & HMMBENCH_MIRROR_TIMES &&
	    (!m->times || m->nr_times < hb_mirror_batches(m)))
		return -EINVAL;
	return 0;
}

static const struct hb_request hb_mirror_request = {
	.admin = true,
	.zero = true,
	.ksize = sizeof(struct hmmbench_mirror),
	.min_size = HMMBENCH_MIRROR_SIZE_VER0,
	.check = hb_check_mirror,
	.out = HB_MIRROR_OUT,
};

/* The chunk of a handle, if any, is borrowed for its pages' owner. */
static int hb_ioctl_mirror(struct hb_file *hf, void __user *uarg)
{
	struct hmmbench_mirror m;
	struct hb_chunk *chunk = NULL;
	u32 usize;
	int ret;

	ret = hb_request_in(&hb_mirror_request, &m, uarg, &usize);
	if (ret)
		return ret;
	if (m.handle) {
		chunk = hb_borrow_chunk(hf, m.handle);
		if (!chunk)
			return -ENOENT;
	}
	ret = hb_measure_begin();
	if (!ret) {
		ret = hb_mirror(&m, chunk ? hb_chunk_owner(chunk) : NULL);
		hb_measure_end();
	}
	if (chunk)
		hb_return_chunk(hf, m.handle, chunk);
	if (!ret)
		ret = hb_copy_out(uarg, &m, HB_MIRROR_OUT, usize);
	return ret;
}

static long hb_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct hb_file *hf = file->private_data;
	void __user *uarg = (void __user *)arg;

	if (_IOC_TYPE(cmd) != HMMBENCH_IOC_MAGIC)
		return -ENOTTY;

	switch (_IOC_NR(cmd)) {
	case _IOC_NR(HMMBENCH_IOC_INFO):
		return hb_ioctl_info(uarg);
	case _IOC_NR(HMMBENCH_IOC_MAP):
		return hb_ioctl_map(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_UNMAP):
		return hb_ioctl_unmap(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_VERIFY):
		return hb_ioctl_verify(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_ROOFLINE):
		return hb_ioctl_roofline(uarg);
	case _IOC_NR(HMMBENCH_IOC_WATCH):
		return hb_ioctl_watch(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_WATCH_READ):
		return hb_ioctl_watch_read(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_MIGRATE):
		return hb_ioctl_migrate(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_FAULT_READ):
		return hb_ioctl_fault_read(hf, uarg);
	case _IOC_NR(HMMBENCH_IOC_MIRROR):
		return hb_ioctl_mirror(hf, uarg);
	default:
		return -ENOTTY;
	}
}

static int hb_open(struct inode *inode, struct file *file)
{
	struct hb_file *hf = kzalloc(sizeof(*hf), GFP_KERNEL);

	if (!hf)
		return -ENOMEM;
	xa_init_flags(&hf->chunks, XA_FLAGS_ALLOC1);
	file->private_data = hf;
	return 0;
}

/* Last close, including when the owner was killed: every chunk goes. */
static int hb_release(struct inode *inode, struct file *file)
{
	struct hb_file *hf = file->private_data;
	struct hb_chunk *chunk;
	unsigned long handle;

	hb_watch_release(hf);
	xa_for_each(&hf->chunks, handle, chunk) {
		xa_erase(&hf->chunks, handle);
		hb_chunk_release(chunk);
	}
	xa_destroy(&hf->chunks);
	kfree(hf);
	return 0;
}

static const struct file_operations hb_fops = {
	.owner = THIS_MODULE,
	.open = hb_open,
	.release = hb_release,
	.unlocked_ioctl = hb_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice hb_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "hmmbench",
	.fops = &hb_fops,
	.mode = 0600,
};

int hb_dev_init(void)
{
	return misc_register(&hb_misc);
}

void hb_dev_exit(void)
{
	misc_deregister(&hb_misc);
}
