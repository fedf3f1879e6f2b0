// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: picks the renderer of a comparison for --format and holds
 * the number formats they share: the change ("-52.9%", "~" when not
 * significant, "(-52.9%)" when untested), its interval and p-values.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "compare.h"

const char *hb_cmp_fmt_p(char *buf, size_t len, double p)
{
	if (isnan(p))
		snprintf(buf, len, "-");
	else if (p < 1e-3)
		snprintf(buf, len, "%.1e", p);
	else
		snprintf(buf, len, "%.2g", p);
	return buf;
}

const char *hb_cmp_fmt_change(char *buf, size_t len,
			      const struct hb_cmp_row *row)
{
	if (isnan(row->rel))
		snprintf(buf, len, "-");
	else if (!row->tested)
		snprintf(buf, len, "(%+.1f%%)", row->rel);
	else if (!row->significant)
		snprintf(buf, len, "~");
	else
		snprintf(buf, len, "%+.1f%%", row->rel);
	return buf;
}

const char *hb_cmp_fmt_ci(char *buf, size_t len,
			  const struct hb_cmp_row *row)
{
	if (!row->tested || isnan(row->w.rel_lo))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%+.1f%%, %+.1f%%]", row->w.rel_lo,
			 row->w.rel_hi);
	return buf;
}

static int hb_render_cmp_json(FILE *f, const struct hb_comparison *c)
{
	struct json_object *o = hb_comparison_json(c);

	if (!o)
		return -ENOMEM;
	hb_put_json(f, o);
	json_object_put(o);
	return 0;
}

int hb_render_compare(FILE *f, enum hb_format fmt,
		      const struct hb_comparison *c)
{
	int ret = 0;

	switch (fmt) {
	case HB_FMT_TABLE:
		hb_cmp_render_table(f, c);
		break;
	case HB_FMT_CSV:
		hb_cmp_render_csv(f, c);
		break;
	case HB_FMT_JSON:
		ret = hb_render_cmp_json(f, c);
		break;
	case HB_FMT_COVER:
		hb_cmp_render_cover(f, c);
		break;
	default:
		return -EINVAL;
	}
	if (!ret && (fflush(f) || ferror(f)))
		ret = -EIO;
	return ret;
}
