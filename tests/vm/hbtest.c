// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest: driver scenarios against the real /dev/hmmbench, run in the VM.
 * Each case drives the raw ioctl ABI (including malformed structs the CLI
 * never sends) and checks the errno, the timings and that nothing is left
 * behind in /proc/iomem or the live chunk count.
 *
 * usage: hbtest list | hbtest CASE
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
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
#include "guest.h"

#define GIB (1ULL << 30)
#define MIB (1ULL << 20)

static int open_dev(void)
{
	int fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		perror(HMMBENCH_DEVICE);
		exit(1);
	}
	return fd;
}

/* Returns 0 or the errno of the ioctl. */
static int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

static struct hmmbench_info get_info(int fd)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	int err = xioctl(fd, HMMBENCH_IOC_INFO, &info);

	if (err) {
		fprintf(stderr, "INFO: %s\n", strerror(err));
		exit(1);
	}
	return info;
}

static int map_chunk(int fd, uint64_t length, struct hmmbench_map *out)
{
	struct hmmbench_map map = {
		.size = sizeof(map),
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
	};
	int err = xioctl(fd, HMMBENCH_IOC_MAP, &map);

	if (out)
		*out = map;
	return err;
}

static int unmap_chunk(int fd, uint32_t handle, struct hmmbench_unmap *out)
{
	struct hmmbench_unmap unmap = { .size = sizeof(unmap), .handle = handle };
	int err = xioctl(fd, HMMBENCH_IOC_UNMAP, &unmap);

	if (out)
		*out = unmap;
	return err;
}

/* ROOFLINE of @length's struct pages on the local node into *@out. */
static int roofline(int fd, uint64_t length, struct hmmbench_roofline *out)
{
	struct hmmbench_roofline r = {
		.size = sizeof(r),
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
	};
	int err = xioctl(fd, HMMBENCH_IOC_ROOFLINE, &r);

	if (out)
		*out = r;
	return err;
}

/* Number of /proc/iomem lines naming hmmbench; with @start, at that address. */
static int iomem_regions(uint64_t start)
{
	char line[256];
	int n = 0;
	FILE *f = fopen("/proc/iomem", "r");

	if (!f) {
		perror("/proc/iomem");
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s;

		if (!strstr(line, "hmmbench"))
			continue;
		if (!start || (sscanf(line, " %llx", &s) == 1 && s == start))
			n++;
	}
	fclose(f);
	return n;
}

static void check_no_trace(int fd)
{
	struct hmmbench_info info = get_info(fd);

	CHECK(info.live_chunks == 0, "%u chunks still live", info.live_chunks);
	CHECK(iomem_regions(0) == 0, "hmmbench region left in /proc/iomem");
}

static void expect_map_errno(int fd, struct hmmbench_map *map, int want)
{
	int err = xioctl(fd, HMMBENCH_IOC_MAP, map);

	CHECK(err == want, "MAP gave '%s', expected '%s'", strerror(err),
	      strerror(want));
	check_no_trace(fd);
}

static struct hmmbench_map good_map(uint64_t length)
{
	return (struct hmmbench_map){
		.size = sizeof(struct hmmbench_map),
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
	};
}

/*
 * INFO on an x86_64 test kernel: its ABI version, page, struct page and
 * section sizes, a budget below available memory, the features it has
 * (folio_free from 6.19 on), the release uname(2) gives, and a physical
 * window that holds 64 GiB.
 */
static void case_info_values(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	unsigned int major = 0, minor = 0;
	struct utsname uts;

	CHECK(uname(&uts) == 0, "uname: %s", strerror(errno));

	CHECK(info.abi_version == HMMBENCH_ABI_VERSION, "abi %u", info.abi_version);
	CHECK(info.page_size == 4096, "page_size %llu",
	      (unsigned long long)info.page_size);
	CHECK(info.struct_page_size == 64, "struct page %llu",
	      (unsigned long long)info.struct_page_size);
	CHECK(info.size_align == 128 * MIB, "align %llu",
	      (unsigned long long)info.size_align);
	CHECK(info.min_size == info.size_align, "min_size %llu",
	      (unsigned long long)info.min_size);
	CHECK(info.max_size >= 64 * GIB && info.max_size % info.size_align == 0,
	      "max_size %llu", (unsigned long long)info.max_size);
	CHECK(info.budget > 0 && info.budget < info.mem_available,
	      "budget %llu", (unsigned long long)info.budget);
	CHECK(info.features & HMMBENCH_FEAT_PHASE_PROBE, "phase probe inactive");
	CHECK(info.features & HMMBENCH_FEAT_VMEMMAP_SHIFT, "no vmemmap_shift");
	CHECK(strcmp(info.kernel_release, uts.release) == 0, "release %s, uname %s",
	      info.kernel_release, uts.release);
	/* folio_free replaced page_free in 6.19 */
	CHECK(!(info.features & HMMBENCH_FEAT_FOLIO_FREE) ==
	      (sscanf(uts.release, "%u.%u", &major, &minor) == 2 &&
	       major * 100 + minor < 619),
	      "folio_free %s on %s",
	      info.features & HMMBENCH_FEAT_FOLIO_FREE ? "set" : "clear",
	      uts.release);
	CHECK(info.nr_nodes >= 1, "nodes %u", info.nr_nodes);
	CHECK(info.phys_window_end > info.phys_window_start &&
	      info.phys_window_end - info.phys_window_start + 1 >= 64 * GIB,
	      "window %#llx-%#llx",
	      (unsigned long long)info.phys_window_start,
	      (unsigned long long)info.phys_window_end);
	check_no_trace(fd);
	close(fd);
}

/* Whether [start, start + length) lies in INFO's physical window. */
static bool in_window(const struct hmmbench_info *info, uint64_t start,
		      uint64_t length)
{
	return start >= info->phys_window_start &&
	       start + length - 1 <= info->phys_window_end;
}

/* Maps @length, checks the region and timings, unmaps, checks it is gone. */
static void map_unmap_checked(int fd, uint64_t length)
{
	struct hmmbench_info before = get_info(fd), after;
	struct hmmbench_unmap unmap;
	struct hmmbench_map map;
	uint64_t cost = length / 4096 * 64;
	int err;

	err = map_chunk(fd, length, &map);
	if (!CHECK(err == 0, "MAP %llu: %s", (unsigned long long)length,
		   strerror(err)))
		return;
	CHECK(map.handle != 0, "handle 0");
	CHECK(iomem_regions(map.phys_start) == 1, "region %llx not in iomem",
	      (unsigned long long)map.phys_start);
	CHECK(in_window(&before, map.phys_start, length),
	      "chunk at %#llx outside the window %#llx-%#llx",
	      (unsigned long long)map.phys_start,
	      (unsigned long long)before.phys_window_start,
	      (unsigned long long)before.phys_window_end);
	CHECK(map.valid == (HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP |
			    HMMBENCH_T_MEMMAP_INIT), "valid %#x", map.valid);
	CHECK(map.region_ns > 0 && map.memremap_ns > 0 &&
	      map.memmap_init_ns > 0, "a zero timing");
	CHECK(map.memmap_init_ns <= map.memremap_ns,
	      "phase %llu > memremap %llu",
	      (unsigned long long)map.memmap_init_ns,
	      (unsigned long long)map.memremap_ns);
	CHECK(get_info(fd).live_chunks == before.live_chunks + 1, "live count");

	err = unmap_chunk(fd, map.handle, &unmap);
	CHECK(err == 0, "UNMAP: %s", strerror(err));
	CHECK(unmap.valid == (HMMBENCH_T_MEMUNMAP | HMMBENCH_T_RELEASE),
	      "valid %#x", unmap.valid);
	CHECK(unmap.memunmap_ns > 0 && unmap.release_ns > 0, "a zero timing");
	CHECK(iomem_regions(map.phys_start) == 0, "region still in iomem");

	/* The struct pages come back, give or take page-table pages. */
	after = get_info(fd);
	CHECK(after.mem_available + cost / 16 + 32 * MIB >= before.mem_available,
	      "MemAvailable %llu MiB before, %llu MiB after",
	      (unsigned long long)(before.mem_available / MIB),
	      (unsigned long long)(after.mem_available / MIB));
	printf("# %llu MiB: region %llu ns, memremap %llu ns (memmap_init %llu ns), memunmap %llu ns, release %llu ns\n",
	       (unsigned long long)(length / MIB),
	       (unsigned long long)map.region_ns,
	       (unsigned long long)map.memremap_ns,
	       (unsigned long long)map.memmap_init_ns,
	       (unsigned long long)unmap.memunmap_ns,
	       (unsigned long long)unmap.release_ns);
}

/* A 1 GiB chunk maps and unmaps, with every phase timed. */
static void case_map_1g(void)
{
	int fd = open_dev();

	map_unmap_checked(fd, GIB);
	check_no_trace(fd);
	close(fd);
}

/* A 64 GiB chunk maps and unmaps twice in a row: the large size works. */
static void case_map_64g_twice(void)
{
	int fd = open_dev();

	map_unmap_checked(fd, 64 * GIB);
	map_unmap_checked(fd, 64 * GIB);
	check_no_trace(fd);
	close(fd);
}

/*
 * Two 64 GiB chunks at once: distinct handles, ranges that do not
 * overlap, both counted live, both destroyed.
 */
static void case_map_two_64g_chunks(void)
{
	struct hmmbench_map a, b;
	int fd = open_dev();
	int err;

	err = map_chunk(fd, 64 * GIB, &a);
	CHECK(err == 0, "first MAP: %s", strerror(err));
	err = map_chunk(fd, 64 * GIB, &b);
	CHECK(err == 0, "second MAP: %s", strerror(err));
	CHECK(a.handle != b.handle, "same handle twice");
	CHECK(a.phys_start + 64 * GIB <= b.phys_start ||
	      b.phys_start + 64 * GIB <= a.phys_start, "chunks overlap");
	CHECK(get_info(fd).live_chunks == 2, "live count");
	CHECK(unmap_chunk(fd, a.handle, NULL) == 0, "UNMAP a");
	CHECK(unmap_chunk(fd, b.handle, NULL) == 0, "UNMAP b");
	check_no_trace(fd);
	close(fd);
}

/*
 * Compound pages: 2 MiB and 1 GiB vmemmap shifts map; a shift above a
 * PUD, or one the size is not a whole number of pages of, gets EINVAL.
 */
static void case_map_vmemmap_shift(void)
{
	struct hmmbench_map map = good_map(GIB);
	int fd = open_dev();
	int err;

	map.vmemmap_shift = 9;	/* 2 MiB compound pages */
	err = xioctl(fd, HMMBENCH_IOC_MAP, &map);
	CHECK(err == 0, "MAP with vmemmap_shift 9: %s", strerror(err));
	if (!err)
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	map = good_map(GIB);
	map.vmemmap_shift = 18;	/* 1 GiB compound pages, across sections */
	err = xioctl(fd, HMMBENCH_IOC_MAP, &map);
	CHECK(err == 0, "MAP with vmemmap_shift 18: %s", strerror(err));
	if (!err)
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	map = good_map(GIB);
	map.vmemmap_shift = 19;	/* larger than a PUD */
	expect_map_errno(fd, &map, EINVAL);
	map = good_map(GIB + 128 * MIB);	/* not whole 1 GiB pages */
	map.vmemmap_shift = 18;
	expect_map_errno(fd, &map, EINVAL);
	map = good_map(GIB);
	map.vmemmap_shift = 63;
	expect_map_errno(fd, &map, EINVAL);
	check_no_trace(fd);
	close(fd);
}

