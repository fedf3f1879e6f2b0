// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest's cases of MAP and UNMAP under pressure: racing each other and
 * a thread that flips the struct's protection, interrupted by signals
 * (SIGSTOP and SIGCONT mid-call, SIGKILL mid-MAP), four processes at once,
 * and the memory budget drained until MAP refuses.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
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
#include "hbtest.h"

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
void case_map_unmap_race(void)
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
void case_map_wait_restarts(void)
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
void case_sigkill_mid_map(void)
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
void case_four_processes(void)
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

/*
 * Chunks are mapped until the budget refuses one with ENOMEM; once they
 * are released, as many can be mapped again.  The reserve is raised so
 * that the budget holds five and a half chunks of a 300 ms MAP.
 */
void case_budget_exhaust(void)
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
