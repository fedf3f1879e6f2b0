/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hbmirror's helpers, shared by its cases (hbmirror.c) and the one beside
 * test_hmm (hbmirror-peer.c).
 */
#ifndef _HB_HBMIRROR_H
#define _HB_HBMIRROR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

/* 0, or SKIP after saying why */
int need_mirror(int fd);

/* MIRROR of [@buf, @buf + @len): 0 or its errno; the reply into @out */
int mirror(int fd, void *buf, size_t len, uint32_t flags, uint32_t handle,
	   uint32_t batch, struct hmmbench_mirror *out);

/* A buffer of @len (THP or base pages) written all over with 0x5a */
char *populated(size_t len, bool thp);

uint64_t pages(size_t len);

int case_peer(void);

#endif /* _HB_HBMIRROR_H */