/* A chunk of 0 bytes is refused with EINVAL. */
static void case_bad_size_zero(void)
{
	struct hmmbench_map map = good_map(0);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* A size that is not a whole number of sections is refused with EINVAL. */
static void case_bad_size_unaligned(void)
{
	struct hmmbench_map map = good_map(GIB + 4096);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	map = good_map(64 * MIB);
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/*
 * A section above max_size: ENOMEM where the budget sets max_size, EINVAL
 * where the physical window does (an 8 GiB arm64 guest can afford the
 * struct pages of its whole 256 GiB window).
 */
static void case_bad_size_over_budget(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	struct hmmbench_map map = good_map(info.max_size + info.size_align);
	uint64_t win = info.phys_window_end - info.phys_window_start + 1;

	expect_map_errno(fd, &map, map.length > win ? EINVAL : ENOMEM);
	close(fd);
}

/* A size whose end overflows 64 bits is refused with EINVAL. */
static void case_bad_size_overflow(void)
{
	struct hmmbench_map map = good_map(~0ULL - 128 * MIB + 1);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	map = good_map(~0ULL);
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* Unknown flags of MAP, INFO and UNMAP are refused with EINVAL. */
static void case_bad_flags(void)
{
	struct hmmbench_map map = good_map(GIB);
	struct hmmbench_info info = { .size = sizeof(info), .flags = 1 };
	struct hmmbench_unmap unmap = { .size = sizeof(unmap), .flags = 1 };
	int fd = open_dev();

	map.flags = 1U << 31;
	expect_map_errno(fd, &map, EINVAL);
	CHECK(xioctl(fd, HMMBENCH_IOC_INFO, &info) == EINVAL, "INFO flags");
	CHECK(xioctl(fd, HMMBENCH_IOC_UNMAP, &unmap) == EINVAL, "UNMAP flags");
	close(fd);
}

/* A non-zero reserved field of MAP is refused with EINVAL. */
static void case_bad_reserved(void)
{
	struct hmmbench_map map = good_map(GIB);
	int fd = open_dev();

	map.__reserved = 1;
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* A struct smaller than its first version is refused with EINVAL. */
static void case_struct_too_small(void)
{
	struct hmmbench_map map = good_map(GIB);
	struct hmmbench_info info = { .size = 8 };
	int fd = open_dev();

	map.size = sizeof(map) - 8;
	expect_map_errno(fd, &map, EINVAL);
	CHECK(xioctl(fd, HMMBENCH_IOC_INFO, &info) == EINVAL, "short INFO");
	close(fd);
}

/* A newer caller's struct: accepted when its tail is zero, else E2BIG. */
static void case_struct_larger(void)
{
	struct {
		struct hmmbench_map map;
		uint64_t tail;
	} big = { .map = good_map(GIB) };
	int fd = open_dev();
	int err;

	big.map.size = sizeof(big);
	err = xioctl(fd, HMMBENCH_IOC_MAP, &big);
	CHECK(err == 0, "zero tail: %s", strerror(err));
	CHECK(big.tail == 0, "tail written");
	if (!err)
		CHECK(unmap_chunk(fd, big.map.handle, NULL) == 0, "UNMAP");

	big.map = good_map(GIB);
	big.map.size = sizeof(big);
	big.tail = 1;
	expect_map_errno(fd, &big.map, E2BIG);
	close(fd);
}

/*
 * UNMAP of an unknown handle, of handle 0, of another descriptor's and
 * of one already unmapped: ENOENT each time, the chunk left alone.
 */
static void case_bad_handle(void)
{
	struct hmmbench_map map;
	int fd = open_dev(), other = open_dev();

	CHECK(unmap_chunk(fd, 12345, NULL) == ENOENT, "unknown handle");
	CHECK(unmap_chunk(fd, 0, NULL) == ENOENT, "handle 0");
	CHECK(map_chunk(fd, 256 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(other, map.handle, NULL) == ENOENT,
	      "another descriptor's handle");
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	CHECK(unmap_chunk(fd, map.handle, NULL) == ENOENT, "double UNMAP");
	check_no_trace(fd);
	close(other);
	close(fd);
}

/*
 * A node that is offline or out of range is refused with EINVAL; node 0
 * is taken.
 */
static void case_bad_node(void)
{
	struct hmmbench_map map = good_map(GIB);
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);

	map.node = (int32_t)info.nr_nodes;	/* the first offline node */
	expect_map_errno(fd, &map, EINVAL);
	map.node = 1 << 20;
	expect_map_errno(fd, &map, EINVAL);
	map.node = -2;
	expect_map_errno(fd, &map, EINVAL);
	map = good_map(256 * MIB);
	map.node = 0;
	CHECK(xioctl(fd, HMMBENCH_IOC_MAP, &map) == 0, "node 0");
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	close(fd);
}

/* An unknown ioctl number or magic gets ENOTTY, a NULL argument EFAULT. */
static void case_bad_ioctl(void)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	int fd = open_dev();

	CHECK(xioctl(fd, _IOWR(HMMBENCH_IOC_MAGIC, 0x7f, struct hmmbench_info),
		     &info) == ENOTTY, "unknown number");
	CHECK(xioctl(fd, _IOWR('H', 0x00, struct hmmbench_info), &info) ==
	      ENOTTY, "other magic");
	CHECK(xioctl(fd, HMMBENCH_IOC_INFO, NULL) == EFAULT, "NULL argument");
	close(fd);
}

/*
 * Without CAP_SYS_ADMIN every state-changing ioctl gets EPERM and INFO
 * still works; another user cannot open the 0600 device at all.
 */
static void case_no_cap_sys_admin(void)
{
	struct hmmbench_map map = good_map(GIB);
	struct hmmbench_info info = { .size = sizeof(info) };
	int fd = open_dev();
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		failures = 0;
		if (drop_cap_sys_admin())
			_exit(2);
		CHECK(xioctl(fd, HMMBENCH_IOC_MAP, &map) == EPERM, "MAP");
		CHECK(unmap_chunk(fd, 1, NULL) == EPERM, "UNMAP");
		CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY,
			     &(struct hmmbench_verify){
				.size = sizeof(struct hmmbench_verify),
				.handle = 1 }) == EPERM, "VERIFY");
		CHECK(roofline(fd, 256 * MIB, NULL) == EPERM, "ROOFLINE");
		CHECK(xioctl(fd, HMMBENCH_IOC_INFO, &info) == 0, "INFO");
		_exit(failures ? 1 : 0);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child without CAP_SYS_ADMIN: status %#x", status);

	/* The device is 0600 root: another user cannot open it at all. */
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(2);
		_exit(open(HMMBENCH_DEVICE, O_RDWR) < 0 && errno == EACCES ?
		      0 : 1);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "open as uid 65534: status %#x", status);
	check_no_trace(fd);
	close(fd);
}

/* Closing the descriptor destroys the chunks it holds. */
static void case_close_releases(void)
{
	int fd = open_dev(), i;

	for (i = 0; i < 3; i++)
		CHECK(map_chunk(fd, 256 * MIB, NULL) == 0, "MAP %d", i);
	CHECK(get_info(fd).live_chunks == 3, "live count");
	close(fd);
	fd = open_dev();
	check_no_trace(fd);
	close(fd);
}

