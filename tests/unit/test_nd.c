// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the libnvdimm namespace layer on a fake /sys and
 * /proc built in a temporary directory, laid out as Debian's 6.1 kernel
 * shows an emulated NVDIMM (ACPI NFIT, no labels) after `ndctl
 * create-namespace` in each mode: what a namespace is (nd.c), who holds
 * it (nd_holders.c), unbind and bind (nd_bind.c), and the rules of
 * reconfiguring it (nd_reconfigure.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "kernel/nd.h"
#include "kernel/nd_bind.h"
#include "kernel/nd_holders.h"
#include "kernel/nd_reconfigure.h"

#define GIB		(1ULL << 30)
#define REGION0		"/sys/devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0012:00/ndbus0/region0"
/* from sys/devices/.../region0/DEV, as the kernel's driver links go */
#define TO_DRIVERS	"../../../../../../../bus/nd/drivers/"

struct tree {
	char root[64];
};

/* mkdir -p of the directory holding @path. */
static void mkparents(const char *path)
{
	char dir[PATH_MAX], *p;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = strchr(dir + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			fail_msg("mkdir %s: %s", dir, strerror(errno));
		*p = '/';
	}
}

static void put(struct tree *t, const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	mkparents(path);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void link_to(struct tree *t, const char *rel, const char *target)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	mkparents(path);
	assert_int_equal(symlink(target, path), 0);
}

static void mkdirs(struct tree *t, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s%s/", t->root, rel);
	mkparents(path);
}

/* A device of region0, linked from /sys/bus/nd/devices. */
static void nd_dev(struct tree *t, const char *dev, const char *devtype)
{
	char rel[PATH_MAX], target[PATH_MAX];

	snprintf(rel, sizeof(rel), REGION0 "/%s/devtype", dev);
	snprintf(target, sizeof(target), "%s\n", devtype);
	put(t, rel, target);
	snprintf(rel, sizeof(rel), "/sys/bus/nd/devices/%s", dev);
	snprintf(target, sizeof(target),
		 "../../../devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0012:00/ndbus0/region0/%s",
		 dev);
	link_to(t, rel, target);
}

static void nd_attr(struct tree *t, const char *dev, const char *attr,
		    const char *text)
{
	char rel[PATH_MAX];

	snprintf(rel, sizeof(rel), REGION0 "/%s/%s", dev, attr);
	put(t, rel, text);
}

static void bind_driver(struct tree *t, const char *dev, const char *driver)
{
	char rel[PATH_MAX], target[PATH_MAX];

	snprintf(rel, sizeof(rel), REGION0 "/%s/driver", dev);
	snprintf(target, sizeof(target), TO_DRIVERS "%s", driver);
	link_to(t, rel, target);
}

/* The disk a bound fsdax or raw device makes, and /sys/block's link. */
static void disk(struct tree *t, const char *dev, const char *name)
{
	char rel[PATH_MAX], target[PATH_MAX];

	snprintf(rel, sizeof(rel), REGION0 "/%s/block/%s/dev", dev, name);
	put(t, rel, "259:0\n");
	snprintf(rel, sizeof(rel), REGION0 "/%s/block/%s/holders", dev, name);
	mkdirs(t, rel);
	snprintf(rel, sizeof(rel), "/sys/block/%s", name);
	snprintf(target, sizeof(target),
		 "../devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0012:00/ndbus0/region0/%s/block/%s",
		 dev, name);
	link_to(t, rel, target);
}

/* What every tree has: the bus, its drivers, region0, the seeds, /proc. */
static void base(struct tree *t)
{
	snprintf(t->root, sizeof(t->root), "/tmp/hb-nd-XXXXXX");
	assert_non_null(mkdtemp(t->root));
	put(t, "/sys/bus/nd/drivers/nd_pmem/bind", "");
	put(t, "/sys/bus/nd/drivers/nd_pmem/unbind", "");
	put(t, "/sys/bus/nd/drivers/dax_pmem/bind", "");
	put(t, "/sys/bus/nd/drivers/dax_pmem/unbind", "");
	nd_dev(t, "region0", "nd_pmem");
	nd_dev(t, "btt0.0", "nd_btt");
	nd_dev(t, "dax0.1", "nd_dax");
	nd_attr(t, "dax0.1", "mode", "none\n");
	nd_dev(t, "pfn0.1", "nd_pfn");
	nd_attr(t, "pfn0.1", "mode", "none\n");
	nd_dev(t, "namespace0.0", "nd_namespace_io");
	nd_attr(t, "namespace0.0", "size", "4294967296\n");
	nd_attr(t, "namespace0.0", "resource", "0x140000000\n");
	nd_attr(t, "namespace0.0", "nstype", "4\n");
	put(t, "/proc/self/mountinfo",
	    "1 1 0:2 / / rw - rootfs rootfs rw,size=444456k\n"
	    "21 1 0:19 / /proc rw,relatime - proc proc rw\n"
	    "23 1 0:5 / /dev rw,relatime - devtmpfs devtmpfs rw,mode=755\n");
	put(t, "/proc/1/comm", "init\n");
	link_to(t, "/proc/1/fd/0", "/dev/console");
	put(t, "/proc/1/maps",
	    "00400000-00401000 r--p 00000000 00:02 14   /bin/busybox\n");
}

/* `ndctl create-namespace -m fsdax --map MAP`: pfn0.0 claims it. */
static void fsdax(struct tree *t, const char *map)
{
	base(t);
	nd_attr(t, "namespace0.0", "mode", "memory\n");
	nd_attr(t, "namespace0.0", "holder", "pfn0.0\n");
	nd_dev(t, "pfn0.0", "nd_pfn");
	nd_attr(t, "pfn0.0", "mode", map);
	nd_attr(t, "pfn0.0", "align", "2097152\n");
	nd_attr(t, "pfn0.0", "namespace", "namespace0.0\n");
	bind_driver(t, "pfn0.0", "nd_pmem");
	disk(t, "pfn0.0", "pmem0");
}

/* `ndctl create-namespace -m devdax --align 2M`: dax0.0 claims it. */
static void devdax(struct tree *t)
{
	base(t);
	nd_attr(t, "namespace0.0", "mode", "dax\n");
	nd_attr(t, "namespace0.0", "holder", "dax0.0\n");
	nd_dev(t, "dax0.0", "nd_dax");
	nd_attr(t, "dax0.0", "mode", "pmem\n");
	nd_attr(t, "dax0.0", "align", "2097152\n");
	nd_attr(t, "dax0.0", "namespace", "namespace0.0\n");
	nd_attr(t, "dax0.0", "dax0.0/dev", "252:0\n");
	mkdirs(t, REGION0 "/dax0.0/dax_region");
	bind_driver(t, "dax0.0", "dax_pmem");
}

/* `ndctl create-namespace -m raw`: nd_pmem binds the namespace. */
static void raw(struct tree *t)
{
	base(t);
	nd_attr(t, "namespace0.0", "mode", "raw\n");
	nd_attr(t, "namespace0.0", "holder", "\n");
	bind_driver(t, "namespace0.0", "nd_pmem");
	disk(t, "namespace0.0", "pmem0");
}

static void cleanup(struct tree *t)
{
	char cmd[PATH_MAX];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->root);
	assert_int_equal(system(cmd), 0);
}

