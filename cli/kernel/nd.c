// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: a libnvdimm namespace as /sys/bus/nd shows it - its mode, the
 * pfn, dax or btt device that claims it, the driver that binds that
 * device and the node it makes - and the small sysfs reads the other
 * nd_*.c files share.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "kernel/nd.h"

static const char *const hb_nd_modes[] = {
	[HB_ND_MODE_NONE] = "", [HB_ND_RAW] = "raw", [HB_ND_SECTOR] = "sector",
	[HB_ND_FSDAX] = "fsdax", [HB_ND_DEVDAX] = "devdax",
};

static const char *const hb_nd_maps[] = {
	[HB_ND_MAP_NONE] = "", [HB_ND_MAP_MEM] = "mem", [HB_ND_MAP_DEV] = "dev",
};

const char *hb_nd_mode_name(enum hb_nd_mode mode)
{
	return mode <= HB_ND_DEVDAX ? hb_nd_modes[mode] : "";
}

const char *hb_nd_map_name(enum hb_nd_map map)
{
	return map <= HB_ND_MAP_DEV ? hb_nd_maps[map] : "";
}

enum hb_nd_mode hb_nd_mode_parse(const char *s)
{
	int m;

	for (m = HB_ND_RAW; m <= HB_ND_DEVDAX; m++)
		if (!strcmp(s, hb_nd_modes[m]))
			return m;
	return HB_ND_MODE_NONE;
}

enum hb_nd_map hb_nd_map_parse(const char *s)
{
	if (!strcmp(s, "mem"))
		return HB_ND_MAP_MEM;
	if (!strcmp(s, "dev"))
		return HB_ND_MAP_DEV;
	return HB_ND_MAP_NONE;
}

int hb_nd_path(char *buf, size_t len, const char *root, const char *fmt, ...)
{
	size_t n = snprintf(buf, len, "%s", root);
	va_list ap;
	int w;

	if (n >= len)
		return -ENAMETOOLONG;
	va_start(ap, fmt);
	w = vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
	return w < 0 || (size_t)w >= len - n ? -ENAMETOOLONG : 0;
}

