// SPDX-License-Identifier: GPL-2.0
/*
 * hbmigrate: MIGRATE and FAULT_READ against the real /dev/hmmbench, in
 * the VM.  Each case lends a buffer's pages to a chunk and brings them
 * home by every path (MIGRATE, CPU faults, UNMAP, close, exit, SIGKILL),
 * checks the counts and that the data survived, and makes the races
 * happen with threads and kills; hbmigrate-edge.c holds the cases at the
 * edges (a nearly full chunk, fragmented RAM, a teardown that cannot
 * finish, counts after errors).  A case exits 0 to pass, 1 to fail and
 * 77 to skip, saying why on its last line.
 *
 * usage: hbmigrate list | hbmigrate CASE
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "hbmigrate.h"

static bool kernel_has_device_thp(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	uname(&u);
	sscanf(u.release, "%d.%d", &major, &minor);
	return (major > 6 || (major == 6 && minor >= 19)) && kernel_has_thp();
}

/*
 * The features follow the kernel: migration everywhere, THP from 6.19
 * where the kernel has THP.
 */
static int case_features(void)
{
	int fd = open_dev();
	uint32_t f = get_info(fd).features;

	if (f & HMMBENCH_FEAT_NO_DEVICE_PRIVATE) {
		CHECK(!(f & HMMBENCH_FEAT_MIGRATE), "MIGRATE without DEVICE_PRIVATE");
	} else {
		CHECK(f & HMMBENCH_FEAT_MIGRATE, "no MIGRATE: features %#x", f);
		CHECK(!!(f & HMMBENCH_FEAT_MIGRATE_THP) == kernel_has_device_thp(),
		      "MIGRATE_THP %d on this kernel", !!(f & HMMBENCH_FEAT_MIGRATE_THP));
	}
	close(fd);
	return 0;
}

static void check_counts(const struct hmmbench_migrate *m, uint64_t pages,
			 uint64_t thp, const char *what)
{
	CHECK(m->requested == pages && m->collected == pages &&
	      m->migrated == pages,
	      "%s: requested %llu collected %llu migrated %llu, expected %llu",
	      what, (unsigned long long)m->requested,
	      (unsigned long long)m->collected,
	      (unsigned long long)m->migrated, (unsigned long long)pages);
	CHECK(m->thp == thp, "%s: %llu THP, expected %llu", what,
	      (unsigned long long)m->thp, (unsigned long long)thp);
	CHECK(!m->split && !m->skip_uncollected && !m->skip_nomem &&
	      !m->skip_busy, "%s: split %llu skipped %llu/%llu/%llu", what,
	      (unsigned long long)m->split,
	      (unsigned long long)m->skip_uncollected,
	      (unsigned long long)m->skip_nomem,
	      (unsigned long long)m->skip_busy);
	CHECK(m->total_ns && m->setup_ns && m->copy_ns && m->pages_ns &&
	      m->finalize_ns && m->alloc_ns, "%s: a phase took 0 ns", what);
	CHECK(m->setup_ns + m->alloc_ns + m->copy_ns + m->pages_ns +
	      m->finalize_ns <= m->total_ns, "%s: phases exceed the total",
	      what);
}

/* To the device and back with MIGRATE, 4 KiB pages; then THP if any. */
static int round_trip(bool thp)
{
	size_t len = 8 * MIB;
	uint64_t pages = len / page_size;
	struct hmmbench_migrate m = { 0 };
	uint32_t h, flags = thp ? HMMBENCH_MIGRATE_THP : 0;
	int fd = open_dev(), ret;
	void *buf;

	ret = thp ? need_thp(fd) : need_migrate(fd);
	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(len, thp, 1);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE, flags, &m),
	      "to device");
	check_counts(&m, pages, thp ? pages / pmd_pages() : 0, "to device");
	CHECK(m.calls == pages / pmd_pages(), "%u calls for %llu pages",
	      m.calls, (unsigned long long)pages);
	/* nothing left to move: every page is the chunk's */
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE, flags, &m),
	      "to device again");
	CHECK(m.migrated == 0 && m.skip_uncollected == pages,
	      "again: %llu migrated", (unsigned long long)m.migrated);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_SYSTEM, flags, &m),
	      "to system");
	check_counts(&m, pages, thp ? pages / pmd_pages() : 0, "to system");
	CHECK(first_bad(buf, len, 1) < 0, "data lost at %lld",
	      first_bad(buf, len, 1));
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	munmap(buf, len);
	close(fd);
	return 0;
}

