// SPDX-License-Identifier: GPL-2.0
/*
 * hbmirror: MIRROR against the real /dev/hmmbench, in the VM.  Each case
 * builds a buffer in one state (populated with base pages or THP, never
 * touched, lent to a chunk by MIGRATE), mirrors it as a snapshot or
 * faulting for read or write, and checks the counts of what was found,
 * that the phases add up, and that retries and invalidations are counted
 * only when they happened: a case makes them happen with a thread that
 * invalidates while the module's test delay holds a batch open.  Each
 * batch's time, when asked for, adds up to the total.  Errors
 * are the documented ones; a kill in a long MIRROR ends it.  A case exits
 * 0 to pass, 1 to fail and 77 to skip, saying why on its last line.
 *
 * usage: hbmirror list | hbmirror CASE
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "hbmigrate.h"
#include "hbmirror.h"

#define PARAMS "/sys/module/hmmbench/parameters/"
#define DELAY PARAMS "mirror_test_delay_ms"

int need_mirror(int fd)
{
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIRROR)) {
		printf("the module cannot mirror on this kernel (no HMMBENCH_FEAT_MIRROR: CONFIG_HMM_MIRROR is not set)\n");
		return SKIP;
	}
	return 0;
}

int mirror(int fd, void *buf, size_t len, uint32_t flags, uint32_t handle,
	   uint32_t batch, struct hmmbench_mirror *out)
{
	struct hmmbench_mirror m = {
		.size = sizeof(m),
		.flags = flags,
		.handle = handle,
		.batch = batch,
		.addr = (uintptr_t)buf,
		.length = len,
	};
	int err = xioctl(fd, HMMBENCH_IOC_MIRROR, &m);

	if (out)
		*out = m;
	return err;
}

char *populated(size_t len, bool thp)
{
	char *buf = buffer(len, thp);

	memset(buf, 0x5a, len);
	return buf;
}

uint64_t pages(size_t len)
{
	return len / page_size;
}

static void set_delay(unsigned int ms)
{
	FILE *f = fopen(DELAY, "w");

	if (!f || fprintf(f, "%u\n", ms) < 0 || fclose(f))
		die(DELAY);
}

#define U(x) ((unsigned long long)(x))

/* What every successful MIRROR says, whatever it found */
static void check_shape(const struct hmmbench_mirror *m, size_t len,
			uint32_t batch, const char *what)
{
	uint64_t n = pages(len), b = batch ? batch : 64;

	CHECK(m->pages == n, "%s: %llu pages, expected %llu", what,
	      U(m->pages), U(n));
	CHECK(m->calls == (n + b - 1) / b, "%s: %llu calls for %llu pages",
	      what, U(m->calls), U(n));
	CHECK(m->total_ns && m->fault_ns && m->update_ns,
	      "%s: a phase took 0 ns (total %llu fault %llu update %llu)",
	      what, U(m->total_ns), U(m->fault_ns), U(m->update_ns));
	CHECK(m->fault_ns + m->update_ns + m->retry_ns <= m->total_ns,
	      "%s: phases exceed the total", what);
	CHECK(m->call_min_ns <= m->call_max_ns &&
	      m->call_max_ns <= m->total_ns &&
	      m->call_min_ns * m->calls <= m->total_ns,
	      "%s: per-call min %llu max %llu total %llu", what,
	      U(m->call_min_ns), U(m->call_max_ns), U(m->total_ns));
	CHECK(m->valid + m->error <= n && m->writable <= m->valid &&
	      m->pmd <= m->valid && m->zero + m->device_private <= m->valid,
	      "%s: counts do not nest", what);
	CHECK(!m->times && !m->nr_times, "%s: times written", what);
}

/* Nothing raced the call: no retry, no invalidation */
static void check_quiet(const struct hmmbench_mirror *m, const char *what)
{
	CHECK(!m->retry_busy && !m->retry_seq && !m->retry_ns,
	      "%s: retries %llu/%llu (%llu ns) with nothing racing", what,
	      U(m->retry_busy), U(m->retry_seq), U(m->retry_ns));
	CHECK(!m->invalidations && !m->invalidate_ns,
	      "%s: %llu invalidations with nothing racing", what,
	      U(m->invalidations));
}