static void find_ok(struct tree *t, struct hb_nd_ns *ns)
{
	char err[256] = "";

	assert_int_equal(hb_nd_find(t->root, "namespace0.0", ns, err,
				    sizeof(err)), 0);
	assert_string_equal(err, "");
}

static void fsdax_map_mem_is_bound_through_its_pfn(void **state)
{
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	fsdax(&t, "ram\n");
	find_ok(&t, &ns);
	assert_string_equal(ns.name, "namespace0.0");
	assert_string_equal(ns.region, "region0");
	assert_int_equal(ns.start, 0x140000000ULL);
	assert_int_equal(ns.size, 4 * GIB);
	assert_int_equal(ns.mode, HB_ND_FSDAX);
	assert_string_equal(hb_nd_mode_name(ns.mode), "fsdax");
	assert_int_equal(ns.map, HB_ND_MAP_MEM);
	assert_int_equal(ns.align, 2 << 20);
	assert_true(ns.pages);
	assert_string_equal(ns.dev, "pfn0.0");
	assert_string_equal(ns.driver, "nd_pmem");
	assert_true(ns.bound);
	assert_string_equal(ns.node, "/dev/pmem0");
	assert_int_equal(ns.devt, makedev(259, 0));
	cleanup(&t);
}

static void fsdax_map_dev_reads_pmem_from_the_pfn(void **state)
{
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	assert_int_equal(ns.mode, HB_ND_FSDAX);
	assert_int_equal(ns.map, HB_ND_MAP_DEV);
	assert_string_equal(hb_nd_map_name(ns.map), "dev");
	assert_string_equal(ns.dev, "pfn0.0");
	cleanup(&t);
}

