// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the number formats of a comparison shared by its table and
 * cover text: the change, its interval, the p-values and what a "~"
 * could not have seen; and the facts in which the sides' environments
 * differ.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_fmt.h"
#include "results/env.h"

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

/* "+4.2%", "-4.2%", or "0.0%" for what rounds to zero, either way. */
static const char *hb_cmp_fmt_pct(char *buf, size_t len, double v)
{
	snprintf(buf, len, "%+.1f%%", v);
	return hb_fmt_unsigned_zero(buf);
}

const char *hb_cmp_fmt_change(char *buf, size_t len,
			      const struct hb_cmp_row *row)
{
	char pct[32];

	if (isnan(row->rel))
		snprintf(buf, len, "-");
	else if (!row->tested)
		snprintf(buf, len, "%s" HB_CMP_UNTESTED,
			 hb_cmp_fmt_pct(pct, sizeof(pct), row->rel));
	else if (!row->significant)
		snprintf(buf, len, "~");
	else
		hb_cmp_fmt_pct(buf, len, row->rel);
	return buf;
}

const char *hb_cmp_fmt_ci(char *buf, size_t len,
			  const struct hb_cmp_row *row)
{
	char lo[32], hi[32];

	if (!row->interval || isnan(row->w.rel_lo))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%s, %s]",
			 hb_cmp_fmt_pct(lo, sizeof(lo), row->w.rel_lo),
			 hb_cmp_fmt_pct(hi, sizeof(hi), row->w.rel_hi));
	return buf;
}

const char *hb_cmp_fmt_cv(char *buf, size_t len, const struct hb_cmp_row *row,
			  int side)
{
	double cv = 100 * hb_cmp_unit_cv(row, side);

	if (isnan(cv))
		snprintf(buf, len, "%s", "");
	else if (cv >= 0.95 || cv < 0.05)
		snprintf(buf, len, "±%.0f%%", cv);
	else
		snprintf(buf, len, "±%.1f%%", cv);
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

const char *hb_cmp_where(const struct hb_comparison *c, char *buf,
			 size_t len)
{
	char other[96];
	size_t i;

	hb_host_where(&c->in[0].r.meta.host, buf, len);
	for (i = 1; i < c->nr_in; i++)
		if (strcmp(buf, hb_host_where(&c->in[i].r.meta.host, other,
					      sizeof(other))))
			return NULL;
	return buf;
}

bool hb_cmp_env_diffs(FILE *m, const struct hb_comparison *c,
		      const char *before)
{
	struct hb_env_diff d[HB_NR_ENV];
	size_t i, k, n, shown = 0;
	char buf[1536];

	for (i = 1; i < c->nr_in; i++) {
		n = hb_env_diff(&c->in[0].r.meta.host, &c->in[i].r.meta.host,
				d);
		for (k = 0; k < n; k++)
			fprintf(m, "%s%s", shown++ ? "; " : before,
				hb_env_diff_text(buf, sizeof(buf), &d[k],
						 hb_cmp_name(c, 0),
						 hb_cmp_name(c, i)));
	}
	return shown;
}