static void check_counts(const struct hmmbench_mirror *m, uint64_t valid,
			 uint64_t writable, uint64_t pmd, uint64_t zero,
			 const char *what)
{
	CHECK(m->valid == valid && m->writable == writable && m->pmd == pmd &&
	      m->zero == zero && !m->error && !m->device_private,
	      "%s: valid %llu writable %llu pmd %llu zero %llu error %llu device %llu, expected %llu %llu %llu %llu 0 0",
	      what, U(m->valid), U(m->writable), U(m->pmd), U(m->zero),
	      U(m->error), U(m->device_private), U(valid), U(writable),
	      U(pmd), U(zero));
}

/* Pages of [buf, buf + len) in the page tables, by mincore() */
static uint64_t resident(void *buf, size_t len)
{
	unsigned char vec[4096];
	uint64_t n = 0, i;

	if (pages(len) > sizeof(vec) || mincore(buf, len, vec))
		die("mincore");
	for (i = 0; i < pages(len); i++)
		n += vec[i] & 1;
	return n;
}

/* The feature follows CONFIG_HMM_MIRROR; without it MIRROR is refused */
static int case_features(void)
{
	int fd = open_dev();
	struct hmmbench_mirror m;
	char *buf = populated(MIB, false);
	int e = mirror(fd, buf, MIB, 0, 0, 0, &m);
	uint32_t f = get_info(fd).features;

	if (f & HMMBENCH_FEAT_MIRROR)
		CHECK(!e, "MIRROR with the feature: %s", strerror(e));
	else
		CHECK(e == EOPNOTSUPP, "MIRROR without the feature: %s",
		      strerror(e));
	/* this module times batches wherever it mirrors */
	CHECK(!(f & HMMBENCH_FEAT_MIRROR_TIMES) == !(f & HMMBENCH_FEAT_MIRROR),
	      "mirror_times without mirror, or mirror without it: %#x", f);
	close(fd);
	return 0;
}

/* Populated base pages: every one valid and writable, nothing faulted */
static int case_snapshot_4k(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_mirror m;
	char *buf;

	if (ret)
		return ret;
	buf = populated(len, false);
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot");
	check_shape(&m, len, 0, "snapshot");
	check_quiet(&m, "snapshot");
	check_counts(&m, pages(len), pages(len), 0, 0, "snapshot");
	/* one call over the whole range, and an odd batch */
	CHECK(!mirror(fd, buf, len, 0, 0, pages(len), &m), "whole");
	check_shape(&m, len, pages(len), "whole");
	check_counts(&m, pages(len), pages(len), 0, 0, "whole");
	CHECK(!mirror(fd, buf, len, 0, 0, 7, &m), "batch 7");
	check_shape(&m, len, 7, "batch 7");
	check_counts(&m, pages(len), pages(len), 0, 0, "batch 7");
	munmap(buf, len);
	close(fd);
	return 0;
}

/* Never touched: nothing valid, and a snapshot faults nothing in */
static int case_snapshot_none(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_mirror m;
	char *buf;

	if (ret)
		return ret;
	buf = buffer(len, false);
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot");
	check_shape(&m, len, 0, "snapshot");
	check_quiet(&m, "snapshot");
	check_counts(&m, 0, 0, 0, 0, "snapshot");
	CHECK(!resident(buf, len), "a snapshot populated %llu pages",
	      U(resident(buf, len)));
	munmap(buf, len);
	close(fd);
	return 0;
}

/* A read fault maps the zero page into what was never touched */
static int case_fault_read_none(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_mirror m;
	char *buf;

	if (ret)
		return ret;
	buf = buffer(len, false);
	CHECK(!mirror(fd, buf, len, HMMBENCH_MIRROR_FAULT, 0, 0, &m),
	      "fault read");
	check_shape(&m, len, 0, "fault read");
	check_counts(&m, pages(len), 0, 0, pages(len), "fault read");
	/* what it faulted in is there for the next snapshot */
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot after");
	check_counts(&m, pages(len), 0, 0, pages(len), "snapshot after");
	munmap(buf, len);
	close(fd);
	return 0;
}