/* A process killed with chunks mapped leaves none behind. */
static void case_sigkill_releases(void)
{
	int pipefd[2], fd, status;
	char c = 0;
	pid_t pid;

	if (pipe(pipefd))
		exit(1);
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev();

		if (map_chunk(cfd, GIB, NULL) || map_chunk(cfd, GIB, NULL))
			_exit(1);
		if (write(pipefd[1], &c, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pipefd[1]);
	CHECK(read(pipefd[0], &c, 1) == 1, "child could not map its chunks");
	fd = open_dev();
	CHECK(get_info(fd).live_chunks == 2, "live count before kill");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	CHECK(WIFSIGNALED(status), "child not killed");
	check_no_trace(fd);
	close(fd);
	close(pipefd[0]);
}

/* Loaded with phase_probe=0: the phase is reported as not measured. */
static void case_phase_probe_off(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	struct hmmbench_map map = good_map(GIB);
	int err;

	CHECK(!(info.features & HMMBENCH_FEAT_PHASE_PROBE), "probe active");
	map.memmap_init_ns = 12345;	/* must not come back */
	err = xioctl(fd, HMMBENCH_IOC_MAP, &map);
	CHECK(err == 0, "MAP: %s", strerror(err));
	CHECK(map.valid == (HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP),
	      "valid %#x", map.valid);
	CHECK(map.memmap_init_ns == 0, "memmap_init_ns %llu",
	      (unsigned long long)map.memmap_init_ns);
	if (!err)
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	check_no_trace(fd);
	close(fd);
}

/* A page of its own, so that its protection can change under a call. */
static void *page_alloc(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	return p;
}

static void page_protect(void *p, int prot)
{
	if (mprotect(p, 4096, prot)) {
		perror("mprotect");
		exit(1);
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void sleep_us(unsigned int us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}

/*
 * MAP and UNMAP race on one descriptor.  The mapper's result page turns
 * read-only while three MAPs in four run, so they fail to copy their result
 * out after the chunk is made; meanwhile the unmapper hammers the handles
 * such a MAP gets.  Every chunk must be destroyed exactly once: by the
 * unmapper, or by the mapper after a MAP that succeeded, never both.
 */
struct race {
	int fd;
	struct hmmbench_map *map;	/* alone on its page */
	int go;		/* the mapper is entering MAP */
	int done;	/* the protector has made the page read-only */
	volatile int stop;
	unsigned int seed;
	int errors;
	unsigned int maps_ok, maps_efault, unmaps_racer;
};

static void *race_protector(void *arg)
{
	struct race *r = arg;

	while (!r->stop) {
		if (!__atomic_exchange_n(&r->go, 0, __ATOMIC_ACQ_REL)) {
			sched_yield();
			continue;
		}
		/* One MAP in four keeps its page and succeeds. */
		if (rand_r(&r->seed) % 4) {
			sleep_us(500 + rand_r(&r->seed) % 4000);
			page_protect(r->map, PROT_READ);
		}
		__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void *race_unmapper(void *arg)
{
	struct race *r = arg;
	uint32_t h;

	while (!r->stop) {
		for (h = 1; h <= 2; h++) {
			int err = unmap_chunk(r->fd, h, NULL);

			if (!err)
				__atomic_add_fetch(&r->unmaps_racer, 1,
						   __ATOMIC_RELAXED);
			else if (err != ENOENT)
				r->errors++;
		}
	}
	return NULL;
}

/* One MAP whose page may turn read-only under it; returns its errno. */
static int race_map_once(struct race *r, uint32_t *handles, unsigned int *nh)
{
	int err;

	page_protect(r->map, PROT_READ | PROT_WRITE);
	*r->map = good_map(256 * MIB);
	__atomic_store_n(&r->go, 1, __ATOMIC_RELEASE);
	err = xioctl(r->fd, HMMBENCH_IOC_MAP, r->map);
	while (!__atomic_exchange_n(&r->done, 0, __ATOMIC_ACQ_REL))
		sched_yield();
	if (!err && *nh < 64)
		handles[(*nh)++] = r->map->handle;
	return err;
}

/*
 * The MAP and UNMAP race above, 60 MAPs or 20 s: no chunk is destroyed
 * twice or leaked.
 */
static void case_map_unmap_race(void)
{
	struct race r = { .fd = open_dev(), .map = page_alloc(), .seed = 1 };
	struct hmmbench_info before = get_info(r.fd), after;
	uint32_t handles[64];
	unsigned int i, n, nh = 0, mine = 0, late;
	pthread_t prot, unmapper;
	uint64_t end = now_ns() + 20ULL * 1000000000;

	pthread_create(&prot, NULL, race_protector, &r);
	pthread_create(&unmapper, NULL, race_unmapper, &r);
	for (n = 0; n < 60 && now_ns() < end; n++) {
		int err = race_map_once(&r, handles, &nh);

		if (!err)
			r.maps_ok++;
		else if (err == EFAULT)
			r.maps_efault++;
		else
			CHECK(0, "MAP: %s", strerror(err));
	}
	r.stop = 1;
	pthread_join(prot, NULL);
	pthread_join(unmapper, NULL);
	for (i = 0; i < nh; i++) {
		int err = unmap_chunk(r.fd, handles[i], NULL);

		CHECK(!err || err == ENOENT, "UNMAP: %s", strerror(err));
		mine += !err;
	}
	after = get_info(r.fd);
	late = after.maps_total - before.maps_total - r.maps_ok;
	printf("# %u MAPs: %u ok, %u EFAULT (%u after mapping); %u unmapped by the racer\n",
	       n, r.maps_ok, r.maps_efault, late, r.unmaps_racer);
	CHECK(r.errors == 0, "racer UNMAP gave an errno other than ENOENT");
	CHECK(r.unmaps_racer + mine == r.maps_ok,
	      "%u chunks mapped, %u unmapped by the racer and %u by the mapper",
	      r.maps_ok, r.unmaps_racer, mine);
	CHECK(late > 0, "no MAP failed after mapping: the race was not reached");
	check_no_trace(r.fd);
	close(r.fd);
}

/*
 * UNMAP of handle 0 must not free the index 0 that the handle table keeps
 * reserved; with other chunks live, MAP would then hand out handle 0.
 */
static void case_handle_zero_never(void)
{
	struct hmmbench_map held[2], map;
	int fd = open_dev(), i, err;

	for (i = 0; i < 2; i++)
		CHECK(map_chunk(fd, 128 * MIB, &held[i]) == 0, "MAP %d", i);
	for (i = 0; i < 4; i++) {
		CHECK(unmap_chunk(fd, 0, NULL) == ENOENT, "UNMAP handle 0");
		err = map_chunk(fd, 128 * MIB, &map);
		if (!CHECK(err == 0, "MAP: %s", strerror(err)))
			break;
		CHECK(map.handle != 0, "MAP returned handle 0");
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	}
	CHECK(unmap_chunk(fd, 1U << 31, NULL) == ENOENT, "handle 2^31");
	CHECK(unmap_chunk(fd, ~0U, NULL) == ENOENT, "handle 2^32-1");
	for (i = 0; i < 2; i++)
		CHECK(unmap_chunk(fd, held[i].handle, NULL) == 0, "UNMAP %d", i);
	check_no_trace(fd);
	close(fd);
}

/* Declared sizes above a page are refused before any user memory is read. */
static void case_struct_size_cap(void)
{
	size_t len = 0xfff00000UL + 4096;
	struct hmmbench_info *info;
	uint64_t t0, dt;
	char *p;
	int fd = open_dev(), err;

	/* Zero pages the kernel could read, but never write back to. */
	p = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		 MAP_NORESERVE, -1, 0);
	if (!CHECK(p != MAP_FAILED, "mmap: %s", strerror(errno)))
		return;
	page_protect(p, PROT_READ | PROT_WRITE);
	info = (struct hmmbench_info *)p;

	info->size = 0xfff00000;
	t0 = now_ns();
	err = xioctl(fd, HMMBENCH_IOC_INFO, info);
	dt = now_ns() - t0;
	CHECK(err == E2BIG, "INFO size 0xfff00000: '%s'", strerror(err));
	printf("# INFO with size 0xfff00000 returned in %llu us\n",
	       (unsigned long long)(dt / 1000));
	info->size = 4097;
	CHECK(xioctl(fd, HMMBENCH_IOC_INFO, info) == E2BIG, "size 4097");
	info->size = 4096;
	CHECK(xioctl(fd, HMMBENCH_IOC_INFO, info) == 0, "size 4096");
	((struct hmmbench_map *)p)->size = 0x80000000;
	CHECK(xioctl(fd, HMMBENCH_IOC_MAP, p) == E2BIG, "MAP size 2^31");
	((struct hmmbench_unmap *)p)->size = 8192;
	CHECK(xioctl(fd, HMMBENCH_IOC_UNMAP, p) == E2BIG, "UNMAP size 8192");
	munmap(p, len);
	check_no_trace(fd);
	close(fd);
}

/*
 * Two pages, the first read-only: @len bytes of @src are placed @in_bytes
 * before the boundary, so that only their (in) fields cannot be written.
 */
static void *straddle(size_t in_bytes, const void *src, size_t len)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	memcpy(p + 4096 - in_bytes, src, len);
	page_protect(p, PROT_READ);
	return p + 4096 - in_bytes;
}

static void *straddle_base(void *s)
{
	return (void *)((uintptr_t)s & ~4095UL);
}

/* A struct the caller cannot write is refused before anything changes. */
static void case_map_unwritable(void)
{
	struct hmmbench_map *map = page_alloc(), *m;
	int fd = open_dev();
	struct hmmbench_info before = get_info(fd);
	int err;

	*map = good_map(GIB);
	page_protect(map, PROT_READ);
	err = xioctl(fd, HMMBENCH_IOC_MAP, map);
	CHECK(err == EFAULT, "MAP on a read-only page: '%s'", strerror(err));
	CHECK(get_info(fd).maps_total == before.maps_total,
	      "a chunk was made for a result that could not be returned");
	check_no_trace(fd);

	/* Only the (out) fields are written: read-only (in) fields are fine. */
	m = straddle(offsetof(struct hmmbench_map, handle), map, sizeof(*map));
	err = xioctl(fd, HMMBENCH_IOC_MAP, m);
	CHECK(err == 0, "MAP with read-only (in) fields: '%s'", strerror(err));
	if (!err)
		CHECK(unmap_chunk(fd, m->handle, NULL) == 0, "UNMAP");
	check_no_trace(fd);
	munmap(straddle_base(m), 8192);
	munmap(map, 4096);
	close(fd);
}

/*
 * UNMAP whose result cannot be written back keeps the chunk: the caller
 * still holds a handle it can unmap.
 */
static void case_unmap_unwritable(void)
{
	struct hmmbench_unmap *unmap = page_alloc(), *u;
	struct hmmbench_map map;
	int fd = open_dev(), err;

	err = map_chunk(fd, 128 * MIB, &map);
	if (!CHECK(err == 0, "MAP: %s", strerror(err)))
		return;
	*unmap = (struct hmmbench_unmap){ .size = sizeof(*unmap),
					  .handle = map.handle };
	page_protect(unmap, PROT_READ);
	err = xioctl(fd, HMMBENCH_IOC_UNMAP, unmap);
	CHECK(err == EFAULT, "UNMAP on a read-only page: '%s'", strerror(err));
	CHECK(get_info(fd).live_chunks == 1, "the chunk was destroyed");
	CHECK(iomem_regions(map.phys_start) == 1, "region gone from iomem");

	/* Only the (out) fields are written: read-only (in) fields are fine. */
	u = straddle(offsetof(struct hmmbench_unmap, valid), unmap,
		     sizeof(*unmap));
	munmap(unmap, 4096);
	err = xioctl(fd, HMMBENCH_IOC_UNMAP, u);
	CHECK(err == 0, "UNMAP with read-only (in) fields: '%s'",
	      strerror(err));
	CHECK(!err || u->valid, "no timings written");
	check_no_trace(fd);
	munmap(straddle_base(u), 8192);
	close(fd);
}

/*
 * The length whose memremap takes about @ms milliseconds on this kernel,
 * from a warm 1 GiB MAP: the KASAN kernel is some sixty times slower than
 * the benchmark kernel, and the fault cases want a MAP of a known
 * duration, not of a known size.  From 1 GiB to half of what the budget
 * allows now, and at most 128 GiB (an emulated arm64 guest maps 64 GiB in
 * under a second).
 */
static uint64_t length_for_ms(int fd, unsigned int ms)
{
	struct hmmbench_map map;
	uint64_t per_gib = 0, gib, max = get_info(fd).max_size / 2 / GIB;
	int i;

	for (i = 0; i < 2; i++) {
		if (map_chunk(fd, GIB, &map))
			return GIB;
		per_gib = map.memremap_ns;
		unmap_chunk(fd, map.handle, NULL);
	}
	gib = (uint64_t)ms * 1000000 / (per_gib ? per_gib : 1);
	if (max > 128)
		max = 128;
	return (gib < 1 ? 1 : gib > max ? max : gib) * GIB;
}

static void on_sigcont(int sig)
{
	(void)sig;
}

/* The state letter of /proc/PID/stat ('S': interruptible sleep). */
static char proc_state(pid_t pid)
{
	char path[64], state = '?';
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
			state = '?';
		fclose(f);
	}
	return state;
}

/*
 * Runs the caller on CPU 0 only.  A mutex waiter spins while the owner
 * runs on another CPU and sleeps only when it does not, so the holder and
 * the waiter share one CPU to make the waiter sleep.
 */
static void pin_to_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		_exit(1);
}

/* Maps @length, reports on @pipefd when done and waits to be killed. */
static pid_t fork_holder(int pipefd, uint64_t length)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd;

		pin_to_cpu0();
		fd = open_dev();
		char c = map_chunk(fd, length, NULL);

		if (write(pipefd, &c, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	return pid;
}

/*
 * A MAP waiting for another's measurement is stopped and continued (its
 * SIGCONT handler has SA_RESTART): the wait restarts, the call does not
 * fail with EINTR.
 */
static void case_map_wait_restarts(void)
{
	struct sigaction sa = { .sa_handler = on_sigcont,
				.sa_flags = SA_RESTART };
	int fd = open_dev(), pipefd[2], status;
	struct pollfd pfd;
	pid_t holder, waiter;
	char c = 1, state;
	int i;

	if (pipe(pipefd))
		exit(1);
	holder = fork_holder(pipefd[1], length_for_ms(fd, 1500));
	sleep_us(200000);
	waiter = fork();
	if (waiter == 0) {
		int wfd;

		pin_to_cpu0();
		wfd = open_dev();
		sigaction(SIGCONT, &sa, NULL);
		_exit(map_chunk(wfd, 128 * MIB, NULL));
	}
	/*
	 * Then until it sleeps, up to a second more: the fork, the move to
	 * CPU 0 and the way to the wait can pass through short uninterruptible
	 * sleeps (seen at 200 ms on an emulated arm64 guest).
	 */
	sleep_us(200000);
	for (i = 0; i < 100 && (state = proc_state(waiter)) != 'S'; i++)
		sleep_us(10000);
	pfd = (struct pollfd){ .fd = pipefd[0], .events = POLLIN };
	CHECK(poll(&pfd, 1, 0) == 0 && state == 'S',
	      "the waiter was not waiting when signalled (state %c): the wait was not reached",
	      state);
	kill(waiter, SIGSTOP);
	sleep_us(20000);
	kill(waiter, SIGCONT);

	CHECK(read(pipefd[0], &c, 1) == 1 && c == 0, "holder MAP failed");
	waitpid(waiter, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "waiting MAP after SIGSTOP/SIGCONT: %s",
	      WIFEXITED(status) ? strerror(WEXITSTATUS(status)) : "killed");
	kill(holder, SIGKILL);
	waitpid(holder, &status, 0);
	close(pipefd[0]);
	close(pipefd[1]);
	check_no_trace(fd);
	close(fd);
}

/*
 * SIGKILL lands before, during or after a MAP of about 400 ms, ten times:
 * whatever the moment, the chunk goes with the process.
 */
static void case_sigkill_mid_map(void)
{
	unsigned int seed = 7, i, delay;
	int fd = open_dev(), status;
	uint64_t length = length_for_ms(fd, 400);
	pid_t pid;

	for (i = 0; i < 10; i++) {
		pid = fork();
		if (pid == 0) {
			int cfd = open_dev();

			map_chunk(cfd, length, NULL);
			pause();
			_exit(0);
		}
		delay = rand_r(&seed) % 600000;
		sleep_us(delay);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		      "round %u: child status %#x", i, status);
		printf("# round %u: killed after %u ms\n", i, delay / 1000);
		check_no_trace(fd);
	}
	close(fd);
}

/* One of four processes: maps and unmaps random sizes until @end. */
static int churn(unsigned int seed, uint64_t end)
{
	uint32_t held[4] = { 0 };
	struct hmmbench_map map;
	int fd = open_dev(), err;
	unsigned int n = 0, slot;

	while (now_ns() < end) {
		slot = rand_r(&seed) % 4;
		if (held[slot]) {
			err = unmap_chunk(fd, held[slot], NULL);
			if (err)
				return err;
			held[slot] = 0;
			continue;
		}
		err = map_chunk(fd, (1 + rand_r(&seed) % 8) * 128 * MIB, &map);
		if (err && err != ENOMEM)
			return err;
		held[slot] = err ? 0 : map.handle;
		n++;
	}
	printf("# process %u: %u MAPs\n", seed, n);
	/* Half the processes leave their chunks for close() to release. */
	if (seed % 2)
		close(fd);
	return 0;
}

/*
 * Four processes map and unmap chunks of random sizes for 8 s: every
 * UNMAP succeeds, a MAP only fails over the budget (ENOMEM), and the
 * chunks left to close() go with it.
 */
static void case_four_processes(void)
{
	uint64_t end = now_ns() + 8ULL * 1000000000;
	int fd = open_dev(), status, i;
	pid_t pids[4];

	for (i = 0; i < 4; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			fflush(stdout);
			_exit(churn(i + 1, end));
		}
	}
	for (i = 0; i < 4; i++) {
		waitpid(pids[i], &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "process %d: %s", i + 1, WIFEXITED(status) ?
		      strerror(WEXITSTATUS(status)) : "killed");
	}
	check_no_trace(fd);
	close(fd);
}

