// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the number formats of a comparison shared by its table and
 * cover text: the change, its interval and the p-values.
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
