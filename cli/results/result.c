// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the growable list of raw samples, the memmap of a size, and
 * the names results give iteration kinds (cold, warmup, warm), the ends
 * of a loop and the module's feature bits, shared by the loop, the
 * reader and every renderer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "results/result.h"
#include "version.h"

enum hb_kind hb_iter_kind(const struct hb_config *cfg, unsigned int iter)
{
	if (iter == 0)
		return HB_COLD;
	if (iter <= cfg->warmup)
		return HB_WARMUP;
	return HB_WARM;
}

const char *hb_kind_name(enum hb_kind kind)
{
	static const char *const names[] = {
		[HB_COLD] = "cold",
		[HB_WARMUP] = "warmup",
		[HB_WARM] = "warm",
	};

	return names[kind];
}

static const char *const hb_ends[] = {
	[HB_END_ITERS] = "iterations",
	[HB_END_CI] = "ci_target",
	[HB_END_MAX_TIME] = "max_time",
	[HB_END_INTERRUPTED] = "interrupted",
	[HB_END_ERROR] = "error",
};

const char *hb_end_name(enum hb_end end)
{
	return end < HB_NR_ENDS ? hb_ends[end] : NULL;
}

enum hb_end hb_end_named(const char *name)
{
	enum hb_end end;

	for (end = 0; end < HB_NR_ENDS && name; end++)
		if (!strcmp(name, hb_ends[end]))
			return end;
	return HB_NR_ENDS;
}

static const char *const hb_features[] = {
	"phase_probe",		/* HMMBENCH_FEAT_PHASE_PROBE */
	"vmemmap_shift",	/* HMMBENCH_FEAT_VMEMMAP_SHIFT */
	"folio_free",		/* HMMBENCH_FEAT_FOLIO_FREE */
	"private_pagemap",	/* HMMBENCH_FEAT_PRIVATE_PAGEMAP */
	"verify",		/* HMMBENCH_FEAT_VERIFY */
	"roofline",		/* HMMBENCH_FEAT_ROOFLINE */
	"no_device_private",	/* HMMBENCH_FEAT_NO_DEVICE_PRIVATE */
	"watch",		/* HMMBENCH_FEAT_WATCH */
	"verify_phys",		/* HMMBENCH_FEAT_VERIFY_PHYS */
	"migrate",		/* HMMBENCH_FEAT_MIGRATE */
	"migrate_thp",		/* HMMBENCH_FEAT_MIGRATE_THP */
	"roofline_copy",	/* HMMBENCH_FEAT_ROOFLINE_COPY */
	"mirror",		/* HMMBENCH_FEAT_MIRROR */
	"mirror_times",		/* HMMBENCH_FEAT_MIRROR_TIMES */
};

const char *hb_feature_name(unsigned int bit)
{
	if (bit < sizeof(hb_features) / sizeof(hb_features[0]))
		return hb_features[bit];
	return NULL;
}

struct hb_sample *hb_result_add(struct hb_result *r)
{
	struct hb_sample *s;

	if (r->nr_samples == r->cap_samples) {
		size_t cap = r->cap_samples ? 2 * r->cap_samples : 64;

		s = realloc(r->samples, cap * sizeof(*s));
		if (!s)
			return NULL;
		r->samples = s;
		r->cap_samples = cap;
	}
	s = &r->samples[r->nr_samples++];
	memset(s, 0, sizeof(*s));
	return s;
}

void hb_result_free(struct hb_result *r)
{
	free(r->samples);
	free(r->sources);
	free(r->mig.calls);
	free(r->mig.phases);
	free(r->mig.faults);
	r->samples = NULL;
	r->sources = NULL;
	r->nr_samples = r->cap_samples = r->nr_sources = r->nr_boots = 0;
	memset(&r->mig, 0, sizeof(r->mig));
}

const struct hb_memmap *hb_result_memmap(const struct hb_result *r,
					 uint64_t size)
{
	size_t i;

	for (i = 0; i < r->cfg.nr_sizes; i++)
		if (r->cfg.sizes[i] == size && r->memmap[i].valid)
			return &r->memmap[i];
	return NULL;
}

const struct hb_roof *hb_meta_roof(const struct hb_meta *m, uint64_t size)
{
	size_t i;

	for (i = 0; size && i < HB_MAX_SWEEP; i++)
		if (m->roof[i].size == size && m->roof[i].valid)
			return &m->roof[i];
	return NULL;
}

