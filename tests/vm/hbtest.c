// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest: driver scenarios against the real /dev/hmmbench, run in the VM.
 * Each case drives the raw ioctl ABI (including malformed structs the CLI
 * never sends) and checks the errno, the timings and that nothing is left
 * behind in /proc/iomem or the live chunk count.
 *
 * usage: hbtest list | hbtest CASE
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>

#include <linux/hmmbench.h>

#define GIB (1ULL << 30)
#define MIB (1ULL << 20)

static int failures;

#define CHECK(cond, ...) check((cond), #cond, __LINE__, __VA_ARGS__)

static bool check(bool ok, const char *expr, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	failures++;
	fprintf(stderr, "hbtest:%d: check failed: %s: ", line, expr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

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

static void case_info_values(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);

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
	CHECK(!(info.features & HMMBENCH_FEAT_FOLIO_FREE), "folio_free on 6.1");
	CHECK(strncmp(info.kernel_release, "6.1", 3) == 0, "release %s",
	      info.kernel_release);
	CHECK(info.nr_nodes >= 1, "nodes %u", info.nr_nodes);
	check_no_trace(fd);
	close(fd);
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

static void case_map_1g(void)
{
	int fd = open_dev();

	map_unmap_checked(fd, GIB);
	check_no_trace(fd);
	close(fd);
}

static void case_map_64g_twice(void)
{
	int fd = open_dev();

	map_unmap_checked(fd, 64 * GIB);
	map_unmap_checked(fd, 64 * GIB);
	check_no_trace(fd);
	close(fd);
}

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

static void case_vmemmap_shift(void)
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
	map.vmemmap_shift = 63;
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

static void case_bad_size_zero(void)
{
	struct hmmbench_map map = good_map(0);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

static void case_bad_size_unaligned(void)
{
	struct hmmbench_map map = good_map(GIB + 4096);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	map = good_map(64 * MIB);
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

static void case_bad_size_over_budget(void)
{
	int fd = open_dev();
	struct hmmbench_info info = get_info(fd);
	struct hmmbench_map map = good_map(info.max_size + info.size_align);

	expect_map_errno(fd, &map, ENOMEM);
	close(fd);
}

static void case_bad_size_overflow(void)
{
	struct hmmbench_map map = good_map(~0ULL - 128 * MIB + 1);
	int fd = open_dev();

	expect_map_errno(fd, &map, EINVAL);
	map = good_map(~0ULL);
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

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

static void case_bad_reserved(void)
{
	struct hmmbench_map map = good_map(GIB);
	int fd = open_dev();

	map.__reserved = 1;
	expect_map_errno(fd, &map, EINVAL);
	close(fd);
}

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

static int drop_cap_sys_admin(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	data[0].effective &= ~(1U << CAP_SYS_ADMIN);
	return syscall(SYS_capset, &hdr, data) ? -1 : 0;
}

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
		CHECK(xioctl(fd, HMMBENCH_IOC_INFO, &info) == 0, "INFO");
		_exit(failures ? 1 : 0);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child without CAP_SYS_ADMIN: status %#x", status);
	check_no_trace(fd);
	close(fd);
}

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

struct test_case {
	const char *name;
	void (*fn)(void);
};

static const struct test_case cases[] = {
	{ "info-values", case_info_values },
	{ "map-1g", case_map_1g },
	{ "map-64g-twice", case_map_64g_twice },
	{ "map-two-64g-chunks", case_map_two_64g_chunks },
	{ "map-vmemmap-shift", case_vmemmap_shift },
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
};

/* Cases that need the module loaded with other parameters: not listed. */
static const struct test_case unlisted_cases[] = {
	{ "phase-probe-off", case_phase_probe_off },
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
