/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What hbtest's files share: the helpers of hbtest-lib.c that drive the
 * device, and the cases each file runs for the table in hbtest.c.
 */
#ifndef _HB_HBTEST_H
#define _HB_HBTEST_H

#include <stdint.h>

#include <linux/hmmbench.h>

#include "guest.h"

#define GIB (1ULL << 30)
#define MIB (1ULL << 20)

/* hbtest-lib.c */
int open_dev(void);
int xioctl(int fd, unsigned long cmd, void *arg);
struct hmmbench_info get_info(int fd);
int map_chunk(int fd, uint64_t length, struct hmmbench_map *out);
int unmap_chunk(int fd, uint32_t handle, struct hmmbench_unmap *out);
int roofline(int fd, uint64_t length, struct hmmbench_roofline *out);
int iomem_regions(uint64_t start);
void check_no_trace(int fd);
struct hmmbench_map good_map(uint64_t length);
void *page_alloc(void);
void page_protect(void *p, int prot);
void sleep_us(unsigned int us);
unsigned long read_reserve_mb(void);
void write_reserve_mb(unsigned long mb);
uint64_t mem_available(int fd);

/* hbtest-map.c */
void case_info_values(void);
void case_map_1g(void);
void case_map_64g_twice(void);
void case_map_two_64g_chunks(void);
void case_map_vmemmap_shift(void);
void case_bad_size_zero(void);
void case_bad_size_unaligned(void);
void case_bad_size_over_budget(void);
void case_bad_size_overflow(void);
void case_bad_flags(void);
void case_bad_reserved(void);
void case_struct_too_small(void);
void case_struct_larger(void);
void case_bad_handle(void);
void case_bad_node(void);
void case_bad_ioctl(void);
void case_no_cap_sys_admin(void);
void case_close_releases(void);
void case_sigkill_releases(void);
void case_phase_probe_off(void);
void case_handle_zero_never(void);
void case_struct_size_cap(void);
void case_map_unwritable(void);
void case_unmap_unwritable(void);
void case_map_fills_window(void);

/* hbtest-race.c */
void case_map_unmap_race(void);
void case_map_wait_restarts(void);
void case_sigkill_mid_map(void);
void case_four_processes(void);
void case_budget_exhaust(void);

/* hbtest-verify.c */
void case_verify_base(void);
void case_verify_compound(void);
void case_verify_errors(void);
void case_verify_phys(void);
void case_verify_phys_race(void);
void case_verify_order_1(void);
void case_verify_unmap_race(void);

/* hbtest-roofline.c */
void case_roofline(void);
void case_roofline_errors(void);
void case_roofline_copy(void);

/* hbtest-watch.c */
void case_watch_own_map(void);
void case_watch_other_kinds(void);
void case_watch_errors(void);
void case_watch_race(void);
void case_watch_restart_mid_init(void);
void case_watch_close_mid_call(void);
void case_watch_reply_efault(void);

#endif /* _HB_HBTEST_H */
