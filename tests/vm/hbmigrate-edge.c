// SPDX-License-Identifier: GPL-2.0
/*
 * hbmigrate's cases at the edges: THP lent into a nearly full chunk,
 * ranges MIGRATE must refuse before moving anything, counts of pages that
 * cannot move, a fault that brings its page home with too few pages for
 * the rest, a device THP evicted while RAM holds no 2 MiB block, and a
 * teardown that cannot finish (the module's evict_test_stall).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "hbmigrate.h"

#define PARAMS "/sys/module/hmmbench/parameters/"

static double now_s(void)
{
	return now_ns() / 1e9;
}

/* Writes @value to a file of procfs or sysfs; whether it could. */
static bool write_file(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, value, strlen(value)) == (ssize_t)strlen(value);
	close(fd);
	return ok;
}

static void set_param(const char *name, const char *value)
{
	char path[128];

	snprintf(path, sizeof(path), PARAMS "%s", name);
	if (!write_file(path, value))
		die(path);
}

/* The first number after "@key:" in @path (meminfo, smaps_rollup), or -1. */
static long read_kb(const char *path, const char *key)
{
	FILE *f = fopen(path, "r");
	size_t n = strlen(key);
	char line[256];
	long kb = -1;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			kb = atol(line + n + 1);
	if (f)
		fclose(f);
	return kb;
}

static long anon_huge_kb(void)
{
	return read_kb("/proc/self/smaps_rollup", "AnonHugePages");
}

/* Whether the kernel log holds @what. */
static bool log_has(const char *what)
{
	int len = klogctl(10, NULL, 0);
	char *buf = malloc(len > 0 ? len + 1 : 1);
	bool found;

	if (!buf)
		die("malloc");
	len = klogctl(3, buf, len > 0 ? len : 0);
	buf[len > 0 ? len : 0] = '\0';
	found = strstr(buf, what);
	free(buf);
	return found;
}