/* Maps @length chunks until MAP fails; returns how many it made. */
static unsigned int map_until_refused(int fd, uint64_t length, int *err)
{
	struct hmmbench_map map;
	unsigned int n = 0;

	while (!(*err = map_chunk(fd, length, &map)) && n < 4096)
		n++;
	return n;
}

#define RESERVE_PARAM "/sys/module/hmmbench/parameters/reserve_mb"

static unsigned long read_reserve_mb(void)
{
	unsigned long mb = 0;
	FILE *f = fopen(RESERVE_PARAM, "r");

	if (!f || fscanf(f, "%lu", &mb) != 1)
		exit(1);
	fclose(f);
	return mb;
}

static void write_reserve_mb(unsigned long mb)
{
	FILE *f = fopen(RESERVE_PARAM, "w");

	if (!f || fprintf(f, "%lu\n", mb) < 0 || fclose(f))
		exit(1);
}

/*
 * Chunks are mapped until the budget refuses one with ENOMEM; once they
 * are released, as many can be mapped again.  The reserve is raised so
 * that the budget holds five and a half chunks of a 300 ms MAP.
 */
static void case_budget_exhaust(void)
{
	int fd = open_dev(), err;
	uint64_t length = length_for_ms(fd, 300), cost = length / 64;
	struct hmmbench_info info = get_info(fd);
	unsigned long old_reserve = read_reserve_mb();
	unsigned int first, second;

	if (!CHECK(info.budget > cost * 6, "budget %llu MiB too small",
		   (unsigned long long)(info.budget / MIB)))
		return;
	write_reserve_mb((info.mem_available - cost * 11 / 2) / MIB);
	first = map_until_refused(fd, length, &err);
	CHECK(err == ENOMEM, "MAP %u refused with '%s'", first, strerror(err));
	CHECK(first >= 4 && first <= 6, "%u chunks of %llu MiB in a budget of 5.5",
	      first, (unsigned long long)(length / MIB));
	close(fd);
	fd = open_dev();
	check_no_trace(fd);
	second = map_until_refused(fd, length, &err);
	CHECK(err == ENOMEM && second + 1 >= first && second <= first + 1,
	      "%u chunks the first time, %u the second (%s)", first, second,
	      strerror(err));
	printf("# %u then %u chunks of %llu MiB before ENOMEM\n", first,
	       second, (unsigned long long)(length / MIB));
	close(fd);
	write_reserve_mb(old_reserve);
	fd = open_dev();
	check_no_trace(fd);
	close(fd);
}

/*
 * Chunks fill the physical window until ENOSPC, each inside it, largest
 * first and halving on ENOSPC down to one section.  The struct pages of
 * the whole window must fit in the budget: an arm64 window of 256 GiB
 * (VA_BITS 39) does in an 8 GiB guest, x86's terabyte does not, and the
 * case is skipped.
 */
static void case_map_fills_window(void)
{
	int fd = open_dev(), err = 0;
	struct hmmbench_info info = get_info(fd);
	uint64_t win = info.phys_window_end - info.phys_window_start + 1;
	uint64_t len = info.size_align, total = 0;
	struct hmmbench_map map;
	unsigned int n = 0, outside = 0;

	if (win / 4096 * 64 > info.budget) {
		printf("the window's %llu GiB need %llu MiB of struct pages, the budget is %llu MiB\n",
		       (unsigned long long)(win / GIB),
		       (unsigned long long)(win / 4096 * 64 / MIB),
		       (unsigned long long)(info.budget / MIB));
		exit(77);
	}
	while (len * 2 <= 64 * GIB && len * 2 <= info.max_size)
		len *= 2;
	while (len >= info.size_align) {
		err = map_chunk(fd, len, &map);
		if (err == ENOSPC) {
			len /= 2;
			continue;
		}
		if (err)
			break;
		n++;
		total += len;
		if (!in_window(&info, map.phys_start, len))
			outside++;
	}
	CHECK(err == ENOSPC, "MAP of %llu MiB after %u chunks: %s",
	      (unsigned long long)(len / MIB), n, strerror(err));
	CHECK(outside == 0, "%u of %u chunks outside the window", outside, n);
	CHECK(get_info(fd).live_chunks == info.live_chunks + n, "live count");
	printf("# %u chunks, %llu of the window's %llu MiB (%#llx-%#llx), then ENOSPC\n",
	       n, (unsigned long long)(total / MIB),
	       (unsigned long long)(win / MIB),
	       (unsigned long long)info.phys_window_start,
	       (unsigned long long)info.phys_window_end);
	close(fd);
}

static int verify_chunk(int fd, uint32_t handle, struct hmmbench_verify *v)
{
	memset(v, 0, sizeof(*v));
	v->size = sizeof(*v);
	v->handle = handle;
	return xioctl(fd, HMMBENCH_IOC_VERIFY, v);
}

static int verify_phys(int fd, uint64_t phys, struct hmmbench_verify *v)
{
	memset(v, 0, sizeof(*v));
	v->size = sizeof(*v);
	v->flags = HMMBENCH_VERIFY_PHYS;
	v->phys = phys;
	return xioctl(fd, HMMBENCH_IOC_VERIFY, v);
}

/* Maps, verifies and unmaps one chunk; every invariant must hold. */
static uint64_t verified_digest(int fd, uint64_t length, unsigned int shift,
				uint64_t *layout)
{
	struct hmmbench_map map = good_map(length);
	struct hmmbench_verify v;
	unsigned int i;
	uint64_t t0;
	int err;

	map.vmemmap_shift = shift;
	err = xioctl(fd, HMMBENCH_IOC_MAP, &map);
	if (!CHECK(err == 0, "MAP: %s", strerror(err)))
		return 0;
	t0 = now_ns();
	err = verify_chunk(fd, map.handle, &v);
	CHECK(err == 0, "VERIFY: %s", strerror(err));
	CHECK(v.checks_nr == HMMBENCH_CHECK_NR, "checks_nr %u", v.checks_nr);
	CHECK(v.pages == length / 4096, "%llu pages",
	      (unsigned long long)v.pages);
	CHECK(v.bad_pages == 0, "%llu bad pages",
	      (unsigned long long)v.bad_pages);
	for (i = 0; i < HMMBENCH_CHECK_SLOTS; i++)
		CHECK(v.checks[i].count == 0,
		      "check %u broken by %llu pages, first pfn %#llx", i,
		      (unsigned long long)v.checks[i].count,
		      (unsigned long long)v.checks[i].pfn[0]);
	CHECK(v.digest != 0 && v.layout != 0, "digest or layout 0");
	printf("# %llu MiB, vmemmap_shift %u: digest %#018llx, layout %#018llx, read in %llu ms\n",
	       (unsigned long long)(length / MIB), shift,
	       (unsigned long long)v.digest, (unsigned long long)v.layout,
	       (unsigned long long)((now_ns() - t0) / 1000000));
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	*layout = v.layout;
	return v.digest;
}

/*
 * VERIFY of base pages gives the same digest for two chunks at different
 * addresses and for the same size again: it depends only on the layout.
 */
static void case_verify_base(void)
{
	struct hmmbench_map a, b;
	struct hmmbench_verify va, vb;
	uint64_t layout, layout2, d;
	int fd = open_dev();

	CHECK(get_info(fd).features & HMMBENCH_FEAT_VERIFY, "no FEAT_VERIFY");
	d = verified_digest(fd, GIB, 0, &layout);
	/* Another chunk at another address, with another pgmap: the same */
	CHECK(map_chunk(fd, GIB, &a) == 0, "MAP a");
	CHECK(map_chunk(fd, GIB, &b) == 0, "MAP b");
	CHECK(verify_chunk(fd, a.handle, &va) == 0, "VERIFY a");
	CHECK(verify_chunk(fd, b.handle, &vb) == 0, "VERIFY b");
	CHECK(va.digest == d && vb.digest == d,
	      "digests %#llx, %#llx and %#llx of three 1 GiB chunks",
	      (unsigned long long)d, (unsigned long long)va.digest,
	      (unsigned long long)vb.digest);
	CHECK(verify_chunk(fd, a.handle, &va) == 0 && va.digest == d,
	      "second VERIFY of a");
	CHECK(unmap_chunk(fd, a.handle, NULL) == 0, "UNMAP a");
	CHECK(unmap_chunk(fd, b.handle, NULL) == 0, "UNMAP b");
	CHECK(verified_digest(fd, 512 * MIB, 0, &layout2) != d,
	      "512 MiB has the digest of 1 GiB");
	CHECK(layout2 == layout, "layout changed");
	check_no_trace(fd);
	close(fd);
}

/* Base, 2 MiB and 1 GiB compound pages give three different digests. */
static void case_verify_compound(void)
{
	uint64_t layout, base, d9, d18;
	int fd = open_dev();

	base = verified_digest(fd, GIB, 0, &layout);
	d9 = verified_digest(fd, GIB, 9, &layout);
	d18 = verified_digest(fd, GIB, 18, &layout);
	CHECK(d9 != base && d18 != base && d9 != d18,
	      "digests of base, 2 MiB and 1 GiB pages: %#llx %#llx %#llx",
	      (unsigned long long)base, (unsigned long long)d9,
	      (unsigned long long)d18);
	check_no_trace(fd);
	close(fd);
}

/*
 * VERIFY's errnos: ENOENT for unknown, zero, foreign and unmapped handles
 * and for addresses no chunk covers, EINVAL for unknown flags, a handle
 * with VERIFY_PHYS and a size too small, EFAULT for a NULL argument.
 */
static void case_verify_errors(void)
{
	struct hmmbench_verify v;
	struct hmmbench_map map;
	int fd = open_dev(), other = open_dev();

	CHECK(verify_chunk(fd, 0, &v) == ENOENT, "handle 0");
	CHECK(verify_chunk(fd, 12345, &v) == ENOENT, "unknown handle");
	CHECK(map_chunk(fd, 256 * MIB, &map) == 0, "MAP");
	CHECK(verify_chunk(other, map.handle, &v) == ENOENT,
	      "another descriptor's handle");
	memset(&v, 0, sizeof(v));
	v.size = sizeof(v);
	v.handle = map.handle;
	v.flags = 2;
	CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY, &v) == EINVAL, "flags 2");
	v.flags = HMMBENCH_VERIFY_PHYS;
	v.phys = map.phys_start;
	CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY, &v) == EINVAL, "PHYS, handle");
	v.handle = 0;
	v.size = HMMBENCH_VERIFY_SIZE_VER0;
	CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY, &v) == EINVAL,
	      "PHYS, size without phys");
	CHECK(verify_phys(fd, 0, &v) == ENOENT, "PHYS 0");
	CHECK(verify_phys(fd, ~0ULL, &v) == ENOENT, "PHYS ~0");
	CHECK(verify_phys(fd, map.phys_start - 1, &v) == ENOENT,
	      "PHYS below the chunk");
	v.handle = map.handle;
	v.flags = 0;
	v.size = HMMBENCH_VERIFY_SIZE_VER0 - 8;
	CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY, &v) == EINVAL, "size too small");
	CHECK(xioctl(fd, HMMBENCH_IOC_VERIFY, NULL) == EFAULT, "NULL");
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	CHECK(verify_chunk(fd, map.handle, &v) == ENOENT, "after UNMAP");
	CHECK(verify_phys(fd, map.phys_start, &v) == ENOENT,
	      "PHYS after UNMAP");
	check_no_trace(fd);
	close(other);
	close(fd);
}

/*
 * VERIFY_PHYS finds a chunk by any address in it, as it finds a pmem
 * namespace: the same pages and digest as VERIFY by handle, read from the
 * chunk's start, with its type and compound order.
 */