/* A write fault gives writable pages, over holes and the zero page */
static int case_fault_write(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	uint32_t wr = HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE;
	struct hmmbench_mirror m;
	char *buf;

	if (ret)
		return ret;
	buf = buffer(len, false);
	CHECK(!mirror(fd, buf, len, wr, 0, 0, &m), "fault write");
	check_shape(&m, len, 0, "fault write");
	check_counts(&m, pages(len), pages(len), 0, 0, "fault write");
	munmap(buf, len);

	buf = buffer(len, false);
	CHECK(!mirror(fd, buf, len, HMMBENCH_MIRROR_FAULT, 0, 0, &m),
	      "fault read first");
	CHECK(!mirror(fd, buf, len, wr, 0, 0, &m), "fault write on zero");
	check_counts(&m, pages(len), pages(len), 0, 0, "fault write on zero");
	munmap(buf, len);
	close(fd);
	return 0;
}

/* AnonHugePages of the mapping that starts at @buf, in bytes (smaps) */
static uint64_t anon_huge(void *buf)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long long kb = 0;
	unsigned long s, e;
	char line[256];
	bool in = false;

	if (!f)
		die("smaps");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &s, &e) == 2)
			in = s == (uintptr_t)buf;
		else if (in && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb * 1024;
}

/* A THP-backed range: one PMD entry per 512 pages, counted as such */
static int case_snapshot_thp(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_mirror m;
	char *buf;

	if (ret)
		return ret;
	if (!kernel_has_thp()) {
		printf("the kernel has no transparent huge pages\n");
		return SKIP;
	}
	buf = populated(len, true);
	if (anon_huge(buf) != len) {
		printf("the kernel gave %llu of %llu bytes as THP (transparent_hugepage/enabled never, or no free 2 MiB blocks)\n",
		       U(anon_huge(buf)), U(len));
		munmap(buf, len);
		close(fd);
		return SKIP;
	}
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot");
	check_shape(&m, len, 0, "snapshot");
	check_quiet(&m, "snapshot");
	check_counts(&m, pages(len), pages(len), pages(len), 0, "snapshot");
	/* a batch across the PMD boundary sees both halves as PMD-mapped */
	CHECK(!mirror(fd, buf, len, 0, 0, 100, &m), "batch 100");
	check_counts(&m, pages(len), pages(len), pages(len), 0, "batch 100");
	munmap(buf, len);
	close(fd);
	return 0;
}

static int lend(int fd, uint32_t handle, void *buf, size_t len)
{
	struct hmmbench_migrate m = {
		.size = sizeof(m),
		.handle = handle,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.addr = (uintptr_t)buf,
		.length = len,
	};
	int err = xioctl(fd, HMMBENCH_IOC_MIGRATE, &m);

	if (!err && m.migrated != pages(len))
		err = EAGAIN;
	return err;
}

/*
 * Pages MIGRATE lent are the device's own with their chunk's handle
 * (device-private, found where they are); without it a snapshot finds
 * nothing valid and a read fault brings them home.
 */
static int case_lent(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_mirror m;
	uint32_t h;
	char *buf;
	size_t i;

	if (ret)
		return ret;
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIGRATE)) {
		printf("the module cannot lend pages on this kernel (no HMMBENCH_FEAT_MIGRATE)\n");
		return SKIP;
	}
	if (map_chunk(fd, get_info(fd).size_align, &h))
		die("MAP");
	buf = populated(len, false);
	CHECK(!lend(fd, h, buf, len), "to device");
	CHECK(!mirror(fd, buf, len, 0, h, 0, &m), "snapshot, own");
	check_shape(&m, len, 0, "snapshot, own");
	CHECK(m.valid == pages(len) && m.device_private == pages(len) &&
	      m.writable == pages(len) && !m.zero && !m.pmd && !m.error,
	      "own: valid %llu device %llu writable %llu", U(m.valid),
	      U(m.device_private), U(m.writable));
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot, no owner");
	CHECK(!m.valid && !m.device_private && !m.error,
	      "no owner: valid %llu device %llu error %llu", U(m.valid),
	      U(m.device_private), U(m.error));
	CHECK(!mirror(fd, buf, len, HMMBENCH_MIRROR_FAULT, 0, 0, &m),
	      "fault read, no owner");
	CHECK(m.valid == pages(len) && !m.device_private && !m.zero,
	      "faulted home: valid %llu device %llu zero %llu", U(m.valid),
	      U(m.device_private), U(m.zero));
	/* home, so the owner's snapshot finds system pages now */
	CHECK(!mirror(fd, buf, len, 0, h, 0, &m), "snapshot, own, home");
	CHECK(m.valid == pages(len) && !m.device_private,
	      "home: valid %llu device %llu", U(m.valid),
	      U(m.device_private));
	for (i = 0; i < len; i++)
		if (buf[i] != 0x5a)
			break;
	CHECK(i == len, "data lost at %zu", i);
	CHECK(mirror(fd, buf, len, 0, h + 100, 0, &m) == ENOENT,
	      "no such chunk");
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	munmap(buf, len);
	close(fd);
	return 0;
}

