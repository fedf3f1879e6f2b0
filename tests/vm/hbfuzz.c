// SPDX-License-Identifier: GPL-2.0
/*
 * hbfuzz: a seeded fuzzer of the /dev/hmmbench ioctls, run in the VM.  It
 * sends random and near-miss commands, declared sizes around every
 * boundary, random fields, bad pointers and handles, from several
 * descriptors and threads, and checks every errno it can judge against
 * the contract of uapi/linux/hmmbench.h; VERIFY reads back chunks it is
 * about to unmap, whose struct pages must break no invariant (but those
 * lent out), and ROOFLINE's timings, its copy's among them, must agree
 * with its valid bits.
 * Each thread lends a buffer of its own to its chunks with MIGRATE and
 * brings it back with MIGRATE, by touching it, or by unmapping or closing
 * the chunk; the counts must add up, the pagemap must agree, the data
 * must survive, and FAULT_READ must return sane records of the faults.
 * One thread replays with --seed.
 *
 * This file holds the options, what the module reports at the start, the
 * threads' start and the checks after the last call.  The rest, by job:
 * hbfuzz-loop.c (each thread's loop), hbfuzz-gen.c and
 * hbfuzz-gen-migrate.c (the calls' fields), hbfuzz-contract.c (the errnos
 * allowed), hbfuzz-check.c and hbfuzz-check-migrate.c (what comes back),
 * hbfuzz-state.c (what the threads know and share).
 *
 * usage: hbfuzz [--seed S] [--calls N] [--seconds T] [--threads K]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

/* A chunk on the shared descriptor for the child to fail to unmap. */
static void setup_map(void)
{
	struct hmmbench_map m = {
		.size = sizeof(m),
		.length = kinfo.align,
		.node = HMMBENCH_NODE_LOCAL,
	};

	if (ioctl(fds[0].fd, HMMBENCH_IOC_MAP, &m) || !m.handle)
		return;
	meta_set(&fds[0], m.handle, 0, m.phys_start, m.length);
	hset_add(&fds[0].live, m.handle);
	atomic_fetch_add(&stats->maps, 1);
}

static void read_online_nodes(void)
{
	FILE *f = fopen("/sys/devices/system/node/online", "r");
	unsigned int a, b, n;
	char sep = 0;

	kinfo.first_node = 0;
	if (!f) {
		for (n = 0; n < kinfo.nr_nodes && n < MAX_NODES; n++)
			kinfo.online[n / 8] |= 1U << (n % 8);
		return;
	}
	kinfo.first_node = -1;
	while (fscanf(f, "%u", &a) == 1) {
		b = a;
		if (fscanf(f, "%c", &sep) != 1)
			sep = 0;
		if (sep == '-' && fscanf(f, "%u%c", &b, &sep) < 1)
			break;
		for (n = a; n <= b && n < MAX_NODES; n++)
			kinfo.online[n / 8] |= 1U << (n % 8);
		if (kinfo.first_node < 0)
			kinfo.first_node = a;
		if (sep != ',')
			break;
	}
	fclose(f);
	if (kinfo.first_node < 0)
		die("cannot parse /sys/devices/system/node/online");
}

/* Lengths above the physical address space are EINVAL. */
static void read_phys_bits(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned int bits = 0;
	char line[256], *p;

	while (f && fgets(line, sizeof(line), f)) {
		p = strchr(line, ':');
		if (!strncmp(line, "address sizes", 13) && p &&
		    sscanf(p + 1, "%u bits physical", &bits) == 1)
			break;
	}
	if (f)
		fclose(f);
	if (bits >= 32 && bits <= 52) {
		kinfo.phys_lo = kinfo.phys_hi = (1ULL << bits) - 1;
	} else {
		kinfo.phys_lo = (1ULL << 36) - 1;
		kinfo.phys_hi = (1ULL << 52) - 1;
	}
}

static void read_kinfo(void)
{
	struct hmmbench_info info = { .size = sizeof(info) };

	if (ioctl(fds[0].fd, HMMBENCH_IOC_INFO, &info))
		die("INFO: %s", strerror(errno));
	if (!info.size_align || info.size_align & (info.size_align - 1))
		die("INFO: size_align %llu is not a power of two",
		    (unsigned long long)info.size_align);
	kinfo.align = info.size_align;
	kinfo.section_order = __builtin_ctzll(info.size_align / info.page_size);
	/* 4-level tables: a page of 8-byte entries per level */
	kinfo.pud_order = 2 * (__builtin_ctzll(info.page_size) - 3);
	kinfo.max_size = info.max_size;
	kinfo.budget = info.budget;
	kinfo.struct_page = info.struct_page_size;
	kinfo.features = info.features;
	kinfo.nr_nodes = info.nr_nodes;
	maps_base = info.maps_total;
	live_skew = info.live_chunks;
	read_online_nodes();
	if (info.phys_window_end) {
		/* the module's own limit: the window's size */
		kinfo.phys_lo = info.phys_window_end -
				info.phys_window_start + 1;
		kinfo.phys_hi = kinfo.phys_lo;
	} else {
		read_phys_bits();
	}
}

