// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: finds who holds a namespace's device node before rebind
 * unbinds it: a mount in /proc/self/mountinfo, a holder in /sys/block, or
 * a process in /proc with the node (or a partition of it) open or mapped.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/nd_holders.h"

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