static int case_round_trip_4k(void)
{
	return round_trip(false);
}

static int case_round_trip_thp(void)
{
	return round_trip(true);
}

/* Reads every fault record of chunk @h into @recs; how many. */
unsigned int read_faults(int fd, uint32_t h, struct hmmbench_fault *recs,
			 unsigned int max, struct hmmbench_fault_read *r)
{
	unsigned int n = 0;

	do {
		*r = (struct hmmbench_fault_read){
			.size = sizeof(*r), .handle = h,
			.rec_size = sizeof(*recs), .records = (uintptr_t)(recs + n),
			.nr = max - n < HMMBENCH_FAULT_READ_MAX ? max - n :
				HMMBENCH_FAULT_READ_MAX,
		};
		if (xioctl(fd, HMMBENCH_IOC_FAULT_READ, r))
			die("FAULT_READ");
		n += r->nr;
	} while (r->nr && n < max);
	return n;
}

/* The CPU brings lent pages home by touching them, one fault each. */
static int faults(bool thp)
{
	size_t len = 4 * MIB;
	uint64_t pages = len / page_size, expect = thp ? len / PMD_SIZE : pages;
	struct hmmbench_fault *recs = calloc(pages, sizeof(*recs));
	struct hmmbench_fault_read r;
	struct hmmbench_migrate m = { 0 };
	int fd = open_dev(), ret;
	unsigned int n, i, order = thp ? __builtin_ctzll(pmd_pages()) : 0;
	uint32_t h;
	char *buf;

	ret = thp ? need_thp(fd) : need_migrate(fd);
	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(len, thp, 2);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE,
		       thp ? HMMBENCH_MIGRATE_THP : 0, &m), "to device");
	CHECK(m.migrated == pages, "%llu of %llu lent",
	      (unsigned long long)m.migrated, (unsigned long long)pages);
	CHECK(first_bad(buf, len, 2) < 0, "data lost at %lld",
	      first_bad(buf, len, 2));
	n = read_faults(fd, h, recs, pages, &r);
	CHECK(n == expect && r.faults == expect && !r.dropped,
	      "%u records, %llu faults, %llu dropped; expected %llu", n,
	      (unsigned long long)r.faults, (unsigned long long)r.dropped,
	      (unsigned long long)expect);
	for (i = 0; i < n; i++) {
		CHECK(recs[i].size == sizeof(recs[i]) &&
		      recs[i].pages == 1U << order && recs[i].order == order &&
		      recs[i].addr == (uintptr_t)buf + (uint64_t)i * (page_size << order) &&
		      recs[i].total_ns >= recs[i].copy_ns && recs[i].setup_ns,
		      "record %u: %u pages of order %u at %#llx", i,
		      recs[i].pages, recs[i].order,
		      (unsigned long long)recs[i].addr);
		if (failures)
			break;
	}
	CHECK(read_faults(fd, h, recs, pages, &r) == 0, "records read twice");
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	munmap(buf, len);
	free(recs);
	close(fd);
	return 0;
}

static int case_fault_4k(void)
{
	return faults(false);
}

static int case_fault_thp(void)
{
	return faults(true);
}