int hb_nd_read(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	if (!f)
		return -errno;
	if (!fgets(buf, len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Attribute @attr of nd device @dev; 0 or -errno. */
static int hb_nd_attr(const char *root, const char *dev, const char *attr,
		      char *buf, size_t len)
{
	char path[PATH_MAX];
	int ret;

	ret = hb_nd_path(path, sizeof(path), root, HB_ND_BUS "/devices/%s/%s",
			 dev, attr);
	return ret ? ret : hb_nd_read(path, buf, len);
}

/* A number in decimal, or in hex with 0x (@base 0). */
static int hb_nd_attr_num(const char *root, const char *dev,
			  const char *attr, int base, uint64_t *v)
{
	char buf[32], *end;
	int ret;

	ret = hb_nd_attr(root, dev, attr, buf, sizeof(buf));
	if (ret)
		return ret;
	errno = 0;
	*v = strtoull(buf, &end, base);
	return errno || end == buf || *end ? -EINVAL : 0;
}

int hb_nd_parse_devt(const char *s, dev_t *devt)
{
	unsigned int maj, min;
	int n = 0;

	if (sscanf(s, "%u:%u%n", &maj, &min, &n) != 2 || s[n])
		return -EINVAL;
	*devt = makedev(maj, min);
	return 0;
}

const char *hb_nd_digits(const char *p)
{
	const char *start = p;

	while (isdigit((unsigned char)*p))
		p++;
	return p > start ? p : NULL;
}

/* Whether @name is namespaceN.M, N and M decimal, and fits a name. */
static bool hb_nd_valid_name(const char *name)
{
	const char *p;

	if (strncmp(name, "namespace", 9) ||
	    strlen(name) >= sizeof(((struct hb_nd_ns *)0)->name))
		return false;
	p = hb_nd_digits(name + 9);
	if (!p || *p != '.')
		return false;
	p = hb_nd_digits(p + 1);
	return p && !*p;
}

int hb_nd_driver_of(const char *root, const char *dev, char *buf,
		    size_t len)
{
	char path[PATH_MAX], target[PATH_MAX];
	char *slash;
	ssize_t n;
	int ret;

	buf[0] = '\0';
	ret = hb_nd_path(path, sizeof(path), root,
			 HB_ND_BUS "/devices/%s/driver", dev);
	if (ret)
		return ret;
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return errno == ENOENT ? 0 : -errno;
	target[n] = '\0';
	slash = strrchr(target, '/');
	slash = slash ? slash + 1 : target;
	if (strlen(slash) >= len)
		return -ENAMETOOLONG;
	memcpy(buf, slash, strlen(slash) + 1);
	return 0;
}

/* The word of the mode attribute ("memory", "dax"...) as ndctl reads it. */
static int hb_nd_parse_mode(const char *word, enum hb_nd_mode *mode)
{
	static const struct {
		const char *word;
		enum hb_nd_mode mode;
	} words[] = {
		{ "raw", HB_ND_RAW }, { "safe", HB_ND_SECTOR },
		{ "memory", HB_ND_FSDAX }, { "dax", HB_ND_DEVDAX },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcmp(word, words[i].word)) {
			*mode = words[i].mode;
			return 0;
		}
	}
	return -EINVAL;
}

/* A pfn or dax claim: its map (mode "ram" or "pmem") and align. */
static int hb_nd_read_claim(const char *root, struct hb_nd_ns *ns)
{
	char buf[16];
	int ret;

	ret = hb_nd_attr(root, ns->dev, "mode", buf, sizeof(buf));
	if (ret)
		return ret;
	if (!strcmp(buf, "ram"))
		ns->map = HB_ND_MAP_MEM;
	else if (!strcmp(buf, "pmem"))
		ns->map = HB_ND_MAP_DEV;
	else
		return -EINVAL;
	return hb_nd_attr_num(root, ns->dev, "align", 10, &ns->align);
}

/*
 * The device the driver binds: the holder when there is one; the
 * namespace itself for raw and for a legacy e820 namespace, which reads
 * "memory" unclaimed because nd_pmem maps its pages in RAM.
 */
static int hb_nd_read_dev(const char *root, struct hb_nd_ns *ns)
{
	char holder[32];
	int ret;

	ret = hb_nd_attr(root, ns->name, "holder", holder, sizeof(holder));
	if (ret)
		return ret;
	snprintf(ns->dev, sizeof(ns->dev), "%s", holder[0] ? holder : ns->name);
	snprintf(ns->driver, sizeof(ns->driver), "%s",
		 ns->mode == HB_ND_DEVDAX ? "dax_pmem" : "nd_pmem");
	ns->pages = ns->mode == HB_ND_FSDAX || ns->mode == HB_ND_DEVDAX;
	if (!ns->pages)
		return 0;
	if (!holder[0]) {
		ns->map = HB_ND_MAP_MEM;
		return 0;
	}
	return hb_nd_read_claim(root, ns);
}

/* The first child of @dir with a dev file: its name and number. */
static int hb_nd_child_node(const char *dir, const char *prefix,
			    char *name, size_t len, dev_t *devt)
{
	char path[PATH_MAX], buf[32];
	struct dirent *de;
	DIR *d = opendir(dir);
	int ret = -ENOENT;

	if (!d)
		return -errno;
	while (ret && (de = readdir(d))) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) ||
		    de->d_name[0] == '.')
			continue;
		if (snprintf(path, sizeof(path), "%s/%s/dev", dir,
			     de->d_name) >= (int)sizeof(path) ||
		    hb_nd_read(path, buf, sizeof(buf)) ||
		    hb_nd_parse_devt(buf, devt))
			continue;
		snprintf(name, len, "%.31s", de->d_name);
		ret = 0;
	}
	closedir(d);
	return ret;
}

/*
 * The node a bound device makes: the disk in its block/ directory
 * (pmem0, pmem0s), or for devdax its dev_dax child (dax0.0).
 */
