// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reads a libnvdimm namespace from /sys/bus/nd (its mode, the
 * pfn, dax or btt device that claims it, the driver that binds that
 * device and the node it makes), finds who holds the node, times the
 * driver's unbind and bind, and keeps the rules of reconfiguring it.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "clock.h"
#include "fmt.h"
#include "kernel/nd.h"

#define HB_ND_BUS	"/sys/bus/nd"

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

/* @root@fmt into @buf; -ENAMETOOLONG when it does not fit. */
static int __attribute__((format(printf, 4, 5)))
hb_nd_path(char *buf, size_t len, const char *root, const char *fmt, ...)
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

/* The first line of the small file @path into @buf; 0 or -errno. */
static int hb_nd_read(const char *path, char *buf, size_t len)
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

/* "MAJ:MIN" into @devt; 0 or -EINVAL. */
static int hb_nd_parse_devt(const char *s, dev_t *devt)
{
	unsigned int maj, min;
	int n = 0;

	if (sscanf(s, "%u:%u%n", &maj, &min, &n) != 2 || s[n])
		return -EINVAL;
	*devt = makedev(maj, min);
	return 0;
}

static const char *hb_nd_digits(const char *p)
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

/* The basename of the link @dev/driver into @buf; "" when unbound. */
static int hb_nd_driver_of(const char *root, const char *dev, char *buf,
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

#define HB_ND_MAX_DEVS	16

/* A block device or char device node and the numbers it may carry. */
struct hb_nd_devs {
	dev_t devt[HB_ND_MAX_DEVS];
	char name[HB_ND_MAX_DEVS][32];	/* pmem0, pmem0p1, dax0.0 */
	unsigned int nr;
};

/* Adds the node @name numbered by the dev file @path to @devs. */
static void hb_nd_devs_add(struct hb_nd_devs *devs, const char *name,
			   const char *path)
{
	char buf[32];

	if (devs->nr == HB_ND_MAX_DEVS || hb_nd_read(path, buf, sizeof(buf)) ||
	    hb_nd_parse_devt(buf, &devs->devt[devs->nr]))
		return;
	snprintf(devs->name[devs->nr++], sizeof(devs->name[0]), "%.31s", name);
}

/*
 * @ns's node and, for a disk, its partitions: the directories of
 * /sys/block/DISK named DISK... with a dev file (pmem0p1).
 */
static void hb_nd_gather_devs(const char *root, const struct hb_nd_ns *ns,
			      struct hb_nd_devs *devs)
{
	const char *disk = ns->node + strlen("/dev/");
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	devs->nr = 1;
	devs->devt[0] = ns->devt;
	snprintf(devs->name[0], sizeof(devs->name[0]), "%s", disk);
	if (ns->mode == HB_ND_DEVDAX ||
	    hb_nd_path(dir, sizeof(dir), root, "/sys/block/%s", disk))
		return;
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, disk, strlen(disk)) ||
		    !strcmp(de->d_name, disk) ||
		    snprintf(path, sizeof(path), "%s/%s/dev", dir,
			     de->d_name) >= (int)sizeof(path))
			continue;
		hb_nd_devs_add(devs, de->d_name, path);
	}
	closedir(d);
}

static int hb_nd_devs_find(const struct hb_nd_devs *devs, dev_t devt)
{
	unsigned int i;

	for (i = 0; i < devs->nr; i++)
		if (devs->devt[i] == devt)
			return i;
	return -1;
}

#define HB_ND_PULLED	"unbinding %s would pull the device from under it"

/* A mountinfo line whose field 3 (major:minor) is one of @devs. */
static int hb_nd_mount_line(const char *line, const struct hb_nd_ns *ns,
			    const struct hb_nd_devs *devs, char *who,
			    size_t len)
{
	char majmin[32], mnt[1024], type[64] = "?";
	const char *sep = strstr(line, " - ");
	dev_t devt;
	int i;

	if (sscanf(line, "%*s %*s %31s %*s %1023s", majmin, mnt) != 2 ||
	    hb_nd_parse_devt(majmin, &devt))
		return 0;
	i = hb_nd_devs_find(devs, devt);
	if (i < 0)
		return 0;
	if (sep)
		sscanf(sep + 3, "%63s", type);
	snprintf(who, len,
		 "/dev/%s is mounted on %s (%s): " HB_ND_PULLED
		 ": unmount it first",
		 devs->name[i], mnt, type, ns->name);
	return 1;
}