/*
 * Device THP (6.19+): pages lent whole as PMD-sized device folios are
 * found as one PMD-order device-private entry per 512 pages by their
 * owner, and come home whole for a read fault without it.
 */
static int case_lent_thp(void)
{
	size_t len = 4 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct hmmbench_migrate mg = {
		.size = sizeof(mg),
		.flags = HMMBENCH_MIGRATE_THP,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.length = len,
	};
	struct hmmbench_mirror m;
	uint32_t h;
	char *buf;

	if (ret)
		return ret;
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIGRATE_THP)) {
		printf("no device THP on this kernel (HMMBENCH_FEAT_MIGRATE_THP needs 6.19 and THP)\n");
		return SKIP;
	}
	buf = populated(len, true);
	if (anon_huge(buf) != len) {
		printf("the kernel gave %llu of %llu bytes as THP\n",
		       U(anon_huge(buf)), U(len));
		return SKIP;
	}
	if (map_chunk(fd, get_info(fd).size_align, &h))
		die("MAP");
	mg.handle = h;
	mg.addr = (uintptr_t)buf;
	CHECK(!xioctl(fd, HMMBENCH_IOC_MIGRATE, &mg), "to device, THP");
	if (mg.thp != len / PMD_SIZE) {
		printf("%llu of %llu PMD folios moved whole (the chunk had no PMD-aligned run?)\n",
		       U(mg.thp), U(len / PMD_SIZE));
		unmap_chunk(fd, h);
		return failures ? 1 : SKIP;
	}
	CHECK(!mirror(fd, buf, len, 0, h, 0, &m), "snapshot, own");
	check_shape(&m, len, 0, "snapshot, own");
	CHECK(m.valid == pages(len) && m.device_private == pages(len) &&
	      m.pmd == pages(len) && !m.error,
	      "own THP: valid %llu device %llu pmd %llu error %llu",
	      U(m.valid), U(m.device_private), U(m.pmd), U(m.error));
	/* another device's PMD entry: an error to a snapshot, not absent */
	CHECK(!mirror(fd, buf, len, 0, 0, 0, &m), "snapshot, no owner");
	CHECK(!m.valid && m.error == pages(len),
	      "other's THP: valid %llu error %llu", U(m.valid), U(m.error));
	CHECK(!mirror(fd, buf, len, HMMBENCH_MIRROR_FAULT, 0, 0, &m),
	      "fault read, no owner");
	CHECK(m.valid == pages(len) && !m.device_private,
	      "faulted home: valid %llu device %llu", U(m.valid),
	      U(m.device_private));
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	munmap(buf, len);
	close(fd);
	return 0;
}

struct invalidator {
	char *buf;
	size_t len;
	int rounds;
	volatile int done;
};

/* MADV_DONTNEED of the range's second half, every 10 ms */
static void *invalidate(void *arg)
{
	struct invalidator *inv = arg;
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < inv->rounds; i++) {
		madvise(inv->buf + inv->len / 2, inv->len / 2, MADV_DONTNEED);
		nanosleep(&ts, NULL);
	}
	inv->done = 1;
	return NULL;
}