static void case_verify_phys(void)
{
	static const unsigned int shifts[] = { 0, 9 };
	struct hmmbench_verify vh, vp;
	struct hmmbench_map map;
	unsigned int i;
	uint64_t at;
	int fd = open_dev();

	CHECK(get_info(fd).features & HMMBENCH_FEAT_VERIFY_PHYS,
	      "no FEAT_VERIFY_PHYS");
	for (i = 0; i < 2; i++) {
		map = good_map(GIB);
		map.vmemmap_shift = shifts[i];
		if (!CHECK(xioctl(fd, HMMBENCH_IOC_MAP, &map) == 0, "MAP"))
			return;
		CHECK(verify_chunk(fd, map.handle, &vh) == 0, "VERIFY");
		for (at = map.phys_start; at < map.phys_start + GIB;
		     at += GIB / 2 - 4096) {
			CHECK(verify_phys(fd, at, &vp) == 0, "PHYS %#llx",
			      (unsigned long long)at);
			CHECK(vp.digest == vh.digest && vp.pages == vh.pages &&
			      vp.bad_pages == 0 && vp.layout == vh.layout,
			      "PHYS %#llx: digest %#llx, %llu pages, %llu bad; by handle %#llx, %llu",
			      (unsigned long long)at,
			      (unsigned long long)vp.digest,
			      (unsigned long long)vp.pages,
			      (unsigned long long)vp.bad_pages,
			      (unsigned long long)vh.digest,
			      (unsigned long long)vh.pages);
			CHECK(vp.start == map.phys_start && vp.skipped == 0 &&
			      vp.type == HMMBENCH_PGMAP_PRIVATE &&
			      vp.vmemmap_shift == shifts[i],
			      "start %#llx, skipped %llu, type %u, shift %u",
			      (unsigned long long)vp.start,
			      (unsigned long long)vp.skipped, vp.type,
			      vp.vmemmap_shift);
		}
		printf("# vmemmap_shift %u: digest %#018llx by handle and by address\n",
		       shifts[i], (unsigned long long)vp.digest);
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	}
	check_no_trace(fd);
	close(fd);
}

struct phys_race {
	int fd;
	uint64_t phys;
	uint64_t pages;
	volatile int stop;
	unsigned int found, enoent, ebusy, bad;
};

static void *phys_racer(void *arg)
{
	struct phys_race *r = arg;
	struct hmmbench_verify v;
	int err;

	while (!r->stop) {
		err = verify_phys(r->fd, r->phys, &v);
		if (!err && v.pages == r->pages && !v.bad_pages)
			r->found++;
		else if (err == ENOENT)
			r->enoent++;
		else if (err == EBUSY)
			r->ebusy++;
		else
			r->bad++;
	}
	return NULL;
}

/*
 * VERIFY_PHYS of an address while other descriptors map and unmap chunks
 * there: each VERIFY reads a whole chunk with every invariant holding, or
 * finds none (ENOENT), or one whose memory is still being added (EBUSY);
 * never a chunk half made or half destroyed, and every MAP and UNMAP
 * succeeds (the VERIFY's reference never outlives the measured section
 * that UNMAP waits for).
 */
static void case_verify_phys_race(void)
{
	struct phys_race r = { .fd = open_dev(), .pages = 256 * MIB / 4096 };
	struct hmmbench_map map;
	unsigned int cycles = 0, failed = 0;
	uint64_t until;
	pthread_t t;
	int fd = open_dev();

	if (!CHECK(map_chunk(fd, 256 * MIB, &map) == 0, "MAP"))
		return;
	r.phys = map.phys_start + 128 * MIB;
	pthread_create(&t, NULL, phys_racer, &r);
	until = now_ns() + 5000000000ULL;
	while (now_ns() < until || !r.found || !r.enoent) {
		if (unmap_chunk(fd, map.handle, NULL) ||
		    map_chunk(fd, 256 * MIB, &map))
			failed++;
		cycles++;
		if (failed || now_ns() > until + 25000000000ULL)
			break;
	}
	r.stop = 1;
	pthread_join(t, NULL);
	CHECK(failed == 0, "%u of %u MAP/UNMAP cycles failed", failed, cycles);
	CHECK(r.found && r.enoent, "%u VERIFYs found the chunk, %u none",
	      r.found, r.enoent);
	CHECK(r.bad == 0, "%u VERIFYs read a partial chunk or failed", r.bad);
	printf("# %u MAP/UNMAP cycles: %u VERIFYs read the chunk, %u found none, %u while it was added\n",
	       cycles, r.found, r.enoent, r.ebusy);
	if (!failed)
		CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	check_no_trace(fd);
	close(r.fd);
	close(fd);
}

/*
 * Order-1 compound pages.  Linux 6.1's memmap_init_compound() prepares
 * the compound head when it reaches the third page, which a two-page
 * compound page does not have: every head is left without its order
 * (6.12 prepares it at the second page).  VERIFY must report exactly
 * those heads there, under the compound check alone, and nothing on the
 * other test kernels.
 */
static void case_verify_order_1(void)
{
	struct hmmbench_map map = good_map(256 * MIB);
	struct hmmbench_check *c;
	struct hmmbench_verify v;
	struct utsname u;
	uint64_t pages = 256 * MIB / 4096, start;
	bool buggy;
	unsigned int i;
	int fd = open_dev();

	uname(&u);
	buggy = !strncmp(u.release, "6.1.", 4);
	map.vmemmap_shift = 1;
	if (!CHECK(xioctl(fd, HMMBENCH_IOC_MAP, &map) == 0, "MAP"))
		return;
	CHECK(verify_chunk(fd, map.handle, &v) == 0, "VERIFY");
	start = map.phys_start / 4096;
	c = &v.checks[HMMBENCH_CHECK_COMPOUND];
	CHECK(v.pages == pages, "%llu pages", (unsigned long long)v.pages);
	CHECK(v.bad_pages == (buggy ? pages / 2 : 0),
	      "%llu bad pages on %s", (unsigned long long)v.bad_pages,
	      u.release);
	for (i = 0; i < HMMBENCH_CHECK_SLOTS; i++)
		if (i != HMMBENCH_CHECK_COMPOUND)
			CHECK(v.checks[i].count == 0, "check %u: %llu pages", i,
			      (unsigned long long)v.checks[i].count);
	if (buggy) {
		CHECK(c->count == pages / 2, "compound: %llu pages",
		      (unsigned long long)c->count);
		for (i = 0; i < HMMBENCH_CHECK_PFNS; i++)
			CHECK(c->pfn[i] == start + 2 * i,
			      "compound pfn %u: %#llx, not the head %#llx", i,
			      (unsigned long long)c->pfn[i],
			      (unsigned long long)(start + 2 * i));
	} else {
		CHECK(c->count == 0, "compound: %llu pages",
		      (unsigned long long)c->count);
	}
	printf("# Linux %s, order-1 compound pages: %llu of %llu heads without their order\n",
	       u.release, (unsigned long long)c->count,
	       (unsigned long long)(pages / 2));
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	check_no_trace(fd);
	close(fd);
}

struct verify_race {
	int fd;
	uint32_t handle;
	volatile int verifying;	/* a VERIFY is in the kernel */
	volatile int stop;
	unsigned int verifies, enoent_during, other_errors;
};

static void *verify_racer(void *arg)
{
	struct verify_race *r = arg;
	struct hmmbench_verify v;
	int err;

	while (!r->stop) {
		r->verifying = 1;
		err = verify_chunk(r->fd, r->handle, &v);
		r->verifying = 0;
		if (err == ENOENT)
			break;
		if (err || v.pages != 4 * GIB / 4096)
			r->other_errors++;
		r->verifies++;
	}
	return NULL;
}

/*
 * UNMAP while another thread verifies the same chunk: the UNMAP finds
 * nothing (ENOENT) until the VERIFY is done, the chunk is destroyed once,
 * and a VERIFY after it finds nothing.  A 4 GiB chunk takes long enough
 * to read that the UNMAPs land inside VERIFY calls.
 */
static void case_verify_unmap_race(void)
{
	struct verify_race r = { .fd = open_dev() };
	struct hmmbench_map map;
	unsigned int unmapped = 0, tries = 0;
	pthread_t t;
	int err;

	if (!CHECK(map_chunk(r.fd, 4 * GIB, &map) == 0, "MAP"))
		return;
	r.handle = map.handle;
	pthread_create(&t, NULL, verify_racer, &r);
	while (!r.verifying)
		sched_yield();
	sleep_us(1000);
	while (!unmapped && tries < 1000000) {
		int during = r.verifying;

		err = unmap_chunk(r.fd, r.handle, NULL);
		tries++;
		if (!err)
			unmapped++;
		else if (err == ENOENT && during && r.verifying)
			r.enoent_during++;
		else if (err != ENOENT)
			r.other_errors++;
		if (r.enoent_during < 3)
			continue;
		/* The UNMAP succeeds once no VERIFY holds the chunk. */
		r.stop = 1;
	}
	r.stop = 1;
	pthread_join(t, NULL);
	CHECK(unmapped == 1, "UNMAP succeeded %u times", unmapped);
	CHECK(r.enoent_during >= 3, "only %u UNMAPs met a VERIFY",
	      r.enoent_during);
	CHECK(r.other_errors == 0, "%u unexpected results", r.other_errors);
	CHECK(verify_chunk(r.fd, r.handle, &(struct hmmbench_verify){}) ==
	      ENOENT, "VERIFY after UNMAP");
	printf("# %u VERIFYs, %u UNMAPs refused while one ran, %u tries\n",
	       r.verifies, r.enoent_during, tries);
	check_no_trace(r.fd);
	close(r.fd);
}

/* MemAvailable in bytes, from INFO. */
static uint64_t mem_available(int fd)
{
	return get_info(fd).mem_available;
}

/*
 * A valid ROOFLINE times both kinds of store on x86-64 and plain stores
 * only on arm64, whose memcpy_flushcache() does not bypass the cache;
 * its buffer is freed before it returns, so available memory comes back
 * to where it was (within a 16 MiB allowance for what else moved).
 */
static void case_roofline(void)
{
	struct hmmbench_roofline r;
	struct utsname u;
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	uint64_t before, after, want = 1 * GIB / info.page_size *
					   info.struct_page_size;
	bool x86;

	uname(&u);
	x86 = !strcmp(u.machine, "x86_64");
	CHECK(info.features & HMMBENCH_FEAT_ROOFLINE, "no roofline feature");
	before = mem_available(fd);
	CHECK(roofline(fd, 1 * GIB, &r) == 0, "ROOFLINE of 1G");
	after = mem_available(fd);
	CHECK(r.bytes == want, "bytes %llu, want %llu",
	      (unsigned long long)r.bytes, (unsigned long long)want);
	CHECK(r.valid & HMMBENCH_R_PLAIN, "plain stores not timed");
	CHECK(r.plain_ns > 0 && r.plain_ns < 60000000000ULL,
	      "plain %llu ns", (unsigned long long)r.plain_ns);
	if (x86)
		CHECK((r.valid & HMMBENCH_R_NT) && r.nt_ns > 0 &&
		      r.nt_ns < 60000000000ULL, "x86-64: NT %llu ns, valid %#x",
		      (unsigned long long)r.nt_ns, r.valid);
	else
		CHECK(!(r.valid & HMMBENCH_R_NT) && !r.nt_ns,
		      "%s: NT reported (valid %#x)", u.machine, r.valid);
	CHECK(after + 16 * MIB >= before,
	      "available memory %llu MiB before, %llu MiB after",
	      (unsigned long long)(before / MIB),
	      (unsigned long long)(after / MIB));
	printf("# 1G: %llu bytes, plain %llu ns, nt %llu ns (valid %#x)\n",
	       (unsigned long long)r.bytes, (unsigned long long)r.plain_ns,
	       (unsigned long long)r.nt_ns, r.valid);
	check_no_trace(fd);
	close(fd);
}

/*
 * ROOFLINE @r on @fd must fail with @want; invalid input is refused before
 * the (out) fields are cleared, ENOMEM after.
 */
