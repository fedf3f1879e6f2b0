// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: kernel/explain.c - the sentence for every errno of
 * every request, and the check of a MAP before it is asked.  One test per
 * (request, errno, situation), generated from a table; each checks the
 * part of the sentence that tells the user what to do.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/explain.h"
#include "kernel/host.h"

#define GIB	(1ULL << 30)

static const struct hmmbench_info info = {
	.abi_version = 2,	/* as a mismatching module reports it */
	.page_size = 4096,
	.struct_page_size = 64,
	.size_align = 128ULL << 20,
	.min_size = 128ULL << 20,
	.max_size = 64 * GIB,
	.budget = GIB,
	.mem_available = 3 * GIB,
	.reserve = 2 * GIB,
	.nr_nodes = 1,
	.phys_window_start = GIB,
	.phys_window_end = 257 * GIB - 1,
};

struct msg_case {
	const char *name;
	enum hb_dev_op op;
	int err;
	uint64_t length;
	int node;
	unsigned int chunks;
	bool no_info;
	const char *path;	/* --device; NULL: the default */
	const char *want;	/* a substring, or the whole with '=' first */
	uint32_t features;	/* the module's, beside info's */
	bool thp;		/* MIGRATE: --thp */
	uint32_t batch;		/* MIGRATE: --batch */
	uint32_t direction;	/* MIGRATE: 0 is TO_DEVICE */
};

