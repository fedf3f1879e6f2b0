// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest's cases of WATCH and WATCH_READ: the calls of memremap_pages()
 * and memunmap_pages() a descriptor sees (its own MAPs, other kinds of
 * pgmap), the errors, readers racing, a restart or close in the middle of
 * a call, and a reply buffer that faults.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/hmmbench.h>

#include "check.h"
#include "guest.h"
#include "hbtest.h"

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
void case_watch_own_map(void)
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
void case_watch_other_kinds(void)
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
void case_watch_errors(void)
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
void case_watch_race(void)
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
void case_watch_restart_mid_init(void)
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
void case_watch_close_mid_call(void)
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
void case_watch_reply_efault(void)
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