static void hb_nd_read_node(const char *root, struct hb_nd_ns *ns)
{
	char dir[PATH_MAX], name[32];

	ns->node[0] = '\0';
	ns->devt = 0;
	if (!ns->bound)
		return;
	if (ns->mode == HB_ND_DEVDAX) {
		if (hb_nd_path(dir, sizeof(dir), root,
			       HB_ND_BUS "/devices/%s", ns->dev) ||
		    hb_nd_child_node(dir, "dax", name, sizeof(name),
				     &ns->devt))
			return;
	} else if (hb_nd_path(dir, sizeof(dir), root,
			      HB_ND_BUS "/devices/%s/block", ns->dev) ||
		   hb_nd_child_node(dir, "", name, sizeof(name), &ns->devt)) {
		return;
	}
	snprintf(ns->node, sizeof(ns->node), "/dev/%s", name);
}

/* The namespace's own attributes: type, size and mode. */
static int hb_nd_read_ns(const char *root, struct hb_nd_ns *ns, char *err,
			 size_t errlen)
{
	char type[32], mode[16];
	int ret;

	ret = hb_nd_attr(root, ns->name, "devtype", type, sizeof(type));
	if (!ret && strcmp(type, "nd_namespace_pmem") &&
	    strcmp(type, "nd_namespace_io")) {
		snprintf(err, errlen,
			 "%s is a %s, not a pmem namespace: binding it makes no struct pages, so there is nothing to rebind",
			 ns->name, type);
		return -EOPNOTSUPP;
	}
	if (!ret)
		ret = hb_nd_attr_num(root, ns->name, "size", 10, &ns->size);
	/* root only: an unprivileged caller goes on without it */
	if (!ret && hb_nd_attr_num(root, ns->name, "resource", 0, &ns->start))
		ns->start = 0;
	if (!ret)
		ret = hb_nd_attr(root, ns->name, "mode", mode, sizeof(mode));
	if (!ret)
		ret = hb_nd_parse_mode(mode, &ns->mode);
	if (ret)
		snprintf(err, errlen,
			 "cannot read %s's devtype, size and mode from %s/devices/%s: %s",
			 ns->name, HB_ND_BUS, ns->name, strerror(-ret));
	return ret;
}

/* Whether @root@path exists; 0, -ENOENT or another -errno. */
static int hb_nd_exists(const char *root, const char *fmt, const char *arg)
{
	char path[PATH_MAX];
	struct stat st;
	int ret;

	ret = hb_nd_path(path, sizeof(path), root, fmt, arg);
	if (ret)
		return ret;
	return stat(path, &st) ? -errno : 0;
}

static int hb_nd_lookup(const char *root, const char *name, char *err,
			size_t errlen)
{
	if (hb_nd_exists(root, "%s", HB_ND_BUS)) {
		snprintf(err, errlen,
			 "this kernel has no libnvdimm (CONFIG_LIBNVDIMM): there are no namespaces to rebind");
		return -ENODEV;
	}
	if (!hb_nd_valid_name(name)) {
		snprintf(err, errlen,
			 "'%s' is not a namespace name: give one like namespace0.0 (`ndctl list -N` lists them)",
			 name);
		return -EINVAL;
	}
	if (hb_nd_exists(root, HB_ND_BUS "/devices/%s", name)) {
		snprintf(err, errlen,
			 "%s not found: `ndctl list -N` lists the namespaces",
			 name);
		return -ENOENT;
	}
	return 0;
}

int hb_nd_find(const char *root, const char *name, struct hb_nd_ns *ns,
	       char *err, size_t errlen)
{
	char driver[32];
	int ret;

	memset(ns, 0, sizeof(*ns));
	ret = hb_nd_lookup(root, name, err, errlen);
	if (ret)
		return ret;
	snprintf(ns->name, sizeof(ns->name), "%s", name);
	snprintf(ns->region, sizeof(ns->region), "region%.*s",
		 (int)(strcspn(name, ".") - 9), name + 9);
	ret = hb_nd_read_ns(root, ns, err, errlen);
	if (ret)
		return ret;
	ret = hb_nd_read_dev(root, ns);
	if (!ret)
		ret = hb_nd_driver_of(root, ns->dev, driver, sizeof(driver));
	if (ret) {
		snprintf(err, errlen, "cannot read %s's claim %s: %s",
			 ns->name, ns->dev, strerror(-ret));
		return ret;
	}
	ns->bound = !strcmp(driver, ns->driver);
	hb_nd_read_node(root, ns);
	return 0;
}
