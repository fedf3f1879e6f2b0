// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: one chunk mapped, read back through VERIFY and unmapped, or
 * a bound pmem namespace's pgmap read back, and the names of the
 * invariants VERIFY checks (lowercase, as the uapi header's comments name
 * them).  The chunk is unmapped on every path, so nothing is left behind
 * when VERIFY fails or a signal arrives.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "kernel/explain.h"
#include "measure/verify.h"

static const char *const hb_check_names[HMMBENCH_CHECK_NR] = {
	[HMMBENCH_CHECK_REFCOUNT] = "refcount",
	[HMMBENCH_CHECK_MAPCOUNT] = "mapcount",
	[HMMBENCH_CHECK_ZONE] = "zone",
	[HMMBENCH_CHECK_NODE] = "node",
	[HMMBENCH_CHECK_PGMAP] = "pgmap",
	[HMMBENCH_CHECK_COMPOUND] = "compound",
	[HMMBENCH_CHECK_POINTER] = "pointer",
};

const char *hb_check_name(char *buf, size_t len, unsigned int i)
{
	if (i < HMMBENCH_CHECK_NR)
		return hb_check_names[i];
	snprintf(buf, len, "check%u", i);
	return buf;
}

unsigned int hb_verify_checks(const struct hmmbench_verify *v)
{
	return v->checks_nr < HMMBENCH_CHECK_SLOTS ? v->checks_nr :
						     HMMBENCH_CHECK_SLOTS;
}

bool hb_verify_holds(const struct hmmbench_verify *v)
{
	unsigned int i;

	if (v->bad_pages)
		return false;
	for (i = 0; i < hb_verify_checks(v); i++)
		if (v->checks[i].count)
			return false;
	return true;
}

void hb_memmap_from(struct hb_memmap *m, const struct hmmbench_verify *v)
{
	m->valid = true;
	m->pages = v->pages;
	m->digest = v->digest;
	m->layout = v->layout;
	m->bad_pages = v->bad_pages;
}

/* The sentence for @err of @op on the chunk @handle of @length. */
static int hb_verify_fail(struct hb_dev *dev, const struct hb_config *cfg,
			  uint64_t length, enum hb_dev_op op, int err,
			  uint32_t handle, char *buf, size_t len)
{
	struct hb_dev_ctx ctx = {
		.path = dev->path, .length = length, .node = cfg->node,
		.chunks = 1, .vmemmap_shift = cfg->vmemmap_shift,
		.handle = handle, .info = &dev->info,
	};

	hb_dev_explain(buf, len, op, err, &ctx);
	return err;
}

int hb_verify_chunk(struct hb_dev *dev, const struct hb_config *cfg,
		    uint64_t length, volatile sig_atomic_t *stop,
		    struct hmmbench_verify *v, char *err, size_t len)
{
	struct hmmbench_unmap un;
	struct hmmbench_map map;
	int ret, uret;

	if (!(dev->info.features & HMMBENCH_FEAT_VERIFY))
		return hb_verify_fail(dev, cfg, length, HB_OP_VERIFY,
				      -EOPNOTSUPP, 0, err, len);
	do
		ret = hb_dev_map(dev, length, cfg->node, cfg->vmemmap_shift,
				 &map);
	while (ret == -EINTR && !*stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	if (ret)
		return hb_verify_fail(dev, cfg, length, HB_OP_MAP, ret, 0, err,
				      len);
	ret = *stop ? HB_STOPPED : hb_dev_verify(dev, map.handle, v);
	if (ret == -EINTR && *stop)
		ret = HB_STOPPED;
	if (ret < 0)
		hb_verify_fail(dev, cfg, length, HB_OP_VERIFY, ret, map.handle,
			       err, len);
	uret = hb_dev_unmap(dev, map.handle, &un);
	if (uret && !ret)
		ret = hb_verify_fail(dev, cfg, length, HB_OP_UNMAP, uret,
				     map.handle, err, len);
	return ret;
}

int hb_verify_namespace(struct hb_dev *dev, const struct hb_nd_ns *ns,
			volatile sig_atomic_t *stop,
			struct hmmbench_verify *v, char *err, size_t len)
{
	/* The middle: the pgmap leaves out a pad at either end, if any */
	uint64_t phys = (ns->start + ns->size / 2) & ~4095ULL;
	int ret;

	if (!(dev->info.features & HMMBENCH_FEAT_VERIFY_PHYS)) {
		snprintf(err, len,
			 "the module cannot read a namespace's struct pages (no HMMBENCH_FEAT_VERIFY_PHYS): load a newer hmmbench.ko");
		return -EOPNOTSUPP;
	}
	if (!ns->bound) {
		snprintf(err, len,
			 "%s has no struct pages to read: %s is not bound to %s (ndctl enable-namespace %s binds it)",
			 ns->name, ns->dev, ns->driver, ns->name);
		return -EINVAL;
	}
	if (!ns->pages || !ns->start) {
		snprintf(err, len, "%s has no struct pages to read: %s",
			 ns->name, !ns->pages ?
			 "raw and sector namespaces make none (rebind --reconfigure --mode fsdax or devdax makes some)" :
			 "sysfs does not give its address");
		return -EINVAL;
	}
	do
		ret = hb_dev_verify_phys(dev, phys, v);
	while (ret == -EINTR && !*stop);
	if (ret == -EINTR)
		return HB_STOPPED;
	if (ret == -ENOENT || ret == -EBUSY)
		snprintf(err, len,
			 "no finished memory map covers %s at 0x%" PRIx64 ": it is being unbound or bound by another process, or %s made no struct pages",
			 ns->name, phys, ns->driver);
	else if (ret)
		snprintf(err, len, "reading the struct pages of %s failed: %s",
			 ns->name, strerror(-ret));
	return ret;
}

bool hb_verify_wanted(const struct hmmbench_info *info, bool no_verify,
		      char *note, size_t len)
{
	if (no_verify)
		return false;
	if (info->features & HMMBENCH_FEAT_VERIFY)
		return true;
	snprintf(note, len,
		 "the module does not support verify (no HMMBENCH_FEAT_VERIFY): the memmap digest is not recorded; load a newer module for it, or pass --no-verify");
	return false;
}

const char *hb_memmap_warning(const struct hb_result *r, char *buf,
			      size_t len)
{
	const struct hb_memmap *m, *first = NULL;
	size_t i, more = 0;
	char sz[32], arg[32], cp[32], extra[48] = "";

	for (i = 0; i < r->cfg.nr_sizes; i++) {
		m = &r->memmap[i];
		if (!m->valid || !m->bad_pages)
			continue;
		if (first)
			more++;
		else
			first = m;
	}
	if (!first)
		return NULL;
	i = first - r->memmap;
	if (more)
		snprintf(extra, sizeof(extra), " and %zu more size%s", more,
			 more == 1 ? "" : "s");
	snprintf(buf, len,
		 "warning: %" PRIu64 " of %" PRIu64 " struct pages of a %s chunk break an invariant%s: hmmbench verify --size %s%s%s shows which",
		 first->bad_pages, first->pages,
		 hb_size_human(r->cfg.sizes[i], sz, sizeof(sz)), extra,
		 hb_size_str(r->cfg.sizes[i], arg, sizeof(arg)),
		 r->cfg.vmemmap_shift ? " --compound " : "",
		 hb_config_compound(&r->cfg, cp, sizeof(cp)) ?: "");
	return buf;
}
