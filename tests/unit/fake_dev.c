// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the fake device.  MAP of length L takes L/4096 *
 * 10 ns plus 1 us per earlier MAP in memremap (so samples differ), plus
 * fake.jitter_ns every second MAP, 90 % of that in memmap_init; UNMAP
 * takes twice the chunk's memremap.
 * VERIFY finds every invariant holding under digest 0x1234 and layout
 * 0xabcd unless a test sets fake.verify.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#include "fake_dev.h"

struct fake_dev fake;

int __real_open(const char *path, int flags, ...);
int __real_close(int fd);
int __real_clock_gettime(clockid_t clk, struct timespec *ts);
int __wrap_open(const char *path, int flags, ...);
int __wrap_close(int fd);
int __wrap_ioctl(int fd, unsigned long cmd, ...);
int __wrap_clock_gettime(clockid_t clk, struct timespec *ts);

void fake_reset(void)
{
	memset(&fake, 0, sizeof(fake));
	fake.abi_version = HMMBENCH_ABI_VERSION;
	fake.features = HMMBENCH_FEAT_PHASE_PROBE | HMMBENCH_FEAT_VERIFY;
	fake.verify.checks_nr = HMMBENCH_CHECK_NR;
	fake.verify.digest = 0x1234;
	fake.verify.layout = 0xabcd;
	fake.map_valid = HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP |
			 HMMBENCH_T_MEMMAP_INIT;
	fake.unmap_valid = HMMBENCH_T_MEMUNMAP | HMMBENCH_T_RELEASE;
	fake.roof_valid = HMMBENCH_R_PLAIN | HMMBENCH_R_NT;
	fake.next_handle = 1;
}

int __wrap_open(const char *path, int flags, ...)
{
	(void)path;
	(void)flags;
	if (fake.open_errno) {
		errno = fake.open_errno;
		return -1;
	}
	return FAKE_FD;
}

int __wrap_close(int fd)
{
	if (fd != FAKE_FD)
		return __real_close(fd);
	fake.closed++;
	return 0;
}

int __wrap_clock_gettime(clockid_t clk, struct timespec *ts)
{
	if (!fake.clock)
		return __real_clock_gettime(clk, ts);
	ts->tv_sec = fake.now_ns / 1000000000;
	ts->tv_nsec = fake.now_ns % 1000000000;
	return 0;
}

static void fake_info(struct hmmbench_info *i)
{
	i->abi_version = fake.abi_version;
	i->features = fake.features;
	strcpy(i->module_version, "0.1-fake");
	strcpy(i->kernel_release, "6.1.0-fake");
	i->page_size = 4096;
	i->struct_page_size = 64;
	i->size_align = 128ULL << 20;
	i->min_size = 128ULL << 20;
	i->max_size = 64ULL << 30;
	i->budget = 1ULL << 30;
	i->mem_available = 3ULL << 30;
	i->reserve = 2ULL << 30;
	i->nr_nodes = 1;
	i->live_chunks = fake.live;
	i->maps_total = fake.maps;
}

static void fake_map(struct hmmbench_map *m)
{
	m->handle = fake.zero_handle ? 0 : fake.next_handle++;
	if (fake.next_handle == 4096)	/* reuse, as the driver's xarray may */
		fake.next_handle = 1;
	if (m->handle) {
		fake.live_handle[m->handle] = true;
		fake.live_length[m->handle] = m->length;
	}
	m->valid = fake.map_valid;
	m->phys_start = 0x1000000000ULL;
	m->region_ns = 1000;
	m->memremap_ns = m->length / 4096 * 10 + 1000ULL * fake.maps +
			 (fake.maps % 2 ? fake.jitter_ns : 0);
	m->memmap_init_ns = m->memremap_ns / 10 * 9;
	fake.maps++;
	fake.now_ns += fake.map_ns;
	fake.live++;
	if (fake.live > fake.max_live)
		fake.max_live = fake.live;
	if (fake.stop && fake.maps == fake.stop_after_maps)
		*fake.stop = 1;
}

static int fake_unmap(struct hmmbench_unmap *u)
{
	if (u->handle >= 4096 || !fake.live_handle[u->handle])
		return -ENOENT;
	fake.live_handle[u->handle] = false;
	fake.live--;
	u->valid = fake.unmap_valid;
	u->memunmap_ns = 2000000 + u->handle;
	u->release_ns = 500;
	return 0;
}

