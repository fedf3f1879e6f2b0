/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the rules of reconfiguring a pmem namespace for `hmmbench
 * rebind` - what the user may ask for, and whether the data on it may go -
 * and the `ndctl create-namespace` command line that does it.  Nothing
 * here prints.
 */
#ifndef HB_ND_RECONFIGURE_H
#define HB_ND_RECONFIGURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/nd.h"

/* What the user asked for; a field left NONE or 0 keeps what there is. */
struct hb_nd_want {
	enum hb_nd_mode mode;
	enum hb_nd_map map;
	uint64_t align;
};

#define HB_ND_ARGV_MAX	12

/* The argv of `ndctl create-namespace`, with the storage it points to. */
struct hb_nd_argv {
	char *argv[HB_ND_ARGV_MAX];
	char name[32];
	char align[24];
};

/*
 * Whether @want may be had from @ns: 0 when it matches (or asks nothing)
 * or @reconfigure allows destroying the data; -EEXIST with a sentence
 * naming what would be lost when it differs without @reconfigure;
 * -EINVAL when the result would make no struct pages (raw, sector) or
 * --reconfigure comes without --mode.
 */
int hb_nd_reconfig_check(const struct hb_nd_ns *ns,
			 const struct hb_nd_want *want, bool reconfigure,
			 char *err, size_t errlen);

/*
 * Fills @a with `ndctl create-namespace -f -e NAME -m MODE [--map M]
 * [--align A]` NULL-terminated, giving @want's values, or @ns's where
 * @want keeps them and the mode stays the same; the argc, or -EINVAL
 * when @want names no mode that makes struct pages.
 */
int hb_nd_ndctl_argv(const struct hb_nd_ns *ns, const struct hb_nd_want *want,
		     struct hb_nd_argv *a);

#endif /* HB_ND_RECONFIGURE_H */
