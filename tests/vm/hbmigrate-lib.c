// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers of hbmigrate and hbmirror (hbmigrate.h): the device and its
 * features, chunks, MIGRATE, PMD-aligned buffers and the patterns that
 * tell whether a page's data survived.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "hbmigrate.h"

long page_size;

void die(const char *what)
{
	perror(what);
	exit(1);
}

int open_dev(void)
{
	int fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		die(HMMBENCH_DEVICE);
	return fd;
}

int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

struct hmmbench_info get_info(int fd)
{
	struct hmmbench_info info = { .size = sizeof(info) };

	if (xioctl(fd, HMMBENCH_IOC_INFO, &info))
		die("INFO");
	return info;
}

/* A chunk of @length on a new descriptor; its handle in *@handle. */
int map_chunk(int fd, uint64_t length, uint32_t *handle)
{
	struct hmmbench_map map = {
		.size = sizeof(map),
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
	};
	int err = xioctl(fd, HMMBENCH_IOC_MAP, &map);

	*handle = map.handle;
	return err;
}

int unmap_chunk(int fd, uint32_t handle)
{
	struct hmmbench_unmap unmap = { .size = sizeof(unmap), .handle = handle };

	return xioctl(fd, HMMBENCH_IOC_UNMAP, &unmap);
}

int migrate(int fd, uint32_t handle, void *buf, size_t len,
	    uint32_t dir, uint32_t flags, struct hmmbench_migrate *out)
{
	struct hmmbench_migrate m = {
		.size = sizeof(m),
		.flags = flags,
		.handle = handle,
		.direction = dir,
		.addr = (uintptr_t)buf,
		.length = len,
	};
	int err = xioctl(fd, HMMBENCH_IOC_MIGRATE, &m);

	if (out)
		*out = m;
	return err;
}

/* THP in the kernel: PREEMPT_RT kernels have none (mm/Kconfig) */
bool kernel_has_thp(void)
{
	return !access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK);
}

/* A PMD-aligned private anonymous buffer, THP or not. */
void *buffer(size_t len, bool thp)
{
	char *p = mmap(NULL, len + PMD_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		die("mmap");
	a = (char *)(((uintptr_t)p + PMD_SIZE - 1) & ~(PMD_SIZE - 1));
	if (a > p)
		munmap(p, a - p);
	munmap(a + len, p + PMD_SIZE - a);
	/*
	 * a hint: tinyconfig kernels without ADVISE_SYSCALLS (arm64) lack
	 * it, and kernels without THP refuse it
	 */
	if (madvise(a, len, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) &&
	    errno != ENOSYS && (errno != EINVAL || kernel_has_thp()))
		die("madvise");
	return a;
}

/* A chunk of the smallest length on @fd: its handle. */
uint32_t small_chunk(int fd)
{
	uint32_t h;

	if (map_chunk(fd, get_info(fd).size_align, &h))
		die("MAP");
	return h;
}

uint64_t pattern(size_t i, unsigned int seed)
{
	return (i * 0x9e3779b97f4a7c15ULL) ^ seed;
}

void fill(void *buf, size_t len, unsigned int seed)
{
	uint64_t *w = buf;
	size_t i;

	for (i = 0; i < len / 8; i++)
		w[i] = pattern(i, seed);
}

/* A buffer of @len holding @seed's pattern. */
char *filled(size_t len, bool thp, unsigned int seed)
{
	char *buf = buffer(len, thp);

	fill(buf, len, seed);
	return buf;
}

/* The offset of the first word that lost its value, or -1. */
long long first_bad(const void *buf, size_t len, unsigned int seed)
{
	const uint64_t *w = buf;
	size_t i;

	for (i = 0; i < len / 8; i++)
		if (w[i] != pattern(i, seed))
			return (long long)i * 8;
	return -1;
}

uint64_t pmd_pages(void)
{
	return PMD_SIZE / page_size;
}

int need_migrate(int fd)
{
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIGRATE)) {
		printf("the module cannot lend pages on this kernel (no HMMBENCH_FEAT_MIGRATE)\n");
		return SKIP;
	}
	return 0;
}

int need_thp(int fd)
{
	if (!(get_info(fd).features & HMMBENCH_FEAT_MIGRATE_THP)) {
		printf("no device THP on this kernel (HMMBENCH_FEAT_MIGRATE_THP needs 6.19 and THP)\n");
		return SKIP;
	}
	return 0;
}
