// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the fake device.  MAP of length L takes L/4096 *
 * 10 ns plus 1 us per earlier MAP in memremap (so samples differ), plus
 * fake.jitter_ns every second MAP, 90 % of that in memmap_init; UNMAP
 * takes twice the chunk's memremap.
 * VERIFY finds every invariant holding under digest 0x1234 and layout
 * 0xabcd unless a test sets fake.verify.  MIGRATE lends pages with
 * mprotect(PROT_NONE); the SIGSEGV of a touch brings them home.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
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

/*
 * The struct pages of the length, at 16 B/ns plain and 32 B/ns NT; a
 * copy at 8 B/ns, where asked for.
 */
static int fake_roofline(struct hmmbench_roofline *r)
{
	if (fake.live)
		return -EBUSY;	/* the CLI measures with nothing mapped */
	if (r->flags & ~HMMBENCH_ROOFLINE_COPY ||
	    !(r->flags & HMMBENCH_ROOFLINE_COPY) != !r->copy_length ||
	    (r->flags && r->size < HMMBENCH_ROOFLINE_SIZE_VER1))
		return -EINVAL;
	fake.roofs++;
	r->valid = fake.roof_valid;
	r->bytes = r->length / 4096 * 64;
	r->plain_ns = r->bytes / 16;
	r->nt_ns = r->valid & HMMBENCH_R_NT ? r->bytes / 32 : 0;
	if (r->flags & HMMBENCH_ROOFLINE_COPY) {
		r->valid |= HMMBENCH_R_COPY;
		r->copy_ns = r->copy_length / 8;
	}
	return 0;
}

static void fake_log_migrate(struct fake_call *c,
			     const struct hmmbench_migrate *m)
{
	c->handle = m->handle;
	c->flags = m->flags;
	c->direction = m->direction;
	c->addr = m->addr;
	c->length = m->length;
	c->batch = m->batch;
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
		c->flags = ((struct hmmbench_roofline *)arg)->flags;
		c->copy_length = ((struct hmmbench_roofline *)arg)->copy_length;
	} else if (cmd == HMMBENCH_IOC_MIGRATE) {
		fake_log_migrate(c, arg);
	} else if (cmd == HMMBENCH_IOC_MIRROR) {
		c->handle = ((struct hmmbench_mirror *)arg)->handle;
		c->flags = ((struct hmmbench_mirror *)arg)->flags;
		c->addr = ((struct hmmbench_mirror *)arg)->addr;
		c->length = ((struct hmmbench_mirror *)arg)->length;
		c->batch = ((struct hmmbench_mirror *)arg)->batch;
	} else if (cmd == HMMBENCH_IOC_FAULT_READ) {
		c->handle = ((struct hmmbench_fault_read *)arg)->handle;
		c->flags = ((struct hmmbench_fault_read *)arg)->flags;
		c->rec_size = ((struct hmmbench_fault_read *)arg)->rec_size;
		c->nr = ((struct hmmbench_fault_read *)arg)->nr;
	}
}

#define FAKE_PAGE	4096ULL
#define FAKE_PMD	(512 * FAKE_PAGE)

void fake_fault_push(uint64_t addr, uint32_t order)
{
	uint32_t cap = fake.fault_capacity ? fake.fault_capacity :
					     FAKE_FAULT_RING;
	struct hmmbench_fault *f;

	fake.faults++;
	if (fake.ring_count >= cap) {
		fake.dropped++;
		return;
	}
	f = &fake.ring[fake.ring_count++];
	memset(f, 0, sizeof(*f));
	f->size = sizeof(*f);
	f->order = order;
	f->pages = 1U << order;
	f->start_ns = fake.now_ns + 1000;
	f->addr = addr;
	f->total_ns = 3000;
	f->setup_ns = 300;
	f->alloc_ns = 600;
	f->copy_ns = 1200;
	f->pages_ns = 300;
	f->finalize_ns = 300;
}

/* migrate_to_ram: the touched page (block, if lent as THP) comes home. */
static void fake_segv(int sig, siginfo_t *si, void *uc)
{
	uint64_t a = (uintptr_t)si->si_addr, len, start;

	(void)uc;
	if (a < fake.lent_addr || a >= fake.lent_addr + fake.lent_len) {
		signal(sig, SIG_DFL);	/* not ours: fault again, and die */
		return;
	}
	len = fake.lent_thp ? FAKE_PMD : FAKE_PAGE;
	start = a & ~(len - 1);
	mprotect((void *)(uintptr_t)start, len, PROT_READ | PROT_WRITE);
	fake.lent_pages -= fake.lent_pages < len / FAKE_PAGE ?
			   fake.lent_pages : len / FAKE_PAGE;
	fake_fault_push(a & ~(FAKE_PAGE - 1), fake.lent_thp ? 9 : 0);
	fake.now_ns += fake.fault_ns;
}