static void expect_roof_errno(int fd, struct hmmbench_roofline *r, int want,
			      const char *what)
{
	uint32_t valid = want == ENOMEM ? 0 : 0xdead;
	int err;

	r->valid = 0xdead;
	err = xioctl(fd, HMMBENCH_IOC_ROOFLINE, r);
	CHECK(err == want, "%s: '%s', expected '%s'", what, strerror(err),
	      strerror(want));
	CHECK(r->valid == valid, "%s: valid %#x, expected %#x", what,
	      r->valid, valid);
}

/*
 * Bad sizes, flags, reserved words, lengths and nodes get the errnos of
 * the contract; a buffer over the budget gets ENOMEM and leaves the
 * memory where it was.
 */
/*
 * ROOFLINE @r fails with ENOMEM while the budget holds 64 MiB, and the
 * memory it had comes back.
 */
static void expect_roof_nomem(int fd, struct hmmbench_roofline *r,
			      const char *what)
{
	unsigned long old_reserve = read_reserve_mb();
	uint64_t before = mem_available(fd);

	write_reserve_mb((before - 64 * MIB) / MIB);
	expect_roof_errno(fd, r, ENOMEM, what);
	write_reserve_mb(old_reserve);
	CHECK(mem_available(fd) + 16 * MIB >= before,
	      "available memory %llu MiB before, %llu MiB after",
	      (unsigned long long)(before / MIB),
	      (unsigned long long)(mem_available(fd) / MIB));
}

static void case_roofline_errors(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	struct hmmbench_roofline r, good = {
		.size = sizeof(r), .length = 256 * MIB,
		.node = HMMBENCH_NODE_LOCAL,
	};

	r = good;
	r.flags = 1U << 31;
	expect_roof_errno(fd, &r, EINVAL, "flags 1 << 31");
	r = good;
	r.__reserved[1] = 1;
	expect_roof_errno(fd, &r, EINVAL, "reserved");
	r = good;
	r.size = HMMBENCH_ROOFLINE_SIZE_VER0 - 8;
	expect_roof_errno(fd, &r, EINVAL, "size too small");
	r = good;
	r.length = 0;
	expect_roof_errno(fd, &r, EINVAL, "length 0");
	r = good;
	r.length = info.size_align + 4096;
	expect_roof_errno(fd, &r, EINVAL, "unaligned length");
	r = good;
	r.node = 4095;
	expect_roof_errno(fd, &r, EINVAL, "node 4095");
	CHECK(xioctl(fd, HMMBENCH_IOC_ROOFLINE, NULL) == EFAULT, "NULL");

	/* The budget holds 64 MiB: a 64 GiB chunk's 1 GiB does not fit. */
	r = good;
	r.length = 64 * GIB;
	expect_roof_nomem(fd, &r, "over the budget");
	r = good;
	CHECK(xioctl(fd, HMMBENCH_IOC_ROOFLINE, &r) == 0,
	      "a valid ROOFLINE after the errors");
	check_no_trace(fd);
	close(fd);
}

/* The largest chunk length the module takes: its window's, else kvzalloc's. */
static uint64_t length_max(const struct hmmbench_info *info)
{
	if (info->phys_window_end > info->phys_window_start)
		return info->phys_window_end - info->phys_window_start + 1;
	return (uint64_t)(INT32_MAX / info->struct_page_size) *
	       info->page_size;
}

/*
 * A ROOFLINE of @size, flags 0, from a buffer larger than the struct
 * whose bytes past @size hold a canary: it succeeds, and leaves the bytes
 * the caller did not declare alone.
 */
static void roof_canary(int fd, uint64_t length, uint32_t size)
{
	union {
		struct hmmbench_roofline r;
		unsigned char b[sizeof(struct hmmbench_roofline) + 16];
	} u;
	uint32_t i;
	int err;

	memset(&u, 0xa5, sizeof(u));
	memset(&u.r, 0, size);
	u.r.size = size;
	u.r.length = length;
	u.r.node = HMMBENCH_NODE_LOCAL;
	err = xioctl(fd, HMMBENCH_IOC_ROOFLINE, &u);
	CHECK(err == 0, "size %u: '%s'", size, strerror(err));
	CHECK(u.r.valid & HMMBENCH_R_PLAIN && !(u.r.valid & HMMBENCH_R_COPY),
	      "size %u: valid %#x", size, u.r.valid);
	for (i = size; i < sizeof(u.b); i++)
		if (!CHECK(u.b[i] == 0xa5, "size %u: byte %u written: %#x",
			   size, i, u.b[i]))
			break;
}

/*
 * HMMBENCH_ROOFLINE_COPY also times copy_highpage() of copy_length bytes
 * into another buffer, both freed before the call returns.  It needs a
 * size that covers copy_length and copy_ns, and a copy_length that is a
 * non-zero multiple of the page size up to the largest chunk's length;
 * a copy_length without the flag and unknown flags are EINVAL; both
 * buffers count against the budget.  Without the flag copy_ns is 0, and
 * a caller of an older size sees no byte past it written.
 */
static void case_roofline_copy(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	uint64_t length = (128 * MIB + info.size_align - 1) /
			  info.size_align * info.size_align;
	uint64_t want = length / info.page_size * info.struct_page_size;
	uint64_t big = (length_max(&info) / info.page_size + 1) *
		       info.page_size;
	struct hmmbench_roofline r, good = {
		.size = sizeof(r), .flags = HMMBENCH_ROOFLINE_COPY,
		.length = length, .node = HMMBENCH_NODE_LOCAL,
		.copy_length = 16 * MIB,
	};
	uint64_t before, after;
	int err;

	CHECK(info.features & HMMBENCH_FEAT_ROOFLINE_COPY,
	      "no roofline copy feature (features %#x)", info.features);
	CHECK(sizeof(r) >= HMMBENCH_ROOFLINE_SIZE_VER1, "struct of %zu bytes",
	      sizeof(r));

	before = mem_available(fd);
	r = good;
	r.copy_ns = 1;
	err = xioctl(fd, HMMBENCH_IOC_ROOFLINE, &r);
	after = mem_available(fd);
	CHECK(err == 0, "ROOFLINE with a 16 MiB copy: '%s'", strerror(err));
	CHECK((r.valid & HMMBENCH_R_PLAIN) && (r.valid & HMMBENCH_R_COPY),
	      "valid %#x", r.valid);
	CHECK(r.copy_ns > 0 && r.copy_ns < 60000000000ULL, "copy %llu ns",
	      (unsigned long long)r.copy_ns);
	CHECK(r.bytes == want, "bytes %llu, want %llu",
	      (unsigned long long)r.bytes, (unsigned long long)want);
	CHECK(r.plain_ns > 0, "plain %llu ns", (unsigned long long)r.plain_ns);
	CHECK(r.copy_length == 16 * MIB, "copy_length became %llu",
	      (unsigned long long)r.copy_length);
	CHECK(after + 16 * MIB >= before,
	      "available memory %llu MiB before, %llu MiB after",
	      (unsigned long long)(before / MIB),
	      (unsigned long long)(after / MIB));
	printf("# %llu MiB: %llu bytes, plain %llu ns, copy of 16 MiB %llu ns (valid %#x)\n",
	       (unsigned long long)(length / MIB),
	       (unsigned long long)r.bytes, (unsigned long long)r.plain_ns,
	       (unsigned long long)r.copy_ns, r.valid);

	/* Without the flag: no copy, and copy_ns cleared */
	r = good;
	r.flags = 0;
	r.copy_length = 0;
	r.copy_ns = 1;
	err = xioctl(fd, HMMBENCH_IOC_ROOFLINE, &r);
	CHECK(err == 0, "ROOFLINE without the flag: '%s'", strerror(err));
	CHECK(!(r.valid & HMMBENCH_R_COPY) && !r.copy_ns,
	      "no copy asked: valid %#x copy %llu ns", r.valid,
	      (unsigned long long)r.copy_ns);

	r = good;
	r.size = HMMBENCH_ROOFLINE_SIZE_VER0;
	expect_roof_errno(fd, &r, EINVAL, "COPY with the VER0 size");
	r = good;
	r.size = offsetof(struct hmmbench_roofline, copy_ns);
	expect_roof_errno(fd, &r, EINVAL, "COPY with a size short of copy_ns");
	r = good;
	r.flags = 0;
	expect_roof_errno(fd, &r, EINVAL, "copy_length without COPY");
	r = good;
	r.copy_length = 0;
	expect_roof_errno(fd, &r, EINVAL, "copy_length 0");
	r = good;
	r.copy_length = 4096 + 1;
	expect_roof_errno(fd, &r, EINVAL, "copy_length 4097");
	r = good;
	r.copy_length = info.page_size / 2;
	expect_roof_errno(fd, &r, EINVAL, "copy_length of half a page");
	r = good;
	r.copy_length = big;
	expect_roof_errno(fd, &r, EINVAL, "copy_length past the largest chunk");
	r = good;
	r.flags = 1U << 1;
	r.copy_length = 0;
	expect_roof_errno(fd, &r, EINVAL, "flags 1 << 1");
	r = good;
	r.flags |= 1U << 1;
	expect_roof_errno(fd, &r, EINVAL, "COPY | 1 << 1");

	/* Two buffers of 48 MiB and the memmap's do not fit; one would. */
	r = good;
	r.copy_length = 48 * MIB;
	expect_roof_nomem(fd, &r, "two 48 MiB buffers over the budget");

	/* Callers of the older sizes see nothing past them written */
	roof_canary(fd, length, HMMBENCH_ROOFLINE_SIZE_VER0);
	roof_canary(fd, length, offsetof(struct hmmbench_roofline, copy_ns));

	r = good;
	CHECK(xioctl(fd, HMMBENCH_IOC_ROOFLINE, &r) == 0,
	      "a valid ROOFLINE with COPY after the errors");
	check_no_trace(fd);
	close(fd);
}

/* WATCH: start (@types) or stop (@types 0) this descriptor's window. */
static int watch(int fd, uint32_t types, uint32_t *capacity)
{
	struct hmmbench_watch w = {
		.size = sizeof(w),
		.flags = types ? 0 : HMMBENCH_WATCH_STOP,
		.types = types,
	};
	int err = xioctl(fd, HMMBENCH_IOC_WATCH, &w);

	if (capacity)
		*capacity = w.capacity;
	return err;
}

/* WATCH_READ of at most @nr calls into @calls; the reply in *@r. */
static int watch_read(int fd, struct hmmbench_call *calls, uint32_t nr,
		      struct hmmbench_watch_read *r)
{
	*r = (struct hmmbench_watch_read){
		.size = sizeof(*r),
		.records = (uintptr_t)calls,
		.rec_size = sizeof(*calls),
		.nr = nr,
	};
	return xioctl(fd, HMMBENCH_IOC_WATCH_READ, r);
}

#define PGMAP_PRIVATE HMMBENCH_PGMAP_BIT(HMMBENCH_PGMAP_PRIVATE)
#define PGMAP_FS_DAX HMMBENCH_PGMAP_BIT(HMMBENCH_PGMAP_FS_DAX)

/*
 * A window on device-private pgmaps sees the MAP and UNMAP of a chunk made
 * on another descriptor, with the chunk's pages, address and node, and
 * times no longer than the module's own timing of the same calls.
 */