bool hb_roof_rate(const struct hb_roof *rf, uint32_t bit, double *bps)
{
	uint64_t ns = bit == HMMBENCH_R_NT ? rf->nt_ns :
		      bit == HMMBENCH_R_COPY ? rf->copy_ns : rf->plain_ns;
	uint64_t bytes = bit == HMMBENCH_R_COPY ? rf->copy_bytes : rf->bytes;

	if (!(rf->valid & bit) || !ns || !bytes)
		return false;
	*bps = (double)bytes / ((double)ns / 1e9);
	return true;
}

bool hb_meta_emulated(const struct hb_meta *m)
{
	return !strcmp(m->host.accel, "tcg") || hb_meta_icount(m);
}

bool hb_meta_icount(const struct hb_meta *m)
{
	return !strcmp(m->host.accel, "icount");
}

const char *hb_host_where(const struct hb_host *h, char *buf, size_t len)
{
	static const struct {
		const char *accel, *where;
	} names[] = {
		{ "none", "on bare metal" },
		{ "kvm", "in a KVM guest" },
		{ "tcg", "under QEMU TCG" },
		{ "icount", "under QEMU icount" },
		{ "hyperv", "in a Hyper-V guest" },
		{ "vmware", "in a VMware guest" },
		{ "xen", "in a Xen guest" },
		{ "other", "in a guest of another hypervisor" },
		{ "", "(accelerator not recorded)" },
	};
	const char *where = NULL;
	char qemu[48] = "", *p;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(h->accel, names[i].accel))
			where = names[i].where;
	if (h->qemu_version[0])
		snprintf(qemu, sizeof(qemu), "QEMU %s", h->qemu_version);
	if (!where)
		snprintf(buf, len, "under accelerator %s", h->accel);
	else if (qemu[0] && !strncmp(where, "under QEMU ", 11))
		snprintf(buf, len, "under %s %s", qemu, where + 11);
	else if (qemu[0] && !strcmp(h->accel, "kvm"))
		snprintf(buf, len, "in a %s KVM guest", qemu);
	else
		snprintf(buf, len, "%s", where);
	for (p = buf; *p; p++)
		if (*p == ' ')
			*p = '\x1f';
	return buf;
}

const char *hb_meta_emulation_note(const struct hb_meta *m)
{
	if (hb_meta_icount(m))
		return HB_ICOUNT_NOTE;
	if (hb_meta_emulated(m))
		return HB_TCG_NOTE;
	return NULL;
}

const char *hb_meta_version(const struct hb_meta *m)
{
	return m->version[0] ? m->version : HB_VERSION;
}

unsigned int hb_result_runs(const struct hb_result *r)
{
	return r->nr_sources ? r->nr_sources : 1;
}

unsigned int hb_result_boots(const struct hb_result *r)
{
	return r->nr_boots ? r->nr_boots : hb_result_runs(r);
}

/* Whether @src[@i] shares its boot with one of @src[0..@i). */
static bool hb_source_boot_seen(const struct hb_source *src, size_t i)
{
	size_t k;

	for (k = 0; src[i].boot_id && k < i; k++)
		if (src[k].boot_id && !strcmp(src[k].boot_id, src[i].boot_id))
			return true;
	return false;
}

size_t hb_sources_boots(const struct hb_source *src, size_t n)
{
	size_t i, boots = 0;

	for (i = 0; i < n; i++)
		boots += !hb_source_boot_seen(src, i);
	return boots;
}

const char *hb_config_namespace(const struct hb_config *c, char *buf,
				size_t len)
{
	char sz[32], al[32], map[16] = "";

	if (!c->ns_name)
		return NULL;
	if (c->nd_map)
		snprintf(map, sizeof(map), "map=%s, ", c->nd_map);
	snprintf(buf, len, "%s, %s %s (%salign %s), %s binding %s",
		 c->ns_name, hb_size_human(c->sizes[0], sz, sizeof(sz)),
		 c->workload ? c->workload : "?", map,
		 hb_size_str(c->nd_align, al, sizeof(al)),
		 c->nd_driver ? c->nd_driver : "?",
		 c->nd_device ? c->nd_device : "?");
	return buf;
}

bool hb_config_migrate(const struct hb_config *c)
{
	return c->workload && !strcmp(c->workload, "migrate");
}

bool hb_config_mirror(const struct hb_config *c)
{
	return c->workload && !strcmp(c->workload, "mirror");
}

const char *hb_config_compound(const struct hb_config *c, char *buf,
			       size_t len)
{
	if (!c->vmemmap_shift)
		return NULL;
	if (c->compound_size)
		return hb_size_str(c->compound_size, buf, len);
	snprintf(buf, len, "2^%u-page", c->vmemmap_shift);
	return buf;
}
