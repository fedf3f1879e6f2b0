// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the rules of reconfiguring a namespace - a rebind must make
 * struct pages, and destroying the data needs --reconfigure - and the
 * `ndctl create-namespace` command line that makes it what was asked.
 */
#include <errno.h>
#include <stdio.h>

#include "fmt.h"
#include "kernel/nd_reconfigure.h"

/* "fsdax (map=dev, align=2M)": a mode with what it keeps. */
static const char *hb_nd_describe(char *buf, size_t len, enum hb_nd_mode mode,
				  enum hb_nd_map map, uint64_t align)
{
	char a[32] = "";
	int n;

	n = snprintf(buf, len, "%s", hb_nd_mode_name(mode));
	if (align)
		hb_size_str(align, a, sizeof(a));
	if (map && align)
		snprintf(buf + n, len - n, " (map=%s, align=%s)",
			 hb_nd_map_name(map), a);
	else if (map || align)
		snprintf(buf + n, len - n, " (%s%s%s)", map ? "map=" : "align=",
			 map ? hb_nd_map_name(map) : "", a);
	return buf;
}

/* Whether @want asks for something @ns does not have. */
static bool hb_nd_differs(const struct hb_nd_ns *ns,
			  const struct hb_nd_want *want)
{
	return (want->mode && want->mode != ns->mode) ||
	       (want->map && want->map != ns->map) ||
	       (want->align && want->align != ns->align);
}

/* The mode a rebind binds: a wanted mode must make struct pages. */
static int hb_nd_check_pages(const struct hb_nd_ns *ns,
			     const struct hb_nd_want *want, bool reconfigure,
			     char *err, size_t errlen)
{
	enum hb_nd_mode mode = want->mode ? want->mode : ns->mode;

	if (reconfigure && !want->mode) {
		snprintf(err, errlen,
			 "--reconfigure needs --mode fsdax or --mode devdax: say what %s should become",
			 ns->name);
		return -EINVAL;
	}
	if (mode == HB_ND_FSDAX || mode == HB_ND_DEVDAX)
		return 0;
	if (want->mode)
		snprintf(err, errlen,
			 "a %s namespace makes no struct pages when bound: rebind times --mode fsdax or --mode devdax",
			 hb_nd_mode_name(mode));
	else
		snprintf(err, errlen,
			 "%s is %s: binding it makes no struct pages: add --reconfigure --mode fsdax or devdax to make it a namespace that does (its data is lost)",
			 ns->name, hb_nd_mode_name(mode));
	return -EINVAL;
}

int hb_nd_reconfig_check(const struct hb_nd_ns *ns,
			 const struct hb_nd_want *want, bool reconfigure,
			 char *err, size_t errlen)
{
	char now[64], then[64], size[32];
	int ret;

	ret = hb_nd_check_pages(ns, want, reconfigure, err, errlen);
	if (ret || reconfigure || !hb_nd_differs(ns, want))
		return ret;
	hb_nd_describe(now, sizeof(now), ns->mode, ns->map, ns->align);
	hb_nd_describe(then, sizeof(then), want->mode ? want->mode : ns->mode,
		       want->map, want->align);
	snprintf(err, errlen,
		 "%s is %s now: making it %s destroys the data on its %s: add --reconfigure if that is what you want",
		 ns->name, now, then,
		 hb_size_human(ns->size, size, sizeof(size)));
	return -EEXIST;
}

int hb_nd_ndctl_argv(const struct hb_nd_ns *ns, const struct hb_nd_want *want,
		     struct hb_nd_argv *a)
{
	enum hb_nd_mode mode = want->mode ? want->mode : ns->mode;
	bool same = mode == ns->mode;
	enum hb_nd_map map = want->map ? want->map : same ? ns->map : 0;
	uint64_t align = want->align ? want->align : same ? ns->align : 0;
	int argc = 0;

	if (mode != HB_ND_FSDAX && mode != HB_ND_DEVDAX)
		return -EINVAL;
	snprintf(a->name, sizeof(a->name), "%s", ns->name);
	a->argv[argc++] = "ndctl";
	a->argv[argc++] = "create-namespace";
	a->argv[argc++] = "-f";
	a->argv[argc++] = "-e";
	a->argv[argc++] = a->name;
	a->argv[argc++] = "-m";
	a->argv[argc++] = (char *)hb_nd_mode_name(mode);
	if (map) {
		a->argv[argc++] = "--map";
		a->argv[argc++] = (char *)hb_nd_map_name(map);
	}
	if (align) {
		hb_size_str(align, a->align, sizeof(a->align));
		a->argv[argc++] = "--align";
		a->argv[argc++] = a->align;
	}
	a->argv[argc] = NULL;
	return argc;
}
