/* SPDX-License-Identifier: GPL-2.0 */
/* Watch windows: timing memremap_pages() calls made by any task. */
#ifndef _HB_WATCH_H
#define _HB_WATCH_H

#include <linux/hmmbench.h>
#include <linux/types.h>

struct dev_pagemap;

/* @notify is called, in atomic context, after each call recorded. */
int hb_watch_init(void (*notify)(void));
void hb_watch_exit(void);
bool hb_watch_active(void);
/* @owner names the descriptor: its struct hb_file. */
int hb_watch(const void *owner, struct hmmbench_watch *w);
/*
 * Fills @r and its records; they are taken only once @reply, which writes
 * @r back to the caller, has succeeded.
 */
int hb_watch_read(const void *owner, struct hmmbench_watch_read *r,
		  int (*reply)(const struct hmmbench_watch_read *r, void *arg),
		  void *arg);
void hb_watch_release(const void *owner);
/* Takes the next call the netlink events have not had; false: none. */
bool hb_watch_next_event(struct hmmbench_call *rec);
u32 hb_pgmap_type(const struct dev_pagemap *pgmap);

#endif /* _HB_WATCH_H */
