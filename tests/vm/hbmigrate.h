/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What hbmigrate's files and hbmirror share: the helpers of
 * hbmigrate-lib.c that open the device, map chunks and lend and bring
 * home a buffer's pages; and the cases of hbmigrate-edge.c.
 */
#ifndef _HB_HBMIGRATE_H
#define _HB_HBMIGRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "guest.h"

#define MIB (1ULL << 20)
#define PMD_SIZE (2 * MIB)
#define SKIP 77

extern long page_size;

void die(const char *what);
int open_dev(void);
int xioctl(int fd, unsigned long cmd, void *arg);
struct hmmbench_info get_info(int fd);
int map_chunk(int fd, uint64_t length, uint32_t *handle);
int unmap_chunk(int fd, uint32_t handle);
int migrate(int fd, uint32_t handle, void *buf, size_t len,
	    uint32_t dir, uint32_t flags, struct hmmbench_migrate *out);
bool kernel_has_thp(void);
void *buffer(size_t len, bool thp);
uint32_t small_chunk(int fd);
uint64_t pattern(size_t i, unsigned int seed);
void fill(void *buf, size_t len, unsigned int seed);
char *filled(size_t len, bool thp, unsigned int seed);
long long first_bad(const void *buf, size_t len, unsigned int seed);
unsigned int read_faults(int fd, uint32_t h, struct hmmbench_fault *recs,
			 unsigned int max, struct hmmbench_fault_read *r);
uint64_t pmd_pages(void);
int need_migrate(int fd);
int need_thp(int fd);

int case_thp_hole_nearly_full(void);
int case_thp_unaligned(void);
int case_counts_pinned_shared(void);
int case_counts_after_error(void);
int case_fault_home_in_part(void);
int case_evict_thp_fragmented_kill(void);
int case_evict_stalled(void);

#endif /* _HB_HBMIGRATE_H */
