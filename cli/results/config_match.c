// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: compares the fields that must match.  A difference in any of
 * them changes what is measured (struct pages per byte, chunks mapped at
 * once, the node they live on), so numbers from either side would not
 * be comparable.  Kernel releases are expected to differ in a
 * comparison: they are what is compared; merge pools one kernel only.
 * Nor are times of kernels that write different struct pages: memmap
 * digests of one layout must agree (of different layouts they cannot
 * be compared, which is no mismatch).  Nor, whatever --force says, are
 * instructions counted under icount and times.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "results/config_match.h"
#include "results/fields.h"
#include "results/result_read.h"

/* A field table, and where the record it describes is in a result. */
struct hb_match_table {
	const struct hb_fields *t;
	size_t offset;
};

/* In the order the mismatches are reported. */
static const struct hb_match_table hb_match_tables[] = {
	{ &hb_module_fields, offsetof(struct hb_result, meta.info) },
	{ &hb_config_fields, 0 },
	{ &hb_host_fields, offsetof(struct hb_result, meta.host) },
};

/* A text field an older file did not record; it matches anything. */
static bool hb_unrecorded(const struct hb_field *f, const void *base)
{
	const void *v = hb_field_at(f, base);

	if (f->type == HB_F_CHARS)
		return !*(const char *)v;
	if (f->type == HB_F_STRING)
		return !*(const char *const *)v;
	return false;
}

/* Appends @f to @out when it differs; returns the new count. */
static size_t hb_match_field(const struct hb_field *f, const void *a,
			     const void *b, struct hb_mismatch *out, size_t n)
{
	char ta[2048], tb[2048];

	if (hb_unrecorded(f, a) || hb_unrecorded(f, b))
		return n;
	hb_field_text(ta, sizeof(ta), f, a);
	hb_field_text(tb, sizeof(tb), f, b);
	if (!strcmp(ta, tb) || n == HB_MAX_MISMATCH)
		return n;
	out[n].field = f->title;
	out[n].size = 0;
	/* long values are cut to fit the message */
	snprintf(out[n].base, sizeof(out[n].base), "%.*s",
		 (int)sizeof(out[n].base) - 1, ta);
	snprintf(out[n].other, sizeof(out[n].other), "%.*s",
		 (int)sizeof(out[n].other) - 1, tb);
	return n + 1;
}

/* The fields of every table that @match asks for. */
static size_t hb_match_pass(const struct hb_result *a,
			    const struct hb_result *b, enum hb_fmatch match,
			    struct hb_mismatch *out, size_t n)
{
	const struct hb_match_table *mt;
	size_t k, i;

	for (k = 0; k < sizeof(hb_match_tables) / sizeof(*mt); k++) {
		mt = &hb_match_tables[k];
		for (i = 0; i < mt->t->n; i++)
			if (mt->t->f[i].match == match)
				n = hb_match_field(&mt->t->f[i],
						   (const char *)a + mt->offset,
						   (const char *)b + mt->offset,
						   out, n);
	}
	return n;
}

enum hb_memmap_match hb_memmap_match(const struct hb_result *a,
				     const struct hb_result *b,
				     uint64_t size)
{
	const struct hb_memmap *ma = hb_result_memmap(a, size);
	const struct hb_memmap *mb = hb_result_memmap(b, size);

	if (!ma || !mb)
		return HB_MEMMAP_UNKNOWN;
	if (ma->layout != mb->layout)
		return HB_MEMMAP_LAYOUT;
	return ma->digest == mb->digest ? HB_MEMMAP_SAME : HB_MEMMAP_DIFFER;
}

/*
 * Appends the memmap of @size when its digest (or, for @merge, layout)
 * differs; returns the new count.
 */
static size_t hb_match_memmap(const struct hb_result *a,
			      const struct hb_result *b, uint64_t size,
			      bool merge, struct hb_mismatch *out, size_t n)
{
	enum hb_memmap_match m = hb_memmap_match(a, b, size);
	const struct hb_memmap *ma = hb_result_memmap(a, size);
	const struct hb_memmap *mb = hb_result_memmap(b, size);
	bool layout = m == HB_MEMMAP_LAYOUT;

	if (n == HB_MAX_MISMATCH ||
	    !(m == HB_MEMMAP_DIFFER || (merge && layout)))
		return n;
	out[n].field = layout ? "memmap layout" : "memmap digest";
	out[n].size = size;
	snprintf(out[n].base, sizeof(out[n].base), "0x%016" PRIx64,
		 layout ? ma->layout : ma->digest);
	snprintf(out[n].other, sizeof(out[n].other), "0x%016" PRIx64,
		 layout ? mb->layout : mb->digest);
	return n + 1;
}

size_t hb_config_diff(const struct hb_result *base,
		      const struct hb_result *other, bool merge,
		      struct hb_mismatch *out)
{
	size_t n = hb_match_pass(base, other, HB_MATCH_ALWAYS, out, 0), i;

	if (merge)
		n = hb_match_pass(base, other, HB_MATCH_MERGE, out, n);
	for (i = 0; i < base->cfg.nr_sizes; i++)
		n = hb_match_memmap(base, other, base->cfg.sizes[i], merge,
				    out, n);
	return n;
}

const char *hb_mismatch_field(const struct hb_mismatch *m, char *buf,
			      size_t len)
{
	char sz[32];

	if (!m->size)
		return m->field;
	snprintf(buf, len, "%s at %s", m->field,
		 hb_size_human(m->size, sz, sizeof(sz)));
	return buf;
}

int hb_clock_check(const struct hb_input *in, size_t n, char *err,
		   size_t len)
{
	size_t i;

	for (i = 1; i < n; i++) {
		if (hb_meta_icount(&in[i].r.meta) ==
		    hb_meta_icount(&in[0].r.meta))
			continue;
		snprintf(err, len, "%s %s and %s %s: instructions and time are not comparable (--force does not change that)",
			 in[0].path, hb_meta_icount(&in[0].r.meta) ?
			 "counted instructions (icount)" : "was timed",
			 in[i].path, hb_meta_icount(&in[i].r.meta) ?
			 "counted instructions (icount)" : "was timed");
		return -EINVAL;
	}
	return 0;
}
