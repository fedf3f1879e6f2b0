// SPDX-License-Identifier: GPL-2.0
/*
 * hbmirror's case beside the kernel's lib/test_hmm.c, on one buffer of
 * base pages: test_hmm's HMM_DMIRROR_SNAPSHOT and HMM_DMIRROR_READ, and
 * MIRROR as a snapshot and as a read fault, in test_hmm's batch (32
 * pages a hmm_range_fault() call in 7.x) and in the module's default,
 * each timed around the ioctl from user space in interleaved rounds; and
 * MIRROR's snapshot of a buffer written just before, never walked, as
 * each iteration of `hmmbench mirror` has it.
 * What each finds is checked - every page valid and writable, none a
 * PMD, READ's copy equal to the buffer - and the medians are printed,
 * never asserted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "hbmigrate.h"
#include "hbmirror.h"

/* lib/test_hmm_uapi.h, as 7.2 has it */
struct hmm_dmirror_cmd {
	uint64_t addr;
	uint64_t ptr;
	uint64_t npages;
	uint64_t cpages;
	uint64_t faults;
};

#define HMM_DMIRROR_READ	_IOWR('H', 0x00, struct hmm_dmirror_cmd)
#define HMM_DMIRROR_SNAPSHOT	_IOWR('H', 0x04, struct hmm_dmirror_cmd)
#define HMM_DMIRROR_PROT_WRITE	0x02

#define DMIRROR		"/dev/hmm_dmirror0"
#define TEST_HMM_KO	"/lib/modules/test_hmm.ko"
#define PEER_LEN	(16 * MIB)
#define PEER_ROUNDS	7
#define PEER_BATCH	32	/* test_hmm's pfns[] in 7.x */

#define U(x) ((unsigned long long)(x))

enum peer_op {
	TH_SNAPSHOT,
	HB_SNAPSHOT,
	HB_SNAPSHOT_DEFAULT,
	HB_SNAPSHOT_NEW,
	TH_READ,
	HB_READ,
	HB_READ_DEFAULT,
	NR_OPS,
};

