// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the roofline in prose, shared by the table and the cover
 * text, so that both say the same about the same figures.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "render/roof.h"
#include "render/wrap.h"


/* @v in @unit with its spaces made unbreakable. */
static const char *hb_roof_fig(char *buf, size_t len, enum hb_unit unit,
			       double v)
{
	char *p;

	if (unit == HB_UNIT_RATIO)
		hb_fmt_percent(buf, len, v);
	else
		hb_fmt_human(buf, len, unit, v);
	for (p = buf; (p = strchr(p, ' ')); p++)
		*p = HB_NBSP;
	return buf;
}

static const char *hb_roof_prose(char *buf, size_t len, const struct hb_roof *rf,
				 const struct hb_stats *warm)
{
	char plain[32], nt[32], ep[16], en[16];
	double bps = 0;
	int n;

	hb_roof_rate(rf, HMMBENCH_R_PLAIN, &bps);
	n = snprintf(buf, len, "plain stores %s, memmap_init at %s of that",
		     hb_roof_fig(plain, sizeof(plain), HB_UNIT_BYTES_PER_S,
				 bps),
		     hb_roof_fig(ep, sizeof(ep), HB_UNIT_RATIO,
				 warm[HB_M_ROOF_PLAIN].mean));
	if (n < 0 || (size_t)n >= len)
		return buf;
	if (!hb_roof_rate(rf, HMMBENCH_R_NT, &bps))
		snprintf(buf + n, len - n,
			 "; no cache-bypassing stores on this architecture");
	else
		snprintf(buf + n, len - n, "; non-temporal %s, at %s",
			 hb_roof_fig(nt, sizeof(nt), HB_UNIT_BYTES_PER_S, bps),
			 hb_roof_fig(en, sizeof(en), HB_UNIT_RATIO,
				     warm[HB_M_ROOF_NT].mean));
	return buf;
}

void hb_roof_write(FILE *f, const struct hb_result *r,
		   const struct hb_summary *sum, size_t nr, const char *before,
		   size_t cols)
{
	char sz[32], bytes[32], prose[256];
	const struct hb_roof *rf;
	bool any = false;
	size_t i;

	/* a bandwidth of instructions means nothing */
	if (hb_meta_icount(&r->meta))
		return;
	for (i = 1; i < nr; i += 2) {
		rf = hb_meta_roof(&r->meta, sum[i].size);
		if (!rf)
			continue;
		if (!any)
			fputs(before, f);
		any = true;
		hb_wrapf(f, "  ", cols, "roofline of %s (the kernel writing its %s of struct pages): %s.",
			 hb_size_human(sum[i].size, sz, sizeof(sz)),
			 hb_size_human(rf->bytes, bytes, sizeof(bytes)),
			 hb_roof_prose(prose, sizeof(prose), rf,
					       hb_summary_shown(&sum[i])));
	}
	if (any && hb_meta_emulated(&r->meta))
		hb_wrap(f, "Under emulation (QEMU TCG) the store bandwidths and the shares of them say even less about hardware: TCG models neither its caches nor its cache-bypassing stores.",
			"", cols);
}