static void devdax_align_2m_binds_dax_pmem_and_makes_a_char_node(void **state)
{
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	devdax(&t);
	find_ok(&t, &ns);
	assert_int_equal(ns.mode, HB_ND_DEVDAX);
	assert_int_equal(ns.map, HB_ND_MAP_DEV);
	assert_int_equal(ns.align, 2 << 20);
	assert_true(ns.pages);
	assert_string_equal(ns.dev, "dax0.0");
	assert_string_equal(ns.driver, "dax_pmem");
	assert_true(ns.bound);
	assert_string_equal(ns.node, "/dev/dax0.0");
	assert_int_equal(ns.devt, makedev(252, 0));
	cleanup(&t);
}

static void raw_namespace_is_its_own_device_and_makes_no_pages(void **state)
{
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	raw(&t);
	find_ok(&t, &ns);
	assert_int_equal(ns.mode, HB_ND_RAW);
	assert_int_equal(ns.map, HB_ND_MAP_NONE);
	assert_int_equal(ns.align, 0);
	assert_false(ns.pages);
	assert_string_equal(ns.dev, "namespace0.0");
	assert_string_equal(ns.driver, "nd_pmem");
	assert_true(ns.bound);
	assert_string_equal(ns.node, "/dev/pmem0");
	cleanup(&t);
}

static void legacy_e820_namespace_maps_its_pages_in_ram(void **state)
{
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	raw(&t);
	nd_attr(&t, "namespace0.0", "mode", "memory\n");
	find_ok(&t, &ns);
	assert_int_equal(ns.mode, HB_ND_FSDAX);
	assert_int_equal(ns.map, HB_ND_MAP_MEM);
	assert_true(ns.pages);
	assert_string_equal(ns.dev, "namespace0.0");
	cleanup(&t);
}

static void unbound_pfn_has_no_node(void **state)
{
	char path[PATH_MAX];
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	snprintf(path, sizeof(path), "%s" REGION0 "/pfn0.0/driver", t.root);
	assert_int_equal(unlink(path), 0);
	find_ok(&t, &ns);
	assert_false(ns.bound);
	assert_string_equal(ns.node, "");
	cleanup(&t);
}

static void missing_libnvdimm_says_the_kernel_has_none(void **state)
{
	char err[256];
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	snprintf(t.root, sizeof(t.root), "/tmp/hb-nd-XXXXXX");
	assert_non_null(mkdtemp(t.root));
	assert_int_equal(hb_nd_find(t.root, "namespace0.0", &ns, err,
				    sizeof(err)), -ENODEV);
	assert_string_equal(err,
			    "this kernel has no libnvdimm (CONFIG_LIBNVDIMM): there are no namespaces to rebind");
	cleanup(&t);
}

static void missing_namespace_points_to_ndctl_list(void **state)
{
	char err[256];
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	raw(&t);
	assert_int_equal(hb_nd_find(t.root, "namespace0.3", &ns, err,
				    sizeof(err)), -ENOENT);
	assert_string_equal(err,
			    "namespace0.3 not found: `ndctl list -N` lists the namespaces");
	cleanup(&t);
}

