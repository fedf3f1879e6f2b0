/* SPDX-License-Identifier: GPL-2.0 */
/* Watch windows: timing memremap_pages() calls made by any task. */
#ifndef _HB_WATCH_H
#define _HB_WATCH_H

#include <linux/hmmbench.h>
#include <linux/types.h>

int hb_watch_init(void);
void hb_watch_exit(void);
bool hb_watch_active(void);
/* @owner names the descriptor: its struct hb_file. */
int hb_watch(const void *owner, struct hmmbench_watch *w);
int hb_watch_read(const void *owner, struct hmmbench_watch_read *r);
void hb_watch_release(const void *owner);

#endif /* _HB_WATCH_H */