static const struct msg_case cases[] = {
	/* the load command is the machine's: load_command_is_this_machines */
	{ "open ENOENT says how to load the module or use the VM", HB_OP_OPEN, ENOENT,
	  .want = "/dev/hmmbench not found: load the module (sudo " },
	{ "open EACCES says run as root", HB_OP_OPEN, EACCES,
	  .want = "=opening /dev/hmmbench needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ..." },
	{ "open EPERM says run as root", HB_OP_OPEN, EPERM, .want = "needs root" },
	{ "open EACCES names the --device given", HB_OP_OPEN, EACCES, .path = "/dev/hb1",
	  .want = "=opening /dev/hb1 needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ..." },
	{ "open ENXIO says reload the module", HB_OP_OPEN, ENXIO, .want = "exists but no driver answers it: reload the module" },
	{ "open ENODEV says reload the module", HB_OP_OPEN, ENODEV, .want = "reload the module" },
	{ "open other errno names it", HB_OP_OPEN, EMFILE, .want = "=cannot open /dev/hmmbench: Too many open files" },
	{ "info ENOTTY says rebuild the module", HB_OP_INFO, ENOTTY, .want = "does not understand the hmmbench INFO request: it is not the hmmbench module or a different version; rebuild and reload" },
	{ "info E2BIG says the module is older", HB_OP_INFO, E2BIG, .want = "older than this hmmbench and refuses its INFO request: rebuild" },
	{ "info EINVAL says module and cli do not match", HB_OP_INFO, EINVAL, .want = "refused the INFO request as invalid, so it does not match this hmmbench: rebuild" },
	{ "info EPROTO names both ABI versions", HB_OP_INFO, EPROTO, .want = "speaks ABI version 2 and this hmmbench speaks 1: rebuild" },
	{ "info EFAULT is a bug to report", HB_OP_INFO, EFAULT, .want = "bug in hmmbench, please report it" },
	{ "info EINTR says try again", HB_OP_INFO, EINTR, .want = "interrupted while waiting for another hmmbench measurement to finish: try again" },
	{ "info EPERM says run as root", HB_OP_INFO, EPERM, .want = "needs root" },
	{ "info other errno names it", HB_OP_INFO, EIO, .want = "=asking /dev/hmmbench for its INFO failed: Input/output error" },
	{ "map ENOMEM gives the budget numbers", HB_OP_MAP, ENOMEM, 128 * GIB,
	  .want = "=a 128G chunk needs 2 GiB of struct pages but the module's budget allows 1 GiB now (MemAvailable 3 GiB minus a reserve of 2 GiB), so it takes multiples of 128 MiB (128M), the memory section size, up to 64 GiB (64G), the most its memory budget allows now: use a smaller --size or fewer --chunks, or give the machine more memory (in the VM: vm/run --mem 8G ...)" },
	{ "map ENOMEM counts all chunks", HB_OP_MAP, ENOMEM, 32 * GIB, -1, 4, .want = "4 chunks of 32G need 2 GiB of struct pages" },
	{ "map ENOMEM of several chunks names the largest of each", HB_OP_MAP, ENOMEM, 32 * GIB, -1, 4,
	  .want = "so it takes multiples of 128 MiB (128M), the memory section size, up to 16 GiB (16G) each for 4 chunks, the most its memory budget allows now" },
	{ "map ENOMEM without info still says what to do", HB_OP_MAP, ENOMEM, 64 * GIB, .no_info = true, .want = "use a smaller --size or fewer --chunks" },
	{ "map ENOSPC names the window", HB_OP_MAP, ENOSPC, 64 * GIB, .want = "=no free physical address range of 64G is left in the window chunks come from (0x40000000-0x403fffffff): use a smaller --size or fewer --chunks" },
	{ "map ENOSPC without info says no physical address range", HB_OP_MAP, ENOSPC, 64 * GIB, .no_info = true, .want = "=no free physical address range of 64G is left for device memory: use a smaller --size or fewer --chunks" },
	{ "map EINVAL above the window names it", HB_OP_MAP, EINVAL, 512 * GIB, -1,
	  .want = "=512G is larger than the 256 GiB physical window chunks come from (0x40000000-0x403fffffff, the addresses whose struct pages this kernel can map): use a smaller --size" },
	{ "map EOPNOTSUPP points to info", HB_OP_MAP, EOPNOTSUPP, 64 * GIB, .want = "see the features in hmmbench info" },
	{ "map EINVAL unaligned names the section size and the budget's largest chunk", HB_OP_MAP, EINVAL, 100ULL << 20,
	  .want = "=100M is not a chunk size this kernel takes: the module takes multiples of 128 MiB (128M), the memory section size, up to 64 GiB (64G), the most its memory budget allows now" },
	{ "map EINVAL offline node names the node count", HB_OP_MAP, EINVAL, GIB, 3, .want = "NUMA node 3 is not online: this machine has 1 online node(s)" },
	{ "map EINVAL otherwise suggests size or node", HB_OP_MAP, EINVAL, 64 * GIB, -1, .want = "refused a 64G chunk as invalid" },
	{ "map EPERM says run as root", HB_OP_MAP, EPERM, GIB, .want = "=creating and destroying chunks through /dev/hmmbench needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench ..." },
	{ "map EPERM names the --device given", HB_OP_MAP, EPERM, GIB, .path = "/dev/hb1", .want = "through /dev/hb1 needs root" },
	{ "map EACCES says run as root", HB_OP_MAP, EACCES, GIB, .want = "needs root" },
	{ "map ENOTTY says rebuild the module", HB_OP_MAP, ENOTTY, GIB, .want = "does not understand the hmmbench MAP request" },
	{ "map E2BIG says the module is older", HB_OP_MAP, E2BIG, GIB, .want = "refuses its MAP request" },
	{ "map EFAULT is a bug to report", HB_OP_MAP, EFAULT, GIB, .want = "could not access the MAP request" },
	{ "map EINTR says try again", HB_OP_MAP, EINTR, GIB, .want = "try again" },
	{ "map EPROTO is a zero handle", HB_OP_MAP, EPROTO, GIB, .want = "chunk handle 0, which the ABI forbids" },
	{ "map other errno names it", HB_OP_MAP, EBUSY, 64 * GIB, .want = "=mapping a 64G chunk failed: Device or resource busy" },
	{ "unmap ENOENT is a bug to report", HB_OP_UNMAP, ENOENT, .want = "knows no chunk 5 on this file descriptor: this is a bug in hmmbench" },
	{ "unmap EINVAL says rebuild", HB_OP_UNMAP, EINVAL, .want = "refused to unmap chunk 5 as invalid" },
	{ "unmap EPERM says run as root", HB_OP_UNMAP, EPERM, .want = "needs root" },
	{ "unmap other errno names it", HB_OP_UNMAP, EIO, .want = "=unmapping chunk 5 failed: Input/output error" },
	{ "verify ENOTTY says load a newer module", HB_OP_VERIFY, ENOTTY,
	  .want = "=the hmmbench module behind /dev/hmmbench does not support verify (no HMMBENCH_FEAT_VERIFY): load a newer one, built from the same tree as this hmmbench" },
	{ "verify EOPNOTSUPP says load a newer module", HB_OP_VERIFY, EOPNOTSUPP, .path = "/dev/hb1",
	  .want = "=the hmmbench module behind /dev/hb1 does not support verify (no HMMBENCH_FEAT_VERIFY): load a newer one, built from the same tree as this hmmbench" },
	{ "verify EPERM says run as root", HB_OP_VERIFY, EPERM,
	  .want = "=reading back struct pages through /dev/hmmbench needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench verify ..." },
	{ "verify ENOENT is a bug to report", HB_OP_VERIFY, ENOENT, .want = "=the module knows no chunk 5 to verify on this file descriptor: this is a bug in hmmbench, please report it" },
	{ "verify EINVAL says rebuild", HB_OP_VERIFY, EINVAL, .want = "refused to verify chunk 5 as invalid, so it does not match this hmmbench: rebuild" },
	{ "verify EINTR says try again", HB_OP_VERIFY, EINTR, .want = "=interrupted while waiting for another hmmbench measurement to finish: try again when it is done" },
	{ "verify EFAULT is a bug to report", HB_OP_VERIFY, EFAULT, .want = "could not access the VERIFY request (bad address): this is a bug in hmmbench" },
	{ "verify E2BIG says the module is older", HB_OP_VERIFY, E2BIG, .want = "refuses its VERIFY request: rebuild" },
	{ "verify other errno names it", HB_OP_VERIFY, EIO, .want = "=verifying chunk 5 failed: Input/output error" },
	{ "migrate EOPNOTSUPP says the module cannot migrate", HB_OP_MIGRATE, EOPNOTSUPP, GIB,
	  .want = "=the hmmbench module behind /dev/hmmbench cannot migrate pages (no HMMBENCH_FEAT_MIGRATE): the kernel lacks device migration (CONFIG_DEVICE_PRIVATE and CONFIG_MIGRATION) or the module is older than this hmmbench; hmmbench info shows its features" },
	{ "migrate ENOTTY says the module cannot migrate", HB_OP_MIGRATE, ENOTTY, GIB, .path = "/dev/hb1",
	  .want = "the hmmbench module behind /dev/hb1 cannot migrate pages (no HMMBENCH_FEAT_MIGRATE)" },
	{ "migrate EOPNOTSUPP of --thp says leave it out", HB_OP_MIGRATE, EOPNOTSUPP, GIB,
	  .features = HMMBENCH_FEAT_MIGRATE, .thp = true,
	  .want = "=the hmmbench module behind /dev/hmmbench cannot migrate whole PMD-sized folios on this kernel (no HMMBENCH_FEAT_MIGRATE_THP: that needs transparent huge pages and MIGRATE_VMA_SELECT_COMPOUND): leave out --thp, and hmmbench migrates base pages" },
	{ "migrate EOPNOTSUPP of --thp without migrate says the module cannot migrate", HB_OP_MIGRATE, EOPNOTSUPP, GIB,
	  .thp = true, .want = "cannot migrate pages (no HMMBENCH_FEAT_MIGRATE)" },
	{ "migrate EINVAL of a batch of part of a PMD names the multiple", HB_OP_MIGRATE, EINVAL, GIB,
	  .thp = true, .batch = 100,
	  .want = "=--batch 100 is not a multiple of a PMD's 512 pages, which migrating THPs needs: use a multiple of 512, or --no-thp" },
	{ "migrate EINVAL with --batch says leave it out", HB_OP_MIGRATE, EINVAL, GIB, .batch = 64,
	  .want = "=the module refused to migrate 1G to the device with --batch 64 as invalid: leave out --batch for the kernel's default, or rebuild and reload driver/hmmbench.ko from the same tree as this hmmbench" },
	{ "migrate EINVAL without --batch says rebuild", HB_OP_MIGRATE, EINVAL, GIB,
	  .want = "=the module refused to migrate 1G to the device as invalid, so it does not match this hmmbench: rebuild and reload driver/hmmbench.ko from the same tree as this hmmbench" },
	{ "migrate ENOENT is a bug to report", HB_OP_MIGRATE, ENOENT, GIB,
	  .want = "=the module knows no chunk 5 to migrate pages with on this file descriptor, or another thread is migrating or verifying it: this is a bug in hmmbench, please report it" },
	{ "migrate ENOMEM says free memory or migrate less", HB_OP_MIGRATE, ENOMEM, GIB, .direction = HMMBENCH_MIGRATE_TO_SYSTEM,
	  .want = "=the module ran out of memory for the device's bookkeeping while migrating 1G back to system memory: free memory, or use a smaller --size or --batch" },
	{ "migrate EPERM says run as root", HB_OP_MIGRATE, EPERM, GIB,
	  .want = "=migrating pages through /dev/hmmbench needs root (CAP_SYS_ADMIN): run hmmbench as root, e.g. sudo hmmbench migrate ..." },
	{ "migrate EFAULT is a bug to report", HB_OP_MIGRATE, EFAULT, GIB, .want = "could not access the MIGRATE request (bad address): this is a bug in hmmbench" },
	{ "migrate other errno names the direction", HB_OP_MIGRATE, EIO, 256ULL << 20, .direction = HMMBENCH_MIGRATE_TO_SYSTEM,
	  .want = "=migrating 256M back to system memory failed: Input/output error" },
	{ "fault read EOPNOTSUPP says the module cannot migrate", HB_OP_FAULT_READ, EOPNOTSUPP,
	  .want = "cannot migrate pages (no HMMBENCH_FEAT_MIGRATE)" },
	{ "fault read ENOENT is a bug to report", HB_OP_FAULT_READ, ENOENT,
	  .want = "=the module knows no chunk 5 whose faults to read on this file descriptor: this is a bug in hmmbench, please report it" },
	{ "fault read EINVAL says rebuild", HB_OP_FAULT_READ, EINVAL,
	  .want = "refused to hand out its fault records as invalid, so it does not match this hmmbench: rebuild" },
	{ "fault read EPERM says run as root", HB_OP_FAULT_READ, EPERM, .want = "e.g. sudo hmmbench migrate ..." },
	{ "fault read E2BIG says the module is older", HB_OP_FAULT_READ, E2BIG, .want = "refuses its FAULT_READ request: rebuild" },
	{ "fault read other errno names it", HB_OP_FAULT_READ, EIO,
	  .want = "=reading the fault records of chunk 5 failed: Input/output error" },
};

