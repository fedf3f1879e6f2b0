/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a libnvdimm pmem namespace as sysfs shows it - mode, map,
 * align, the device whose driver binding builds its struct pages, who
 * holds it - and the timed unbind and bind of that driver, for `hmmbench
 * rebind`.  Every /sys, /proc and /dev path is prefixed with a root ("" on
 * a real system) so that tests run on a fake tree.  Nothing here prints.
 */
#ifndef HB_ND_H
#define HB_ND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The modes as `ndctl list` names them; NONE is "not asked" in a want. */
enum hb_nd_mode {
	HB_ND_MODE_NONE,
	HB_ND_RAW,	/* nd_pmem binds the namespace: no struct pages */
	HB_ND_SECTOR,	/* a btt claims it: no struct pages */
	HB_ND_FSDAX,	/* a pfn claims it, or a legacy e820 namespace */
	HB_ND_DEVDAX,	/* an nd dax device claims it */
};

/* Where the struct pages live; NONE for raw and sector, or not asked. */
enum hb_nd_map {
	HB_ND_MAP_NONE,
	HB_ND_MAP_MEM,	/* in RAM: the pfn's mode reads "ram" */
	HB_ND_MAP_DEV,	/* on the pmem itself: "pmem" */
};

struct hb_nd_ns {
	char name[32];		/* namespace0.0 */
	char region[32];	/* region0 */
	uint64_t size;		/* bytes, of the whole namespace */
	uint64_t start;		/* its first physical address; 0: unknown */
	enum hb_nd_mode mode;
	enum hb_nd_map map;
	uint64_t align;		/* bytes; 0 for raw and sector */
	bool pages;		/* binding dev makes struct pages */
	/* the device the driver binds: pfn0.0, dax0.0, btt0.0 or name */
	char dev[32];
	char driver[32];	/* nd_pmem, or dax_pmem for devdax */
	bool bound;		/* dev is bound to driver now */
	/* /dev/pmem0 or /dev/dax0.0, and its number; "" and 0 unbound */
	char node[64];
	dev_t devt;
};

/* What the user asked for; a field left NONE or 0 keeps what there is. */
struct hb_nd_want {
	enum hb_nd_mode mode;
	enum hb_nd_map map;
	uint64_t align;
};

#define HB_ND_ARGV_MAX	12

/* The argv of `ndctl create-namespace`, with the storage it points to. */
struct hb_nd_argv {
	char *argv[HB_ND_ARGV_MAX];
	char name[32];
	char align[24];
};

/* "raw", "sector", "fsdax", "devdax"; "" for NONE. */
const char *hb_nd_mode_name(enum hb_nd_mode mode);
/* "mem", "dev"; "" for NONE. */
const char *hb_nd_map_name(enum hb_nd_map map);
/* The mode or map named @s, as ndctl spells it; NONE when unknown. */
enum hb_nd_mode hb_nd_mode_parse(const char *s);
enum hb_nd_map hb_nd_map_parse(const char *s);

/*
 * Describes namespace @name ("namespace0.0") under @root into @ns: 0, or
 * a negative errno with one sentence in @err: -ENODEV without libnvdimm,
 * -EINVAL for a name not of the form namespaceN.M, -ENOENT for no such
 * namespace, -EOPNOTSUPP for one that is not pmem.  A rebind changes
 * @ns's node and devt: find it again to know them.
 */
int hb_nd_find(const char *root, const char *name, struct hb_nd_ns *ns,
	       char *err, size_t errlen);

/*
 * Whether anything holds @ns's device node: mounted (itself or a
 * partition), held by another block device (device-mapper, md), open in
 * a process or mapped by one.  1 with a sentence naming the holder in
 * @who, 0 when free, a negative errno (and a sentence) when it cannot
 * tell.
 */
int hb_nd_holder(const char *root, const struct hb_nd_ns *ns, char *who,
		 size_t len);

/*
 * Unbind and bind @ns's device from and to its driver, timing only the
 * write() to the driver's unbind or bind file (CLOCK_MONOTONIC) into
 * @ns_taken.  0, or a negative errno and a sentence: -EALREADY to unbind
 * a device not bound, -EPERM or -EACCES without root, and for bind the
 * errno of a bind that failed, or -ENXIO when the driver link does not
 * come back.
 */
int hb_nd_unbind(const char *root, const struct hb_nd_ns *ns,
		 uint64_t *ns_taken, char *err, size_t errlen);
int hb_nd_bind(const char *root, const struct hb_nd_ns *ns,
	       uint64_t *ns_taken, char *err, size_t errlen);

/*
 * Whether @want may be had from @ns: 0 when it matches (or asks nothing)
 * or @reconfigure allows destroying the data; -EEXIST with a sentence
 * naming what would be lost when it differs without @reconfigure;
 * -EINVAL when the result would make no struct pages (raw, sector) or
 * --reconfigure comes without --mode.
 */
int hb_nd_reconfig_check(const struct hb_nd_ns *ns,
			 const struct hb_nd_want *want, bool reconfigure,
			 char *err, size_t errlen);

/*
 * Fills @a with `ndctl create-namespace -f -e NAME -m MODE [--map M]
 * [--align A]` NULL-terminated, giving @want's values, or @ns's where
 * @want keeps them and the mode stays the same; the argc, or -EINVAL
 * when @want names no mode that makes struct pages.
 */
int hb_nd_ndctl_argv(const struct hb_nd_ns *ns, const struct hb_nd_want *want,
		     struct hb_nd_argv *a);

#endif /* HB_ND_H */
