/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a libnvdimm pmem namespace as sysfs shows it - mode, map,
 * align, the device whose driver binding builds its struct pages - for
 * `hmmbench rebind`, and the sysfs reads nd_holders.c and nd_bind.c share.
 * Every /sys, /proc and /dev path is prefixed with a root ("" on a real
 * system) so that tests run on a fake tree.  Nothing here prints.
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
 * What nd_holders.c and nd_bind.c share with this file: the bus's path
 * and the reads of small files of /sys and /proc under a root.
 */
#define HB_ND_BUS	"/sys/bus/nd"

/* @root@fmt into @buf; -ENAMETOOLONG when it does not fit. */
int __attribute__((format(printf, 4, 5)))
hb_nd_path(char *buf, size_t len, const char *root, const char *fmt, ...);

/* The first line of the small file @path into @buf; 0 or -errno. */
int hb_nd_read(const char *path, char *buf, size_t len);

/* "MAJ:MIN" into @devt; 0 or -EINVAL. */
int hb_nd_parse_devt(const char *s, dev_t *devt);

/* Past the decimal digits at the start of @p; NULL when there are none. */
const char *hb_nd_digits(const char *p);

/* The basename of the link @dev/driver into @buf; "" when unbound. */
int hb_nd_driver_of(const char *root, const char *dev, char *buf,
		    size_t len);

#endif /* HB_ND_H */