static int hb_nd_mounted(const char *root, const struct hb_nd_ns *ns,
			 const struct hb_nd_devs *devs, char *who, size_t len)
{
	char path[PATH_MAX], *line = NULL;
	size_t cap = 0;
	int ret = 0;
	FILE *f;

	ret = hb_nd_path(path, sizeof(path), root, "/proc/self/mountinfo");
	if (ret)
		return ret;
	f = fopen(path, "re");
	if (!f) {
		ret = -errno;
		snprintf(who, len, "cannot read %s to see whether %s is mounted: %s",
			 path, ns->node, strerror(-ret));
		return ret;
	}
	while (!ret && getline(&line, &cap, f) > 0)
		ret = hb_nd_mount_line(line, ns, devs, who, len);
	free(line);
	fclose(f);
	return ret;
}

/* The first entry of /sys/block/@name/holders (of a disk or partition). */
static int hb_nd_held(const char *root, const struct hb_nd_ns *ns,
		      const char *name, char *who, size_t len)
{
	const char *disk = ns->node + strlen("/dev/");
	char dir[PATH_MAX];
	struct dirent *de;
	int ret = 0;
	DIR *d;

	if (strcmp(name, disk) ?
	    hb_nd_path(dir, sizeof(dir), root, "/sys/block/%s/%s/holders",
		       disk, name) :
	    hb_nd_path(dir, sizeof(dir), root, "/sys/block/%s/holders", disk))
		return 0;
	d = opendir(dir);
	if (!d)
		return 0;
	while (!ret && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(who, len,
			 "/dev/%s is held by %s (device-mapper, md or another stacked block device): "
			 HB_ND_PULLED ": remove %s first",
			 name, de->d_name, ns->name, de->d_name);
		ret = 1;
	}
	closedir(d);
	return ret;
}

/* "sleep (pid 123)": the process @pid's comm. */
static void hb_nd_proc_name(const char *root, const char *pid, char *buf,
			    size_t len)
{
	char path[PATH_MAX], comm[32];

	if (hb_nd_path(path, sizeof(path), root, "/proc/%s/comm", pid) ||
	    hb_nd_read(path, comm, sizeof(comm)))
		snprintf(comm, sizeof(comm), "?");
	snprintf(buf, len, "%.16s (pid %.20s)", comm, pid);
}

/* Whether the fd link @name in @fds names one of @devs. */
static bool hb_nd_fd_is(DIR *fds, const char *name, const char *root,
			const struct hb_nd_devs *devs)
{
	char target[PATH_MAX], node[64];
	struct stat st;
	unsigned int i;
	ssize_t n;

	n = readlinkat(dirfd(fds), name, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	for (i = 0; i < devs->nr; i++) {
		snprintf(node, sizeof(node), "/dev/%s", devs->name[i]);
		if (!strcmp(target, node))
			return true;
	}
	/* a real /proc only: the fake tree's links dangle */
	return !root[0] && !fstatat(dirfd(fds), name, &st, 0) &&
	       (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode)) &&
	       hb_nd_devs_find(devs, st.st_rdev) >= 0;
}

static bool hb_nd_proc_opens(const char *root, const char *pid,
			     const struct hb_nd_devs *devs)
{
	char path[PATH_MAX];
	struct dirent *de;
	bool found = false;
	DIR *fds;

	if (hb_nd_path(path, sizeof(path), root, "/proc/%s/fd", pid))
		return false;
	fds = opendir(path);
	if (!fds)
		return false;
	while (!found && (de = readdir(fds)))
		found = de->d_name[0] != '.' &&
			hb_nd_fd_is(fds, de->d_name, root, devs);
	closedir(fds);
	return found;
}

/* Whether a line of /proc/@pid/maps names one of @devs' nodes. */
static bool hb_nd_proc_maps(const char *root, const char *pid,
			    const struct hb_nd_devs *devs)
{
	char path[PATH_MAX], *line = NULL, *file;
	bool found = false;
	size_t cap = 0;
	unsigned int i;
	FILE *f;

	if (hb_nd_path(path, sizeof(path), root, "/proc/%s/maps", pid))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!found && getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		file = strstr(line, " /dev/");
		for (i = 0; file && !found && i < devs->nr; i++)
			found = !strcmp(file + 6, devs->name[i]);
	}
	free(line);
	fclose(f);
	return found;
}

/* The first process that has @devs open or mapped. */
static int hb_nd_procs(const char *root, const struct hb_nd_ns *ns,
		       const struct hb_nd_devs *devs, char *who, size_t len)
{
	char path[PATH_MAX], proc[64];
	const char *how = NULL;
	struct dirent *de;
	int ret;
	DIR *d;

	ret = hb_nd_path(path, sizeof(path), root, "/proc");
	if (ret)
		return ret;
	d = opendir(path);
	if (!d) {
		ret = -errno;
		snprintf(who, len, "cannot list %s to see who has %s open: %s",
			 path, ns->node, strerror(-ret));
		return ret;
	}
	while (!how && (de = readdir(d))) {
		if (!hb_nd_digits(de->d_name) || *hb_nd_digits(de->d_name))
			continue;
		if (hb_nd_proc_opens(root, de->d_name, devs))
			how = "open in";
		else if (hb_nd_proc_maps(root, de->d_name, devs))
			how = "mapped by";
		if (how)
			hb_nd_proc_name(root, de->d_name, proc, sizeof(proc));
	}
	closedir(d);
	if (!how)
		return 0;
	snprintf(who, len, "%s is %s %s: " HB_ND_PULLED
		 ": stop that process first", ns->node, how, proc, ns->name);
	return 1;
}

