// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the number formats of a comparison shared by its table and
 * cover text: the change, its interval, the p-values and what a "~"
 * could not have seen.
 */
#include <math.h>
#include <stdio.h>

#include "render/cmp_fmt.h"

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
	if (!row->interval || isnan(row->w.rel_lo))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%+.1f%%, %+.1f%%]", row->w.rel_lo,
			 row->w.rel_hi);
	return buf;
}

const char *hb_cmp_fmt_mde(char *buf, size_t len, double mde)
{
	snprintf(buf, len, mde < 0.1 ? "±%.2g%%" : "±%.1f%%", mde);
	return buf;
}

const char *hb_cmp_fmt_unseen(char *buf, size_t len,
			      const struct hb_cmp_row *row)
{
	char mde[32];

	if (!row->tested || row->significant)
		return NULL;
	if (row->mde_none && row->na == row->nb)
		snprintf(buf, len, "no change could have been detected with %zu runs a side",
			 row->na);
	else if (row->mde_none)
		snprintf(buf, len, "no change could have been detected with %zu + %zu runs",
			 row->na, row->nb);
	else if (!isnan(row->mde))
		snprintf(buf, len, "a change under %s would not have been detected",
			 hb_cmp_fmt_mde(mde, sizeof(mde), row->mde));
	else
		return NULL;
	return buf;
}
