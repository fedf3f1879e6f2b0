// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest's cases of VERIFY: the struct pages of a chunk, by handle or
 * physical address, base pages and compound ones, its errors, and VERIFY
 * racing UNMAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
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
void case_verify_base(void)
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
void case_verify_compound(void)
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
void case_verify_errors(void)
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
void case_verify_phys(void)
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
void case_verify_phys_race(void)
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
void case_verify_order_1(void)
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
void case_verify_unmap_race(void)
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
