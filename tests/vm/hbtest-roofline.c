// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest's cases of ROOFLINE: the timed writes of a chunk's worth of
 * struct pages, its errors, and its copy (HMMBENCH_ROOFLINE_COPY) with the
 * canaries around the buffer it writes back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "hbtest.h"

/*
 * A valid ROOFLINE times both kinds of store on x86-64 and plain stores
 * only on arm64, whose memcpy_flushcache() does not bypass the cache;
 * its buffer is freed before it returns, so available memory comes back
 * to where it was (within a 16 MiB allowance for what else moved).
 */
void case_roofline(void)
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

void case_roofline_errors(void)
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
void case_roofline_copy(void)
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