#define NR_CASES	(sizeof(cases) / sizeof(cases[0]))

static void check_message(void **state)
{
	const struct msg_case *c = *state;
	struct hmmbench_info i = info;
	struct hb_dev_ctx ctx = {
		.length = c->length,
		.node = c->node ? c->node : HMMBENCH_NODE_LOCAL,
		.chunks = c->chunks ? c->chunks : 1,
		.handle = 5,
		.info = c->no_info ? NULL : &i,
		.path = c->path,
		.bytes = c->length,
		.direction = c->direction ? c->direction :
					    HMMBENCH_MIGRATE_TO_DEVICE,
		.batch = c->batch,
		.thp = c->thp,
	};
	char buf[512], neg[512];

	i.features |= c->features;
	hb_dev_explain(buf, sizeof(buf), c->op, c->err, &ctx);
	if (c->want[0] == '=')
		assert_string_equal(buf, c->want + 1);
	else if (!strstr(buf, c->want))
		fail_msg("\"%s\" lacks \"%s\"", buf, c->want);
	assert_null(strchr(buf, '\n'));
	assert_true(strlen(buf) < sizeof(buf) - 1);
	/* Negated errno values, as the client returns them, read the same. */
	hb_dev_explain(neg, sizeof(neg), c->op, -c->err, &ctx);
	assert_string_equal(buf, neg);
}