static void case_watch_own_map(void)
{
	int wfd = open_dev(), fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	uint64_t pages = 128 * MIB / info.page_size;
	struct hmmbench_call c[4];
	struct hmmbench_watch_read r;
	struct hmmbench_unmap unmap;
	struct hmmbench_map map;
	uint32_t capacity = 0;

	if (!CHECK(info.features & HMMBENCH_FEAT_WATCH, "no FEAT_WATCH"))
		return;
	CHECK(watch(wfd, PGMAP_PRIVATE, &capacity) == 0, "WATCH start");
	CHECK(capacity >= 64, "capacity %u", capacity);
	CHECK(map_chunk(fd, 128 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(fd, map.handle, &unmap) == 0, "UNMAP");
	CHECK(watch(wfd, 0, NULL) == 0, "WATCH stop");
	CHECK(watch_read(wfd, c, 4, &r) == 0, "WATCH_READ");
	if (!CHECK(r.nr == 2, "%u calls read, expected 2", r.nr))
		goto out;
	CHECK(r.in_flight == 0 && r.other == 0 && r.dropped == 0 &&
	      r.missed == 0, "in flight %u, other %llu, dropped %llu, missed %llu",
	      r.in_flight, (unsigned long long)r.other,
	      (unsigned long long)r.dropped, (unsigned long long)r.missed);
	CHECK(c[0].call == HMMBENCH_CALL_MEMREMAP && c[0].seq == 1 &&
	      c[1].call == HMMBENCH_CALL_MEMUNMAP && c[1].seq == 2,
	      "calls %u (seq %llu), %u (seq %llu)", c[0].call,
	      (unsigned long long)c[0].seq, c[1].call,
	      (unsigned long long)c[1].seq);
	for (int i = 0; i < 2; i++) {
		CHECK(c[i].size == sizeof(c[i]) &&
		      c[i].type == HMMBENCH_PGMAP_PRIVATE &&
		      c[i].pages == pages && c[i].nr_range == 1 &&
		      c[i].pid == (uint32_t)getpid() && !c[i].flags &&
		      !strcmp(c[i].comm, "hbtest"),
		      "call %d: size %u type %u pages %llu ranges %u pid %u flags %#x comm %s",
		      i, c[i].size, c[i].type,
		      (unsigned long long)c[i].pages, c[i].nr_range,
		      c[i].pid, c[i].flags, c[i].comm);
		CHECK(info.features & HMMBENCH_FEAT_PRIVATE_PAGEMAP ||
		      c[i].phys_start == map.phys_start,
		      "call %d at %#llx, chunk at %#llx", i,
		      (unsigned long long)c[i].phys_start,
		      (unsigned long long)map.phys_start);
	}
	CHECK(c[0].valid == (HMMBENCH_T_MEMREMAP | HMMBENCH_T_MEMMAP_INIT) &&
	      c[0].init_pages == pages && c[0].node >= 0,
	      "memremap: valid %#x, %llu pages initialised, node %d",
	      c[0].valid, (unsigned long long)c[0].init_pages, c[0].node);
	CHECK(c[0].memmap_init_ns > 0 &&
	      c[0].memmap_init_ns <= c[0].total_ns &&
	      c[0].total_ns <= map.memremap_ns,
	      "memmap_init %llu ns, memremap %llu ns, MAP timed %llu ns",
	      (unsigned long long)c[0].memmap_init_ns,
	      (unsigned long long)c[0].total_ns,
	      (unsigned long long)map.memremap_ns);
	CHECK(c[1].valid == HMMBENCH_T_MEMUNMAP && c[1].total_ns > 0 &&
	      c[1].total_ns <= unmap.memunmap_ns && c[1].node == -1,
	      "memunmap: valid %#x, %llu ns, UNMAP timed %llu ns, node %d",
	      c[1].valid, (unsigned long long)c[1].total_ns,
	      (unsigned long long)unmap.memunmap_ns, c[1].node);
	CHECK(c[1].start_ns >= c[0].start_ns + c[0].total_ns,
	      "memunmap entered before memremap returned");
	CHECK(watch_read(wfd, c, 4, &r) == 0 && r.nr == 0,
	      "a second read has %u calls", r.nr);
out:
	close(wfd);
	check_no_trace(fd);
	close(fd);
}

/* Calls of a kind the window did not ask for are counted, not recorded. */
static void case_watch_other_kinds(void)
{
	int wfd = open_dev(), fd = open_dev();
	struct hmmbench_watch_read r;
	struct hmmbench_call c[2];
	struct hmmbench_map map;

	CHECK(watch(wfd, PGMAP_FS_DAX, NULL) == 0, "WATCH start");
	CHECK(map_chunk(fd, 128 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(fd, map.handle, NULL) == 0, "UNMAP");
	CHECK(watch_read(wfd, c, 2, &r) == 0, "WATCH_READ");
	CHECK(r.nr == 0 && r.other == 2 && r.in_flight == 0,
	      "%u calls, %llu other, %u in flight", r.nr,
	      (unsigned long long)r.other, r.in_flight);
	close(wfd);
	check_no_trace(fd);
	close(fd);
}

/*
 * One window at a time, owned by its descriptor: the errno of each misuse,
 * records that stay after a stop and go with a new window, a read into
 * memory that cannot be written taking nothing, and a close ending it.
 */
static void case_watch_errors(void)
{
	int a = open_dev(), b = open_dev();
	struct hmmbench_watch_read r;
	struct hmmbench_call c[2];
	struct hmmbench_map map;
	void *ro = page_alloc();
	pid_t pid;
	int status;

	CHECK(watch_read(a, c, 2, &r) == ENOENT, "read without a window");
	CHECK(watch(a, 0, NULL) == ENOENT, "stop without a window");
	CHECK(watch(a, 1U << 0, NULL) == EINVAL, "type 0");
	CHECK(watch(a, 1U << HMMBENCH_PGMAP_NR, NULL) == EINVAL,
	      "unknown type");
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH, &(struct hmmbench_watch){
			.size = sizeof(struct hmmbench_watch),
			.flags = HMMBENCH_WATCH_STOP,
			.types = PGMAP_PRIVATE }) == EINVAL, "stop with types");
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH, &(struct hmmbench_watch){
			.size = sizeof(struct hmmbench_watch), .flags = 2,
			.types = PGMAP_PRIVATE }) == EINVAL, "unknown flag");
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH, &(struct hmmbench_watch){
			.size = HMMBENCH_WATCH_SIZE_VER0 - 4,
			.types = PGMAP_PRIVATE }) == EINVAL, "size too small");

	pid = fork();
	if (pid == 0) {
		failures = 0;
		if (drop_cap_sys_admin())
			_exit(2);
		CHECK(watch(a, PGMAP_PRIVATE, NULL) == EPERM, "no capability");
		_exit(failures ? 1 : 0);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child without CAP_SYS_ADMIN: status %#x", status);

	CHECK(watch(a, PGMAP_PRIVATE, NULL) == 0, "start on a");
	CHECK(watch(b, PGMAP_PRIVATE, NULL) == EBUSY, "start on b");
	CHECK(watch(a, PGMAP_PRIVATE, NULL) == EBUSY, "start on a again");
	CHECK(watch_read(b, c, 2, &r) == ENOENT, "read on b");
	r = (struct hmmbench_watch_read){ .size = sizeof(r),
		.records = (uintptr_t)c, .rec_size = HMMBENCH_CALL_SIZE_VER0 - 8,
		.nr = 2 };
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH_READ, &r) == EINVAL, "rec_size");
	r.rec_size = sizeof(c[0]);
	r.nr = 4097;
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH_READ, &r) == EINVAL, "nr 4097");
	r.nr = 2;
	r.dropped = 1;
	CHECK(xioctl(a, HMMBENCH_IOC_WATCH_READ, &r) == EINVAL,
	      "an (out) field set");

	CHECK(map_chunk(b, 128 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(b, map.handle, NULL) == 0, "UNMAP");
	page_protect(ro, PROT_READ);
	CHECK(watch_read(a, ro, 2, &r) == EFAULT, "read into read-only memory");
	CHECK(watch(a, 0, NULL) == 0, "stop on a");
	CHECK(watch(a, 0, NULL) == ENOENT, "stop on a again");
	CHECK(watch_read(a, c, 1, &r) == 0 && r.nr == 1 &&
	      c[0].call == HMMBENCH_CALL_MEMREMAP, "first call after stop");
	CHECK(watch_read(a, c, 2, &r) == 0 && r.nr == 1 &&
	      c[0].call == HMMBENCH_CALL_MEMUNMAP, "second call after stop");

	CHECK(watch(b, PGMAP_PRIVATE, NULL) == 0, "start on b after a stopped");
	CHECK(watch_read(a, c, 2, &r) == ENOENT, "read on a after b started");
	close(b);
	CHECK(watch(a, PGMAP_PRIVATE, NULL) == 0, "start on a after b closed");
	close(a);
	munmap(ro, 4096);
}

/* What the watch racers share. */
struct watch_race {
	volatile int stop;
	unsigned long ops, bad, records, maps;
};

/*
 * One of four threads with a descriptor each, starting, stopping and
 * reading windows and closing its descriptor at random, while calls
 * return into the ring: each errno must be one the contract allows, and
 * the calls one read returns must come in order.
 */
static void *watch_racer(void *arg)
{
	struct watch_race *w = arg;
	unsigned int seed = (unsigned int)(uintptr_t)&seed;
	struct hmmbench_call c[8];
	struct hmmbench_watch_read r;
	int fd = open_dev(), err;
	unsigned long bad;
	uint32_t i;

	while (!w->stop) {
		bad = 0;
		switch (rand_r(&seed) % 8) {
		case 0:
		case 1:
			err = watch(fd, PGMAP_PRIVATE, NULL);
			bad = err && err != EBUSY;
			break;
		case 2:
			err = watch(fd, 0, NULL);
			bad = err && err != ENOENT;
			break;
		case 3:
		case 4:
		case 5:
		case 6:
			err = watch_read(fd, c, rand_r(&seed) % 9, &r);
			bad = err && err != ENOENT;
			for (i = 1; !err && i < r.nr; i++)
				bad += c[i].seq <= c[i - 1].seq;
			if (!err)
				__atomic_add_fetch(&w->records, r.nr,
						   __ATOMIC_RELAXED);
			break;
		default:
			close(fd);
			fd = open_dev();
		}
		__atomic_add_fetch(&w->bad, bad, __ATOMIC_RELAXED);
		__atomic_add_fetch(&w->ops, 1, __ATOMIC_RELAXED);
	}
	close(fd);
	return NULL;
}

static void *watch_mapper(void *arg)
{
	struct watch_race *w = arg;
	struct hmmbench_map map;
	int fd = open_dev();

	while (!w->stop) {
		if (map_chunk(fd, 128 * MIB, &map) ||
		    unmap_chunk(fd, map.handle, NULL)) {
			__atomic_add_fetch(&w->bad, 1, __ATOMIC_RELAXED);
			break;
		}
		w->maps++;
	}
	close(fd);
	return NULL;
}

/*
 * Windows started, stopped, read and closed from four descriptors at
 * once while chunks come and go, for five seconds: nothing breaks the
 * errno contract or the order of the calls, and once every descriptor is
 * closed a new one can start a window.
 */
static void case_watch_race(void)
{
	struct watch_race w = { 0 };
	pthread_t t[5];
	int i, fd;

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, watch_racer, &w);
	pthread_create(&t[4], NULL, watch_mapper, &w);
	sleep_us(5000000);
	w.stop = 1;
	for (i = 0; i < 5; i++)
		pthread_join(t[i], NULL);
	printf("# %lu window operations, %lu calls read, %lu chunks mapped\n",
	       w.ops, w.records, w.maps);
	CHECK(!w.bad, "%lu results outside the contract", w.bad);
	CHECK(w.maps > 0, "no chunk mapped");
	fd = open_dev();
	CHECK(watch(fd, PGMAP_PRIVATE, NULL) == 0,
	      "a window after every descriptor closed");
	check_no_trace(fd);
	close(fd);
}

#define WATCH_PARAM "/sys/module/hmmbench/parameters/watch_test_"