/* A chunk smaller than the buffer lends what it has; the rest stays. */
static int case_chunk_full(void)
{
	int fd = open_dev(), ret = need_migrate(fd);
	uint64_t chunk = get_info(fd).size_align, len = chunk + 8 * MIB;
	struct hmmbench_migrate m = { 0 };
	uint32_t h;
	void *buf;

	if (ret)
		return ret;
	if (map_chunk(fd, chunk, &h))
		die("MAP");
	buf = filled(len, false, 3);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE, 0, &m),
	      "to device");
	CHECK(m.migrated == chunk / page_size &&
	      m.skip_nomem == 8 * MIB / page_size,
	      "%llu migrated, %llu without memory",
	      (unsigned long long)m.migrated,
	      (unsigned long long)m.skip_nomem);
	/* munmap frees the lent pages: the chunk is whole again */
	munmap(buf, len);
	buf = filled(chunk, false, 4);
	CHECK(!migrate(fd, h, buf, chunk, HMMBENCH_MIGRATE_TO_DEVICE, 0, &m) &&
	      m.migrated == chunk / page_size, "after munmap: %llu migrated",
	      (unsigned long long)m.migrated);
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	CHECK(first_bad(buf, chunk, 4) < 0, "data lost at %lld",
	      first_bad(buf, chunk, 4));
	munmap(buf, chunk);
	close(fd);
	return 0;
}

static int case_errors(void)
{
	int fd = open_dev(), ret = need_migrate(fd);
	struct hmmbench_migrate m = { .size = sizeof(m) };
	struct hmmbench_fault_read r;
	struct hmmbench_fault rec;
	uint32_t h, mflags = 0;
	char *buf;
	int e;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(4 * MIB, false, 5);
#define M(field, value, err) do { \
	m = (struct hmmbench_migrate){ .size = sizeof(m), .handle = h, \
		.flags = mflags, \
		.direction = HMMBENCH_MIGRATE_TO_DEVICE, \
		.addr = (uintptr_t)buf, .length = 4 * MIB }; \
	m.field = value; \
	e = xioctl(fd, HMMBENCH_IOC_MIGRATE, &m); \
	CHECK(e == err, "%s = %s: %s", #field, #value, strerror(e)); \
} while (0)
	M(size, HMMBENCH_MIGRATE_SIZE_VER0 - 8, EINVAL);
	M(flags, 1U << 7, EINVAL);
	M(direction, 0, EINVAL);
	M(direction, 3, EINVAL);
	M(addr, (uintptr_t)buf + 1, EINVAL);
	M(length, 0, EINVAL);
	M(length, 4 * MIB + 1, EINVAL);
	M(addr, ~0ULL & ~(uint64_t)(page_size - 1), EINVAL);
	M(batch, HMMBENCH_MIGRATE_BATCH_MAX + 1, EINVAL);
	M(__reserved[1], 1, EINVAL);
	M(handle, h + 100, ENOENT);
	M(addr, (uintptr_t)buf + 4 * MIB + 64 * MIB, EFAULT);
	if (get_info(fd).features & HMMBENCH_FEAT_MIGRATE_THP) {
		mflags = HMMBENCH_MIGRATE_THP;
		M(batch, pmd_pages() + 1, EINVAL);
		mflags = 0;
	} else {
		M(flags, HMMBENCH_MIGRATE_THP, EOPNOTSUPP);
	}
	/* a batch of one page and of the most: same pages moved */
	M(batch, 1, 0);
	CHECK(m.migrated == 4 * MIB / page_size && m.calls == m.migrated,
	      "batch 1: %llu pages in %u calls (collected %llu, %llu not)",
	      (unsigned long long)m.migrated, m.calls,
	      (unsigned long long)m.collected,
	      (unsigned long long)m.skip_uncollected);
	m.direction = HMMBENCH_MIGRATE_TO_SYSTEM;
	m.batch = HMMBENCH_MIGRATE_BATCH_MAX;
	CHECK(!xioctl(fd, HMMBENCH_IOC_MIGRATE, &m) && m.calls == 1 &&
	      m.migrated == 4 * MIB / page_size, "batch max: %llu in %u calls",
	      (unsigned long long)m.migrated, m.calls);
	CHECK(first_bad(buf, 4 * MIB, 5) < 0, "data lost");
#define R(field, value, err) do { \
	r = (struct hmmbench_fault_read){ .size = sizeof(r), .handle = h, \
		.rec_size = sizeof(rec), .records = (uintptr_t)&rec, .nr = 1 }; \
	r.field = value; \
	CHECK(xioctl(fd, HMMBENCH_IOC_FAULT_READ, &r) == err, "%s = %s", \
	      #field, #value); \
} while (0)
	R(size, HMMBENCH_FAULT_READ_SIZE_VER0 - 8, EINVAL);
	R(flags, 1, EINVAL);
	R(rec_size, HMMBENCH_FAULT_SIZE_VER0 - 8, EINVAL);
	R(rec_size, page_size + 1, EINVAL);
	R(nr, HMMBENCH_FAULT_READ_MAX + 1, EINVAL);
	R(faults, 1, EINVAL);
	R(handle, h + 100, ENOENT);
	R(nr, 0, 0);
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	munmap(buf, 4 * MIB);
	close(fd);
	return 0;
}