int hb_nd_holder(const char *root, const struct hb_nd_ns *ns, char *who,
		 size_t len)
{
	struct hb_nd_devs devs;
	unsigned int i;
	int ret;

	who[0] = '\0';
	if (!ns->node[0])
		return 0;
	hb_nd_gather_devs(root, ns, &devs);
	ret = hb_nd_mounted(root, ns, &devs, who, len);
	for (i = 0; !ret && ns->mode != HB_ND_DEVDAX && i < devs.nr; i++)
		ret = hb_nd_held(root, ns, devs.name[i], who, len);
	if (!ret)
		ret = hb_nd_procs(root, ns, &devs, who, len);
	return ret;
}

/* "EBUSY" for the errnos a bind or unbind gives, else "errno N". */
static const char *hb_nd_errno_name(int e, char *buf, size_t len)
{
	static const struct {
		int e;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ ENXIO, "ENXIO" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
		{ EBUSY, "EBUSY" }, { EEXIST, "EEXIST" }, { ENODEV, "ENODEV" },
		{ EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" }, { ERANGE, "ERANGE" },
		{ EOPNOTSUPP, "EOPNOTSUPP" }, { EAGAIN, "EAGAIN" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == e)
			return names[i].name;
	snprintf(buf, len, "errno %d", e);
	return buf;
}

/* Writes @ns's device name to its driver's @op file, timing the write. */
static int hb_nd_write_op(const char *root, const struct hb_nd_ns *ns,
			  const char *op, uint64_t *ns_taken)
{
	size_t n = strlen(ns->dev);
	char path[PATH_MAX];
	uint64_t t0;
	ssize_t w;
	int fd, ret;

	ret = hb_nd_path(path, sizeof(path), root,
			 HB_ND_BUS "/drivers/%s/%s", ns->driver, op);
	if (ret)
		return ret;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	t0 = hb_now_ns();
	w = write(fd, ns->dev, n);
	*ns_taken = hb_now_ns() - t0;
	ret = w < 0 ? -errno : (size_t)w != n ? -EIO : 0;
	close(fd);
	return ret;
}

/* The sentences every op shares: not root, driver not loaded. */
static bool hb_nd_op_error(const struct hb_nd_ns *ns, const char *op, int ret,
			   char *err, size_t errlen)
{
	if (ret == -EPERM || ret == -EACCES) {
		snprintf(err, errlen,
			 "writing %s's %s file needs root: run hmmbench rebind as root, e.g. sudo hmmbench rebind %s",
			 ns->driver, op, ns->name);
		return true;
	}
	if (ret == -ENOENT) {
		snprintf(err, errlen,
			 "%s/drivers/%s/%s not found: load the driver with `modprobe %s`",
			 HB_ND_BUS, ns->driver, op, ns->driver);
		return true;
	}
	return false;
}

int hb_nd_unbind(const char *root, const struct hb_nd_ns *ns,
		 uint64_t *ns_taken, char *err, size_t errlen)
{
	char driver[32], name[24];
	int ret;

	*ns_taken = 0;
	ret = hb_nd_driver_of(root, ns->dev, driver, sizeof(driver));
	if (!ret && strcmp(driver, ns->driver)) {
		snprintf(err, errlen,
			 "%s is not bound to %s: there is nothing to unbind (`ndctl enable-namespace %s` binds it)",
			 ns->dev, ns->driver, ns->name);
		return -EALREADY;
	}
	if (!ret)
		ret = hb_nd_write_op(root, ns, "unbind", ns_taken);
	if (ret && !hb_nd_op_error(ns, "unbind", ret, err, errlen))
		snprintf(err, errlen,
			 "unbinding %s from %s failed: %s (%s)", ns->dev,
			 ns->driver, hb_nd_errno_name(-ret, name, sizeof(name)),
			 strerror(-ret));
	return ret;
}

int hb_nd_bind(const char *root, const struct hb_nd_ns *ns,
	       uint64_t *ns_taken, char *err, size_t errlen)
{
	char driver[32], name[24];
	int ret;

	*ns_taken = 0;
	ret = hb_nd_write_op(root, ns, "bind", ns_taken);
	if (ret) {
		if (!hb_nd_op_error(ns, "bind", ret, err, errlen))
			snprintf(err, errlen,
				 "binding %s to %s failed: %s (%s): the kernel log (dmesg) says why",
				 ns->dev, ns->driver,
				 hb_nd_errno_name(-ret, name, sizeof(name)),
				 strerror(-ret));
		return ret;
	}
	ret = hb_nd_driver_of(root, ns->dev, driver, sizeof(driver));
	if (ret || strcmp(driver, ns->driver)) {
		snprintf(err, errlen,
			 "%s is not bound to %s after writing its bind file: the kernel log (dmesg) says why",
			 ns->dev, ns->driver);
		return -ENXIO;
	}
	return 0;
}

/* "fsdax (map=dev, align=2M)": a mode with what it keeps. */
static const char *hb_nd_describe(char *buf, size_t len, enum hb_nd_mode mode,
				  enum hb_nd_map map, uint64_t align)
{
	char a[32] = "";
	int n;

	n = snprintf(buf, len, "%s", hb_nd_mode_name(mode));
	if (align)
		hb_size_str(align, a, sizeof(a));
	if (map && align)
		snprintf(buf + n, len - n, " (map=%s, align=%s)",
			 hb_nd_map_name(map), a);
	else if (map || align)
		snprintf(buf + n, len - n, " (%s%s%s)", map ? "map=" : "align=",
			 map ? hb_nd_map_name(map) : "", a);
	return buf;
}

/* Whether @want asks for something @ns does not have. */
static bool hb_nd_differs(const struct hb_nd_ns *ns,
			  const struct hb_nd_want *want)
{
	return (want->mode && want->mode != ns->mode) ||
	       (want->map && want->map != ns->map) ||
	       (want->align && want->align != ns->align);
}

/* The mode a rebind binds: a wanted mode must make struct pages. */
static int hb_nd_check_pages(const struct hb_nd_ns *ns,
			     const struct hb_nd_want *want, bool reconfigure,
			     char *err, size_t errlen)
{
	enum hb_nd_mode mode = want->mode ? want->mode : ns->mode;

	if (reconfigure && !want->mode) {
		snprintf(err, errlen,
			 "--reconfigure needs --mode fsdax or --mode devdax: say what %s should become",
			 ns->name);
		return -EINVAL;
	}
	if (mode == HB_ND_FSDAX || mode == HB_ND_DEVDAX)
		return 0;
	if (want->mode)
		snprintf(err, errlen,
			 "a %s namespace makes no struct pages when bound: rebind times --mode fsdax or --mode devdax",
			 hb_nd_mode_name(mode));
	else
		snprintf(err, errlen,
			 "%s is %s: binding it makes no struct pages: add --reconfigure --mode fsdax or devdax to make it a namespace that does (its data is lost)",
			 ns->name, hb_nd_mode_name(mode));
	return -EINVAL;
}

int hb_nd_reconfig_check(const struct hb_nd_ns *ns,
			 const struct hb_nd_want *want, bool reconfigure,
			 char *err, size_t errlen)
{
	char now[64], then[64], size[32];
	int ret;

	ret = hb_nd_check_pages(ns, want, reconfigure, err, errlen);
	if (ret || reconfigure || !hb_nd_differs(ns, want))
		return ret;
	hb_nd_describe(now, sizeof(now), ns->mode, ns->map, ns->align);
	hb_nd_describe(then, sizeof(then), want->mode ? want->mode : ns->mode,
		       want->map, want->align);
	snprintf(err, errlen,
		 "%s is %s now: making it %s destroys the data on its %s: add --reconfigure if that is what you want",
		 ns->name, now, then,
		 hb_size_human(ns->size, size, sizeof(size)));
	return -EEXIST;
}

int hb_nd_ndctl_argv(const struct hb_nd_ns *ns, const struct hb_nd_want *want,
		     struct hb_nd_argv *a)
{
	enum hb_nd_mode mode = want->mode ? want->mode : ns->mode;
	bool same = mode == ns->mode;
	enum hb_nd_map map = want->map ? want->map : same ? ns->map : 0;
	uint64_t align = want->align ? want->align : same ? ns->align : 0;
	int argc = 0;

	if (mode != HB_ND_FSDAX && mode != HB_ND_DEVDAX)
		return -EINVAL;
	snprintf(a->name, sizeof(a->name), "%s", ns->name);
	a->argv[argc++] = "ndctl";
	a->argv[argc++] = "create-namespace";
	a->argv[argc++] = "-f";
	a->argv[argc++] = "-e";
	a->argv[argc++] = a->name;
	a->argv[argc++] = "-m";
	a->argv[argc++] = (char *)hb_nd_mode_name(mode);
	if (map) {
		a->argv[argc++] = "--map";
		a->argv[argc++] = (char *)hb_nd_map_name(map);
	}
	if (align) {
		hb_size_str(align, a->align, sizeof(a->align));
		a->argv[argc++] = "--align";
		a->argv[argc++] = a->align;
	}
	a->argv[argc] = NULL;
	return argc;
}