/*
 * Invalidations in the windows before the walk and between the walk and
 * the retry check (the test delay holds each open in turn): the batch is
 * retried for both (hmm_range_fault()'s -EBUSY, the sequence check),
 * each retry and invalidation is counted, and the call completes.
 */
static int case_race_invalidate(void)
{
	size_t len = 2 * MIB;
	int fd = open_dev(), ret = need_mirror(fd);
	struct invalidator inv = { .len = len, .rounds = 20 };
	struct hmmbench_mirror m;
	pthread_t t;
	int e;

	if (ret)
		return ret;
	if (access(DELAY, W_OK)) {
		printf("no %s: the module is older than this test\n", DELAY);
		return SKIP;
	}
	inv.buf = populated(len, false);
	alarm(120);
	set_delay(20);
	if (pthread_create(&t, NULL, invalidate, &inv))
		die("pthread_create");
	e = mirror(fd, inv.buf, len, 0, 0, 0, &m);
	pthread_join(t, NULL);
	set_delay(0);
	CHECK(!e, "MIRROR while invalidating: %s", strerror(e));
	if (!e) {
		check_shape(&m, len, 0, "racing");
		CHECK(m.retry_busy + m.retry_seq > 0 && m.retry_ns,
		      "no retry counted: busy %llu seq %llu ns %llu",
		      U(m.retry_busy), U(m.retry_seq), U(m.retry_ns));
		/* the delay alternates between the two windows */
		CHECK(m.retry_busy && m.retry_seq,
		      "one kind of retry missing: busy %llu seq %llu",
		      U(m.retry_busy), U(m.retry_seq));
		CHECK(m.invalidations > 0 && m.invalidate_ns,
		      "no invalidation counted");
		CHECK(m.invalidations <= (uint64_t)inv.rounds * 2,
		      "%llu invalidations from %d madvise calls",
		      U(m.invalidations), inv.rounds);
		printf("retries: %llu busy, %llu seq, %llu ns; %llu invalidations, %llu ns\n",
		       U(m.retry_busy), U(m.retry_seq), U(m.retry_ns),
		       U(m.invalidations), U(m.invalidate_ns));
	}
	/* the same call without the thread retries nothing */
	CHECK(!mirror(fd, inv.buf, len, 0, 0, 0, &m), "quiet");
	check_quiet(&m, "quiet");
	munmap(inv.buf, len);
	close(fd);
	return 0;
}