/* The pgmap VERIFY_PHYS finds at fake.verify.start. */
static int fake_verify_phys(struct hmmbench_verify *v)
{
	const struct hmmbench_verify *f = &fake.verify;
	uint64_t base = f->start - f->skipped * 4096;

	if (v->handle || v->flags != HMMBENCH_VERIFY_PHYS)
		return -EINVAL;
	if (!f->start || v->phys < base ||
	    v->phys >= f->start + f->pages * 4096)
		return -ENOENT;
	v->pages = f->pages;
	v->start = f->start;
	v->skipped = f->skipped;
	v->type = f->type;
	v->vmemmap_shift = f->vmemmap_shift;
	return 0;
}

static int fake_verify(struct hmmbench_verify *v)
{
	const struct hmmbench_verify *f = &fake.verify;
	int ret;

	if (v->flags)
		ret = fake_verify_phys(v);
	else if (v->handle >= 4096 || !fake.live_handle[v->handle])
		ret = -ENOENT;
	else
		ret = 0;
	if (ret)
		return ret;
	fake.verifies++;
	v->checks_nr = f->checks_nr;
	if (!v->flags)
		v->pages = f->pages ? f->pages :
				      fake.live_length[v->handle] / 4096;
	v->digest = f->digest;
	v->layout = f->layout;
	v->bad_pages = f->bad_pages;
	memcpy(v->checks, f->checks, sizeof(v->checks));
	return 0;
}

/* The struct pages of the length, at 16 B/ns plain and 32 B/ns NT. */
static int fake_roofline(struct hmmbench_roofline *r)
{
	if (fake.live)
		return -EBUSY;	/* the CLI measures with nothing mapped */
	fake.roofs++;
	r->valid = fake.roof_valid;
	r->bytes = r->length / 4096 * 64;
	r->plain_ns = r->bytes / 16;
	r->nt_ns = r->valid & HMMBENCH_R_NT ? r->bytes / 32 : 0;
	return 0;
}

static void fake_log(unsigned long cmd, void *arg)
{
	struct fake_call *c;

	if (fake.nr_calls == FAKE_MAX_CALLS)
		return;
	c = &fake.calls[fake.nr_calls++];
	c->cmd = cmd;
	c->size = *(uint32_t *)arg;
	if (cmd == HMMBENCH_IOC_MAP) {
		c->length = ((struct hmmbench_map *)arg)->length;
		c->node = ((struct hmmbench_map *)arg)->node;
	} else if (cmd == HMMBENCH_IOC_UNMAP) {
		c->handle = ((struct hmmbench_unmap *)arg)->handle;
	} else if (cmd == HMMBENCH_IOC_VERIFY) {
		c->handle = ((struct hmmbench_verify *)arg)->handle;
		c->flags = ((struct hmmbench_verify *)arg)->flags;
		c->phys = ((struct hmmbench_verify *)arg)->phys;
	} else if (cmd == HMMBENCH_IOC_ROOFLINE) {
		c->length = ((struct hmmbench_roofline *)arg)->length;
		c->node = ((struct hmmbench_roofline *)arg)->node;
	}
}

static int fake_dispatch(unsigned long cmd, void *arg)
{
	if (fake.fail_cmd == cmd) {
		if (!fake.fail_skip)
			return -fake.fail_errno;
		fake.fail_skip--;
	}
	switch (cmd) {
	case HMMBENCH_IOC_INFO:
		fake_info(arg);
		return 0;
	case HMMBENCH_IOC_MAP:
		fake_map(arg);
		return 0;
	case HMMBENCH_IOC_UNMAP:
		return fake_unmap(arg);
	case HMMBENCH_IOC_VERIFY:
		return fake_verify(arg);
	case HMMBENCH_IOC_ROOFLINE:
		return fake_roofline(arg);
	}
	return -ENOTTY;
}

int __wrap_ioctl(int fd, unsigned long cmd, ...)
{
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != FAKE_FD) {
		errno = EBADF;
		return -1;
	}
	fake_log(cmd, arg);
	ret = fake_dispatch(cmd, arg);
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}