static bool all_zero(const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * Lends @n base pages of a new buffer to chunk @h; the buffer.  A page the
 * kernel holds for a moment (compaction isolating it, a reference not yet
 * dropped) is skipped, so the range is asked for again, and the pages
 * already lent are not collected again.
 */
static char *lend_pages(int fd, uint32_t h, uint64_t n, unsigned int seed)
{
	struct hmmbench_migrate m = { 0 };
	char *buf = filled(n * page_size, false, seed);
	uint64_t moved = 0;

	for (int try = 0; try < 8 && moved < n; try++) {
		if (try)
			usleep(10000);
		if (!CHECK(!migrate(fd, h, buf, n * page_size,
				    HMMBENCH_MIGRATE_TO_DEVICE, 0, &m),
			   "lending %llu pages: %s", (unsigned long long)n,
			   strerror(errno)))
			break;
		moved += m.migrated;
	}
	CHECK(moved == n,
	      "lending %llu pages: %llu moved, in the last call uncollected %llu nomem %llu busy %llu",
	      (unsigned long long)n, (unsigned long long)moved,
	      (unsigned long long)m.skip_uncollected,
	      (unsigned long long)m.skip_nomem,
	      (unsigned long long)m.skip_busy);
	return buf;
}

/*
 * A PMD-sized hole (never touched) and a PMD mapping the zero page (read,
 * never written) lent with THP into chunk @h, which has @free pages left
 * and no free 2 MiB run: nothing is half-filled, the range reads zeroes.
 */
static void lend_holes(int fd, uint32_t h, uint64_t free)
{
	struct hmmbench_migrate m;
	uint64_t pmd = pmd_pages();

	for (int zero = 0; zero < 2; zero++) {
		volatile char *buf = buffer(PMD_SIZE, true);

		if (zero)
			for (size_t o = 0; o < PMD_SIZE; o += page_size)
				(void)buf[o];
		CHECK(!migrate(fd, h, (void *)buf, PMD_SIZE,
			       HMMBENCH_MIGRATE_TO_DEVICE,
			       HMMBENCH_MIGRATE_THP, &m),
		      "%s with %llu free: %s", zero ? "zero page" : "hole",
		      (unsigned long long)free, strerror(errno));
		CHECK(m.collected == pmd && m.thp == 0 &&
		      m.migrated + m.skip_nomem + m.skip_busy == pmd &&
		      m.migrated <= free && (zero || m.migrated == 0) &&
		      m.split == (m.migrated > 0),
		      "%s with %llu free: collected %llu migrated %llu nomem %llu busy %llu split %llu",
		      zero ? "zero page" : "hole", (unsigned long long)free,
		      (unsigned long long)m.collected,
		      (unsigned long long)m.migrated,
		      (unsigned long long)m.skip_nomem,
		      (unsigned long long)m.skip_busy,
		      (unsigned long long)m.split);
		CHECK(all_zero((const char *)buf, PMD_SIZE),
		      "%s with %llu free: not zeroes", zero ? "zero page" : "hole",
		      (unsigned long long)free);
		munmap((void *)buf, PMD_SIZE);
	}
}

int case_thp_hole_nearly_full(void)
{
	static const uint64_t frees[] = { 511, 100, 1 };
	int fd = open_dev(), ret = need_thp(fd);
	uint64_t pages, lent = 0;
	char *bufs[3];
	uint32_t h;

	if (ret)
		return ret;
	h = small_chunk(fd);
	pages = get_info(fd).size_align / page_size;
	for (int i = 0; i < 3; i++) {
		bufs[i] = lend_pages(fd, h, pages - frees[i] - lent, 30 + i);
		lent = pages - frees[i];
		lend_holes(fd, h, frees[i]);
	}
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	lent = 0;
	for (int i = 0; i < 3; i++) {
		uint64_t n = pages - frees[i] - lent;

		CHECK(first_bad(bufs[i], n * page_size, 30 + i) < 0,
		      "data lost in the %d%s lending", i + 1, i ? "th" : "st");
		munmap(bufs[i], n * page_size);
		lent += n;
	}
	close(fd);
	return 0;
}

/* THP over a range not PMD-aligned is refused, and no THP is split. */
int case_thp_unaligned(void)
{
	int fd = open_dev(), ret = need_thp(fd);
	struct hmmbench_migrate m;
	size_t len = 2 * PMD_SIZE;
	long before;
	uint32_t h;
	char *buf;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(len, true, 40);
	before = anon_huge_kb();
	CHECK(migrate(fd, h, buf + page_size, len - PMD_SIZE,
		      HMMBENCH_MIGRATE_TO_DEVICE, HMMBENCH_MIGRATE_THP, &m) ==
	      EINVAL, "THP at an address inside a PMD");
	CHECK(migrate(fd, h, buf, len - page_size,
		      HMMBENCH_MIGRATE_TO_DEVICE, HMMBENCH_MIGRATE_THP, &m) ==
	      EINVAL, "THP over a length short of a PMD");
	CHECK(anon_huge_kb() == before, "AnonHugePages %ld kB, %ld before",
	      anon_huge_kb(), before);
	CHECK(!migrate(fd, h, buf, len, HMMBENCH_MIGRATE_TO_DEVICE,
		       HMMBENCH_MIGRATE_THP, &m) &&
	      m.migrated == len / page_size && m.split == 0,
	      "aligned: %llu moved, %llu THP, %llu split",
	      (unsigned long long)m.migrated, (unsigned long long)m.thp,
	      (unsigned long long)m.split);
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	CHECK(first_bad(buf, len, 40) < 0, "data lost");
	munmap(buf, len);
	close(fd);
	return 0;
}

/*
 * Pages with an extra reference (spliced into a pipe) are put back by
 * migrate_vma_setup(): not collected.  Shared memory is collected and
 * then not moved: busy.  Neither moves, and the counts add up.
 */
int case_counts_pinned_shared(void)
{
	int fd = open_dev(), ret = need_migrate(fd), p[2];
	size_t len = 64 * page_size;
	struct hmmbench_migrate m;
	char *pinned, *shared;
	struct iovec iov;
	uint32_t h;

	if (ret)
		return ret;
	h = small_chunk(fd);
	pinned = filled(len, false, 41);
	iov = (struct iovec){ pinned, len };
	if (pipe(p) || fcntl(p[1], F_SETPIPE_SZ, 1 << 20) < 0 ||
	    vmsplice(p[1], &iov, 1, 0) != (ssize_t)len)
		die("vmsplice");
	CHECK(!migrate(fd, h, pinned, len, HMMBENCH_MIGRATE_TO_DEVICE, 0, &m),
	      "spliced pages");
	CHECK(m.migrated == 0 && m.skip_uncollected == 64 && m.collected == 0,
	      "spliced: migrated %llu uncollected %llu busy %llu",
	      (unsigned long long)m.migrated,
	      (unsigned long long)m.skip_uncollected,
	      (unsigned long long)m.skip_busy);
	shared = mmap(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		die("mmap");
	fill(shared, len, 42);
	CHECK(!migrate(fd, h, shared, len, HMMBENCH_MIGRATE_TO_DEVICE, 0, &m),
	      "shared memory");
	CHECK(m.migrated == 0 && m.collected == 64 && m.skip_busy == 64,
	      "shared: collected %llu migrated %llu busy %llu uncollected %llu",
	      (unsigned long long)m.collected, (unsigned long long)m.migrated,
	      (unsigned long long)m.skip_busy,
	      (unsigned long long)m.skip_uncollected);
	CHECK(first_bad(pinned, len, 41) < 0 && first_bad(shared, len, 42) < 0,
	      "data changed");
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	close(p[0]);
	close(p[1]);
	munmap(pinned, len);
	munmap(shared, len);
	close(fd);
	return 0;
}

/*
 * A range with a gap is refused before anything moves; a THP source with
 * no destination at all is not counted as split, one with some is.
 */
int case_counts_after_error(void)
{
	int fd = open_dev(), ret = need_migrate(fd);
	uint64_t pmd = pmd_pages(), pages;
	struct hmmbench_migrate m;
	char *buf, *full, *thp;
	uint32_t h;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(8 * MIB, false, 43);
	munmap(buf + 4 * MIB, 4 * MIB);
	CHECK(migrate(fd, h, buf, 8 * MIB, HMMBENCH_MIGRATE_TO_DEVICE, 0,
		      &m) == EFAULT, "a range with a gap");
	CHECK(!migrate(fd, h, buf, 4 * MIB, HMMBENCH_MIGRATE_TO_SYSTEM, 0,
		       &m) && m.migrated == 0,
	      "%llu pages were lent by the call that failed",
	      (unsigned long long)m.migrated);
	munmap(buf, 4 * MIB);
	if (need_thp(fd) == SKIP)
		goto out;

	/* a full chunk: no page for any of the THP's */
	pages = get_info(fd).size_align / page_size;
	full = lend_pages(fd, h, pages, 44);
	thp = filled(PMD_SIZE, true, 45);
	CHECK(!migrate(fd, h, thp, PMD_SIZE, HMMBENCH_MIGRATE_TO_DEVICE,
		       HMMBENCH_MIGRATE_THP, &m) && m.migrated == 0 &&
	      m.split == 0 && m.skip_nomem == pmd,
	      "full chunk: migrated %llu split %llu nomem %llu",
	      (unsigned long long)m.migrated, (unsigned long long)m.split,
	      (unsigned long long)m.skip_nomem);
	/* 100 pages free, in no 2 MiB run: the THP splits and 100 move */
	CHECK(!migrate(fd, h, full, 100 * page_size,
		       HMMBENCH_MIGRATE_TO_SYSTEM, 0, &m) && m.migrated == 100,
	      "100 home: %llu", (unsigned long long)m.migrated);
	CHECK(!migrate(fd, h, thp, PMD_SIZE, HMMBENCH_MIGRATE_TO_DEVICE,
		       HMMBENCH_MIGRATE_THP, &m) && m.migrated == 100 &&
	      m.split == 1 && m.skip_nomem == pmd - 100,
	      "100 free: migrated %llu split %llu nomem %llu",
	      (unsigned long long)m.migrated, (unsigned long long)m.split,
	      (unsigned long long)m.skip_nomem);
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	CHECK(first_bad(full, pages * page_size, 44) < 0 &&
	      first_bad(thp, PMD_SIZE, 45) < 0, "data lost");
	munmap(full, pages * page_size);
	munmap(thp, PMD_SIZE);
	close(fd);
	return 0;
out:
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	close(fd);
	return 0;
}

/*
 * A CPU fault on a lent THP when a round may find only 100 pages (no 2 MiB
 * folio): the faulting page has one, so the fault does not claim to be
 * out of memory (the kernel would complain that VM_FAULT_OOM leaked out);
 * the round moves those pages, or, where the kernel cannot split a folio
 * a fault holds (7.2), none, the PMD split so that the retry is a base
 * page's.  Either way the page comes home.
 */
int case_fault_home_in_part(void)
{
	int fd = open_dev(), ret = need_thp(fd);
	struct hmmbench_fault recs[4];
	struct hmmbench_fault_read r;
	struct hmmbench_migrate m;
	uint64_t moved = 0;
	unsigned int n;
	uint32_t h;
	char *buf;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = filled(PMD_SIZE, true, 46);
	CHECK(!migrate(fd, h, buf, PMD_SIZE, HMMBENCH_MIGRATE_TO_DEVICE,
		       HMMBENCH_MIGRATE_THP, &m) && m.thp == 1,
	      "to device: %llu THP", (unsigned long long)m.thp);
	set_param("migrate_test_pages", "100");
	CHECK(*(volatile uint64_t *)buf == pattern(0, 46), "first word");
	set_param("migrate_test_pages", "0");
	n = read_faults(fd, h, recs, 4, &r);
	for (unsigned int i = 0; i < n; i++)
		moved += recs[i].pages;
	CHECK(n >= 1 && (recs[0].pages == 0 || recs[0].pages == 100) &&
	      moved >= 1 && moved <= 100,
	      "%u fault records, %llu pages moved, %llu by the first", n,
	      (unsigned long long)moved,
	      n ? (unsigned long long)recs[0].pages : 0ULL);
	CHECK(!log_has("VM_FAULT_OOM leaked"), "the fault returned VM_FAULT_OOM");
	CHECK(first_bad(buf, PMD_SIZE, 46) < 0, "data lost");
	CHECK(!unmap_chunk(fd, h), "UNMAP");
	printf("%u fault records, %llu pages moved, %llu by the first\n", n,
	       (unsigned long long)moved,
	       n ? (unsigned long long)recs[0].pages : 0ULL);
	munmap(buf, PMD_SIZE);
	close(fd);
	return 0;
}

/* Free blocks of order 9 or more in /proc/buddyinfo. */
static long high_order_free(void)
{
	FILE *f = fopen("/proc/buddyinfo", "r");
	char line[512];
	long n = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char *t = strstr(line, "zone");
		long v[11];

		if (!t)
			continue;
		t += 4 + strspn(t + 4, " ");
		t += strcspn(t, " ");
		if (sscanf(t, "%ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7], &v[8], &v[9], &v[10]) == 11)
			n += v[9] + v[10];
	}
	if (f)
		fclose(f);
	return n;
}

/* Touches @len bytes at @p, a page at a time. */
static void touch(char *p, size_t len)
{
	for (size_t o = 0; o < len; o += page_size)
		p[o] = 1;
}

/*
 * Takes 2 MiB blocks as mlocked THPs of @t (up to @max bytes from *@len)
 * on each CPU in turn, their per-CPU lists included, until a touch gets
 * no THP.
 */
static void eat_thp(char *t, size_t max, size_t *len, long floor_kb)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	for (long cpu = 0; cpu < ncpu; cpu++) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
		while (*len + PMD_SIZE <= max &&
		       read_kb("/proc/meminfo", "MemFree") > floor_kb) {
			long kb = anon_huge_kb();

			touch(t + *len, PMD_SIZE);
			*len += PMD_SIZE;
			if (anon_huge_kb() == kb)
				break;
		}
	}
}

/*
 * Holds RAM fragmented until killed: 4 KiB pages taken until no free
 * block of order 9 is left (or free memory runs low), every other one
 * freed, the rest mlocked where compaction may not move them; then what
 * compaction can still gather, and the blocks the watermarks kept, taken
 * as mlocked THPs.  It stops short of the OOM killer: 1/32 of RAM stays
 * free (48 MiB at least), then 1/64 (32 MiB).  Writes one byte to @ready
 * when done.
 */
static void fragment(int ready)
{
	long total_kb = read_kb("/proc/meminfo", "MemTotal");
	long floor_kb = total_kb / 32 > 48 * 1024 ? total_kb / 32 : 48 * 1024;
	size_t len = 0, max = (size_t)total_kb << 10;
	size_t thp_len = 0, thp_max = max / 4;
	char *p = mmap(NULL, max, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *t = buffer(thp_max, true);

	if (p == MAP_FAILED)
		_exit(1);
	write_file("/proc/sys/vm/compact_unevictable_allowed", "0");
	madvise(p, max, MADV_NOHUGEPAGE);
	while (len + PMD_SIZE <= max && high_order_free() > 0 &&
	       read_kb("/proc/meminfo", "MemFree") > floor_kb) {
		touch(p + len, PMD_SIZE);
		len += PMD_SIZE;
	}
	for (size_t o = 0; o < len; o += 2 * page_size)
		madvise(p + o, page_size, MADV_DONTNEED);
	mlock2(p, len, MLOCK_ONFAULT);
	write_file("/proc/sys/vm/compact_memory", "1");
	mlock2(t, thp_max, MLOCK_ONFAULT);
	eat_thp(t, thp_max, &thp_len, floor_kb / 2 > 32 * 1024 ?
					 floor_kb / 2 : 32 * 1024);
	printf("fragmenter: %zu MiB taken and every other page freed, %zu MiB as THP; %ld free blocks of order 9 or more\n",
	       len >> 20, thp_len >> 20, high_order_free());
	fflush(stdout);
	if (write(ready, "x", 1) != 1)
		_exit(1);
	pause();
	_exit(0);
}

/*
 * The lender of a device THP calls UNMAP while another process keeps RAM
 * without a free 2 MiB block, and is SIGKILLed 2 s later: it has brought
 * its THP home (eviction needs no memory) or dies at once.
 */
static void lender(int report, int *frag_pid)
{
	int fd = open_dev(), ready[2];
	struct hmmbench_migrate m;
	char *buf, c, line[96];
	uint32_t h = small_chunk(fd);
	double t0;
	pid_t frag;
	int err;

	buf = filled(PMD_SIZE, true, 47);
	if (migrate(fd, h, buf, PMD_SIZE, HMMBENCH_MIGRATE_TO_DEVICE,
		    HMMBENCH_MIGRATE_THP, &m) || m.thp != 1)
		_exit(SKIP);
	if (pipe(ready))
		die("pipe");
	frag = fork();
	if (!frag)
		fragment(ready[1]);
	*frag_pid = frag;
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1)
		_exit(1);
	if (write(report, "f", 1) != 1)
		_exit(1);
	t0 = now_s();
	err = unmap_chunk(fd, h);
	snprintf(line, sizeof(line), "%d %.1f %lld %ld\n", err, now_s() - t0,
		 first_bad(buf, PMD_SIZE, 47), anon_huge_kb());
	if (write(report, line, strlen(line)) < 0)
		_exit(1);
	pause();
	_exit(0);
}

/* compact_unevictable_allowed, as the fragmenter found it */
static char compact_was[8] = "1";

static void compact_save(void)
{
	int fd = open("/proc/sys/vm/compact_unevictable_allowed", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, compact_was, sizeof(compact_was) - 1);

	if (n > 0)
		compact_was[n] = '\0';
	if (fd >= 0)
		close(fd);
}

int case_evict_thp_fragmented_kill(void)
{
	int fd = open_dev(), ret = need_thp(fd), status, p[2], err = -1;
	int *frag_pid = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char out[128] = "";
	long long bad = 0;
	long huge = 0;
	double took = 0, t_kill;
	ssize_t got = 0;
	pid_t pid, reaped = 0;

	if (ret)
		return ret;
	close(fd);
	if (frag_pid == MAP_FAILED || pipe(p))
		die("setup");
	compact_save();
	pid = fork();
	if (!pid)
		lender(p[1], frag_pid);
	close(p[1]);
	/* the fragmenter is ready, then 2 s for the UNMAP */
	if (read(p[0], out, 1) != 1) {
		waitpid(pid, &status, 0);
		write_file("/proc/sys/vm/compact_unevictable_allowed",
			   compact_was);
		if (WIFEXITED(status) && WEXITSTATUS(status) == SKIP) {
			printf("no device THP could be lent\n");
			return SKIP;
		}
		CHECK(0, "the lender failed: status %#x", status);
		return 1;
	}
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	for (int i = 0; i < 20 && got <= 0; i++) {
		usleep(100 * 1000);
		got = read(p[0], out, sizeof(out) - 1);
	}
	kill(pid, SIGKILL);
	t_kill = now_s();
	/* 10 s, then the fragmenter goes, which frees a lender stuck for RAM */
	for (int i = 0; i < 100 && !(reaped = waitpid(pid, &status, WNOHANG));
	     i++)
		usleep(100 * 1000);
	t_kill = now_s() - t_kill;
	/* the fragmenter is the lender's child, reaped by init once it dies */
	if (*frag_pid > 0) {
		kill(*frag_pid, SIGKILL);
		for (int i = 0; i < 100 && !kill(*frag_pid, 0); i++)
			usleep(100 * 1000);
	}
	write_file("/proc/sys/vm/compact_unevictable_allowed", compact_was);
	if (!reaped)
		waitpid(pid, &status, 0);
	CHECK(WIFSIGNALED(status) && t_kill < 5,
	      "the lender took %.1f s to die (status %#x)", t_kill, status);
	if (got > 0) {
		out[got] = '\0';
		sscanf(out, "%d %lf %lld %ld", &err, &took, &bad, &huge);
	}
	CHECK(got > 0 && err == 0 && bad < 0,
	      "UNMAP within 2 s: %s (error %d after %.1f s, first bad byte %lld)",
	      got > 0 ? "returned" : "no", err, took, bad);
	printf("UNMAP returned in %.1f s; the lender's AnonHugePages afterwards %ld kB; it died %.2f s after SIGKILL\n",
	       took, huge, t_kill);
	fd = open_dev();
	CHECK(get_info(fd).live_chunks == 0, "a chunk is left");
	close(fd);
	munmap(frag_pid, sizeof(int));
	return 0;
}

/* Waits up to @s seconds for the module to hold @n chunks; how many. */
static uint64_t wait_chunks(uint64_t n, int s)
{
	int fd = open_dev();
	uint64_t live;

	for (int i = 0; (live = get_info(fd).live_chunks) != n && i < s * 10; i++)
		usleep(100 * 1000);
	close(fd);
	return live;
}

/*
 * A teardown that cannot finish (evict_test_stall: no lent page moves):
 * UNMAP gives up after its wait with EBUSY and the chunk stays; a SIGKILL
 * ends a waiting UNMAP at once; closing the descriptor leaves the chunk
 * behind, holding the module, until its pages can come home, and then
 * destroys it with their data back where it was.
 */
int case_evict_stalled(void)
{
	int fd = open_dev(), ret = need_migrate(fd), status;
	double t0, waited;
	uint32_t h;
	char *buf;
	pid_t pid;

	if (ret)
		return ret;
	h = small_chunk(fd);
	buf = lend_pages(fd, h, 512, 48);
	set_param("evict_test_stall", "1");
	t0 = now_s();
	CHECK(unmap_chunk(fd, h) == EBUSY, "UNMAP of a chunk that cannot evict");
	waited = now_s() - t0;
	CHECK(get_info(fd).live_chunks == 1, "the chunk went");
	CHECK(log_has("could not come home"), "no word in the kernel log");

	pid = fork();
	if (!pid) {
		unmap_chunk(fd, h);
		_exit(0);
	}
	usleep(1500 * 1000);
	kill(pid, SIGKILL);
	t0 = now_s();
	waitpid(pid, &status, 0);
	CHECK(WIFSIGNALED(status) && now_s() - t0 < 2,
	      "UNMAP outlived SIGKILL by %.1f s (status %#x)", now_s() - t0,
	      status);
	close(fd);
	CHECK(wait_chunks(0, 1) == 1,
	      "the chunk went while its pages could not come home");
	CHECK(syscall(SYS_delete_module, "hmmbench", O_NONBLOCK) &&
	      errno == EWOULDBLOCK, "rmmod with a chunk left behind: %s",
	      strerror(errno));
	set_param("evict_test_stall", "0");
	CHECK(wait_chunks(0, 10) == 0, "the chunk left behind was not destroyed");
	CHECK(first_bad(buf, 512 * page_size, 48) < 0, "data lost");
	printf("UNMAP gave up after %.1f s\n", waited);
	munmap(buf, 512 * page_size);
	return 0;
}
