// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest's cases of INFO, MAP and UNMAP: chunks made and released (by
 * UNMAP, close and SIGKILL) at every size, and the ABI's refusals: bad
 * sizes, flags, reserved bytes, handles, nodes and commands, structs too
 * small, too large or in memory the module cannot write, and callers
 * without CAP_SYS_ADMIN.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "guest.h"
#include "hbtest.h"

static void expect_map_errno(int fd, struct hmmbench_map *map, int want)
{
	int err = xioctl(fd, HMMBENCH_IOC_MAP, map);

	CHECK(err == want, "MAP gave '%s', expected '%s'", strerror(err),
	      strerror(want));
	check_no_trace(fd);
}

/*
 * INFO on an x86_64 test kernel: its ABI version, page, struct page and
 * section sizes, a budget below available memory, the features it has
 * (folio_free from 6.19 on), the release uname(2) gives, and a physical
 * window that holds 64 GiB.
 */
void case_info_values(void)
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
void case_map_1g(void)
{
	int fd = open_dev();

	map_unmap_checked(fd, GIB);
	check_no_trace(fd);
	close(fd);
}

/* A 64 GiB chunk maps and unmaps twice in a row: the large size works. */
void case_map_64g_twice(void)
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
void case_map_two_64g_chunks(void)
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
void case_map_vmemmap_shift(void)
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
void case_bad_size_zero(void)
{
	struct hmmbench_map map = good_map(0);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* A size that is not a whole number of sections is refused with EINVAL. */
void case_bad_size_unaligned(void)
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
void case_bad_size_over_budget(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	struct hmmbench_map map = good_map(info.max_size + info.size_align);
	uint64_t win = info.phys_window_end - info.phys_window_start + 1;

	expect_map_errno(fd, &map, map.length > win ? EINVAL : ENOMEM);
	close(fd);
}

/* A size whose end overflows 64 bits is refused with EINVAL. */
void case_bad_size_overflow(void)
{
	struct hmmbench_map map = good_map(~0ULL - 128 * MIB + 1);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	map = good_map(~0ULL);
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* Unknown flags of MAP, INFO and UNMAP are refused with EINVAL. */
void case_bad_flags(void)
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
void case_bad_reserved(void)
{
	struct hmmbench_map map = good_map(GIB);
	int fd = open_dev();

	map.__reserved = 1;
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

/* A struct smaller than its first version is refused with EINVAL. */
void case_struct_too_small(void)
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
void case_struct_larger(void)
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
void case_bad_handle(void)
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
void case_bad_node(void)
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
void case_bad_ioctl(void)
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
void case_no_cap_sys_admin(void)
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
void case_close_releases(void)
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
void case_sigkill_releases(void)
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
void case_phase_probe_off(void)
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

/*
 * UNMAP of handle 0 must not free the index 0 that the handle table keeps
 * reserved; with other chunks live, MAP would then hand out handle 0.
 */
void case_handle_zero_never(void)
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
void case_struct_size_cap(void)
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
void case_map_unwritable(void)
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
void case_unmap_unwritable(void)
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
 * Chunks fill the physical window until ENOSPC, each inside it, largest
 * first and halving on ENOSPC down to one section.  The struct pages of
 * the whole window must fit in the budget: an arm64 window of 256 GiB
 * (VA_BITS 39) does in an 8 GiB guest, x86's terabyte does not, and the
 * case is skipped.
 */
void case_map_fills_window(void)
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
