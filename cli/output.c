// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: picks the renderer for --format and computes the summaries
 * all of them share, so every format shows the same numbers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

static const char *const hb_format_names[] = {
	[HB_FMT_TABLE] = "table",
	[HB_FMT_CSV] = "csv",
	[HB_FMT_JSON] = "json",
	[HB_FMT_COVER] = "cover",
	[HB_FMT_GOBENCH] = "gobench",
};

int hb_format_parse(const char *s, enum hb_format *fmt)
{
	size_t i;

	for (i = 0; i < sizeof(hb_format_names) / sizeof(*hb_format_names);
	     i++) {
		if (!strcmp(s, hb_format_names[i])) {
			*fmt = i;
			return 0;
		}
	}
	return -EINVAL;
}

static int hb_render_json(FILE *f, const struct hb_result *r,
			  const struct hb_summary *sum, size_t nr)
{
	struct json_object *o = hb_result_json(r, sum, nr);

	if (!o)
		return -ENOMEM;
	hb_put_json(f, o);
	json_object_put(o);
	return 0;
}

int hb_render(FILE *f, enum hb_format fmt, const struct hb_result *r)
{
	struct hb_summary *sum;
	size_t nr;
	int ret;

	ret = hb_summarize(r, &sum, &nr);
	if (ret)
		return ret;
	switch (fmt) {
	case HB_FMT_TABLE:
		hb_render_table(f, r, sum, nr);
		break;
	case HB_FMT_CSV:
		hb_render_csv(f, r);
		break;
	case HB_FMT_JSON:
		ret = hb_render_json(f, r, sum, nr);
		break;
	case HB_FMT_COVER:
		hb_render_cover(f, r, sum, nr);
		break;
	case HB_FMT_GOBENCH:
		hb_render_gobench(f, r);
		break;
	}
	free(sum);
	if (!ret && (fflush(f) || ferror(f)))
		ret = -EIO;
	return ret;
}
