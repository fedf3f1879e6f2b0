// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: ioctl client of /dev/hmmbench.  Every request carries its
 * struct's size; errors come back as negative errno values, which
 * explain.c turns into sentences.  Tests wrap open() and ioctl() with
 * -Wl,--wrap to drive it.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kernel/device.h"

int hb_dev_open(struct hb_dev *dev, const char *path)
{
	memset(dev, 0, sizeof(*dev));
	dev->path = path ? path : HMMBENCH_DEVICE;
	dev->fd = open(dev->path, O_RDWR | O_CLOEXEC);
	return dev->fd < 0 ? -errno : 0;
}

void hb_dev_close(struct hb_dev *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
}

int hb_dev_info(struct hb_dev *dev)
{
	struct hmmbench_info info = { .size = sizeof(info) };

	if (ioctl(dev->fd, HMMBENCH_IOC_INFO, &info))
		return -errno;
	if (info.abi_version != HMMBENCH_ABI_VERSION) {
		dev->info.abi_version = info.abi_version;
		return -EPROTO;
	}
	info.module_version[sizeof(info.module_version) - 1] = '\0';
	info.kernel_release[sizeof(info.kernel_release) - 1] = '\0';
	dev->info = info;
	return 0;
}

int hb_dev_map(struct hb_dev *dev, uint64_t length, int node,
	       unsigned int vmemmap_shift, struct hmmbench_map *map)
{
	memset(map, 0, sizeof(*map));
	map->size = sizeof(*map);
	map->length = length;
	map->node = node;
	map->vmemmap_shift = vmemmap_shift;
	if (ioctl(dev->fd, HMMBENCH_IOC_MAP, map))
		return -errno;
	/* The ABI promises a non-zero handle; 0 would be unmappable. */
	return map->handle ? 0 : -EPROTO;
}

int hb_dev_unmap(struct hb_dev *dev, uint32_t handle,
		 struct hmmbench_unmap *unmap)
{
	memset(unmap, 0, sizeof(*unmap));
	unmap->size = sizeof(*unmap);
	unmap->handle = handle;
	return ioctl(dev->fd, HMMBENCH_IOC_UNMAP, unmap) ? -errno : 0;
}

int hb_dev_verify(struct hb_dev *dev, uint32_t handle,
		  struct hmmbench_verify *v)
{
	memset(v, 0, sizeof(*v));
	if (!(dev->info.features & HMMBENCH_FEAT_VERIFY))
		return -EOPNOTSUPP;
	v->size = sizeof(*v);
	v->handle = handle;
	return ioctl(dev->fd, HMMBENCH_IOC_VERIFY, v) ? -errno : 0;
}

int hb_dev_verify_phys(struct hb_dev *dev, uint64_t phys,
		       struct hmmbench_verify *v)
{
	memset(v, 0, sizeof(*v));
	if (!(dev->info.features & HMMBENCH_FEAT_VERIFY_PHYS))
		return -EOPNOTSUPP;
	v->size = sizeof(*v);
	v->flags = HMMBENCH_VERIFY_PHYS;
	v->phys = phys;
	return ioctl(dev->fd, HMMBENCH_IOC_VERIFY, v) ? -errno : 0;
}

int hb_dev_roofline(struct hb_dev *dev, uint64_t length, int node,
		    uint64_t copy_length, struct hmmbench_roofline *r)
{
	memset(r, 0, sizeof(*r));
	if (!(dev->info.features & HMMBENCH_FEAT_ROOFLINE) ||
	    (copy_length &&
	     !(dev->info.features & HMMBENCH_FEAT_ROOFLINE_COPY)))
		return -EOPNOTSUPP;
	r->size = sizeof(*r);
	r->flags = copy_length ? HMMBENCH_ROOFLINE_COPY : 0;
	r->length = length;
	r->node = node;
	r->copy_length = copy_length;
	return ioctl(dev->fd, HMMBENCH_IOC_ROOFLINE, r) ? -errno : 0;
}