static const char *const op_name[NR_OPS] = {
	[TH_SNAPSHOT] = "test_hmm SNAPSHOT (32 pages a call)",
	[HB_SNAPSHOT] = "MIRROR snapshot, batch 32",
	[HB_SNAPSHOT_DEFAULT] = "MIRROR snapshot, batch 64",
	[HB_SNAPSHOT_NEW] = "MIRROR snapshot, batch 64, new buffer",
	[TH_READ] = "test_hmm READ, new descriptor (faults, copies)",
	[HB_READ] = "MIRROR read fault, batch 32",
	[HB_READ_DEFAULT] = "MIRROR read fault, batch 64",
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static uint64_t median(uint64_t *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return v[n / 2];
}

/* The first test_hmm device, test_hmm.ko loaded for it when needed. */
static int open_dmirror(bool *loaded)
{
	int fd = open(DMIRROR, O_RDWR);

	if (fd >= 0 || access(TEST_HMM_KO, R_OK))
		return fd;
	if (system("insmod " TEST_HMM_KO))
		die("insmod " TEST_HMM_KO);
	*loaded = true;
	return open(DMIRROR, O_RDWR);
}

static int dmirror(int fd, unsigned long cmd, void *buf, void *ptr,
		   struct hmm_dmirror_cmd *c)
{
	*c = (struct hmm_dmirror_cmd){
		.addr = (uintptr_t)buf,
		.ptr = (uintptr_t)ptr,
		.npages = pages(PEER_LEN),
	};
	return ioctl(fd, cmd, c) ? errno : 0;
}

/* test_hmm's SNAPSHOT: every page writable, none a PMD */
static uint64_t th_snapshot(int fd, char *buf, unsigned char *perm)
{
	struct hmm_dmirror_cmd c;
	uint64_t t0 = now_ns(), t;
	size_t i;

	CHECK(!dmirror(fd, HMM_DMIRROR_SNAPSHOT, buf, perm, &c), "SNAPSHOT");
	t = now_ns() - t0;
	CHECK(c.cpages == pages(PEER_LEN), "SNAPSHOT: %llu pages",
	      U(c.cpages));
	for (i = 0; i < pages(PEER_LEN); i++)
		if (perm[i] != HMM_DMIRROR_PROT_WRITE)
			break;
	CHECK(i == pages(PEER_LEN), "SNAPSHOT: page %zu is %#x", i,
	      i < pages(PEER_LEN) ? perm[i] : 0);
	return t;
}

/* test_hmm's READ on a new descriptor, whose table is empty: it faults */
static uint64_t th_read(char *buf, char *copy)
{
	int fd = open(DMIRROR, O_RDWR);
	struct hmm_dmirror_cmd c;
	uint64_t t0, t;

	CHECK(fd >= 0, DMIRROR);
	memset(copy, 0, PEER_LEN);
	t0 = now_ns();
	CHECK(!dmirror(fd, HMM_DMIRROR_READ, buf, copy, &c), "READ");
	t = now_ns() - t0;
	CHECK(c.cpages == pages(PEER_LEN) && c.faults,
	      "READ: %llu pages, %llu faults", U(c.cpages), U(c.faults));
	CHECK(!memcmp(copy, buf, PEER_LEN), "READ's copy differs");
	close(fd);
	return t;
}

/* MIRROR: every page valid and writable, none a PMD; its kernel total */
static uint64_t hb_mirror(int fd, char *buf, uint32_t flags, uint32_t batch,
			  uint64_t *kernel)
{
	struct hmmbench_mirror m;
	uint64_t t0 = now_ns(), t;

	CHECK(!mirror(fd, buf, PEER_LEN, flags, 0, batch, &m), "MIRROR");
	t = now_ns() - t0;
	CHECK(m.valid == pages(PEER_LEN) && m.writable == m.valid &&
	      !m.pmd && !m.error, "MIRROR: valid %llu writable %llu pmd %llu error %llu",
	      U(m.valid), U(m.writable), U(m.pmd), U(m.error));
	*kernel = m.total_ns;
	return t;
}

int case_peer(void)
{
	uint64_t t[NR_OPS][PEER_ROUNDS], k[NR_OPS][PEER_ROUNDS] = { { 0 } };
	int fd = open_dev(), ret = need_mirror(fd), th;
	unsigned char *perm;
	bool loaded = false;
	char *buf, *copy, *new;
	unsigned int r;
	size_t op;

	if (ret)
		return ret;
	th = open_dmirror(&loaded);
	if (th < 0) {
		printf("no %s: test_hmm.ko is not built for this kernel (the x86_64 test kernels from 6.3 have it)\n",
		       DMIRROR);
		return SKIP;
	}
	buf = populated(PEER_LEN, false);
	copy = malloc(PEER_LEN);
	perm = malloc(pages(PEER_LEN));
	if (!copy || !perm)
		die("malloc");
	for (r = 0; r < PEER_ROUNDS; r++) {
		t[TH_SNAPSHOT][r] = th_snapshot(th, buf, perm);
		t[HB_SNAPSHOT][r] = hb_mirror(fd, buf, 0, PEER_BATCH,
					      &k[HB_SNAPSHOT][r]);
		t[HB_SNAPSHOT_DEFAULT][r] = hb_mirror(fd, buf, 0, 0,
						      &k[HB_SNAPSHOT_DEFAULT][r]);
		new = populated(PEER_LEN, false);
		t[HB_SNAPSHOT_NEW][r] = hb_mirror(fd, new, 0, 0,
						  &k[HB_SNAPSHOT_NEW][r]);
		munmap(new, PEER_LEN);
		t[TH_READ][r] = th_read(buf, copy);
		t[HB_READ][r] = hb_mirror(fd, buf, HMMBENCH_MIRROR_FAULT,
					  PEER_BATCH, &k[HB_READ][r]);
		t[HB_READ_DEFAULT][r] = hb_mirror(fd, buf,
						  HMMBENCH_MIRROR_FAULT, 0,
						  &k[HB_READ_DEFAULT][r]);
	}
	printf("%llu MiB of base pages, written; medians of %d rounds, from user space (the module's own total):\n",
	       U(PEER_LEN / MIB), PEER_ROUNDS);
	for (op = 0; op < NR_OPS; op++) {
		uint64_t u = median(t[op], PEER_ROUNDS);
		uint64_t kt = median(k[op], PEER_ROUNDS);

		printf("  %-48s %8.1f us %6.1f ns/4KiB", op_name[op], u / 1e3,
		       (double)u / pages(PEER_LEN) * 4096 / page_size);
		if (kt)
			printf("  (%.1f us)", kt / 1e3);
		printf("\n");
	}
	munmap(buf, PEER_LEN);
	free(copy);
	free(perm);
	close(th);
	close(fd);
	if (loaded && system("rmmod test_hmm"))
		die("rmmod test_hmm");
	return 0;
}