static void bad_names_are_refused_before_looking(void **state)
{
	static const char *const bad[] = {
		"pmem0", "namespace0", "namespace0.", "namespace.0",
		"namespace0.0x", "namespace-1.0", "namespace0.+1",
		"../namespace0.0", "",
	};
	char err[256];
	struct hb_nd_ns ns;
	struct tree t;
	size_t i;

	(void)state;
	raw(&t);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(hb_nd_find(t.root, bad[i], &ns, err,
					    sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "is not a namespace name"));
		assert_non_null(strstr(err, "namespace0.0"));
	}
	cleanup(&t);
}

static void blk_namespace_is_refused_as_not_pmem(void **state)
{
	char err[256];
	struct hb_nd_ns ns;
	struct tree t;

	(void)state;
	raw(&t);
	nd_dev(&t, "namespace1.0", "nd_namespace_blk");
	assert_int_equal(hb_nd_find(t.root, "namespace1.0", &ns, err,
				    sizeof(err)), -EOPNOTSUPP);
	assert_non_null(strstr(err, "namespace1.0 is a nd_namespace_blk, not a pmem namespace"));
	assert_non_null(strstr(err, "no struct pages"));
	cleanup(&t);
}

static void mode_and_map_names_parse_back(void **state)
{
	(void)state;
	assert_int_equal(hb_nd_mode_parse("devdax"), HB_ND_DEVDAX);
	assert_int_equal(hb_nd_mode_parse("fsdax"), HB_ND_FSDAX);
	assert_int_equal(hb_nd_mode_parse("memory"), HB_ND_MODE_NONE);
	assert_int_equal(hb_nd_map_parse("mem"), HB_ND_MAP_MEM);
	assert_int_equal(hb_nd_map_parse("pmem"), HB_ND_MAP_NONE);
}

static void free_namespace_has_no_holder(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 0);
	assert_string_equal(who, "");
	cleanup(&t);
}

static void mounted_disk_is_named_with_its_mount_point(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	put(&t, "/proc/self/mountinfo",
	    "1 1 0:2 / / rw - rootfs rootfs rw\n"
	    "30 1 259:0 / /mnt/pmem rw,relatime - ext4 /dev/pmem0 rw,dax=always\n");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 1);
	assert_string_equal(who,
			    "/dev/pmem0 is mounted on /mnt/pmem (ext4): unbinding namespace0.0 would pull the device from under it: unmount it first");
	cleanup(&t);
}

static void mounted_partition_holds_the_disk(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	nd_attr(&t, "pfn0.0", "block/pmem0/pmem0p1/dev", "259:1\n");
	put(&t, "/proc/self/mountinfo",
	    "31 1 259:1 / /mnt rw - xfs /dev/pmem0p1 rw\n");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 1);
	assert_non_null(strstr(who, "/dev/pmem0p1 is mounted on /mnt (xfs)"));
	cleanup(&t);
}

static void device_mapper_holder_is_named(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	link_to(&t, REGION0 "/pfn0.0/block/pmem0/holders/dm-0",
		"../../../../../../../../virtual/block/dm-0");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 1);
	assert_non_null(strstr(who, "/dev/pmem0 is held by dm-0"));
	assert_non_null(strstr(who, "would pull the device from under it"));
	cleanup(&t);
}

static void process_with_the_node_open_is_named(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	put(&t, "/proc/123/comm", "sleep\n");
	link_to(&t, "/proc/123/fd/0", "/dev/pmem0");
	link_to(&t, "/proc/123/fd/1", "/tmp/stdout");
	put(&t, "/proc/123/maps", "");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 1);
	assert_string_equal(who,
			    "/dev/pmem0 is open in sleep (pid 123): unbinding namespace0.0 would pull the device from under it: stop that process first");
	cleanup(&t);
}

static void process_mapping_the_dax_node_is_named(void **state)
{
	struct hb_nd_ns ns;
	char who[256];
	struct tree t;

	(void)state;
	devdax(&t);
	put(&t, "/proc/77/comm", "qemu-system-x86\n");
	mkdirs(&t, "/proc/77/fd");
	put(&t, "/proc/77/maps",
	    "7f0000000000-7f0000200000 rw-s 00000000 00:05 321   /dev/dax0.0\n");
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_holder(t.root, &ns, who, sizeof(who)), 1);
	assert_non_null(strstr(who, "/dev/dax0.0 is mapped by qemu-system-x86 (pid 77)"));
	cleanup(&t);
}