/* Sets the module's test-only parameter watch_test_@name. */
static void write_watch_param(const char *name, unsigned int ms)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), WATCH_PARAM "%s", name);
	f = fopen(path, "w");
	if (!f || fprintf(f, "%u\n", ms) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static unsigned int read_watch_param(const char *name)
{
	char path[128];
	unsigned int v = 0;
	FILE *f;

	snprintf(path, sizeof(path), WATCH_PARAM "%s", name);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%u", &v) != 1)
		exit(1);
	fclose(f);
	return v;
}

/* The memremap_pages() record of a window stopped on @wfd, if only one. */
static bool watch_one_memremap(int wfd, struct hmmbench_call *c)
{
	struct hmmbench_watch_read r;
	struct hmmbench_call calls[4];

	if (watch(wfd, 0, NULL) || watch_read(wfd, calls, 4, &r) ||
	    r.nr != 1 || calls[0].call != HMMBENCH_CALL_MEMREMAP)
		return false;
	*c = calls[0];
	return true;
}

#define HOLD_MS 10000
#define RESTART_NS "namespace0.0"

/*
 * A window restarted while a call it follows, the bind of an fsdax
 * namespace (A), is at the end of its memmap_init_zone_device() phase:
 * that phase must not be credited to the call that took A's slot in the
 * new window, a chunk's MAP (B), whose own phase the MAP's phase probe
 * times apart.  The module's test hold keeps A's phase from being
 * accounted until B holds the slot, so the interleaving happens every
 * time.  Run by the 19-watch-restart scenario, which leaves the namespace
 * disabled in fsdax mode (map=mem) and enables it again after.
 */
static void case_watch_restart_mid_init(void)
{
	int wfd = open_dev(), fb = open_dev(), status;
	struct hmmbench_call c = { 0 };
	struct hmmbench_map b;
	uint64_t deadline, tol;
	pid_t pid;

	CHECK(watch(wfd, PGMAP_PRIVATE | PGMAP_FS_DAX, NULL) == 0,
	      "WATCH start");
	write_watch_param("hold_ms", HOLD_MS);
	pid = fork();
	if (pid == 0) {
		execlp("ndctl", "ndctl", "enable-namespace", RESTART_NS,
		       (char *)NULL);
		_exit(127);
	}
	/* A's phase has returned and waits once the hold reads 0 again. */
	deadline = now_ns() + 60000000000ULL;
	while (read_watch_param("hold_ms") && now_ns() < deadline)
		sleep_us(1000);
	if (!CHECK(read_watch_param("hold_ms") == 0,
		   "the bind's memmap_init phase never returned"))
		goto out;
	CHECK(watch(wfd, 0, NULL) == 0, "WATCH stop");
	CHECK(watch(wfd, PGMAP_PRIVATE | PGMAP_FS_DAX, NULL) == 0,
	      "WATCH restart");
	if (!CHECK(map_chunk(fb, GIB, &b) == 0, "MAP B"))
		goto out;
	waitpid(pid, &status, 0);
	pid = 0;
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "ndctl enable-namespace: status %#x", status);
	if (!CHECK(watch_one_memremap(wfd, &c), "no single record of B"))
		goto unmap;
	tol = 1000000 + b.memmap_init_ns / 50;
	printf("# B's memmap_init phase %.1f ms, its record says %.1f ms\n",
	       b.memmap_init_ns / 1e6, c.memmap_init_ns / 1e6);
	CHECK(c.type == HMMBENCH_PGMAP_PRIVATE &&
	      c.valid & HMMBENCH_T_MEMMAP_INIT &&
	      c.memmap_init_ns <= b.memmap_init_ns + tol &&
	      c.memmap_init_ns + tol >= b.memmap_init_ns,
	      "B's record has memmap_init %llu ns, its MAP's probe %llu ns",
	      (unsigned long long)c.memmap_init_ns,
	      (unsigned long long)b.memmap_init_ns);
unmap:
	CHECK(unmap_chunk(fb, b.handle, NULL) == 0, "UNMAP B");
out:
	write_watch_param("hold_ms", 0);
	if (pid > 0)
		waitpid(pid, &status, 0);
	close(wfd);
	check_no_trace(fb);
	close(fb);
}

/* A MAP in a thread of its own. */
struct bg_map {
	int fd;
	struct hmmbench_map map;
	int err;
};

static void *bg_mapper(void *arg)
{
	struct bg_map *m = arg;

	m->err = map_chunk(m->fd, GIB, &m->map);
	return NULL;
}

/*
 * A call a window follows returns after the window's descriptor was
 * closed: it goes nowhere, to no reader and no netlink listener.  One
 * MAP and UNMAP first, with the window open, are recorded.  The module's
 * test hold keeps the second MAP's memmap_init phase (and so its return)
 * waiting until the descriptor is closed.  Run by 56-nl-watch-closed,
 * which counts the events a monitor received.
 */
static void case_watch_close_mid_call(void)
{
	struct bg_map a = { .fd = open_dev() };
	int wfd = open_dev();
	struct hmmbench_map map;
	uint64_t deadline;
	pthread_t t;

	CHECK(watch(wfd, PGMAP_PRIVATE, NULL) == 0, "WATCH start");
	CHECK(map_chunk(a.fd, 128 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(a.fd, map.handle, NULL) == 0, "UNMAP");
	write_watch_param("hold_ms", 3000);
	pthread_create(&t, NULL, bg_mapper, &a);
	deadline = now_ns() + 60000000000ULL;
	while (read_watch_param("hold_ms") && now_ns() < deadline)
		sleep_us(1000);
	CHECK(read_watch_param("hold_ms") == 0,
	      "the MAP's memmap_init phase never returned");
	close(wfd);
	pthread_join(t, NULL);
	write_watch_param("hold_ms", 0);
	if (CHECK(a.err == 0, "MAP in the thread: %s", strerror(a.err)))
		CHECK(unmap_chunk(a.fd, a.map.handle, NULL) == 0, "UNMAP");
	check_no_trace(a.fd);
	close(a.fd);
}

/* A page whose protection a thread turns read-only during a call. */
struct protector {
	void *page;
	unsigned int after_us;
	int go;		/* the call is about to be made */
	int done;	/* the page is read-only */
	volatile int stop;
};

static void *protector_thread(void *arg)
{
	struct protector *p = arg;

	while (!p->stop) {
		if (!__atomic_exchange_n(&p->go, 0, __ATOMIC_ACQ_REL)) {
			sched_yield();
			continue;
		}
		sleep_us(p->after_us);
		page_protect(p->page, PROT_READ);
		__atomic_store_n(&p->done, 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

/* Makes @p's page writable and has it turn read-only during the call. */
static void protector_arm(struct protector *p)
{
	page_protect(p->page, PROT_READ | PROT_WRITE);
	__atomic_store_n(&p->done, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&p->go, 1, __ATOMIC_RELEASE);
}

static void protector_wait(struct protector *p)
{
	while (!__atomic_load_n(&p->done, __ATOMIC_ACQUIRE))
		sched_yield();
	page_protect(p->page, PROT_READ | PROT_WRITE);
}

#define REPLY_DELAY_MS 300

/*
 * WATCH's start whose reply cannot be written back (its page turns
 * read-only while the test delay holds the reply) leaves no window open:
 * another descriptor can start one, and this one owns a stopped, empty
 * window.  WATCH_READ whose reply cannot be written takes no record: the
 * next read has them all.
 */
static void case_watch_reply_efault(void)
{
	struct protector p = { .page = page_alloc(),
			       .after_us = REPLY_DELAY_MS * 1000 / 2 };
	struct hmmbench_watch *w = p.page;
	struct hmmbench_watch_read *r = p.page, rr;
	int a = open_dev(), b = open_dev(), err;
	struct hmmbench_call c[4];
	struct hmmbench_map map;
	pthread_t t;

	pthread_create(&t, NULL, protector_thread, &p);
	write_watch_param("reply_ms", REPLY_DELAY_MS);
	protector_arm(&p);
	*w = (struct hmmbench_watch){ .size = sizeof(*w),
				      .types = PGMAP_PRIVATE };
	err = xioctl(a, HMMBENCH_IOC_WATCH, w);
	protector_wait(&p);
	CHECK(err == EFAULT, "WATCH with its reply page turning read-only: '%s'",
	      strerror(err));
	CHECK(watch(b, PGMAP_PRIVATE, NULL) == 0,
	      "another descriptor cannot start a window");
	CHECK(watch(b, 0, NULL) == 0, "WATCH stop on b");

	CHECK(watch(a, PGMAP_PRIVATE, NULL) == 0, "WATCH start on a");
	CHECK(map_chunk(b, 128 * MIB, &map) == 0, "MAP");
	CHECK(unmap_chunk(b, map.handle, NULL) == 0, "UNMAP");
	CHECK(watch(a, 0, NULL) == 0, "WATCH stop on a");
	protector_arm(&p);
	*r = (struct hmmbench_watch_read){ .size = sizeof(*r),
		.records = (uintptr_t)c, .rec_size = sizeof(c[0]), .nr = 4 };
	err = xioctl(a, HMMBENCH_IOC_WATCH_READ, r);
	protector_wait(&p);
	CHECK(err == EFAULT, "WATCH_READ with its page turning read-only: '%s'",
	      strerror(err));
	write_watch_param("reply_ms", 0);
	CHECK(watch_read(a, c, 4, &rr) == 0 && rr.nr == 2,
	      "%u calls left after the failed read, expected 2", rr.nr);
	p.stop = 1;
	pthread_join(t, NULL);
	close(a);
	check_no_trace(b);
	close(b);
	munmap(p.page, 4096);
}

struct test_case {
	const char *name;
	void (*fn)(void);
};

static const struct test_case cases[] = {
	{ "info-values", case_info_values },
	{ "map-1g", case_map_1g },
	{ "map-64g-twice", case_map_64g_twice },
	{ "map-two-64g-chunks", case_map_two_64g_chunks },
	{ "map-vmemmap-shift", case_map_vmemmap_shift },
	{ "bad-size-zero", case_bad_size_zero },
	{ "bad-size-unaligned", case_bad_size_unaligned },
	{ "bad-size-over-budget", case_bad_size_over_budget },
	{ "bad-size-overflow", case_bad_size_overflow },
	{ "bad-flags", case_bad_flags },
	{ "bad-reserved", case_bad_reserved },
	{ "struct-too-small", case_struct_too_small },
	{ "struct-larger", case_struct_larger },
	{ "bad-handle", case_bad_handle },
	{ "bad-node", case_bad_node },
	{ "bad-ioctl", case_bad_ioctl },
	{ "no-cap-sys-admin", case_no_cap_sys_admin },
	{ "close-releases", case_close_releases },
	{ "sigkill-releases", case_sigkill_releases },
	{ "map-unmap-race", case_map_unmap_race },
	{ "handle-zero-never", case_handle_zero_never },
	{ "struct-size-cap", case_struct_size_cap },
	{ "map-unwritable", case_map_unwritable },
	{ "unmap-unwritable", case_unmap_unwritable },
	{ "map-wait-restarts", case_map_wait_restarts },
	{ "sigkill-mid-map", case_sigkill_mid_map },
	{ "four-processes", case_four_processes },
	{ "budget-exhaust", case_budget_exhaust },
	{ "map-fills-window", case_map_fills_window },
	{ "verify-base", case_verify_base },
	{ "verify-compound", case_verify_compound },
	{ "verify-errors", case_verify_errors },
	{ "verify-order-1", case_verify_order_1 },
	{ "verify-unmap-race", case_verify_unmap_race },
	{ "verify-phys", case_verify_phys },
	{ "verify-phys-race", case_verify_phys_race },
	{ "roofline", case_roofline },
	{ "roofline-errors", case_roofline_errors },
	{ "roofline-copy", case_roofline_copy },
	{ "watch-own-map", case_watch_own_map },
	{ "watch-other-kinds", case_watch_other_kinds },
	{ "watch-errors", case_watch_errors },
	{ "watch-race", case_watch_race },
	{ "watch-reply-efault", case_watch_reply_efault },
};

/* Cases that need the module loaded with other parameters: not listed. */
static const struct test_case unlisted_cases[] = {
	{ "phase-probe-off", case_phase_probe_off },
	{ "watch-restart-mid-init", case_watch_restart_mid_init },
	{ "watch-close-mid-call", case_watch_close_mid_call },
};

static int run_case(const struct test_case *c, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(name, c[i].name)) {
			c[i].fn();
			return failures ? 1 : 0;
		}
	}
	return -1;
}

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int main(int argc, char **argv)
{
	size_t i;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: hbtest list | hbtest CASE\n");
		return 2;
	}
	if (!strcmp(argv[1], "list")) {
		for (i = 0; i < ARRAY_SIZE(cases); i++)
			puts(cases[i].name);
		return 0;
	}
	ret = run_case(cases, ARRAY_SIZE(cases), argv[1]);
	if (ret < 0)
		ret = run_case(unlisted_cases, ARRAY_SIZE(unlisted_cases),
			       argv[1]);
	if (ret < 0) {
		fprintf(stderr, "hbtest: no case '%s'\n", argv[1]);
		return 2;
	}
	return ret;
}
