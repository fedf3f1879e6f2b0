// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the info subcommand's table - every field of the module's
 * INFO (or one row saying there is none), then the host facts and the
 * date, one "key value" row each, in the order of the field tables.
 */
#include <inttypes.h>

#include "fmt.h"
#include "render/renderers.h"
#include "results/fields.h"

/* "phase_probe vmemmap_shift bit9", or "none". */
static const char *hb_features_text(char *buf, size_t len, uint32_t bits)
{
	size_t used = 0;
	unsigned int bit;
	int n;

	snprintf(buf, len, "none");
	for (bit = 0; bit < 32 && used < len; bit++) {
		if (!(bits & (1U << bit)))
			continue;
		if (hb_feature_name(bit))
			n = snprintf(buf + used, len - used, "%s%s",
				     used ? " " : "", hb_feature_name(bit));
		else
			n = snprintf(buf + used, len - used, "%sbit%u",
				     used ? " " : "", bit);
		used += n > 0 ? n : 0;
	}
	return buf;
}

/* "0x40000000-0x403fffffff (256 GiB)" */
static const char *hb_window_text(char *buf, size_t len, const void *v)
{
	const uint64_t *w = v;
	char range[48], size[64];

	snprintf(buf, len, "%s (%s)",
		 hb_phys_range_str(w[0], w[1], range, sizeof(range)),
		 hb_size_human(w[1] - w[0] + 1, size, sizeof(size)));
	return buf;
}

static void hb_info_field(FILE *f, const struct hb_field *fl,
			  const void *base)
{
	const char *v = hb_field_at(fl, base);
	char buf[512];

	if (fl->type == HB_F_FEATURES)
		v = hb_features_text(buf, sizeof(buf), hb_field_uint(fl, base));
	else if (fl->type == HB_F_BYTES)
		v = hb_size_limit(hb_field_uint(fl, base), buf, sizeof(buf));
	else if (fl->type == HB_F_WINDOW)
		v = hb_window_text(buf, sizeof(buf), v);
	else if (fl->type != HB_F_CHARS)
		v = hb_field_text(buf, sizeof(buf), fl, base);
	fprintf(f, "  %-18s %s\n", fl->key, v);
}

static void hb_info_fields(FILE *f, const char *title,
			   const struct hb_fields *t, const void *base)
{
	size_t i;

	fprintf(f, "%s\n", title);
	for (i = 0; i < t->n; i++)
		if (!hb_field_absent(&t->f[i], base))
			hb_info_field(f, &t->f[i], base);
}

void hb_render_info_table(FILE *f, const struct hb_meta *m)
{
	if (m->info.abi_version)
		hb_info_fields(f, "module", &hb_module_fields, &m->info);
	else
		fprintf(f, "module\n  %-18s %s\n", "not available",
			"version, features, size limits and budget need the module");
	hb_info_fields(f, "host", &hb_host_fields, &m->host);
	fprintf(f, "  %-18s %s\n", "date", m->host.date);
}