static int iomem_regions(void)
{
	FILE *f = fopen("/proc/iomem", "r");
	char line[256];
	int n = 0;

	if (!f)
		die("/proc/iomem: %s", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "hmmbench"))
			n++;
	fclose(f);
	return n;
}

/* Closes every descriptor: no chunk may be left, nor its region. */
static int check_no_trace(void)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	int i, fd, regions, bad = 0;

	for (i = 0; i < NR_FDS; i++)
		fd_close(&fds[i]);
	fd = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0 || ioctl(fd, HMMBENCH_IOC_INFO, &info))
		die("INFO after closing: %s", strerror(errno));
	close(fd);
	if (info.live_chunks) {
		fprintf(stderr, "hbfuzz: FAIL seed %llu: %u chunks live after closing every descriptor\n",
			(unsigned long long)env.seed, info.live_chunks);
		bad = 1;
	}
	regions = iomem_regions();
	if (regions) {
		fprintf(stderr, "hbfuzz: FAIL seed %llu: %d hmmbench regions left in /proc/iomem\n",
			(unsigned long long)env.seed, regions);
		bad = 1;
	}
	return bad;
}

/*
 * Every descriptor is closed: no page of any buffer is lent, and every
 * page kept its data.
 */
static void check_buffers(struct thread *th)
{
	unsigned int i;
	uint64_t pg;
	bool pm;

	for (i = 0; i < env.threads; i++) {
		struct thread *t = &th[i];

		pm = buf_pagemap(t, t->now);
		for (pg = 0; pg < BUF_PAGES; pg++) {
			if (pm && !(t->now[pg] & PM_PRESENT)) {
				violation(t, NULL, "buffer page %llu not home after every descriptor closed: pagemap %#llx",
					  (unsigned long long)pg,
					  (unsigned long long)t->now[pg]);
				break;
			}
			if (!check_page_home(t, NULL, pg, PM_PRESENT,
					     "by the last close"))
				break;
		}
	}
}

/* Whether the pagemap shows pfns (CAP_SYS_ADMIN): else no pfn checks. */
static void open_pagemap(const struct thread *t)
{
	uint64_t e = 0;

	pagemap_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (pagemap_fd >= 0 &&
	    pread(pagemap_fd, &e, 8, (uintptr_t)t->buf / PAGE * 8) == 8 &&
	    (e & PM_PRESENT) && (e & PM_FRAME))
		return;
	printf("hbfuzz: /proc/self/pagemap shows no pfns: lent pages are not followed\n");
	if (pagemap_fd >= 0)
		close(pagemap_fd);
	pagemap_fd = -1;
}

static void print_outcomes(void)
{
	int i;

	printf("hbfuzz: outcomes:");
	for (i = 0; i < OC_NR; i++)
		if (atomic_load(&stats->outcomes[i]))
			printf(" %s %llu", oc_name[i],
			       (unsigned long long)atomic_load(&stats->outcomes[i]));
	printf("; %llu descriptors opened, %llu closed\n",
	       (unsigned long long)atomic_load(&stats->opens),
	       (unsigned long long)atomic_load(&stats->closes));
}

static void run_threads(struct thread *th)
{
	unsigned int i;

	if (env.threads == 1) {
		fuzz_loop(&th[0]);
		return;
	}
	for (i = 0; i < env.threads; i++)
		if (pthread_create(&th[i].tid, NULL, fuzz_loop, &th[i]))
			die("pthread_create failed");
	for (i = 0; i < env.threads; i++)
		pthread_join(th[i].tid, NULL);
}

static void init_threads(struct thread *th, struct thread *nocap)
{
	char *arena, *ro_alias;
	unsigned int i;

	for (i = 0; i < env.threads; i++) {
		th[i].id = i;
		th[i].rng = env.seed ^ (0x5851f42d4c957f2dULL * (i + 1));
		th[i].end = env.calls;
		arena_new(&th[i]);
	}
	arena_new(nocap);
	arena = nocap->arena;
	ro_alias = nocap->ro_alias;
	/* after the arenas, whose small mappings would fill their holes */
	for (i = 0; i < env.threads; i++) {
		buf_new(&th[i]);
		bufs[i] = th[i].buf;
	}
	/* the child without CAP_SYS_ADMIN has thread 0's buffer, a copy */
	*nocap = th[0];
	nocap->rng = env.seed ^ 0x2545f4914f6cdd1dULL;
	nocap->arena = arena;
	nocap->ro_alias = ro_alias;
}

