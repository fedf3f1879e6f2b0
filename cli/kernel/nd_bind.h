/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the timed unbind and bind of a pmem namespace's device from
 * and to its driver, through the driver's sysfs files, for `hmmbench
 * rebind`.  Nothing here prints.
 */
#ifndef HB_ND_BIND_H
#define HB_ND_BIND_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/nd.h"

/*
 * Unbind and bind @ns's device from and to its driver, timing only the
 * write() to the driver's unbind or bind file (CLOCK_MONOTONIC) into
 * @ns_taken.  0, or a negative errno and a sentence: -EALREADY to unbind
 * a device not bound, -EPERM or -EACCES without root, and for bind the
 * errno of a bind that failed, or -ENXIO when the driver link does not
 * come back.
 */
int hb_nd_unbind(const char *root, const struct hb_nd_ns *ns,
		 uint64_t *ns_taken, char *err, size_t errlen);
int hb_nd_bind(const char *root, const struct hb_nd_ns *ns,
	       uint64_t *ns_taken, char *err, size_t errlen);

#endif /* HB_ND_BIND_H */