/* A kernel whose sections are 128 MiB but that aligns to 2 MiB. */
static const struct hmmbench_info small_align = {
	.page_size = 4096,
	.struct_page_size = 64,
	.size_align = 2ULL << 20,
	.min_size = 128ULL << 20,
	.max_size = 64 * GIB,
	.budget = GIB,
	.nr_nodes = 1,
};

static int check(uint64_t length, unsigned int chunks, int node,
		 const struct hmmbench_info *i)
{
	struct hb_dev_ctx ctx = {
		.length = length, .chunks = chunks, .node = node, .info = i,
	};

	return hb_dev_check(&ctx);
}

/* --size 100M passed the CLI and was refused by the module. */
static void check_refuses_what_the_module_would(void **state)
{
	const int local = HMMBENCH_NODE_LOCAL;

	(void)state;
	assert_int_equal(check(100ULL << 20, 1, local, &small_align), -EINVAL);
	assert_int_equal(check(128ULL << 20, 1, local, &small_align), 0);
	assert_int_equal(check(130ULL << 20, 1, local, &small_align), 0);
	assert_int_equal(check(100ULL << 20, 1, local, &info), -EINVAL);
	assert_int_equal(check(GIB, 1, 1, &info), -EINVAL);
	assert_int_equal(check(GIB, 1, local, &info), 0);
	/* 64 GiB costs 1 GiB of struct pages: the whole budget */
	assert_int_equal(check(64 * GIB, 1, local, &info), 0);
	assert_int_equal(check(64 * GIB, 2, local, &info), -ENOMEM);
	assert_int_equal(check(128 * GIB, 1, local, &small_align), -ENOMEM);
}