static void init_fds(void)
{
	int i;

	stats = mmap(NULL, sizeof(*stats), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (stats == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	for (i = 0; i < NR_FDS; i++) {
		pthread_mutex_init(&fds[i].lock, NULL);
		fds[i].fd = -1;
	}
	fd_open(&fds[0]);
}

static uint64_t parse_num(const char *opt, const char *s, uint64_t min,
			  uint64_t max)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (*s < '0' || *s > '9' || errno || *end || v < min || v > max) {
		fprintf(stderr, "hbfuzz: %s takes a number from %llu to %llu, not '%s'\n",
			opt, (unsigned long long)min,
			(unsigned long long)max, s);
		exit(2);
	}
	return v;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: hbfuzz [--seed S] [--calls N] [--seconds T] [--threads K]\n"
		"  --seed S     replay the calls of seed S (one thread, same --calls)\n"
		"  --calls N    stop after N calls (default 100000)\n"
		"  --seconds T  stop after T seconds (default: no limit)\n"
		"  --threads K  K threads (1 to 4) share one descriptor\n");
	exit(2);
}

static void parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "calls", required_argument, NULL, 'n' },
		{ "seconds", required_argument, NULL, 't' },
		{ "threads", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	bool seeded = false;
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			env.seed = parse_num("--seed", optarg, 0, UINT64_MAX);
			seeded = true;
			break;
		case 'n':
			env.calls = parse_num("--calls", optarg, 1, 1000000000);
			break;
		case 't':
			env.seconds = parse_num("--seconds", optarg, 1, 604800);
			break;
		case 'j':
			env.threads = parse_num("--threads", optarg, 1,
						MAX_THREADS);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (!seeded && getrandom(&env.seed, sizeof(env.seed), 0) !=
	    sizeof(env.seed))
		env.seed = now_ns() ^ getpid();
}

int main(int argc, char **argv)
{
	struct thread th[MAX_THREADS] = { 0 }, nocap;
	uint64_t start, nocap_calls;
	int leaks;

	parse_args(argc, argv);
	init_fds();
	read_kinfo();
	printf("hbfuzz: seed %llu, %llu calls, %u thread%s%s\n",
	       (unsigned long long)env.seed, (unsigned long long)env.calls,
	       env.threads, env.threads > 1 ? "s" : "",
	       env.threads > 1 ? " (--seed replays one thread only)" : "");
	start = now_ns();
	deadline = env.seconds ? start + env.seconds * 1000000000ULL : 0;
	init_threads(th, &nocap);
	open_pagemap(&th[0]);

	setup_map();
	nocap_calls = MIN(env.calls / 50, 2000);
	if (nocap_calls)
		run_nocap(&nocap, nocap_calls);
	run_threads(th);

	leaks = check_no_trace();
	check_buffers(th);
	print_outcomes();
	printf("hbfuzz: %llu migrates moved %llu pages (%llu PMD folios whole), %llu fault reads took %llu records, %llu of %llu pokes of claimed chunks got ENOENT; buffer pages seen home: %llu after MIGRATE, %llu after UNMAP or close, %llu faulted by %llu touches; %llu verifies of chunks that lent pages (%llu found pages lent, or left of PMD folios)\n",
	       (unsigned long long)atomic_load(&stats->migrates),
	       (unsigned long long)atomic_load(&stats->moved),
	       (unsigned long long)atomic_load(&stats->thp),
	       (unsigned long long)atomic_load(&stats->freads),
	       (unsigned long long)atomic_load(&stats->records),
	       (unsigned long long)atomic_load(&stats->pokes_hidden),
	       (unsigned long long)atomic_load(&stats->pokes),
	       (unsigned long long)atomic_load(&stats->homed),
	       (unsigned long long)atomic_load(&stats->evicted),
	       (unsigned long long)atomic_load(&stats->faulted),
	       (unsigned long long)atomic_load(&stats->touches),
	       (unsigned long long)atomic_load(&stats->lent_verifies),
	       (unsigned long long)atomic_load(&stats->lent_bad));
	printf("hbfuzz: %llu mirrors of %llu pages, %llu retried (a race), %llu device-private pages found\n",
	       (unsigned long long)atomic_load(&stats->mirrors),
	       (unsigned long long)atomic_load(&stats->mirrored),
	       (unsigned long long)atomic_load(&stats->mirror_retries),
	       (unsigned long long)atomic_load(&stats->mirror_devpriv));
	printf("hbfuzz: %llu calls (seed %llu) in %llu s: %llu maps, %llu unmaps, %llu verifies, %llu rooflines (%llu copies), %llu migrates, %llu fault reads, %llu contract violations\n",
	       (unsigned long long)atomic_load(&stats->calls),
	       (unsigned long long)env.seed,
	       (unsigned long long)((now_ns() - start + 500000000) / 1000000000),
	       (unsigned long long)atomic_load(&stats->maps),
	       (unsigned long long)atomic_load(&stats->unmaps),
	       (unsigned long long)atomic_load(&stats->verifies),
	       (unsigned long long)atomic_load(&stats->roofs),
	       (unsigned long long)atomic_load(&stats->copies),
	       (unsigned long long)atomic_load(&stats->migrates),
	       (unsigned long long)atomic_load(&stats->freads),
	       (unsigned long long)atomic_load(&stats->violations));
	return atomic_load(&stats->violations) || leaks ? 1 : 0;
}