/* At every lending: cmocka sets a SIGSEGV handler of its own per test. */
static void fake_segv_install(void)
{
	struct sigaction sa = {
		.sa_sigaction = fake_segv,
		.sa_flags = SA_SIGINFO,
	};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
}

/* TO_DEVICE: every page of the range but the last mig_busy is lent. */
static void fake_lend(struct hmmbench_migrate *m)
{
	uint64_t pages = m->length / FAKE_PAGE;
	uint64_t busy = fake.mig_busy < pages ? fake.mig_busy : pages;
	uint64_t n = pages - busy;

	fake_segv_install();
	fake.lent_addr = m->addr;
	fake.lent_len = n * FAKE_PAGE;
	fake.lent_thp = (m->flags & HMMBENCH_MIGRATE_THP) && fake.mig_thp;
	fake.lent_pages = n;
	if (n)
		mprotect((void *)(uintptr_t)m->addr, n * FAKE_PAGE, PROT_NONE);
	m->collected = pages;
	m->migrated = n;
	m->thp = fake.lent_thp ? n / 512 : 0;
	m->skip_busy = busy;
}

/* TO_SYSTEM: every lent page comes home but the last mig_home_busy. */
static void fake_home(struct hmmbench_migrate *m)
{
	uint64_t pages = m->length / FAKE_PAGE, n = fake.lent_pages;
	uint64_t busy = fake.mig_home_busy < n ? fake.mig_home_busy : n;
	uint64_t home = fake.lent_len - busy * FAKE_PAGE;

	if (home)
		mprotect((void *)(uintptr_t)fake.lent_addr, home,
			 PROT_READ | PROT_WRITE);
	fake.lent_addr += home;
	fake.lent_len -= home;
	fake.lent_pages = busy;
	m->migrated = n - busy;
	m->thp = fake.lent_thp ? m->migrated / 512 : 0;
	m->collected = n;
	m->skip_busy = busy;
	m->skip_uncollected = pages - n;
	if (fake.corrupt_offset)
		((volatile uint8_t *)(uintptr_t)m->addr)[fake.corrupt_offset - 1] ^= 1;
}

static int fake_migrate(struct hmmbench_migrate *m)
{
	bool thp = m->flags & HMMBENCH_MIGRATE_THP;
	uint64_t batch = m->batch ? m->batch : 512, pages;

	if (m->size < HMMBENCH_MIGRATE_SIZE_VER0 ||
	    m->flags & ~HMMBENCH_MIGRATE_THP ||
	    m->batch > HMMBENCH_MIGRATE_BATCH_MAX || (thp && batch % 512) ||
	    !m->length || m->length % FAKE_PAGE || m->addr % FAKE_PAGE ||
	    (m->direction != HMMBENCH_MIGRATE_TO_DEVICE &&
	     m->direction != HMMBENCH_MIGRATE_TO_SYSTEM))
		return -EINVAL;
	if (!(fake.features & HMMBENCH_FEAT_MIGRATE) ||
	    (thp && !(fake.features & HMMBENCH_FEAT_MIGRATE_THP)))
		return -EOPNOTSUPP;
	if (m->handle >= 4096 || !fake.live_handle[m->handle])
		return -ENOENT;
	pages = m->length / FAKE_PAGE;
	m->requested = pages;
	m->calls = (pages + batch - 1) / batch;
	if (m->direction == HMMBENCH_MIGRATE_TO_DEVICE)
		fake_lend(m);
	else
		fake_home(m);
	m->total_ns = 1000 + pages *
		      (m->direction == HMMBENCH_MIGRATE_TO_DEVICE ? 10 : 8);
	m->setup_ns = m->total_ns / 10;
	m->alloc_ns = m->total_ns / 5;
	m->copy_ns = m->total_ns / 5 * 2;
	m->pages_ns = m->total_ns / 10;
	m->finalize_ns = m->total_ns / 10;
	fake.now_ns += m->total_ns + 5000;
	fake.migrates++;
	if (fake.stop && fake.migrates == fake.stop_after_migrates)
		*fake.stop = 1;
	return 0;
}