/* Every refusal the header documents, with the errno it names */
static int case_errors(void)
{
	int fd = open_dev(), ret = need_mirror(fd);
	uint32_t flags = 0;
	struct hmmbench_mirror m;
	size_t len = 4 * MIB;
	char big[8192];
	char *buf, *ro;
	int e;

	if (ret)
		return ret;
	buf = populated(len, false);
#define M(field, value, err) do { \
	m = (struct hmmbench_mirror){ .size = sizeof(m), .flags = flags, \
		.addr = (uintptr_t)buf, .length = len }; \
	m.field = value; \
	e = xioctl(fd, HMMBENCH_IOC_MIRROR, &m); \
	CHECK(e == err, "%s = %s: %s", #field, #value, strerror(e)); \
} while (0)
	M(size, HMMBENCH_MIRROR_SIZE_VER0 - 8, EINVAL);
	M(size, 0, EINVAL);
	M(size, page_size + 8, E2BIG);
	M(flags, 1U << 3, EINVAL);
	M(flags, HMMBENCH_MIRROR_WRITE, EINVAL);
	M(addr, (uintptr_t)buf + 1, EINVAL);
	M(length, 0, EINVAL);
	M(length, len + 1, EINVAL);
	M(addr, ~0ULL & ~(uint64_t)(page_size - 1), EINVAL);
	M(length, (uint64_t)(HMMBENCH_MIRROR_PAGES_MAX + 1ULL) * page_size,
	  EINVAL);
	M(batch, HMMBENCH_MIRROR_BATCH_MAX + 1, EINVAL);
	M(times, (uintptr_t)big, EINVAL);
	M(nr_times, 1, EINVAL);
	M(handle, 12345, ENOENT);
	M(batch, HMMBENCH_MIRROR_BATCH_MAX, 0);
	/* hmm_range_fault()'s own: a hole is EFAULT to fault, ERROR to see */
	munmap(buf + len / 2, len / 2);
	flags = HMMBENCH_MIRROR_FAULT;
	M(batch, 0, EFAULT);
	flags = 0;
	M(batch, 0, 0);
	CHECK(m.valid == pages(len) / 2 && m.error == pages(len) / 2,
	      "snapshot over a hole: valid %llu error %llu", U(m.valid),
	      U(m.error));
	/* a write fault where the mapping cannot be written */
	ro = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ro == MAP_FAILED)
		die("mmap");
	e = mirror(fd, ro, len, HMMBENCH_MIRROR_FAULT | HMMBENCH_MIRROR_WRITE,
		   0, 0, &m);
	CHECK(e == EPERM, "write fault on a read-only mapping: %s",
	      strerror(e));
	CHECK(!mirror(fd, ro, len, HMMBENCH_MIRROR_FAULT, 0, 0, &m),
	      "read fault on a read-only mapping");
	CHECK(m.valid == pages(len) && !m.writable,
	      "read-only: valid %llu writable %llu", U(m.valid),
	      U(m.writable));
	munmap(ro, len);
	/* a newer, larger struct: zero tail accepted, a non-zero one not */
	memset(big, 0, sizeof(big));
	m = (struct hmmbench_mirror){ .size = sizeof(m) + 64,
		.addr = (uintptr_t)buf, .length = len / 2 };
	memcpy(big, &m, sizeof(m));
	CHECK(!xioctl(fd, HMMBENCH_IOC_MIRROR, big), "larger, zero tail");
	memcpy(&m, big, sizeof(m));
	CHECK(m.valid == pages(len) / 2, "larger: valid %llu", U(m.valid));
	big[sizeof(m) + 8] = 1;
	CHECK(xioctl(fd, HMMBENCH_IOC_MIRROR, big) == E2BIG,
	      "larger, non-zero tail");
	munmap(buf, len / 2);
	close(fd);
	return 0;
}

/*
 * HMMBENCH_MIRROR_TIMES: a time per batch, in order, each between the
 * fastest and the slowest, adding up to the total; room for fewer
 * batches, or no array, refused; an array it cannot write is EFAULT.
 */
static int case_times(void)
{
	int fd = open_dev(), ret = need_mirror(fd);
	uint32_t batch = 100, flags = HMMBENCH_MIRROR_TIMES;
	size_t len = 4 * MIB;
	struct hmmbench_mirror m;
	uint64_t *times, n, i, sum = 0;
	char *buf, *ro;

	if (ret)
		return ret;
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIRROR_TIMES)) {
		printf("the module does not time batches (no HMMBENCH_FEAT_MIRROR_TIMES)\n");
		return SKIP;
	}
	n = (pages(len) + batch - 1) / batch;
	times = calloc(n + 1, sizeof(*times));
	if (!times)
		die("calloc");
	buf = populated(len, false);
	times[n] = 0x5a5a5a5a5a5a5a5aULL;
	m = (struct hmmbench_mirror){ .size = sizeof(m), .flags = flags,
		.batch = batch, .addr = (uintptr_t)buf, .length = len,
		.times = (uintptr_t)times, .nr_times = n };
	CHECK(!xioctl(fd, HMMBENCH_IOC_MIRROR, &m), "times");
	CHECK(m.calls == n, "%llu calls, %llu expected", U(m.calls), U(n));
	for (i = 0; i < n; i++) {
		CHECK(times[i] >= m.call_min_ns && times[i] <= m.call_max_ns,
		      "batch %llu: %llu ns, not within %llu..%llu", U(i),
		      U(times[i]), U(m.call_min_ns), U(m.call_max_ns));
		sum += times[i];
	}
	CHECK(sum == m.total_ns, "the batches add up to %llu, not %llu",
	      U(sum), U(m.total_ns));
	CHECK(times[n] == 0x5a5a5a5a5a5a5a5aULL, "wrote past nr_times");
	m.nr_times = n - 1;
	CHECK(xioctl(fd, HMMBENCH_IOC_MIRROR, &m) == EINVAL,
	      "room for one batch fewer");
	m.nr_times = n;
	m.times = 0;
	CHECK(xioctl(fd, HMMBENCH_IOC_MIRROR, &m) == EINVAL, "no array");
	ro = mmap(NULL, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		  0);
	if (ro == MAP_FAILED)
		die("mmap");
	m.times = (uintptr_t)ro;
	CHECK(xioctl(fd, HMMBENCH_IOC_MIRROR, &m) == EFAULT,
	      "a read-only array");
	munmap(ro, page_size);
	munmap(buf, len);
	free(times);
	close(fd);
	return 0;
}

