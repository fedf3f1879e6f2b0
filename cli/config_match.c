// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the field list of configuration that must match.  A
 * difference in any of these changes what is measured (struct pages per
 * byte, chunks mapped at once, the node they live on), so numbers from
 * either side would not be comparable.  Kernel releases are expected to
 * differ in a comparison: they are what is compared.
 */
#include <stdio.h>

#include <json-c/json.h>

#include "config_match.h"
#include "result_read.h"

struct hb_match_field {
	const char *path;
	const char *name;
	bool merge_only;
};

static const struct hb_match_field hb_match_fields[] = {
	{ "metadata.module.page_size", "page size", false },
	{ "metadata.module.struct_page_size", "struct page size", false },
	{ "configuration.chunks", "chunk count (--chunks)", false },
	{ "configuration.node", "NUMA node (--node)", false },
	{ "configuration.vmemmap_shift", "vmemmap shift", false },
	{ "configuration.flags", "map flags", false },
	{ "configuration.sizes", "sizes", true },
	{ "metadata.host.kernel_release", "kernel release", true },
	{ "metadata.host.kernel_version", "kernel build (uname -v)", true },
};

static void hb_value_text(char *buf, size_t len, struct json_object *v)
{
	snprintf(buf, len, "%s", v ? json_object_to_json_string_ext(v,
				JSON_C_TO_STRING_PLAIN) : "absent");
}

size_t hb_config_diff(struct json_object *base, struct json_object *other,
		      bool merge, struct hb_mismatch *out)
{
	size_t i, n = 0;

	for (i = 0; i < sizeof(hb_match_fields) / sizeof(*hb_match_fields) &&
		    n < HB_MAX_MISMATCH; i++) {
		const struct hb_match_field *f = &hb_match_fields[i];
		struct json_object *a = hb_json_path(base, f->path);
		struct json_object *b = hb_json_path(other, f->path);

		if ((f->merge_only && !merge) || json_object_equal(a, b))
			continue;
		out[n].field = f->name;
		out[n].path = f->path;
		hb_value_text(out[n].base, sizeof(out[n].base), a);
		hb_value_text(out[n].other, sizeof(out[n].other), b);
		n++;
	}
	return n;
}
