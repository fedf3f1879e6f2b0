// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers hbtest's cases share: open the device and send its ioctls,
 * check that nothing is left behind, pages whose protection changes
 * under a call, the clock, and the module's reserve_mb parameter.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "hbtest.h"

int open_dev(void)
{
	int fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		perror(HMMBENCH_DEVICE);
		exit(1);
	}
	return fd;
}

/* Returns 0 or the errno of the ioctl. */
int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

struct hmmbench_info get_info(int fd)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	int err = xioctl(fd, HMMBENCH_IOC_INFO, &info);

	if (err) {
		fprintf(stderr, "INFO: %s\n", strerror(err));
		exit(1);
	}
	return info;
}

int map_chunk(int fd, uint64_t length, struct hmmbench_map *out)
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

int unmap_chunk(int fd, uint32_t handle, struct hmmbench_unmap *out)
{
	struct hmmbench_unmap unmap = { .size = sizeof(unmap), .handle = handle };
	int err = xioctl(fd, HMMBENCH_IOC_UNMAP, &unmap);

	if (out)
		*out = unmap;
	return err;
}

/* ROOFLINE of @length's struct pages on the local node into *@out. */
int roofline(int fd, uint64_t length, struct hmmbench_roofline *out)
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
int iomem_regions(uint64_t start)
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

void check_no_trace(int fd)
{
	struct hmmbench_info info = get_info(fd);

	CHECK(info.live_chunks == 0, "%u chunks still live", info.live_chunks);
	CHECK(iomem_regions(0) == 0, "hmmbench region left in /proc/iomem");
}

struct hmmbench_map good_map(uint64_t length)
{
	return (struct hmmbench_map){
		.size = sizeof(struct hmmbench_map),
		.length = length,
		.node = HMMBENCH_NODE_LOCAL,
	};
}

/* A page of its own, so that its protection can change under a call. */
void *page_alloc(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	return p;
}

void page_protect(void *p, int prot)
{
	if (mprotect(p, 4096, prot)) {
		perror("mprotect");
		exit(1);
	}
}

void sleep_us(unsigned int us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}

#define RESERVE_PARAM "/sys/module/hmmbench/parameters/reserve_mb"

unsigned long read_reserve_mb(void)
{
	unsigned long mb = 0;
	FILE *f = fopen(RESERVE_PARAM, "r");

	if (!f || fscanf(f, "%lu", &mb) != 1)
		exit(1);
	fclose(f);
	return mb;
}

void write_reserve_mb(unsigned long mb)
{
	FILE *f = fopen(RESERVE_PARAM, "w");

	if (!f || fprintf(f, "%lu\n", mb) < 0 || fclose(f))
		exit(1);
}

/* MemAvailable in bytes, from INFO. */
uint64_t mem_available(int fd)
{
	return get_info(fd).mem_available;
}