/*
 * UNMAP and close with pages lent: they come home first, with their
 * data, and the process can still read every byte.
 */
static int teardown(bool by_close)
{
	size_t len = 16 * MIB;
	int fd = open_dev(), ret = need_migrate(fd);
	struct hmmbench_migrate m = { 0 };
	uint32_t h;
	void *buf;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(len, true, 6);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE,
		       get_info(fd).features & HMMBENCH_FEAT_MIGRATE_THP ?
		       HMMBENCH_MIGRATE_THP : 0, &m) &&
	      m.migrated == len / page_size, "to device: %llu",
	      (unsigned long long)m.migrated);
	if (by_close)
		close(fd);
	else
		CHECK(!unmap_chunk(fd, h), "UNMAP with pages lent");
	CHECK(get_info(by_close ? (fd = open_dev()) : fd).live_chunks == 0,
	      "a chunk is left");
	CHECK(first_bad(buf, len, 6) < 0, "data lost at %lld",
	      first_bad(buf, len, 6));
	munmap(buf, len);
	close(fd);
	return 0;
}

static int case_unmap_lent(void)
{
	return teardown(false);
}

static int case_close_lent(void)
{
	return teardown(true);
}

/* The lender exits, or is killed, with its pages on the chunk. */
static int case_exit_lent(void)
{
	int fd = open_dev(), ret = need_migrate(fd), status;
	pid_t pid;

	if (ret)
		return ret;
	close(fd);
	for (int kill_it = 0; kill_it < 2; kill_it++) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid) {
			struct hmmbench_migrate m;
			void *buf = buffer(16 * MIB, false);
			uint32_t h;

			fd = open_dev();
			fill(buf, 16 * MIB, 7);
			if (map_chunk(fd, get_info(fd).size_align, &h) ||
			    migrate(fd, h, buf, 16 * MIB,
				    HMMBENCH_MIGRATE_TO_DEVICE, 0, &m))
				_exit(1);
			if (kill_it)
				pause();
			_exit(0);
		}
		if (kill_it) {
			usleep(500 * 1000);
			kill(pid, SIGKILL);
		}
		waitpid(pid, &status, 0);
		CHECK(kill_it ? WIFSIGNALED(status) :
		      WIFEXITED(status) && !WEXITSTATUS(status),
		      "child status %#x", status);
	}
	fd = open_dev();
	CHECK(get_info(fd).live_chunks == 0, "a chunk is left");
	close(fd);
	return 0;
}

/*
 * SIGKILL in the middle of MIGRATE and of a run of faults, at moments
 * spread over the work, many times.
 */
static int case_kill_midway(void)
{
	int fd = open_dev(), ret = need_migrate(fd), i, status;
	pid_t pid;

	if (ret)
		return ret;
	close(fd);
	for (i = 0; i < 8; i++) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid) {
			size_t len = 16 * MIB;
			struct hmmbench_migrate m;
			volatile char *buf = buffer(len, i & 1);
			uint32_t h;

			fd = open_dev();
			fill((void *)buf, len, 8);
			if (map_chunk(fd, get_info(fd).size_align, &h))
				_exit(1);
			for (;;) {
				migrate(fd, h, (void *)buf, len,
					HMMBENCH_MIGRATE_TO_DEVICE, 0, &m);
				for (size_t o = 0; o < len; o += page_size)
					buf[o] = buf[o];
				migrate(fd, h, (void *)buf, len,
					HMMBENCH_MIGRATE_TO_DEVICE, 0, &m);
				migrate(fd, h, (void *)buf, len,
					HMMBENCH_MIGRATE_TO_SYSTEM, 0, &m);
			}
		}
		usleep(20000 + i * 50000);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		CHECK(WIFSIGNALED(status), "child %d status %#x", i, status);
	}
	fd = open_dev();
	CHECK(get_info(fd).live_chunks == 0, "a chunk is left");
	close(fd);
	return 0;
}