static void below_the_minimum_names_it(void **state)
{
	struct hb_dev_ctx ctx = {
		.length = 100ULL << 20, .chunks = 1,
		.node = HMMBENCH_NODE_LOCAL, .info = &small_align,
	};
	char buf[512];

	(void)state;
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					   EINVAL, &ctx),
			    "100M is below the smallest chunk this kernel takes, 128 MiB (128M): the module takes multiples of 2 MiB (2M) from 128 MiB (128M) up to 64 GiB (64G), the most its memory budget allows now");
}

/*
 * With compound pages too, the size is what the module refuses first: a
 * size it takes, and only then the compound pages.
 */
static void compound_refusal_comes_after_the_size(void **state)
{
	struct hb_dev_ctx ctx = {
		.length = 64ULL << 20, .chunks = 1, .vmemmap_shift = 4,
		.node = HMMBENCH_NODE_LOCAL, .info = &info,
	};
	char buf[512];

	(void)state;
	assert_non_null(strstr(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					      EINVAL, &ctx),
			       "64M is not a chunk size this kernel takes"));
	ctx.length = 128ULL << 20;
	assert_non_null(strstr(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					      EINVAL, &ctx),
			       "the kernel refuses 64K compound pages"));
}

/* A budget too small for one section: no size would do now. */
static void size_refusal_says_when_the_budget_allows_no_chunk(void **state)
{
	struct hmmbench_info i = info;
	struct hb_dev_ctx ctx = {
		.length = 100ULL << 20, .chunks = 1,
		.node = HMMBENCH_NODE_LOCAL, .info = &i,
	};
	char buf[512];

	(void)state;
	i.max_size = 0;
	i.budget = 1ULL << 20;
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					   EINVAL, &ctx),
			    "100M is not a chunk size this kernel takes: the module takes multiples of 128 MiB (128M), the memory section size, but its memory budget allows none now");
	ctx.length = GIB;
	ctx.chunks = 2;
	assert_int_equal(hb_dev_check(&ctx), -ENOMEM);
	assert_non_null(strstr(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					      ENOMEM, &ctx),
			       "so it takes multiples of 128 MiB (128M), the memory section size, but its memory budget allows none each for 2 chunks now: use a smaller --size"));
}