static char *slurp(struct tree *t, const char *rel, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void unbind_and_bind_write_the_device_to_the_driver(void **state)
{
	uint64_t taken = 0;
	struct hb_nd_ns ns;
	char err[256] = "", buf[64];
	struct tree t;

	(void)state;
	devdax(&t);
	find_ok(&t, &ns);
	assert_int_equal(hb_nd_unbind(t.root, &ns, &taken, err, sizeof(err)),
			 0);
	assert_string_equal(slurp(&t, "/sys/bus/nd/drivers/dax_pmem/unbind",
				  buf, sizeof(buf)), "dax0.0");
	assert_true(taken > 0);
	taken = 0;
	assert_int_equal(hb_nd_bind(t.root, &ns, &taken, err, sizeof(err)), 0);
	assert_string_equal(slurp(&t, "/sys/bus/nd/drivers/dax_pmem/bind",
				  buf, sizeof(buf)), "dax0.0");
	assert_true(taken > 0);
	assert_string_equal(err, "");
	cleanup(&t);
}

static void unbind_of_an_unbound_device_is_refused(void **state)
{
	char path[PATH_MAX], err[256];
	struct hb_nd_ns ns;
	uint64_t taken;
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	snprintf(path, sizeof(path), "%s" REGION0 "/pfn0.0/driver", t.root);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(hb_nd_unbind(t.root, &ns, &taken, err, sizeof(err)),
			 -EALREADY);
	assert_non_null(strstr(err, "pfn0.0 is not bound to nd_pmem"));
	cleanup(&t);
}

static void bind_that_does_not_stick_is_reported(void **state)
{
	char path[PATH_MAX], err[256];
	struct hb_nd_ns ns;
	uint64_t taken;
	struct tree t;

	(void)state;
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	snprintf(path, sizeof(path), "%s" REGION0 "/pfn0.0/driver", t.root);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(hb_nd_bind(t.root, &ns, &taken, err, sizeof(err)),
			 -ENXIO);
	assert_non_null(strstr(err, "pfn0.0 is not bound to nd_pmem after writing its bind file"));
	cleanup(&t);
}

static void failed_bind_names_the_errno(void **state)
{
	char path[PATH_MAX], err[256];
	struct hb_nd_ns ns;
	uint64_t taken;
	struct tree t;

	(void)state;
	if (access("/dev/full", W_OK))
		skip();
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	snprintf(path, sizeof(path), "%s/sys/bus/nd/drivers/nd_pmem/bind",
		 t.root);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(symlink("/dev/full", path), 0);
	assert_int_equal(hb_nd_bind(t.root, &ns, &taken, err, sizeof(err)),
			 -ENOSPC);
	assert_non_null(strstr(err, "binding pfn0.0 to nd_pmem failed: ENOSPC"));
	cleanup(&t);
}

static void missing_driver_says_modprobe(void **state)
{
	char path[PATH_MAX], err[256];
	struct hb_nd_ns ns;
	uint64_t taken;
	struct tree t;

	(void)state;
	devdax(&t);
	find_ok(&t, &ns);
	snprintf(path, sizeof(path), "%s/sys/bus/nd/drivers/dax_pmem/bind",
		 t.root);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(hb_nd_bind(t.root, &ns, &taken, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "modprobe dax_pmem"));
	cleanup(&t);
}

/* Whether binding @ns without the right to write the bind file says so. */
static bool bind_says_needs_root(const struct tree *t,
				  const struct hb_nd_ns *ns)
{
	char err[256];
	uint64_t taken;

	return hb_nd_bind(t->root, ns, &taken, err, sizeof(err)) == -EACCES &&
	       strstr(err, "needs root");
}

/*
 * Without the right to write the driver's bind file, the sentence says
 * root is needed.  Root may write any file, so as root the bind is tried
 * by a child that became nobody.
 */
static void non_root_bind_says_run_as_root(void **state)
{
	char path[PATH_MAX];
	struct hb_nd_ns ns;
	struct tree t;
	int status;
	pid_t pid;

	(void)state;
	fsdax(&t, "pmem\n");
	find_ok(&t, &ns);
	snprintf(path, sizeof(path), "%s/sys/bus/nd/drivers/nd_pmem/bind",
		 t.root);
	assert_int_equal(chmod(path, 0444), 0);
	if (geteuid() != 0) {
		assert_true(bind_says_needs_root(&t, &ns));
	} else {
		assert_int_equal(chmod(t.root, 0755), 0);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0)
			_exit(setgid(65534) || setuid(65534) ? 2 :
			      bind_says_needs_root(&t, &ns) ? 0 : 1);
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	cleanup(&t);
}

/* A namespace as hb_nd_find() fills it, without a tree. */
static struct hb_nd_ns ns_of(enum hb_nd_mode mode, enum hb_nd_map map,
			     uint64_t align)
{
	struct hb_nd_ns ns = {
		.name = "namespace0.0", .size = 4 * GIB, .mode = mode,
		.map = map, .align = align,
		.pages = mode == HB_ND_FSDAX || mode == HB_ND_DEVDAX,
	};

	return ns;
}

static void other_mode_without_reconfigure_names_the_loss(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_FSDAX, HB_ND_MAP_DEV, 2 << 20);
	struct hb_nd_want want = { .mode = HB_ND_DEVDAX };
	char err[256];

	(void)state;
	assert_int_equal(hb_nd_reconfig_check(&ns, &want, false, err,
					      sizeof(err)), -EEXIST);
	assert_string_equal(err,
			    "namespace0.0 is fsdax (map=dev, align=2M) now: making it devdax destroys the data on its 4 GiB: add --reconfigure if that is what you want");
}