/*
 * Whether process @pid is, or within a minute comes to be, in an ioctl:
 * the first field of /proc/PID/syscall, the call it is blocked in.
 */
static bool in_ioctl(pid_t pid)
{
	char path[64];
	long nr = -1;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	for (i = 0; i < 6000; i++) {
		FILE *f = fopen(path, "r");

		if (f) {
			if (fscanf(f, "%ld", &nr) != 1)
				nr = -1;
			fclose(f);
		}
		if (nr == SYS_ioctl)
			return true;
		usleep(10000);
	}
	return false;
}

/*
 * A MIRROR that would run for minutes (the test delay on every batch)
 * holds the module (rmmod is refused while it runs), ends when its
 * process is killed, and takes its notifier with it.
 */
static int case_kill_midway(void)
{
	size_t len = 64 * MIB;
	int fd = open_dev(), ret = need_mirror(fd), status, e, opened[2];
	char c;
	uint64_t t0, t;
	pid_t pid;

	if (ret)
		return ret;
	if (access(DELAY, W_OK)) {
		printf("no %s: the module is older than this test\n", DELAY);
		return SKIP;
	}
	set_delay(50);
	close(fd);
	if (pipe(opened))
		die("pipe");
	pid = fork();
	if (!pid) {
		char *buf = populated(len, false);

		fd = open_dev();
		if (write(opened[1], "", 1) != 1)
			_exit(1);
		_exit(mirror(fd, buf, len, 0, 0, 0, NULL) ? 2 : 3);
	}
	/* not a time: populating 64 MiB takes seconds on a debug kernel */
	CHECK(read(opened[0], &c, 1) == 1, "the child did not open the device");
	CHECK(in_ioctl(pid), "the child's MIRROR did not start");
	/* only the child's descriptor, in its MIRROR, holds the module */
	e = syscall(SYS_delete_module, "hmmbench", O_NONBLOCK) ? errno : 0;
	CHECK(e == EWOULDBLOCK || e == EBUSY,
	      "rmmod during a MIRROR: %s", e ? strerror(e) : "it unloaded");
	t0 = now_ns();
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	t = now_ns() - t0;
	close(opened[0]);
	close(opened[1]);
	set_delay(0);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	      "the child was not killed: status %#x", status);
	CHECK(t < 10000000000ULL, "the kill took %.1f s", t / 1e9);
	/* the module still mirrors, for this process */
	fd = open_dev();
	{
		struct hmmbench_mirror m;
		char *buf = populated(MIB, false);

		CHECK(!mirror(fd, buf, MIB, 0, 0, 0, &m), "after the kill");
		check_quiet(&m, "after the kill");
		munmap(buf, MIB);
	}
	close(fd);
	return 0;
}

static const struct check_case cases[] = {
	{ "features", case_features },
	{ "snapshot-4k", case_snapshot_4k },
	{ "snapshot-none", case_snapshot_none },
	{ "fault-read-none", case_fault_read_none },
	{ "fault-write", case_fault_write },
	{ "snapshot-thp", case_snapshot_thp },
	{ "lent", case_lent },
	{ "lent-thp", case_lent_thp },
	{ "race-invalidate", case_race_invalidate },
	{ "errors", case_errors },
	{ "times", case_times },
	{ "kill-midway", case_kill_midway },
	{ "peer", case_peer },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int main(int argc, char **argv)
{
	page_size = sysconf(_SC_PAGESIZE);
	return check_main(argc, argv, cases, ARRAY_SIZE(cases));
}
