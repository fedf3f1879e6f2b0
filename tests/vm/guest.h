/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the guest test programs (hbtest, hbfuzz, hbmigrate,
 * hbmirror), which are built as separate static binaries.
 */
#ifndef _HB_GUEST_H
#define _HB_GUEST_H

#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>

/* CLOCK_MONOTONIC, in ns. */
static inline uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Drops CAP_SYS_ADMIN from the effective set: 0, or -1 on failure. */
static inline int drop_cap_sys_admin(void)
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

#endif /* _HB_GUEST_H */