static void other_map_or_align_without_reconfigure_is_refused(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_FSDAX, HB_ND_MAP_DEV, 2 << 20);
	struct hb_nd_want map = { .map = HB_ND_MAP_MEM };
	struct hb_nd_want align = { .mode = HB_ND_FSDAX, .align = 4096 };
	char err[256];

	(void)state;
	assert_int_equal(hb_nd_reconfig_check(&ns, &map, false, err,
					      sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "making it fsdax (map=mem) destroys"));
	assert_int_equal(hb_nd_reconfig_check(&ns, &align, false, err,
					      sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "making it fsdax (align=4K) destroys"));
}

static void reconfigure_or_a_matching_request_is_allowed(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_FSDAX, HB_ND_MAP_DEV, 2 << 20);
	struct hb_nd_want same = { HB_ND_FSDAX, HB_ND_MAP_DEV, 2 << 20 };
	struct hb_nd_want none = { 0 };
	struct hb_nd_want other = { .mode = HB_ND_DEVDAX };
	char err[256];

	(void)state;
	assert_int_equal(hb_nd_reconfig_check(&ns, &same, false, err,
					      sizeof(err)), 0);
	assert_int_equal(hb_nd_reconfig_check(&ns, &none, false, err,
					      sizeof(err)), 0);
	assert_int_equal(hb_nd_reconfig_check(&ns, &other, true, err,
					      sizeof(err)), 0);
}

static void raw_namespace_needs_reconfigure_to_make_pages(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_RAW, HB_ND_MAP_NONE, 0);
	struct hb_nd_want none = { 0 };
	struct hb_nd_want want_raw = { .mode = HB_ND_RAW };
	struct hb_nd_want fsdax = { .mode = HB_ND_FSDAX };
	char err[256];

	(void)state;
	assert_int_equal(hb_nd_reconfig_check(&ns, &none, false, err,
					      sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "namespace0.0 is raw: binding it makes no struct pages"));
	assert_int_equal(hb_nd_reconfig_check(&ns, &none, true, err,
					      sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--reconfigure needs --mode"));
	assert_int_equal(hb_nd_reconfig_check(&ns, &want_raw, true, err,
					      sizeof(err)), -EINVAL);
	assert_int_equal(hb_nd_reconfig_check(&ns, &fsdax, false, err,
					      sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "namespace0.0 is raw now: making it fsdax destroys the data on its 4 GiB"));
	assert_int_equal(hb_nd_reconfig_check(&ns, &fsdax, true, err,
					      sizeof(err)), 0);
}

static void ndctl_argv_names_mode_map_and_align(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_FSDAX, HB_ND_MAP_DEV, 2 << 20);
	struct hb_nd_want want = { .mode = HB_ND_DEVDAX, .align = 1 << 30 };
	static const char *const expect[] = {
		"ndctl", "create-namespace", "-f", "-e", "namespace0.0",
		"-m", "devdax", "--align", "1G",
	};
	struct hb_nd_argv a;
	size_t i;

	(void)state;
	assert_int_equal(hb_nd_ndctl_argv(&ns, &want, &a), 9);
	for (i = 0; i < 9; i++)
		assert_string_equal(a.argv[i], expect[i]);
	assert_null(a.argv[9]);
}

