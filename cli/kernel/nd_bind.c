// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: unbinds and binds a namespace's device by writing its name to
 * the driver's unbind and bind files under /sys/bus/nd, timing only the
 * write(), and says in one sentence why one failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "kernel/nd_bind.h"

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
