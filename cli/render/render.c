// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: picks the renderer for --format, computes the summaries every
 * result renderer shares, so that all formats show the same numbers, and
 * turns a failed write into -EIO.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "render/renderers.h"
#include "results/workload.h"

static const char *const hb_format_names[HB_NR_FORMATS] = {
	[HB_FMT_TABLE] = "table",
	[HB_FMT_CSV] = "csv",
	[HB_FMT_JSON] = "json",
	[HB_FMT_COVER] = "cover",
	[HB_FMT_GOBENCH] = "gobench",
};

int hb_format_parse(const char *s, enum hb_format *fmt)
{
	size_t i;

	for (i = 0; i < HB_NR_FORMATS; i++) {
		if (!strcmp(s, hb_format_names[i])) {
			*fmt = i;
			return 0;
		}
	}
	return -EINVAL;
}

const char *hb_format_name(enum hb_format fmt)
{
	return hb_format_names[fmt];
}

/* @ret, or -EIO when what was written did not reach @f. */
static int hb_render_flush(FILE *f, int ret)
{
	if (!ret && (fflush(f) || ferror(f)))
		ret = -EIO;
	return ret;
}

static int hb_render_summarized(FILE *f, enum hb_format fmt, bool wide,
				const struct hb_result *r,
				const struct hb_summary *sum, size_t nr)
{
	switch (fmt) {
	case HB_FMT_TABLE:
		return hb_render_table(f, r, sum, nr, wide);
	case HB_FMT_CSV:
		hb_render_csv(f, r);
		return 0;
	case HB_FMT_JSON:
		return hb_render_json(f, r, sum, nr);
	case HB_FMT_COVER:
		hb_render_cover(f, r, sum, nr);
		return 0;
	case HB_FMT_GOBENCH:
		hb_render_gobench(f, r);
		return 0;
	default:
		return -EINVAL;
	}
}

#define HB_FMT_BIT(fmt)	(1U << (fmt))
#define HB_FMT_ALL	(HB_FMT_BIT(HB_NR_FORMATS) - 1)

/*
 * The formats @r renders in: every one, but a migration's records have
 * no cover text or Go benchmark lines, which speak of a size's samples.
 */
static unsigned int hb_render_formats_of(const struct hb_result *r)
{
	if (hb_workload_of(&r->cfg)->records)
		return HB_FMT_ALL & ~(HB_FMT_BIT(HB_FMT_COVER) |
				      HB_FMT_BIT(HB_FMT_GOBENCH));
	return HB_FMT_ALL;
}

bool hb_render_has(enum hb_format fmt, const struct hb_result *r)
{
	return hb_render_formats_of(r) & HB_FMT_BIT(fmt);
}

const char *hb_render_formats(const struct hb_result *r, char *buf,
			      size_t len)
{
	unsigned int left = hb_render_formats_of(r);
	enum hb_format fmt;
	size_t at = 0;

	buf[0] = '\0';
	for (fmt = 0; fmt < HB_NR_FORMATS && at < len; fmt++) {
		if (!(left & HB_FMT_BIT(fmt)))
			continue;
		left &= ~HB_FMT_BIT(fmt);
		at += snprintf(buf + at, len - at, "%s%s",
			       !at ? "" : left ? ", " : " or ",
			       hb_format_names[fmt]);
	}
	return buf;
}

int hb_render_as(FILE *f, enum hb_format fmt, bool wide,
		 const struct hb_result *r)
{
	struct hb_summary *sum;
	size_t nr;
	int ret;

	if (!hb_render_has(fmt, r))
		return -EINVAL;
	ret = hb_summarize(r, &sum, &nr);
	if (ret)
		return ret;
	ret = hb_render_summarized(f, fmt, wide, r, sum, nr);
	free(sum);
	return hb_render_flush(f, ret);
}

int hb_render(FILE *f, enum hb_format fmt, const struct hb_result *r)
{
	return hb_render_as(f, fmt, false, r);
}

int hb_render_info(FILE *f, enum hb_format fmt, const struct hb_meta *m)
{
	int ret = 0;

	if (fmt == HB_FMT_JSON)
		ret = hb_render_info_json(f, m);
	else
		hb_render_info_table(f, m);
	return ret;
}

int hb_render_verify(FILE *f, enum hb_format fmt,
		     const struct hb_verify_report *rep)
{
	int ret = 0;

	if (fmt == HB_FMT_JSON)
		ret = hb_render_verify_json(f, rep);
	else
		hb_render_verify_text(f, rep);
	return hb_render_flush(f, ret);
}

int hb_render_compare_as(FILE *f, enum hb_format fmt, bool wide,
			 const struct hb_comparison *c)
{
	int ret = 0;

	switch (fmt) {
	case HB_FMT_TABLE:
		hb_render_cmp_table(f, c, wide);
		break;
	case HB_FMT_CSV:
		hb_render_cmp_csv(f, c);
		break;
	case HB_FMT_JSON:
		ret = hb_render_cmp_json(f, c);
		break;
	case HB_FMT_COVER:
		hb_render_cmp_cover(f, c);
		break;
	default:
		return -EINVAL;
	}
	return hb_render_flush(f, ret);
}