static void ndctl_argv_keeps_map_and_align_of_the_same_mode(void **state)
{
	struct hb_nd_ns ns = ns_of(HB_ND_FSDAX, HB_ND_MAP_MEM, 2 << 20);
	struct hb_nd_want want = { .mode = HB_ND_FSDAX, .align = 4096 };
	struct hb_nd_want raw_want = { .mode = HB_ND_RAW };
	struct hb_nd_argv a;

	(void)state;
	assert_int_equal(hb_nd_ndctl_argv(&ns, &want, &a), 11);
	assert_string_equal(a.argv[6], "fsdax");
	assert_string_equal(a.argv[7], "--map");
	assert_string_equal(a.argv[8], "mem");
	assert_string_equal(a.argv[9], "--align");
	assert_string_equal(a.argv[10], "4K");
	assert_null(a.argv[11]);
	assert_int_equal(hb_nd_ndctl_argv(&ns, &raw_want, &a), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fsdax_map_mem_is_bound_through_its_pfn),
		cmocka_unit_test(fsdax_map_dev_reads_pmem_from_the_pfn),
		cmocka_unit_test(devdax_align_2m_binds_dax_pmem_and_makes_a_char_node),
		cmocka_unit_test(raw_namespace_is_its_own_device_and_makes_no_pages),
		cmocka_unit_test(legacy_e820_namespace_maps_its_pages_in_ram),
		cmocka_unit_test(unbound_pfn_has_no_node),
		cmocka_unit_test(missing_libnvdimm_says_the_kernel_has_none),
		cmocka_unit_test(missing_namespace_points_to_ndctl_list),
		cmocka_unit_test(bad_names_are_refused_before_looking),
		cmocka_unit_test(blk_namespace_is_refused_as_not_pmem),
		cmocka_unit_test(free_namespace_has_no_holder),
		cmocka_unit_test(mounted_disk_is_named_with_its_mount_point),
		cmocka_unit_test(mounted_partition_holds_the_disk),
		cmocka_unit_test(device_mapper_holder_is_named),
		cmocka_unit_test(process_with_the_node_open_is_named),
		cmocka_unit_test(process_mapping_the_dax_node_is_named),
		cmocka_unit_test(unbind_and_bind_write_the_device_to_the_driver),
		cmocka_unit_test(unbind_of_an_unbound_device_is_refused),
		cmocka_unit_test(bind_that_does_not_stick_is_reported),
		cmocka_unit_test(failed_bind_names_the_errno),
		cmocka_unit_test(missing_driver_says_modprobe),
		cmocka_unit_test(non_root_bind_says_run_as_root),
		cmocka_unit_test(other_mode_without_reconfigure_names_the_loss),
		cmocka_unit_test(other_map_or_align_without_reconfigure_is_refused),
		cmocka_unit_test(reconfigure_or_a_matching_request_is_allowed),
		cmocka_unit_test(raw_namespace_needs_reconfigure_to_make_pages),
		cmocka_unit_test(ndctl_argv_names_mode_map_and_align),
		cmocka_unit_test(ndctl_argv_keeps_map_and_align_of_the_same_mode),
		cmocka_unit_test(mode_and_map_names_parse_back),
	};

	return cmocka_run_group_tests_name("nd", tests, NULL, NULL);
}