/* A distribution kernel: ZONE_DEVICE, but no DEVICE_PRIVATE to map. */
static void map_without_device_private_names_the_option(void **state)
{
	struct hmmbench_info i = info;
	struct hb_dev_ctx ctx = {
		.length = GIB, .chunks = 1, .node = HMMBENCH_NODE_LOCAL,
		.info = &i,
	};
	char buf[512];

	(void)state;
	i.features = HMMBENCH_FEAT_PHASE_PROBE | HMMBENCH_FEAT_NO_DEVICE_PRIVATE;
	snprintf(i.kernel_release, sizeof(i.kernel_release), "6.1.0-57-amd64");
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_MAP,
					   EOPNOTSUPP, &ctx),
			    "this kernel (6.1.0-57-amd64) is built without CONFIG_DEVICE_PRIVATE, so it has no device-private memory to map: boot one with it (make run does, in a VM)");
}

/* A distribution kernel: nothing to migrate pages to, whatever asked. */
static void migrate_without_device_private_names_the_option(void **state)
{
	struct hmmbench_info i = info;
	struct hb_dev_ctx ctx = { .bytes = GIB, .thp = true, .info = &i };
	char buf[512];

	(void)state;
	i.features = HMMBENCH_FEAT_NO_DEVICE_PRIVATE;
	snprintf(i.kernel_release, sizeof(i.kernel_release), "6.1.0-57-amd64");
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_MIGRATE,
					   EOPNOTSUPP, &ctx),
			    "this kernel (6.1.0-57-amd64) is built without CONFIG_DEVICE_PRIVATE, so it has no device memory to migrate pages to: boot one with it (make run does, in a VM)");
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_FAULT_READ,
					   ENOTTY, &ctx),
			    "this kernel (6.1.0-57-amd64) is built without CONFIG_DEVICE_PRIVATE, so it has no device memory to migrate pages to: boot one with it (make run does, in a VM)");
}

/*
 * How to load or reload the module is what hb_host_module_load_cmd()
 * finds for this machine (test_host.c tries both answers).
 */
static void load_command_is_this_machines(void **state)
{
	const char *cmd = hb_host_module_load_cmd();
	struct hb_dev_ctx ctx = { .path = NULL };
	char buf[512], want[512];

	(void)state;
	snprintf(want, sizeof(want), "/dev/hmmbench not found: load the module (%s) or run in the VM with vm/run -- hmmbench ...",
		 cmd);
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_OPEN,
					   ENOENT, &ctx), want);
	snprintf(want, sizeof(want), "/dev/hmmbench exists but no driver answers it: reload the module (sudo rmmod hmmbench; %s)",
		 cmd);
	assert_string_equal(hb_dev_explain(buf, sizeof(buf), HB_OP_OPEN,
					   ENXIO, &ctx), want);
}

#define NR_EXTRA	7

int main(void)
{
	struct CMUnitTest tests[NR_CASES + NR_EXTRA] = {
		[NR_CASES] = cmocka_unit_test(check_refuses_what_the_module_would),
		[NR_CASES + 1] = cmocka_unit_test(below_the_minimum_names_it),
		[NR_CASES + 2] = cmocka_unit_test(map_without_device_private_names_the_option),
		[NR_CASES + 3] = cmocka_unit_test(load_command_is_this_machines),
		[NR_CASES + 4] = cmocka_unit_test(migrate_without_device_private_names_the_option),
		[NR_CASES + 5] = cmocka_unit_test(size_refusal_says_when_the_budget_allows_no_chunk),
		[NR_CASES + 6] = cmocka_unit_test(compound_refusal_comes_after_the_size),
	};
	size_t i;

	for (i = 0; i < NR_CASES; i++) {
		tests[i] = (struct CMUnitTest){
			.name = cases[i].name,
			.test_func = check_message,
			.initial_state = (void *)&cases[i],
		};
	}
	return _cmocka_run_group_tests("explain", tests, NR_CASES + NR_EXTRA,
				       NULL, NULL);
}