static int hb_dev_watch(struct hb_dev *dev, uint32_t flags, uint32_t types)
{
	struct hmmbench_watch w = {
		.size = sizeof(w),
		.flags = flags,
		.types = types,
	};

	if (!(dev->info.features & HMMBENCH_FEAT_WATCH))
		return -EOPNOTSUPP;
	return ioctl(dev->fd, HMMBENCH_IOC_WATCH, &w) ? -errno : 0;
}

int hb_dev_watch_start(struct hb_dev *dev, uint32_t types)
{
	return hb_dev_watch(dev, 0, types);
}

int hb_dev_watch_stop(struct hb_dev *dev)
{
	return hb_dev_watch(dev, HMMBENCH_WATCH_STOP, 0);
}

int hb_dev_watch_read(struct hb_dev *dev, struct hmmbench_call *calls,
		      uint32_t nr, struct hmmbench_watch_read *r)
{
	*r = (struct hmmbench_watch_read){
		.size = sizeof(*r),
		.records = (uintptr_t)calls,
		.rec_size = sizeof(*calls),
		.nr = nr,
	};
	return ioctl(dev->fd, HMMBENCH_IOC_WATCH_READ, r) ? -errno : 0;
}

int hb_dev_migrate(struct hb_dev *dev, const struct hb_mig_req *req,
		   struct hmmbench_migrate *m)
{
	memset(m, 0, sizeof(*m));
	if (!(dev->info.features & HMMBENCH_FEAT_MIGRATE) ||
	    (req->thp && !(dev->info.features & HMMBENCH_FEAT_MIGRATE_THP)))
		return -EOPNOTSUPP;
	m->size = sizeof(*m);
	m->flags = req->thp ? HMMBENCH_MIGRATE_THP : 0;
	m->handle = req->handle;
	m->direction = req->direction;
	m->addr = req->addr;
	m->length = req->length;
	m->batch = req->batch;
	return ioctl(dev->fd, HMMBENCH_IOC_MIGRATE, m) ? -errno : 0;
}

int hb_dev_fault_read(struct hb_dev *dev, uint32_t handle,
		      struct hmmbench_fault *recs, uint32_t nr,
		      struct hmmbench_fault_read *r)
{
	*r = (struct hmmbench_fault_read){
		.size = sizeof(*r),
		.handle = handle,
		.rec_size = sizeof(*recs),
		.records = (uintptr_t)recs,
		.nr = nr < HMMBENCH_FAULT_READ_MAX ? nr :
						     HMMBENCH_FAULT_READ_MAX,
	};
	if (!(dev->info.features & HMMBENCH_FEAT_MIGRATE))
		return -EOPNOTSUPP;
	return ioctl(dev->fd, HMMBENCH_IOC_FAULT_READ, r) ? -errno : 0;
}

int hb_dev_mirror(struct hb_dev *dev, const struct hb_mirror_req *req,
		  struct hmmbench_mirror *m)
{
	memset(m, 0, sizeof(*m));
	if (!(dev->info.features & HMMBENCH_FEAT_MIRROR) ||
	    (req->times &&
	     !(dev->info.features & HMMBENCH_FEAT_MIRROR_TIMES)))
		return -EOPNOTSUPP;
	m->size = sizeof(*m);
	m->flags = req->flags | (req->times ? HMMBENCH_MIRROR_TIMES : 0);
	m->handle = req->handle;
	m->batch = req->batch;
	m->addr = req->addr;
	m->length = req->length;
	m->times = (uintptr_t)req->times;
	m->nr_times = req->times ? req->nr_times : 0;
	return ioctl(dev->fd, HMMBENCH_IOC_MIRROR, m) ? -errno : 0;
}

uint64_t hb_dev_memmap_cost(const struct hmmbench_info *info,
			    uint64_t length)
{
	if (!info->page_size)
		return 0;
	return length / info->page_size * info->struct_page_size;
}
