/* SPDX-License-Identifier: GPL-2.0 */
/* The misc device /dev/hmmbench. */
#ifndef _HB_DEV_H
#define _HB_DEV_H

int hb_dev_init(void);
void hb_dev_exit(void);

#endif /* _HB_DEV_H */