static int fake_fault_read(struct hmmbench_fault_read *r)
{
	uint32_t n, i, len;

	if (r->size < HMMBENCH_FAULT_READ_SIZE_VER0 || r->flags ||
	    r->rec_size < HMMBENCH_FAULT_SIZE_VER0 || r->rec_size > 4096 ||
	    r->nr > HMMBENCH_FAULT_READ_MAX)
		return -EINVAL;
	if (!(fake.features & HMMBENCH_FEAT_MIGRATE))
		return -EOPNOTSUPP;
	if (r->handle >= 4096 || !fake.live_handle[r->handle])
		return -ENOENT;
	n = r->nr < fake.ring_count ? r->nr : fake.ring_count;
	len = r->rec_size < sizeof(*fake.ring) ? r->rec_size :
						 sizeof(*fake.ring);
	for (i = 0; i < n; i++)
		memcpy((char *)(uintptr_t)r->records + (size_t)i * r->rec_size,
		       &fake.ring[i], len);
	memmove(fake.ring, fake.ring + n,
		(fake.ring_count - n) * sizeof(*fake.ring));
	fake.ring_count -= n;
	r->nr = n;
	r->capacity = fake.hide_capacity ? 0 :
		      fake.fault_capacity ? fake.fault_capacity :
					    FAKE_FAULT_RING;
	r->faults = fake.faults;
	r->dropped = fake.dropped;
	fake.fault_reads++;
	return 0;
}

/*
 * MIRROR finds what mincore() says is resident as valid (every page, when
 * it faults), writable unless mir_readonly, in PMDs when mir_pmd, the
 * zero page's mir_zero of them, and the pages lent to @handle as the
 * device's own; and takes 1000 ns and 20 per page, 60 % of it in
 * hmm_range_fault() and 20 % in the update, its batches each within
 * 10 ns of their mean, mir_retries of them retried after an
 * invalidation (100 ns each), and moves the clock on by that and 3 us.
 * Its batches' times, when asked for, are the fastest's and the slowest's
 * in turns.
 */
static int fake_mirror(struct hmmbench_mirror *m)
{
	uint64_t batch = m->batch ? m->batch : 64, pages, i, k, n;
	unsigned char vec[4096];

	if (m->size < HMMBENCH_MIRROR_SIZE_VER0 ||
	    m->flags & ~(HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE |
			 HMMBENCH_MIRROR_TIMES) ||
	    (!(m->flags & HMMBENCH_MIRROR_TIMES) &&
	     (m->times || m->nr_times)) ||
	    (m->flags & HMMBENCH_MIRROR_WRITE &&
	     !(m->flags & HMMBENCH_MIRROR_FAULT)) ||
	    m->batch > HMMBENCH_MIRROR_BATCH_MAX || !m->length ||
	    m->length % FAKE_PAGE || m->addr % FAKE_PAGE)
		return -EINVAL;
	if (!(fake.features & HMMBENCH_FEAT_MIRROR))
		return -EOPNOTSUPP;
	if (m->handle && (m->handle >= 4096 || !fake.live_handle[m->handle]))
		return -ENOENT;
	pages = m->length / FAKE_PAGE;
	m->pages = pages;
	m->valid = 0;
	for (i = 0; i < pages; i += n) {
		n = pages - i < sizeof(vec) ? pages - i : sizeof(vec);
		if (mincore((void *)(uintptr_t)(m->addr + i * FAKE_PAGE),
			    n * FAKE_PAGE, vec))
			return -EFAULT;
		for (k = 0; k < n; k++)
			m->valid += vec[k] & 1;
	}
	if (m->handle && fake.lent_addr == m->addr)
		m->device_private = fake.lent_pages;
	if (m->flags & HMMBENCH_MIRROR_FAULT)
		m->valid = pages;
	m->valid = m->valid > pages ? pages : m->valid;
	m->writable = fake.mir_readonly ? 0 : m->valid;
	m->pmd = fake.mir_pmd ? m->valid : 0;
	m->zero = fake.mir_zero < m->valid ? fake.mir_zero : m->valid;
	m->calls = (pages + batch - 1) / batch;
	m->total_ns = 1000 + 20 * pages;
	m->fault_ns = m->total_ns / 5 * 3;
	m->update_ns = m->total_ns / 5;
	m->retry_seq = fake.mir_retries;
	m->retry_ns = 100 * fake.mir_retries;
	m->invalidations = fake.mir_retries;
	m->invalidate_ns = 50 * fake.mir_retries;
	m->call_min_ns = m->total_ns / m->calls - 10;
	m->call_max_ns = m->total_ns / m->calls + 10;
	if (m->flags & HMMBENCH_MIRROR_TIMES) {
		if (!m->times || m->nr_times < m->calls)
			return -EINVAL;
		for (i = 0; i < m->calls; i++)
			((uint64_t *)(uintptr_t)m->times)[i] =
				m->call_min_ns + 20 * (i % 2);
	}
	fake.now_ns += m->total_ns + 3000;
	fake.mirrors++;
	return 0;
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
	case HMMBENCH_IOC_MIGRATE:
		return fake_migrate(arg);
	case HMMBENCH_IOC_FAULT_READ:
		return fake_fault_read(arg);
	case HMMBENCH_IOC_MIRROR:
		return fake_mirror(arg);
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