struct toucher {
	volatile char *buf;
	size_t len;
	volatile int started;
};

static void *touch_all(void *arg)
{
	struct toucher *t = arg;

	t->started = 1;
	for (size_t o = 0; o < t->len; o += page_size)
		t->buf[o] = t->buf[o];
	return NULL;
}

/*
 * UNMAP brings pages home while another thread faults them home: each
 * page comes back once, with its data, whoever wins it.
 */
static int case_unmap_fault_race(void)
{
	size_t len = 16 * MIB;
	int fd = open_dev(), ret = need_migrate(fd), round;
	struct hmmbench_migrate m = { 0 };
	uint32_t h;
	char *buf;

	if (ret)
		return ret;
	buf = buffer(len, false);
	for (round = 0; round < 3; round++) {
		struct toucher t = { .buf = buf, .len = len };
		pthread_t th;

		fill(buf, len, 9 + round);
		h = small_chunk(fd);
		CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE, 0,
			       &m) && m.migrated == len / page_size,
		      "to device: %llu", (unsigned long long)m.migrated);
		pthread_create(&th, NULL, touch_all, &t);
		while (!t.started)
			;
		usleep(round * 3000);
		CHECK(!unmap_chunk(fd, h), "UNMAP during faults");
		pthread_join(th, NULL);
		CHECK(first_bad(buf, len, 9 + round) < 0,
		      "round %d: data lost at %lld", round,
		      first_bad(buf, len, 9 + round));
	}
	munmap(buf, len);
	close(fd);
	return 0;
}

/* A child shares the lent pages (fork) and reads them home itself. */
static int case_fork_lent(void)
{
	size_t len = 8 * MIB;
	int fd = open_dev(), ret = need_migrate(fd), status;
	struct hmmbench_migrate m = { 0 };
	uint32_t h;
	char *buf;
	pid_t pid;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(len, false, 20);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE, 0, &m),
	      "to device");
	pid = fork();
	if (!pid)
		_exit(first_bad(buf, len, 20) < 0 ? 0 : 1);
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && !WEXITSTATUS(status),
	      "the child read wrong data: %#x", status);
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	CHECK(first_bad(buf, len, 20) < 0, "data lost");
	munmap(buf, len);
	close(fd);
	return 0;
}

static const struct check_case cases[] = {
	{ "features", case_features },
	{ "round-trip-4k", case_round_trip_4k },
	{ "round-trip-thp", case_round_trip_thp },
	{ "fault-4k", case_fault_4k },
	{ "fault-thp", case_fault_thp },
	{ "chunk-full", case_chunk_full },
	{ "errors", case_errors },
	{ "unmap-lent", case_unmap_lent },
	{ "close-lent", case_close_lent },
	{ "exit-lent", case_exit_lent },
	{ "kill-midway", case_kill_midway },
	{ "unmap-fault-race", case_unmap_fault_race },
	{ "fork-lent", case_fork_lent },
	{ "thp-hole-nearly-full", case_thp_hole_nearly_full },
	{ "thp-unaligned", case_thp_unaligned },
	{ "counts-pinned-and-shared", case_counts_pinned_shared },
	{ "counts-after-error", case_counts_after_error },
	{ "fault-home-in-part", case_fault_home_in_part },
	{ "evict-thp-fragmented-kill", case_evict_thp_fragmented_kill },
	{ "evict-stalled", case_evict_stalled },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int main(int argc, char **argv)
{
	page_size = sysconf(_SC_PAGESIZE);
	return check_main(argc, argv, cases, ARRAY_SIZE(cases));
}
